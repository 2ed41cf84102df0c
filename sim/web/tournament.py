"""Setna's tournament as the page shows it (the display and the live page's heading), from the
link's ``tournament`` event: who plays whom and where it stands, said in the page's language
from the tournament's own sentences (``firmware.story.tournament``), with the picture of the sand.

    shown = tournament_shown(link.now("tournament"))   # None: no tournament played
"""

from __future__ import annotations

from typing import Any

from engine.core.sides import Side
from firmware.story.tournament import STAGES, Tournament
from firmware.words import _, side_said
from sim.web import words


def tournament_shown(told: dict[str, Any] | None) -> dict[str, str] | None:
    """The tournament's heading, sides, standing and picture; None while none is played."""
    if not told or not told.get("running"):
        return None
    try:
        played = Tournament(int(told["wins"]), int(told["losses"]), int(told["stage"]))
        setna, mummy = Side.parse(str(told["setna"])), Side.parse(str(told["mummy"]))
        if not 0 <= played.stage < len(STAGES):
            raise ValueError(f"no stage {played.stage}")
    except (KeyError, TypeError, ValueError):  # a board of another version: its own words
        return {"key": "?", "heading": _(words.TOURNAMENT), "sides": "",
                "telling": str(told.get("telling", "")), "picture": "mask"}
    picture = "book" if played.won else "rescue" if played.over else f"setna-{played.stage}"
    return {"key": f"{played.wins}:{played.losses}:{played.stage}",
            "heading": _(words.TOURNAMENT),
            "sides": _(words.TOURNAMENT_SIDES).format(setna=side_said(setna),
                                                      mummy=side_said(mummy)),
            "telling": played.telling(), "picture": picture}
