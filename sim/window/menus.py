"""What the window's menus hold (Options, Help) and what each item does.

Options begins with the board's settings, generated from their one description
(``firmware.menu.choices``, as the board menu, the terminal and the card are): each setting a line
opening its choices beside it, the one played now ticked. The window's own items (sounds, music,
MummyFacts, hints, square labels, carrying the mummy's moves) follow: no board has them.

    items(window, "Options")            # the Options drop-down, ticked as the settings are
    act(window, "choose:level:vizier")  # what a click on an item (or a test) asks
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from engine.core.sides import Side
from engine.core.words import N_, phrase
from firmware.menu.choices import Chosen, setting, settings
from firmware.story.modes import STORY_GAME
from firmware.words import _, say
from sim.pages.how_to_play import about, how_to_play
from sim.pages.keys import keys_page
from sim.pages.page import Page
from sim.window.audio import Audio
from sim.window.board_play import BoardPlay
from sim.window.menu_bar import Item
from sim.window.settings import WindowSettings
from sim.window.story import Story


class Window(Protocol):
    """What the menus reach in the window: its settings, sound, game, story, pages and log."""

    settings: WindowSettings
    settings_file: Path | None
    audio: Audio | None
    running: bool
    log_open: bool
    log_back: int

    @property
    def play(self) -> BoardPlay:
        """The game being played: on the board, or the stacking game through the engine."""

    @property
    def story(self) -> Story | None:
        """The tutorial and Setna's tournament (on the board only)."""

    @property
    def chosen(self) -> Chosen:
        """The board's settings as the window plays them now."""

    def show_pages(self, shown: list[Page], then: Callable[[], None] | None = None) -> None:
        """Show ``shown`` one after the other; ``then`` after the last."""

    def refit(self) -> None:
        """Lay the window out again."""

    def change_game(self, name: str) -> None:
        """Play the game ``name`` from now on (its own saved game resumed)."""

    def set_volume(self, value: str) -> None:
        """The volume chosen (``1``-``5``), for the window's sounds."""

    def keep_choices(self) -> None:
        """Save the choices (the board's settings) and the window's own settings."""

    def set_lights(self, calm: bool) -> None:
        """Calm lights (nothing blinks), or the usual ones."""

    def set_spoken(self, spoken: bool) -> None:
        """Spoken play on or off."""


def items(window: Window, title: str) -> list[Item]:
    """The drop-down under ``title``."""
    s = window.settings
    play = window.play
    story = play.rules.name == STORY_GAME  # lessons of Tait's Twenty Squares
    chances = play.chances
    if title == "Help":
        return [Item(N_("How to play"), "help:how"),
                Item(N_("Tutorial") if story else N_("Tutorial (Twenty Squares only)"),
                     "help:tutorial", enabled=story),
                Item(N_("Review last game") if chances.finished is not None or chances.reviewing
                     else N_("Review last game (no finished game yet)"), "review",
                     enabled=chances.finished is not None and not chances.reviewing),
                Item(N_("Keys"), "help:keys"),
                Item(N_("About"), "help:about")]
    silent = window.audio is not None and not window.audio.working
    found = [_setting(window, each.key) for each in settings()]
    found += [Item(N_("Game sounds (no sound here)") if silent else N_("Game sounds"), "sounds",
                   s.game_sounds),
              Item(N_("Background music (no sound here)") if silent else N_("Background music"),
                   "music", s.music),
              Item(N_("MummyFacts"), "facts", s.mummy_facts),
              Item(N_("Show hints"), "hints", s.hints),
              Item(N_("Square labels"), "labels", s.square_labels),
              Item(N_("Larger text"), "larger_text", s.larger_text)]
    if window.story is not None:  # a board to rehearse on: the player may move for the mummy
        found.append(Item(N_("Carry out the mummy's moves myself"), "carry",
                          s.carry_mummy_moves))
    found.append(Item(N_("New game"), "new_game"))
    return found


def _setting(window: Window, key: str) -> Item:
    """A setting's line: its title and the choice played now, opening its choices."""
    found, chosen = setting(key), window.chosen.as_spoken()  # --lang: the one spoken
    now = found.choice(chosen[key])
    ticked = now.value
    if key == "level" and window.settings.tournament:  # played at Neferkaptah's
        ticked = "neferkaptah"
    elif key == "chances":  # what the bar does now (estimates only once asked for)
        ticked = "shown" if window.play.chances.shown else "hidden"
    estimated = not window.play.chances.exact and key == "chances"
    choices = tuple(Item(phrase(N_("{choice} (estimated)"), choice=c.title)
                         if estimated and c.value == "shown" else c.title,
                         f"choose:{key}:{c.value}", c.value == ticked,
                         enabled=_offered(window, key, c.value))
                    for c in found.choices)
    return Item(phrase(N_("{setting}: {choice}"), setting=found.title,
                       choice=found.choice(ticked).title), f"setting:{key}", sub=choices)


def _offered(window: Window, key: str, value: str) -> bool:
    """Whether the window can play ``value`` now: fair mode is the board controller's, and
    Setna's tournament chooses its own mummy."""
    tournament = window.settings.tournament
    if key == "level":
        return not tournament
    if key == "opponent":
        return not tournament
    return True


def act(window: Window, action: str | None) -> None:
    """Do what a menu item (or a test) asks: ``sounds``, ``choose:level:vizier``,
    ``new_game``, ..."""
    if action is None:
        return
    s, play = window.settings, window.play
    if action == "exit":
        window.running = False
        return
    if action == "log":
        window.log_open = not window.log_open
        window.log_back = 0  # it opens on the newest lines
        return
    if action.startswith("help:"):
        _open_page(window, action[5:])
        return
    if action == "review":
        chances = play.chances
        if not chances.open_review():
            play.notice = (chances.why_no_review(), play.now + 4.0)
        elif chances.review is None:  # a search judges it: the page opens when it is done
            play.notice = (_("Reviewing the last game: {judge} judges it (estimates), a "
                             "moment.").format(judge=say(chances.judge.name)), play.now + 4.0)
        return
    if action == "sounds":
        s.game_sounds = not s.game_sounds
    elif action == "music":
        s.music = not s.music
        if window.audio is not None:
            window.audio.set_music(s.music)
    elif action == "facts":
        s.mummy_facts = not s.mummy_facts
    elif action == "labels":
        s.square_labels = not s.square_labels
    elif action == "larger_text":
        s.larger_text = not s.larger_text
        window.refit()  # every word larger, the board laid out around them
    elif action == "carry":
        s.carry_mummy_moves = not s.carry_mummy_moves
    elif action == "hints":
        play.option(action)
    elif action.startswith("choose:"):
        key, value = action.removeprefix("choose:").split(":", 1)
        _choose(window, key, value)
    elif action == "new_game":
        play.new_game()
    if window.audio is not None:
        window.audio.sounds = s.game_sounds
    window.keep_choices()


def _choose(window: Window, key: str, value: str) -> None:
    """A setting's choice from Options: played at once, as the board plays it once its menu
    closes (another game; a story played with Tait's rules; the mummy's side and level)."""
    chosen = window.chosen.with_(key, value)
    if chosen.game != window.play.rules.name:
        window.change_game(chosen.game)
    play, story, s = window.play, window.story, window.settings
    if key == "opponent":
        _set_mummy(window, chosen.mummy)
    elif key == "level":
        s.level, s.fair = chosen.level, chosen.fair
        play.set_level(s.level, s.fair)
    elif key == "chances":
        if play.chances.shown != chosen.chances:
            why_not = play.chances.toggle()
            if why_not is not None:
                play.notice = (why_not, play.now + 4.0)
            window.refit()  # the bar takes its room, or gives it
        s.show_chances = chosen.chances  # kept: the table's chances, once there is one
    elif key == "volume":
        window.set_volume(chosen["volume"])
    elif key == "lights":
        window.set_lights(chosen.calm)
    elif key == "spoken":
        window.set_spoken(chosen.spoken)
    elif key == "mode" and story is not None:
        if chosen.mode == "tutorial":
            story.start_tutorial()
        elif chosen.mode == "tournament":
            if story.setna is None:
                story.start_tournament()
        else:
            story.leave_tutorial()
            story.leave_tournament()


def _set_mummy(window: Window, side: Side | None) -> None:
    """The mummy plays ``side`` (None: two players), through the board's own buttons."""
    play = window.play
    if (window.settings.mummy is None) != (side is None):
        play.option("mummy")  # it takes the side to play, or gives its side back
    if side is not None and window.settings.mummy is not side:
        play.option("switch_sides")


def _open_page(window: Window, which: str) -> None:
    if which == "tutorial":
        if window.story is not None:
            window.story.start_tutorial()
    else:
        rules = window.play.rules
        window.show_pages(how_to_play(rules) if which == "how" else
                          [keys_page(rules)] if which == "keys" else [about(rules)])
