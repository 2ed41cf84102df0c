"""``aseb play --far CODE``: a far game in the terminal. The terminal's player plays on a simulated
board (``sim.board.table``) with its own link and companion (``sim.far.joining``), so a laptop's
terminal plays a wooden board far away as the window does: Enter shakes the sticks, a typed move
(its number, its notation or its square) is made on the board by a hand, and the far board's
throws and moves are shown and made by the same hand.

    FarTerminal(table, read_line, print).run()     # until 'quit' or the input ends
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine.core.errors import RulesError
from engine.text import move_text
from firmware.lights.scenes import Phase
from firmware.words import _, problem, say, side_said
from sim.board.demo import put_right
from sim.board.mummy_hand import MummyHand
from sim.board.table import Table
from sim.terminal.game import command_of

FRAME = 1 / 20
"""Seconds of the board's time a turn of the loop lets pass."""
SHAKE = 0.8
"""Seconds the stick box is shaken for a throw."""
SETTLE = 1.0
"""Seconds after a shake before Enter shakes again (the box settles, the throw is taken)."""

EX_UNAVAILABLE = 69
"""The exit status when the far game cannot be joined."""
ReadLine = Callable[[float], str | None]
"""A line typed, waiting at most that many seconds (None: none yet; EOFError: the input ended)."""


class FarTerminal:
    """The terminal's player on a simulated board that plays a board far away."""

    def __init__(self, table: Table, read: ReadLine, write: Callable[[str], None], *,
                 clock: Callable[[], float] = time.monotonic,
                 far: Callable[[], dict[str, Any]] = dict) -> None:
        self.table = table
        self.far = far
        """How far play stands, as the companion tells the board (the link's ``far``)."""
        self.problem: str | None = None
        self.read, self.write, self.clock = read, write, clock
        self.hand = MummyHand(table.sim)
        self.said = ""
        self.running = True
        self.mended = float("-inf")
        """Until when the hand is setting the board as it is asked (the board's clock)."""
        self.shaken = float("-inf")
        """Until when the stick box is being shaken and settling (the board's clock)."""

    def run(self) -> int:
        """Play until the player types ``quit`` or the input ends; the exit status."""
        self.write(_("A far game: Enter shakes the sticks; type your move (its number, its "
                     "notation or its square); 'quit' leaves, the game kept."))
        last = self.clock()
        while self.running:
            now = self.clock()
            self.table.run(min(1.0, max(FRAME, now - last)))
            last = now
            self.hand.act(self.table.controller, self.table.now)
            self._mend()
            self._tell()
            if self._far_ended():
                return EX_UNAVAILABLE
            try:
                line = self.read(FRAME)
            except EOFError:
                break
            if line is not None:
                self.answer(line)
        self.write(_("The game is kept: it goes on where it was next time."))
        return 0

    def _far_ended(self) -> bool:
        """Say what went wrong with far play when it changes; whether it ended (no board
        offers the code, or it does not match): then there is nothing to wait for."""
        far = self.far()
        problem = far.get("problem")
        if problem != self.problem:
            self.problem = problem
            if problem:
                self.write(_(problem).format(code=far.get("code") or ""))
        return bool(problem) and far.get("state") == "none"

    def _mend(self) -> None:
        """The board asks for a position (the far game taken up, or resumed, or a new game's
        pieces set out): a player at a terminal has no pieces to set, so the hand sets them,
        as it makes the moves."""
        controller = self.table.controller
        if controller.phase is Phase.GUIDE and not self.hand.busy \
                and self.table.now >= self.mended:
            done = put_right(self.table.sim, controller, self.table.now)
            if done is not None:
                self.mended = done + 1.0

    def _tell(self) -> None:
        """Say the status when it changes, with the moves to choose from on this side's turn."""
        controller = self.table.controller
        said = controller.status()
        game = controller.game
        if controller.phase is Phase.MOVE and game is not None and not controller._far_waits() \
                and controller.mummy_move is None:
            state = game.state
            said += "\n" + "\n".join(f"{n}) {say(move_text(state, m))}"
                                      for n, m in enumerate(state.moves, 1))
        if said != self.said:
            self.said = said
            news = " ".join(controller.news)
            self.write(f"{news}\n{said}" if news else said)

    def answer(self, line: str) -> None:
        """A typed line: Enter throws, a move is made, ``quit`` leaves."""
        word = line.strip()
        if command_of(word) == "quit":
            self.running = False
            return
        controller = self.table.controller
        game = controller.game
        if controller.phase in (Phase.IDLE, Phase.THROW) and not word:
            if self.table.now >= self.shaken:  # Enter twice: the box is shaken once
                self.shaken = self.table.sim.shake(SHAKE) + SETTLE
            return
        if game is None or controller.phase is not Phase.MOVE or controller._far_waits():
            self.write(_("Not now: {status}").format(status=controller.status()))
            return
        state = game.state
        if word.isdigit() and not 0 < int(word) <= len(state.moves):
            self.write(_("Choose 1 to {n}.").format(n=len(state.moves)))
            return
        try:
            move = state.moves[int(word) - 1] if word.isdigit() else state.parse_move(word)
        except RulesError as exc:
            self.write(problem(exc))
            return
        self.write(_("{side} play: {move}.").format(side=side_said(state.turn),
                                                    move=say(move_text(state, move))))
        self.hand.make(move, state, self.table.now)
