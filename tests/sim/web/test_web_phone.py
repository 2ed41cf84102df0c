"""The web page read at a glance on a phone (390x844), in the distribution's Chromium beside the
simulated board: the board turned down the screen with every square's name at least 12 px
and beside its piece, never under it; a friend's moves in words, their squares lit as a
button is focused or hovered, in Arabic too; the friend's page when remote play ends; "End
remote play" only while a friend plays.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from engine.games import load
from engine.text import move_text
from firmware.words import say, speaking
from tests.sim.web.test_web_person import PHONE, invite_friend
from tests.sim.web.web_browser import chromium_missing, served

missing = chromium_missing()
if missing is not None:
    pytest.skip(f"browser tests skipped: {missing}", allow_module_level=True)

from playwright.sync_api import Page, expect  # noqa: E402

WAIT = 15_000
PLACES = """(square) => {
  const box = (e) => e.getBoundingClientRect();
  const g = document.getElementById('sq-' + square);
  return [box(g.querySelector('.label')), box(g.querySelector('.piece')), box(g)]
    .map((b) => [b.left, b.top, b.right, b.bottom]);
}"""
"""A square's name, piece and square as they stand on the screen: left, top, right, bottom."""


def apart(one: list[float], other: list[float]) -> bool:
    """Whether two boxes on the screen do not overlap."""
    return one[2] <= other[0] or other[2] <= one[0] or one[3] <= other[1] or other[3] <= one[1]


@pytest.mark.long  # the phone's stories in Chromium are test-long's (docs/develop/tests.md)
@pytest.mark.parametrize("size", [PHONE, (1920, 1080)])
def test_every_square_name_is_12_px_and_beside_its_piece(
        tmp_path: Path, open_page: Callable[..., Page], size: tuple[int, int]) -> None:
    with served(tmp_path) as (board, url):
        board.set_up("C:C2,M6,M12 R:M9,R3,M15 entered:CR turn:C")
        page = open_page(*size)
        page.goto(url)
        expect(page.locator("#piece-M12.cones")).to_be_attached(timeout=WAIT)
        if size == PHONE:
            expect(page.locator("svg.board.turned")).to_have_count(1)
            box = page.locator("svg.board").bounding_box()
            assert box is not None and box["height"] > box["width"]  # turned down the screen
        for square in load("tait").geometry.squares:
            label, piece, whole = page.evaluate(PLACES, square)
            assert label[3] - label[1] >= 12, (square, label)
            assert apart(label, piece), (square, label, piece)  # beside, never under
            assert whole[0] <= label[0] and label[2] <= whole[2], (square, label, whole)


@pytest.mark.long
@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_friends_moves_are_said_in_words_and_light_their_squares(
        tmp_path: Path, open_page: Callable[..., Page], language: str) -> None:
    with served(tmp_path) as (board, url):
        owner, friend = open_page(), open_page(*PHONE, language=language)
        invite_friend(board, url, owner, friend, "cones")
        with board.lock:
            board.table.controller.settings.mummy = None
        state = board.set_up("C:C2,M5 R:M9 entered:CR turn:C throw:2:WWDD")
        buttons = friend.locator("#remote-moves button")
        expect(buttons.first).to_be_visible(timeout=WAIT)
        with speaking(language):
            said = sorted(say(move_text(state, move)) for move in state.moves)
        assert sorted(buttons.all_inner_texts()) == said
        assert not any(re.search(r"\b[CRM]\d+-|-off|in-", text) for text in said)
        first = state.moves[0]
        source, target = state.journeys(first)[0].start, state.journeys(first)[0].end
        with speaking(language):
            button = buttons.filter(has_text=say(move_text(state, first)))
        button.hover()
        for square in (source, target):
            if isinstance(square, str):
                expect(friend.locator(f"#sq-{square}")).to_have_class(re.compile("pointed"))
        friend.mouse.move(0, 0)
        expect(friend.locator(".square.pointed")).to_have_count(0)
        friend.evaluate("document.activeElement.blur()")
        button.focus()  # the keyboard's way to the same button
        expect(friend.locator(".square.pointed").first).to_be_attached()


@pytest.mark.long  # the end of remote play is test_web_security's too
def test_the_friends_page_says_so_when_remote_play_ends_and_the_owner_sees_the_end_only_then(
        tmp_path: Path, open_page: Callable[..., Page]) -> None:
    with served(tmp_path) as (board, url):
        owner, friend = open_page(), open_page(*PHONE)
        owner.goto(f"{url}/login")
        owner.fill("input[name=pin]", "2468")
        owner.click("form.pin button")
        owner.wait_for_url(re.compile("/settings$"), timeout=WAIT)
        owner.goto(url)
        expect(owner.locator("#status")).not_to_be_empty(timeout=WAIT)
        expect(owner.locator("#end-remote")).to_be_hidden()  # nobody plays from afar
        invite_friend(board, url, owner, friend, "cones")
        owner.goto(url)
        expect(owner.locator("#end-remote")).to_be_visible(timeout=WAIT)
        expect(friend.locator("#playing")).to_have_text("Playing the Cones")
        owner.click("#end-remote button")
        expect(owner.locator(".message")).to_contain_text("Nobody plays from afar now")
        expect(friend.locator("#remote-note")).to_have_text("Nobody plays from afar now.",
                                                            timeout=WAIT)
        expect(friend.locator("#playing")).to_be_hidden()
        expect(friend.locator("#remote-play")).to_be_hidden()
        owner.goto(url)
        expect(owner.locator("#end-remote")).to_be_hidden()
