"""``aseb play``: any game of the family in the terminal, its settings as commands, and the
tutorial and Setna's tournament there.

May import: ``sim.pages`` (the rules for players), ``firmware``, ``engine``.
"""
