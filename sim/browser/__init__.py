"""Play in any browser: the games, the mummy and the words running in Pyodide (CPython in
WebAssembly) in a Web Worker, the page built beside the documentation by ``make docs``.

``session`` is what the worker runs (a visitor's games, told as the board's link tells them),
``page`` what the page offers and says, ``build`` writes the page, its worker and Pyodide into a
folder of the site. May import: ``engine``, ``firmware``, and ``sim.terminal``'s sentences and
``sim.web``'s drawing and words (the same board, drawn and said the same way).
"""
