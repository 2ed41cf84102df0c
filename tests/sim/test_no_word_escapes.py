"""No word escapes the catalog: whole games of every game of the family, the tutorial and a
Setna tournament are played in the pseudo-language ``qps`` (every marked word bracketed and
accented, made from the template by ``firmware.words.catalog``) in the terminal, the window (every
text handed to the font renderer) and on the simulated board (its status lines and everything
it says aloud); any English word left is a word nobody marked.

Nor does the notation hide in them: a move is said in words everywhere a player reads or hears
it ("a new Cone onto C4", never "in-C4", "M14-off", "2:in-C2"), and a run of throws is said with
the sides that threw them, never as "C3 R2 C2", which reads as squares. The notation stays where
a player types it (their own answer, quoted back)."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype
import pytest

from engine.core.sides import Side
from engine.games import load, names
from firmware import words
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.story.tutorial import BOARD, Tutorial
from sim.board.demo import Demo
from sim.board.table import Table
from sim.pages.how_to_play import about, how_to_play
from sim.terminal.game import TerminalGame
from sim.window.settings import WindowSettings
from tests.firmware.story.test_tutorial import follow_the_lessons as follow_on_the_board
from tests.firmware.words.test_players_words import notation_in
from tests.sim.board.test_demo import run_demo
from tests.sim.terminal.test_terminal import Script, enter_then_1
from tests.sim.window.test_window_games import play_whole_game
from tests.sim.window.test_window_tournament import play_by_mouse
from tests.sim.window.test_window_tutorial import choose, follow_the_lessons
from tests.sim.window.window_hands import Window, shake, start_pygame

SQUARE = r"(?:[A-Z]{1,2}\d{1,2}(?:\(\d+\))?)"
NOTATION = re.compile(rf"\b(?:in|{SQUARE})(?:[-x](?:off|{SQUARE}))*\b|\b{SQUARE}\b"
                      r"|\S+/\S+\.(?:md|txt|toml)\b"
                      + "".join(rf"|\b{name}\b" for name in words.LANGUAGES.values()))
"""What stays as it is in every language: squares and moves as the games write them, files,
and each language's own name (a menu of languages names each in itself)."""
ENGLISH = re.compile(r"[A-Za-z]{2,}")
OFFERED = "Ƥîçķ ôñé ôƒ"
"""``Pick one of`` in the pseudo-language: the moves offered after a move typed wrong."""


def escaped(text: str) -> list[str]:
    """The English words in ``text`` outside any notation (none, when every word was marked)."""
    return ENGLISH.findall(NOTATION.sub(" ", text))


def test_the_checker_finds_a_word_nobody_marked() -> None:
    assert escaped("[Çôñéš ţĥŕéŵ 2.] C2-M6 in-C4 M13-off M5xM8 T4-U15 4-5(15)") == []
    assert escaped("[Ļàñĝûàĝé]: English, Deutsch") == []
    assert escaped("[Çôñéš] threw 2") == ["threw"]


class Heard:
    """Every text shown, printed or said while a test runs."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def __call__(self, text: object) -> None:
        if isinstance(text, str) and text.strip():
            self.texts.append(text)

    def notation(self) -> dict[str, str]:
        """Each move in notation (or run of squares) and a text it was found in; an answer to a
        move typed wrong may quote moves as the rules write them (the player typed one, and
        types the one they mean), the moves offered after it are words."""
        found: dict[str, str] = {}
        for text in self.texts:
            for move in notation_in(text.rpartition(OFFERED)[2]):
                found.setdefault(move, text)
        for text in sorted(set(found.values())):
            print(f"NOTATION {text[:150]!r}")
        return found

    def escapes(self) -> dict[str, str]:
        """Each escaped word and a text it was found in."""
        found: dict[str, str] = {}
        for text in self.texts:
            for word in escaped(text):
                found.setdefault(word, text)
        for text in sorted(set(found.values())):
            print(f"ESCAPED {text[:150]!r}")
        return found


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> Iterator[Heard]:
    """The pseudo-language spoken, and every text given to a font renderer caught."""
    start_pygame()
    caught = Heard()

    class FreetypeFont(pygame.freetype.Font):
        def render(self, text: Any, *args: Any, **kwargs: Any) -> Any:
            caught(text)
            return super().render(text, *args, **kwargs)

        def get_rect(self, text: Any, *args: Any, **kwargs: Any) -> Any:
            caught(text)
            return super().get_rect(text, *args, **kwargs)

    class Font(pygame.font.Font):
        def render(self, text: Any, *args: Any, **kwargs: Any) -> Any:
            caught(text)
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.freetype, "Font", FreetypeFont)
    monkeypatch.setattr(pygame.font, "Font", Font)
    monkeypatch.setattr(pygame.font, "SysFont", lambda *a, **k: Font(None, a[1] if len(a) > 1
                                                                     else 20))
    words.use(words.PSEUDO)
    try:
        yield caught
    finally:
        words.use("en")


def drawn(window: Window, heard: Heard) -> None:
    """Draw the whole window once, as the screen would show it now."""
    surface = pygame.Surface(window.layout.size)
    window.render(surface)
    snapshot = window.snapshot()
    heard(snapshot.status)
    heard(snapshot.news)


def watch(window: Window, heard: Heard) -> None:
    """Draw the window after every step it takes."""
    step = window.step

    def drawing_step(seconds: float) -> None:
        step(seconds)
        drawn(window, heard)

    window.step = drawing_step  # type: ignore[method-assign]


@pytest.mark.parametrize("prompts", [600, pytest.param(4000, marks=pytest.mark.long)])
@pytest.mark.parametrize("name", names())
def test_a_whole_game_in_the_terminal_speaks_only_marked_words(name: str, prompts: int,
                                                               heard: Heard) -> None:
    """Games played on until ``prompts`` prompts (make test-long: 4,000), for every kind of line
    (a bump, a piece locked up... each comes in some game of these); the chances after the
    first game's first moves only (the search judging them took most of the time, and its line
    is the same after)."""
    script = Script(["1"] * prompts)
    enter_then_1(script, limit=prompts)
    game = TerminalGame(script.read, script.write, random.Random(3), mummy=Side.REELS,
                        ruleset=load(name))
    first = game.game
    game.read = _answering(game, WRONG)
    game.run()
    for text in (*script.lines, *script.prompts):
        heard(as_typed(text))
    assert game.game is not first  # a whole game was played, and more
    assert any("%" in line for line in script.lines)  # the chances, in the first
    assert sum("Ƥîçķ ôñé ôƒ" in line for line in script.lines) >= len(WRONG)  # answered
    assert heard.escapes() == {}
    assert heard.notation() == {}


@pytest.mark.parametrize("name", names())
def test_every_move_typed_wrong_is_answered_in_marked_words(name: str, heard: Heard) -> None:
    """Every square of the game, alone and to every other square, and the wrong answers, typed
    at each turn of a random game: each error the player meets carries a phrase, said in
    marked words; programmers' errors are not met."""
    from engine.core.errors import BadNotation, IllegalMove, RulesError
    from engine.core.words import Phrase
    from engine.game import Game

    rules = load(name)
    squares = rules.geometry.squares
    typed = [*WRONG, *squares, "in", *(f"{a}-{b}" for a in squares[::3] for b in squares[1::4]),
             *(f"{a}-off" for a in squares[-4:])]
    rng = random.Random(5)
    game = Game(rules, rules.first_side(rng, None))
    met: set[type[RulesError]] = set()
    for _turn in range(80):
        if game.state.is_over:
            break
        if not game.state.moves:  # a throw awaited (Ramses always has its moves)
            game.cast(rules.draw(rng))
            continue
        for text in typed:
            try:
                game.state.parse_move(text)
            except RulesError as exc:
                assert isinstance(exc.words, Phrase), (text, str(exc))
                heard(as_typed(words.problem(exc), tuple(typed)))
                met.add(type(exc))
        game.play(rng.choice(game.state.moves))
    assert {BadNotation, IllegalMove} <= met
    assert heard.escapes() == {}


WRONG = ("Z9", "R1", "C1", "M16", "in-M16", "C2-M6", "M15-off", "5-T8", "T1", "T2-T21", "H30",
         "H1-H29", "9:M9", "C3", "M9-M8")
"""Moves typed wrong, of every kind in some game: an unknown square, the other side's row, a
square without a piece, a wrong length or target, an oblong space not lined up, a die not
thrown (each stays as typed: notation)."""


def as_typed(text: str, typed: Any = WRONG) -> str:
    """``text`` without what the player typed, or a part of it (quoted back as typed, or in
    capitals)."""
    return _typed_pattern(tuple(typed)).sub(" ", text)


@functools.cache
def _typed_pattern(typed: tuple[str, ...]) -> re.Pattern[str]:
    parts = {part for answer in typed for part in (answer, *re.split(r"[-:]", answer)) if part}
    alternatives = "|".join(re.escape(part) for part in sorted(parts, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


CHANCES_SAID = 20
"""Actions of the first game after which the chances are judged no more."""


def _answering(game: TerminalGame, wrong: tuple[str, ...] = ()) -> Any:
    """Answer the throw prompt (in any language) with Enter, every move with 1, each move first
    with the next of the ``wrong`` answers; after the first game's first moves, judge no more
    chances."""
    read = game.read
    typed = iter(wrong * 40)
    asked: list[str] = []

    def answer(prompt: str) -> str:
        if len(game.game.actions) > CHANCES_SAID or game.game.state.is_over:
            game.show_chances = False
        if "Éñţéŕ" in prompt:
            read(prompt)
            return ""
        if asked != [prompt]:  # a new question: first a wrong answer, then the script's
            asked[:] = [prompt]
            mistake = next(typed, None)
            if mistake is not None:
                return mistake
        given: str = read(prompt)
        return given
    return answer


@pytest.mark.parametrize("turns", [60, pytest.param(None, id="won", marks=pytest.mark.long)])
@pytest.mark.parametrize("name", names())
def test_a_whole_game_in_the_window_draws_only_marked_words(name: str, turns: int | None,
                                                            heard: Heard, tmp_path: Path) -> None:
    """The window drawn after every step of a game by mouse against the mummy: ``turns`` of it
    in make test, to the win in make test-long."""
    window = Window.open(state_dir=tmp_path, seed=5, game=name,
                         settings=WindowSettings(mummy=Side.REELS, hints=True))
    watch(window, heard)
    drawn(window, heard)
    for title in ("Options", "Help"):  # the menus, drawn open
        window.menu.open = title
        drawn(window, heard)
    window.menu.open = None
    rules = load(name)
    for page in [*how_to_play(rules), about(rules)]:
        heard(page.title)
        heard(page.body)
    if turns is not None and name == "stacks":
        turns = 40  # each move of the stacking game waits a moment for a capture: fewer
    try:
        if rules.chance is None:
            window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
            window.step(1.0)
        else:
            shake(window)
        play_whole_game(window, random.Random(2), turns or 3000)
    except AssertionError as stopped:
        if turns is None or not str(stopped).startswith("no winner after"):
            raise
    window.step(2.0)
    if turns is None:  # played to the end
        assert window.controller.phase is Phase.WON
    for line in window.controller.said:  # the Log
        heard(line)
    assert heard.escapes() == {}
    assert heard.notation() == {}


def test_the_tutorial_in_the_window_speaks_only_marked_words(heard: Heard,
                                                             tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=Side.REELS), seed=5)
    watch(window, heard)
    choose(window, "Help", "Tutorial")
    window.step(0.5)
    follow_the_lessons(window)
    assert heard.escapes() == {}


def test_a_setna_tournament_in_the_window_speaks_only_marked_words(heard: Heard,
                                                                   tmp_path: Path) -> None:
    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=Side.REELS), seed=5)
    watch(window, heard)
    choose(window, "Options", "Mode", "Setna's tournament against the mummy")
    for _ in range(6):  # the story's pages, read and turned: then the game begins
        window.step(0.5)
        if window.page is not None:
            window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    play_by_mouse(window)
    window.step(3.0)
    assert heard.escapes() == {}


@pytest.mark.parametrize("name", [n if n != "stacks" else pytest.param(n, marks=pytest.mark.long)
                                  for n in names()])  # the stacking game's demo: a minute
def test_a_whole_game_on_the_board_says_only_marked_words(name: str, heard: Heard,
                                                          tmp_path: Path) -> None:
    """The simulated board controller, the mummy's hand playing both sides: every status line
    and everything it tells of the game."""
    table = Table(state_dir=tmp_path, seed=7, settings=Settings(
        mummy_plays_both=True, celebrate=2.0, ruleset=load(name)))
    demo = Demo(table.sim)
    controller = table.controller
    while controller.phase is not Phase.WON and table.now < 3600:
        run_demo(table, demo, 1.0)
        heard(controller.status())
    assert controller.phase is Phase.WON
    for line in controller.said:
        heard(line)
    assert controller.said
    table.close()
    assert heard.escapes() == {}
    assert heard.notation() == {}


def test_the_tutorial_on_the_board_speaks_only_marked_words(heard: Heard, tmp_path: Path) -> None:
    """The board's lessons, as espeak-ng would say them, and its status lines."""
    table = Table(state_dir=tmp_path, settings=Settings(mummy=None), seed=3)
    tutorial = Tutorial(table.controller, BOARD, say=heard)
    table.companions.append(tutorial)
    tutorial.start()
    follow_on_the_board(table, tutorial)
    assert tutorial.finished and heard.texts  # the lessons were spoken
    heard(table.controller.status())
    assert heard.escapes() == {}


def test_the_review_and_the_solved_tables_hints_are_marked(heard: Heard) -> None:
    """``aseb review``'s text and the terminal's hint from the solved table (the two-piece
    table the solver makes for tests)."""
    from engine.core.words import Phrase
    from engine.game import Game
    from engine.mummy.hints import explain
    from engine.mummy.judges import judge_for
    from engine.mummy.review import review
    from sim.command.cli import which_keeps
    from sim.command.review_text import review_text
    from tests.solved import TWO, random_game, two_piece_table

    table = two_piece_table()
    game = random_game(3)
    judged = review(judge_for(TWO, table), game.record)
    heard(review_text(judged))
    replay = Game.from_position(game.record.initial())
    hints = 0
    for action in game.actions:
        if replay.state.moves:
            explained = explain(table, replay.state)
            assert isinstance(explained, Phrase)
            heard(words._("The mummy would play {move}.").format(
                move=words.say(which_keeps(explained))))
            hints += 1
        replay.apply(action)
    assert hints and heard.escapes() == {}
    words.use("en")
    assert review_text(judged) == judged.text()  # every line, word for word, in English


def test_aseb_review_without_a_solved_table_says_so_in_marked_words(
        heard: Heard, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``aseb review`` where no table is: the notice that the chances are a search's estimates
    (its reason came from the solved table's error, English until it carried a phrase; the
    test above reviews with a table, so it never met it)."""
    from firmware.play.records import save_game
    from sim.command.cli import main
    from tests.solved import random_game

    saved = save_game(random_game(3).record, tmp_path / "games")
    capsys.readouterr()
    monkeypatch.setenv("LANGUAGE", words.PSEUDO)  # the language aseb chooses: LANGUAGE's
    assert main(["review", str(saved), "--tables", str(tmp_path / "no-tables")]) == 0
    out = capsys.readouterr().out
    assert "aseb solve" in out  # the notice was printed (the command stays as typed)
    for line in out.splitlines():
        heard(line.replace(str(tmp_path / "no-tables"), " ").replace("aseb solve", " "))
    assert heard.escapes() == {}


def test_the_board_menus_speech_and_the_menu_card_are_marked(heard: Heard,
                                                             tmp_path: Path) -> None:
    """What the board menu says as it opens, and every line printed on the menu card."""
    from firmware.menu.card import layout
    from hardware.boards.board_file import DEFAULT_BOARD, load_board
    from tests.firmware.menu.test_board_menu import close, open_menu

    with Table(state_dir=tmp_path, menu=True, say=heard) as table:
        close(table, open_menu(table))
    assert heard.texts
    card = layout(load_board(DEFAULT_BOARD))
    own_names = re.compile("|".join(words.LANGUAGES.values()))  # each language named in itself
    for text in [line.text for line in card.lines] + [box.meaning for box in card.boxes]:
        heard(own_names.sub(" ", text))
    assert heard.escapes() == {}


def test_the_terminals_settings_commands_answer_in_marked_words(heard: Heard,
                                                                tmp_path: Path) -> None:
    """``options``, a setting set, one set wrong, one asked without a choice: the replies (the
    settings' names and choices are the commands typed, and stay as typed)."""
    from firmware.menu.choices import settings
    from tests.sim.terminal.test_terminal_settings import script

    _game, said, _file, _levels = script(["options", "help", "level vizier", "volume 2",
                                          "level pharaoh", "level", "chances hidden",
                                          str(tmp_path)])
    typed = {word for found in settings() for word in
             (found.key, *(choice.value for choice in found.choices))} | {"pharaoh"}
    for line in said:
        line = line.replace(str(tmp_path), " ")  # the test's last line: not a command, echoed
        heard(" ".join(word for word in re.split(r"(\W+)", line) if word not in typed))
    assert heard.escapes() == {}
