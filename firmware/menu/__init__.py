"""The board menu: pieces set on lit squares between games, its table of pages, the one description
of the settings (``choices``), the settings file, and the printed menu card.

May import: ``firmware.lights``, ``firmware.words``, ``engine``, ``hardware``.
"""
