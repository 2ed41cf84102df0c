"""A finished game's review for the games page: the engine's review (``engine.mummy.review``)
by the best judge there is (``engine.mummy.judges``), worked out once a record (in a thread:
a search-judged Senet game takes seconds), its moves said in words (``sim.web.told``)
and its date in the page's language."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engine.core.sides import Side
from engine.mummy.judges import judge_for
from engine.mummy.review import NOTICEABLE, Review, review
from engine.record import GameRecord
from engine.text import dice_text
from firmware.solve.installed import table_for
from firmware.words import _, language, say, side_said


@dataclass(frozen=True)
class Summary:
    """One line of the games list (said in each page's words)."""

    id: str
    game: str
    """The game's title (an engine's phrase)."""
    winner: Side | None
    actions: int


def summary(name: str, record: GameRecord) -> Summary:
    return Summary(name, record.ruleset.title, record.final_state().winner, len(record.actions))


def record_of(data: Any) -> GameRecord:
    """The record the link sent (its JSON, parsed): ValueError when it is not one."""
    return GameRecord.from_data(data)


def review_of(record: GameRecord) -> Review:
    """The review of ``record`` by the solved table where it holds the game, else by search."""
    return review(judge_for(record.ruleset, table_for(record.ruleset)), record)


def when_said(seconds: float) -> str:
    """A moment (seconds since the epoch, this machine's time) as the page's language writes a
    date and time (Babel's; without it, as ISO does)."""
    try:
        from babel import Locale, UnknownLocaleError
        from babel.dates import format_date, format_time, get_datetime_format
    except ImportError:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))
    moment = datetime.fromtimestamp(seconds)
    try:
        spoken = Locale.parse(language())
    except (UnknownLocaleError, ValueError):  # the pseudo-language: digits only
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))
    return str(get_datetime_format("medium", locale=spoken)).replace(
        "{1}", format_date(moment, "medium", locale=spoken)).replace(
        "{0}", format_time(moment, "short", locale=spoken))  # no seconds: a game is minutes


def rows(judged: Review) -> list[dict[str, Any]]:
    """Every step for the page's table, in the page's words."""
    found = []
    for step in judged.steps:
        side = side_said(step.side)
        if step.move is None:
            shown = "-" if step.throw is None else dice_text(step.throw) \
                if judged.device == "dice" else str(step.throw.value)
            found.append({"number": step.number, "side": side,
                          "what": _("throws {shown}").format(shown=shown),
                          "note": _("luck {luck}").format(luck=f"{step.luck:+.1f}"),
                          "costly": False})
        else:
            costly = step.loss >= NOTICEABLE
            note = _("gave up {loss} points (best {best})").format(
                loss=f"{step.loss:.1f}", best=say(step.best or "")) if costly else _("best move")
            found.append({"number": step.number, "side": side, "what": say(step.move),
                          "note": note, "costly": costly})
    return found


def sides(judged: Review) -> list[dict[str, Any]]:
    """Each side's luck, points given up and biggest mistakes."""
    return [{"side": side_said(side), "luck": judged.luck(side), "lost": judged.lost(side),
             "mistakes": [_("{number}. {move} -{loss} (best {best})").format(
                 number=s.number, move=say(s.move or ""), loss=f"{s.loss:.1f}",
                 best=say(s.best or ""))
                 for s in judged.mistakes(side)]} for side in Side]
