"""The relay's load run for ``python -m quacks bench --only relay`` (issue 33, item 4).

The relay (``quacks.net.relay``) in a process of its own, and in this process :data:`ROOMS` rooms, each a host
(the relay's line protocol spoken directly: a control connection, an ``ACCEPT`` data connection per joiner) and a
joiner (``relay_link.open_relayed``), replaying the traffic of one real game through the relay for
:data:`SECONDS` seconds on loopback. No bot plays during the run, so the two cores measure the relay, not bots:

- the traffic is recorded once, first: a served game (a host with a remote seat and an Easy bot, the seat played
  by a headless client) through a recording TCP proxy, every chunk each way with its size and time;
- each room replays it, both ways at once, the gaps scaled so that the whole game takes :data:`GAME_SECONDS`
  (every message of a game of half an hour or more, in one minute: far busier than people play), starting at a
  random point of the game so that the rooms do not move in step;
- every chunk is sent as a frame of its recorded size holding its send time (``perf_counter``, the same clock at
  both ends): ``forward_ms`` is the time from the sender writing a frame to the receiver having read all of it,
  p50, p99 and the largest, over every frame of every room;
- ``relay_rss_kib_per_room``: the relay process's resident memory with every room open and piping, less its
  memory before the first room, divided by the rooms; ``relay_cpu_percent``: its CPU time over the run.

``--quick`` (and the test) run fewer rooms for a few seconds; ``QUACKS_BENCH_RELAY_ROOMS`` and
``QUACKS_BENCH_RELAY_SECONDS`` set the rooms and the seconds of a full run.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import struct
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from ..content.loader import default_catalogue
from ..content.rules_hash import rules_hash
from ..net.client import Client
from ..net.host import Host
from ..net.relay import MAGIC, Relay, read_line
from ..net.relay_link import check_answer, open_relayed
from ..net.room import Room
from ..rules.config import GameConfig
from ..session.setup import REMOTE, SeatSpec
from .bench_groups import Figures, Options, Target, group
from .bench_net import percentile

ROOMS = 200
SECONDS = 60.0
GAME_SECONDS = 60.0  # one replay of the recorded game, in the load run
FORWARD_P99_MS = 20.0  # issue 33: a frame through the relay, p99, 200 rooms on loopback
LOOP = "127.0.0.1"
HEADER = struct.Struct("!Id")  # a frame: its length (after these 4 bytes) and its send time
UP, DOWN = 0, 1  # joiner to host, host to joiner

RELAY_TARGETS = (
    Target("forward_ms.p99", "<=", FORWARD_P99_MS,
           "a frame of a replayed game from sender to receiver through the relay, p99, 200 rooms on loopback"),
)

Recording = list[tuple[float, int, int]]  # (seconds from the start, UP or DOWN, bytes)


# --- the recording


async def record_game() -> Recording:
    """The traffic of one served game (module docstring), through a proxy that notes every chunk."""
    cat = default_catalogue()
    seats = (SeatSpec("Guest", "amber", REMOTE), SeatSpec("Easy bot", "teal", "easy"))
    room = Room(cat, GameConfig(seats=tuple(s.name for s in seats)), seats)
    room.rules = rules_hash()
    host = Host(room)
    port = await host.start(LOOP, 0)
    noted: Recording = []
    start = time.perf_counter()

    async def proxy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_r, up_w = await asyncio.open_connection(LOOP, port)

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter, way: int) -> None:
            while data := await src.read(65536):
                noted.append((time.perf_counter() - start, way, len(data)))
                dst.write(data)
                await dst.drain()
            dst.close()

        await asyncio.gather(pump(reader, up_w, UP), pump(up_r, writer, DOWN), return_exceptions=True)

    server = await asyncio.start_server(proxy, LOOP, 0)
    proxy_port = int(next(iter(server.sockets)).getsockname()[1])
    client = Client(LOOP, proxy_port, name="Guest", join_secret=room.join_secret.hex(), catalogue=cat,
                    level="easy")
    await asyncio.wait_for(client.run(), 300)
    await host.close()
    server.close()
    return noted


# --- the relay's process


def relay_process(conn: Connection, rooms: int) -> None:
    """The relay (a process of its own): sends its port, serves until told to stop, then sends its CPU seconds and
    counts."""

    async def serve() -> None:
        relay = Relay(max_rooms=rooms + 10, max_connections=4 * rooms + 100, rate=1e6, burst=1e6)
        conn.send(await relay.start(LOOP, 0))
        start = time.process_time()
        await asyncio.to_thread(conn.recv)
        cpu = time.process_time() - start
        await relay.close()
        conn.send({"cpu": cpu, "counts": relay.counts})

    asyncio.run(serve())


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (Linux: /proc; 0 elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


# --- the rooms


class Load:
    """The rooms of one run and what their frames took."""

    def __init__(self, recording: Recording, port: int, seconds: float, game_seconds: float) -> None:
        self.port = port
        self.seconds = seconds
        span = max(t for t, _, _ in recording) or 1.0
        scale = game_seconds / span
        self.steps = [(t * scale, way, max(HEADER.size, n)) for t, way, n in recording]
        self.game_seconds = game_seconds
        self.forward: list[float] = []
        self.frames = 0
        self.problems: list[str] = []
        self.end = 0.0

    async def room(self, n: int, ready: asyncio.Event, go: asyncio.Event) -> None:
        rid = f"{n:032x}"
        control_r, control_w = await asyncio.open_connection(LOOP, self.port)
        control_w.write(f"{MAGIC} HOST {rid} {'b' * 32}\n".encode())
        check_answer(await read_line(control_r, 30))
        joiner_task = asyncio.create_task(open_relayed(LOOP, self.port, rid, 30))
        line = await read_line(control_r, 30)
        number = (line or "").split(" ")[1]
        host_r, host_w = await asyncio.open_connection(LOOP, self.port)
        host_w.write(f"{MAGIC} ACCEPT {rid} {number}\n".encode())
        check_answer(await read_line(host_r, 30))
        join_r, join_w = await asyncio.open_connection(sock=await joiner_task)
        ready.set()
        await go.wait()
        offset = random.Random(n).uniform(0, self.game_seconds)
        try:
            await asyncio.gather(self.send(join_w, UP, offset), self.send(host_w, DOWN, offset),
                                 self.receive(host_r), self.receive(join_r))
        finally:
            for w in (control_w, host_w, join_w):
                w.close()

    async def send(self, writer: asyncio.StreamWriter, way: int, offset: float) -> None:
        """This side's frames of the game, looped from ``offset`` seconds in, until the run's end; then EOF."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        begin = now - offset
        mine = [(t, n) for t, w, n in self.steps if w == way]
        turn = 0
        while mine and loop.time() < self.end:  # each turn one frame; at most the run's seconds
            i = turn % len(mine)
            due = begin + (turn // len(mine)) * self.game_seconds + mine[i][0]
            turn += 1
            if due < now:  # the part of the first replay before the room's starting point
                continue
            if due > loop.time():
                await asyncio.sleep(min(due, self.end) - loop.time())
                if loop.time() >= self.end:
                    break
            size = mine[i][1]
            writer.write(HEADER.pack(size - 4, time.perf_counter()) + bytes(size - HEADER.size))
            await writer.drain()
        writer.write_eof()

    async def receive(self, reader: asyncio.StreamReader) -> None:
        while True:  # each turn one frame, until the sender's EOF
            try:
                head = await reader.readexactly(HEADER.size)
            except asyncio.IncompleteReadError:
                return
            size, sent = HEADER.unpack(head)
            await reader.readexactly(size - (HEADER.size - 4))
            self.forward.append(1000.0 * (time.perf_counter() - sent))
            self.frames += 1


async def load_run(recording: Recording, port: int, rooms: int, seconds: float, game_seconds: float,
                   measure: Callable[[], int]) -> tuple[Load, int]:
    """Open every room, replay for ``seconds``; the load and the relay's memory with every room open (KiB)."""
    load = Load(recording, port, seconds, game_seconds)
    go = asyncio.Event()
    readies = [asyncio.Event() for _ in range(rooms)]
    tasks = []
    for n in range(rooms):  # opened a few at a time: the relay's accept queue is not the figure measured
        tasks.append(asyncio.create_task(load.room(n, readies[n], go)))
        if n % 20 == 19:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in readies)), 120)
    loaded = measure()
    load.end = asyncio.get_running_loop().time() + seconds
    go.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    load.problems = sorted({f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)})
    return load, int(loaded)


def relay_load(rooms: int = ROOMS, seconds: float = SECONDS, game_seconds: float = GAME_SECONDS) -> Figures:
    """The run of the module docstring; its figures."""
    recording = asyncio.run(record_game())
    ctx = multiprocessing.get_context("spawn")
    end, child = ctx.Pipe()
    proc = ctx.Process(target=relay_process, args=(child, rooms), name="bench-relay")
    proc.start()
    try:
        if not end.poll(60):
            return {"error": ["the relay did not start"]}
        port = end.recv()
        pid = proc.pid or 0
        time.sleep(0.2)
        idle = rss_kib(pid)
        started = time.perf_counter()
        load, loaded = asyncio.run(load_run(recording, port, rooms, seconds, game_seconds,
                                            lambda: rss_kib(pid)))
        wall = time.perf_counter() - started
        end.send("stop")
        if not end.poll(60):
            return {"error": ["the relay did not stop"]}
        relayed = end.recv()
    finally:
        proc.join(10)
        if proc.is_alive():
            proc.kill()
    if not load.forward:
        return {"error": ["no frame went through the relay"] + load.problems}
    f = load.forward
    return {
        "rooms": rooms,
        "seconds": seconds,
        "game_seconds": game_seconds,
        "recorded": {"chunks": len(recording), "bytes": sum(n for _, _, n in recording),
                     "up_chunks": sum(1 for _, w, _ in recording if w == UP)},
        "frames": load.frames,
        "frames_per_s": round(load.frames / seconds, 1),
        "forward_ms": {"p50": round(percentile(f, 0.5), 3), "p99": round(percentile(f, 0.99), 3),
                       "max": round(max(f), 3)},
        "relay_rss_kib": {"idle": idle, "loaded": loaded},
        "relay_rss_kib_per_room": round((loaded - idle) / rooms, 1) if idle and loaded else None,
        "relay_cpu_percent": round(100.0 * relayed["cpu"] / wall, 1),
        "relay_bytes": relayed["counts"]["bytes"],
        "problems": load.problems,
    }


@group("relay", RELAY_TARGETS, "the relay under load: rooms replaying a recorded game on loopback")
def relay(opts: Options) -> Figures:
    """Rooms replaying a recorded game through the relay (module docstring)."""
    rooms = int(os.environ.get("QUACKS_BENCH_RELAY_ROOMS", 20 if opts.quick else ROOMS))
    seconds = float(os.environ.get("QUACKS_BENCH_RELAY_SECONDS", 5.0 if opts.quick else SECONDS))
    opts.say(f"relay: {rooms} rooms replaying a recorded game through the relay for {seconds:g} s ...")
    return relay_load(rooms, seconds, min(GAME_SECONDS, seconds) if opts.quick else GAME_SECONDS)
