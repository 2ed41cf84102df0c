"""Each life of a service in a process of its own, as systemd runs it: a life ends (a SIGKILL, an
exit 70) and the next process starts afresh, with nothing of the last one's memory.

``in_processes`` runs ``life`` in a forked child again and again; each child hands what the
outside world keeps (the soak's bookkeeping, the pieces on the board) to the next through a pipe,
pickled. The parent only waits, so each child starts from a small, unfragmented heap.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import traceback
from collections.abc import Callable
from typing import TypeVar

Carry = TypeVar("Carry")


class LifeFailed(RuntimeError):
    """A life ended with an error (its traceback is printed on standard error)."""


def in_processes(life: Callable[[Carry], tuple[Carry, bool]], carry: Carry) -> Carry:
    """Run ``life(carry) -> (carry, done)`` in one new process after another until one says it is
    done; returns the last carry."""
    while True:
        carry, done = _one_life(life, carry)
        if done:
            return carry


def _one_life(life: Callable[[Carry], tuple[Carry, bool]], carry: Carry) -> tuple[Carry, bool]:
    gc.collect()  # the last hand-over's garbage, or the parent's heap (each child's start) grows
    sys.stdout.flush()  # or the child would print the parent's buffered lines again
    sys.stderr.flush()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: live, hand on, and never return into the parent's code
        os.close(read)
        code = 1
        try:
            handed_on = pickle.dumps(life(carry))
            with os.fdopen(write, "wb") as pipe:
                pipe.write(handed_on)
            code = 0
        except BaseException:  # said on stderr; the parent raises LifeFailed
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        handed_on = pipe.read()
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0 or not handed_on:
        raise LifeFailed(f"a life of the service (process {pid}) ended with exit {code}")
    carried: tuple[Carry, bool] = pickle.loads(handed_on)
    return carried
