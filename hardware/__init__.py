"""Device drivers behind small interfaces: reed switches, the stick box, NeoPixels, sound, buttons.

Hardware speaks of squares by name and of colours, never of moves; it imports nothing of ours.

Start at ``devices.open_devices(load_board(path), events, clock=..., draw=...)``: it opens the
reed reader, stick box, buttons, lights and speaker a board file describes; every event they send
(``events.py``) lands on the one queue. docs/build/ covers building and wiring a board.
"""
