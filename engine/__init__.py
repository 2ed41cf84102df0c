"""The games of the family, pure: each game whole in a package of its own (``tait``,
``cyningstan``, ``senet``, ``ramses``, ``stacks``), what they share in ``core``, the interface
and the registry in ``games``, the game-free mummy in ``mummy`` and Tait's solver in ``solve``.

No I/O, no clock and no global randomness live here; callers pass throws or a ``random.Random``.
"""
