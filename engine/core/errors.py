"""The exceptions of the rules engine; each message says what is wrong in the game's words.

A message a player can meet (a move typed wrong) is raised as a ``Phrase`` (engine.core.words), so a
face says it in the player's language (``firmware.words.problem``); a programmer's mistake stays
plain English text."""

from __future__ import annotations


class RulesError(ValueError):
    """Something asked of the engine that the rules or the data do not allow."""

    @property
    def words(self) -> str:
        """The message as raised: a ``Phrase`` where a player can meet it, else English."""
        first = self.args[0] if self.args else ""
        return first if isinstance(first, str) else str(self)


class UnknownSquare(RulesError):
    """A square name that is not one of the 20 squares (or not on that side's path)."""


class IllegalMove(RulesError):
    """A move that is not legal in the current position; the state is untouched."""


class WrongPhase(RulesError):
    """A throw when a move is awaited, a move when a throw is awaited, or play after the win."""


class BadNotation(RulesError):
    """Text that is not a move, throw or position in aseb's notation."""


class BadRecord(RulesError):
    """A game record that is malformed, or whose actions do not replay under the rules."""


class IllegalThrow(RulesError):
    """A throw the ruleset's sticks cannot show."""
