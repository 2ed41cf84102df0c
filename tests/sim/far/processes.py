"""Boards as the units run them, one process each: ``aseb run --simulated --demo`` (the mummy's
hand plays its person's side and carries out the far board's moves) and ``aseb far`` beside it,
with a board file's ``[network]`` and a credentials file for the test broker.

    run, far = board_processes(tmp_path, "kitchen", broker, "ramses")
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from tests.sim.far.mosquitto import Mosquitto


def board_processes(root: Path, name: str, broker: Mosquitto, game: str) -> list[object]:
    """``aseb run --simulated --demo`` and ``aseb far`` for board ``name``, as the two units
    run them (the mummy's hand plays its person's side)."""
    import subprocess
    import sys

    from firmware.menu.choices import choose
    from firmware.menu.settings_file import SettingsFile

    state = root / name
    state.mkdir(parents=True, exist_ok=True)
    SettingsFile(state).save(choose(None, {"game": game, "opponent": "far",
                                           "level": "scribe"})[0])
    secret = state / "mqtt.toml"
    secret.write_text(f'password = "{broker.passwords[name]}"\n', encoding="utf-8")
    secret.chmod(0o600)
    board_file = state / "network.toml"
    board_file.write_text(f'[network]\nbroker = "mqtts://127.0.0.1:{broker.port}"\n'
                          f'name = "{name}"\ncredentials = "{secret}"\nca = "{broker.ca}"\n',
                          encoding="utf-8")
    socket_path = state / "link.sock"
    command = [sys.executable, "-m", "sim.command.cli"]
    with open(state / "run.log", "ab") as run_log, open(state / "far.log", "ab") as far_log:
        run = subprocess.Popen([*command, "run", "--simulated", "--demo", "--game", game,
                                "--state-dir", str(state), "--socket", str(socket_path)],
                               stdout=subprocess.DEVNULL, stderr=run_log)
        far = subprocess.Popen([*command, "far", "--board", str(board_file), "--socket",
                                str(socket_path), "--state-dir", str(state)],
                               stdout=subprocess.DEVNULL, stderr=far_log)
    return [run, far]


def finished_records(root: Path, name: str) -> list[str]:
    """The games board ``name`` finished, as their records' actions."""
    found = []
    for path in sorted((root / name / "games").glob("game-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found.append(" ".join(data["actions"]))
    return found


def wait_for(check: object, seconds: float, what: str) -> None:
    """Poll ``check`` (on the processes' files) until true; AssertionError naming ``what``."""
    import time

    deadline = time.monotonic() + seconds
    pause = threading.Event()
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"{what} within {seconds:.0f} s"
        pause.wait(0.2)  # the processes run on the wall clock: their files are what we see
