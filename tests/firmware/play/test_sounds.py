"""The controller's sounds: every named event has a shipped sound, the shaken box rattles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from hardware.sounds.shipped import MUSIC, shipped
from sim.board.table import Table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        yield table


def test_every_named_event_and_the_music_have_a_shipped_sound() -> None:
    assert set(sounds.ALL) | {MUSIC} <= set(shipped())
    assert len(set(sounds.ALL)) == len(sounds.ALL)


def test_the_box_rattles_while_it_is_shaken_and_the_sticks_land_after(table: Table) -> None:
    table.sim.shake(1.5)
    table.run(2.5)
    heard = table.sim.sounds
    assert heard.count(sounds.RATTLE) in (3, 4)  # every 0.45 s from the third tilt on
    assert heard[heard.count(sounds.RATTLE)] == sounds.THROW  # the sticks land: a new game


def test_a_shake_while_a_piece_is_to_move_rattles_and_is_refused(table: Table) -> None:
    table.sim.shake(0.5)
    table.run(2.0)
    assert table.controller.phase is Phase.MOVE  # the demon-cast threw for the first player
    table.sim.sounds.clear()
    table.sim.shake(0.5)
    table.run(2.0)
    assert table.sim.sounds == [sounds.RATTLE, sounds.REFUSED]


def test_a_rattle_waits_for_the_last_one_to_have_had_its_time() -> None:
    rattle = sounds.Rattle()
    heard = [t for t in (0.0, 0.1, 0.3, 0.45, 0.5, 0.9, 1.0) if rattle.due(t)]
    assert heard == [0.0, 0.45, 0.9]
