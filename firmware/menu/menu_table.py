"""The board menu's table: which square opens it, names each page, holds each choice, closes it.

One rule for every board, from its geometry (``engine.games.api.Geometry``), so the 20-square
board, the racks board, Senet's and Ramses' boards all work alike and the card
(``firmware.menu.card``) draws exactly what the controller reads:

- **Opening** (between games, the board otherwise empty): a piece on each end of the path, the
  first player's first square and the last square (C1 and M16; H1 and H30), then a shake of the
  sticks. No game sets pieces on a board that is waiting between games, and an idle board
  refuses a shake over pieces, so the gesture disturbs no game; a board file may name other
  squares (``[menu] open``).
- **Closing**: lifting the piece from the last of those squares (``done``: 16).
- **Pages**: the outer rows, left to right (the Reels' row, then the Cones'), one square a page
  in the order of ``firmware.menu.choices.settings``, then the page of actions
  (``firmware.menu.choices.actions``: a new PIN for the web page), the opening squares left out;
  when the pages outnumber them, the middle row from its far end (Twenty Squares: M15, M14,
  M13).
- **Choices**: the middle row from its right-hand end (M5, M6, ... along the path), up to the
  pages there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine.games.api import Geometry
from firmware.menu.choices import Choice, Setting, actions, offered, settings


@dataclass(frozen=True)
class Page:
    """One page of the menu: its setting, the square that shows it, and a square per choice."""

    setting: Setting
    tab: str
    choices: Mapping[str, Choice]
    """Square to the choice it stands for, in order along the middle row."""
    acts: bool = False
    """A page of actions: a piece on a choice does it at once (nothing is kept)."""

    def square_of(self, value: str) -> str | None:
        """The square of the choice ``value`` (None: not offered here)."""
        return next((sq for sq, c in self.choices.items() if c.value == value), None)


@dataclass(frozen=True)
class MenuTable:
    """The whole menu of one board: the opening squares, ``done``, and the pages."""

    kind: str
    opening: tuple[str, ...]
    done: str
    pages: tuple[Page, ...]

    def page_at(self, square: str) -> Page | None:
        """The page whose tab is ``square``."""
        return next((page for page in self.pages if page.tab == square), None)

    def rows(self) -> list[tuple[str, str, str]]:
        """Every square that means something, as (page title, square, meaning): what the card
        prints and its render test reads."""
        found = [("Opening", square, "open: a piece here, then shake") for square in
                 self.opening[:-1]]
        found.append(("Opening", self.done, "open, then lift to close"))
        for page in self.pages:
            found.append((page.setting.title, page.tab, f"page: {page.setting.title}"))
            found += [(page.setting.title, sq, c.label) for sq, c in page.choices.items()]
        return found


def menu_table(geometry: Geometry, opening: Sequence[str] = (),
               pin_fixed: bool = False) -> MenuTable:
    """The menu of a board of ``geometry``; ``opening`` squares instead of the path's ends
    (the board file's ``[menu] open``; the last one closes the menu); ``pin_fixed``: the board
    file fixes the web page's PIN, so the menu makes none."""
    first_path = geometry.paths[0]
    squares = tuple(opening) or (first_path[0], first_path[-1])
    rows: dict[int, list[tuple[int, str]]] = {}
    for square, (row, column) in geometry.position.items():
        if square not in squares:
            rows.setdefault(row, []).append((column, square))
    top, *middle, bottom = sorted(rows)
    tabs = [sq for row in (top, bottom) for _, sq in sorted(rows[row])]
    along = [sq for row in middle for _, sq in sorted(rows[row], reverse=True)]
    to_do = actions(pin_fixed)
    shown = (*settings(), *((to_do,) if to_do is not None else ()))
    more = max(0, len(shown) - len(tabs))  # pages past the outer rows: the far end
    tabs, along = tabs + along[::-1][:more], along[:len(along) - more]
    pages = []
    for setting, tab in zip(shown, tabs, strict=False):
        choices = offered(setting, geometry.board)
        if len(choices) > len(along):
            raise ValueError(f"{setting.title} has {len(choices)} choices: the middle row holds "
                             f"{len(along)}")
        pages.append(Page(setting, tab, MappingProxyType(dict(zip(along, choices,
                                                                  strict=False))),
                          acts=setting is to_do))
    return MenuTable(geometry.board, squares, squares[-1], tuple(pages))
