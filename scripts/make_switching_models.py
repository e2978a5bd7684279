"""Write notebooks/06_switching_models.ipynb (outputs come from executing it).

    python scripts/make_switching_models.py
    python scripts/execute_notebooks.py notebooks/06_switching_models.ipynb

Executing it the first time records notebooks/recordings/06_offline.jsonl (a
genuine run of the offline model: the offline planner is rules and makes no
model call, so what it holds is the call the briefer agent makes); later
executions replay it and record only calls it does not hold, so the file
stays as it is. The cells for the
local model, OpenAI, Gemini and an OpenAI-compatible server run live (and
record) only where that model is available, replay a committed recording
where one exists, and otherwise say they were skipped.
"""

from __future__ import annotations

from nbsource import code, md, write

TASK = (
    "Load the sales table for the South region, then summarise the trend and forecast next quarter"
)
BRIEF_TASK = (
    "Load the sales table for the South region, then summarise the trend and write a brief of it"
)

CELLS = [
    md("""
# Switching models

One model string picks the model everywhere: `%%route --model NAME`, `%route model NAME` (the
default for later cells) or `Router(..., model=NAME)` in Python.

| model string | what runs | needs |
| --- | --- | --- |
| `offline` | the built-in engine: rules, no weights | nothing |
| `local` | SmolLM2-135M-Instruct in this process (llama.cpp) | `pip install 'notebook-router[local]'` |
| `openai:gpt-4o-mini` | OpenAI | `OPENAI_API_KEY` |
| `openai:MODEL` with `base_url=` | any OpenAI-compatible server: vLLM, Ollama, llama.cpp, LM Studio | the server's URL |
| `gemini:gemini-2.5-flash` | Google Gemini | `GEMINI_API_KEY` or `GOOGLE_API_KEY` |

With no model given, the router uses `$NOTEBOOK_ROUTER_MODEL`, else the provider whose key is set,
else `offline`. This notebook runs as it is with no key and no network.
"""),
    code(f"""
%load_ext notebook_router
from notebook_router.examples.sales import AGENTS, forecaster, sales_data, trend_writer

TASK = "{TASK}"
%route model
"""),
    md("""
## Offline

The default needs nothing. Its planner is rules, not a language model: it splits the request,
sees that the summary and the forecast both need the table, and routes each piece to the agent
that fits.
"""),
    code(f"""
%%route --model offline -o offline_run
{TASK}
"""),
    md("""
## The same task on other models

Each cell below runs `TASK` with one model, in one of three ways:

* the model is available here (installed, or its key or server is set): it runs **live**, and
  every call is **recorded** under `notebooks/recordings/` (keys never are);
* it is not, but a recording of it is committed: the recorded calls are **replayed**, so what
  you see is what that model answered when it was recorded;
* neither: the cell says it was skipped and why. No answer is made up for a model that did not
  give it.
"""),
    code('''
import os
from pathlib import Path

from notebook_router import NotebookRouterError, Router, resolve_model


async def run_on(spec, recording, *, missing=None, **options):
    """Run TASK on `spec`: live and recorded if available, replayed if recorded, else skipped."""
    path = Path(recording)
    if missing is None:
        try:
            resolve_model(spec, **options)  # builds the client: checks extras, keys, model files
        except NotebookRouterError as exc:
            missing = str(exc)
    if missing is None:
        model = resolve_model(spec, record=path, replay=path, **options)
    elif path.exists():
        model = resolve_model(spec, replay=path)
    else:
        print(f"Skipped {spec}: {missing}")
        return None
    return await Router(AGENTS, model=model).start(TASK)
'''),
    md("""
### The local model

SmolLM2-135M runs in this process with no key and no network once `notebook-router[local]` is
installed (which compiles llama.cpp: several minutes). It is small: the docs' Models page says it
writes valid plan JSON but rarely a useful plan, so expect a weak run from it.
"""),
    code("""
await run_on("local", "recordings/06_local.jsonl")
"""),
    md("""
### OpenAI and Gemini
"""),
    code("""
await run_on("openai:gpt-4o-mini", "recordings/06_openai.jsonl")
"""),
    code("""
await run_on("gemini:gemini-2.5-flash", "recordings/06_gemini.jsonl")
"""),
    md("""
### An OpenAI-compatible server

Any server that speaks OpenAI's chat-completions protocol works through the `openai` provider
with `base_url` (and needs no OpenAI key). Set `OPENAI_BASE_URL` (e.g.
`http://localhost:11434/v1` for Ollama, `http://localhost:8080/v1` for llama.cpp's server) and
`OPENAI_MODEL` (the model name the server knows) before starting the kernel.
"""),
    code("""
server = os.environ.get("OPENAI_BASE_URL")
await run_on(
    f"openai:{os.environ.get('OPENAI_MODEL', 'default')}",
    "recordings/06_server.jsonl",
    missing=None if server else "set OPENAI_BASE_URL and OPENAI_MODEL to a server's URL and model",
    base_url=server,
)
"""),
    md("""
## Record and replay

Recording works the same for every model, the offline one included. The offline planner is
rules and makes no model call, so an offline recording holds what the agents ask the model: here
a briefer that asks it for a brief of the findings (the offline model answers with the sentences
that fit best). Giving one file to both `--record` and `--replay` replays every call already in
it and records only new ones: the first execution of this notebook recorded
`recordings/06_offline.jsonl` (it is committed), and every later execution replays it without
adding a line.
"""),
    code('''
from notebook_router import agent


@agent(can=["brief", "headline"])
async def briefer(task, inputs, model):
    """Writes a short brief of the findings it is given, with the model."""
    findings = " ".join(value for value in inputs.values() if isinstance(value, str))
    return await model.ask(f"{task}\\n{findings}")
'''),
    code("""
%route model offline --record recordings/06_offline.jsonl --replay recordings/06_offline.jsonl
"""),
    code(f"""
%%route -o recorded
{BRIEF_TASK}
"""),
    md("""
A recording is JSON Lines, one model call per line: which model, what for (`purpose`), the
messages (media by digest, bytes stored once beside the file), the JSON schema, the reply, token
usage and latency. It holds no key.
"""),
    code("""
import json

calls = [json.loads(line) for line in Path("recordings/06_offline.jsonl").read_text().splitlines()]
print(len(calls), "calls:", [call["purpose"] for call in calls])
print(sorted(calls[0]))
print(calls[0]["response"]["text"][:160])
"""),
    md("""
Replaying needs neither the model nor a key: each request is looked up by its hash. The same
task gives the same answer; a request the recording does not hold fails loudly rather than
quietly calling a model.
"""),
    code("""
%route model offline --replay recordings/06_offline.jsonl
"""),
    code(f"""
%%route -o replayed
{BRIEF_TASK}
"""),
    code("""
provider = replayed.provider
print(replayed.result().answer == recorded.result().answer, provider.hits, provider.misses)
"""),
    code("""
%route model offline
"""),
]


if __name__ == "__main__":
    write("06_switching_models.ipynb", CELLS)
