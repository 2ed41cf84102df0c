"""The board's local link (``firmware.service.link``): every message of the schema, the commands,
and a link that never lets a companion stop or slow the board (garbage, lines too long, slow
readers).

The link ticks after the controller in every frame of the simulated table; a companion is a
plain Unix socket read without waiting (what the link sent is there at once on a local socket).
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core.sides import Side
from engine.core.words import joined, phrase, side_name
from engine.tait.state import GameState
from engine.text import move_text
from firmware.lights.scenes import Phase
from firmware.menu.settings_file import SettingsFile
from firmware.play.controller import Settings
from firmware.service import link as link_module
from firmware.service.link import Link, socket_path
from firmware.service.link_schema import (
    EVENT,
    EVENTS,
    LONGEST_LIST,
    MAX_LINE,
    VERSION,
    Refused,
    encode,
    event_of,
    message,
    parse_command,
    told_json,
    told_text,
)
from firmware.story.setna import Setna
from firmware.story.tournament import Tournament
from firmware.words import LANGUAGES, say, speaking
from hardware.doors.decoder import Undecodable
from sim.board.table import Table
from tests.firmware.hand import carry_out
from tests.solved import TWO, two_piece_table


class Companion:
    """A companion's end of the socket: send lines, read every event waiting."""

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(str(path))
        self.sock.setblocking(False)
        self.buffer = b""

    def send(self, data: bytes | dict[str, Any]) -> None:
        self.sock.sendall(data if isinstance(data, bytes) else json.dumps(data).encode() + b"\n")

    def events(self) -> list[dict[str, Any]]:
        while True:
            try:
                data = self.sock.recv(1 << 20)
            except BlockingIOError:
                break
            if not data:
                break
            self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        return [json.loads(line) for line in lines]

    def latest(self, kind: str) -> dict[str, Any]:
        found = [e for e in self.events() if e["type"] == kind]
        assert found, f"no {kind} event"
        return found[-1]

    def closed(self) -> bool:
        try:
            return self.sock.recv(1 << 20) == b""
        except BlockingIOError:
            return False
        except ConnectionResetError:
            return True


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(state_dir=tmp_path, menu=True, seed=3) as table:
        yield table


@pytest.fixture
def link(table: Table, tmp_path: Path) -> Iterator[Link]:
    link = Link(tmp_path / "run" / "link.sock", table.controller,
                lambda: table.controller.last_frame, choices=table.choices,
                games=tmp_path / "games")
    link.open()
    table.companions.append(link)  # ticked after the controller, every frame
    yield link
    link.close()


def connect(table: Table, link: Link) -> Companion:
    companion = Companion(link.path)
    table.run(0.1)
    return companion


def test_a_companion_is_told_hello_and_the_whole_board(table: Table, link: Link) -> None:
    companion = connect(table, link)
    events = companion.events()
    assert events[0] == message("hello", version=VERSION, game="tait")
    kinds = {e["type"] for e in events}
    assert {"game", "position", "lights", "status", "throw", "moves", "chances", "log",
            "settings"} <= kinds
    assert all(e["v"] == VERSION for e in events)
    game = next(e for e in events if e["type"] == "game")
    assert game["name"] == "tait" and game["chance"] == "sticks"
    assert len(game["geometry"]["squares"]) == 20 and game["geometry"]["position"]["M16"]
    status = next(e for e in events if e["type"] == "status")
    assert status["text"] == table.controller.status() and status["phase"] == "idle"
    settings = next(e for e in events if e["type"] == "settings")
    assert [s["key"] for s in settings["settings"]][:3] == ["game", "opponent", "level"]
    assert settings["values"]["level"] == "priest"


def test_the_status_is_told_in_every_language_and_the_log_as_phrases(table: Table,
                                                                     link: Link) -> None:
    companion = connect(table, link)
    table.sim.shake(1.0)
    table.run(2.0)
    events = companion.events()
    status = [e for e in events if e["type"] == "status"][-1]
    assert set(status["said"]) == set(LANGUAGES) and status["said"]["en"] == status["text"]
    with speaking("de"):
        assert status["said"]["de"] == table.controller.status() != status["text"]
    log = [e for e in events if e["type"] == "log"][-1]
    assert len(log["told"]) == len(log["lines"])
    with speaking("de"):  # each sentence said again, in a companion's own language
        german = [say(told_text(told)) for told in log["told"]]
    assert german != log["lines"] and german[-1] == say_in("de", table.controller.told[-1])


def test_a_refusal_a_player_may_read_is_told_as_a_phrase(table: Table, link: Link) -> None:
    companion = connect(table, link)
    companion.events()
    companion.send({"type": "throw"})
    table.run(0.1)
    (error,) = [e for e in companion.events() if e["type"] == "error"]
    assert error["message"] == "It is not your turn to throw."
    assert say_in("ar", told_text(error["words"])) != error["message"]


def say_in(language: str, text: str) -> str:
    with speaking(language):
        return say(text)


def test_only_what_changed_is_told_again(table: Table, link: Link) -> None:
    companion = connect(table, link)
    companion.events()
    table.run(0.5)
    assert {e["type"] for e in companion.events()} == {"lights"}  # idle: the lights breathe
    table.sim.shake(1.0)
    table.run(2.0)
    kinds = [e["type"] for e in companion.events()]
    assert {"position", "throw", "status", "log"} <= set(kinds)
    assert "game" not in kinds and "settings" not in kinds  # the same game, the same choices


def test_a_game_is_followed_throw_by_throw_and_move_by_move(table: Table, link: Link) -> None:
    companion = connect(table, link)
    table.sim.shake(1.0)
    table.run(2.0)
    events = companion.events()
    position = [e for e in events if e["type"] == "position"][-1]
    state = table.controller.game.state  # type: ignore[union-attr]
    assert position["notation"] == state.notation()
    assert position["turn"] == state.turn.name.lower()
    throw = [e for e in events if e["type"] == "throw"][-1]
    assert throw["value"] == state.throw.value and len(throw["sticks"]) == 4
    moves = [e for e in events if e["type"] == "moves"][-1]
    assert [m["notation"] for m in moves["moves"]] == [state.describe(m) for m in state.moves]
    carry_out(table, state, state.moves[0])
    table.run(0.5)
    last = companion.latest("position")["last"]
    assert last["notation"] == state.describe(state.moves[0])
    assert last["side"] == state.turn.name.lower()


def test_the_lights_are_the_frame_shown(table: Table, link: Link) -> None:
    companion = connect(table, link)
    table.sim.shake(1.0)
    table.run(2.0)
    lights = companion.latest("lights")["frame"]
    shown = {name: "#{:02x}{:02x}{:02x}".format(*colour) for name, colour in
             table.controller.last_frame.items() if colour != (0, 0, 0)}
    assert lights == shown and lights


def test_a_setting_is_changed_as_the_board_menu_would(table: Table, link: Link,
                                                      tmp_path: Path) -> None:
    companion = connect(table, link)
    companion.events()
    companion.send({"type": "set", "key": "level", "value": "vizier"})
    table.run(0.1)
    events = companion.events()
    assert {"v": VERSION, "type": "ok", "command": "set"} in events
    assert [e for e in events if e["type"] == "settings"][-1]["values"]["level"] == "vizier"
    assert table.controller.settings.level.name == "VIZIER"
    assert SettingsFile(tmp_path).load(None)["level"] == "vizier"  # kept, as the menu keeps it


@pytest.mark.parametrize(("line", "said"), [
    (b"not json\n", "not JSON"),
    (b"[1, 2]\n", "JSON object"),
    (b'{"type": "dance"}\n', "unknown command"),
    (b'{"type": "set", "key": "level"}\n', "'value' must be"),
    (b'{"type": "set", "key": "level", "value": "pharaoh"}\n', "not a choice"),
    (b'{"type": "set", "key": "colour", "value": "red"}\n', "unknown setting"),
    (b'{"v": 99, "type": "new_game"}\n', "version"),
    (b'{"type": "move", "move": "C2-M6"}\n', "not your turn to move"),
    (b'{"type": "throw"}\n', "not your turn to throw"),
    (b'{"type": "remote", "side": "pharaohs"}\n', "unknown side"),
    (b'{"type": "record", "id": "../../etc/passwd"}\n', "no record"),
    (b"\xff\xfe\n", "link command: not UTF-8 (byte 0xff at 0)"),
    (b"[" * 5000 + b"\n", "nested more than 8 deep"),
    (b'{"type": "set", "key": 1e999}\n', "key: 1e999 is not a finite number"),
])
def test_a_bad_line_is_answered_with_an_error_and_the_board_plays_on(
        table: Table, link: Link, line: bytes, said: str) -> None:
    companion = connect(table, link)
    companion.events()
    companion.send(line)
    table.run(0.1)
    errors = [e for e in companion.events() if e["type"] == "error"]
    assert len(errors) == 1 and said in errors[0]["message"], errors
    companion.send({"type": "games"})  # still connected, still answered
    table.run(0.1)
    assert companion.latest("games")["games"] == []


def test_a_line_too_long_is_refused_and_its_sender_dropped(table: Table, link: Link) -> None:
    companion = connect(table, link)
    companion.events()
    companion.send(b"x" * (MAX_LINE + 1000))
    table.run(0.1)
    assert "at most" in companion.latest("error")["message"]
    table.run(0.1)
    assert companion.closed() and link.companions == []


def test_a_companion_that_does_not_read_is_dropped(table: Table, link: Link,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link_module, "MAX_BUFFER", 2000)
    slow = Companion(link.path)
    slow.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    table.run(0.1)
    for companion in link.companions:  # the board's end fills at once
        companion.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)
    for _ in range(100):  # frames go on, each on time, while the reader sleeps
        table.run(0.1)
        if not link.companions:
            break
    assert link.companions == []
    table.sim.shake(1.0)
    table.run(2.0)
    assert table.controller.phase is not Phase.IDLE  # the board plays on


def test_too_many_companions_are_told_so(table: Table, link: Link,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link_module, "MAX_CLIENTS", 2)
    first, second = connect(table, link), connect(table, link)
    third = connect(table, link)
    assert "try again later" in third.latest("error")["message"]
    assert len(link.companions) == 2 and first.events() and second.events()


def test_new_game_ends_the_game_on_the_board(table: Table, link: Link) -> None:
    companion = connect(table, link)
    table.sim.shake(1.0)
    table.run(2.0)
    before = table.controller.game
    assert before is not None and before.actions
    companion.send({"type": "new_game"})
    table.run(0.1)
    assert {"v": VERSION, "type": "ok", "command": "new_game"} in companion.events()
    assert table.controller.game is not before  # a new game, on the empty board at once


def set_up(table: Table, text: str) -> GameState:
    """The board showing ``text``'s position, played on from there."""
    state = GameState.parse(text)
    for square in state.owners():
        table.sim.place(square)
    table.run(0.5)
    table.controller.set_up(state)
    table.run(0.5)
    return state


def test_a_remote_player_throws_and_their_move_lights_for_the_owner(table: Table,
                                                                    link: Link) -> None:
    controller = table.controller
    companion = connect(table, link)
    companion.send({"type": "remote", "side": "cones"})
    table.run(0.1)
    assert controller.remote is not None and controller.remote.name == "CONES"
    set_up(table, "C:C2 R:M9 entered:CR turn:C")
    assert controller.status() == "Waiting for your friend's throw (Cones)."
    companion.events()
    companion.send({"type": "throw"})
    table.run(0.1)
    state = controller.game.state  # type: ignore[union-attr]
    if state.throw is None:  # a lost throw: the turn has passed
        pytest.skip("the drawn throw was lost (seeded: does not happen)")
    move = state.moves[0]
    companion.send({"type": "move", "move": state.describe(move)})
    table.run(0.1)
    events = companion.events()
    assert [e for e in events if e["type"] == "moves"][-1]["chosen"] == state.describe(move)
    assert controller.status().startswith(f"Your friend plays: {move_text(state, move)}.")
    assert controller.mummy_move == move
    carry_out(table, state, move)
    table.run(0.5)
    assert companion.latest("position")["last"]["notation"] == state.describe(move)


def test_a_finished_game_is_kept_and_can_be_listed_and_read(table: Table, link: Link,
                                                             tmp_path: Path) -> None:
    controller = table.controller
    companion = connect(table, link)
    controller.settings.mummy = None
    state = set_up(table, "C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
    carry_out(table, state, state.moves[0])
    table.run(0.5)
    over = companion.latest("game_over")
    assert over["winner"] == "cones" and over["record"] == "game-1"
    assert (tmp_path / "games" / "game-1.json").is_file()
    companion.send({"type": "games"})
    companion.send({"type": "record", "id": "game-1"})
    table.run(0.1)
    events = companion.events()
    assert next(e for e in events if e["type"] == "games")["games"][0]["id"] == "game-1"
    record = next(e for e in events if e["type"] == "record")
    assert record["id"] == "game-1" and record["record"]["format"] == "aseb-game"


def test_the_chances_follow_the_game_with_the_solved_table(tmp_path: Path) -> None:
    from firmware.play.controller import Settings

    with Table(state_dir=tmp_path, settings=Settings(ruleset=TWO, table=two_piece_table()),
               seed=5) as table:
        link = Link(tmp_path / "link.sock", table.controller,
                    lambda: table.controller.last_frame)
        link.open()
        table.companions.append(link)
        companion = connect(table, link)
        table.sim.shake(1.0)
        table.run(2.0)
        chances = companion.latest("chances")
        link.close()
    game = table.controller.game
    assert game is not None
    assert 0.0 < chances["cones"] < 1.0
    assert len(chances["history"]) == len(game.actions) + 1


def test_every_command_parses_and_every_event_is_known() -> None:
    for line, kind in ((b'{"type":"set","key":"level","value":"scribe"}', "set"),
                       (b'{"type":"new_game"}', "new_game"),
                       (b'{"type":"remote","side":null}', "remote"),
                       (b'{"type":"throw"}', "throw"),
                       (b'{"type":"move","move":"C2-M6"}', "move"),
                       (b'{"type":"games"}', "games"),
                       (b'{"type":"record","id":"game-1"}', "record")):
        assert parse_command(line).type == kind
    assert parse_command(b'{"type":"remote","side":null}').side is None
    with pytest.raises(Refused):
        parse_command(b'{"type":"move","move":""}')
    for kind in EVENTS:
        assert message(kind)["type"] == kind
    with pytest.raises(ValueError, match="not an event"):
        message("gossip")


def test_setnas_tournament_is_told_who_plays_whom_and_where_it_stands(tmp_path: Path) -> None:
    with Table(state_dir=tmp_path, menu=True, seed=3, story="tournament",
               overrides={"language": "fr"}) as table:
        link = Link(tmp_path / "link.sock", table.controller, lambda: table.controller.last_frame,
                    choices=table.choices)
        link.open()
        table.companions.append(link)
        try:
            companion = connect(table, link)
            told = companion.latest("tournament")
            assert told == message("tournament", running=True, wins=0, losses=0, to_win=4,
                                   stage=0, over=False, won=False, setna="cones", mummy="reels",
                                   telling=told["telling"], news="")
            assert "Setna 0, Neferkaptah 0" in told["telling"] and "sable" in told["telling"]
            story = table.choices.story if table.choices is not None else None
            assert isinstance(story, Setna)
            story._changed(Tournament(wins=1, losses=2, stage=1))  # as two lost games, one won
            table.run(0.1)
            told = companion.latest("tournament")
            assert (told["wins"], told["losses"], told["stage"]) == (1, 2, 1)
            assert "genoux" in told["telling"]  # to his knees, in the board's language
        finally:
            link.close()


def test_a_board_without_the_tournament_says_none_is_played(table: Table, link: Link) -> None:
    companion = connect(table, link)
    assert companion.latest("tournament") == message("tournament", running=False)


def test_commands_of_the_older_version_are_still_understood() -> None:
    assert parse_command(b'{"v":1,"type":"games"}').type == "games"
    with pytest.raises(Refused, match="version"):
        parse_command(f'{{"v":{VERSION + 1},"type":"games"}}'.encode())


def test_the_socket_is_found_where_the_service_keeps_it(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUNTIME_DIRECTORY", "/run/aseb")
    assert socket_path(None, tmp_path) == Path("/run/aseb/link.sock")
    assert socket_path("/tmp/x.sock", tmp_path) == Path("/tmp/x.sock")
    monkeypatch.delenv("RUNTIME_DIRECTORY")
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    assert socket_path(None, tmp_path) == tmp_path / "link.sock"


def test_a_board_already_listening_is_not_replaced(table: Table, link: Link) -> None:
    second = Link(link.path, table.controller, lambda: {})
    with pytest.raises(OSError, match="another board listens"):
        second.open()
    (link.path.parent / "file").write_text("x")
    with pytest.raises(OSError, match="not a socket"):
        Link(link.path.parent / "file", table.controller, lambda: {}).open()


def test_the_kiosks_figures_are_told_when_asked(table: Table, tmp_path: Path) -> None:
    from firmware.kiosk.stats import GameLine, GameLog

    log = GameLog(tmp_path / "kiosk")
    day = 1_700_000_000.0
    for start, result in ((day, "visitor"), (day + 600, "mummy"), (day + 90_000, "visitor")):
        log.append(GameLine(start, start + 480, result, 40, "priest"))
    log.flush()
    link = Link(tmp_path / "k.sock", table.controller, lambda: {}, stats=tmp_path / "kiosk")
    link.open()
    table.companions.append(link)
    companion = connect(table, link)
    companion.send({"type": "stats"})
    table.run(0.1)
    stats = companion.latest("stats")
    link.close()
    assert stats["games"] == 3 and sorted(stats["per_day"].values()) == [1, 2]
    assert stats["visitors"] == pytest.approx(2 / 3) and stats["minutes"] == 8.0
    assert stats["durations"] == [0, 3, 0, 0, 0, 0, 0]  # 8 minutes each: the 5-10 bin


def test_a_link_that_fails_drops_its_companions_and_the_board_plays_on(
        table: Table, link: Link, monkeypatch: pytest.MonkeyPatch) -> None:
    companion = connect(table, link)

    def broken() -> dict[str, Any]:
        raise RuntimeError("a bug in the link")

    monkeypatch.setattr(link, "_status", broken)
    table.sim.shake(1.0)
    table.run(2.0)
    companion.events()  # what it was told before
    assert companion.closed() and link.companions == []
    assert table.controller.game is not None  # the game began all the same
    monkeypatch.undo()
    again = connect(table, link)
    assert again.latest("status")["text"] == table.controller.status()


def test_a_failed_hall_sensor_is_told_in_the_boards_health(tmp_path: Path) -> None:
    from engine import games
    from hardware.boards.board_file import BOARDS, load_board

    stacks = games.load("stacks")
    with Table(state_dir=tmp_path, board=load_board(BOARDS / "hall.toml"),
               settings=Settings(mummy=None, ruleset=stacks)) as table:
        link = Link(tmp_path / "run" / "link.sock", table.controller,
                    lambda: table.controller.last_frame, games=tmp_path / "games")
        link.open()
        table.companions.append(link)
        try:
            companion = connect(table, link)
            assert companion.latest("health")["sensors"] == []
            assert table.sim.hall is not None
            table.sim.hall.channels["M12"].missing = True
            table.run(2.0)
            sensors = companion.latest("health")["sensors"]
            assert sensors == [{"square": "M12", "fault": "nothing", "adc": 1, "channel": 3,
                                "words": "The sensor under M12 reads nothing: check its wire "
                                         "(ADC 1, input 3)."}]
        finally:
            link.close()


def test_a_log_line_of_a_long_list_in_words_is_an_event_every_companion_reads() -> None:
    """A list said in words nests a phrase per item (the demon's cast over many ties): the
    line the board writes is read by every companion's decoder, the far one's and the page's,
    and said again whole, up to ``LONGEST_LIST`` items; with the old depths of 16, then 64, a
    cast of 7, then 29, throws was dropped as not an event."""
    for count in (30, 68, LONGEST_LIST):
        throws = [phrase("{side} throw {n}", side=side_name(Side(n % 2)), n=n)
                  for n in range(count)]
        said = joined(throws, "{item}, {more}", last="{item} and {more}")
        line = encode(message("log", lines=[say(said)], told=[told_json(said)]))
        kind, event = event_of(line)
        assert kind == "log" and say(told_text(event["told"][0])) == say(said)
    deeper = EVENT.depth + 1
    with pytest.raises(Undecodable):  # the bound still holds
        event_of(b'{"type": "log", "told": ' + b"[" * deeper + b"]" * deeper + b"}")
