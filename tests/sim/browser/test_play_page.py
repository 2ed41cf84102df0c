"""The Play page in the distribution's Chromium: a game near its end played to the win by clicks
and by keys, the screen reader told what the plain terminal says; after the first visit it plays
with the network gone, and no request ever leaves the page's origin; every visitor (English and
Arabic, a phone and a desk, less motion asked) meets no WCAG 2.1 AA violation. A whole game of
every game is played in ``test_play_games.py`` (``make test-long``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.sim.chromium import chromium_missing, violations

missing = chromium_missing()
if missing is not None:
    pytest.skip(f"browser tests skipped: {missing}", allow_module_level=True)
pytest.importorskip("axe_playwright_python", reason="axe-playwright-python (the dev extra)")

from tests.sim.browser.player import (  # noqa: E402
    SIZES,
    WAIT,
    awaited,
    near_the_end,
    opened,
    play,
)
from tests.sim.browser.site import Site, served  # noqa: E402

Opener = Callable[..., Any]


def test_a_game_near_its_end_is_played_to_the_win_by_clicks_and_keys(
        open_page: Opener, site: Site) -> None:
    page = opened(open_page, site, kept=near_the_end())
    assert "The game goes on where it was left." in page.inner_text("#log")
    while awaited(page) != "move":
        play(page, "keys")
    assert violations(page) == []  # English at a desk's size (Arabic and phones below)
    ways = ["clicks", "keys"]
    made = 0
    while play(page, ways[made % 2]):
        made += 1
        said = page.text_content("#said") or ""
        log = " ".join(line.strip() for line in page.locator("#log li").all_inner_texts())
        assert said and said in log  # the live region: the lines the log just gained
    assert made >= 2
    assert page.inner_text("#status").endswith("win!")
    assert "win!" in (page.text_content("#said") or "") or "win!" in page.inner_text("#log")
    page.keyboard.press("Enter")  # over: Enter begins another game
    page.wait_for_function("document.body.dataset.waiting !== 'over'", timeout=WAIT)
    assert awaited(page) in ("throw", "move")


@pytest.mark.long  # the service worker's files are test_build's in make test
def test_after_the_first_visit_it_plays_offline_and_nothing_leaves_its_origin(
        open_page: Opener, site: Site) -> None:
    asked: list[str] = []
    page = open_page(*SIZES["phone"])
    page.context.on("request", lambda request: asked.append(request.url))
    page.goto(f"{site.url}/app/index.html?pace=0&seed=2")
    page.wait_for_selector("body[data-ready=yes]", timeout=WAIT)
    page.wait_for_selector("body[data-offline=ready]", timeout=WAIT)
    assert play(page, "keys") and play(page, "clicks")
    while awaited(page) != "move":
        play(page, "keys")
    assert violations(page) == []  # English at a phone's size
    site.stop()  # the network is gone
    page.reload()
    page.wait_for_selector("body[data-ready=yes]", timeout=WAIT)
    assert "The game goes on where it was left." in page.inner_text("#log")
    for way in ("keys", "clicks", "keys"):
        assert play(page, way)
    foreign = [url for url in asked if not url.startswith(site.url + "/")]
    assert foreign == []
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in asked)


@pytest.mark.long  # English at a desk is audited in make test's game
def test_arabic_reads_right_to_left_and_meets_no_wcag_violation_at_a_phones_size_and_a_desks(
        open_page: Opener, site: Site) -> None:
    page = opened(open_page, site, "ar", "phone", motion="reduce")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.inner_text("#status") != "" and "Throw" not in page.inner_text("#throw-button")
    assert page.input_value("#setting-lights") == "calm"  # less motion asked: calm lights
    while awaited(page) != "move":
        play(page, "keys")
    found = {"phone": violations(page)}
    page.set_viewport_size({"width": SIZES["desk"][0], "height": SIZES["desk"][1]})
    found["desk"] = violations(page)
    assert found == {"phone": [], "desk": []}


@pytest.mark.long  # a game by clicks and keys stays in make test
def test_two_at_one_screen_play_both_sides(open_page: Opener, site: Site) -> None:
    page = opened(open_page, site, "en", "desk")
    page.select_option("#setting-opponent", "none")
    page.select_option("#setting-game", "ramses")
    page.wait_for_function("document.getElementById('board').dataset.game === 'ramses'",
                           timeout=WAIT)
    before = page.locator("#log li").count()
    sides = set()
    for _turn in range(4):
        sides.add(page.inner_text("#status").split()[-1])
        assert play(page, "clicks")
    lines = page.locator("#log li").all_inner_texts()[before:]
    assert lines and not any("mummy" in line for line in lines)
    assert sides == {"Cones", "Reels"}


@pytest.mark.long
def test_neferkaptahs_table_is_fetched_once_when_he_is_chosen_and_kept(
        open_page: Opener, built_with_table: Path) -> None:
    with served(built_with_table) as site:
        page = opened(open_page, site, "en", "desk")

        def tables() -> list[str]:  # what the site has served of the table
            return [path for path in site.asked if "/table/" in path]

        assert tables() == []  # not before he is chosen
        page.select_option("#setting-level", "neferkaptah")
        page.wait_for_function("document.getElementById('setting-level').value === "
                               "'neferkaptah' && document.getElementById('log').textContent"
                               ".includes('Neferkaptah')", timeout=WAIT)
        assert sorted(tables()) == ["/app/table/tait-2.json", "/app/table/tait-2.values"]
        page.reload()  # he was chosen: his table again, from the browser's own storage
        page.wait_for_selector("body[data-ready=yes]", timeout=WAIT)
        page.wait_for_function("document.getElementById('setting-level').value === "
                               "'neferkaptah'", timeout=WAIT)
        assert len(tables()) == 2
