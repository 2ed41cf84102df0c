"""The win chances in the window: the bar beside the board and the review of the last game, in
every game: the solved table's where it holds the game, else the game's strongest search's,
labelled as estimates (``engine.mummy.judges``).

    chances = Chances(settings, rules, table, lambda: controller.game, controller.show_odds)
    chances.shown, chances.cones()   # whether the bar stands beside the board, and its share
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from engine.core.errors import WrongPhase
from engine.game import Game
from engine.games.api import Rules
from engine.mummy.chances import SolvedTable
from engine.mummy.judges import Judge, cones_chance, judge_for
from engine.mummy.review import Review, review
from firmware.words import N_, _, say
from sim.window.settings import WindowSettings

SHOW = N_("Show chances")
"""The Options item when the solved table judges the game."""
SHOW_ESTIMATES = N_("Show chances (estimated)")
"""The Options item when a search estimates them (no solved table for this game here)."""


class Chances:
    """What the table, or the strongest search, says of the game in the window and of the last
    finished one."""

    def __init__(self, settings: WindowSettings, rules: Rules, table: SolvedTable | None,
                 game: Callable[[], Game | None], light: Callable[[], object] | None = None
                 ) -> None:
        self.settings = settings
        self.rules = rules
        self.table = table
        self.judge: Judge = judge_for(rules, table)
        """Who judges: the table where it holds the game, else the game's strongest search."""
        self._game = game
        self._light = light
        """Lights the chances on the board too (the controller's ``show_odds``), if there is one."""
        self.review: Review | None = None
        """The review page while it is open."""
        self.finished: Game | None = None
        """The last game played to its end in this window."""
        self._estimating = False
        """Estimates shown (asked for in this window: a search per position is not free)."""
        self._judged: tuple[Any, float | None] | None = None
        self._reviewing: threading.Thread | None = None
        self._reviewed: Review | str | None = None

    @property
    def available(self) -> bool:
        """Always: every game has a judge (estimates where there is no table)."""
        return True

    @property
    def exact(self) -> bool:
        """Whether the chances are the solved table's (else a search's estimates)."""
        return self.judge.exact

    @property
    def item(self) -> str:
        """The Options item's words: the chances, or the estimated chances."""
        return SHOW if self.exact else SHOW_ESTIMATES

    @property
    def shown(self) -> bool:
        """Whether the bar stands beside the board: the table's chances as the settings say,
        estimates once asked for."""
        return self.settings.show_chances if self.exact else self._estimating

    def cones(self) -> float | None:
        """The Cones' chance to win now (None: no game, or the bar put away), worked out once
        a position (a search takes a moment)."""
        game = self._game()
        if not self.shown or game is None:
            return None
        state = game.state
        if self._judged is None or self._judged[0] is not state:
            self._judged = (state, cones_chance(self.judge, state))
        return self._judged[1]

    def why_not(self) -> str:
        """Why the chances are estimates (said when the bar is turned on without a table)."""
        if self.exact:
            return ""
        return _("Chances estimated by {judge}: there is no solved table for {game} "
                 "here.").format(judge=say(self.judge.name), game=say(self.rules.title))

    def toggle(self) -> str | None:
        """Options > Show chances: the bar on or off; turned on, the board lights them too (the
        table's only). Estimates are said to be estimates."""
        if not self.exact:
            self._estimating = not self._estimating
            return self.why_not() if self._estimating else None
        self.settings.show_chances = not self.settings.show_chances
        if self.settings.show_chances and self._light is not None:
            self._light()
        return None

    def follow(self) -> None:
        """Keep the last game that was played to its end, for its review; take a review that a
        search finished."""
        game = self._game()
        if game is not None and game.state.is_over:
            self.finished = game
        done = self._reviewed
        if done is not None and self._reviewing is not None and not self._reviewing.is_alive():
            self._reviewing, self._reviewed = None, None
            if isinstance(done, Review):
                self.review = done

    @property
    def reviewing(self) -> bool:
        """Whether a search is judging the last game now."""
        return self._reviewing is not None

    def why_no_review(self) -> str:
        """Why Help > Review last game is greyed (for its item and a click)."""
        if self.reviewing:
            return _("The last game is being reviewed: its page opens in a moment.")
        if self.finished is None:
            return _("No finished game to review yet: play one to its end.")
        return ""

    def open_review(self) -> bool:
        """Help > Review last game: its page over the board (at once from the table; a search
        judges in the background and the page opens when it is done); False when there is no
        finished game."""
        finished = self.finished
        if finished is None or self.reviewing:
            return False
        if self.exact:
            try:
                self.review = review(self.judge, finished.record)
            except WrongPhase:  # a game the table does not hold (its rules changed since)
                return False
            return True
        judge = judge_for(self.rules, self.table)  # its own searches: the game goes on

        def work() -> None:
            try:
                self._reviewed = review(judge, finished.record)
            except WrongPhase as exc:
                self._reviewed = str(exc)

        self._reviewing = threading.Thread(target=work, name="review", daemon=True)
        self._reviewing.start()
        return True

    def wait(self) -> None:
        """Wait for a review in the background to be done (tests and a closing window)."""
        if self._reviewing is not None:
            self._reviewing.join()
        self.follow()
