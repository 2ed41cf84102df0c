"""The board's local link, as messages: what the controller tells a companion on its Unix socket
(``firmware.service.link``) and what a companion may ask of it. One JSON object a line, each with
the schema's version ``v`` and its ``type``. What it tells in words (the game's title, the status,
the log, the settings' titles and labels, errors) is in the board's language (the ``language``
setting); sides and squares are named by their keys (``cones``, ``M8``).

The board tells (events):

    hello      {"version", "game"}: the first line on every connection
    game       {"name", "title", "chance", "geometry"}: the game played and its board
    position   {"notation", "turn", "winner", "pieces", "waiting", "off", "actions", "last"}
    lights     {"frame"}: every lit square and stick pixel, as "#rrggbb"
    status     {"text", "phase", "said"}: ``said``: the same line in every language of the
               catalogs, by code (``{"de": ...}``), so a page says it in its own
    throw      {"side", "value", "sticks"}: the throw the sticks show (side and value null: none)
    moves      {"side", "moves", "chosen", "remote"}: the legal moves; the move the board asks
               for (the mummy's or the remote player's), and the side played remotely
    chances    {"cones", "history"}: the Cones' chance now and after each action (solved table)
    log        {"lines", "told"}: what happened, the newest last; ``told``: the same sentences
               as phrases (``told_json``), for a companion to say in its own language
    settings   {"values", "settings"}: every setting this board offers (``firmware.menu.choices``)
    tournament {"running"}; while Setna's tournament is played also {"wins", "losses",
               "to_win", "stage", "over", "won", "setna", "mummy", "telling", "news"}: Setna's
               games won and lost, the games to win, how deep he stands in the sand (0 to 4),
               the sides Setna (the player) and the mummy play, where it stands and what the
               last game did, in words (``firmware.story.setna``; version 2)
    game_over  {"winner", "record"}: a finished game, kept among the records under that id
    games      {"games"}: the finished games' records, newest first (asked for)
    record     {"id", "record"}: one record as its JSON (asked for)
    stats      {"games", "per_day", "completion", "visitors", "minutes", "durations"}: the
               kiosk's figures (``durations``: finished games by length, 5 minutes a bin)
    far        {"state", "code", "side", "peer", "away", "begins", "problem", "asked"}: play
               with a board far away (``sim.far``), as its companion tells it: ``state`` none,
               offering (a code made, said and lit, waiting for the far board), joining or
               playing; the side the far board plays, its name, whether it is away, whether
               this board begins the next game, what went wrong in words; ``asked``: what a
               page asked of the companion and it has not done yet ({"action", "code"})
               (version 3)
    played     {"record"}: the game on the board as a game record (``engine.record``), for the
               far companion (version 3)
    health     {"since", "i2c_outages", "disk_full", "sensors"}: when this life of the board
               began (Unix time), the reeds' I2C outages and the saves a full disk refused
               since (version 3); a Hall board's sensors that have failed, each {"square",
               "fault" (nothing, full, beyond, stuck), "adc", "channel", "words"} (``words``:
               the sentence a player hears, in the board's language; none: ``[]``)
    pin        {"pin"}: the web page's new PIN (4 to 8 digits), made at the board menu and said
               and lit at the board; told only to a companion that keeps the page's PIN (it
               asked with ``pins``), never to another, never again to a newcomer: the page
               takes it as the PIN waiting to be entered and shows it to no browser
    ok         {"command"}: a command was carried out
    error      {"message"} and, where a player may read it, {"words"}: a line was refused,
               and why (``words``: the reason as a phrase, ``told_json``)

The fields of ``game`` and ``position`` are made here (``geometry_json``, ``position_json``),
so every face that tells a game as the link does (the browser's worker, ``sim.browser``) tells it
the same way.

A companion asks (commands):

    set        {"key", "value"}: change a setting, as the board menu would
    new_game   {}: end the game on the board, as the new_game button does
    remote     {"side"}: a remote player plays this side (null: nobody)
    throw      {}: the remote player throws (their turn to throw); {"throw"}: a far board's
               throw, in notation (``3:WWDW``), taken as it fell there
    move       {"move"}: the remote player's move, in notation
    games      {}: list the records
    record     {"id"}: one record
    pin        {"pin"}: say the web page's new PIN (4 to 8 digits) aloud and in the log, and
               light it on the squares (``firmware.lights.pin``; companions hear neither)
    pins       {}: this companion keeps the web page's PIN: tell it the PINs the board makes at
               its menu (the ``pin`` event; with no such companion the menu makes none)
    stats      {}: the kiosk's statistics (``firmware.kiosk.stats``)
    far        {"state", "code", "side", "peer", "away", "begins", "problem", "done"}: the
               far companion says how far play stands (told to every companion as the ``far``
               event; the board lights and says a new code, and waits for the far side);
               ``done``: the action asked (``far_ask``) it has carried out
    far_ask    {"action", "code"}: a page asks the far companion to offer a game (``offer``),
               to join the game of ``code`` (``join``) or to end far play (``end``)
    take_up    {"record"}: take up the far board's game (a game record's JSON object)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import Phrase
from engine.game import Game
from engine.games.api import Geometry
from firmware.play.evidence import move_squares
from firmware.service.pins import is_pin
from hardware.doors.decoder import Undecodable, decode
from hardware.doors.file_reader import Bounds

VERSION = 3
"""The schema's version: a change a companion must know of raises it. 2: the ``tournament``
event (a companion of version 1 ignores it; its commands mean what they meant); 3: far play
(the ``far`` and ``played`` events, the ``far``, ``far_ask`` and ``take_up`` commands, a
``throw`` that names its throw)."""
SPOKEN = range(1, VERSION + 1)
"""The versions whose commands the board understands."""
MAX_LINE = 32768
"""Bytes in a command line at most: a longer one is refused and its sender dropped (a far
board's whole game, ``take_up``, is the longest: a long Senet game is some 6 KB)."""

COMMAND = Bounds("link command", MAX_LINE, depth=8, keys=500)
"""A command as the one decoder reads it: a line, its game record nested a few deep."""
LONGEST_LIST = 200
"""Items of a list said in words that every companion reads whole. Each item nests a log line two
levels deeper (a phrase and its arguments). The demon's cast is the longest list: a throw per
side until one can enter. In 20,000 of Tait's games, one in 40 threw 29 times or more, which the
old depth of 64 dropped, and the longest threw 68 times."""
EVENT = Bounds("board's event", 1 << 22, depth=2 * LONGEST_LIST + 16, keys=200_000)
"""One line of the board's news as a companion's decoder reads it: a whole game's record at most
(``played``); a log line of a long list nests deeper than any record (``LONGEST_LIST``)."""

EVENTS = ("hello", "game", "position", "lights", "status", "throw", "moves", "chances", "log",
          "settings", "tournament", "game_over", "games", "record", "stats", "far", "played",
          "health", "pin", "ok", "error")
"""Every type of message the board tells."""


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """One event of ``kind`` with its fields and the version."""
    if kind not in EVENTS:
        raise ValueError(f"not an event of the link: {kind!r}")
    return {"v": VERSION, "type": kind, **fields}


def encode(event: dict[str, Any]) -> bytes:
    """An event as its line on the socket."""
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


@dataclass(frozen=True)
class Command:
    """A companion's command: its ``type`` and its arguments, checked."""

    type: str
    key: str = ""
    value: str = ""
    side: str | None = None
    move: str = ""
    id: str = ""
    pin: str = ""
    throw: str | None = None
    state: str = ""
    code: str | None = None
    peer: str | None = None
    problem: str | None = None
    action: str = ""
    away: bool = False
    begins: bool = True
    record: dict[str, Any] | None = None
    done: str | None = None


class Refused(ValueError):
    """A line that is not a command, with the reason in words (the ``error`` event's message)."""


FIELDS: dict[str, tuple[str, ...]] = {
    "set": ("key", "value"), "new_game": (), "remote": ("side",), "throw": (),
    "move": ("move",), "games": (), "record": ("id",), "pin": ("pin",), "pins": (),
    "stats": (), "far": ("state",), "far_ask": ("action",), "take_up": ()}
"""Each command and the string fields it needs (``side`` may be null)."""
OPTIONAL: dict[str, dict[str, type]] = {
    "throw": {"throw": str},
    "far": {"side": str, "code": str, "peer": str, "problem": str, "away": bool,
            "begins": bool, "done": str},
    "far_ask": {"code": str},
    "take_up": {"record": dict}}
"""Each command's fields that may be left out (or null), and their types."""
FAR_STATES = ("none", "offering", "joining", "playing")
FAR_ASKS = ("offer", "join", "end")


def event_of(line: bytes) -> tuple[str, dict[str, Any]]:
    """The kind of one line of the board's news and the event, through the one decoder (bounded
    before it is parsed), as every companion reads it; ``Undecodable`` for a line that is not
    an event."""
    event: dict[str, Any] = decode(line, EVENT, dict[str, Any], source="the board's event")
    kind = event.get("type")
    if not isinstance(kind, str):
        raise Undecodable("the board's event", "no type named")
    return kind, event


def parse_command(line: bytes) -> Command:
    """The command in one line; ``Refused`` saying what is wrong with anything else."""
    if len(line) > MAX_LINE:
        raise Refused(f"a command is at most {MAX_LINE} bytes")
    try:  # the one decoder: bounded, UTF-8, finite numbers, then parsed
        data: Any = decode(line, COMMAND)
    except Undecodable as exc:
        if exc.problem.startswith("not JSON"):
            raise Refused("not JSON: send one JSON object a line") from None
        raise Refused(str(exc)) from None
    if not isinstance(data, dict):
        raise Refused("a command is a JSON object with a \"type\"")
    if data.get("v", VERSION) not in SPOKEN:
        raise Refused(f"schema version {data.get('v')!r} is not spoken here (version {VERSION})")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise Refused(f"unknown command {kind!r} (the commands are {', '.join(FIELDS)})")
    found: dict[str, Any] = {}
    for name, wanted in OPTIONAL.get(kind, {}).items():
        value = data.get(name)
        if value is None:
            continue
        if not isinstance(value, wanted) or (isinstance(value, str) and len(value) > 200):
            what = "a short text" if wanted is str else f"a {wanted.__name__}"
            raise Refused(f"{kind}: {name!r} must be {what}")
        found[name] = value
    for name in FIELDS[kind]:
        value = data.get(name)
        if name == "side" and value is None:
            found[name] = None
        elif not isinstance(value, str) or not value or len(value) > 100:
            raise Refused(f"{kind}: {name!r} must be a short text")
        else:
            found[name] = value
    if kind == "far" and found["state"] not in FAR_STATES:
        raise Refused(f"far: state is one of {', '.join(FAR_STATES)}")
    if kind == "far_ask" and found["action"] not in FAR_ASKS:
        raise Refused(f"far_ask: action is one of {', '.join(FAR_ASKS)}")
    if kind == "take_up" and "record" not in found:
        raise Refused("take_up: 'record' must be a game record")
    if kind == "pin" and not is_pin(found["pin"]):
        raise Refused("pin: 4 to 8 digits")
    return Command(kind, **found)


SOCKET_NAME = "link.sock"


def socket_path(given: str | None, state_dir: Path) -> Path:
    """Where the link listens: ``given`` (``--socket``), else systemd's runtime directory,
    else ``$XDG_RUNTIME_DIR/aseb``, else the state directory."""
    if given:
        return Path(given)
    runtime = os.environ.get("RUNTIME_DIRECTORY")
    if runtime:
        return Path(runtime.split(":")[0]) / SOCKET_NAME
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    return (Path(xdg) / "aseb" if xdg else state_dir) / SOCKET_NAME


def hex_colour(colour: tuple[int, int, int]) -> str:
    """``(255, 180, 60)`` as ``#ffb43c``."""
    r, g, b = colour
    return f"#{r:02x}{g:02x}{b:02x}"


def told_json(text: str) -> Any:
    """A sentence as the link tells it: a ``Phrase`` as its message id and arguments
    (``{"id", "args", "plural", "n"}``, the arguments told the same way), any other text as it
    is; ``told_text`` makes it a phrase again, for a companion to say in its own language."""
    if not isinstance(text, Phrase):
        return str(text)
    return {"id": text.msgid, "args": {key: told_json(value) if isinstance(value, str) else value
                                        for key, value in text.args.items()},
            "plural": text.plural, "n": text.number}


def told_text(data: Any) -> str:
    """What ``told_json`` told, as a phrase again (ValueError for anything else)."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) \
            or not isinstance(data.get("args", {}), dict):
        raise ValueError("not a sentence of the link")
    args = {str(key): told_text(value) if isinstance(value, str | dict) else value
            for key, value in data.get("args", {}).items()}
    plural, number = data.get("plural"), data.get("n")
    try:
        return Phrase(data["id"], args, plural if isinstance(plural, str) else None,
                      number if isinstance(number, int) else None)
    except (KeyError, IndexError, ValueError) as exc:  # placeholders that do not match
        raise ValueError(f"not a sentence of the link: {exc}") from None


def side_key(side: Side | None) -> str | None:
    """A side as the link names it (``cones``), or None."""
    return side.name.lower() if side is not None else None


def geometry_json(geometry: Geometry) -> dict[str, Any]:
    """A board's geometry (``engine.games.api.Geometry``) as the ``game`` event tells it."""
    return {"board": geometry.board, "squares": list(geometry.squares),
            "position": {s: list(p) for s, p in geometry.position.items()},
            "marked": dict(geometry.marked), "paths": [list(p) for p in geometry.paths],
            "homes": [list(h) for h in geometry.homes],
            "oblongs": [list(o) for o in geometry.oblongs],
            "rows": geometry.rows, "columns": geometry.columns}


def position_json(game: Game | None) -> dict[str, Any]:
    """The ``position`` event's fields for ``game`` (None: no game on the board)."""
    if game is None:
        return {"notation": None, "turn": None, "winner": None, "pieces": {},
                "waiting": [0, 0], "off": [0, 0], "actions": 0, "last": None}
    state = game.state
    return {"notation": state.notation(), "turn": side_key(state.turn),
            "winner": side_key(state.winner),
            "pieces": {square: side_key(side) for square, side in sorted(state.owners().items())},
            "waiting": [state.waiting(Side.CONES), state.waiting(Side.REELS)],
            "off": list(state.off), "actions": len(game.actions), "last": last_move(game)}


def last_move(game: Game) -> dict[str, Any] | None:
    """The last move made (not a throw): who, in notation, and its two squares."""
    actions = game.actions
    for number in range(len(actions) - 1, -1, -1):
        if not isinstance(actions[number], Throw):
            before = game.before(number)
            source, target = move_squares(before, actions[number])
            return {"side": side_key(before.turn), "notation": before.describe(actions[number]),
                    "from": source, "to": target}
    return None
