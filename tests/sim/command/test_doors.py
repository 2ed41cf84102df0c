"""Every door that reads a board file (``aseb run``, ``sim``, ``selftest``, ``web``, ``menu-card``,
``build-kit``) reads it with the same reader and the same checks: a valid file, ``[web]`` section
and all, passes each; a bad one is refused by each in one line naming the file and the key, with
exit status 78 (systemd's configuration error, never restarted): never a traceback, a hang, or
another game played in place of the one asked for."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, load_board
from sim.command.cli import main
from tests.sim.web.test_web_stop import connected, free_port

DEFAULT = DEFAULT_BOARD.read_text()
LAST = [line for line in DEFAULT.splitlines() if line.startswith("[")][-1]
assert LAST.startswith("[menu]")  # so a key added at the end is [menu]'s
WEB = DEFAULT + '\n[web]\naddress = "127.0.0.1"\nport = 8021\n'
"""The shipped board file with a valid web section (it stopped aseb run, sim and selftest)."""


def doors(tmp_path: Path) -> dict[str, list[str]]:
    """Each door's command line, but for the board file's path (last)."""
    state = str(tmp_path / "state")
    return {"run": ["run", "--no-link", "--state-dir", state, "--board"],
            "sim": ["sim", "--state-dir", state, "--board"],
            "selftest": ["selftest", "--board"],
            "web": ["web", "--state-dir", str(tmp_path / "web"), "--board"],
            "menu-card": ["menu-card", "--out", str(tmp_path / "card.pdf"), "--board"],
            "build-kit": ["build-kit", "--out", str(tmp_path / "kit"), "--board"]}


@pytest.fixture(autouse=True)
def no_display_and_own_signals(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No window opens (the sim door says there is no display once the file is read), the
    window's settings stay in the test's folder, and the run door's signal handlers are undone."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "NOTIFY_SOCKET"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    handlers = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
    yield
    for kind, handler in handlers.items():
        signal.signal(kind, handler)


def said(capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> str:
    """What a door said: its printed lines and (``aseb run``) its log."""
    text = capsys.readouterr().err + caplog.text
    caplog.clear()
    return text


def with_web(lines: str, base: str = DEFAULT) -> str:
    return base + "\n[web]\n" + lines + "\n"


BAD: dict[str, tuple[Callable[[Path], Path], str]] = {}
"""Bad board files by name: how each is made in a folder, and what the one line says of it."""


def bad(name: str, said: str) -> Callable[[Callable[[Path], Path]], Callable[[Path], Path]]:
    def register(make: Callable[[Path], Path]) -> Callable[[Path], Path]:
        BAD[name] = (make, said)
        return make
    return register


def text_file(name: str, text: str, said: str) -> None:
    def make(folder: Path) -> Path:
        path = folder / "board.toml"
        path.write_text(text)
        return path
    BAD[name] = (make, said)


text_file("web port 80", with_web("port = 80"),
          "web.port: expected an integer from 1024 to 65535, got 80")
text_file("web address a name", with_web('address = "aseb.local"'),
          "web.address: expected an IP address")
text_file("web pin a number", with_web("pin = 1234"), "web.pin: expected text")
text_file("web pin of letters", with_web('pin = "12ab"'), "web.pin: expected 4 to 8 digits")
text_file("web key misspelt", with_web('adress = "127.0.0.1"'),
          "web.adress: unknown key (known keys here: address, certificate, hosts, key, metrics, "
          "pin, port)")
text_file("web hosts a name with a space", with_web('hosts = ["aseb board"]'),
          "web.hosts: expected host names such as 'aseb.local'")
text_file("web hosts a name", with_web('hosts = "aseb.local"'), "web.hosts: expected a list")
text_file("web port of 5,000 digits", with_web("port = " + "9" * 5000),
          "web.port: a number of 5,000 digits; no setting needs more than a few")
text_file("web port nested 5,000 deep", with_web("port = " + "[" * 5000 + "]" * 5000),
          "web.port: lists or tables nested more than 16 deep")
text_file("20,000 dotted keys", with_web("a" + ".a" * 20_000 + " = 1"),
          "a dotted key of more than 8 parts")  # plain tomllib took 2.4 GB for it
text_file("2,000 keys", with_web("\n".join(f"k{n} = {n}" for n in range(2000))),
          "more than 1,000 keys and tables")
text_file("menu language xx", DEFAULT + '\nlanguage = "xx"\n', "menu.language: ")
text_file("menu level god", DEFAULT + '\nlevel = "god"\n', "menu.level: ")
text_file("menu game chess", DEFAULT + '\ngame = "chess"\n', "menu.game: ")
text_file("menu volume 9", DEFAULT + '\nvolume = "9"\n', "menu.volume: ")
text_file("menu setting unknown", DEFAULT + '\ncolour = "red"\n', "menu.colour: ")
text_file("tournament on a senet board",
          (BOARDS / "senet.toml").read_text() + '\n[story]\nmode = "tournament"\n',
          "story.mode: the tournament is played with Tait's Twenty Squares, not on a senet board")


@bad("a link to /dev/zero", "not a regular file (a character device)")
def zeros(folder: Path) -> Path:
    path = folder / "board.toml"
    path.symlink_to("/dev/zero")  # tomllib ran out of memory on it
    return path


@bad("a FIFO", "not a regular file (a FIFO)")
def fifo(folder: Path) -> Path:
    import os

    path = folder / "board.toml"
    os.mkfifo(path)  # a plain open() waits for a writer for ever
    return path


@pytest.mark.parametrize("door", ["run", "sim", "selftest", "web", "menu-card", "build-kit"])
@pytest.mark.parametrize("name", sorted(BAD))
def test_every_door_refuses_a_bad_board_file_in_one_line_with_78(
        door: str, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    make, expected = BAD[name]
    path = make(tmp_path)
    status: list[int] = []
    # In a thread, so a door that waits on the FIFO fails the test instead of hanging it.
    opened = threading.Thread(target=lambda: status.append(main([*doors(tmp_path)[door],
                                                                 str(path)])), daemon=True)
    opened.start()
    opened.join(timeout=60)
    assert status == [78], f"{door} did not answer 78 in time"
    lines = [line for line in said(capsys, caplog).splitlines() if str(path) in line]
    assert len(lines) == 1 and expected in lines[0], lines
    assert len(lines[0]) < 400


def test_a_valid_web_section_is_read_and_kept() -> None:
    board = load_board(DEFAULT_BOARD)  # the shipped file: no [web], the defaults
    assert (board.web.address, board.web.port, board.web.pin) == ("127.0.0.1", 8020, None)
    assert board.web.hosts == () and board.web.origin == "http://127.0.0.1:8020"


def test_the_names_the_page_is_reached_by_are_read_and_name_the_friends_link(
        tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(WEB + 'hosts = ["Aseb.local", "board.home.arpa"]\n')
    web = load_board(path).web
    assert web.hosts == ("aseb.local", "board.home.arpa")
    assert web.origin == "http://aseb.local:8021"


@pytest.mark.parametrize("door", ["run", "sim", "selftest", "menu-card", "build-kit"])
def test_a_valid_web_section_passes_every_door(
        door: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    """Past the board file each door goes on: the run and the selftest find no GPIO here (69),
    the window no display (69, as make run expects), the card and the kit are drawn (0)."""
    path = tmp_path / "board.toml"
    path.write_text(WEB + 'pin = "482913"\n')
    assert load_board(path).web.port == 8021
    status = main([*doors(tmp_path)[door], str(path)])
    assert status == {"run": 69, "sim": 69, "selftest": 69, "menu-card": 0,
                      "build-kit": 0}[door], \
        said(capsys, caplog)
    assert "web" not in said(capsys, caplog)


def test_aseb_web_listens_where_a_valid_web_section_says(tmp_path: Path) -> None:
    port = free_port()
    path = tmp_path / "board.toml"
    path.write_text(DEFAULT + f'\n[web]\naddress = "127.0.0.1"\nport = {port}\n')
    web = subprocess.Popen(
        [sys.executable, "-m", "sim.command.cli", "web", "--board", str(path), "--socket",
         str(tmp_path / "link.sock"), "--state-dir", str(tmp_path / "web")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        with connected(web, port) as page:
            page.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert page.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        web.kill()
        web.wait()


def test_aseb_run_plays_the_game_asked_for_or_refuses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    """``--game senet`` on a Twenty Squares board played Tait's game without a word."""
    status = main(["run", "--no-link", "--state-dir", str(tmp_path), "--game", "senet",
                   "--board", str(DEFAULT_BOARD)])
    assert status == 78
    assert (f"{DEFAULT_BOARD}: this board file is wired for a twenty-squares board (for tait, "
            "cyningstan), not the senet board Senet is played on") in said(capsys, caplog)
    status = main(["run", "--no-link", "--state-dir", str(tmp_path), "--game", "cyningstan",
                   "--board", str(DEFAULT_BOARD)])
    assert status == 69  # a game of this board: on to the hardware, which is not here
