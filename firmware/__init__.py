"""The board controller: the main loop that turns sensor events into a game and guides players.

It is the only layer that knows both the rules (``engine``) and the devices (``hardware``), and
its rooms import one way, from the top of this list down:

- ``service``: ``aseb run``'s main loop, the board's settings at work, systemd, the link;
- ``kiosk``, ``story``: the museum kiosk; the tutorial, Setna's tournament and the facts;
- ``play``: the controller, its tracker, evidence, phases, showing, telling and saves;
- ``menu``: the board menu, the one description of the settings, the settings file, the card;
- ``solve``, ``lights``, ``words``: the solved table; light scenes; the words and catalogs.
"""
