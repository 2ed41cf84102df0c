"""The rules of Twenty Squares, pure: board geometry, throws, moves, game state and records.

No I/O, no clock and no global randomness live here; callers pass throws or a ``random.Random``.
"""
