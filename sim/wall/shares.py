"""Fair shares of something scarce the page holds for its visitors (its connections, its live
streams), counted by the address they come from: each address holds at most ``each``, all of
them at most ``total``; once all are held, a newcomer whose address holds fewer than the
busiest address takes the place of that address's oldest. One machine, or a few, can fill the
page only with what nobody else wants, never shut the owner out.

    shares = Shares(each=24, total=400)
    taken, evicted = shares.take("192.168.1.7", connection)   # evicted: to be closed
    shares.give_back("192.168.1.7", connection)
    source("2001:db8::7")   # '2001:db8::/64': whom an address counts as
"""

from __future__ import annotations

import ipaddress
from typing import Generic, TypeVar

T = TypeVar("T")


class Shares(Generic[T]):
    """What each address holds (oldest first), and how much in all."""

    def __init__(self, each: int, total: int) -> None:
        self.each = each
        self.total = total
        self.held: dict[str, dict[T, None]] = {}
        self.count = 0

    def holds(self, address: str) -> int:
        """How much ``address`` holds now."""
        return len(self.held.get(address, ()))

    def take(self, address: str, item: T) -> tuple[bool, T | None]:
        """Whether ``address`` may hold ``item`` now, and what it takes the place of (the
        busiest address's oldest, for the caller to close), if anything."""
        mine = self.holds(address)
        if mine >= self.each:
            return False, None
        evicted = None
        if self.count >= self.total:
            busiest = max(self.held, key=lambda a: len(self.held[a]))
            if len(self.held[busiest]) <= mine + 1:  # nobody holds more than its share
                return False, None
            evicted = next(iter(self.held[busiest]))
            self.give_back(busiest, evicted)
        self.held.setdefault(address, {})[item] = None
        self.count += 1
        return True, evicted

    def give_back(self, address: str, item: T) -> None:
        """``address`` holds ``item`` no more (nothing when it did not)."""
        mine = self.held.get(address)
        if mine is None or item not in mine:
            return
        del mine[item]
        self.count -= 1
        if not mine:
            del self.held[address]


def source(address: str) -> str:
    """Whom wrong PINs are counted against: the address, or for IPv6 its network of 64 bits
    (one machine there holds a whole network of addresses)."""
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:  # an IPv4 address on a dual-stack socket
            return str(found.ipv4_mapped)
        return str(ipaddress.ip_network(f"{found}/64", strict=False))
    return str(found)
