"""Setna's tournament on the board: the 1995 game's story, played against the mummy.

Beside the controller, it sets the mummy to Neferkaptah's level (the Vizier's play, and it says
so, without a solved table), counts each finished game for Setna (the player) or the mummy, keeps
the tournament in the state directory after every game, and lights the sand between games
(``firmware.story.sand_scene``). What happens is told in the story's voice: logged, and spoken where
the board speaks. A game begun after the tournament's end begins a new tournament.

    setna = Setna(controller, TournamentStore(state_dir), say=voice.say)
    setna.start()
    controller.tick(); setna.tick()   # every frame
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from engine.core.sides import Side
from engine.mummy import Level, Mummy
from firmware.lights.scenes import Phase
from firmware.play.controller import Controller
from firmware.story.sand_scene import tournament_scene
from firmware.story.tournament import TO_WIN, Tournament, TournamentStore
from firmware.words import N_, _, say, upper_first
from hardware.lights.pixels import Frame

log = logging.getLogger(__name__)

MUMMY = Side.REELS
"""The mummy's side in the tournament; Setna, the player, has the Cones."""
NUMBERS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
           N_("seven"), N_("eight"), N_("nine"))


def in_words(n: int) -> str:
    """``4`` as ``four`` (up to nine; digits beyond)."""
    return _(NUMBERS[n]) if 0 <= n < len(NUMBERS) else str(n)


STORY = N_(
    "Prince Setna has found the tomb of Neferkaptah and, on its table, the Book of Thoth. The "
    "mummy will not give it up without a game of Twenty Squares: the first to win "
    "{games} games takes the book, and for every game Setna loses, the mummy's "
    "magic sinks him deeper into the sand of the tomb.")


def story() -> str:
    """The story so far, in the language spoken."""
    return _(STORY).format(games=in_words(TO_WIN))


def narration(before: Tournament, after: Tournament) -> str:
    """What the game just finished did to Setna, in the story's voice."""
    if after.won:
        return _("Setna wins the last game! The sand lets him go, and he takes the Book of Thoth "
                 "from the table of Neferkaptah.")
    if after.over:
        return _("The mummy wins again, and Setna sinks until the sand is at his neck. His "
                 "brother Anhurerau runs into the tomb with the amulets of Ptah; the spell "
                 "breaks, and Setna climbs out of the sand and flees with his life. The Book of "
                 "Thoth stays with Neferkaptah.")
    if after.wins > before.wins:
        if after.stage == 0:
            return _("Setna wins this game, and the sand lets go of him a little: he stands on "
                     "it again.")
        return _("Setna wins this game, and the sand lets go of him a little: it comes {sand} "
                 "now.").format(sand=after.sand)
    return _("The mummy wins this game, and its magic draws Setna into the sand {sand}.").format(
        sand=after.sand)


class Setna:
    """Setna's tournament beside a controller: ``start`` it, ``tick`` it after every frame."""

    def __init__(self, controller: Controller, store: TournamentStore | None = None,
                 say: Callable[[str], None] | None = None) -> None:
        self.controller = controller
        self.store = store
        self.say = say
        loaded = store.load() if store is not None else None
        self.tournament = loaded if loaded is not None else Tournament()
        self.news = ""
        """What the last game did to Setna, in the story's voice (empty before the first)."""
        self.changed_at = controller.clock.now()
        """When the tournament last changed (the light scene starts over then)."""
        self.running = False
        self._counted: Any = None
        self._kept: tuple[Side | None, Level, bool] = (None, Level.PRIEST, False)

    @property
    def fallback(self) -> str | None:
        """Why Neferkaptah plays as the Vizier here (no solved table), or None."""
        return Mummy(Level.NEFERKAPTAH, table=self.controller.settings.table).fallback

    def start(self) -> None:
        """Play the tournament: the mummy takes the Reels at Neferkaptah's level (Setna plays
        the Cones), and the story is told."""
        controller = self.controller
        settings = controller.settings
        self._kept = (settings.mummy, settings.level, settings.fair)
        settings.mummy = MUMMY
        settings.fair = False
        controller.set_level(Level.NEFERKAPTAH)
        controller.lighting = self._lights
        game = controller.game
        self._counted = game if game is not None and game.state.is_over else None
        self.running = True
        fallback = self.fallback
        said = [story(), self.tournament.telling()]
        if fallback:  # "no solved table ...: Neferkaptah plays as the Vizier"
            said.insert(1, _("({why}.)").format(why=upper_first(say(fallback))))
        self._tell(" ".join(said))

    def stop(self) -> None:
        """Leave the tournament (it is kept): the mummy and its level as they were."""
        if not self.running:
            return
        self.running = False
        settings = self.controller.settings
        settings.mummy, level, settings.fair = self._kept
        self.controller.set_level(level)
        self.controller.lighting = None

    def tick(self) -> None:
        """Count a game that has just ended; begin anew after the tournament's end."""
        game = self.controller.game
        if not self.running or game is None or game is self._counted:
            return
        if not game.state.is_over:
            if self.tournament.over:  # a new game after the end: a new tournament
                self._changed(Tournament())
                self._tell(_("A new tournament begins. {telling}").format(
                    telling=self.tournament.telling()))
            return
        self._counted = game
        mummy = self.controller.settings.mummy
        if mummy is None:
            self._tell(_("Nobody played the mummy: that game does not count."))
            return
        before = self.tournament
        self._changed(before.after(won=game.state.winner is not mummy))
        self.news = narration(before, self.tournament)
        self._tell(f"{self.news} {self.tournament.telling()}")

    def _changed(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.changed_at = self.controller.clock.now()
        if self.store is not None:
            self.store.save(tournament)

    def _tell(self, text: str) -> None:
        log.info("Setna's tournament: %s", text)
        if self.say is not None:
            self.say(text)

    def _lights(self, frame: Frame, t: float) -> Frame:
        """Between games the board shows the tomb; in a game, the game."""
        if self.running and self.controller.phase is Phase.IDLE:
            return tournament_scene(self.tournament, t - self.changed_at)
        return frame
