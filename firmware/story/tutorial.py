"""The tutorial: a guided first game, lesson by lesson, on the board, in the window or the terminal.

Each lesson sets up its position (on the board, the controller guides the pieces there, missing
ones blinking in their owner's colour), arranges its throws (the player still shakes the sticks:
the lesson decides how they fall), says what to do, waits for it, and praises or corrects. The
lessons: the path, the throw, entering with a 4 or a 6, bumping, the marked squares and extra
turns, bearing off. The player plays the Cones; the mummy, the Reels.

    tutorial = Tutorial(controller, BOARD, say=voice.say)
    tutorial.start()
    controller.tick(); tutorial.tick()   # every frame
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.tait.board import path
from engine.tait.state import GameState
from firmware.lights.scenes import SIDE_COLOUR, scale
from firmware.play.controller import Controller
from firmware.play.store import Store
from firmware.words import N_, _
from hardware.lights.pixels import Frame

log = logging.getLogger(__name__)

PLAYER = Side.CONES
"""The side the player learns with; the mummy plays the other."""

Words = Mapping[str, str]
"""How to do things where the tutorial runs: ``shake``, and a move of each kind (``move``,
``enter``, ``bump``, ``bear_off``) with ``{src}``, ``{dst}`` and ``{notation}`` filled in."""

BOARD: Words = {
    "shake": N_("Shake the stick box, then stand it upright"),
    "move": N_("Lift the Cone on {src} and set it on {dst}"),
    "enter": N_("Set a Cone from beside the board on {dst}"),
    "bump": N_("Lift the Reel off {dst} and put it aside, then set your Cone from {src} on "
               "{dst}"),
    "bear_off": N_("Set the Cone from {src} on 16, then lift it off the board"),
}
WINDOW: Words = {
    "shake": N_("Hold the mouse on the stick box, then let go"),
    "move": N_("Click the Cone on {src}, and it goes to {dst}"),
    "enter": N_("Click a Cone on your sideline, and it comes in on {dst}"),
    "bump": N_("Click the Cone on {src}: it lands on the Reel on {dst}"),
    "bear_off": N_("Click the Cone on {src}: it goes to 16 and off"),
}
TERMINAL: Words = {
    "shake": N_("Press Enter to throw"),
    **dict.fromkeys(("move", "enter", "bump", "bear_off"), N_("Type {notation} (or its number)")),
}


@dataclass(frozen=True)
class Beat:
    """One thing that happens in a lesson: a throw (how the sticks will fall) or a move (in
    notation, ``x`` for a bump; empty: any move), and what is said once it has happened."""

    throw: str | None = None
    move: str | None = None
    said: str = ""


@dataclass(frozen=True)
class Lesson:
    """A position, what to do there and the throws and moves that do it; ``{shake}`` and
    ``{do}`` (the next move) in the words are filled in for the board, window or terminal."""

    title: str
    position: str
    tell: str
    beats: tuple[Beat, ...]
    praise: str
    correct: str
    """Said when the player makes another move than the lesson's (then it starts again)."""
    path: bool = False
    """Light the player's path under the game's lights."""


LESSONS = (
    Lesson(
        N_("The path"), "C:C2 R:M11 entered:CR turn:C throw:3:WWWD",
        N_("Your Cones race along a path: in along your own row from 1 to 4, round the corner onto "
        "the middle row at 5, and on to 16, where they leave the board. The Reels race the same "
        "middle row from their own side. The sticks show a 3: {do}."),
        (Beat(move="C2-M5"),),
        N_("Round the corner: the middle row is shared, and that is where the two sides meet."),
        N_("That is allowed, but this lesson moves the Cone on C2."), path=True),
    Lesson(
        N_("The throw"), "C:M5 R:M11 entered:CR turn:C",
        N_("Now throw for yourself. {shake}. Count the sticks that land white side up: that is how "
        "far you move. No white at all counts 6."),
        (Beat(throw="2:WWDD", said=N_("Two white sticks: a 2. {do}.")), Beat(move="M5-M7")),
        N_("That is every turn: throw, count the whites, move."),
        N_("That is allowed, but this lesson moves the Cone on M5.")),
    Lesson(
        N_("Entering with a 4 or a 6"), "C:- R:- turn:C",
        N_("A side's first piece comes onto the board only with a 4 or a 6; after that, any throw "
        "brings one in. {shake}."),
        (Beat(throw="3:WWWD", said=N_("A 3: your first piece cannot come in, so the throw is lost "
              "and the turn passes. Watch the mummy throw.")),
         Beat(throw="2:WWDD", said=N_("The mummy threw a 2: it cannot come in either. {shake}.")),
         Beat(throw="4:WWWW", said=N_("Four whites: a 4! {do}.")),
         Beat(move="in-C4")),
        N_("Your first Cone is in, on C4, and C4 carries a sign: a marked square, which earns "
        "another throw. More of that soon."),
        N_("This lesson brings a Cone in on C4.")),
    Lesson(
        N_("Bumping"), "C:C4 R:M6 entered:CR turn:C",
        N_("Land on a Reel in the middle row and you bump it: it goes back to its sideline and "
        "must start again. {shake}."),
        (Beat(throw="2:WWDD", said=N_("A 2: from C4 your Cone lands on the Reel on M6. {do}.")),
         Beat(move="C4xM6")),
        N_("Bump! The Reel must come all the way round again. You may never land on your own "
        "piece."),
        N_("That is allowed, but this lesson is the bump: the Cone on C4 lands on the Reel.")),
    Lesson(
        N_("Marked squares and extra turns"), "C:M6 R:- entered:CR turn:C",
        N_("The squares with a sign, 4, 8, 12 and 16, give a piece that lands on one another "
        "throw, and so does a throw of 6. {shake}."),
        (Beat(throw="2:WWDD", said=N_("A 2. {do}, onto the sign.")),
         Beat(move="M6-M8", said=N_("A marked square: the signs flare, and you throw again. "
              "{shake}.")),
         Beat(throw="6:DDDD", said=N_("No white at all: a 6, which earns yet another throw. "
                                      "{do}.")),
         Beat(move="M8-M14")),
        N_("Extra throws add up: each one is used before the turn passes."),
        N_("That is allowed, but this lesson lands on the sign and then moves that Cone on.")),
    Lesson(
        N_("Bearing off"), "C:M14 R:- off:4,0 entered:CR turn:C",
        N_("A piece that lands exactly on 16 leaves the board: it is borne off. Four of your Cones "
        "are home already; bear off the last one to win. {shake}."),
        (Beat(throw="2:WWDD", said=N_("A 2: from M14 exactly to 16. {do}.")),
         Beat(move="M14-off")),
        N_("All five Cones are off: you win! That is the whole game; now play the mummy."),
        N_("This lesson bears off the Cone on M14.")),
)


class Progress(Enum):
    """What a throw or move did to the lesson."""

    ON = "on"  # the lesson goes on
    AGAIN = "again"  # something else was done: the lesson starts again
    DONE = "done"  # the lesson is learnt


def instruction(words: Words, notation: str) -> str:
    """How to make the move ``notation`` (``C2-M6``, ``in-C4``, ``C4xM6``, ``M14-off``)."""
    text = notation.upper()
    src, _dash, dst = text.replace("X", "-").partition("-")
    kind = "enter" if src == "IN" else "bear_off" if dst in ("OFF", "M16") \
        else "bump" if "X" in text else "move"
    return _(words[kind]).format(src=src, dst=dst, notation=notation)


class Teacher:
    """Follows the lessons: which one, how far along, and what to say. Fed every throw and move
    made; any front end (board, window, terminal) plays the lessons through it."""

    def __init__(self, words: Words, lessons: Sequence[Lesson] = LESSONS) -> None:
        self.words = words
        self.lessons = tuple(lessons)
        self.index = 0
        self.beat = 0
        self.message = ""
        self._throws: deque[Throw] = deque()

    @property
    def finished(self) -> bool:
        """Whether every lesson is learnt."""
        return self.index >= len(self.lessons)

    @property
    def lesson(self) -> Lesson:
        """The lesson under way (the last one, once all are learnt)."""
        return self.lessons[min(self.index, len(self.lessons) - 1)]

    @property
    def heading(self) -> str:
        """``Lesson 2 of 6: The throw``."""
        number = min(self.index, len(self.lessons) - 1) + 1
        return _("Lesson {number} of {lessons}: {title}").format(
            number=number, lessons=len(self.lessons), title=_(self.lesson.title))

    def begin(self, before: str = "") -> GameState:
        """(Re)start the lesson under way, its throws arranged afresh; its position.

        ``before``: what to say first (the praise of the last lesson, or a correction)."""
        lesson = self.lesson
        self.beat = 0
        self._throws = deque(Throw.parse(b.throw) for b in lesson.beats if b.throw)
        self.message = " ".join(filter(None, (before, self._say(lesson.tell, 0))))
        return GameState.parse(lesson.position)

    def arranged(self, thrown: Throw) -> Throw:
        """The throw the lesson takes when the sticks show ``thrown`` (its own, once its
        arranged throws are used up)."""
        return self._throws.popleft() if self._throws else thrown

    def heard(self, before: GameState, action: Any) -> Progress:
        """A throw or a move was made from ``before``: on with the lesson, again, or done."""
        beats = self.lesson.beats
        if self.finished or self.beat >= len(beats):
            return Progress.ON
        beat = beats[self.beat]
        thrown = isinstance(action, Throw)
        wanted = None if thrown or not beat.move else before.parse_move(beat.move)
        if thrown != (beat.throw is not None) or (wanted is not None and action != wanted):
            self.message = _(self.lesson.correct)
            return Progress.AGAIN
        self.beat += 1
        if self.beat == len(beats):
            self.message = _(self.lesson.praise)
            self.index += 1
            return Progress.DONE
        if beat.said:
            self.message = self._say(beat.said, self.beat)
        return Progress.ON

    def _say(self, text: str, start: int) -> str:
        """``text`` with ``{shake}`` and ``{do}`` (the next move from beat ``start``) filled."""
        moves = [b.move for b in self.lesson.beats[start:] if b.move]
        do = instruction(self.words, moves[0]) if moves else ""
        return _(text).format(shake=_(self.words["shake"]), do=do)


def path_glow(frame: Frame, t: float, side: Side = PLAYER) -> Frame:
    """A soft light running along ``side``'s path, under whatever ``frame`` lights already."""
    squares = path(side)
    head = (t * 4.0) % (len(squares) + 4)
    glow = {square: scale(SIDE_COLOUR[side], 0.08 + 0.5 * max(0.0, 1.0 - abs(i - head) / 3.0))
            for i, square in enumerate(squares)}
    return {**glow, **frame}


class Tutorial:
    """The lessons on a controller's board: sets each up, arranges its throws, listens.

    While it runs the mummy plays the Reels and the saved game is left alone; ``stop`` (or
    the end of the last lesson, or a new game asked for) gives the board back as it was."""

    def __init__(self, controller: Controller, words: Words = BOARD,
                 say: Callable[[str], None] | None = None,
                 lessons: Sequence[Lesson] = LESSONS) -> None:
        self.controller = controller
        self.teacher = Teacher(words, lessons)
        self.say = say
        self.running = False
        self._game: Game | None = None
        self._seen = 0
        self._said = ""
        self._kept: tuple[Side | None, Store | None] = (None, None)

    @property
    def finished(self) -> bool:
        """Whether every lesson has been learnt."""
        return self.teacher.finished

    @property
    def heading(self) -> str:
        return self.teacher.heading

    @property
    def game(self) -> Game | None:
        """The game of the lesson under way (of the last lesson, once all are learnt)."""
        return self._game

    @property
    def message(self) -> str:
        """What the player is told now."""
        return self.teacher.message

    def start(self) -> None:
        """Begin with the first lesson."""
        controller = self.controller
        self._kept = (controller.settings.mummy, controller.store)
        controller.settings.mummy = PLAYER.other
        controller.store = None  # a lesson never overwrites the saved game
        controller.throw_source = self.teacher.arranged
        controller.lighting = self._lights
        self.running = True
        log.info("the tutorial begins")
        self._begin()

    def stop(self) -> None:
        """Give the board back: the mummy's side and the saved game as they were."""
        if not self.running:
            return
        self.running = False
        controller = self.controller
        controller.settings.mummy, controller.store = self._kept
        controller.throw_source = controller.lighting = None
        log.info("the tutorial ends%s", "" if self.finished else " before its last lesson")

    def tick(self) -> None:
        """Listen to what was thrown and moved since the last frame, and act on it."""
        if not self.running:
            return
        game = self.controller.game
        if game is not self._game or game is None:
            self.stop()  # a new game was asked for: the tutorial gives way
            return
        for before, action in self._new_actions(game):
            progress = self.teacher.heard(before, action)
            if progress is Progress.ON:
                continue
            if self.finished:
                self._tell()
                self.stop()
            else:
                self._begin(self.teacher.message)
            return
        self._tell()

    def _begin(self, before: str = "") -> None:
        state = self.teacher.begin(before)
        self.controller.set_up(state)
        self._game, self._seen = self.controller.game, 0
        self._tell()

    def _new_actions(self, game: Game) -> list[tuple[Any, Any]]:
        """Each action since the last look, with the position it was made from."""
        found = []
        before = game.record.initial()
        for n, (action, after) in enumerate(game.record.replay()):
            if n >= self._seen:
                found.append((before, action))
            before = after
        self._seen = len(game.actions)
        return found

    def _tell(self) -> None:
        text = self.teacher.message
        if text == self._said:
            return
        self._said = text
        log.info("%s: %s", self.teacher.heading, text)
        if self.say is not None:
            self.say(text)

    def _lights(self, frame: Frame, t: float) -> Frame:
        return path_glow(frame, t) if self.running and self.teacher.lesson.path else frame
