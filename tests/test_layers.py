"""The package's layers, read from every import statement (lazy ones inside functions too).

Imports go one way: the contract <- board helpers <- the solver <- players; games build on
all four; the doors (CLI, shell, protocol) and the tools on top.  The core imports no game,
no door and no tool, and no module imports another that (directly or not) imports it back.
Imports under ``if TYPE_CHECKING:`` are types only; they count both for the direction and for
cycles (two modules that each need the other, if only for a type, are one concern split in
two), except a module's type-only import of its own package (``games/hex/search.py`` naming
the ``Hex`` of ``games/hex/__init__.py``): a package's modules are parts of it, loaded after it.
"""
from __future__ import annotations

import ast
from pathlib import Path

import gamesman
import gamesman.games
import gamesman.protocol

#: Each layer and the layers it may import (itself included).
ALLOWED = {
    "contract": {"contract"},
    "boards": {"contract", "boards"},
    "solver": {"contract", "boards", "solver"},
    "players": {"contract", "boards", "solver", "players"},
    "games": {"contract", "boards", "solver", "players", "games"},
    "testing": {"contract", "testing"},
    "dev": {"contract", "boards", "solver", "players", "dev"},
    "doors": {"contract", "boards", "solver", "players", "testing", "dev", "doors"},
    # the learning libraries' doors: on top, imported by nothing
    "adapters": {"contract", "boards", "solver", "players", "adapters"},
}
ROOTS = {"gamesman": Path(gamesman.__file__).parent, "gamesman.games": Path(gamesman.games.__file__).parent,
         "gamesman.protocol": Path(gamesman.protocol.__file__).parent}


def layer(module: str) -> str:
    """The layer of a module of the package."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] == "__init__":
        return "contract"  # the package itself holds only its version
    if parts[1] in ("protocol", "__main__"):
        return "doors"
    return parts[1]


def modules() -> dict[str, Path]:
    found = {}
    for prefix, root in ROOTS.items():
        for path in root.rglob("*.py"):
            if "examples" in path.parts:
                continue  # stand-alone programs that speak the protocol, not part of the package
            relative = path.relative_to(root).with_suffix("")
            parts = [p for p in relative.parts if p != "__init__"]
            found[".".join([prefix, *parts])] = path
    return found


def imports(path: Path, known: set[str]) -> list[tuple[str, bool]]:
    """The package's modules that ``path`` imports, each with whether it runs (not TYPE_CHECKING)."""
    tree = ast.parse(path.read_text())
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(inner) for inner in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and (name.startswith("gamesman") or name.split(".")[0] in ("games", "protocol")):
                found.append((name, id(node) not in typing_only))
            elif name.split(".")[0] in ("games", "protocol"):
                found.append((name, True))
    # an ImportFrom adds its module too: keep the most specific target of each statement
    return found


def graph() -> dict[str, set[tuple[str, bool]]]:
    known = modules()
    names = set(known)
    edges: dict[str, set[tuple[str, bool]]] = {}
    for module, path in known.items():
        targets = set()
        for target, runs in imports(path, names):
            if target != module and not (module.startswith(target + ".") and target in ("gamesman",)):
                targets.add((target, runs))
        edges[module] = targets
    return edges


def test_no_module_imports_the_top_level_games_or_protocol_names():
    for module, targets in graph().items():
        for target, _ in targets:
            assert target.startswith("gamesman"), f"{module} imports {target}: use gamesman.games / gamesman.protocol"


def test_imports_go_one_way():
    wrong = []
    for module, targets in graph().items():
        for target, _ in targets:
            if layer(target) not in ALLOWED[layer(module)]:
                wrong.append(f"{module} ({layer(module)}) imports {target} ({layer(target)})")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycles():
    cycles = import_cycles(graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(sorted(c)) for c in cycles)


def test_an_import_cycle_through_a_type_only_import_is_found():
    edges = {"a": {("b", True)}, "b": {("c", True)}, "c": {("a", False)}, "d": {("a", True)}}
    assert import_cycles(edges) == [["a", "b", "c"]]
    assert import_cycles({"a": {("b", False)}, "b": set()}) == []
    package = {"p": {("p.m", True)}, "p.m": {("p", False)}}
    assert import_cycles(package) == []  # a module names its own package's types
    package["p.m"] = {("p", True)}
    assert import_cycles(package) == [["p", "p.m"]]


def import_cycles(found: dict[str, set[tuple[str, bool]]]) -> list[list[str]]:
    """The groups of modules that import each other (directly or not), type-only imports included."""
    edges = {module: {target for target, runs in targets
                      if target in found and (runs or not module.startswith(target + "."))}
             for module, targets in found.items()}
    # Tarjan's strongly connected components, iteratively
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cycles = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
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
                        cycles.append(sorted(component))
    return cycles


def test_the_layers_are_read_from_the_whole_package():
    found = modules()
    assert {"gamesman.contract.game", "gamesman.games.tictactoe", "gamesman.protocol.engine",
            "gamesman.doors.cli"} <= set(found)
    assert all(layer(module) in ALLOWED for module in found)
