"""Far play on one board: offering a game under a code, joining one, and keeping the two boards'
game one game, through the broker (``sim.far.protocol`` decides; this room talks).

The board that offers (the host) plays the Cones and begins every game; the board that joins with
the code plays the Reels and takes each game up. Where it stands is kept in ``far.json`` in the
companion's state directory (written whole), so a restart of either board goes on where it was.

    play = FarPlay("kitchen", outbox, state_dir / "far.json", time.monotonic)
    play.offer()                       # a code, said and lit by the board
    play.heard(topic, payload, retained)
    command = play.step(local, phase, game)   # for the board's link, or None
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from engine.core.sides import Side
from engine.record import GameRecord
from firmware.words import N_
from hardware.doors.writer import write_whole
from sim.far import topics
from sim.far.protocol import Apply, Choose, FarGame, Round, TakeUp

log = logging.getLogger(__name__)

HOST = Side.CONES
"""The side the board that offers plays."""
NOBODY_OFFERS = 10.0
"""Seconds connected to the broker with no board offering the code: then joining gives up."""
STEPS = frozenset({"throw", "move", "take_up", "set"})
"""The commands that carry far play's steps to the board."""
CODE_DIGITS = N_("A game code is six digits.")
NOBODY = N_("No board offers the game code {code}: check it with the far board's owner.")
"""What went wrong, as the board's page says it (``{code}``: the code tried)."""
RETRY = 0.5
"""Seconds before the same step is asked of the board again (it was not ready), unless the
board tells news before."""


class Outbox(Protocol):
    """What far play sends through: the broker client (``sim.far.broker``)."""

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None: ...
    def subscribe(self, topic: str) -> None: ...
    def unsubscribe(self, topic: str) -> None: ...


@dataclass
class Seat:
    """This board's place in a far game: host or guest, the code, its side, the far board."""

    role: str
    code: str
    mine: Side
    peer: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"role": self.role, "code": self.code, "mine": self.mine.name.lower(),
                "peer": self.peer}


class FarPlay:
    """One board's far play, as its companion runs it."""

    def __init__(self, name: str, outbox: Outbox, file: Path | None,
                 clock: Callable[[], float]) -> None:
        self.name = name
        self.outbox = outbox
        self.file = file
        self.clock = clock
        self.seat: Seat | None = None
        self.game: FarGame | None = None
        self.connected = False
        self.peer_online: bool | None = None
        self.problem: str | None = None
        """What went wrong last, in words a player reads (None: nothing)."""
        self.joining_since: float | None = None
        self.tried: str | None = None
        """The code no board offered (said with the problem)."""
        self._tried: tuple[str, float] | None = None
        self._taken: str | None = None
        self._asked: str | None = None
        self._taking: TakeUp | None = None
        """The round last sent to be taken up (its answer makes it this board's)."""
        """The last step the board took (asked again only once the board's game moved on)."""
        self._load()

    # --- where it stands -------------------------------------------------------------------

    @property
    def state(self) -> str:
        """none, offering, joining or playing (the link's ``far`` states)."""
        if self.seat is None:
            return "none"
        if self.seat.peer is None:
            return "offering" if self.seat.role == "host" else "joining"
        return "playing"

    @property
    def away(self) -> bool:
        """Whether the far board cannot be heard now (or the broker cannot)."""
        return self.state == "playing" and (not self.connected or self.peer_online is False)

    def told(self) -> dict[str, Any]:
        """How far play stands, as the board's ``far`` command says it."""
        seat = self.seat
        return {"type": "far", "state": self.state,
                "code": seat.code if seat is not None else self.tried,
                "side": seat.mine.other.name.lower() if seat is not None else None,
                "peer": seat.peer if seat is not None else None, "away": self.away,
                "begins": seat is None or seat.role == "host", "problem": self.problem}

    # --- what a person asked ---------------------------------------------------------------

    def offer(self) -> str:
        """Offer a far game under a new code (any far game before ends); the code."""
        self.end()
        code = f"{secrets.randbelow(10 ** 6):06d}"
        self.seat = Seat("host", code, HOST)
        self.game = FarGame(HOST, begins=True)
        self.problem = None
        self.outbox.publish(topics.offer(self.name, code), json.dumps(
            {"board": self.name}).encode(), retain=True)
        self._listen()
        self._save()
        log.info("offering a far game under the code %s", code)
        return code

    def join(self, code: str) -> bool:
        """Join the far game offered under ``code``; False (and a problem said) for a code
        that is not six digits."""
        code = code.strip().replace(" ", "")
        if not topics.CODE.fullmatch(code):
            self.problem = CODE_DIGITS
            return False
        self.end()
        self.tried = None
        self.seat = Seat("guest", code, HOST.other)
        self.game = FarGame(HOST.other, begins=False)
        self.problem = None
        self.joining_since = None
        self._listen()
        self._save()
        log.info("joining the far game of the code %s", code)
        return True

    def end(self) -> None:
        """End far play: this board's offer and game leave the broker."""
        seat = self.seat
        if seat is None:
            return
        log.info("far play under the code %s ends", seat.code)
        self.outbox.publish(topics.offer(self.name, seat.code), b"", retain=True)
        self.outbox.publish(topics.far(self.name, seat.code), b"", retain=True)
        for topic in self._topics():
            self.outbox.unsubscribe(topic)
        self.seat, self.game, self.peer_online, self.joining_since = None, None, None, None
        if self.file is not None:
            self.file.unlink(missing_ok=True)

    # --- what the broker brought -----------------------------------------------------------

    def broker_up(self, up: bool) -> None:
        """The broker connection came (this board's round is published again) or went."""
        self.connected = up
        if up and self.seat is not None and self.seat.role == "host" and self.seat.peer is None:
            self.outbox.publish(topics.offer(self.name, self.seat.code), json.dumps(
                {"board": self.name}).encode(), retain=True)
        if up:
            self._hello()

    def heard(self, topic: str, payload: bytes) -> bool:
        """A message from the broker; whether it changed what this board knows."""
        seat, game = self.seat, self.game
        board = topics.board_of(topic)
        if seat is None or game is None or board is None or board == self.name:
            return False
        rest = topic.split("/")[3:]
        if rest == ["online"]:
            if board != seat.peer:
                return False
            self.peer_online = payload == b"online"
            return True
        if len(rest) < 2 or rest[1] != seat.code or not payload:
            return False
        try:
            data = json.loads(payload)
        except ValueError:
            log.warning("%s sent a message that is not JSON on %s", board, topic)
            return False
        if rest[0] == "offer" and seat.role == "guest" and seat.peer is None:
            seat.peer = board  # the board that offers the code: the far board
            self.joining_since = None
            self._listen()
            self._hello()
            self._save()
            return True
        if rest[0] != "far" or not isinstance(data, dict):
            return False
        if len(rest) == 2:
            if data.get("peer") != self.name:
                return False  # a board in another game under this code, or none yet
            if seat.peer is None and seat.role == "host":
                seat.peer = board  # the board that joined: the offer is taken
                self.outbox.publish(topics.offer(self.name, seat.code), b"", retain=True)
                self._listen()
                self._save()
            if board != seat.peer:
                return False
            if data.get("round") is None:
                return True
            try:
                return game.heard_state(data)
            except ValueError as exc:
                log.warning("the far board's game cannot be read: %s", exc)
                return False
        if len(rest) == 3 and rest[2] == "action" and board == seat.peer:
            try:
                return game.heard_action(data)
            except ValueError as exc:
                log.warning("the far board sent an action that cannot be read: %s", exc)
                return False
            finally:
                for why in game.refused:
                    log.warning("refused: %s", why)
                game.refused.clear()
        return False

    # --- this board ------------------------------------------------------------------------

    def publish(self, local: GameRecord | None) -> None:
        """Publish this board's game (its round, and its own side's new actions)."""
        if self.game is None or self.seat is None or self.seat.peer is None:
            return
        round_, actions = self.game.to_publish(local)
        if round_ is None:
            return
        self._hello()
        for action in actions:
            self.outbox.publish(topics.action(self.name, self.seat.code),
                                json.dumps(action.to_json()).encode())
        self._save()

    def step(self, local: GameRecord | None, phase: str, game: str) -> dict[str, Any] | None:
        """The command this board's link is asked for next (None: nothing now)."""
        seat, far = self.seat, self.game
        now = self.clock()
        if seat is not None and seat.role == "guest" and seat.peer is None and self.connected:
            if self.joining_since is None:
                self.joining_since = now
            elif now - self.joining_since >= NOBODY_OFFERS:
                code = seat.code
                self.end()
                self.problem, self.tried = NOBODY, code
                return None
        if far is None or seat is None or seat.peer is None:
            return None
        step = far.next_step(local, phase, game)
        command: dict[str, Any]
        match step:
            case None:
                return None
            case Apply(token, True):
                command = {"type": "throw", "throw": token}
            case Apply(token, False):
                command = {"type": "move", "move": token}
            case TakeUp(record, _):
                command = {"type": "take_up", "record": record.to_data()}
                self._taking = step
            case Choose(name):
                command = {"type": "set", "key": "game", "value": name}
        key = f"{len(local.actions) if local is not None else -1} " + json.dumps(
            command, sort_keys=True)
        if key == self._taken:
            return None  # the board took it: its person carries it out now
        if self._tried is not None and self._tried[0] == key and now - self._tried[1] < RETRY:
            return None
        self._tried = (key, now)
        self._asked = key
        return command

    def board_moved(self) -> None:
        """The board told news: a step it refused a moment ago is asked again."""
        self._tried = None

    def done(self, command: dict[str, Any], ok: bool) -> None:
        """The board answered ``command``: a round taken up is this board's from now on."""
        if ok and command.get("type") == "take_up" and self.game is not None \
                and self._taking is not None:
            self.game.took_up(self._taking)  # the round as sent, not a later one heard since
            self._save()
        if command.get("type") in STEPS:
            if ok:
                self._taken, self._tried = self._asked, None
            self._asked = None

    # --- on the broker and on disk ---------------------------------------------------------

    def _topics(self) -> list[str]:
        seat = self.seat
        if seat is None:
            return []
        found = [f"{topics.ROOT}/+/far/{seat.code}", f"{topics.ROOT}/+/far/{seat.code}/action"]
        if seat.role == "guest":
            found.append(f"{topics.ROOT}/+/offer/{seat.code}")
        if seat.peer is not None:
            found.append(topics.online(seat.peer))
        return found

    def _listen(self) -> None:
        for topic in self._topics():
            self.outbox.subscribe(topic)

    def _hello(self) -> None:
        """This board's far game on the broker (retained): who it plays, and its round."""
        seat, game = self.seat, self.game
        if seat is None or game is None or (seat.role == "host" and seat.peer is None):
            return
        published = game.published
        message = {"board": self.name, "peer": seat.peer, "side": seat.mine.name.lower(),
                   **(published.to_json() if published is not None else
                      {"round": None, "record": None})}
        self.outbox.publish(topics.far(self.name, seat.code), json.dumps(message).encode(),
                            retain=True)

    def _save(self) -> None:
        if self.file is None or self.seat is None or self.game is None:
            return
        game = self.game
        data = {**self.seat.to_json(), "taken": game.taken,
                "published": game.published.to_json() if game.published is not None else None}
        try:
            write_whole(self.file, json.dumps(data))
        except OSError as exc:  # a full disk: the broker keeps the game meanwhile
            log.error("far play could not be saved: %s", exc)

    def _load(self) -> None:
        if self.file is None or not self.file.exists():
            return
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
            seat = Seat(str(data["role"]), str(data["code"]), Side.parse(str(data["mine"])),
                        data.get("peer"))
            if seat.role not in ("host", "guest") or not topics.CODE.fullmatch(seat.code):
                raise ValueError("not a far game")
            game = FarGame(seat.mine, begins=seat.role == "host", taken=data.get("taken"))
            if data.get("published") is not None:
                game.published = Round.from_json(data["published"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.error("%s cannot be used (%s): far play starts afresh", self.file, exc)
            return
        self.seat, self.game = seat, game
        self._listen()
