"""The web page's configuration: the ``[web]`` section of the board file, read by the board file's
own reader (``hardware.boards.board_file``), as every door reads it::

    [web]
    address = "127.0.0.1"     # where it listens: loopback (default) or the board's LAN address
    port = 8020
    pin = "482913"            # optional: else the board says a PIN aloud when asked
    hosts = ["aseb.local"]    # the names the page is reached by (besides localhost, this
                              # machine's own name and IP addresses); the first one names the
                              # friend's invitation link

A board file ``aseb web`` cannot use is refused as ``aseb run`` refuses it: one line naming the
file and the key (``ConfigError``), exit 78.
"""

from __future__ import annotations

import os
from pathlib import Path

from firmware.service.boards import read_board
from hardware.boards.board_file import ConfigError, WebConfig

__all__ = ["ConfigError", "WebConfig", "load_web_config", "web_state_directory"]


def load_web_config(path: Path | None) -> WebConfig:
    """The ``[web]`` section of the board file at ``path`` (None or no section: the defaults),
    the whole file checked as ``aseb run`` checks it; ``ConfigError`` naming the key."""
    if path is None:
        return WebConfig()
    return read_board(path).web


def web_state_directory() -> Path:
    """Where the page keeps its secret and its PIN's hash: systemd's $STATE_DIRECTORY, else
    the user's state directory."""
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "aseb-web"
