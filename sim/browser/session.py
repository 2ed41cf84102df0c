"""A visitor's games in the browser: what the page asks, played on the engine, and what the board
would tell, as its link tells it.

The page's worker (``static/worker.js``) runs this in Pyodide. It hands each command of the
board's link (``set``, ``new_game``, ``throw``, ``move``, ``take_up``:
``firmware.service.link_schema``) to ``answer``, lets the mummy take its steps (``step``, while
``waiting`` says so) and asks for the lights on its timer (``lights``). Each answers with the
link's events that changed (``game`` with the board drawn by the web page's own drawing,
``position``, ``lights``, ``status``, ``throw``, ``moves``, ``chances``, ``log``, ``settings``,
``played``); the log says what the plain terminal says (``aseb play --plain``), its new lines in
``said`` for the page's live region.

    session = Session(random.Random(), choose(None, {"level": "vizier"})[0])
    session.answer(b'{"type": "throw"}')      # the events that changed
    while session.waiting == "mummy": session.step()
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from engine import games
from engine.core.errors import BadRecord, RulesError
from engine.core.events import Entered, Event, ExtraTurnEarned, ThrowLost, TurnPassed, Won
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games.api import Position
from engine.mummy import Mummy
from engine.mummy.chances import SolvedTable
from engine.mummy.judges import Judge, Odds, judge_for, odds
from engine.record import GameRecord, Notation
from engine.tait.state import GameState
from engine.text import demon_cast_text, move_text
from firmware import words
from firmware.lights.scenes import Phase, Show, scene, steady
from firmware.menu.choices import Chosen, choose, setting
from firmware.play.evidence import move_squares
from firmware.play.telling import sided_throws, why_lost
from firmware.service.link_schema import (
    Refused,
    geometry_json,
    hex_colour,
    message,
    parse_command,
    position_json,
    side_key,
)
from firmware.story.tutorial import PLAYER, Progress, Teacher, path_glow
from firmware.words import N_, _, problem, say
from sim.browser.page import OFFERED, PAGE_WORDS, offers
from sim.terminal.game import (
    events_said,
    move_asked,
    moves_listed,
    mummy_plays,
    mummy_throws,
    restates,
    throw_asked,
    thrown_said,
    whose_move,
)
from sim.terminal.story import TUTORIAL_OVER
from sim.web.board_svg import board_svg
from sim.web.words import SIGNS

LOG_LINES = 60
"""The last lines of the game the page is told (it keeps them in its log)."""
KEPT_LINES = 5000
"""Lines said kept at most (a whole long game of Senet says some 1,500): a visitor playing all
day holds no more."""
FLARE = 1.5
"""Seconds the marked squares flare after an extra turn is earned (as on the board)."""
NEW_GAME_ASKED = N_("Press Enter, or New game, for another game.")
NOT_NOW = N_("Not now: {awaited}")


class Session:
    """One visitor's games: the settings chosen, the game in play (or the tutorial's lesson),
    the mummy, and what the page was last told."""

    def __init__(self, rng: random.Random | None = None, chosen: Chosen | None = None, *,
                 table: SolvedTable | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()
        self.chosen = chosen if chosen is not None else choose(None)[0]
        self.table = table
        """Tait's solved table, where the site publishes one and the visitor fetched it."""
        words.use(self.chosen.language)
        self.mummy = Mummy(self.chosen.level, table=table)
        self.lines: list[str] = []
        """Everything said so far, as the plain terminal says it."""
        self.new_lines: list[str] = []
        """The lines said since the page was last told."""
        self.teacher: Teacher | None = None
        self.chosen_move: Any = None
        """The mummy's move, shown on the board before it is made."""
        self.shown_throw: Throw | None = None
        self.now = 0.0
        """The page's clock (seconds), as the last ``lights`` call told it."""
        self.flare_until = float("-inf")
        self.won_at = 0.0
        self.told: dict[str, str] = {}
        """The last event of each kind the page was told."""
        self._judge: tuple[Any, Judge] | None = None
        self.odds: dict[int, Odds | None] = {}
        """The chances judged after each move of the game in play, by its number of actions."""
        self._frame: tuple[Show, dict[str, str]] | None = None
        self._drawn: tuple[tuple[str, str, bool], dict[str, Any]] | None = None
        self.game = self._begin()

    # --- what the page asks ---------------------------------------------------------------

    def answer(self, line: bytes | str) -> list[dict[str, Any]]:
        """Carry out one command of the link (a JSON line); the events that changed, with an
        ``error`` event first when it was refused."""
        refused: dict[str, Any] | None = None
        try:
            self._carry_out(line.encode() if isinstance(line, str) else line)
        except Refused as exc:
            refused = message("error", message=str(exc))
        except (RulesError, BadRecord, ValueError) as exc:
            refused = message("error", message=problem(exc))
        return ([refused] if refused is not None else []) + self.events()

    def _carry_out(self, line: bytes) -> None:
        command = parse_command(line)
        match command.type:
            case "set":
                self.change(command.key, command.value)
            case "new_game":
                self.new_game()
            case "throw":
                self.throw()
            case "move":
                self.move(command.move)
            case "take_up":
                assert command.record is not None
                self.take_up(GameRecord.from_data(command.record))
            case _:
                raise Refused(f"{command.type}: not played in a browser")

    def change(self, key: str, value: str) -> None:
        """Choose ``value`` for the setting ``key`` (one the page offers)."""
        found = setting(key)
        choice = found.choice(value)
        if choice not in offers(found, self.table is not None):
            raise ValueError(_("{key}: '{value}' is not a choice (choose one of {known})").format(
                key=key, value=value, known=", ".join(c.value for c in offers(
                    found, self.table is not None))))
        before, self.chosen = self.chosen, self.chosen.with_(key, choice.value)
        if key == "language":
            words.use(self.chosen.language)
            self.told.clear()  # every word anew
        self._say(_("{label}.").format(label=say(choice.label)))
        changed = self.chosen.changed(before)
        if "game" in changed or "mode" in changed:
            self.game = self._begin()
        elif key == "level":
            self.mummy = Mummy(self.chosen.level, table=self.table)
            self.chosen_move = None
        elif key == "opponent":
            self.chosen_move = None
            self._ask()

    def new_game(self) -> None:
        """End the game in play and begin another under the same settings."""
        self.game = self._begin(self.game.state.winner if self.game.state.is_over else None)

    def throw(self) -> None:
        """The player throws (their turn to throw)."""
        if self.waiting != "throw":
            raise ValueError(self._not_now())
        self._cast()

    def move(self, text: str) -> None:
        """The player's move: its number in the list (``1``...), its notation or its square."""
        state = self.game.state
        if self.waiting != "move":
            raise ValueError(self._not_now())
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(state.moves):
                raise ValueError(_("Choose 1 to {n}.").format(n=len(state.moves)))
            chosen = state.moves[number - 1]
        else:
            chosen = state.parse_move(text)
        self._play(chosen)

    def take_up(self, record: GameRecord) -> None:
        """Go on with a game the page kept (the visitor came back): its game chosen, the
        tutorial left."""
        name = record.ruleset.name
        if name not in games.names() or games.load(name) != record.ruleset:
            raise ValueError(_("{game}: not played here.").format(game=say(record.ruleset.title)))
        game = Game.from_record(record)
        self.chosen = self.chosen.with_("game", name).with_("mode", "game")
        self.teacher, self.chosen_move, self.odds = None, None, {}
        self.game = game
        self.shown_throw = game.state.throw
        self._say(_("The game goes on where it was left."))
        self._ask()

    def use_table(self, table: SolvedTable) -> None:
        """Tait's solved table, fetched: Neferkaptah may be chosen, and plays from it, and the
        chances of Tait's game are the table's."""
        self.table = table
        self.mummy = Mummy(self.chosen.level, table=table)
        self._judge = None

    def step(self) -> list[dict[str, Any]]:
        """The mummy's next step (its throw, the move it shows, the move made); the events
        that changed (none when it is not the mummy's turn)."""
        if self.waiting != "mummy":
            return []
        state = self.game.state
        if self._phase() is Phase.THROW:
            self._say(mummy_throws(state.turn))
            self._cast()
        elif self.chosen_move is None:
            self.chosen_move = self.mummy.choose(state, self.rng)
            self._say(mummy_plays(state, self.chosen_move))
        else:
            move, self.chosen_move = self.chosen_move, None
            self._play(move, said=True)
        return self.events()

    def lights(self, now: float) -> list[dict[str, Any]]:
        """The page's clock is ``now``: the lights event, if the lights changed."""
        self.now = now
        return [event for event in [self._event("lights", self._lights())] if event is not None]

    @property
    def waiting(self) -> str:
        """What the game waits for: ``throw`` or ``move`` (the player's), ``mummy`` (its
        next step), ``over``."""
        state = self.game.state
        if state.is_over:
            return "over"
        if state.turn in self.mummies:
            return "mummy"
        return "throw" if self._phase() is Phase.THROW else "move"

    @property
    def mummies(self) -> set[Side]:
        """The sides the mummy plays: the opponent chosen; the Reels in the tutorial."""
        if self.teacher is not None:
            return {PLAYER.other}
        side = self.chosen.mummy
        return {side} if side is not None else set()

    # --- the game ----------------------------------------------------------------------------

    def _begin(self, last_winner: Side | None = None) -> Game:
        """A new game of the game chosen (or the tutorial's first lesson), as the terminal
        begins one."""
        self.chosen_move, self.shown_throw, self.odds = None, None, {}
        if self.chosen.mode == "tutorial":
            self.teacher = Teacher(PAGE_WORDS)
            return self._lesson("")
        self.teacher = None
        rules = games.load(self.chosen.game)
        first, begins = rules.who_begins(self.rng, last_winner)
        game = self.game = Game(rules, first)
        self._say(say(rules.title) + ". " + say(begins))
        events = game.demon_cast(self.rng)
        if any(isinstance(e, ThrowLost | Entered) for e in events):  # Tait's demon-cast
            self._say(say(demon_cast_text(sided_throws(game))))
        self._say(*events_said(tuple(e for e in events if not isinstance(
            e, ThrowLost | TurnPassed)), rules.geometry))
        self._ask()
        return game

    def _lesson(self, before: str) -> Game:
        """The tutorial's lesson under way, from its own position (``before``: what to say
        first)."""
        assert self.teacher is not None
        game = self.game = Game.from_position(self.teacher.begin(before))
        self.chosen_move, self.shown_throw = None, game.state.throw
        self._say(self.teacher.heading, self.teacher.message)
        self._ask()
        return game

    def _phase(self) -> Phase:
        state = self.game.state
        if state.is_over:
            return Phase.WON
        if state.throw is None and state.rules.chance is not None:
            return Phase.THROW
        return Phase.MOVE

    def _cast(self) -> None:
        state = self.game.state
        throw = self.game.ruleset.draw(self.rng)
        if self.teacher is not None:
            throw = self.teacher.arranged(throw)
        events = self.game.cast(throw)
        self.shown_throw = throw
        lost = any(isinstance(e, ThrowLost) for e in events)
        self._say(thrown_said(state, throw, words_only=True),
                  *events_said(events, state.rules.geometry,
                               why_lost(state, throw) if lost else ()))
        self._after(state, throw, events)

    def _play(self, move: Any, said: bool = False) -> None:
        """Play ``move`` and say what happened (``said``: the move itself was said already,
        the mummy's, so only its news: a bump, an extra turn)."""
        before = self.game.state
        events = self.game.play(move)
        if said:
            events = tuple(e for e in events if not restates(e))
        self._say(*events_said(events, before.rules.geometry))
        if self.game.state.throw is not None:
            self.shown_throw = self.game.state.throw  # the dice still to use (the stacking game)
        if self.chosen.chances and self.teacher is None and not self.game.state.is_over:
            found = odds(self.judge, self.game.state)
            self.odds[len(self.game.actions)] = found
            if found is not None:
                self._say(say(found.text))
        self._after(before, move, events)

    def _after(self, before: Position, action: Any, events: tuple[Event, ...]) -> None:
        """What a throw or a move did beyond the game: the lights' flare, the lesson, what is
        asked next."""
        if any(isinstance(e, ExtraTurnEarned) for e in events):
            self.flare_until = self.now + FLARE
        if any(isinstance(e, Won) for e in events):
            self.won_at = self.now
        teacher = self.teacher
        if teacher is None:
            self._ask()
            return
        said = teacher.message
        assert isinstance(before, GameState)  # the lessons are Tait's game
        progress = teacher.heard(before, action)
        if progress is Progress.ON:
            if teacher.message != said:
                self._say(teacher.message)
            self._ask()
        elif teacher.finished:
            self._say(teacher.message, _(TUTORIAL_OVER))
            self.chosen = self.chosen.with_("mode", "game")
            self.game = self._begin()
        else:
            self.game = self._lesson(teacher.message)

    def _ask(self) -> None:
        """Say what the player is asked now, as the terminal's prompt does."""
        for line in self._asked():
            self._say(line)

    def _asked(self) -> list[str]:
        state = self.game.state
        waiting = self.waiting
        if waiting == "throw":
            return [throw_asked(state.turn, state.rules.words).strip(" >\n")]
        if waiting == "move":
            return [move_asked(state, moves_listed(state, words_only=True))]
        if waiting == "over":
            return [_(NEW_GAME_ASKED)]
        return []

    def _not_now(self) -> str:
        """Why a throw or a move is refused now: what is awaited instead."""
        if self.waiting == "mummy":
            return _(NOT_NOW).format(awaited=_("the mummy is playing."))
        return _(NOT_NOW).format(awaited=" ".join(self._asked()))

    def _say(self, *lines: str) -> None:
        for line in lines:
            if line:
                self.lines.append(line)
                self.new_lines.append(line)
        if len(self.lines) > KEPT_LINES:
            del self.lines[:len(self.lines) - KEPT_LINES]

    @property
    def judge(self) -> Judge:
        """Who judges the chances: the solved table where it holds the game, else a search."""
        rules = self.game.ruleset
        if self._judge is None or self._judge[0] is not rules:
            self._judge = (rules, judge_for(rules, self.table))
        return self._judge[1]

    # --- what the page is told -------------------------------------------------------------

    def events(self) -> list[dict[str, Any]]:
        """The link's events that changed since the page was last told."""
        found = [self._event(kind, build()) for kind, build in (
            ("settings", self._settings), ("game", self._game),
            ("position", lambda: position_json(self.game)), ("lights", self._lights),
            ("status", self._status), ("throw", self._throw), ("moves", self._moves),
            ("chances", self._chances_now), ("log", self._log), ("played", self._played))]
        self.new_lines = []
        return [event for event in found if event is not None]

    def _event(self, kind: str, fields: Mapping[str, Any]) -> dict[str, Any] | None:
        event = message(kind, **fields)
        line = json.dumps(event, sort_keys=True, ensure_ascii=False)
        if self.told.get(kind) == line and kind != "log":
            return None
        if kind == "log" and not fields["said"] and kind in self.told:
            return None
        self.told[kind] = line
        return event

    def _settings(self) -> dict[str, Any]:
        return {"values": self.chosen.to_json(), "offered": OFFERED,
                "table": self.table is not None}

    def _game(self) -> dict[str, Any]:
        """The game played and its board, drawn by the web page's drawing (once a game and
        a language)."""
        rules = self.game.ruleset
        key = (rules.name, words.language(), self.teacher is not None)
        if self._drawn is None or self._drawn[0] != key:
            title = say(rules.title)
            signs = {sign: _(name) for sign, name in SIGNS.items()}
            geometry = geometry_json(rules.geometry)
            self._drawn = (key, {
                "name": rules.name, "title": title,
                "chance": rules.chance.name if rules.chance is not None else None,
                "geometry": geometry, "svg": board_svg(geometry, title, signs),
                "tutorial": self.teacher is not None, "language": words.language(),
                "rtl": words.right_to_left()})
        return self._drawn[1]

    def _status(self) -> dict[str, Any]:
        waiting = self.waiting
        if waiting == "mummy":
            text = self.lines[-1] if self.lines else ""
        elif waiting == "over":
            winner = self.game.state.winner
            text = _("{side} win!").format(side=words.side_said(winner)) if winner else ""
        elif waiting == "move":
            text = whose_move(self.game.state)
        else:
            text = self._asked()[0].rstrip(" :")
        lesson = None if self.teacher is None else {"heading": self.teacher.heading,
                                                    "message": self.teacher.message}
        return {"text": text, "phase": self._phase().value, "waiting": waiting,
                "lesson": lesson, "said": {}}

    def _throw(self) -> dict[str, Any]:
        throw = self.shown_throw
        return {"side": None, "value": throw.value if throw is not None else None,
                "sticks": [bool(s) for s in throw.sticks] if throw is not None else []}

    def _moves(self) -> dict[str, Any]:
        state = self.game.state
        moves = []
        if self._phase() is Phase.MOVE:
            for move in state.moves:
                source, target = move_squares(state, move)
                moves.append({"notation": state.describe(move), "from": source, "to": target,
                              "words": say(move_text(state, move))})
        chosen = state.describe(self.chosen_move) if self.chosen_move is not None else None
        return {"side": side_key(state.turn), "moves": moves, "chosen": chosen,
                "remote": None, "mine": self.waiting == "move"}

    def _chances_now(self) -> dict[str, Any]:
        """The Cones' chance after each move (judged as it was made), the last one now."""
        known = [(n, found) for n, found in sorted(self.odds.items()) if found is not None]
        if not self.chosen.chances or not known:
            return {"cones": None, "history": []}
        history: list[float | None] = [None] * (len(self.game.actions) + 1)
        for number, found in known:
            if number < len(history):
                history[number] = round(found.cones, 4)
        return {"cones": known[-1][1].cones, "estimated": not known[-1][1].exact,
                "history": history}

    def _log(self) -> dict[str, Any]:
        return {"lines": self.lines[-LOG_LINES:], "told": [], "said": list(self.new_lines)}

    def _played(self) -> dict[str, Any]:
        """The game in play as its record, for the page to keep (none in the tutorial)."""
        if self.teacher is not None:
            return {"record": None}
        return {"record": self.game.record.to_data(Notation())}

    def _lights(self) -> dict[str, Any]:
        show = self._show()
        kept = self._frame
        path = self.teacher is not None and self.teacher.lesson.path
        if kept is not None and kept[0] == show and steady(show, self.now) and not path:
            return {"frame": kept[1]}
        lit = scene(show, self.now)
        if path:  # the lesson of the path: a soft light runs along it, as on the board
            lit = path_glow(lit, self.now)
        frame = {name: hex_colour(colour) for name, colour in sorted(lit.items())
                 if colour != (0, 0, 0)}
        self._frame = (show, frame)
        return {"frame": frame}

    def _show(self) -> Show:
        """What the board's lights would show now (``firmware.lights.scenes``)."""
        state = self.game.state
        phase = self._phase()
        movable: frozenset[str] = frozenset()
        mummy_move: tuple[str | None, str | None] = (None, None)
        if self.chosen_move is not None:
            mummy_move = move_squares(state, self.chosen_move)
        elif phase is Phase.MOVE and self.waiting == "move":
            movable = frozenset(square for ends in (move_squares(state, m) for m in state.moves)
                                for square in ends[:1] if square is not None) | frozenset(
                target for source, target in (move_squares(state, m) for m in state.moves)
                if source is None and target is not None)
        return Show(phase=phase, turn=state.turn, throw=self.shown_throw, movable=movable,
                    mummy_move=mummy_move, flare_until=self.flare_until, winner=state.winner,
                    since=self.won_at, geometry=state.rules.geometry,
                    dice=state.rules.words.device == "dice", calm=self.chosen.calm)
