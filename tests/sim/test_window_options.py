"""The window's Options offer the mummy's levels as the one description of the settings does
(the board menu's and the card's), fair mode included, kept between runs."""

from __future__ import annotations

from pathlib import Path

from engine.mummy import Level
from firmware.choices import setting
from sim.settings import load
from tests.sim.window_hands import set_up, start_pygame


def test_the_levels_in_options_are_the_settings_own(tmp_path: Path) -> None:
    start_pygame()
    window = set_up("C:C2 R:M9 turn:C")
    window.settings_file = tmp_path / "window.json"
    levels = [item for item in window.menu_items("Options") if item.action.startswith("level:")]
    assert [item.action[6:] for item in levels] == [c.value for c in setting("level").choices]
    assert [item.checked for item in levels] == [c.value == "priest"
                                                for c in setting("level").choices]
    window.act("level:fair")
    controller = window.controller.settings
    assert controller.fair and controller.level is Level.VIZIER
    kept = load(tmp_path / "window.json")
    assert kept.fair and kept.level is Level.VIZIER
    assert [i.checked for i in window.menu_items("Options") if i.action == "level:fair"] == [True]
    window.act("level:scribe")
    assert not window.controller.settings.fair and window.controller.settings.level is Level.SCRIBE
