"""A token bucket: how often a client may send before the host refuses it with "rate" (issue 21).

A bucket holds up to ``burst`` tokens and gains ``rate`` tokens a second; each message takes one, and a message
that finds the bucket empty is refused (its tokens are not taken). Pure: the clock is passed in (seconds,
never going back: ``time.monotonic`` in the host, a fake clock in tests).
"""

from __future__ import annotations

from collections.abc import Callable

MESSAGE_RATE, MESSAGE_BURST = 100.0, 200.0  # a connection's messages a second, and at once: a bot playing a seat
# headless sends a few dozen a second; a flood sends thousands (docs/protocol.md)
HELLO_RATE, HELLO_BURST = 1.0, 10.0  # handshakes a second from one remote address, and at once
#: key exchanges on the join secret (issue 33 §5) that may go unconfirmed: a second (one per window of 1/rate
#: seconds) and at once, from one remote address and from all together (relayed joiners all come from loopback).
#: Each exchange takes a try and a confirmed one gives it back, so a man in the middle guessing the secret gets
#: one guess per window, whatever it does at once.
PAKE_RATE, PAKE_BURST = 1 / 20, 3.0
PAKE_ALL_RATE, PAKE_ALL_BURST = 1 / 10, 6.0


class Bucket:
    """``allow()`` is True for at most ``burst`` calls at once and ``rate`` a second after that."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        if not rate > 0 or not burst >= 1:
            raise ValueError(f"a bucket needs a rate above 0 and a burst of at least 1, not {rate} and {burst}")
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def _fill(self) -> None:
        now = self.clock()
        if now > self.last:  # a clock that stands still or steps back adds nothing
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
            self.last = now

    def allow(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if the bucket holds them (True), else take nothing (False)."""
        self._fill()
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    def give_back(self, cost: float = 1.0) -> None:
        """Return ``cost`` tokens taken by ``allow`` (never past ``burst``)."""
        self._fill()
        self.tokens = min(self.burst, self.tokens + cost)

    def wait(self, cost: float = 1.0) -> float:
        """Seconds until ``allow(cost)`` would be True (0 if it would be now); takes nothing."""
        self._fill()
        return max(0.0, (cost - self.tokens) / self.rate)


__all__ = ["HELLO_BURST", "HELLO_RATE", "MESSAGE_BURST", "MESSAGE_RATE", "PAKE_ALL_BURST", "PAKE_ALL_RATE",
           "PAKE_BURST", "PAKE_RATE", "Bucket"]
