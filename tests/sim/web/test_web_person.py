"""The web page as a person uses it, in the distribution's Chromium beside the simulated board: a
friend's page tells them their own turn, with the Throw button at the top of a phone; refusals
and what happened are said in the page's language (German, Arabic); the log's numbers show
whole; the browser's language is used; nothing is wider than a phone; the chosen setting is
plain to a visitor; the squares' names are readable; the wall is filled during a game; a board
away is not drawn as if it were there; a missing record's JSON answers in JSON.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from firmware import words
from firmware.play.controller import Settings
from sim.board.demo import Demo
from tests.sim.web.web_board import WebBoard
from tests.sim.web.web_browser import chromium_missing, served
from tests.sim.web.web_screenshots import play

missing = chromium_missing()
if missing is not None:
    pytest.skip(f"browser tests skipped: {missing}", allow_module_level=True)

from playwright.sync_api import Page, expect  # noqa: E402

WAIT = 15_000
PHONE = (390, 844)


def in_language(language: str, message: str) -> str:
    return words._translation(language).gettext(message)


def invite_friend(board: WebBoard, url: str, owner: Page, friend: Page, side: str) -> None:
    owner.goto(f"{url}/login")
    owner.fill("input[name=pin]", "2468")
    owner.click("form.pin button")
    owner.wait_for_url(re.compile("/settings$"), timeout=WAIT)
    owner.goto(url)
    owner.select_option("select[name=side]", side)
    owner.click("form[action='/remote/invite'] button")
    link = owner.locator("#invite-url").inner_text()
    pin = owner.locator("#invite-pin").inner_text()
    friend.goto(link)
    friend.fill("input[name=pin]", pin)
    friend.click("form.pin button")
    expect(friend.locator("#remote-note")).to_be_visible(timeout=WAIT)


@pytest.mark.long  # Chromium's person stories are test-long's; make test keeps two here
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_friend_is_told_their_own_turn_with_the_throw_at_the_top_of_a_phone(
        tmp_path: Path, open_page: Callable[..., Page], language: str) -> None:
    with served(tmp_path) as (board, url):
        owner, friend = open_page(), open_page(*PHONE, language=language)
        invite_friend(board, url, owner, friend, "cones")
        with board.lock:
            board.table.controller.settings.mummy = None
        board.set_up("C:C2 R:M9 entered:CR turn:C")
        throw = friend.locator("#remote-throw")
        expect(throw).to_be_visible(timeout=WAIT)
        said = in_language(language, "Press Throw: the board draws your throw.")
        expect(friend.locator("#status")).to_have_text(said, timeout=WAIT)
        waiting = in_language(language, "Waiting for your friend's throw ({side}).")
        assert waiting.split("(")[0].strip() not in friend.locator("main").inner_text()
        box = throw.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE[1], box
        friend.reload()  # the page as the server draws it says the same
        expect(friend.locator("#status")).to_have_text(said, timeout=WAIT)


@pytest.mark.long
@pytest.mark.parametrize("language", ["de", "ar"])
def test_a_friends_refused_move_is_said_in_the_pages_language(
        tmp_path: Path, open_page: Callable[..., Page], language: str) -> None:
    with served(tmp_path) as (board, url):
        owner, friend = open_page(), open_page(*PHONE, language=language)
        invite_friend(board, url, owner, friend, "cones")
        board.set_up("C:C2 R:M9 entered:CR turn:R")  # the Reels' turn, not the friend's
        token = friend.locator("body").get_attribute("data-csrf")
        for body, expected in (({"move": "C2-M5"}, "It is not your turn: wait for the board."),
                               ({"move": "Z9-Z9"}, "It is not your turn: wait for the board.")):
            answer = friend.request.post(f"{url}/play/move", data=body,
                                         headers={"x-csrf-token": token or ""})
            assert answer.status == 409
            assert answer.json()["error"] == in_language(language, expected)
        board.set_up("C:C2 R:M9 entered:CR turn:C throw:2:WWDD")
        answer = friend.request.post(f"{url}/play/move", data={"move": "Z9-Z9"},
                                     headers={"x-csrf-token": token or ""})
        assert answer.json()["error"] == in_language(
            language, "That is not one of your moves now: choose one of the moves shown.")
        assert "Z9" not in answer.json()["error"] and "unknown square" not in answer.text()


@pytest.mark.long
def test_what_happened_is_said_in_the_pages_language_numbered_whole(
        tmp_path: Path, open_page: Callable[..., Page]) -> None:
    with served(tmp_path, settings=Settings(mummy_plays_both=True)) as (board, url):
        demo = Demo(board.table.sim)
        for _ in range(60):  # the mummy plays both sides, a hand moves: a dozen lines and more
            play(board, demo, 1.0)
            with board.lock:
                if len(board.table.controller.said) >= 14:
                    break
        arabic, german = open_page(*PHONE, language="ar"), open_page(language="de")
        for page in (arabic, german):
            page.goto(url)
            expect(page.locator("#log li").nth(11)).to_be_attached(timeout=WAIT)
        with board.lock:
            told = list(board.table.controller.told)[-12:]
        shown = arabic.locator("#log li").all_inner_texts()
        assert shown == [_said_in("ar", line) for line in told]
        assert german.locator("#log li").all_inner_texts() == [_said_in("de", line)
                                                               for line in told]
        for page in (arabic, german):  # the 10th to 12th numbers are inside the list's box
            log = page.locator("#log").bounding_box()
            assert log is not None
            inside = page.evaluate(
                "() => { const ol = document.getElementById('log');"
                " const style = getComputedStyle(ol);"
                " return parseFloat(style.paddingInlineStart || style.paddingLeft); }")
            digits = page.evaluate(
                "() => { const c = document.createElement('canvas').getContext('2d');"
                " c.font = getComputedStyle(document.getElementById('log')).font;"
                " return c.measureText('12. ').width; }")
            assert inside >= digits, (inside, digits)


def _said_in(language: str, told: str) -> str:
    """A sentence the board told, as a page in ``language`` says it."""
    import contextvars

    def said() -> str:
        words.use_here(language)
        return words.say(told)

    return contextvars.copy_context().run(said)


@pytest.mark.long
def test_nothing_is_wider_than_a_phone_and_the_squares_names_can_be_read(
        tmp_path: Path, open_page: Callable[..., Page]) -> None:
    with served(tmp_path) as (board, url):
        board.table.controller.settings.mummy = None
        state = board.set_up("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
        board.carry_out(state, state.moves[0])
        page = open_page(*PHONE)
        for path in ("/", "/games", "/settings", "/games/game-1", "/display", "/login"):
            page.goto(url + path)
            expect(page.locator("main")).to_be_visible(timeout=WAIT)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE[0], (path, width)
        page.goto(url)
        label = page.locator("#sq-M8 .label")
        size = page.evaluate("(l) => l.getBoundingClientRect().height", label.element_handle())
        assert size >= 9, size  # at least 9 px tall on a phone (was about 6)
        marked = page.locator("#sq-M12 .label")  # on a marked square's dark ring
        fill, halo, order = page.evaluate(
            "(l) => { const s = getComputedStyle(l); return [s.fill, s.stroke, s.paintOrder]; }",
            marked.element_handle())
        assert order.startswith("stroke") and contrast(fill, halo) >= 4.5, (fill, halo, order)


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two CSS colours (``rgb(r, g, b)``)."""
    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_a_visitor_sees_which_setting_is_chosen(tmp_path: Path,
                                                open_page: Callable[..., Page]) -> None:
    with served(tmp_path) as (_board, url):
        page = open_page(*PHONE)
        page.goto(f"{url}/settings")
        chosen = page.locator("input[name=level][value=priest]")
        other = page.locator("input[name=level][value=scribe]")
        expect(chosen).to_be_checked()
        dot = page.evaluate(
            "(i) => getComputedStyle(i, '::before').transform", chosen.element_handle())
        none = page.evaluate(
            "(i) => getComputedStyle(i, '::before').transform", other.element_handle())
        assert dot != none  # the chosen one's dot is drawn, the others' are not
        colour = page.evaluate("(i) => getComputedStyle(i, '::before').backgroundColor",
                               chosen.element_handle())
        assert colour == "rgb(240, 192, 96)"  # gold at full strength, not greyed
        expect(page.locator(".choice.chosen", has=chosen)).to_contain_text("(chosen)")


@pytest.mark.long
def test_the_wall_is_filled_during_a_game(tmp_path: Path,
                                          open_page: Callable[..., Page]) -> None:
    with served(tmp_path, settings=Settings(mummy_plays_both=True)) as (board, url):
        play(board, Demo(board.table.sim), 30)  # a game under way, the mummy on both sides
        page = open_page(1920, 1080)
        page.goto(f"{url}/display")
        expect(page.locator("body.between")).to_have_count(0, timeout=WAIT)
        bottom = page.evaluate(
            "Math.max(...[...document.querySelectorAll('main > *')]"
            ".map(e => e.getBoundingClientRect().bottom))")
        assert 0.8 * 1080 <= bottom <= 1080, bottom  # was 60% of the wall; nothing below it


@pytest.mark.long
def test_a_board_away_is_not_drawn_as_if_it_were_there(tmp_path: Path,
                                                       open_page: Callable[..., Page]) -> None:
    with served(tmp_path) as (board, url):
        board.set_up("C:C2 R:M9 entered:CR turn:C")
        page = open_page()
        page.goto(url)
        expect(page.locator(".light.lit").first).to_be_attached(timeout=WAIT)
        lit = page.locator(".light.lit").first
        assert page.evaluate("(l) => getComputedStyle(l).fill", lit.element_handle()) \
            != "rgba(0, 0, 0, 0)"
        with board.lock:  # the board stops (its thread may be waiting on the sockets: shut)
            for companion in board.link.companions:
                companion.sock.shutdown(socket.SHUT_RDWR)
            board.link.close()
        expect(page.locator("body.away")).to_have_count(1, timeout=WAIT)
        lit = page.locator(".light.lit").first
        assert page.evaluate("(l) => getComputedStyle(l).fill",
                             lit.element_handle()) == "rgba(0, 0, 0, 0)"
        opacity = page.evaluate("getComputedStyle(document.querySelector('.board')).opacity")
        assert float(opacity) < 0.5


def test_a_missing_records_json_answers_in_json(tmp_path: Path,
                                                open_page: Callable[..., Page]) -> None:
    with served(tmp_path) as (_board, url):
        page = open_page(language="de")
        answer = page.request.get(f"{url}/games/game-99.json")
        assert answer.status == 404 and answer.headers["content-type"] == "application/json"
        assert answer.json()["error"] == in_language("de", "There is no such game.")
