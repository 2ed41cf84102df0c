"""The web page's outer wall against the network, below the page itself (``sim.web``): its
connections bounded per address and in time over uvicorn's own protocol (``connections``), the
fair shares every address is held to (``shares``: connections, live pages), and HTTPS from the
board file's certificate read by the careful reader (``tls``). It knows addresses, bytes and
files, never the game nor the page's words; it imports uvicorn (the ``web`` extra) only in
``connections``.
"""
