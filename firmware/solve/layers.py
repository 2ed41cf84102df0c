"""The solve's values, layer by layer: in memory only those the group being solved reads.

The values are one array by the index's numbering (the compiled sweep finds a successor's value
by its place), mapped anonymously: a page never written takes no memory, and a layer let go
gives its pages back to the system (``madvise``). A finished layer that a later group reads
waits on disk, as doubles, in the checkpoint directory, and is read back when that group
begins. Tait's largest group reads 188 MiB of doubles; all of them are 365 MiB.
"""

from __future__ import annotations

import contextlib
import mmap
import os
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from engine.solve import Index

Layer = tuple[int, int]


class Layers:
    """Every position's value, the layers in ``held`` in memory; see the module's docstring.

    ``w`` has one value more than the index has positions, always 0: what a throw with no move
    left to choose adds.
    """

    def __init__(self, index: Index, where: Path) -> None:
        self.index = index
        self.where = where
        # private: the pages of a shared mapping would outlive ``madvise`` (the system keeps them)
        self._map = mmap.mmap(-1, (index.size + 1) * 8,
                              flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        with contextlib.suppress(AttributeError, OSError):  # as NumPy does for large arrays:
            self._map.madvise(mmap.MADV_HUGEPAGE)  # fewer misses of the address cache
        self.w = np.frombuffer(self._map, dtype=np.float64)
        self.held: set[Layer] = set()

    def hold(self, layers: Iterable[Layer], fresh: Iterable[Layer] = ()) -> None:
        """Hold exactly ``layers``: let the others go first, then read those not held from
        disk, but for ``fresh`` ones (a group about to be solved: set by ``Solver.start``)."""
        wanted, fresh = set(layers), set(fresh)
        for layer in self.held - wanted:
            self._let_go(layer)
        for layer in sorted(wanted - self.held - fresh):
            first, size = self.index.layers[layer]
            with open(self.file(layer), "rb") as source:
                read = source.readinto(self.w[first:first + size].view(np.uint8).data)
            if read != size * 8:
                raise ValueError(f"{self.file(layer)}: {read} bytes, not {size * 8}")
        self.held = wanted

    def save(self, layer: Layer) -> None:
        """Write a finished layer's doubles to disk, replacing the file whole."""
        first, size = self.index.layers[layer]
        path = self.file(layer)
        tmp = path.with_suffix(".tmp")
        self.w[first:first + size].tofile(tmp)
        os.replace(tmp, path)

    def saved(self, layer: Layer) -> bool:
        """Whether a layer waits on disk, whole."""
        path = self.file(layer)
        return path.exists() and path.stat().st_size == self.index.layers[layer][1] * 8

    def forget(self, layer: Layer) -> None:
        """Delete a layer's file once no group to come reads it."""
        self.file(layer).unlink(missing_ok=True)

    def file(self, layer: Layer) -> Path:
        """Where a layer's doubles wait: ``layer-AB.f64`` (A the mover's pieces off)."""
        return self.where / f"layer-{layer[0]}{layer[1]}.f64"

    def _let_go(self, layer: Layer) -> None:
        """Give a layer's pages back (those wholly inside it: a neighbour's share stays)."""
        first, size = self.index.layers[layer]
        page = mmap.PAGESIZE
        begin = -(-first * 8 // page) * page
        end = (first + size) * 8 // page * page
        if end > begin:
            self._map.madvise(mmap.MADV_DONTNEED, begin, end - begin)
