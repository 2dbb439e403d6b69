"""The served match's figures for ``python -m quacks bench``: the ``net`` group (issue 21).

One whole game on loopback: a host (``quacks.net.host.Host``) with 3 remote seats and a Normal bot, and its 3
headless clients (``quacks.net.client.Client``), each of the four a process of its own (as on four computers; in
one process the interpreter lock made the clients wait for the host and the other way round).

- ``intent_to_all_views_ms``: for every intent the host carried out, the time from its client sending it
  (``Client.on_intent``) to the moment the last of the 3 clients had the event at the state it led to applied
  to its replica and checked (``Client.on_update``): p50, p99 and the largest, over the whole game;
- ``host_cpu_s_per_game``: the CPU time of the host's process (``time.process_time``) from starting to listen to
  the game's end (the handshakes, every check, the bot's decisions, the views and the hashes it sends);
- ``intents_refused``: the clients' intents the host refused (a choice sent again, stale or illegal).

``--quick`` plays the same game (it takes a few seconds).
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import time
from multiprocessing.connection import Connection

from ..content.loader import default_catalogue
from ..content.rules_hash import rules_hash
from ..net import TURN_CLOCK
from ..net import protocol as p
from ..net.client import Client
from ..net.host import Host
from ..net.room import Room
from ..rules.catalogue import Catalogue
from ..rules.config import GameConfig
from ..session.setup import REMOTE, SeatSpec
from .bench_groups import Figures, Options, Target, group

INTENT_P99_MS = 20.0  # issue 21: a client's intent to every client's view, on loopback
SEATS = (REMOTE, REMOTE, REMOTE, "normal")
GAME_TIMEOUT_S = 300.0

NET_TARGETS = (
    Target("intent_to_all_views_ms.p99", "<=", INTENT_P99_MS,
           "a client's intent to every client's view, p99 over a game on loopback (3 clients, 1 bot)"),
)


class TimedRoom(Room):
    """A room that notes, for each intent it carries out, the state number the game reached with it."""

    def __init__(self, catalogue: Catalogue, config: GameConfig, seats: tuple[SeatSpec, ...],
                 turn_limit: int = 0) -> None:
        super().__init__(catalogue, config, seats, turn_limit=turn_limit)
        self.reached: dict[tuple[int, int], int] = {}  # (seat, state of the intent) -> the state it led to

    def act(self, seat: int, action_text: str, state: int) -> p.Error | None:
        error = super().act(seat, action_text, state)
        if error is None:
            self.reached[(seat, state)] = self.state
        return error


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def host_process(conn: Connection) -> None:
    """The host (a process of its own): sends ``(port, join secret)``, plays the game, then sends its CPU seconds
    and, for each intent carried out, ``(seat, state of the intent, state it led to)``."""
    async def serve() -> None:
        cat = default_catalogue()
        names = tuple(f"Seat {i + 1}" for i in range(len(SEATS)))
        seats = tuple(SeatSpec(n, c, k) for n, c, k in zip(names, ("amber", "teal", "plum", "moss"), SEATS))
        room = TimedRoom(cat, GameConfig(seats=names), seats, turn_limit=TURN_CLOCK)  # as a hosted game has it
        room.rules = rules_hash()
        start = time.process_time()  # the game's work, not loading the game's data
        host = Host(room)
        conn.send((await host.start("127.0.0.1", 0), room.join_secret.hex()))
        try:
            await asyncio.wait_for(host.stopped.wait(), GAME_TIMEOUT_S)
        except TimeoutError:
            conn.send({"error": "the game did not end in time"})
            return
        cpu = time.process_time() - start
        await asyncio.sleep(0.5)  # the last messages (the reveal) go out before the server closes
        await host.close()
        conn.send({"cpu": cpu, "states": room.state, "reached": [(s, a, b) for (s, a), b in room.reached.items()]})

    asyncio.run(serve())


def client_process(conn: Connection, port: int, join_secret: str, number: int) -> None:
    """One remote seat (a process of its own): plays until the luck check, then sends its seat, when it sent each
    intent (``(state, perf_counter)``), when it first held each state, and its problems."""
    sent: dict[int, float] = {}
    seen: dict[int, float] = {}

    def on_intent(client: Client, intent: p.Intent) -> None:
        sent[intent.state] = time.perf_counter()

    def on_update(client: Client) -> None:
        if client.replica is not None:
            seen.setdefault(client.replica.state, time.perf_counter())

    client = Client("127.0.0.1", port, name=f"Guest {number + 1}", join_secret=join_secret, seed=number)
    client.on_intent = on_intent
    client.on_update = on_update
    report = asyncio.run(asyncio.wait_for(client.run(), GAME_TIMEOUT_S))
    problems = [] if report.fair is not None and report.fair.ok else ["the luck check failed"]
    conn.send({"seat": report.seat, "sent": sent, "seen": seen, "problems": problems, "refused": report.errors})


def play_one_game() -> Figures:
    """The game of the module docstring, the host and each client a process of its own (``perf_counter`` is
    the machine's monotonic clock, the same in every process); its figures."""
    ctx = multiprocessing.get_context("spawn")
    host_end, host_child = ctx.Pipe()
    host = ctx.Process(target=host_process, args=(host_child,), name="bench-net-host")
    host.start()
    procs = [host]
    try:
        if not host_end.poll(60):
            return {"error": ["the host did not start"]}
        port, secret = host_end.recv()
        ends = []
        for i in range(SEATS.count(REMOTE)):
            end, child = ctx.Pipe()
            proc = ctx.Process(target=client_process, args=(child, port, secret, i), name=f"bench-net-client-{i}")
            proc.start()
            procs.append(proc)
            ends.append(end)
        clients = []
        for end in ends:
            if not end.poll(GAME_TIMEOUT_S + 60):
                return {"error": ["a client did not finish"]}
            clients.append(end.recv())
        if not host_end.poll(60):
            return {"error": ["the host did not finish"]}
        hosted = host_end.recv()
    finally:
        for proc in procs:
            proc.join(10)
            if proc.is_alive():
                proc.kill()
    if "error" in hosted:
        return {"error": [hosted["error"]]}
    sent = {(c["seat"], state): t for c in clients for state, t in c["sent"].items()}
    latencies = []
    for seat, state, reached in hosted["reached"]:
        seen = [c["seen"].get(reached) for c in clients]
        if (seat, state) in sent and all(t is not None for t in seen):
            latencies.append(1000.0 * (max(t for t in seen if t is not None) - sent[(seat, state)]))
    if not latencies:
        return {"error": ["no intent was timed"]}
    return {
        "seats": "3 remote clients, 1 Normal bot; loopback; the host and each client a process of its own",
        "intents": len(latencies),
        "intents_untimed": len(hosted["reached"]) - len(latencies),
        "intents_refused": sum(len(c["refused"]) for c in clients),
        "states": hosted["states"],
        "intent_to_all_views_ms": {"p50": round(percentile(latencies, 0.5), 2),
                                   "p99": round(percentile(latencies, 0.99), 2),
                                   "max": round(max(latencies), 2)},
        "host_cpu_s_per_game": round(hosted["cpu"], 3),
        "problems": [f"seat {c['seat'] + 1}: {e}" for c in clients for e in c["problems"]],
    }


@group("net", NET_TARGETS, "a served game on loopback: intent to every client's view, the host's CPU")
def net(opts: Options) -> Figures:
    """One whole served game on loopback (module docstring)."""
    opts.say("net: one game on loopback, 3 clients and a bot ...")
    return play_one_game()
