"""A visitor's games in the browser, played natively (the worker runs the same module in
Pyodide): every game to its end against the mummy, saying line for line what the plain terminal
says; refusals in words; the settings; a kept game taken up; the tutorial to its last lesson;
the lights the board would show."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import games
from engine.core.sides import Side
from engine.game import Game
from engine.mummy import Level, Mummy
from engine.record import GameRecord, Notation
from engine.tait.board import path
from firmware import words
from firmware.lights.scenes import GOLD, SIDE_COLOUR
from firmware.menu.choices import choose
from firmware.play.evidence import move_squares
from firmware.service.link_schema import hex_colour
from firmware.story.tutorial import LESSONS
from sim.browser.session import Session
from sim.browser.worker import answer, start
from sim.terminal.game import TerminalGame, whose_move


def session(seed: int = 0, **values: str) -> Session:
    return Session(random.Random(seed), choose(None, values)[0])


def play_on(game: Session, limit: int = 3000) -> int:
    """Play ``game`` to its end: the mummy its steps, the player the first move listed."""
    for steps in range(limit):
        match game.waiting:
            case "over":
                return steps
            case "mummy":
                game.step()
            case "throw":
                game.answer('{"type": "throw"}')
            case "move":
                game.answer('{"type": "move", "move": "1"}')
    raise AssertionError(f"no end after {limit} steps")


def frame_at(game: Session, now: float) -> dict[str, str]:
    """The lights the page shows at ``now``."""
    game.lights(now)
    found: dict[str, str] = json.loads(game.told["lights"])["frame"]
    return found


def of(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    found = [event for event in events if event["type"] == kind]
    assert found, f"no {kind} event in {[e['type'] for e in events]}"
    return found[-1]


@pytest.mark.parametrize("name", games.names())
def test_a_whole_game_says_line_for_line_what_the_plain_terminal_says(name: str) -> None:
    said: list[str] = []

    def read(prompt: str) -> str:
        said.append(prompt.strip(" >\n"))
        if "press Enter to" in prompt:
            return ""
        if "new game" in prompt:
            raise EOFError
        return "1"

    terminal = TerminalGame(read, said.append, random.Random(7), mummy=Side.REELS,
                            chooser=Mummy(Level.PRIEST).choose, ruleset=games.load(name),
                            plain=True)
    terminal.show_chances = False
    terminal.run()
    browser = session(7, game=name, level="priest", chances="hidden")
    play_on(browser)
    end = said.index(next(line for line in said if "new game" in line))
    assert browser.lines[1:-1] == said[2:end]
    assert browser.game.state.winner is not None


def test_a_throw_out_of_turn_is_refused_in_words_and_changes_nothing() -> None:
    game = session(3, opponent="none")
    while game.waiting != "move":
        game.answer('{"type": "throw"}')
    before = game.game.state
    error = game.answer('{"type": "throw"}')[0]
    assert error["type"] == "error" and error["message"].startswith("Not now: Go ahead")
    assert game.game.state is before


@pytest.mark.parametrize("line", [b"garbage", b'{"type": "pin", "pin": "1234"}',
                                  b'{"type": "move", "move": "99"}',
                                  b'{"type": "move", "move": "Z9-Q4"}',
                                  b'{"type": "set", "key": "opponent", "value": "far"}',
                                  b'{"type": "set", "key": "level", "value": "fair"}',
                                  b'{"type": "set", "key": "nothing", "value": "x"}',
                                  b'{"type": "take_up", "record": {"rules": 3}}'])
def test_what_is_not_a_command_here_is_refused_and_play_goes_on(line: bytes) -> None:
    game = session(1, opponent="none")
    while game.waiting != "move":
        game.answer('{"type": "throw"}')
    events = game.answer(line)
    assert events[0]["type"] == "error" and events[0]["message"]
    assert game.waiting == "move"
    game.answer('{"type": "move", "move": "1"}')
    assert game.waiting == "throw"


def test_a_move_by_its_number_its_notation_or_its_square() -> None:
    for pick in ("1", "notation", "square"):
        game = session(2, opponent="none", game="senet")
        while game.waiting != "move":
            game.answer('{"type": "throw"}')
        state = game.game.state
        wanted = next(m for m in state.moves
                      if [state.describe(n).split("-")[0] for n in state.moves].count(
                          state.describe(m).split("-")[0]) == 1)
        text = {"1": str(state.moves.index(wanted) + 1), "notation": state.describe(wanted),
                "square": state.describe(wanted).split("-")[0]}[pick]
        game.answer(json.dumps({"type": "move", "move": text}))
        assert game.game.actions[-1] == wanted


def test_the_page_is_told_only_what_changed() -> None:
    game = session(4, opponent="none")
    first = {event["type"] for event in game.events()}
    assert first >= {"settings", "game", "position", "lights", "status", "throw", "moves",
                     "log", "played"}
    again = game.answer('{"type": "throw"}')
    kinds = {event["type"] for event in again}
    assert "game" not in kinds and "settings" not in kinds
    assert {"position", "throw", "log"} <= kinds
    assert of(again, "log")["said"][0].startswith("Cones threw") or \
        of(again, "log")["said"][0].startswith("Reels threw")


def test_another_game_chosen_draws_its_own_board() -> None:
    game = session(5)
    events = game.answer('{"type": "set", "key": "game", "value": "ramses"}')
    drawn = of(events, "game")
    assert drawn["name"] == "ramses" and drawn["chance"] is None
    assert drawn["svg"].startswith('<svg class="board"') and 'id="sq-' in drawn["svg"]
    assert of(events, "settings")["values"]["game"] == "ramses"
    assert of(events, "throw")["value"] is None  # no luck in Ramses: nothing thrown


def test_two_players_at_one_screen_play_both_sides_and_the_mummy_never_steps_in() -> None:
    game = session(6, opponent="none", game="cyningstan")
    steps = play_on(game)
    assert steps > 20 and game.step() == []
    assert not any("mummy" in line for line in game.lines)


def test_the_mummy_shows_its_move_in_gold_before_it_makes_it() -> None:
    game = session(8, level="vizier")
    while True:
        if game.waiting == "mummy":
            before = len(game.game.actions)
            events = game.step()
            if game.chosen_move is not None:
                break
            assert len(game.game.actions) == before + 1  # its throw
        elif game.waiting == "throw":
            game.answer('{"type": "throw"}')
        else:
            game.answer('{"type": "move", "move": "1"}')
    assert of(events, "moves")["chosen"] is not None
    assert of(events, "log")["said"] == [game.lines[-1]]
    assert game.lines[-1].startswith("The mummy plays: ")
    golden = {name for t in range(12) for name, colour in frame_at(game, t / 10).items()
              if colour == hex_colour(GOLD)}
    assert golden == {square for square in game.game.state.rules.geometry.squares
                      if square in move_squares(game.game.state, game.chosen_move)}
    game.step()
    assert game.chosen_move is None


def test_the_pieces_that_can_move_light_in_the_movers_colour() -> None:
    game = session(9, opponent="none")
    while game.waiting != "move":
        game.answer('{"type": "throw"}')
    frame = frame_at(game, 1.0)
    moves = json.loads(game.told["moves"])["moves"]
    colour = hex_colour(SIDE_COLOUR[game.game.state.turn])
    lit = {move["from"] or move["to"] for move in moves}
    assert lit and all(frame.get(square) == colour for square in lit)


def test_calm_lights_are_steady_while_a_move_waits() -> None:
    game = session(10, opponent="none", lights="calm")
    while game.waiting != "move":
        game.answer('{"type": "throw"}')
    game.lights(0.0)
    assert all(game.lights(t / 7) == [] for t in range(1, 30))  # nothing breathes or blinks


def test_a_kept_game_is_taken_up_where_it_was_left() -> None:
    first = session(11, opponent="none", game="senet")
    for _ in range(30):
        first.answer('{"type": "throw"}' if first.waiting == "throw" else
                     '{"type": "move", "move": "1"}')
    kept = json.loads(first.told["played"])["record"]
    again = start(json.dumps({"settings": {"opponent": "none"}, "record": kept}))
    assert again.game.state.notation() == first.game.state.notation()
    assert again.chosen.game == "senet"
    assert again.lines[-2] == "The game goes on where it was left."


def test_what_the_page_kept_is_read_by_the_one_decoder_and_bad_values_are_left_aside() -> None:
    found = start(json.dumps({"settings": {"level": "fair", "opponent": "far", "game": "senet",
                                           "chances": 7, "mode": "tournament"},
                              "record": {"rules": "nonsense"}, "seed": "x"}))
    assert found.chosen.game == "senet" and found.chosen.mummy is Side.REELS
    assert found.chosen.level is Level.PRIEST and found.chosen.mode == "game"
    assert start("[1, 2").chosen.game == "tait"
    assert start("x" * 100_000).chosen.game == "tait"


def test_a_language_chosen_says_everything_anew_in_it() -> None:
    game = session(12)
    try:
        events = game.answer('{"type": "set", "key": "language", "value": "ar"}')
        assert of(events, "game")["rtl"] is True
        assert of(events, "status")["text"] != ""
        assert all(ord(c) < 128 for c in of(events, "status")["text"]) is False
    finally:
        words.use("en")


def test_the_tutorial_is_played_lesson_by_lesson_then_the_games_go_on() -> None:
    game = session(13, mode="tutorial")
    assert game.lines[0].startswith("Lesson 1 of 6")
    for _ in range(200):
        teacher = game.teacher
        if teacher is None:
            break
        if game.waiting == "mummy":
            game.step()
        elif game.waiting == "throw":
            game.answer('{"type": "throw"}')
        else:
            beat = teacher.lesson.beats[teacher.beat]
            game.answer(json.dumps({"type": "move", "move": beat.move or "1"}))
    assert game.teacher is None and game.chosen.mode == "game"
    assert "The tutorial is over." in game.lines
    assert sum(line.startswith("Lesson ") for line in game.lines) == len(LESSONS)
    assert "Press Throw, or the Enter key" in " ".join(game.lines)


def test_the_lesson_of_the_path_lights_the_path_as_the_board_does() -> None:
    game = session(13, mode="tutorial")
    assert LESSONS[0].path
    lit = {square for t in range(20) for square in frame_at(game, t / 5)}
    assert set(path(Side.CONES)) <= lit


def test_a_move_the_lesson_does_not_teach_starts_the_lesson_again() -> None:
    game = session(14, mode="tutorial")
    state = game.game.state
    other = next(n for n, m in enumerate(state.moves, 1)
                 if state.describe(m) != LESSONS[0].beats[0].move)
    game.answer(json.dumps({"type": "move", "move": str(other)}))
    assert game.teacher is not None and game.teacher.index == 0
    assert game.game.actions == () and game.lines[-3].startswith("Lesson 1 of 6")
    assert game.lines[-2].startswith(LESSONS[0].correct)


def test_the_record_kept_replays_the_game_exactly() -> None:
    game = session(15, opponent="none", game="stacks")
    for _ in range(25):
        game.answer('{"type": "throw"}' if game.waiting == "throw" else
                    '{"type": "move", "move": "1"}')
    record = GameRecord.from_data(json.loads(game.told["played"])["record"])
    assert Game.from_record(record).state.notation() == game.game.state.notation()
    assert record.to_data(Notation()) == json.loads(game.told["played"])["record"]


def test_whatever_goes_wrong_in_the_game_is_told_to_the_page_and_play_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = start('{"settings": {"opponent": "none"}}')

    def broken() -> None:
        raise ZeroDivisionError

    monkeypatch.setattr(game, "throw", broken)
    told = json.loads(answer(game, '{"type": "throw"}'))
    assert told == [{"v": 3, "type": "error",
                     "message": "The game could not do that (ZeroDivisionError)"}]
    monkeypatch.undo()
    assert json.loads(answer(game, '{"type": "throw"}'))[0]["type"] != "error"


@pytest.mark.parametrize("name", games.names())
def test_no_word_escapes_the_catalog_in_a_whole_game_or_the_tutorial(name: str) -> None:
    from tests.sim.test_no_word_escapes import escaped

    game = session(16, level="scribe", chances="shown" if name == "tait" else "hidden")
    try:
        words.use("qps")  # the pseudo-language: every marked word bracketed and accented
        game.lines.clear()  # (what it said in English before)
        said: list[str] = []
        for mode in ("game", "tutorial") if name == "tait" else ("game",):
            game.change("game", name)
            game.change("mode", mode)
            for _ in range(300 if mode == "game" else 60):
                events = game.step() if game.waiting == "mummy" else game.answer(
                    '{"type": "throw"}' if game.waiting == "throw" else
                    '{"type": "new_game"}' if game.waiting == "over" else
                    '{"type": "move", "move": "1"}')
                for event in events:
                    said += {"status": [event.get("text", ""), *(event.get("lesson") or {})
                                        .values()],
                             "moves": [move["words"] for move in event.get("moves", [])],
                             "game": [event.get("title", "")]}.get(event["type"], [])
        said += game.lines
        assert {word: line for line in said for word in escaped(line)} == {}
    finally:
        words.use("en")


@pytest.mark.parametrize("language", ["de", "ar"])
def test_the_status_says_whose_move_it_is_whole_in_every_language(language: str) -> None:
    game = session(17, opponent="none", language=language)
    try:
        while game.waiting != "move":
            game.answer('{"type": "throw"}')
        status = json.loads(game.told["status"])["text"]
        assert status == whose_move(game.game.state) and len(status.split()) >= 3
    finally:
        words.use("en")
