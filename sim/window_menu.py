"""What the window's menus hold (Options, Help) and what each item does.

    items(window, "Options")    # the Options drop-down, ticked as the settings are
    act(window, "new_game")     # what a click on an item (or a test) asks
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from engine.words import N_, phrase
from firmware.choices import Chosen, setting
from firmware.story import STORY_GAME
from firmware.words import _, say
from sim.audio import Audio
from sim.board_play import BoardPlay
from sim.help import Page
from sim.menu import Item
from sim.rules_pages import about, how_to_play
from sim.settings import WindowSettings, save
from sim.stacks_play import StacksPlay
from sim.window_story import Story


class Window(Protocol):
    """What the menus reach in the window: its settings, sound, game, story, pages and log."""

    settings: WindowSettings
    settings_file: Path | None
    audio: Audio | None
    running: bool
    log_open: bool

    @property
    def play(self) -> BoardPlay | StacksPlay:
        """The game being played: on the board, or the stacking game through the engine."""

    @property
    def story(self) -> Story | None:
        """The tutorial and Setna's tournament (on the board only)."""

    def show_pages(self, shown: list[Page], then: Callable[[], None] | None = None) -> None:
        """Show ``shown`` one after the other; ``then`` after the last."""

    def refit(self) -> None:
        """Lay the window out again."""


def items(window: Window, title: str) -> list[Item]:
    """The drop-down under ``title``."""
    s = window.settings
    play = window.play
    story = play.rules.name == STORY_GAME  # lessons of Tait's Twenty Squares
    board = isinstance(play, BoardPlay)  # fair mode is the board controller's
    chances = play.chances
    if title == "Help":
        return [Item(N_("How to play"), "help:how"),
                Item(N_("Tutorial") if story else N_("Tutorial (Twenty Squares only)"),
                     "help:tutorial", enabled=story),
                Item(N_("Review last game") if chances.finished is not None or chances.reviewing
                     else N_("Review last game (no finished game yet)"), "review",
                     enabled=chances.finished is not None and not chances.reviewing),
                Item(N_("About"), "help:about")]
    silent = window.audio is not None and not window.audio.working
    found = [Item(N_("Game sounds (no sound here)") if silent else N_("Game sounds"), "sounds",
                  s.game_sounds),
             Item(N_("Background music (no sound here)") if silent else N_("Background music"),
                  "music", s.music),
             Item(N_("MummyFacts"), "facts", s.mummy_facts),
             Item(N_("Play the mummy"), "mummy", s.mummy is not None),
             Item(N_("Switch sides"), "switch_sides", enabled=s.mummy is not None),
             Item(N_("Show hints"), "hints", s.hints),
             Item(N_("Square labels"), "labels", s.square_labels)]
    if window.story is not None:  # a board to rehearse on: the player may move for the mummy
        found.append(Item(N_("Carry out the mummy's moves myself"), "carry",
                          s.carry_mummy_moves))
    found.append(Item(chances.item, "chances", chances.shown))
    level = "neferkaptah" if s.tournament else "fair" if s.fair else s.level.name.lower()
    found += [Item(phrase(N_("Mummy: {level}"), level=phrase(choice.value.capitalize())),
                   f"level:{choice.value}",
                   level == choice.value,  # the tournament is played at Neferkaptah's
                   enabled=not s.tournament and (choice.value != "fair" or board))
              for choice in setting("level").choices]  # as the board menu offers them
    found += [Item(N_("Setna's tournament"), "tournament", s.tournament, enabled=story),
              Item(N_("New game"), "new_game")]
    return found


def act(window: Window, action: str | None) -> None:
    """Do what a menu item (or a test) asks: ``sounds``, ``mummy``, ``new_game``, ..."""
    if action is None:
        return
    s, play = window.settings, window.play
    if action == "exit":
        window.running = False
        return
    if action == "log":
        window.log_open = not window.log_open
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
    elif action == "carry":
        s.carry_mummy_moves = not s.carry_mummy_moves
    elif action == "chances":
        why_not = play.chances.toggle()
        if why_not is not None:
            play.notice = (why_not, play.now + 4.0)
        window.refit()  # the bar takes its room, or gives it
    elif action in ("mummy", "switch_sides", "hints"):
        play.option(action)
    elif action.startswith("level:"):
        chosen = Chosen({"level": setting("level").choice(action[6:]).value})
        s.level, s.fair = chosen.level, chosen.fair
        play.set_level(s.level, s.fair)
    elif action == "new_game":
        play.new_game()
    elif action == "tournament" and window.story is not None:
        if window.story.setna is None:
            window.story.start_tournament()
        else:
            window.story.leave_tournament()
    if window.audio is not None:
        window.audio.sounds = s.game_sounds
    if window.settings_file is not None:
        save(s, window.settings_file)


def _open_page(window: Window, which: str) -> None:
    if which == "tutorial":
        if window.story is not None:
            window.story.start_tutorial()
    else:
        rules = window.play.rules
        window.show_pages(how_to_play(rules) if which == "how" else [about(rules)])
