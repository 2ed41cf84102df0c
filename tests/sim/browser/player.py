"""A person at the Play page, in a real browser: opens it in a language at a size, waits for the
games to start, and plays as the page asks, by clicks (the Throw button, the squares) or by keys
(Enter, the moves' numbers), waiting each time for the game to move on.

    page = opened(open_page, site, "ar", "phone")
    while play(page, "keys"): pass
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from firmware.menu.choices import choose
from sim.browser.build import page_name
from sim.browser.session import Session
from tests.sim.browser.site import Site

WAIT = 90_000
"""Milliseconds a start or a step may take at most (Python's first start on a busy machine)."""
SIZES = {"phone": (390, 844), "desk": (1280, 900)}
KEPT_GAME = "aseb.play.game"


def opened(open_page: Callable[..., Any], site: Site, language: str = "en",
           size: str = "desk", motion: str = "no-preference", *, seed: int = 1,
           kept: dict[str, Any] | None = None) -> Any:
    """The page in ``language`` at ``size``, the games started (the mummy's pause none, its
    throws seeded); ``kept``: a game the page kept from an earlier visit."""
    width, height = SIZES[size]
    page = open_page(width, height, language, motion)
    if kept is not None:  # the page's own storage, as a visit before left it
        page.goto(f"{site.url}/app/pyodide/LICENSE.txt")
        page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                      [KEPT_GAME, json.dumps(kept)])
    page.goto(f"{site.url}/app/{page_name(language)}?pace=0&seed={seed}")
    page.wait_for_selector("body[data-ready=yes]", timeout=WAIT)
    return page


def awaited(page: Any) -> str:
    """What the game waits for once the mummy is done: ``throw``, ``move`` or ``over``."""
    page.wait_for_function("['throw', 'move', 'over'].includes(document.body.dataset.waiting)",
                           timeout=WAIT)
    found: str = page.evaluate("document.body.dataset.waiting")
    return found


def play(page: Any, way: str) -> bool:
    """One throw or move as the page asks for it, by ``clicks`` or ``keys``; False once the game
    is over."""
    waiting = awaited(page)
    if waiting == "over":
        return False
    before = page.evaluate("document.body.dataset.actions")
    if waiting == "throw":
        if way == "clicks":
            page.click("#throw-button")
        else:
            page.keyboard.press("Enter")
    elif way == "clicks":
        square = page.locator(".square.can-move").first
        square.click()
        if page.locator(".square.picked").count():  # several moves leave it: its target,
            targets = page.locator(".square.target")  # or the button of a move off the board
            (targets.first if targets.count() else page.locator("#moves .picked").first).click()
    else:
        page.keyboard.press("1")
    page.wait_for_function(f"document.body.dataset.actions !== {json.dumps(before)}",
                           timeout=WAIT)
    return True


def played_out(page: Any, way: str, limit: int = 1500) -> int:
    """Play on until the game is over; the throws and moves made."""
    for made in range(limit):
        if not play(page, way):
            return made
    raise AssertionError(f"the game was not over after {limit} throws and moves")


def near_the_end(game: str = "tait", seed: int = 3, left: int = 12) -> dict[str, Any]:
    """A game of ``game`` (the mummy playing the Reels) as the page keeps it, ``left`` actions
    before its end, the player to throw or move."""
    session = Session(random.Random(seed), choose(None, {"game": game, "level": "scribe"})[0])
    records = []
    while session.waiting != "over":
        if session.waiting != "mummy":
            session.events()
            records.append(json.loads(session.told["played"])["record"])
        match session.waiting:
            case "mummy":
                session.step()
            case "throw":
                session.answer('{"type": "throw"}')
            case _:
                session.answer('{"type": "move", "move": "1"}')
    found: dict[str, Any] = records[-left]
    return found
