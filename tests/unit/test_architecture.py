"""The package's shape: no import cycle, TYPE_CHECKING ones included, no module too long, no class
with too many public methods, and the store's private modules kept to the store."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "stalwart_agents"
ROOT = PACKAGE.name
MOST_LINES = 500
MOST_PUBLIC_METHODS = 20
REPO = PACKAGE.parents[1]
# A private store module: store/_x.py, or one of a backend's (store/sqlite/_x.py).
PRIVATE_STORE = re.compile(r"^stalwart_agents\.store(\.\w+)*\._\w+")
# Written by a generator: its length follows the spec.
UNMEASURED = ("_generated",)


@cache
def _parsed(path: Path) -> ast.Module:
    """A file's syntax tree, parsed once for every test that walks it."""
    return ast.parse(path.read_text(), str(path))


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name; a package by its __init__."""
    found: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = [ROOT, *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The package's modules `name` imports anywhere in it: top level, functions, TYPE_CHECKING."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(_parsed(path)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in modules:
                    yield submodule
                elif base in modules:
                    yield base


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {
        name: {target for target in _imported(name, path, modules) if target != name}
        for name, path in modules.items()
    }


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach each other through imports (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def _path_round(group: list[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest way from the group's first module back to itself, within the group."""
    start = group[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & set(group)):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    return group


def test_the_package_imports_without_cycles() -> None:
    graph = _graph()
    cycles = [
        f"{' -> '.join(_path_round(group, graph))} (the cycle's modules: {', '.join(group)})"
        for group in _cycles(graph)
    ]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_imports_under_type_checking_and_inside_functions_count(tmp_path: Path) -> None:
    module = tmp_path / "a.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pkg.b import B\n"
        "def later() -> None:\n"
        "    from . import c\n"
    )
    modules = {"pkg": tmp_path, "pkg.a": module, "pkg.b": module, "pkg.c": module}
    assert sorted(_imported("pkg.a", module, modules)) == ["pkg.b", "pkg.c"]


def test_a_cycle_is_found_and_told_as_the_path_round_it() -> None:
    graph = {"a": {"b", "d"}, "b": {"c"}, "c": {"a"}, "d": set()}
    (group,) = _cycles(graph)
    assert (group, _path_round(group, graph)) == (["a", "b", "c"], ["a", "b", "c", "a"])


def test_no_module_is_over_500_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if not str(path.relative_to(PACKAGE)).startswith(UNMEASURED)
        and (lines := len(path.read_text().splitlines())) > MOST_LINES
    }
    assert not long, f"modules over {MOST_LINES} lines: {long}"


def _public_methods(node: ast.ClassDef) -> list[str]:
    """The public functions and properties the class body itself defines; a setter is its
    property's."""
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    names = (f.name for f in node.body if isinstance(f, functions) and not f.name.startswith("_"))
    return list(dict.fromkeys(names))


def test_no_class_has_more_than_20_public_methods() -> None:
    crowded = {
        f"{path.relative_to(PACKAGE)}: {node.name}": count
        for path in PACKAGE.rglob("*.py")
        if not str(path.relative_to(PACKAGE)).startswith(UNMEASURED)
        for node in ast.walk(_parsed(path))
        if isinstance(node, ast.ClassDef)
        and (count := len(_public_methods(node))) > MOST_PUBLIC_METHODS
    }
    assert not crowded, f"classes over {MOST_PUBLIC_METHODS} public methods: {crowded}"


def test_a_class_counts_the_methods_and_properties_of_its_own_body() -> None:
    (node,) = ast.parse(
        "class A(B):\n"
        "    def one(self) -> None: ...\n"
        "    @property\n"
        "    def two(self) -> int: ...\n"
        "    @two.setter\n"
        "    def two(self, value: int) -> None: ...\n"
        "    async def three(self) -> None: ...\n"
        "    def _hidden(self) -> None: ...\n"
    ).body
    assert isinstance(node, ast.ClassDef)
    assert _public_methods(node) == ["one", "two", "three"]


def _private_store_imports(path: Path) -> Iterator[str]:
    """The private store modules a file imports, by dotted name."""
    for node in ast.walk(_parsed(path)):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        yield from (name for name in names if PRIVATE_STORE.match(name))


def test_nothing_outside_the_store_imports_a_private_store_module() -> None:
    # The store's own tests (tests/unit/store) read its migrations and SQL: they are its inside.
    inside = (PACKAGE / "store", REPO / "tests" / "unit" / "store")
    reached = {
        f"{path.relative_to(REPO)}: {name}"
        for folder in (PACKAGE, REPO / "tests", REPO / "bench")
        for path in folder.rglob("*.py")
        if not path.is_relative_to(inside[0]) and not path.is_relative_to(inside[1])
        for name in _private_store_imports(path)
    }
    assert not reached, "private store modules imported from outside the store:\n" + "\n".join(
        sorted(reached)
    )


def test_a_backends_private_module_is_private() -> None:
    assert PRIVATE_STORE.match("stalwart_agents.store.sqlite._store")
    assert PRIVATE_STORE.match("stalwart_agents.store._records")
    assert not PRIVATE_STORE.match("stalwart_agents.store.sqlite")
    assert not PRIVATE_STORE.match("stalwart_agents.store")


# A desk's store or runtime reached by name: desk.store, host.desk.runtime, self._desk.store.
REACHED_THROUGH = re.compile(r"desk\.(store|runtime)\b")


def test_nothing_outside_the_desk_reaches_its_store_or_runtime() -> None:
    reached = {
        f"{path.relative_to(REPO)}:{number}"
        for path in PACKAGE.rglob("*.py")
        if path != PACKAGE / "desk.py"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if REACHED_THROUGH.search(line)
    }
    assert not reached, f"reaching through a desk: {sorted(reached)}"


def test_a_desk_reached_through_any_name_is_caught() -> None:
    assert REACHED_THROUGH.search("await host.desk.store.is_staff(session)")
    assert REACHED_THROUGH.search("self._desk.runtime.model = provider")
    assert not REACHED_THROUGH.search("desk.roles.people.staff()")
