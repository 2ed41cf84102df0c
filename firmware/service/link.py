"""The board's local link: a Unix socket in the runtime directory where a companion (the web page,
``aseb web``) hears what the board does and asks for a few things
(``firmware.service.link_schema``).

It never slows the board: ``tick`` runs once after each frame on the controller's own thread,
with every socket non-blocking; with nobody connected it does no more than one ``accept``. Each
companion has a bounded buffer: one that reads too slowly, or sends a line too long, is dropped.
A line that is not a command is answered with an ``error`` event, never a traceback.

    link = Link(runtime / "link.sock", controller, lambda: lights.last_frame, choices=keeper)
    link.open(); ...; controller.tick(); link.tick()   # every frame
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import BadRecord
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import Phrase, phrase
from engine.game import Game
from engine.mummy.chances import cones_chance
from engine.record import GameRecord, Notation
from firmware import words
from firmware.lights.scenes import Phase
from firmware.menu.choices import NO_WEB_PAGE, PIN, offered, setting
from firmware.play.controller import Controller
from firmware.play.evidence import move_squares
from firmware.play.records import load_game, save_game
from firmware.service.board_settings import BoardSettings
from firmware.service.link_schema import (
    MAX_LINE,
    VERSION,
    Command,
    Refused,
    encode,
    geometry_json,
    hex_colour,
    message,
    parse_command,
    position_json,
    side_key,
    socket_path,
    told_json,
)
from firmware.service.pins import new_pin
from firmware.story.setna import MUMMY, Setna
from firmware.story.tournament import TO_WIN
from firmware.words import LANGUAGES, N_, _, language, say, speaking
from hardware.lights.pixels import Frame

log = logging.getLogger(__name__)

__all__ = ["Link", "geometry_json", "socket_path"]

MAX_CLIENTS = 16
"""Companions at once (the web page needs one; it fans out to its browsers itself)."""
MAX_BUFFER = 1 << 20
"""Bytes waiting for one companion at most: past it the companion is dropped."""
COMMANDS_A_FRAME = 8
"""Commands of one companion carried out in a frame (the rest wait for the next)."""
LOG_LINES = 40
"""The last sentences of the game a companion is told (it is told them again at every change)."""
RECORDS_LISTED = 200
"""The newest records the ``games`` event lists."""
DURATION_BINS = 7
"""The ``stats`` event's ``durations``: finished games by length, 5 minutes a bin, the last
one 30 minutes and more."""
PIN_SAID = N_("The web page's PIN is {pin}.")
"""What the board says and writes in its log when asked for the web page's PIN."""
PIN_KEPT = N_("The board said the web page's PIN aloud and lit it on its squares.")
"""What the log tells companions in place of the sentence that said a PIN (a page anyone on
the network may watch must not show it)."""


@dataclass(eq=False)
class Companion:
    """One connected companion: its socket and its two bounded buffers."""

    sock: socket.socket
    inbox: bytearray = field(default_factory=bytearray)
    outbox: bytearray = field(default_factory=bytearray)
    fresh: bool = True
    """Not yet told the board's whole state."""
    closing: bool = False
    """Dropped once what it is owed is sent (a refused line too long)."""
    keeps_pins: bool = False
    """It keeps the web page's PIN (it asked with ``pins``): told the PINs the menu makes."""


class Link:
    """The socket, its companions, and what they were last told."""

    def __init__(self, path: Path, controller: Controller, frame: Callable[[], Frame], *,
                 choices: BoardSettings | None = None, games: Path | None = None,
                 say: Callable[[str], None] | None = None, stats: Path | None = None,
                 outages: Callable[[], int] | None = None) -> None:
        self.path = path
        self.controller = controller
        self.frame = frame
        self.choices = choices
        self.games = games
        """Where finished games are kept as records (None: not kept)."""
        self.say = say
        self.stats = stats
        """The state directory whose kiosk statistics ``stats`` reads (None: none)."""
        self.outages = outages
        """The reeds' I2C outages so far (None: a board without expanders)."""
        self.since = time.time()
        """When this life of the board began (the ``health`` event's)."""
        self.companions: list[Companion] = []
        self.listener: socket.socket | None = None
        self.told: dict[str, bytes] = {}
        """The last line of each kind every companion was told."""
        self.kept: Game | None = None
        """The finished game last kept as a record."""
        self.chances: tuple[Game | None, list[float | None]] = (None, [])
        self.secrets: set[str] = set()
        """The sentences that said a PIN: told only at the board, never to a companion."""
        self._logged: tuple[tuple[Any, ...], dict[str, Any]] = ((), {})
        """The log last told, and what it was worked out from."""
        self._said: tuple[tuple[str, str], dict[str, str]] = (("", ""), {})
        """The status line last told, and the same line in every language."""
        self._position_key: tuple[Any, ...] = ()
        self._position: dict[str, Any] = {}
        self.far: dict[str, Any] = {"state": "none", "code": None, "side": None, "peer": None,
                                    "away": False, "begins": True, "problem": None}
        """How far play stands, as the far companion told it (``sim.far``)."""
        self.far_asked: dict[str, Any] | None = None
        """What a page asked of the far companion, not done yet."""
        self._settings_kept: tuple[Any, dict[str, Any]] = (None, {})
        self._played_key: tuple[Any, ...] = ()
        self._played: dict[str, Any] = {}
        self._notation = Notation()

    def open(self) -> None:
        """Listen on ``path`` (a stale socket there is replaced; anything else is refused)."""
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISSOCK(self.path.lstat().st_mode):
                raise OSError(f"{self.path} exists and is not a socket: not replaced")
            if _listened(self.path):
                raise OSError(f"another board listens on {self.path} already")
            self.path.unlink()  # a stale socket, left by a board that stopped
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.setblocking(False)
        listener.bind(str(self.path))
        os.chmod(self.path, 0o660)  # the board's own user (and group): the web page's
        listener.listen(MAX_CLIENTS)
        self.listener = listener
        if self.controller.menu is not None:  # the menu's actions are the link's to do
            self.controller.menu.act = self._menu_act
        log.info("the board's link listens on %s", self.path)

    def close(self) -> None:
        menu = self.controller.menu
        if menu is not None and menu.act == self._menu_act:
            menu.act = None
        for companion in list(self.companions):
            self._drop(companion, None)
        if self.listener is not None:
            self.listener.close()
            self.listener = None
            with contextlib.suppress(OSError):
                self.path.unlink()

    def tick(self) -> None:
        """After the controller's tick: keep a finished game, let companions in, carry out
        their commands, tell them what changed. Whatever goes wrong here stays here: the
        companions are dropped (they come back), the board plays on."""
        try:
            self._tick()
        except Exception:
            log.exception("the board's link failed: its companions are dropped")
            for companion in list(self.companions):
                self._drop(companion, None)
            self.told.clear()

    def _tick(self) -> None:
        self._keep_finished()
        self._accept()
        if not self.companions:
            return
        for companion in list(self.companions):
            self._read(companion)
        self._publish()
        for companion in list(self.companions):
            self._flush(companion)

    # --- companions ---------------------------------------------------------------------

    def _accept(self) -> None:
        if self.listener is None:
            return
        while True:
            try:
                sock, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.warning("the link could not accept a companion: %s", exc)
                return
            sock.setblocking(False)
            companion = Companion(sock)
            if len(self.companions) >= MAX_CLIENTS:
                self._send(companion, message("error", message=f"the board has {MAX_CLIENTS} "
                                              "companions already: try again later"))
                self._flush(companion)
                sock.close()
                continue
            self.companions.append(companion)
            self._send(companion, message("hello", version=VERSION,
                                          game=self.controller.rules.name))

    def _read(self, companion: Companion) -> None:
        try:
            data = companion.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            data = None
        except OSError as exc:
            self._drop(companion, f"it could not be read: {exc}")
            return
        if data == b"":
            self._drop(companion, None)
            return
        if data:
            companion.inbox += data
        for _command in range(COMMANDS_A_FRAME):
            line, newline, rest = companion.inbox.partition(b"\n")
            if not newline:
                if len(companion.inbox) > MAX_LINE:
                    self._refuse(companion, f"a command is at most {MAX_LINE} bytes")
                    companion.closing = True
                    companion.inbox.clear()
                return
            companion.inbox = bytearray(rest)
            if line.strip():
                self._obey(companion, bytes(line))

    def _send(self, companion: Companion, event: dict[str, Any] | bytes) -> None:
        line = event if isinstance(event, bytes) else encode(event)
        companion.outbox += line

    def _flush(self, companion: Companion) -> None:
        while companion.outbox:
            try:
                sent = companion.sock.send(companion.outbox[:65536])
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self._drop(companion, None)
                return
            del companion.outbox[:sent]
        if len(companion.outbox) > MAX_BUFFER:
            self._drop(companion, "it reads too slowly")
        elif companion.closing and not companion.outbox:
            self._drop(companion, "it sent a line too long")

    def _drop(self, companion: Companion, why: str | None) -> None:
        if why is not None:
            log.warning("a companion of the link is dropped: %s", why)
        with contextlib.suppress(OSError):
            companion.sock.close()
        if companion in self.companions:
            self.companions.remove(companion)

    def _refuse(self, companion: Companion, why: str, words: Phrase | None = None) -> None:
        if words is None:
            self._send(companion, message("error", message=why))
        else:
            self._send(companion, message("error", message=why, words=told_json(words)))

    # --- commands -----------------------------------------------------------------------

    def _obey(self, companion: Companion, line: bytes) -> None:
        try:
            command = parse_command(line)
            if command.type == "pins":
                companion.keeps_pins = True
            reply = self._carry_out(command)
        except Refused as exc:
            self._refuse(companion, str(exc))
            return
        except ValueError as exc:  # in words where a player may read it (a Phrase)
            first = exc.args[0] if exc.args else None
            self._refuse(companion, str(exc), first if isinstance(first, Phrase) else None)
            return
        except Exception as exc:  # whatever it is, the board plays on
            log.exception("a command of the link raised")
            self._refuse(companion, f"the board could not do that ({type(exc).__name__})")
            return
        self._send(companion, reply or message("ok", command=command.type))

    def _carry_out(self, command: Command) -> dict[str, Any] | None:
        """Do what ``command`` asks; the event that answers it (None: ``ok``). ValueError,
        in words, when it cannot be done."""
        controller = self.controller
        match command.type:
            case "set":
                self._set(command.key, command.value)
            case "new_game":
                controller.press("new_game")
            case "remote":
                controller.play_remotely(Side.parse(command.side) if command.side else None)
            case "throw":
                controller.remote_throws(Throw.parse(command.throw) if command.throw else None)
            case "move":
                controller.remote_moves(command.move)
            case "games":
                return message("games", games=self._records())
            case "record":
                return message("record", id=command.id, record=self._record(command.id))
            case "pin":
                self._say_pin(command.pin)
            case "stats":
                return message("stats", **self._stats())
            case "far":
                self._far_told(command)
            case "far_ask":
                self.far_asked = {"action": command.action, "code": command.code}
            case "take_up":
                try:
                    record = GameRecord.from_data(command.record)
                except BadRecord as exc:
                    raise ValueError(f"take_up: {exc}") from None
                controller.take_up(record)
        return None

    def _far_told(self, command: Command) -> None:
        """The far companion says how far play stands: the controller plays accordingly, and
        a new code is said and lit for whoever stands at the board."""
        controller = self.controller
        side = Side.parse(command.side) if command.side else None
        playing = command.state == "playing"
        controller.play_far(side if playing else None, begins=command.begins or not playing,
                            away=command.away)
        if command.state == "offering" and command.code and command.code != self.far["code"]:
            said = _("The game code for the far board is {code}.").format(
                code=" ".join(command.code))
            controller._tell([said])
            controller.show_pin(command.code)
            if self.say is not None:
                self.say(said)
        if command.problem and command.problem != self.far.get("problem"):
            # what went wrong with far play is said at the board (an offer that ended, a
            # code nobody offers, a broker that cannot be reached), as a new code is
            said = _(command.problem).format(code=" ".join(command.code or ""))
            controller._tell([said])
            if self.say is not None:
                self.say(said)
        if self.far_asked is not None and command.done == self.far_asked["action"]:
            self.far_asked = None
        self.far = {"state": command.state, "code": command.code, "side": command.side,
                    "peer": command.peer, "away": command.away, "begins": command.begins,
                    "problem": command.problem}

    def _menu_act(self, action: str) -> None:
        """Do what the board menu chose at once (``firmware.menu.choices.actions``)."""
        if action == PIN:
            self._board_pin()

    def _board_pin(self) -> None:
        """A new PIN for the web page, asked for at the board menu: made here, said and lit
        as a PIN the page asks for, and told to the companions that keep the page's PIN
        alone (never to another, never kept for a newcomer). With none, no PIN is made: the
        board says why."""
        keepers = [c for c in self.companions if c.keeps_pins and not c.closing]
        if not keepers:
            told = phrase(NO_WEB_PAGE)
            self.controller._tell([told])
            if self.say is not None:
                self.say(say(told))
            return
        pin = new_pin()
        self._say_pin(pin)
        event = encode(message("pin", pin=pin))
        for companion in keepers:
            self._send(companion, event)
        log.info("the board menu made a new PIN for the web page")  # never its digits

    def _say_pin(self, pin: str) -> None:
        """Tell the web page's new PIN to whoever stands at the board: in its words (the log
        and the status line) and aloud where it speaks."""
        told = phrase(PIN_SAID, pin=" ".join(pin))
        said = say(told)
        self.secrets.add(said)
        self.controller._tell([told])
        self.controller.show_pin(pin)
        if self.say is not None:
            self.say(said)

    def _stats(self) -> dict[str, Any]:
        """The kiosk's figures over its games (``firmware.kiosk.stats``): none without a kiosk."""
        from firmware.kiosk.stats import GameLog, summary

        if self.stats is None:
            return {"games": 0, "per_day": {}, "completion": None, "visitors": None,
                    "minutes": None, "durations": [0] * DURATION_BINS}
        lines = list(GameLog(self.stats).lines())
        found = summary(lines)
        durations = [0] * DURATION_BINS
        for line in lines:
            if line.completed:
                durations[min(DURATION_BINS - 1, int(line.duration / 60 // 5))] += 1
        return {"games": found.games, "per_day": found.games_per_day,
                "completion": found.completion_rate, "visitors": found.visitor_win_rate,
                "minutes": found.median_minutes, "durations": durations}

    def _set(self, key: str, value: str) -> None:
        if self.choices is None:
            raise ValueError(phrase(N_("This board's settings cannot be changed from here.")))
        if self.controller.phase is Phase.MENU:
            raise ValueError(phrase(N_("The board menu is open on the board: close it "
                                       "first.")))
        found = setting(key)
        choice = found.choice(value)
        if choice not in offered(found, self.controller.rules.geometry.board):
            raise ValueError(phrase(N_("{setting}: {choice} is not played on this board."),
                                    setting=found.title, choice=choice.label))
        choices = self.choices
        choices.apply(choices.chosen.with_(key, choice.value))
        if choices.file is not None:
            choices.file.save(choices.chosen)

    def _records(self) -> list[dict[str, Any]]:
        if self.games is None or not self.games.is_dir():
            return []
        found = []
        for path in self.games.glob("game-*.json"):
            number = path.stem.removeprefix("game-")
            if number.isdigit():
                with contextlib.suppress(OSError):
                    found.append((int(number), path.stem, path.stat().st_mtime))
        found.sort(reverse=True)
        return [{"id": name, "time": when} for _, name, when in found[:RECORDS_LISTED]]

    def _record(self, name: str) -> Any:
        number = name.removeprefix("game-")
        if self.games is None or not number.isdigit() or len(number) > 9:
            raise ValueError(f"no record {name!r}")
        path = self.games / f"game-{int(number)}.json"
        if not path.is_file():
            raise ValueError(f"no record {name!r}")
        return load_game(path).to_data()

    # --- what companions are told -------------------------------------------------------

    def _keep_finished(self) -> None:
        """Keep a game that has just ended among the records, and tell the companions."""
        game = self.controller.game
        if game is None or not game.state.is_over or game is self.kept:
            return
        self.kept = game
        name = None
        if self.games is not None:
            try:
                name = save_game(game.record, self.games).stem
            except OSError as exc:  # a full disk: the game is over, the board plays on
                log.error("the finished game could not be kept: %s", exc)
        winner = game.state.winner
        event = encode(message("game_over", winner=side_key(winner), record=name))
        for companion in self.companions:
            self._send(companion, event)

    def _publish(self) -> None:
        """Tell every companion each kind of news that changed (a fresh one: all of it)."""
        for kind, build in (("game", self._game), ("position", self._position_now),
                            ("lights", self._lights), ("status", self._status),
                            ("throw", self._throw), ("moves", self._moves),
                            ("chances", self._chances_now), ("log", self._log),
                            ("settings", self._settings), ("tournament", self._tournament),
                            ("far", self._far_now), ("played", self._played_now),
                            ("health", self._health)):
            line = encode(message(kind, **build()))
            changed = self.told.get(kind) != line
            self.told[kind] = line
            for companion in self.companions:
                if changed or companion.fresh:
                    self._send(companion, line)
        for companion in self.companions:
            companion.fresh = False

    def _health(self) -> dict[str, Any]:
        return {"since": round(self.since), "i2c_outages": self.outages() if self.outages else 0,
                "disk_full": self.controller.saves_failed,
                "sensors": [fault.to_json() for fault in self.controller.faults.values()]}

    def _far_now(self) -> dict[str, Any]:
        return {**self.far, "asked": self.far_asked}

    def _played_now(self) -> dict[str, Any]:
        """The game on the board as its record (worked out once a position)."""
        game = self.controller.game
        state = game.state if game is not None else None
        if self._played_key and game is self._played_key[0] and state is self._played_key[1]:
            return self._played
        self._played_key = (game, state)
        self._played = {"record": None if game is None else
                        game.record.to_data(self._notation)}
        return self._played

    def _game(self) -> dict[str, Any]:
        rules = self.controller.rules
        return {"name": rules.name, "title": say(rules.title),
                "chance": rules.chance.name if rules.chance is not None else None,
                "geometry": geometry_json(rules.geometry)}

    def _position_now(self) -> dict[str, Any]:
        game = self.controller.game
        state = game.state if game is not None else None
        if self._position_key and game is self._position_key[0] \
                and state is self._position_key[1]:
            return self._position  # worked out once a position
        self._position_key = (game, state)
        self._position = position_json(game)
        return self._position

    def _lights(self) -> dict[str, Any]:
        controller = self.controller  # the PIN lit on the squares is for the board's room only
        frame = controller.public_frame if controller.pin_shown is not None else self.frame()
        return {"frame": {name: hex_colour(colour) for name, colour in sorted(frame.items())
                          if colour != (0, 0, 0)}}

    def _status(self) -> dict[str, Any]:
        text = self.controller.status()
        spoken = (text, language())
        if spoken != self._said[0]:  # the line anew in every language, once it changes
            said = {}
            for code in (*LANGUAGES, language()):
                with speaking(code):
                    said[code] = self.controller.status()
            self._said = (spoken, said)
        return {"text": text, "phase": self.controller.phase.name.lower(), "said": self._said[1]}

    def _throw(self) -> dict[str, Any]:
        controller = self.controller
        throw = controller.shown_throw
        side = next((s for s, t in reversed(controller.throws.items()) if t is throw), None)
        return {"side": side_key(side), "value": throw.value if throw is not None else None,
                "sticks": [bool(s) for s in throw.sticks] if throw is not None else []}

    def _moves(self) -> dict[str, Any]:
        controller = self.controller
        game = controller.game
        moves: list[dict[str, Any]] = []
        chosen = None
        if game is not None and controller.phase is Phase.MOVE:
            state = game.state
            for move in state.moves:
                source, target = move_squares(state, move)
                moves.append({"notation": state.describe(move), "from": source, "to": target})
            if controller.mummy_move is not None:
                chosen = state.describe(controller.mummy_move)
        turn = game.state.turn if game is not None else None
        return {"side": side_key(turn), "moves": moves, "chosen": chosen,
                "remote": side_key(controller.remote)}

    def _chances_now(self) -> dict[str, Any]:
        table = self.controller.settings.table
        game = self.controller.game
        if table is None or game is None:
            return {"cones": None, "history": []}
        known_game, history = self.chances
        if known_game is not game or len(history) > len(game.actions) + 1:
            history = []
            self.chances = (game, history)
        if not history:
            history.append(cones_chance(table, game.record.initial()))
        if len(history) < len(game.actions) + 1:  # each position once (a resumed game: all)
            for number in range(len(history), len(game.actions) + 1):
                history.append(cones_chance(table, game.before(number)))
        return {"cones": history[-1], "history": [
            round(c, 4) if c is not None else None for c in history]}

    def _log(self) -> dict[str, Any]:
        said, told = self.controller.said, self.controller.told
        key = (len(said), id(said[-1]) if said else 0, len(told), id(told[-1]) if told else 0,
               len(self.secrets), language())
        if key != self._logged[0]:  # worked out once each time something is told
            recent = list(said)[-LOG_LINES:]  # the window keeps the whole game; a companion
            kept = list(told)[-LOG_LINES:]  # is told the last sentences, at every change
            self._logged = (key, {
                "lines": [_(PIN_KEPT) if line in self.secrets else line for line in recent],
                "told": [PIN_KEPT if isinstance(sentence, Phrase) and sentence.msgid == PIN_SAID
                         else told_json(sentence) for sentence in kept]})
        return self._logged[1]

    def _settings(self) -> dict[str, Any]:
        if self.choices is None:
            return {"values": {}, "settings": []}
        kind = self.controller.rules.geometry.board
        key = (self.choices.chosen, kind, words.language())
        if self._settings_kept[0] == key:  # said again only when the choices or words change
            return self._settings_kept[1]
        said = {"values": self.choices.chosen.to_json(), "settings": [
            {"key": found.key, "title": say(found.title), "default": found.default,
             "choices": [{"value": c.value, "label": say(c.label), "colour": hex_colour(c.colour)}
                         for c in offered(found, kind)]}
            for found in _all_settings()]}
        self._settings_kept = (key, said)
        return said

    def _tournament(self) -> dict[str, Any]:
        story = self.choices.story if self.choices is not None else None
        if not isinstance(story, Setna) or not story.running:
            return {"running": False}
        played = story.tournament
        return {"running": True, "wins": played.wins, "losses": played.losses,
                "to_win": TO_WIN, "stage": played.stage, "over": played.over,
                "won": played.won, "setna": side_key(MUMMY.other), "mummy": side_key(MUMMY),
                "telling": played.telling(), "news": story.news}


def _listened(path: Path) -> bool:
    """Whether something listens on the socket at ``path`` now."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        try:
            probe.connect(str(path))
        except OSError:
            return False
    return True


def _all_settings() -> tuple[Any, ...]:
    from firmware.menu.choices import settings

    return settings()
