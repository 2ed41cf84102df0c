"""The browser tests' Chromium and their pages, shared by every module that drives a page in a
browser (the web page's, the Play page's; each module skips itself first where Chromium or
Playwright is missing)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    from tests.sim.chromium import browser

    with browser() as found:
        yield found


@pytest.fixture
def open_page(chromium: Any) -> Iterator[Callable[..., Any]]:
    """Pages of their own (a browser each: their own cookies), in a language, asking for less
    motion or not, closed after the test."""
    contexts: list[Any] = []

    def opened(width: int = 1280, height: int = 900, language: str = "en",
               motion: str = "no-preference") -> Any:
        context = chromium.new_context(viewport={"width": width, "height": height},
                                       locale=language, reduced_motion=motion,
                                       extra_http_headers={"accept-language": language})
        contexts.append(context)
        return context.new_page()

    yield opened
    for context in contexts:
        context.close()
