"""``aseb far``: the companion as a program (its own unit beside ``aseb run``), and ``aseb fleet``:
every board on a broker, its state in a table.

    aseb far --board /etc/aseb/board.toml          # the [network] section says where and who
    aseb fleet --broker mqtts://broker:8883 --credentials museum.toml --ca ca.pem

``aseb far`` ends only for a bad ``[network]`` (78): a broker that cannot be used is said in
one line at every try, and tried again. ``aseb fleet`` ends 69 when the broker cannot be
reached, 78 when it refuses the password or its certificate is not trusted.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from pathlib import Path
from typing import Any

from firmware.words import _
from hardware.core.errors import shown
from hardware.doors.decoder import Undecodable, decode
from sim.far import messages, topics
from sim.far.config import (
    Broker,
    NetworkError,
    broker_address,
    certificates,
    credentials,
    load_network,
)
from sim.far.status import FORGET

log = logging.getLogger(__name__)

LISTEN = 2.0
"""Seconds ``aseb fleet`` listens for the boards' retained states."""
EX_UNAVAILABLE, EX_CONFIG = 69, 78


def far_main(board: Path, socket: Path, state_dir: Path) -> int:
    """Run the companion until SIGTERM or SIGINT; 78 for a missing or bad ``[network]``."""
    from sim.far.companion import Companion

    try:
        network = load_network(board)
    except NetworkError as exc:
        print(f"aseb far: {exc}")
        return EX_CONFIG
    if network is None:
        print(_("aseb far: {board} has no [network] section: it names the broker, this "
                "board's name and its credentials file (README: beyond one house)").format(
                    board=board))
        return EX_CONFIG
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    log.info("aseb far: board %s, broker %s:%d, the board's link %s", network.name,
             network.broker.host, network.broker.port, socket)
    Companion(socket, network, state_dir).run(stop)
    return 0


def fleet_main(url: str, credentials_file: Path, ca: Path | None,
               seconds: float = LISTEN, forget: float = FORGET) -> int:
    """Print every board on the broker with its state; 78 for a bad broker, credentials or
    CA, or a broker that refuses them; 69 for one that cannot be reached."""
    try:
        host, port, tls = broker_address(url, "--broker")
        username, password = credentials(credentials_file, "--credentials", "museum")
        pem = certificates(ca, "--ca") if ca is not None else None
    except NetworkError as exc:
        print(f"aseb fleet: {exc}")
        return EX_CONFIG
    found = fleet(Broker(host, port, tls, username, password, pem), seconds)
    if isinstance(found, int):
        return found
    print(fleet_table(found, time.time(), forget))
    return 0


def fleet(broker: Broker, seconds: float) -> dict[str, dict[str, Any]] | int:
    """Every board's state and whether it is online, as retained on the broker; the exit
    status, the trouble said, when the broker cannot be used. A message that is not a board's
    state is said in one line and left out."""
    from sim.far.broker import BrokerClient

    found: dict[str, dict[str, Any]] = {}
    up = threading.Event()
    lock = threading.Lock()

    def heard(topic: str, payload: bytes, retained: bool) -> None:
        with lock:
            told = heard_by_fleet(topic, payload)
            if told is not None:
                name, what = told
                found.setdefault(name, {"name": name}).update(what)

    client = BrokerClient(broker, f"aseb-fleet-{time.monotonic_ns() % 10 ** 12}", will=None,
                          heard=heard, connected=lambda ok: up.set() if ok else None)
    for topic in (f"{topics.ROOT}/+/state", f"{topics.ROOT}/+/online",
                  f"{topics.DISCOVERY}/+/+/+/config"):
        client.subscribe(topic)
    logging.getLogger("sim.far.broker").setLevel(logging.ERROR)  # said here, once
    client.start()
    try:
        deadline = time.monotonic() + max(seconds * 3, 5.0)
        while not up.wait(0.1):
            trouble = client.trouble
            if trouble is not None or time.monotonic() > deadline:
                print(fleet_trouble(broker, trouble))
                return trouble.status if trouble is not None else EX_UNAVAILABLE
        threading.Event().wait(seconds)  # the retained messages come at once; late ones too
    finally:
        client.stop()
    with lock:
        return dict(found)


def fleet_trouble(broker: Broker, trouble: Any) -> str:
    """Why the broker cannot be used, in one line for the technician."""
    where = f"{broker.host[:80]}:{broker.port}"
    kind = trouble.kind if trouble is not None else "unreachable"
    reason = trouble.reason if trouble is not None else _("no answer")
    if kind == "refused":
        return _("aseb fleet: the broker at {where} refused the user name or password "
                 "({reason}): check the credentials file").format(where=where, reason=reason)
    if kind in ("untrusted", "tls"):
        return _("aseb fleet: the broker at {where} is not trusted ({reason}): name the CA "
                 "that signed its certificate").format(where=where, reason=reason)
    if kind == "no_host":
        return _("aseb fleet: the broker's host {where} is not known ({reason})").format(
            where=where, reason=reason)
    return _("aseb fleet: the broker at {where} cannot be reached ({reason})").format(
        where=where, reason=reason)


def heard_by_fleet(topic: str, payload: bytes) -> tuple[str, dict[str, Any]] | None:
    """What a retained message tells of a board: its name and what to show (None: nothing).
    A state that cannot be read, one that names another board, or a Home Assistant entity
    attached to another board's device is said in one line."""
    parts = topic.split("/")
    if parts[0] == topics.DISCOVERY:
        if len(parts) == 5 and payload:
            try:
                config: messages.Discovery = decode(payload, messages.STATE,
                                                    messages.Discovery, source=topic)
            except Undecodable:
                return None  # not ours to judge: another device's
            others = [i for i in config.device.identifiers
                      if i.startswith("aseb_") and i != f"aseb_{parts[2]}"]
            if others:
                print(_("aseb fleet: {topic} attaches an entity to the device {device}: only "
                        "that board's own account may (check the broker's access list)")
                      .format(topic=shown(topic, 120), device=shown(others[0], 60)))
        return None
    name = topics.board_of(topic)
    if name is None or not payload:
        return None
    if topic == topics.online(name):
        return name, {"connected": payload == b"online"}
    if topic != topics.state(name):
        return None
    try:
        state: messages.BoardState = decode(payload, messages.STATE, messages.BoardState,
                                            source=topic)
    except Undecodable as exc:
        print(_("aseb fleet: left out: {problem}").format(problem=exc))
        return name, {"unreadable": True}
    if state.name != name:
        print(_("aseb fleet: {topic} names itself {other}: shown as {name}, the account "
                "that wrote it").format(topic=topic, other=state.name, name=name))
    told = {field: getattr(state, field) for field in state.__struct_fields__}
    told["name"] = name
    told["far"] = {"state": state.far.state, "peer": state.far.peer,
                   "away": state.far.away} if state.far is not None else None
    return name, told


COLUMNS = (("name", "board"), ("connected", "online"), ("seen", "last seen"),
           ("game", "game"), ("mode", "mode"), ("language", "language"), ("phase", "phase"),
           ("games_today", "games today"), ("i2c_outages", "I2C outages"),
           ("restarts", "restarts"), ("disk_full", "disk full"), ("far", "far game"))


def ago(seconds: float) -> str:
    """How long ago, in a few characters: ``12 s``, ``5 min``, ``3 h``, ``2 days``."""
    if seconds < 90:
        return f"{max(0, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h"
    return f"{round(seconds / 86400)} days"


def fleet_table(states: dict[str, dict[str, Any]], now: float | None = None,
                forget: float = FORGET) -> str:
    """The boards as a table of text, one a line, sorted by name; every value shown safely
    (no control character reaches the terminal), boards not seen for ``forget`` seconds left
    out and counted."""
    now = time.time() if now is None else now
    rows = [[title for _key, title in COLUMNS]]
    forgotten = 0
    for name in sorted(states):
        board = states[name]
        at = board.get("at")
        if isinstance(at, float | int) and now - at > forget:
            forgotten += 1
            continue
        row = []
        for key, _title in COLUMNS:
            value = board.get(key)
            if key == "connected":
                value = "yes" if value else "no"
            elif key == "seen":
                value = ago(now - at) if isinstance(at, float | int) else None
            elif key == "far":
                value = "-" if not value or value.get("state") == "none" else \
                    f"{value.get('state')} {value.get('peer') or ''}".strip() + (
                        " (away)" if value.get("away") else "")
            elif board.get("unreadable") and key != "name":
                value = "?"
            row.append("-" if value is None else shown(str(value), 40))
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
             for row in rows]
    if len(rows) == 1 and not forgotten:
        lines.append(_("(no board on this broker yet)"))
    if forgotten:
        lines.append(_("({count} boards not seen for {days} days are left out)").format(
            count=forgotten, days=round(forget / 86400)))
    return "\n".join(lines)
