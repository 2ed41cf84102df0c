"""Device drivers behind small interfaces: reed switches, the stick box, NeoPixels, sound, buttons.

Hardware speaks of squares by name and of colours, never of moves; it imports nothing of ours.
"""
