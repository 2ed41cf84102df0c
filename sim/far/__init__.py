"""Beyond one house: the board's MQTT companion (``aseb far``). Two boards play each other through
a broker, and a museum watches all its boards there (their state, Home Assistant's discovery,
``aseb fleet``). A companion beside the web page, not inside the controller's loop: it reaches the
board only through the board's link (``firmware.service.link``), as ``sim.web`` does. It may
import ``sim.board`` and the layers below; the window, the terminal and the command import it.
"""
