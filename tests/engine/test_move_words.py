"""A move said in words (``engine.text.move_text``), the one description every face says: each
kind of move of every game as a player hears it, and no two moves of a position said alike (a
player choosing by the words could not tell them apart)."""

from __future__ import annotations

import random

import pytest

from engine.core.sticks import Throw
from engine.game import Game
from engine.games import load, names
from engine.text import move_text, thrown_text


def said(game: str, position: str, throw: int | None, notation: str) -> str:
    """The words for the move ``notation`` names in ``position`` of ``game``, ``throw`` thrown."""
    state = load(game).parse(position)
    if throw is not None:
        state, _events = state.cast(Throw.of(throw))
    return move_text(state, state.parse_move(notation))


@pytest.mark.parametrize(("game", "position", "throw", "notation", "words"), [
    ("tait", "C:C2,M6 R:M9 entered:CR turn:C", 3, "C2-M5", "Cone on C2 to M5"),
    ("tait", "C:C2,M6 R:M9 entered:CR turn:C", 3, "M6xM9", "Cone on M6 to M9, bumping a Reel"),
    ("tait", "C:C2,M6 R:M9 entered:CR turn:C", 3, "in-C3", "a new Cone onto C3"),
    ("tait", "C:M13 R:M12 off:4,4 entered:CR turn:R", 4, "M12-off",
     "Reel on M12 off the board"),
    ("senet", "C:H3,H12 R:H14,H20 turn:C", 2, "H12xH14",
     "Cone on H12 to H14, changing places with a Reel"),
    ("senet", "C:H23 R:H20 turn:C", 4, "H23-H27", "Cone on H23 to H27, washed back to H1"),
    ("ramses", "C:T12,T17,T18,T19 R:T1,T2,T16,U12 turn:C", None, "T12-T9", "Cone on T12 to T9"),
    ("ramses", "C:T2,T3,T4,T12 R:T11,T19,T20,T21 turn:C", None, "T4-L15",
     "Cone on T4 to the space below T15"),
    ("ramses", "C:T2,T3,T8,U15 R:T11,T19,T20,L10 turn:C", None, "U15-T13",
     "Cone on the space above T15 to T13"),
    ("stacks", "C:w10,C1,M8,M12x3 R:w11,R2,M9,M13 turn:C dice:146", None, "4:M8-M14xM13",
     "with the 4: Cone on M8 to M14, capturing the Reel on M13"),
    ("stacks", "C:w10,C1,M8,M12x3 R:w11,R2,M9,M13 turn:C dice:146", None, "6:in-C3",
     "with the 6: a new Cone onto C3"),
])
def test_each_kind_of_move_is_said_as_a_player_says_it(game: str, position: str,
                                                       throw: int | None, notation: str,
                                                       words: str) -> None:
    assert said(game, position, throw, notation) == words


def test_the_dice_are_said_one_by_one() -> None:
    stacks, tait = load("stacks"), load("tait")
    assert thrown_text(stacks, stacks.new(stacks.first_side(random.Random(0), None)).turn,
                       Throw.of(144)) in ("Cones threw 1, 4 and 4.", "Reels threw 1, 4 and 4.")
    assert thrown_text(tait, tait.new(tait.first_side(random.Random(0), None)).turn,
                       Throw.of(6)).endswith(" threw 6.")


@pytest.mark.parametrize("name", names())
def test_no_two_moves_of_a_position_are_said_alike(name: str) -> None:
    """Random games of each game: at every turn, each legal move has words of its own."""
    rules = load(name)
    rng = random.Random(3)
    turns = 0
    for _game in range(6):
        game = Game(rules, rules.first_side(rng, None))
        while not game.state.is_over and len(game.actions) < 400:
            state = game.state
            if not state.moves:
                game.cast(rules.draw(rng))
                continue
            words = [move_text(state, move) for move in state.moves]
            assert len(set(words)) == len(words), (state.notation(), words)
            turns += 1
            game.play(rng.choice(state.moves))
    assert turns > 100  # (Ramses: a few games of a few dozen moves)


def test_a_place_in_a_long_space_is_named_by_the_square_beside_it() -> None:
    """Ramses' long spaces are drawn whole: a cell's own name (U15) is on no square a player
    sees, in a move's words or in what happened."""
    from engine.core.events import Moved
    from engine.core.sides import Side
    from engine.text import event_text

    ramses = load("ramses")
    line = event_text(Moved(Side.CONES, "T4", "U15"), ramses.geometry)
    assert line == "Cones move T4 to the space above T15."
    assert event_text(Moved(Side.CONES, "T4", "U15")) == "Cones move T4 to U15."  # no board
