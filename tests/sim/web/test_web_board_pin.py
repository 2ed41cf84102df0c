"""A new PIN asked for at the board itself (its menu's last page), heard by the web page: the PIN
the board says is the one waiting to be entered, in place of any other; once entered it ends
every other session as a PIN the page asked for does; a visitor cannot ask for another while it
waits; and no browser watching the live page, no metric and no line of the page's log ever holds
it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from engine.core.sides import Side
from tests.firmware.menu.test_board_menu import open_menu
from tests.firmware.menu.test_menu_pin import choose_a_new_pin
from tests.sim.web.test_web import csrf, log_in
from tests.sim.web.test_web_security import (
    from_address,
    invite,
    join,
    said_pin,
    settings_allowed,
)
from tests.sim.web.web_board import WebBoard, connected


def a_new_pin_at_the_board(board: WebBoard) -> str:
    """Someone at the board opens its menu and chooses a new PIN: the PIN it says."""
    with board.lock:
        for square in list(board.table.sim.pieces):
            board.table.sim.lift(square)
        board.table.run(0.5)
        choose_a_new_pin(board.table, open_menu(board.table))
    return said_pin(board)


def test_the_pin_said_at_the_board_menu_opens_the_page_and_ends_every_other_session(
        tmp_path: Path) -> None:
    with WebBoard(tmp_path, pin=None) as board, connected(board) as laptop:
        laptop.post("/pin", data={"csrf": csrf(laptop, "/login")})
        first = said_pin(board)
        log_in(laptop, first)
        path, invited = invite(laptop, "reels")
        friend = from_address(laptop, "192.168.1.30")
        join(friend, path, invited)
        assert board.table.controller.remote is Side.REELS

        pin = a_new_pin_at_the_board(board)
        assert pin != first and len(pin) == 6
        board.sync(laptop)
        assert settings_allowed(laptop)  # said, not yet entered: nothing has ended

        phone = from_address(laptop, "192.168.1.9")
        wrong = pin[:-1] + str((int(pin[-1]) + 1) % 10)
        refused = phone.post("/login", data={"pin": wrong, "csrf": csrf(phone, "/login")})
        assert refused.status_code == 403  # exactly the PIN the board said, no other
        log_in(phone, pin)
        assert settings_allowed(phone)
        assert not settings_allowed(laptop)  # every other session ends, as for a PIN today
        board.sync(phone)
        assert board.table.controller.remote is None  # the friend's play too
        assert friend.post("/play/throw", json={},
                           headers={"x-csrf-token": csrf(friend)}).status_code == 403
        stranger = from_address(laptop, "192.168.1.10")
        assert stranger.post("/login", data={"pin": first, "csrf": csrf(stranger, "/login")}
                             ).status_code == 403  # the old PIN is gone


def test_a_visitor_asking_while_the_boards_pin_waits_is_told_to_wait(tmp_path: Path) -> None:
    with WebBoard(tmp_path, pin=None) as board, connected(board) as owner:
        pin = a_new_pin_at_the_board(board)
        board.sync(owner)
        board.clock.now += 120  # past the pause between two PINs: the PIN itself still waits
        visitor = from_address(owner, "10.0.5.5")
        asked = visitor.post("/pin", data={"csrf": csrf(visitor, "/login")})
        assert asked.status_code == 409 and "has said a PIN for its owner" in asked.text
        assert said_pin(board) == pin  # the board said no other
        log_in(owner, pin)  # the board's PIN still opens the page


def test_the_board_may_replace_the_pin_a_visitor_had_said(tmp_path: Path) -> None:
    with WebBoard(tmp_path, pin=None) as board, connected(board) as owner:
        visitor = from_address(owner, "10.0.5.5")
        visitor.post("/pin", data={"csrf": csrf(visitor, "/login")})
        asked = said_pin(board)
        pin = a_new_pin_at_the_board(board)
        board.sync(owner)
        assert owner.post("/login", data={"pin": asked, "csrf": csrf(owner, "/login")}
                          ).status_code == 403  # the board's own PIN took its place
        log_in(owner, pin)


def test_no_watcher_metric_or_log_line_ever_holds_the_boards_pin(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with WebBoard(tmp_path, pin=None, metrics=("127.0.0.1",)) as board, \
            connected(board) as owner:
        link = board.board_link
        watcher = link.watch(address="10.0.9.9")
        assert watcher is not None
        pin = a_new_pin_at_the_board(board)
        board.sync(owner)
        board.run(1.0)  # the news after it: the log, the status, the lights
        board.sync(owner)
        stream = b"".join(watcher.take())
        assert b'"type":"log"' in stream.replace(b" ", b"")  # the watcher heard the board
        for said in (pin, " ".join(pin)):
            assert said.encode() not in stream
            assert all(said.encode() not in chunk for chunk in link.latest.values())
            assert said not in repr(link.parsed)
            assert said not in owner.get("/metrics").text
            # the page's log (the board's own journal writes it, for the board's owner)
            assert not [r for r in caplog.records if r.name.startswith("sim")
                        and said in r.getMessage()]
        log_in(owner, pin)  # and yet the page took it
