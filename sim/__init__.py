"""The faces on a laptop and the ``aseb`` command, over the real firmware.

Rooms: ``board`` (the simulated board and hands), ``drawing`` (pictures drawn by code), ``pages``
(How to play, Setna's pages), ``window`` (``aseb sim``), ``terminal`` (``aseb play``), ``web``
(``aseb web``), ``browser`` (the Play page: the games in any browser) and ``command`` (the ``aseb``
command). Each imports only the rooms listed before it.
"""
