"""The token bucket (quacks/net/ratelimit.py) with a fake clock."""

from __future__ import annotations

import pytest

from quacks.net.ratelimit import Bucket


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_the_rate() -> None:
    clock = Clock()
    b = Bucket(rate=2.0, burst=5, clock=clock)
    assert [b.allow() for _ in range(7)] == [True] * 5 + [False] * 2
    clock.now += 0.49
    assert not b.allow()
    clock.now += 0.02  # half a second: one token
    assert b.allow() and not b.allow()
    clock.now += 10.0  # a long pause fills up to the burst, no further
    assert [b.allow() for _ in range(6)] == [True] * 5 + [False]


def test_a_refused_message_costs_nothing() -> None:
    clock = Clock()
    b = Bucket(rate=1.0, burst=1, clock=clock)
    assert b.allow()
    for _ in range(100):  # hammering while empty does not push the next token further away
        assert not b.allow()
    clock.now += 1.0
    assert b.allow()


def test_a_steady_client_within_the_rate_is_never_refused() -> None:
    clock = Clock()
    b = Bucket(rate=10.0, burst=3, clock=clock)
    for _ in range(1000):
        clock.now += 0.1
        assert b.allow()


def test_a_clock_that_steps_back_adds_nothing() -> None:
    clock = Clock()
    b = Bucket(rate=1.0, burst=2, clock=clock)
    assert b.allow() and b.allow() and not b.allow()
    clock.now -= 50.0
    assert not b.allow()
    clock.now += 50.5
    assert not b.allow()
    clock.now += 0.5
    assert b.allow()


def test_wait_and_cost() -> None:
    clock = Clock()
    b = Bucket(rate=4.0, burst=4, clock=clock)
    assert b.wait() == 0.0
    assert b.allow(cost=4) and not b.allow()
    assert b.wait() == pytest.approx(0.25)
    assert b.wait(cost=2) == pytest.approx(0.5)
    clock.now += 0.5
    assert not b.allow(cost=3) and b.allow(cost=2)


@pytest.mark.parametrize(("rate", "burst"), [(0, 5), (-1, 5), (1, 0), (float("nan"), 2)])
def test_a_bucket_that_could_never_allow_is_refused(rate: float, burst: float) -> None:
    with pytest.raises(ValueError):
        Bucket(rate, burst, Clock())
