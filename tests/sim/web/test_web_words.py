"""The web page speaks the page's language: every page fetched in the pseudo-language ``qps``
(every marked word bracketed and accented) shows no English word nobody marked; the page's
language is the board's chosen one, else the browser's, and Arabic is written right to left."""

from __future__ import annotations

import contextvars
import json
import re
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from starlette.testclient import TestClient

from engine import games
from firmware import words
from firmware.menu.choices import offered, settings
from sim.web.app import create_app
from sim.web.board_link import BoardLink
from sim.web.config import WebConfig
from sim.web.language import accepted, page_language
from tests.sim.test_no_word_escapes import escaped
from tests.sim.web.test_web import csrf, log_in
from tests.sim.web.web_board import WebBoard, connected

SHOWN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
NAMES = re.compile(r"\baseb\b|\bgame-\d+\b|https?://\S+|\{[a-z_]+\}")
"""What stays as it is: the board's name, a record's id (``game-1``), a link, and the
placeholders the page's script fills (``{side}``)."""


class Shown(HTMLParser):
    """Every text a person reads on a page: its text, the attributes read aloud, and the words
    handed to the page's script (``data-words``, ``data-facts``)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and name in SHOWN_ATTRIBUTES:
                self.texts.append(value)
            elif value and name == "data-words":
                self.texts += json.loads(value).values()
            elif value and name == "data-facts":
                self.texts += json.loads(value)

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(data)


def escapes(pages: dict[str, str]) -> dict[str, str]:
    """Each page's English words nobody marked (with the text they were found in)."""
    found = {}
    for name, html in pages.items():
        if html.startswith("{"):  # the script's answers: their words
            texts = [str(value) for value in json.loads(html).values()]
        else:
            shown = Shown()
            shown.feed(html)
            texts = shown.texts
        for text in texts:
            left = escaped(NAMES.sub(" ", text))
            if left:
                found[f"{name}: {text.strip()[:120]!r}"] = " ".join(left)
    for where, what in found.items():
        print(f"ESCAPED {what} in {where}")
    return found


@pytest.fixture
def pseudo() -> Iterator[None]:
    """The board speaks the pseudo-language (the page is told to, with ``--lang qps``)."""
    words.use(words.PSEUDO)
    try:
        yield
    finally:
        words.use("en")


def test_the_checker_finds_english_on_a_page() -> None:
    page = ('<html><body data-words="{&#34;a&#34;: &#34;Last move&#34;}"><p>[Ŝàṽé]</p>'
            '<svg aria-label="Games per day"></svg><p>game-12</p></body></html>')
    assert set(escapes({"page": page}).values()) == {"Last move", "Games per day"}


def test_every_page_in_the_pseudo_language_shows_only_marked_words(tmp_path: Path,
                                                                  pseudo: None) -> None:
    with WebBoard(tmp_path) as board:
        board.app = create_app(board.board_link, WebConfig(pin="2468"), tmp_path / "web",
                               clock=board.clock, language=words.PSEUDO)
        board.table.controller.settings.mummy = None
        state = board.set_up("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
        board.carry_out(state, state.moves[0])  # a finished game, to list and review
        board.run(3.0)
        pages: dict[str, str] = {}
        with connected(board) as visitor:
            for path in ("/", "/display", "/settings", "/games", "/games/game-1", "/login",
                         "/nowhere", "/games/game-99"):
                pages[path] = visitor.get(path).text
            pages["wrong PIN"] = visitor.post("/login", data={
                "pin": "1111", "csrf": csrf(visitor, "/login")}).text
            pages["PIN said"] = visitor.post("/pin", data={"csrf": csrf(visitor, "/login")}).text
            pages["not the owner"] = visitor.post("/new-game", data={
                "csrf": csrf(visitor)}).text
            pages["stale form"] = visitor.post("/settings", data={"csrf": "stale"}).text
            pages["not the friend"] = visitor.post(
                "/play/throw", json={}, headers={"x-csrf-token": csrf(visitor)}).text
        with connected(board) as owner:
            log_in(owner)
            pages["owner's board"] = owner.get("/").text
            pages["owner's settings"] = owner.get("/settings").text
            pages["saved"] = owner.post("/settings", data={"csrf": csrf(owner, "/settings"),
                                                           "level": "vizier"}).text
            pages["no side"] = owner.post("/remote/invite", data={"csrf": csrf(owner),
                                                                  "side": "x"}).text
            invited = owner.post("/remote/invite", data={"csrf": csrf(owner), "side": "cones"})
            pages["invite"] = invited.text
            url = re.search(r'id="invite-url">([^<]+)<', invited.text)
            pin = re.search(r'id="invite-pin">(\d+)<', invited.text)
            assert url and pin
            path = urlsplit(url.group(1)).path
            with board.client() as friend:
                pages["join"] = friend.get(path).text
                token = csrf(friend, path)
                pages["wrong link PIN"] = friend.post(path, data={
                    "csrf": token, "pin": "0000" if pin.group(1) != "0000" else "1111"}).text
                friend.post(path, data={"csrf": token, "pin": pin.group(1)})
                pages["friend's board"] = friend.get("/").text
                pages["used link"] = friend.get(path).text
                header = {"x-csrf-token": csrf(friend)}
                pages["bad move"] = friend.post("/play/move", json={}, headers=header).text
                pages["not JSON"] = friend.post("/play/move", content=b"{", headers=header).text
            pages["remote ended"] = owner.post("/remote/end", data={"csrf": csrf(owner)}).text
    for name in ("/", "/display", "/settings", "/games/game-1", "invite", "friend's board"):
        assert "lang=\"qps\"" in pages[name] and "[" in pages[name], name
    assert escapes(pages) == {}


def test_the_page_speaks_the_browsers_language_else_the_boards() -> None:
    assert page_language(None, {"values": {"language": "de"}}, "fr") == "fr"
    assert page_language(None, {"values": {"language": "de"}}, "") == "de"
    assert page_language(None, {"values": {"language": "de"}}, "fr", display=True) == "de"
    assert page_language("it", {"values": {"language": "de"}}, "fr") == "it"
    assert page_language(None, None, "fr-CH, fr;q=0.9, en;q=0.8") == "fr"
    assert page_language(None, {"values": {}}, "") == "en"
    assert accepted("en;q=0.2, ar;q=0.9, xx") == "ar"
    assert accepted("de;q=0, nl") is None and accepted("q=;;,") is None


def test_a_board_speaking_german_has_a_german_page_unless_the_browser_speaks_another(
        tmp_path: Path) -> None:
    with WebBoard(tmp_path) as board:
        choices = board.table.choices
        assert choices is not None
        try:
            with board.lock:  # the board speaks German from now on (the whole process)
                choices.apply(choices.chosen.with_("language", "de"))
            board.run(0.5)
            with connected(board) as client:
                page = client.get("/settings").text
                french = client.get("/settings", headers={"accept-language": "fr"}).text
        finally:
            words.use("en")
    assert '<html lang="de" dir="ltr">' in page
    assert f"<h1>{words._translation('de').gettext('Settings')}</h1>" in page
    assert '<html lang="fr" dir="ltr">' in french


def test_a_page_told_its_language_says_the_boards_settings_in_it(tmp_path: Path) -> None:
    with WebBoard(tmp_path, language="fr") as board, connected(board) as client:
        page = unescape(client.get("/settings").text)  # the board speaks English
        display = unescape(client.get("/display").text)
    for found in settings():
        assert f"<legend>{in_french(found.title)}</legend>" in page, found.key
        if in_french(found.title) != words.say(found.title):  # ("Mode" is French too)
            assert f"<legend>{words.say(found.title)}</legend>" not in page, found.key
        for choice in offered(found, "tait"):
            assert re.search(re.escape(in_french(choice.label)) + r"( <span[^<]*</span>)?</label>",
                             page), choice.value
    assert f"<h1>{in_french(games.load('tait').title)}</h1>" in display


def test_the_login_button_is_not_the_terminals_enter_key(tmp_path: Path) -> None:
    with WebBoard(tmp_path, language="fr") as board, connected(board) as client:
        page = client.get("/login").text
    assert "<button>Entrer</button>" in page and "Entrée" not in page
    assert in_french("Enter") == "Entrée"  # the terminal's key keeps its own word


def in_french(text: str) -> str:
    """A marked message (or an engine's phrase) as a French page says it."""
    def said() -> str:
        words.use_here("fr")
        return words.say(text)

    return contextvars.copy_context().run(said)


def test_away_from_the_board_the_page_speaks_the_browsers_language(tmp_path: Path) -> None:
    app = create_app(BoardLink(tmp_path / "none.sock"), WebConfig(), tmp_path / "web",
                     connect=False)
    arabic = words._translation("ar")
    with TestClient(app, base_url="http://127.0.0.1") as client:
        page = client.get("/", headers={"accept-language": "ar, en;q=0.5"}).text
        english = client.get("/").text
    assert '<html lang="ar" dir="rtl">' in page
    assert arabic.gettext("The board is not reachable: is aseb run running? The page tries "
                          "again by itself.") in page.replace("&#39;", "'")
    assert '<html lang="en" dir="ltr">' in english and "not reachable" in english
