"""Light scenes: pure functions from what the controller knows, and the time, to a frame (the
game's scenes, the chances filling the squares, the web page's PIN in light).

May import: ``engine`` and ``hardware``.
"""
