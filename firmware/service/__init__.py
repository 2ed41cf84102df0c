"""The service: ``aseb run``'s main loop, the board file's settings put to work, systemd's notify
and the restarts, and the link (a Unix socket) the web page talks to.

May import: every other room of ``firmware``, ``engine``, ``hardware``.
"""
