"""The distribution's Chromium for every browser test, driven by Playwright (never a downloaded
one): headless, with nothing of its own going to the network (no background requests, no
component updates, no sync), in a fresh profile each launch.

    with browser() as chromium: page = chromium.new_page()
"""

from __future__ import annotations

import contextlib
import functools
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
"""``--no-sandbox``: as root in CI (the pages are our own)."""


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (the dev extra)"
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        return "no Chromium (apt-get install chromium)"
    return None


def executable() -> str | None:
    """Where the distribution's Chromium is."""
    return CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")


@contextlib.contextmanager
def browser() -> Iterator[Any]:
    """Chromium, headless, from the distribution (Playwright gives each launch a fresh
    profile of its own)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable(), args=FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


WCAG_21_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
              "resultTypes": ["violations"]}


def violations(page: Any) -> list[str]:
    """axe-core's WCAG 2.1 AA violations on the page as it stands, one line each (its script
    comes with the axe-playwright-python wheel: nothing is fetched; put in the page once a
    document)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_axe().axe_script)
    found = page.evaluate("(options) => axe.run(document, options)", WCAG_21_AA)["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]} "
            f"{v['nodes'][0].get('failureSummary', '')[:200]!r}" for v in found]


@functools.cache
def _axe() -> Any:
    """axe-playwright-python's Axe, made once (it reads axe-core's script from its wheel)."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe()
