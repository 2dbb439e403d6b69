"""The served match's figures for ``python -m quacks bench``: the ``net`` group (issue 21).

One whole game on loopback: a host (``quacks.net.host.Host``) with 3 remote seats and a Normal bot, the host in a
thread with its own event loop, its 3 headless clients (``quacks.net.client.Client``) on this thread's loop.

- ``intent_to_all_views_ms``: for every intent the host carried out, the time from its client sending it
  (``Client.on_intent``) to the moment the last of the 3 clients had the event at the state it led to applied
  to its replica and checked (``Client.on_update``): p50, p99 and the largest, over the whole game;
- ``host_cpu_s_per_game``: the CPU time of the host's thread (``time.thread_time``) from listening to the game's
  end (the handshakes, every check, the bot's decisions, the views and the hashes it sends).

Host and clients share one process (and its interpreter lock), so the times are a little worse than across
computers. ``--quick`` plays the same game (it takes about a second).
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field

from .bench_groups import Figures, Options, Target, group
from .content.loader import default_catalogue
from .content.rules_hash import rules_hash
from .net import protocol as p
from .net.client import Client, ClientReport
from .net.host import Host
from .net.room import Room
from .rules.catalogue import Catalogue
from .rules.config import GameConfig
from .session.setup import REMOTE, SeatSpec

INTENT_P99_MS = 20.0  # issue 21: a client's intent to every client's view, on loopback
SEATS = (REMOTE, REMOTE, REMOTE, "normal")
GAME_TIMEOUT_S = 300.0

NET_TARGETS = (
    Target("intent_to_all_views_ms.p99", "<=", INTENT_P99_MS,
           "a client's intent to every client's view, p99 over a game on loopback (3 clients, 1 bot)"),
)


class TimedRoom(Room):
    """A room that notes, for each intent it carries out, the state number the game reached with it."""

    def __init__(self, catalogue: Catalogue, config: GameConfig, seats: tuple[SeatSpec, ...]) -> None:
        super().__init__(catalogue, config, seats)
        self.reached: dict[tuple[int, int], int] = {}  # (seat, state of the intent) -> the state it led to

    def act(self, seat: int, action_text: str, state: int) -> p.Error | None:
        error = super().act(seat, action_text, state)
        if error is None:
            self.reached[(seat, state)] = self.state
        return error


@dataclass
class Timings:
    """When each intent was sent, and when each client first held each state (``time.perf_counter``)."""

    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    seen: list[dict[int, float]] = field(default_factory=list)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def play_one_game() -> Figures:
    """The game of the module docstring; its figures."""
    cat = default_catalogue()
    names = tuple(f"Seat {i + 1}" for i in range(len(SEATS)))
    seats = tuple(SeatSpec(n, c, k) for n, c, k in zip(names, ("amber", "teal", "plum", "moss"), SEATS))
    room = TimedRoom(cat, GameConfig(seats=names), seats)
    room.rules = rules_hash()
    cpu: list[float] = []
    ready = threading.Event()
    port_box: list[int] = []
    problems: list[str] = []

    def host_thread() -> None:
        async def serve() -> None:
            start = time.thread_time()
            host = Host(room)
            port_box.append(await host.start("127.0.0.1", 0))
            ready.set()
            try:
                await asyncio.wait_for(host.stopped.wait(), GAME_TIMEOUT_S)
            except TimeoutError:
                problems.append("the game did not end in time")
            cpu.append(time.thread_time() - start)
            await asyncio.sleep(0.5)  # the last messages (the reveal) go out before the server closes
            await host.close()

        asyncio.run(serve())

    thread = threading.Thread(target=host_thread, name="bench-host", daemon=True)
    thread.start()
    if not ready.wait(30):
        return {"error": ["the host did not start"]}
    timings = Timings(seen=[{} for _ in SEATS])

    def on_intent(client: Client, intent: p.Intent) -> None:
        timings.sent[(intent.seat, intent.state)] = time.perf_counter()

    def on_update(client: Client) -> None:
        if client.replica is not None:
            timings.seen[client.seat].setdefault(client.replica.state, time.perf_counter())

    async def clients() -> list[ClientReport]:
        players = [Client("127.0.0.1", port_box[0], name=f"Guest {i + 1}", join_secret=room.join_secret.hex(),
                          seed=i) for i in range(SEATS.count(REMOTE))]
        for c in players:
            c.on_intent = on_intent
            c.on_update = on_update
        return list(await asyncio.wait_for(asyncio.gather(*(c.run() for c in players)), GAME_TIMEOUT_S))

    reports = asyncio.run(clients())
    thread.join(30)
    remote = [i for i, k in enumerate(SEATS) if k == REMOTE]
    latencies = []
    for key, reached in room.reached.items():
        seen = [timings.seen[s].get(reached) for s in remote]
        if key in timings.sent and all(t is not None for t in seen):
            latencies.append(1000.0 * (max(t for t in seen if t is not None) - timings.sent[key]))
    problems += [f"seat {r.seat + 1}: {e}" for r in reports for e in r.errors]
    problems += [f"seat {r.seat + 1}: the luck check failed" for r in reports if r.fair is None or not r.fair.ok]
    if not latencies or not cpu:
        return {"error": problems or ["no intent was timed"]}
    return {
        "seats": "3 remote clients, 1 Normal bot, loopback, one process",
        "intents": len(latencies),
        "intents_untimed": len(room.reached) - len(latencies),
        "states": room.state,
        "intent_to_all_views_ms": {"p50": round(percentile(latencies, 0.5), 2),
                                   "p99": round(percentile(latencies, 0.99), 2),
                                   "max": round(max(latencies), 2)},
        "host_cpu_s_per_game": round(cpu[0], 3),
        "problems": problems,
    }


@group("net", NET_TARGETS, "a served game on loopback: intent to every client's view, the host's CPU")
def net(opts: Options) -> Figures:
    """One whole served game on loopback (module docstring)."""
    opts.say("net: one game on loopback, 3 clients and a bot ...")
    return play_one_game()
