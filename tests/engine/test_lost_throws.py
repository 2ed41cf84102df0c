"""Why a throw is lost, in the rules a newcomer cannot guess: Tait's first entry on a 4 or a 6,
bearing off exactly, a square its own side holds; Cyningstan's exact throw past 16; Senet's
pairs, safe houses, three in a row and leaving before the bottom row. Every lost throw of random
games has its reason, and a throw with a move has none."""

from __future__ import annotations

import random

import pytest

from engine.core.events import ThrowLost
from engine.core.sticks import Throw
from engine.game import Game
from engine.games import load


def why(game: str, position: str, throw: int) -> list[str]:
    state = load(game).parse(position)
    assert not state.cast(Throw.of(throw))[0].moves  # the throw is lost
    return [str(reason) for reason in state.why_lost(Throw.of(throw))]


def test_a_first_piece_waits_for_a_4_or_a_6() -> None:
    assert why("tait", "C:- R:R3 entered:R turn:C", 2) == [
        "The Cones enter their first piece only with a 4 or 6."]


def test_a_piece_bears_off_only_by_landing_exactly_on_16() -> None:
    assert why("tait", "C:M14 R:M9 off:4,0 entered:CR turn:C", 3) == [
        "A piece bears off only by landing exactly on 16."]


def test_a_piece_may_not_land_on_its_own_sides_piece() -> None:
    assert why("tait", "C:M11,M13,M15 R:M9 off:2,0 entered:CR turn:C", 2) == [
        "A piece bears off only by landing exactly on 16.",
        "A piece may not land on its own side's piece (M13, M15)."]


def test_cyningstans_pieces_leave_only_by_an_exact_throw_past_16() -> None:
    assert why("cyningstan", "C:M15 R:M9 off:4,0 turn:C", 3) == [
        "A piece bears off only by an exact throw past 16."]


def test_senets_pairs_safe_houses_and_the_bottom_row_say_why() -> None:
    assert why("senet", "C:H12 R:H13,H14,H2,H4,H6 off:4,0 black:R moved:CR turn:C", 2) == [
        "Two of the opponent's pieces side by side protect each other (H14)."]
    assert why("senet", "C:H24 R:H26,H2,H4,H6,H8 off:4,0 black:R moved:CR turn:C", 2) == [
        "A piece on H26, H28 or H29 cannot be captured (H26)."]
    assert why("senet", "C:H12 R:H13,H14,H15,H2,H4 off:4,0 black:R moved:CR turn:C", 4) == [
        "No piece may pass three of the opponent's pieces in a row."]
    assert why("senet", "C:H28,H16 R:H19,H20,H2,H4 off:3,1 black:R moved:CR turn:C", 3) == [
        "Two of the opponent's pieces side by side protect each other (H19).",
        "A piece leaves past H30 only once all its side's pieces stand on the bottom row."]


def test_a_throw_with_a_move_has_no_reason() -> None:
    state = load("tait").parse("C:C2 R:M9 entered:CR turn:C")
    assert state.why_lost(Throw.of(2)) == ()


@pytest.mark.parametrize("name", ["tait", "cyningstan", "senet"])
def test_every_lost_throw_of_random_games_says_why(name: str) -> None:
    rules = load(name)
    rng = random.Random(7)
    lost = 0
    for _ in range(30):
        game = Game(rules, rules.first_side(rng, None))
        while not game.state.is_over:
            before = game.state
            if before.throw is not None:
                game.play(rng.choice(before.moves))
                continue
            throw = rules.draw(rng)
            events = game.cast(throw)
            if any(isinstance(e, ThrowLost) for e in events) and not before.opening:
                lost += 1
                assert before.why_lost(throw), (before.notation(), throw)
            elif not any(isinstance(e, ThrowLost) for e in events):
                assert before.why_lost(throw) == ()
    assert lost > 20
