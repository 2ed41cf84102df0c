"""``aseb web`` attacked, through Starlette's TestClient on the simulated board's real link: many
guessers never lock the owner out, a friend's access ends with their invitation, sessions end on
the server (logging out, a new PIN, "log out everywhere", across a restart), a visitor cannot
end the PIN, only the board's own names are served, and the outer wall holds (Origin, Secure,
headers, chunked bodies)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from starlette.testclient import TestClient

from engine.core.sides import Side
from sim.web.app import create_app
from sim.web.board_link import BoardAway
from sim.web.config import WebConfig
from sim.web.security import SLOWED
from tests.sim.web.test_web import csrf, log_in
from tests.sim.web.web_board import WebBoard, connected


@pytest.fixture
def board(tmp_path: Path) -> Iterator[WebBoard]:
    with WebBoard(tmp_path) as board:
        yield board


def from_address(client: TestClient, address: str) -> TestClient:
    """Another browser, at ``address``, on the same running page as ``client``."""
    other = TestClient(client.app, base_url="http://127.0.0.1", client=(address, 40000))
    other.portal = client.portal
    return other


def settings_allowed(client: TestClient) -> bool:
    """Whether this browser may change the settings (the owner's right)."""
    answer = client.post("/settings", data={"csrf": csrf(client, "/settings")})
    return answer.status_code == 200


def invite(owner: TestClient, side: str) -> tuple[str, str]:
    """The owner invites a friend for ``side``: the link's path and its PIN."""
    invited = owner.post("/remote/invite", data={"csrf": csrf(owner), "side": side})
    url = re.search(r'id="invite-url">([^<]+)<', invited.text)
    pin = re.search(r'id="invite-pin">(\d+)<', invited.text)
    assert url and pin, invited.text
    return urlsplit(url.group(1)).path, pin.group(1)


def join(friend: TestClient, path: str, pin: str) -> None:
    joined = friend.post(path, data={"csrf": csrf(friend, path), "pin": pin},
                         follow_redirects=False)
    assert joined.status_code == 303, joined.text


# --- 1. nobody can lock the owner out ----------------------------------------------------------

def test_guessers_from_ten_addresses_never_lock_out_the_owner(board: WebBoard) -> None:
    with connected(board) as client:
        for number in range(10):
            guesser = from_address(client, f"10.0.0.{number + 1}")
            token = csrf(guesser, "/login")
            for _ in range(5):
                assert guesser.post("/login", data={"pin": "1111", "csrf": token}
                                    ).status_code == 403
            sixth = guesser.post("/login", data={"pin": "2468", "csrf": token})
            assert sixth.status_code == 429  # the guesser is limited, even with the right PIN
        owner = from_address(client, "192.168.1.7")
        log_in(owner)  # the owner, at an address that never failed, is let in at once
        assert settings_allowed(owner)


def test_under_pressure_every_guesser_waits_after_each_try_but_a_fresh_address_does_not(
        board: WebBoard) -> None:
    with connected(board) as client:
        for number in range(10):  # 50 wrong PINs: the page is under pressure
            guesser = from_address(client, f"10.0.1.{number + 1}")
            token = csrf(guesser, "/login")
            for _ in range(5):
                guesser.post("/login", data={"pin": "1111", "csrf": token})
        board.clock.now += 60
        another = from_address(client, "10.0.1.50")
        token = csrf(another, "/login")
        assert another.post("/login", data={"pin": "1111", "csrf": token}).status_code == 403
        slowed = another.post("/login", data={"pin": "1111", "csrf": token})
        assert slowed.status_code == 429  # one wrong PIN, then a wait: the slow back-off
        assert re.search(r"try again in 1[12]\d seconds", slowed.text), slowed.text
        log_in(from_address(client, "192.168.1.7"))  # a fresh address: at once
        board.clock.now += SLOWED + 1
        log_in(another)  # and the slowed one after its wait


def test_wrong_invitation_pins_count_against_that_invitation_only(board: WebBoard) -> None:
    with connected(board) as owner:
        log_in(owner)
        path, pin = invite(owner, "cones")
        for number in range(10):  # ten addresses try the invitation's link: it is withdrawn
            stranger = from_address(owner, f"10.0.2.{number + 1}")
            wrong = stranger.post(path, data={"csrf": csrf(stranger, "/"), "pin": "0000"
                                              if pin != "0000" else "1111"})
            assert wrong.status_code in (403, 410)
        assert from_address(owner, "10.0.2.99").get(path).status_code == 410
        late = from_address(owner, "10.0.3.1")
        log_in(late)  # nobody's login was slowed by the joins


# --- 2. a friend's access ends with the invitation ----------------------------------------------

def test_a_friends_access_ends_when_remote_play_ends_or_another_is_invited(
        board: WebBoard) -> None:
    controller = board.table.controller
    with connected(board) as owner:
        log_in(owner)
        path, pin = invite(owner, "cones")
        first = from_address(owner, "192.168.1.30")
        join(first, path, pin)
        assert controller.remote is Side.CONES
        board.set_up("C:C2 R:M9 entered:CR turn:C")
        board.sync(owner)
        header = {"x-csrf-token": csrf(first)}
        owner.post("/remote/end", data={"csrf": csrf(owner)})
        path, pin = invite(owner, "cones")  # someone else is invited for the Cones
        second = from_address(owner, "192.168.1.31")
        join(second, path, pin)
        board.sync(owner)
        assert first.post("/play/throw", json={}, headers=header).status_code == 403
        assert "Playing the" not in first.get("/").text  # the page no longer offers it
        assert second.post("/play/throw", json={},
                           headers={"x-csrf-token": csrf(second)}).status_code == 200
        invite(owner, "reels")  # a new invitation alone ends the one in play
        assert second.post("/play/throw", json={},
                           headers={"x-csrf-token": csrf(second)}).status_code == 403


def test_a_board_away_for_a_moment_does_not_burn_the_invitation(
        board: WebBoard, monkeypatch: pytest.MonkeyPatch) -> None:
    with connected(board) as owner:
        log_in(owner)
        path, pin = invite(owner, "cones")
        friend = from_address(owner, "192.168.1.40")
        asking = board.board_link.ask

        async def away(command: dict[str, Any], timeout: float = 5.0) -> dict[str, Any]:
            raise BoardAway("the board is restarting")

        monkeypatch.setattr(board.board_link, "ask", away)
        refused = friend.post(path, data={"csrf": csrf(friend, path), "pin": pin})
        assert refused.status_code == 503
        monkeypatch.setattr(board.board_link, "ask", asking)
        join(friend, path, pin)  # the same link and PIN, once the board is back
        assert board.table.controller.remote is Side.CONES


# --- 3. sessions end on the server --------------------------------------------------------------

def test_a_copied_owner_cookie_dies_with_logout_even_after_a_restart(board: WebBoard,
                                                                     tmp_path: Path) -> None:
    with connected(board) as owner:
        log_in(owner)
        copied = from_address(owner, "10.9.9.9")
        copied.cookies.update(owner.cookies)
        assert settings_allowed(copied)
        owner.post("/logout", data={"csrf": csrf(owner)})
        assert not settings_allowed(copied)
    restarted = create_app(board.board_link, WebConfig(pin="2468"), tmp_path / "web",
                           clock=board.clock, wall=board.clock)
    with TestClient(restarted, base_url="http://127.0.0.1") as again:
        again.cookies.update(copied.cookies)
        board.sync(again)
        assert not settings_allowed(again)


def test_a_session_lives_across_a_restart_until_logged_out_everywhere(board: WebBoard,
                                                                      tmp_path: Path) -> None:
    with connected(board) as phone:
        log_in(phone)
        laptop = from_address(phone, "192.168.1.8")
        log_in(laptop)
        cookies, on_laptop = dict(phone.cookies), dict(laptop.cookies)
    restarted = create_app(board.board_link, WebConfig(pin="2468"), tmp_path / "web",
                           clock=board.clock, wall=board.clock)
    with TestClient(restarted, base_url="http://127.0.0.1") as phone:
        phone.cookies.update(cookies)
        board.sync(phone)
        assert settings_allowed(phone)  # a restart of aseb web logs nobody out
        laptop = from_address(phone, "192.168.1.8")
        laptop.cookies.update(on_laptop)
        assert settings_allowed(laptop)
        left = phone.post("/logout-everywhere", data={"csrf": csrf(phone)})
        assert left.status_code == 200 and "everywhere" in left.text
        assert not settings_allowed(laptop) and not settings_allowed(phone)
    assert "2468" not in (tmp_path / "web" / "sessions.json").read_text()


def test_a_new_pin_said_by_the_board_ends_the_other_sessions_once_entered(
        tmp_path: Path) -> None:
    with WebBoard(tmp_path, pin=None) as board, connected(board) as laptop:
        laptop.post("/pin", data={"csrf": csrf(laptop, "/login")})
        first = said_pin(board)
        log_in(laptop, first)
        board.clock.now += 60
        phone = from_address(laptop, "192.168.1.9")
        phone.post("/pin", data={"csrf": csrf(phone, "/login")})
        second = said_pin(board)
        assert settings_allowed(laptop)  # said, not yet entered: nothing has ended
        log_in(phone, second)
        assert not settings_allowed(laptop)  # the new PIN ends every other session
        assert settings_allowed(phone)
        stranger = from_address(laptop, "192.168.1.10")
        assert stranger.post("/login", data={"pin": first, "csrf": csrf(stranger, "/login")}
                             ).status_code == 403  # the old PIN is gone


def said_pin(board: WebBoard) -> str:
    """The PIN the board said last (its own log: what stands beside the board hears)."""
    said = [line for line in board.table.controller.said if "PIN" in line]
    assert said, "the board did not say a PIN"
    return "".join(re.findall(r"\d", said[-1]))


# --- 4. a visitor cannot end the PIN ------------------------------------------------------------

def test_a_visitor_asking_for_a_pin_ends_nothing(tmp_path: Path) -> None:
    with WebBoard(tmp_path, pin=None) as board, connected(board) as owner:
        owner.post("/pin", data={"csrf": csrf(owner, "/login")})
        pin = said_pin(board)
        log_in(owner, pin)
        board.clock.now += 60
        visitor = from_address(owner, "10.0.5.5")
        asked = visitor.post("/pin", data={"csrf": csrf(visitor, "/login")})
        assert asked.status_code == 200 and "old PIN still works" in asked.text
        assert settings_allowed(owner)
        again = from_address(owner, "10.0.5.6")
        log_in(again, pin)  # the PIN in use still opens the page
        board.clock.now += 60
        again = visitor.post("/pin", data={"csrf": csrf(visitor, "/login")})
        assert again.status_code == 409  # one waits to be entered: nobody but the owner asks
        path, invited = invite(owner, "reels")
        friend = from_address(owner, "10.0.5.7")
        join(friend, path, invited)
        board.clock.now += 600
        refused = friend.post("/pin", data={"csrf": csrf(friend, "/login")})
        assert refused.status_code == 403 and "friend" in refused.text


# --- 5. only the board's own names ---------------------------------------------------------------

def test_a_page_under_another_name_is_refused_and_links_come_from_the_board_file(
        tmp_path: Path) -> None:
    with WebBoard(tmp_path) as board:
        board.app = create_app(board.board_link, WebConfig(pin="2468", hosts=("aseb.local",)),
                               tmp_path / "web", clock=board.clock, wall=board.clock)
        with connected(board) as owner:
            assert owner.get("/", headers={"host": "evil.example"}).status_code == 421
            assert owner.get("/", headers={"host": "evil.example:8020"}).status_code == 421
            for host in ("aseb.local", "ASEB.local:8020", "127.0.0.1:8020", "[::1]:8020",
                         "localhost"):
                assert owner.get("/login", headers={"host": host}).status_code == 200, host
            log_in(owner)
            invited = owner.post("/remote/invite", data={"csrf": csrf(owner), "side": "cones"},
                                 headers={"host": "127.0.0.1:8020"})
            assert 'id="invite-url">http://aseb.local:8020/join/' in invited.text


# --- 6. the outer wall ---------------------------------------------------------------------------

def test_a_change_asked_from_another_site_is_refused(board: WebBoard) -> None:
    with connected(board) as owner:
        log_in(owner)
        token = csrf(owner, "/settings")
        forged = owner.post("/settings", data={"csrf": token, "level": "scribe"},
                            headers={"origin": "http://evil.example"})
        assert forged.status_code == 403 and "another site" in forged.text
        cross = owner.post("/settings", data={"csrf": token, "level": "scribe"},
                           headers={"sec-fetch-site": "cross-site"})
        assert cross.status_code == 403
        own = owner.post("/settings", data={"csrf": token, "level": "scribe"},
                         headers={"host": "127.0.0.1:8020", "origin": "http://127.0.0.1:8020",
                                  "sec-fetch-site": "same-origin"})
        assert own.status_code == 200
    assert board.table.controller.settings.level.name == "SCRIBE"


def test_the_cookie_is_secure_over_tls_only(board: WebBoard) -> None:
    with connected(board) as plain:
        assert "secure" not in plain.get("/login").headers["set-cookie"].lower()
        tls = TestClient(board.app, base_url="https://127.0.0.1")
        tls.portal = plain.portal
        assert "; secure" in tls.get("/login").headers["set-cookie"].lower()


def test_headers_past_16_kib_are_refused(board: WebBoard) -> None:
    with connected(board) as client:
        answer = client.get("/", headers={"x-padding": "a" * 70_000})
        assert answer.status_code == 431 and "Traceback" not in answer.text
        assert client.get("/").status_code == 200


def test_an_oversized_chunked_form_is_413(board: WebBoard) -> None:
    def chunks() -> Iterator[bytes]:
        yield b"csrf=x&pin="
        for _ in range(40):
            yield b"1" * 1024

    with connected(board) as client:
        answer = client.post("/login", content=chunks(), headers={
            "content-type": "application/x-www-form-urlencoded"})
        assert answer.status_code == 413, answer.text


@pytest.mark.parametrize("bad", ["fifo", "garbage", "wrong shape"])
def test_a_sessions_file_that_is_not_ours_is_set_aside_and_everyone_logs_in_again(
        tmp_path: Path, bad: str) -> None:
    state = tmp_path / "web"
    state.mkdir()
    sessions = state / "sessions.json"
    if bad == "fifo":
        os.mkfifo(sessions)  # a plain open() would wait for a writer for ever
    else:
        sessions.write_text("{not json" if bad == "garbage" else '{"a": {"kind": 3}}')
    with WebBoard(tmp_path) as board, connected(board) as owner:
        assert not sessions.exists() and list(state.glob("sessions.bad-*"))
        log_in(owner)
        assert settings_allowed(owner)


# --- 7. a burst of guesses at once --------------------------------------------------------------

def counted_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every PIN checked against a hash from now on (the owner's, a said one, an
    invitation's)."""
    from sim.web import app, security

    checked: list[str] = []
    matches = security.pin_matches

    def counting(pin: str, stored: str) -> bool:
        checked.append(pin)
        right: bool = matches(pin, stored)
        return right

    monkeypatch.setattr(security, "pin_matches", counting)
    if hasattr(app, "pin_matches"):
        monkeypatch.setattr(app, "pin_matches", counting)
    return checked


def burst(client: TestClient, path: str, field: str, guesses: list[str],
          address: str = "10.0.9.9") -> list[int]:
    """``guesses`` posted all at once from one ``address``, as a script would: the answers'
    statuses."""
    import asyncio

    import httpx

    async def send() -> list[int]:
        transport = httpx.ASGITransport(app=client.app, client=(address, 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as one:
            page = await one.get(path)
            token = re.search(r'name="csrf" value="([^"]+)"', page.text)
            assert token, page.text
            answers = await asyncio.gather(*(
                one.post(path, data={"csrf": token.group(1), field: guess})
                for guess in guesses))
        return [answer.status_code for answer in answers]

    assert client.portal is not None
    return client.portal.call(send)


def test_a_burst_of_150_wrong_pins_at_once_checks_at_most_five(
        board: WebBoard, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = counted_checks(monkeypatch)
    with connected(board) as client:
        answers = burst(client, "/login", "pin", [f"{n:04d}" for n in range(1000, 1150)])
        assert len(checked) <= 5, f"{len(checked)} PINs checked"
        assert answers.count(403) <= 5 and answers.count(429) >= 145
        log_in(from_address(client, "192.168.1.7"))  # the owner, elsewhere, at once


def test_a_burst_of_wrong_pins_on_an_invitation_checks_at_most_five(
        board: WebBoard, monkeypatch: pytest.MonkeyPatch) -> None:
    with connected(board) as owner:
        log_in(owner)
        path, pin = invite(owner, "cones")
        checked = counted_checks(monkeypatch)
        wrong = [f"{n:04d}" for n in range(10000) if f"{n:04d}" != pin][:150]
        answers = burst(owner, path, "pin", wrong)
        assert len(checked) <= 5, f"{len(checked)} PINs checked"
        assert answers.count(403) <= 5 and answers.count(410) >= 145


# --- 8. the PIN being said ------------------------------------------------------------------------

def test_the_pin_being_said_is_replaced_by_nobody_but_the_owner(tmp_path: Path) -> None:
    with WebBoard(tmp_path, pin=None) as board, connected(board) as client:
        owner = from_address(client, "192.168.1.7")
        asked = owner.post("/pin", data={"csrf": csrf(owner, "/login")})
        assert asked.status_code == 200
        said = said_pin(board)
        board.clock.now += 60
        visitor = from_address(client, "10.0.6.6")  # another machine asks meanwhile
        spoiled = visitor.post("/pin", data={"csrf": csrf(visitor, "/login")})
        assert spoiled.status_code == 409 and "in 9 minutes" in spoiled.text
        assert said_pin(board) == said  # the board said no other
        log_in(owner, said)  # what the board said opens the page
        board.clock.now += 60
        again = owner.post("/pin", data={"csrf": csrf(owner, "/settings")})
        assert again.status_code == 200  # the owner may have another said...
        board.clock.now += 60
        assert visitor.post("/pin", data={"csrf": csrf(visitor, "/login")}
                            ).status_code == 409  # ...a visitor may not
        log_in(owner, said_pin(board))
        assert said_pin(board) != said


# --- 9. every way of ending sessions ends the friend's too ---------------------------------------

@pytest.mark.parametrize("ending", ["log out everywhere", "a new PIN", "end remote play",
                                    "the board ends remote play"])
def test_every_way_of_ending_sessions_ends_the_friends_too_across_a_restart(
        tmp_path: Path, ending: str) -> None:
    with WebBoard(tmp_path, pin=None) as board, connected(board) as client:
        owner = from_address(client, "192.168.1.7")
        owner.post("/pin", data={"csrf": csrf(owner, "/login")})
        log_in(owner, said_pin(board))
        path, pin = invite(owner, "cones")
        friend = from_address(client, "192.168.1.30")
        join(friend, path, pin)
        board.sync(client)
        assert "Playing the Cones" in friend.get("/").text
        if ending == "log out everywhere":
            owner.post("/logout-everywhere", data={"csrf": csrf(owner, "/settings")})
        elif ending == "a new PIN":
            board.clock.now += 600
            stranger = from_address(client, "192.168.1.9")
            stranger.post("/pin", data={"csrf": csrf(stranger, "/login")})
            log_in(stranger, said_pin(board))
        elif ending == "end remote play":
            owner.post("/remote/end", data={"csrf": csrf(owner)})
        else:
            with board.lock:
                board.table.controller.play_remotely(None)
            board.run(0.2)
        board.sync(client)
        assert board.table.controller.remote is None  # the board waits for nobody
        token = csrf(friend)
        assert friend.post("/play/throw", json={}, headers={"x-csrf-token": token}
                           ).status_code == 403
        assert "Playing the" not in friend.get("/").text
        cookies = dict(friend.cookies)
    restarted = create_app(board.board_link, WebConfig(pin=None), tmp_path / "web",
                           clock=board.clock, wall=board.clock)
    with TestClient(restarted, base_url="http://127.0.0.1") as again:
        again.cookies.update(cookies)
        assert "Playing the" not in again.get("/").text


# --- 10. the page's own origin, and the PIN in any digits ----------------------------------------

@pytest.mark.parametrize("origin", ["http://127.0.0.1:9999", "https://127.0.0.1:8020",
                                    "http://10.0.0.5:8020", "http://localhost:8020",
                                    "http://127.0.0.1:8020.evil.example", "null"])
def test_only_the_pages_own_origin_may_ask_for_a_change(board: WebBoard, origin: str) -> None:
    with connected(board) as owner:
        log_in(owner)
        token = csrf(owner, "/settings")
        own = {"host": "127.0.0.1:8020"}
        forged = owner.post("/settings", data={"csrf": token, "level": "scribe"},
                            headers={**own, "origin": origin})
        assert forged.status_code == 403, origin
        assert owner.post("/settings", data={"csrf": token, "level": "scribe"},
                          headers={**own, "origin": "http://127.0.0.1:8020"}).status_code == 200


@pytest.mark.parametrize("typed", ["\u0662\u0664\u0666\u0668",  # Arabic-Indic
                                   "\uff12\uff14\uff16\uff18",  # full-width
                                   "\u06f2\u06f4\u06f6\u06f8",  # Persian
                                   "\u0968\u096a\u096c\u096e",  # Devanagari
                                   " 2468 ", "2 4 6 8"])
def test_the_pin_is_read_in_any_digits_with_spaces_around_them(board: WebBoard,
                                                               typed: str) -> None:
    with connected(board) as client:
        form = client.get("/login").text
        assert 'inputmode="numeric"' in form and "[0-9]" not in form
        log_in(client, typed)
        assert settings_allowed(client)
        for _ in range(5):  # nothing was counted as a wrong PIN
            assert client.post("/login", data={"pin": typed, "csrf": csrf(client, "/login")},
                               follow_redirects=False).status_code == 303


# --- 11. the figures, only where the board file allows them --------------------------------------

def test_metrics_are_served_only_to_the_addresses_the_board_file_names(tmp_path: Path) -> None:
    pytest.importorskip("prometheus_client", reason="prometheus-client is not installed")
    with WebBoard(tmp_path, metrics=("192.168.1.5", "10.1.0.0/16")) as board, \
            connected(board) as client:
        for allowed in ("192.168.1.5", "10.1.2.3", "::ffff:192.168.1.5"):
            assert from_address(client, allowed).get("/metrics").status_code == 200, allowed
        for refused in ("192.168.1.6", "127.0.0.1", "10.2.0.1"):
            answer = from_address(client, refused).get("/metrics")
            assert answer.status_code == 403 and "aseb_" not in answer.text, refused
    with WebBoard(tmp_path / "none") as board, connected(board) as client:
        assert client.get("/metrics").status_code == 404  # none named: nobody reads them


# --- 12. a friend's JSON through the one decoder -------------------------------------------------

@pytest.mark.parametrize("body", [b"[" * 5000 + b"]" * 5000, b'{"move": ' * 1000 + b"1" +
                                  b"}" * 1000, b"\xff\xfe", b"[]", b"7",
                                  b'{"move": "' + b"x" * 30 + b'"}', b'{"move": 3}',
                                  b'{"move": "C2-C6", "and": 1}', b'{"move": "C2-C6"' + b"}" * 3])
def test_a_friends_bad_body_is_a_400_with_one_log_line(
        board: WebBoard, body: bytes, caplog: pytest.LogCaptureFixture) -> None:
    with connected(board) as owner:
        log_in(owner)
        path, pin = invite(owner, "cones")
        friend = from_address(owner, "192.168.1.30")
        join(friend, path, pin)
        board.set_up("C:C2 R:M9 entered:CR turn:C throw:2:WWDD")
        board.sync(owner)
        caplog.clear()
        with caplog.at_level("WARNING"):
            answer = friend.post("/play/move", content=body, headers={
                "x-csrf-token": csrf(friend), "content-type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert "Traceback" not in answer.text and answer.json()["error"]
        lines = [r for r in caplog.records if r.name.startswith("sim.web")]
        assert len(lines) == 1, lines
        assert all("\n" not in r.getMessage() for r in lines)
