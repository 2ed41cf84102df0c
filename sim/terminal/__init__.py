"""``aseb play``: any game of the family in the terminal, its settings as commands, and the
tutorial and Setna's tournament there.

May import: ``firmware``, ``engine``; nothing else of ``sim``.
"""
