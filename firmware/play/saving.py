"""Saving: the game on the board is kept on disk after every throw and move, and found again.

A save is marked during a tick and written once the tick's frame is shown, so the disk never
delays what players see; a full or read-only disk is logged, never a stop.
"""

from __future__ import annotations

import logging

from firmware.play.play_state import PlayState
from firmware.play.store import Saved

log = logging.getLogger("firmware.play.controller")  # its rooms log as the controller, as before


class Saving(PlayState):
    """The controller's memory on disk."""

    def _saved_game(self) -> Saved | None:
        """The saved game, if there is one played by the very rules played here (a save of
        other rules is kept: in its own game's file, or set aside)."""
        return self.store.load(self.settings.ruleset) if self.store is not None else None

    def set_aside_save(self, why: str) -> None:
        """Forget a game that cannot go on (it raised while resumed or played): its save is set
        aside, kept but never resumed again, so a restart does not meet it again."""
        log.error("the saved game is set aside: %s", why)
        self.game = None
        self._unsaved = False
        if self.store is not None and self.store.path.exists():
            self.store.set_aside(why)

    def _save(self) -> None:
        """Save at the end of this tick (``tick`` writes it once the frame is shown)."""
        self._unsaved = True

    def flush(self) -> None:
        """Write a save that is still pending (before stopping)."""
        if self._unsaved:
            self._write_save()

    def _write_save(self) -> None:
        self._unsaved = False
        if self.store is None or self.game is None:
            return
        try:
            self.store.save(Saved(self.game.record, self.settings.mummy, self.last_winner,
                                  self.fairness if self.settings.fair else None))
        except OSError as exc:  # a full or read-only disk must not stop the game
            log.error("could not save the game: %s", exc)
            self.saves_failed += 1
            if self.game.state.is_over:
                self._forget_the_unfinished_save()

    def _forget_the_unfinished_save(self) -> None:
        """The end of a game could not be saved: the save on disk is a position before it, which
        a restart would take up, playing a won game again. Removing a file needs no room."""
        assert self.store is not None
        try:
            self.store.clear()
        except OSError as exc:
            log.error("could not remove the save of a finished game: %s", exc)
