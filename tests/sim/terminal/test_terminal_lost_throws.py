"""A lost throw in the terminal says why, right under it, when the reason is a rule a newcomer
cannot guess (the same sentences as the board and the window: ``firmware.play.telling``)."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.core.sticks import Throw
from engine.tait.state import TAIT
from sim.terminal.game import TerminalGame
from tests.sim.terminal.test_terminal import Script


def test_a_first_game_that_loses_throw_after_throw_says_why_each_time() -> None:
    script = Script(["", "", ""])
    TerminalGame(script.read, script.write, random.Random(1), mummy=None,
                 ruleset=replace(TAIT, demon_cast=False),
                 throws=lambda _thrown: Throw.parse("WWDD")).run()
    lines = script.lines
    lost = [n for n, line in enumerate(lines) if "cannot move 2: the throw is lost" in line]
    assert len(lost) == 3
    for n in lost:
        side = lines[n].split()[0]
        assert lines[n + 1] == f"  The {side} enter their first piece only with a 4 or 6."
