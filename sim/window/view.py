"""What the window shows, drawn from a snapshot: board, lights, pieces, sticks, words, overlays.

The still picture (board, lights, standing pieces, words) is kept in a scene of its own; a piece
in the air (in the player's hand, or the mummy's) is drawn over it. When only lights change or a
piece moves through the air, just those rectangles are copied from the scene and drawn again,
and any overlay (an open menu, a help page, the game's log) over them, so an overlay stays whole.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from engine.core.sides import Side
from engine.mummy.review import Review
from firmware.lights.scenes import SIDE_COLOUR
from firmware.words import _, right_to_left, side_said
from hardware.lights.strips import Colour
from sim.board.hand import Held
from sim.board.pieces import Pieces
from sim.drawing import board as drawing
from sim.drawing import positions as position_art
from sim.drawing import setna_art
from sim.drawing.dice import Die
from sim.drawing.focus import draw_focus
from sim.drawing.layout import Layout
from sim.drawing.odds import draw_odds
from sim.drawing.review_page import draw_review
from sim.drawing.text import FACE, Texts, mirrored, mirrored_x
from sim.pages.page import Page
from sim.window.menu_bar import Menu

TEXT: Colour = (240, 222, 180)
DIM_TEXT: Colour = (176, 152, 112)
LABEL: Colour = (120, 96, 64)  # a square's name, small in its corner
PAPYRUS: Colour = (236, 220, 172)
PAPYRUS_EDGE: Colour = (140, 100, 50)
PAPYRUS_TEXT: Colour = (46, 30, 14)
VEIL = (0, 0, 0, 150)
CHOSEN: Colour = (255, 255, 255)
"""The frame round a piece that waits for the square (or die) it is to take."""
PICTURE_MOST, PICTURE_LEAST = 0.5, 0.26
"""The most and the least of a page's height (a story's: width) its picture takes."""
SMALLEST = 0.94
"""A page's words are drawn no smaller than this share of their size (a longer page goes on
over the next), so Larger text (1.5) stays at least 1.4 times as large."""
PIECE_HEIGHT = 0.74
"""A standing piece's height in cells (a Cone's knob to its base)."""
PIECE_BELOW = 0.36
"""How far a piece reaches below its centre, in cells."""
STACK_STEP = 0.1
"""Cells each man of a stack stands above the one under it."""


@dataclass(frozen=True)
class Player:
    """Who plays a side, as its label says: its name, who moves it, its last throw, pieces off."""

    side: Side
    who: str
    threw: str | None
    """The side's last throw as said (``3``; the dice ``1, 4 and 5``)."""
    off: int
    to_play: bool
    plays: str | None = None
    """What the side plays as, where a game names it (Senet's black or white)."""


@dataclass(frozen=True)
class Snapshot:
    """Everything one picture of the window depends on."""

    frame: Mapping[str, Colour]
    pieces: Pieces
    held: Held | None
    mouse: tuple[int, int]
    shaking: bool
    status: str
    sticks_caption: str
    fact: str | None = None
    page: Page | None = None
    """A page over the board: its title, its text and (``help.Page``) its picture."""
    page_number: tuple[int, int] | None = None
    """Which of how many pages it is (Back and Next show), or None for a page alone."""
    now: float = 0.0
    news: str = ""
    players: tuple[Player, ...] = ()
    flight: tuple[Side, tuple[int, int]] | None = None
    """The mummy's piece in the air, and where it is now."""
    log: tuple[str, ...] | None = None
    """The game's log when it is open: what happened, oldest first."""
    log_back: int = 0
    """Lines the log is scrolled back from the newest."""
    labels: bool = False
    lesson: tuple[str, str] | None = None
    """The tutorial's heading and what it says now, shown where MummyFacts would be."""
    odds: float | None = None
    """The Cones' chance to win, for the chances bar (when the layout has one)."""
    review: Review | None = None
    """The review page of the last finished game, over the board while it is open."""
    focus: tuple[int, int, int, int] | None = None
    """Where the keyboard's focus rests (a rectangle), drawn round with a ring."""
    dice: tuple[Die, ...] = ()
    """The stacking game's dice in the box (the used ones dimmed)."""
    ringed: frozenset[int] = frozenset()
    """The dice (by index) a chosen man may use: the player clicks one."""
    choices: tuple[Side, tuple[str, ...]] | None = None
    """A chosen piece's side and the squares it may go to, framed until one is clicked."""
    chosen: str | None = None
    """The square of the piece chosen (framed in white: the piece that waits)."""
    leaving: bool = False
    """Esc was pressed in a game: the window asks whether to leave it."""


class View:
    """Draws snapshots; keeps the static board and the rendered words between frames."""

    def __init__(self) -> None:
        self.texts = Texts()
        self._background: pygame.Surface | None = None
        self._background_of: Layout | None = None
        self._fonts: dict[int, pygame.font.Font] = {}
        self._veil: pygame.Surface | None = None
        self._last: tuple[object, ...] | None = None
        self._last_frame: dict[str, Colour] = {}
        self._last_surface: pygame.Surface | None = None
        self._scene: pygame.Surface | None = None
        self.log_most = 0
        """How far back the log drawn last can be scrolled (lines)."""
        self._log_lines: tuple[object, list[str]] = (None, [])
        """The log's sentences wrapped, for the sentences, size and width they were wrapped at
        (a whole game's log is drawn again under every change of the lights)."""
        self._flying: list[pygame.Rect] = []  # where pieces in the air were drawn last
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def invalidate(self) -> None:
        """Draw all of the next picture (the window was exposed, resized or moved)."""
        self._last = None

    def draw(self, surface: pygame.Surface, layout: Layout, menu: Menu,
             shot: Snapshot) -> list[pygame.Rect] | None:
        """Draw ``shot``: None when the whole window was drawn, else the rectangles redrawn.

        When only lights changed since the last picture on this surface, only their squares
        (and the sticks) are drawn again, with any overlay over them: a still board costs
        almost nothing to show.
        """
        key = _key(shot, menu, layout)
        flying = [(side, pos, _air(pos, layout.cell)) for side, pos in _in_the_air(shot)]
        if key == self._last and surface is self._last_surface and self._scene is not None:
            dirty = self._lights_only(self._scene, layout, shot)
            if shot.focus is not None and dirty:  # a square drawn again under the ring
                ring = _ring(shot.focus, layout.cell)
                if ring.collidelist(dirty) >= 0:
                    draw_focus(self._scene, pygame.Rect(shot.focus), layout.cell)
                    dirty.append(ring)
            dirty += self._flying + [rect for _, _, rect in flying]
            if dirty and (shot.page is not None or shot.log is not None or menu.open
                          or shot.review is not None or shot.leaving):
                dirty = [dirty[0].unionall(dirty[1:])]  # translucent overlays: once per pixel
            for rect in dirty:
                surface.blit(self._scene, rect, rect)
            self._fly(surface, layout, flying)
            for rect in dirty:
                surface.set_clip(rect)
                self._overlays(surface, layout, menu, shot)
            surface.set_clip(None)
            return dirty
        self._last, self._last_surface = key, surface
        self._last_frame = dict(shot.frame)
        if self._scene is None or self._scene.get_size() != layout.size:
            self._scene = pygame.Surface(layout.size)
        self._draw_all(self._scene, layout, menu, shot)
        surface.blit(self._scene, (0, 0))
        self._fly(surface, layout, flying)
        self._overlays(surface, layout, menu, shot)
        return None

    def _fly(self, surface: pygame.Surface, layout: Layout,
             flying: list[tuple[Side, tuple[int, int], pygame.Rect]]) -> None:
        """Pieces in the air, over everything but the overlays."""
        for side, pos, _rect in flying:
            drawing.draw_piece(surface, side, pos, layout.cell, lifted=True)
        self._flying = [rect for _, _, rect in flying]

    def _lights_only(self, surface: pygame.Surface, layout: Layout,
                     shot: Snapshot) -> list[pygame.Rect]:
        assert self._background is not None
        changed = [name for name in set(shot.frame) | set(self._last_frame)
                   if shot.frame.get(name) != self._last_frame.get(name)]
        self._last_frame = dict(shot.frame)
        dirty = []
        for name in changed:
            rect = layout.squares.get(name)
            if rect is None:
                continue
            surface.blit(self._background, rect, rect)
            self._tile(surface, layout, name, shot)
            men = shot.pieces.stacks().get(name)
            if men is not None:
                self._men(surface, layout, name, *men, labels=shot.labels)
            if shot.labels:
                self._label(surface, layout, name)
            dirty.append(rect)
        if any(name.startswith("S") for name in changed):
            box = layout.stick_box
            surface.blit(self._background, box, box)
            drawing.draw_chance(surface, box, layout.chance, shot.frame, shot.shaking, shot.now,
                                shot.dice, shot.ringed)
            dirty.append(box)
        return dirty

    def _men(self, surface: pygame.Surface, layout: Layout, square: str, side: Side,
             count: int, labels: bool = False) -> None:
        """The pieces on ``square``: one, or a stack (a Hall board's), each a little above the
        one under it and its height written beside the top one; with the squares' names shown,
        smaller and higher, clear of the name."""
        cell = layout.cell
        tile = drawing.tile_rect(layout.squares[square])
        x = tile.centerx
        bottom = self._label_top(layout, tile) - 2 if labels else tile.bottom
        tall = PIECE_HEIGHT + STACK_STEP * (count - 1)  # in cells, the stack's height
        size = min(cell, int((bottom - tile.top) / tall)) if labels else cell
        step = int(size * STACK_STEP)
        base = bottom - int(size * PIECE_BELOW) if labels \
            else tile.centery + step * (count - 1) // 2
        for i in range(count):
            drawing.draw_piece(surface, side, (x, base - i * step), size)
        if count > 1:  # the height on a dark badge at the square's upper right
            radius = max(8, cell // 8)
            centre = (tile.right - radius - 2, tile.top + radius + 2)
            pygame.draw.circle(surface, (40, 28, 18), centre, radius)
            number = self.texts.line(str(count), max(11, radius * 3 // 2), (250, 240, 220))
            surface.blit(number, number.get_rect(center=centre))

    def _label_size(self, layout: Layout) -> int:
        """The size of a square's name (Options > Square labels)."""
        return max(10, int(layout.cell * layout.text) // 6)

    def _label_top(self, layout: Layout, tile: pygame.Rect) -> int:
        """Where a square's name begins, from the top: the pieces stand above it."""
        return tile.bottom - 1 - self.texts.line("T20", self._label_size(layout),
                                                 LABEL).get_height()

    def _tile(self, surface: pygame.Surface, layout: Layout, square: str, shot: Snapshot) -> None:
        light = shot.frame.get(square, (0, 0, 0))
        rect = layout.squares[square]
        drawing.draw_tile(surface, rect, layout.geometry.marked.get(square),
                          drawing.tint(drawing.TILE, light), drawing.joins(layout.geometry, square))
        if shot.choices is not None and square in shot.choices[1]:
            drawing.draw_choice(surface, rect, SIDE_COLOUR[shot.choices[0]])
        elif square == shot.chosen:
            drawing.draw_choice(surface, rect, CHOSEN)

    def _label(self, surface: pygame.Surface, layout: Layout, square: str) -> None:
        """The square's name in its lower corner, under the pieces standing there (Options >
        Square labels: the pieces stand higher, so neither hides the other); an oblong space's
        places are no squares, and carry no name."""
        if any(square in run for run in layout.geometry.oblongs):
            return
        label = self.texts.line(square, self._label_size(layout), LABEL)
        tile = drawing.tile_rect(layout.squares[square])
        where = label.get_rect(bottomright=(tile.right - 3, tile.bottom - 1))
        plate = where.inflate(4, 0).clip(tile)  # pale under the name, on any light
        pygame.draw.rect(surface, drawing.TILE, plate, border_radius=3)
        surface.blit(label, where)

    def _draw_all(self, surface: pygame.Surface, layout: Layout, menu: Menu,
                  shot: Snapshot) -> None:
        if self._background is None or self._background_of != layout:
            self._background, self._background_of = drawing.board_surface(layout), layout
        surface.blit(self._background, (0, 0))
        chosen = (*shot.choices[1], shot.chosen) if shot.choices is not None else ()
        for square in layout.squares:
            if max(shot.frame.get(square, (0, 0, 0))) > 0 or shot.labels or square in chosen:
                self._tile(surface, layout, square, shot)
        self._board(surface, layout, shot)
        if shot.labels:
            for square in layout.squares:
                self._label(surface, layout, square)
        if layout.odds is not None:
            draw_odds(surface, layout.odds, shot.odds,
                      self._font(max(10, int(layout.cell * layout.text) // 6)))
        self._words(surface, layout, shot)
        if shot.focus is not None:
            draw_focus(surface, pygame.Rect(shot.focus), layout.cell)
        menu.draw_bar(surface, layout, self.texts)

    def _board(self, surface: pygame.Surface, layout: Layout, shot: Snapshot) -> None:
        """The pieces where they stand, each side's sideline and label, the sticks (or die)."""
        cell = layout.cell
        for square, (side, count) in shot.pieces.stacks().items():
            if square in layout.squares:
                self._men(surface, layout, square, side, count, labels=shot.labels)
        in_hand = {side: in_the_air(shot, side) for side in Side}
        for side in Side:
            if shot.pieces.racks:  # the waiting rack's resting places, pieces or not
                for i in range(shot.pieces.count):
                    drawing.draw_rest(surface, layout.sideline_slot(side, i), int(cell * 0.3))
            for i in range(shot.pieces.waiting(side, in_hand[side])):
                drawing.draw_piece(surface, side, layout.sideline_slot(side, i), cell)
        for player in shot.players:
            self._player(surface, layout, player, shot.pieces)
        drawing.draw_chance(surface, layout.stick_box, layout.chance, shot.frame, shot.shaking,
                            shot.now, shot.dice, shot.ringed)

    def _overlays(self, surface: pygame.Surface, layout: Layout, menu: Menu,
                  shot: Snapshot) -> None:
        """Whatever lies over the board: the open drop-down, a help page, the log."""
        menu.draw_list(surface, layout, self.texts)
        if shot.log is not None:
            self._log(surface, layout, shot.log, shot.log_back)
        if shot.review is not None:
            self._review(surface, layout, shot.review)
        if shot.page is not None:
            self._page(surface, layout, *shot.page, number=shot.page_number)
        if shot.leaving:
            self._leave(surface, layout)

    def _leave(self, surface: pygame.Surface, layout: Layout) -> None:
        """Whether to leave the game: kept, it goes on next time; Leave or Play on."""
        self._veil_over(surface, layout)
        rect = leave_rect(layout)
        pygame.draw.rect(surface, PAPYRUS, rect, border_radius=12)
        pygame.draw.rect(surface, PAPYRUS_EDGE, rect, 3, border_radius=12)
        size = page_size(layout)
        heading = _("Leave the game?")
        title = self.texts.line(heading, self.texts.fit(heading, int(size * 1.3),
                                                        rect.width - 2 * size), PAPYRUS_EDGE)
        surface.blit(title, mirrored(title.get_rect(topleft=(rect.left + size,
                                                             rect.top + size)), rect))
        body = _("It is kept: the next time the window opens, it goes on where it was.")
        y = rect.top + int(size * 2.8)
        for line in self.texts.wrap(body, size, rect.width - 2 * size):
            drawn = self.texts.line(line, size, PAPYRUS_TEXT)
            surface.blit(drawn, mirrored(drawn.get_rect(topleft=(rect.left + size, y)), rect))
            y += int(size * 1.25)
        for box, word in zip(leave_buttons(layout), (_("Leave: Esc or Enter"),
                                                     _("Play on: any other key")), strict=True):
            pygame.draw.rect(surface, PAPYRUS_EDGE, box, 2, border_radius=6)
            drawn = self.texts.line(word, self.texts.fit(word, int(size * 0.9),
                                                         box.width - size), PAPYRUS_EDGE)
            surface.blit(drawn, drawn.get_rect(center=box.center))

    def _font(self, size: int) -> pygame.font.Font:
        """The window's face at ``size`` as a plain pygame font (for the bar and the review)."""
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(str(FACE), size)
        return self._fonts[size]

    def _review(self, surface: pygame.Surface, layout: Layout, review: Review) -> None:
        """The last game's review page over the board; a click puts it away."""
        self._veil_over(surface, layout)
        width, height = layout.size
        rect = pygame.Rect(0, 0, int(width * 0.86), int(height * 0.8))
        rect.center = (width // 2, (height + layout.menu.height) // 2)
        size = max(12, int(min(width, height * 1.6) / 60 * layout.text))
        draw_review(surface, rect, review, self.texts, size)
        pygame.draw.rect(surface, PAPYRUS_EDGE, rect, 3, border_radius=6)
        more = self.texts.line(_("click to close"), int(size * 0.9), DIM_TEXT)
        surface.blit(more, mirrored(more.get_rect(bottomright=(rect.right - size,
                                                               rect.bottom - size // 2)), rect))

    def _veil_over(self, surface: pygame.Surface, layout: Layout) -> None:
        """Darken the board under a page."""
        if self._veil is None or self._veil.get_size() != layout.size:
            self._veil = pygame.Surface(layout.size, pygame.SRCALPHA)
            self._veil.fill(VEIL)
        surface.blit(self._veil, (0, 0))

    def _player(self, surface: pygame.Surface, layout: Layout, player: Player,
                pieces: Pieces) -> None:
        """A side's label on its sideline: who plays it, whose turn, its throw, pieces off."""
        rect = layout.side_label(player.side)
        cell = layout.cell
        size = max(12, int(cell * 0.27 * layout.text))
        first = 0.32 - 0.08 * (layout.text - 1.0)  # the name's line; larger words spread out
        colour = TEXT if player.to_play else DIM_TEXT
        x = rect.left + int(size * 1.1)
        if player.to_play:  # a marker in the side's colour: whose turn it is
            pygame.draw.circle(surface, SIDE_COLOUR[player.side],
                               (mirrored_x(rect.left + size // 2, rect),
                                rect.top + int(cell * first)), size // 3)
        said = _("{side}: {who}").format(side=side_said(player.side), who=_(player.who))
        room = rect.right - x  # the words keep to the label, clear of the waiting pieces
        name = self.texts.line(said, self.texts.fit(said, size, room), colour)
        surface.blit(name, mirrored(name.get_rect(midleft=(x, rect.top + int(cell * first))),
                                    rect))
        # Ramses, the game without luck, bears nothing off: its sideline names the player only.
        facts = [_("{off} of {pieces} borne off").format(off=player.off, pieces=layout.pieces)] \
            if layout.chance is not None else []
        if player.plays is not None:
            facts.append(_(player.plays))
        if player.threw is not None:
            facts.append(_("threw {n}").format(n=player.threw))
        told = _(", ").join(facts)
        line = self.texts.line(told, self.texts.fit(told, int(size * 0.85), room), DIM_TEXT)
        where = line.get_rect(midleft=(x, rect.top + int(cell * (1.0 - first))))
        surface.blit(line, mirrored(where, rect))
        if pieces.racks:  # the borne-off tray after the words: a hollow a piece, filled when off
            radius = max(2, size // 5)
            for i in range(pieces.count):
                centre = (mirrored_x(where.right + radius * (3 + 3 * i), rect), where.centery)
                drawing.draw_rest(surface, centre, radius,
                                  SIDE_COLOUR[player.side] if i < player.off else None)

    def _words(self, surface: pygame.Surface, layout: Layout, shot: Snapshot) -> None:
        cell = layout.cell
        texts = self.texts
        box = layout.stick_box
        if layout.chance is not None:
            size = texts.fit(shot.sticks_caption, int(cell * 0.28 * layout.text), box.width + cell)
            caption = texts.line(shot.sticks_caption, size, DIM_TEXT)
            surface.blit(caption, caption.get_rect(midtop=(box.centerx, box.bottom + cell // 10)))
        larger = layout.text
        below = layout.status.top  # where the words drawn so far end
        for text, rect, size, colour in ((shot.status, layout.status, int(cell * 0.4 * larger),
                                          TEXT),
                                         (shot.news, layout.news, int(cell * 0.3 * larger),
                                          DIM_TEXT)):
            if not text:
                continue
            rect = rect.move(0, max(0, below - rect.top))  # under a status wrapped in two
            size = max(14, size)
            fitted = texts.fit(text, size, rect.width)
            if fitted >= size * 3 // 4:
                line = texts.line(text, fitted, colour)
                place = line.get_rect(midleft=rect.midleft)
                surface.blit(line, mirrored(place, rect))
                below = max(rect.bottom, place.bottom)
                continue
            small = max(12, size * 3 // 4)  # a long line: two lines, not tiny letters
            first, *rest = texts.wrap(text, small, rect.width)
            second = " ".join(rest)
            for i, part in enumerate((first, second) if second else (first,)):
                line = texts.line(part, texts.fit(part, small, rect.width), colour)
                place = line.get_rect(topleft=(rect.left, rect.top + i * int(small * 1.15)))
                surface.blit(line, mirrored(place, rect))
                below = max(rect.bottom, place.bottom)
        if shot.lesson:
            self._scrap(surface, layout, *shot.lesson)
        elif shot.fact:
            self._scrap(surface, layout, _("MummyFact"), shot.fact)

    def _scrap(self, surface: pygame.Surface, layout: Layout, heading: str, text: str) -> None:
        """A MummyFact, or the tutorial's lesson, on a scrap of papyrus under the status line
        (smaller letters for a longer text, so all of it shows)."""
        rect = layout.fact
        size = max(14, int(layout.cell * 0.24 * layout.text))
        lines = self.texts.wrap(text, size, rect.width - size)
        step = self.texts.line(heading, size, PAPYRUS_EDGE).get_height()
        while size > 10 and (len(lines) + 1) * step + size // 2 > rect.height:
            size -= 1
            lines = self.texts.wrap(text, size, rect.width - size)
            step = self.texts.line(heading, size, PAPYRUS_EDGE).get_height()
        if rect.height < 2 * step:  # no room for a heading and a line: no scrap at all
            return
        height = min(rect.height, (len(lines) + 1) * step + size // 2)
        scrap = pygame.Rect(rect.left, rect.top, rect.width, height)
        pygame.draw.rect(surface, PAPYRUS, scrap, border_radius=size // 3)
        pygame.draw.rect(surface, PAPYRUS_EDGE, scrap, 2, border_radius=size // 3)
        for i, (line, colour) in enumerate([(heading, PAPYRUS_EDGE),
                                            *((line, PAPYRUS_TEXT) for line in lines)]):
            y = scrap.top + size // 4 + i * step
            if y + step > scrap.bottom:
                break
            drawn = self.texts.line(line, size, colour)
            surface.blit(drawn, mirrored(drawn.get_rect(topleft=(scrap.left + size // 2, y)),
                                         scrap))

    def _log(self, surface: pygame.Surface, layout: Layout, said: tuple[str, ...],
             back: int = 0) -> None:
        """The game's log on papyrus in its column beside the board: the newest at the bottom,
        or ``back`` lines earlier (the wheel and the arrow keys scroll it to the start), and
        under them where these lines are, in letters that fit the column."""
        width, height = layout.size
        rect = layout.aside or pygame.Rect(width * 2 // 3, layout.menu.bottom + 4, width // 3,
                                           height - layout.menu.bottom - 8)
        size = max(14, int(min(width, height * 1.6) / 54 * layout.text))  # as large as beside
        step = int(size * 1.25)                                           # a larger board
        across = rect.width
        heading = _("What happened (Log closes it)")
        top = rect.top + size // 2 + step + 4  # under the heading
        footer = int(size * 0.8)
        rows = max(1, (rect.bottom - top - int(footer * 1.6)) // step)
        said = said or (_("Nothing yet: shake the sticks."),)
        key = (said, size, across)
        if self._log_lines[0] != key:
            self._log_lines = (key, [line for sentence in said
                                     for line in self.texts.wrap(sentence, size,
                                                                 across - 2 * size)])
        every = self._log_lines[1]
        self.log_most = max(0, len(every) - rows)
        back = min(back, self.log_most)
        lines = every[len(every) - rows - back:len(every) - back] if len(every) > rows else every
        pygame.draw.rect(surface, PAPYRUS, rect, border_radius=10)
        pygame.draw.rect(surface, PAPYRUS_EDGE, rect, 3, border_radius=10)
        title = self.texts.line(heading, self.texts.fit(heading, size, across - 2 * size),
                                PAPYRUS_EDGE)
        surface.blit(title, mirrored(title.get_rect(topleft=(rect.left + size,
                                                             rect.top + size // 2)), rect))
        for i, line in enumerate(lines):
            text = self.texts.line(line, size, PAPYRUS_TEXT)
            place = text.get_rect(topleft=(rect.left + size, top + i * step))
            surface.blit(text, mirrored(place, rect))
        if self.log_most:  # more than fits: where this is, and how to see the rest
            first = len(every) - back - len(lines) + 1
            told = _("lines {first} to {last} of {n}: the wheel or the arrow keys "
                     "scroll").format(first=first, last=first - 1 + len(lines), n=len(every))
            where = self.texts.line(told, self.texts.fit(told, footer, across - 2 * size),
                                    PAPYRUS_EDGE)
            surface.blit(where, mirrored(where.get_rect(bottomleft=(rect.left + size,
                                                                    rect.bottom - size // 3)),
                                         rect))

    def _page(self, surface: pygame.Surface, layout: Layout, title: str, body: str,
              picture: str | None = None, number: tuple[int, int] | None = None) -> None:
        """A page over the board (a game's position drawn across it under the heading, with a
        caption saying what is lit; a story's picture at its right), and under it which page
        of how many it is, Back and Next; a click turns it (or puts it away)."""
        self._veil_over(surface, layout)
        rect, frame, box = page_parts(layout, picture, self._lines(body, layout))
        pygame.draw.rect(surface, PAPYRUS, rect, border_radius=12)
        pygame.draw.rect(surface, PAPYRUS_EDGE, rect, 3, border_radius=12)
        size = page_size(layout)
        heading = self.texts.line(title, self.texts.fit(title, int(size * 1.4),
                                                        rect.width - 2 * size), PAPYRUS_EDGE)
        surface.blit(heading, mirrored(heading.get_rect(topleft=(rect.left + size,
                                                                 rect.top + size)), rect))
        if picture is not None and frame is not None:
            self._picture(surface, frame, picture)
            said = caption(picture)
            if said:
                told = self.texts.line(said, self.texts.fit(said, int(size * 0.85),
                                                            rect.width - 2 * size), PAPYRUS_EDGE)
                surface.blit(told, told.get_rect(midtop=(frame.centerx, frame.bottom + 6)))
        lines = self.texts.wrap(body, size, box.width)
        while size > 12 and 1.25 * size * len(lines) > box.height:
            size -= 1  # a little smaller (a tiny window: as small as it takes)
            lines = self.texts.wrap(body, size, box.width)
        y = box.top
        for line in lines:
            drawn = self.texts.line(line, size, PAPYRUS_TEXT)
            surface.blit(drawn, mirrored(drawn.get_rect(topleft=(box.left, y)), rect))
            y += int(size * 1.25)
        self._turns(surface, layout, picture is not None, number)

    def _lines(self, body: str, layout: Layout, size: int | None = None
               ) -> Callable[[int], int]:
        """How many lines ``body`` takes at a width, in a page's letters (or ``size``)."""
        at = size if size is not None else page_size(layout)
        return lambda width: len(self.texts.wrap(body, at, width))

    def fit_pages(self, pages: list[Page], layout: Layout) -> list[Page]:
        """``pages`` as they fit this window: a page whose words do not fit at their size goes
        on over as many pages as it needs (its picture on each), so larger text stays large."""
        fitted = []
        size = max(12, math.ceil(page_size(layout) * SMALLEST))
        for page in pages:
            box = page_parts(layout, page.picture, self._lines(page.body, layout, size))[2]
            lines = self.texts.wrap(page.body, size, box.width)
            rows = max(1, int(box.height // (1.25 * size)))
            if len(lines) <= rows:
                fitted.append(page)
                continue
            fitted += [page._replace(body="\n".join(lines[i:i + rows]))
                       for i in range(0, len(lines), rows)]
        return fitted

    def _turns(self, surface: pygame.Surface, layout: Layout, picture: bool,
               number: tuple[int, int] | None) -> None:
        """Under a page: Back (from the second page on), which page of how many, and Next (or
        Close on the last), each word with its arrow; mirrored for a language read from the
        right."""
        back, forward = page_buttons(layout, picture)
        size = max(12, int(page_size(layout) * 0.85))
        last = number is None or number[0] == number[1]
        buttons = [(forward, _("Close") if last else _("Next"), 1)]
        if number is not None and number[0] > 1:
            buttons.append((back, _("Back"), -1))
        rtl = right_to_left()
        for place, word, way in buttons:
            drawn = self.texts.line(word, size, PAPYRUS_EDGE)
            arrow = size // 2
            box = pygame.Rect(0, 0, drawn.get_width() + arrow + size, place.height - 6)
            box.center = place.center
            pygame.draw.rect(surface, PAPYRUS_EDGE, box, 2, border_radius=6)
            points = way * (-1 if rtl else 1)  # the arrow points the way the pages go
            tip = box.right - size // 3 if points > 0 else box.left + size // 3
            base = tip - points * arrow // 2
            pygame.draw.polygon(surface, PAPYRUS_EDGE, [(tip, box.centery),
                                                        (base, box.centery - arrow // 2),
                                                        (base, box.centery + arrow // 2)])
            words = drawn.get_rect(center=(box.centerx - points * arrow // 2, box.centery))
            surface.blit(drawn, words)
        if number is not None:
            page = self.texts.line(_("{n} of {total}").format(n=number[0], total=number[1]),
                                   size, PAPYRUS_EDGE)
            rect = page_rect(layout, picture)
            surface.blit(page, page.get_rect(center=(rect.centerx, forward.centery)))

    def _picture(self, surface: pygame.Surface, frame: pygame.Rect, picture: str) -> None:
        """The page's picture in its frame, drawn once for its size (the page is drawn again
        under changing lights)."""
        key = (picture, frame.size)
        if key not in self._pictures:
            drawn = pygame.Surface(frame.size)
            if picture.startswith("position:"):  # a how-to page's position: game, notation
                position_art.draw(drawn, drawn.get_rect(), *position_art.picture_of(picture))
            else:
                setna_art.draw(drawn, drawn.get_rect(), picture)
            self._pictures = {key: drawn}
        surface.blit(self._pictures[key], frame)
        pygame.draw.rect(surface, PAPYRUS_EDGE, frame.inflate(6, 6), 3)


def caption(picture: str) -> str:
    """What a how-to page's picture lights, in words (none: it lights nothing)."""
    if not picture.startswith("position:"):
        return ""
    lit = position_art.picture_of(picture)[2]
    if not lit:
        return ""
    return _("In gold and framed: {squares}, the squares the text speaks of.").format(
        squares=_(", ").join(lit))


def page_parts(layout: Layout, picture: str | None,
               lines: Callable[[int], int] = lambda width: 0
               ) -> tuple[pygame.Rect, pygame.Rect | None, pygame.Rect]:
    """Where a page lies, its picture's frame (None: no picture) and the box its words fill
    (``lines``: how many lines the words take at a width): a game's position across the page
    under the heading, with its caption under it; a story's picture at the right (the left,
    read from the right) beside the words. A picture is as large as leaves the words room,
    and never smaller than ``PICTURE_LEAST`` of the page."""
    rect = page_rect(layout, picture is not None)
    size = page_size(layout)
    top = rect.top + int(size * 3.0)  # under the heading
    bottom = page_buttons(layout, picture is not None)[0].top - size // 4
    step = 1.25 * size
    if picture is None:
        return rect, None, pygame.Rect(rect.left + size, top, rect.width - 2 * size,
                                       bottom - top)
    if picture.startswith("position:"):
        shape = position_art.aspect(position_art.picture_of(picture)[0])
        across = rect.width - 2 * size
        under = int(size * 2.0) if caption(picture) else size
        room = bottom - top - under - int(step * lines(across))  # what the words leave
        height = max(int(rect.height * PICTURE_LEAST), min(room, int(across / shape),
                                                           int(rect.height * PICTURE_MOST)))
        frame = pygame.Rect(0, 0, int(height * shape), height)
        frame.midtop = (rect.centerx, top)
        return rect, frame, pygame.Rect(rect.left + size, frame.bottom + under, across,
                                        bottom - frame.bottom - under)
    most = min(int(rect.width * 0.44), int((bottom - top) / 0.9))
    side = most
    while side > rect.width * PICTURE_LEAST and \
            step * lines(rect.width - 3 * size - side) > bottom - top:
        side -= size  # a long story: a smaller picture, more room for the words
    frame = pygame.Rect(0, 0, side, int(side * 0.9))
    frame.topright = (rect.right - size, top)
    frame = mirrored(frame, rect)  # at the left when the words read from the right
    text = pygame.Rect(rect.left + size, top, rect.width - 3 * size - side, bottom - top)
    return rect, frame, mirrored(text, rect)


def page_rect(layout: Layout, picture: bool) -> pygame.Rect:
    """Where a page lies over the board (larger with a picture)."""
    width, height = layout.size
    rect = pygame.Rect(0, 0, int(width * (0.9 if picture else 0.8)),
                       int(height * (0.86 if picture else 0.82)))
    rect.center = (width // 2, (height + layout.menu.height) // 2)
    return rect


def leave_rect(layout: Layout) -> pygame.Rect:
    """Where the question whether to leave the game lies: in the middle of the window."""
    width, height = layout.size
    rect = pygame.Rect(0, 0, int(width * 0.5 * min(1.3, layout.text)),
                       int(page_size(layout) * 9))
    rect.center = (width // 2, (height + layout.menu.height) // 2)
    return rect


def leave_buttons(layout: Layout) -> tuple[pygame.Rect, pygame.Rect]:
    """Leave and Play on, side by side under the question (Leave first in reading order)."""
    rect = leave_rect(layout)
    size = page_size(layout)
    half = (rect.width - 3 * size) // 2
    leave = pygame.Rect(rect.left + size, rect.bottom - int(size * 2.6), half, int(size * 1.8))
    stay = leave.move(half + size, 0)
    return mirrored(leave, rect), mirrored(stay, rect)


def page_size(layout: Layout) -> int:
    """The size of a page's letters in this window (larger with Options > Larger text)."""
    width, height = layout.size
    return max(12, int(min(width, height * 1.6) / 48 * layout.text))


def page_buttons(layout: Layout, picture: bool) -> tuple[pygame.Rect, pygame.Rect]:
    """Where Back and Next lie under a page: a third of its last band each, Back at the start
    of the line (the right, in a language read from the right), Next at its end."""
    rect = page_rect(layout, picture)
    band = int(page_size(layout) * 2.2)
    third = rect.width // 3
    back = pygame.Rect(rect.left + 6, rect.bottom - band - 4, third, band)
    forward = pygame.Rect(rect.right - third - 6, rect.bottom - band - 4, third, band)
    return mirrored(back, rect), mirrored(forward, rect)


def in_the_air(shot: Snapshot, side: Side) -> int:
    """How many of ``side``'s pieces are in the air (the player's hand, the mummy's): none of
    them waits on the sideline meanwhile."""
    return sum(1 for flying, _ in _in_the_air(shot) if flying is side)


def _in_the_air(shot: Snapshot) -> list[tuple[Side, tuple[int, int]]]:
    """The pieces in the air: the mummy's on its way, the one in the player's hand."""
    flying = [shot.flight] if shot.flight is not None else []
    if shot.held is not None:
        flying.append((shot.held.side, shot.mouse))
    return flying


def _ring(focus: tuple[int, int, int, int], cell: int) -> pygame.Rect:
    """All the focus ring round ``focus`` covers."""
    width = max(3, cell // 16)
    return pygame.Rect(focus).inflate(4 * width, 4 * width)


def _air(pos: tuple[int, int], cell: int) -> pygame.Rect:
    """All a piece in the air covers: its sprite, lifted, and its shadow."""
    return pygame.Rect(pos[0] - cell, pos[1] - cell - cell // 8, 2 * cell + cell // 8,
                       2 * cell + cell // 4)


def _key(shot: Snapshot, menu: Menu, layout: Layout) -> tuple[object, ...]:
    """All the still picture shows but the lights: while it is unchanged, only lights and
    pieces in the air need drawing."""
    pieces = shot.pieces
    return (layout.size, tuple(sorted(pieces.owners.items())), tuple(pieces.off.items()),
            shot.held, shot.shaking, shot.shaking and shot.now, shot.status, shot.news,
            shot.sticks_caption, shot.fact, shot.page, shot.page_number, shot.players, shot.log,
            shot.log_back, shot.labels, shot.lesson, shot.odds, shot.review, shot.focus,
            shot.dice, shot.ringed, shot.choices, shot.chosen, shot.leaving,
            menu.open, menu.sub, menu.hover if menu.open is not None else None)
