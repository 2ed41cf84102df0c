"""Far and fleet say what is wrong, in one line each, with the exit status the docs give: a
host that is not one, no such host, nothing listening, a refused password, a certificate not
trusted; bad files through the one reader (a FIFO, /dev/zero, a credentials file others may
read) and a state on the broker that cannot be read."""

from __future__ import annotations

import json
import os
import re
import threading
import time
from pathlib import Path

import pytest

from sim.far import topics
from sim.far.broker import BrokerClient
from sim.far.config import Broker, NetworkError, load_network
from sim.far.run import fleet_main
from tests.sim.far.mosquitto import HOSTILE, MUSEUM, Mosquitto, free_port


def board_file(tmp_path: Path, broker: str, credentials: Path | None = None,
               ca: Path | None = None) -> Path:
    path = tmp_path / "board.toml"
    lines = ["[network]", f'broker = "{broker}"', 'name = "kitchen"']
    if credentials is not None:
        lines.append(f'credentials = "{credentials}"')
    if ca is not None:
        lines.append(f'ca = "{ca}"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def secret(tmp_path: Path, password: str, mode: int = 0o600) -> Path:
    path = tmp_path / "mqtt.toml"
    path.write_text(f'password = "{password}"\n', encoding="utf-8")
    path.chmod(mode)
    return path


@pytest.mark.parametrize(("broker", "said"), [
    ("mqtts://" + "a" * 70 + ".example.org", "is not a host's name: each part between dots"),
    ("mqtts://broker.example.org:" + "9" * 5000, "the port is a number from 1 to 65535"),
    ("mqtt://broker.example.org", "plain mqtt:// only on this machine"),
    ("http://broker.example.org", "expected mqtts://HOST:PORT"),
])
def test_a_broker_that_cannot_be_one_is_said_in_one_short_line(tmp_path: Path, broker: str,
                                                               said: str) -> None:
    with pytest.raises(NetworkError) as refused:
        load_network(board_file(tmp_path, broker))
    assert said in str(refused.value)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 300


def test_far_files_are_read_through_the_one_reader(tmp_path: Path) -> None:
    """A credentials file others may read is refused before a byte is read; a FIFO, a device,
    a CA file that is not a certificate: each one line, never a hang."""
    open_secret = secret(tmp_path, "letmein", 0o644)
    with pytest.raises(NetworkError, match=r"chmod 600"):
        load_network(board_file(tmp_path, "mqtts://127.0.0.1", open_secret))
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for bad, said in ((fifo, "not a regular file (a FIFO)"),
                      (Path("/dev/zero"), "not a regular file (a character device)")):
        started = time.monotonic()
        with pytest.raises(NetworkError, match=said.replace("(", r"\(").replace(")", r"\)")):
            load_network(bad)
        assert time.monotonic() - started < 5
    not_ca = tmp_path / "ca.pem"
    not_ca.write_text("hello\n", encoding="utf-8")
    with pytest.raises(NetworkError, match="not a CA's certificate"):
        load_network(board_file(tmp_path, "mqtts://127.0.0.1", None, not_ca))


def first_trouble(broker: Broker) -> object:
    """The first trouble a connection to ``broker`` meets."""
    client = BrokerClient(broker, "aseb-test", will=None, heard=lambda *a: None,
                          connected=lambda ok: None)
    client.start()
    try:
        deadline = time.monotonic() + 20
        while client.trouble is None:
            assert time.monotonic() < deadline, "no trouble said"
            threading.Event().wait(0.05)
        return client.trouble
    finally:
        client.stop()


def test_each_connection_problem_is_named_with_its_exit_status(tmp_path: Path) -> None:
    with Mosquitto(tmp_path / "broker", ("kitchen",)) as mosquitto:
        good = mosquitto.network("kitchen").broker
        cases = [
            (Broker("127.0.0.1", free_port(), True, "kitchen", "pw", good.ca), "unreachable",
             69),
            (Broker("no-such-host.invalid", 8883, True, "kitchen", "pw", good.ca),
             "no_host", 69),
            (Broker("127.0.0.1", mosquitto.port, True, "kitchen", "wrong", good.ca),
             "refused", 78),
            (Broker("127.0.0.1", mosquitto.port, True, "kitchen", good.password, None),
             "untrusted", 78),
        ]
        for broker, kind, status in cases:
            trouble = first_trouble(broker)
            assert (trouble.kind, trouble.status) == (kind, status)  # type: ignore[attr-defined]


def test_fleet_ends_78_for_a_refused_password(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with Mosquitto(tmp_path / "broker") as broker:
        status = fleet_main(f"mqtts://127.0.0.1:{broker.port}", secret(tmp_path, "wrong"),
                            broker.ca, seconds=0.5)
    said = capsys.readouterr().out
    assert status == 78 and "refused the user name or password" in said
    assert len(said.strip().splitlines()) == 1


def test_fleet_survives_any_retained_state_and_shows_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A state that is poison, one that names another board, a name's escape codes: each one
    line, and the table of the others shown, each with when it was last seen."""
    with Mosquitto(tmp_path / "broker", ("kitchen", "grandma")) as broker:
        writers = {}
        for name in ("kitchen", "grandma", HOSTILE):
            up = threading.Event()
            client = BrokerClient(broker.network(name).broker, name, will=None,
                                  heard=lambda *a: None,
                                  connected=lambda ok, up=up: up.set() if ok else None)
            client.start()
            assert up.wait(10)
            writers[name] = client
        now = time.time()
        writers["kitchen"].publish(topics.state("kitchen"), json.dumps(
            {"name": "kitchen", "game": "tait\x1b[2J", "phase": "throw", "at": now - 30}
        ).encode(), retain=True)
        writers["grandma"].publish(topics.state("grandma"), b"[" * 3000 + b"]" * 3000,
                                   retain=True)
        writers[HOSTILE].publish(topics.state(HOSTILE), json.dumps(
            {"name": "kitchen", "game": "senet", "at": now}).encode(), retain=True)
        writers[HOSTILE].publish(f"{topics.DISCOVERY}/sensor/{HOSTILE}/x/config", json.dumps(
            {"device": {"identifiers": ["aseb_kitchen"]}}).encode(), retain=True)
        for client in writers.values():
            client.stop()
        credentials = tmp_path / "museum.toml"
        credentials.write_text(f'password = "{broker.passwords[MUSEUM]}"\n', encoding="utf-8")
        credentials.chmod(0o600)
        status = fleet_main(f"mqtts://127.0.0.1:{broker.port}", credentials, broker.ca,
                            seconds=1.0)
    out = capsys.readouterr().out
    assert status == 0
    assert "\x1b" not in out and "tait\\x1b[2J" in out  # shown, never obeyed
    assert "aseb/boards/grandma/state: [0][0][0][0]: lists or objects nested more than" in out
    assert "aseb/boards/mallory/state names itself kitchen: shown as mallory" in out
    assert "attaches an entity to the device aseb_kitchen" in out
    table = out[out.index("board "):]
    assert re.search(r"\nkitchen +no +3\d s +tait", table) and "\nmallory " in table


def test_a_code_that_is_not_one_is_said_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    from sim.command.cli import main

    started = time.monotonic()
    assert main(["play", "--far", "abc"]) == 64
    assert main(["sim", "--far", "12345"]) == 64
    said = capsys.readouterr().err
    assert "'abc' is not a game code: a game code is six digits" in said
    assert "'12345' is not a game code" in said
    assert time.monotonic() - started < 5


def test_a_code_no_board_offers_is_said_at_once(tmp_path: Path) -> None:
    """The probe comes back after every offer under the code: none, and the board says so
    at once, with what to do."""
    from sim.far.far_play import NOBODY
    from tests.sim.far.two_boards import FarBoard, ask, play_until

    with Mosquitto(tmp_path / "broker", anonymous=True) as broker:
        guest = FarBoard(tmp_path, "grandma", broker, "tait", seed=35)
        try:
            play_until(lambda: guest.link.far.get("state") == "offering", guest, seconds=20)
            started = time.monotonic()
            ask(guest, {"type": "far_ask", "action": "join", "code": "123456"})
            play_until(lambda: guest.link.far.get("problem") == NOBODY, guest, seconds=20)
            assert time.monotonic() - started < 5  # not the ten seconds' wait
            assert guest.link.far["state"] == "none" and guest.link.far["code"] == "123456"
            assert "No board offers the game code 1 2 3 4 5 6" in " ".join(
                guest.table.controller.said)
        finally:
            guest.close()


@pytest.mark.parametrize("kind", ["fifo", "zero", "deep", "latin1"])
def test_a_far_file_that_cannot_be_used_is_set_aside_in_one_line(
        tmp_path: Path, kind: str, caplog: pytest.LogCaptureFixture) -> None:
    """``far.json`` and ``companion.json`` as a FIFO (a FIFO far.json once ignored SIGTERM),
    a link to /dev/zero, nested 50,000 deep, or not UTF-8: each set aside in one line, far play
    and the counts start afresh, at once."""
    from sim.far.companion import Companion

    state = tmp_path / "far"
    state.mkdir()
    for name in ("far.json", "companion.json"):
        path = state / name
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "zero":
            path.symlink_to("/dev/zero")
        elif kind == "deep":
            path.write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
        else:
            path.write_bytes('{"role": "h\xf4te"}'.encode("latin-1"))
    from sim.far.config import Network

    started = time.monotonic()
    companion = Companion(tmp_path / "link.sock", Network(Broker("127.0.0.1", 1, False),
                                                          "kitchen"), state)
    assert time.monotonic() - started < 5
    assert companion.far.seat is None and companion.restarts == 0
    aside = [r.getMessage() for r in caplog.records if "is unusable" in r.getMessage()]
    assert len(aside) == 2 and all("\n" not in line for line in aside)
    assert sorted(p.name for p in state.glob("*.bad-1.json")) == ["companion.bad-1.json",
                                                                  "far.bad-1.json"]
    companion.close()
