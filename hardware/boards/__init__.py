"""The board files (``*.toml`` here, one per way of building a board), read and checked into frozen
dataclasses, and what each pin is wired to. Imports ``hardware.core``, ``doors`` and ``sounds``."""
