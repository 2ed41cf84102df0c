"""What the board controller knows of the game on the board, shared by the rooms that act on it.

The controller (``firmware.play.controller``) is built from rooms with one job each: the phases of a
game (``firmware.play.phases``), the mummy's turn (``firmware.play.mummy_turn``), saving
(``firmware.play.saving``), telling in words (``firmware.play.telling``) and showing in light
(``firmware.play.showing``). Each is a class over this state; the controller routes events to them.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games.api import Rules
from engine.mummy import Fair, Mummy
from engine.mummy.judges import Judge, Odds
from firmware.lights.scenes import Phase
from firmware.menu.board_menu import BoardMenu
from firmware.play import sounds
from firmware.play.settings import Settings
from firmware.play.store import Store
from firmware.play.tracker import AsExpected, InProgress, Mismatch, MoveTracker, Verdict
from hardware.core.clock import Clock
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour
from hardware.sounds.speaker import Speaker

SAID = 1000
"""Sentences of what happened kept for a log (the newest last): a whole game, and more."""


@dataclass
class PlayState:
    """The game on the board: one instance, one thread."""

    show_frame: Callable[[Frame], None]
    speaker: Speaker
    clock: Clock
    rng: random.Random
    settings: Settings = field(default_factory=Settings)
    store: Store | None = None
    phase: Phase = Phase.IDLE
    game: Game | None = None
    last_winner: Side | None = None
    verdict: Verdict = field(default_factory=AsExpected)
    mummy_move: Any = None
    hint: Any = None
    shown_throw: Throw | None = None
    throw_seen: tuple[Throw | None, float] = (None, 0.0)
    """The throw the lights showed last, and since when (the dice count from its start)."""
    flare_until: float = float("-inf")
    phase_since: float = 0.0
    mummy_due: float = float("inf")
    new_game_asked: bool = False
    fairness: Fair = field(default_factory=Fair)
    warned: bool = False
    shake_again_until: float = float("-inf")
    move_first_until: float = float("-inf")
    """Until when the status says that a move is awaited before the next throw (a shake while
    a move is awaited)."""
    no_throw_until: float = float("-inf")
    """Until when the status says that this game takes no throw (a shake during Ramses)."""
    setting_out: bool = False
    """The board is guided to a new game's starting position (no mistake sounds)."""
    rattle: sounds.Rattle = field(default_factory=sounds.Rattle)
    throws: dict[Side, Throw] = field(default_factory=dict)
    """Each side's last throw (resumed games too), the side that threw last last: for captions."""
    news: tuple[str, ...] = ()
    """What the last throw or move caused, in sentences: a status line's first half."""
    said: deque[str] = field(default_factory=lambda: deque(maxlen=SAID))
    """The last sentences of ``news``, oldest first: the game's log."""
    told: deque[str] = field(default_factory=lambda: deque(maxlen=SAID))
    """The same sentences as they were told, phrases kept (``engine.core.words.Phrase``): a
    companion says them again in its own language."""
    aloud: Callable[[str], None] | None = None
    """The board's voice for what a newcomer must hear (why a throw was lost), where it has
    one (espeak-ng); each reason is said once a game."""
    explained: set[str] = field(default_factory=set)
    """The reasons for lost throws said aloud in this game (by message)."""
    read_until: float = float("-inf")
    """Until when the news is left up to be read (a lost throw and why): the mummy waits."""
    odds_since: float = float("-inf")
    pin_shown: tuple[str, float] | None = None
    """The web page's PIN lit on the squares, and since when (``firmware.lights.pin``)."""
    judge: tuple[tuple[Rules, int], Judge] | None = None
    """Who judges the chances, for the rules and the table (by id) it was made for."""
    judged: tuple[Any, Odds | None] | None = None
    """The last position whose chances were worked out, and its ``Odds`` (a search takes a
    moment: once a position)."""
    throw_source: Callable[[Throw], Throw] | None = None
    """Arranges the throws (a lesson): given what the sticks showed (or the mummy drew), the
    throw to take instead. None: the sticks decide."""
    lighting: Callable[[Frame, float], Frame] | None = None
    """A companion's touch on every frame before it is shown (a lesson's path, the sand of
    Setna's tournament): given the frame and the time, the frame to show."""
    menu: BoardMenu | None = None
    """The board menu (``firmware.menu.board_menu``); None: this board has none."""
    menu_locked: bool = False
    language_squares: Mapping[str, Colour] = field(default_factory=dict)
    """Between games on a kiosk: the squares where a visitor chooses a language, each in its
    colour (``firmware.kiosk.language``)."""
    """A kiosk's menu, opened only by the staff reset (``[kiosk] menu = false``)."""
    menu_closed: bool = False
    """The menu has closed: what it chose is to be applied and saved (then this is reset)."""
    remote: Side | None = None
    """The side a remote player plays through the board's link (``firmware.play.remote_turn``)."""
    far_begins: bool = True
    """Far play: this board begins the next game (the other takes it up)."""
    far_away: bool = False
    """Far play: the far board cannot be reached now; the game waits for it."""
    far_refused_until: float = float("-inf")
    """Until when the status says that the far board begins the next game (a shake here)."""
    saves_failed: int = 0
    """Saves the disk refused (full, read-only) since the board started: a museum's fault."""
    faults: dict[str, Any] = field(default_factory=dict)
    """A Hall board's failed sensors by square (``firmware.play.telling.Fault``)."""
    fault_said_until: float = float("-inf")
    """Until when the status line says which sensor has failed."""
    asked: int = 0
    """How many times a player has asked the board to say again what it awaits (spoken play:
    a shake with no piece lifted, or the repeat button; ``firmware.spoken``)."""
    last_frame: Frame = field(default_factory=dict)
    """The frame shown last (for the board's link)."""
    public_frame: Frame = field(default_factory=dict)
    """The frame shown last without the PIN over it: what the board's link may tell."""
    scene_kept: tuple[Any, Frame] | None = None
    """The last show drawn and its frame (``firmware.play.showing``: a steady frame is kept)."""
    ends_kept: tuple[Any, list[tuple[str | None, str | None]]] | None = None
    """A position and the squares each of its legal moves lifts from and sets down on."""
    mummy_kept: tuple[Any, Any, tuple[str | None, str | None], str | None] | None = None
    """A position, the mummy's move in it, its squares and the square of the piece it bumps."""
    _unsaved: bool = False
    tracker: MoveTracker = field(init=False)
    _mummy: Mummy = field(init=False)

    def __post_init__(self) -> None:
        self.tracker = MoveTracker(self.settings.settle, self.settings.grace,
                                   self.settings.patience)

    @property
    def rules(self) -> Rules:
        """The game played, with its options."""
        return self.settings.ruleset

    def _set_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.phase_since = self.clock.now()
        self.mummy_due = float("inf")

    def _mummy_to_play(self) -> bool:
        if self.game is None or self.game.state.turn == self.remote or self._far_waits():
            return False  # a remote player's side is theirs, even in a demonstration
        return self.settings.mummy_plays_both or self.game.state.turn == self.settings.mummy

    def _far_waits(self) -> bool:
        """Far play: whether the far side is to play now (or which side it plays is not known
        yet): the board then takes no throw or move of its own for it."""
        return self.settings.far and self.game is not None and not self.game.state.is_over \
            and (self.remote is None or self.game.state.turn == self.remote)

    def _celebrating(self, now: float) -> bool:
        return self.phase is Phase.WON and now - self.phase_since < self.settings.celebrate

    def _mistake_heard(self, now: float) -> bool:
        """Whether the mistake sound plays now: once per mistake, never while pieces are set
        out, and in a restart's guidance only once someone has touched the board and left it
        wrong (the board found at start-up is nobody's mistake)."""
        if self.warned or self.setting_out or not self._guiding(now):
            return False
        verdict = self.verdict
        if self.phase is Phase.GUIDE:
            return isinstance(verdict, Mismatch) and verdict.urgent \
                and self.tracker.last_change > self.phase_since
        return True

    def guiding(self) -> bool:
        """Whether the board shows a mistake to correct now (its lights blink, its words say
        what to mend)."""
        return self._guiding(self.clock.now())

    def _guiding(self, now: float) -> bool:
        """Whether the board shows (and sounds) a mistake to correct now."""
        verdict = self.verdict
        if isinstance(verdict, InProgress):
            return verdict.overdue
        return isinstance(verdict, Mismatch) and self.phase not in (
            Phase.WON, Phase.CLEAR, Phase.MENU) and (
            verdict.urgent or self.phase is Phase.GUIDE)  # a won board is cleared, not corrected
