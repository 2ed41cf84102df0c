"""Pictures drawn by code with pygame-ce: the wooden board and its signs, stacks, positions, the
chances bar, the review page, Setna's art, and text in the shipped faces (Arabic shaped).

May import: ``firmware``, ``engine``; nothing else of ``sim``.
"""
