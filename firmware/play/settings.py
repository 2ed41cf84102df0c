"""How the board plays: the controller's settings, all settable at any time."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.sides import Side
from engine.games.api import Rules
from engine.mummy import Level
from engine.mummy.chances import SolvedTable
from engine.tait.state import TAIT


@dataclass
class Settings:
    """How the board plays; all settable at any time."""

    mummy: Side | None = Side.REELS
    level: Level = Level.PRIEST
    fair: bool = False
    """Kiosk mode: the mummy's level follows the visitors' results so they win about half."""
    ruleset: Rules = TAIT
    """The game played and its options (``engine.games.load``): Tait's by default."""
    hints: bool = False
    settle: float = 0.25
    grace: float = 1.5
    """Seconds a still board that matches nothing waits before it is guided as a mistake."""
    patience: float = 8.0
    """Seconds a board part-way along a move (a bumped piece being carried off) waits before
    it is called a mistake."""
    racks: bool = False
    """The board has switches under its racks (waiting pieces, borne-off trays)."""
    mummy_delay: float = 1.2
    """Seconds the mummy waits before throwing, so players see the turn pass."""
    celebrate: float = 6.0
    """Seconds of victory lights before the board asks to be cleared."""
    far: bool = False
    """A board far away plays the other side (``firmware.play.remote_turn``): no mummy, and
    its turns wait for its throws and moves."""
    mummy_plays_both: bool = False
    """A demonstration: the mummy throws and chooses for both sides (``--demo``)."""
    table: SolvedTable | None = None
    """The solved table (``firmware.solve.table``): Neferkaptah's perfect play and the chances
    light scene. None: Neferkaptah plays as the Vizier."""
    odds_seconds: float = 4.0
    """How long ``show_odds`` lights the chances."""
    chances: bool = False
    """Light the chances for ``odds_seconds`` after every move (with the solved table)."""
    calm: bool = False
    """Calm lights: nothing blinks (``firmware.lights.scenes.Show.calm``)."""
    spoken: bool = False
    """Spoken play: a shake with no piece lifted asks the board to say again what it awaits
    (``firmware.spoken``), instead of being refused."""
