"""The web page's screenshots for the README, at a phone's size (390x844) and a wall screen's
(1920x1080): the live board, the settings, a game's review, the museum's display and a remote
friend's page, in the distribution's Chromium beside the simulated board.

    python -m tests.sim.web_screenshots docs/web
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from engine.core.sides import Side
from firmware.controller import Settings
from firmware.scenes import Phase
from firmware.tracker import AsExpected
from sim.demo import Demo
from tests.sim.web_board import WebBoard
from tests.sim.web_browser import browser, served
from tests.solved import TWO, two_piece_table

SIZES = {"phone": (390, 844), "wall": (1920, 1080)}


def play(board: WebBoard, demo: Demo, seconds: float, until_won: bool = False) -> None:
    """Let the mummy play both sides for ``seconds`` (or until a game is won)."""
    end = board.table.now + seconds
    while board.table.now < end:
        with board.lock:
            demo.act(board.table.controller, board.table.now)
            board.table.run(1 / 30)
            if until_won and board.table.controller.phase is Phase.WON:
                return


def shoot(chromium: Any, url: str, out: Path, name: str, login: bool = False) -> None:
    for size, (width, height) in SIZES.items():
        page = chromium.new_page(viewport={"width": width, "height": height})
        if login:
            page.goto(url.rsplit("/", 1)[0] + "/login")
            page.fill("input[name=pin]", "2468")
            page.click("form.pin button")
        page.goto(url)
        page.wait_for_function("!document.querySelector('#log') || "
                               "document.querySelector('#log li') !== null", timeout=15000)
        page.screenshot(path=str(out / f"web-{name}-{size}.png"))
        page.close()


def remote(board: WebBoard, chromium: Any, url: str, out: Path) -> None:
    """A friend invited to play the Cones, at their turn to move, on a phone and a wall."""
    with board.lock:
        board.table.controller.settings.mummy_plays_both = False
        board.table.controller.settings.mummy = Side.REELS
    owner = chromium.new_page()
    owner.goto(f"{url}/login")
    owner.fill("input[name=pin]", "2468")
    owner.click("form.pin button")
    owner.goto(url)
    owner.select_option("select[name=side]", "cones")
    owner.click("form[action='/remote/invite'] button")
    link, pin = owner.locator("#invite-url").inner_text(), owner.locator("#invite-pin").inner_text()
    friend = chromium.new_page(viewport={"width": 390, "height": 844})
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


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    settings = Settings(ruleset=TWO, table=two_piece_table(), mummy_plays_both=True)
    with tempfile.TemporaryDirectory() as temp, \
            served(Path(temp), settings=settings, seed=7) as (board, url), browser() as chromium:
        demo = Demo(board.table.sim)
        play(board, demo, 900, until_won=True)
        play(board, demo, 30)  # the next game under way
        play(board, demo, 25)
        shoot(chromium, url + "/", out, "live")
        shoot(chromium, url + "/display", out, "display")
        shoot(chromium, url + "/settings", out, "settings", login=True)
        shoot(chromium, url + "/games/game-1", out, "review")
        remote(board, chromium, url, out)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/web")))
