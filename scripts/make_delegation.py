"""Write notebooks/02_delegation_tree.ipynb from the cells below (outputs come from executing it).

Kept as a script so the notebook's source is reviewable as plain Python;
run it, then `python scripts/execute_notebooks.py notebooks/02_delegation_tree.ipynb`.
"""

from __future__ import annotations

from nbformat.v4 import new_code_cell, new_markdown_cell
from nbsource import write

CELLS = [
    new_markdown_cell(
        "# Trees of agents\n\n"
        "An agent can have child agents, to any depth. A task given to the top of a tree is split "
        "or handed down by the agents themselves: a parent that cannot do a request asks all its "
        "children **in parallel**, the best answer wins, partial answers are combined, and when "
        "nobody can help the parent says so with every child's reason. Every hop is an event and "
        "a node in the run's graph. Everything here runs on the built-in `offline` model."
    ),
    new_code_cell("%load_ext notebook_router"),
    new_markdown_cell(
        "## The travel tree\n\n"
        "`travel` splits a trip into flights, a stay and one request per interest; `experiences` "
        "is a group with no body of its own: it asks its three agents, and each says `unable` "
        "when a request is not about its topic. The data is a small synthetic set that ships "
        "with the package."
    ),
    new_code_cell(
        "from notebook_router.examples.travel import travel, experiences\n"
        "\n"
        "print(travel.tree_text())"
    ),
    new_markdown_cell(
        "## One request, three branches\n\n"
        "The planner gives the whole request to `travel` (it fits best; its tree's topics count "
        "too). `travel` asks `flights`, `hotels` and `experiences` at once; `experiences` asks "
        "`restaurants`, `tours` and `events`, and only `restaurants` takes it."
    ),
    new_code_cell("%%route -o trip\nPlan a trip to Italy with great food"),
    new_code_cell(
        "result = trip.result()\n"
        'hops = sorted(result.delegations["t1"], key=lambda h: h.request_id)\n'
        "for hop in hops:\n"
        "    print(f\"{hop.request_id:<8} {' → '.join(hop.path):<40} {hop.status}\")\n"
        "\n"
        'branches = [h for h in hops if h.agent in ("flights", "hotels", "restaurants")]\n'
        'print("\\nthe three branches overlapped in time:",\n'
        "      max(h.started_at for h in branches) < min(h.finished_at for h in branches))"
    ),
    new_markdown_cell(
        "The run graph is the delegation tree as it happened: goal → task → agent → sub-agents, "
        "each hop coloured by its status (the panel draws the same graph live)."
    ),
    new_code_cell("%route graph"),
    new_markdown_cell(
        "## Straight to a grandchild\n\n"
        "Routing scores every member of every tree, with a small penalty per level, so a task "
        "that fits one deep agent clearly goes straight to it."
    ),
    new_code_cell("%%route -o dinner\nFind a good restaurant in Florence"),
    new_markdown_cell(
        "## A cell joins the tree\n\n"
        "`%%agent NAME --parent HEAD` places a cell agent under any agent. Re-running the cell "
        "replaces it in place; its children, if it has any, stay with it."
    ),
    new_code_cell(
        '%%agent gelato --parent experiences --can "gelato, ice cream, dessert"\n'
        "# Knows where to get ice cream.\n"
        "from notebook_router import Unable\n"
        'if "gelato" not in task.lower() and "ice cream" not in task.lower():\n'
        '    raise Unable("only gelato")\n'
        '["Giolitti (Rome)", "Gelateria dei Gracchi (Rome)"]'
    ),
    new_code_cell("%%route -o sweet\nPlan a weekend in Rome with gelato"),
    new_code_cell(
        'for hop in sorted(sweet.result().delegations["t1"], key=lambda h: h.request_id):\n'
        "    print(f\"{hop.request_id:<8} {' → '.join(hop.path):<40} {hop.status}\")"
    ),
    new_markdown_cell(
        "## When the tree needs the user\n\n"
        "An agent deep in the tree can ask a question (`raise NeedsUserInput(...)`). It travels "
        "up as a `needs_user_input` answer and becomes the planner's clarifying question: here "
        "the run stops and shows it (with `%route answer` or an `on_clarify` handler the run "
        "would go on with the answer)."
    ),
    new_code_cell("%%route -o vague\nPlan a holiday with great food"),
    new_markdown_cell(
        "## The supervisor's tools\n\n"
        "For planners driven by an LLM, `Supervisor` offers four tools with JSON schemas "
        "(`retrieve_agents`, `call_agent`, `write_todos`, `reflect_on_progress`), keeps the plan "
        "across turns, caches which agents fit a kind of request, and runs a critic after every "
        "call. Here we call them by hand, as a model would."
    ),
    new_code_cell(
        "from notebook_router.supervisor import Supervisor\n"
        "\n"
        "sup = Supervisor([travel])\n"
        'sup.begin_turn("Where should we eat in Rome?")\n'
        'found = await sup.call("retrieve_agents", {"query": "where to eat in Rome", "k": 2})\n'
        'print([(a["name"], " → ".join(a["path"])) for a in found["agents"]])\n'
        'again = await sup.call("retrieve_agents", {"query": "Rome: where to eat?", "k": 2})\n'
        'print("the same kind of request again comes from the cache:", again["cached"])\n'
        'out = await sup.call("call_agent", {"agent": "restaurants", "task": "Where to eat in Rome"})\n'
        'print(out["status"], "|", out["summary"], "| critic:", out["critic"]["verdict"])\n'
        "for step in sup.steps:\n"
        '    print(f"  {step.kind}: {step.summary}")'
    ),
]


def main() -> None:
    write("02_delegation_tree.ipynb", CELLS)


if __name__ == "__main__":
    main()
