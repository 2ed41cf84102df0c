"""The museum kiosk: a board left running for weeks with nobody watching, the visitor's language
chosen by a piece, and the statistics of games played.

May import: ``firmware.play`` and the rooms below it, ``engine``, ``hardware``.
"""
