"""Races, powers and items change the state only through :mod:`smallworld.core.changes`.

This test reads the source (``ast``) of ``smallworld.content`` and ``smallworld.classic`` and
fails naming ``file:line`` for every raw write of a :class:`~smallworld.core.state.State` field:
an assignment, augmented assignment or ``del`` whose target goes through ``s.<field>`` (or a
local alias of it, ``lst = s.pieces.get(kind)``), or a mutating call on one
(``s.decisions.append``, ``s.flags.pop``, ``s.add_piece``). A "state" is a function parameter
named ``s`` or annotated ``State`` (and names bound to one).
"""

from __future__ import annotations

import ast
from pathlib import Path

import smallworld

SRC = Path(smallworld.__file__).parent
PACKAGES = ("content", "classic")

#: files (relative to ``src/smallworld``) allowed to write state fields, and why
EXEMPT = {
    "content/team.py": (
        "the team variant's combo machinery (its columns, decks and badge stack, R-TEAM-2/4/5): "
        "the variant plays the role of core/combos.py, not of an ability; its VC payment and "
        "chance draws use core.changes"
    ),
}

MUTATING_METHODS = frozenset({
    "append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault",
    "add", "discard", "sort", "reverse", "__setitem__", "__delitem__",
})
#: State methods that change it
STATE_MUTATORS = frozenset({"add_piece", "apply", "copy_from"})


def _is_state_param(arg: ast.arg) -> bool:
    if arg.arg == "s":
        return True
    ann = arg.annotation
    if ann is None:
        return False
    text = ast.unparse(ann)
    return text.split(".")[-1].strip("'\" ") == "State"


class _Scanner(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[str] = []
        self.states: list[set[str]] = [set()]
        self.aliases: list[set[str]] = [set()]

    # ---- scopes ------------------------------------------------------------------------

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        states = set(self.states[-1])
        aliases = set(self.aliases[-1])
        args = node.args
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            if _is_state_param(a):
                states.add(a.arg)
            else:
                states.discard(a.arg)
                aliases.discard(a.arg)
        self.states.append(states)
        self.aliases.append(aliases)
        self.generic_visit(node)
        self.states.pop()
        self.aliases.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function
    visit_Lambda = _function

    # ---- what a name is ----------------------------------------------------------------

    def _root_is_field(self, node: ast.expr) -> bool:
        """True if ``node`` reaches a State field: ``s.f``, ``s.f[..]``, ``s.f.get(..)``, an
        alias, or anything subscripted/attributed from those."""
        depth = 0
        while True:
            if isinstance(node, (ast.Subscript, ast.Attribute)):
                node = node.value
                depth += 1
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get"
            ):
                node = node.func.value
                depth += 1
            else:
                break
        if not isinstance(node, ast.Name):
            return False
        if node.id in self.aliases[-1]:
            return True
        return node.id in self.states[-1] and depth > 0

    def _bind(self, target: ast.expr, value: ast.expr | None) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            elts = value.elts if isinstance(value, (ast.Tuple, ast.List)) else [None] * len(target.elts)
            if len(elts) != len(target.elts):
                elts = [value] * len(target.elts)
            for t, v in zip(target.elts, elts):
                self._bind(t, v)
            return
        if not isinstance(target, ast.Name):
            return
        name = target.id
        self.states[-1].discard(name)
        self.aliases[-1].discard(name)
        if value is None:
            return
        if isinstance(value, ast.Name) and value.id in self.states[-1]:
            self.states[-1].add(name)
        elif self._root_is_field(value) and not isinstance(value, ast.Name) or isinstance(value, ast.Name) and value.id in self.aliases[-1]:
            self.aliases[-1].add(name)

    # ---- writes ------------------------------------------------------------------------

    def _report(self, node: ast.AST, what: str) -> None:
        self.found.append(f"{self.path}:{node.lineno}: {what}")

    def _check_target(self, target: ast.expr, node: ast.AST) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            for t in target.elts:
                self._check_target(t, node)
        elif isinstance(target, ast.Starred):
            self._check_target(target.value, node)
        elif isinstance(target, (ast.Subscript, ast.Attribute)) and self._root_is_field(target):
            self._report(node, f"writes {ast.unparse(target)}")

    def visit_Assign(self, node: ast.Assign) -> None:
        self.generic_visit(node)
        for t in node.targets:
            self._check_target(t, node)
        for t in node.targets:
            self._bind(t, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.generic_visit(node)
        self._check_target(node.target, node)
        self._bind(node.target, node.value)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.generic_visit(node)
        self._check_target(node.target, node)

    def visit_Delete(self, node: ast.Delete) -> None:
        self.generic_visit(node)
        for t in node.targets:
            self._check_target(t, node)

    def visit_For(self, node: ast.For) -> None:
        self._bind(node.target, None)
        it = node.iter
        if (  # ``for kind, lst in s.pieces.items()``: the values are aliases
            isinstance(it, ast.Call)
            and isinstance(it.func, ast.Attribute)
            and it.func.attr in ("items", "values")
            and self._root_is_field(it.func.value)
        ):
            tgt = node.target
            names = tgt.elts[-1:] if isinstance(tgt, ast.Tuple) else [tgt]
            for n in names:
                if isinstance(n, ast.Name):
                    self.aliases[-1].add(n.id)
        self.generic_visit(node)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.generic_visit(node)
        self._bind(node.target, node.value)

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Attribute):
            base = func.value
            if func.attr in MUTATING_METHODS and (
                self._root_is_field(base)
                or (isinstance(base, ast.Name) and base.id in self.aliases[-1])
            ) or (
                func.attr in STATE_MUTATORS
                and isinstance(base, ast.Name)
                and base.id in self.states[-1]
            ):
                self._report(node, f"calls {ast.unparse(func)}()")
        elif isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args:
            first = node.args[0]
            if isinstance(first, ast.Name) and first.id in self.states[-1]:
                self._report(node, f"calls {func.id}() on the state")


def raw_writes(package: str, exempt: dict[str, str] = EXEMPT) -> list[str]:
    """``file:line: what`` for every raw State write in ``smallworld/<package>``."""
    out: list[str] = []
    for path in sorted((SRC / package).rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel in exempt:
            continue
        scanner = _Scanner(rel)
        scanner.visit(ast.parse(path.read_text(encoding="utf-8"), filename=rel))
        out.extend(scanner.found)
    return out


def test_content_writes_state_only_through_changes() -> None:
    found = [w for pkg in PACKAGES for w in raw_writes(pkg)]
    assert not found, (
        "raw State writes in ability code (use smallworld.core.changes):\n" + "\n".join(found)
    )


def test_exemptions_exist() -> None:
    for rel in EXEMPT:
        assert (SRC / rel).is_file(), f"stale exemption {rel}"


def _scan_text(code: str) -> list[str]:
    scanner = _Scanner("x.py")
    scanner.visit(ast.parse(code))
    return scanner.found


def test_scanner_finds_each_kind_of_write() -> None:
    code = '''
def f(s, r):
    s.vc[0] += 1
    s.phase = ""
    s.tokens[r], s.occ[r] = 0, -1
    del s.flags["x"]
    s.decisions.append((0, "k"))
    s.tflags.pop("k", None)
    s.add_piece("fort", r)
    lst = s.pieces.get("fort")
    lst[r] = 0
    occ, tokens = s.occ, s.tokens
    tokens[r] -= 1
    for kind, lst2 in s.pieces.items():
        lst2[r] = 0
    items = s.items
    items[r] = ()
'''
    found = _scan_text(code)
    assert sorted({int(x.split(":")[1]) for x in found}) == [3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 17]


def test_scanner_ignores_reads_and_copies() -> None:
    code = '''
def f(s: "State", r, c):
    n = s.vc[0] + s.tflags.get("k", 0)
    here = list(s.items[r])
    here.remove("x")
    have = set(s.flags.get("h", ()))
    have.add(1)
    c.placed = 3
    out = []
    out.append(n)
    return s.regions_of(0)
'''
    assert _scan_text(code) == []
