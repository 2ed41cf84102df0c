"""Any hand, any order, any board: a random hand that touches, hops, straightens, misplaces,
slides and hovers pieces and puts them back, then carries out legal move M (lifted or slid,
hovering, the last piece straightened or hopping into place), is recognised as M and nothing
else; a hand that ends on the starting board is no move. The controller ticks every frame while
the hand acts, on each board (squares only, racks, Senet) of each build (plain, overlapping and
gapped reeds: ``sim.board.reeds``).

The only exceptions are what no reed under a square can tell apart
(docs/develop/recognition.md), named below; on a board with rack switches there are none.
``python -m tests.firmware.play.test_any_hand N`` runs N examples of each property (the figure
quoted in docs/develop/benchmarks.md).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.sticks import Throw
from engine.game import Game
from engine.games import load
from engine.games.api import Position, Rules
from engine.tait.state import TAIT
from firmware.play.controller import Settings
from firmware.play.evidence import owners_of, trips
from firmware.play.tracker import AsExpected
from hardware.boards.board_file import BOARDS, Board, load_board
from hardware.core.squares import RACK_OF
from sim.board.pins import SimBoard
from sim.board.reeds import BUILDS, Build
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.invariant import guided_every_frame

EXAMPLES = 12
"""Examples per property in the test suite; the command runs as many as it is asked."""
SENET = load("senet")

# The exceptions, each a thing no reed under a square can tell apart (without racks):
ENTRY_SQUARE_TOUCHED = "re-centring the opponent's piece on an entering bump's square is that bump"
TWO_IN_THE_AIR = "mover and bumped piece both up, one set on the target: that is the bump"
ON_THE_WAY_AND_OFF = "a piece that can bear off, set on 16 (H30) and lifted: that is bearing off"
LIFTED_OFF = "a piece that can bear off with no square to touch, lifted a moment: bearing off"
BOTH_OF_A_SWAP = "both pieces of a possible capture up, each put back: that is the capture"


@dataclass(frozen=True)
class Kind:
    """A board to try: its game, whether racks are fitted, and its name."""

    name: str
    rules: Rules
    racks: bool = False

    def board(self) -> Board | None:
        return racks_board() if self.racks else None


KINDS = (Kind("squares only", TAIT), Kind("racks", TAIT, racks=True), Kind("Senet", SENET))


@cache
def racks_board() -> Board:
    return load_board(BOARDS / "mcp23017-racks.toml")


@cache
def positions(name: str) -> tuple[Position, ...]:
    """Positions with a pending throw that has moves, from random games on the board ``name``."""
    rules = next(kind.rules for kind in KINDS if kind.name == name)
    found = []
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(rules, rules.first_side(rng, None))
        while not game.state.is_over:
            state = game.state
            if state.throw is None and not state.opening:
                assert rules.chance is not None
                for value, _ in rules.chance.outcomes:
                    cast, _ = state.cast(Throw.of(value))
                    if cast.throw is not None and cast.moves:
                        found.append(cast)
            if state.throw is None:
                game.cast(rules.draw(rng))
            elif state.moves:
                game.play(rng.choice(state.moves))
    return tuple(found)


@dataclass(frozen=True)
class Unit:
    """One thing a hand does before the move, ending with every piece back where it was."""

    kind: str  # touch, hop, misplace, slide, hover, double, wait
    a: int = 0
    b: int = 0
    seconds: float = 0.0
    height: float = 0.0


HEIGHTS = st.sampled_from([0.0, 0.2, 0.4])
"""How high a slid piece is carried (square widths): on the board, or hovering low."""
units = st.one_of(
    st.builds(Unit, st.just("touch"), st.integers(0, 99)),
    st.builds(Unit, st.just("hop"), st.integers(0, 99), seconds=st.sampled_from(
        [0.005, 0.05, 0.15, 0.4])),
    st.builds(Unit, st.just("misplace"), st.integers(0, 99), st.integers(0, 99),
              st.floats(0.0, 2.5)),
    st.builds(Unit, st.just("slide"), st.integers(0, 99), st.integers(0, 99), height=HEIGHTS),
    st.builds(Unit, st.just("hover"), st.integers(0, 99), st.integers(0, 99),
              st.floats(0.3, 1.2), st.sampled_from([0.1, 0.3, 0.5])),
    st.builds(Unit, st.just("double"), st.integers(0, 99), st.integers(0, 99),
              st.sampled_from([0.0, 1.0])),
    st.builds(Unit, st.just("wait"), seconds=st.floats(0.1, 3.0)),
)


def squares_of(table: Table) -> tuple[str, ...]:
    return table.sim.board.squares


def unit_is_excluded(state: Position, unit: Unit, pieces: list[str], squares: list[str],
                     empty: list[str], sim: SimBoard, racks: bool) -> str | None:
    """Why ``unit`` cannot be asked to be no move: it *is* a legal move, or, without racks,
    one of the named things reeds cannot tell apart; None when it is a fair test."""
    if unit.kind == "wait":
        return None
    x = pieces[unit.a % len(pieces)]
    choices = {"double": pieces, "hover": squares}.get(unit.kind, empty)
    y = choices[unit.b % len(choices)]
    lifted = {x, y} if unit.kind == "double" else {x}
    over: set[str] = set()  # every square the piece comes within reach of on its way
    if unit.kind == "misplace":
        over = {y}
    elif unit.kind == "slide" and x in squares:
        over = set(sim.reached((x, y), unit.height))
    elif unit.kind == "hover" and x in squares and y != x:
        over = set(sim.reached((x, y, x), unit.height))
    for move in state.moves:
        mover, *others = trips(state, move, racks)
        if unit.kind in ("misplace", "slide") and mover.start in (x, RACK_OF.get(x)) \
                and y == mover.end:
            return "that is the move"
        if unit.kind == "hover" and mover.start == x and mover.end in over:
            return "that is the move, held still over its target a moment"
        if racks:
            continue
        bumped = {o.start for o in others if o.start is not None}
        if mover.start is None and bumped & lifted:
            return ENTRY_SQUARE_TOUCHED
        if mover.start is not None and bumped and mover.end is None:
            continue
        if unit.kind == "double" and bumped and {x, y} == {mover.start, *bumped}:
            return BOTH_OF_A_SWAP if any(o.end is not None for o in others) else TWO_IN_THE_AIR
        if mover.end is None and mover.start in lifted:
            if not mover.via:
                return LIFTED_OFF
            if set(mover.via) & over:
                return ON_THE_WAY_AND_OFF
    return None


def perform(hand: Hand, unit: Unit, pieces: list[str], squares: list[str],
            empty: list[str]) -> None:
    """Do ``unit`` with the hand: every piece ends where it started."""
    table = hand.table
    if unit.kind == "wait":
        table.run(unit.seconds)
        return
    x = pieces[unit.a % len(pieces)]
    if unit.kind == "touch":
        hand.touch(x)
    elif unit.kind == "hop":
        hand.hop(x, unit.seconds)
    elif unit.kind == "hover":
        y = squares[unit.b % len(squares)]
        if x in squares and y != x:
            hand._act(lambda: table.sim.hover(x, y, unit.seconds, height=unit.height))
    elif unit.kind == "double":
        y = pieces[unit.b % len(pieces)]
        if y == x:
            hand.touch(x)
            return
        hand.lift(x)
        hand.lift(y)
        for square in (y, x) if unit.seconds else (x, y):
            hand.place(square)
    else:
        y = empty[unit.b % len(empty)]
        if unit.kind == "misplace":
            hand.lift(x)
            hand.place(y)
            table.run(unit.seconds)  # long enough, and the board guides it back
            hand.lift(y)
            hand.place(x)
        elif x in squares:
            hand.slide(x, y, height=unit.height)
            hand.slide(y, x, height=unit.height)


def table_at(state: Position, kind: Kind, build: Build) -> Table:
    pieces = owners_of(state, kind.racks)
    table = Table(settings=Settings(mummy=None, ruleset=kind.rules), pieces=pieces,
                  board=kind.board(), build=build)
    table.controller.set_up(state)
    table.run(0.5)
    return table


def moves_played(table: Table) -> tuple[Any, ...]:
    game = table.controller.game
    assert game is not None
    return tuple(a for a in game.actions if not isinstance(a, Throw))


def hand_then_move(data: st.DataObject, kind: Kind, build: Build, move_last: bool) -> None:
    found = positions(kind.name)  # by index: sampled_from would hash every position each time
    state = found[data.draw(st.integers(0, len(found) - 1), label="position")]
    move = data.draw(st.sampled_from(state.moves), label="move")
    with table_at(state, kind, build) as table, guided_every_frame(table):
        hand = Hand(table)
        start = table.sim.pieces
        squares = list(squares_of(table))
        pieces = sorted(start)
        empty = [sq for sq in squares if sq not in start]
        for unit in data.draw(st.lists(units, max_size=4), label="hand"):
            if unit_is_excluded(state, unit, pieces, squares, empty, table.sim,
                                kind.racks) is None:
                perform(hand, unit, pieces, squares, empty)
        assert moves_played(table) == (), "a ghost move before the move was made"
        if not move_last:
            table.run(1.0)
            assert table.controller.verdict == AsExpected()
            return
        carry_out(table, state, move, bumped_first=data.draw(st.booleans(), label="bump order"),
                  slide=data.draw(st.booleans(), label="slide"),
                  height=data.draw(HEIGHTS, label="carried at"),
                  hop=data.draw(st.sampled_from([None, 0.005, 0.05, 0.3]), label="last hops"))
        table.run(1.0)
        assert moves_played(table) == (move,)
        game = table.controller.game
        assert game is not None and game.state == state.play(move)[0]


def property_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=examples <= EXAMPLES,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def make_property(kind: Kind, build: Build, move_last: bool,
                  examples: int) -> Callable[[], None]:
    """The property for one board, build and ending, as a hypothesis test."""

    @property_settings(examples)
    @given(st.data())
    def check(data: st.DataObject) -> None:
        hand_then_move(data, kind, build, move_last)

    return check


def properties(examples: int, move_last: bool) -> Iterator[tuple[str, Callable[[], None]]]:
    for kind in KINDS:
        for build in BUILDS.values():
            name = f"{kind.name}, {build.name}, " \
                   f"{'then the move' if move_last else 'back to the start'}"
            yield name, make_property(kind, build, move_last, examples)


def test_a_hand_then_the_move_is_that_move_and_nothing_else() -> None:
    for _, check in properties(EXAMPLES, move_last=True):
        check()


def test_a_hand_that_puts_everything_back_is_no_move() -> None:
    for _, check in properties(EXAMPLES // 2, move_last=False):
        check()


if __name__ == "__main__":  # python -m tests.firmware.play.test_any_hand [N] [words of the labels]
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    wanted = sys.argv[2:]
    for move_last in (True, False):
        for label, prop in properties(n, move_last):
            if not all(word in label for word in wanted):
                continue
            print(f"{label}: {n} examples...", flush=True)
            prop()
            print(f"{label}: passed", flush=True)
