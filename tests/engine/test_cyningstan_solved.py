"""Cyningstan's game solved (two pieces a side): Neferkaptah plays it perfectly, and the chances,
hints with points, the review and the board's chances scene work as for Tait's game."""

from __future__ import annotations

import random

import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.mummy import Level, Mummy
from engine.mummy.chances import chance, cones_chance, move_chances, odds_text
from engine.mummy.hints import explain, hint
from engine.mummy.review import review
from engine.tait.state import GameState
from firmware.lights.odds import odds_frame
from firmware.play.controller import Controller, Settings
from firmware.solve.table import SolvedTable
from hardware.core.clock import ManualClock
from hardware.sounds.speaker import SilentSpeaker
from tests.solved import CYNINGSTAN_TWO, random_game, two_piece_table

START = 0.515952019508
"""The first player's chance with two pieces a side (the brute force agrees to 1e-12)."""


def table() -> SolvedTable:
    return two_piece_table(CYNINGSTAN_TWO)


def test_the_start_chance_is_the_solved_value() -> None:
    state = GameState.new(CYNINGSTAN_TWO)
    assert chance(table(), state) == pytest.approx(START, abs=1 / 65535)
    assert "Cones" in str(odds_text(table(), state))


def test_tait_s_table_does_not_judge_cyningstan_s_game() -> None:
    tait = two_piece_table()
    assert chance(tait, GameState.new(CYNINGSTAN_TWO)) is None


def test_neferkaptah_plays_the_move_with_the_highest_chance_every_time() -> None:
    mummy = Mummy(Level.NEFERKAPTAH, table=table())
    decided = 0
    for seed in range(20):
        for _, state in random_game(seed, CYNINGSTAN_TWO).record.replay():
            if not isinstance(state, GameState) or state.throw is None or len(state.moves) < 2:
                continue
            found = move_chances(table(), state)
            assert found is not None
            decision = mummy.decide(state, random.Random(0))
            assert decision.played_as == Level.NEFERKAPTAH and decision.note is None
            assert dict(found)[decision.move] == max(v for _, v in found)
            decided += 1
    assert decided > 50


def test_a_hint_gives_the_points_each_other_move_gives_up() -> None:
    state = GameState.parse("C:C2,M6 R:M9 turn:C throw:3", CYNINGSTAN_TWO)
    text = explain(table(), state)
    assert text is not None and "keeps" in text and "would give up" in text
    shown = hint(state, mummy=Mummy(Level.NEFERKAPTAH, table=table()))
    assert shown.value == max(v for _, v in move_chances(table(), state) or ())


def test_a_review_of_a_cyningstan_game_judges_every_move_by_the_table() -> None:
    game = random_game(3, CYNINGSTAN_TWO)
    judged = review(table(), game.record)
    assert len(judged.steps) == len(game.record.actions)
    assert all(s.loss >= 0 for side in Side for s in judged.moves(side))
    assert "biggest mistakes" in judged.text()


def test_the_board_lights_cyningstan_s_chances() -> None:
    board = Controller(lambda frame: None, SilentSpeaker(), ManualClock(), random.Random(1),
                       Settings(ruleset=CYNINGSTAN_TWO, table=table()))
    board.game = Game(CYNINGSTAN_TWO)
    assert board.show_odds()
    clock = board.clock
    assert isinstance(clock, ManualClock)
    clock.advance(1.0)
    cones = cones_chance(table(), board.game.state)
    assert cones is not None and board.tick() == odds_frame(cones, 1.0, 0.0)
