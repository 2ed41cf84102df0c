"""A finished game's review for the games page: the engine's review (``engine.mummy.review``)
by the best judge there is (``engine.mummy.judges``), worked out once a record (in a thread:
a search-judged Senet game takes seconds)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.core.sides import Side
from engine.mummy.judges import judge_for
from engine.mummy.review import NOTICEABLE, Review, review
from engine.record import GameRecord
from sim.installed_table import table_for


@dataclass(frozen=True)
class Summary:
    """One line of the games list."""

    id: str
    game: str
    winner: str | None
    actions: int


def summary(name: str, record: GameRecord) -> Summary:
    final = record.final_state()
    winner = final.winner.title if final.winner is not None else None
    return Summary(name, record.ruleset.title, winner, len(record.actions))


def record_of(data: Any) -> GameRecord:
    """The record the link sent (its JSON, parsed): ValueError when it is not one."""
    return GameRecord.from_json(json.dumps(data))


def review_of(record: GameRecord) -> Review:
    """The review of ``record`` by the solved table where it holds the game, else by search."""
    return review(judge_for(record.ruleset, table_for(record.ruleset)), record)


def rows(judged: Review) -> list[dict[str, Any]]:
    """Every step for the page's table."""
    found = []
    for step in judged.steps:
        if step.move is None:
            what = f"throws {step.throw.value}" if step.throw is not None else "throws"
            found.append({"number": step.number, "side": step.side.title, "what": what,
                          "note": f"luck {step.luck:+.1f}", "costly": False})
        else:
            costly = step.loss >= NOTICEABLE
            note = f"gave up {step.loss:.1f} points (best {step.best})" if costly else "best move"
            found.append({"number": step.number, "side": step.side.title, "what": step.move,
                          "note": note, "costly": costly})
    return found


def sides(judged: Review) -> list[dict[str, Any]]:
    """Each side's luck, points given up and biggest mistakes."""
    return [{"side": side.title, "luck": judged.luck(side), "lost": judged.lost(side),
             "mistakes": [f"{s.number}. {s.move} -{s.loss:.1f} (best {s.best})"
                          for s in judged.mistakes(side)]} for side in Side]
