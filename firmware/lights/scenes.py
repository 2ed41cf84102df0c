"""Light scenes: pure functions from what the controller knows, and the time, to a frame.

The light language (design.md): marked squares glow warm; the mover's private row breathes in
its colour; pieces that can move are steady; a lifted piece's target pulses; the mummy's move
alternates gold between source and target (the piece to bump first blinks red); mistakes blink
(missing: the owner's colour, unexpected: red); a square where a piece must be lifted and set
down again flashes twice; extra turns flare the marked squares; the winner's colour runs along
the path, then the pieces left on the board breathe a calm white until they are cleared away
(after a game nothing is a mistake); the sticks blink when a shake must be made again; the
stacking game's dice each count their face in beats on a stick pixel of their own. Colour
always comes with a motion, for colour-blind players: every pair of meanings a player tells
apart differs by a colour that stays clear under protanopia, deuteranopia and tritanopia, or by
its motion (``tests/firmware/lights/test_colour_vision.py`` measures both). No light flashes
more than three times a second (WCAG 2.3.1), and with ``Show.calm`` (the "calm lights"
setting) nothing blinks at all: every blink becomes a slow swell, at most one a second.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import NamedTuple

from engine.core.sticks import Throw
from engine.games.api import Geometry, Side
from engine.tait.board import TWENTY_SQUARES
from firmware.lights.dice import dice_frame
from hardware.core.squares import STICK_PIXELS
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour

CONES: Colour = (20, 90, 255)  # faience blue
REELS: Colour = (255, 120, 0)  # amber: far from blue for every kind of colour vision
GOLD: Colour = (255, 190, 20)
RED: Colour = (255, 0, 40)  # a crimson: farther from the Reels' amber for deuteranopes
WARM: Colour = (70, 40, 10)
VIOLET: Colour = (150, 0, 255)  # a square whose reed seems stuck: not the players' doing
CALM: Colour = (150, 140, 120)  # a soft white: "put these away", never a mistake
STICK_WHITE: Colour = (255, 255, 255)
STICK_DARK: Colour = (25, 10, 0)

SIDE_COLOUR = {Side.CONES: CONES, Side.REELS: REELS}

MISTAKE_HZ = 2.0
"""Blinks a second of a square to mend (WCAG 2.3.1 allows no more than three flashes)."""
FLARE_PERIOD = 0.5
"""Seconds of one beat of the marked squares' flare after an extra turn (two a second)."""
SHAKE_AGAIN_HZ = 2.5
"""Blinks a second of the sticks when a shake must be made again (3 was at the limit itself)."""
SWELL = 2.0
"""Calm lights: seconds of the slow swell that takes the place of every blink."""
MUMMY_SWELL = 4.0
"""Calm lights: seconds the mummy's move takes to swell from its source to its target and back
(slower than a mistake's swell, so the two differ by motion as well as colour)."""


@dataclass(frozen=True)
class Palette:
    """The colours of the light language, by meaning (the scenes draw from one)."""

    cones: Colour = CONES
    reels: Colour = REELS
    gold: Colour = GOLD
    """The mummy's move, and the marked squares' flare."""
    red: Colour = RED
    """A piece that should not be where it is; the piece the mummy bumps."""
    warm: Colour = WARM
    violet: Colour = VIOLET
    calm: Colour = CALM
    stick_white: Colour = STICK_WHITE
    stick_dark: Colour = STICK_DARK

    def side(self, side: Side) -> Colour:
        """The colour of ``side``."""
        return self.cones if side is Side.CONES else self.reels


PALETTE = Palette()
"""The board's colours (measured under every kind of colour vision)."""


class Phase(Enum):
    """What the board is waiting for."""

    IDLE = "idle"  # no game: shake the sticks (or press new game) to start
    THROW = "throw"  # the side to play must throw
    MOVE = "move"  # a throw is pending: the move must be made on the board
    WON = "won"  # the game is over: celebrate, then clear the board
    GUIDE = "guide"  # the board must be put right before anything else (start-up)
    CLEAR = "clear"  # a game ended with no winner (left, or reset by staff): clear the board
    MENU = "menu"  # between games, the board menu is open (``firmware.menu.board_menu``)


class Show(NamedTuple):
    """Everything a scene draws from: a snapshot the controller hands over each frame (a named
    tuple: made every frame, it must be cheap to make and to compare)."""

    phase: Phase
    turn: Side = Side.CONES
    throw: Throw | None = None
    movable: frozenset[str] = frozenset()
    lifted_targets: frozenset[str] = frozenset()
    reseat: frozenset[str] = frozenset()
    """Squares where a piece must be lifted and set down again (it sits on the one it bumps)."""
    mummy_move: tuple[str | None, str | None] = (None, None)
    """The squares the mummy's piece leaves and lands on
    (``firmware.play.evidence.move_squares``)."""
    bump_first: str | None = None
    missing: Mapping[str, Side] = MappingProxyType({})
    """Squares where a piece is missing, with the side it belongs to."""
    unexpected: frozenset[str] = frozenset()
    flare_until: float = float("-inf")
    winner: Side | None = None
    since: float = 0.0
    hint: str | None = None
    """The square of the piece a hint suggests moving."""
    shake_again: bool = False
    clearing: frozenset[str] = frozenset()
    """After a game's victory lights: the squares still to be cleared for the next game."""
    stuck: frozenset[str] = frozenset()
    """Squares whose reed switch seems stuck: play goes on around them."""
    dice: bool = False
    """The throw is dice still to use (the stacking game's): one stick pixel a die, counting
    its face in beats (``firmware.lights.dice``)."""
    thrown_at: float = 0.0
    """Since when the throw has been shown (the dice's count begins there)."""
    geometry: Geometry = TWENTY_SQUARES
    """The board of the game played: its squares, marked squares, paths and homes."""
    languages: Mapping[str, Colour] = MappingProxyType({})
    """Between games on a kiosk: the language squares, each in its colour (a visitor sets a
    piece on one to choose it)."""
    calm: bool = False
    """Calm lights: nothing blinks; every blink becomes a slow swell."""
    palette: Palette = PALETTE
    """The colours of each meaning (the board's own; a test measures others)."""


def scale(colour: Colour, factor: float) -> Colour:
    """A colour dimmed (or brightened, clipped) by ``factor``."""
    r, g, b = colour
    if factor <= 1.0:  # dimmed (every frame's fades): nothing to clip
        return int(r * factor), int(g * factor), int(b * factor)
    return (min(255, int(r * factor)), min(255, int(g * factor)), min(255, int(b * factor)))


def breathe(t: float, period: float = 3.0) -> float:
    """A slow 0.25..1 swell for 'waiting for you'."""
    return 0.25 + 0.75 * (0.5 - 0.5 * math.cos(2 * math.pi * t / period))


def blink(t: float, hz: float = 2.0) -> bool:
    """On/off at ``hz``: for mistakes."""
    return (t * hz) % 1.0 < 0.5


def pulse(t: float, period: float = 0.6) -> float:
    """A quick 0.2..1 beat: for a lifted piece's target."""
    return 0.2 + 0.8 * (0.5 - 0.5 * math.cos(2 * math.pi * t / period))


def double_flash(t: float, period: float = 1.2) -> bool:
    """Two short flashes, then a rest: 'lift it and set it down again'."""
    phase = (t % period) / period
    return phase < 0.12 or 0.24 <= phase < 0.36


def swell(t: float, period: float = SWELL) -> float:
    """A slow 0..1 swell: calm lights' blink."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * t / period)


def double_swell(t: float, period: float) -> float:
    """Two slow swells, then a rest (calm lights' double flash): each a third of ``period``."""
    phase = (t % period) / period
    return swell(phase * 3.0, 1.0) if phase < 2 / 3 else 0.0


def blinking(t: float, calm: bool, hz: float | None = None) -> float:
    """How bright a blinking light is at ``t``, 0 to 1: on and off at ``hz`` (a mistake's
    ``MISTAKE_HZ`` when None), or with calm lights a slow swell."""
    if calm:
        return swell(t)
    return 1.0 if blink(t, MISTAKE_HZ if hz is None else hz) else 0.0


def flashing_twice(t: float, calm: bool, period: float = 1.2) -> float:
    """Two short flashes and a rest, 0 to 1 (calm lights: two slow swells over three times
    ``period``, so none comes more than once a second)."""
    if calm:
        return double_swell(t, 3.0 * period)
    return 1.0 if double_flash(t, period) else 0.0


def steady(show: Show, t: float) -> bool:
    """Whether ``show``'s frame is the same at ``t`` and at any time after: nothing in it moves
    (no breathing, pulse, blink or flare, and no flare to come), so while the show stays the
    same its frame may be kept rather than drawn again every frame."""
    return show.phase in (Phase.MOVE, Phase.GUIDE) and t >= show.flare_until \
        and show.mummy_move == (None, None) and show.hint is None \
        and not (show.dice and show.throw is not None) and not (
            show.lifted_targets or show.reseat or show.missing or show.unexpected
            or show.stuck or show.shake_again)


def scene(show: Show, t: float) -> Frame:
    """The frame for ``show`` at time ``t``."""
    frame: dict[str, Colour] = {}
    geometry, colours, calm = show.geometry, show.palette, show.calm
    marked = colours.warm
    if t < show.flare_until:  # calm lights: the flare is a steady glow
        marked = scale(colours.gold, 0.8 if calm else 0.5 + 0.5 * pulse(t, FLARE_PERIOD))
    for square in geometry.marked:
        frame[square] = marked
    if show.phase is Phase.IDLE:
        _attract(frame, geometry, t, colours)
        for square, colour in show.languages.items():  # steady under the running glow
            frame[square] = colour
    elif show.phase in (Phase.WON, Phase.CLEAR) and show.clearing:
        _clearing(frame, show.clearing & frozenset(geometry.squares), t, colours)
    elif show.phase is Phase.WON and show.winner is not None:
        _victory(frame, geometry.paths[show.winner], colours.side(show.winner), t - show.since,
                 calm)
    else:
        _play(frame, show, t)
    _guidance(frame, show, t)
    if show.stuck:  # a reed taken as stuck: a slow violet heartbeat
        violet = scale(colours.violet, 0.2 + 0.8 * flashing_twice(t, calm, 2.4))
        for square in show.stuck:
            frame[square] = violet
    if show.shake_again:  # the shake was dropped: the sticks blink until it is made again
        frame.update(dict.fromkeys(STICK_PIXELS, scale(colours.stick_white, blinking(
            t, calm, SHAKE_AGAIN_HZ))))
    elif show.throw is not None and show.dice:
        frame.update(dice_frame(tuple(int(c) for c in str(show.throw.value) if c in "123456"),
                                t - show.thrown_at, calm, colours.stick_dark))
    elif show.throw is not None:
        frame.update(_sticks(show.throw, colours))
    pixels = _pixels(geometry)
    if pixels.issuperset(frame):
        return frame
    return {name: colour for name, colour in frame.items() if name in pixels}


_PIXELS: dict[int, tuple[Geometry, frozenset[str]]] = {}


def _pixels(geometry: Geometry) -> frozenset[str]:
    """The names a board of ``geometry`` has a pixel for: its squares and the sticks (rack
    slots have no light); once a board."""
    kept = _PIXELS.get(id(geometry))
    if kept is None or kept[0] is not geometry:
        if len(_PIXELS) > 16:  # boards made afresh: forget the old
            _PIXELS.clear()
        kept = _PIXELS[id(geometry)] = (geometry, frozenset(geometry.squares) | frozenset(
            STICK_PIXELS))
    return kept[1]


def _attract(frame: dict[str, Colour], geometry: Geometry, t: float, colours: Palette) -> None:
    """Idle: a slow glow runs along both paths, inviting a shake of the sticks."""
    for side in Side:
        path = geometry.paths[side]
        head = (t * 2.0) % len(path)
        for i, square in enumerate(path):
            glow = max(0.0, 1.0 - abs(i - head) / 2.5) * 0.5
            if glow > 0:
                frame[square] = scale(colours.side(side), glow)


def _victory(frame: dict[str, Colour], path: tuple[str, ...], colour: Colour, t: float,
             calm: bool = False) -> None:
    """The winner's colour runs along the path (calm lights: a soft glow over a lit path)."""
    if calm:
        head = (t * 4.0) % (len(path) + 4)
        for i, square in enumerate(path):
            frame[square] = scale(colour, 0.3 + 0.7 * max(0.0, 1.0 - abs(head - i) / 2.5))
        return
    head = (t * 8.0) % (len(path) + 4)
    for i, square in enumerate(path):
        if i <= head:
            frame[square] = scale(colour, 0.3 + 0.7 * (abs(head - i) < 2))


def _clearing(frame: dict[str, Colour], squares: frozenset[str], t: float,
              colours: Palette) -> None:
    """After a game: the pieces still out glow a calm, slow white: lift them, nothing is wrong."""
    calm = scale(colours.calm, breathe(t, 4.0))
    for square in squares:
        frame[square] = calm


def _play(frame: dict[str, Colour], show: Show, t: float) -> None:
    colours, calm = show.palette, show.calm
    colour = colours.side(show.turn)
    if show.phase is Phase.THROW:
        home = scale(colour, breathe(t))
        for square in show.geometry.homes[show.turn]:
            frame[square] = home
    source, target = show.mummy_move
    if source is not None or target is not None:
        if show.bump_first is not None:
            bump = blinking(t, calm)
            if bump > 0:
                frame[show.bump_first] = scale(colours.red, bump)
            if source is not None:
                frame[source] = colours.gold
            return
        if calm:  # source and target take turns, swelling one into the other
            there = swell(t, MUMMY_SWELL) if source is not None and target is not None \
                else float(target is not None)
            for place, share in ((source, 1.0 - there), (target, there)):
                if place is not None:
                    frame[place] = scale(colours.gold, share)
            return
        first = int(t / 0.5) % 2 == 0 or target is None
        shown = source if first and source is not None else target
        if shown is not None:
            frame[shown] = colours.gold
        return
    for square in show.movable:
        frame[square] = colour
    if show.hint is not None and not show.lifted_targets:
        frame[show.hint] = scale(colour, 0.5 + 0.5 * pulse(t, 1.2))
    if show.lifted_targets:  # calm lights: a beat a second at most
        lifted = scale(colour, pulse(t, 1.2 if calm else 0.6))
        for square in show.lifted_targets:
            frame[square] = lifted
    reseat = flashing_twice(t, calm)
    for square in show.reseat:
        frame[square] = scale(colour, reseat)


def _guidance(frame: dict[str, Colour], show: Show, t: float) -> None:
    if not (show.missing or show.unexpected):
        return
    colours = show.palette
    on = blinking(t, show.calm)
    for square, owner in show.missing.items():
        frame[square] = scale(colours.side(owner), on)
    for square in show.unexpected:
        frame[square] = scale(colours.red, on)


@functools.lru_cache(maxsize=64)
def _sticks(throw: Throw, colours: Palette = PALETTE) -> Mapping[str, Colour]:
    """The sticks as they fell; a die's throw lights as many stick pixels as it shows."""
    white, dark = colours.stick_white, colours.stick_dark
    if throw.sticks:
        return MappingProxyType({pixel: white if up else dark
                                 for pixel, up in zip(STICK_PIXELS, throw.sticks, strict=True)})
    return MappingProxyType({pixel: white if n <= throw.value else dark
                             for n, pixel in enumerate(STICK_PIXELS, 1)})
