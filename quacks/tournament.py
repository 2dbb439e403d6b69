"""``python -m quacks simulate``: seeded tournaments between bot levels with duplicate seating.

Each deal (a seed for every chance stream) is played once per rotation of the seats, so every level sits in
every position with the same luck (the chance streams belong to seat positions, not to bots).
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .ai.levels import LEVELS, make_bot
from .content.loader import default_catalogue
from .rules.actions import DRAW
from .rules.chance import draw_from
from .rules.chips import CHIPS, SET_COLOURS, Colour
from .rules.config import GameConfig
from .rules.game import Game
from .rules.state import Chance
from .session.sampler import Sampler


@dataclass
class SeatResult:
    level: str
    score: int
    win: float  # 1 for a sole win, 1/k for a k-way shared win, else 0
    explosions: int
    brews: int
    draw_times: list[float] = field(default_factory=list)
    other_times: list[float] = field(default_factory=list)


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


def play_game(config: GameConfig, levels: Sequence[str], seed: int) -> list[SeatResult]:
    """One full game of bots; chance streams keyed by seat position; explosions counted per round."""
    g = Game(default_catalogue(), config, events=False, record=False)
    sampler = Sampler(seed)
    bots = [make_bot(lv) for lv in levels]
    rngs = [random.Random(f"{seed}:bot:{i}:{lv}") for i, lv in enumerate(levels)]
    results = [SeatResult(lv, 0, 0.0, 0, 0) for lv in levels]
    clock = time.perf_counter
    counted_round = 0
    steps = 0
    draw_streams = [sampler.stream("draw", i) for i in range(g.n)]
    draw_times = [r.draw_times for r in results]
    other_times = [r.other_times for r in results]
    seats = g.seats
    agenda = g.agenda
    while not g.over:
        steps += 1
        if steps > 100_000:
            raise RuntimeError(f"game {seed} stalled: {g.describe_waiting()}")
        if counted_round != g.round and g.phase in ("evaluation", "shopping"):
            counted_round = g.round
            for i, s in enumerate(seats):
                results[i].brews += 1
                results[i].explosions += int(s.exploded)
        if type(agenda[0]) is Chance:
            g.apply_chance(sampler.sample(g))
            continue
        seat, actions = g.next_decision()
        bot, rng = bots[seat], rngs[seat]
        t0 = clock()
        d = bot.decide(g, seat, actions, rng)
        dt = clock() - t0
        if actions[0] is DRAW:  # a draw/stop decision (brew_options lists draw first)
            draw_times[seat].append(dt)
            if d.action is DRAW:
                bag = seats[seat].bag
                g.draw(seat, CHIPS[draw_from(bag.raw(), bag.total, draw_streams[seat])])
                continue
        else:
            other_times[seat].append(dt)
        g.apply(seat, d.action)
    ranking = g.ranking() or []
    top = ranking[0] if ranking else []
    for i, s in enumerate(g.seats):
        results[i].score = s.score
        results[i].win = 1.0 / len(top) if i in top else 0.0
    return results


@dataclass(frozen=True)
class Job:
    deal: int
    seed: int
    levels: tuple[str, ...]
    books: str
    pot: str
    fortunes: bool


def deals(levels: Sequence[str], games: int, seed: int, books: str, pot: str, fortunes: bool) -> list[Job]:
    n = len(levels)
    jobs: list[Job] = []
    n_deals = max(1, math.ceil(games / n))
    for d in range(n_deals):
        for k in range(n):
            if len(jobs) >= games:
                break
            rotated = tuple(levels[(i + k) % n] for i in range(n))
            jobs.append(Job(d, seed * 1_000_003 + d, rotated, books, pot, fortunes))
    return jobs


def run_job(job: Job) -> list[SeatResult]:
    rng = random.Random(f"{job.seed}:config")
    books = parse_books(job.books, rng)
    cfg = GameConfig(
        seats=tuple(f"{lv}-{i}" for i, lv in enumerate(job.levels)), books=books, variant=job.pot,
        fortunes=job.fortunes,
    )
    return play_game(cfg, job.levels, job.seed)


def _run_chunk(jobs: list[Job]) -> list[list[SeatResult]]:
    return [run_job(j) for j in jobs]


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[i]


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(all_results: list[list[SeatResult]], seconds: float) -> dict[str, Any]:
    by_level: dict[str, list[SeatResult]] = {}
    for game in all_results:
        for r in game:
            by_level.setdefault(r.level, []).append(r)
    levels: dict[str, Any] = {}
    for lv, rs in by_level.items():
        n = len(rs)
        wins = sum(r.win for r in rs)
        p = wins / n
        draws = [t for r in rs for t in r.draw_times]
        others = [t for r in rs for t in r.other_times]
        alltimes = draws + others
        brews = sum(r.brews for r in rs)
        levels[lv] = {
            "seats": n,
            "win_rate": round(p, 4),
            "ci95": [round(x, 4) for x in wilson(p, n)],
            "mean_vp": round(sum(r.score for r in rs) / n, 2),
            "explosion_rate": round(sum(r.explosions for r in rs) / brews, 4) if brews else 0.0,
            "decision_ms": {
                "draw_p99": round(percentile(draws, 0.99) * 1000, 3),
                "other_p99": round(percentile(others, 0.99) * 1000, 3),
                "mean": round((sum(alltimes) / len(alltimes)) * 1000, 3) if alltimes else 0.0,
                "draw_max": round(max(draws, default=0.0) * 1000, 3),
                "other_max": round(max(others, default=0.0) * 1000, 3),
            },
        }
    return {"games": len(all_results), "seconds": round(seconds, 2),
            "games_per_second": round(len(all_results) / seconds, 1) if seconds else 0.0, "levels": levels}


def simulate(levels: Sequence[str], games: int, seed: int, books: str = "1", pot: str = "standard",
             jobs: int = 1, fortunes: bool = True, progress: bool = True) -> dict[str, Any]:
    for lv in levels:
        if lv not in LEVELS:
            raise ValueError(f"unknown level {lv!r}; levels: {', '.join(LEVELS)}")
    work = deals(levels, games, seed, books, pot, fortunes)
    chunk = max(1, min(50, len(work) // (jobs * 8) or 1))
    chunks = [work[i:i + chunk] for i in range(0, len(work), chunk)]
    results: list[list[SeatResult]] = []
    t0 = time.perf_counter()

    def tick() -> None:
        if progress:
            done = len(results)
            width = 30
            filled = int(width * done / len(work))
            rate = done / max(1e-9, time.perf_counter() - t0)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{len(work)} games {rate:.0f}/s")
            sys.stderr.flush()

    if jobs <= 1:
        for c in chunks:
            results += _run_chunk(c)
            tick()
    else:
        import multiprocessing as mp

        ctx = mp.get_context("fork") if sys.platform != "win32" else mp.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            for part in pool.imap_unordered(_run_chunk, chunks):
                results += part
                tick()
    if progress:
        sys.stderr.write("\n")
    return summarise(results, time.perf_counter() - t0)


def format_table(summary: dict[str, Any]) -> str:
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


def main(args: Any) -> int:
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
