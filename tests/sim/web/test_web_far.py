"""The settings page's "A board far away": the owner makes a game code or joins one; the page asks
the far companion through the board's link and shows what it tells (the code, the far board)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from sim.far.link_client import LinkClient
from tests.sim.web.test_web import csrf, log_in
from tests.sim.web.web_board import WebBoard, connected


@pytest.fixture
def board(tmp_path: Path) -> Iterator[WebBoard]:
    with WebBoard(tmp_path) as board:
        yield board


def test_the_owner_asks_for_a_code_and_the_page_shows_it(board: WebBoard) -> None:
    with connected(board) as client:
        page = client.get("/settings")
        assert 'id="far"' in page.text and "Make a game code" not in page.text  # owner only
        log_in(client)
        answer = client.post("/far", data={"action": "offer", "csrf": csrf(client, "/settings")},
                             follow_redirects=False)
        assert answer.status_code == 303
        assert board.link.far_asked == {"action": "offer", "code": None}
        companion = LinkClient(board.link.path)  # the far companion answers, with a code
        assert companion.connect()
        companion.send({"type": "far", "state": "offering", "code": "314159", "begins": True,
                        "done": "offer"})
        board.run(0.2)
        board.sync(client)
        page = client.get("/settings")
        companion.close()
    assert "314159" in page.text and board.link.far_asked is None
    assert "The game code for the far board is 3 1 4 1 5 9." in board.table.controller.said


def test_a_code_that_is_not_six_digits_is_refused(board: WebBoard) -> None:
    with connected(board) as client:
        log_in(client)
        answer = client.post("/far", data={"action": "join", "code": "12a",
                                           "csrf": csrf(client, "/settings")})
        assert answer.status_code == 400
        assert board.link.far_asked is None


def test_a_far_board_away_is_said_on_the_page(board: WebBoard) -> None:
    with connected(board) as client:
        companion = LinkClient(board.link.path)
        assert companion.connect()
        companion.send({"type": "far", "state": "playing", "code": "271828", "side": "reels",
                        "peer": "grandma", "away": True, "begins": True})
        board.run(0.2)
        board.sync(client)
        page = client.get("/settings").text
        companion.close()
    assert "grandma" in page and "The far board is away" in page
