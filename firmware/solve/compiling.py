"""The solve's machine code, compiled in a process of its own before a big solve begins.

numba's compiler (LLVM) keeps some 70 MiB until its process ends, beside the solve's arrays: on a
Pi 3 that is more than the solve can spare. So a big solve (``firmware.solve.run``) first runs
``python -m firmware.solve.compiling RULES`` (RULES: the ruleset as JSON), which solves the same
rules with two pieces a side, leaving the machine code in numba's cache on disk
(``NUMBA_CACHE_DIR``), and then loads it from there, its memory never having held the compiler.
Where the code is cached already this takes a second or two.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from engine.tait.state import Ruleset
from hardware.doors.decoder import decode
from hardware.doors.file_reader import Bounds

RULES = Bounds("ruleset", 64 * 1024, depth=4, keys=100)
"""The rules as the solve hands them on (its own command line, read by the one decoder)."""
PIECES = 2
"""The smallest game whose solve calls every compiled function (its last group starts from the
race with a piece fewer a side)."""


def main(argv: list[str] | None = None) -> int:
    """Solve the rules given (as JSON) with ``PIECES`` a side into a scratch directory."""
    from firmware.solve.run import solve

    (rules,) = sys.argv[1:] if argv is None else argv
    ruleset = replace(Ruleset.from_json(decode(rules, RULES)), pieces=PIECES)
    with tempfile.TemporaryDirectory(prefix="aseb-compiling-") as scratch:
        solve(ruleset, Path(scratch), show=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
