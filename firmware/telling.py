"""Telling in words: the status line in the game's voice, the log of what happened, the throws.

``status`` is one line for a status bar, the window and the log: what the board waits for, or what
to mend (the racks have no lights, so what they need is said). ``news`` and ``said`` keep the
sentences of what the last throw or move caused.
"""

from __future__ import annotations

import logging

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games.api import Position
from firmware.play_state import PlayState
from firmware.scenes import Phase
from firmware.tracker import InProgress, Mismatch
from hardware.squares import RACK_OF

log = logging.getLogger("firmware.controller")  # its rooms log as the controller, as before


class Telling(PlayState):
    """The controller's words: what it says happened, and what it asks for now."""

    def _threw(self, side: Side, throw: Throw) -> None:
        self.throws.pop(side, None)  # the side that threw last comes last
        self.throws[side] = throw

    def _tell(self, sentences: list[str]) -> None:
        """Keep what just happened for a status line and the log."""
        self.news = tuple(sentences)
        self.said.extend(sentences)
        log.info("%s", " ".join(sentences))

    def status(self) -> str:
        """One line in the game's voice, for a status bar or the log."""
        state = self.game.state if self.game is not None else None
        now = self.clock.now()
        verdict = self.verdict
        if now < self.shake_again_until:
            return "The sticks did not settle: shake again, then stand the box upright."
        if now < self.no_throw_until and self.phase is not Phase.IDLE:
            return f"No throw in this game: {self.settings.ruleset.title} has no luck in it."
        if self.phase is Phase.GUIDE and self.setting_out:
            return ("Set out the pieces as the blinking lights show, each in its side's colour."
                    + (_racks_to_mend(verdict) if isinstance(verdict, Mismatch) else ""))
        if self.phase is Phase.GUIDE:
            return ("Set the pieces as the lights show to resume the saved game, "
                    "or clear the board and shake the sticks for a new game.")
        if isinstance(verdict, Mismatch) and self._guiding(now):
            return "Put the board right: blinking squares show where." + _racks_to_mend(verdict)
        if isinstance(verdict, InProgress) and state is not None:
            return _in_progress(verdict, state)
        if self.phase is Phase.CLEAR:
            return "Clear the board for the next game: lift the pieces still on it."
        if self.phase is Phase.IDLE:
            return "Shake the sticks to begin a new game."
        if state is None:
            return ""
        side = state.turn.title
        if self.phase is Phase.WON and state.winner is not None:
            return f"{state.winner.title} win! Clear the board for a new game."
        if self.mummy_move is not None:
            return f"The mummy plays {state.describe(self.mummy_move)}: move its piece for it."
        if self.phase is Phase.THROW:
            return f"The mummy throws for {side}..." if self._mummy_to_play() else \
                f"Shake the sticks, {side}."
        owners = {journey.side for m in state.moves for journey in state.journeys(m)[:1]}
        if owners == {state.turn.other}:  # Ramses' second move: one of the opponent's pieces
            return f"Now move one of the {state.turn.other.title}' pieces, {side}."
        return f"Go ahead and make your move, {side}."



RACK_NAMES = {"CW": "a Cone in its waiting rack", "RW": "a Reel in its waiting rack",
              "CO": "a Cone in its borne-off tray", "RO": "a Reel in its borne-off tray"}


def _racks_to_mend(verdict: Mismatch) -> str:
    """What the racks need, in words (they have no lights)."""
    put = sorted({RACK_OF[s] for s in verdict.missing if s in RACK_OF})
    take = sorted({RACK_OF[s] for s in verdict.unexpected if s in RACK_OF})
    words = [f" Put {RACK_NAMES[r]}." for r in put]
    words += [f" Take {RACK_NAMES[r].replace(' in ', ' out of ')}." for r in take]
    return "".join(words)


def _in_progress(verdict: InProgress, state: Position) -> str:
    """Where a move part-way done goes next."""
    side = state.turn.title
    targets = ", ".join(sorted(t for t in verdict.targets if t not in RACK_OF))
    if verdict.reseat:
        (square, *_) = sorted(verdict.reseat)
        return (f"If your piece is already on {square}, lift it and set it down again "
                "(the piece it bumps must come off).")
    if verdict.overdue:
        return f"Finish the move, {side}: the blinking squares show how."
    racks = sorted({RACK_OF[t] for t in verdict.targets if t in RACK_OF} |
                   {t for t in verdict.targets if t in RACK_NAMES})
    if racks:
        return f"Now put {RACK_NAMES[racks[0]]}."
    if targets == "M16" and not verdict.in_hand:
        return "Lift the piece off 16 to bear it off."
    return f"Set the piece on {targets}." if targets else f"Go ahead, {side}."


def sided_throws(game: Game) -> list[tuple[Side, Throw]]:
    """Every throw of ``game`` with the side that threw it, in order."""
    throws = []
    before = game.record.initial()
    for action, after in game.record.replay():
        if isinstance(action, Throw):
            throws.append((before.turn, action))
        before = after
    return throws


def last_throws(game: Game) -> dict[Side, Throw]:
    """Each side's last throw in ``game``, the side that threw last last (for a resumed game)."""
    throws: dict[Side, Throw] = {}
    for side, throw in sided_throws(game):
        throws.pop(side, None)
        throws[side] = throw
    return throws
