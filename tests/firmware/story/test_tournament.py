"""Setna's tournament: first to four wins; each loss sinks Setna, each win lifts him; kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.story.tournament import Tournament, TournamentStore


def test_each_loss_sinks_setna_and_each_win_lifts_him() -> None:
    t = Tournament().after(won=False).after(won=False)
    assert (t.stage, t.sand) == (2, "to his waist")
    t = t.after(won=True)
    assert (t.wins, t.losses, t.stage) == (1, 2, 1)
    assert "Setna 1, Neferkaptah 2" in t.telling()


def test_four_losses_bury_setna_to_the_neck_and_end_the_tournament() -> None:
    t = Tournament()
    for _ in range(4):
        t = t.after(won=False)
    assert t.over and not t.won and t.sand == "to his neck"
    assert t.after(won=True) == t  # a finished tournament is over
    assert "Anhurerau" in t.telling()


def test_four_wins_take_the_book_of_thoth() -> None:
    t = Tournament()
    for won in (True, False, True, True, False, True):
        t = t.after(won)
    assert t.won and t.over and (t.wins, t.losses) == (4, 2)


def test_progress_survives_a_restart(tmp_path: Path) -> None:
    store = TournamentStore(tmp_path)
    assert store.load() is None
    store.save(Tournament(2, 3, 1))
    assert TournamentStore(tmp_path).load() == Tournament(2, 3, 1)
    store.clear()
    assert store.load() is None


@pytest.mark.parametrize("garbage", [b"\x00\xff", b'{"wins": 1e400, "losses": 0, "stage": 0}',
                                     b"[" * 5000, b'{"wins": 9, "losses": 0, "stage": 0}', b"{}"])
def test_a_garbled_tournament_file_is_set_aside(tmp_path: Path, garbage: bytes) -> None:
    (tmp_path / "tournament.json").write_bytes(garbage)
    assert TournamentStore(tmp_path).load() is None
    assert (tmp_path / "tournament.bad-1.json").read_bytes() == garbage


def test_a_second_garbled_tournament_file_does_not_overwrite_the_first(tmp_path: Path) -> None:
    store = TournamentStore(tmp_path)
    for garbage in (b"first", b"second"):
        (tmp_path / "tournament.json").write_bytes(garbage)
        assert store.load() is None
    assert (tmp_path / "tournament.bad-1.json").read_bytes() == b"first"
    assert (tmp_path / "tournament.bad-2.json").read_bytes() == b"second"
