"""``aseb sim``: the board as a pygame-ce window, driving the real controller on simulated pins.

The window shows the frame the controller lights; the mouse is the player's hand (lift, place,
click to move, shake); the mummy moves its own pieces through its simulated hand (unless the
player chooses to carry out its moves, to rehearse the real board). ``Window.handle`` takes
pygame events, ``step`` lets time pass and ``render`` draws, so tests drive it with synthetic
events and a fake time step. ``open_window`` runs the real loop.

    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=1)
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(1100, 300)))
    window.step(0.5); window.render(surface)
"""

from __future__ import annotations

import os
import random
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games import DEFAULT
from engine.games import load as load_game
from engine.games.api import Offboard, Position
from engine.mummy import Level, hint
from engine.mummy.chances import SolvedTable
from firmware.controller import Controller, Settings
from firmware.evidence import WAITING, owners_of, trips
from firmware.scenes import STICK_DARK, STICK_WHITE, Phase
from firmware.setna import Setna
from firmware.store import Store
from firmware.story import STORY_GAME
from firmware.telling import sided_throws
from firmware.tournament import TournamentStore
from firmware.tutorial import WINDOW, Tutorial
from hardware.board_file import Board
from hardware.squares import RACKS, STICK_PIXELS
from sim import help as pages
from sim.audio import Audio
from sim.chances import NEEDS_TABLE, Chances
from sim.facts import FactTeller
from sim.hand import Hand, Held
from sim.help import Page
from sim.layout import Layout
from sim.menu import Item, Menu
from sim.mummy_hand import MummyHand
from sim.pieces import Pieces
from sim.setna_pages import ending_page, stage_page, title_page
from sim.settings import WindowSettings, load, save, settings_path
from sim.table import FRAME, Table
from sim.view import Player, Snapshot, View

SIZE = (1280, 720)
FPS_BUSY = 60
"""Frames a second while the hand is busy (dragging, shaking, a menu open)."""
FPS_CALM = 20
"""Frames a second otherwise: the controller lights the board at 20 fps on a Pi too."""
MAX_STEP = 1.0
EPSILON = 1e-6
NO_DISPLAY = ("aseb sim: no display to open a window on; play in the terminal with `make play` "
              "(or `aseb play`).")
DEMON_STEP = 0.35
"""Seconds each throw of a demon-cast shows on the sticks at the start of a game."""
DEMON_SHOWN = 10
"""The most demon-cast throws shown (the last ones): a long cast is not a long wait."""
CLICK = 0.2
"""How far (in cells) the mouse may wander between press and release and still be a click."""
REDRAW = (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED,
          pygame.WINDOWMOVED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.VIDEOEXPOSE)
"""Window events after which the whole picture is drawn again (stale parts must not stay)."""


class Window:
    """The simulated board in a window: events in, time steps, pictures out."""

    def __init__(self, table: Table, settings: WindowSettings, *, size: tuple[int, int] = SIZE,
                 settings_file: Path | None = None, audio: Audio | None = None,
                 rng: random.Random | None = None) -> None:
        self.table = table
        self.settings = settings
        self.settings_file = settings_file
        self.audio = audio
        self.chances = Chances(table.controller, settings)
        self.layout = self._fit(size)
        self.hand = Hand(table.sim, Pieces(count=self.controller.rules.pieces))
        self.mummy_hand = MummyHand(table.sim, self.hand.pieces)
        self.menu = Menu(self._menu_items)
        self.view = View()
        self.log_open = False
        self._pressed_at: tuple[int, int] | None = None
        self._game: Game | None = None
        self._demon: list[tuple[Side, Throw]] = []
        self._demon_from = 0.0
        self._hint: tuple[Position, str] | None = None
        self.notice: tuple[str, float] | None = None
        """A word to the player (what a click did not do), and until when it shows."""
        self.facts = FactTeller(rng if rng is not None else random.Random())
        self.fact: str | None = None
        self.page: tuple[str, ...] | None = None
        self.pages: list[Page] = []
        """Pages still to come after this one."""
        self._after_pages: Callable[[], None] | None = None
        self.tutorial: Tutorial | None = None
        """The guided tutorial on the board (Help > Tutorial), while it runs or has just ended."""
        self.setna: Setna | None = None
        """Setna's tournament (Options), while it is played."""
        self._setna_seen = 0.0
        self.mouse = (0, 0)
        self.running = True
        self.fullscreen_asked = False
        self._shaking_by = ""  # "mouse" or "key" while shaking
        self._heard = table.sim.speaker.count
        settings.mummy = self.controller.settings.mummy  # a resumed game knows its mummy
        self.hand.follow(self._state())
        if settings.tournament and self.controller.rules.name == STORY_GAME:
            self.start_tournament(resume=True)  # it was being played when the window closed

    @classmethod
    def open(cls, *, board: Board | None = None, state_dir: Path | None = None,
             settings: WindowSettings | None = None, seed: int | None = None,
             size: tuple[int, int] = SIZE, settings_file: Path | None = None,
             audio: Audio | None = None, game: str = DEFAULT,
             table: SolvedTable | None = None) -> Window:
        """A window on a fresh table; a saved game in progress is set out on the board first.
        ``table``: the solved table of the game, for the chances bar and the review page."""
        settings = settings if settings is not None else WindowSettings()
        rules = load_game(game)
        controller_settings = Settings(mummy=settings.mummy, level=settings.level,
                                       hints=settings.hints, ruleset=rules, table=table)
        table = Table(state_dir=state_dir, settings=controller_settings,
                      seed=seed if seed is not None else secrets.randbits(32), board=board,
                      pieces=saved_pieces(state_dir, rules.name,
                                          board is not None and board.reeds.has_racks))
        return cls(table, settings, size=size, settings_file=settings_file, audio=audio,
                   rng=random.Random(seed))

    @property
    def controller(self) -> Controller:
        """The real board controller behind the window."""
        return self.table.controller

    @property
    def busy(self) -> bool:
        """Whether something moves under the player's hand (then frames come faster)."""
        return self.hand.held is not None or self.hand.shaking or self.menu.open is not None \
            or self.mummy_hand.busy or self._demon_showing()

    @property
    def mummy_moves_itself(self) -> bool:
        """Whether the mummy's hand makes its moves (else the player carries them out)."""
        return not self.settings.carry_mummy_moves

    # --- events ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Take one pygame event: mouse, keys, resizing, quitting."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            self.view.invalidate()
        elif event.type in REDRAW:
            self.view.invalidate()
        elif event.type == pygame.KEYDOWN:
            self._key_down(event.key)
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self._stop_shake("key")
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.menu.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._release(event.pos)

    def resize(self, size: tuple[int, int]) -> None:
        """Fit the board to a new window size."""
        if tuple(size) != self.layout.size:
            self.layout = self._fit((int(size[0]), int(size[1])))

    def _fit(self, size: tuple[int, int]) -> Layout:
        """The layout of this game's board at ``size`` (with the chances bar when it shows)."""
        rules = self.controller.rules
        return Layout.fit(size, rules.geometry,
                          chance=rules.chance.name if rules.chance is not None else None,
                          odds=self.chances.shown, pieces=rules.pieces)

    def _key_down(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            if self.page is not None or self.menu.open is not None or self.log_open \
                    or self.chances.review is not None:
                self.page = self.menu.open = self._after_pages = self.chances.review = None
                self.pages.clear()
                self.log_open = False
            else:
                self.running = False
        elif key == pygame.K_l:
            self.act("log")
        elif key == pygame.K_SPACE and self.page is None and self.chances.review is None:
            self._start_shake("key")
        elif key == pygame.K_F11:
            self.fullscreen_asked = True

    def _press(self, pos: tuple[int, int]) -> None:
        layout = self.layout
        self._pressed_at = None
        if self.page is not None:
            self._turn_page()
        elif self.chances.review is not None:
            self.chances.review = None
        elif self.menu.open is not None or self.menu.covers(pos, layout):
            self.act(self.menu.click(pos, layout))
        elif self.log_open:
            self.log_open = False
        elif layout.stick_box.collidepoint(pos):
            self._start_shake("mouse")
        elif self.mummy_hand.busy:
            return  # the mummy's piece is in the air: hands off the board a moment
        elif (square := layout.square_at(pos)) is not None:
            self._pressed_at = pos if self.hand.lift(square) else None
        elif (side := layout.sideline_at(pos)) is not None:
            self._pressed_at = pos if self.hand.take_from_sideline(side) else None

    def _release(self, pos: tuple[int, int]) -> None:
        if self._shaking_by == "mouse":
            self._stop_shake("mouse")
        elif self.hand.held is not None:
            pressed, self._pressed_at = self._pressed_at, None
            if pressed is not None and _near(pressed, pos, self.layout.cell * CLICK):
                self._clicked(self.hand.held)
            else:
                self._put_down(self.hand.held, self.layout.square_at(pos))

    def _clicked(self, held: Held) -> None:
        """A click on a piece: it makes its move (one throw gives a piece only one), goes to its
        square when pieces are set out, or goes back where it was when it cannot move."""
        move, state = self.move_of(held), self._state()
        if move is not None and state is not None:
            self.hand.carry(state, move, self.table.now)
        else:
            self.hand.drop(self.setting_out_square(held) or held.origin, self.table.now)

    def _put_down(self, held: Held, square: str | None) -> None:
        """Let go of the piece over ``square`` (None: off the board): the move that takes it
        there is made whole (a bumped piece lifted, a piece borne off taken away), else the
        piece just stands there."""
        move, state = self.move_of(held, square), self._state()
        if move is not None and state is not None:
            self.hand.carry(state, move, self.table.now)
        else:
            self.hand.drop(square, self.table.now)

    def moves_of(self, held: Held) -> list[object]:
        """The moves the piece in hand may make with the pending throw (the mummy's move only,
        when the player carries it out)."""
        controller, state = self.controller, self._state()
        if controller.phase is not Phase.MOVE or state is None or state.turn is not held.side \
                or state.throw is None:
            return []
        moves = [controller.mummy_move] if controller.mummy_move is not None else state.moves
        return [m for m in moves if trips(state, m)[0].start == held.origin]

    def move_of(self, held: Held, square: str | bool | None = True) -> object | None:
        """The move the piece in hand makes when let go over ``square`` (None: off the board;
        True: wherever it goes), or None."""
        state = self._state()
        for move in self.moves_of(held):
            mover = trips(state, move)[0]  # type: ignore[arg-type]
            unseen = mover.end is None and not mover.via  # off the board, touching nothing
            if square is True or (square is not None and square in (*mover.via, mover.end)) \
                    or (square is None and unseen):
                return move
        return None

    def target(self, held: Held) -> str | None:
        """Where the piece in hand comes to rest with the pending throw (None: it cannot move
        or leaves the board)."""
        state, move = self._state(), self.move_of(held)
        return trips(state, move)[0].end if move is not None and state is not None else None

    def setting_out_square(self, held: Held) -> str | None:
        """While a new game's pieces are set out: the first square still waiting for a piece
        of the held piece's side (a waiting piece clicked goes there)."""
        controller = self.controller
        if not (controller.phase is Phase.GUIDE and controller.setting_out) \
                or held.origin is not None:
            return None
        wanted = controller.tracker.expectation.owners
        return next((sq for sq in controller.rules.geometry.squares
                     if wanted.get(sq) is held.side and sq not in self.table.sim.pieces), None)

    def _start_shake(self, by: str) -> None:
        if self.layout.chance is None:
            if self.controller.phase is Phase.IDLE:  # no stick box: Space begins a game
                self.act("new_game")
                return
            self.notice = ("No throw in this game: move a piece.", self.table.now + 3.0)
            return
        if not self.hand.shaking:
            self._shaking_by = by
            self.hand.start_shake(self.table.now)

    def _stop_shake(self, by: str) -> None:
        if self._shaking_by == by:
            self._shaking_by = ""
            self.hand.stop_shake()

    # --- the menu -------------------------------------------------------------------------

    def _menu_items(self, title: str) -> list[Item]:
        s = self.settings
        story = self.controller.rules.name == STORY_GAME  # lessons of Tait's Twenty Squares
        chances = self.chances
        if title == "Help":
            return [Item("How to play", "help:how"),
                    Item("Tutorial", "help:tutorial", enabled=story),
                    Item("Review last game", "review",
                         enabled=chances.available and chances.finished is not None),
                    Item("About", "help:about")]
        items = [Item("Game sounds", "sounds", s.game_sounds),
                 Item("Background music", "music", s.music),
                 Item("MummyFacts", "facts", s.mummy_facts),
                 Item("Play the mummy", "mummy", s.mummy is not None),
                 Item("Switch sides", "switch_sides", enabled=s.mummy is not None),
                 Item("Show hints", "hints", s.hints),
                 Item("Square labels", "labels", s.square_labels),
                 Item("Carry out the mummy's moves myself", "carry", s.carry_mummy_moves),
                 Item("Show chances", "chances", s.show_chances)
                 if chances.available else Item(NEEDS_TABLE, "chances")]
        items += [Item(f"Mummy: {level.title}", f"level:{level.name.lower()}", s.level is level,
                       enabled=not s.tournament)  # the tournament is played at Neferkaptah's
                  for level in Level]
        items += [Item("Setna's tournament", "tournament", s.tournament, enabled=story),
                  Item("New game", "new_game")]
        return items

    def act(self, action: str | None) -> None:
        """Do what a menu item (or a test) asks: ``sounds``, ``mummy``, ``new_game``, ..."""
        if action is None:
            return
        s = self.settings
        if action == "exit":
            self.running = False
            return
        if action == "log":
            self.log_open = not self.log_open
            return
        if action.startswith("help:"):
            self._open_page(action[5:])
            return
        if action == "review":
            if not self.chances.open_review():
                self.notice = ("No finished game to review (it needs the solved table: "
                               "aseb solve).", self.table.now + 4.0)
            return
        if action == "sounds":
            s.game_sounds = not s.game_sounds
        elif action == "music":
            s.music = not s.music
            if self.audio is not None:
                self.audio.set_music(s.music)
        elif action == "facts":
            s.mummy_facts = not s.mummy_facts
        elif action == "labels":
            s.square_labels = not s.square_labels
        elif action == "carry":
            s.carry_mummy_moves = not s.carry_mummy_moves
        elif action == "chances":
            why_not = self.chances.toggle()
            if why_not is not None:
                self.notice = (why_not, self.table.now + 4.0)
            self.layout = self._fit(self.layout.size)  # the bar takes its room, or gives it
        elif action in ("mummy", "switch_sides", "hints"):
            self.controller.press(action)
            s.mummy, s.hints = self.controller.settings.mummy, self.controller.settings.hints
        elif action.startswith("level:"):
            s.level = Level.parse(action[6:])
            set_level(self.controller, s.level)
        elif action == "new_game":
            self.hand.clear_board()
            self.controller.press("new_game")
        elif action == "tournament":
            if self.setna is None:
                self.start_tournament()
            else:
                self.leave_tournament()
        if self.audio is not None:
            self.audio.sounds = s.game_sounds
        if self.settings_file is not None:
            save(s, self.settings_file)

    def _open_page(self, which: str) -> None:
        if which == "tutorial":
            self.start_tutorial()
        else:
            self.show_pages([pages.HOW_TO_PLAY if which == "how" else pages.ABOUT])

    def show_pages(self, shown: list[Page], then: Callable[[], None] | None = None) -> None:
        """Show ``shown`` one after the other, a click turning each; ``then`` after the last."""
        self.page, *self.pages = shown
        self._after_pages = then

    def _turn_page(self) -> None:
        if self.pages:
            self.page = self.pages.pop(0)
            return
        then, self._after_pages = self._after_pages, None
        self.page = None
        if then is not None:
            then()

    # --- the story: the tutorial and Setna's tournament -----------------------------------

    def start_tutorial(self) -> None:
        """Help > Tutorial: the guided first game, lesson by lesson, on the board."""
        self.leave_tournament()
        self._drop_tutorial()
        self.tutorial = Tutorial(self.controller, WINDOW)
        self.table.companions.append(self.tutorial)
        self.tutorial.start()
        self.settings.mummy = self.controller.settings.mummy
        self._follow_story()  # the first lesson's pieces, set out at once

    def _drop_tutorial(self) -> None:
        tutorial, self.tutorial = self.tutorial, None
        if tutorial is not None:
            tutorial.stop()
            self.table.companions.remove(tutorial)
            self.settings.mummy = self.controller.settings.mummy

    def start_tournament(self, resume: bool = False) -> None:
        """Options > Setna's tournament: a new game against Neferkaptah under the story's pages
        (``resume``: it was being played when the window closed, and its game goes on)."""
        self._drop_tutorial()
        store = self.controller.store
        setna = Setna(self.controller, TournamentStore(store.directory) if store else None)
        self.table.companions.append(setna)
        setna.start()
        self.setna, self._setna_seen = setna, setna.changed_at
        self.settings.tournament = True
        self.settings.mummy = self.controller.settings.mummy
        if setna.tournament.over:
            self.show_pages([ending_page(setna.tournament)], self._tournament_over)
        elif not resume:  # a new game begins under the story's pages
            self.act("new_game")
            self.show_pages([title_page(setna.fallback), stage_page(setna.tournament)])

    def leave_tournament(self) -> None:
        """Stop playing the tournament (it is kept for next time)."""
        setna, self.setna = self.setna, None
        if setna is not None:
            setna.stop()
            self.table.companions.remove(setna)
        self.settings.tournament = False
        self.settings.mummy = self.controller.settings.mummy
        if self.settings_file is not None:
            save(self.settings, self.settings_file)

    def _tournament_over(self) -> None:
        if self.setna is not None and self.setna.store is not None:
            self.setna.store.clear()  # told to the end: the next tournament begins afresh
        self.leave_tournament()

    def _follow_story(self) -> None:
        """Set out each lesson's pieces; after each game of the tournament, show Setna."""
        controller, tutorial, setna = self.controller, self.tutorial, self.setna
        if tutorial is not None:
            if tutorial.running and controller.phase is Phase.GUIDE and controller.setting_out:
                self.hand.set_out(controller.tracker.expectation.owners)
            elif not tutorial.running:
                self.settings.mummy = controller.settings.mummy  # given back as it was
                if controller.game is not tutorial.game:
                    self._drop_tutorial()  # a new game began after the last lesson
        if setna is None or setna.changed_at == self._setna_seen or self.page is not None \
                or self.table.now - setna.changed_at < controller.settings.celebrate:
            return
        self._setna_seen = setna.changed_at
        tournament = setna.tournament
        if tournament.over:
            self.show_pages([ending_page(tournament)], self._tournament_over)
        elif tournament.wins + tournament.losses:
            self.show_pages([stage_page(tournament, setna.news)], lambda: self.act("new_game"))

    # --- time -----------------------------------------------------------------------------

    def step(self, seconds: float) -> None:
        """Let ``seconds`` pass on the board's clock: the hand's touches, the controller's ticks."""
        table, hand, mummy = self.table, self.hand, self.mummy_hand
        end = table.now + max(seconds, 0.0)
        while table.now < end - 1e-9:
            hand.act(table.now + EPSILON)  # the clock lands within a nanosecond of a due time
            due = [end, hand.next_due(), table.now + FRAME]
            mummy.sets_out = self._mummy_sets_out()
            if self.mummy_moves_itself or mummy.busy:
                mummy.act(self.controller, table.now + EPSILON)
                due.append(mummy.next_due(table.now))
            table.run(min(due) - table.now)
        hand.act(table.now + EPSILON)
        self._follow_story()
        self.chances.follow()
        if not mummy.busy:
            hand.follow(self._state())
        self._watch_new_game()
        self._hear()
        controller = self.controller
        waiting = controller.phase is Phase.THROW and controller.game is not None \
            and controller.game.state.turn != controller.settings.mummy
        self.fact = self.facts.update(table.now, waiting,
                                      self.settings.mummy_facts and self.tutorial is None)

    def _mummy_sets_out(self) -> frozenset[Side]:
        """The sides whose pieces the mummy's hand sets out in a new game (its own, unless the
        player carries out its moves; both in a demonstration)."""
        settings = self.controller.settings
        if settings.mummy_plays_both:
            return frozenset(Side)
        if settings.mummy is None or not self.mummy_moves_itself:
            return frozenset()
        return frozenset({settings.mummy})

    def _state(self) -> Position | None:
        game = self.controller.game
        return game.state if game is not None else None

    def _watch_new_game(self) -> None:
        """A new game's opening throws (Tait's demon-cast, Senet's throws for the first 1) are
        shown on the sticks, throw by throw, for a moment."""
        game = self.controller.game
        if game is self._game:
            return
        self._game = game
        if game is not None and game.actions \
                and all(isinstance(a, Throw) for a in game.actions):
            self._demon = sided_throws(game)[-DEMON_SHOWN:]
            self._demon_from = self.table.now

    def _demon_showing(self) -> bool:
        return bool(self._demon) and \
            self.table.now < self._demon_from + DEMON_STEP * len(self._demon)

    def _hear(self) -> None:
        speaker = self.table.sim.speaker
        if self.audio is not None:
            for name in speaker.since(self._heard):
                self.audio.play(name)
        self._heard = speaker.count

    # --- pictures -------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """What the window would show now."""
        controller = self.controller
        frame, caption = self.table.frame, "hold to shake"
        if controller.throws:
            side, throw = list(controller.throws.items())[-1]
            caption = f"{side.title} threw {throw.value}"
        if self._demon_showing():
            i = int((self.table.now - self._demon_from) / DEMON_STEP)
            side, throw = self._demon[i]
            last = i == len(self._demon) - 1
            if getattr(controller.rules, "demon_cast", False):
                caption = f"Demon-cast: {side.title} threw {throw.value}" \
                    + (": it enters" if last else ": lost")
            else:
                caption = f"Opening: {side.title} threw {throw.value}"
            lit = throw.sticks or tuple(n < throw.value for n in range(len(STICK_PIXELS)))
            frame = {**frame, **{pixel: STICK_WHITE if white else STICK_DARK
                                 for pixel, white in zip(STICK_PIXELS, lit, strict=True)}}
        if self.hand.shaking:
            caption = "shaking..."
        return Snapshot(frame=frame, pieces=self.hand.pieces, held=self.hand.held,
                        mouse=self.mouse, shaking=self.hand.shaking,
                        status=self.status(), sticks_caption=caption, fact=self.fact,
                        page=self.page, now=self.table.now, news=self.news(),
                        players=self._players(), flight=self._flight(),
                        log=tuple(controller.said) if self.log_open else None,
                        labels=self.settings.square_labels,
                        lesson=(self.tutorial.heading, self.tutorial.message)
                        if self.tutorial is not None else None,
                        odds=self.chances.cones(), review=self.chances.review)

    def status(self) -> str:
        """What to do now: the controller's line, unless the mummy's hand is making its move."""
        controller, state = self.controller, self._state()
        move = controller.mummy_move
        if move is not None and state is not None and self.mummy_moves_itself:
            return f"The mummy plays {state.describe(move)}."
        if controller.phase is Phase.GUIDE and controller.setting_out and self.tutorial is None:
            return self._setting_out_status()
        if controller.phase is Phase.IDLE and self.layout.chance is None:
            title = controller.rules.title
            return f"Press Space (or Options > New game) to begin a game of {title}."
        return controller.status()

    def _setting_out_status(self) -> str:
        """Who sets out which pieces, in the window's terms."""
        mummy = self.controller.settings.mummy
        if mummy is None:
            return ("Set out the pieces on the blinking squares: click (or drag) a waiting "
                    "piece of the side whose colour blinks.")
        yours = mummy.other.title
        if self.mummy_moves_itself:
            return f"Set out your {yours} on the blinking squares; the mummy sets out its own."
        return f"Set out the {yours} and the mummy's {mummy.title} on the blinking squares."

    def news(self) -> str:
        """What just happened (a lost throw, a bump, an extra turn), or the hint and its reason."""
        controller, state = self.controller, self._state()
        if self.notice is not None and self.table.now < self.notice[1]:
            return self.notice[0]
        if controller.hint is not None and state is not None and state.throw is not None:
            if self._hint is None or self._hint[0] is not state:
                advice = hint(state, controller.settings.level, random.Random(0))
                self._hint = (state, f"Hint: {advice}")
            return self._hint[1]
        if self.setna is not None and controller.phase is Phase.IDLE:
            return self.setna.tournament.telling()
        return " ".join(controller.news)

    def _players(self) -> tuple[Player, ...]:
        controller, state = self.controller, self._state()
        mummy = controller.settings.mummy
        players = []
        for side in Side:
            who = "the mummy" if side == mummy else "you" if mummy is not None else "a player"
            throw = controller.throws.get(side)
            to_play = state is not None and state.turn == side \
                and controller.phase in (Phase.THROW, Phase.MOVE)
            players.append(Player(side, who, throw.value if throw else None,
                                  self.hand.pieces.off[side], to_play))
        return tuple(players)

    def _flight(self) -> tuple[Side, tuple[int, int]] | None:
        """The mummy's piece in the air: from its square (or sideline) towards its target."""
        flight = self.mummy_hand.flight
        if flight is None:
            return None
        mover = flight.mover
        start = self._spot(mover.side, mover.start)
        end = self._spot(mover.side, mover.via[0] if mover.via else mover.end)
        x = flight.progress(self.table.now)
        return mover.side, (round(start[0] + (end[0] - start[0]) * x),
                            round(start[1] + (end[1] - start[1]) * x))

    def _spot(self, side: Side, where: object) -> tuple[int, int]:
        """Where a piece stands: its square, else its side's sideline (waiting, or borne off)."""
        layout = self.layout
        if isinstance(where, str) and where in layout.squares:
            return layout.squares[where].center
        if where is Offboard.BORNE_OFF:
            return layout.side_label(side).center
        return layout.sideline_slot(side, 0)

    def render(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the window onto ``surface``: None if all of it was drawn, else what changed."""
        self.resize(surface.get_size())
        return self.view.draw(surface, self.layout, self.menu, self.snapshot())

    def close(self) -> None:
        """Save the game and the settings, release the pins and the sound."""
        self.controller.flush()
        if self.settings_file is not None:
            save(self.settings, self.settings_file)
        self.table.close()
        if self.audio is not None:
            self.audio.close()


def _near(a: tuple[int, int], b: tuple[int, int], distance: float) -> bool:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 <= distance ** 2


def set_level(controller: Controller, level: Level) -> None:
    """Make the mummy play at ``level`` from its next move on."""
    controller.set_level(level)


def saved_pieces(state_dir: Path | None, game: str = DEFAULT,
                 racks: bool = False) -> frozenset[str]:
    """Where the saved game's pieces stand, if it is still being played (else none); with
    ``racks``, the rack slots too (with no game going on, every piece waits in its rack)."""
    saved = Store(state_dir, game).load() if state_dir is not None else None
    state = saved.record.final_state() if saved is not None else None
    if state is not None and not state.is_over:
        return frozenset(owners_of(state, racks))
    if not racks:
        return frozenset()
    return frozenset(slot for side in Side for slot in RACKS[WAITING[side]])


def display_available() -> bool:
    """Whether there may be a display (on Linux: X11 or Wayland, unless SDL is told otherwise)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def open_window(board_file: Path | None = None, state_dir: Path | None = None, *,
                config_dir: Path | None = None, fullscreen: bool = False,
                seed: int | None = None, seconds: float | None = None,
                game: str = DEFAULT) -> int:
    """Run the window until Esc or closing it (or ``seconds``); the exit status.

    1 when there is no display (one line says so), 78 for a bad board file (as ``aseb run``);
    the game is saved on the way out.
    """
    from firmware.boards import board_for, check_board
    from firmware.daemon import EX_CONFIG, state_directory
    from hardware.board_file import ConfigError, load_board

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        rules = load_game(game)
        board = board_for(rules) if board_file is None else check_board(load_board(board_file),
                                                                        rules)
    except ConfigError as exc:
        print(f"aseb sim: {exc}", file=sys.stderr)
        return EX_CONFIG
    if not display_available():
        print(NO_DISPLAY, file=sys.stderr)
        return 1
    screen = _open_display(fullscreen, f"aseb: {rules.title}")
    if screen is None:
        print(NO_DISPLAY, file=sys.stderr)
        return 1
    pygame.font.init()
    settings_file = settings_path(config_dir)
    settings = load(settings_file)
    audio = Audio(board.sounds, sounds=settings.game_sounds, music=settings.music)
    state_dir = state_dir if state_dir is not None else state_directory() / "simulator"
    from sim.installed_table import table_for  # Tait's games may have a solved table

    window = Window.open(board=board, state_dir=state_dir, settings=settings, seed=seed,
                         size=screen.get_size(), settings_file=settings_file, audio=audio,
                         game=game, table=table_for(rules))
    try:
        run(window, screen, fullscreen, seconds)
    finally:
        window.close()
        pygame.quit()
    return 0


def run(window: Window, screen: pygame.Surface, fullscreen: bool,
        seconds: float | None = None) -> None:
    """The loop: events, time, a picture; the board's clock follows real time."""
    clock = pygame.time.Clock()
    started = last = time.monotonic()
    while window.running:
        for event in pygame.event.get():
            window.handle(event)
        if window.fullscreen_asked:
            window.fullscreen_asked = False
            fullscreen = not fullscreen
            screen = _screen(fullscreen)
        now = time.monotonic()
        window.step(min(now - last, MAX_STEP))  # a stalled window does not race to catch up
        last = now
        dirty = window.render(screen)
        if dirty is None:
            pygame.display.flip()
        elif dirty:
            pygame.display.update(dirty)
        clock.tick(FPS_BUSY if window.busy else FPS_CALM)
        if seconds is not None and now - started >= seconds:
            window.running = False


def _open_display(fullscreen: bool, caption: str = "aseb") -> pygame.Surface | None:
    """The window's surface, or None when no display will open.

    On X11 SDL's direct framebuffer is asked for first: the window redraws only the squares
    whose lights change, and without a GPU (Xvfb, a kiosk) the texture path would upload the
    whole window every frame (15% of a core idle instead of 2%). Elsewhere SDL chooses.
    """
    ours = sys.platform.startswith("linux") and bool(os.environ.get("DISPLAY")) \
        and "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    if ours:
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    for _ in range(2):
        try:
            pygame.display.init()
            pygame.display.set_caption(caption)
            return _screen(fullscreen)
        except pygame.error:
            pygame.display.quit()
            if not ours:
                break
            ours = False  # try once more the way SDL likes best
            del os.environ["SDL_FRAMEBUFFER_ACCELERATION"]
    return None


def _screen(fullscreen: bool) -> pygame.Surface:
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    return pygame.display.set_mode(SIZE, pygame.RESIZABLE)
