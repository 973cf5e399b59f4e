"""The package's shape (issue 40): no import circle, no private name taken from another module, no
module over 600 lines.

The import graph is read from the source, not from what Python has imported: every import statement
anywhere in a file counts, at the top, inside a function or under ``TYPE_CHECKING``, because an
import put inside a function to dodge a circle is still a circle in the design. A package's
``__init__`` is its own node (the lazy packages import their modules when a name is first asked for,
and list them under ``TYPE_CHECKING``); importing ``a.b.c`` is an edge to ``a.b.c`` only.

The allow-lists name what other work in progress still has to remove; each entry is marked
"issue 40: to be removed" and the tests fail when an entry is no longer needed, so the lists only
shrink.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 600  # lines a module may have


def _sources() -> dict[str, Path]:
    """Module name -> file, for the package and the live site's Python (``lite/*.py``)."""
    found = {}
    for path in sorted((ROOT / "crib_widgets").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    for path in sorted((ROOT / "lite").glob("*.py")):
        found[f"lite.{path.stem}"] = path
    return found


SOURCES = _sources()
TEXTS = {name: path.read_text(encoding="utf-8") for name, path in SOURCES.items()}  # read once
TREES = {name: ast.parse(text, str(SOURCES[name])) for name, text in TEXTS.items()}


def _package_of(name: str) -> str:
    """The package a module's relative imports start from."""
    return name if SOURCES[name].name == "__init__.py" else name.rpartition(".")[0]


def _absolute(package: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _known(target: str) -> str | None:
    """The module of ours that ``target`` names (itself or the nearest enclosing one), if any."""
    while target:
        if target in SOURCES:
            return target
        target = target.rpartition(".")[0]
    return None


def _imports(name: str) -> list[tuple[str, list[str], int]]:
    """(module imported, names taken from it, line) for every import statement in the module; the
    modules of ``lite/`` import each other by their own names (Sphinx puts lite/ on the path)."""
    found = _imports_in(TREES[name], _package_of(name))
    if name.startswith("lite."):
        found = [(f"lite.{target}" if f"lite.{target.split('.')[0]}" in SOURCES else target, names, line)
                 for target, names, line in found]
    return found


def _imports_in(tree: ast.AST, package: str) -> list[tuple[str, list[str], int]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(package, node)
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                if sub in SOURCES:  # ``from . import board``: the module itself
                    found.append((sub, [], node.lineno))
                else:
                    found.append((module, [alias.name], node.lineno))
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports."""
    edges: dict[str, set[str]] = {name: set() for name in SOURCES}
    for name in SOURCES:
        for target, _, _ in _imports(name):
            known = _known(target)
            if known and known != name:
                edges[name].add(known)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:  # the package's graph is a few hundred modules: recursion is fine
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(groups)


# Modules still in an import circle, each group its sorted members: none left (the last, game's
# begin / engine / save, went with issue 40 item 2). A new circle fails the test.
ALLOWED_CIRCLES: list[list[str]] = []

# (importing module, private name, module it is taken from): the solver's core (issue 40 item 3).
# Issue 40: to be removed.
ALLOWED_PRIVATE: set[tuple[str, str, str]] = set()

# Modules over the line limit, each to be split by job. Issue 40: to be removed.
ALLOWED_LONG: set[str] = set()

# Packages (and the root modules, as one) that still import each other, each group sorted: the
# layers of the design (README, "Layers") run one way only. None left (the last, exercises <->
# lessons, went when the grader took the progress reader from its caller, issue 40). A new circle
# fails the test.
ALLOWED_PACKAGE_CIRCLES: list[list[str]] = []


def package_of(module: str) -> str:
    """A module's package below ``crib_widgets`` (``crib_widgets`` itself for the root modules)."""
    parts = module.split(".")
    if parts[0] != "crib_widgets":
        return parts[0]
    return ".".join(parts[:2]) if len(parts) > 2 or SOURCES[module].name == "__init__.py" else "crib_widgets"


def package_graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for module, targets in graph().items():
        here = package_of(module)
        edges.setdefault(here, set())
        edges[here] |= {package_of(t) for t in targets} - {here}
    for targets in list(edges.values()):
        for t in targets:
            edges.setdefault(t, set())
    return edges


def private_imports() -> set[tuple[str, str, str]]:
    """(module, name, from module) for each private name one module takes from another of ours."""
    found = set()
    for name in SOURCES:
        for target, names, _ in _imports(name):
            known = _known(target)
            if known is None or known != target:
                continue
            found |= {(name, n, target) for n in names if n.startswith("_") and not n.startswith("__")}
    return found


def long_modules() -> dict[str, int]:
    lengths = {name: len(text.splitlines()) for name, text in TEXTS.items()}
    return {name: n for name, n in lengths.items() if n > LIMIT}


def test_no_import_circle() -> None:
    found = circles(graph())
    new = [group for group in found if group not in ALLOWED_CIRCLES]
    assert not new, f"import circles (every import statement counts, inside functions too): {new}"
    gone = [group for group in ALLOWED_CIRCLES if group not in found]
    assert not gone, f"these circles are gone: take them off ALLOWED_CIRCLES: {gone}"


def test_no_private_name_across_modules() -> None:
    found = private_imports()
    new = sorted(found - ALLOWED_PRIVATE)
    assert not new, f"private names imported across modules: {new}"
    gone = ALLOWED_PRIVATE - found
    assert not gone, f"no longer imported: take them off ALLOWED_PRIVATE: {sorted(gone)}"


def test_no_long_module() -> None:
    found = long_modules()
    new = {name: n for name, n in found.items() if name not in ALLOWED_LONG}
    assert not new, f"modules over {LIMIT} lines: {new}"
    gone = ALLOWED_LONG - set(found)
    assert not gone, f"now short enough: take them off ALLOWED_LONG: {sorted(gone)}"


def test_no_import_circle_between_packages() -> None:
    found = circles(package_graph())
    new = [group for group in found if group not in ALLOWED_PACKAGE_CIRCLES]
    assert not new, f"packages importing each other: {new}"
    gone = [group for group in ALLOWED_PACKAGE_CIRCLES if group not in found]
    assert not gone, f"these circles are gone: take them off ALLOWED_PACKAGE_CIRCLES: {gone}"


def test_exercises_and_lessons_share_skills_without_importing_each_other_for_them() -> None:
    """The skills have one home below both (crib_widgets.skills); exercises never imports lessons: a
    student's attached progress is read with the reader the grader hands in (crib grade and the
    class desk, above both, give lessons.store.Store.from_text), and what the page attaches is
    chosen by lessons.attach."""
    edges = graph()
    found = {(m, t) for m, targets in edges.items() for t in targets
             if m.startswith("crib_widgets.exercises") and t.startswith("crib_widgets.lessons")}
    assert found == set()
    assert "crib_widgets.skills" in edges["crib_widgets.lessons.progress"]
    assert "crib_widgets.lessons.store" in edges["crib_widgets.cli.grade"]
    assert "crib_widgets.lessons.store" in edges["crib_widgets.classroom.desk"]


def test_the_graph_sees_every_import() -> None:
    """The checks would pass on an empty graph: a made-up circle, an import inside a function and a
    private name taken inside one are found."""
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]
    assert "crib_widgets.aloud" in graph()["crib_widgets.scoring"]  # imported inside HandScore.aloud
    (target, names, _), = _imports_in(ast.parse("def f():\n    from .lookahead import _Solver"),
                                      "crib_widgets.strategy")
    assert (target, names) == ("crib_widgets.strategy.lookahead", ["_Solver"])
    assert len(SOURCES) > 100 and "lite.crib_live" in SOURCES
    assert {"lite.live_pages", "lite.live_runtime"} <= graph()["lite.crib_live"]  # lite/'s own imports


@pytest.mark.parametrize("text, module, expected", [
    ("from .cards import Card", "crib_widgets.scoring", "crib_widgets.cards"),
    ("from ..words import plural", "crib_widgets.game.events", "crib_widgets.words"),
    ("from . import words", "crib_widgets.scoring", "crib_widgets.words"),
    ("def f():\n    from ..lessons.store import Store", "crib_widgets.exercises.results",
     "crib_widgets.lessons.store"),
])
def test_imports_are_resolved(text: str, module: str, expected: str) -> None:
    (target, _, _), = _imports_in(ast.parse(text), _package_of(module))
    assert _known(target) == expected
