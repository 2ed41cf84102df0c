"""Spoken play: what the board says for a player who cannot see its lights (each throw, the moves
it allows as squares, the mummy's or a far player's move, what is wrong, who won), said again on
a shake with no piece lifted; and the board in a sentence, for a screen reader.

May import: ``firmware.play`` and the rooms below it, ``engine``, ``hardware``.
"""
