"""What the board's link tells, as the page shows it in the page's language: the link tells its
words in the board's (``firmware.service.link``), but the page may speak another (``aseb web
--lang``, a browser's language), so each is said again here from its own description, for each
request: the settings (``firmware.menu.choices``), Setna's tournament
(``firmware.story.tournament``, with the picture of the sand) and far play (``sim.far``).

    shown = settings_said(link.now("settings"))
    shown = tournament_shown(link.now("tournament"))   # None: no tournament played
    shown = far_said(link.now("far"))                  # None: no far companion has spoken
"""

from __future__ import annotations

from typing import Any

from engine.core.sides import Side
from firmware.menu.choices import setting
from firmware.story.tournament import STAGES, Tournament
from firmware.words import _, say, side_said
from sim.web import words


def settings_said(told: dict[str, Any] | None) -> dict[str, Any] | None:
    """``told`` with every setting's title and every choice's label in the page's language (a
    setting or choice this page does not know keeps the board's words)."""
    if told is None:
        return None
    items = []
    for item in told.get("settings", []):
        try:
            found = setting(item["key"])
        except (KeyError, ValueError):
            items.append(item)
            continue
        labels = {choice.value: say(choice.label) for choice in found.choices}
        items.append({**item, "title": say(found.title), "choices": [
            {**choice, "label": labels.get(choice["value"], choice["label"])}
            for choice in item["choices"]]})
    return {**told, "settings": items}


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


def far_said(told: dict[str, Any] | None) -> dict[str, Any] | None:
    """The far companion's news in the page's words (None: no far companion has spoken)."""
    if told is None:
        return None
    side = told.get("side")
    problem = told.get("problem")
    return {**told, "side_said": side_said(Side[side.upper()]) if side in ("cones", "reels")
            else "", "problem": _(problem).format(code=told.get("code") or "") if problem
            else None}
