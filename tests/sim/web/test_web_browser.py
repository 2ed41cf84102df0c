"""The web page in a real browser (the distribution's Chromium through Playwright) beside the
simulated board: a game watched live, a setting changed through the page and played by the
board, a remote game of ten moves, the PIN and CSRF refusals, the museum's display.

The board's simulated time moves only when a test says so; the browser is waited for by what
it shows (Playwright's expectations), never by a fixed sleep.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from firmware.story.setna import Setna
from firmware.story.tournament import Tournament
from tests.sim.chromium import violations
from tests.sim.web.web_board import WebBoard
from tests.sim.web.web_browser import chromium_missing, served

missing = chromium_missing()
if missing is not None:
    pytest.skip(f"browser tests skipped: {missing}", allow_module_level=True)
pytest.importorskip("axe_playwright_python", reason="axe-playwright-python (the dev extra)")

from playwright.sync_api import Page, expect  # noqa: E402

WAIT = 15_000
"""Milliseconds the browser may take to show what the board did (a loaded machine)."""


@pytest.fixture
def page(open_page: Callable[..., Page]) -> Page:
    return open_page()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[WebBoard, str]]:
    """The simulated board and its page served on loopback: the board, and the page's URL."""
    with served(tmp_path) as found:
        yield found


def status_of(board: WebBoard) -> str:
    with board.lock:
        return board.table.controller.status()


def log_in(page: Page, url: str, pin: str = "2468") -> None:
    page.goto(f"{url}/login")
    page.fill("input[name=pin]", pin)
    page.click("form.pin button")
    expect(page.locator("h1")).to_have_text("Settings", timeout=WAIT)


def test_a_game_is_watched_live(site: tuple[WebBoard, str], page: Page) -> None:
    board, url = site
    page.goto(url)
    expect(page.locator("#status")).to_have_text(status_of(board), timeout=WAIT)
    board.run(0.1)
    board.table.sim.shake(1.0)
    for _ in range(6):  # a few turns of the game, each seen on the page
        board.run(2.0)
        expect(page.locator("#status")).to_have_text(status_of(board), timeout=WAIT)
    with board.lock:
        game = board.table.controller.game
        assert game is not None
        owners = game.state.owners()
        lit = {n for n, c in board.table.controller.last_frame.items() if c != (0, 0, 0)}
    for square, side in owners.items():
        expect(page.locator(f"#piece-{square}")).to_have_class(
            re.compile(side.name.lower()), timeout=WAIT)
    for name in sorted(lit)[:3]:
        expect(page.locator(f"#light-{name}")).to_have_class(re.compile("lit"),
                                                             timeout=WAIT)
    expect(page.locator("#log li").first).to_be_visible()
    # the page in play passes axe-core's WCAG 2.1 AA audit (every page at a phone's and a
    # wall's size, in English and Arabic: test_web_access, make test-long)
    assert violations(page) == []


def test_a_setting_changed_on_the_page_is_played_on_the_board(site: tuple[WebBoard, str],
                                                              page: Page) -> None:
    board, url = site
    log_in(page, url)
    page.check("input[name=level][value=scribe]")
    page.click("form.settings button")
    expect(page.locator(".note")).to_contain_text("Saved", timeout=WAIT)
    with board.lock:
        assert board.table.controller.settings.level.name == "SCRIBE"


def test_the_pin_and_the_form_token_are_refused_when_wrong(site: tuple[WebBoard, str],
                                                          page: Page) -> None:
    board, url = site
    page.goto(f"{url}/login")
    page.fill("input[name=pin]", "1357")
    page.click("form.pin button")
    expect(page.locator(".error")).to_have_text("That is not the PIN.", timeout=WAIT)
    log_in(page, url)
    page.evaluate("document.querySelector('form.settings input[name=csrf]').value = 'x'")
    page.check("input[name=level][value=vizier]")
    page.click("form.settings button")
    expect(page.locator(".message")).to_contain_text("expired", timeout=WAIT)
    with board.lock:
        assert board.table.controller.settings.level.name == "PRIEST"


@pytest.mark.long  # 5 s of Chromium; a friend plays in make test's phone and keyboard stories
def test_a_remote_game_of_ten_moves(site: tuple[WebBoard, str],
                                    open_page: Callable[..., Page]) -> None:
    board, url = site
    owner, friend = open_page(), open_page(390, 844)
    log_in(owner, url)
    owner.goto(url)
    owner.select_option("select[name=side]", "cones")
    owner.click("form[action='/remote/invite'] button")
    link = owner.locator("#invite-url").inner_text()
    pin = owner.locator("#invite-pin").inner_text()
    friend.goto(link)
    friend.fill("input[name=pin]", pin)
    friend.click("form.pin button")
    expect(friend.locator(".who")).to_contain_text("Cones", timeout=WAIT)
    board.run(0.1)
    board.table.sim.shake(1.0)  # the owner shakes to begin: a new game, demon-cast
    board.run(2.0)
    moves = 0
    for _ in range(200):
        if moves >= 10:
            break
        with board.lock:
            controller = board.table.controller
            game = controller.game
            assert game is not None and not game.state.is_over
            state = game.state
            chosen = controller.mummy_move
            phase = controller.phase.name
        if chosen is not None:  # the mummy's move or the friend's: the owner carries it
            board.carry_out(state, chosen)
            moves += 1
            continue
        if state.turn.name == "CONES" and phase == "THROW":
            expect(friend.locator("#remote-throw")).to_be_visible(timeout=WAIT)
            friend.click("#remote-throw")
            expect(friend.locator("#remote-throw")).to_be_hidden(timeout=WAIT)
        elif state.turn.name == "CONES" and phase == "MOVE":
            button = friend.locator("#remote-moves button").first
            expect(button).to_be_visible(timeout=WAIT)
            button.click()
            expect(friend.locator("#remote-said")).to_contain_text("You play",
                                                                   timeout=WAIT)
        board.run(1.5)  # the mummy throws after its pause; a lost throw passes
    assert moves >= 10
    expect(friend.locator("#status")).to_have_text(status_of(board), timeout=WAIT)


def test_the_display_page_fills_a_wall_screen(site: tuple[WebBoard, str],
                                              open_page: Callable[..., Page]) -> None:
    board, url = site
    page = open_page(1920, 1080)
    page.goto(f"{url}/display")
    expect(page.locator("#status")).to_have_text(status_of(board), timeout=WAIT)
    expect(page.locator("#fact")).not_to_be_empty()
    box = page.locator("svg.board").bounding_box()
    assert box is not None and box["width"] > 900  # large, across the room


@pytest.mark.long  # the display in a game stays in make test (test_web_person)
def test_the_display_follows_setnas_tournament(tmp_path: Path,
                                               open_page: Callable[..., Page]) -> None:
    page = open_page(1920, 1080)
    with served(tmp_path, story="tournament") as (board, url):
        page.goto(f"{url}/display")
        expect(page.locator("#tournament")).to_contain_text("Setna 0, Neferkaptah 0",
                                                            timeout=WAIT)
        story = board.table.choices.story if board.table.choices is not None else None
        assert isinstance(story, Setna)
        with board.lock:
            story._changed(Tournament(wins=1, losses=2, stage=1))  # a game won, two lost
        board.run(0.2)
        expect(page.locator("#tournament")).to_have_attribute("data-key", "1:2:1",
                                                              timeout=WAIT)
        expect(page.locator("#tournament")).to_contain_text("to his knees")
        expect(page.locator("#tournament img")).to_have_attribute("src", "/art/setna-1.png")
