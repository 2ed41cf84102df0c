"""The pages a player reads over the board: How to play and About for every game, and Setna's
story pages.

May import: ``firmware``, ``engine``; nothing else of ``sim``.
"""
