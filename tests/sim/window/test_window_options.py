"""The window's Options: the board's settings generated from their one description
(``firmware.menu.choices``, as the board menu, the terminal and the card are), each a line opening
its choices, the one played ticked; a choice is played at once and kept in the window's
``settings.json``, as a board keeps it, while window.json keeps only the window's own items."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.mummy import Level
from firmware.menu import choices
from firmware.menu.choices import Choice, Setting, setting, settings
from firmware.menu.settings_file import SettingsFile
from firmware.words import LANGUAGES
from sim.window import menus as window_menu
from sim.window.menu_bar import Item
from sim.window.settings import WindowSettings, load, remembered, save
from sim.window.window import Window
from tests.sim.window.test_window_tutorial import choose
from tests.sim.window.window_hands import set_up, start_pygame

OWN = {"sounds", "music", "facts", "hints", "labels", "larger_text", "carry", "new_game"}
"""The window's own items: no board has them."""


@pytest.fixture(autouse=True)
def _pygame() -> None:
    start_pygame()


def lines(window: Window) -> dict[str, Item]:
    """The Options drop-down by action."""
    return {item.action: item for item in window.menu_items("Options")}


def opened(tmp_path: Path, game: str | None = None) -> Window:
    """The window as ``aseb sim`` opens it, its settings read from their files."""
    settings, file, chosen = remembered(tmp_path / "window.json", tmp_path, game)
    return Window.open(state_dir=tmp_path, settings=settings, seed=3,
                       settings_file=tmp_path / "window.json", chosen=chosen,
                       choices_file=file, game=chosen.game)


def test_every_setting_and_choice_comes_from_the_one_description() -> None:
    window = set_up("C:C2 R:M9 turn:C")
    found = lines(window)
    for each in settings():
        line = found.pop(f"setting:{each.key}")
        assert line.label.startswith(f"{each.title}: ")
        assert [i.action for i in line.sub] == [f"choose:{each.key}:{c.value}"
                                                for c in each.choices]
        assert [i.label for i in line.sub] == [c.title + (" (estimated)" if c.value == "shown"
                                                          else "") for c in each.choices]
        ticked = [i.action.split(":")[2] for i in line.sub if i.checked]
        assert ticked == [window.chosen[each.key] if each.key != "chances" else "hidden"]
    assert set(found) == OWN  # nothing else: no second list of the board's settings


def test_a_choice_added_to_the_description_appears_in_options(
        monkeypatch: pytest.MonkeyPatch) -> None:
    extra = Setting("pieces_glow", "Pieces glow", (Choice("soft", "Softly", (255, 255, 255)),
                                                   Choice("bright", "Brightly", (0, 0, 255))),
                    "soft")
    with_extra = (*choices.settings(), extra)
    monkeypatch.setattr(choices, "settings", lambda: with_extra)
    monkeypatch.setattr(window_menu, "settings", lambda: with_extra)
    window = set_up("C:C2 R:M9 turn:C")
    line = lines(window)["setting:pieces_glow"]
    assert line.label == "Pieces glow: Softly"
    assert [(i.label, i.checked) for i in line.sub] == [("Softly", True), ("Brightly", False)]


def test_each_choice_by_mouse_is_played_at_once_and_kept(tmp_path: Path) -> None:
    window = opened(tmp_path)
    choose(window, "Options", "Opponent", "Two players, no mummy")
    assert window.controller.settings.mummy is None and window.settings.mummy is None
    choose(window, "Options", "Opponent", "The mummy plays the Cones")
    assert window.controller.settings.mummy is Side.CONES
    choose(window, "Options", "Mummy's level", "Fair")
    controller = window.controller.settings
    assert controller.fair and controller.level is Level.VIZIER
    choose(window, "Options", "Volume", "2 of 5")
    assert window.volume == "2"
    assert window.menu.open is None  # a choice closes the menu
    kept = SettingsFile(tmp_path).load(None)
    assert (kept["opponent"], kept["level"], kept["volume"]) == ("cones", "fair", "2")
    own = json.loads((tmp_path / "window.json").read_text(encoding="utf-8"))
    assert not {"mummy", "level", "fair", "tournament", "show_chances"} & set(own)
    window.close()
    again = opened(tmp_path)  # the same choices the next time
    assert again.controller.settings.mummy is Side.CONES and again.controller.settings.fair
    assert lines(again)["setting:volume"].label == "Volume: 2 of 5"


def test_the_game_is_chosen_in_options_and_the_last_one_opens_next_time(
        tmp_path: Path) -> None:
    window = opened(tmp_path)
    window.act("choose:game:cyningstan")
    assert window.play.rules.name == "cyningstan" and window.controller.rules.name == "cyningstan"
    window.act("choose:game:stacks")
    assert window.table.sim.hall is not None  # the stacking game: on the Hall board
    assert lines(window)["setting:game"].label.startswith("Game: ")
    window.act("choose:mode:tutorial")  # the tutorial is Tait's game: it comes back
    assert window.play.rules.name == "tait" and window.tutorial is not None
    assert lines(window)["setting:mode"].label == "Mode: The tutorial"
    window.act("choose:game:senet")
    assert window.play.rules.name == "senet" and window.chosen.mode == "game"
    window.close()
    assert opened(tmp_path).play.rules.name == "senet"
    assert opened(tmp_path, game="ramses").play.rules.name == "ramses"  # --game, this run


def test_a_board_file_that_cannot_play_the_game_chosen_says_so(tmp_path: Path) -> None:
    from hardware.boards.board_file import DEFAULT_BOARD, load_board

    window = Window.open(board=load_board(DEFAULT_BOARD), state_dir=tmp_path, seed=1,
                         settings=WindowSettings(mummy=None))
    window.act("choose:game:senet")
    assert window.play.rules.name == "tait" and window.notice is not None
    assert "Senet" in window.notice[0] or "senet" in window.notice[0]


def test_the_mode_runs_its_story_and_games_leave_it(tmp_path: Path) -> None:
    window = opened(tmp_path)
    window.act("choose:mode:tournament")
    assert window.setna is not None and lines(window)["setting:mode"].label == \
        f"Mode: {setting('mode').choice('tournament').title}"
    levels = lines(window)["setting:level"].sub
    assert not any(i.enabled for i in levels)  # the tournament's mummy is Neferkaptah
    window.act("choose:mode:game")
    assert window.setna is None and window.chosen.mode == "game"
    window.act("choose:mode:tutorial")
    assert window.tutorial is not None
    window.close()
    assert SettingsFile(tmp_path).load(None).mode == "tutorial"
    assert opened(tmp_path).tutorial is not None  # as a board: the mode's story at every start


def test_the_choices_an_older_window_json_held_are_taken_over(tmp_path: Path) -> None:
    older = replace(WindowSettings(), mummy=Side.CONES, level=Level.VIZIER, music=True)
    path = tmp_path / "window.json"
    path.write_text(json.dumps({**WindowSettings().to_json(), "music": True,
                                "mummy": "cones", "level": "vizier"}), encoding="utf-8")
    assert load(path) == older
    window = opened(tmp_path)
    assert window.controller.settings.mummy is Side.CONES
    assert window.controller.settings.level is Level.VIZIER and window.settings.music
    window.close()
    assert SettingsFile(tmp_path).load(None)["level"] == "vizier"
    save(load(path), path)
    assert not {"mummy", "level"} & set(json.loads(path.read_text(encoding="utf-8")))


def test_options_show_the_language_spoken_not_only_the_one_kept(tmp_path: Path) -> None:
    """``aseb sim --lang de`` over a kept English: Options names German, ticked, as spoken."""
    from firmware import words
    window = opened(tmp_path)
    assert window.chosen.language == "en"
    words.use("de")
    try:
        line = lines(window)["setting:language"]
        assert words.say(line.label) == f"{words._('Language')}: Deutsch"
        assert [sub.action for sub in line.sub if sub.checked] == ["choose:language:de"]
        assert window.chosen.language == "en"  # shown, not kept: --lang is for this run
    finally:
        words.use("en")


def test_a_setting_s_choices_are_drawn_whole_when_its_line_is_clicked(tmp_path: Path) -> None:
    """The list beside a setting is all there in the picture drawn after the click, the mouse
    still (it was drawn only where lights changed, and filled in once the mouse moved)."""
    import pygame

    window = opened(tmp_path)
    surface = pygame.Surface(window.layout.size)
    window.render(surface)

    def click(pos: tuple[int, int]) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            window.handle(pygame.event.Event(kind, button=1, pos=pos))
        window.step(0.05)
        window.render(surface)  # the next frame, drawn as the window draws it

    click(window.menu.title_rects(window.layout)["Options"].center)
    line = next(rect for rect, item in window.menu.item_rects(window.layout)
                if item.action == "setting:language")
    click(line.center)
    beside = [rect for rect, item in window.menu.item_rects(window.layout)
              if item.action.startswith("choose:language:")]
    assert len(beside) == len(LANGUAGES)
    whole = pygame.Surface(window.layout.size)
    window.view.invalidate()
    window.render(whole)  # the whole picture, drawn afresh
    for rect in beside:
        assert pygame.image.tobytes(surface.subsurface(rect), "RGB") == \
            pygame.image.tobytes(whole.subsurface(rect), "RGB")
