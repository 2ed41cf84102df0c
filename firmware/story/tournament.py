"""Setna's tournament: the 1995 game's story, as a series of games against Neferkaptah's mummy.

Prince Setna plays the mummy for the Book of Thoth. The first to win four games takes the book.
Each game Setna loses sinks him one stage deeper into the sand of the tomb. Each game he wins
lifts him one stage back. The fourth loss buries him to the neck: then only his brother
Anhurerau, bringing the amulets of Ptah, can save him. Progress is kept in the state directory
and survives a restart.

    tournament = Tournament()
    tournament = tournament.after(won=False)   # Setna sinks to his knees
    tournament.stage, tournament.over           # (1, False)
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.words import N_, _
from hardware.core.errors import shown
from hardware.doors.file_reader import SMALL, Unreadable, read_json
from hardware.doors.writer import set_aside, write_whole

log = logging.getLogger(__name__)

TO_WIN = 4
"""Games a side must win to take the tournament."""
STAGES = (N_("standing"), N_("to his knees"), N_("to his waist"), N_("to his chest"),
          N_("to his neck"))
"""How deep Setna stands in the sand, by stage."""


@dataclass(frozen=True)
class Tournament:
    """Games won and lost so far, and how deep Setna stands in the sand."""

    wins: int = 0
    losses: int = 0
    stage: int = 0
    """0 (standing on the sand) to 4 (buried to the neck)."""

    def after(self, won: bool) -> Tournament:
        """The tournament after a game the player (Setna) ``won`` or lost."""
        if self.over:
            return self
        if won:
            return Tournament(self.wins + 1, self.losses, max(0, self.stage - 1))
        return Tournament(self.wins, self.losses + 1, min(len(STAGES) - 1, self.stage + 1))

    @property
    def over(self) -> bool:
        return self.wins >= TO_WIN or self.losses >= TO_WIN

    @property
    def won(self) -> bool:
        """Whether Setna took the Book of Thoth."""
        return self.wins >= TO_WIN

    @property
    def sand(self) -> str:
        """Where the sand comes to, in words (in the language spoken)."""
        return _(STAGES[self.stage])

    def telling(self) -> str:
        """One line of where the tournament stands, in the story's voice."""
        if self.won:
            return _("Setna has won the Book of Thoth from the mummy of Neferkaptah.")
        if self.over:
            return _("Setna is buried to the neck: only his brother Anhurerau can save him now.")
        if self.stage:
            return _("Setna {wins}, Neferkaptah {losses} (first to {to_win}): Setna stands in the "
                     "sand {sand}.").format(wins=self.wins, losses=self.losses, to_win=TO_WIN,
                                            sand=self.sand)
        return _("Setna {wins}, Neferkaptah {losses} (first to {to_win}): Setna stands on the "
                 "sand of the tomb.").format(wins=self.wins, losses=self.losses, to_win=TO_WIN)


class TournamentStore:
    """The tournament in progress, kept as ``tournament.json`` in the state directory."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / "tournament.json"

    def load(self) -> Tournament | None:
        """The tournament in progress, or None; an unreadable file is set aside, never fatal."""
        try:
            data: Any = read_json(self.path, SMALL)  # bounded, a regular file: never a hang
            wins, losses, stage = (data[key] for key in ("wins", "losses", "stage"))
            if not all(type(n) is int and 0 <= n <= TO_WIN for n in (wins, losses, stage)):
                raise ValueError("counts out of range")
            return Tournament(wins, losses, stage)
        except FileNotFoundError:
            return None
        except (Unreadable, OSError, ValueError, TypeError, KeyError) as exc:
            set_aside(self.path, "tournament file", shown(str(exc)), ", starting afresh")
            return None

    def save(self, tournament: Tournament) -> None:
        """Write the tournament atomically (a power cut leaves the old file or the new)."""
        try:
            write_whole(self.path, json.dumps({"wins": tournament.wins,
                                               "losses": tournament.losses,
                                               "stage": tournament.stage}))
        except OSError as exc:
            log.error("could not save the tournament: %s", exc)

    def clear(self) -> None:
        """Forget the tournament (it is over, or a new one begins)."""
        self.path.unlink(missing_ok=True)
