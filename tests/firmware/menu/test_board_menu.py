"""The board menu on the simulated board: every choice made by pieces on lit squares alone, the
controller ticking every frame while the hand acts, and kept across a restart."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games import load
from engine.mummy import Level
from firmware.lights.scenes import Phase
from firmware.menu.board_menu import DONE_COLOUR, SHOWN_PAGE, BoardMenu
from firmware.menu.choices import NO_TABLE, choose, offered, setting, settings
from firmware.menu.menu_table import MenuTable, menu_table
from firmware.menu.settings_file import SettingsFile
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.words import say
from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out


def table_of(table: Table) -> MenuTable:
    assert table.controller.menu is not None
    return table.controller.menu.table


def open_menu(table: Table) -> Hand:
    """Between games: a piece on each opening square, then a shake of the sticks."""
    hand = Hand(table)
    for square in table_of(table).opening:
        hand.place(square)
    hand.shake()
    table.run(1.5)
    assert table.controller.phase is Phase.MENU
    return hand


def pick(table: Table, hand: Hand, key: str, value: str) -> None:
    """Show ``key``'s page and choose ``value``, with the piece taken off the first opening
    square (the one on ``done`` stays, to close the menu)."""
    menu = table_of(table)
    page = next(p for p in menu.pages if p.setting.key == key)
    square = page.square_of(value)
    assert square is not None, f"{value} is not offered on this board"
    first = menu.opening[0]
    if first in table.sim.pieces:
        hand.lift(first)
    hand.place(page.tab)
    hand.lift(page.tab)
    assert table.frame[page.tab] == SHOWN_PAGE  # the page shown: its square bright white
    hand.place(square)
    hand.lift(square)
    controller_menu = table.controller.menu
    assert controller_menu is not None and controller_menu.chosen[key] == value
    table.run(0.5)
    assert table.frame[square] == page.choices[square].colour  # the current choice: steady


def close(table: Table, hand: Hand) -> None:
    """Lift the piece from ``done``: the menu closes and saves."""
    hand.lift(table_of(table).done)
    table.run(0.5)
    assert table.controller.phase is not Phase.MENU


def test_every_choice_on_the_board_is_made_by_the_reeds_alone_and_kept(tmp_path: Path) -> None:
    said: list[str] = []
    for found in settings():
        for choice in offered(found, "twenty-squares"):
            with Table(state_dir=tmp_path, menu=True, say=said.append) as table:
                hand = open_menu(table)
                pick(table, hand, found.key, choice.value)
                assert said[-1].startswith(say(choice.label))  # spoken as it is chosen
                close(table, hand)
                assert table.choices is not None and table.choices.chosen[found.key] == \
                    choice.value
                assert sounds.MOVE in table.sim.speaker.played
            with Table(state_dir=tmp_path, menu=True) as table:  # the power off and on
                assert table.choices is not None
                assert table.choices.chosen[found.key] == choice.value
                check_applied(table, found.key, choice.value)


def check_applied(table: Table, key: str, value: str) -> None:
    """The controller plays with the choice."""
    played = table.controller.settings
    if key == "game":
        assert played.ruleset.name == value
    elif key == "opponent":
        assert played.mummy == (None if value in ("none", "far") else Side.parse(value))
        assert played.far == (value == "far")
    elif key == "level":
        assert played.fair == (value == "fair")
        assert played.level == (Level.VIZIER if value == "fair" else Level.parse(value))
    elif key == "mode":
        story = table.choices.story if table.choices is not None else None
        assert (story is not None and story.running) == (value != "game")
    elif key == "chances":
        assert played.chances == (value == "shown")
    elif key == "volume":
        assert table.sim.speaker.volume == pytest.approx(int(value) / 5)
    elif key == "lights":
        assert played.calm == (value == "calm")
    elif key == "spoken":
        assert played.spoken == (value == "on")  # a shake with no piece lifted asks again


def play_moves(table: Table, moves: int) -> None:
    """Shake and carry out the first legal move, ``moves`` times (the mummy's too)."""
    hand = Hand(table)
    for _ in range(moves):
        controller = table.controller
        table.run(2.0)
        game = controller.game
        assert game is not None
        if controller.phase is Phase.THROW:
            hand.shake()
            table.run(1.5)
        state = game.state
        if controller.phase is Phase.MOVE:
            move = controller.mummy_move if controller.mummy_move is not None else state.moves[0]
            carry_out(table, state, move)
            table.run(0.5)
            assert controller.game is game and len(game.record.actions) > 0


def moves_made(game: Game | None) -> int:
    assert game is not None
    return sum(1 for action in game.record.actions if not isinstance(action, Throw))


def clear(table: Table) -> None:
    hand = Hand(table)
    for square in sorted(table.sim.pieces):
        hand.lift(square)


def test_a_whole_evening(tmp_path: Path) -> None:
    """Open the menu, pick Cyningstan and two players, close, play the first moves; clear the
    board, reopen, pick Tait against the Vizier, play."""
    with Table(state_dir=tmp_path, menu=True, seed=3) as table:
        hand = open_menu(table)
        pick(table, hand, "game", "cyningstan")
        pick(table, hand, "opponent", "none")
        close(table, hand)
        hand.shake()
        table.run(1.5)
        controller = table.controller
        assert controller.game is not None and controller.rules.name == "cyningstan"
        assert controller.settings.mummy is None
        play_moves(table, 4)
        cyningstan = controller.game
        assert cyningstan is not None and moves_made(cyningstan) >= 3
        clear(table)  # the game is put aside: kept, as after a restart
        hand = open_menu(table)
        pick(table, hand, "game", "tait")
        pick(table, hand, "opponent", "reels")
        pick(table, hand, "level", "vizier")
        close(table, hand)
        assert controller.phase is Phase.IDLE and controller.rules.name == "tait"
        assert (tmp_path / "game-cyningstan.json").exists()  # Cyningstan's game is kept
        hand.shake()
        table.run(1.5)
        assert controller.game is not None and controller.game is not cyningstan
        assert controller.settings.mummy is Side.REELS
        assert controller.settings.level is Level.VIZIER
        play_moves(table, 6)
        assert moves_made(controller.game) >= 3  # the mummy's moves carried out too
    with Table(state_dir=tmp_path, menu=True) as table:  # the next morning
        assert table.controller.rules.name == "tait"
        assert table.controller.settings.level is Level.VIZIER


def test_the_gesture_never_disturbs_a_game(tmp_path: Path) -> None:
    """During a game the opening squares are just squares: a game whose position is the
    opening squares throws when shaken, and another shake over stray pieces is refused."""
    state = load("cyningstan").parse("C:C1 R:M16 entered:CR turn:C")  # pieces rest on 16
    with Table(state_dir=tmp_path, menu=True, pieces=state.occupancy()) as table:
        table.controller.change_game(state.rules)
        table.controller.set_up(state)
        table.run(0.5)
        Hand(table).shake()
        table.run(1.5)
        assert table.controller.phase is Phase.MOVE  # the shake was a throw
    with Table(state_dir=tmp_path / "idle", menu=True) as table:
        hand = Hand(table)
        for square in ("C1", "M16", "M9"):  # more than the opening squares
            hand.place(square)
        hand.shake()
        table.run(1.5)
        assert table.controller.phase is Phase.IDLE
        assert table.sim.speaker.played[-1] in (sounds.REFUSED, sounds.MISTAKE)


def test_a_piece_slid_across_the_row_chooses_only_where_it_stops(tmp_path: Path) -> None:
    with Table(state_dir=tmp_path, menu=True) as table:
        hand = open_menu(table)
        hand.lift("C1")
        hand.place("R3")  # the mummy's level
        hand.lift("R3")
        hand.place("M5")  # Scribe
        hand.slide("M5", "M8")  # past Priest and Vizier to Neferkaptah
        table.run(0.5)
        menu = table.controller.menu
        assert menu is not None and menu.chosen["level"] == "neferkaptah"
        assert [s for s in table.sim.speaker.played if s == sounds.MOVE] == [sounds.MOVE] * 2


def test_the_lights_say_what_each_square_is(tmp_path: Path) -> None:
    """The page shown bright, the others dim; the current choice steady, the others breathing;
    done pulsing green."""
    with Table(state_dir=tmp_path, menu=True) as table:
        open_menu(table)
        menu = table_of(table)
        game = menu.pages[0]
        frames = [table.run(0.4) for _ in range(4)]
        current = game.square_of("tait")
        other = game.square_of("cyningstan")
        assert current is not None and other is not None
        assert {f[current] for f in frames} == {game.choices[current].colour}
        assert len({f[other] for f in frames}) > 1  # breathing
        assert all(f[menu.pages[1].tab] != SHOWN_PAGE for f in frames)
        assert all(f[menu.done][1] > f[menu.done][0] for f in frames)  # green
        assert DONE_COLOUR[1] > DONE_COLOUR[0]
        assert "lift the piece from M16 to close" in table.controller.status()


def test_left_alone_the_menu_closes_and_saves(tmp_path: Path) -> None:
    with Table(state_dir=tmp_path, menu=True) as table:
        hand = open_menu(table)
        pick(table, hand, "chances", "shown")
        table.run(95, step=0.5)
        assert table.controller.phase is Phase.IDLE
        assert '"chances": "shown"' in (tmp_path / "settings.json").read_text()


def test_a_locked_kiosk_menu_opens_only_by_the_staff_reset(tmp_path: Path) -> None:
    kiosk = replace(load_board(DEFAULT_BOARD).kiosk, enabled=True, menu=False, level="priest")
    with Table(state_dir=tmp_path, menu=True, kiosk=kiosk) as table:
        hand = Hand(table)
        for square in table_of(table).opening:
            hand.place(square)
        hand.shake()
        table.run(1.5)
        assert table.controller.phase is Phase.IDLE  # a visitor's gesture: refused
        for square in table_of(table).opening:
            hand.lift(square)
        for square in ("R1", "R4", "C1", "C4"):  # staff cover the corners
            hand.place(square)
        table.run(kiosk.reset_hold + 1)
        assert table.controller.phase is Phase.MENU
        hand.lift("C4")
        hand.place("M16")  # done, set and lifted
        hand.lift("M16")
        table.run(0.5)
        assert table.controller.phase is Phase.IDLE


@pytest.mark.parametrize("board", ["mcp23017-racks.toml", "senet.toml"])
def test_the_same_gesture_on_the_racks_board_and_senets(tmp_path: Path, board: str) -> None:
    loaded = load_board(BOARDS / board)
    settings = Settings() if loaded.kind == "twenty-squares" else Settings(ruleset=load("senet"))
    with Table(state_dir=tmp_path, menu=True, board=loaded, settings=settings) as table:
        menu = table_of(table)
        path = table.controller.rules.geometry.paths[0]
        assert menu.opening == (path[0], path[-1])
        hand = open_menu(table)
        pick(table, hand, "level", "scribe")
        close(table, hand)
        assert table.controller.settings.level is Level.SCRIBE
        assert [c.value for c in menu.pages[0].choices.values()] == \
            (["tait", "cyningstan"] if loaded.kind == "twenty-squares" else ["senet"])



def test_the_chances_on_a_board_without_its_solved_table_say_what_it_shows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASEB_TABLES", str(tmp_path / "no-tables"))
    said: list[str] = []
    with Table(state_dir=tmp_path / "state", menu=True, say=said.append) as table:
        assert table.controller.settings.table is None
        hand = open_menu(table)
        pick(table, hand, "chances", "hidden")
        assert NO_TABLE not in said[-1]
        pick(table, hand, "chances", "shown")
        assert said[-1] == f"{setting('chances').choice('shown').label}. {NO_TABLE}"
        close(table, hand)
        assert table.controller.settings.chances and not table.controller.show_odds()
    menu = BoardMenu(menu_table(load("tait").geometry), choose("twenty-squares")[0],
                     say=said.append, has_table=lambda: True)
    menu.open(0.0)
    page = next(p for p in menu.table.pages if p.setting.key == "chances")
    menu.changed(page.tab, True, 1.0)
    for value in ("hidden", "shown"):
        square = page.square_of(value)
        assert square is not None
        menu.changed(square, True, 2.0)
        menu.judge(3.0, still=True)
    assert said[-1] == f"{setting('chances').choice('shown').label}."  # the table lights them


def test_quiet_hours_win_over_the_volume_chosen_which_returns_when_they_end(
        tmp_path: Path) -> None:
    """A kiosk's quiet hours (22:00-08:00 here) play the lower of the chosen volume and
    ``quiet_volume``; a volume chosen at night is kept, and heard in the morning."""
    from datetime import datetime

    quiet = replace(load_board(DEFAULT_BOARD).kiosk, enabled=True, level="priest",
                    quiet=(22 * 60, 8 * 60), quiet_volume=0.1)
    SettingsFile(tmp_path).save(choose("twenty-squares", {"volume": "5"})[0])
    night = datetime(2026, 11, 24, 7, 50)
    with Table(state_dir=tmp_path, menu=True, kiosk=quiet, wall_start=night) as table:
        speaker = table.sim.speaker
        assert speaker.volume == 0.1  # a board started at night is quiet at once
        hand = open_menu(table)
        pick(table, hand, "volume", "3")
        assert speaker.volume == 0.1  # heard as it is chosen: quietly
        close(table, hand)
        assert speaker.volume == 0.1  # chosen at night: still quiet
        table.run(11 * 60, step=0.5)  # past 08:00
        assert speaker.volume == pytest.approx(0.6)
    evening = datetime(2026, 11, 24, 21, 50)
    softer = replace(quiet, quiet_volume=0.5)
    with Table(state_dir=tmp_path, menu=True, kiosk=softer, wall_start=evening) as table:
        speaker = table.sim.speaker
        assert speaker.volume == pytest.approx(0.6)  # as chosen, kept over the restart
        hand = open_menu(table)
        pick(table, hand, "volume", "1")
        assert speaker.volume == pytest.approx(0.2)
        close(table, hand)
        assert speaker.volume == pytest.approx(0.2)  # chosen by day: heard at once
        table.run(11 * 60, step=0.5)  # past 22:00: quiet never makes it louder
        assert speaker.volume == pytest.approx(0.2)


def test_the_language_page_shows_the_language_spoken() -> None:
    """``aseb run --lang de`` over a kept English: the Language page names German and lights
    its square steady, without keeping it (the run's language is not a choice made)."""
    from firmware import words

    menu = BoardMenu(menu_table(load("tait").geometry), choose("twenty-squares")[0])
    assert menu.chosen.language == "en"
    words.use("de")
    try:
        menu.open(0.0)
        page = next(p for p in menu.table.pages if p.setting.key == "language")
        menu.page = menu.table.pages.index(page)
        german = page.square_of("de")
        assert german is not None
        assert menu.frame(0.7)[german] == page.choices[german].colour  # steady: spoken now
        assert "Deutsch" in menu.status()
        assert menu.chosen.language == "en"
    finally:
        words.use("en")
