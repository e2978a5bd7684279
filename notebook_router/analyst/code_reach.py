"""What model-written code reaches outside the tables: files, the network, other programs.

The analyst's code answers a question about tables already in the kernel. A model's
reply that opens a file, connects to a server or starts a program answers something
else, and may do harm (read a key, send the data away): the model is told not to
(``code_loop.SYSTEM``), and :func:`reach_problems` checks, before the code is shown
for approval or run, that it did as told. Code with such a problem goes back to the
model once, naming it, and is refused (never run) the second time.

Files are allowed when the task names one ("load sales.csv", "save it to out.csv"):
then reading or writing a file is what was asked. The network, other programs and
code built at run time (``eval``, ``__import__``) are never part of a data answer.

Read without running the code, as Python reads names: a module is judged by what was
imported under a name (``from scipy import signal`` is SciPy, ``import signal`` is the
program-signalling module); a built-in's name bound to something else before it is used
(``open = df["Open"].mean()``, a function's parameter ``input``) is that something, unless
the code could unbind it again (``del``, ``globals()``), erring on the side of asking once
more. Standard output and an in-memory buffer (``io.StringIO``) are not files.
"""

from __future__ import annotations

import ast

from notebook_router.analyst.code_names import ScopedVisitor, dotted, read_names
from notebook_router.data.files import paths_in_task

NETWORK_MODULES = frozenset(
    {"socket", "urllib", "urllib3", "requests", "http", "httpx", "aiohttp", "ftplib",
     "smtplib", "telnetlib", "ssl", "websocket", "websockets", "paramiko", "xmlrpc",
     "webbrowser", "poplib", "imaplib"}
)  # fmt: skip
"""Modules whose only job is talking to other machines."""
PROGRAM_MODULES = frozenset({"subprocess", "pty", "ctypes", "multiprocessing", "signal"})
"""Modules that start or reach into other programs (or the interpreter's own memory)."""
FILE_MODULES = frozenset({"shutil", "glob", "tempfile", "fileinput", "pickle", "shelve"})
"""Modules for files and folders (``os`` and ``pathlib`` are read call by call)."""
RUNTIME_CODE = frozenset({"eval", "exec", "compile", "__import__", "breakpoint", "input"})
"""Built-ins that run code built at run time (or wait for a person at the kernel)."""
RUNTIME_MODULES = frozenset({"importlib", "builtins", "runpy", "code", "codeop"})
ESCAPES = frozenset(
    {"__class__", "__base__", "__bases__", "__mro__", "__subclasses__", "__globals__",
     "__builtins__", "__dict__", "__code__", "__closure__", "__import__", "__loader__",
     "__spec__", "__getattribute__", "__reduce__", "__reduce_ex__", "__self__", "__func__"}
)  # fmt: skip
"""The attributes that lead out of a namespace to modules and built-ins it was not given
(``().__class__.__base__.__subclasses__()``); ``__len__`` or ``__name__`` lead nowhere."""
FILE_CALLS = frozenset({"open"})
IO_OPENS = frozenset({"io.open", "io.FileIO", "io.open_code", "codecs.open"})
"""Other names of ``open()``."""
STANDARD_STREAMS = frozenset({"sys.stdout", "sys.stderr"})
"""Where a writer may print its text: the cell's output, not a file."""
INTERPRETER_REACH = frozenset({"sys.modules"})
"""Every module the kernel loaded, by name: an import the import check cannot see."""
OS_FILES = frozenset(
    {"remove", "unlink", "rmdir", "removedirs", "rename", "replace", "listdir", "scandir",
     "walk", "makedirs", "mkdir", "chmod", "chown", "open", "fdopen", "truncate", "link",
     "symlink", "chdir"}
)  # fmt: skip
"""``os`` functions over files and folders."""
OS_ENVIRONMENT = frozenset({"getenv", "environ", "putenv", "unsetenv", "environb"})
"""Where keys live: never read by an answer about tables."""
OS_PROGRAMS = frozenset(
    {"system", "popen", "spawnl", "spawnv", "execv", "execl", "execvp", "fork", "kill"}
)
PATH_METHODS = frozenset(
    {"read_text", "read_bytes", "write_text", "write_bytes", "unlink", "rmdir", "mkdir",
     "touch", "iterdir", "glob", "rglob", "rename", "replace", "open"}
)  # fmt: skip
"""``pathlib.Path`` methods that touch the disk."""
WRITERS = frozenset(
    {"to_csv", "to_excel", "to_parquet", "to_json", "to_pickle", "to_feather", "to_hdf",
     "to_sql", "to_stata", "to_orc", "to_html", "to_latex", "to_markdown", "to_xml",
     "savefig", "save", "savez", "savetxt", "tofile", "dump"}
)  # fmt: skip
"""Methods that write a file when given a path (``df.to_csv()`` alone returns text)."""
_REMOTE = ("http:", "https:", "ftp:", "s3:", "gs:", "file:")
"""How a path that is really an address begins (``pd.read_csv`` fetches it)."""
READERS = frozenset({"load", "loadtxt", "genfromtxt", "fromfile", "read_sql", "read_clipboard"})
"""Calls that read a file besides ``pd.read_*``."""


def reach_problems(code: str, task: str = "") -> list[str]:
    """What in ``code`` reaches outside the tables, in words a model can act on (empty:
    nothing, or code that does not parse: the run will say so).

    >>> reach_problems("import socket")
    ['it imports socket (no network access)']
    >>> reach_problems("open('/etc/passwd').read()")
    ['it opens a file with open() (the task names no file)']
    >>> reach_problems("pd.read_csv('sales.csv')", task="load sales.csv and sum revenue")
    []
    >>> reach_problems("from scipy import signal\\nsignal.detrend(df.x)")
    []
    """
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return []
    reader = _Reach(tree, files_asked=bool(paths_in_task(task)))
    reader.visit(tree)
    return list(dict.fromkeys(reader.problems))


class _Reach(ScopedVisitor):
    def __init__(self, tree: ast.Module, *, files_asked: bool) -> None:
        super().__init__(read_names(tree))
        self.files_asked = files_asked
        self.problems: list[str] = []

    def _file(self, what: str) -> None:
        if not self.files_asked:
            self.problems.append(f"it {what} (the task names no file)")

    def _module(self, name: str) -> None:
        top = name.split(".")[0]
        if top in NETWORK_MODULES:
            self.problems.append(f"it imports {top} (no network access)")
        elif top in PROGRAM_MODULES:
            self.problems.append(f"it imports {top} (no other programs)")
        elif top in RUNTIME_MODULES:
            self.problems.append(f"it imports {top} (no code built at run time)")
        elif top in FILE_MODULES:
            self._file(f"imports {top}")

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._module(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self._module(node.module or "")
        if node.module and not node.level:  # what is imported is read as if used
            for alias in node.names:
                self._attribute(node.module, alias.name)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id in ESCAPES:
            self.problems.append(f"it reaches into {node.id} (no code built at run time)")
        elif not isinstance(node.ctx, ast.Load) or self.bound_here(node.id):
            pass  # binding a built-in's name (``open = df["Open"].mean()``) calls nothing
        elif node.id in RUNTIME_CODE:
            self.problems.append(f"it uses {node.id}() (no code built at run time)")
        elif node.id in FILE_CALLS:
            self._file(f"opens a file with {node.id}()")
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        attr = node.attr
        if attr in ESCAPES:
            self.problems.append(f"it reaches into {attr} (no code built at run time)")
        for owner in self.names.meanings(dotted(node.value)):
            self._attribute(owner, attr)
        self.generic_visit(node)

    def _attribute(self, owner: str, attr: str) -> None:
        top = owner.partition(".")[0]
        if owner == "os" or owner == "os.path":
            self._os(attr)
        elif top in NETWORK_MODULES:
            self.problems.append(f"it uses {top}.{attr} (no network access)")
        elif top in PROGRAM_MODULES:
            self.problems.append(f"it uses {top}.{attr} (no other programs)")
        elif top in RUNTIME_MODULES:
            self.problems.append(f"it uses {top}.{attr} (no code built at run time)")
        elif f"{owner}.{attr}" in INTERPRETER_REACH:
            self.problems.append(f"it reaches into {owner}.{attr} (no code built at run time)")
        elif f"{owner}.{attr}" in IO_OPENS:
            self._file(f"opens a file with {owner}.{attr}()")
        elif attr in PATH_METHODS and owner in ("Path", "pathlib", "pathlib.Path"):
            self._file(f"touches the disk with Path.{attr}()")

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        first_argument = node.args[0] if node.args else None
        if isinstance(func, ast.Attribute):
            attr, owner = func.attr, dotted(func.value)
            owners = {owner} | self.names.meanings(owner)
            first = first_argument
            if attr.startswith("read_") and owners & {"pd", "pandas"}:
                where = first.value if isinstance(first, ast.Constant) else None
                if isinstance(where, str) and where.startswith(_REMOTE):
                    self.problems.append(f"it reads {where} (no network access)")
                elif not self.names.is_memory_buffer(first):
                    self._file(f"reads a file with pd.{attr}()")
            elif attr in READERS and owners & {"np", "numpy", "pd", "pandas", "pickle", "json"}:
                if not self.names.is_memory_buffer(first):
                    self._file(f"reads a file with {owner}.{attr}()")
            elif attr in WRITERS and (node.args or _path_keyword(node) or attr == "savefig"):
                if not self._in_memory(_written_to(node, attr)):
                    self._file(f"writes a file with .{attr}()")
            elif attr in PATH_METHODS and _is_path_call(func.value):
                self._file(f"touches the disk with Path.{attr}()")
        elif isinstance(func, ast.Name):  # a reader imported by name: from pandas import read_csv
            for meaning in sorted(self.names.imports.get(func.id, set())):
                if _reads(meaning) and not self.names.is_memory_buffer(first_argument):
                    self._file(f"reads a file with {meaning}()")
        self.generic_visit(node)

    def _in_memory(self, target: ast.expr | None) -> bool:
        """Whether a writer's target is the cell's output or a buffer, not a file."""
        if target is None:
            return False
        return bool(self.names.surely(dotted(target)) & STANDARD_STREAMS) or (
            self.names.is_memory_buffer(target)
        )

    def _os(self, name: str) -> None:
        if name in OS_PROGRAMS:
            self.problems.append(f"it uses os.{name} (no other programs)")
        elif name in OS_ENVIRONMENT:
            self.problems.append(f"it reads os.{name} (the environment holds keys)")
        elif name in OS_FILES:
            self._file(f"uses os.{name}")


def _reads(function: str) -> bool:
    """Whether the imported ``function`` (``pandas.read_csv``) reads a file."""
    module, _, name = function.rpartition(".")
    top = module.partition(".")[0]
    if top == "pandas" and name.startswith("read_"):
        return True
    return name in READERS and top in ("numpy", "pandas", "pickle", "json")


def _written_to(node: ast.Call, attr: str) -> ast.expr | None:
    """Where a writer call writes: its file argument (``json.dump(obj, fp)``'s second)."""
    position = 1 if attr == "dump" else 0
    if len(node.args) > position:
        return node.args[position]
    keyword = next((k for k in node.keywords if k.arg in _FILE_KEYWORDS), None)
    return keyword.value if keyword is not None else None


_FILE_KEYWORDS = ("path", "path_or_buf", "excel_writer", "fname", "file", "fp", "buf")


def _is_path_call(node: ast.expr) -> bool:
    """``Path(...)`` or ``pathlib.Path(...)``."""
    return isinstance(node, ast.Call) and dotted(node.func) in ("Path", "pathlib.Path")


def _path_keyword(node: ast.Call) -> bool:
    return any(k.arg in _FILE_KEYWORDS for k in node.keywords)
