"""What the page's worker calls in Pyodide: text in, JSON text out (no object crosses between
JavaScript and Python but a string).

``start`` reads what the page kept (its settings, the game left unfinished) through the one
reader's bounds and the checks of each (``firmware.menu.choices.choose``,
``GameRecord.from_data``); a kept value
that is no longer a choice, or a record that does not replay, is left aside and play begins
afresh.

    session = start('{"settings": {"language": "de"}, "seed": 7}')
    answer(session, '{"type": "throw"}')      # '[{"type": "position", ...}, ...]'
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.errors import BadRecord
from engine.record import GameRecord
from firmware import words
from firmware.menu.choices import choose, setting
from firmware.service.link_schema import message
from firmware.words import _
from hardware.doors.file_reader import Bounds, Unreadable, parse_json
from sim.browser.page import OFFERED, offers
from sim.browser.session import Session
from sim.browser.table import PublishedTable

log = logging.getLogger(__name__)

KEPT = Bounds("page's kept settings and game", 65536, depth=6, keys=200)
"""What the page kept and hands back (a kept game of Senet is some 6 KB)."""
LOOKUP = Bounds("published table's lookup", 1 << 24, depth=6, keys=200)
"""A published solved table's lookup (``sim.browser.table``): its few keys hold the table's
index lists, some hundreds of kilobytes."""


def start(options: str, packages: str | None = None) -> Session:
    """A session from the page's ``options`` (JSON: ``settings``, a kept ``record``, a
    ``seed``); ``packages``: the zip aseb is imported from, its catalogs read from a copy
    beside it."""
    if packages is not None:
        words.read_catalogs_from(_catalogs(Path(packages)))
    found = _options(options)
    kept = found.get("settings")
    values = {key: value for key, value in (kept.items() if isinstance(kept, dict) else ())
              if key in OFFERED and isinstance(value, str) and _offered(key, value)}
    chosen, _problems = choose(None, values)
    seed = found.get("seed")
    session = Session(random.Random(seed if isinstance(seed, int) else None), chosen)
    record = found.get("record")
    if isinstance(record, dict):
        with contextlib.suppress(BadRecord, ValueError):  # no longer replays: a new game
            session.take_up(GameRecord.from_data(record))
    return session


def use_table(session: Session, lookup: str, values: Any) -> str:
    """Tait's solved table as the site publishes it (``sim.browser.table``): its lookup's text
    and its values (a sequence of uint16: the worker hands its typed array); the events that
    changed, or an ``error`` event saying why it cannot be used."""
    try:
        table = PublishedTable(parse_json(lookup, LOOKUP, "the published table"), values)
    except (Unreadable, ValueError) as exc:
        return _json([message("error", message=str(exc))])
    session.use_table(table)
    return _json(session.events())


def answer(session: Session, line: str) -> str:
    """Carry out one command of the link; the events that changed."""
    return _guarded(lambda: session.answer(line))


def step(session: Session) -> str:
    """The mummy's next step; the events that changed (``[]``: not its turn)."""
    return _guarded(session.step)


def lights(session: Session, now: float) -> str:
    """The lights at the page's time ``now`` (seconds), if they changed."""
    return _guarded(lambda: session.lights(now))


def events(session: Session) -> str:
    """Every event the page has not been told."""
    return _guarded(session.events)


def _guarded(act: Callable[[], list[dict[str, Any]]]) -> str:
    """What ``act`` tells; whatever goes wrong in it, an ``error`` event naming it (the page
    says it and plays on, as the board's link answers a companion), never a stalled page."""
    try:
        return _json(act())
    except Exception as exc:
        log.exception("the game could not do that")
        return _json([message("error", message=_("The game could not do that ({problem})")
                              .format(problem=type(exc).__name__))])


def _catalogs(packages: Path) -> Path:
    """The catalogs in the zip ``packages`` (``firmware/words/locale/``), written as files
    beside it (gettext reads files); where they are."""
    folder = packages.with_name("locale")
    inside = "firmware/words/locale/"
    with zipfile.ZipFile(packages) as found:
        for name in found.namelist():
            if name.startswith(inside) and name.endswith(".mo"):
                path = folder / name.removeprefix(inside)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(found.read(name))
    return folder


def _options(text: str) -> dict[str, Any]:
    """The page's options, read by the reader's bounds before they are parsed (nothing when
    they are out of them, or not JSON: play begins afresh)."""
    try:
        found = parse_json(text, KEPT, "the page")
    except Unreadable:
        return {}
    return found if isinstance(found, dict) else {}


def _offered(key: str, value: str) -> bool:
    """Whether the page offers ``value`` for ``key`` before any solved table is fetched."""
    try:
        return setting(key).choice(value) in offers(setting(key), table=False)
    except ValueError:
        return False


def _json(events: list[dict[str, Any]]) -> str:
    return json.dumps(events, ensure_ascii=False, separators=(",", ":"))
