"""The ``aseb`` command line (subcommands are added as their layers land)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``aseb`` console command."""
    print("aseb: nothing here yet", file=sys.stderr)
    return 1
