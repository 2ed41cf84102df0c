"""The kiosk's statistics: one line per game, rotated at a bounded size, garbage skipped."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from firmware.kiosk.stats import GameLine, GameLog, report, summary, to_csv
from sim.command.cli import main

DAY = 1_795_392_000.0  # 2026-11-23 00:00 UTC


def game(start: float, minutes: float, result: str, moves: int = 30) -> GameLine:
    return GameLine(start, start + minutes * 60, result, moves, "priest")


def test_every_game_is_one_line_and_the_figures_follow(tmp_path: Path) -> None:
    log = GameLog(tmp_path)
    for line in (game(DAY + 3600, 10, "visitor"), game(DAY + 7200, 14, "mummy"),
                 game(DAY + 90_000, 3, "abandoned", 4), game(DAY + 95_000, 12, "visitor")):
        log.append(line)
    s = summary(log.lines())
    assert s.games == 4
    assert s.games_per_day == {"2026-11-23": 2, "2026-11-24": 2}
    assert s.completion_rate == 0.75
    assert s.visitor_win_rate == 2 / 3
    assert s.median_minutes == 12
    assert "visitors' win rate: 67%" in report(s)
    rows = to_csv(log.lines()).splitlines()
    assert rows[0].startswith("start,end,minutes,result") and len(rows) == 5
    assert rows[3].split(",")[3] == "abandoned"


def test_the_log_is_rotated_and_never_grows_past_its_bound(tmp_path: Path) -> None:
    log = GameLog(tmp_path, max_bytes=2_000)
    for n in range(200):
        log.append(game(DAY + n * 600, 5, "visitor"))
    files = log.files()
    assert len(files) == 4  # games.3, games.2, games.1 and the current one
    assert all(path.stat().st_size < 2_200 for path in files)
    kept = list(log.lines())
    assert kept[-1].start == DAY + 199 * 600  # the newest games are kept, in order
    assert [g.start for g in kept] == sorted(g.start for g in kept)


def test_garbage_in_the_log_is_skipped_not_fatal(tmp_path: Path) -> None:
    log = GameLog(tmp_path)
    log.append(game(DAY, 5, "visitor"))
    with open(log.path, "ab") as f:
        f.write(b'\x00\xff{"start": 1e400}\n[[[[[[\n{"start": 1, "end": 2, "result": "won"}\n')
        f.write(b'{"start": true, "end": 2, "result": "mummy", "moves": 1, "level": "x"}\n')
    log.append(game(DAY + 600, 5, "mummy"))
    assert [g.result for g in log.lines()] == ["visitor", "mummy"]


def test_a_read_only_state_directory_loses_the_line_not_the_game(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    GameLog(blocked).append(game(DAY, 5, "visitor"))  # logged, not raised
    assert blocked.read_text() == "not a directory"


def test_one_absurd_timestamp_is_skipped_and_the_figures_and_csv_go_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture,
        capsys: pytest.CaptureFixture[str]) -> None:
    log = GameLog(tmp_path)
    log.append(game(DAY, 5, "visitor"))
    log.append(game(9e11, 5, "mummy"))  # the year 30,000: no date can be written for it
    log.append(game(DAY + 600, 5, "mummy"))
    with caplog.at_level(logging.WARNING):
        assert [g.start for g in log.lines()] == [DAY, DAY + 600]
    assert "games.jsonl:2: not a game line, skipped" in caplog.text
    assert main(["stats", "--csv", "--state-dir", str(tmp_path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    assert "900000000000" in log.path.read_text()  # the line stays in the file


def test_aseb_stats_names_the_folder_it_read(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from sim.command.cli import main

    GameLog(tmp_path).append(game(DAY, 10, "visitor"))
    assert main(["stats", "--state-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"The games a kiosk board recorded in {tmp_path} (games.jsonl")
    assert "games: 1\ngames per day:\n  " in out


def test_aseb_stats_of_no_folder_says_so_and_fails(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from sim.command.cli import main

    assert main(["stats", "--state-dir", str(tmp_path / "no" / "such")]) == 66
    said = capsys.readouterr()
    assert said.out == "" and "is not a folder" in said.err and "kiosk" in said.err


def test_aseb_stats_of_a_folder_without_kiosk_games_says_what_it_counts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sim.command.cli import main

    assert main(["stats", "--state-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "games: 0" in out and "games per day" not in out
    assert "only as a museum kiosk" in out and "aseb review" in out


def test_a_line_a_full_disk_refused_is_written_once_there_is_room(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = GameLog(tmp_path)
    log.append(game(DAY, 5, "visitor"))
    with open(log.path, "a") as f:
        f.write('{"start": 17')  # the full disk cut a write short
    real_open = open

    def full(path: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if "a" in mode:
            raise OSError(28, "No space left on device")
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr("hardware.doors.writer.open", full,  # the one writer
                        raising=False)
    log.append(game(DAY + 600, 5, "mummy"))
    assert len(log.waiting) == 1
    monkeypatch.undo()
    log.flush()  # the kiosk tries again now and then
    assert [g.start for g in log.lines()] == [DAY, DAY + 600]
    assert log.waiting == []
