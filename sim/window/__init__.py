"""``aseb sim``: the pygame-ce window, its menus and stories, play on the simulated board (and the
stacking game's through the engine), its sound, settings and the pictures made of it.

May import: ``sim.board``, ``sim.drawing``, ``sim.pages``, ``firmware``, ``engine``, ``hardware``.
"""
