"""The table of every door aseb has, fed the one hostile corpus (``tests/hostile.py``) by
``tests/test_hostile_doors.py`` and measured by ``python -m tests.benchmarks.hostile_files``.

Three kinds of door:

- ``ARGUMENTS``: every argument of every command (``aseb run --seconds``, ``aseb review FILE``),
  with the command line that reaches it and the kind of value it takes; a test enumerates the
  parsers and fails on an argument that is not here.
- ``files()``: every file aseb reads on its own (the saved game, the settings, the
  calibration...): a function that reads it from a folder.
- ``messages()``: every handler of a message that arrives (the board's link): a function of
  the bytes.

Adding a door: a new argument gets a row in ``ARGUMENTS`` (its kind decides which hostile inputs
it is fed and the exit status expected of it, ``EXPECTED``); a file read at start a row in
``files()``; a message handler a row in ``messages()`` (``"far play: an offer":
MessageDoor(heard(far.Offer), Undecodable)``).
docs/develop/doors.md says more.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware.boards.board_file import BOARDS
from tests.hostile import FOLDERS, NUMBERS, READ, WORDS, WRITE

EX_USAGE, EX_NOINPUT, EX_CANTCREAT, EX_CONFIG = 64, 66, 73, 78

KINDS = {
    "board file": (READ, EX_CONFIG), "game file": (READ, EX_NOINPUT),
    "calibration out": (WRITE, EX_CANTCREAT), "card out": (WRITE, EX_CANTCREAT),
    "folder to write": (FOLDERS, EX_CANTCREAT), "folder to read": (FOLDERS, EX_NOINPUT),
    "number": (NUMBERS, EX_USAGE), "word": (WORDS, EX_USAGE), "choice": (WORDS, EX_USAGE),
    "socket": (WRITE, EX_USAGE), "square": (WORDS, EX_USAGE), "flag": ({}, 0),
}
"""Each kind of argument: the hostile inputs it is fed and the exit status it answers them
with (64 usage, 66 an input that cannot be read, 73 an output that cannot be written, 78 the
board file), but where an argument's ``answers`` say otherwise."""


@dataclass(frozen=True)
class Argument:
    """One argument of one command: its kind, and the command line that reaches it (``{}``
    where the hostile value goes; ``FOLDER`` and ``HALL`` are filled in)."""

    kind: str
    line: tuple[str, ...]
    answers: dict[str, int] = field(default_factory=dict)
    """Exit statuses that differ from the kind's, by input (``None``-like 0: a line said and
    the command goes on, as documented)."""
    skip: dict[str, str] = field(default_factory=dict)
    """Inputs this argument is not fed, and why."""


def _run(*rest: str) -> tuple[str, ...]:
    return ("run", "--no-link", "--state-dir", "FOLDER/state", *rest)


SIMULATED = ("run", "--simulated", "--no-link", "--seconds", "0", "--state-dir", "FOLDER/state")
SIM = ("sim", "--state-dir", "FOLDER/state")
WEB = ("web", "--state-dir", "FOLDER/web", "--port", "8029", "--socket", "FOLDER/link.sock")
BROKER = "mqtt://127.0.0.1:9"
"""A broker nobody answers at: a door reached past its arguments would wait for it."""
FLEET = ("fleet", "--credentials", "CREDENTIALS")
SECONDS_MAY_BE_A_FRACTION = {"a fraction for a count": "seconds may be a fraction"}
A_LINK_NOT_THERE = "a link not there yet is waited for: the board may start after the page"

ARGUMENTS: dict[tuple[str, str], Argument] = {
    ("play", "--lang"): Argument("choice", ("play", "--lang", "{}")),
    ("play", "--mummy"): Argument("word", ("play", "--mummy", "{}")),
    ("play", "--level"): Argument("word", ("play", "--level", "{}")),
    ("play", "--seed"): Argument("number", ("play", "--seed", "{}"),
                                 skip={"negative": "a seed may be any whole number"}),
    ("play", "--game"): Argument("choice", ("play", "--game", "{}")),
    ("play", "--two-players"): Argument("flag", ()),
    ("play", "--plain"): Argument("flag", ()),
    ("play", "--no-demon-cast"): Argument("flag", ()),
    ("play", "--tutorial"): Argument("flag", ()),
    ("play", "--tournament"): Argument("flag", ()),
    ("play", "--far"): Argument("word", ("play", "--far", "{}")),
    ("play", "--network"): Argument("board file", ("play", "--far", "314159", "--network", "{}")),
    ("run", "--board"): Argument("board file", _run("--board", "{}")),
    ("run", "--simulated"): Argument("flag", ()),
    ("run", "--mummy"): Argument("word", (*SIMULATED, "--mummy", "{}")),
    ("run", "--level"): Argument("word", (*SIMULATED, "--level", "{}")),
    ("run", "--state-dir"): Argument("folder to write", ("run", "--simulated", "--no-link",
                                                         "--seconds", "0", "--state-dir", "{}")),
    ("run", "--lang"): Argument("choice", (*SIMULATED, "--lang", "{}")),
    ("run", "--seconds"): Argument("number", ("run", "--simulated", "--no-link", "--state-dir",
                                              "FOLDER/state", "--seconds", "{}"),
                                   skip=SECONDS_MAY_BE_A_FRACTION),
    ("run", "--socket"): Argument("socket", ("run", "--simulated", "--seconds", "0",
                                             "--state-dir", "FOLDER/state", "--socket", "{}"),
                                  answers={"an unwritable folder": 0},  # said; plays on
                                  skip={"a name of 5,000 characters": "said by the link as it "
                                        "listens, and the board plays on (as for any)"}),
    ("run", "--no-link"): Argument("flag", ()),
    ("run", "--solve"): Argument("flag", ()),
    ("run", "--no-demon-cast"): Argument("flag", ()),
    ("run", "--demo"): Argument("flag", ()),
    ("run", "--game"): Argument("choice", (*SIMULATED, "--game", "{}")),
    ("run", "--kiosk"): Argument("flag", ()),
    ("run", "--tutorial"): Argument("flag", ()),
    ("run", "--tournament"): Argument("flag", ()),
    ("sim", "--board"): Argument("board file", (*SIM, "--board", "{}")),
    ("sim", "--state-dir"): Argument("folder to write", ("sim", "--state-dir", "{}")),
    ("sim", "--lang"): Argument("choice", (*SIM, "--lang", "{}")),
    ("sim", "--fullscreen"): Argument("flag", ()),
    ("sim", "--seed"): Argument("number", (*SIM, "--seed", "{}"),
                                skip={"negative": "a seed may be any whole number"}),
    ("sim", "--seconds"): Argument("number", (*SIM, "--seconds", "{}"),
                                   skip=SECONDS_MAY_BE_A_FRACTION),
    ("sim", "--game"): Argument("choice", (*SIM, "--game", "{}")),
    ("sim", "--far"): Argument("word", (*SIM, "--far", "{}")),
    ("sim", "--network"): Argument("board file", (*SIM, "--far", "314159", "--network", "{}")),
    ("solve", "--pieces"): Argument("number", ("solve", "--out", "FOLDER/tables", "--pieces",
                                               "{}")),
    ("solve", "--game"): Argument("choice", ("solve", "--out", "FOLDER/tables", "--game", "{}")),
    ("solve", "--ruleset"): Argument("word", ("solve", "--out", "FOLDER/tables", "--ruleset",
                                              "{}")),
    ("solve", "--out"): Argument("folder to write", ("solve", "--pieces", "1", "--out", "{}")),
    ("review", "file"): Argument("game file", ("review", "{}", "--tables", "FOLDER/tables")),
    ("review", "--tables"): Argument("folder to read", ("review", "RECORD", "--tables", "{}"),
                                     answers=dict.fromkeys(FOLDERS, 0)),  # said: a search judges
    ("stats", "--state-dir"): Argument("folder to read", ("stats", "--state-dir", "{}"),
                                       answers={"an unwritable folder": 0}),  # read, not written
    ("stats", "--csv"): Argument("flag", ()),
    ("menu-card", "--board"): Argument("board file", ("menu-card", "--out", "FOLDER/card.pdf",
                                                      "--board", "{}")),
    ("menu-card", "--lang"): Argument("choice", ("menu-card", "--out", "FOLDER/card.pdf",
                                                 "--lang", "{}")),
    ("menu-card", "--out"): Argument("card out", ("menu-card", "--out", "{}")),
    ("build-kit", "--board"): Argument("board file", ("build-kit", "--out", "FOLDER/kit",
                                                      "--board", "{}")),
    ("build-kit", "--out"): Argument("folder to write", ("build-kit", "--out", "{}")),
    ("web", "--board"): Argument("board file", (*WEB, "--board", "{}")),
    ("web", "--socket"): Argument("socket", ("web", "--state-dir", "FOLDER/web", "--port", "8029",
                                             "--socket", "{}"),
                                  skip={"an unwritable folder": A_LINK_NOT_THERE,
                                        "a name of 5,000 characters": A_LINK_NOT_THERE}),
    ("web", "--state-dir"): Argument("folder to write", ("web", "--port", "8029", "--socket",
                                                         "FOLDER/link.sock", "--state-dir", "{}"),
                                     answers=dict.fromkeys(FOLDERS, EX_CONFIG)),  # the page's
    ("web", "--display"): Argument("flag", ()),
    ("web", "--address"): Argument("word", (*WEB, "--address", "{}")),
    ("web", "--port"): Argument("number", (*WEB, "--port", "{}")),
    ("web", "--lang"): Argument("choice", (*WEB, "--lang", "{}")),
    ("far", "--board"): Argument("board file", ("far", "--state-dir", "FOLDER/state",
                                                 "--board", "{}")),
    ("far", "--socket"): Argument("socket", ("far", "--board", "FARBOARD", "--state-dir",
                                             "FOLDER/state", "--socket", "{}"),
                                  skip={"an unwritable folder": A_LINK_NOT_THERE}),
    ("far", "--state-dir"): Argument("folder to write", ("far", "--board", "FARBOARD",
                                                         "--state-dir", "{}")),
    ("fleet", "--broker"): Argument("word", (*FLEET, "--broker", "{}"),
                                    answers=dict.fromkeys(WORDS, EX_CONFIG)),  # as far.md says
    ("fleet", "--credentials"): Argument("board file", ("fleet", "--broker", BROKER,
                                                        "--credentials", "{}")),
    ("fleet", "--ca"): Argument("board file", (*FLEET, "--broker", BROKER, "--ca", "{}")),
    ("fleet", "--seconds"): Argument("number", (*FLEET, "--broker", BROKER, "--seconds", "{}"),
                                     skip=SECONDS_MAY_BE_A_FRACTION),
    ("fleet", "--forget"): Argument("number", (*FLEET, "--broker", BROKER, "--forget", "{}"),
                                    skip={"a fraction for a count": "days may be a fraction"}),
    ("selftest", "--board"): Argument("board file", ("selftest", "--board", "{}")),
    ("selftest", "--simulated"): Argument("flag", ()),
    ("selftest", "--reach"): Argument("flag", ()),
    ("selftest", "--build"): Argument("choice", ("selftest", "--simulated", "--build", "{}")),
    ("calibrate", "--board"): Argument("board file", ("calibrate", "--simulated", "--board",
                                                      "{}")),
    ("calibrate", "--out"): Argument("calibration out", ("calibrate", "--simulated", "--board",
                                                         "HALL", "--out", "{}")),
    ("calibrate", "--simulated"): Argument("flag", ()),
    ("calibrate", "--missing"): Argument("square", ("calibrate", "--simulated", "--board", "HALL",
                                                    "--missing", "{}")),
    ("calibrate", "--reversed"): Argument("square", ("calibrate", "--simulated", "--board",
                                                     "HALL", "--reversed", "{}")),
    ("calibrate", "--men"): Argument("number", ("calibrate", "--simulated", "--board", "HALL",
                                                "--men", "{}")),
}
"""Every argument of every command, by command and option (a positional by its name)."""

QUICK = {
    "read": ("a FIFO", "/dev/zero", "nested 50,000 deep", "not UTF-8"),
    "write": ("a FIFO", "a link to a device", "an unwritable folder"),
    "folders": ("a file", "an unwritable folder"),
    "numbers": ("nan", "5,000 digits"),
    "words": ("5,000 characters",),
}
"""What ``make test`` feeds each argument, by the inputs of its kind (``make test-long``
feeds them all)."""
QUICK_BY_KIND = {id(READ): QUICK["read"], id(WRITE): QUICK["write"],
                 id(FOLDERS): QUICK["folders"], id(NUMBERS): QUICK["numbers"],
                 id(WORDS): QUICK["words"]}


def parsers() -> dict[str, argparse.ArgumentParser]:
    """Every command's parser, by command (selftest and calibrate parse their own)."""
    from sim.command import calibrate, cli, selftest

    top = cli.build_parser()
    found = {}
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    found["selftest"] = selftest.parser()
    found["calibrate"] = calibrate.parser()
    return found


def arguments_parsed() -> set[tuple[str, str]]:
    """Every (command, option) the parsers take, but --help."""
    found = set()
    for command, parser in parsers().items():
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            name = action.option_strings[-1] if action.option_strings else action.dest
            found.add((command, name))
    return found


def command_line(argument: Argument, value: str, folder: Path) -> list[str]:
    """``argument``'s command line with ``value`` in its place, in ``folder``."""
    filled = []
    for word in argument.line:
        word = word.replace("{}", value) if "{}" in word else word
        if word.startswith("FOLDER/"):
            word = str(folder / word.removeprefix("FOLDER/"))
        elif word == "HALL":
            word = str(BOARDS / "hall.toml")
        elif word == "RECORD":
            word = str(record(folder))
        elif word == "FARBOARD":
            word = str(far_board(folder))
        elif word == "CREDENTIALS":
            word = str(credentials(folder))
        filled.append(word)
    return filled


def far_board(folder: Path) -> Path:
    """The shipped board file with a ``[network]`` section naming a broker nobody answers at."""
    path = folder / "far-board.toml"
    path.write_text((BOARDS / "pi-direct.toml").read_text() + f'\n[network]\nbroker = '
                    f'"{BROKER}"\nname = "kitchen"\n')
    return path


def credentials(folder: Path) -> Path:
    """A credentials file as ``aseb fleet`` wants it: its owner's alone."""
    path = folder / "mqtt.toml"
    path.write_text('username = "museum"\npassword = "secret"\n')
    path.chmod(0o600)
    return path


def record(folder: Path) -> Path:
    """A game record of no move yet with a piece a side, for the review's other arguments
    (quick to judge without a table)."""
    from engine.core.sides import Side
    from engine.record import GameRecord
    from engine.tait.state import Ruleset

    path = folder / "record.json"
    if not path.exists():
        path.write_text(json.dumps(GameRecord(Ruleset(pieces=1), Side.CONES, ()).to_data()))
    return path


def value_of(argument: Argument, name: str, folder: Path) -> str:
    """The hostile input ``name`` for ``argument``, made in ``folder`` where it is a file."""
    inputs, _ = KINDS[argument.kind]
    if inputs is READ:
        kind = "json" if argument.kind == "game file" else "toml"
        return str(READ[name](folder, kind))
    if inputs is WRITE:
        return str(WRITE[name](folder, ".pdf" if argument.kind == "card out" else ".json"))
    if inputs is FOLDERS:
        return str(FOLDERS[name](folder))
    return str(inputs[name])


def expected(argument: Argument, name: str) -> int:
    """The exit status ``argument`` answers the hostile input ``name`` with."""
    return argument.answers.get(name, KINDS[argument.kind][1])


def inputs_of(argument: Argument, quick: bool) -> list[str]:
    """The hostile inputs ``argument`` is fed (``quick``: ``make test``'s few)."""
    inputs, _ = KINDS[argument.kind]
    names = QUICK_BY_KIND.get(id(inputs), ()) if quick else tuple(inputs)
    return [name for name in names if name not in argument.skip]


@dataclass(frozen=True)
class FileDoor:
    """A file aseb reads on its own: its name in a folder, and how it is read (``read`` of the
    folder); ``refused``: the exceptions that say no (none: a bad file is set aside or skipped
    with a warning, and the default is used); ``says``: whether a bad file is said at all (a
    restart count or a solve's progress is quietly begun afresh)."""

    name: str
    read: Callable[[Path], object]
    refused: tuple[type[BaseException], ...] = ()
    says: bool = True
    prepare: Callable[[Path], object] | None = None
    """What the folder holds beside the file before it is read (not measured)."""


def _save(folder: Path) -> object:
    from engine.tait.state import TAIT
    from firmware.play.store import Store

    return Store(folder).load(TAIT)


def _settings(folder: Path) -> object:
    from firmware.menu.settings_file import SettingsFile

    return SettingsFile(folder).load(None)


def _tournament(folder: Path) -> object:
    from firmware.story.tournament import TournamentStore

    return TournamentStore(folder).load()


def _window(folder: Path) -> object:
    from sim.window.settings import load

    return load(folder / "window.json")


def _game_log(folder: Path) -> object:
    from firmware.kiosk.stats import GameLog

    return list(GameLog(folder).lines())


def _restarts(folder: Path) -> object:
    from firmware.service.restarts import _count

    return _count(folder)


def _calibration(folder: Path) -> object:
    from hardware.boards.board_file import load_board
    from hardware.sensors.hall_levels import Levels

    return Levels.load(folder / "hall-calibration.json", load_board(BOARDS / "hall.toml").squares)


def _table(folder: Path) -> object:
    """The solved table's description read (its values file there, empty)."""
    from firmware.solve.places import table_name
    from firmware.solve.table import open_table
    from tests.solved import TWO

    (folder / f"{table_name(TWO)}.values").write_bytes(b"")
    return open_table(folder, TWO)


def _table_description(folder: Path) -> object:
    """The solved table's description, whole, beside its values."""
    from firmware.solve.places import table_name
    from tests.solved import TWO, table_directory

    name = f"{table_name(TWO)}.json"
    return (folder / name).write_bytes((table_directory(TWO) / name).read_bytes())


def _table_values(folder: Path) -> object:
    """The solved table's values mapped (its description there, whole)."""
    from firmware.solve.table import open_table
    from tests.solved import TWO

    return open_table(folder, TWO)


def _sound(folder: Path) -> object:
    from hardware.sounds.speaker import MixerSpeaker

    speaker = MixerSpeaker([], files={"win": folder / "win.ogg"})
    speaker.close()
    return speaker


def _record(folder: Path) -> object:
    from firmware.play.records import load_game

    return load_game(folder / "game-1.json")


def _board(folder: Path) -> object:
    from firmware.service.boards import read_board

    return read_board(folder / "board.toml")


def _facts(folder: Path) -> object:
    from firmware.story.facts import load_facts

    return load_facts(folder / "mummy_facts.toml")


def _progress(folder: Path) -> object:
    from engine.solve import Index
    from engine.tait.state import Ruleset
    from firmware.solve.layers import Layers
    from firmware.solve.run import _resume

    ruleset = Ruleset(pieces=1)
    return _resume(folder, ruleset, Layers(Index(ruleset), folder), [set()], [[(0, 0)]])


def files() -> dict[str, FileDoor]:
    """Every file aseb reads on its own, by what it is."""
    from firmware.solve.places import table_name
    from firmware.solve.table import TableError
    from hardware.core.errors import ConfigError
    from tests.solved import TWO

    return {
        "saved game": FileDoor("game.json", _save),
        "settings": FileDoor("settings.json", _settings),
        "tournament": FileDoor("tournament.json", _tournament),
        "window's settings": FileDoor("window.json", _window),
        "kiosk's game log": FileDoor("games.jsonl", _game_log),
        "restart count": FileDoor("unavailable-starts", _restarts, says=False),
        "Hall calibration": FileDoor("hall-calibration.json", _calibration, (ConfigError,)),
        "solved table's description": FileDoor(f"{table_name(TWO)}.json", _table,
                                               (TableError,)),
        "solved table's values": FileDoor(f"{table_name(TWO)}.values", _table_values,
                                          (TableError,), prepare=_table_description),
        "a board's own sound": FileDoor("win.ogg", _sound),
        "game record (aseb review)": FileDoor("game-1.json", _record, (ValueError,)),
        "board file": FileDoor("board.toml", _board, (ConfigError,)),
        "facts": FileDoor("mummy_facts.toml", _facts, (ConfigError,)),
        "solve's progress": FileDoor("progress.json", _progress, says=False),
    }


@dataclass(frozen=True)
class MessageDoor:
    """A handler of a message that arrives: a function of its bytes, and the exception that
    refuses a message in one line."""

    handle: Callable[[bytes], Any]
    refused: type[BaseException]


def messages() -> dict[str, MessageDoor]:
    """Every handler of a message that arrives, by what it hears."""
    from firmware.service.link_schema import Refused, event_of, parse_command
    from hardware.doors.decoder import Undecodable, decode
    from sim.far import messages as far
    from sim.web.app import PLAY_BODY, Play

    def heard(kind: type, bounds: object = far.MESSAGE) -> Callable[[bytes], Any]:
        return lambda payload: decode(payload, bounds, kind, source="aseb/games/0/x")

    return {
        "the board's link: a companion's command": MessageDoor(parse_command, Refused),
        "far play: an offer": MessageDoor(heard(far.Offer), Undecodable),
        "far play: a join": MessageDoor(heard(far.Join), Undecodable),
        "far play: a sealed message": MessageDoor(heard(far.Sealed), Undecodable),
        "far play: a round, opened": MessageDoor(heard(far.Round), Undecodable),
        "far play: an action, opened": MessageDoor(heard(far.Action), Undecodable),
        "the fleet: a board's state": MessageDoor(heard(far.BoardState, far.STATE), Undecodable),
        "the web page: a friend's throw or move": MessageDoor(heard(Play, PLAY_BODY), Undecodable),
        "a companion: the board's news": MessageDoor(event_of, Undecodable),
    }
