"""``/metrics`` for Prometheus (prometheus-client): what the page hears on the board's link,
counted since the page started, named as Prometheus' conventions ask. Games finished by game,
wins by side and by the mummy's level (``none`` when the mummy did not play: a far game, two
players), games abandoned (ended with no winner), the board's faults as ``_total`` counters (its
restarts, I2C outages, saves a full disk refused), the time it started (a start time, not an
uptime gauge, as ``process_start_time_seconds``), and the link's readers (the browsers
watching).

    metrics = Metrics(lambda: len(link.watchers)); link.listeners.append(metrics.heard)
    body = metrics.render()      # the text exposition format, for promtool and Prometheus
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class Metrics:
    """The page's counters, fed every event the board's link tells."""

    def __init__(self, readers: Callable[[], int], clock: Callable[[], float] = time.time) -> None:
        self.registry = CollectorRegistry()
        self.clock = clock
        self.games = Counter("aseb_games", "Games played to their end", ["game"],
                             registry=self.registry)
        self.wins = Counter("aseb_wins", "Games won, by the winning side and the mummy's level",
                            ["side", "level", "opponent"], registry=self.registry)
        self.abandoned = Counter("aseb_abandoned_games",
                                 "Games ended with no winner (left alone, a new game asked)",
                                 ["game"], registry=self.registry)
        self.restarts = Counter("aseb_board_restarts",
                                "Times the board started again while the page watched",
                                registry=self.registry)
        self.registry.register(_Now(self, readers))
        self.latest: dict[str, dict[str, Any]] = {}
        self._playing: tuple[str, int] | None = None  # the game on the board and its actions

    def heard(self, kind: str, event: dict[str, Any]) -> None:
        """One event of the board's link."""
        if kind == "game_over":
            game = str(self.latest.get("game", {}).get("name", "unknown"))
            values = self.latest.get("settings", {}).get("values", {})
            self.games.labels(game).inc()
            opponent = str(values.get("opponent", "unknown"))
            mummy = opponent in ("cones", "reels")  # the side the mummy plays
            level = str(values.get("level", "unknown")) if mummy else "none"
            self.wins.labels(str(event.get("winner")), level, opponent).inc()
            self._playing = None
        elif kind == "position":
            self._position(event)
        elif kind == "health":
            before = self.latest.get("health", {}).get("since")
            if before is not None and event.get("since") != before:
                self.restarts.inc()
        self.latest[kind] = event

    def _position(self, event: dict[str, Any]) -> None:
        """A game gone (or begun anew) with actions played and no winner was abandoned."""
        game = str(self.latest.get("game", {}).get("name", "unknown"))
        actions = int(event.get("actions") or 0)
        playing = self._playing
        if event.get("winner") is not None:
            self._playing = None
            return
        if playing is not None and playing[1] > 0 and (
                event.get("notation") is None or actions < playing[1]):
            self.abandoned.labels(playing[0]).inc()
        self._playing = (game, actions) if event.get("notation") is not None else None

    def render(self) -> bytes:
        """Every metric, in Prometheus' text format."""
        return generate_latest(self.registry)


class _Now(Collector):
    """The figures read at each scrape: the board's faults and uptime, the link's readers."""

    def __init__(self, metrics: Metrics, readers: Callable[[], int]) -> None:
        self.metrics = metrics
        self.readers = readers

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        health = self.metrics.latest.get("health", {})
        status = self.metrics.latest.get("status", {})
        connected = GaugeMetricFamily("aseb_board_connected",
                                      "Whether the page hears the board's link (1) or not (0)")
        connected.add_metric([], 0 if not status or status.get("phase") == "away" else 1)
        yield connected
        faults = CounterMetricFamily("aseb_faults", "The board's faults since it started",
                                     labels=["kind"])  # exposed as aseb_faults_total
        faults.add_metric(["i2c_outage"], _count(health.get("i2c_outages")))
        faults.add_metric(["disk_full"], _count(health.get("disk_full")))
        yield faults
        since = health.get("since")
        if isinstance(since, int | float) and not isinstance(since, bool) and since > 0:
            started = GaugeMetricFamily("aseb_board_start_time_seconds",
                                        "When the board started, in seconds since the epoch")
            started.add_metric([], float(since))
            yield started
        readers = GaugeMetricFamily("aseb_link_readers",
                                    "Browsers watching the board through the page")
        readers.add_metric([], float(self.readers()))
        yield readers


def _count(value: object) -> float:
    """A count the board told (anything else: 0)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return 0.0
