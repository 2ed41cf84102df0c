"""Spoken play beside the controller: for a player who cannot see the lights, the board says what
happened (each throw, each move, a bump, an extra turn, who won), what it awaits now (the moves
the throw allows, as squares; the mummy's or a far player's move, to carry out; a shake), and
what is wrong when the board is not as expected ("A Reel is missing from M9."). A shake with no
piece lifted, or the repeat button, has it said again (``PlayState.asked``).

Lines wait while the voice is still speaking and go out together once it is quiet; a line about
what is awaited that is no longer so is dropped unsaid. Other speakers (a lesson of the
tutorial) hand their lines to ``tell``, so nothing is cut short.

    spoken = SpokenPlay(controller, say=voice.say, speaking=lambda: voice.speaking)
    controller.tick(); spoken.tick()                  # every frame
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.text import move_text, thrown_text
from firmware.lights.scenes import Phase
from firmware.play.controller import Controller
from firmware.play.tracker import InProgress, Mismatch
from firmware.spoken.sentences import dice_said, moves_said, wrong_said
from firmware.words import _, say


def quiet() -> bool:
    """A voice that is never busy: every line goes out at once."""
    return False


@dataclass
class SpokenPlay:
    """Says the game on ``controller`` aloud with ``say``; ``tick`` it after the controller."""

    controller: Controller
    say: Callable[[str], None]
    speaking: Callable[[], bool] = quiet
    """Whether the voice is still speaking (lines wait until it is quiet)."""
    mummy_moves_itself: Callable[[], bool] = lambda: False
    """Whether the mummy's own hand moves its pieces (the window's); on a board a person does."""
    _news: tuple[str, ...] | None = None
    _now: tuple[Any, ...] | None = None
    _wrong: Mismatch | InProgress | None = None
    _asked: int | None = None
    _waiting: list[tuple[str, bool]] = field(default_factory=list)
    """Lines to say once the voice is quiet, each with whether it tells what is awaited now."""
    _told: list[str] = field(default_factory=list)
    """Lines handed over by a story since the last tick."""

    def tick(self) -> None:
        """Look at the controller; say what is new, or wait for the voice to be quiet."""
        controller = self.controller
        if self._asked is None:  # the first look: what happened before is not news
            self._asked, self._news = controller.asked, controller.news
        if controller.asked != self._asked:
            self._asked = controller.asked
            self._waiting.clear()
            self.say(self.again())  # asked: at once, over whatever was being said
            self._now, self._wrong = self._situation(), self._mistake()
            return
        if controller.news is not self._news:
            self._news = controller.news
            self._waiting += [(line, False) for line in controller.news]
        self._waiting += [(line, False) for line in self._told]  # a lesson after its news
        self._told.clear()
        situation = self._situation()
        if situation != self._now:
            self._now = situation
            self._waiting = [(line, now) for line, now in self._waiting if not now]
            self._add(self.awaited())
        mistake = self._mistake()
        if _what(mistake) != _what(self._wrong):
            self._wrong = mistake
            if mistake is not None:
                self._add(wrong_said(mistake))
        if self._waiting and not self.speaking():
            lines, self._waiting = self._waiting, []
            self.say(" ".join(line for line, _now in lines))

    def tell(self, text: str) -> None:
        """Say ``text`` after what is being said (a lesson's words, a story's), after the
        news it answers."""
        if text:
            self._told.append(text)

    def _add(self, text: str) -> None:
        if text:
            self._waiting.append((text, True))

    def _situation(self) -> tuple[Any, ...]:
        """What the board awaits, as a key that changes when it does."""
        controller = self.controller
        game = controller.game
        return (controller.phase, game.state if game is not None else None,
                controller.mummy_move, controller.remote)

    def _mistake(self) -> Mismatch | InProgress | None:
        """What is wrong with the board now, when its lights show it."""
        controller = self.controller
        verdict = controller.verdict
        if isinstance(verdict, Mismatch | InProgress) and controller.guiding() \
                and controller.phase is not Phase.MENU:
            return verdict
        return None

    def awaited(self) -> str:
        """What the board awaits now, in a sentence or two."""
        controller = self.controller
        game = controller.game
        phase = controller.phase
        if phase is Phase.MENU:
            return ""  # the menu speaks for itself
        if phase is Phase.MOVE and game is not None:
            state, move = game.state, controller.mummy_move
            if move is not None and state.turn == controller.remote:
                return _("Your friend plays: {move}. Move their piece for them.").format(
                    move=say(move_text(state, move)))
            if move is not None and self.mummy_moves_itself():
                return _("The mummy plays: {move}.").format(move=say(move_text(state, move)))
            if move is not None:
                return _("The mummy plays: {move}. Move its piece for it.").format(
                    move=say(move_text(state, move)))
            if state.turn != controller.remote:  # the dice left, where they are used one by one
                return " ".join(filter(None, (dice_said(state), moves_said(state))))
        return controller.status()

    def again(self) -> str:
        """Everything the board awaits, for a player who asked: the throw to move with and
        the moves it allows, or what is wrong, or what to do."""
        controller = self.controller
        mistake = self._mistake()
        if mistake is not None:
            return wrong_said(mistake) or controller.status()
        game = controller.game
        if controller.phase is Phase.MOVE and game is not None and game.state.throw is not None \
                and controller.mummy_move is None and not dice_said(game.state):
            state = game.state  # (the dice still to use are said with the moves)
            return f"{say(thrown_text(state.rules, state.turn, state.throw))} {self.awaited()}"
        return self.awaited() or controller.status()


def _what(mistake: Mismatch | InProgress | None) -> object:
    """What a mistake asks of the player (the same asked again is not said again)."""
    if isinstance(mistake, Mismatch):
        return frozenset(mistake.missing.items()), mistake.unexpected
    if isinstance(mistake, InProgress):
        return mistake.targets
    return None
