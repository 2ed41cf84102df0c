"""Sound names for what happens in a game (the files come with the experience issue)."""

from __future__ import annotations

from engine.board import Side
from engine.events import (
    BorneOff,
    Bumped,
    Entered,
    Event,
    ExtraTurnEarned,
    Moved,
    Swapped,
    ThrowLost,
    Washed,
    Won,
)

THROW = "throw"
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
ALL = (THROW, MOVE, BUMP, BEAR_OFF, EXTRA_TURN, LOST_THROW, MISTAKE, MUMMY_TURN, WIN, LOSE,
       REFUSED, SHAKE_AGAIN)


def sounds_for(events: tuple[Event, ...], mummy: Side | None) -> list[str]:
    """The sounds to play, in order, for what a throw or move caused."""
    names: list[str] = []
    for event in events:
        match event:
            case Entered() | Moved():
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
