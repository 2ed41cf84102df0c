"""``aseb far``: the companion as a program (its own unit beside ``aseb run``), and ``aseb fleet``:
every board on a broker, its state in a table.

    aseb far --board /etc/aseb/board.toml          # the [network] section says where and who
    aseb fleet --broker mqtts://broker:8883 --credentials museum.toml --ca ca.pem
"""

from __future__ import annotations

import contextlib
import json
import logging
import signal
import threading
import time
from pathlib import Path
from typing import Any

from firmware.words import _
from sim.far.config import Broker, NetworkError, broker_address, credentials, load_network

log = logging.getLogger(__name__)

LISTEN = 2.0
"""Seconds ``aseb fleet`` listens for the boards' retained states."""


def far_main(board: Path, socket: Path, state_dir: Path) -> int:
    """Run the companion until SIGTERM or SIGINT; 78 for a missing or bad ``[network]``."""
    from sim.far.companion import Companion

    try:
        network = load_network(board)
    except NetworkError as exc:
        print(f"aseb far: {exc}")
        return 78
    if network is None:
        print(_("aseb far: {board} has no [network] section: it names the broker, this "
                "board's name and its credentials file (README: beyond one house)").format(
                    board=board))
        return 78
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    log.info("aseb far: board %s, broker %s:%d, the board's link %s", network.name,
             network.broker.host, network.broker.port, socket)
    Companion(socket, network, state_dir).run(stop)
    return 0


def fleet_main(url: str, credentials_file: Path, ca: Path | None,
               seconds: float = LISTEN) -> int:
    """Print every board on the broker with its state; 78 for a bad broker or credentials."""
    try:
        host, port, tls = broker_address(url, "--broker")
        username, password = credentials(credentials_file, "--credentials", "museum")
    except NetworkError as exc:
        print(f"aseb fleet: {exc}")
        return 78
    states = fleet(Broker(host, port, tls, username, password, ca), seconds)
    if states is None:
        print(_("aseb fleet: the broker at {host}:{port} cannot be reached").format(
            host=host, port=port))
        return 69
    print(fleet_table(states))
    return 0


def fleet(broker: Broker, seconds: float) -> dict[str, dict[str, Any]] | None:
    """Every board's state and whether it is online, as retained on the broker (None: the
    broker did not answer within ``seconds``)."""
    from sim.far import topics
    from sim.far.broker import BrokerClient

    found: dict[str, dict[str, Any]] = {}
    up = threading.Event()
    lock = threading.Lock()

    def heard(topic: str, payload: bytes, retained: bool) -> None:
        name = topics.board_of(topic)
        if name is None or not payload:
            return
        with lock:
            board = found.setdefault(name, {"name": name})
            if topic == topics.online(name):
                board["connected"] = payload == b"online"
            elif topic == topics.state(name):
                with contextlib.suppress(ValueError):
                    board.update(json.loads(payload))

    client = BrokerClient(broker, f"aseb-fleet-{time.monotonic_ns() % 10 ** 9}", will=None,
                          heard=heard, connected=lambda ok: up.set() if ok else None)
    client.subscribe(f"{topics.ROOT}/+/state")
    client.subscribe(f"{topics.ROOT}/+/online")
    client.start()
    try:
        if not up.wait(seconds * 3):
            return None
        threading.Event().wait(seconds)  # the retained messages come at once; late ones too
    finally:
        client.stop()
    with lock:
        return dict(found)


COLUMNS = (("name", "board"), ("connected", "online"), ("game", "game"), ("mode", "mode"),
           ("language", "language"), ("phase", "phase"), ("games_today", "games today"),
           ("i2c_outages", "I2C outages"), ("restarts", "restarts"), ("disk_full", "disk full"),
           ("far", "far game"))


def fleet_table(states: dict[str, dict[str, Any]]) -> str:
    """The boards as a table of text, one a line, sorted by name."""
    rows = [[title for _key, title in COLUMNS]]
    for name in sorted(states):
        board = states[name]
        row = []
        for key, _title in COLUMNS:
            value = board.get(key)
            if key == "connected":
                value = "yes" if value else "no"
            elif key == "far":
                value = "-" if not value or value.get("state") == "none" else \
                    f"{value.get('state')} {value.get('peer') or ''}".strip() + (
                        " (away)" if value.get("away") else "")
            row.append("-" if value is None else str(value))
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
             for row in rows]
    if len(rows) == 1:
        lines.append(_("(no board on this broker yet)"))
    return "\n".join(lines)
