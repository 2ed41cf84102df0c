"""Every level plays legal moves, the same seed gives the same game, Neferkaptah says when it
falls back to the Vizier, and hints name the move with a reason."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import WrongPhase
from engine.core.sides import Side
from engine.mummy import Level, Mummy, choose, hint
from engine.mummy.hints import reason
from engine.tait.moves import Move
from engine.tait.neferkaptah import NO_TABLE
from engine.tait.state import TAIT, GameState, Ruleset
from engine.tait.vizier import Vizier


def positions(seed: int, every: int = 7, ruleset: Ruleset = TAIT) -> list[GameState]:
    """Positions with a pending throw from a random game, every ``every``-th decision."""
    rng = random.Random(seed)
    state = GameState.new(ruleset, ruleset.first_side(rng, None))
    found: list[GameState] = []
    while state.winner is None:
        state, _ = state.cast(ruleset.draw(rng))
        if state.moves:
            if rng.randrange(every) == 0:
                found.append(state)
            state, _ = state.play(rng.choice(state.moves))
    return found


POSITIONS = positions(1) + positions(2)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_a_legal_move(level: Level) -> None:
    mummy = Mummy(level, vizier=Vizier(depth=1))
    rng = random.Random(3)
    for state in POSITIONS:
        assert mummy.choose(state, rng) in state.legal_moves()


def play_game(levels: tuple[Level, Level], seed: int) -> list[Move]:
    mummies = (Mummy(levels[0], vizier=Vizier(depth=1)), Mummy(levels[1], vizier=Vizier(depth=1)))
    throws, choices = random.Random(seed), random.Random(seed + 1)
    state = GameState.new()
    moves: list[Move] = []
    while state.winner is None:
        state, _ = state.cast(TAIT.draw(throws))
        if state.moves:
            moves.append(mummies[state.turn].choose(state, choices))
            state, _ = state.play(moves[-1])
    return moves


def test_the_same_seed_replays_the_same_game() -> None:
    levels = (Level.SCRIBE, Level.PRIEST)
    assert play_game(levels, 5) == play_game(levels, 5)
    assert play_game(levels, 5) != play_game(levels, 6)


def test_the_vizier_and_neferkaptah_replay_too() -> None:
    levels = (Level.VIZIER, Level.NEFERKAPTAH)
    assert play_game(levels, 8) == play_game(levels, 8)


def test_the_scribe_draws_only_from_the_generator_it_is_given() -> None:
    state = GameState.parse("C:C1,C2,M6,M9 R:M5 entered:CR turn:C throw:1")
    picks = {str(choose(state, Level.SCRIBE, random.Random(seed))) for seed in range(30)}
    assert picks == {str(m) for m in state.legal_moves()}
    assert choose(state, Level.SCRIBE, random.Random(4)) == choose(
        state, Level.SCRIBE, random.Random(4)
    )


def test_the_mummy_waits_for_a_throw() -> None:
    with pytest.raises(WrongPhase):
        Mummy(Level.PRIEST).choose(GameState.new(), random.Random(1))


def test_neferkaptah_without_a_table_plays_as_the_vizier_and_says_so() -> None:
    mummy = Mummy(Level.NEFERKAPTAH)
    state = GameState.parse("C:C2,M6 R:M7 off:0,1 entered:CR turn:C throw:2")
    decision = mummy.decide(state, random.Random(1))
    assert mummy.fallback == NO_TABLE
    assert decision.played_as == Level.VIZIER and decision.note == NO_TABLE
    assert decision.move == Vizier().choose(state)


class PipTable:
    """A stand-in for the solved table: the side to play's chance is its pieces' path positions
    over 100; with ``cones_only`` it holds no position with the Reels to play."""

    ruleset = TAIT

    def __init__(self, cones_only: bool = False) -> None:
        self.cones_only = cones_only

    def chance(self, code: int) -> float | None:
        state = GameState(code)
        if self.cones_only and state.turn == Side.REELS:
            return None
        return sum(state.positions(state.turn)) / 100


def test_neferkaptah_plays_the_tables_best_move() -> None:
    mummy = Mummy(Level.NEFERKAPTAH, table=PipTable())
    # M7-M8 lands on a marked square: the Cones throw again at 2 + 8 = 10%. C2-C3 passes the
    # turn to the Reels at 9%, which leaves the Cones 91%. (No Cone waits to enter.)
    state = GameState.parse("C:C2,M7 R:M9 off:3,1 entered:CR turn:C throw:1")
    decision = mummy.decide(state, random.Random(1))
    assert mummy.fallback is None
    assert decision.move == Move(Side.CONES, 2, 1) and decision.played_as == Level.NEFERKAPTAH
    assert decision.note is None and decision.value == pytest.approx(0.91)


def test_neferkaptah_names_a_position_missing_from_its_table() -> None:
    mummy = Mummy(Level.NEFERKAPTAH, table=PipTable(cones_only=True))
    state = GameState.parse("C:C1,M6 R:M9 off:0,1 entered:CR turn:C throw:1")
    decision = mummy.decide(state, random.Random(1))  # every move passes to the Reels
    assert decision.played_as == Level.VIZIER
    assert decision.note is not None and "does not hold this position" in decision.note


def test_levels_parse_by_name_or_number() -> None:
    assert Level.parse("Vizier") == Level.VIZIER
    assert Level.parse("0") == Level.SCRIBE
    with pytest.raises(ValueError, match="choose one of scribe, priest"):
        Level.parse("pharaoh")


def test_a_hint_names_the_bump() -> None:
    state = GameState.parse("C:C2,M6 R:M7 off:0,1 entered:CR turn:C throw:1")
    suggestion = hint(state, Level.PRIEST)
    assert str(suggestion) == ("Cone on M6 to M7, bumping a Reel: bumps the Reel on M7 back to "
                               "the start")
    assert suggestion.notation == "M6xM7"  # as a player would type it


def test_a_vizier_hint_gives_the_chances() -> None:
    state = GameState.parse("C:M13 R:M12 off:4,4 entered:CR turn:R throw:4")
    suggestion = hint(state)
    assert suggestion.notation == "M12-off"
    assert suggestion.reason == (
        "bears off the last piece and wins (the Vizier gives Reels 100% to win)"
    )


def test_a_hint_plays_at_the_level_of_the_mummy_it_is_given() -> None:
    state = GameState.parse("C:C1,C2,M6,M9 R:M5,M10 entered:CR turn:C throw:1")
    priest = Mummy(Level.PRIEST)
    assert hint(state, mummy=priest).move == priest.choose(state, random.Random(1))
    assert hint(state, mummy=priest).value is None
    assert hint(state, Level.VIZIER, mummy=priest).value is not None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C:C2,M9 R:M5 entered:CR turn:C throw:2", {"C2-C4": "lands on the marked square C4"}),
        ("C:C3,M7 R:M5 entered:CR turn:C throw:3", {"M7-M10": "out of the Reels' reach"}),
        ("C:C2 R:M14 off:0,4 entered:CR turn:C throw:1", {"in-C1": "enters a piece on C1"}),
    ],
)
def test_reasons_speak_of_the_game(text: str, expected: dict[str, str]) -> None:
    state = GameState.parse(text)
    for notation, words in expected.items():
        assert words in reason(state, state.parse_move(notation))
