"""Beyond one house: the board's MQTT companion (``aseb far``). Two boards play each other through
a broker, and a museum watches all its boards there (their state, Home Assistant's discovery,
``aseb fleet``). A companion beside the web page, not inside the controller's loop: it reaches the
board only through the board's link (``firmware.service.link``), as ``sim.web`` does. The broker is
trusted with nothing: the game code agrees a key (``sealing``), every message is sealed with it
and goes through the one decoder (``messages``), and any MQTT 5 broker will do. It may
import ``sim.board`` and the layers below; the window, the terminal and the command import it.
"""
