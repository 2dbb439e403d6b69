"""A lossy network on loopback for the served-match tests (issue 21): these machines' kernels have no ``netem``.

``LossyProxy`` listens on 127.0.0.1 and, for every connection a client opens, opens one to the host and moves
bytes both ways. Every chunk read is held ``delay`` seconds before it is written on (each direction has its own
queue of due times, so the order is kept and chunks sent together arrive together), and with chance ``cut``
(a seeded ``random.Random``) a chunk is not written at all: both sides of that connection are closed instead, as
when a network drops a link. ``cuts`` counts those; ``connections`` counts the connections opened through it.
"""

from __future__ import annotations

import asyncio
import contextlib
import random


class LossyProxy:
    """Bytes between clients and ``127.0.0.1:upstream_port``, each chunk ``delay`` s late, a cut with chance ``cut``
    per chunk. ``start()`` returns the port clients connect to; ``close()`` ends every connection."""

    def __init__(self, upstream_port: int, *, delay: float, cut: float, seed: int = 0) -> None:
        if delay < 0 or not 0 <= cut < 1:
            raise ValueError(f"a delay of at least 0 s and a cut chance in [0, 1), not {delay} and {cut}")
        self.upstream_port = upstream_port
        self.delay = delay
        self.cut = cut
        self.rng = random.Random(seed)
        self.cuts = 0
        self.connections = 0
        self.chunks = 0
        self.frozen = False  # True: nothing gets through any more, and no connection is closed (a frozen link)
        self._server: asyncio.Server | None = None
        self._links: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._links):
            task.cancel()
        for task in list(self._links):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._server is not None:
            await self._server.wait_closed()

    # ------------------------------------------------------------------------------------------------
    def _accept(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        task = asyncio.get_running_loop().create_task(self._link(client_r, client_w))
        self._links.add(task)
        task.add_done_callback(self._links.discard)

    async def _link(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        """One client connection: its upstream connection and the two directions, until either ends or is cut."""
        self.connections += 1
        try:
            host_r, host_w = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        except OSError:
            client_w.close()
            return
        writers = (client_w, host_w)
        directions = [asyncio.create_task(self._direction(client_r, host_w, writers)),
                      asyncio.create_task(self._direction(host_r, client_w, writers))]
        try:
            await asyncio.wait(directions, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in directions:
                task.cancel()
            for task in directions:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            for w in writers:
                w.close()

    async def _direction(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter,
                         writers: tuple[asyncio.StreamWriter, asyncio.StreamWriter]) -> None:
        """Read chunks from ``src`` as they come and write each on ``delay`` s after it was read (or cut)."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def read() -> None:
            try:
                while chunk := await src.read(65536):
                    queue.put_nowait((loop.time() + self.delay, chunk))
            except (ConnectionError, OSError):
                pass
            finally:
                queue.put_nowait((loop.time() + self.delay, b""))  # the end, in its turn

        reader = asyncio.create_task(read())
        try:
            while True:
                due, chunk = await queue.get()
                await asyncio.sleep(max(0.0, due - loop.time()))
                if not chunk:
                    return
                self.chunks += 1
                if self.frozen:  # a frozen link: the bytes go nowhere, both sockets stay open
                    continue
                if self.rng.random() < self.cut:
                    self.cuts += 1
                    for w in writers:  # the link drops: both sides see their connection end, this chunk is lost
                        w.transport.abort()
                    return
                dst.write(chunk)
                await dst.drain()
        except (ConnectionError, OSError):
            return
        finally:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError, OSError):
                await reader
