"""Play on the simulated board: the window's mouse becomes the player's hand on the reed
switches and stick box, the real controller judges and lights, the mummy's hand makes its moves.

Every game of the family is played so (the stacking game on the simulated Hall board,
``hardware/boards/hall.toml``). ``press``/``release`` take the
mouse, ``step`` lets time pass on the board's clock.

    play = BoardPlay(Table(state_dir=tmp_path), WindowSettings())
    play.press(layout.stick_box.center, layout); play.step(0.5); play.release(pos, layout)
"""

from __future__ import annotations

from pathlib import Path

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games import DEFAULT
from engine.games import load as load_game
from engine.games.api import Position, Rules
from engine.mummy import Level
from firmware.lights.scenes import Phase
from firmware.play.controller import Controller
from firmware.play.evidence import WAITING, owners_of, square_of, trips
from firmware.play.store import Store
from firmware.play.telling import sided_throws
from firmware.play.tracker import InProgress, Mismatch
from firmware.words import _
from hardware.core.squares import RACKS
from sim.board.hand import Hand, Held
from sim.board.mummy_hand import MummyHand
from sim.board.pieces import Pieces
from sim.board.table import FRAME, Table
from sim.drawing.dice import die_at
from sim.drawing.focus import DIE, STICKS, focus_places, point, sideline
from sim.drawing.layout import Layout
from sim.window.chances import Chances
from sim.window.choosing import (
    Choice,
    asked,
    dice_count,
    dice_game,
    dice_of,
    dice_shown,
    ends,
    options,
    ringed,
)
from sim.window.settings import WindowSettings

EPSILON = 1e-6
DEMON_TOLD = 3.5
"""Seconds the sticks' caption tells a new game's opening throws (while no one has moved yet);
the sticks themselves always show the throw to move with."""
CLICK = 0.2
"""How far (in cells) the mouse may wander between press and release and still be a click."""


class BoardPlay:
    """The board, its controller and both hands, as the window's mouse and clock drive them."""

    def __init__(self, table: Table, settings: WindowSettings) -> None:
        self.table = table
        self.settings = settings
        controller = table.controller
        self.chances = Chances(settings, controller.rules, controller.settings.table,
                               lambda: controller.game, controller.show_odds)
        self.hand = Hand(table.sim, Pieces(count=self.controller.rules.pieces))
        self.mummy_hand = MummyHand(table.sim, self.hand.pieces)
        self.notice: tuple[str, float] | None = None
        """A word to the player (what a click did not do), and until when it shows."""
        self.chosen: Choice | None = None
        """A piece clicked that can go to several squares, or use several dice: the next click
        picks one (a square, or a die in the box)."""
        self.hint_shown: tuple[Position, str] | None = None
        """The last hint worked out, and the position it is for."""
        self._pressed_at: tuple[int, int] | None = None
        self._shaking_by = ""  # "mouse" or "key" while shaking
        self._game: Game | None = None
        self.demon: list[tuple[Side, Throw]] = []
        """A new game's opening throws, told beside the sticks for a moment."""
        self.demon_from = 0.0
        self._heard = table.sim.speaker.count
        settings.mummy = self.controller.settings.mummy  # a resumed game knows its mummy
        self.hand.follow(self.state)

    @property
    def controller(self) -> Controller:
        """The real board controller."""
        return self.table.controller

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.controller.rules

    @property
    def now(self) -> float:
        """The board's clock."""
        return self.table.now

    @property
    def state(self) -> Position | None:
        """The position on the board (None before the first game)."""
        game = self.controller.game
        return game.state if game is not None else None

    @property
    def mummy_moves_itself(self) -> bool:
        """Whether the mummy's hand makes its moves (else the player carries them out)."""
        return not self.settings.carry_mummy_moves

    @property
    def busy(self) -> bool:
        """Whether something moves under the player's hand (then frames come faster)."""
        return self.hand.held is not None or self.hand.shaking or self.mummy_hand.busy \
            or self.demon_showing()

    # --- the mouse ------------------------------------------------------------------------

    def press(self, pos: tuple[int, int], layout: Layout) -> None:
        """The mouse pressed on the board: shake the box, lift a piece or take a waiting one;
        after a click on a piece that can go to several squares, a click on one of them."""
        self._pressed_at = None
        chosen, self.chosen = self.chosen, None
        if chosen is not None and self._uses_die(chosen, pos, layout):
            return
        if layout.stick_box.collidepoint(pos):
            self.start_shake("mouse", layout)
        elif self.mummy_hand.busy:
            return  # the mummy's piece is in the air: hands off the board a moment
        elif (square := layout.square_at(pos)) is not None:
            if chosen is not None and self._goes(chosen, square):
                return
            if self._captures(square):
                return
            self._pressed_at = pos if self.hand.lift(square) else None
        elif (side := layout.sideline_at(pos)) is not None:
            self._pressed_at = pos if self.hand.take_from_sideline(side) else None

    def release(self, pos: tuple[int, int], layout: Layout) -> None:
        """The mouse let go: the shake ends, or the piece in hand is clicked or put down."""
        if self._shaking_by == "mouse":
            self.stop_shake("mouse")
        elif self.hand.held is not None:
            pressed, self._pressed_at = self._pressed_at, None
            if pressed is not None and _near(pressed, pos, layout.cell * CLICK):
                self._clicked(self.hand.held)
            else:
                self._put_down(self.hand.held, layout.square_at(pos))

    def _clicked(self, held: Held) -> None:
        """A click on a piece: it makes its move, goes to its square when pieces are set out,
        goes off the board when the board is cleared for a new game, or goes back where it was
        when it cannot move; a piece with several squares to go to (Ramses), or several dice
        to use (the stacking game), goes back and waits for a click on one of them."""
        if self.controller.phase in (Phase.WON, Phase.CLEAR) and held.origin is not None:
            self.hand.drop(None, self.now)  # clearing the board: a click takes a piece off
        elif not self._choose(held):
            self.hand.drop(self.setting_out_square(held) or held.origin, self.now)

    def _choose(self, held: Held, die: int | None = None, square: str | None = None) -> bool:
        """The piece's moves with ``die`` to ``square`` (None: any): one is made (the piece
        taken in hand again if it lies); of several, the piece waits, chosen, and the player is
        told what to click; none: False."""
        state = self.state
        found = options(state, self.moves_of(held), die, square) if state is not None else []
        if state is None or not found:
            return False
        if len(found) == 1:
            if self.hand.held is None and not self._pick_up(held):
                return False
            self.notice = None
            self.hand.carry(state, found[0], self.now)
            return True
        if self.hand.held is not None:
            self.hand.drop(held.origin, self.now)
        self.chosen = Choice(held, die, square)
        self.notice = (asked(state, found), self.now + 8.0)
        return True

    def _ways(self) -> list[object]:
        """The ways the chosen piece may still go."""
        chosen, state = self.chosen, self.state
        if chosen is None or state is None:
            return []
        return options(state, self.moves_of(chosen.held), chosen.die, chosen.square)

    def choices(self) -> tuple[str, ...]:
        """The squares the chosen piece may go to (framed in the window until one is clicked)."""
        state = self.state
        return tuple(ends(state, self._ways())) if state is not None else ()

    def usable_dice(self) -> tuple[int, ...]:
        """The faces of the dice the chosen piece may use, when it has a die to choose (the
        box rings them)."""
        dice = dice_of(self._ways())
        return tuple(dice) if len(dice) > 1 else ()

    def _uses_die(self, chosen: Choice, pos: tuple[int, int], layout: Layout) -> bool:
        """A click on a die the chosen piece may use: it goes with that die."""
        if not dice_game(self.rules):
            return False
        index = die_at(layout.stick_box, dice_count(self.rules), pos)
        if index is None:
            return False
        die = dice_shown(self.controller)[index]
        if die.used or die.face is None:
            return False
        return self._choose(chosen.held, die.face, chosen.square)

    def _pick_up(self, held: Held) -> bool:
        """Take the chosen piece in hand again, from its square or its sideline."""
        if held.origin is None:
            return self.hand.take_from_sideline(held.side)
        return self.hand.lift(held.origin)

    def _captures(self, square: str) -> bool:
        """A click on the man a move just made may capture (the stacking game: the board lights
        it for a moment): it is lifted off, and the capture is made."""
        verdict = self.controller.verdict
        if not isinstance(verdict, InProgress) or square not in verdict.targets \
                or self.hand.held is not None or self.state is None:
            return False
        capturing = [m for m in verdict.moves if len(trips(self.state, m)) > 1]
        return bool(capturing) and self.hand.capture(square)

    def _goes(self, chosen: Choice, square: str) -> bool:
        """The piece clicked before goes to ``square``, if that is one of its moves (two dice
        that take it there: it stays chosen, and the die is asked for)."""
        return self._choose(chosen.held, chosen.die, square)

    def _put_down(self, held: Held, square: str | None) -> None:
        """Let go of the piece over ``square`` (None: off the board): the move that takes it
        there is made whole (a bumped piece lifted, a piece borne off taken away; two dice
        that take it there: it goes back, and the die is asked for), else the piece just
        stands there."""
        move, state = self.move_of(held, square), self.state
        if move is None or state is None:
            self.hand.drop(square, self.now)
        elif square is None:
            self.hand.carry(state, move, self.now)
        else:
            self._choose(held, square=square)

    def moves_of(self, held: Held) -> list[object]:
        """The moves the piece in hand may make with the pending throw (the mummy's move only,
        when the player carries it out)."""
        controller, state = self.controller, self.state
        if controller.phase is not Phase.MOVE or state is None \
                or (state.throw is None and state.rules.chance is not None):  # Ramses: no throw
            return []
        moves = [controller.mummy_move] if controller.mummy_move is not None else state.moves
        # The piece's own side moves it, but in Ramses' second move the player moves the
        # opponent's: the mover's journey says whose piece it is. A move that captures comes
        # after the same move without (the stacking game's capture is a click on the man).
        found = [m for m in moves if (trip := trips(state, m)[0]).start == held.origin
                 and trip.side == held.side]
        return sorted(found, key=lambda m: len(trips(state, m)))

    def move_of(self, held: Held, square: str | bool | None = True) -> object | None:
        """The move the piece in hand makes when let go over ``square`` (None: off the board;
        True: wherever it goes), or None."""
        state = self.state
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
        state, move = self.state, self.move_of(held)
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

    def start_shake(self, by: str, layout: Layout) -> None:
        """Begin shaking the stick box (``by`` the mouse or the key); without a box, Space
        begins a game (or says there is no throw)."""
        if layout.chance is None:
            if self.controller.phase is Phase.IDLE:  # no stick box: Space begins a game
                self.new_game()
                return
            self.notice = (_("No throw in this game: move a piece."), self.now + 3.0)
            return
        if not self.hand.shaking:
            self._shaking_by = by
            self.hand.start_shake(self.now)

    def stop_shake(self, by: str) -> None:
        """Let go of the stick box, if ``by`` was shaking it."""
        if self._shaking_by == by:
            self._shaking_by = ""
            self.hand.stop_shake()

    def new_game(self) -> None:
        """Sweep the board and ask the controller for a new game."""
        self.hand.clear_board()
        self.controller.press("new_game")

    def option(self, action: str) -> None:
        """Options > Play the mummy, Switch sides, Show hints: the controller's own buttons."""
        controller = self.controller
        controller.press(action)
        self.settings.mummy, self.settings.hints = controller.settings.mummy, \
            controller.settings.hints

    def set_level(self, level: Level, fair: bool = False) -> None:
        """The mummy plays at ``level`` from its next move on (``fair``: from there, its
        strength follows the results)."""
        self.controller.settings.fair = fair
        self.controller.set_level(level)

    # --- the keyboard ---------------------------------------------------------------------

    def stops(self) -> list[str]:
        """The places Tab visits now (``sim.drawing.focus``): the stick box when a throw is
        awaited; the pieces that can move (a waiting piece: its sideline); with a piece in
        hand, where it may go and where it came from; the squares to mend or to clear."""
        controller, state, hand = self.controller, self.state, self.hand
        phase = controller.phase
        verdict = controller.verdict
        if hand.held is not None:  # where it may go, or back
            held = hand.held
            back = [held.origin] if held.origin is not None else [sideline(held.side)]
            ends = [end for move in self.moves_of(held) for end in self._ends(move)]
            if not ends:  # a piece put right: the squares a piece is missing from, or off
                wanted = controller.tracker.expectation.owners
                ends = [square for square in self.rules.geometry.squares
                        if square in wanted and square not in self.table.sim.pieces]
                back.append(sideline(held.side))
            return list(dict.fromkeys([*ends, *back]))
        if self.chosen is not None and state is not None:
            dice = ringed(dice_shown(controller), self.usable_dice())
            return list(dict.fromkeys([*(end for move in self._ways() for end in self._ends(move)),
                                       *(f"{DIE}{i + 1}" for i in sorted(dice))]))
        if isinstance(verdict, Mismatch) and (controller.guiding() or controller.setting_out):
            mend = {*verdict.missing, *verdict.unexpected} & set(self.rules.geometry.squares)
            return [*sorted(mend), *(sideline(side) for side in Side)]
        if phase in (Phase.WON, Phase.CLEAR):
            return sorted(self.hand.pieces.owners)
        if phase is Phase.MOVE and state is not None:
            movers = [trips(state, move)[0] for move in self.moves_of_anyone()]
            return list(dict.fromkeys(trip.start if isinstance(trip.start, str)
                                      else sideline(trip.side) for trip in movers))
        if phase is Phase.IDLE or (phase is Phase.THROW and state is not None
                                   and state.turn != controller.settings.mummy):
            return [STICKS]
        return []

    def _ends(self, move: object) -> list[str]:
        """Where ``move``'s piece comes to rest, as a place (off the board: its sideline)."""
        state = self.state
        if state is None:
            return []
        trip = trips(state, move)[0]
        return [trip.end if isinstance(trip.end, str) else sideline(trip.side)]

    def moves_of_anyone(self) -> list[object]:
        """The moves the player may make now (the mummy's, when the player carries it out)."""
        controller, state = self.controller, self.state
        if controller.phase is not Phase.MOVE or state is None:
            return []
        if controller.mummy_move is not None:
            return [controller.mummy_move] if not self.mummy_moves_itself else []
        return list(state.moves)

    def key_enter(self, place: str, layout: Layout) -> None:
        """Enter on ``place``: a key's click. The stick box is shaken; a piece with one way to
        go goes there; one with several, or none (a piece to put right), stays in hand until
        Enter on where it goes; with a piece in hand, it is set down on ``place``."""
        where = point(layout, place, focus_places(layout)[place])
        if place == STICKS or place.startswith(DIE) or self.hand.held is not None:
            if place == STICKS or place.startswith(DIE):  # a die: chosen, or the box shaken
                self.press(where, layout)
            self.release(where, layout)
            return
        self.press(where, layout)
        held = self.hand.held
        if held is None:
            return
        moves = self.moves_of(held)
        ends = {end for move in moves for end in self._ends(move)}
        if len(ends) == 1 or self.controller.phase in (Phase.WON, Phase.CLEAR) \
                or self.setting_out_square(held) is not None or len(dice_of(moves)) > 1:
            self.release(where, layout)  # a click: it goes where it can, or back (or asks)
        else:
            self._pressed_at = None  # in hand: the next Enter sets it down

    def key_back(self) -> bool:
        """Esc with a piece in hand: it goes back where it came from (False: none in hand)."""
        held = self.hand.held
        if held is None:
            return False
        self._pressed_at = None
        self.hand.drop(held.origin, self.now)
        return True

    # --- time -----------------------------------------------------------------------------

    def step(self, seconds: float) -> None:
        """Let ``seconds`` pass on the board's clock: both hands' touches, the controller's
        ticks (and its companions')."""
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

    def settle(self) -> None:
        """After the story has had its say: the pieces follow the game, the chances the last
        game, the sticks' caption a new game's opening throws."""
        self.chances.follow()
        if not self.mummy_hand.busy:
            self.hand.follow(self.state)
        self._watch_new_game()

    def _mummy_sets_out(self) -> frozenset[Side]:
        """The sides whose pieces the mummy's hand sets out in a new game (its own, unless the
        player carries out its moves; both in a demonstration)."""
        settings = self.controller.settings
        if settings.mummy_plays_both:
            return frozenset(Side)
        if settings.mummy is None or not self.mummy_moves_itself:
            return frozenset()
        return frozenset({settings.mummy})

    def _watch_new_game(self) -> None:
        """A new game's opening throws (Tait's demon-cast, Senet's throws for the first 1) are
        told beside the sticks for a moment (the sticks show the throw to move with)."""
        game = self.controller.game
        if game is self._game:
            return
        self._game = game
        self.demon = []
        if game is not None and game.actions \
                and all(isinstance(a, Throw) for a in game.actions):
            self.demon = sided_throws(game)
            self.demon_from = self.now

    def demon_showing(self) -> bool:
        """Whether a new game's opening throws are still being told: for a moment, and only
        while they are all the game has seen (the first move or throw ends the telling)."""
        game = self.controller.game
        return bool(self.demon) and self.now < self.demon_from + DEMON_TOLD \
            and game is self._game and game is not None and len(game.actions) == len(self.demon)

    def waiting_for_a_throw(self) -> bool:
        """Whether the player (not the mummy) is to throw: the time for a MummyFact."""
        controller = self.controller
        return controller.phase is Phase.THROW and controller.game is not None \
            and controller.game.state.turn != controller.settings.mummy

    def sounds(self) -> list[str]:
        """The sounds the controller played since the last call, by name."""
        speaker = self.table.sim.speaker
        heard = list(speaker.since(self._heard))
        self._heard = speaker.count
        return heard

    @property
    def said(self) -> tuple[str, ...]:
        """The game's log, oldest first."""
        return tuple(self.controller.said)

    def close(self) -> None:
        """Save the game and release the pins."""
        self.controller.flush()
        self.table.close()


def _near(a: tuple[int, int], b: tuple[int, int], distance: float) -> bool:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 <= distance ** 2


def saved_stacks(state_dir: Path | None, game: str) -> dict[str, int]:
    """A Hall board's men of the saved game, if it is still being played: each square's count,
    plus Cones, minus Reels (else none)."""
    saved = Store(state_dir, game).load(load_game(game)) if state_dir is not None else None
    state = saved.record.final_state() if saved is not None else None
    if state is None or state.is_over:
        return {}
    counts: dict[str, int] = {}
    for token, side in owners_of(state).items():
        square = square_of(token)
        counts[square] = counts.get(square, 0) + (1 if side is Side.CONES else -1)
    return counts


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
