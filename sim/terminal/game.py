"""``aseb play``: a game in the terminal (any game of the family), for two players or against the
mummy, in the game's own words (``Rules.words``).

Press Enter to throw; pick a move by its number, its notation (``C2-M6`` in Tait's game) or its
square (``C2``). ``mummy`` hands the side to play to the mummy or takes it back, so the mummy can
play both sides and finish a game. Reads lines from ``read`` and writes with ``write``, so tests
script whole games.

The plain mode (``aseb play --plain``, and always with spoken play) is for a screen reader: no
drawing at all, the throws and moves in words ("1) Cone on C2 to M6"), and ``board`` says the
board in a sentence. With spoken play chosen, what is written before each prompt is said aloud
too (``say``: espeak-ng, where installed).
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable
from typing import Any, Protocol

from engine.core.errors import RulesError
from engine.core.events import BorneOff, Entered, Event, Moved, MovedTheirs, ThrowLost, TurnPassed
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games.api import Position, Rules, Words
from engine.mummy.chances import SolvedTable
from engine.mummy.judges import Judge, judge_for, odds_text
from engine.mummy.scribe import scribe_move
from engine.record import GameRecord
from engine.tait.state import TAIT
from engine.text import (
    board_text,
    demon_cast_text,
    event_text,
    move_text,
    throw_text,
    thrown_text,
)
from firmware.play.evidence import move_squares
from firmware.play.telling import sided_throws, why_lost
from firmware.spoken.sentences import board_said
from firmware.words import N_, _, problem, say, side_said
from sim.terminal.rules import RULES, rules_text

LINE = 78
"""Letters on a line of the help."""
Chooser = Callable[[Any, random.Random], Any]
"""How the mummy picks a move: given the position with a pending throw and a generator."""
Adviser = Callable[[Any], str]
"""A hint for the pending throw, as a line to print."""


class Settings(Protocol):
    """The settings as commands (``sim.terminal.settings``): ``options``, ``level vizier``..."""

    def help(self) -> tuple[str, str]:
        """The settings' command and what it does: a row of the help."""

    def command(self, game: Any, line: str) -> bool:
        """Handle a typed line that is a settings command (False: it is not one)."""

    @property
    def spoken(self) -> bool:
        """Whether spoken play is chosen."""


COMMANDS = {"hint": N_("hint"), "board": N_("board"), "mummy": N_("mummy"),
            "switch": N_("switch"), "new": N_("new"), "help": N_("help"), "quit": N_("quit"),
            "rules": RULES}
"""The commands typed at a prompt: each is also understood in the language spoken."""


def command_of(answer: str) -> str:
    """The command a typed word names (``hilfe`` in German is ``help``), else the word."""
    word = answer.strip().lower()
    for command, marked in COMMANDS.items():
        if word == _(marked).lower():
            return command
    return word


def help_text(words: Words, more: tuple[tuple[str, str], ...] = ()) -> str:
    """The commands, in the game's words (its throw, its notation), then ``more`` (the
    settings' command), in one column whatever the language's words."""
    rows = [
        *([(_("Enter"), say(words.throw))] if words.throw else []),
        ("1, 2 ...", _("make the move with that number")),
        (f"{words.move}, {words.square}", _("make a move by its notation, or by its square")),
        (_("hint"), _("what would the mummy play?")),
        (_("board"), _("show the board again")),
        (_("mummy"), _("hand the side to play to the mummy, or take it back")),
        (_("switch"), _("swap your side and the mummy's")),
        (_("new"), _("start a new game")),
        (_("rules"), _("how to play this game, page by page ('{rules} 2': page 2)").format(
            rules=_("rules"))),
        (_("help"), _("this list")),
        (_("quit"), _("leave the game")),
        *more,
    ]
    width = max(len(key) for key, _what in rows) + 3
    title = _("Commands (type them instead of a move or before throwing):") if words.throw \
        else _("Commands (type them instead of a move):")
    indent = "\n" + " " * (width + 2)  # a description's own lines go on under its first
    room = max(30, LINE - width - 2)  # each description wrapped to the line, not the terminal
    return "\n".join([title, *(f"  {key:<{width}}" + indent.join(
        part for paragraph in what.split("\n") for part in textwrap.wrap(paragraph, room))
                                for key, what in rows)])


class Quit(Exception):
    """The player asked to leave (or the input ended)."""


class ModeChosen(Exception):
    """Another mode was chosen (``mode tutorial``): this game makes way for it."""

    def __init__(self, mode: str) -> None:
        super().__init__(mode)
        self.mode = mode


class TerminalGame:
    """The terminal front end: turns typed lines into throws and moves, and prints the board."""

    mode = "game"
    """The mode this game plays (``firmware.menu.choices``' ``mode``): ordinary games."""

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None],
                 rng: random.Random, *, mummy: Side | None = Side.REELS,
                 chooser: Chooser = scribe_move, adviser: Adviser | None = None,
                 ruleset: Rules = TAIT, table: SolvedTable | None = None,
                 finished: Callable[[GameRecord], str] | None = None,
                 throws: Callable[[Throw], Throw] | None = None,
                 settings: Settings | None = None, plain: bool = False,
                 say: Callable[[str], None] | None = None) -> None:
        self._read, self._write, self.rng = read, write, rng
        self.plain = plain
        """For a screen reader: no drawing, everything in words (``aseb play --plain``)."""
        self.say = say
        """Speaks what is written before each prompt, with spoken play (None: no voice)."""
        self._unsaid: list[str] = []
        self.mummies: set[Side] = {mummy} if mummy is not None else set()
        """The sides the mummy plays: none, one, or both (it finishes the game by itself)."""
        self.chooser = chooser
        self.adviser = adviser
        self.table = table
        """The solved table, when there is one: exact chances after every move (else a search
        estimates them, said so)."""
        self.finished = finished
        """Keeps a finished game's record; returns a line to print (where it went)."""
        self.throws = throws
        """Arranges the throws (a lesson): given the sticks' throw, the one to take."""
        first, self.begins = ruleset.who_begins(rng, None)
        """Who begins the game in play, and why, in a sentence."""
        self.game = Game(ruleset, first)
        self.settings = settings
        """The settings as commands (None: none here)."""
        self.show_chances = True
        """Print the chances after every move (the table's, or a search's estimates)."""
        self.next_mode: str | None = None
        """The mode chosen while playing (``mode tutorial``), to be played next; None: none."""
        self._judge: tuple[Rules, Judge] | None = None
        self._odds_of: tuple[Any, str | None] | None = None
        self.help_told = False
        """Whether the player was told of ``help`` (once is enough: a screen reader hears every
        line); a game that follows another in the same run is told already."""
        self.wrong_told = False
        """Whether a wrong answer to a throw was told of ``help`` (then once is enough)."""

    @property
    def spoken(self) -> bool:
        """Whether spoken play is chosen (then the game is plain, and said aloud)."""
        return self.settings is not None and self.settings.spoken

    @property
    def words_only(self) -> bool:
        """Whether everything is said in words, with no drawing (plain, or spoken play)."""
        return self.plain or self.spoken

    def write(self, text: str) -> None:
        """Write ``text`` (and keep it to say aloud at the next prompt, with spoken play)."""
        self._write(text)
        if self.spoken and self.say is not None:
            self._unsaid.append(text)

    def read(self, prompt: str) -> str:
        """Ask with ``prompt``; with spoken play, what was written since is said first (said
        aloud where there is a voice: the screen reader reads it anyway)."""
        if self.spoken and self.say is not None:
            self.say("\n".join([*self._unsaid, prompt.strip(" >\n")]))
        self._unsaid.clear()
        return self._read(prompt)

    @property
    def mummy(self) -> Side | None:
        """The one side the mummy plays (None when it plays none, or both)."""
        return next(iter(self.mummies)) if len(self.mummies) == 1 else None

    @property
    def words(self) -> Words:
        """The game's words."""
        return self.game.ruleset.words

    def run(self) -> int:
        """Play until the player quits or the input ends; returns the exit status."""
        throw = self.words.throw
        title = say(self.game.ruleset.title)
        if self.help_told:
            self.write(_("{game}.").format(game=title))
        elif throw:
            self.write(_("{game}. Type '{help}' for commands; press Enter to {throw}.").format(
                game=title, help=_("help"), throw=say(throw)))
        else:
            self.write(_("{game}. Type '{help}' for commands; no throw in this game: pick a "
                         "move.").format(game=title, help=_("help")))
        self.help_told = True
        self.write(say(self.begins))
        try:
            self._start()
            while True:
                self._step()
        except Quit:
            self.write(_("The mummy returns to its rest. Farewell."))
        except ModeChosen as chosen:
            self.next_mode = chosen.mode
        return 0

    # --- the game loop ----------------------------------------------------------------------

    def _start(self) -> None:
        events = self.game.demon_cast(self.rng)
        if any(isinstance(e, ThrowLost | Entered) for e in events):  # Tait's demon-cast
            self.write(say(demon_cast_text(sided_throws(self.game))))
        self._tell(tuple(e for e in events if not isinstance(e, ThrowLost | TurnPassed)))

    def _new_game(self, last_winner: Side | None) -> None:
        """A new game under the same rules, begun as the game says (``Rules.who_begins``)."""
        rules = self.game.ruleset
        first, self.begins = rules.who_begins(self.rng, last_winner)
        self.game = Game(rules, first)
        self.write(_("A new game. {begins}").format(begins=say(self.begins)))
        self._start()

    def _step(self) -> None:
        state = self.game.state
        if state.is_over:
            if self.finished is not None:
                self.write(self.finished(self.game.record))
            if self._ask(_("Press Enter for a new game, or '{quit}': ").format(
                    quit=_("quit"))) is not None:
                self._new_game(state.winner)
        elif state.throw is None and self.game.ruleset.chance is not None:
            throw = self.words.throw
            if state.turn in self.mummies:
                self.write(mummy_throws(state.turn))
            else:
                answer = self._ask(throw_asked(state.turn, self.words))
                if answer is None:
                    return
                if answer:  # typed text is never a throw
                    self.write(_("{answer} is not a command: press Enter to {throw}.").format(
                        answer=repr(answer), throw=say(throw)) if self.wrong_told else
                        _("{answer} is not a command: press Enter to {throw}, or type "
                          "'{help}'.").format(answer=repr(answer), throw=say(throw),
                                              help=_("help")))
                    self.wrong_told = True
                    return
            self._cast()
        else:
            self._move()

    def _cast(self) -> None:
        state = self.game.state
        throw = self.game.ruleset.draw(self.rng)
        if self.throws is not None:
            throw = self.throws(throw)
        events = self.game.cast(throw)
        self.write(thrown_said(state, throw, self.words_only))
        lost = any(isinstance(e, ThrowLost) for e in events)
        self._tell(events, why_lost(state, throw) if lost else ())

    def _move(self) -> None:
        state = self.game.state
        move: Any
        if state.turn in self.mummies:
            move = self.chooser(state, self.rng)
            self.write(mummy_plays(state, move))
        else:
            move = self._choose(state)
        if move is not None:
            events = self.game.play(move)
            if state.turn in self.mummies:  # its move is said: not again as what happened
                events = tuple(e for e in events if not restates(e))
            self._tell(events)
            self._odds()

    def restart(self, game: Game) -> None:
        """Play ``game`` from now on (another game was chosen; ``begins`` says who begins)."""
        self.game = game
        self.write(say(self.begins))
        self._start()

    @property
    def judge(self) -> Judge:
        """Who judges the chances of the game in play: the solved table where it holds the
        game, else the game's strongest search (its chances said to be estimates)."""
        rules = self.game.ruleset
        if self._judge is None or self._judge[0] is not rules:  # another game was chosen
            self._judge = (rules, judge_for(rules, self.table))
        return self._judge[1]

    def _odds(self, asked: bool = False) -> None:
        """The chances, after a move (words only: when the board is asked for, not after every
        move, so a screen reader does not read them again and again)."""
        if not self.show_chances or (self.words_only and not asked):
            return
        state = self.game.state
        if self._odds_of is None or self._odds_of[0] is not state:  # judged once a position
            self._odds_of = (state, odds_text(self.judge, state))
        if self._odds_of[1] is not None:
            self.write(say(self._odds_of[1]))

    def _choose(self, state: Position) -> Any:
        """Ask until the player names a legal move; None when a command changed the game."""
        self._show(state)
        listing = moves_listed(state, self.words_only)
        while True:
            answer = self._ask(move_asked(state, listing) + "\n> ")
            if answer is None:
                return None
            if answer.lstrip("+-").isdigit():  # a number, even one that names no move
                if answer.isdigit() and 1 <= int(answer) <= len(state.moves):
                    return state.moves[int(answer) - 1]
                self.write(_("Choose 1 to {n}.").format(n=len(state.moves))
                           if len(state.moves) > 1 else _("Type 1: there is one move."))
                continue
            if not answer:
                self.write(_("Pick one of the moves by its number."))
                continue
            try:
                return state.parse_move(answer)
            except RulesError as exc:
                self.write(_("{problem}. Pick one of: {moves}").format(problem=problem(exc),
                                                                       moves=listing))

    # --- commands ---------------------------------------------------------------------------

    def _ask(self, prompt: str) -> str | None:
        """Read a line; commands are handled here: None when one changed the game or the mode."""
        while True:
            try:
                answer = self.read(prompt).strip()
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            command = command_of(answer)
            first, _space, page = answer.partition(" ")
            if command_of(first) == "rules":
                self.write(rules_text(self.game.ruleset, page))
                continue
            if command in ("q", "quit", "exit"):
                raise Quit
            if command in ("h", "help", "?"):
                self.write(help_text(self.words, () if self.settings is None
                                     else (self.settings.help(),)))
            elif command == "board":
                self._show(self.game.state, asked=True)
            elif command == "hint":
                self._hint()
            elif command == "mummy":
                self.write(self._hand_over(self.game.state.turn))
                return None
            elif command == "switch":
                self.write(self._switch())
                return None
            elif self.settings is not None and self.settings.command(self, answer):
                return None
            elif command == "new":
                self._new_game(None)
                return None
            else:
                return answer

    def _hand_over(self, side: Side) -> str:
        """``mummy``: the mummy takes the side to play, or hands it back to the player."""
        if side in self.mummies:
            self.mummies.discard(side)
            if self.mummies:
                return _("You play the {side} again; the mummy plays the {other}.").format(
                    side=side_said(side), other=side_said(side.other))
            return _("You play the {side} again: two players, no mummy.").format(
                side=side_said(side))
        self.mummies.add(side)
        if len(self.mummies) == 2:
            return _("The mummy plays the {side} too: it plays both sides to the end "
                     "('{mummy}' takes the side to play back).").format(
                         side=side_said(side), mummy=_("mummy"))
        return _("The mummy plays the {side}.").format(side=side_said(side))

    def _switch(self) -> str:
        """``switch``: the player and the mummy swap sides."""
        if len(self.mummies) != 1:
            return (_("The mummy plays both sides: '{mummy}' takes the side to play back.")
                    if self.mummies else
                    _("No mummy is playing: '{mummy}' hands it the side to play.")).format(
                        mummy=_("mummy"))
        (side,) = self.mummies
        self.mummies = {side.other}
        return _("You switch sides; the mummy now plays the {side}.").format(
            side=side_said(side.other))

    def _hint(self) -> None:
        state = self.game.state
        if not state.moves:
            self.write(_("{throw} first; then ask for a hint.").format(
                throw=say(self.words.throw).capitalize()) if self.words.throw
                else _("Move first; then ask for a hint."))
            return
        if self.adviser is not None:
            self.write(_("The mummy would play {move}.").format(move=say(self.adviser(state))))
            return
        move = self.chooser(state, random.Random(self.rng.random()))
        self.write(_("The mummy would play {move}.").format(move=say(move_text(state, move))))

    def _show(self, state: Position, asked: bool = False) -> None:
        """The board (plain: said in a sentence, and only when ``asked``), then the chances."""
        if self.words_only:
            if asked:
                self.write(board_said(state))
                self._odds(asked=True)
            return
        movable = frozenset(source for source, _target in (move_squares(state, m)
                                                           for m in state.moves)
                            if source is not None)
        self.write(say(board_text(state, highlight=movable)))
        self._odds()

    def _tell(self, events: tuple[Event, ...], why: tuple[str, ...] = ()) -> None:
        """Each event in a line; after a lost throw, why (a rule a newcomer could not guess)."""
        for line in events_said(events, self.game.ruleset.geometry, why):
            self.write(line)


def restates(event: Event) -> bool:
    """Whether ``event`` only says again the move just said in words (the piece went from
    here to there), where a bump or an extra turn is news."""
    return isinstance(event, Entered | Moved | BorneOff | MovedTheirs)


# What the terminal says at each step, one function a sentence: the browser's page says the
# same (``sim.browser``), the plain mode's words to a screen reader.

def throw_asked(side: Side, words: Words) -> str:
    """The prompt before a player's throw: ``Cones, press Enter to throw the sticks: ``."""
    return _("{side}, press Enter to {throw}: ").format(side=side_said(side),
                                                        throw=say(words.throw))


def mummy_throws(side: Side) -> str:
    """``The mummy (Reels) throws.``"""
    return _("The mummy ({side}) throws.").format(side=side_said(side))


def thrown_said(state: Position, throw: Throw, words_only: bool) -> str:
    """The throw just made from ``state``: in words only (``Cones threw a 3.``), or with the
    sticks drawn."""
    if words_only:
        return say(thrown_text(state.rules, state.turn, throw))
    return _("{side} threw {throw}").format(side=side_said(state.turn),
                                            throw=say(throw_text(state, throw)))


def mummy_plays(state: Position, move: Any) -> str:
    """The mummy's move in words: ``The mummy plays: Reel on M9 to M11.``"""
    return _("The mummy plays: {move}.").format(move=say(move_text(state, move)))


def moves_listed(state: Position, words_only: bool) -> str:
    """The moves of the pending throw in words, numbered: on one line for a screen reader
    (``1) Cone on C2 to M6; 2) ...``), else one a line."""
    return (_("; ") if words_only else "\n").join(
        f"{n}) {say(move_text(state, m))}" for n, m in enumerate(state.moves, 1))


def move_asked(state: Position, listing: str) -> str:
    """The prompt before a player's move: whose move it is, then the moves ``listing``."""
    return _("{turn}: {moves}").format(turn=whose_move(state), moves=listing)


def events_said(events: tuple[Event, ...], geometry: Any = None,
                why: tuple[str, ...] = ()) -> list[str]:
    """Each event in a line; after a lost throw, why (a rule a newcomer could not guess).
    Whose turn it is next the prompt says (or the mummy's throw), so not here too."""
    lines = []
    for event in events:
        if isinstance(event, TurnPassed):
            continue
        lines.append("  " + say(event_text(event, geometry)))
        if isinstance(event, ThrowLost):
            lines += ["  " + say(reason) for reason in why]
    return lines


def whose_move(state: Position) -> str:
    """Whose move it is; in Ramses' second move, that a piece of the opponent's is moved."""
    owners = {state.journeys(m)[0].side for m in state.moves}
    if owners == {state.turn.other}:
        return _("Now move one of the {other}' pieces, {side}").format(
            other=side_said(state.turn.other), side=side_said(state.turn))
    return _("Go ahead and make your move, {side}").format(side=side_said(state.turn))
