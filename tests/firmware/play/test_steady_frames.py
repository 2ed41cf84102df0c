"""A frame in which nothing moves is kept while the show stays the same, never served stale:
whatever changes on the board or in the show lights at once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.sides import Side
from engine.core.sticks import Throw
from firmware.lights.scenes import Phase, Show, scene, steady
from firmware.play.evidence import move_squares
from sim.board.table import FRAME, Table
from tests.firmware.hand import Hand, carry_out

SQUARES = ("R1", "R4", "M1", "M4", "M8", "M12", "C1", "C4", "S1")
squares = st.frozensets(st.sampled_from(SQUARES), max_size=3)
maybe_square = st.none() | st.sampled_from(SQUARES)
throws = st.none() | st.sampled_from([Throw.parse(t) for t in ("1:DDDW", "4:WWWW", "6:DDDD")])

ALIKE = {
    "turn": st.sampled_from(list(Side)),
    "throw": throws,
    "movable": squares,
    "bump_first": maybe_square,
    "flare_until": st.sampled_from([float("-inf"), 0.5, 3.0]),
    "winner": st.none() | st.sampled_from(list(Side)),
    "since": st.sampled_from([0.0, 1.0]),
    "clearing": squares,
}
"""What every show below draws alike."""

shows = st.builds(
    Show,
    phase=st.sampled_from(list(Phase)),
    lifted_targets=squares,
    reseat=squares,
    mummy_move=st.tuples(maybe_square, maybe_square),
    missing=st.dictionaries(st.sampled_from(SQUARES), st.sampled_from(list(Side)), max_size=2),
    unexpected=squares,
    hint=maybe_square,
    shake_again=st.booleans(),
    stuck=squares,
    **ALIKE,
)

resting = st.builds(
    Show,
    phase=st.sampled_from([Phase.MOVE, Phase.GUIDE]),
    dice=st.booleans(),
    thrown_at=st.sampled_from([0.0, 1.0]),
    calm=st.booleans(),
    # at rest (builds would draw these too)
    lifted_targets=st.just(frozenset()), reseat=st.just(frozenset()),
    mummy_move=st.just((None, None)), missing=st.just({}), unexpected=st.just(frozenset()),
    hint=st.none(), shake_again=st.just(False), stuck=st.just(frozenset()),
    **ALIKE,
)
"""Shows at rest but for what ``steady`` does not look at (as random as ``shows``): nearly one
in twenty of ``shows`` is steady, most of these are, so the frames are compared often."""


@settings(max_examples=200, deadline=None)
@given(shows | resting, st.floats(0.0, 5.0),
       st.lists(st.floats(0.0, 30.0), min_size=1, max_size=6))
def test_a_steady_show_draws_the_same_frame_at_any_later_time(
        show: Show, t: float, later: list[float]) -> None:
    if steady(show, t):
        first = scene(show, t)
        for dt in later:
            assert scene(show, t + dt) == first


def test_steady_is_not_everything() -> None:
    """The breathing homes, a lifted piece's pulse and a mistake's blink are never kept."""
    assert steady(Show(Phase.MOVE, movable=frozenset({"R4"})), 1.0)
    assert not steady(Show(Phase.THROW), 1.0)
    assert not steady(Show(Phase.MOVE, lifted_targets=frozenset({"M4"})), 1.0)
    assert not steady(Show(Phase.MOVE, unexpected=frozenset({"M4"})), 1.0)
    assert not steady(Show(Phase.MOVE, flare_until=2.0), 1.0)


def to_a_move(table: Table) -> None:
    """Shake until a throw gives the side to play a move."""
    hand = Hand(table)
    for _ in range(40):
        game = table.controller.game
        if table.controller.phase is Phase.MOVE and game is not None and game.state.moves:
            return
        hand.shake(0.6)
        table.run(1.5)
    raise AssertionError("no move in 40 throws")


def test_a_kept_frame_gives_way_at_once_to_brightness_and_to_a_move() -> None:
    table = Table(seed=4)
    to_a_move(table)
    table.run(1.0)
    kept = table.run(FRAME)
    assert table.run(FRAME) is kept  # steady: kept, not drawn again
    game = table.controller.game
    assert game is not None
    state = game.state
    move = state.moves[0]
    source, target = move_squares(state, move)
    lit = source if source is not None else target
    assert lit is not None and table.sim.lights[lit] != (0, 0, 0)
    before = table.sim.lights[lit]
    table.devices.lights.brightness /= 2
    table.run(FRAME)
    assert table.sim.lights[lit] == tuple(round(c / 2) for c in before)  # at once
    table.devices.lights.brightness *= 2
    table.run(FRAME)
    assert table.sim.lights[lit] == before
    carry_out(table, state, move)
    table.run(0.5)
    assert game.state is not state  # the move was played
    assert table.frame is not kept and table.frame != kept  # and shown
