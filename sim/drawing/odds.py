"""The window's win-chance bar: a thin upright bar beside the board, Reels' share on top (their
row is the top one), Cones' below, each labelled with its percentage just beyond its end.

    draw_odds(surface, pygame.Rect(x, y, 24, board_height), cones_chance, font)
"""

from __future__ import annotations

import pygame

from hardware.lights.strips import Colour
from sim.drawing.board import CONE_BODY, CONE_EDGE, REEL_BODY, REEL_EDGE, TABLE_LINE

LABEL: Colour = (236, 226, 206)


def split(rect: pygame.Rect, cones: float) -> tuple[pygame.Rect, pygame.Rect]:
    """The bar's Reels part (top) and Cones part (bottom) for the Cones' chance ``cones``."""
    cones = min(1.0, max(0.0, cones))
    cones_height = round(rect.height * cones)
    reels = pygame.Rect(rect.x, rect.y, rect.width, rect.height - cones_height)
    below = pygame.Rect(rect.x, reels.bottom, rect.width, cones_height)
    return reels, below


def draw_odds(surface: pygame.Surface, rect: pygame.Rect, cones: float | None,
              font: pygame.font.Font) -> None:
    """Draw the bar for the Cones' chance ``cones`` (None: no solved table, an empty frame)."""
    pygame.draw.rect(surface, TABLE_LINE, rect)
    if cones is not None:
        reels, below = split(rect, cones)
        for part, body, edge in ((reels, REEL_BODY, REEL_EDGE), (below, CONE_BODY, CONE_EDGE)):
            if part.height > 0:
                pygame.draw.rect(surface, body, part)
                pygame.draw.line(surface, edge, part.topleft, part.topright)
        # Each share beside the bar's end, on the table: "100%" is wider than the bar, and
        # cream letters could not be read on the Reels' orange.
        for share, top in ((1.0 - cones, True), (cones, False)):
            text = font.render(f"{share:.0%}", True, LABEL)
            place = text.get_rect(centerx=rect.centerx)
            if top:
                place.bottom = rect.top - 2
            else:
                place.top = rect.bottom + 2
            surface.blit(text, place)
    pygame.draw.rect(surface, REEL_EDGE, rect, width=1)
