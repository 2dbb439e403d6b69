"""A match played across computers (issue 21): the wire protocol as data (``protocol``), room codes
(``roomcode``), the host's rate limit (``ratelimit``); the protocol is written down in docs/protocol.md."""

DEFAULT_PORT = 47474  # the port a host listens on unless told otherwise (free of well-known services)
