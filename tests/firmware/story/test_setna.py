"""Setna's tournament on the simulated board: whole games thrown and moved by hand through the
switches (the mummy's moves carried out for it, as on the real board), counted and kept, and the
tomb's light scenes between them."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.mummy import Level
from engine.tait.state import GameState
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.story.sand_scene import (
    AMULET,
    FIGURE,
    MUMMY_WINS,
    SAND,
    SETNA_WINS,
    STICK_PIXELS,
    TOMB,
    tournament_scene,
)
from firmware.story.setna import Setna, narration, story
from firmware.story.tournament import Tournament, TournamentStore
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.story.test_tutorial import set_out_by_the_lights

C, R = Side.CONES, Side.REELS


def sandiness(colour: tuple[int, int, int]) -> float:
    """How like the sand a colour is at any brightness, 0 (Setna's pale blue-white) to 1."""
    r, _, b = colour
    top = max(colour) or 1
    return round(max(0.0, min(1.0, (r - b) / top / ((SAND[0] - SAND[2]) / SAND[0]))), 2)


def play_out(table: Table, steps: int = 400) -> None:
    """Play the game on the board to its end: shake for the player and pick its last listed
    move, carry out the mummy's moves; then clear the board."""
    hand = Hand(table)
    controller = table.controller
    for _ in range(steps):
        game = controller.game
        assert game is not None
        state = game.state
        if controller.phase is Phase.WON:
            break
        if controller.phase is Phase.GUIDE:
            set_out_by_the_lights(table, hand)
        elif controller.phase is Phase.THROW and state.turn != controller.settings.mummy:
            hand.shake()
            table.run(1.5)
        elif controller.phase is Phase.MOVE:
            carry_out(table, state, controller.mummy_move or state.moves[-1])
            table.run(0.5)
        else:
            table.run(0.5)
    assert controller.phase is Phase.WON
    table.run(7.0)  # the victory lights
    for square in sorted(table.sim.pieces):
        hand.lift(square)
    table.run(1.0)
    assert controller.phase is Phase.IDLE


def last_throw(table: Table, position: str, throw: str) -> None:
    """Set up the end of a game whose last throw falls as ``throw`` (the board guided there)."""
    table.controller.throw_source = lambda _: Throw.parse(throw)
    table.controller.set_up(GameState.parse(position))
    play_out(table)
    table.controller.throw_source = None


def mummy_wins(table: Table) -> None:
    last_throw(table, "C:M9 R:M13 off:4,4 turn:R", "3:WWWD")


def setna_wins(table: Table) -> None:
    last_throw(table, "C:M14 R:M9 off:4,4 turn:C", "2:WWDD")


def tournament_on(table: Table, state_dir: Path, said: list[str]) -> Setna:
    setna = Setna(table.controller, TournamentStore(state_dir), say=said.append)
    table.companions.append(setna)
    setna.start()
    table.run(0.1)
    return setna


def test_a_whole_tournament_on_the_board(tmp_path: Path) -> None:
    """Two whole games from a shake, then the mummy wins the ends of the rest (kept short)."""
    said: list[str] = []
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), seed=7) as table:
        setna = tournament_on(table, tmp_path, said)
        settings = table.controller.settings
        assert settings.mummy is R and settings.level is Level.NEFERKAPTAH
        assert said[0].startswith(story()) and "plays as the Vizier" in said[0]
        assert table.frame == tournament_scene(Tournament(), table.now - setna.changed_at)
        games = 0
        while not setna.tournament.over:
            before = setna.tournament
            if games < 2:
                Hand(table).shake()  # a shake over the empty board: the next game
                table.run(2.0)
                play_out(table)
            else:
                mummy_wins(table)
            games += 1
            assert setna.tournament.wins + setna.tournament.losses == games
            assert TournamentStore(tmp_path).load() == setna.tournament  # kept after each game
            assert said[-1].startswith(narration(before, setna.tournament))
            stage = setna.tournament.stage if not setna.tournament.over else None
            if stage is not None:  # between games the board shows the tomb at this stage
                assert table.frame == tournament_scene(setna.tournament,
                                                       table.now - setna.changed_at)
        assert games >= 4 and ("Anhurerau" in said[-1] or "takes the Book" in said[-1])
        Hand(table).shake()  # after the end, the next game begins a new tournament
        table.run(2.0)
        assert setna.tournament == Tournament() and "A new tournament" in said[-1]


def test_the_tournament_survives_a_restart(tmp_path: Path) -> None:
    said: list[str] = []
    with Table(state_dir=tmp_path, seed=1) as table:
        tournament_on(table, tmp_path, said)
        mummy_wins(table)
        mummy_wins(table)
        setna_wins(table)
    assert said[-1].startswith("Setna wins this game")
    with Table(state_dir=tmp_path, seed=2) as table:
        setna = tournament_on(table, tmp_path, said)
        assert setna.tournament == Tournament(wins=1, losses=2, stage=1)
        assert "Setna 1, Neferkaptah 2" in said[-1]
        table.run(1.0)
        assert table.frame == tournament_scene(setna.tournament, table.now - setna.changed_at)
        assert 0 < sandiness(table.frame["C2"]) < 1  # to his knees: his legs half in the sand


def test_four_losses_end_in_the_amulets_of_ptah(tmp_path: Path) -> None:
    said: list[str] = []
    with Table(state_dir=tmp_path, seed=4) as table:
        setna = tournament_on(table, tmp_path, said)
        for _ in range(4):
            mummy_wins(table)
        assert setna.tournament.over and not setna.tournament.won
        assert "Anhurerau" in said[-1] and "amulets of Ptah" in said[-1]
        table.run(5.0)  # the amulets have come by now
        assert all(table.sim.lights[p] != (0, 0, 0) for p in STICK_PIXELS)


def test_a_game_without_the_mummy_does_not_count(tmp_path: Path) -> None:
    said: list[str] = []
    with Table(state_dir=tmp_path, seed=4) as table:
        setna = tournament_on(table, tmp_path, said)
        table.controller.press("mummy")  # two players now
        last_throw(table, "C:M14 R:M9 off:4,4 turn:C", "2:WWDD")
        assert setna.tournament == Tournament() and "does not count" in said[-1]
        setna.stop()
        assert table.controller.lighting is None


# --- the light scenes -------------------------------------------------------------------------


def test_the_sand_covers_more_of_setna_at_each_stage() -> None:
    covered = []
    for stage in range(5):
        tournament = Tournament(0, stage, stage)
        frames = [tournament_scene(tournament, t / 10) for t in range(40)]
        covered.append(sum(sandiness(f[s]) for f in frames for s in FIGURE))
        lit_sand = sum(1 for s in TOMB if s not in FIGURE and max(frames[0].get(s, (0, 0, 0))))
        assert lit_sand >= 2
    assert covered == sorted(covered) and len(set(covered)) == 5
    head = tournament_scene(Tournament(0, 3, 3), 0.0)  # the head stays out of the sand
    assert sandiness(head["R2"]) == 0 and sandiness(head["R3"]) == 0


def test_a_scene_is_a_pure_function_of_the_tournament_and_the_time() -> None:
    tournament = Tournament(1, 2, 1)
    assert tournament_scene(tournament, 2.5) == tournament_scene(tournament, 2.5)
    assert tournament_scene(tournament, 2.5) != tournament_scene(tournament, 3.5)  # it moves


@pytest.mark.parametrize("wins, losses", [(0, 0), (1, 2), (3, 3)])
def test_the_score_is_lit_at_the_far_end(wins: int, losses: int) -> None:
    frame = tournament_scene(Tournament(wins, losses, max(0, losses - wins)), 1.0)
    assert sum(s in frame for s in MUMMY_WINS) == losses
    assert sum(s in frame for s in SETNA_WINS) == wins


def test_the_endings() -> None:
    won = [tournament_scene(Tournament(4, 2, 0), t / 4) for t in range(40)]
    assert all(sandiness(f[s]) == 0 for f in won for s in FIGURE)  # he stands free
    assert all(min(f[p]) > 100 for f in won for p in STICK_PIXELS)  # the book's light
    lost = Tournament(1, 4, 4)
    amulets = [sum(tournament_scene(lost, t).get(p) == AMULET for p in STICK_PIXELS)
               for t in (0.5, 1.5, 2.5, 3.5, 4.5)]
    assert amulets == [0, 1, 2, 3, 4]  # Anhurerau brings them one by one
    buried = tournament_scene(lost, 0.5)
    assert sandiness(buried["M6"]) == 1 and sandiness(buried["R2"]) == 0
    risen = tournament_scene(lost, 7.9)  # the spell breaks: the sand sinks back
    assert sandiness(risen["M6"]) == 0


def test_the_narration_follows_the_sand() -> None:
    t = Tournament()
    down = t.after(won=False)
    assert narration(t, down).endswith("into the sand to his knees.")
    assert narration(down, down.after(won=True)).endswith("he stands on it again.")
