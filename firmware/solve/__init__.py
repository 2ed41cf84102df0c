"""The solved game on the board: ``aseb solve``'s run, the background solve, the table file and
where tables live, and the installed table the window, the terminal and the web page ask for.

May import: ``engine`` only (the arithmetic is ``engine.solve``'s).
"""
