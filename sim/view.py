"""What the window shows, drawn from a snapshot: board, lights, pieces, sticks, words, menu."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from engine.board import Side
from hardware.strips import Colour
from sim import drawing
from sim.hand import Held
from sim.layout import Layout
from sim.menu import Menu
from sim.pieces import Pieces
from sim.text import Texts

TEXT: Colour = (240, 222, 180)
DIM_TEXT: Colour = (176, 152, 112)
PAPYRUS: Colour = (236, 220, 172)
PAPYRUS_EDGE: Colour = (140, 100, 50)
PAPYRUS_TEXT: Colour = (46, 30, 14)
VEIL = (0, 0, 0, 150)


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
    fact: str | None
    page: tuple[str, str] | None
    now: float


class View:
    """Draws snapshots; keeps the static board and the rendered words between frames."""

    def __init__(self) -> None:
        self.texts = Texts()
        self._background: pygame.Surface | None = None
        self._veil: pygame.Surface | None = None
        self._last: tuple[object, ...] | None = None
        self._last_frame: dict[str, Colour] = {}
        self._last_surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, layout: Layout, menu: Menu,
             shot: Snapshot) -> list[pygame.Rect] | None:
        """Draw ``shot``: None when the whole window was drawn, else the rectangles redrawn.

        When only lights changed since the last picture on this surface, only their squares
        (and the sticks) are drawn again: a still board costs almost nothing to show.
        """
        key = _key(shot, menu, layout)
        if key == self._last and surface is self._last_surface:
            return self._lights_only(surface, layout, shot)
        self._last, self._last_surface = key, surface
        self._last_frame = dict(shot.frame)
        self._draw_all(surface, layout, menu, shot)
        return None

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
            light = shot.frame.get(name, (0, 0, 0))
            drawing.draw_tile(surface, rect, name, drawing.tint(drawing.TILE, light))
            side = shot.pieces.owners.get(name)
            if side is not None:
                drawing.draw_piece(surface, side, rect.center, layout.cell)
            dirty.append(rect)
        if any(name.startswith("S") for name in changed):
            box = layout.stick_box
            surface.blit(self._background, box, box)
            drawing.draw_sticks(surface, box, shot.frame, shot.shaking, shot.now)
            dirty.append(box)
        return dirty

    def _draw_all(self, surface: pygame.Surface, layout: Layout, menu: Menu,
                  shot: Snapshot) -> None:
        if self._background is None or self._background.get_size() != layout.size:
            self._background = drawing.board_surface(layout)
        surface.blit(self._background, (0, 0))
        drawing.draw_lights(surface, layout, shot.frame)
        cell = layout.cell
        for square, side in shot.pieces.owners.items():
            drawing.draw_piece(surface, side, layout.squares[square].center, cell)
        in_hand = {side: int(shot.held is not None and shot.held.side is side) for side in Side}
        for side in Side:
            for i in range(shot.pieces.waiting(side, in_hand[side])):
                drawing.draw_piece(surface, side, layout.sideline_slot(side, i), cell)
            for i in range(shot.pieces.off[side]):
                drawing.draw_piece(surface, side, layout.sideline_slot(side, i, True), cell)
        drawing.draw_sticks(surface, layout.stick_box, shot.frame, shot.shaking, shot.now)
        self._words(surface, layout, shot)
        if shot.held is not None:
            drawing.draw_piece(surface, shot.held.side, shot.mouse, cell, lifted=True)
        menu.draw(surface, layout, self.texts.font(int(layout.menu.height * 0.8)))
        if shot.page is not None:
            self._page(surface, layout, *shot.page)

    def _words(self, surface: pygame.Surface, layout: Layout, shot: Snapshot) -> None:
        cell = layout.cell
        caption = self.texts.line(shot.sticks_caption, int(cell * 0.3), DIM_TEXT)
        box = layout.stick_box
        surface.blit(caption, caption.get_rect(midtop=(box.centerx, box.bottom + cell // 10)))
        size = max(18, int(cell * 0.42))
        status = self.texts.line(shot.status, size, TEXT)
        if status.get_width() > layout.status.width:
            status = self.texts.line(shot.status, int(size * layout.status.width
                                                      / status.get_width()), TEXT)
        surface.blit(status, status.get_rect(midleft=layout.status.midleft))
        if shot.fact:
            self._fact(surface, layout, shot.fact)

    def _fact(self, surface: pygame.Surface, layout: Layout, fact: str) -> None:
        """A MummyFact on a scrap of papyrus, under the status line."""
        rect = layout.fact
        size = max(16, int(layout.cell * 0.28))
        lines = self.texts.wrap(fact, size, rect.width - size)
        height = min(rect.height, int((len(lines) + 1.6) * size * 0.9))
        scrap = pygame.Rect(rect.left, rect.top, rect.width, height)
        pygame.draw.rect(surface, PAPYRUS, scrap, border_radius=size // 3)
        pygame.draw.rect(surface, PAPYRUS_EDGE, scrap, 2, border_radius=size // 3)
        title = self.texts.line("MummyFact", size, PAPYRUS_EDGE)
        surface.blit(title, (scrap.left + size // 2, scrap.top + size // 3))
        for i, line in enumerate(lines):
            text = self.texts.line(line, size, PAPYRUS_TEXT)
            surface.blit(text, (scrap.left + size // 2, scrap.top + int((i + 1.3) * size * 0.9)))

    def _page(self, surface: pygame.Surface, layout: Layout, title: str, body: str) -> None:
        """A help page over the board; a click turns it (or puts it away)."""
        if self._veil is None or self._veil.get_size() != layout.size:
            self._veil = pygame.Surface(layout.size, pygame.SRCALPHA)
            self._veil.fill(VEIL)
        surface.blit(self._veil, (0, 0))
        width, height = layout.size
        rect = pygame.Rect(0, 0, int(width * 0.7), int(height * 0.78))
        rect.center = (width // 2, (height + layout.menu.height) // 2)
        pygame.draw.rect(surface, PAPYRUS, rect, border_radius=12)
        pygame.draw.rect(surface, PAPYRUS_EDGE, rect, 3, border_radius=12)
        size = max(16, int(min(width, height * 1.6) / 48))
        heading = self.texts.line(title, int(size * 1.4), PAPYRUS_EDGE)
        surface.blit(heading, (rect.left + size, rect.top + size))
        y = rect.top + int(size * 3.0)
        for line in self.texts.wrap(body, size, rect.width - 2 * size):
            if y > rect.bottom - 2 * size:
                break
            surface.blit(self.texts.line(line, size, PAPYRUS_TEXT), (rect.left + size, y))
            y += int(size * (1.1 if line else 0.6))
        more = self.texts.line("click to go on", int(size * 0.8), PAPYRUS_EDGE)
        surface.blit(more, more.get_rect(bottomright=(rect.right - size, rect.bottom - size // 2)))


def _key(shot: Snapshot, menu: Menu, layout: Layout) -> tuple[object, ...]:
    """All a picture shows but the lights: while it is unchanged, only lights need drawing."""
    pieces = shot.pieces
    return (layout.size, tuple(sorted(pieces.owners.items())), tuple(pieces.off.items()),
            shot.held, shot.mouse if shot.held is not None else None, shot.shaking,
            shot.shaking and shot.now, shot.status, shot.sticks_caption, shot.fact, shot.page,
            menu.open, menu.hover if menu.open is not None else None)
