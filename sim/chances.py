"""The win chances in the window: the bar beside the board and the review of the last game,
both read from the solved table (Twenty Squares only; without a table both stay away).

    chances = Chances(settings, rules, table, lambda: controller.game, controller.show_odds)
    chances.shown, chances.cones()   # whether the bar stands beside the board, and its share
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import WrongPhase
from engine.game import Game
from engine.games.api import Rules
from engine.mummy.chances import SolvedTable, cones_chance, holds
from engine.mummy.review import Review, review
from engine.tait.state import Ruleset
from sim.settings import WindowSettings

NEEDS_TABLE = "Chances: needs the solved table"
"""The Options item when the game has no solved table here (a click says why)."""


class Chances:
    """What the solved table says about the game in the window, and the last finished one."""

    def __init__(self, settings: WindowSettings, rules: Rules, table: SolvedTable | None,
                 game: Callable[[], Game | None], light: Callable[[], object] | None = None
                 ) -> None:
        self.settings = settings
        self.rules = rules
        self.table = table
        self._game = game
        self._light = light
        """Lights the chances on the board too (the controller's ``show_odds``), if there is one."""
        self.review: Review | None = None
        """The review page while it is open."""
        self.finished: Game | None = None
        """The last game played to its end in this window."""

    @property
    def available(self) -> bool:
        """Whether the solved table holds the game played (Twenty Squares with its options)."""
        table, rules = self.table, self.rules
        return table is not None and isinstance(rules, Ruleset) and holds(table, rules)

    @property
    def shown(self) -> bool:
        """Whether the bar stands beside the board."""
        return self.available and self.settings.show_chances

    def cones(self) -> float | None:
        """The Cones' chance to win now (None: no game, or no table)."""
        game, table = self._game(), self.table
        if not self.shown or game is None or table is None:
            return None
        return cones_chance(table, game.state)

    def why_not(self) -> str:
        """Why there are no chances to show (for a click on the Options item)."""
        if not isinstance(self.rules, Ruleset):
            return f"Chances need a solved table: {self.rules.title} has none."
        return "Chances need the solved table: make it once with aseb solve."

    def toggle(self) -> str | None:
        """Options > Show chances: the bar on or off; turned on, the board lights them too.
        Without a table, why not (nothing changes)."""
        if not self.available:
            return self.why_not()
        self.settings.show_chances = not self.settings.show_chances
        if self.settings.show_chances and self._light is not None:
            self._light()
        return None

    def follow(self) -> None:
        """Keep the last game that was played to its end, for its review."""
        game = self._game()
        if game is not None and game.state.is_over:
            self.finished = game

    def open_review(self) -> bool:
        """Help > Review last game: its page over the board; False when there is none to show."""
        table = self.table
        if not self.available or self.finished is None or table is None:
            return False
        try:
            self.review = review(table, self.finished.record)
        except WrongPhase:  # a game the table does not hold (its rules changed since)
            return False
        return True
