"""The board's stories: the tutorial, Setna's tournament and its sand scene, the MummyFacts, and
the story modes by name.

May import: ``firmware.play`` and the rooms below it, ``engine``, ``hardware``.
"""
