"""Sound names for what happens in a game; the files are in hardware/sounds/ (made by code).

A board file may point any of these names at a museum's own file (``[sounds] bump = "..."``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.events import (
    BorneOff,
    Bumped,
    Entered,
    Event,
    ExtraTurnEarned,
    Moved,
    MovedTheirs,
    Swapped,
    ThrowLost,
    Washed,
    Won,
)
from engine.core.sides import Side

RATTLE = "rattle"  # the sticks knocking in the box while it is shaken
THROW = "throw"  # the sticks landing: a throw is taken
MOVE = "move"
BUMP = "bump"
BEAR_OFF = "bear-off"
EXTRA_TURN = "extra-turn"
LOST_THROW = "lost-throw"
MISTAKE = "mistake"
MUMMY_TURN = "mummy-turn"
WIN = "win"
LOSE = "lose"
REFUSED = "refused"  # a short "not now" for a shake that cannot be taken
SHAKE_AGAIN = "shake-again"  # a shake that never settled was dropped
INVITE = "invite"  # the kiosk's invitation to come and play
ALL = (RATTLE, THROW, MOVE, BUMP, BEAR_OFF, EXTRA_TURN, LOST_THROW, MISTAKE, MUMMY_TURN, WIN,
       LOSE, REFUSED, SHAKE_AGAIN, INVITE)
RATTLE_EVERY = 0.45
"""Seconds between rattles while the box is shaken: about the length of the rattle sound."""


@dataclass
class Rattle:
    """Whether a shake's tilt (at ``t``) should rattle again: once a rattle has had its time."""

    until: float = float("-inf")

    def due(self, t: float) -> bool:
        """True at most once every ``RATTLE_EVERY`` seconds of the shake."""
        if t < self.until:
            return False
        self.until = t + RATTLE_EVERY
        return True


def sounds_for(events: tuple[Event, ...], mummy: Side | None) -> list[str]:
    """The sounds to play, in order, for what a throw or move caused."""
    names: list[str] = []
    for event in events:
        match event:
            case Entered() | Moved() | MovedTheirs():
                names.append(MOVE)
            case Bumped() | Swapped() | Washed():
                names.append(BUMP)
            case BorneOff():
                names.append(BEAR_OFF)
            case ExtraTurnEarned():
                if EXTRA_TURN not in names:
                    names.append(EXTRA_TURN)
            case ThrowLost():
                names.append(LOST_THROW)
            case Won(side):
                names.append(LOSE if mummy is not None and side == mummy else WIN)
    return names
