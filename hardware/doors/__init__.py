"""The doors into aseb: the one careful reader of every file (and TOML's key-by-key reader).
Imports only ``hardware.core``."""
