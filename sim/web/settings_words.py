"""The settings as the page shows them, said in the page's language: the link tells them in the
board's (``firmware.service.link``, the ``settings`` event), but the page may speak another (``aseb
web --lang``, a browser's language); the titles and labels are said again here from the one
description of the settings (``firmware.menu.choices``), for each request.

    shown = settings_said(link.now("settings"))
"""

from __future__ import annotations

from typing import Any

from firmware.menu.choices import setting
from firmware.words import say


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
