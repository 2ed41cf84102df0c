"""Senet's black and white named with the pieces a player sees: the opening says which of the
blue Cones and the amber Reels plays black, and each side's label says which it plays, in
English and in German."""

from __future__ import annotations

import pygame
import pytest

from engine.core.sides import Side
from engine.games import load
from firmware import words
from sim.pages.how_to_play import how_to_play
from sim.window.settings import WindowSettings
from sim.window.window import Window
from tests.sim.window.window_hands import lines_drawn, shake, start_pygame

R = Side.REELS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


@pytest.mark.parametrize(("language", "black", "amber", "blue", "white"), [
    ("en", "plays black", "amber Reels", "blue Cones", "plays white"),
    ("de", "spielt Schwarz", "bernsteinfarbenen Spulen", "blauen Kegel", "spielt Weiß"),
])
def test_the_opening_ties_black_and_white_to_the_pieces_seen(language: str, black: str,
                                                             amber: str, blue: str,
                                                             white: str) -> None:
    words.use(language)
    try:
        window = Window.open(settings=WindowSettings(mummy=R), seed=11, game="senet")
        shake(window)  # the board throws the opening for both sides
        state = window.controller.game.state  # type: ignore[union-attr]
        opening = " ".join(window.controller.said)
        assert amber in opening and blue in opening, opening
        drawn = " ".join(lines_drawn(window, pygame.Surface(window.layout.size)))
        assert black in drawn and white in drawn
        plays = {side: (black if side is state.black else white) for side in Side}
        assert state.black is not None and plays[state.black] == black
    finally:
        words.use("en")


def test_how_to_play_says_black_and_white_are_not_the_pieces_colours() -> None:
    pages = "\n".join(page.body for page in how_to_play(load("senet")))
    assert "five blue Cones against five amber Reels" in pages
    assert "are not the pieces' colours" in pages
