"""What every part of the hardware shares: the clock, errors, events, the pins and the Pi's header,
the squares by name, and debounced switches. Imports nothing of ours."""
