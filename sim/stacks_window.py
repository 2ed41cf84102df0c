"""``aseb sim --game stacks``: the stacking game in a window of its own, against the mummy.

No board controller and no reed switches (a switch cannot count a stack): the window holds the
game itself. Space or a click on the dice throws them; click a man (a stack, or the men waiting)
and then where it goes; when it passes men it may capture, those glow red: click one to capture
it, or the target again to capture none. Click a die first to use that die (else the smallest
that makes the move). The mummy's moves are shown in gold for a moment before they are made.
Keys: Space throws (or begins a new game once one is over), N a new game, 1-4 the mummy's level,
L the square labels, Esc leaves. The game is kept after every throw and move
(``stacks.json`` in the state directory) and goes on where it was left.

Time comes from the caller (``tick(now)``), so tests drive a whole game without sleeping.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pygame

from engine.core.errors import RulesError
from engine.core.events import Event
from engine.core.sides import Side
from engine.game import Game
from engine.mummy import Level, Mummy
from engine.record import GameRecord
from engine.stacks import STACKS, Move, StacksPosition
from engine.stacks.board import square
from engine.stacks.dice import faces
from engine.text import event_text
from sim.stacks_drawing import Place, Scene, draw
from sim.text import Texts

THINK = 0.5
"""Seconds before the mummy throws or starts to show a move."""
SHOW = 0.7
"""Seconds the mummy's move is shown in gold before it is made."""
SIZE = (1280, 720)


@dataclass
class Choice:
    """What the player has picked so far this move."""

    source: str | None = None
    """The square of the man chosen (``in`` for one waiting)."""
    target: str | None = None
    """Where it goes, once picked while captures are still to decide."""
    die: int | None = None
    """The index of the die picked, if any."""


class StacksWindow:
    """The game, the player's choices and the mummy's timing; ``render`` draws it all."""

    def __init__(self, seed: int | None = None, mummy: Side | None = Side.REELS,
                 level: Level = Level.VIZIER, save_to: Path | None = None) -> None:
        self.rng = random.Random(seed)
        self.mummy_side = mummy
        self.mummy = Mummy(level)
        self.texts = Texts()
        self.place = Place(SIZE)
        self.labels = True
        self.choice = Choice()
        self.thrown: tuple[int, ...] = ()
        """The faces of this turn's dice, in the order they are drawn."""
        self.said: list[str] = []
        self.showing: Move | None = None
        self.due = 0.0
        self.now = 0.0
        self.save_to = save_to
        """Where the game is kept after every throw and move (None: nowhere)."""
        self.game = self._saved() or self._new_game()

    # --- the game ----------------------------------------------------------------------------

    @property
    def state(self) -> StacksPosition:
        """The position now."""
        position: StacksPosition = self.game.state
        return position

    def _new_game(self) -> Game:
        first = STACKS.first_side(self.rng, None)
        self.said = [f"{first.title} threw the higher total and begin."]
        self.choice, self.thrown, self.showing = Choice(), (), None
        self.due = self.now + THINK
        return Game(STACKS, first)

    def new_game(self) -> None:
        """Begin a new game (the sides throw for who begins)."""
        self.game = self._new_game()
        self._save()

    def _saved(self) -> Game | None:
        """The unfinished game kept at ``save_to``, if there is one that reads back."""
        if self.save_to is None or not self.save_to.exists():
            return None
        try:
            game = Game.from_record(GameRecord.from_json(self.save_to.read_text("utf-8")))
        except (OSError, RulesError):
            return None  # unreadable: a new game
        if game.state.is_over or game.ruleset.name != STACKS.name:
            return None
        self.thrown = tuple(game.state.dice)
        self.said = ["The game goes on where it was left."]
        return game

    def _save(self) -> None:
        if self.save_to is None:
            return
        try:
            self.save_to.parent.mkdir(parents=True, exist_ok=True)
            partial = self.save_to.with_suffix(".partial")
            partial.write_text(self.game.record.to_json(), "utf-8")
            partial.replace(self.save_to)
        except OSError as exc:  # a full disk must not end the game
            self.said = [f"(the game could not be saved: {exc})"]

    def _tell(self, events: tuple[Event, ...]) -> None:
        self.said = [event_text(event) for event in events][-2:] or self.said

    def throw(self) -> None:
        """The side to play throws the three dice."""
        state = self.state
        if state.is_over or state.throw is not None:
            return
        dice = STACKS.draw(self.rng)
        self.thrown = faces(dice)
        who = state.turn.title
        events = self.game.cast(dice)
        self.said = [f"{who} threw {' '.join(map(str, self.thrown))}.",
                     *[event_text(e) for e in events]]
        self.choice = Choice()
        self._save()

    def play(self, move: Move) -> None:
        """Make a move of the dice in hand."""
        self._tell(self.game.play(move))
        self.choice = Choice(die=None)
        self._save()
        if self.state.throw is None:
            self.due = self.now + THINK

    @property
    def mummy_to_play(self) -> bool:
        """Whether it is the mummy's turn."""
        return not self.state.is_over and self.state.turn == self.mummy_side

    # --- time --------------------------------------------------------------------------------

    def tick(self, now: float) -> None:
        """Let the mummy throw, show its move and make it when its time comes."""
        self.now = now
        if not self.mummy_to_play or now < self.due:
            return
        if self.state.throw is None:
            self.throw()
            self.due = now + THINK
        elif self.showing is None:
            self.showing = self.mummy.choose(self.state, self.rng)
            self.due = now + SHOW
        else:
            move, self.showing = self.showing, None
            self.play(move)
            self.due = now + THINK / 2

    # --- the player's hand -------------------------------------------------------------------

    def _moves(self) -> list[Move]:
        """The moves of the dice in hand the player may pick (only the die chosen, if any)."""
        state = self.state
        if self.mummy_to_play or state.throw is None:
            return []
        moves = list(state.moves)
        if self.choice.die is not None:
            face = self.thrown[self.choice.die]
            moves = [m for m in moves if m.die == face]
        return moves

    def _source(self, move: Move) -> str:
        return f"in{move.side.letter}" if move.enters else move.source

    def _at(self, pos: tuple[int, int]) -> str | None:
        """What lies under ``pos``: a square, ``off``, ``inC``/``inR``, ``die0``..``die2``."""
        at = self.place
        for name in STACKS.geometry.squares:
            if at.rect(name).collidepoint(pos):
                return name
        if at.off.collidepoint(pos):
            return "off"
        for side in Side:
            if at.waiting(side).collidepoint(pos):
                return f"in{side.letter}"
        for i in range(3):
            if at.die(i).inflate(8, 8).collidepoint(pos):
                return f"die{i}"
        return None

    def click(self, pos: tuple[int, int]) -> None:
        """The player clicks at ``pos``."""
        state = self.state
        spot = self._at(pos)
        if state.is_over:
            self.new_game()
            return
        if self.mummy_to_play:
            return
        if state.throw is None:
            if spot is not None and spot.startswith("die"):
                self.throw()
            return
        if spot is not None and spot.startswith("die"):
            self._pick_die(int(spot[3:]))
            return
        choice = self.choice
        moves = self._moves()
        if choice.target is not None:  # captures to decide
            chosen = [m for m in moves if self._source(m) == choice.source
                      and m.target == choice.target]
            taking = [m for m in chosen if m.capture and self._square(m) == spot]
            plain = [m for m in chosen if not m.capture]
            if taking:
                self.play(taking[0])
            elif spot == choice.target and plain:
                self.play(plain[0])
            else:
                self.choice = Choice(die=choice.die)
            return
        if choice.source is not None:
            chosen = [m for m in moves if self._source(m) == choice.source and m.target == spot]
            if chosen:
                if any(m.capture for m in chosen):
                    self.choice = Choice(choice.source, spot, choice.die)
                    self.said = ["Click a man ringed in red to capture it, or the target again "
                                 "to capture none."]
                else:
                    self.play(min(chosen, key=lambda m: m.die))
                return
        if spot is not None and any(self._source(m) == spot for m in moves):
            self.choice = Choice(spot, None, choice.die)
        else:
            self.choice = Choice(die=choice.die)

    def _pick_die(self, index: int) -> None:
        used = self._used()
        if index >= len(self.thrown) or used[index]:
            return
        die = None if self.choice.die == index else index
        self.choice = Choice(self.choice.source, None, die)  # the man chosen stays chosen

    def _square(self, move: Move) -> str:
        """The square of the man ``move`` captures ("" for none)."""
        return square(move.side, move.capture) if move.capture else ""

    def _used(self) -> tuple[bool, ...]:
        """Which of the turn's dice are used, matching faces left in hand."""
        left = list(self.state.dice) if self.state.throw is not None else []
        used = []
        for face in self.thrown:
            if face in left:
                left.remove(face)
                used.append(False)
            else:
                used.append(True)
        return tuple(used)

    def key(self, key: int) -> bool:
        """A key pressed; False when the window should close."""
        if key == pygame.K_ESCAPE:
            return False
        if key == pygame.K_SPACE:
            if self.state.is_over:
                self.new_game()
            elif not self.mummy_to_play:
                self.throw()
        elif key == pygame.K_n:
            self.new_game()
        elif key == pygame.K_l:
            self.labels = not self.labels
        elif pygame.K_1 <= key <= pygame.K_4:
            self.mummy.level = Level(key - pygame.K_1)
            self.said = [f"The mummy now plays as the {self.mummy.level.title}."]
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """One pygame event; False when the window should close."""
        if event.type == pygame.QUIT:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return True

    # --- the picture -------------------------------------------------------------------------

    def scene(self) -> Scene:
        """What to draw now."""
        state = self.state
        moves = self._moves()
        choice = self.choice
        targets: set[str] = set()
        captures: set[str] = set()
        for m in moves:
            if self._source(m) == choice.source:
                if choice.target is None:
                    targets.add(m.target)
                elif m.target == choice.target:
                    targets.add(m.target)
                    if m.capture:
                        captures.add(self._square(m))
        flash: tuple[str, ...] = ()
        if self.showing is not None:
            m = self.showing
            flash = (m.source if not m.enters else "", m.target)
            if m.capture:  # the man it will capture, ringed in red as the player's would be
                captures.add(self._square(m))
        status = [self._headline(), *self.said]
        names = {self.mummy_side: f"the mummy, {self.mummy.level.title}"} \
            if self.mummy_side is not None else {}
        return Scene(
            stacks=state.stacks(), waiting=(state.waiting(Side.CONES), state.waiting(Side.REELS)),
            out=state.off, dice=self.thrown if state.throw is not None or self.thrown else (),
            used=self._used() if self.thrown else (), status=tuple(status),
            chosen=choice.source, targets=frozenset(targets), captures=frozenset(captures),
            movable=frozenset(self._source(m) for m in moves), flash=flash,
            die_chosen=choice.die, labels=self.labels, names=names)

    def _headline(self) -> str:
        state = self.state
        if state.is_over:
            assert state.winner is not None
            how = "three men on the last square" if state.ending == "held" else \
                "the opponent could not use a die"
            return f"{state.winner.title} win: {how}. Click or press Space for a new game."
        who = state.turn.title
        if self.mummy_to_play:
            return f"The mummy ({who}) is thinking..." if self.showing is None else \
                f"The mummy moves {self.showing.notation()}."
        if state.throw is None:
            return f"{who}, press Space or click the dice to throw."
        if self.choice.source is None:
            return f"{who}: click a man to move, or your men waiting to enter (dice to use: " \
                   f"{' '.join(map(str, state.dice))})."
        return f"{who}: click where it goes (green), or another man."

    def render(self, surface: pygame.Surface) -> None:
        """Draw the window on ``surface`` (any size)."""
        self.place = draw(surface, self.scene(), self.texts)


def open_stacks_window(state_dir: Path | None = None, *, fullscreen: bool = False,
                       seed: int | None = None, seconds: float | None = None) -> int:
    """Open the window and play until it is closed (or ``seconds`` have passed)."""
    import time

    try:
        pygame.display.init()
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        screen = pygame.display.set_mode((0, 0) if fullscreen else SIZE, flags)
    except pygame.error as exc:
        print(f"aseb sim: no display to open a window on ({exc}): try aseb play --game stacks")
        return 1
    pygame.display.set_caption("aseb: Stacks (three dice, fifteen men)")
    from firmware.daemon import state_directory

    folder = state_dir if state_dir is not None else state_directory() / "simulator"
    window = StacksWindow(seed, save_to=folder / "stacks.json")
    clock = pygame.time.Clock()
    start = time.monotonic()
    running = True
    while running:
        for event in pygame.event.get():
            running = window.handle(event) and running
        now = time.monotonic()
        window.tick(now - start)
        window.render(screen)
        pygame.display.flip()
        clock.tick(30)
        if seconds is not None and now - start >= seconds:
            running = False
    pygame.display.quit()
    return 0
