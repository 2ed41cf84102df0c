"""A scripted two-player game on the simulated board, saving after every move; the power-loss
test kills this process at random moments. Prints ``saved N`` after each completed save."""

from __future__ import annotations

import sys
from pathlib import Path

from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from sim.board.table import Table
from tests.firmware.hand import carry_out


def main(state_dir: str, seed: int) -> None:
    with Table(state_dir=Path(state_dir), settings=Settings(mummy=None), seed=seed) as table:
        table.sim.shake(0.6)
        table.run(2.0)
        while table.controller.game is not None and table.controller.phase is not Phase.WON:
            game = table.controller.game
            if table.controller.phase is Phase.THROW:
                table.sim.shake(0.6)
                table.run(2.0)
            else:
                carry_out(table, game.state, game.state.moves[0])
                table.run(1.0)
            print(f"saved {len(game.actions)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
