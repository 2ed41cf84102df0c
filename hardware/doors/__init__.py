"""The three doors: the one reader of every file aseb reads (``file_reader``, ``toml_reader``),
the one decoder of every message that arrives (``decoder``), the one writer of every file aseb
writes (``writer``). Imports only ``hardware.core``."""
