"""Every message far play and the fleet take from the broker, and every file they keep, as the
one decoder (``hardware.doors.decoder``) checks it: its bounds before a byte is parsed, then each
field's type and range as the value is built. Nothing from the broker is used any other way.

    offer = decode(payload, MESSAGE, Offer, source=topic)   # Undecodable: one line

What a sealed message carries (``Round``, ``Action``, ``Hello``) is decoded the same way once
``sim.far.sealing`` has opened it; a record's rules are then checked against the games this
board knows (``known_rules``), never built from what arrived.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

import msgspec

from engine import games
from engine.games.api import Rules
from engine.tait.state import Ruleset
from hardware.doors.file_reader import Bounds

MESSAGE = Bounds("far message", 64 * 1024, depth=8, keys=200, digits=24)
"""Any message on the broker: a whole round of a long Senet game is some 6 KB."""
STATE = Bounds("board state", 8 * 1024, depth=4, keys=60, digits=24)
"""A board's state for a museum, and Home Assistant's discovery."""
FAR_FILE = Bounds("far play file", 128 * 1024, depth=8, keys=200, digits=24)
"""``far.json``: the seat, the key and this board's round."""
COMPANION_FILE = Bounds("companion file", 4096, depth=2, keys=20, digits=24)
"""``companion.json``: the board's restarts, and the companion's own client id."""

GAME_ID = r"^[0-9a-f]{32}$"
"""A far game's id: 128 random bits, in hex; its topics are named by it."""
LONGEST_GAME = 5000
"""Actions in a far game at most (the longest game of the family is a few hundred)."""

Count = Annotated[int, msgspec.Meta(ge=0, le=10**12)]
Label = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9_-]{0,31}$")]
"""A board's name, as ``sim.far.topics.NAME`` allows it."""
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
"""A throw (``3:WWDW``) or a move (``C2-M6``) in notation."""
PakeMessage = Annotated[bytes, msgspec.Meta(min_length=1, max_length=64)]
Nonce = Annotated[bytes, msgspec.Meta(min_length=12, max_length=12)]
Box = Annotated[bytes, msgspec.Meta(min_length=16, max_length=48 * 1024)]
Side = Literal["cones", "reels"]


class Offer(msgspec.Struct, forbid_unknown_fields=True):
    """A far game offered (retained under the code's first two digits): the game's id, the
    try it answers, the host's half of the key exchange. ``refused``: the try before, refused
    (a wrong code). Nothing here lets a reader join without the code."""

    v: Literal[1]
    game: Annotated[str, msgspec.Meta(pattern=GAME_ID)]
    attempt: Annotated[int, msgspec.Meta(ge=1, le=100)]
    pake: PakeMessage
    refused: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0


class Join(msgspec.Struct, forbid_unknown_fields=True):
    """A try to join: the guest's half of the key exchange, for the offer's ``attempt``, and its
    proof that it holds the code (its name, sealed with the key agreed)."""

    v: Literal[1]
    attempt: Annotated[int, msgspec.Meta(ge=1, le=100)]
    pake: PakeMessage
    nonce: Nonce
    box: Box


class Sealed(msgspec.Struct, forbid_unknown_fields=True):
    """A game message: the game, the side that wrote it and its sequence, in the clear and
    bound to the box (``sim.far.sealing``), and the box."""

    v: Literal[1]
    game: Annotated[str, msgspec.Meta(pattern=GAME_ID)]
    side: Literal["host", "guest"]
    seq: Count
    nonce: Nonce
    box: Box


class Record(msgspec.Struct, forbid_unknown_fields=True):
    """A game record as a round carries it (``engine.record``'s JSON, no set-up start)."""

    format: Literal["aseb-game"]
    version: Literal[1]
    ruleset: dict[Annotated[str, msgspec.Meta(max_length=40)], Any]
    first: Side
    actions: Annotated[list[Token], msgspec.Meta(max_length=LONGEST_GAME)]


class Round(msgspec.Struct, forbid_unknown_fields=True):
    """A board's far game as it tells it (sealed, retained): its name, and its round (None:
    no game yet)."""

    board: Label
    round: Annotated[int, msgspec.Meta(ge=1, le=10**9)] | None = None
    record: Record | None = None


class Action(msgspec.Struct, forbid_unknown_fields=True):
    """One throw or move as it is made (sealed): its round, its number in the game, the
    position it was made from, the action and the side that made it."""

    round: Annotated[int, msgspec.Meta(ge=1, le=10**9)]
    seq: Annotated[int, msgspec.Meta(ge=0, le=LONGEST_GAME)]
    before: Annotated[str, msgspec.Meta(max_length=400)]
    action: Token
    side: Side


class Hello(msgspec.Struct, forbid_unknown_fields=True):
    """The guest's proof that it holds the code: its name, sealed."""

    board: Label


class FarState(msgspec.Struct, forbid_unknown_fields=True):
    """How far play is described in the board's state for a museum."""

    state: Literal["none", "offering", "joining", "playing"]
    peer: Label | None = None
    away: bool = False


class BoardState(msgspec.Struct):
    """A board's state as ``aseb fleet`` shows it (fields it does not know are left out)."""

    name: Label
    online: bool = True
    game: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    mode: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    language: Annotated[str, msgspec.Meta(max_length=16)] | None = None
    opponent: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    phase: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    games_today: Count = 0
    i2c_outages: Count = 0
    restarts: Count = 0
    disk_full: Count = 0
    since: Annotated[float, msgspec.Meta(ge=0, le=1e11)] | None = None
    started: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    at: Annotated[float, msgspec.Meta(ge=0, le=1e11)] | None = None
    far: FarState | None = None


class Device(msgspec.Struct):
    """The device a Home Assistant discovery message attaches its entity to."""

    identifiers: Annotated[list[Annotated[str, msgspec.Meta(max_length=80)]],
                           msgspec.Meta(max_length=8)]


class Discovery(msgspec.Struct):
    """A Home Assistant discovery message, as far as ``aseb fleet`` checks it."""

    device: Device


class Seat(msgspec.Struct, forbid_unknown_fields=True):
    """Where this board stands in far play, as ``far.json`` keeps it."""

    role: Literal["host", "guest"]
    code: Annotated[str, msgspec.Meta(pattern=r"^[0-9]{6}$")]
    mine: Side
    game: Annotated[str, msgspec.Meta(pattern=GAME_ID)] | None = None
    key: Annotated[bytes, msgspec.Meta(min_length=32, max_length=32)] | None = None
    peer: Label | None = None
    sent: Count = 0
    heard: dict[Literal["round", "action"], Count] = {}
    taken: Annotated[int, msgspec.Meta(ge=1, le=10**9)] | None = None
    published: Round | None = None


class Counts(msgspec.Struct, forbid_unknown_fields=True):
    """``companion.json``: the board's restarts, its last life, the companion's client id."""

    restarts: Count = 0
    since: Annotated[float, msgspec.Meta(ge=0, le=1e11)] | None = None
    client: Annotated[str, msgspec.Meta(pattern=r"^aseb-[0-9a-f]{24}$")] | None = None


class UnknownRules(ValueError):
    """Rules a far board sent that this board does not know (one line: what differs)."""


def known_rules(data: dict[str, Any]) -> Rules:
    """The rules ``data`` (a record's ``ruleset``) names, when they are exactly a game this
    board knows (its usual rules, or Tait's without the demon-cast): the board's own object,
    never one built from what arrived. ``UnknownRules`` naming the first key that differs."""
    name = data.get("game", data.get("name"))
    if not isinstance(name, str) or name not in games.names():
        raise UnknownRules(f"ruleset: {str(name)[:40]!r} is not a game this board knows")
    base = games.load(name)
    candidates = [base]
    if isinstance(base, Ruleset):
        candidates.append(replace(base, demon_cast=not base.demon_cast))
    for rules in candidates:
        if rules.to_json() == data:
            return rules
    known = base.to_json()
    key = next((k for k in sorted({*known, *data}) if known.get(k) != data.get(k)), "?")
    raise UnknownRules(f"ruleset.{str(key)[:40]}: not as this board plays {name}")


def record_data(record: Record) -> dict[str, Any]:
    """A decoded record as ``engine.record.GameRecord.from_data`` reads it, its rules the
    board's own (``UnknownRules`` for any others)."""
    rules = known_rules(record.ruleset)
    return {"format": record.format, "version": record.version, "ruleset": rules.to_json(),
            "first": record.first, "actions": list(record.actions)}
