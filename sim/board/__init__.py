"""The simulated board: gpiozero mock pins and reed switches, the simulated expander and racks, the
player's and the mummy's hands, and the table where the real controller runs on them.

May import: ``firmware``, ``engine``, ``hardware``; nothing else of ``sim``.
"""
