"""Write notebooks/04_media_from_outputs.ipynb (outputs come from executing it).

    python scripts/make_media_from_outputs.py
    python scripts/execute_notebooks.py notebooks/04_media_from_outputs.ipynb

The multimodal cells call a real model only when its key is set (recording
every call under notebooks/recordings/), replay a committed recording when
there is one, and otherwise print that they were skipped.
"""

from __future__ import annotations

from nbsource import code, md, write

CELLS = [
    md("""
# Media from cell outputs

A `%%route` task can point at what earlier cells produced, and the output itself travels with
the task as *media* (image bytes, an HTML table, a cell's source), never pasted into the prompt
as text. Three ways to point:

| you write | it attaches |
| --- | --- |
| `Out[2]` | the result of cell 2 (its best form: PNG for a figure, HTML for a table) |
| `In[2]` | the source code of cell 2 |
| "the chart above", "that table", "the last output" | the most recent output of that kind |

(`@cell:ID` points at a cell by its id; it works in JupyterLab and Notebook 7, which send cell
ids with each execution. nbclient and nbval send none, so this notebook does not use it.)

Numbers such as `Out[2]` are the ones you see next to the cells after *Run All* from a fresh
kernel; if you run cells by hand in another order, change them to match what you see.
"""),
    code("""
%load_ext notebook_router
from importlib import resources

import matplotlib.pyplot as plt
import pandas as pd

sales = pd.read_csv(resources.files("notebook_router.examples") / "data" / "sales.csv")
sales["margin"] = 1 - sales.cost / sales.revenue
"""),
    md("""
## A chart as a cell's result

This cell's result is a figure, so it becomes `Out[2]`. (`plt.close` stops the inline backend
from drawing it a second time.)
"""),
    code("""
monthly = sales.pivot_table(index="month", columns="region", values="revenue")
fig, ax = plt.subplots(figsize=(6.4, 2.8))
monthly.plot(ax=ax, marker="o", title="Monthly revenue by region, 2025")
ax.set_xlabel("")
ax.set_ylabel("revenue")
plt.close(fig)
fig
"""),
    md("""
## An agent that reads media

`media_reader` asks for `media` (what came with its task) and `model` (the run's model) by
parameter name, and passes the media on with the question. Which model answers is the run's
choice: here the built-in `offline` model, which cannot see pictures and says so, then reports
what the media's own labels tell (type, pixel size, the figure's title, axis labels and
series). The last section puts a multimodal model in its place.
"""),
    code('''
from notebook_router import Unable, agent


@agent(can=["describe", "chart", "figure", "image", "table", "read", "analyse", "explain"])
async def media_reader(task, media, model):
    """Answers questions about the figures, tables and code that came with the task."""
    if not media:
        raise Unable("no figure, table or code came with this task")
    return await model.ask(task, media=media, purpose="agent.media_reader")
'''),
    md("""
## By `Out[n]`
"""),
    code("""
%%route -o by_out --agents media_reader
Describe Out[2]: which region grew fastest?
"""),
    md("""
The run kept what it was given: `state.attachments` holds the figure (PNG bytes and a
description), and `context["references"]` says what each phrase resolved to.
"""),
    code("""
print(by_out.state.context["references"])
for m in by_out.state.attachments:
    print(m.mime_type, m.source, "|", m.description)
print()
print(by_out.result().data("t1"))
"""),
    md("""
## By cell: `In[n]`

`In[2]` attaches the code that drew the chart. Together with `Out[2]`, an agent gets both the
picture and how it was made.
"""),
    code("""
%%route -o by_cell --agents media_reader
Explain how In[2] draws Out[2]
"""),
    md("""
## By "the chart above" and "that table"

A figure shown with `plt.show()` is a display, not a result, so it has no `Out[n]`; an implicit
reference finds it anyway: "the chart above" is the most recent image output.
"""),
    code("""
by_region = sales.groupby("region").margin.mean().sort_values()
ax = by_region.plot.barh(figsize=(5, 2.2), title="Mean gross margin by region, 2025")
ax.set_xlabel("gross margin")
plt.show()
"""),
    code("""
%%route -o above --agents media_reader
Describe the chart above
"""),
    md("""
"That table" is the most recent table output. A DataFrame travels as its HTML table, described
by its shape, column types and first rows.
"""),
    code("""
sales.groupby("region")[["units", "revenue", "cost"]].sum().round(0)
"""),
    code("""
%%route -o table_run --agents media_reader
Which region sold the most units in that table?
"""),
    md("""
The offline model does not answer the question: it cannot read the picture or reason over the
table, and says so. An agent can of course compute the answer itself from the DataFrame (see
notebook 03); the point here is what travels.

## A multimodal model looks at the chart

The same agent and the same figure (`Out[2]`), now with a model that can see. Each cell below:

* with the model's key set, calls it and **records** every call to `notebooks/recordings/`
  (keys are never written);
* without a key but with a committed recording, **replays** it: the answer shown is the one the
  model gave when it was recorded;
* with neither, says it was skipped. No answer is ever made up for a model that did not give it.
"""),
    code('''
import os
from pathlib import Path

from notebook_router import Router, resolve_model

chart = by_out.state.attachments[0]  # the figure from Out[2], as the run received it
QUESTION = "What does this chart show? Which region grew fastest, and is any month unusual?"


async def ask_multimodal(spec, key_vars, recording):
    """Ask `spec` about the chart: live with its key (recorded), replayed without, else skipped."""
    path = Path(recording)
    if any(os.environ.get(var) for var in key_vars):
        model = resolve_model(spec, record=path, replay=path)  # replays hits, records the rest
    elif path.exists():
        model = resolve_model(spec, replay=path)
    else:
        print(f"Skipped: set {' or '.join(key_vars)} to ask {spec} (no recording at {path}).")
        return None
    return await Router([media_reader], model=model).start(QUESTION, media=[chart])
'''),
    code("""
await ask_multimodal("openai:gpt-4o-mini", ["OPENAI_API_KEY"], "recordings/04_chart_openai.jsonl")
"""),
    code("""
await ask_multimodal(
    "gemini:gemini-2.5-flash", ["GEMINI_API_KEY", "GOOGLE_API_KEY"], "recordings/04_chart_gemini.jsonl"
)
"""),
    md("""
## The built-in readers: a PDF on disk, a chart's own facts

Without an agent of your own, the built-in `documents` and `images` agents read media. A file
the task names ("Summarise data/report.pdf") is attached like an output is; offline, the
documents agent quotes the sentences that carry the document, each with its page. The images
agent describes a figure drawn in the kernel by what the figure object knew when it was shown
(title, axis labels, series, ranges), not by guessing from pixels; for other images it reports
size, colours and the words OCR (tesseract) reads. With a model, both hand it the media too.

`media_reader` is removed first, so that the built-ins answer. The PDF is written in a
temporary folder, which becomes the working folder.
"""),
    code("""
import os
import tempfile

from matplotlib.backends.backend_pdf import PdfPages

del media_reader  # the built-in agents answer from here on
os.chdir(tempfile.mkdtemp())
os.makedirs("data")
pages = [
    ["Revenue grew by 12 percent in the third quarter.", "The North led with 4.1 million euros.",
     "The office plants were watered on Tuesdays."],
    ["Costs fell slightly over the year.", "Therefore the margin improved to 18 percent."],
]
with PdfPages("data/report.pdf", metadata={"Title": "Quarterly report"}) as pdf:
    for lines in pages:
        page = plt.figure(figsize=(8.5, 11))
        for i, line in enumerate(lines):
            page.text(0.08, 0.92 - 0.04 * i, line)
        pdf.savefig(page)
        plt.close(page)
"""),
    code("""
%%route -o pdf_run
Summarise data/report.pdf in 2 sentences
"""),
    code("""
fig, ax = plt.subplots(figsize=(6.4, 2.8))
monthly.plot(ax=ax, title="Revenue by month")
ax.set_xlabel("month")
ax.set_ylabel("revenue")
plt.show()
"""),
    code("""
%%route -o chart_run
What does the chart above show?
"""),
    md("""
## Audio: an `Audio` output is heard as audio

`IPython.display.Audio` shows a player; the sound itself is embedded in that output (a WAV in a
data URL), and a task that points at the output gets the sound, never the HTML around it.
Offline, the built-in `audio` agent measures it: duration, sample rate, channels, loudness, and
where there is sound and silence. With a model it also transcribes what is said.

This cell's result is a one-second tone followed by half a second of silence: `Out[18]`.
"""),
    code("""
import numpy as np
from IPython.display import Audio

rate = 8000
t = np.arange(int(1.5 * rate)) / rate
Audio(np.sin(2 * np.pi * 440 * t) * (t < 1.0), rate=rate)
"""),
    code("""
%%route -o heard
How long is the audio in Out[18]?
"""),
    md("""
## Video: frames extracted and described

A video named in a task (here a clip the next cell makes with PyAV: two title cards, one second
each) is decoded with PyAV, whose wheels bundle ffmpeg. The `video` agent reports its duration,
frame rate and size, takes its key frames and evenly spaced ones, and describes each frame by
what the image reader sees in it: its colours, and its words by OCR. The frames come back
annotated with their time and description.
"""),
    code("""
import av
from PIL import Image, ImageDraw, ImageFont

font = ImageFont.load_default(size=40)
with av.open("cards.mp4", "w") as clip:
    stream = clip.add_stream("libx264", rate=5)
    stream.width, stream.height, stream.pix_fmt = 320, 160, "yuv420p"
    for title in ("SALES UP", "COSTS DOWN"):
        card = Image.new("RGB", (320, 160), "white")
        ImageDraw.Draw(card).text((20, 55), title, fill="black", font=font)
        for _ in range(5):  # one second at 5 frames a second
            clip.mux(stream.encode(av.VideoFrame.from_image(card)))
    clip.mux(stream.encode())
"""),
    code("""
%%route -o watched
Describe the video cards.mp4
"""),
    md("""
## Narration: text to speech that plays

The `narration` agent turns text into speech: offline with espeak-ng, with OpenAI's speech
endpoint when its key is set. The run's view under the cell plays it.
"""),
    code("""
%%route -o spoken
Read this aloud: Revenue grew by 12 percent in the third quarter.
"""),
    md("""
## One question, several media

A question about the chart in `Out[2]` and the tone in `Out[18]` goes to the reader of each
(the `images` agent for the chart, the `audio` agent for the tone), and the answer gives what
each found, citing its source.
"""),
    code("""
%%route -o both
What do the chart in Out[2] and the audio note in Out[18] tell us?
"""),
]


if __name__ == "__main__":
    write("04_media_from_outputs.ipynb", CELLS)
