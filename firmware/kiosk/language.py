"""A kiosk visitor's language: between games the six language squares glow in their colours
(the squares of the board menu's Language page, ``firmware.menu.menu_table``, printed on the menu
card with each language's name in itself); a piece set alone on one switches the board's words
and voice at once and greets the visitor in that language. The next visitor finds the board
file's language again: once the board has stood untouched between games as long as a game is
left before it is ended (``[kiosk] abandon_after``), or a game is ended for them.

It needs no menu (a kiosk usually locks it) and never touches a game: only an idle board, with
no game on it, listens (a new game's pieces start off the board, so no game is changed by it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.games.api import Geometry
from firmware import words
from firmware.lights.scenes import Phase
from firmware.menu.choices import LANGUAGE_COLOURS
from firmware.menu.menu_table import MenuTable, menu_table
from firmware.play import sounds
from firmware.play.controller import Controller
from firmware.play.telling import shake_words
from firmware.play.tracker import Unsettled
from firmware.words import _
from hardware.lights.strips import Colour

log = logging.getLogger(__name__)


def language_squares(table: MenuTable) -> Mapping[str, str]:
    """Square to language code: the board menu's Language page choices on this board."""
    page = next((page for page in table.pages if page.setting.key == "language"), None)
    return {} if page is None else {square: choice.value for square, choice in page.choices.items()}


NO_SQUARES: Mapping[str, str] = MappingProxyType({})


@dataclass
class VisitorLanguage:
    """Listens for a piece on a language square between games; ``tick`` every frame."""

    controller: Controller
    say: Callable[[str], None] | None = None
    """Speaks a line aloud (the board's voice)."""
    voice: Callable[[str], None] | None = None
    """Changes the voice's language (espeak-ng's voice of the language chosen)."""
    home: str | None = None
    """The language to go back to (the board's own); None while the board's own is spoken."""
    _heard: str | None = field(default=None, init=False)
    """The square whose piece was answered (answered once while it stands)."""
    _found: tuple[Geometry, Mapping[str, str]] | None = field(default=None, init=False)
    _lit: tuple[Mapping[str, str], str, Mapping[str, Colour]] | None = field(default=None,
                                                                           init=False)
    """The language squares, the language spoken, and their colours: made again when either
    changes, not every frame."""

    def _squares(self) -> Mapping[str, str]:
        """The language squares of the game played now (the menu's, else the default menu's)."""
        controller = self.controller
        if controller.menu is not None:
            return language_squares(controller.menu.table)
        geometry = controller.rules.geometry
        if self._found is None or self._found[0] is not geometry:  # made once a game
            self._found = (geometry, language_squares(menu_table(geometry)))
        return self._found[1]

    def tick(self) -> None:
        """Light the squares between games, and answer a piece set on one."""
        controller = self.controller
        squares = self._squares() if controller.phase is Phase.IDLE else NO_SQUARES
        spoken = words.language()
        lit = self._lit
        if lit is None or lit[0] is not squares or lit[1] != spoken:
            lit = self._lit = (squares, spoken, MappingProxyType({
                square: _colour(code, code == spoken) for square, code in squares.items()}))
        controller.language_squares = lit[2]
        if controller.phase is Phase.MENU:
            self.back()  # the menu speaks the board's own language, and may change it
            return
        if not squares or isinstance(controller.verdict, Unsettled):
            return
        pieces = controller.board_pieces()
        square = next(iter(pieces)) if len(pieces) == 1 else None
        if square != self._heard:
            self._heard = square
            if square is not None and square in squares:
                self.choose(squares[square])

    def choose(self, language: str) -> None:
        """A visitor's choice: spoken at once, and a greeting in it."""
        if self.home is None:
            self.home = words.language()
        self._use(language)
        controller = self.controller
        greeting = _("Welcome! This board speaks {language} now. Lift the piece, then {shake} "
                     "to begin a new game.").format(language=words.LANGUAGES[language],
                                                    shake=shake_words(controller.rules))
        controller.news = (greeting,)
        controller.said.append(greeting)
        controller.told.append(greeting)
        controller.speaker.play(sounds.MOVE)
        if self.say is not None:
            self.say(greeting)
        log.info("a visitor chose %s", language)

    def back(self) -> None:
        """The board's own language again (the next visitor's)."""
        if self.home is not None:
            home, self.home = self.home, None
            self._use(home)
            log.info("back to the board's language, %s", home)

    def _use(self, language: str) -> None:
        words.use(language)
        if self.voice is not None:
            self.voice(words.voice())


def _colour(language: str, spoken: bool) -> Colour:
    """The language's colour: full for the one spoken now, dimmer for the others."""
    red, green, blue = LANGUAGE_COLOURS[language]
    factor = 1.0 if spoken else 0.45
    return (int(red * factor), int(green * factor), int(blue * factor))
