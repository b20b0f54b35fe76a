"""The module import graph of ``jass_sim``: no cycle, and the one-way rules between core, games and root.

The graph is read from the source with :mod:`ast`, counting every import (at the top of a module and
inside functions alike: a lazy import still ties two modules together). ``from pkg import name``
is an edge to the submodule ``pkg.name`` when there is one, else to ``pkg`` (its ``__init__``), so
a package that imports its submodules and a submodule that imports a name from its own package make
a cycle. Run this file as a script to print the cycles.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "jass_sim"
GAMES = ("jass_sim.jass", "jass_sim.cribbage", "jass_sim.basra")
CLI_ROOT = "jass_sim.cli"


def module_names(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package, by dotted name (a package by its own name, for its ``__init__``)."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _absolute(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of a (possibly relative) ``from`` import's module."""
    if level == 0:
        return target or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """The edges ``importer -> imported`` between modules of the package, at any depth of the code."""
    modules = module_names(root)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(name, is_package, node.level, node.module)
                targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source
                           for alias in node.names]
            else:
                continue
            for target in targets:
                if not target.startswith("jass_sim"):
                    continue
                # ``import a.b.c`` of a name that is not a module (never in this code) would count as ``a.b``
                while target not in modules and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target != name:
                    graph[name].add(target)
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted: the modules
    that import each other through some chain, so that any of them loads all the others."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a deep graph cannot hit the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(components)


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected component (a shortest one from its first module)."""
    return [_shortest_cycle(graph, set(component), component[0]) for component in strongly_connected(graph)]


def _shortest_cycle(graph: dict[str, set[str]], members: set[str], start: str) -> list[str]:
    """A shortest path ``start -> ... -> start`` inside one strongly connected component."""
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if child not in parents:
                    parents[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"{start} is in no cycle")  # unreachable for a component of several modules


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _crossings(graph: dict[str, set[str]], sources, forbidden) -> list[str]:
    return sorted(f"{importer} -> {imported}" for importer, targets in graph.items() for imported in targets
                  if any(_inside(importer, s) for s in sources)
                  and any(_inside(imported, f) for f in forbidden if not _inside(importer, f)))


def test_graph_reads_function_level_imports():
    # A fixture tree: the cycle a - b exists only through an import inside a function, one
    # ``from pkg import submodule`` must resolve to the submodule, and the package's own name to __init__.
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        package = Path(tmp) / "jass_sim"
        (package / "sub").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "a.py").write_text("from jass_sim import b\n")
        (package / "b.py").write_text("def f():\n    from jass_sim.a import x\n")
        (package / "sub" / "__init__.py").write_text("from jass_sim.sub.c import y\n")
        (package / "sub" / "c.py").write_text("from jass_sim.sub import z\nfrom . import d\n")
        (package / "sub" / "d.py").write_text("import jass_sim.a\n")
        graph = import_graph(package)
        assert graph["jass_sim.a"] == {"jass_sim.b"}
        assert graph["jass_sim.b"] == {"jass_sim.a"}
        assert graph["jass_sim.sub"] == {"jass_sim.sub.c"}
        assert graph["jass_sim.sub.c"] == {"jass_sim.sub", "jass_sim.sub.d"}
        assert graph["jass_sim.sub.d"] == {"jass_sim.a"}
        assert find_cycles(graph) == [["jass_sim.a", "jass_sim.b", "jass_sim.a"],
                                      ["jass_sim.sub", "jass_sim.sub.c", "jass_sim.sub"]]


def test_crossings_name_the_imports_across_packages():
    graph = {"jass_sim.core.a": {"jass_sim.core.b", "jass_sim.basra.cards"}, "jass_sim.core.b": set(),
             "jass_sim.jass.api": {"jass_sim.jass.cards", "jass_sim.core.b", "jass_sim.cli"},
             "jass_sim.jass.cards": set(), "jass_sim.basra.cards": {"jass_sim.cribbage.cards"},
             "jass_sim.cribbage.cards": set(), "jass_sim.cli": {"jass_sim.jass.api"}}
    assert _crossings(graph, ["jass_sim.core"], [*GAMES, CLI_ROOT]) == ["jass_sim.core.a -> jass_sim.basra.cards"]
    assert _crossings(graph, GAMES, [*GAMES, CLI_ROOT]) == ["jass_sim.basra.cards -> jass_sim.cribbage.cards",
                                                           "jass_sim.jass.api -> jass_sim.cli"]


def _describe(graph: dict[str, set[str]], component: list[str]) -> str:
    cycle = _shortest_cycle(graph, set(component), component[0])
    if len(component) == len(cycle) - 1:
        return " -> ".join(cycle)
    return f"{' -> '.join(cycle)}\n  (one cycle of {len(component)} modules tied together: {', '.join(component)})"


def test_no_import_cycle():
    graph = import_graph()
    components = strongly_connected(graph)
    assert not components, "import cycles (imports inside functions count):\n" + "\n".join(
        _describe(graph, component) for component in components)


def test_core_imports_no_game_nor_root():
    crossings = _crossings(import_graph(), ["jass_sim.core"], [*GAMES, CLI_ROOT])
    assert not crossings, "jass_sim.core must stay game-neutral:\n" + "\n".join(crossings)


def test_games_are_independent_and_below_the_root():
    crossings = _crossings(import_graph(), GAMES, [*GAMES, CLI_ROOT])
    assert not crossings, "a game imports another game or the root command:\n" + "\n".join(crossings)


if __name__ == "__main__":
    _graph = import_graph()
    for _component in strongly_connected(_graph):
        print(_describe(_graph, _component))
