"""``aseb web``: the board on the home network, a companion page that talks only to the board's link
(``firmware.service.link``): the live board, the settings, the finished games with their review, a
museum's wall screen and remote play. Starlette and uvicorn come with the ``web`` extra and are
imported only here (the rest of aseb works without them).
"""
