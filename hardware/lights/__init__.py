"""The lights under the squares: a frame of colours sent to a NeoPixel strip (Adafruit's drivers on
a Pi, one in memory for tests). Imports ``hardware.core`` and ``boards``."""
