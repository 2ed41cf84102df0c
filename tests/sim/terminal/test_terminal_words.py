"""`aseb play` speaks each game's own words: its chance device (or none), how it begins, its
notation; never another game's."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from engine.core.sides import Side
from engine.games import load, names
from sim.terminal.game import TerminalGame
from tests.sim.terminal.test_terminal import Script

DEVICES = {"sticks": r"\bsticks\b", "die": r"\bdie\b", "dice": r"\bdice\b"}
SQUARE = re.compile(r"\b[A-Z]\d{1,2}\b")
EXAMPLES = {name: f"{load(name).words.move}, {load(name).words.square}" for name in names()}
"""Each game's example in the help: a move and the square that names it."""


CHANCES_SAID = 20
"""Moves after which the chances are said no more (their search took most of the time, and
their line is the same after)."""


@cache
def whole_game(name: str) -> str:
    """Help, then the mummy handed the side to play too: it plays the game to its end (the
    same seeded game each time asked: played once), the chances said after its first moves."""
    script = Script(["help", "mummy"])
    played: list[TerminalGame] = []

    def write(text: str) -> None:
        script.write(text)
        if played and len(played[0].game.actions) > CHANCES_SAID:
            played[0].show_chances = False

    played.append(TerminalGame(script.read, write, random.Random(1), mummy=Side.REELS,
                               ruleset=load(name)))
    played[0].run()
    return script.text


@pytest.mark.parametrize("name", names())
def test_a_whole_game_names_only_its_own_chance_device_and_notation(name: str) -> None:
    text = whole_game(name)
    words = load(name).words
    assert "win!" in text or "they lose." in text
    for device, pattern in DEVICES.items():
        if device != words.device:
            assert not re.search(pattern, text), (device, name)
    if words.device is None:
        assert "throw" not in text.replace("no throw in this game", "")
    else:
        assert f"press Enter to throw the {words.device}" in text
    assert EXAMPLES[name] in text  # the help's example
    for other, example in EXAMPLES.items():
        if example != EXAMPLES[name]:
            assert example not in text, (other, name)
    assert "threw  " not in text  # one space after "threw"
    squares = set(load(name).geometry.squares)
    foreign = {s for s in SQUARE.findall(text) if s not in squares}
    assert not foreign, (name, foreign)  # never another game's squares


@pytest.mark.parametrize("name", ["cyningstan", "ramses", "stacks"])
def test_games_whose_first_player_is_drawn_or_thrown_never_say_the_loser_begins(
        name: str) -> None:
    assert "loser" not in whole_game(name)


def test_the_stacking_game_shows_the_throw_that_decides_who_begins() -> None:
    text = whole_game("stacks")
    found = re.search(r"the Cones threw (\d+) and the Reels (\d+) with the three dice: "
                      r"the (Cones|Reels) begin", text)
    assert found is not None
    cones, reels, first = int(found[1]), int(found[2]), found[3]
    assert first == ("Cones" if cones > reels else "Reels")


def test_the_die_is_shown_as_its_number() -> None:
    assert re.search(r"(Cones|Reels) threw the die: [1-4]\n", whole_game("cyningstan"))
