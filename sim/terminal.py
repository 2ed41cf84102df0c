"""``aseb play``: a game in the terminal (any game of the family), for two players or against the
mummy.

Press Enter to throw; pick a move by its number, its notation (``C2-M6``) or its square (``C2``).
Reads lines from ``read`` and writes with ``write``, so tests script whole games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.errors import RulesError
from engine.core.events import Event, ThrowLost, TurnPassed
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games.api import Position, Rules
from engine.mummy.chances import SolvedTable, odds_text
from engine.mummy.scribe import scribe_move
from engine.record import GameRecord
from engine.tait.state import TAIT
from engine.text import board_text, demon_cast_text, event_text, throw_text
from firmware.evidence import move_squares

Chooser = Callable[[Any, random.Random], Any]
"""How the mummy picks a move: given the position with a pending throw and a generator."""
Adviser = Callable[[Any], str]
"""A hint for the pending throw, as a line to print."""

HELP = """Commands (type them instead of a move or before throwing):
  Enter      throw the sticks            1, 2 ...  make the move with that number
  C2-M6, C2  make a move by notation     hint      what would the mummy play?
  board      show the board again        mummy     let the mummy play this side / stop it
  switch     swap your side and the mummy's   new  start a new game
  help       this list                   quit      leave the game"""


class Quit(Exception):
    """The player asked to leave (or the input ended)."""


class TerminalGame:
    """The terminal front end: turns typed lines into throws and moves, and prints the board."""

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None],
                 rng: random.Random, *, mummy: Side | None = Side.REELS,
                 chooser: Chooser = scribe_move, adviser: Adviser | None = None,
                 ruleset: Rules = TAIT, table: SolvedTable | None = None,
                 finished: Callable[[GameRecord], str] | None = None,
                 throws: Callable[[Throw], Throw] | None = None) -> None:
        self.read, self.write, self.rng = read, write, rng
        self.mummy, self.chooser = mummy, chooser
        self.adviser = adviser
        self.table = table
        """The solved table, when there is one: the chances to win after every move."""
        self.finished = finished
        """Keeps a finished game's record; returns a line to print (where it went)."""
        self.throws = throws
        """Arranges the throws (a lesson): given the sticks' throw, the one to take."""
        self.game = Game(ruleset, ruleset.first_side(rng, None))

    def run(self) -> int:
        """Play until the player quits or the input ends; returns the exit status."""
        then = "press Enter to throw" if self.game.ruleset.chance is not None else \
            "no throw in this game: pick a move"
        self.write(f"{self.game.ruleset.title}. Type 'help' for commands; {then}.")
        try:
            self._start()
            while True:
                self._step()
        except Quit:
            self.write("The mummy returns to its rest. Farewell.")
        return 0

    # --- the game loop ----------------------------------------------------------------------

    def _start(self) -> None:
        events = self.game.demon_cast(self.rng)
        if any(isinstance(e, ThrowLost) for e in events):  # Tait's demon-cast threw in vain
            self.write(demon_cast_text(events))
        self._tell(tuple(e for e in events if not isinstance(e, ThrowLost | TurnPassed)))

    def _step(self) -> None:
        state = self.game.state
        if state.is_over:
            if self.finished is not None:
                self.write(self.finished(self.game.record))
            if self._ask("Press Enter for a new game (the loser throws first), or 'quit': ") \
                    is not None:
                self.game = self.game.next_game(self.rng)
                self._start()
        elif state.throw is None and self.game.ruleset.chance is not None:
            if state.turn == self.mummy:
                self.write(f"The mummy ({state.turn.title}) throws.")
            else:
                answer = self._ask(f"{state.turn.title}, press Enter to throw: ")
                if answer is None:
                    return
                if answer:  # typed text is never a throw
                    self.write(f"{answer!r} is not a command: press Enter to throw, or type "
                               "'help'.")
                    return
            self._cast()
        else:
            self._move()

    def _cast(self) -> None:
        state = self.game.state
        throw = self.game.ruleset.draw(self.rng)
        if self.throws is not None:
            throw = self.throws(throw)
        events = self.game.cast(throw)
        self.write(f"{state.turn.title} threw  {throw_text(state, throw)}")
        self._tell(events)

    def _move(self) -> None:
        state = self.game.state
        move: Any
        if state.turn == self.mummy:
            move = self.chooser(state, self.rng)
            self.write(f"The mummy moves {state.describe(move)}.")
        else:
            move = self._choose(state)
        if move is not None:
            self._tell(self.game.play(move))
            self._odds()

    def _odds(self) -> None:
        line = odds_text(self.table, self.game.state) if self.table is not None else None
        if line is not None:
            self.write(line)

    def _choose(self, state: Position) -> Any:
        """Ask until the player names a legal move; None when a command changed the game."""
        self._show(state)
        listing = "  ".join(f"{n}) {state.describe(m)}" for n, m in enumerate(state.moves, 1))
        while True:
            answer = self._ask(f"{_prompt(state)}: {listing}\n> ")
            if answer is None:
                return None
            if answer.isdigit():
                if 1 <= int(answer) <= len(state.moves):
                    return state.moves[int(answer) - 1]
                self.write(f"Choose 1 to {len(state.moves)}.")
                continue
            if not answer:
                self.write("Pick one of the moves by its number.")
                continue
            try:
                return state.parse_move(answer)
            except RulesError as exc:
                self.write(f"{exc}. Pick one of: {listing}")

    # --- commands ---------------------------------------------------------------------------

    def _ask(self, prompt: str) -> str | None:
        """Read a line; commands are handled here: None when one changed the game or the mode."""
        while True:
            try:
                answer = self.read(prompt).strip()
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            command = answer.lower()
            if command in ("q", "quit", "exit"):
                raise Quit
            if command in ("h", "help", "?"):
                luckless = self.game.ruleset.chance is None
                self.write(HELP.replace("Enter      throw the sticks",
                                        "(no throw in this game) ") if luckless else HELP)
            elif command == "board":
                self._show(self.game.state)
            elif command == "hint":
                self._hint()
            elif command == "mummy":
                self.mummy = None if self.mummy is not None else self.game.state.turn
                self.write("Two players: no mummy." if self.mummy is None
                           else f"The mummy plays {self.mummy.title}.")
                return None
            elif command == "switch":
                self.mummy = self.mummy.other if self.mummy is not None else None
                self.write(f"You switch sides; the mummy now plays {self.mummy.title}."
                           if self.mummy is not None else "No mummy is playing.")
                return None
            elif command == "new":
                rules = self.game.ruleset
                self.game = Game(rules, rules.first_side(self.rng, None))
                self.write(f"A new game: {self.game.first.title} throw first.")
                self._start()
                return None
            else:
                return answer

    def _hint(self) -> None:
        state = self.game.state
        if not state.moves:
            self.write("Throw first; then ask for a hint.")
            return
        if self.adviser is not None:
            self.write(f"The mummy would play {self.adviser(state)}.")
            return
        move = self.chooser(state, random.Random(self.rng.random()))
        self.write(f"The mummy would play {state.describe(move)}.")

    def _show(self, state: Position) -> None:
        movable = frozenset(source for source, _ in (move_squares(state, m) for m in state.moves)
                            if source is not None)
        self.write(board_text(state, highlight=movable))
        self._odds()

    def _tell(self, events: tuple[Event, ...]) -> None:
        for event in events:
            self.write("  " + event_text(event))


def _prompt(state: Position) -> str:
    """Whose move it is; in Ramses' second move, that a piece of the opponent's is moved."""
    owners = {state.journeys(m)[0].side for m in state.moves}
    if owners == {state.turn.other}:
        return f"Now move one of the {state.turn.other.title}' pieces, {state.turn.title}"
    return f"Go ahead and make your move, {state.turn.title}"
