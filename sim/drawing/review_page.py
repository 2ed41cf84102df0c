"""The window's review page: a finished game judged by the solved table, on one page.

The Cones' chance after every step as a line over the game (blue above the middle line, amber
below), each side's three biggest mistakes, and the luck of the throws (in a game that has them).

    draw_review(surface, surface.get_rect(), review(table, game.record), Texts(), 16)
"""

from __future__ import annotations

import itertools

import pygame

from engine.core.sides import Side
from engine.mummy.review import Review, cones_curve
from firmware.words import _, say, side_said
from hardware.lights.strips import Colour
from sim.drawing.board import CONE_BODY, REEL_BODY, TABLE, TABLE_LINE
from sim.drawing.text import Texts, mirrored

INK: Colour = (236, 226, 206)
CONE_LINE: Colour = (130, 180, 255)
"""The Cones' stretch of the line: a light blue that reads on the dark table."""
REEL_LINE: Colour = (255, 196, 96)
"""The Reels' stretch: a light amber."""
MARGIN = 16

__all__ = ["cones_curve", "draw_review"]


def draw_review(surface: pygame.Surface, rect: pygame.Rect, review: Review, texts: Texts,
                size: int) -> None:
    """Draw the review page of ``review`` in ``rect``, its words at ``size`` pixels (at the
    page's right when the language reads right to left; the graph runs left to right)."""
    pygame.draw.rect(surface, TABLE, rect)
    line_height = texts.line("Ag", size, INK).get_height()

    def write(line: str, y: int, colour: Colour = INK) -> None:
        drawn = texts.line(line, size, colour)
        surface.blit(drawn, mirrored(drawn.get_rect(topleft=(rect.left + MARGIN, y)), rect))

    y = rect.top + MARGIN
    write(_("Game review: the Cones' chance to win, move by move"), y)
    y += line_height
    for line in texts.wrap(say(review.judged_by), size, rect.width - 2 * MARGIN):  # a long one
        write(line, y)
        y += line_height
    y += line_height // 2 + 4  # the scale's "100%" stands half a line above the graph
    room = rect.width - 2 * MARGIN
    mistakes = [(texts.wrap(_("{side}' biggest mistakes: {listed}").format(
        side=side_said(side), listed=_("; ").join(
            f"{s.number}. {say(s.move or '')} -{s.loss:.1f}" for s in review.mistakes(side))
        or _("none")), size, room), CONE_BODY if side == Side.CONES else REEL_BODY)
        for side in Side]  # each move in words: a line may not hold them all
    text_lines = sum(len(lines) for lines, _colour in mistakes) + (3 if review.lucky else 2)
    axis = texts.width("100%", size) + 8
    graph = pygame.Rect(rect.left + MARGIN + axis, y, rect.width - 2 * MARGIN - axis,
                        max(40, rect.bottom - y - MARGIN - text_lines * line_height))
    _graph(surface, graph, cones_curve(review))
    _axes(surface, graph, texts, size, len(review.steps))
    y = graph.bottom + line_height + 6
    for lines, colour in mistakes:
        for line in lines:
            write(line, y, colour)
            y += line_height
    luck = ", ".join(f"{side_said(side)} {review.luck(side):+.1f}" for side in Side)
    lost = ", ".join(f"{side_said(side)} {review.lost(side):.1f}" for side in Side)
    lines = [_("Points given up by moves: {lost}").format(lost=lost)]
    if review.lucky:  # a game without a throw has no luck to tell
        lines.insert(0, _("Luck of the throws (points): {luck}").format(luck=luck))
    for line in lines:
        write(line, y)
        y += line_height


def _axes(surface: pygame.Surface, area: pygame.Rect, texts: Texts, size: int,
          steps: int) -> None:
    """The chance's scale at the left (the Cones sure to win at the top) and the steps below."""
    for share, y in ((1.0, area.top), (0.5, area.centery), (0.0, area.bottom)):
        text = texts.line(f"{share:.0%}", size, INK)
        surface.blit(text, text.get_rect(midright=(area.left - 4, y)))
    for words, where in ((_("start"), "topleft"),
                         (_("step {n}").format(n=steps), "topright")):
        text = texts.line(words, size, INK)
        place = text.get_rect(**{where: getattr(area, "bottomleft" if where == "topleft"
                                                else "bottomright")})
        surface.blit(text, place.move(0, 2))


def _graph(surface: pygame.Surface, area: pygame.Rect, curve: list[float]) -> None:
    pygame.draw.rect(surface, TABLE_LINE, area)
    middle = area.top + area.height // 2
    pygame.draw.line(surface, INK, (area.left, middle), (area.right, middle))
    if len(curve) < 2:
        return
    step = area.width / (len(curve) - 1)
    points = [(area.left + i * step, area.bottom - c * area.height) for i, c in enumerate(curve)]
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        colour = CONE_LINE if (y1 + y2) / 2 <= middle else REEL_LINE
        pygame.draw.line(surface, colour, (x1, y1), (x2, y2), 3)
