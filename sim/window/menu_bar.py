"""The menu bar of the 1995 game: Options, Help, Exit (and Log), with drop-downs of checkable items.

The menu only says which item was chosen (an action name); the window acts on it. An item with
a ``sub`` list (a setting and its choices) opens that list beside it when clicked. Every item is
reached by keys too: F10 opens the bar, Left and Right go from title to title (and into and out
of a list beside), Up and Down from item to item, Enter chooses, Esc closes.

    menu = Menu(lambda title: [Item("New game", "new_game")])
    menu.click(pos, layout)  # 'new_game' when the item was clicked
    menu.key(pygame.K_F10); menu.key(pygame.K_RETURN)  # the same item, by keys
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from firmware.words import N_, _, say
from hardware.lights.strips import Colour
from sim.drawing.layout import Layout
from sim.drawing.text import Texts, mirrored, mirrored_x

TITLES = (N_("Options"), N_("Help"), N_("Log"), N_("Exit"))
ACTIONS = {"Log": "log", "Exit": "exit"}
"""Titles that act at once instead of opening a list."""
BAR: Colour = (28, 22, 18)
BAR_TEXT: Colour = (236, 214, 160)
DROP: Colour = (246, 236, 208)
DROP_TEXT: Colour = (40, 26, 14)
DISABLED: Colour = (150, 140, 120)
HOVER: Colour = (214, 180, 110)


@dataclass(frozen=True)
class Item:
    """One line of a drop-down: a label, the action it asks for, and its check mark."""

    label: str
    action: str
    checked: bool | None = None  # None: not a checkable item
    enabled: bool = True
    sub: tuple[Item, ...] = ()
    """The list this item opens beside it (a setting's choices); empty: it acts at once."""


class Menu:
    """The bar and the one drop-down that may be open."""

    def __init__(self, items: Callable[[str], list[Item]], texts: Texts | None = None) -> None:
        self._items = items
        self.texts = texts if texts is not None else Texts()
        """The window's words, to size each title and list to its longest words."""
        self.open: str | None = None
        self.sub: str | None = None
        """The action of the item whose list is open beside the drop-down, if any."""
        self.hover: tuple[int, int] = (-1, -1)
        self.cursor: int | None = None
        """The item the keys are on in the open drop-down (None: the mouse leads)."""
        self.sub_cursor = 0
        """The item the keys are on in the list open beside it."""

    def title_rects(self, layout: Layout) -> dict[str, pygame.Rect]:
        """Where each title sits on the bar: each as wide as its words in the language spoken
        (at least a few letters' room), one after the other (from the right end of the bar
        when the language reads that way)."""
        h = layout.menu.height
        size = title_size(layout)
        found, left = {}, h // 2
        for title in TITLES:
            width = max(int(h * 3.0), self.texts.width(_(title), size) + h)
            found[title] = mirrored(pygame.Rect(left, 0, width, h), layout.menu)
            left += width
        return found

    def list_width(self, items: list[Item] | tuple[Item, ...], layout: Layout) -> int:
        """How wide a list must be for its longest line in the language spoken: the check
        mark's room, the words, the arrow's room (never wider than the window)."""
        h = item_height(layout, len(items))
        size = int(h * 0.72)
        words = max((self.texts.width(say(item.label), size) for item in items), default=0)
        return min(layout.size[0], words + LABEL_INSET * h + 8 + int(h * 1.1))

    def item_rects(self, layout: Layout) -> list[tuple[pygame.Rect, Item]]:
        """The open drop-down's items and where they lie, then those of the list open beside
        it (empty when closed)."""
        if self.open is None or self.open in ACTIONS:
            return []
        bar = layout.menu.height
        title = self.title_rects(layout)[self.open]
        items = self._items(self.open)
        h = item_height(layout, len(items))  # all of it in the window
        width = self.list_width(items, layout)
        left = min(mirrored(title, layout.menu).left, layout.size[0] - width)  # left to right,
        found = [(pygame.Rect(left, bar + i * h, width, h), item)     # mirrored at the end
                 for i, item in enumerate(items)]
        beside = next(((rect, item) for rect, item in found
                       if item.sub and item.action == self.sub), None)
        if beside is not None:  # beside its item, kept inside the window (over the drop-down's
            rect, item = beside  # right end when larger words leave no room past it)
            wide = self.list_width(item.sub, layout)
            top = max(bar, min(rect.top, layout.size[1] - len(item.sub) * h))
            left = max(0, min(rect.right, layout.size[0] - wide))
            found += [(pygame.Rect(left, top + i * h, wide, h), choice)
                      for i, choice in enumerate(item.sub)]
        return [(mirrored(rect, layout.menu), item) for rect, item in found]

    def key(self, key: int) -> tuple[bool, str | None]:
        """Handle a key: whether the menu took it, and the action chosen (if any)."""
        if self.open is None:
            if key == pygame.K_F10:
                self._open_title(TITLES[0])
                return True, None
            return False, None
        if key == pygame.K_ESCAPE:
            if self.sub is not None:
                self.sub = None
            else:
                self.close()
            return True, None
        items = self._items(self.open) if self.open not in ACTIONS else []
        here = items[self.cursor] if items and self.cursor is not None else None
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            inward = key == pygame.K_RIGHT
            if self.sub is not None and not inward:
                self.sub = None
            elif here is not None and here.sub and inward and self.sub is None:
                self._open_sub(here)
            else:
                step = 1 if inward else -1
                self._open_title(TITLES[(TITLES.index(self.open) + step) % len(TITLES)])
        elif key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if key == pygame.K_DOWN else -1
            if self.sub is not None and here is not None:
                self.sub_cursor = _next_enabled(here.sub, self.sub_cursor, step)
            elif items:
                self.cursor = _next_enabled(items, -1 if self.cursor is None and step > 0
                                            else self.cursor or 0, step)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.open in ACTIONS:
                action = ACTIONS[self.open]
                self.close()
                return True, action
            if here is not None and here.sub and self.sub is None:
                self._open_sub(here)
                return True, None
            chosen = here.sub[self.sub_cursor] if here is not None and self.sub is not None \
                else here
            if chosen is not None and chosen.enabled:
                self.close()
                return True, chosen.action
        else:
            return False, None
        return True, None

    def close(self) -> None:
        """Close the drop-down and any list beside it."""
        self.open = self.sub = self.cursor = None

    def _open_title(self, title: str) -> None:
        self.open, self.sub = title, None
        self.cursor = 0 if title not in ACTIONS else None

    def _open_sub(self, item: Item) -> None:
        self.sub = item.action
        self.sub_cursor = next((i for i, c in enumerate(item.sub) if c.checked), 0)

    def click(self, pos: tuple[int, int], layout: Layout) -> str | None:
        """Handle a click; the chosen item's action, or None (the click may open or close)."""
        for rect, item in reversed(self.item_rects(layout)):  # the list beside lies on top
            if rect.collidepoint(pos):
                if item.sub:
                    self.sub = None if self.sub == item.action else item.action
                    return None
                self.close()
                return item.action if item.enabled else None
        for title, rect in self.title_rects(layout).items():
            if rect.collidepoint(pos):
                self.sub = None
                if title in ACTIONS:
                    self.close()
                    return ACTIONS[title]
                self.open = None if self.open == title else title
                self.cursor = None  # the mouse leads
                return None
        self.close()
        return None

    def _keyed(self) -> Item | None:
        """The item the keys are on, if the keys lead."""
        if self.open is None or self.open in ACTIONS or self.cursor is None:
            return None
        items = self._items(self.open)
        if not items:
            return None
        here = items[min(self.cursor, len(items) - 1)]
        if self.sub is not None and here.sub:
            return here.sub[min(self.sub_cursor, len(here.sub) - 1)]
        return here

    def covers(self, pos: tuple[int, int], layout: Layout) -> bool:
        """Whether ``pos`` falls on the bar or the open drop-down (so not on the board)."""
        return layout.menu.collidepoint(pos) or any(
            rect.collidepoint(pos) for rect, _item in self.item_rects(layout))

    def draw_bar(self, surface: pygame.Surface, layout: Layout, texts: Texts) -> None:
        """The bar with its titles (the open drop-down is drawn apart, over the board)."""
        pygame.draw.rect(surface, BAR, layout.menu)
        size = title_size(layout)
        for title, rect in self.title_rects(layout).items():
            if title == self.open:
                pygame.draw.rect(surface, HOVER, rect)
            fits = texts.fit(_(title), size, rect.width - size // 2)  # a gap to its neighbours
            text = texts.line(_(title), fits, DROP_TEXT if title == self.open else BAR_TEXT)
            surface.blit(text, text.get_rect(center=rect.center))

    def draw_list(self, surface: pygame.Surface, layout: Layout, texts: Texts) -> None:
        """The open drop-down (drawn again over lights that changed under it), and the list
        beside it over it, each framed."""
        keyed = self._keyed()
        placed = self.item_rects(layout)
        columns: dict[int, list[tuple[pygame.Rect, Item]]] = {}
        for rect, item in placed:  # the drop-down first, then the list beside it
            columns.setdefault(rect.left, []).append((rect, item))
        for column in columns.values():
            for rect, item in column:
                self._draw_item(surface, rect, item, texts, int(rect.height * 0.72), keyed)
            rects = [rect for rect, _item in column]
            pygame.draw.rect(surface, BAR, rects[0].unionall(rects[1:]), 1)

    def _draw_item(self, surface: pygame.Surface, rect: pygame.Rect, item: Item, texts: Texts,
                   size: int, keyed: Item | None) -> None:
        """One line of a list: highlighted under the mouse or the keys (the keys' framed too,
        seen without colour), its check mark, its arrow, its words."""
        hover = (rect.collidepoint(self.hover) and item.enabled and keyed is None) or \
            (bool(item.sub) and item.action == self.sub) or item == keyed
        pygame.draw.rect(surface, HOVER if hover else DROP, rect)
        if item == keyed:
            pygame.draw.rect(surface, BAR, rect.inflate(-4, -4), 2)
        colour = DROP_TEXT if item.enabled else DISABLED
        h = rect.height
        if item.checked:  # drawn, not a glyph: it looks the same in any face
            points = [(mirrored_x(int(rect.left + h * x), rect), int(rect.top + h * y))
                      for x, y in ((0.3, 0.5), (0.5, 0.72), (0.85, 0.25))]
            pygame.draw.lines(surface, colour, False, points, max(2, h // 10))
        if item.sub:  # an arrow to the list it opens, drawn as the check mark is
            pygame.draw.polygon(surface, colour, [
                (mirrored_x(int(rect.right - h * x), rect), int(rect.top + h * y))
                for x, y in ((0.6, 0.28), (0.6, 0.72), (0.3, 0.5))])
        said = say(item.label)  # labels are marked ids
        room = rect.width - LABEL_INSET * h - 8 - int(h * 1.1)
        text = texts.line(said, texts.fit(said, size, room), colour)  # fits, even in a tiny
        place = text.get_rect(midleft=(rect.left + LABEL_INSET * h + 8, rect.centery))  # window
        surface.blit(text, mirrored(place, rect))


LABEL_INSET = 1
"""A list's words begin this many line heights in (the check mark's room before them)."""


def title_size(layout: Layout) -> int:
    """The size of the bar's titles."""
    return int(layout.menu.height * 0.72)


def item_height(layout: Layout, count: int) -> int:
    """The height of each line of a list of ``count`` (all of it inside the window)."""
    bar = layout.menu.height
    return min(bar, (layout.size[1] - bar) // max(1, count))


def _next_enabled(items: tuple[Item, ...] | list[Item], at: int, step: int) -> int:
    """The index of the next enabled item from ``at`` by ``step`` (round the end), else ``at``."""
    for n in range(1, len(items) + 1):
        index = (at + step * n) % len(items)
        if items[index].enabled:
            return index
    return max(0, at)
