"""The compiled pieces the sweep (``engine.solve.kernel``) and the sweep order
(``engine.solve.order``) share: numba's decorators, a popcount, unsigned indices and the place
of an opponent's half within its block (``Index.ranks`` for one position)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt
from numba.core import types
from numba.extending import intrinsic

from engine.solve.index import Index
from engine.tait.packed import OFF

F = TypeVar("F", bound=Callable[..., Any])


def compiled(function: F) -> F:
    """``numba.njit`` with the function's own type kept for the type checker."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))


def inlined(function: F) -> F:
    """``compiled``, and inlined where it is called."""
    return cast(F, numba.njit(cache=True, nogil=True, inline="always")(function))


def _popcount(typingctx: Any, x: Any) -> Any:
    """How many bits of ``x`` are set (one machine instruction)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


_bits = cast(Callable[[int], int], intrinsic(_popcount))


@inlined
def _u(i: int) -> Any:
    """``i`` as an unsigned index: numba then leaves out the test for a negative one."""
    return np.uint64(i)


@inlined
def _rank(taken: int, free: int, half: int, r: Any) -> int:
    """The place of the opponent's ``half`` in its block beside the mover's shared squares
    ``taken`` (``free`` of them left): ``Index.ranks`` for one position, without a branch."""
    below, width, colex, squeeze, mask = r
    rest = half >> 5 & mask
    low = squeeze[_u((taken & 63) << 6 | rest & 63)]
    high = squeeze[_u(taken >> 6 << 6 | rest >> 6)]
    squares = half >> 1 & 15 | (low | high << 6 - _bits(taken & 63)) << 4
    found = below[_u(free * width + _bits(squares))] + colex[_u(squares)] + (
        half >> OFF & 7 == 0)
    return found if half else 0


def rank_tables(index: Index) -> tuple[Any, ...]:
    """What ``_rank`` reads, its two-dimensional tables flattened."""
    below = index.below
    return (below.ravel(), below.shape[1], index.colex.astype(np.int32), squeeze_six().ravel(),
            index.shared_mask)


def squeeze_six() -> npt.NDArray[np.uint8]:
    """``[taken, mask]``: the bits of ``mask`` packed into the places ``taken`` leaves free,
    for 6-bit masks (two lookups pack 12 shared squares)."""
    found = np.zeros((64, 64), dtype=np.uint8)
    for taken in range(64):
        free = [b for b in range(6) if not taken >> b & 1]
        for mask in range(64):
            found[taken, mask] = sum((mask >> b & 1) << i for i, b in enumerate(free))
    return found
