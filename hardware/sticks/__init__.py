"""The stick box (a tilt switch that turns a shake into a throw) and the optional buttons.
Imports ``hardware.core`` and ``boards``."""
