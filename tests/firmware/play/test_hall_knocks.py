"""A knock is not a move: a stack of three knocked over on the stacking game's Hall board, in
every direction it can fall, from every square, with the dice of a whole turn still to use (or
some used), is guided back to how it stood, and nothing is recorded that the player did not do.
The men fall as men do, in a moment: onto the next square that way (on top of any men there,
of either side), or off the board's edge. `make test` plays a few; the whole matrix is long."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.sides import Side
from firmware.play.controller import Settings
from firmware.play.sounds import MISTAKE
from firmware.play.tracker import AsExpected, Mismatch
from hardware.core.squares import STACKS_POSITION
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.play.stacks_table import STACKS, stacks_table

C, R = Side.CONES, Side.REELS
DIRECTIONS = {"north": (-1, 0), "north-east": (-1, 1), "east": (0, 1), "south-east": (1, 1),
              "south": (1, 0), "south-west": (1, -1), "west": (0, -1), "north-west": (-1, -1)}
DICE = ("135", "24", "6")
"""A turn's three dice, two left, one left."""
NEIGHBOURS = {"empty": "", "a Reel": "R", "a Cone": "C"}


def landing(square: str, direction: tuple[int, int]) -> str | None:
    """The square the knocked men fall on, or None: off the board."""
    row, column = STACKS_POSITION[square]
    return next((s for s, place in STACKS_POSITION.items()
                 if place == (row + direction[0], column + direction[1])), None)


def position(square: str, dice: str, neighbour: str, below: str | None) -> str:
    """Three men of the side whose row or path ``square`` is on, stacked there; the square
    they fall on holding a man of ``neighbour`` (``C``, ``R`` or none)."""
    mine = R if square.startswith("R") else C
    men = {C: [], R: []}
    men[mine].append(f"{square}x3")
    if below is not None and neighbour:
        other = C if neighbour == "C" else R
        allowed = below.startswith("M") or below.startswith(other.name[0])
        if allowed:
            men[other].append(below)
    waiting = {side: 15 - sum(3 if "x3" in m else 1 for m in men[side]) for side in (C, R)}
    cones = ",".join([f"w{waiting[C]}", *men[C]])
    reels = ",".join([f"w{waiting[R]}", *men[R]])
    return f"C:{cones} R:{reels} turn:{mine.name[0]} dice:{dice}"


def knocked_and_set_back(tmp_path: Path, square: str, direction: str, dice: str,
                         neighbour: str = "") -> None:
    """The story: the stack falls, the board guides it back, nothing is played, then a move
    is recognised as ever."""
    where = landing(square, DIRECTIONS[direction])
    text = position(square, dice, neighbour, where)
    state = STACKS.parse(text)
    with stacks_table(text, tmp_path) as table:
        game = table.controller.game
        assert game is not None
        before = list(game.record.actions)
        below = table.sim.stacks.get(where, 0) if where else 0
        table.sim.knock(square, DIRECTIONS[direction])
        table.run(2.0)
        verdict = table.controller.verdict
        assert list(game.record.actions) == before, (text, direction)
        assert isinstance(verdict, Mismatch) and verdict.urgent, (text, direction, verdict)
        assert square in verdict.missing and verdict.toward is None, (text, direction, verdict)
        if where is not None:
            assert verdict.knocked == square, (text, direction, verdict)
            assert where in verdict.unexpected, (text, direction, verdict)
        assert table.controller.unguided() is None
        hand = Hand(table)
        pole = 1 if state.stacks()[square][0] is C else -1
        for _ in range(2):  # the two fallen men back on the stack, from where they lie
            if where is not None:
                hand.lift(where)
            hand.place(square, pole=pole)
        if where is not None and below and table.sim.stacks.get(where, 0) != below:
            hand.place(where, pole=1 if below > 0 else -1)  # a man knocked off it, set back
        table.run(1.0)
        assert isinstance(table.controller.verdict, AsExpected), (text, direction,
                                                                  table.controller.verdict)
        assert list(game.record.actions) == before
        move = game.state.moves[0]
        carry_out(table, game.state, move)
        table.run(2.5)
        assert str(game.record.actions[-1]) == str(move)


@pytest.mark.parametrize(("square", "direction", "dice", "neighbour"), [
    ("M9", "north", "135", "empty"),
    ("M9", "south-west", "24", "a Reel"),
    ("M9", "east", "6", "a Cone"),
    ("C3", "south", "135", "empty"),  # off the board's edge
    ("R5", "east", "24", "empty"),
    ("M14", "west", "6", "a Reel"),
])
def test_a_knocked_stack_is_set_back_and_no_move_is_recorded(
        tmp_path: Path, square: str, direction: str, dice: str, neighbour: str) -> None:
    knocked_and_set_back(tmp_path, square, direction, dice, NEIGHBOURS[neighbour])


@pytest.mark.long
@pytest.mark.parametrize("dice", DICE)
@pytest.mark.parametrize("direction", sorted(DIRECTIONS))
@pytest.mark.parametrize("square", sorted(STACKS_POSITION))
def test_every_knock_from_every_square_with_every_die_left(
        tmp_path: Path, square: str, direction: str, dice: str) -> None:
    knocked_and_set_back(tmp_path, square, direction, dice)


def test_following_the_lights_after_a_knock_records_no_move(tmp_path: Path) -> None:
    # Before, the lights asked for a fallen man to be set back on M9 alone, which made the 1
    # from M9 to M10: a move nobody chose.
    state = STACKS.parse("C:w12,M9x3 R:w15 turn:C dice:135")
    with Table(state_dir=tmp_path, settings=Settings(mummy=None, ruleset=STACKS),
               stacks={"M9": 3}) as table:
        table.controller.set_up(state)
        table.run(0.5)
        table.sim.knock("M9", DIRECTIONS["west"])  # both men onto M10, on the Cones' way
        table.run(2.0)
        hand = Hand(table)
        for _ in range(6):  # a person does what the lights ask, one man at a time
            verdict = table.controller.verdict
            if not isinstance(verdict, Mismatch):
                break
            if verdict.unexpected:
                hand.lift(sorted(verdict.unexpected)[0])
            for where, side in sorted(verdict.missing.items())[:1]:
                hand.place(where, pole=1 if side is C else -1)
            table.run(2.0)
        game = table.controller.game
        assert game is not None and not any(hasattr(a, "die") for a in game.record.actions)
        assert isinstance(table.controller.verdict, AsExpected)
        assert table.sim.stacks == {"M9": 3}


def test_a_knock_makes_no_mistake_sound_of_a_move_and_says_what_happened(
        tmp_path: Path) -> None:
    state = STACKS.parse("C:w12,M9x3 R:w15 turn:C dice:135")
    with Table(state_dir=tmp_path, settings=Settings(mummy=None, ruleset=STACKS),
               stacks={"M9": 3}) as table:
        table.controller.set_up(state)
        table.run(0.5)
        table.sim.knock("M9", DIRECTIONS["north"])
        table.run(1.0)
        status = table.controller.status()
        assert "knocked over" in status and "M9" in status, status
        assert MISTAKE in table.sim.sounds  # a mistake to put right, not a move
