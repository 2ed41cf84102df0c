"""Every game speaks for itself in the window: its help pages, About and status lines never name
another game's pieces, squares or chance device."""

from __future__ import annotations

import contextlib
import random
import re

import pytest

from engine.core.sides import Side
from engine.games import load, names
from firmware.lights.scenes import Phase
from sim.pages.how_to_play import about, how_to_play
from sim.window.settings import WindowSettings
from tests.sim.window.test_window_games import play_whole_game
from tests.sim.window.window_hands import Window, click, set_out, shake, start_pygame

DEVICES = {"sticks": r"\bsticks\b", "die": r"\bdie\b", "dice": r"\bdice\b"}
SQUARE = re.compile(r"\b[A-Z]\d{1,2}\b")


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def said(name: str) -> list[str]:
    """The window's status and news lines over the first turns of a game against the mummy."""
    window = Window.open(settings=WindowSettings(mummy=Side.REELS), seed=4, game=name)
    lines = [window.status(), window.news()]
    if window.play.rules.chance is not None:
        shake(window)
    else:
        window.act("new_game")
    for _ in range(12):
        controller = window.controller
        lines += [window.status(), window.news()]
        if controller.phase is Phase.WON:
            break
        with contextlib.suppress(AssertionError):  # no winner after one turn: it goes on
            play_whole_game(window, random.Random(1), turns=1)
    return lines


@pytest.mark.parametrize("name", names())
def test_help_and_status_lines_speak_only_of_the_games_own_things(name: str) -> None:
    rules = load(name)
    pages = [*how_to_play(rules), about(rules)]
    text = "\n".join([*(f"{p.title}\n{p.body}" for p in pages), *said(name)])
    words = rules.words
    for device, pattern in DEVICES.items():
        if device != words.device and (device, words.device) != ("die", "dice"):  # one of dice
            assert not re.search(pattern, text.replace("no sticks and no dice", "")
                                 .replace("No sticks and no dice", "")), (device, name)
    squares = set(rules.geometry.squares)
    foreign = {s for s in SQUARE.findall(text) if s not in squares and s != "F11"}  # a key
    assert not foreign, foreign
    men = re.search(r"\bm[ae]n\b", text)
    assert (men is None) == (words.piece != "man"), name
    how = "\n".join(p.body for p in pages[:-1])  # About names the font's licence file
    assert not re.search(r"[\w/]+\.(md|py|txt)\b", how)  # no file of the source tree
    engine = re.findall(r"\b[a-z]+_[a-z_]+\b|\b[A-Za-z]+\.[A-Za-z_]+\b|\b[A-Z][a-z]+[A-Z]\w*", how)
    assert not engine, engine  # nor the engine's names (an option, a class, a method)
    assert not re.search(r"\w :", how)  # a reason left out leaves no space before its colon


def test_a_ramses_piece_with_two_squares_to_go_to_is_clicked_then_its_square() -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=4, game="ramses")
    window.act("new_game")
    window.step(1.0)
    set_out(window)  # the pieces go on their starting squares first
    state = window.controller.game.state  # type: ignore[union-attr]
    by_start: dict[str, list[str]] = {}
    for move in state.moves:
        by_start.setdefault(move.source, []).append(move.target)
    source, targets = next((s, t) for s, t in by_start.items() if len(t) > 1)
    click(window, window.layout.squares[source].center)
    assert " or ".join(sorted(targets)) in window.news()  # which square? said, not guessed
    assert window.controller.game.actions == ()  # type: ignore[union-attr]
    click(window, window.layout.squares[targets[-1]].center)
    window.step(1.0)
    made = window.controller.game.actions  # type: ignore[union-attr]
    assert made and str(made[0]) == f"{source}-{targets[-1]}"


def test_after_a_win_a_click_takes_a_leftover_piece_off_and_the_status_says_so() -> None:
    from engine.tait.state import GameState
    from tests.sim.window.window_hands import make, set_up

    window = set_up("C:M15 R:M9,M10 off:4,3 turn:C throw:1:WDDD")
    state = window.controller.game.state  # type: ignore[union-attr]
    assert isinstance(state, GameState)
    make(window, state.parse_move("M15"))  # the last Cone bears off: the Cones win
    controller = window.controller
    assert controller.phase is Phase.WON
    assert window.status().endswith("Click a piece (or drag it) to take it off.")
    for square in ("M9", "M10"):
        click(window, window.layout.squares[square].center)
    assert not window.table.sim.pieces  # both Reels went to their sideline
    window.step(8.0)
    assert controller.phase is Phase.IDLE


@pytest.mark.parametrize("name", names())
def test_the_mummyfact_scrap_ends_above_the_windows_edge(name: str) -> None:
    window = Window.open(settings=WindowSettings(mummy=None), seed=1, game=name)
    for size in ((1280, 720), (800, 600), (1920, 1080)):
        window.resize(size)
        fact = window.layout.fact
        assert fact.bottom <= size[1] - 8 and fact.top > window.layout.news.top, (name, size)
