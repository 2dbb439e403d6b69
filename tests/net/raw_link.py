"""A raw link to a host on loopback for the tests that speak the protocol by hand (issue 33 §5): TLS as every
link is, and the key exchange on the join secret when one is given, as ``Client`` does it (net/tls.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from quacks.net import protocol as p
from quacks.net import tls


@asynccontextmanager
async def raw_link(port: int, secret: bytes | None = None, **options: Any) -> AsyncIterator[ClientConnection]:
    """A connection to the host at 127.0.0.1:``port``; with ``secret`` the key exchange is done (the host then
    waits for a hello, whose secret it never reads)."""
    async with connect(f"wss://127.0.0.1:{port}", ssl=tls.client_context(), server_hostname=tls.SERVER_NAME,
                       max_size=p.MAX_HOST_MESSAGE, **options) as ws:
        if secret is not None:
            answer = await tls.prove(ws, secret, p.PROTOCOL_VERSION, 10.0)
            assert answer is None, f"the host refused the key exchange: {answer}"
        yield ws
