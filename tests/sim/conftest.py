"""The browser tests' Chromium and their pages, shared by every module that drives a page in a
browser (the web page's, the Play page's; each module skips itself first where Chromium or
Playwright is missing)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Chromium for one module (Playwright's sync API runs an event loop in this thread while
    it lives: a session's would break the asyncio.run of the modules after it)."""
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


@pytest.fixture(autouse=True, scope="session")
def quick_scrypt() -> Iterator[None]:
    """scrypt at a cost of 1 MB a try, not 16 MB: the tests try hundreds of PINs, and what
    they judge is which are checked, and when, not scrypt's cost (``sim.web.security.SCRYPT``
    is the page's). For the whole session: a page made for a module hashes as its tests
    check."""
    from sim.web import security

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(security, "SCRYPT", {"n": 2**10, "r": 8, "p": 1})
        yield
