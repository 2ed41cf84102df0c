"""The command line's doors: every argument checked as it is parsed, each refusal one short line
and an exit status of the BSD ``sysexits`` a script or systemd can act on.

    64  EX_USAGE      an argument is not what it should be (a number out of range, a word)
    66  EX_NOINPUT    a file or folder named to be read cannot be read as what it should be
    69  EX_UNAVAILABLE  the hardware, a display or an extra is not there
    73  EX_CANTCREAT  a file or folder named to be written cannot be written
    74  EX_IOERR      reading or writing failed in a way not foreseen
    78  EX_CONFIG     the board file (or the calibration it names) cannot be used

A number is checked before it is used (``seconds``: finite, at most 31 days; ``whole(1, 5)``),
so ``--seconds nan`` or a seed of 5,000 digits is one line naming the option, never a traceback
or a 5,000-character message::

    parser = Parser(prog="aseb sim")
    parser.add_argument("--seconds", type=seconds)   # aseb sim: argument --seconds: nan is not
                                                     # a number of seconds (0 to 2,678,400)
"""

from __future__ import annotations

import argparse
import ipaddress
import math
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from hardware.core.errors import shown

EX_USAGE = 64
EX_NOINPUT = 66
EX_UNAVAILABLE = 69
EX_CANTCREAT = 73
EX_IOERR = 74
EX_CONFIG = 78

LONGEST_RUN = 31 * 24 * 3600
"""Seconds a run may be asked to last at most (``--seconds``): a month."""
SHOWN = 60
"""Characters of a bad value a refusal shows."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, answering a usage error with its usage, one short line and 64."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EX_USAGE, f"{self.prog}: {shown(message, 300)}\n")


def seconds(text: str) -> float:
    """A number of seconds from 0 to ``LONGEST_RUN`` (``--seconds``)."""
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= LONGEST_RUN:  # nan and inf fail this too
        raise argparse.ArgumentTypeError(
            f"{shown(text, SHOWN)} is not a number of seconds (0 to {LONGEST_RUN:,})")
    return value


def whole(low: int, high: int, what: str = "a whole number") -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (``--pieces``, ``--port``)."""
    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if not digits.isascii() or not digits.isdigit() or len(digits) > len(str(high)) + 1 \
                or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                f"{shown(text, SHOWN)} is not {what} from {low:,} to {high:,}")
        return int(text)
    parse.__name__ = "number"
    return parse


def seed(text: str) -> int:
    """A seed: a whole number of at most 30 digits (``--seed``)."""
    digits = text.strip().lstrip("+-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 30:
        raise argparse.ArgumentTypeError(
            f"{shown(text, SHOWN)} is not a seed (a whole number of at most 30 digits)")
    return int(text)


def address(text: str) -> str:
    """An IP address to listen on (``--address``)."""
    try:
        return str(ipaddress.ip_address(text if len(text) <= 64 else ""))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{shown(text, SHOWN)} is not an IP address (such as 127.0.0.1 or 0.0.0.0)") from None


def socket_file(text: str) -> str:
    """Where the board's link listens (``--socket``): a socket, or nothing yet by that name."""
    path = Path(text)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return text
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"{shown(text, SHOWN)}: cannot look at it ({exc.strerror})") from None
    if not stat.S_ISSOCK(mode):
        raise argparse.ArgumentTypeError(
            f"{shown(text, SHOWN)} is not a socket: give where the board's link listens")
    return text


def word(text: str) -> str:
    """A word (a side, a level, a ruleset's name): short, and of printable characters."""
    if len(text) > 100 or not text.isprintable():
        raise argparse.ArgumentTypeError(f"{shown(text, SHOWN)} is not a word this takes")
    return text
