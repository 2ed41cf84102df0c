"""``aseb web``: the page served by uvicorn where the board file's ``[web]`` section says
(loopback unless it names the board's LAN address), talking to the board's link."""

from __future__ import annotations

import gc
import logging
import sys
from dataclasses import replace
from pathlib import Path

from firmware.service.link_schema import socket_path
from firmware.service.restarts import EX_CONFIG
from firmware.words.extras import needs
from sim.web.config import ConfigError, load_web_config, web_state_directory
from sim.web.state import StateError, ready

log = logging.getLogger(__name__)


def web_main(board: Path | None, socket: str | None, state_dir: Path | None, *,
             display: bool = False, address: str | None = None, port: int | None = None,
             language: str | None = None) -> int:
    """Serve the page until stopped; 78 for a board file, a state directory or a certificate
    it cannot use (said in one line), 2 without the extra."""
    try:
        from sim.wall.connections import Server, server_config
        from sim.wall.tls import TlsError, tls_context
        from sim.web.app import create_app
        from sim.web.board_link import BoardLink
        from sim.web.estimates import Estimates
    except ImportError as exc:
        print(needs("aseb web", "web", exc))
        return 2
    web_dir = state_dir if state_dir is not None else web_state_directory()
    context = None
    try:
        config = load_web_config(board)  # the board file read as every door reads it
        ready(web_dir)
        if config.certificate is not None and config.key is not None:
            context = tls_context(config.certificate, config.key)  # read once, checked now
    except (ConfigError, StateError, TlsError) as exc:
        print(f"aseb web: {exc}", file=sys.stderr)
        return EX_CONFIG  # systemd does not restart the unit on it: no crash loop
    if address is not None or port is not None:
        config = replace(config, address=address or config.address, port=port or config.port)
    from firmware.service.daemon import state_directory

    link = BoardLink(socket_path(socket, state_directory()) if socket is None else Path(socket),
                     estimates=Estimates())
    app = create_app(link, config, web_dir, display=display, language=language)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    log.info("the page listens on %s://%s:%d/ (the board's link: %s)", config.scheme,
             config.address, config.port, link.path)
    gc.freeze()  # what is loaded now lives as long as the page: no collection walks it again
    Server(server_config(
        app, config.address, config.port,
        tls=(lambda: context) if context is not None else None), ending=link.stop_watching).run()
    return 0
