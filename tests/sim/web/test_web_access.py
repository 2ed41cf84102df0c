"""Every visitor can use the web page: every page (the board watched, the display, the settings
as a visitor and as the owner, the games and a review, the PIN, a friend's invitation and their
page, a page not found) passes axe-core's WCAG 2.1 AA audit at a phone's size and a wall
screen's, in English and in Arabic (right to left), in the distribution's Chromium; a friend
plays from afar with the keyboard alone; less motion asked for is less motion shown.

axe-core's own script comes with the ``axe-playwright-python`` wheel (the dev extra): nothing is
fetched. Without Chromium the module is skipped, saying so in one line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from tests.sim.chromium import violations
from tests.sim.web.web_board import WebBoard
from tests.sim.web.web_browser import chromium_missing, served

missing = chromium_missing()
if missing is not None:
    pytest.skip(f"browser tests skipped: {missing}", allow_module_level=True)
pytest.importorskip("axe_playwright_python", reason="axe-playwright-python (the dev extra)")

from playwright.sync_api import Page, expect  # noqa: E402

WAIT = 15_000
SIZES = {"phone": (390, 844), "wall": (1920, 1080)}


def audit(page: Page, found: dict[str, list[str]], where: str) -> None:
    """The page audited at a phone's size and a wall's, as it stands (no reload between)."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        found[f"{where} ({size})"] = violations(page)


def log_in(page: Page, url: str, pin: str = "2468") -> None:
    page.goto(f"{url}/login")
    page.fill("input[name=pin]", pin)
    page.click("form.pin button")
    page.wait_for_url(re.compile("/settings$"), timeout=WAIT)


def a_finished_game_then_another(board: WebBoard) -> None:
    """game-1 kept among the records, and the next game under way with a throw to move."""
    board.table.controller.settings.mummy = None
    state = board.set_up("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
    board.carry_out(state, state.moves[0])
    board.run(1.0)
    with board.lock:
        for square in board.table.sim.pieces:
            board.table.sim.lift(square)
    board.run(1.0)
    board.set_up("C:C2,M6 R:M9,R3 entered:CR turn:C throw:2:WWDD")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[WebBoard, str]]:
    """One board and its page for the audits in every language: a game kept, another under way."""
    with served(tmp_path_factory.mktemp("audited")) as found:
        a_finished_game_then_another(found[0])
        yield found


@pytest.mark.long  # every page at two sizes through axe-core, 10 s of Chromium: test-long
@pytest.mark.parametrize("language", ["en", "ar"])
def test_every_page_passes_the_wcag_audit_on_a_phone_and_a_wall(
        site: tuple[WebBoard, str], open_page: Callable[..., Page], language: str) -> None:
    _board, url = site
    found: dict[str, list[str]] = {}
    visitor, owner, friend = (open_page(*SIZES["phone"], language) for _ in range(3))
    for path in ("/", "/display", "/settings", "/games", "/games/game-1", "/login", "/nowhere"):
        visitor.goto(url + path)
        expect(visitor.locator("main")).to_be_visible(timeout=WAIT)
        audit(visitor, found, path)
    log_in(owner, url)
    audit(owner, found, "owner's settings")
    owner.goto(url)
    audit(owner, found, "owner's board")
    owner.click("form[action='/new-game'] button")
    expect(owner.locator("form.confirm")).to_be_visible(timeout=WAIT)
    audit(owner, found, "a new game asked")
    owner.goto(url)
    owner.select_option("select[name=side]", "reels")
    owner.click("form[action='/remote/invite'] button")
    audit(owner, found, "invitation")
    link = owner.locator("#invite-url").inner_text()
    pin = owner.locator("#invite-pin").inner_text()
    friend.goto(link)
    audit(friend, found, "join")
    friend.fill("input[name=pin]", pin)
    friend.click("form.pin button")
    expect(friend.locator("#remote-note")).to_be_visible(timeout=WAIT)
    audit(friend, found, "friend's board")
    owner.goto(url + "/settings")
    owner.click("form.everywhere button")
    expect(owner.locator(".message")).to_be_visible(timeout=WAIT)
    audit(owner, found, "logged out everywhere")
    assert {where: lines for where, lines in found.items() if lines} == {}


def test_a_friend_plays_with_the_keyboard_alone(tmp_path: Path,
                                                 open_page: Callable[..., Page]) -> None:
    with served(tmp_path) as (board, url):
        owner, friend = open_page(), open_page(390, 844)
        log_in(owner, url)
        owner.goto(url)
        owner.select_option("select[name=side]", "cones")
        owner.click("form[action='/remote/invite'] button")
        link = owner.locator("#invite-url").inner_text()
        pin = owner.locator("#invite-pin").inner_text()
        with board.lock:
            board.table.controller.settings.mummy = None
        friend.goto(link)
        friend.keyboard.press("Tab")  # past the navigation to the PIN's field
        for _ in range(12):
            if friend.evaluate("document.activeElement.name") == "pin":
                break
            friend.keyboard.press("Tab")
        friend.keyboard.type(pin)
        friend.keyboard.press("Enter")
        expect(friend.locator("#remote-note")).to_be_visible(timeout=WAIT)
        board.set_up("C:C2 R:M9 entered:CR turn:C")
        throw = friend.locator("#remote-throw")
        expect(throw).to_be_visible(timeout=WAIT)
        box = throw.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844  # above a phone's fold
        for _ in range(30):  # Tab from the top of the page until the Throw button
            if friend.evaluate("document.activeElement.id") == "remote-throw":
                break
            friend.keyboard.press("Tab")
        friend.keyboard.press("Enter")
        first = friend.locator("#remote-moves button").first
        expect(first).to_be_focused(timeout=WAIT)  # the keyboard follows the game
        move = first.inner_text()
        friend.keyboard.press("Enter")
        expect(friend.locator("#remote-said")).to_contain_text(move, timeout=WAIT)
        with board.lock:
            assert board.table.controller.mummy_move is not None  # lit for the owner


@pytest.mark.long  # the calm lights themselves are test_flashing's in make test
def test_less_motion_asked_for_shows_the_lights_steady(tmp_path: Path,
                                                       open_page: Callable[..., Page]) -> None:
    with served(tmp_path) as (board, url):
        calm, moving = open_page(motion="reduce"), open_page()
        for page in (calm, moving):
            page.goto(url)
        board.set_up("C:C2 R:M9 entered:CR turn:C")  # the Cones' row breathes: their turn
        for page in (calm, moving):
            expect(page.locator(".light.lit").first).to_be_attached(timeout=WAIT)
        seen: dict[str, list[set[str]]] = {"calm": [], "moving": []}
        for _ in range(12):
            board.run(0.15)
            for name, page in (("calm", calm), ("moving", moving)):
                seen[name].append(set(page.evaluate(
                    "[...document.querySelectorAll('.light.lit')]"
                    ".map(l => l.id + ' ' + l.style.fill)")))
        assert len({frozenset(s) for s in seen["moving"]}) > 1  # the board breathes...
        assert len({frozenset(s) for s in seen["calm"][3:]}) == 1  # ...the calm page does not
        assert calm.evaluate("document.getAnimations().length") == 0
