"""The import rules the layout promises, read from the source with ``ast``.

- providers know nothing of plans, agents, tools or the notebook;
- the planner never reaches for the notebook or its renderings;
- the core runs headless: it never imports the notebook layer, IPython or widget libraries;
- planner, agents, providers and tools do not import each other in a circle at load time,
  and no two parts of the package import each other in a circle at all (lazy and
  ``TYPE_CHECKING`` imports count: a circle of those is still a tangle to read);
- the planner never names a built-in agent (it finds one by role), and the exception tree
  knows nothing of the planner;
- English is read in one place: nothing outside ``language/`` defines a stemmer, a
  stopword or synonym list, a BM25 or a speller, or imports a library that does, or
  writes a list of English words as a regular expression's alternatives (their words are
  tables of ``language/data``; ``analyst/`` and ``tools/`` are not read for this yet);
- the rules that stand in for a model live in ``offline/``: the wiring of runs alone hands
  them over (no other part imports ``offline/``), a planner outside it either asks the
  model or hands over to another planner, and no module of the planner, the agents or
  the tools is there only for ``offline/``;
- whether the model is the offline one is asked in a few named places only, and never
  by a built-in agent: each built-in of the ``BUILTINS`` table is given its offline core
  and hands it and its model core to ``agents/cores.py``, which picks.

Each rule is a function over the parsed imports that returns what breaks it,
one readable line per import. Each is also run on a small bad example of its
own: a rule that could never fail would fail those tests.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "notebook_router"
CYCLE_FREE = ("planner", "agents", "providers", "tools")
CORE = (
    "planner",
    "agents",
    "tools",
    "providers",
    "context",
    "store",
    "text",
    "data",
    "analyst",
    "code",
    "offline",
    "mcp",
    "mcp_server",
)
FRONTEND = ("notebook_router.notebook", "IPython", "ipywidgets", "anywidget")


@dataclass(frozen=True)
class Import:
    """One import statement's target, where it is, and whether it runs when the module loads."""

    module: str
    """The importing module, dotted (``notebook_router.planner.run``)."""
    target: str
    """The imported module, dotted and absolute."""
    path: str
    line: int
    top_level: bool
    """Runs at import time: not inside a function, not under ``if TYPE_CHECKING:``."""

    def __str__(self) -> str:
        where = "" if self.top_level else " (inside a function or TYPE_CHECKING)"
        return f"{self.path}:{self.line} imports {self.target}{where}"


Modules = dict[str, list[Import]]
"""Every module's imports, by module name."""


def imports_of(source: str, module: str, path: str, *, package: bool = False) -> list[Import]:
    """The imports in ``source`` (module ``module``; ``package`` if it is an ``__init__``)."""
    here = module if package else module.rpartition(".")[0]
    found: list[Import] = []

    def visit(node: ast.AST, top_level: bool) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Import(module, alias.name, path, node.lineno, top_level))
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level, here)
            # `from pkg import sub` imports the submodule pkg.sub when there is one.
            targets = [f"{base}.{a.name}" for a in node.names if _is_module(f"{base}.{a.name}")]
            if len(targets) < len(node.names):
                targets.append(base)  # names defined in base itself
            for target in dict.fromkeys(targets):
                found.append(Import(module, target, path, node.lineno, top_level))
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for statement in node.body:
                visit(statement, top_level=False)
            for statement in node.orelse:
                visit(statement, top_level)
        else:
            inside = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            for child in ast.iter_child_nodes(node):
                visit(child, top_level and not inside)

    visit(ast.parse(source), top_level=True)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _absolute(module: str | None, level: int, here: str) -> str:
    if level == 0:
        return module or ""
    parts = here.split(".")
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{module}" if module else base


def _is_module(name: str) -> bool:
    if not name.startswith(f"{PACKAGE}."):
        return False
    relative = Path(*name.split("."))
    return (ROOT / relative.with_suffix(".py")).is_file() or (
        ROOT / relative / "__init__.py"
    ).is_file()


def package_modules() -> Modules:
    """Every module of the package and its imports."""
    modules: Modules = {}
    for file in sorted((ROOT / PACKAGE).rglob("*.py")):
        relative = file.relative_to(ROOT)
        package = file.name == "__init__.py"
        parts = relative.parent.parts if package else relative.with_suffix("").parts
        name = ".".join(parts)
        modules[name] = imports_of(
            file.read_text(encoding="utf-8"), name, relative.as_posix(), package=package
        )
    return modules


def area(module: str) -> str:
    """The part of the package a module belongs to: ``planner``, ``router``, ... (or itself)."""
    parts = module.split(".")
    return parts[1] if parts[0] == PACKAGE and len(parts) > 1 else module


def _within(target: str, names: Iterable[str]) -> bool:
    return any(target == name or target.startswith(f"{name}.") for name in names)


# ------------------------------------------------------------------------------- the rules


def imports_from(modules: Modules, importer: str, banned: Iterable[str]) -> list[str]:
    """Every import (at any level) by ``importer``'s modules of a ``banned`` area of the package."""
    names = list(banned)
    return [
        f"{found}: {importer} must not import {name}"
        for module, found_imports in modules.items()
        if area(module) == importer
        for found in found_imports
        for name in names
        if _within(found.target, [f"{PACKAGE}.{name}"])
    ]


def headless_core(modules: Modules, core: Iterable[str] = CORE) -> set[str]:
    """The core packages' modules, with every module of the package they import (transitively)."""
    checked = {m for m in modules if area(m) in set(core)}
    todo = list(checked)
    while todo:
        for found in modules.get(todo.pop(), []):
            target = found.target
            while target not in modules and "." in target:
                target = target.rpartition(".")[0]  # `from pkg.mod import name`
            if target in modules and target != PACKAGE and target not in checked:
                checked.add(target)
                todo.append(target)
    return checked


def frontend_imports(modules: Modules, core: Iterable[str] = CORE) -> list[str]:
    """Imports (at any level) of the notebook layer, IPython or widget libraries by the core."""
    return [
        f"{found}: the core runs headless, without {_frontend_name(found.target)}"
        for module in sorted(headless_core(modules, core))
        for found in modules[module]
        if _within(found.target, FRONTEND)
    ]


def _frontend_name(target: str) -> str:
    return "the notebook layer" if target.startswith(PACKAGE) else target.split(".")[0]


def package_graph(
    modules: Modules, packages: Iterable[str] | None = CYCLE_FREE, *, every_import: bool = False
) -> nx.DiGraph:
    """Which of ``packages`` (None: every part of the package) imports which; each edge keeps
    its imports. Only imports that run at load time count, unless ``every_import``."""
    wanted = set(packages) if packages is not None else {area(m) for m in modules}
    graph = nx.DiGraph()
    graph.add_nodes_from(wanted)
    for module, found_imports in modules.items():
        source = area(module)
        for found in found_imports:
            target = area(found.target)
            counted = found.top_level or every_import
            if counted and source in wanted and target in wanted and source != target:
                if not graph.has_edge(source, target):
                    graph.add_edge(source, target, imports=[])
                graph.edges[source, target]["imports"].append(str(found))
    return graph


def import_cycles(
    modules: Modules, packages: Iterable[str] | None = CYCLE_FREE, *, every_import: bool = False
) -> list[str]:
    """Each circle of imports between ``packages`` (see :func:`package_graph`), with an
    import for every step."""
    graph = package_graph(modules, packages, every_import=every_import)
    problems: list[str] = []
    for found in nx.simple_cycles(graph):
        start = found.index(min(found))  # the same circle always reads the same way
        cycle = found[start:] + found[:start]
        steps = list(zip(cycle, [*cycle[1:], cycle[0]], strict=True))
        evidence = "; ".join(graph.edges[a, b]["imports"][0] for a, b in steps)
        problems.append(f"{' → '.join([*cycle, cycle[0]])} ({evidence})")
    return sorted(problems)


LANGUAGE_LIBRARIES = ("snowballstemmer", "nltk", "difflib", "rank_bm25", "Levenshtein")
"""Libraries that stem, spell or rank text: only ``language/`` may use them."""
_LANGUAGE_NAME = re.compile(r"(?i)^_?(?:stem(?:mer)?|[a-z_]*stemmer|[a-z_]*speller|spell\w*)$|bm25")
_WORD_LIST_NAME = re.compile(r"(?i)stop_?words|^_?stop$|synonym|filler")


def reading_outside_language(sources: dict[str, str]) -> list[str]:
    """Stemmers, spellers, BM25s, stopword and synonym lists defined (or the libraries
    for them imported) by modules outside ``language/``; ``sources`` by module name."""
    problems: list[str] = []
    for module, source in sorted(sources.items()):
        if area(module) == "language":
            continue
        path = module.replace(".", "/") + ".py"
        for found in imports_of(source, module, path):
            if _within(found.target, LANGUAGE_LIBRARIES):
                problems.append(f"{found}: only language/ reads words with it")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if _LANGUAGE_NAME.search(node.name):
                    problems.append(f"{path}:{node.lineno} defines {node.name}: use language/")
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.col_offset == 0:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name) and _WORD_LIST_NAME.search(target.id):
                        problems.append(
                            f"{path}:{node.lineno} defines {target.id}: a word list belongs "
                            "in language/data"
                        )
    return problems


USER_EXAMPLES = ("examples",)
"""Example agents, written as a user writes their own (they stand alone, words and all)."""
WORD_REGEXES_CLEANED = (
    "planner",
    "offline",
    "data",
    "agents",
    "notebook",
    "render",
    "verification",
    "text",
    "context",
    "tools",
    "analyst",
)
"""Parts whose English word lists were taken out of their regular expressions into
``language/data`` tables (the test checks they are among the parts read); the rule reads
every part but ``language/`` and :data:`USER_EXAMPLES`."""
FORMAT_ALTERNATIONS = {
    f"{PACKAGE}/data/source.py: secret|token|credential": "parts of a secret's variable name",
    f"{PACKAGE}/mcp/config.py: token|secret|credential|cookie": "parts of a secret's setting name",
    f"{PACKAGE}/context/compress/code.py: export|public|private|protected|static|pub": "code "
    "keywords",
    f"{PACKAGE}/context/compress/code.py: class|function|interface|trait|type|module|package"
    "|create|select": "code keywords",
    f"{PACKAGE}/context/compress/code.py: return|raise|throw|yield": "code keywords",
    f"{PACKAGE}/context/compress/kinds.py: class|import|return|except": "Python keywords",
}
"""Alternations of words that recognise a format (code, names of settings, the product's
own sentences), not what a person writes: allowed where they are, by path and words."""
WORD_LIST_ALTERNATIVES = 3
"""How many English alternatives make an alternation a word list."""
_RE_FUNCTIONS = frozenset(
    {"compile", "search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer"}
)
_REGEX_SPACE = re.compile(r"\\[bsB][+*]?|\\ |\?")
_GROUP_OPENING = re.compile(r"\?(?::|P<\w+>|[=!]|<[=!]|[aiLmsux-]+:)")


def _alternations(pattern: str, *, top_level: bool) -> list[list[str]]:
    """The alternatives of each group of ``pattern``, split at the group's own ``|``
    (escapes and character classes skipped), and with ``top_level`` the whole pattern's.
    A piece of a pattern may leave a group open (it runs to the end) or close one it did
    not open (what comes before is that group's)."""
    found: list[list[str]] = []
    groups: list[tuple[int, list[int]]] = [(0, [])]
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":  # a character class: its | and ( are characters
            j = i + 2 if pattern[i + 1 : i + 2] == "]" else i + 1
            while j < len(pattern) and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            i = j + 1
            continue
        if char == "(":
            opening = _GROUP_OPENING.match(pattern, i + 1)
            groups.append((opening.end() if opening else i + 1, []))
        elif char == ")":
            start, bars = groups.pop()
            found.append(_split(pattern, start, i, bars))
            if not groups:  # closed a group opened before this piece
                groups.append((i + 1, []))
        elif char == "|":
            groups[-1][1].append(i)
        i += 1
    while len(groups) > 1:
        start, bars = groups.pop()
        found.append(_split(pattern, start, len(pattern), bars))
    if top_level:
        found.append(_split(pattern, groups[0][0], len(pattern), groups[0][1]))
    return [alternatives for alternatives in found if len(alternatives) > 1]


def _split(pattern: str, start: int, end: int, bars: list[int]) -> list[str]:
    starts = [start, *(b + 1 for b in bars)]
    return [pattern[a:b] for a, b in zip(starts, [*bars, end], strict=True)]


def _english(alternative: str) -> str | None:
    r"""The alternative as plain words when it is English: with ``\b`` and ``\s`` (``+``,
    ``*``) read as spaces and ``?`` and apostrophes dropped, nothing but words of letters,
    each in the language layer's lexicon (an everyday word, a stopword or a filler word)."""
    plain = _REGEX_SPACE.sub(" ", alternative).replace("'", "").split()
    if plain and all(w.isascii() and w.isalpha() and _known_word(w.lower()) for w in plain):
        return " ".join(plain).lower()
    return None


def _known_word(word: str) -> bool:
    from notebook_router.language.lexicon import is_common_word, is_filler

    return is_common_word(word) or is_filler(word)


_PATTERN_SYNTAX = re.compile(r"\\[a-zA-Z]|\(\?")
"""A class escape (``\\s``, ``\\b``, ``\\d``) or a group opening ``(?``: a literal written as a
regular expression."""
_PLACEHOLDER = "\x00"
"""What an f-string's ``{...}`` reads as: no word, no regex syntax."""


def _regex_literals(tree: ast.Module) -> list[tuple[int, str, bool]]:
    """Every string literal of ``tree`` but docstrings (an f-string as one, each ``{...}``
    a placeholder): its line, its text, and whether its top-level ``|`` counts too: when
    it is all of a ``re`` function's pattern or is written as one (:data:`_PATTERN_SYNTAX`:
    ``r"data\\s*frames?|tables?|series"``). Elsewhere only a group's ``|`` count, so prose
    or a usage line with a "|" in it is no pattern."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    pieces = {
        id(value)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for value in node.values
    }
    patterns = {
        id(node.args[0])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "re"
        and node.func.attr in _RE_FUNCTIONS
        and node.args
    }
    found: list[tuple[int, str, bool]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                str(v.value) if isinstance(v, ast.Constant) else _PLACEHOLDER for v in node.values
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings or id(node) in pieces:
                continue
            text = node.value
        else:
            continue
        if "|" in text:
            whole = id(node) in patterns or _PATTERN_SYNTAX.search(text) is not None
            found.append((node.lineno, str(text), whole))
    return found


def english_word_regexes(sources: dict[str, str]) -> list[str]:
    """Regular expressions outside ``language/`` whose alternations list English words.

    An alternation is a group's alternatives (or a ``re`` function's whole pattern's);
    it is a word list when at least :data:`WORD_LIST_ALTERNATIVES` of them are English
    words or phrases (see :func:`_english`): "(?:now|then|so|and)", "(status|progress|how
    far)". Such words belong in a table of ``language/data`` that the rule's pattern is
    built from (:func:`notebook_router.language.phrases.phrase_table`). A pattern that
    recognises a format (numbers, ``Out[3]``, code, URLs, punctuation) has none; an
    alternation of words that recognises a format (code keywords, a secret's variable
    name) is allowed by :data:`FORMAT_ALTERNATIONS`, one by one. Patterns put together
    with ``+`` are read piece by piece.

    Read: every part of the package but ``language/`` itself and :data:`USER_EXAMPLES`.
    An allowance no pattern needs any more is reported too.
    """
    skipped = {"language", *USER_EXAMPLES}
    problems: list[str] = []
    read: set[str] = set()
    allowed: set[str] = set()
    for module, source in sorted(sources.items()):
        if area(module) in skipped:
            continue
        path = module.replace(".", "/") + ".py"
        read.add(path)
        for line, text, whole in _regex_literals(ast.parse(source)):
            for alternatives in _alternations(text, top_level=whole):
                english = [w for a in alternatives if (w := _english(a)) is not None]
                if len(english) < WORD_LIST_ALTERNATIVES:
                    continue
                key = f"{path}: {'|'.join(english)}"
                if key in FORMAT_ALTERNATIONS:
                    allowed.add(key)
                    continue
                problems.append(
                    f"{path}:{line} lists English words in a regex ({'|'.join(english)}): "
                    "put them in a table of language/data"
                )
    problems += [
        f"{key}: allowed as a format, but no pattern has these words any more"
        for key in sorted(FORMAT_ALTERNATIONS)
        if key.split(": ")[0] in read and key not in allowed
    ]
    return problems


OFFLINE = "offline"
HANDS_OVER_THE_RULES = ("wiring",)
"""The parts that give the runs their rules (the rule planner, the built-ins' offline cores)."""
_PLANNER_METHODS = frozenset({"decide", "redirect", "synthesise"})
STANDS_IN_FOR = ("planner", "agents", "tools")
"""The parts whose models ``offline/`` stands in for."""


def rules_imported_outside_the_wiring(modules: Modules) -> list[str]:
    """Imports (at any level) of ``offline/`` by parts other than the wiring: the planner,
    the agents and the tools are given their rules, they never reach for them."""
    return [
        f"{found}: only {', '.join(HANDS_OVER_THE_RULES)} hands over the rules of {OFFLINE}/"
        for module, found_imports in sorted(modules.items())
        if area(module) not in (OFFLINE, *HANDS_OVER_THE_RULES)
        for found in found_imports
        if _within(found.target, [f"{PACKAGE}.{OFFLINE}"])
    ]


def planners_by_rules_outside_offline(sources: dict[str, str]) -> list[str]:
    """Classes outside ``offline/`` that plan (``decide``, ``redirect``, ``synthesise``)
    without asking a model (``call.model``) or handing over to another planner: rules
    standing in for a model, which belong in ``offline/``."""
    problems: list[str] = []
    for module, source in sorted(sources.items()):
        if area(module) == OFFLINE:
            continue
        path = module.replace(".", "/") + ".py"
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.ClassDef) or _is_protocol(node):
                continue
            methods = [
                m
                for m in node.body
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                and m.name in _PLANNER_METHODS
            ]
            if {m.name for m in methods} != _PLANNER_METHODS:
                continue
            if not any(_asks_a_model_or_hands_over(m) for m in methods):
                problems.append(
                    f"{path}:{node.lineno} {node.name} plans by rules: it belongs in {OFFLINE}/"
                )
    return problems


def _is_protocol(node: ast.ClassDef) -> bool:
    return any(
        (isinstance(b, ast.Name) and b.id == "Protocol")
        or (isinstance(b, ast.Attribute) and b.attr == "Protocol")
        for b in node.bases
    )


def _asks_a_model_or_hands_over(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for node in ast.walk(method):
        if isinstance(node, ast.Attribute) and node.attr == "model":
            return True  # call.model: the run's model
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _PLANNER_METHODS
            and isinstance(node.func.value, ast.Attribute)  # self.inner.decide(...)
        ):
            return True
    return False


def modules_only_offline_uses(modules: Modules, parts: Iterable[str] = STANDS_IN_FOR) -> list[str]:
    """Modules of ``parts`` that only ``offline/`` imports: rules left behind by a move."""
    importers: dict[str, set[str]] = {}
    for module, found_imports in modules.items():
        for found in found_imports:
            target = found.target
            while target not in modules and "." in target:
                target = target.rpartition(".")[0]  # `from pkg.mod import name`
            if target != module:
                importers.setdefault(target, set()).add(module)
    wanted = set(parts)
    return [
        f"{module} is imported only by {', '.join(sorted(users))}: it belongs in {OFFLINE}/"
        for module, users in sorted(importers.items())
        if area(module) in wanted and all(area(user) == OFFLINE for user in users)
    ]


OFFLINE_CHOICES = {
    f"{PACKAGE}.agents.cores": "a built-in agent's rules or its model",
    f"{PACKAGE}.wiring": "the rule planner or a model planner",
    f"{PACKAGE}.tools.router": "the tool router's rules or its model",
    f"{PACKAGE}.planner.verification": "the run's number checks or a model's verdict",
}
"""The places that ask whether the run's model is the offline one, and what each chooses."""


def offline_questions(sources: dict[str, str]) -> dict[str, list[str]]:
    """Where each module outside ``providers/`` asks ``is_offline``: module -> lines."""
    found: dict[str, list[str]] = {}
    for module, source in sorted(sources.items()):
        if area(module) == "providers":
            continue
        path = module.replace(".", "/") + ".py"
        for node in ast.walk(ast.parse(source)):
            named = (isinstance(node, ast.Name) and node.id == "is_offline") or (
                isinstance(node, ast.Attribute) and node.attr == "is_offline"
            )
            imported = isinstance(node, ast.ImportFrom) and any(
                a.name == "is_offline" for a in node.names
            )
            if named or imported:
                found.setdefault(module, []).append(f"{path}:{node.lineno}")  # type: ignore[attr-defined]
    return found


def built_ins_asking_whether_offline(sources: dict[str, str]) -> list[str]:
    """Each place a built-in agent asks ``is_offline`` itself instead of being given a core."""
    return [
        f"{line} asks is_offline: a built-in is given its offline core (agents/cores.py picks)"
        for module, lines in offline_questions(sources).items()
        if _within(module, [f"{PACKAGE}.agents.builtin"])
        for line in lines
    ]


def built_ins_not_choosing_in_one_place(sources: dict[str, str]) -> list[str]:
    """Each built-in of the ``BUILTINS`` table whose module does not hand its two ways of
    answering (rules, model) to ``by_rules_or_model``."""
    table = ast.parse(sources.get(f"{PACKAGE}.agents.builtin", ""))
    rows = [
        node.args[0].value
        for node in ast.walk(table)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Builtin"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]
    return [
        f"{PACKAGE}/agents/builtin/{name}.py answers without by_rules_or_model: hand it the "
        "rules and the model core (agents/cores.py picks)"
        for name in rows
        if "by_rules_or_model(" not in sources.get(f"{PACKAGE}.agents.builtin.{name}", "")
    ]


def offline_choices_elsewhere(sources: dict[str, str]) -> list[str]:
    """Modules that ask ``is_offline`` outside :data:`OFFLINE_CHOICES`."""
    return [
        f"{lines[0]} asks is_offline: choose a model or rules in one of the places named in "
        "OFFLINE_CHOICES"
        for module, lines in offline_questions(sources).items()
        if module not in OFFLINE_CHOICES
    ]


SIZE_LIMITS = {f"{PACKAGE}.planner.run": 500}
"""Lines a module may hold. The run is the loop and its public face: what it is made of
besides (its planner calls, waits, review, answer, reports, hand-over) lives beside it."""


def modules_over_their_size(
    sources: dict[str, str], limits: dict[str, int] = SIZE_LIMITS
) -> list[str]:
    """Every module named in ``limits`` that holds more lines than its limit."""
    return [
        f"{module.replace('.', '/')}.py has {lines} lines: at most {limit}; move a job it "
        "does into a module of its own"
        for module, limit in limits.items()
        if (lines := len(sources[module].splitlines())) > limit
    ]


WIRING = f"{PACKAGE}.wiring"
"""Where runs are put together from options, for the router, the notebook and the CLI."""


def runs_built_outside_the_wiring(sources: dict[str, str]) -> list[str]:
    """Calls of ``Run(...)`` outside :data:`WIRING`: a front end that builds its own runs
    wires their collaborators its own way."""
    problems: list[str] = []
    for module, source in sorted(sources.items()):
        if module == WIRING:
            continue
        for node in ast.walk(ast.parse(source)):
            called = node.func if isinstance(node, ast.Call) else None
            if isinstance(node, ast.Call) and isinstance(called, ast.Name) and called.id == "Run":
                problems.append(
                    f"{module.replace('.', '/')}.py:{node.lineno} builds a Run: "
                    f"start runs through {WIRING} (wire, start_run)"
                )
    return problems


def package_sources() -> dict[str, str]:
    """Every module of the package's source, by module name."""
    sources: dict[str, str] = {}
    for file in sorted((ROOT / PACKAGE).rglob("*.py")):
        relative = file.relative_to(ROOT)
        parts = (
            relative.parent.parts if file.name == "__init__.py" else relative.with_suffix("").parts
        )
        sources[".".join(parts)] = file.read_text(encoding="utf-8")
    return sources


def _report(problems: list[str]) -> str:
    return "\n".join(["", *problems])


# ------------------------------------------------------------------ the package obeys them


@pytest.fixture(scope="module")
def modules() -> Modules:
    return package_modules()


def test_the_package_is_read_whole(modules: Modules) -> None:
    assert len(modules) > 100
    run = modules[f"{PACKAGE}.planner.run"]
    assert any(i.target == f"{PACKAGE}.planner.events" and i.top_level for i in run)


def test_providers_know_nothing_of_plans_agents_tools_or_the_notebook(modules: Modules) -> None:
    problems = imports_from(
        modules, "providers", ("planner", "agents", "tools", "notebook", "render")
    )
    assert not problems, _report(problems)


def test_the_planner_never_imports_the_notebook_or_its_renderings(modules: Modules) -> None:
    problems = imports_from(modules, "planner", ("render", "notebook"))
    assert not problems, _report(problems)


def test_the_core_runs_headless(modules: Modules) -> None:
    assert f"{PACKAGE}.errors" in headless_core(modules)  # the top-level modules it uses count
    problems = frontend_imports(modules)
    assert not problems, _report(problems)


def test_planner_agents_providers_and_tools_import_no_circle(modules: Modules) -> None:
    problems = import_cycles(modules)
    assert not problems, _report(problems)


def test_no_two_parts_of_the_package_import_each_other_in_a_circle(modules: Modules) -> None:
    problems = import_cycles(modules, None, every_import=True)
    assert not problems, _report(problems)


def test_the_planner_never_names_a_built_in_agent(modules: Modules) -> None:
    problems = imports_from(modules, "planner", ("agents.builtin",))
    assert not problems, _report(problems)


def test_the_exception_tree_knows_nothing_of_the_planner(modules: Modules) -> None:
    problems = imports_from(modules, "errors", ("planner",))
    assert not problems, _report(problems)


def test_english_is_read_only_in_the_language_layer() -> None:
    problems = reading_outside_language(package_sources())
    assert not problems, _report(problems)


def test_english_word_lists_are_tables_not_regexes() -> None:
    sources = package_sources()
    assert {area(m) for m in sources} >= set(WORD_REGEXES_CLEANED)  # the cleaned parts are read
    problems = english_word_regexes(sources)
    assert not problems, _report(problems)


def test_only_the_wiring_hands_over_the_offline_rules(modules: Modules) -> None:
    assert any(area(m) == OFFLINE for m in modules)  # the rules are read too
    problems = rules_imported_outside_the_wiring(modules)
    assert not problems, _report(problems)


def test_a_planner_that_plans_by_rules_lives_in_offline() -> None:
    problems = planners_by_rules_outside_offline(package_sources())
    assert not problems, _report(problems)


def test_no_built_in_agent_asks_whether_the_model_is_offline() -> None:
    sources = package_sources()
    problems = built_ins_asking_whether_offline(sources)
    assert not problems, _report(problems)
    # each built-in of the table hands its two ways of answering to the one place that picks
    assert "Builtin(" in sources[f"{PACKAGE}.agents.builtin"]  # the table is read
    problems = built_ins_not_choosing_in_one_place(sources)
    assert not problems, _report(problems)


def test_whether_the_model_is_offline_is_asked_only_where_a_choice_is_made() -> None:
    sources = package_sources()
    assert set(offline_questions(sources)) == set(OFFLINE_CHOICES)  # each place still asks
    problems = offline_choices_elsewhere(sources)
    assert not problems, _report(problems)


def test_no_module_of_the_planner_agents_or_tools_is_there_only_for_offline(
    modules: Modules,
) -> None:
    problems = modules_only_offline_uses(modules)
    assert not problems, _report(problems)


# ------------------------------------------------------------- the rules catch bad examples


def test_runs_are_put_together_in_one_place() -> None:
    problems = runs_built_outside_the_wiring(package_sources())
    assert not problems, _report(problems)


def test_the_run_is_its_loop_and_its_public_face() -> None:
    problems = modules_over_their_size(package_sources())
    assert not problems, _report(problems)


def _modules(sources: dict[str, str]) -> Modules:
    return {
        name: imports_of(source, name, name.replace(".", "/") + ".py")
        for name, source in sources.items()
    }


def test_imports_are_read_with_where_they_run() -> None:
    source = """
from typing import TYPE_CHECKING
import IPython
from . import planner_view
from ..agents.registry import AgentRegistry
from notebook_router.planner import events
if TYPE_CHECKING:
    from notebook_router.tools.router import ToolRouter
else:
    import json
try:
    import ipywidgets
except ImportError:
    pass

class Panel:
    import anywidget

def show():
    from notebook_router.render import run_bundle
"""
    found = imports_of(source, f"{PACKAGE}.planner.run", "planner/run.py")
    assert [(i.target, i.top_level) for i in found] == [
        ("typing", True),
        ("IPython", True),
        (f"{PACKAGE}.planner.planner_view", True),
        (f"{PACKAGE}.agents.registry", True),
        (f"{PACKAGE}.planner.events", True),
        (f"{PACKAGE}.tools.router", False),
        ("json", True),
        ("ipywidgets", True),
        ("anywidget", True),
        (f"{PACKAGE}.render", False),
    ]
    assert str(found[-1]) == (
        f"planner/run.py:20 imports {PACKAGE}.render (inside a function or TYPE_CHECKING)"
    )


def test_a_provider_importing_the_planner_is_reported_even_inside_a_function() -> None:
    bad = _modules(
        {
            f"{PACKAGE}.providers.offline": "def plan():\n"
            "    from notebook_router.planner.view import PlannerView\n",
            f"{PACKAGE}.providers.base": "from notebook_router.usage import Usage\n",
        }
    )
    assert imports_from(bad, "providers", ("planner",)) == [
        f"{PACKAGE}/providers/offline.py:2 imports {PACKAGE}.planner.view (inside a function "
        "or TYPE_CHECKING): providers must not import planner"
    ]


def test_the_planner_reaching_for_render_is_reported() -> None:
    bad = _modules({f"{PACKAGE}.planner.run": "from notebook_router import render\n"})
    assert imports_from(bad, "planner", ("render", "notebook")) == [
        f"{PACKAGE}/planner/run.py:1 imports {PACKAGE}.render: planner must not import render"
    ]


def test_the_core_reaching_the_notebook_through_a_top_level_module_is_reported() -> None:
    bad = _modules(
        {
            f"{PACKAGE}.store.export": "from notebook_router.helpers import show\n",
            f"{PACKAGE}.helpers": "def show():\n    from IPython.display import display\n",
            f"{PACKAGE}.notebook.magics": "import IPython\n",  # the notebook layer may
            f"{PACKAGE}.text.tokens": "import ipywidgets as w\n",
        }
    )
    assert frontend_imports(bad) == [
        f"{PACKAGE}/helpers.py:2 imports IPython.display (inside a function or TYPE_CHECKING): "
        "the core runs headless, without IPython",
        f"{PACKAGE}/text/tokens.py:1 imports ipywidgets: the core runs headless, without "
        "ipywidgets",
    ]


def test_a_circle_of_top_level_imports_is_reported_with_its_steps() -> None:
    bad = _modules(
        {
            f"{PACKAGE}.tools.router": "from notebook_router.planner.planner import parse\n",
            f"{PACKAGE}.planner.planner": "from notebook_router.providers.base import Message\n",
            f"{PACKAGE}.providers.offline": "from notebook_router.tools.spec import ToolSpec\n",
            f"{PACKAGE}.agents.base": "def f():\n    from notebook_router.planner import view\n",
            f"{PACKAGE}.planner.view": "from notebook_router.agents.base import Agent\n",
        }
    )
    assert import_cycles(bad) == [
        "planner → providers → tools → planner ("
        f"{PACKAGE}/planner/planner.py:1 imports {PACKAGE}.providers.base; "
        f"{PACKAGE}/providers/offline.py:1 imports {PACKAGE}.tools.spec; "
        f"{PACKAGE}/tools/router.py:1 imports {PACKAGE}.planner.planner)"
    ]


def test_a_circle_through_lazy_imports_is_reported_only_when_every_import_counts() -> None:
    bad = _modules(
        {
            f"{PACKAGE}.store.memory": "from notebook_router.planner.arc import ArcRun\n",
            f"{PACKAGE}.agents.builtin.knowledge": "def run():\n"
            "    from notebook_router.store.memory import current_memory\n",
            f"{PACKAGE}.planner.decide": "from notebook_router.agents.builtin import TEAM\n",
        }
    )
    assert import_cycles(bad, None) == []
    assert import_cycles(bad, None, every_import=True) == [
        "agents → store → planner → agents ("
        f"{PACKAGE}/agents/builtin/knowledge.py:2 imports {PACKAGE}.store.memory (inside a "
        "function or TYPE_CHECKING); "
        f"{PACKAGE}/store/memory.py:1 imports {PACKAGE}.planner.arc; "
        f"{PACKAGE}/planner/decide.py:1 imports {PACKAGE}.agents.builtin)"
    ]


def test_the_planner_naming_a_built_in_agent_is_reported() -> None:
    bad = _modules(
        {
            f"{PACKAGE}.planner.followup": "from notebook_router.agents.builtin.knowledge "
            "import KNOWLEDGE\n",
            f"{PACKAGE}.planner.decide": "from notebook_router.agents.roles import RECALL\n",
        }
    )
    assert imports_from(bad, "planner", ("agents.builtin",)) == [
        f"{PACKAGE}/planner/followup.py:1 imports {PACKAGE}.agents.builtin.knowledge: "
        "planner must not import agents.builtin"
    ]


def test_the_exception_tree_reaching_for_the_planner_is_reported() -> None:
    bad = _modules(
        {
            f"{PACKAGE}.errors": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from notebook_router.planner.run import Run\n"
        }
    )
    assert imports_from(bad, "errors", ("planner",)) == [
        f"{PACKAGE}/errors.py:3 imports {PACKAGE}.planner.run (inside a function or "
        "TYPE_CHECKING): errors must not import planner"
    ]


def test_a_stemmer_speller_bm25_or_word_list_outside_language_is_reported() -> None:
    bad = {
        f"{PACKAGE}.analyst.schema": "import snowballstemmer\n\ndef stem(word):\n    return word\n",
        f"{PACKAGE}.tools.index": "class BM25Index:\n    pass\n",
        f"{PACKAGE}.tools.fuzzy": "class Speller:\n    pass\n",
        f"{PACKAGE}.analyst.reading": "STOPWORDS = {'a', 'the'}\n",
        f"{PACKAGE}.tools.lexicon": "TOOL_SYNONYMS = (('delete', 'remove'),)\n",
        f"{PACKAGE}.analyst.families": "def f():\n    from difflib import get_close_matches\n",
        f"{PACKAGE}.language.stems": "import snowballstemmer\n\ndef stem(word):\n    return word\n",
        f"{PACKAGE}.tools.router": "def correct_inputs(x):\n    return x\n",
    }
    assert reading_outside_language(bad) == [
        f"{PACKAGE}/analyst/families.py:2 imports difflib (inside a function or TYPE_CHECKING): "
        "only language/ reads words with it",
        f"{PACKAGE}/analyst/reading.py:1 defines STOPWORDS: a word list belongs in language/data",
        f"{PACKAGE}/analyst/schema.py:1 imports snowballstemmer: only language/ reads words with it",
        f"{PACKAGE}/analyst/schema.py:3 defines stem: use language/",
        f"{PACKAGE}/tools/fuzzy.py:1 defines Speller: use language/",
        f"{PACKAGE}/tools/index.py:1 defines BM25Index: use language/",
        f"{PACKAGE}/tools/lexicon.py:1 defines TOOL_SYNONYMS: a word list belongs in language/data",
    ]


def test_a_regex_listing_english_words_outside_language_is_reported() -> None:
    bad = {
        # words as a group's alternatives, in a planner module and inside a function
        f"{PACKAGE}.planner.followup": "import re\n"
        "_LEAD = re.compile(r'^(?:(?:and|so|ok|now|then)[\\s,]+)*', re.I)\n"
        "def why(goal):\n"
        "    return re.match(r'why\\s+(?:is|was|did)\\s+(?:that|this|it)\\b', goal)\n",
        # a re function's whole pattern, and an f-string whose {...} are not words
        f"{PACKAGE}.offline.planner.redirect": "import re\n"
        "_STATUS = re.compile(r'status|progress|how far|eta')\n"
        "_SAME = re.compile(rf'{LEAD}(?:redo|repeat|do\\s+again)\\s+{NEW}')\n",
        # formats: numbers, Out[3], a table's rows, prose with bars, a docstring
        f"{PACKAGE}.render.answer": '"""Reads (a|the|an) answer."""\nimport re\n'
        "_OUT = re.compile(r'Out\\[(\\d+)\\]|In\\[(\\d+)\\]|@cell:(\\w+)')\n"
        "ROW = '| name | type | rows |'\n"
        "_EMPHASIS = re.compile(r'(\\*\\*|__|`+)(\\S(?:.*?\\S)?)\\1')\n",
        # a bare alternation written as a pattern counts; a usage line with bars does not
        f"{PACKAGE}.data.names": "_NOUNS = r'data\\s*frames?|tables?|series'\n"
        "USAGE = 'list  |  remove NAME  |  load FILE  |  show NAME'\n",
        # an allowed format: parts of a secret's variable name
        f"{PACKAGE}.data.source": "import re\n"
        "_SECRET_NAME = re.compile(r'(?i)(api_?key|secret|token|passw(or)?d|credential)')\n",
        # read: the analyst's grammar is held like every other part
        f"{PACKAGE}.analyst.intents": "import re\n_TOP = re.compile(r'(?:top|best|highest)')\n",
        # not read: the language layer builds patterns from words; a user's example agent
        f"{PACKAGE}.language.intent": "import re\n_QUICK = re.compile(r'(?:quick|asap|rough)')\n",
        f"{PACKAGE}.examples.weather": "import re\n_SKY = re.compile(r'(?:sunny|rainy|cloudy)')\n",
    }
    assert english_word_regexes(bad) == [
        f"{PACKAGE}/analyst/intents.py:2 lists English words in a regex "
        "(top|best|highest): put them in a table of language/data",
        f"{PACKAGE}/data/names.py:1 lists English words in a regex "
        "(data frames|tables|series): put them in a table of language/data",
        f"{PACKAGE}/offline/planner/redirect.py:2 lists English words in a regex "
        "(status|progress|how far): put them in a table of language/data",
        f"{PACKAGE}/offline/planner/redirect.py:3 lists English words in a regex "
        "(redo|repeat|do again): put them in a table of language/data",
        f"{PACKAGE}/planner/followup.py:2 lists English words in a regex "
        "(and|so|ok|now|then): put them in a table of language/data",
        f"{PACKAGE}/planner/followup.py:4 lists English words in a regex "
        "(is|was|did): put them in a table of language/data",
        f"{PACKAGE}/planner/followup.py:4 lists English words in a regex "
        "(that|this|it): put them in a table of language/data",
    ]
    # an allowance for words no pattern has any more is reported, not kept silently
    moved = {f"{PACKAGE}.data.source": "import re\n_SECRET_NAME = None\n"}
    assert english_word_regexes(moved) == [
        f"{PACKAGE}/data/source.py: secret|token|credential: allowed as a format, but no "
        "pattern has these words any more"
    ]


def test_the_offline_rules_reached_for_by_the_planner_or_an_agent_are_reported() -> None:
    bad = _modules(
        {
            f"{PACKAGE}.planner.planner": "def default():\n"
            "    from notebook_router.offline.planner import RulePlanner\n",
            f"{PACKAGE}.agents.builtin.summarisation": "from notebook_router.offline.team "
            "import summarisation\n",
            f"{PACKAGE}.wiring": "from notebook_router.offline.planner import RulePlanner\n",
            f"{PACKAGE}.offline.planner.planner": "from notebook_router.offline.planner "
            "import decide\n",
        }
    )
    assert rules_imported_outside_the_wiring(bad) == [
        f"{PACKAGE}/agents/builtin/summarisation.py:1 imports "
        f"{PACKAGE}.offline.team.summarisation: only wiring hands over the rules of offline/",
        f"{PACKAGE}/planner/planner.py:2 imports {PACKAGE}.offline.planner (inside a function "
        "or TYPE_CHECKING): only wiring hands over the rules of offline/",
    ]


def test_a_planner_without_a_model_outside_offline_is_reported() -> None:
    planner = """
class {name}:
    async def decide(self, call):
        return {decide}
    async def redirect(self, call, message):
        return {redirect}
    async def synthesise(self, call):
        return template(call.state)
"""
    bad = {
        f"{PACKAGE}.planner.rules": planner.format(
            name="RulePlanner", decide="rules(call.state)", redirect="read(message)"
        ),
        f"{PACKAGE}.planner.planner": planner.format(
            name="ModelPlanner", decide="await call.model.complete(call)", redirect="None"
        )
        + "\nclass Planner(Protocol):\n    async def decide(self, call): ...\n"
        "    async def redirect(self, call, message): ...\n"
        "    async def synthesise(self, call): ...\n",
        f"{PACKAGE}.planner.combo": planner.format(
            name="ComboPlanner", decide="None", redirect="await self.inner.redirect(call, message)"
        ),
        f"{PACKAGE}.offline.planner.planner": planner.format(
            name="RulePlanner", decide="rules(call.state)", redirect="read(message)"
        ),
    }
    assert planners_by_rules_outside_offline(bad) == [
        f"{PACKAGE}/planner/rules.py:2 RulePlanner plans by rules: it belongs in offline/"
    ]


def test_the_rule_planner_put_back_in_the_planner_is_reported() -> None:
    sources = package_sources()
    moved_back = {
        name.replace(f".{OFFLINE}.", ".planner."): source
        for name, source in sources.items()
        if area(name) == OFFLINE
    }
    found = planners_by_rules_outside_offline(moved_back)
    assert [re.sub(r":\d+ ", " ", p) for p in found] == [
        f"{PACKAGE}/planner/planner/planner.py RulePlanner plans by rules: it belongs in offline/"
    ]


def test_a_module_left_behind_for_offline_alone_is_reported() -> None:
    bad = _modules(
        {
            f"{PACKAGE}.offline.planner.planner": "from notebook_router.planner.rules.decide "
            "import decide\nfrom notebook_router.planner.state import RunState\n",
            f"{PACKAGE}.planner.rules.decide": "from notebook_router.planner.state import Task\n",
            f"{PACKAGE}.planner.state": "import re\n",
            f"{PACKAGE}.planner.run": "from notebook_router.planner import state\n",
            f"{PACKAGE}.tools.rules": "import re\n",
            f"{PACKAGE}.tools.router": "from notebook_router.tools import rules\n",
        }
    )
    assert modules_only_offline_uses(bad) == [
        f"{PACKAGE}.planner.rules.decide is imported only by {PACKAGE}.offline.planner.planner: "
        "it belongs in offline/"
    ]


def test_a_built_in_asking_whether_the_model_is_offline_is_reported() -> None:
    bad = {
        f"{PACKAGE}.agents.builtin.images": "from notebook_router.providers.offline import "
        "is_offline\n\nasync def run(task, context):\n"
        "    if is_offline(context.model.provider):\n        return described(task)\n",
        f"{PACKAGE}.agents.builtin.video": "from notebook_router.providers import offline\n\n"
        "def sure(context):\n    return 0.9 if offline.is_offline(context.model.provider) "
        "else 0.7\n",
        f"{PACKAGE}.agents.cores": "from notebook_router.providers.offline import is_offline\n",
        f"{PACKAGE}.providers.offline.engine": "def is_offline(provider):\n    return True\n",
    }
    assert built_ins_asking_whether_offline(bad) == [
        f"{PACKAGE}/agents/builtin/images.py:{n} asks is_offline: a built-in is given its "
        "offline core (agents/cores.py picks)"
        for n in (1, 4)
    ] + [
        f"{PACKAGE}/agents/builtin/video.py:4 asks is_offline: a built-in is given its offline "
        "core (agents/cores.py picks)"
    ]
    assert built_ins_not_choosing_in_one_place(bad) == []  # not in the table: not a built-in
    assert offline_choices_elsewhere(bad) == [
        f"{PACKAGE}/agents/builtin/images.py:1 asks is_offline: choose a model or rules in one "
        "of the places named in OFFLINE_CHOICES",
        f"{PACKAGE}/agents/builtin/video.py:4 asks is_offline: choose a model or rules in one "
        "of the places named in OFFLINE_CHOICES",
    ]


def test_a_built_in_of_the_table_that_picks_its_own_way_of_answering_is_reported() -> None:
    bad = {
        f"{PACKAGE}.agents.builtin": 'BUILTINS = (Builtin("glossary", "Glossary", "team"), '
        'Builtin("audio", "Audio", "media"))\n',
        f"{PACKAGE}.agents.builtin.glossary": "async def run(task, context):\n"
        "    return await context.model.ask(task.description)\n",
        f"{PACKAGE}.agents.builtin.audio": "async def run(task, context):\n"
        "    return await by_rules_or_model(context, rules=heard, model=asked)\n",
    }
    assert built_ins_not_choosing_in_one_place(bad) == [
        f"{PACKAGE}/agents/builtin/glossary.py answers without by_rules_or_model: hand it the "
        "rules and the model core (agents/cores.py picks)"
    ]


def test_a_run_grown_past_its_size_is_reported() -> None:
    run = f"{PACKAGE}.planner.run"
    grown = {run: "def step():\n    pass\n" * 251, f"{PACKAGE}.planner.waits": "x = 1\n" * 900}
    assert modules_over_their_size(grown) == [
        f"{PACKAGE}/planner/run.py has 502 lines: at most 500; move a job it does into a "
        "module of its own"
    ]
    assert modules_over_their_size({run: "x = 1\n" * 500}) == []


def test_a_front_end_building_its_own_run_is_reported() -> None:
    built = "from notebook_router.planner.run import Run\n\ndef go(state):\n    return Run(state)\n"
    assert runs_built_outside_the_wiring(
        {f"{PACKAGE}.cli": built, WIRING: built, f"{PACKAGE}.router": "run = router.start(q)\n"}
    ) == [f"{PACKAGE}/cli.py:4 builds a Run: start runs through {PACKAGE}.wiring (wire, start_run)"]
