"""Play the stacking game straight through the engine: no reed can count a stack, so there is
no board controller; the window's mouse picks men and dice, and the mummy throws, shows its
move in gold and carries the man itself.

Click the dice (or press Space) to throw; click a man (a stack, or the men waiting on your
sideline) and then where it goes; when it passes men it may capture, those are ringed in red:
click one to capture it, or the target again to capture none. Click a die first to use that die
(else the smallest that makes the move). The game is saved after every throw and move and goes
on where it was left. Time comes from ``step``, so tests play whole games without sleeping.

    play = StacksPlay(WindowSettings(), store=Store(tmp_path, "stacks"), seed=1)
    play.press(layout.stick_box.center, layout); play.step(1 / 30)
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from engine.core.errors import RulesError
from engine.core.events import Captured, Event, LeftBoard
from engine.core.words import N_, phrase, side_name
from engine.game import Game
from engine.games.api import Rules
from engine.mummy import Level, Mummy
from engine.stacks import STACKS, Move, StacksPosition
from engine.stacks.board import square
from engine.stacks.dice import faces
from engine.text import event_text
from firmware.play import sounds
from firmware.play.play_state import SAID
from firmware.play.store import Saved, Store
from firmware.words import _, say, side_said
from sim.drawing.layout import Layout
from sim.drawing.stacks import at, waiting
from sim.window.chances import Chances
from sim.window.settings import WindowSettings

THINK = 0.5
"""Seconds before the mummy throws or starts to show a move."""
SHOW = 0.7
"""Seconds the mummy's move is shown in gold before its hand takes the man."""
CARRY = 0.5
"""Seconds the mummy's hand takes to carry a man to its square."""


@dataclass
class Choice:
    """What the player has picked so far this move."""

    source: str | None = None
    """The square of the man chosen (``inC``/``inR`` for one waiting)."""
    target: str | None = None
    """Where it goes, once picked while captures are still to decide."""
    die: int | None = None
    """The index of the die picked, if any."""


@dataclass(frozen=True)
class Carried:
    """The mummy's man in its hand: the move, and when it was taken and lands."""

    move: Move
    start: float
    end: float

    def progress(self, now: float) -> float:
        """How far along it is, 0 to 1, eased in and out as a hand carries a man."""
        x = min(1.0, max(0.0, (now - self.start) / (self.end - self.start)))
        return x * x * (3 - 2 * x)


class StacksPlay:
    """The game, the player's choices and the mummy's timing, behind the window."""

    def __init__(self, settings: WindowSettings, *, store: Store | None = None,
                 seed: int | None = None) -> None:
        self.settings = settings
        self.rules: Rules = STACKS
        self.rng = random.Random(seed)
        self.mummy = Mummy(settings.level)
        self.store = store
        """Where the game is kept after every throw and move (None: nowhere)."""
        self.now = 0.0
        self.notice: tuple[str, float] | None = None
        """A word to the player (what a click did not do), and until when it shows."""
        self.choice = Choice()
        self.thrown: tuple[int, ...] = ()
        """The faces of this turn's dice, in the order they are drawn."""
        self.threw = ""
        """Who threw them, and what: the caption under the dice."""
        self.log: deque[str] = deque(maxlen=SAID)
        self.told: tuple[str, ...] = ()
        """What the last throw or move caused."""
        self.showing: Move | None = None
        """The mummy's move, shown in gold before its hand makes it."""
        self.carried: Carried | None = None
        self.due = 0.0
        self._sounds: list[str] = []
        self.hint_shown: tuple[StacksPosition, str] | None = None
        """The last hint worked out, and the position it is for."""
        self.game = self._saved() or self._new_game()
        self.chances = Chances(settings, self.rules, None, lambda: self.game)

    # --- the game -------------------------------------------------------------------------

    @property
    def state(self) -> StacksPosition:
        """The position now."""
        position: StacksPosition = self.game.state
        return position

    @property
    def mummy_to_play(self) -> bool:
        """Whether it is the mummy's turn."""
        return not self.state.is_over and self.state.turn == self.settings.mummy

    @property
    def mummy_moves_itself(self) -> bool:
        """The mummy always moves its own men here (there is no board to rehearse)."""
        return True

    @property
    def busy(self) -> bool:
        """Whether the mummy's man is in the air (then frames come faster)."""
        return self.carried is not None

    @property
    def said(self) -> tuple[str, ...]:
        """The game's log, oldest first."""
        return tuple(self.log)

    def _tell(self, *lines: str) -> None:
        said = tuple(say(line) for line in lines)  # the engine's phrases and marked words
        self.told = said
        self.log.extend(said)

    def _new_game(self) -> Game:
        first = self.rules.first_side(self.rng, None)
        self.choice, self.thrown, self.showing, self.carried = Choice(), (), None, None
        self.threw = ""
        self.due = self.now + THINK
        self._tell(phrase(N_("A new game: {side} threw the higher total and begin."),
                          side=side_name(first)))
        return Game(self.rules, first)

    def new_game(self) -> None:
        """Begin a new game (the sides throw for who begins)."""
        self.game = self._new_game()
        self._save()

    def _saved(self) -> Game | None:
        """The unfinished game kept in the store, if there is one that reads back."""
        # Only a save of this game is resumed: another game's is moved to its own file (or set
        # aside), never written over by a new game of this one.
        saved = self.store.load(self.rules) if self.store is not None else None
        if saved is None:
            return None
        try:
            game = Game.from_record(saved.record)
        except RulesError:  # a record the rules refuse: a new game, never a crash
            return None
        if game.state.is_over or game.ruleset.name != self.rules.name:
            return None
        self.settings.mummy = saved.mummy  # a resumed game knows its mummy
        self.thrown = tuple(game.state.dice)
        self.threw = _("{side} threw {dice}").format(
            side=side_said(game.state.turn), dice=" ".join(map(str, self.thrown))) \
            if self.thrown else ""
        self.due = THINK
        self._tell(N_("The game goes on where it was left."))
        return game

    def _save(self) -> None:
        if self.store is None:
            return
        try:
            self.store.save(Saved(self.game.record, self.settings.mummy))
        except OSError as exc:  # a full disk must not end the game
            self._tell(phrase(N_("(the game could not be saved: {problem})"), problem=str(exc)))

    def throw(self) -> None:
        """The side to play throws the three dice."""
        state = self.state
        if state.is_over or state.throw is not None:
            return
        dice = self.rules.draw(self.rng)
        self.thrown = faces(dice)
        self.threw = _("{side} threw {dice}").format(side=side_said(state.turn),
                                                     dice=" ".join(map(str, self.thrown)))
        events = self.game.cast(dice)
        self._sounds.append(sounds.THROW)
        self._tell(phrase(N_("{throw}."), throw=self.threw), *[event_text(e) for e in events])
        self.choice = Choice()
        self._save()

    def play(self, move: Move) -> None:
        """Make a move of the dice in hand."""
        mover = self.state.turn
        events = self.game.play(move)
        self._tell(*[event_text(e) for e in events])
        self._sounds += _sounds(events)
        self.choice = Choice()
        self._save()
        if self.state.is_over:
            winner = self.state.winner
            lost = self.settings.mummy is not None and winner == self.settings.mummy
            self._sounds.append(sounds.LOSE if lost else sounds.WIN)
        elif self.state.throw is None:
            self.due = self.now + THINK
            if self.state.turn != mover and self.state.turn == self.settings.mummy:
                self._sounds.append(sounds.MUMMY_TURN)

    # --- the menu's options ---------------------------------------------------------------

    def option(self, action: str) -> None:
        """Options > Play the mummy (it takes the side to play), Switch sides, Show hints."""
        s = self.settings
        if action == "mummy":
            s.mummy = None if s.mummy is not None else self.state.turn
        elif action == "switch_sides" and s.mummy is not None:
            s.mummy = s.mummy.other
        elif action == "hints":
            s.hints = not s.hints
        self.showing, self.carried, self.choice = None, None, Choice()
        self.due = self.now + THINK

    def set_level(self, level: Level, fair: bool = False) -> None:
        """The mummy plays at ``level`` from its next move on (no fair mode here)."""
        self.mummy.level = level

    # --- time -----------------------------------------------------------------------------

    def step(self, seconds: float) -> None:
        """Let ``seconds`` pass: the mummy throws, shows its move, carries its man, each when
        its time comes."""
        end = self.now + max(seconds, 0.0)
        while self.mummy_to_play and self.due <= end:
            self.now = max(self.now, self.due)
            self._mummy_acts()
        self.now = end

    def _mummy_acts(self) -> None:
        """The mummy's next deed: throw, choose and show a move, take the man, set it down."""
        if self.state.throw is None:
            self.throw()
            self.due = self.now + THINK
        elif self.carried is not None:
            move, self.carried = self.carried.move, None
            self.play(move)
            self.due = self.now + THINK / 2
        elif self.showing is None:
            self.showing = self.mummy.choose(self.state, self.rng)
            self.due = self.now + SHOW
        else:
            self.carried = Carried(self.showing, self.now, self.now + CARRY)
            self.showing = None
            self.due = self.carried.end

    def settle(self) -> None:
        """Nothing waits on a story here."""
        self.chances.follow()

    def waiting_for_a_throw(self) -> bool:
        """Whether the player (not the mummy) is to throw: the time for a MummyFact."""
        return not self.state.is_over and self.state.throw is None and not self.mummy_to_play

    def sounds(self) -> list[str]:
        """The sounds of what happened since the last call, by name."""
        heard, self._sounds = self._sounds, []
        return heard

    def close(self) -> None:
        """Keep the game."""
        self._save()

    # --- the player's hand ----------------------------------------------------------------

    def moves(self) -> list[Move]:
        """The moves of the dice in hand the player may pick (only the die chosen, if any)."""
        state = self.state
        if self.mummy_to_play or state.throw is None:
            return []
        moves = list(state.moves)
        if self.choice.die is not None:
            face = self.thrown[self.choice.die]
            moves = [m for m in moves if m.die == face]
        return moves

    def start_shake(self, by: str, layout: Layout) -> None:
        """Space: throw the dice, or begin a new game once one is over."""
        if self.state.is_over:
            self.new_game()
        elif self.mummy_to_play:
            self.notice = (_("The mummy is playing: wait for your turn."), self.now + 3.0)
        else:
            self.throw()

    def stop_shake(self, by: str) -> None:
        """Dice are thrown at once: nothing to let go of."""

    def release(self, pos: tuple[int, int], layout: Layout) -> None:
        """Men are picked by clicks: nothing to let go of."""

    def press(self, pos: tuple[int, int], layout: Layout) -> None:
        """The player clicks at ``pos``: a die, a man, where it goes, a man to capture."""
        state, place = self.state, at(layout, pos)
        if state.is_over:
            self.new_game()
            return
        if self.mummy_to_play:
            return
        if place is not None and place.startswith("die"):
            if state.throw is None:
                self.throw()
            else:
                self._pick_die(int(place[3:]))
            return
        if state.throw is None:
            return
        choice, moves = self.choice, self.moves()
        if choice.target is not None:  # captures to decide
            chosen = [m for m in moves if source(m) == choice.source
                      and m.target == choice.target]
            taking = [m for m in chosen if m.capture and captured(m) == place]
            plain = [m for m in chosen if not m.capture]
            if taking:
                self.play(taking[0])
            elif place == choice.target and plain:
                self.play(plain[0])
            else:
                self.choice = Choice(die=choice.die)
            return
        if choice.source is not None:
            chosen = [m for m in moves if source(m) == choice.source and m.target == place]
            if chosen:
                if any(m.capture for m in chosen):
                    self.choice = Choice(choice.source, place, choice.die)
                    self.notice = (_("Click a man ringed in red to capture it, or the target "
                                     "again to capture none."), self.now + 6.0)
                else:
                    self.play(min(chosen, key=lambda m: m.die))
                return
        if place is not None and any(source(m) == place for m in moves):
            self.choice = Choice(place, None, choice.die)
        else:
            self.choice = Choice(die=choice.die)

    def _pick_die(self, index: int) -> None:
        if index >= len(self.thrown) or self.used()[index]:
            return
        die = None if self.choice.die == index else index
        self.choice = Choice(self.choice.source, None, die)  # the man chosen stays chosen

    def used(self) -> tuple[bool, ...]:
        """Which of the turn's dice are used, matching faces left in hand."""
        left = list(self.state.dice) if self.state.throw is not None else []
        found = []
        for face in self.thrown:
            if face in left:
                left.remove(face)
                found.append(False)
            else:
                found.append(True)
        return tuple(found)

def source(move: Move) -> str:
    """Where ``move``'s man comes from: its square, or its side's men waiting."""
    return waiting(move.side) if move.enters else move.source


def captured(move: Move) -> str:
    """The square of the man ``move`` captures ("" for none)."""
    return square(move.side, move.capture) if move.capture else ""


def _sounds(events: tuple[Event, ...]) -> list[str]:
    """The board's sounds for what a move caused: a capture knocks as a bump does."""
    names = [sounds.BUMP if isinstance(e, Captured) else sounds.MOVE
             for e in events if isinstance(e, Captured | LeftBoard)]
    return sounds.sounds_for(events, None) + names
