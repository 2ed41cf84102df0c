"""The mummy plays Senet: every level plays legal moves and replays from its seed, the Priest
follows its priorities, the searching Vizier equals a plain expectimax (in Senet and in Tait's
game, over the same game interface), its table stays bounded, hints speak Senet, and the fair
mode mixes the levels in Senet too."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import WrongPhase
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games.api import Position
from engine.mummy import Fair, Level, Mummy, hint
from engine.mummy.minds import mind_of
from engine.mummy.search import Search, Table, _Walk
from engine.senet import SENET, SenetPosition, SenetRules
from engine.senet.mummy import capturable, evaluate, priest_move, reason, traits
from engine.tait.evaluation import evaluate as tait_evaluate
from engine.tait.state import GameState
from engine.tait.vizier import Vizier

C, R = Side.CONES, Side.REELS


def at(text: str, rules: SenetRules = SENET) -> SenetPosition:
    return rules.parse(text)


def positions(seed: int, every: int = 9) -> list[SenetPosition]:
    """Positions with a pending throw from a random Senet game, every ``every``-th decision."""
    rng = random.Random(seed)
    position = SENET.new(C)
    found: list[SenetPosition] = []
    while not position.is_over:
        position, _ = position.cast(SENET.draw(rng))
        if position.moves:
            if rng.randrange(every) == 0:
                found.append(position)
            position, _ = position.play(rng.choice(position.moves))
    return found


POSITIONS = positions(1) + positions(2)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_a_legal_move(level: Level) -> None:
    mummy = Mummy(level)
    rng = random.Random(3)
    for position in POSITIONS[::3]:
        assert mummy.choose(position, rng) in position.moves


def play_game(levels: tuple[Level, Level], seed: int) -> list[object]:
    mummies = (Mummy(levels[0]), Mummy(levels[1]))
    throws, choices = random.Random(seed), random.Random(seed + 1)
    position = SENET.new(C)
    moves: list[object] = []
    while not position.is_over:
        position, _ = position.cast(SENET.draw(throws))
        if position.moves:
            moves.append(mummies[position.turn].choose(position, choices))
            position, _ = position.play(moves[-1])
    return moves


def test_the_same_seed_replays_the_same_game() -> None:
    assert play_game((Level.SCRIBE, Level.PRIEST), 5) == play_game((Level.SCRIBE, Level.PRIEST), 5)
    assert play_game((Level.SCRIBE, Level.PRIEST), 5) != play_game((Level.SCRIBE, Level.PRIEST), 6)


def test_the_mummy_waits_for_a_throw() -> None:
    with pytest.raises(WrongPhase):
        Mummy(Level.VIZIER).choose(at("C:H3 R:H20"), random.Random(1))


def test_neferkaptah_plays_as_the_vizier_in_senet_and_says_so() -> None:
    position = at("C:H3,H12 R:H14,H20 turn:C throw:2")
    decision = Mummy(Level.NEFERKAPTAH).decide(position, random.Random(1))
    assert decision.played_as == Level.VIZIER and decision.note is not None
    assert "Neferkaptah plays Senet as the Vizier" in decision.note
    assert decision.move == Mummy(Level.VIZIER).choose(position, random.Random(1))


def test_a_game_the_mummy_does_not_know_is_refused_in_one_line() -> None:
    class Unknown:
        name, title = "hounds", "Hounds and Jackals"

    with pytest.raises(ValueError, match="cannot play Hounds and Jackals yet"):
        mind_of(Unknown())  # type: ignore[arg-type]


# --- The Priest --------------------------------------------------------------------------------


def priest(text: str, value: int) -> str:
    position, _ = at(text).cast(Throw.of(value))
    return position.describe(priest_move(position))


def test_the_priest_bears_off_first() -> None:
    assert priest("C:H3,H26 R:H7,H5", 4) == "H26-off"


def test_the_priest_keeps_out_of_the_water_when_it_can() -> None:
    assert priest("C:H23,H2 R:H20", 4) == "H2-H6"
    assert priest("C:H23 R:H20", 4) == "H23-H27"  # forced


def test_the_priest_captures_the_furthest_piece() -> None:
    assert priest("C:H3,H10 R:H5,H12,H20", 2) == "H10xH12"


def test_the_priest_takes_a_piece_out_of_reach() -> None:
    # The Reel on H18 can reach H19 (1), H20 (2), H21 (3), H22 (4) and H24 (6).
    assert priest("C:H1,H20 R:H18,H29", 6) == "H20-H26"


def test_the_priest_otherwise_brings_the_rearmost_piece_on() -> None:
    assert priest("C:H2,H6 R:H29", 2) == "H2-H4"


def test_traits_and_threats_read_the_rules() -> None:
    position, _ = at("C:H12 R:H10,H20").cast(Throw.of(2))
    assert capturable(SENET.core, position.code, C) == 1 << 12  # H10 is two behind
    t = traits(position, position.moves[0])
    assert t.escapes is False and t.dry and t.captures == 0


# --- The searching Vizier ----------------------------------------------------------------------


def brute_force(position: Position, depth: int, judge: object) -> float:
    """Expectimax written plainly over the game interface: no table, no node count."""
    assert callable(judge)
    if position.winner is not None:
        return 1.0 if position.winner == C else 0.0
    if position.throw is not None:
        values = [brute_force(position.play(m)[0], depth, judge) for m in position.moves]
        return max(values) if position.turn == C else min(values)
    if depth == 0:
        return float(judge(position))
    chance = position.rules.chance
    assert chance is not None
    return sum(float(p) * brute_force(position.cast(Throw.of(v))[0], depth - 1, judge)
               for v, p in chance.outcomes)


SENET_TINY = [
    "C:H28 R:H26,H2 off:4,3 turn:C",
    "C:H24,H21 R:H23,H29 turn:R",
    "C:H12,H14 R:H13,H17 turn:C throw:3",
    "black:- opening:1 turn:R",
]


@pytest.mark.parametrize("text", SENET_TINY)
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_the_search_equals_a_plain_expectimax_in_senet(text: str, depth: int) -> None:
    position = at(text)
    walk = _Walk(position, Table(), evaluate, limit=1 << 40)
    found = walk.best(position, depth) if position.throw else walk.after_move(position, depth)
    assert found == pytest.approx(brute_force(position, depth, evaluate), abs=1e-12)


@pytest.mark.parametrize("depth", [1, 2])
def test_the_search_is_generic_it_values_taits_game_as_taits_vizier_does(depth: int) -> None:
    state = GameState.parse("C:C2,M6,M9 R:M5,M7,M11 off:1,1 entered:CR turn:C throw:1")
    generic = Search(tait_evaluate, depth=depth).analyse(state)
    tait = Vizier(depth=depth).analyse(state)
    assert generic.move == tait.move and generic.depth == tait.depth == depth
    for (m1, v1), (m2, v2) in zip(generic.values, tait.values, strict=True):
        assert m1 == m2 and v1 == pytest.approx(v2, abs=1e-12)


def test_a_small_node_budget_settles_for_a_shallower_depth() -> None:
    position = next(p for p in POSITIONS if len(p.moves) > 1)
    deep = Search(evaluate, depth=2).analyse(position)
    shallow = Search(evaluate, depth=2, node_limit=3 * len(position.moves)).analyse(position)
    assert shallow.depth == 0 and deep.depth == 2
    assert shallow.nodes > 3 * len(position.moves)  # depth 1 ran over the budget: abandoned


def test_the_table_never_outgrows_its_size_and_gives_the_same_move() -> None:
    position = next(p for p in POSITIONS if len(p.moves) > 2)
    small, large = Search(evaluate, table_size=30), Search(evaluate)
    assert small.analyse(position).move == large.analyse(position).move
    assert len(small.table) <= 30 and small.table.clears > 0


def test_the_vizier_wins_when_it_can_and_keeps_out_of_the_water() -> None:
    vizier = Search(evaluate)
    position, _ = at("C:H28 R:H2,H3 off:4,3 turn:C").cast(Throw.of(2))
    assert str(vizier.choose(position)) == "H28-off"
    position, _ = at("C:H23,H4 R:H2,H20").cast(Throw.of(4))
    assert str(vizier.choose(position)) == "H4-H8"


def test_the_evaluation_favours_the_side_ahead() -> None:
    assert evaluate(at("C:H28 R:H2,H3 off:4,3 turn:R")) > 0.8
    assert evaluate(at("C:H2,H3 R:H28 off:3,4 turn:C")) < 0.2
    assert evaluate(at("C:H20 R:H12")) > evaluate(at("C:H12 R:H20"))
    assert evaluate(SENET.new(C)) == 0.5


# --- Hints and the fair mode -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value", "words"), [
    ("C:H3,H12 R:H14,H20 turn:C", 2, "Cone on H12 to H14, changing places with a Reel: "
                                     "captures the Reel on H14 and sends it back to H12"),
    ("C:H26,H3 R:H20", 4, "Cone on H26 off the board: bears the piece on H26 off"),
    ("C:H23 R:H20", 4, "Cone on H23 to H27, washed back to H1: has to step into the House of "
                       "Water: the piece goes back to H1"),
    ("C:H28 R:H2", 2, "Cone on H28 off the board: bears off the last piece and wins"),
])
def test_hints_speak_of_senet(text: str, value: int, words: str) -> None:
    position, _ = at(text).cast(Throw.of(value))
    assert str(hint(position, Level.PRIEST)) == words
    assert reason(position, position.moves[0])


def test_a_vizier_hint_gives_the_chances() -> None:
    position, _ = at("C:H28 R:H2 turn:C").cast(Throw.of(2))
    assert hint(position).reason.endswith("(the Vizier gives Cones 100% to win)")


def test_the_fair_mode_mixes_the_levels_in_senet() -> None:
    rng = random.Random(4)
    fair = Fair(strength=1.5)
    played = set()
    mummy = Mummy()
    for position in POSITIONS[:12]:
        level = fair.pick(rng)
        played.add(level)
        assert mummy.choose(position, rng, level) in position.moves
    assert played == {Level.PRIEST, Level.VIZIER}
