"""Far play through a broker trusted with nothing: a hostile client on it reads every topic,
guesses codes, replays, forges sealed messages and sends deep, huge, wrong-typed and retained
poison, on a public broker's stand-in (Mosquitto with no accounts at all) and as another
account on a museum's (the shipped configuration and access list). Each game ends the same on
both boards, nothing lost, doubled or changed; no companion dies; each refusal is one line."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path

import pytest

from sim.far import topics
from sim.far.broker import BrokerClient
from sim.far.far_play import GUESSED, WRONG_CODE
from tests.sim.far.hostile import Hostile
from tests.sim.far.mosquitto import Mosquitto
from tests.sim.far.two_boards import FarBoard, ask, finished_alike, join, play_until

REFUSALS = ("refused:", "dropped a far message:", "a wrong game code was tried")


def refusals(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Far play's refusals in the log, each checked to be one line."""
    found = [r.getMessage() for r in caplog.records
             if r.name.startswith("sim.far") and r.getMessage().startswith(REFUSALS)]
    assert all("\n" not in line and len(line) < 400 for line in found), found
    return found


def offered_code(host: FarBoard, *boards: FarBoard) -> str:
    code: list[str] = []
    play_until(lambda: bool(host.link.far.get("code")) and not code.append(
        host.link.far["code"]), host, *boards, seconds=20)
    return code[0]


def test_a_game_through_a_public_broker_ends_alike_whatever_a_stranger_does(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with Mosquitto(tmp_path / "broker", anonymous=True) as broker, Hostile(broker) as mallory:
        host = FarBoard(tmp_path, "kitchen", broker, "ramses", seed=31)
        guest = FarBoard(tmp_path, "grandma", broker, "ramses", seed=32)
        try:
            code = offered_code(host, guest)
            offer = f"{topics.offer(code)}/"
            play_until(lambda: bool(mallory.seen(offer)), host, guest, seconds=20)
            game = mallory.seen(offer)[0][0].rsplit("/", 1)[-1]
            mallory.poison(topics.join(game))  # poison where the host listens for joins
            mallory.poison(f"{topics.offer(code)}/{'f' * 32}", retain=True)  # and offers
            join(host, guest)
            assert host.link.far["peer"] == "grandma" and guest.link.far["peer"] == "kitchen"
            for side in topics.SIDES:  # retained poison and forgeries on the game's topics
                mallory.poison(topics.round_of(game, side), retain=True)
                mallory.forge(topics.action(game, side), game=game, side=side)
            replayed: list[int] = []

            def meddle() -> None:  # everything read so far, sent again, now and then
                if len(replayed) < 3 and len(mallory.seen(f"{topics.GAMES}/{game}/")) > \
                        sum(replayed) + 2:
                    replayed.append(mallory.replay(f"{topics.GAMES}/{game}/"))
            play_until(finished_alike(host, guest), host, guest, seconds=120, between=meddle)
            assert replayed and all(replayed)
            ended = host.finished
            assert mallory.replay(f"{topics.GAMES}/{game}/")  # the whole game, sent again
            play_until(lambda: any("a replay" in line for line in refusals(caplog)), host,
                       guest, seconds=20)
            assert host.finished == guest.finished == ended  # nothing changed
            finished = json.loads(host.finished or "{}")["actions"]
            for topic, payload in mallory.seen():  # the stranger never saw the game
                assert b"aseb-game" not in payload and not any(
                    f'"{token}"'.encode() in payload for token in finished[-5:]), topic
            for board in (host, guest):
                assert board.thread is not None and board.thread.is_alive()
            found = refusals(caplog)
            assert any("a replay" in line for line in found)
            assert any("does not open with this game's key" in line for line in found)
            assert any("nested more than" in line for line in found)
        finally:
            host.close()
            guest.close()


def test_three_wrong_codes_end_the_offer_and_the_board_says_so(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A stranger guessing codes gets one try per exchange; the third wrong one ends the
    offer, said at the board that made it. A real guest with a wrong code is told at once."""
    caplog.set_level(logging.INFO)
    with Mosquitto(tmp_path / "broker", anonymous=True) as broker:
        host = FarBoard(tmp_path, "kitchen", broker, "tait", seed=33)
        guessers = [FarBoard(tmp_path, f"guess-{n}", broker, "tait", seed=40 + n)
                    for n in range(3)]
        try:
            code = offered_code(host, *guessers)
            wrong = code[:2] + f"{(int(code[2:]) + 1) % 10_000:04d}"  # its offer, not its code
            for guesser in guessers:
                ask(guesser, {"type": "far_ask", "action": "join", "code": wrong})
                play_until(lambda g=guesser: g.link.far.get("problem") is not None,
                           host, guesser, seconds=20)
                assert guesser.link.far["problem"] == WRONG_CODE  # said at once
                assert guesser.link.far["state"] == "none"
            play_until(lambda: host.link.far.get("problem") == GUESSED, host, seconds=20)
            assert host.link.far["state"] == "none"
            assert any(line.startswith("Someone tried wrong game codes three times")
                       for line in host.table.controller.said)  # said at the board
            assert "a wrong game code was tried (3 of 3)" in refusals(caplog)
        finally:
            host.close()
            for guesser in guessers:
                guesser.close()


def test_no_account_takes_a_boards_client_id_on_a_museums_broker(tmp_path: Path) -> None:
    """The shipped configuration ties a client id to its account: a stranger's account
    connecting with a board's name as its client id throws nobody off."""
    with Mosquitto(tmp_path / "broker", ("kitchen",)) as broker:
        board = FarBoard(tmp_path, "kitchen", broker, "ramses", seed=34)
        try:
            play_until(lambda: bool(board.link.far.get("code")), board, seconds=20)
            assert board.companion is not None
            before = board.companion.broker.tries  # type: ignore[attr-defined]
            stolen: list[BrokerClient] = []
            for client_id in ("kitchen", board.companion.client_id):
                up = threading.Event()
                thief = BrokerClient(broker.network("mallory").broker, client_id, will=None,
                                     heard=lambda t, p, r: None,
                                     connected=lambda ok, up=up: up.set() if ok else None)
                thief.start()
                assert up.wait(10)
                stolen.append(thief)
            board.frame()
            assert board.companion.broker.is_connected  # type: ignore[attr-defined]
            assert board.companion.broker.tries == before  # type: ignore[attr-defined]
            for thief in stolen:
                thief.stop()
        finally:
            board.close()
