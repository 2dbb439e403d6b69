"""``python -m quacks simulate``: seeded tournaments between bot levels with duplicate seating.

Each deal (a seed for every chance stream) is played once per rotation of the seats, so every level sits in
every position with the same luck (the chance streams belong to seat positions, not to bots).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import random
import sys
import time
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import islice
from typing import NotRequired, TypedDict

from ..ai.levels import LEVELS
from ..content.loader import default_catalogue
from ..rules.chips import SET_COLOURS, Colour
from ..rules.config import GameConfig
from ..rules.kinds import Phase
from ..session.match import PLAYER_COLOURS, Match, MatchSetup, SeatSpec

_STEP = math.log(1.02)
_FLOOR = 1e-6


class Times:
    """Decision times in logarithmic bins (2% wide): percentiles in constant memory, however many games."""

    STEP = _STEP
    FLOOR = _FLOOR  # seconds: the lowest bin
    #: the upper edge of every bin (bin 0: up to FLOOR; bin b: up to FLOOR * 1.02^b), up to 1000 s
    EDGES = [_FLOOR * math.exp(b * _STEP) for b in range(int(math.log(1e9) / _STEP) + 2)]

    def __init__(self) -> None:
        self.bins: Counter[int] = Counter()
        self.n = 0
        self.total = 0.0
        self.max = 0.0

    def add(self, seconds: float) -> None:
        self.add_all([seconds])

    def add_all(self, times: list[float]) -> None:
        """Many times at once (binned in C: ``bisect`` over the bin edges, counted by ``Counter``)."""
        if not times:
            return
        self.bins.update(map(partial(bisect_left, self.EDGES), times))
        self.n += len(times)
        self.total += sum(times)
        top = max(times)
        if top > self.max:
            self.max = top

    def merge(self, other: Times) -> None:
        self.bins.update(other.bins)
        self.n += other.n
        self.total += other.total
        self.max = max(self.max, other.max)

    def percentile(self, q: float) -> float:
        """The upper edge of the bin that holds the q-quantile (at most 2% above the true value)."""
        if not self.n:
            return 0.0
        need = max(1, math.ceil(q * self.n))
        seen = 0
        for b in sorted(self.bins):
            seen += self.bins[b]
            if seen >= need:
                return min(self.max, self.FLOOR * math.exp(b * self.STEP))
        return self.max


@dataclass
class SeatResult:
    level: str
    score: int
    win: float  # 1 for a sole win, 1/k for a k-way shared win, else 0
    explosions: int
    brews: int


@dataclass
class LevelStats:
    """Everything ``summarise`` needs about one level, added up game by game (constant memory)."""

    seats: int = 0
    wins: float = 0.0
    score: int = 0
    explosions: int = 0
    brews: int = 0
    draw_times: Times = field(default_factory=Times)
    other_times: Times = field(default_factory=Times)

    def merge(self, o: LevelStats) -> None:
        self.seats += o.seats
        self.wins += o.wins
        self.score += o.score
        self.explosions += o.explosions
        self.brews += o.brews
        self.draw_times.merge(o.draw_times)
        self.other_times.merge(o.other_times)


def parse_books(spec: str, rng: random.Random) -> dict[Colour, int]:
    """``1``-``4``, ``random``/``mix`` (a random set per colour), or ``green=1,blue=3,red=2,yellow=4,purple=1``."""
    if spec in ("1", "2", "3", "4"):
        return {c: int(spec) for c in SET_COLOURS}
    if spec in ("random", "mix"):
        return {c: rng.randint(1, 4) for c in SET_COLOURS}
    out = {}
    for part in spec.split(","):
        k, _, v = part.partition("=")
        out[Colour(k.strip())] = int(v)
    missing = [c.value for c in SET_COLOURS if c not in out]
    if missing:
        raise ValueError(f"--books mix lacks {', '.join(missing)}")
    return out


def bot_setup(config: GameConfig, levels: Sequence[str], seed: int) -> MatchSetup:
    """The match of a simulated game: one bot per seat, named after its level."""
    seats = tuple(SeatSpec(name, PLAYER_COLOURS[i % len(PLAYER_COLOURS)], lv)
                  for i, (name, lv) in enumerate(zip(config.seats, levels)))
    return MatchSetup(config, seats, seed)


def play_game(config: GameConfig, levels: Sequence[str], seed: int,
              stats: dict[str, LevelStats] | None = None) -> list[SeatResult]:
    """One full game of bots, exactly as at the table (the same match, stir ticks and seeding); explosions
    counted per round; decision times added to ``stats``."""
    results = [SeatResult(lv, 0, 0.0, 0, 0) for lv in levels]
    m = play_match(config, levels, seed, stats, results)
    g = m.game
    ranking = g.ranking() or []
    top = ranking[0] if ranking else []
    for i, s in enumerate(g.seats):
        results[i].score = s.score
        results[i].win = 1.0 / len(top) if i in top else 0.0
    return results


def play_match(config: GameConfig, levels: Sequence[str], seed: int, stats: dict[str, LevelStats] | None = None,
               results: list[SeatResult] | None = None, *, events: bool = False) -> Match:
    """Play a match of bots to its end (``results``: explosions and brews are counted round by round)."""
    m = Match(default_catalogue(), bot_setup(config, levels, seed), events=events, keep_record=events)
    g = m.game
    times: list[tuple[list[float], list[float]]] = []
    if stats is not None:
        times = [([], []) for _ in levels]  # this game's draw/stop and other decision times, per seat
        m.bot_times = times
    watch = None
    if results is not None:
        seats = g.seats
        counted = [0]  # the last round whose explosions were counted
        after = (Phase.EVALUATION, Phase.SHOPPING)

        def watch() -> None:  # once a round, when its brews are over: who exploded
            if counted[0] != g.round and g.phase in after:
                counted[0] = g.round
                for i, s in enumerate(seats):
                    results[i].brews += 1
                    results[i].explosions += int(s.exploded)

        watch()
    m.run_until_human(200_000, watch)
    if not g.over:
        raise RuntimeError(f"game {seed} stalled: {g.describe_waiting()}")
    if stats is not None:
        for lv, (draw, other) in zip(levels, times):
            st = stats.setdefault(lv, LevelStats())
            st.draw_times.add_all(draw)
            st.other_times.add_all(other)
    return m


@dataclass(frozen=True)
class Job:
    deal: int
    seed: int
    levels: tuple[str, ...]
    books: str
    pot: str
    fortunes: bool


def deals(levels: Sequence[str], games: int, seed: int, books: str, pot: str, fortunes: bool) -> Iterator[Job]:
    """The jobs of ``games`` games, made one at a time as they are taken (memory flat in the number of games):
    each deal once per rotation of the seats."""
    n = len(levels)
    made = 0
    for d in range(max(1, math.ceil(games / n))):
        for k in range(n):
            if made >= games:
                return
            rotated = tuple(levels[(i + k) % n] for i in range(n))
            yield Job(d, seed * 1_000_003 + d, rotated, books, pot, fortunes)
            made += 1


def in_chunks(jobs: Iterable[Job], size: int) -> Iterator[list[Job]]:
    """``jobs`` in lists of ``size`` (the last may be shorter), each made when it is taken."""
    it = iter(jobs)
    while chunk := list(islice(it, size)):
        yield chunk


_NO_DRAW = random.Random(0)  # parse_books draws nothing for fixed books


def run_job(job: Job, stats: dict[str, LevelStats] | None = None) -> list[SeatResult]:
    # the books' generator is made only if the books are drawn at random (a string seed is slow to make)
    rng = random.Random(f"{job.seed}:config") if job.books in ("random", "mix") else _NO_DRAW
    books = parse_books(job.books, rng)
    cfg = GameConfig(
        seats=tuple(f"{lv}-{i}" for i, lv in enumerate(job.levels)), books=books, variant=job.pot,
        fortunes=job.fortunes,
    )
    return play_game(cfg, job.levels, job.seed, stats)


def _run_chunk(jobs: list[Job]) -> tuple[int, dict[str, LevelStats]]:
    """Play some games and add them up (only the sums travel back from a worker process)."""
    stats: dict[str, LevelStats] = {}
    for j in jobs:
        for r in run_job(j, stats):
            st = stats.setdefault(r.level, LevelStats())
            st.seats += 1
            st.wins += r.win
            st.score += r.score
            st.explosions += r.explosions
            st.brews += r.brews
    return len(jobs), stats


class DecisionMs(TypedDict):
    """A level's decision times in milliseconds (wall clock)."""

    draw_p99: float
    other_p99: float
    mean: float
    draw_max: float
    other_max: float


class LevelSummary(TypedDict):
    seats: int
    win_rate: float
    ci95: list[float]
    mean_vp: float
    explosion_rate: float
    decision_ms: DecisionMs


class Summary(TypedDict):
    """What ``simulate`` prints with ``--json``."""

    games: int
    seconds: float
    games_per_second: float
    levels: dict[str, LevelSummary]
    args: NotRequired[dict[str, object]]  # the command's arguments (the command line adds them)


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(games: int, stats: dict[str, LevelStats], seconds: float) -> Summary:
    levels: dict[str, LevelSummary] = {}
    for lv, st in stats.items():
        n = st.seats
        p = st.wins / n if n else 0.0
        d, o = st.draw_times, st.other_times
        timed = d.n + o.n
        levels[lv] = {
            "seats": n,
            "win_rate": round(p, 4),
            "ci95": [round(x, 4) for x in wilson(p, n)],
            "mean_vp": round(st.score / n, 2) if n else 0.0,
            "explosion_rate": round(st.explosions / st.brews, 4) if st.brews else 0.0,
            "decision_ms": {
                "draw_p99": round(d.percentile(0.99) * 1000, 3),
                "other_p99": round(o.percentile(0.99) * 1000, 3),
                "mean": round((d.total + o.total) / timed * 1000, 3) if timed else 0.0,
                "draw_max": round(d.max * 1000, 3),
                "other_max": round(o.max * 1000, 3),
            },
        }
    return {"games": games, "seconds": round(seconds, 2),
            "games_per_second": round(games / seconds, 1) if seconds else 0.0, "levels": levels}


def simulate(levels: Sequence[str], games: int, seed: int, books: str = "1", pot: str = "standard",
             jobs: int = 1, fortunes: bool = True, progress: bool = True) -> Summary:
    for lv in levels:
        if lv not in LEVELS:
            raise ValueError(f"unknown level {lv!r}; levels: {', '.join(LEVELS)}")
    total = max(0, games)  # deals() makes exactly this many jobs
    chunk = max(1, min(50, total // (jobs * 8) or 1))
    # made as the games are played: a worker pool is fed from the generator (its task queue holds a few
    # chunks at a time), so 3,000,000 games need no more memory than 3,000
    chunks = in_chunks(deals(levels, games, seed, books, pot, fortunes), chunk)
    totals: dict[str, LevelStats] = {}
    done = 0
    t0 = time.perf_counter()

    def add(part: tuple[int, dict[str, LevelStats]]) -> None:
        nonlocal done
        done += part[0]
        for lv, st in part[1].items():
            totals.setdefault(lv, LevelStats()).merge(st)
        if progress:
            width = 30
            filled = int(width * done / max(1, total))
            rate = done / max(1e-9, time.perf_counter() - t0)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games {rate:.0f}/s")
            sys.stderr.flush()

    if jobs <= 1:
        for c in chunks:
            add(_run_chunk(c))
    else:
        ctx = mp.get_context("fork") if sys.platform != "win32" else mp.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            for part in pool.imap_unordered(_run_chunk, chunks):
                add(part)
    if progress:
        sys.stderr.write("\n")
    return summarise(done, totals, time.perf_counter() - t0)


def format_table(summary: Summary) -> str:
    rows = [f"{summary['games']} games in {summary['seconds']} s ({summary['games_per_second']} games/s)", ""]
    head = f"{'level':<8} {'seats':>6} {'win rate':>9} {'95% CI':>17} {'mean VP':>8} {'exploded':>9} " \
           f"{'draw p99':>9} {'other p99':>10} {'mean ms':>8}"
    rows.append(head)
    rows.append("-" * len(head))
    for lv, d in summary["levels"].items():
        ms = d["decision_ms"]
        ci = f"[{d['ci95'][0]:.1%}, {d['ci95'][1]:.1%}]"
        rows.append(
            f"{lv:<8} {d['seats']:>6} {d['win_rate']:>9.1%} {ci:>17} {d['mean_vp']:>8.1f} "
            f"{d['explosion_rate']:>9.1%} {ms['draw_p99']:>7.2f}ms {ms['other_p99']:>8.2f}ms {ms['mean']:>6.2f}ms"
        )
    return "\n".join(rows)


def main(args: argparse.Namespace) -> int:
    levels = [x.strip() for x in args.seats.split(",") if x.strip()]
    if not 2 <= len(levels) <= 4:
        print("--seats needs 2 to 4 levels, e.g. hard,normal", file=sys.stderr)
        return 2
    try:
        parse_books(args.books, random.Random(0))
        summary = simulate(levels, args.games, args.seed, args.books, args.pot, args.jobs,
                           fortunes=args.fortunes != "off", progress=not args.quiet)
    except ValueError as e:
        print(f"simulate: {e}", file=sys.stderr)
        return 2
    summary["args"] = {"seats": levels, "games": args.games, "seed": args.seed, "books": args.books,
                       "pot": args.pot, "jobs": args.jobs}
    print(json.dumps(summary) if args.json else format_table(summary))
    return 0
