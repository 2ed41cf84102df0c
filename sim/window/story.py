"""The story in the window: Help > Tutorial (the guided first game, lesson by lesson, on the
board) and Options > Setna's tournament (games against Neferkaptah under the tale's pages).
Both are played on Tait's Twenty Squares only.

    story = Story(window)
    story.start_tutorial(); window.step(1.0)   # the first lesson's pieces are set out
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from engine.game import Game
from firmware.lights.scenes import Phase
from firmware.play.telling import last_throws
from firmware.story.setna import Setna
from firmware.story.tournament import TournamentStore
from firmware.story.tutorial import WINDOW, Tutorial
from firmware.words import _
from sim.pages.page import Page
from sim.pages.setna import ending_page, stage_page, title_page
from sim.window.board_play import BoardPlay
from sim.window.settings import WindowSettings, save


class Shell(Protocol):
    """What the story needs of the window: its settings, its pages, its menu's actions."""

    settings: WindowSettings
    settings_file: Path | None

    @property
    def page(self) -> Page | None:
        """The page shown over the board, if any."""

    def show_pages(self, shown: list[Page], then: Callable[[], None] | None = None) -> None:
        """Show ``shown`` one after the other; ``then`` after the last."""

    def act(self, action: str | None) -> None:
        """Do what a menu item asks."""

    def tell(self, text: str) -> None:
        """Say a story's line aloud, where spoken play is on."""


class Story:
    """The tutorial or Setna's tournament, while one of them is played in the window."""

    def __init__(self, window: Shell, play: BoardPlay) -> None:
        self.window = window
        self.play = play
        self.tutorial: Tutorial | None = None
        """The guided tutorial on the board, while it runs or has just ended."""
        self.setna: Setna | None = None
        """Setna's tournament, while it is played."""
        self._setna_seen = 0.0
        self.interrupted: Game | None = None
        """The game the tutorial was started over: it goes on when the tutorial is done."""

    def start_tutorial(self) -> None:
        """Help > Tutorial: the guided first game, lesson by lesson, on the board."""
        self.leave_tournament()
        self._drop_tutorial()
        controller = self.play.controller
        game = controller.game
        self.interrupted = game if game is not None and not game.state.is_over else None
        controller.throws = {}  # the old game's throws are no lesson's
        self.tutorial = Tutorial(controller, WINDOW, say=self.window.tell)
        self.play.table.companions.append(self.tutorial)
        self.tutorial.start()
        self.window.settings.mummy = controller.settings.mummy
        self.follow()  # the first lesson's pieces, set out at once

    def leave_tutorial(self) -> None:
        """Stop the tutorial (Options > Mode, or another game)."""
        self._drop_tutorial()

    def _drop_tutorial(self) -> None:
        tutorial, self.tutorial = self.tutorial, None
        if tutorial is not None:
            tutorial.stop()
            self.play.table.companions.remove(tutorial)
            self.window.settings.mummy = self.play.controller.settings.mummy

    def start_tournament(self, resume: bool = False) -> None:
        """Options > Setna's tournament: a new game against Neferkaptah under the story's pages
        (``resume``: it was being played when the window closed, and its game goes on)."""
        self._drop_tutorial()
        controller, window = self.play.controller, self.window
        store = controller.store
        setna = Setna(controller, TournamentStore(store.directory) if store else None,
                      say=self.window.tell)
        self.play.table.companions.append(setna)
        setna.start()
        self.setna, self._setna_seen = setna, setna.changed_at
        window.settings.tournament = True
        window.settings.mummy = controller.settings.mummy
        if setna.tournament.over:
            window.show_pages([ending_page(setna.tournament)], self._tournament_over)
        elif not resume:  # the story's pages first, then a new game, whose opening is seen
            window.show_pages([title_page(setna.fallback), stage_page(setna.tournament)],
                              lambda: window.act("new_game"))

    def leave_tournament(self) -> None:
        """Stop playing the tournament (it is kept for next time)."""
        setna, self.setna = self.setna, None
        if setna is not None:
            setna.stop()
            self.play.table.companions.remove(setna)
        window = self.window
        window.settings.tournament = False
        window.settings.mummy = self.play.controller.settings.mummy
        if window.settings_file is not None:
            save(window.settings, window.settings_file)

    def _tournament_over(self) -> None:
        if self.setna is not None and self.setna.store is not None:
            self.setna.store.clear()  # told to the end: the next tournament begins afresh
        self.leave_tournament()

    def follow(self) -> None:
        """Set out each lesson's pieces; after each game of the tournament, show Setna."""
        controller, tutorial, setna = self.play.controller, self.tutorial, self.setna
        window = self.window
        if tutorial is not None:
            if tutorial.running and controller.phase is Phase.GUIDE and controller.setting_out:
                self.play.hand.set_out(controller.tracker.expectation.owners)
            elif not tutorial.running:
                window.settings.mummy = controller.settings.mummy  # given back as it was
                if tutorial.finished and self.interrupted is not None:
                    self._resume(self.interrupted)
                if controller.game is not tutorial.game:
                    self._drop_tutorial()  # a new game began after the last lesson
        if setna is None or setna.changed_at == self._setna_seen or window.page is not None \
                or self.play.now - setna.changed_at < controller.settings.celebrate:
            return
        self._setna_seen = setna.changed_at
        tournament = setna.tournament
        if tournament.over:
            window.show_pages([ending_page(tournament)], self._tournament_over)
        elif tournament.wins + tournament.losses:
            window.show_pages([stage_page(tournament, setna.news)],
                              lambda: window.act("new_game"))

    def _resume(self, game: Game) -> None:
        """The tutorial is done: the game it was started over goes on where it was left."""
        self.interrupted = None
        controller = self.play.controller
        controller.set_up(game.state)  # the board is guided back to it
        controller.game = game  # with all its history, to save and review
        controller.throws = last_throws(game)
        if controller.phase is Phase.GUIDE and controller.setting_out:
            self.play.hand.set_out(controller.tracker.expectation.owners)
        self.play.notice = (_("The tutorial is over: your game goes on where you left it."),
                            self.play.now + 6.0)

    @property
    def lesson(self) -> tuple[str, str] | None:
        """The tutorial's heading and what it says now (shown where MummyFacts would be)."""
        return (self.tutorial.heading, self.tutorial.message) if self.tutorial is not None \
            else None

    @property
    def telling(self) -> str | None:
        """Setna's word on the tournament, while it is played."""
        return self.setna.tournament.telling() if self.setna is not None else None
