"""The import graph of the shipped packages: no file imports a file that imports it back, the
layers import only downward (sim -> firmware -> engine, hardware; engine and hardware import
nothing of ours but themselves), and inside ``hardware``, ``firmware`` and ``sim`` the rooms
(packages) import only the rooms below them, with no circle between packages.

Every import statement counts, wherever it stands: at the top, inside a function, under
``TYPE_CHECKING``. ``from package import name`` depends on the package's ``__init__`` as well as
on the module ``name`` when there is one.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "hardware", "firmware", "sim")
MAY_IMPORT = {
    "engine": {"engine"},
    "hardware": {"hardware"},
    "firmware": {"firmware", "engine", "hardware"},
    "sim": {"sim", "firmware", "engine", "hardware"},
}
"""Each layer, and the layers of ours its files may import."""
ROOMS = {
    "hardware": ("hardware.core", "hardware.doors", "hardware.sounds", "hardware.boards",
                 "hardware.lights", "hardware.sensors", "hardware.sticks", "hardware.devices",
                 "hardware.selftest"),
    "firmware": ("firmware.words", "firmware.lights", "firmware.solve", "firmware.menu",
                 "firmware.play", "firmware.spoken", "firmware.story", "firmware.kiosk",
                 "firmware.service", "firmware.kit"),
    "sim": ("sim.board", "sim.far", "sim.drawing", "sim.pages", "sim.terminal", "sim.window",
            "sim.wall", "sim.web", "sim.browser", "sim.command"),
}
"""The rooms of ``hardware``, ``firmware`` and ``sim``, lowest first: a room imports only itself
and the rooms before it in its layer (and the layers below)."""
MOST_MODULES = 15
"""A room holds at most this many modules (its ``__init__`` not counted): past that, split it."""
GAME_FREE = ("engine.core", "engine.games", "engine.mummy")
"""The packages every game builds on: none of their files imports a game's package."""


def modules() -> dict[str, Path]:
    """Every module of the shipped packages by dotted name (a package by its ``__init__``)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _ours(name: str, known: dict[str, Path]) -> str | None:
    """The module of ours that ``name`` loads (its longest dotted prefix that is one), if any."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of ours that module ``name`` (at ``path``) imports, statement by statement."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            found = _ours(target, known)
            if found is not None and found != name:
                yield found


def graph() -> dict[str, set[str]]:
    """Each module of ours and the modules of ours it imports (a copy: a test may plant an
    import in it)."""
    return {name: set(targets) for name, targets in _parsed().items()}


@functools.cache
def _parsed() -> dict[str, frozenset[str]]:
    """The graph as the source says it, parsed once for every test of this module."""
    known = modules()
    return {name: frozenset(imported(name, path, known)) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a circle (Tarjan's
    strongly connected components of more than one module)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # An explicit stack: a recursive walk would be as deep as the longest import chain.
        work = [(start, iter(sorted(edges[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        while work:
            node, rest = work[-1]
            for target in rest:
                if target not in order:
                    order[target] = low[target] = len(order)
                    stack.append(target)
                    work.append((target, iter(sorted(edges[target]))))
                    break
                if target in stack:
                    low[node] = min(low[node], order[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == order[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for node in sorted(edges):
        if node not in order:
            visit(node)
    return found


def test_the_graph_sees_every_package_and_its_imports() -> None:
    edges = graph()
    assert {name.partition(".")[0] for name in edges} == set(PACKAGES)
    assert "engine.games.api" in edges["engine.tait.rules"]
    assert "engine.mummy.levels" in edges["engine.mummy"]  # a package's __init__ counts


def test_circles_are_found_however_long() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert circles(edges) == [["a", "b", "c"]]


def test_no_file_imports_a_file_that_imports_it_back() -> None:
    assert circles(graph()) == []


def test_layers_import_only_downward() -> None:
    upward = sorted(
        f"{name} imports {target}"
        for name, targets in graph().items()
        for target in targets
        if target.partition(".")[0] not in MAY_IMPORT[name.partition(".")[0]]
    )
    assert upward == []


def games() -> set[str]:
    """Each game's package (``engine.tait``...), as the registry names them."""
    from engine.games import GAMES

    return set(GAMES.values())


def _within(name: str, packages: set[str] | tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(f"{package}.") for package in packages)


def imports_of(edges: dict[str, set[str]], importers: set[str] | tuple[str, ...],
               imported: set[str]) -> list[str]:
    """Each import by a module of the ``importers`` packages of a module of ``imported``."""
    return sorted(f"{name} imports {target}" for name, targets in edges.items()
                  if _within(name, importers) for target in targets
                  if _within(target, imported))


def test_the_check_for_game_imports_finds_one() -> None:
    edges = {"engine.mummy.hints": {"engine.tait.state", "engine.mummy.levels"},
             "engine.tait.state": {"engine.mummy.levels"}}
    assert imports_of(edges, GAME_FREE, games()) == ["engine.mummy.hints imports engine.tait.state"]


def test_the_game_free_packages_import_no_game() -> None:
    assert imports_of(graph(), GAME_FREE, games()) == []


def test_tait_imports_no_other_game() -> None:
    """Cyningstan's game is built on Tait's core, never the other way round."""
    assert imports_of(graph(), ("engine.tait",), games() - {"engine.tait"}) == []


def room(name: str) -> str:
    """The package a module lives in, one level under its layer (``firmware.play``); a module at
    the top of a layer is a room of its own, and the layer's ``__init__`` is the layer."""
    return ".".join(name.split(".")[:2])


def rooms_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each room and the other rooms its modules import."""
    found: dict[str, set[str]] = {}
    for name, targets in edges.items():
        found.setdefault(room(name), set()).update(
            room(target) for target in targets if room(target) != room(name))
    for targets in list(found.values()):
        for target in targets:
            found.setdefault(target, set())
    return found


def upward_rooms(edges: dict[str, set[str]]) -> list[str]:
    """Each import by a room of a room of its own layer that ``ROOMS`` puts after it (or names
    nowhere)."""
    wrong = []
    for name, targets in sorted(edges.items()):
        layer = name.partition(".")[0]
        if layer not in ROOMS or room(name) == layer:
            continue
        order = ROOMS[layer]
        for target in sorted(targets):
            if target.partition(".")[0] != layer or room(target) in (room(name), layer):
                continue
            if room(name) not in order or room(target) not in order or \
                    order.index(room(target)) > order.index(room(name)):
                wrong.append(f"{name} imports {target}")
    return wrong


def test_the_rooms_check_finds_an_upward_import_and_a_circle() -> None:
    edges = {"firmware.menu.card": {"firmware.play.store"},
             "firmware.play.store": {"firmware.menu.card", "firmware.words"}}
    assert upward_rooms(edges) == ["firmware.menu.card imports firmware.play.store"]
    assert circles(rooms_graph(edges)) == [["firmware.menu", "firmware.play"]]


def test_an_upward_import_planted_in_hardware_is_found() -> None:
    edges = graph()
    assert upward_rooms(edges) == []
    edges["hardware.core.clock"].add("hardware.sensors.hall")
    edges["hardware.doors.file_reader"].add("hardware.devices")
    assert upward_rooms(edges) == ["hardware.core.clock imports hardware.sensors.hall",
                                   "hardware.doors.file_reader imports hardware.devices"]


def test_every_room_of_each_layer_is_named_in_its_order() -> None:
    found = {room(name) for name in graph() if name.partition(".")[0] in ROOMS}
    assert found - set(ROOMS) == {room for order in ROOMS.values() for room in order}


def test_no_circle_between_packages() -> None:
    assert circles(rooms_graph(graph())) == []


def test_rooms_import_only_the_rooms_below_them() -> None:
    assert upward_rooms(graph()) == []


def test_no_room_holds_more_than_fifteen_modules() -> None:
    sizes: dict[str, int] = {}
    for name in graph():
        if name.count(".") >= 2:
            sizes[room(name)] = sizes.get(room(name), 0) + 1
    assert {name: size for name, size in sizes.items() if size > MOST_MODULES} == {}
