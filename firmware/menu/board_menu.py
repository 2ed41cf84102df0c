"""The board menu: every choice made at a screenless board, by pieces and lights.

Open (``firmware.menu.menu_table`` says how), the board lights one page at a time: the page squares
glow white (the page shown bright), each choice of the page shown lights its own square in its
colour, the current choice steady and the others breathing, and the ``done`` square pulses
green. A piece set on a page square shows that page; set on a choice, it chooses it, with a
spoken line and a short sound; set on an action (the last page: a new PIN for the web page), it
closes the menu and the action is done (``act``). Lifting the piece from ``done``, or nobody
touching the board for ``timeout`` seconds, closes the menu. Squares are judged once the board
is still, so a piece slid across the row chooses only where it stops.

    menu = BoardMenu(menu_table(rules.geometry), chosen, say=voice.say)
    menu.open(now); menu.changed("M6", True, t); heard = menu.judge(now, still=True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from firmware import words
from firmware.lights.scenes import CALM, breathe, pulse, scale
from firmware.menu.choices import NO_TABLE, NO_WEB_PAGE, Choice, Chosen
from firmware.menu.menu_table import MenuTable, Page
from firmware.words import N_, _, say
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour

DONE_COLOUR: Colour = (0, 220, 90)
SHOWN_PAGE: Colour = (255, 255, 255)
TIMEOUT = 90.0
"""Seconds the menu stays open with nobody touching the board."""


@dataclass(frozen=True)
class Heard:
    """What the menu made of the still board: a ``page`` shown, a setting ``chosen``
    (``key``), the menu ``closed``, or an ``action`` to do now that it is (``key``)."""

    what: str
    key: str = ""


@dataclass
class BoardMenu:
    """The menu's state between opening and closing; ``chosen`` is what is chosen so far."""

    table: MenuTable
    chosen: Chosen
    say: Callable[[str], None] | None = None
    has_table: Callable[[], bool] = lambda: True
    """Whether the board has its game's solved table (without it no chances are lit)."""
    loudness: Callable[[float], float] = lambda volume: volume
    """What the speaker plays for a volume chosen (a kiosk's quiet hours lower it)."""
    act: Callable[[str], None] | None = None
    """Does an action chosen, once the menu has closed (the board's link, while it listens:
    ``firmware.service.link`` makes a new PIN); None: nothing here can, and the menu says so."""
    timeout: float = TIMEOUT
    is_open: bool = False
    page: int = 0
    last_touch: float = 0.0
    _changes: dict[str, tuple[float, bool]] = field(default_factory=dict)
    _done_set: bool = False

    @property
    def shown(self) -> Page:
        return self.table.pages[self.page]

    def open(self, now: float, pieces: frozenset[str] = frozenset()) -> None:
        """Open at the first page; ``pieces``: the squares with a piece on them (the opening
        squares: lifting the one from ``done`` closes the menu)."""
        self.is_open, self.page, self.last_touch = True, 0, now
        self._changes.clear()
        self._done_set = self.table.done in pieces
        self._say(_("The menu. {page} Set a piece on a lit square to choose, and lift the "
                    "piece from {done} to close.").format(page=self._page_words(),
                                                          done=self.table.done))

    def changed(self, square: str, occupied: bool, t: float) -> None:
        """A switch changed while the menu is open (judged once the board is still)."""
        self._changes[square] = (t, occupied)
        self.last_touch = max(self.last_touch, t)

    def judge(self, now: float, still: bool) -> list[Heard]:
        """What the pieces set and lifted since the last still board did; the menu closes on
        a lift from ``done`` or after ``timeout`` untouched seconds."""
        if not self.is_open:
            return []
        if not still:
            return []
        heard: list[Heard] = []
        changes = sorted(self._changes.items(), key=lambda item: item[1][0])
        self._changes.clear()
        for square, (_when, occupied) in changes:
            if square == self.table.done:
                if occupied:
                    self._done_set = True
                elif self._done_set:
                    return [*heard, self.close(N_("Closed and saved."))]
            elif occupied:
                heard += self._set_on(square)
                if not self.is_open:  # an action closed it: the rest was after the menu
                    return heard
        if not heard and now - self.last_touch >= self.timeout:
            return [self.close(N_("Nobody touched the board: the menu closed and saved."))]
        return heard

    def _set_on(self, square: str) -> list[Heard]:
        page = self.table.page_at(square)
        if page is not None:
            self.page = self.table.pages.index(page)
            self._say(self._page_words())
            return [Heard("page", page.setting.key)]
        choice = self.shown.choices.get(square)
        if choice is None:
            return []
        if self.shown.acts:
            return self._act(choice)
        key = self.shown.setting.key
        before = self.chosen
        self.chosen = before.with_(key, choice.value)
        if key == "language":  # the menu speaks the chosen language at once
            words.use(choice.value)
        said = [_("{choice}.").format(choice=say(choice.label))]
        if key == "chances" and self.chosen.chances and not self.has_table():
            said.append(_(NO_TABLE))
        for other in self.chosen.changed(before):
            if other != key:  # a story takes Tait's rules; another game leaves the story
                page = next(p for p in self.table.pages if p.setting.key == other)
                said.append(_("{setting}: {choice}.").format(setting=_(page.setting.title),
                                                             choice=self._label(page)))
        self._say(" ".join(said))
        return [Heard("chosen", key)]

    def _act(self, choice: Choice) -> list[Heard]:
        """An action chosen: the menu closes, keeping what was chosen, and the controller has
        the action done (``act``) once it is closed, so its lights are seen."""
        said = [_("{choice}.").format(choice=say(choice.title)), _("Closed and saved.")]
        if self.act is None:
            said.append(_(NO_WEB_PAGE))
        self.is_open = False
        self._say(" ".join(said))
        return [Heard("closed"), Heard("action", choice.value)]

    def close(self, said: str = N_("Closed and saved.")) -> Heard:
        """Close the menu, keeping what was chosen (``said``: a marked message)."""
        self.is_open = False
        self._say(_(said))
        return Heard("closed")

    def _label(self, page: Page) -> str:
        if page.acts:  # nothing is kept: what it does
            return _("; ").join(say(c.title) for c in page.choices.values())
        now = self.chosen.as_spoken()[page.setting.key]  # the language spoken, as it is
        square = page.square_of(now)
        return say(page.choices[square].label) if square is not None else now

    def _page_words(self) -> str:
        page = self.shown
        first = next(iter(page.choices), "")
        listing = _("; ").join(say(c.label) for c in page.choices.values())
        if page.acts:
            return _("{setting}. Done at once, from {first} on: {choices}.").format(
                setting=_(page.setting.title), first=first, choices=listing)
        return _("{setting}, now: {choice}. The choices, from {first} on: {choices}.").format(
            setting=_(page.setting.title), choice=self._label(page), first=first,
            choices=listing)

    def _say(self, text: str) -> None:
        if self.say is not None:
            self.say(text)

    def status(self) -> str:
        """One line for a status bar and the log."""
        page = self.shown
        return _("Menu, {setting}: {choice}. Set a piece on a lit square to choose; lift the "
                 "piece from {done} to close.").format(setting=_(page.setting.title),
                                                      choice=self._label(page),
                                                      done=self.table.done)

    def frame(self, t: float) -> Frame:
        """The lights of the page shown at time ``t``."""
        frame: dict[str, Colour] = {}
        for n, page in enumerate(self.table.pages):
            frame[page.tab] = SHOWN_PAGE if n == self.page else scale(CALM, 0.35)
        page = self.shown
        current = None if page.acts else \
            page.square_of(self.chosen.as_spoken()[page.setting.key])
        for square, choice in page.choices.items():
            frame[square] = choice.colour if square == current else \
                scale(choice.colour, breathe(t, 2.5))
        frame[self.table.done] = scale(DONE_COLOUR, pulse(t, 1.2))
        return frame
