"""Faults during a far game through a real Mosquitto: the broker restarted, a message delivered
twice, a board's power cut (its controller and companion stopped at once, started again), the
connection cut for a minute by a proxy. Every game ends the same on both boards, nothing lost or
doubled. ``make test`` plays a second delivery and a power cut (poison retained meanwhile) in
Ramses' short game; the long runs (a broker restart, a minute's cut, processes killed, a longer
power cut) are ``make test-long``."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from engine.core.sides import Side
from sim.far import topics
from sim.far.broker import BrokerClient
from tests.sim.far.hostile import Hostile
from tests.sim.far.mosquitto import HOSTILE, MUSEUM, Mosquitto
from tests.sim.far.processes import board_processes, finished_records, wait_for
from tests.sim.far.proxy import Proxy
from tests.sim.far.two_boards import FarBoard, finished_alike, join, play_until


def after_actions(board: FarBoard, count: int, then: list[object]) -> bool:
    """Whether ``board``'s game has ``count`` actions and ``then`` (a fault) is still to do."""
    record = board.record
    return bool(then) and record is not None and len(record.actions) >= count


@pytest.mark.long
def test_a_broker_restart_only_pauses_the_game(tmp_path: Path) -> None:
    with Mosquitto(tmp_path / "broker", ("kitchen", "grandma")) as broker:
        host = FarBoard(tmp_path, "kitchen", broker, "tait", seed=3)
        guest = FarBoard(tmp_path, "grandma", broker, "tait", seed=4)
        faults: list[object] = ["restart"]
        seen_away: list[bool] = []

        def fault() -> None:
            if after_actions(host, 30, faults):
                faults.clear()
                broker.restart()
            if not faults and host.link.far.get("away"):
                seen_away.append(True)
        try:
            join(host, guest)
            play_until(finished_alike(host, guest), host, guest, seconds=300, between=fault)
            assert not faults
            assert seen_away  # the board said the far board was away meanwhile
        finally:
            host.close()
            guest.close()


def test_a_message_delivered_twice_is_played_once(tmp_path: Path) -> None:
    """Another account on the broker sends each of the host's sealed actions again as it
    reads them: a real second delivery, played once."""
    with Mosquitto(tmp_path / "broker", ("kitchen", "grandma")) as broker, \
            Hostile(broker) as again:
        host = FarBoard(tmp_path, "kitchen", broker, "ramses", seed=5)
        guest = FarBoard(tmp_path, "grandma", broker, "ramses", seed=6)
        try:
            join(host, guest)
            sent: list[int] = []

            def twice() -> None:
                heard = again.seen(f"{topics.GAMES}/")
                actions = [(t, p) for t, p in heard if t.endswith("/host/action")]
                if len(actions) > len(sent) and len(sent) < 5:
                    sent.append(1)
                    again.client.publish(*actions[len(sent) - 1])
            play_until(finished_alike(host, guest), host, guest, seconds=120, between=twice)
            assert sent
            assert guest.finished is not None and host.finished is not None
            assert len(json.loads(guest.finished)["actions"]) == \
                len(json.loads(host.finished)["actions"])  # nothing doubled
        finally:
            host.close()
            guest.close()


def test_a_far_board_cannot_write_another_boards_topics(tmp_path: Path) -> None:
    """The shipped access list: a board writes only under its own name, and reads no other
    board's."""
    with Mosquitto(tmp_path / "broker", ("kitchen", "grandma")) as broker:
        heard: list[str] = []
        ready = threading.Event()
        museum = BrokerClient(broker.network(MUSEUM).broker, "aseb-museum", will=None,
                              heard=lambda t, p, r: heard.append(t),
                              connected=lambda ok: ready.set() if ok else None)
        museum.subscribe(f"{topics.ROOT}/#")
        writer_up = threading.Event()
        grandma = BrokerClient(broker.network("grandma").broker, "aseb-grandma", will=None,
                               heard=lambda t, p, r: None,
                               connected=lambda ok: writer_up.set() if ok else None)
        museum.start()
        grandma.start()
        try:
            assert ready.wait(10) and writer_up.wait(10)
            grandma.publish(topics.action("kitchen", "123456"), b'{"forged": true}')
            grandma.publish(topics.state("kitchen"), b'{"forged": true}', retain=True)
            grandma.publish(topics.state("grandma"), b'{"name": "grandma"}', retain=True)
            deadline = threading.Event()
            for _ in range(100):
                if topics.state("grandma") in heard:
                    break
                deadline.wait(0.05)
            assert topics.state("grandma") in heard  # its own topic: heard
            assert not any(t.startswith(f"{topics.ROOT}/kitchen/") for t in heard)
        finally:
            museum.stop()
            grandma.stop()


@pytest.mark.parametrize("game", ["ramses", pytest.param("cyningstan", marks=pytest.mark.long)])
def test_a_power_cut_on_one_board_only_pauses_the_game(tmp_path: Path, game: str) -> None:
    """The guest's controller and companion stop at once mid-game (a power cut: no goodbye,
    the broker tells its last will) and start again from what their disk holds, with poison
    retained on the far board's topic and on its own: it comes up and plays on."""
    with Mosquitto(tmp_path / "broker", ("kitchen", "grandma")) as broker, \
            Hostile(broker) as mallory:
        host = FarBoard(tmp_path, "kitchen", broker, game, seed=7)
        guest = FarBoard(tmp_path, "grandma", broker, game, seed=8)
        faults: list[object] = ["cut"]

        def cut() -> None:
            if after_actions(guest, 12, faults):
                faults.clear()
                guest.stop_companion(hard=True)
                game_id = (guest.root / "far" / "far.json").read_text()
                game_id = json.loads(game_id)["game"]
                for side in topics.SIDES:
                    mallory.poison(topics.round_of(game_id, side), retain=True)
                guest.power_off()
                guest.power_on()
                guest.start_companion()
        try:
            join(host, guest)
            assert guest.table.controller.remote is Side.CONES
            play_until(finished_alike(host, guest), host, guest, seconds=300, between=cut)
            assert not faults
        finally:
            host.close()
            guest.close()


@pytest.mark.long
def test_a_minute_without_network_only_pauses_the_game(tmp_path: Path) -> None:
    """A proxy between the guest and the broker drops every connection for 60 s mid-game."""
    with Mosquitto(tmp_path / "broker", ("kitchen", "grandma")) as broker, \
            Proxy(broker.port) as proxy:
        host = FarBoard(tmp_path, "kitchen", broker, "tait", seed=9)
        guest = FarBoard(tmp_path, "grandma", broker, "tait", seed=10,
                         network=broker.network("grandma", port=proxy.port))
        faults: list[object] = ["cut"]
        away: list[bool] = []

        def cut() -> None:
            if after_actions(host, 20, faults):
                faults.clear()
                proxy.cut(60.0)
            if host.link.far.get("away"):
                away.append(True)
        try:
            join(host, guest)
            play_until(finished_alike(host, guest), host, guest, seconds=400, between=cut)
            assert not faults and away  # the host's board said the far board was away
            assert proxy.cuts == 1
        finally:
            host.close()
            guest.close()


@pytest.mark.long
def test_a_board_killed_mid_game_takes_it_up_again(tmp_path: Path) -> None:
    """Two boards as processes (``aseb run --simulated --demo`` and ``aseb far`` each); the
    guest's two processes are SIGKILLed mid-game and started again with poison retained on
    the game's topics: the game both boards finish is the same, move for move, and ``aseb
    fleet`` started afterwards shows every board, the poison in one line."""
    import signal
    import subprocess
    import sys

    from firmware.play.store import save_name
    from sim.far.link_client import LinkClient

    with Mosquitto(tmp_path / "broker", ("kitchen", "grandma")) as broker:
        host = board_processes(tmp_path, "kitchen", broker, "ramses")
        guest = board_processes(tmp_path, "grandma", broker, "ramses")
        try:
            far_file = tmp_path / "kitchen" / "far" / "far.json"
            wait_for(far_file.exists, 60, "the host offered a code")
            code = json.loads(far_file.read_text(encoding="utf-8"))["code"]
            client = LinkClient(tmp_path / "grandma" / "link.sock")
            wait_for(client.connect, 30, "the guest's link opened")
            client.send({"type": "far_ask", "action": "join", "code": code})
            save = tmp_path / "grandma" / save_name("ramses")

            def played(count: int) -> bool:
                try:
                    return len(json.loads(save.read_text())["record"]["actions"]) >= count
                except (OSError, ValueError, KeyError):
                    return False
            wait_for(lambda: played(12), 240, "the guest's game went on")
            for process in guest:
                assert isinstance(process, subprocess.Popen)
                process.send_signal(signal.SIGKILL)
                process.wait()
            game = json.loads(far_file.read_text(encoding="utf-8"))["game"]
            with Hostile(broker) as mallory:  # poison retained where both boards read
                for side in topics.SIDES:
                    mallory.poison(topics.round_of(game, side), retain=True)
                mallory.poison(topics.state(HOSTILE), retain=True)
            guest = board_processes(tmp_path, "grandma", broker, "ramses")
            wait_for(lambda: finished_records(tmp_path, "kitchen")
                     and finished_records(tmp_path, "grandma"), 600, "both boards finished")
            assert finished_records(tmp_path, "kitchen")[0] == \
                finished_records(tmp_path, "grandma")[0]
            museum = tmp_path / "museum.toml"
            museum.write_text(f'password = "{broker.passwords[MUSEUM]}"\n', encoding="utf-8")
            museum.chmod(0o600)
            fleet = subprocess.run(
                [sys.executable, "-m", "sim.command.cli", "fleet", "--broker",
                 f"mqtts://127.0.0.1:{broker.port}", "--credentials", str(museum), "--ca",
                 str(broker.ca)], capture_output=True, text=True, timeout=60)
            assert fleet.returncode == 0, fleet.stdout + fleet.stderr
            assert "aseb/boards/mallory/state" in fleet.stdout  # the poison: one line
            assert "\nkitchen " in fleet.stdout and "\ngrandma " in fleet.stdout
        finally:
            for process in (*host, *guest):
                assert isinstance(process, subprocess.Popen)
                process.terminate()
                process.wait(20)
