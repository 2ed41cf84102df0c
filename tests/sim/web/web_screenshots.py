"""The web page's screenshots for the documentation (docs/play/web.md), at a phone's size (390x844)
and a wall screen's (1920x1080): the live board, the PIN asked of the board, the settings, a game's
review, the museum's display between games of Setna's tournament (the story's art, the sand,
MummyFacts) and a remote friend's page, in the distribution's Chromium beside the simulated board.

    python -m tests.sim.web.web_screenshots docs/web            # the README's, in English
    python -m tests.sim.web.web_screenshots /tmp/de de          # the browser speaking German
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from engine.core.sides import Side
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.tracker import AsExpected
from firmware.story.setna import Setna
from firmware.story.tournament import Tournament
from sim.board.demo import Demo
from tests.sim.web.web_board import WebBoard
from tests.sim.web.web_browser import browser, served
from tests.solved import TWO, two_piece_table

SIZES = {"phone": (390, 844), "wall": (1920, 1080)}
LANGUAGE = ["en"]
"""The browser's language (``Accept-Language``), set by ``main``."""


def new_page(chromium: Any, width: int = 1280, height: int = 900) -> Any:
    """A page of its own (its own cookies), its browser speaking ``LANGUAGE``."""
    return chromium.new_context(viewport={"width": width, "height": height},
                                locale=LANGUAGE[0],
                                extra_http_headers={"accept-language": LANGUAGE[0]}).new_page()


def play(board: WebBoard, demo: Demo, seconds: float, until_won: bool = False) -> None:
    """Let the mummy play both sides for ``seconds`` (or until a game is won)."""
    end = board.table.now + seconds
    while board.table.now < end:
        with board.lock:
            demo.act(board.table.controller, board.table.now)
            board.table.run(1 / 30)
            if until_won and board.table.controller.phase is Phase.WON:
                return


def shoot(chromium: Any, url: str, out: Path, name: str, pin: str | None = None) -> None:
    """The page at ``url`` at each size (as the owner, with ``pin``), once its log is there."""
    for size, (width, height) in SIZES.items():
        page = new_page(chromium, width, height)
        if pin is not None:
            log_in(page, url.split("/", 3)[0] + "//" + url.split("/", 3)[2], pin)
        page.goto(url)
        if name != "display":  # (a board between games may have said nothing yet)
            page.locator("#log li, main:not(:has(#log))").first.wait_for(
                state="attached", timeout=15000)
        page.wait_for_load_state("networkidle")  # the story's pictures drawn
        page.screenshot(path=str(out / f"web-{name}-{size}.png"))
        page.close()


def log_in(page: Any, url: str, pin: str) -> None:
    page.goto(f"{url}/login")
    page.fill("input[name=pin]", pin)
    page.click("form.pin button")


def ask_pin(board: WebBoard, chromium: Any, url: str, out: Path) -> str:
    """The owner asks the board to say a PIN (it lights it on the squares, for the room only):
    the login page as it says so, at each size; the PIN the board said."""
    width, height = SIZES["phone"]
    page = new_page(chromium, width, height)
    page.goto(f"{url}/login")
    page.click("form[action='/pin'] button")
    page.locator(".note").wait_for(timeout=15000)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(out / f"web-pin-{size}.png"))
    page.close()
    with board.lock:
        shown = board.table.controller.pin_shown
    assert shown is not None, "the board did not light a PIN"
    return shown[0]


def remote(board: WebBoard, chromium: Any, url: str, out: Path, pin: str) -> None:
    """A friend invited to play the Cones, at their turn to move, on a phone and a wall."""
    with board.lock:
        board.table.controller.settings.mummy_plays_both = False
        board.table.controller.settings.mummy = Side.REELS
    owner = new_page(chromium)
    log_in(owner, url, pin)
    owner.goto(url)
    owner.select_option("select[name=side]", "cones")
    owner.click("form[action='/remote/invite'] button")
    link, pin = owner.locator("#invite-url").inner_text(), owner.locator("#invite-pin").inner_text()
    friend = new_page(chromium, 390, 844)
    friend.goto(link)
    friend.fill("input[name=pin]", pin)
    friend.click("form.pin button")
    demo = Demo(board.table.sim)
    for _ in range(600):  # the owner plays the mummy's moves until the friend may move
        with board.lock:
            controller = board.table.controller
            game = controller.game
            if game is not None and game.state.turn == Side.CONES and \
                    controller.phase is Phase.MOVE and controller.mummy_move is None:
                break
            if game is not None and game.state.turn == Side.CONES and \
                    controller.phase is Phase.THROW and isinstance(controller.verdict, AsExpected):
                controller.remote_throws()
            demo.act(controller, board.table.now)
            board.table.run(1 / 30)
    friend.locator("#remote-moves button").first.wait_for(timeout=15000)
    friend.screenshot(path=str(out / "web-remote-phone.png"))
    friend.set_viewport_size({"width": 1920, "height": 1080})
    friend.screenshot(path=str(out / "web-remote-wall.png"))
    friend.close()
    owner.close()


def tournament(chromium: Any, out: Path) -> None:
    """The museum's display between two games of Setna's tournament (Setna one game won, two
    lost: in the sand to his knees), its story's art and MummyFacts."""
    with tempfile.TemporaryDirectory() as temp, \
            served(Path(temp), story="tournament", seed=7) as (board, url):
        story = board.table.choices.story if board.table.choices is not None else None
        assert isinstance(story, Setna)
        with board.lock:
            story._changed(Tournament(wins=1, losses=2, stage=1))
        board.run(1.0)
        shoot(chromium, url + "/display", out, "display")


def main(out: Path, language: str = "en") -> int:
    out.mkdir(parents=True, exist_ok=True)
    LANGUAGE[0] = language
    settings = Settings(ruleset=TWO, table=two_piece_table(), mummy_plays_both=True)
    with tempfile.TemporaryDirectory() as temp, browser() as chromium:
        with served(Path(temp), settings=settings, seed=7, pin=None) as (board, url):
            demo = Demo(board.table.sim)
            play(board, demo, 900, until_won=True)
            play(board, demo, 30)  # the next game under way
            play(board, demo, 25)
            shoot(chromium, url + "/", out, "live")
            shoot(chromium, url + "/games/game-1", out, "review")
            pin = ask_pin(board, chromium, url, out)
            shoot(chromium, url + "/settings", out, "settings", pin=pin)
            remote(board, chromium, url, out, pin)
        tournament(chromium, out)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/web"),
                  sys.argv[2] if len(sys.argv) > 2 else "en"))
