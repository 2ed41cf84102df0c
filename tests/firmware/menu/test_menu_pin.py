"""A new PIN for the web page, asked for at the board itself: the board menu's last page. The
board makes the PIN, says it and lights it, and tells it over its link to the web page alone;
with no web page listening it makes none and says so; a board file that fixes the PIN offers no
new one, on the board or on its card."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engine.games import load
from firmware.lights.scenes import GOLD, Phase
from firmware.menu.board_menu import BoardMenu
from firmware.menu.card import card_table
from firmware.menu.choices import NO_WEB_PAGE, PIN, choose
from firmware.menu.menu_table import MenuTable, menu_table
from firmware.service.link import PIN_KEPT, Link
from firmware.words import _
from hardware.boards.board_file import DEFAULT_BOARD, WebConfig, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand
from tests.firmware.menu.test_board_menu import open_menu, table_of
from tests.firmware.service.test_link import Companion, connect


def choose_a_new_pin(table: Table, hand: Hand) -> None:
    """Show the menu's last page (its actions) and set a piece on the new PIN's square."""
    menu = table_of(table)
    page = menu.pages[-1]
    assert page.acts and page.square_of(PIN) is not None
    hand.lift(menu.opening[0])
    hand.place(page.tab)
    hand.lift(page.tab)
    square = page.square_of(PIN)
    assert square is not None
    hand.place(square)
    table.run(0.5)


def linked(table: Table, tmp_path: Path, said: list[str]) -> Link:
    """The board's link, speaking with the board's voice as the service's does."""
    link = Link(tmp_path / "run" / "link.sock", table.controller,
                lambda: table.controller.last_frame, choices=table.choices, say=said.append)
    link.open()
    table.companions.append(link)  # ticked after the controller, every frame
    return link


def test_the_board_says_and_lights_a_new_pin_and_tells_it_to_the_web_page_alone(
        tmp_path: Path) -> None:
    said: list[str] = []
    with Table(state_dir=tmp_path, menu=True, seed=3, say=said.append) as table:
        link = linked(table, tmp_path, said)
        try:
            page, onlooker = connect(table, link), connect(table, link)
            page.send({"type": "pins"})  # the web page keeps the PIN; the other does not
            table.run(0.2)
            assert page.latest("ok")["command"] == "pins"
            onlooker.events()
            hand = open_menu(table)
            choose_a_new_pin(table, hand)
            assert table.controller.phase is not Phase.MENU  # the menu closed, to light it

            told = [e for e in page.events() if e["type"] == "pin"]
            assert len(told) == 1
            pin = told[0]["pin"]
            assert len(pin) == 6 and pin.isdigit()
            spoken = f"The web page's PIN is {' '.join(pin)}."
            assert spoken in said  # said aloud at the board
            assert table.controller.pin_shown is not None \
                and table.controller.pin_shown[0] == pin  # and lit on its squares
            table.run(2.0)
            lit = [square for square, colour in table.frame.items() if colour == GOLD]
            assert len(lit) == (int(pin[0]) or 10)  # the first digit, as that many squares

            heard = onlooker.events()
            assert all(event["type"] != "pin" for event in heard)
            stream = repr(heard)
            assert pin not in stream and " ".join(pin) not in stream  # nor in the log
            assert _(PIN_KEPT) in [line for e in heard if e["type"] == "log"
                                   for line in e["lines"]]
            later = connect(table, link)  # a newcomer is never told it either
            assert pin not in repr(later.events())
        finally:
            link.close()


def test_with_no_web_page_listening_the_board_makes_no_pin_and_says_why(tmp_path: Path) -> None:
    said: list[str] = []
    with Table(state_dir=tmp_path, menu=True, seed=3, say=said.append) as table:
        link = linked(table, tmp_path, said)
        try:
            other: Companion = connect(table, link)  # a companion that keeps no PIN
            hand = open_menu(table)
            choose_a_new_pin(table, hand)
            assert said[-1] == _(NO_WEB_PAGE)
            assert table.controller.pin_shown is None
            assert all(event["type"] != "pin" for event in other.events())
        finally:
            link.close()
        for square in list(table.sim.pieces):  # the board cleared, the menu opened again
            hand.lift(square)
        table.run(0.5)
        hand = open_menu(table)  # with the link closed: the menu itself says why
        choose_a_new_pin(table, hand)
        assert said[-1].endswith(_(NO_WEB_PAGE))
        assert table.controller.pin_shown is None


def test_the_new_pin_is_the_menus_last_page_and_keeps_nothing() -> None:
    menu = BoardMenu(menu_table(load("tait").geometry), choose("twenty-squares")[0])
    last = menu.table.pages[-1]
    assert last.acts and [c.value for c in last.choices.values()] == [PIN]
    assert all(not page.acts for page in menu.table.pages[:-1])
    menu.open(0.0)
    chosen = menu.chosen
    menu.changed(last.tab, True, 1.0)
    menu.judge(2.0, still=True)
    menu.changed(last.square_of(PIN) or "", True, 3.0)
    heard = menu.judge(4.0, still=True)
    assert [(h.what, h.key) for h in heard] == [("closed", ""), ("action", PIN)]
    assert not menu.is_open and menu.chosen == chosen  # no setting changed, none kept


def test_a_board_file_that_fixes_the_pin_offers_no_new_one_on_the_board_or_its_card(
        tmp_path: Path) -> None:
    fixed = replace(load_board(DEFAULT_BOARD), web=WebConfig(pin="482913"))

    def offers_a_new_pin(table: MenuTable) -> bool:
        return any(page.acts for page in table.pages)

    assert offers_a_new_pin(card_table(load_board(DEFAULT_BOARD)))
    assert not offers_a_new_pin(card_table(fixed))
    with Table(state_dir=tmp_path, menu=True, board=fixed) as table:
        assert not offers_a_new_pin(table_of(table))
