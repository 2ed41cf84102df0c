"""The page's language, chosen for each request: ``aseb web --lang`` over the browser's
``Accept-Language`` (a phone speaks its owner's language) over the board's chosen language (its
settings, told by the link), else English; the museum's display follows the board's language
first (a visitor chooses it at the board). Spoken for that request only
(``firmware.words.use_here``), so one page's words never leak into another's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from firmware import words

Scope = dict[str, Any]


def accepted(header: str) -> str | None:
    """The browser's most wanted language the catalogs hold (``de-CH;q=0.8, en;q=0.5``: de)."""
    wanted = []
    for at, item in enumerate(header.split(",")[:20]):
        name, _sep, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        code = name.strip().split("-")[0].lower()
        if words.known(code) and weight > 0:
            wanted.append((-weight, at, code))
    return min(wanted)[2] if wanted else None


def page_language(forced: str | None, board: Mapping[str, Any] | None, header: str,
                  display: bool = False) -> str:
    """The language of one answer: ``forced`` (``--lang``), then the browser's, then the
    board's setting (the display: the board's before the browser's)."""
    chosen = board.get("values", {}).get("language") if board else None
    boards = chosen if isinstance(chosen, str) and words.known(chosen) else None
    browsers = accepted(header)
    for wanted in (forced, *((boards, browsers) if display else (browsers, boards))):
        if wanted and words.known(wanted):
            return wanted
    return "en"


class Speaking:
    """ASGI middleware: the request's language chosen and spoken while it is answered."""

    def __init__(self, app: Any, choose: Callable[[str, Scope], str]) -> None:
        self.app = app
        self.choose = choose

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            header = dict(scope.get("headers") or []).get(b"accept-language", b"")
            words.use_here(self.choose(header.decode("latin-1"), scope))
        await self.app(scope, receive, send)
