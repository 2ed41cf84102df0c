"""``aseb web`` through Starlette's TestClient, on the simulated board's real link: the pages,
the settings generated from ``firmware.menu.choices``, the games and their review, the PIN, CSRF,
remote play, and bad requests answered with 4xx."""

from __future__ import annotations

import asyncio
import json
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from starlette.testclient import TestClient

from engine import games
from engine.core.sides import Side
from engine.text import move_text
from firmware.menu.choices import offered, settings
from firmware.menu.settings_file import SettingsFile
from firmware.service.link import geometry_json
from firmware.words import say, speaking
from sim.web.app import create_app
from sim.web.board_link import QUEUE, BoardLink
from sim.web.board_svg import board_svg
from sim.web.config import WebConfig
from sim.web.security import hash_pin, pin_matches
from tests.sim.web.web_board import WebBoard, connected


@pytest.fixture
def board(tmp_path: Path) -> Iterator[WebBoard]:
    with WebBoard(tmp_path) as board:
        yield board


def csrf(client: TestClient, path: str = "/") -> str:
    found = re.search(r'name="csrf" value="([^"]+)"|data-csrf="([^"]+)"', client.get(path).text)
    assert found, "no CSRF token on the page"
    return found.group(1) or found.group(2)


def log_in(client: TestClient, pin: str = "2468") -> None:
    answer = client.post("/login", data={"pin": pin, "csrf": csrf(client, "/login")},
                         follow_redirects=False)
    assert answer.status_code == 303, answer.text


def test_the_live_page_draws_the_board_and_says_its_status(board: WebBoard) -> None:
    with connected(board) as client:
        page = client.get("/")
    assert page.status_code == 200
    for square in games.load("tait").geometry.squares:
        assert f'id="sq-{square}"' in page.text and f'id="light-{square}"' in page.text
    assert board.table.controller.status() in page.text
    assert 'src="/static/aseb.js"' in page.text and "<script>" not in page.text


@pytest.mark.parametrize("name", games.names())
def test_every_game_of_the_family_is_drawn_from_its_geometry(name: str) -> None:
    geometry = games.load(name).geometry
    drawn = ElementTree.fromstring(board_svg(geometry_json(geometry), name))
    ids = {element.get("id") for element in drawn.iter()}
    assert {f"sq-{s}" for s in geometry.squares} <= ids
    assert {f"piece-{s}" for s in geometry.squares} <= ids
    assert {"light-S1", "light-S4"} <= ids
    signs = [e for e in drawn.iter() if "sign" in (e.get("class") or "")]
    assert len(signs) == len(geometry.marked)


def test_the_events_stream_starts_with_the_whole_board(board: WebBoard) -> None:
    with connected(board):
        watcher = board.board_link.watch()
        assert watcher is not None
        kinds = []
        for chunk in watcher.take():
            assert chunk.startswith(b"data: ") and chunk.endswith(b"\n\n")
            kinds.append(json.loads(chunk.removeprefix(b"data: "))["type"])
    assert kinds == ["game", "position", "lights", "status", "throw", "moves", "chances", "log",
                     "settings", "tournament", "far"]


def test_a_watcher_too_slow_is_dropped_not_the_board(board: WebBoard) -> None:
    link = BoardLink(Path("nowhere"))
    watcher = link.watch()
    assert watcher is not None
    for number in range(QUEUE + 5):
        link._dispatch(json.dumps({"v": 1, "type": "lights", "frame": {"M8": number}}).encode())
    assert watcher.dropped and watcher not in link.watchers
    assert asyncio.run(watcher.next(1.0)) is None  # the stream ends: the browser reconnects


def test_a_watcher_held_up_gets_every_event_waiting_in_one_write_framed_once() -> None:
    link = BoardLink(Path("nowhere"))
    first, second = link.watch(), link.watch()
    assert first is not None and second is not None
    for number in range(3):
        link._dispatch(json.dumps({"v": 1, "type": "lights", "frame": {"M8": number}}).encode())
    assert first.pending[0] is second.pending[0]  # one framed copy shared by every watcher

    async def read() -> tuple[bytes | None, bytes | None]:
        return await first.next(1.0), await first.next(0.01)

    chunk, quiet = asyncio.run(read())
    assert chunk is not None
    assert [json.loads(event.removeprefix(b"data: "))["frame"]["M8"]
            for event in chunk.split(b"\n\n") if event] == [0, 1, 2]
    assert quiet == b""  # nothing new: the stream says it is still there


def test_watchers_past_the_limit_are_turned_away(board: WebBoard,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from sim.web import board_link

    monkeypatch.setattr(board_link, "WATCHERS", 2)
    link = BoardLink(Path("nowhere"))
    assert link.watch(address="10.0.0.1") is not None
    assert link.watch(address="10.0.0.2") is not None
    assert link.watch(address="10.0.0.3") is None  # nobody holds more than its share
    with connected(board) as client:
        for number in range(board_link.WATCHERS_PER_ADDRESS):
            assert board.board_link.watch(address="127.0.0.1") is not None, number
        answer = client.get("/events")  # this address holds its share already
        assert answer.status_code == 503 and "Too many" in answer.text


def test_a_newcomer_takes_the_place_of_the_busiest_addresss_oldest_watcher(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from sim.web import board_link

    monkeypatch.setattr(board_link, "WATCHERS", 4)
    link = BoardLink(Path("nowhere"))
    busy = [link.watch(address="10.0.0.1") for _ in range(3)]
    assert link.watch(address="10.0.0.2") is not None
    owner = link.watch(address="192.168.1.7")  # all four held: the busiest gives one up
    assert owner is not None and owner in link.watchers
    assert busy[0] is not None and busy[0].dropped and busy[0] not in link.watchers
    assert asyncio.run(busy[0].next(1.0)) is None  # its stream ends: its page reconnects


def test_the_settings_page_offers_every_setting_of_the_one_description(board: WebBoard) -> None:
    with connected(board) as client:
        page = client.get("/settings").text
    for found in settings():
        assert f'id="setting-{found.key}"' in page
        for choice in found.choices:  # those this board offers (its kind's games), and no other
            shown = f'name="{found.key}" value="{choice.value}"' in page
            assert shown == (choice in offered(found, "twenty-squares")), choice
    assert "disabled" in page  # seen, not changed, without the PIN


def test_a_setting_changed_on_the_page_is_played_on_the_board(board: WebBoard,
                                                              tmp_path: Path) -> None:
    with connected(board) as client:
        log_in(client)
        answer = client.post("/settings", data={"csrf": csrf(client, "/settings"),
                                                "level": "vizier"})
        assert answer.status_code == 200, answer.text
        board.sync(client)
        assert 'value="vizier" checked' in client.get("/settings").text
    assert board.table.controller.settings.level.name == "VIZIER"
    assert SettingsFile(tmp_path / "board").load(None)["level"] == "vizier"  # kept


def test_settings_are_refused_without_the_pin_or_the_form_token(board: WebBoard) -> None:
    with connected(board) as client:
        token = csrf(client, "/settings")
        refused = client.post("/settings", data={"csrf": token, "level": "scribe"})
        assert refused.status_code == 403 and "PIN" in refused.text
        log_in(client)
        forged = client.post("/settings", data={"csrf": "forged", "level": "scribe"})
        assert forged.status_code == 403 and "expired" in forged.text
        missing = client.post("/settings", data={"level": "scribe"})
        assert missing.status_code == 403
        bad = client.post("/settings", data={"csrf": csrf(client, "/settings"),
                                             "level": "pharaoh"})
        assert bad.status_code == 400
        assert "Mummy&#39;s level: choose one of the choices shown" in bad.text
        assert "pharaoh" not in bad.text  # a person is never shown the setting's inner value
    assert board.table.controller.settings.level.name == "PRIEST"


def test_wrong_pins_are_limited_and_the_clock_lets_them_again(board: WebBoard) -> None:
    with connected(board) as client:
        token = csrf(client, "/login")
        for _ in range(5):
            wrong = client.post("/login", data={"pin": "1111", "csrf": token})
            assert wrong.status_code == 403 and "not the PIN" in wrong.text
        limited = client.post("/login", data={"pin": "2468", "csrf": token})
        assert limited.status_code == 429 and "seconds" in limited.text
        board.clock.now += 301
        log_in(client)


def test_the_pin_is_kept_hashed(board: WebBoard, tmp_path: Path) -> None:
    stored = (tmp_path / "web" / "pin.hash").read_text()
    assert "2468" not in stored and pin_matches("2468", stored.strip())
    assert not pin_matches("2469", stored.strip()) and not pin_matches("2468", "garbage")
    assert pin_matches("12", hash_pin("12"))


def test_the_board_says_a_new_pin_that_then_opens_the_page(tmp_path: Path) -> None:
    with WebBoard(tmp_path, pin=None) as board, connected(board) as client:
        answer = client.post("/pin", data={"csrf": csrf(client, "/login")})
        assert answer.status_code == 200 and "said a new PIN" in answer.text
        said = [line for line in board.table.controller.said if "PIN" in line]
        assert said, "the board did not say the PIN"
        pin = "".join(re.findall(r"\d", said[-1]))
        again = client.post("/pin", data={"csrf": csrf(client, "/login")})
        assert again.status_code == 409  # not while that one waits to be entered
        assert "in 10 minutes" in again.text
        log_in(client, pin)
        assert pin not in (tmp_path / "web" / "pin.hash").read_text()


def test_a_finished_game_is_listed_reviewed_and_downloaded(board: WebBoard) -> None:
    board.table.controller.settings.mummy = None
    state = board.set_up("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
    board.carry_out(state, state.moves[0])
    with connected(board) as client:
        listed = client.get("/games")
        assert listed.status_code == 200 and 'href="/games/game-1"' in listed.text
        assert "Download the game" in listed.text and "JSON" not in listed.text
        review = client.get("/games/game-1")
        assert review.status_code == 200 and "<polyline" in review.text
        assert "biggest" in review.text.lower()
        heading = re.search(r"<h1>([^<]*)</h1>", review.text)
        assert heading and heading.group(1).startswith("Twenty Squares (Tait&#39;s rules), ")
        assert re.search(r"\d{4}", heading.group(1)) and "game-1" not in heading.group(1)
        assert "Cones against Reels" in review.text and "Cones won" in review.text
        assert "Cone on M15 off the board" in review.text and "M15-off" not in review.text
        assert "Download the game" in review.text and "solved table" not in review.text
        download = client.get("/games/game-1.json")
        assert download.status_code == 200
        assert download.headers["content-disposition"] == 'attachment; filename="game-1.json"'
        assert download.json()["format"] == "aseb-game"
        assert client.get("/games/game-99").status_code == 404


def test_new_game_needs_the_pin_and_begins_one(board: WebBoard) -> None:
    with connected(board) as client:
        assert client.post("/new-game", data={"csrf": csrf(client)}).status_code == 403
        log_in(client)
        answer = client.post("/new-game", data={"csrf": csrf(client)}, follow_redirects=False)
        assert answer.status_code == 303
    assert board.table.controller.new_game_asked or board.table.controller.game is not None


def test_new_game_asks_first_while_a_game_is_under_way(board: WebBoard) -> None:
    board.table.controller.settings.mummy = None
    state = board.set_up("C:C2 R:M9 entered:CR turn:C throw:2:WWDD")
    with connected(board) as client:
        log_in(client)
        asked = client.post("/new-game", data={"csrf": csrf(client)}, follow_redirects=False)
        assert asked.status_code == 200 and "Begin a new game?" in asked.text
        assert 'name="sure" value="yes"' in asked.text
        board.sync(client)
        game = board.table.controller.game
        assert game is not None and game.state.notation() == state.notation()  # untouched
        sure = client.post("/new-game", data={"csrf": csrf(client), "sure": "yes"},
                           follow_redirects=False)
        assert sure.status_code == 303
    assert board.table.controller.new_game_asked or board.table.controller.game is not game


@pytest.mark.parametrize("path", ["/", "/display", "/settings", "/games", "/login", "/nowhere"])
def test_every_page_has_one_h1_and_a_skip_link(board: WebBoard, path: str) -> None:
    with connected(board) as client:
        page = client.get(path).text
    assert page.count("<h1") == 1, path
    skip = re.search(r'<a class="skip" href="#([a-z]+)">', page)
    assert skip and f'id="{skip.group(1)}"' in page
    if path in ("/", "/display"):
        assert skip.group(1) == "board"


def test_the_arabic_page_says_moves_in_words_never_in_notation(board: WebBoard) -> None:
    board.table.controller.settings.mummy = None
    state = board.set_up("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
    board.carry_out(state, state.moves[0])  # M15-off: the Cones' last piece borne off
    with connected(board) as client:
        arabic = {"accept-language": "ar"}
        review = client.get("/games/game-1", headers=arabic).text
        assert "M15-off" not in review and "-off" not in review
        with speaking("ar"):
            said = say(move_text(state, state.moves[0]))
        assert said in review and "M15" in said
        watcher = board.board_link.watch("ar")
        assert watcher is not None
        told = {json.loads(chunk.removeprefix(b"data: "))["type"]: json.loads(
            chunk.removeprefix(b"data: ")) for chunk in watcher.take()}
    last = told["position"]["last"]
    assert last["notation"] == "M15-off" and last["said"] == said


def test_a_friend_joins_with_the_one_time_link_and_pin_and_plays(board: WebBoard) -> None:
    controller = board.table.controller
    with connected(board) as owner:
        log_in(owner)
        invited = owner.post("/remote/invite", data={"csrf": csrf(owner), "side": "cones"})
        assert invited.status_code == 200
        url = re.search(r'id="invite-url">([^<]+)<', invited.text)
        pin = re.search(r'id="invite-pin">(\d+)<', invited.text)
        assert url and pin
        path = urlsplit(url.group(1)).path
        with board.client() as friend:
            assert friend.get(path).status_code == 200
            token = csrf(friend, path)
            wrong = friend.post(path, data={"csrf": token, "pin": "0000"
                                            if pin.group(1) != "0000" else "1111"})
            assert wrong.status_code == 403
            joined = friend.post(path, data={"csrf": token, "pin": pin.group(1)},
                                 follow_redirects=False)
            assert joined.status_code == 303
            assert controller.remote is Side.CONES
            assert friend.get(path).status_code == 410  # once only
            state = board.set_up("C:C2 R:M9 entered:CR turn:C")
            board.sync(friend)
            header = {"x-csrf-token": csrf(friend)}
            thrown = friend.post("/play/throw", json={}, headers=header)
            assert thrown.status_code == 200, thrown.text
            state = controller.game.state  # type: ignore[union-attr]
            assert state.throw is not None
            board.run(0.1)
            board.sync(friend)
            move = state.describe(state.moves[0])
            moved = friend.post("/play/move", json={"move": move}, headers=header)
            assert moved.status_code == 200, moved.text
            assert controller.status().startswith(  # the move typed, said in words
                f"Your friend plays: {move_text(state, state.moves[0])}.")
            assert owner.post("/play/throw", json={},
                              headers={"x-csrf-token": csrf(owner)}).status_code == 403
            assert friend.post("/play/move", json={"move": "M9-M10"},
                               headers={"x-csrf-token": "forged"}).status_code == 403
            garbage = friend.post("/play/move", content=b"{not json", headers=header)
            assert garbage.status_code == 400


@pytest.mark.parametrize(("method", "path", "kwargs", "status"), [
    ("get", "/nowhere", {}, 404),
    ("get", "/games/..%2F..%2Fetc%2Fpasswd", {}, 404),
    ("get", "/games/game-1x", {}, 404),
    ("get", "/static/../../pyproject.toml", {}, 404),
    ("get", "/static/%2e%2e/app.py", {}, 404),
    ("post", "/settings", {"content": b"x" * 20_000,
                           "headers": {"content-type": "application/x-www-form-urlencoded"}}, 413),
    ("post", "/login", {"content": b"pin=1", "headers": {"content-length": "nonsense"}}, 413),
    ("post", "/login", {"content": b"\xff\xfe\x00garbage",
                        "headers": {"content-type": "multipart/form-data; boundary=x"}}, 400),
    ("put", "/settings", {}, 405),
    ("post", "/play/move", {"content": b"[]"}, 403),
])
def test_bad_requests_get_clear_4xx_answers(board: WebBoard, method: str, path: str,
                                            kwargs: dict[str, object], status: int) -> None:
    with connected(board) as client:
        answer = getattr(client, method)(path, **kwargs)
        assert answer.status_code == status, answer.text
        assert "Traceback" not in answer.text
        assert client.get("/").status_code == 200  # and the page goes on


def test_every_answer_has_the_security_headers_and_a_strict_cookie(board: WebBoard) -> None:
    with connected(board) as client:
        page = client.get("/login")
        csp = page.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert page.headers["x-frame-options"] == "DENY"
        assert page.headers["x-content-type-options"] == "nosniff"
        cookie = page.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie
        assert client.get("/nowhere").headers["content-security-policy"] == csp


def test_the_display_page_is_the_museums_wall(board: WebBoard) -> None:
    with connected(board) as client:
        page = client.get("/display")
    assert page.status_code == 200 and 'class="display live' in page.text
    assert "MummyFacts" in page.text and 'id="sq-M16"' in page.text
    assert '<nav class="nav">' not in page.text


def test_the_display_shows_the_kiosks_games_per_day() -> None:
    from sim.web.board_svg import days_svg

    drawn = ElementTree.fromstring(days_svg({"2026-11-24": 3, "2026-11-25": 6}, "Games"))
    bars = [e for e in drawn.iter() if e.get("class") == "day-bar"]
    assert len(bars) == 2 and float(bars[1].get("height", 0)) == 2 * float(
        bars[0].get("height", 0))


def test_a_board_away_is_said_and_commands_answer_503(tmp_path: Path) -> None:
    app = create_app(BoardLink(tmp_path / "none.sock"), WebConfig(), tmp_path / "web",
                     connect=False)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert "not reachable" in client.get("/").text
        assert client.get("/games").status_code == 503
