"""The controller's play: the main loop's rooms (phases, the mummy's and a remote player's turn, the
menu gesture), the move tracker and its evidence, showing and telling, the saved game and records.

May import: ``firmware.menu`` and the rooms below it (``solve``, ``lights``, ``words``),
``engine``, ``hardware``.
"""
