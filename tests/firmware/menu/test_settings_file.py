"""The settings file: written atomically, read at start, garbage set aside with a log line, its
good values kept; the board file gives the defaults and a run's flags override them."""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from pathlib import Path

import pytest

from firmware.menu.choices import choose, settings
from firmware.menu.settings_file import SettingsFile
from firmware.service.board_settings import board_defaults, load_choices
from hardware.boards.board_file import (
    DEFAULT_BOARD,
    ConfigError,
    MenuConfig,
    load_board,
    parse_board,
)
from sim.board.table import Table

BOARD = load_board(DEFAULT_BOARD)
DEFAULTS = {s.key: s.default for s in settings()}

GARBAGE = {
    "binary": bytes(range(256)) * 4,
    "not json": b"game = tait",
    "a list": b"[1, 2, 3]",
    "no format": b'{"game": "cyningstan"}',
    "huge number": b'{"format": "aseb-settings", "volume": 1e999999}',
    "huge integer": b'{"format": "aseb-settings", "volume": ' + b"9" * 5000 + b"}",
    "deep nesting": b'{"format": "aseb-settings", "game": ' + b"[" * 100_000 + b"]" * 100_000
                    + b"}",
    "wrong types": b'{"format": "aseb-settings", "game": 3, "opponent": null, "level": [],'
                   b' "chances": true, "volume": {"x": 1}}',
    "unknown values": b'{"format": "aseb-settings", "level": "pharaoh", "mode": "dance"}',
    "unknown key": b'{"format": "aseb-settings", "colour": "blue"}',
    "too big": b'{"format": "aseb-settings", "pad": "' + b"x" * 70_000 + b'"}',
    "nul bytes": b'{"format": "aseb-settings"\x00}',
}


def with_menu(lines: str) -> str:
    """The shipped board file with ``lines`` in its ``[menu]`` section."""
    return DEFAULT_BOARD.read_text().replace("\n[menu]", f"\n[menu]\n{lines}\n", 1)


@pytest.mark.parametrize("name", sorted(GARBAGE))
def test_a_garbled_settings_file_is_set_aside_and_the_board_starts(
        tmp_path: Path, name: str, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "settings.json").write_bytes(GARBAGE[name])
    with caplog.at_level(logging.WARNING), Table(state_dir=tmp_path, menu=True) as table:
        table.run(0.5)
        assert table.choices is not None and dict(table.choices.chosen.values) == DEFAULTS
    assert not (tmp_path / "settings.json").exists()
    assert (tmp_path / "settings.bad-1.json").read_bytes() == GARBAGE[name]
    assert "settings file" in caplog.text and "unusable" in caplog.text


def test_the_good_values_of_a_bad_file_are_kept(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps(
        {"format": "aseb-settings", "game": "cyningstan", "level": 7, "volume": "2"}))
    chosen = SettingsFile(tmp_path).load("twenty-squares")
    assert (chosen.game, chosen["level"], chosen["volume"]) == ("cyningstan", "priest", "2")
    assert (tmp_path / "settings.bad-1.json").exists()


def test_saved_atomically_and_read_back(tmp_path: Path) -> None:
    file = SettingsFile(tmp_path / "state")
    chosen = choose("twenty-squares", {"game": "cyningstan", "opponent": "none",
                                       "volume": "5"})[0]
    assert file.save(chosen)
    assert file.load("twenty-squares") == chosen
    assert sorted(p.name for p in (tmp_path / "state").iterdir()) == ["settings.json"]


def test_a_disk_that_cannot_be_written_never_stops_the_board(tmp_path: Path) -> None:
    (tmp_path / "state").write_text("a file where the directory should be")
    chosen = choose("twenty-squares")[0]
    assert not SettingsFile(tmp_path / "state").save(chosen)


def test_another_boards_game_in_the_file_is_left_for_that_board(tmp_path: Path) -> None:
    file = SettingsFile(tmp_path)
    file.save(choose("senet", {"game": "senet", "level": "vizier"})[0])
    chosen = file.load("twenty-squares")
    assert (chosen.game, chosen["level"]) == ("tait", "vizier")
    assert (tmp_path / "settings.json").exists()  # not garbage: Senet's board's choice


def test_the_board_file_gives_the_defaults_and_flags_override_for_a_run(tmp_path: Path) -> None:
    board = parse_board(with_menu('game = "cyningstan"\nlevel = "vizier"\nchances = "shown"'),
                        base=DEFAULT_BOARD.parent)
    file = SettingsFile(tmp_path)
    chosen = load_choices(board, file)
    assert (chosen.game, chosen["level"], chosen["chances"]) == ("cyningstan", "vizier", "shown")
    file.save(chosen.with_("level", "scribe"))
    assert load_choices(board, file)["level"] == "scribe"  # the owner's choice wins
    flagged = load_choices(board, file, overrides={"level": "neferkaptah"})
    assert flagged["level"] == "neferkaptah"
    assert load_choices(board, file)["level"] == "scribe"  # flags last one run only


@pytest.mark.parametrize(("menu", "problem"), [
    ('level = "pharaoh"', "menu.level: level: 'pharaoh' is not a choice"),
    ('game = "senet"', "menu.game: senet is not played on a twenty-squares board"),
    ('colour = "blue"', "menu.colour: unknown setting 'colour'"),
    ('open = ["C1", "H3"]', "menu.open[1]: 'H3' is not a square"),
    ('open = ["C1"]', "menu.open: expected two to four different squares"),
])
def test_a_bad_menu_section_is_refused_naming_the_key(menu: str, problem: str) -> None:
    with pytest.raises(ConfigError, match="menu") as caught:
        board = parse_board(with_menu(menu), base=DEFAULT_BOARD.parent)
        board_defaults(board)
    assert problem in str(caught.value)


def test_a_board_file_may_name_other_opening_squares(tmp_path: Path) -> None:
    board = replace(BOARD, menu=MenuConfig(open=("R4", "C4")))
    with Table(state_dir=tmp_path, menu=True, board=board) as table:
        menu = table.controller.menu
        assert menu is not None and menu.table.opening == ("R4", "C4") and menu.table.done == "C4"
        assert "R4" not in {page.tab for page in menu.table.pages}
