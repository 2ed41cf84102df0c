"""The ``aseb`` command: one front door to every part (``cli``), and the sub-commands that are
not a face of their own (``run --simulated``, ``selftest``, ``review``).

May import: everything.
"""
