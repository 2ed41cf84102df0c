import itertools

from hypothesis import given
from hypothesis import strategies as st

from hardware.core.clock import ManualClock
from hardware.core.debounce import Debouncer

Report = tuple[str, bool, float]


def make(interval: float = 0.02) -> tuple[ManualClock, Debouncer[str], list[Report]]:
    clock = ManualClock()
    reports: list[Report] = []
    debouncer = Debouncer(clock, interval, lambda k, v, t: reports.append((k, v, t)), {"M7": False})
    return clock, debouncer, reports


def test_bouncing_contact_is_reported_once_when_it_holds_still() -> None:
    clock, debouncer, reports = make()
    for t, level in [(0.0, True), (0.001, False), (0.002, True), (0.004, False), (0.005, True)]:
        clock.run_until(t)
        debouncer.edge("M7", level)
    clock.run_until(0.0249)
    assert reports == []
    clock.run_until(0.0251)
    assert reports == [("M7", True, 0.005)]
    assert debouncer.settled() == {"M7": True}


def test_glitch_shorter_than_the_interval_is_nothing() -> None:
    clock, debouncer, reports = make()
    debouncer.edge("M7", True)
    clock.advance(0.005)
    debouncer.edge("M7", False)
    clock.advance(1.0)
    assert reports == []


def test_closed_debouncer_reports_nothing() -> None:
    clock, debouncer, reports = make()
    debouncer.edge("M7", True)
    debouncer.close()
    clock.advance(1.0)
    assert reports == []


@given(st.lists(st.tuples(st.floats(0.0001, 0.05), st.booleans()), max_size=30))
def test_any_edges_then_stillness_settle_on_the_last_level(edges: list[tuple[float, bool]]) -> None:
    clock, debouncer, reports = make()
    level = False
    for gap, level in edges:
        clock.advance(gap)
        debouncer.edge("M7", level)
    clock.advance(0.1)
    assert debouncer.settled()["M7"] == level
    # Reports alternate, so no two in a row say the same thing.
    values = [False] + [v for _, v, _ in reports]
    assert all(a != b for a, b in itertools.pairwise(values))
