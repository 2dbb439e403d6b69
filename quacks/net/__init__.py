"""A match played across computers (issue 21): the wire protocol as data (``protocol``), room codes
(``roomcode``), the host's rate limit (``ratelimit``), TLS and the key exchange on the join secret (``tls``, issue
33 §5); the protocol is written down in docs/protocol.md."""

DEFAULT_PORT = 47474  # the port a host listens on unless told otherwise (free of well-known services)
RELAY_PORT = 47480  # the port a relay listens on unless told otherwise (issue 33, item 4: relay.py)
TURN_CLOCK = 180  # seconds a remote player has for each choice by default (issue 33 §3: generous)
TURN_CLOCKS = (0, 120, 180, 300)  # the new-game screen's choices for a hosted game (0: no clock)


def clock_low(limit: int) -> float:
    """Seconds left at which a turn clock is shown to everyone (issue 33 §3: "when it runs low"): a quarter of the
    clock, at least 20 s and at most a minute. The host tells the clients of a clock only from then on (``clock``
    messages stay out of a game played at a normal pace)."""
    return float(min(60, max(20, limit // 4)))
