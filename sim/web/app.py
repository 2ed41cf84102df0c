"""The web page's routes (Starlette): the live board and its event stream, the settings, the
games and their review, the museum's display, the PIN, and remote play. Everything the board
knows comes through the board's link (``sim.web.board_link``); nothing here touches the board's
files.

    app = create_app(BoardLink(Path("/run/aseb/link.sock")), WebConfig(), Path("/var/lib/aseb-web"))
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any

import jinja2
import msgspec
from starlette.applications import Starlette
from starlette.convertors import Convertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from engine.core.sides import Side
from engine.games import load as load_rules
from engine.mummy.review import Review, cones_curve
from engine.record import GameRecord
from firmware.service.link_schema import told_text
from firmware.words import _, known, ngettext, pgettext, right_to_left, say, side_said
from firmware.words import language as spoken
from hardware.doors.decoder import Undecodable, decode
from hardware.doors.file_reader import Bounds
from sim.web import words
from sim.web.board_link import BoardAway, BoardLink, said_here
from sim.web.board_svg import bars_svg, board_svg, chances_svg, days_svg, share_svg
from sim.web.config import WebConfig
from sim.web.guard import Guard, Hosts, TooBig
from sim.web.language import Speaking, page_language
from sim.web.reviews import record_of, review_of, rows, sides, summary, when_said
from sim.web.security import (
    Attempts,
    Invites,
    PinStore,
    csrf_ok,
    csrf_token,
    new_pin,
    pin_digits,
    pin_matches,
    secret_key,
    source,
)
from sim.web.state import FRIEND, OWNER, Session, Sessions
from sim.web.story_art import picture_png, story_pages
from sim.web.told import far_said, settings_said, tournament_shown

log = logging.getLogger(__name__)

HERE = Path(__file__).parent
SESSION_SECONDS = 12 * 3600
SAY_PIN_EVERY = 30.0
"""Seconds between two PINs said by the board at least."""
ASK_PIN_EVERY = 300.0
"""Seconds between two PINs asked from one address at least."""
KEEPALIVE = 15.0
"""Seconds of silence after which the event stream sends a comment (proxies keep it open)."""
GAME_ID = r"game-[0-9]{1,9}"
BETWEEN = ("idle", "won", "clear", "menu")
"""The board's phases between games: the display tells the story and MummyFacts then."""
LOG = 12
"""Lines of what happened the page shows (the newest)."""
STATS_EVERY = 60.0
"""Seconds the display keeps the kiosk's figures before asking the board again."""
PLAY_BODY = Bounds("friend's throw or move", 1024, depth=2, keys=4)
"""What a friend's throw or move ever is: ``{"move": "C2-C6"}``."""


class Play(msgspec.Struct, forbid_unknown_fields=True):
    """A friend's throw (``{}``) or move (``{"move": ...}``, as the moves listed name it)."""

    move: Annotated[str, msgspec.Meta(min_length=1, max_length=20)] | None = None


class Web:
    """What the routes share: the board's link, the locks, the reviews worked out."""

    def __init__(self, link: BoardLink, config: WebConfig, state_dir: Path,
                 clock: Callable[[], float], wall: Callable[[], float]) -> None:
        self.link = link
        self.config = config
        self.clock = clock
        self.pins = PinStore(state_dir, clock)
        self.sessions = Sessions(state_dir, wall)
        self.invites = Invites(clock)
        if config.pin is not None and not self.pins.check(config.pin):
            self.pins.set(config.pin)  # kept only hashed, as a PIN the board says is
            self.end_everyone()  # a new PIN in the board file: everyone enters it
        self.attempts = Attempts(clock)
        self.metrics_from = [ipaddress.ip_network(a, strict=False) for a in config.metrics]
        """Who may read /metrics (the board file's ``[web] metrics``)."""
        self.pin_said = float("-inf")
        self.pin_asked: dict[str, float] = {}
        """When each address last asked the board for a PIN."""
        self.reviews: dict[str, tuple[GameRecord, Review]] = {}
        """Each record and its review, worked out once (said in each page's words)."""
        self.times: dict[str, float] = {}
        """When each record was kept (the board's list of games)."""
        self.summaries: dict[str, Any] = {}
        self.stats: dict[str, Any] | None = None
        self.stats_at: float | None = None
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"),
                                 autoescape=True, extensions=["jinja2.ext.i18n"])
        env.policies["ext.i18n.trimmed"] = True  # a {% trans %} block's lines are one message
        env.install_gettext_callables(  # type: ignore[attr-defined]
            _, ngettext, newstyle=True, pgettext=pgettext)  # said in the request's language
        self.templates = Jinja2Templates(env=env)

    def end_everyone(self, keep: object = None) -> None:
        """End every owner's session but ``keep``'s, every friend's, and the invitations:
        kept ended across restarts (``sim.web.state``). The board is told by the caller."""
        self.sessions.end_all(OWNER, keep=keep)
        self.end_friends()

    def end_friends(self) -> None:
        """End the friends' sessions and the open invitations."""
        self.sessions.end_all(FRIEND)
        self.invites.open.clear()

    def heard(self, kind: str, event: dict[str, Any]) -> None:
        """The board's news: when it says nobody (or another) plays from afar, a friend's
        session for another side ends, whoever ended remote play (the board, far play, a
        restart of the board); an invitation not yet taken stays open."""
        if kind == "moves":
            remote = event.get("remote")
            self.sessions.end_all(FRIEND, side=remote if isinstance(remote, str) else "")

    def board_made_pin(self, pin: str) -> None:
        """The board made a new PIN at its menu, and said and lit it: it waits to be entered,
        in place of any PIN waiting (the board may replace it; a visitor may not), and no
        visitor may ask for another for a while. Hashed here, on the page's loop: a few tens
        of milliseconds, only ever as often as someone at the board chooses it."""
        self.pins.said(pin)
        self.pin_said = self.clock()
        log.info("the board made a new PIN for the page at its menu")  # never its digits

    def may_read_metrics(self, address: str) -> bool:
        """Whether ``address`` is one the board file lets read ``/metrics``."""
        try:
            found = ipaddress.ip_address(address)
        except ValueError:
            return False
        if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
            found = found.ipv4_mapped
        return any(found in network for network in self.metrics_from)


def create_app(link: BoardLink, config: WebConfig, state_dir: Path, *,
               clock: Callable[[], float] = time.monotonic,
               wall: Callable[[], float] = time.time, connect: bool = True,
               display: bool = False, language: str | None = None) -> Starlette:
    """The page; ``clock`` times the limits, ``wall`` the sessions kept across restarts;
    ``connect``: run the link's connection with the app (tests may drive it); ``display``: the
    home page is the museum's display; ``language``: the page's, whatever the board and the
    browser speak (``--lang``)."""
    web = Web(link, config, state_dir, clock, wall)
    metrics = _metrics(link)
    link.listeners.append(web.heard)
    if config.pin is None:  # a PIN fixed in the board file stands: the board makes none
        link.on_pin = web.board_made_pin

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(link.run()) if connect else None
        yield
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if link.estimates is not None:
            link.estimates.close()

    def address(request: Request) -> str:
        return request.client.host if request.client else "?"

    def rights(request: Request) -> Session | None:
        """The request's session on the server (the owner's, a friend's), if it is open."""
        return web.sessions.get(request.session.get("sid"))

    def remote_side(request: Request) -> str | None:
        found = rights(request)
        return found.side if found is not None and found.kind == FRIEND else None

    def page(request: Request, name: str, code: int = 200, **context: Any) -> Response:
        session = request.session
        found = rights(request)
        context.update(csrf=csrf_token(session), owner=found is not None and found.kind == OWNER,
                       remote=remote_side(request), nav=name, lang=spoken(),
                       rtl=right_to_left(),
                       script_words={key: _(text) for key, text in words.SCRIPT.items()}
                       | {"away": _(words.BOARD_AWAY)})
        answer: Response = web.templates.TemplateResponse(request, name, context,
                                                          status_code=code)
        return answer

    def tell(request: Request, text: str, status: int = 400) -> Response:
        return page(request, "message.html", status, text=text, failed=status >= 400)

    async def form_of(request: Request) -> dict[str, str]:
        """The posted form, its CSRF token checked (403 otherwise)."""
        try:
            form = await request.form(max_fields=50, max_files=0, max_part_size=4096)
        except TooBig:  # past the limit while it was read: the wall answers 413
            raise
        except Exception:  # a body that is not a form
            raise HTTPException(400, _(words.FORM_UNREAD)) from None
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        if not csrf_ok(request.session, fields.get("csrf")):
            raise HTTPException(403, _(words.FORM_STALE))
        return fields

    def owner(request: Request) -> None:
        found = rights(request)
        if found is None or found.kind != OWNER:
            raise HTTPException(403, _(words.OWNER_ONLY))

    def refusal(answer: dict[str, Any]) -> str:
        """Why the board refused, in the page's words (its reason where it told one as a
        phrase; else that it did not take it, never the board's English)."""
        try:
            return say(told_text(answer["words"]))
        except (KeyError, ValueError, IndexError, TypeError):
            return _(words.SCRIPT["refused"])

    async def ask(command: dict[str, Any]) -> dict[str, Any]:
        try:
            return await link.ask(command)
        except BoardAway:
            raise HTTPException(503, _(words.BOARD_AWAY)) from None

    # --- the live board ---------------------------------------------------------------

    def board_context(request: Request | None = None) -> dict[str, Any]:
        game = link.now("game")
        if game is not None:  # the game's name in the page's words, not the board's
            game = {**game, "title": game_title(game)}
        status = link.now("status")
        away = status is None or status.get("phase") == "away"
        shown = _(words.BOARD_AWAY) if away or status is None else \
            said_here("status", status)["text"]
        yours = your_turn(link.said_now("moves"), remote_side(request)) if request else None
        return {"game": game, "between": away or status is None or status.get("phase") in BETWEEN,
                "board": board_svg(game["geometry"], game["title"], {
                    key: _(name) for key, name in words.SIGNS.items()}) if game else None,
                "status": yours if yours and not away else shown, "away": away,
                "log": said_here("log", link.now("log") or {}).get("lines", [])[-LOG:],
                "tournament": tournament_shown(link.now("tournament")),
                "remote_playing": remote_playing()}

    async def kiosk_stats() -> dict[str, Any] | None:
        """The kiosk's figures, asked of the board at most once a minute (None: none)."""
        if web.stats_at is None or web.clock() - web.stats_at >= STATS_EVERY:
            try:
                answer = await link.ask({"type": "stats"})
            except BoardAway:
                return None
            web.stats = answer if answer["type"] == "stats" and answer["games"] else None
            web.stats_at = web.clock()
        return web.stats

    async def display_page(request: Request) -> Response:
        stats = await kiosk_stats()
        return page(request, "display.html", **board_context(), facts=_facts(), stats=stats,
                    plots=_plots(stats) if stats else [], story=story_pages())

    async def art(request: Request) -> Response:
        """A picture of Setna's story (``sim.web.story_art``), drawn once."""
        try:
            png = await asyncio.to_thread(picture_png, request.path_params["name"])
        except KeyError:
            raise HTTPException(404, _(words.NOT_FOUND)) from None
        return Response(png, media_type="image/png",
                        headers={"cache-control": "public, max-age=86400"})

    async def live(request: Request) -> Response:
        if display:
            return await display_page(request)
        return page(request, "live.html", **board_context(request))

    async def events(request: Request) -> Response:
        wanted = request.query_params.get("lang", "")  # the page's own language
        watcher = link.watch(wanted if known(wanted) else spoken(), source(address(request)))
        if watcher is None:
            return Response(_(words.TOO_MANY), 503, media_type="text/plain")

        async def stream() -> AsyncIterator[bytes]:
            try:
                yield b"retry: 2000\n\n"
                while (chunk := await watcher.next(KEEPALIVE)) is not None:  # None: too slow,
                    yield chunk or b": still here\n\n"  # dropped; the browser reconnects
            finally:
                link.unwatch(watcher)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    # --- the PIN ----------------------------------------------------------------------

    async def login(request: Request) -> Response:
        if request.method == "GET":
            return page(request, "login.html", fixed=web.config.pin is not None,
                        known=web.pins.hashed() is not None)
        fields = await form_of(request)
        asker = address(request)
        wait = web.attempts.begin(asker)  # counted now, before the check: a burst checks 5
        if wait:
            return tell(request, _(words.PIN_WAIT).format(seconds=wait), 429)
        pin = pin_digits(fields.get("pin", ""))
        checked = pin is not None and await asyncio.to_thread(web.pins.check, pin)
        new = pin is not None and not checked and \
            await asyncio.to_thread(web.pins.take_said, pin)
        if not (checked or new):
            return page(request, "login.html", 403, fixed=web.config.pin is not None,
                        known=web.pins.hashed() is not None, error=_(words.PIN_WRONG))
        web.attempts.passed(asker)
        web.sessions.end(request.session.get("sid"))
        request.session.clear()  # a fresh session (and CSRF token) for the owner
        sid = web.sessions.open(OWNER)
        if new:  # the PIN the board said is the PIN now: every other session ends
            web.end_everyone(keep=sid)
            await end_remote_play()
        request.session["sid"] = sid
        return RedirectResponse("/settings", 303)

    async def say_pin(request: Request) -> Response:
        """The board says a new PIN: it waits to be entered, and ends nothing until then. While
        it waits, only the owner (logged in) may have another said in its place."""
        await form_of(request)
        if remote_side(request) is not None:
            return tell(request, _(words.PIN_ASK_ELSEWHERE), 403)
        if web.config.pin is not None:
            return tell(request, _(words.PIN_FIXED), 409)
        asker = source(address(request))
        found = rights(request)
        is_owner = found is not None and found.kind == OWNER
        waits = web.pins.waiting()
        if waits and not is_owner:
            minutes = max(1, round(waits / 60))
            return tell(request, ngettext(
                "The board has said a PIN for its owner, who enters it here. Another can be "
                "asked for in {minutes} minute, once it has expired.",
                "The board has said a PIN for its owner, who enters it here. Another can be "
                "asked for in {minutes} minutes, once it has expired.",
                minutes).format(minutes=minutes), 409)
        now = web.clock()
        if now - web.pin_said < SAY_PIN_EVERY or (not is_owner and now - web.pin_asked.get(
                asker, float("-inf")) < ASK_PIN_EVERY):
            return tell(request, _(words.PIN_SAY_WAIT), 429)
        web.pin_said = now  # before the board is asked: two asks at once say one PIN
        pin = new_pin()
        try:
            answer = await ask({"type": "pin", "pin": pin})
        except HTTPException:
            web.pin_said = float("-inf")
            raise
        if answer["type"] == "error":
            web.pin_said = float("-inf")
            return tell(request, refusal(answer), 409)
        await asyncio.to_thread(web.pins.said, pin)
        if len(web.pin_asked) > 1000:
            web.pin_asked.clear()
        web.pin_asked[asker] = now
        return page(request, "login.html", fixed=False, known=True,
                    note=f"{_(words.PIN_SAID)} {_(words.PIN_WAITS)}")

    async def logout(request: Request) -> Response:
        await form_of(request)
        web.sessions.end(request.session.get("sid"))
        request.session.clear()
        return RedirectResponse("/", 303)

    async def logout_everywhere(request: Request) -> Response:
        """Every session ends: the owner's everywhere, and a friend's playing from afar."""
        await form_of(request)
        owner(request)
        web.end_everyone()
        await end_remote_play()
        request.session.clear()
        return tell(request, _(words.LEFT_EVERYWHERE), 200)

    async def end_remote_play() -> None:
        """The board stops waiting for a friend from afar (a board away has forgotten the
        friend already: it is told nothing)."""
        if remote_playing():
            with contextlib.suppress(BoardAway):
                await link.ask({"type": "remote", "side": None})

    def remote_playing() -> bool:
        """Whether a friend plays from afar through this page now (not a board far away)."""
        far_state = (link.now("far") or {}).get("state")
        return (link.now("moves") or {}).get("remote") is not None and \
            far_state in (None, "none")

    # --- the settings -----------------------------------------------------------------

    async def settings(request: Request) -> Response:
        described = link.now("settings")
        if request.method == "GET":
            return page(request, "settings.html", settings=settings_said(described),
                        far=far_said(link.now("far")))
        fields = await form_of(request)
        owner(request)
        if described is None:
            return tell(request, _(words.BOARD_AWAY), 503)
        errors = []
        shown = settings_said(described) or {}
        for item, said in zip(described["settings"], shown.get("settings", []), strict=True):
            key = item["key"]
            value = fields.get(key)
            if value is None or value == described["values"].get(key):
                continue
            if value not in {choice["value"] for choice in item["choices"]}:
                errors.append(_(words.NOT_A_CHOICE).format(setting=said["title"]))
                continue
            answer = await ask({"type": "set", "key": key, "value": value})
            if answer["type"] == "error":
                errors.append(refusal(answer))
        await asyncio.sleep(0)  # the board's new settings event may arrive meanwhile
        return page(request, "settings.html", 400 if errors else 200,
                    settings=settings_said(link.now("settings")), errors=errors,
                    note=None if errors else _(words.SAVED), far=far_said(link.now("far")))

    async def far(request: Request) -> Response:
        """The owner asks the far companion (``sim.far``) to offer, join or end a far game."""
        fields = await form_of(request)
        owner(request)
        action, code = fields.get("action", ""), pin_digits(fields.get("code", ""), 6, 6)
        if action not in ("offer", "join", "end") or (action == "join" and code is None):
            return tell(request, _(words.FAR_CODE), 400)
        answer = await ask({"type": "far_ask", "action": action,
                            **({"code": code} if action == "join" else {})})
        if answer["type"] == "error":
            return tell(request, answer["message"], 409)
        return RedirectResponse("/settings#far", 303)

    async def new_game(request: Request) -> Response:
        """A new game, once the owner has said so twice when one is under way (it is not kept
        among the finished games)."""
        fields = await form_of(request)
        owner(request)
        position = link.now("position") or {}
        under_way = position.get("notation") is not None and position.get("winner") is None
        if under_way and fields.get("sure") != "yes":
            return page(request, "new_game.html")
        answer = await ask({"type": "new_game"})
        if answer["type"] == "error":
            return tell(request, refusal(answer), 409)
        return RedirectResponse("/", 303)

    # --- the games --------------------------------------------------------------------

    async def record(name: str) -> Any:
        answer = await ask({"type": "record", "id": name})
        if answer["type"] == "error":
            raise HTTPException(404, _(words.NO_RECORD))
        return answer["record"]

    async def games(request: Request) -> Response:
        listed = (await ask({"type": "games"}))["games"]
        found = []
        for item in listed[:50]:
            name = item["id"]
            web.times[name] = item["time"]
            if name not in web.summaries:
                try:
                    web.summaries[name] = summary(name, record_of(await record(name)))
                except (HTTPException, ValueError):
                    continue
            found.append((web.summaries[name], when_said(item["time"])))
        found = [({"id": listed.id, "game": say(listed.game), "actions": listed.actions,
                   "winner": side_said(listed.winner) if listed.winner else None}, when)
                 for listed, when in found]
        return page(request, "games.html", games=found)

    async def record_time(name: str) -> float | None:
        """When the game ``name`` was kept (the board's list of games tells it)."""
        if name not in web.times:
            for item in (await ask({"type": "games"}))["games"]:
                web.times[item["id"]] = item["time"]
        return web.times.get(name)

    async def game_review(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in web.reviews:
            try:
                game = record_of(await record(name))
            except ValueError:
                raise HTTPException(404, _(words.NO_RECORD)) from None
            web.reviews[name] = game, await asyncio.to_thread(review_of, game)
        game, judged = web.reviews[name]
        when = await record_time(name)
        how = _("perfect play") if judged.exact else _("estimated")
        first, winner = judged.first, game.final_state().winner
        return page(request, "review.html", review={
            "id": name, "title": _(words.REVIEW_TITLE).format(
                game=say(game.ruleset.title), when=when_said(when)) if when is not None
            else say(game.ruleset.title),
            "players": _(words.REVIEW_PLAYERS).format(
                first=side_said(first), second=side_said(first.other),
                winner=side_said(winner)) if winner is not None else "",
            "judged_by": _(words.REVIEW_EXACT if judged.exact else words.REVIEW_ESTIMATED),
            "rows": rows(judged), "sides": sides(judged),
            "lucky": judged.lucky,
            "graph": chances_svg(list(cones_curve(judged)), _(words.CHANCE_GRAPH)),
            "start": _(words.START).format(side=side_said(judged.first),
                                            chance=f"{judged.start:.0%}", how=how)})

    async def game_json(request: Request) -> Response:
        name = request.path_params["name"]
        data = await record(name)
        return JSONResponse(data, headers={
            "content-disposition": f'attachment; filename="{name}.json"'})

    # --- remote play ------------------------------------------------------------------

    async def invite(request: Request) -> Response:
        fields = await form_of(request)
        owner(request)
        side = fields.get("side", "")
        if side not in ("cones", "reels"):
            return tell(request, _(words.INVITE_SIDE), 400)
        token, pin = web.invites.invite(side)
        web.sessions.end_all(FRIEND)  # an earlier friend's access ends with their invitation
        url = web.config.origin + request.app.url_path_for("join", token=token)
        return page(request, "invite.html", url=url, pin=pin, side=side_said(Side[side.upper()]))

    async def end_remote(request: Request) -> Response:
        await form_of(request)
        owner(request)
        if remote_playing():
            await ask({"type": "remote", "side": None})
        web.end_friends()
        return tell(request, _(words.REMOTE_ENDED), 200)

    async def join(request: Request) -> Response:
        token = request.path_params["token"]
        if web.invites.known(token) is None:
            return tell(request, _(words.INVITE_GONE), 410)
        if request.method == "GET":
            return page(request, "join.html", token=token)
        fields = await form_of(request)
        invited = web.invites.try_pin(token)  # counted now: tries count against it alone
        if invited is None:
            return tell(request, _(words.INVITE_GONE), 410)
        pin = pin_digits(fields.get("pin", ""))
        if pin is None or not await asyncio.to_thread(pin_matches, pin, invited.pin_hash):
            if web.invites.known(token) is None:
                return tell(request, _(words.INVITE_GONE), 410)
            return page(request, "join.html", 403, token=token, error=_(words.INVITE_PIN_WRONG))
        invited.tries -= 1  # the right PIN: no try spent
        answer = await ask({"type": "remote", "side": invited.side})
        if answer["type"] == "error":
            return tell(request, refusal(answer), 409)
        web.invites.use(token)
        web.sessions.end_all(FRIEND)
        web.sessions.end(request.session.get("sid"))
        request.session.clear()
        request.session["sid"] = web.sessions.open(FRIEND, SESSION_SECONDS, side=invited.side,
                                                   invite=invited.id)
        return RedirectResponse("/", 303)

    async def remote_action(request: Request) -> Response:
        """The remote player's throw or move, sent by the page's script (JSON, CSRF header):
        checked against the board's news first, so every refusal is said in the page's words."""
        side = remote_side(request)
        if not csrf_ok(request.session, request.headers.get("x-csrf-token")):
            return JSONResponse({"error": _(words.FORM_STALE)}, 403)
        if side is None:
            return JSONResponse({"error": _(words.REMOTE_ONLY)}, 403)
        try:
            body: Play = decode(await request.body(), PLAY_BODY, Play)
        except Undecodable as exc:
            log.warning("a request the page did not use (%s): %s", address(request), exc)
            return JSONResponse({"error": _(words.SEND_JSON)}, 400)
        moves = link.now("moves")
        if moves is None or moves.get("remote") != side:
            return JSONResponse({"error": _(words.INVITE_ENDED)}, 403)
        listed = [move.get("notation") for move in moves.get("moves", [])]
        if request.path_params["action"] == "throw":
            if moves.get("side") != side or listed:
                return JSONResponse({"error": _(words.NOT_YOUR_TURN)}, 409)
            command: dict[str, Any] = {"type": "throw"}
        else:
            move = body.move
            if move is None:
                return JSONResponse({"error": _(words.NAME_THE_MOVE)}, 400)
            if moves.get("side") != side or not listed:
                return JSONResponse({"error": _(words.NOT_YOUR_TURN)}, 409)
            if move not in listed:
                return JSONResponse({"error": _(words.NOT_YOUR_MOVE)}, 409)
            command = {"type": "move", "move": move}
        answer = await ask(command)
        if answer["type"] == "error":
            return JSONResponse({"error": refusal(answer)}, 409)
        return JSONResponse({"ok": True})

    async def metrics_page(request: Request) -> Response:
        """Prometheus' scrape (``sim.web.metrics``; without prometheus-client: 404)."""
        if metrics is None or not web.metrics_from:
            raise HTTPException(404, _(words.NOT_FOUND))
        if not web.may_read_metrics(address(request)):
            raise HTTPException(403, _(words.METRICS_ELSEWHERE))
        return Response(metrics.render(), media_type="text/plain; version=0.0.4")

    async def error_page(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        text = exc.detail if exc.status_code != 404 or exc.detail == _(words.NO_RECORD) \
            else _(words.NOT_FOUND)
        if request.url.path.startswith(("/play/", "/events")) or \
                request.url.path.endswith(".json"):
            return JSONResponse({"error": text}, exc.status_code)
        return tell(request, text, exc.status_code)

    routes = [
        Route("/", live),
        Route("/display", display_page),
        Route("/art/{name:str}.png", art),
        Route("/events", events),
        Route("/login", login, methods=["GET", "POST"]),
        Route("/pin", say_pin, methods=["POST"]),
        Route("/logout", logout, methods=["POST"]),
        Route("/logout-everywhere", logout_everywhere, methods=["POST"]),
        Route("/settings", settings, methods=["GET", "POST"]),
        Route("/new-game", new_game, methods=["POST"]),
        Route("/games", games),
        Route("/games/{name:gameid}.json", game_json),
        Route("/games/{name:gameid}", game_review),
        Route("/remote/invite", invite, methods=["POST"]),
        Route("/remote/end", end_remote, methods=["POST"]),
        Route("/join/{token:str}", join, methods=["GET", "POST"], name="join"),
        Route("/play/{action:str}", remote_action, methods=["POST"]),
        Route("/metrics", metrics_page),
        Route("/far", far, methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    def choose_language(header: str, scope: dict[str, Any]) -> str:
        path = scope.get("path", "")
        return page_language(language, link.now("settings"), header,
                             display=path == "/display" or (display and path == "/"))

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: error_page},
                    middleware=[
                        Middleware(Speaking, choose=choose_language),
                        Middleware(Guard, hosts=Hosts(config.hosts)),
                        Middleware(SessionMiddleware, secret_key=secret_key(state_dir),
                                   session_cookie="aseb", max_age=SESSION_SECONDS,
                                   same_site="strict", https_only=False)])
    app.state.web = web
    return app


def _metrics(link: BoardLink) -> Any:
    """The page's metrics, fed by the link (None where prometheus-client is missing)."""
    try:
        from sim.web.metrics import Metrics
    except ImportError:
        return None
    metrics = Metrics(lambda: len(link.watchers))
    link.listeners.append(metrics.heard)
    return metrics


class GameId(Convertor[str]):
    """A record's id in a path (``game-12``): anything else is not found."""

    regex = GAME_ID

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("gameid", GameId())


def game_title(game: dict[str, Any]) -> str:
    """The title of the game the link names, in the page's language (a game this page does not
    know: as the board said it)."""
    try:
        return say(load_rules(str(game.get("name"))).title)
    except (KeyError, ValueError):
        return str(game.get("title", ""))


def _plots(stats: dict[str, Any]) -> list[tuple[str, str]]:
    """The kiosk's figures as plots, each with its caption: games per day, the visitors' wins
    against the mummy, and how long the finished games lasted."""
    plots = [(_(words.DAYS_GRAPH), days_svg(stats["per_day"], _(words.DAYS_GRAPH)))]
    if stats.get("visitors") is not None:
        caption = _(words.WINS_GRAPH)
        plots.append((caption, share_svg(stats["visitors"], _(words.VISITORS),
                                         _(words.THE_MUMMY), caption)))
    durations = stats.get("durations") or []
    if any(durations):
        caption = _(words.DURATIONS_GRAPH)
        names = [f"{5 * n}-{5 * n + 5}" for n in range(len(durations) - 1)]
        names.append(f"{5 * (len(durations) - 1)}+")
        plots.append((caption, bars_svg(list(zip(names, durations, strict=True)), caption)))
    return plots


def _facts() -> list[str]:
    from firmware.story.facts import load_facts

    return [_(fact.text) for fact in load_facts()]


def your_turn(moves: dict[str, Any] | None, side: str | None) -> str | None:
    """What a friend playing ``side`` from afar does now, in their words, when it is their
    turn (the board's own line speaks to the owner: "waiting for your friend")."""
    if side is None or moves is None or moves.get("remote") != side or moves.get("side") != side:
        return None
    if moves.get("chosen"):
        return _(words.SCRIPT["chosen"]).format(move=moves.get("chosen_said") or moves["chosen"])
    return _(words.SCRIPT["your_move" if moves.get("moves") else "your_throw"])
