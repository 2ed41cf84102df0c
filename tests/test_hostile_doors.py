"""One corpus of hostile inputs at every door (``tests/doors_table.py``): every command's every
argument, every file aseb reads on its own, every message handler. Each answers within
``SECONDS`` with a clear line and its documented exit status (64 usage, 66 an input not read,
73 an output not written, 78 the board file), never a traceback or a hang, in bounded memory.

``make test`` feeds each argument a few inputs of its kind (``QUICK``); ``make test-long`` the
whole corpus. Doors are run in this process (a hang is ended by an alarm, the memory measured by
tracemalloc); the benchmark (``python -m tests.benchmarks.hostile_files``) runs each command in
a process of its own. An argument a parser takes that the table does not list fails the test.
"""

from __future__ import annotations

import argparse
import logging
import resource
import signal
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.doors_table import (
    ARGUMENTS,
    Argument,
    arguments_parsed,
    command_line,
    expected,
    files,
    inputs_of,
    messages,
    value_of,
)
from tests.hostile import MESSAGES, READ, ROOM, address_space, place

SECONDS = 5.0
"""A door answers within this much work (the CPU time of its thread: this machine is shared,
and its wall clock runs slow under load)."""
WAIT = 30.0
"""A door that has not answered after this long on the wall clock waits for something (a FIFO,
a device): it is taken to hang, and stopped."""
MEMORY = 64 * 1024 * 1024
"""The most memory (traced) a door may take to answer."""
LONGEST = 500
"""Characters of the line that answers, at most (a 5,000-digit number is not repeated)."""


class Hung(Exception):
    """The door did not answer within ``SECONDS``."""


@dataclass(frozen=True)
class Answer:
    """What a door did with a hostile input: what it returned (or the exit status), what it
    raised, the CPU seconds it took and the most memory it held."""

    value: object
    raised: BaseException | None
    seconds: float
    peak: int


def answered(call: Callable[[], object]) -> Answer:
    """Run ``call`` here, ended by an alarm after ``WAIT`` (a read that blocks is
    interrupted), its memory traced; an argparse exit is its status."""
    def alarm(signum: int, frame: object) -> None:
        raise Hung(f"no answer within {WAIT} s")

    handlers = {s: signal.getsignal(s) for s in (signal.SIGALRM, signal.SIGTERM, signal.SIGINT)}
    signal.signal(signal.SIGALRM, alarm)
    limits = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (address_space() + ROOM, limits[1]))
    tracemalloc.start()
    start = time.thread_time()
    signal.setitimer(signal.ITIMER_REAL, WAIT)
    value: object = None
    raised: BaseException | None = None
    try:
        value = call()
    except SystemExit as exit_:
        value = exit_.code
    except BaseException as exc:  # whatever it is, the test says it
        raised = exc
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.thread_time() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        resource.setrlimit(resource.RLIMIT_AS, limits)
        for kind, handler in handlers.items():  # aseb run sets SIGTERM's and SIGINT's
            signal.signal(kind, handler)
    return Answer(value, raised, seconds, peak)


@pytest.fixture(autouse=True)
def no_display(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No window opens (aseb sim says there is no display), nothing is kept outside the
    test's folder."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "NOTIFY_SOCKET"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # a mixer that decodes, and plays nothing
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state-home"))
    yield


def test_every_argument_of_every_command_is_in_the_table() -> None:
    """A command or an argument added without its row in the table fails here."""
    assert sorted(arguments_parsed() - set(ARGUMENTS)) == []
    assert sorted(set(ARGUMENTS) - arguments_parsed()) == []


def test_an_argument_added_without_its_row_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    from sim.command import cli

    build = cli.build_parser

    def with_one_more() -> argparse.ArgumentParser:
        parser = build()
        commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        commands.choices["review"].add_argument("--out", metavar="FILE")
        commands.add_parser("export").add_argument("file")
        return parser

    monkeypatch.setattr(cli, "build_parser", with_one_more)
    assert sorted(arguments_parsed() - set(ARGUMENTS)) == [("export", "file"), ("review", "--out")]


def argument_cases(quick: bool) -> Iterator[object]:
    for (command, option), argument in sorted(ARGUMENTS.items()):
        for name in inputs_of(argument, quick):
            yield pytest.param(argument, name, id=f"{command} {option}: {name}")


def check_argument(argument: Argument, name: str, folder: Path,
                   capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    from sim.command.cli import main

    folder.mkdir(exist_ok=True)
    line = command_line(argument, value_of(argument, name, folder), folder)
    with caplog.at_level(logging.INFO):
        answer = answered(lambda: main(line))
    out = capsys.readouterr()
    said = [*out.err.splitlines(), *out.out.splitlines(), *caplog.text.splitlines()]
    shown = " ".join(said)[-2000:]
    assert answer.raised is None, f"{type(answer.raised).__name__}: {answer.raised}"
    assert answer.value == expected(argument, name), shown
    assert answer.seconds < SECONDS and answer.peak < MEMORY
    assert "Traceback" not in out.err + caplog.text
    words = [said_line for said_line in said if said_line.strip()
             and not said_line.startswith(("usage:", "       "))]
    assert words and all(len(said_line) < LONGEST for said_line in words), \
        [said_line[:200] for said_line in words]


@pytest.mark.parametrize(("argument", "name"), list(argument_cases(quick=True)))
def test_every_argument_answers_hostile_input_in_a_line(
        argument: Argument, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    check_argument(argument, name, tmp_path / "door", capsys, caplog)


@pytest.mark.long
@pytest.mark.parametrize(("argument", "name"), list(argument_cases(quick=False)))
def test_every_argument_answers_the_whole_corpus_in_a_line(
        argument: Argument, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    check_argument(argument, name, tmp_path / "door", capsys, caplog)


FILE_DOORS = sorted(files())


@pytest.mark.parametrize("name", sorted(READ))
@pytest.mark.parametrize("door", FILE_DOORS)
def test_every_file_read_answers_hostile_content_in_a_line(
        door: str, name: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Each bad file is refused in one line naming it, or set aside and said, and the board
    goes on with its default: never a traceback, a hang or memory without bound."""
    read = files()[door]
    folder = tmp_path / "state"
    folder.mkdir()
    if read.prepare is not None:
        read.prepare(folder)
    place(name, folder / read.name)
    with caplog.at_level(logging.INFO):
        answer = answered(lambda: read.read(folder))
    assert answer.seconds < SECONDS and answer.peak < MEMORY, answer
    if answer.raised is not None:
        assert isinstance(answer.raised, read.refused), repr(answer.raised)
        message = str(answer.raised)
        assert "\n" not in message and len(message) < LONGEST, message[:1000]
        assert read.name in message or name == "missing", message
    lines = caplog.text.splitlines()
    assert "Traceback" not in caplog.text and all(len(line) < LONGEST for line in lines)
    if read.says and name not in ("missing", "empty") and answer.raised is None \
            and door not in ("kiosk's game log",):
        assert any(read.name in line for line in lines), (door, name, lines)


@pytest.mark.parametrize("name", sorted(MESSAGES))
@pytest.mark.parametrize("door", sorted(messages()))
def test_every_message_handler_refuses_a_hostile_message_in_a_line(door: str, name: str) -> None:
    handler = messages()[door]
    answer = answered(lambda: handler.handle(MESSAGES[name]))
    assert answer.seconds < SECONDS and answer.peak < MEMORY, answer
    assert isinstance(answer.raised, handler.refused), repr(answer.raised)
    message = str(answer.raised)
    assert "\n" not in message and len(message) < LONGEST, message[:1000]
