"""The board controller: the main loop that turns sensor events into a game and guides players.

It is the only layer that knows both the rules (``engine``) and the devices (``hardware``).
"""
