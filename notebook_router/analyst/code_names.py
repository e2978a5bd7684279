"""What the names in model-written code stand for, read without running it.

:mod:`~notebook_router.analyst.code_reach` judges ``signal.detrend(x)`` by what
``signal`` is: the module imported under that name (``from scipy import signal`` is
SciPy's, not the program-signalling module), and ``open`` by whether the code bound that
name to something else before using it (an ``Open`` column's mean). Where the reading is
unsure it errs towards the dangerous meaning: a name bound in a branch or a loop, or one
the code could unbind again (``del open``, ``globals()``), is still read as the built-in.
"""

from __future__ import annotations

import ast
import dataclasses

NAMESPACE_REACH = frozenset({"globals", "vars", "locals", "get_ipython", "delattr", "setattr"})
"""Names through which code can unbind a name it bound (``del globals()['open']``): with one
in the code, a built-in's name at the top of the code is read as the built-in."""
MEMORY_BUFFERS = frozenset({"io.StringIO", "io.BytesIO"})
"""Calls that make a file-like object in memory: reading or writing one touches no disk."""


def dotted(node: ast.expr) -> str:
    """``os`` for ``os``, ``os.path`` for ``os.path``, ``''`` for anything not a dotted name."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr}" if inner else ""
    return ""


@dataclasses.dataclass
class CodeNames:
    """The imports, memory buffers and unbinding in one piece of code (:func:`read_names`)."""

    imports: dict[str, set[str]]
    """Each name an import binds, to the modules (or module attributes) bound to it."""
    assigned: set[str]
    """Names the code binds other than by importing (an assignment, a parameter, a loop)."""
    buffers: set[str]
    """Names only ever bound to an in-memory buffer (``buf = io.StringIO()``)."""
    unbinding: set[str]
    """Names the code deletes; all names when it reaches the namespace itself."""
    reaches_namespace: bool

    def meanings(self, name: str) -> set[str]:
        """What a dotted name may stand for: through the code's imports when its first
        part is only ever imported, else the name as written (a module of that name, or
        a kernel's variable: read as the module, erring on the side of asking)."""
        root, _, rest = name.partition(".")
        if root not in self.imports or root in self.assigned:
            return {name}
        tail = f".{rest}" if rest else ""
        return {f"{module}{tail}" for module in self.imports[root]}

    def surely(self, name: str) -> set[str]:
        """:meth:`meanings`, or nothing when the code binds the name's first part itself
        (``sys = ...``): what lets code through is read only from the code's imports or
        the kernel's modules."""
        return set() if name.partition(".")[0] in self.assigned else self.meanings(name)

    def is_memory_buffer(self, node: ast.expr | None) -> bool:
        """Whether ``node`` is ``io.StringIO(...)``/``io.BytesIO(...)`` or a name only ever
        bound to one."""
        if isinstance(node, ast.Name):
            return node.id in self.buffers
        return isinstance(node, ast.Call) and bool(self.surely(dotted(node.func)) & MEMORY_BUFFERS)

    def may_unbind(self, name: str) -> bool:
        return self.reaches_namespace or name in self.unbinding


def read_names(tree: ast.Module) -> CodeNames:
    """Read the imports, assignments and deletions of ``tree`` (every scope at once)."""
    names = CodeNames(
        imports={}, assigned=set(), buffers=set(), unbinding=set(), reaches_namespace=False
    )
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.asname or alias.name.partition(".")[0]
                module = alias.name if alias.asname else bound
                names.imports.setdefault(bound, set()).add(module)
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            for alias in node.names:
                bound = alias.asname or alias.name
                # A relative import names no module this reader knows: read by its name.
                module = f"{source}.{alias.name}" if node.level == 0 else bound
                names.imports.setdefault(bound, set()).add(module)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.assigned.add(node.id)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Del):
            names.unbinding.add(node.id)
        elif isinstance(node, ast.Name) and node.id in NAMESPACE_REACH:
            names.reaches_namespace = True
    names.assigned |= _other_binders(tree)
    in_buffer: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and names.is_memory_buffer(node.value):
            in_buffer.update(id(t) for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.withitem) and names.is_memory_buffer(node.context_expr):
            in_buffer.update(id(n) for n in [node.optional_vars] if isinstance(n, ast.Name))
    other: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            (names.buffers if id(node) in in_buffer else other).add(node.id)
    names.buffers -= other | set(names.imports) | _other_binders(tree)
    return names


def _other_binders(tree: ast.Module) -> set[str]:
    """Names bound other than by an assignment to a name: parameters, functions, classes,
    caught exceptions."""
    found = {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}
    named = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler)
    found.update(n.name for n in ast.walk(tree) if isinstance(n, named) and n.name)
    return found


class ScopedVisitor(ast.NodeVisitor):
    """An AST visitor that knows, at each name it visits, whether the code bound that
    name itself (:meth:`bound_here`): as a function's parameter or local, or at the top
    of the code by a statement run before this one, every time (not in a branch)."""

    def __init__(self, names: CodeNames) -> None:
        self.names = names
        self._top: set[str] = set()
        self._functions: list[tuple[set[str], set[str]]] = []
        """Innermost last: each enclosing function's locals and its ``global`` names."""

    def bound_here(self, name: str) -> bool:
        """Whether ``name`` here means what the code bound to it, not a built-in."""
        for local, declared_global in reversed(self._functions):
            if name in declared_global:
                break
            if name in local:
                return True
        return name in self._top and not self.names.may_unbind(name)

    def visit_Module(self, node: ast.Module) -> None:
        for statement in node.body:
            self.visit(statement)
            self._top.update(_bound_by(statement))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for outer in [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]:
            if outer is not None:
                self.visit(outer)
        self._functions.append(
            (_parameters_of(node.args) | _locals(node.body), _globals(node.body))
        )
        for statement in node.body:
            self.visit(statement)
        self._functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for outer in [*node.args.defaults, *node.args.kw_defaults]:
            if outer is not None:
                self.visit(outer)
        self._functions.append((_parameters_of(node.args), set()))
        self.visit(node.body)
        self._functions.pop()

    def _comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
    ) -> None:
        first, *rest = node.generators
        self.visit(first.iter)  # run in the enclosing scope, before the loop binds anything
        targets = {
            n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)
        }
        self._functions.append((targets, set()))
        self.visit(first.target)
        for condition in first.ifs:
            self.visit(condition)
        for generator in rest:
            self.visit(generator)
        for part in (node.key, node.value) if isinstance(node, ast.DictComp) else (node.elt,):
            self.visit(part)
        self._functions.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension


def _bound_by(statement: ast.stmt) -> set[str]:
    """The names a top-level statement binds every time it runs."""
    if isinstance(statement, ast.Assign):
        return {n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    if isinstance(statement, ast.AnnAssign) and statement.value is not None:
        return {statement.target.id} if isinstance(statement.target, ast.Name) else set()
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return {a.asname or a.name.partition(".")[0] for a in statement.names}
    return set()


def _parameters_of(args: ast.arguments) -> set[str]:
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return {a.arg for a in every if a is not None}


def _own_nodes(body: list[ast.stmt]) -> list[ast.AST]:
    """The nodes of a function's body, not those of functions, classes or comprehensions
    inside it (their names are theirs), though the names of those defined inside are."""
    found: list[ast.AST] = []
    pending: list[ast.AST] = list(body)
    while pending:
        node = pending.pop()
        found.append(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            continue
        pending.extend(ast.iter_child_nodes(node))
    return found


def _globals(body: list[ast.stmt]) -> set[str]:
    return {
        name
        for node in _own_nodes(body)
        if isinstance(node, (ast.Global, ast.Nonlocal))
        for name in node.names
    }


def _locals(body: list[ast.stmt]) -> set[str]:
    """The names a function's body binds (Python makes them local to the whole body)."""
    bound: set[str] = set()
    for node in _own_nodes(body):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update(a.asname or a.name.partition(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return bound - _globals(body)
