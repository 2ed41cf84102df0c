"""The terminal game with a solved table: the chances after every move, and finished games kept."""

from __future__ import annotations

import random

from engine.mummy.chances import odds_text
from sim.terminal.game import TerminalGame
from tests.sim.terminal.test_terminal import Script
from tests.solved import TWO, two_piece_table


def test_the_chances_are_printed_after_every_move_and_the_game_is_kept() -> None:
    table = two_piece_table()
    script = Script(["", "1"] * 1000)  # Enter throws; a move is picked by its number
    kept = []

    def keep(record: object) -> str:
        kept.append(record)
        return "kept"

    game = TerminalGame(script.read, script.write, random.Random(3), mummy=None, ruleset=TWO,
                        table=table, finished=keep)
    game.run()
    chances = [line for line in script.lines if line.startswith("Chances to win: ")]
    assert len(chances) >= 5
    ends = {"Chances to win: Cones 100%, Reels 0%", "Chances to win: Cones 0%, Reels 100%"}
    assert ends & set(chances)  # the winning move's line
    assert kept and "kept" in script.lines
    assert odds_text(table, game.game.state) is not None
