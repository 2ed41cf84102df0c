"""Far play on one board: offering a game under a code, joining one, and keeping the two boards'
game one game, through a broker that is trusted with nothing (``sim.far.protocol`` decides,
``sim.far.sealing`` agrees the key and seals; this room talks).

The board that offers (the host) plays the Cones and begins every game; the board that joins
with the code plays the Reels and takes each game up.

- **Offering.** The host makes a code and a random game id, and leaves its half of a key
  exchange (SPAKE2) on the broker under the code's first two digits and the game id; the other
  four digits never leave the board. Each try to join is answered once: a wrong code ends that
  exchange (a new one is offered, saying which try was refused), three wrong ones or ten minutes
  end the offer, said at the board.
- **Joining.** The guest finds the offers under its code's first two digits (a probe of its own
  tells it at once when there is none), answers one with its half and its name sealed with the
  key it agreed, and is in when the host's first sealed message opens with that key.
- **Playing.** Every message of the game is sealed with a key of its side, carries the game, the
  side and a sequence that only grows (a replay is refused), and goes through the one decoder
  before and after it is opened. Where it stands (the seat, the key, what it published) is kept
  in ``far.json`` in the companion's state directory, written whole for its owner alone, so a
  restart of either board goes on where it was.

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import msgspec

from engine.core.sides import Side
from engine.record import GameRecord
from firmware.words import N_
from hardware.doors.decoder import Undecodable, decode
from hardware.doors.file_reader import Unreadable, read_bytes
from hardware.doors.writer import set_aside, write_whole
from sim.far import messages, topics
from sim.far.messages import FAR_FILE, MESSAGE
from sim.far.protocol import Action, Apply, Choose, FarGame, Round, TakeUp
from sim.far.sealing import Exchange, Keys, Unsealed

log = logging.getLogger(__name__)

HOST = Side.CONES
"""The side the board that offers plays."""
OFFER_LIFE = 600
"""Seconds an offer stands: then it ends, said at the board."""
TRIES = 3
"""Wrong codes an offer takes before it ends."""
NOBODY_ANSWERS = 10.0
"""Seconds connected to the broker with no answer to a try to join: then joining gives up."""
HERE = 10.0
"""Seconds between two signs of life of a board playing far."""
AWAY = 35.0
"""Seconds without a word from the far board before it is said to be away."""
SEQ_GAP = 1000
"""How far a board's sequence jumps at start: a message sent but not yet written down before a
power cut never has its number used again."""
STEPS = frozenset({"throw", "move", "take_up", "set"})
"""The commands that carry far play's steps to the board."""
CODE_DIGITS = N_("A game code is six digits.")
NOBODY = N_("No board offers the game code {code}: check it with the far board's owner.")
WRONG_CODE = N_("The game code {code} does not match the far board's: check it with the far "
                "board's owner, who may offer a new one.")
GUESSED = N_("Someone tried wrong game codes three times: the offer has ended. Offer a new "
             "game for a new code.")
EXPIRED = N_("Nobody joined within ten minutes: the game code has ended. Offer a new game for "
             "a new code.")
"""What went wrong, as the board says it (``{code}``: the code tried)."""
RETRY = 0.5
"""Seconds before the same step is asked of the board again (it was not ready), unless the
board tells news before."""


class Outbox(Protocol):
    """What far play sends through: the broker client (``sim.far.broker``)."""

    def publish(self, topic: str, payload: bytes, *, retain: bool = False,
                keep: int | None = None) -> None: ...
    def subscribe(self, topic: str) -> None: ...
    def unsubscribe(self, topic: str) -> None: ...


@dataclass
class Seat:
    """This board's place in a far game: host or guest, the code, its side, the game's id and
    key once agreed, the far board's name, and the sequences sent and heard."""

    role: str
    code: str
    mine: Side
    game: str | None = None
    key: bytes | None = None
    peer: str | None = None
    sent: int = 0
    heard: dict[str, int] = field(default_factory=dict)

    @property
    def side(self) -> str:
        """This board's side of the game's topics: host or guest."""
        return self.role

    @property
    def far_side(self) -> str:
        return "guest" if self.role == "host" else "host"


@dataclass
class Trying:
    """A guest's try to join one offer: the offer's game and try, and the key it agreed."""

    game: str
    attempt: int
    keys: Keys


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
        self.keys: Keys | None = None
        self.connected = False
        self.problem: str | None = None
        """What went wrong last, in words a player reads (None: nothing)."""
        self.trouble: str | None = None
        """Why the broker cannot be used now, in a player's words (``sim.far.broker``)."""
        self.tried: str | None = None
        """The code no board offered, or that did not match (said with the problem)."""
        # the host's offer
        self._exchange: Exchange | None = None
        self._attempt = 0
        self._failures = 0
        self._offered_at: float | None = None
        # the guest's search
        self._probe = secrets.token_hex(16)
        self._offers: dict[str, messages.Offer] = {}
        self._failed: set[str] = set()
        self._trying: Trying | None = None
        self._tries = 0
        self._asked_at: float | None = None
        # the game
        self._heard_at: float | None = None
        self._here_at = float("-inf")
        self._tried_step: tuple[str, float] | None = None
        self._taken: str | None = None
        self._asked: str | None = None
        self._taking: TakeUp | None = None
        """The round last sent to be taken up (its answer makes it this board's)."""
        self._unsaved = False
        self._load()

    # --- where it stands -------------------------------------------------------------------

    @property
    def state(self) -> str:
        """none, offering, joining or playing (the link's ``far`` states)."""
        if self.seat is None:
            return "none"
        if self.seat.key is None:
            return "offering" if self.seat.role == "host" else "joining"
        return "playing"

    @property
    def away(self) -> bool:
        """Whether the far board cannot be heard now (or the broker cannot)."""
        if self.state != "playing":
            return False
        heard = self._heard_at
        return not self.connected or heard is None or self.clock() - heard > AWAY

    def told(self) -> dict[str, Any]:
        """How far play stands, as the board's ``far`` command says it."""
        seat = self.seat
        return {"type": "far", "state": self.state,
                "code": seat.code if seat is not None else self.tried,
                "side": seat.mine.other.name.lower() if seat is not None else None,
                "peer": seat.peer if seat is not None else None, "away": self.away,
                "begins": seat is None or seat.role == "host",
                "problem": self.problem or (self.trouble if seat is not None else None)}

    # --- what a person asked ---------------------------------------------------------------

    def offer(self) -> str:
        """Offer a far game under a new code (any far game before ends); the code."""
        self.end()
        code = f"{secrets.randbelow(10 ** 6):06d}"
        self.seat = Seat("host", code, HOST, game=secrets.token_hex(16))
        self.game = FarGame(HOST, begins=True)
        self.problem = self.tried = None
        self._attempt = self._failures = 0
        self._offered_at = self.clock()
        self._new_exchange(refused=0)
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
        self.tried = self.problem = None
        self.seat = Seat("guest", code, HOST.other)
        self.game = FarGame(HOST.other, begins=False)
        self._offers.clear()
        self._failed.clear()
        self._trying, self._tries, self._asked_at = None, 0, None
        self._listen()
        self._ask_for_offers()
        self._save()
        log.info("joining the far game of the code %s", code)
        return True

    def end(self, problem: str | None = None) -> None:
        """End far play: this board's offer and game leave the broker; ``problem`` says why
        (to the board), when it was not asked."""
        seat = self.seat
        if seat is None:
            return
        log.info("far play under the code %s ends", seat.code)
        if seat.role == "host" and seat.game is not None and seat.key is None:
            self.outbox.publish(self._offer_topic(), b"", retain=True)
        if seat.game is not None and seat.key is not None:
            self.outbox.publish(topics.round_of(seat.game, seat.side), b"", retain=True)
        for topic in self._topics():
            self.outbox.unsubscribe(topic)
        if problem is not None:
            self.problem, self.tried = problem, seat.code
        self.seat, self.game, self.keys, self._exchange, self._trying = None, None, None, \
            None, None
        self._heard_at = None
        if self.file is not None:
            self.file.unlink(missing_ok=True)

    # --- what the broker brought -----------------------------------------------------------

    def broker_up(self, up: bool, trouble: str | None = None) -> None:
        """The broker connection came (the offer and this board's round are told again) or
        went (``trouble``: why, in a player's words)."""
        self.connected = up
        self.trouble = None if up else trouble
        seat = self.seat
        if not up or seat is None:
            return
        if seat.role == "host" and seat.key is None and self._exchange is not None:
            self._publish_offer(refused=0)
        elif seat.role == "guest" and seat.key is None:
            self._asked_at = None
            self._ask_for_offers()
        self._hello()

    def heard(self, topic: str, payload: bytes, retained: bool = False) -> bool:
        """A message from the broker; whether it changed what this board knows. Anything that
        is not what far play expects there is dropped with one line of the log."""
        seat = self.seat
        if seat is None:
            return False
        try:
            if topic.startswith(topics.OFFERS + "/"):
                return self._heard_offer(seat, topic, payload, retained)
            if seat.game is not None and topic == topics.join(seat.game):
                return self._heard_join(seat, topic, payload)
            return self._heard_game(seat, topic, payload)
        except Undecodable as exc:
            log.warning("dropped a far message: %s", exc)
            return False

    # --- offering and joining --------------------------------------------------------------

    def _offer_topic(self) -> str:
        seat = self.seat
        assert seat is not None and seat.game is not None
        return f"{topics.offer(seat.code)}/{seat.game}"

    def _new_exchange(self, refused: int) -> None:
        seat = self.seat
        assert seat is not None and seat.game is not None
        self._attempt += 1
        self._exchange = Exchange(seat.code, seat.game, host=True)
        self._publish_offer(refused)

    def _publish_offer(self, refused: int) -> None:
        seat, exchange = self.seat, self._exchange
        assert seat is not None and seat.game is not None and exchange is not None
        offer = messages.Offer(1, seat.game, self._attempt, exchange.message, refused)
        self.outbox.publish(self._offer_topic(), msgspec.json.encode(offer), retain=True,
                            keep=OFFER_LIFE)

    def _heard_join(self, seat: Seat, topic: str, payload: bytes) -> bool:
        """A try to join this board's offer: one try per exchange, a wrong code counted."""
        if seat.role != "host" or seat.key is not None or not payload:
            return False
        join: messages.Join = decode(payload, MESSAGE, messages.Join, source=topic)
        exchange, game = self._exchange, seat.game
        assert game is not None
        if exchange is None or join.attempt != self._attempt:
            log.info("a try to join answered an offer made before (try %d, now %d): not "
                     "counted", join.attempt, self._attempt)
            return False
        self._exchange = None  # an exchange is finished once
        try:
            keys = Keys(exchange.finish(join.pake), game)
            proof = keys.open("guest", "join", join.attempt, join.nonce, join.box)
            hello: messages.Hello = decode(proof, MESSAGE, messages.Hello, source=topic)
        except (Unsealed, Undecodable):
            self._failures += 1
            log.warning("a wrong game code was tried (%d of %d)", self._failures, TRIES)
            self._new_exchange(refused=join.attempt)  # whoever tried it hears so at once
            if self._failures >= TRIES:
                self.end(GUESSED)
            return True
        self.outbox.publish(self._offer_topic(), b"", retain=True)  # taken: it leaves
        seat.key, seat.peer = keys.secret, hello.board
        self.keys = keys
        self._heard_at = self.clock()
        self._listen()
        self._hello()
        self._save()
        log.info("%s joined the far game under the code %s", hello.board, seat.code)
        return True

    def _ask_for_offers(self) -> None:
        """Ask the broker for the offers under the code (the probe comes back after them)."""
        seat = self.seat
        if seat is None or not self.connected or self._asked_at is not None:
            return
        self._asked_at = self.clock()
        self.outbox.publish(f"{topics.offer(seat.code)}/{self._probe}", b"")

    def _heard_offer(self, seat: Seat, topic: str, payload: bytes, retained: bool) -> bool:
        """An offer under this code's first two digits, or this board's probe back."""
        if seat.role != "guest" or seat.key is not None:
            return False
        game = topic.rsplit("/", 1)[-1]
        if game == self._probe:
            if not self._offers and self._trying is None:
                self.end(NOBODY)  # every offer under the code came before the probe: none
                return True
            return False
        if not payload:
            self._offers.pop(game, None)  # taken (by this board, perhaps) or ended: the
            return True  # host's first message, or the time to wait, tells which
        offer: messages.Offer = decode(payload, MESSAGE, messages.Offer, source=topic)
        if offer.game != game:
            log.warning("dropped a far message: %s: an offer of another game than its topic "
                        "names", topic)
            return False
        self._offers[game] = offer
        trying = self._trying
        if trying is not None and trying.game == game and offer.attempt > trying.attempt:
            if offer.refused == trying.attempt:
                self._failed.add(game)  # this code is not that offer's
                self._trying = None
            else:
                self._trying = None  # another's try came first: try again
        if self._trying is None:
            self._try_next()
        return True

    def _try_next(self) -> None:
        """Answer the next offer under the code not tried in vain; none left: the code did
        not match."""
        seat = self.seat
        assert seat is not None
        offer = next((o for g, o in sorted(self._offers.items()) if g not in self._failed),
                     None)
        if offer is None or self._tries >= TRIES:
            if self._failed:
                self.end(WRONG_CODE)
            return
        self._tries += 1
        exchange = Exchange(seat.code, offer.game, host=False)
        try:
            keys = Keys(exchange.finish(offer.pake), offer.game)
        except Unsealed as exc:
            log.warning("dropped a far message: %s: %s", topics.offer(seat.code), exc)
            self._failed.add(offer.game)
            return
        nonce, box = keys.seal("guest", "join", offer.attempt,
                               msgspec.json.encode(messages.Hello(self.name)))
        join = messages.Join(1, offer.attempt, exchange.message, nonce, box)
        self._trying = Trying(offer.game, offer.attempt, keys)
        self._asked_at = self.clock()
        for kind in ("", "action", "here"):
            self.outbox.subscribe(self._game_topic(offer.game, "host", kind))
        self.outbox.publish(topics.join(offer.game), msgspec.json.encode(join))

    # --- the game --------------------------------------------------------------------------

    @staticmethod
    def _game_topic(game: str, side: str, kind: str = "") -> str:
        return topics.round_of(game, side) + (f"/{kind}" if kind else "")

    def _heard_game(self, seat: Seat, topic: str, payload: bytes) -> bool:
        """A sealed message of the far side: opened, checked for replay, then decided on."""
        parts = topic.split("/")
        trying = self._trying
        game = seat.game if seat.key is not None else trying.game if trying else None
        keys = self.keys if seat.key is not None else trying.keys if trying else None
        if game is None or keys is None or len(parts) not in (4, 5) \
                or "/".join(parts[:2]) != topics.GAMES or parts[2] != game \
                or parts[3] != seat.far_side or not payload:
            return False
        kind = parts[4] if len(parts) == 5 else "round"
        if kind not in ("round", "action", "here"):
            return False
        sealed: messages.Sealed = decode(payload, MESSAGE, messages.Sealed, source=topic)
        if sealed.game != game or sealed.side != seat.far_side:
            log.warning("refused: %s: a message of another game or side than its topic",
                        topic)
            return False
        try:
            text = keys.open(sealed.side, kind, sealed.seq, sealed.nonce, sealed.box)
        except Unsealed as exc:
            log.warning("refused: %s: %s (a stranger's, or changed on the way)", topic, exc)
            return False
        if seat.key is None:
            self._joined(seat, keys)
        self._heard_at = self.clock()
        if kind == "here":
            return False
        last = seat.heard.get(kind, -1)
        if sealed.seq < last:
            log.warning("refused: %s: message %d after %d: a replay", topic, sealed.seq, last)
            return False
        if sealed.seq == last and kind == "action":
            return False  # delivered twice
        seat.heard[kind] = sealed.seq
        self._unsaved = True  # written once the board has its step (``flush``): no disk
        game_ = self.game  # write between a far move and its lights
        assert game_ is not None
        try:
            if kind == "round":
                told: messages.Round = decode(text, MESSAGE, messages.Round, source=topic)
                found = Round.of(told)
                if told.board != seat.peer:
                    seat.peer = told.board
                changed = found is not None and game_.heard_state(found)
            else:
                changed = game_.heard_action(Action.of(
                    decode(text, MESSAGE, messages.Action, source=topic)))
        except ValueError as exc:  # Undecodable, and rules or a record that cannot be
            log.warning("refused: %s: %s", topic, exc)
            return False
        finally:
            for why in game_.refused:
                log.warning("refused: %s", why)
            game_.refused.clear()
        return changed

    def _joined(self, seat: Seat, keys: Keys) -> None:
        """The host's first sealed message opened with the key this board agreed: joined."""
        trying = self._trying
        assert trying is not None
        seat.game, seat.key = trying.game, keys.secret
        self.keys, self._trying = keys, None
        self._offers.clear()
        self._listen()
        self._hello()
        self._save()
        log.info("joined the far game of the code %s", seat.code)

    def publish(self, local: GameRecord | None) -> None:
        """Publish this board's game (its round, and its own side's new actions)."""
        seat = self.seat
        if self.game is None or seat is None or seat.key is None or seat.game is None:
            return
        self._alive()
        round_, actions = self.game.to_publish(local)
        if round_ is None:
            return
        for action in actions:
            self._seal(self._game_topic(seat.game, seat.side, "action"), "action",
                       msgspec.json.encode(action.to_message()))
        self._hello()
        self._save()

    def _alive(self) -> None:
        """A sign of life for the far board, every ``HERE`` seconds while playing."""
        seat, now = self.seat, self.clock()
        if seat is None or seat.game is None or seat.key is None or not self.connected \
                or now - self._here_at < HERE:
            return
        self._here_at = now
        self._seal(self._game_topic(seat.game, seat.side, "here"), "here", b"{}")

    def _seal(self, topic: str, kind: str, text: bytes, *, retain: bool = False) -> None:
        """Send ``text`` sealed as this board's next message of ``kind``."""
        seat, keys = self.seat, self.keys
        assert seat is not None and seat.game is not None and keys is not None
        seat.sent += 1
        nonce, box = keys.seal(seat.side, kind, seat.sent, text)
        sealed = messages.Sealed(1, seat.game, seat.side, seat.sent, nonce, box)  # type: ignore[arg-type]
        self.outbox.publish(topic, msgspec.json.encode(sealed), retain=retain)

    def _hello(self) -> None:
        """This board's far game on the broker (sealed, retained): its name, and its round."""
        seat, game = self.seat, self.game
        if seat is None or game is None or seat.key is None or seat.game is None:
            return
        published = game.published
        told = published.to_message(self.name) if published is not None else \
            messages.Round(self.name)
        self._seal(self._game_topic(seat.game, seat.side), "round", msgspec.json.encode(told),
                   retain=True)

    def step(self, local: GameRecord | None, phase: str, game: str) -> dict[str, Any] | None:
        """The command this board's link is asked for next (None: nothing now)."""
        seat, far = self.seat, self.game
        now = self.clock()
        if seat is not None and seat.key is None:
            self._waiting(seat, now)
            return None
        if far is None or seat is None:
            return None
        self._alive()
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
        tried = self._tried_step
        if tried is not None and tried[0] == key and now - tried[1] < RETRY:
            return None
        self._tried_step = (key, now)
        self._asked = key
        return command

    def _waiting(self, seat: Seat, now: float) -> None:
        """An offer that stood too long ends; a try to join nobody answers gives up."""
        if seat.role == "host":
            if self._offered_at is not None and now - self._offered_at >= OFFER_LIFE:
                log.warning("nobody joined the far game under the code %s within %d "
                            "minutes: the offer ends", seat.code, OFFER_LIFE // 60)
                self.end(EXPIRED)
            return
        self._ask_for_offers()
        if self.connected and self._asked_at is not None \
                and now - self._asked_at >= NOBODY_ANSWERS:
            self.end(WRONG_CODE if self._failed else NOBODY)

    def flush(self) -> None:
        """Write down what was heard since the last write (the sequences a replay is judged
        by), once the board has been told what to do."""
        if self._unsaved:
            self._save()

    def board_moved(self) -> None:
        """The board told news: a step it refused a moment ago is asked again."""
        self._tried_step = None

    def done(self, command: dict[str, Any], ok: bool) -> None:
        """The board answered ``command``: a round taken up is this board's from now on."""
        if ok and command.get("type") == "take_up" and self.game is not None \
                and self._taking is not None:
            self.game.took_up(self._taking)  # the round as sent, not a later one heard since
            self._save()
        if command.get("type") in STEPS:
            if ok:
                self._taken, self._tried_step = self._asked, None
            self._asked = None

    # --- on the broker and on disk ---------------------------------------------------------

    def _topics(self) -> list[str]:
        seat = self.seat
        if seat is None:
            return []
        if seat.key is None:
            if seat.role == "host":
                return [topics.join(seat.game)] if seat.game else []
            found = [f"{topics.offer(seat.code)}/+"]
            if self._trying is not None:
                found += [self._game_topic(self._trying.game, "host", kind)
                          for kind in ("", "action", "here")]
            return found
        assert seat.game is not None
        return [self._game_topic(seat.game, seat.far_side, kind)
                for kind in ("", "action", "here")]

    def _listen(self) -> None:
        for topic in self._topics():
            self.outbox.subscribe(topic)
        seat = self.seat
        if seat is not None and seat.key is not None:  # the search is over
            if seat.role == "host" and seat.game is not None:
                self.outbox.unsubscribe(topics.join(seat.game))
            else:
                self.outbox.unsubscribe(f"{topics.offer(seat.code)}/+")

    def _save(self) -> None:
        self._unsaved = False
        seat, game = self.seat, self.game
        if self.file is None or seat is None or game is None:
            return
        published = game.published.to_message(self.name) if game.published else None
        kept = messages.Seat(seat.role, seat.code, "cones" if seat.mine is Side.CONES  # type: ignore[arg-type]
                             else "reels", seat.game, seat.key, seat.peer, seat.sent,
                             dict(seat.heard), game.taken, published)  # type: ignore[arg-type]
        try:
            write_whole(self.file, msgspec.json.encode(kept).decode(), private=True)
        except OSError as exc:  # a full disk: the broker keeps the game meanwhile
            log.error("far play could not be saved: %s", exc)

    def _load(self) -> None:
        """Where far play stood (``far.json``); a file that cannot be used is set aside, in
        one line, and far play starts afresh."""
        if self.file is None:
            return
        try:
            kept: messages.Seat = decode(read_bytes(self.file, FAR_FILE, follow=False), FAR_FILE,
                          messages.Seat, source=str(self.file))
            published = Round.of(kept.published) if kept.published is not None else None
        except FileNotFoundError:
            return
        except (Unreadable, ValueError) as exc:
            set_aside(self.file, "far play file", str(exc).removeprefix(f"{self.file}: "),
                      ": far play starts afresh")
            return
        seat = Seat(kept.role, kept.code, Side.parse(kept.mine), kept.game, kept.key,
                    kept.peer, kept.sent + SEQ_GAP, {str(k): v for k, v in kept.heard.items()})
        if seat.key is None and seat.role == "guest":
            return  # a search cut short: asked again when the person asks
        game = FarGame(seat.mine, begins=seat.role == "host", taken=kept.taken)
        game.published = published
        self.seat, self.game = seat, game
        if seat.key is not None and seat.game is not None:
            self.keys = Keys(seat.key, seat.game)
        elif seat.role == "host" and seat.game is not None:
            self._offered_at = self.clock()
            self._new_exchange(refused=0)
        self._listen()
