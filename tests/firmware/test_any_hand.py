"""Any hand, any order: a random hand that touches, misplaces and puts back pieces, then carries
out legal move M, is recognised as M and nothing else; a hand that ends on the starting board is
no move. The controller ticks every frame while the hand acts.

The only exceptions are what no reed under a square can tell apart (firmware/README.md), named
below; on a board with rack switches there are none. ``python -m tests.firmware.test_any_hand N``
runs N examples of each property (the figure quoted in the README).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.sticks import Throw
from engine.game import Game
from engine.tait.moves import Move
from engine.tait.state import GameState
from firmware.controller import Settings
from firmware.evidence import owners_of, trips
from firmware.tracker import AsExpected
from hardware.board_file import BOARDS, load_board
from hardware.squares import RACK_OF, SQUARES, passed_over
from sim.table import Table
from tests.firmware.hand import Hand, carry_out

BEAR_OFF_SQUARE = "M16"
EXAMPLES = 40
"""Examples per property in the test suite; the command runs as many as it is asked."""

# The exceptions, each a thing no reed under a square can tell apart (without racks):
ENTRY_SQUARE_TOUCHED = "re-centring the opponent's piece on an entering bump's square is that bump"
TWO_IN_THE_AIR = "mover and bumped piece both up, one set on the target: that is the bump"
ON_16_AND_OFF = "a piece that can bear off, set on 16 and lifted: that is bearing off"


@cache
def positions() -> tuple[GameState, ...]:
    """Positions with a pending throw that has moves, from random games."""
    found = []
    for seed in range(12):
        rng = random.Random(seed)
        game = Game()
        game.demon_cast(rng)
        while not game.state.is_over:
            for value in game.ruleset.values:
                state, _ = game.state.cast(Throw.of(value))
                if state.throw is not None:
                    found.append(state)
            game.cast(game.ruleset.draw(rng))
            if game.state.moves:
                game.play(rng.choice(game.state.moves))
    return tuple(found)


@cache
def racks_board():  # type: ignore[no-untyped-def]
    return load_board(BOARDS / "mcp23017-racks.toml")


@dataclass(frozen=True)
class Unit:
    """One thing a hand does before the move, ending with every piece back where it was."""

    kind: str  # touch, misplace, slide, double, wait
    a: int = 0
    b: int = 0
    seconds: float = 0.0


units = st.one_of(
    st.builds(Unit, st.just("touch"), st.integers(0, 99)),
    st.builds(Unit, st.just("misplace"), st.integers(0, 99), st.integers(0, 99),
              st.floats(0.0, 2.5)),
    st.builds(Unit, st.just("slide"), st.integers(0, 99), st.integers(0, 99)),
    st.builds(Unit, st.just("double"), st.integers(0, 99), st.integers(0, 99),
              st.sampled_from([0.0, 1.0])),
    st.builds(Unit, st.just("wait"), seconds=st.floats(0.1, 3.0)),
)


def unit_is_excluded(state: GameState, unit: Unit, pieces: list[str], empty: list[str],
                     racks: bool) -> str | None:
    """Why ``unit`` cannot be asked to be no move: it *is* a legal move, or, without racks,
    one of the named things reeds cannot tell apart; None when it is a fair test."""
    x = pieces[unit.a % len(pieces)]
    y = pieces[unit.b % len(pieces)] if unit.kind == "double" else empty[unit.b % len(empty)]
    for move in state.moves:
        mover = trips(state, move, racks)[0]
        if unit.kind in ("misplace", "slide") and mover.start in (x, RACK_OF.get(x)) \
                and y == mover.end:
            return "that is the move"
        if racks:
            continue
        if move.enters and state.is_bump(move) and move.target in (x, y):
            return ENTRY_SQUARE_TOUCHED
        if unit.kind == "double" and state.is_bump(move) and {x, y} == {move.source,
                                                                        move.target}:
            return TWO_IN_THE_AIR
        if move.bears_off and x == move.source and (
                y == BEAR_OFF_SQUARE or (unit.kind == "slide"
                and BEAR_OFF_SQUARE in passed_over(x, y))):
            return ON_16_AND_OFF
    return None


def perform(hand: Hand, unit: Unit, pieces: list[str], empty: list[str]) -> None:
    """Do ``unit`` with the hand: every piece ends where it started."""
    table = hand.table
    if unit.kind == "wait":
        table.run(unit.seconds)
        return
    x = pieces[unit.a % len(pieces)]
    if unit.kind == "touch":
        hand.touch(x)
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
        elif x in SQUARES:
            hand.slide(x, y)
            hand.slide(y, x)


def table_at(state: GameState, racks: bool) -> Table:
    pieces = owners_of(state, racks)
    table = Table(settings=Settings(mummy=None), pieces=pieces,
                  board=racks_board() if racks else None)
    table.controller.set_up(state)
    table.run(0.5)
    return table


def moves_played(table: Table) -> tuple[Move, ...]:
    game = table.controller.game
    assert game is not None
    return tuple(a for a in game.actions if isinstance(a, Move))


def hand_then_move(data: st.DataObject, racks: bool, move_last: bool) -> None:
    state = data.draw(st.sampled_from(positions()), label="position")
    move = data.draw(st.sampled_from(state.moves), label="move")
    with table_at(state, racks) as table:
        hand = Hand(table)
        start = table.sim.pieces
        pieces = sorted(start)
        empty = [sq for sq in SQUARES if sq not in start and sq not in RACK_OF]
        for unit in data.draw(st.lists(units, max_size=4), label="hand"):
            if unit_is_excluded(state, unit, pieces, empty, racks) is None:
                perform(hand, unit, pieces, empty)
        assert moves_played(table) == (), "a ghost move before the move was made"
        if not move_last:
            table.run(1.0)
            assert table.controller.verdict == AsExpected()
            return
        carry_out(table, state, move, bumped_first=data.draw(st.booleans(), label="bump order"),
                  slide=data.draw(st.booleans(), label="slide"))
        table.run(1.0)
        assert moves_played(table) == (move,)
        game = table.controller.game
        assert game is not None and game.state == state.play(move)[0]


def property_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=examples <= EXAMPLES,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def make_property(racks: bool, move_last: bool, examples: int) -> Callable[[], None]:
    """The property for one kind of board and ending, as a hypothesis test."""

    @property_settings(examples)
    @given(st.data())
    def check(data: st.DataObject) -> None:
        hand_then_move(data, racks, move_last)

    return check  # type: ignore[no-any-return]


def properties(examples: int, move_last: bool) -> Iterator[tuple[str, Callable[[], None]]]:
    for racks in (False, True):
        name = f"{'racks' if racks else 'squares only'}, " \
               f"{'then the move' if move_last else 'back to the start'}"
        yield name, make_property(racks, move_last, examples)


def test_a_hand_then_the_move_is_that_move_and_nothing_else() -> None:
    for _, check in properties(EXAMPLES, move_last=True):
        check()


def test_a_hand_that_puts_everything_back_is_no_move() -> None:
    for _, check in properties(EXAMPLES, move_last=False):
        check()


if __name__ == "__main__":  # python -m tests.firmware.test_any_hand [N] [words of the labels]
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    wanted = sys.argv[2:]
    for move_last in (True, False):
        for label, prop in properties(n, move_last):
            if not all(word in label for word in wanted):
                continue
            print(f"{label}: {n} examples...", flush=True)
            prop()
            print(f"{label}: passed", flush=True)
