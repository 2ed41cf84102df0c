"""A kiosk visitor chooses the language on the board itself, the menu locked: between games the
six language squares glow in their colours, a piece set alone on one switches the words and the
voice at once and greets the visitor in that language; a game is never disturbed, and the next
visitor finds the board file's language. The controller ticks every frame while hands act."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.games import load
from firmware import words
from firmware.kiosk.language import language_squares
from firmware.lights.scenes import Phase
from firmware.menu.choices import LANGUAGE_COLOURS
from firmware.menu.menu_table import menu_table
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.evidence import rack_owners
from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, Board, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand

LOCKED = replace(load_board(DEFAULT_BOARD).kiosk, enabled=True, menu=False, level="priest")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    words.use("en")
    yield
    words.use("en")


@dataclass
class Kiosk:
    """The locked kiosk on the default board, a second after it started, and a visitor's hand."""

    table: Table
    said: list[str]
    voices: list[str]
    hand: Hand


@pytest.fixture
def at_kiosk(tmp_path: Path) -> Iterator[Kiosk]:
    table, said, voices = kiosk(tmp_path)
    with table:
        table.run(1.0)
        yield Kiosk(table, said, voices, Hand(table))


def square_of(table: Table, language: str) -> str:
    squares = language_squares(menu_table(table.controller.rules.geometry))
    return next(square for square, code in squares.items() if code == language)


def kiosk(tmp_path: Path, board: Board | None = None, **more: object) -> tuple[Table, list[str],
                                                                               list[str]]:
    said: list[str] = []
    voices: list[str] = []
    loaded = board or load_board(DEFAULT_BOARD)
    settings = Settings() if loaded.kind == "twenty-squares" else Settings(ruleset=load("senet"))
    table = Table(state_dir=tmp_path, menu=True, kiosk=LOCKED, board=loaded, settings=settings,
                  say=said.append, language=voices.append, **more)  # type: ignore[arg-type]
    return table, said, voices


@pytest.mark.parametrize("board", ["default", "mcp23017-racks.toml", "senet.toml"])
def test_a_visitor_sets_a_piece_on_a_language_and_the_board_speaks_it(tmp_path: Path,
                                                                      board: str) -> None:
    loaded = load_board(DEFAULT_BOARD if board == "default" else BOARDS / board)
    resting = rack_owners(load("tait").new(Side.CONES)) if loaded.reeds.has_racks else {}
    table, said, voices = kiosk(tmp_path, loaded, pieces=resting)  # racks: pieces in them
    with table:
        table.run(1.0)
        assert table.controller.phase is Phase.IDLE and table.controller.menu_locked
        squares = language_squares(menu_table(table.controller.rules.geometry))
        assert sorted(squares.values()) == sorted(words.LANGUAGES)
        for square, code in squares.items():  # each glows in its colour, English the brightest
            lit = table.frame[square]
            assert lit == LANGUAGE_COLOURS[code] if code == "en" else \
                0 < sum(lit) < sum(LANGUAGE_COLOURS[code])
        hand = Hand(table)
        german = square_of(table, "de")
        hand.place(german)
        table.run(0.5)
        assert words.language() == "de" and voices[-1] == "de"
        assert said == [greeting("de", table)] and table.controller.news == (said[-1],)
        assert sounds.MOVE in table.sim.speaker.played
        hand.lift(german)
        table.run(1.0)
        assert table.frame[german] == LANGUAGE_COLOURS["de"]  # spoken now: the full colour
        assert table.frame[square_of(table, "en")] != LANGUAGE_COLOURS["en"]
        assert table.controller.phase is Phase.IDLE and words.language() == "de"
        hand.shake()
        table.run(1.5)
        assert table.controller.game is not None  # the visitor plays, in German
        assert words.language() == "de" and len(said) == 1


def greeting(language: str, table: Table) -> str:
    """The greeting in ``language``, as its catalog words it."""
    from firmware.play.telling import shake_words
    spoken = words.language()
    words.use(language)
    try:
        return words._("Welcome! This board speaks {language} now. Lift the piece, then {shake} "
                       "to begin a new game.").format(language=words.LANGUAGES[language],
                                                      shake=shake_words(table.controller.rules))
    finally:
        words.use(spoken)


def test_the_greeting_is_said_in_the_language_chosen(at_kiosk: Kiosk) -> None:
    table, said, hand = at_kiosk.table, at_kiosk.said, at_kiosk.hand
    for language in ("fr", "ar", "es"):
        hand.place(square_of(table, language))
        table.run(0.5)
        assert words.language() == language and said[-1] == greeting(language, table)
        assert words.LANGUAGES[language] in said[-1]
        hand.lift(square_of(table, language))
        table.run(0.5)
    assert len(said) == 3  # one greeting a choice: a piece left standing is not heard twice


def test_no_game_is_disturbed_a_piece_on_a_language_square_in_play_is_a_move(
        at_kiosk: Kiosk) -> None:
    table, hand = at_kiosk.table, at_kiosk.hand
    hand.shake()
    table.run(1.5)
    assert table.controller.game is not None
    before, heard = table.controller.game.state, list(at_kiosk.voices)  # the board's own voice
    hand.place(square_of(table, "it"))
    table.run(1.0)
    assert words.language() == "en" and at_kiosk.voices == heard and not at_kiosk.said
    assert table.controller.game.state is before  # a piece where none belongs: no move
    assert not any(table.frame.get(square) == LANGUAGE_COLOURS[code] for square, code in
                   language_squares(menu_table(table.controller.rules.geometry)).items()
                   if square not in table.sim.pieces)


def choose(at_kiosk: Kiosk, language: str) -> None:
    """A visitor sets a piece on the language's square and lifts it again."""
    table, hand = at_kiosk.table, at_kiosk.hand
    hand.place(square_of(table, language))
    table.run(0.5)
    hand.lift(square_of(table, language))
    table.run(1.0)


def test_the_next_visitor_finds_the_board_files_language(at_kiosk: Kiosk) -> None:
    table = at_kiosk.table
    choose(at_kiosk, "it")
    assert words.language() == "it"
    table.run(LOCKED.abandon_after - 5, step=0.5)
    assert words.language() == "it"  # the visitor may still be reading
    table.run(10, step=0.5)
    assert words.language() == "en" and at_kiosk.voices[-1] == "en"
    assert table.frame[square_of(table, "en")] == LANGUAGE_COLOURS["en"]


def test_a_game_ended_for_nobody_brings_the_boards_language_back(at_kiosk: Kiosk) -> None:
    table = at_kiosk.table
    choose(at_kiosk, "es")
    at_kiosk.hand.shake()
    table.run(1.5)
    assert table.controller.game is not None and words.language() == "es"
    table.run(LOCKED.abandon_after + 5, step=0.5)
    assert table.controller.game is None and words.language() == "en"
