"""The engine's figures for ``python -m quacks bench``: the ``engine`` group (issue 12, items 3-5).

- ``games_per_s``: bot games a second by ``python -m quacks simulate`` (each run a process of its own; the same
  matches the table plays), 4 Normal and 4 Random seats on Set 1, with 1 and 2 worker processes (wall clock, as
  simulate reports it), and ``games_per_cpu_s`` for one process (games per second of its CPU time, start-up
  included: about what the machine would do for it alone; this machine is shared);
- ``decision_ms``: each level's decision times from ``simulate`` (p99 of draw/stop decisions and of the others,
  the largest), wall clock; for Hard also ``hard_cpu_ms``: its decisions in 4-Hard games and against Normal,
  timed in the CPU time of the deciding thread, so that a busy machine does not count;
- ``four_hard_game_s``: one game of four Hard bots (CPU seconds, and wall seconds);
- ``hard_win_rate``: Hard's share of wins against Normal on Set 1 (seed 1), 2 seats and 4 seats (Hard in one);
- ``compiled_engine``, ``games_per_s_compiled`` and ``compiled_speedup``: whether the optional compiled engine
  is built (``python3 run.py accelerate``), and if so the same games a second with it (``QUACKS_ACCEL=1``) and
  how many times the plain figure that is (its target: 2.2 times, 4 Normal, --jobs 2; without a build it is
  missing and the check says so);
- ``simulate_memory``: the resident memory of a ``simulate`` process of Random bots as it plays, and its growth
  per 1,000 games once it is under way (it must stay flat: simulate keeps sums, not games).

``--quick`` plays far fewer games (rough figures, for tests).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .. import accel
from ..ai.value_model import ValueModel
from ..content.loader import default_catalogue
from ..content.yamlfile import load_yaml
from ..resources import data_dir
from ..rules import game as engine_module
from ..rules.chips import SET_COLOURS
from ..rules.config import GameConfig
from ..session.match import Match
from .bench_groups import Options, Target, group
from .tournament import Summary, Times, bot_setup


class Simulated(Summary):
    """A ``simulate`` process's JSON summary, and the CPU seconds the process used."""

    cpu_seconds: float

ENGINE_TARGETS = (
    # The plain engine's figures are what its design gives (issue 20: the engine keeps its design; the compiled
    # engine is the one fast route), measured on a shared 2-core machine and set a little under what it did.
    Target("games_per_s.normal4_jobs2", ">=", 220.0, "4 Normal seats, games a second with --jobs 2"),
    Target("games_per_s.normal4_jobs1", ">=", 110.0, "4 Normal seats, games a second in one process"),
    Target("games_per_s.random4_jobs2", ">=", 420.0, "4 Random seats, games a second with --jobs 2"),
    Target("compiled_speedup.normal4_jobs2", ">=", 2.2, "compiled against plain engine, 4 Normal, --jobs 2"),
    Target("hard_cpu_ms.draw_p99", "<=", 20.0, "Hard's draw/stop decisions, p99 (CPU ms)"),
    Target("hard_cpu_ms.other_p99", "<=", 20.0, "Hard's other decisions (shop included), p99 (CPU ms)"),
    Target("hard_cpu_ms.max", "<=", 50.0, "Hard's slowest decision (CPU ms)"),
    Target("four_hard_game_s.cpu", "<=", 0.3, "one game of 4 Hard seats (CPU s)"),
    Target("hard_win_rate.seats2", ">=", 0.77, "Hard's wins against Normal, 2 seats, Set 1"),
    Target("hard_win_rate.seats4", ">=", 0.55, "Hard's wins against 3 Normal seats, Set 1"),
    Target("simulate_memory.growth_kb_per_1000_games", "<=", 64.0, "simulate's memory growth once under way"),
)


def _env() -> dict[str, str]:
    root = str(Path(__file__).resolve().parent.parent)
    return dict(os.environ, PYTHONPATH=root + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get(
        "PYTHONPATH") else ""))


def _simulate(levels: list[str], games: int, jobs: int, compiled: bool = False) -> Simulated:
    """``python -m quacks simulate`` in a process of its own (its JSON summary), and the CPU seconds it used.

    ``compiled``: with the optional compiled engine (``quacks/accel.py``); otherwise the plain modules.
    """
    env = _env()
    env.pop("QUACKS_ACCEL", None)
    if compiled:
        env["QUACKS_ACCEL"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([sys.executable, "-m", "quacks", "simulate", "--seats", ",".join(levels), "--games",
                        str(games), "--seed", "1", "--books", "1", "--jobs", str(jobs), "--json", "--quiet"],
                       env=env, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    summary: Simulated = json.loads(r.stdout)
    summary["cpu_seconds"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return summary


def _hard_cpu_times(four_hard_games: int, duel_games: int, level: str = "hard",
                    opponent: str = "normal") -> tuple[dict[str, float], dict[str, float]]:
    """``level``'s decisions (Hard's by default) timed in the deciding thread's CPU time, in games of four of it
    and in duels against ``opponent``; and the time of a game of four of it."""
    draw, other = Times(), Times()

    def play(levels: tuple[str, ...], seed: int) -> tuple[float, float]:
        cfg = GameConfig(seats=tuple(f"{lv}-{i}" for i, lv in enumerate(levels)), books={c: 1 for c in SET_COLOURS})
        hard = {i for i, lv in enumerate(levels) if lv == level}

        def timer(seat: int, brew: bool, seconds: float) -> None:
            if seat in hard:
                (draw if brew else other).add(seconds)

        w0, c0 = time.perf_counter(), time.process_time()
        m = Match(default_catalogue(), bot_setup(cfg, levels, seed), events=False, keep_record=False)
        m.clock = time.thread_time
        m.bot_timer = timer
        m.run_until_human()
        assert m.over
        return time.process_time() - c0, time.perf_counter() - w0

    cpu = wall = 0.0
    for k in range(four_hard_games):
        c, w = play((level,) * 4, 1_000_003 + k)
        cpu += c
        wall += w
    for k in range(duel_games):
        play((level, opponent) if k % 2 == 0 else (opponent, level), 2_000_003 + k)
    figures = {
        "draw_p99": round(draw.percentile(0.99) * 1000, 3), "other_p99": round(other.percentile(0.99) * 1000, 3),
        "draw_p50": round(draw.percentile(0.5) * 1000, 3), "other_p50": round(other.percentile(0.5) * 1000, 3),
        "max": round(max(draw.max, other.max) * 1000, 3), "decisions": draw.n + other.n,
    }
    n = max(1, four_hard_games)
    return figures, {"cpu": round(cpu / n, 4), "wall": round(wall / n, 4), "games": four_hard_games}


def _rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def simulate_memory(games: int, seats: str = "random,random,random,random") -> dict[str, object]:
    """Run ``python -m quacks simulate`` over ``games`` games and sample its resident memory as it goes (Linux)."""
    if not Path("/proc/self/status").exists():
        return {"error": "needs /proc (Linux)"}
    env = _env()
    cmd = [sys.executable, "-m", "quacks", "simulate", "--seats", seats, "--games", str(games), "--seed", "1",
           "--jobs", "1", "--json", "--quiet"]
    # no progress lines: a pipe read only at the end must not fill up (the child would wait on it)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    samples: list[tuple[float, int]] = []  # (seconds since the start, KB)
    t0 = time.monotonic()
    while proc.poll() is None:
        kb = _rss_kb(proc.pid)
        if kb is not None:
            samples.append((time.monotonic() - t0, kb))
        time.sleep(0.25)
    out, err = proc.communicate()
    if proc.returncode != 0 or not samples:
        return {"error": (err or out).strip().splitlines()[-1:] or [f"exit {proc.returncode}"]}
    seconds = time.monotonic() - t0
    rate = json.loads(out)["games_per_second"] if out.strip().startswith("{") else games / seconds
    # under way: from half the run on (imports, data, and the bounded caches of shop lists and tasks filling up
    # with the first games come before)
    started = [(t, kb) for t, kb in samples if t >= 1.0] or samples
    steady = [(t, kb) for t, kb in samples if t >= seconds * 0.5] or samples
    (t_a, kb_a), (t_b, kb_b) = steady[0], steady[-1]
    played = max(1.0, (t_b - t_a) * rate)
    return {"games": games, "seats": seats, "seconds": round(seconds, 1), "rss_kb_after_1s": started[0][1],
            "rss_kb_half_way": kb_a, "rss_kb_end": kb_b, "rss_kb_max": max(kb for _, kb in samples),
            "growth_kb_per_1000_games": round((kb_b - kb_a) / played * 1000, 2)}


#: games played for each figure: (normal jobs 1, normal jobs 2, random jobs 1, random jobs 2, 4-Hard games,
#: Hard-Normal duels timed, Hard-Normal 2 seats for the win rate, 4 seats, simulate's memory)
FULL = (1000, 2000, 2000, 4000, 10, 40, 4000, 4000, 20000)
QUICK = (100, 200, 200, 400, 2, 4, 100, 100, 2000)


@group("engine", ENGINE_TARGETS, "bot games a second, decision times, a 4-Hard game, Hard's win rates, memory")
def engine(opts: Options) -> dict[str, Any]:
    """Bot games a second (per level and jobs), decision times, a 4-Hard game, Hard's win rates, simulate's memory."""
    nn1, nn2, nr1, nr2, n_four, n_duel, n2, n4, m = QUICK if opts.quick else FULL
    out: dict[str, Any] = {"load_avg_1m": [round(os.getloadavg()[0], 2)] if hasattr(os, "getloadavg") else [],
                           "cpus": os.cpu_count(), "games_per_s": {}, "games_per_cpu_s": {}, "decision_ms": {}}
    for level, one_n, two_n in (("normal", nn1, nn2), ("random", nr1, nr2)):
        levels = [level] * 4
        opts.say(f"engine: 4 {level} seats, one process ({one_n} games) ...")
        one = _simulate(levels, one_n, 1)
        out["games_per_s"][f"{level}4_jobs1"] = one["games_per_second"]
        out["games_per_cpu_s"][f"{level}4_jobs1"] = round(one_n / one["cpu_seconds"], 1)  # startup included
        out["decision_ms"][level] = one["levels"][level]["decision_ms"]
        opts.say(f"engine: 4 {level} seats, --jobs 2 ({two_n} games) ...")
        out["games_per_s"][f"{level}4_jobs2"] = _simulate(levels, two_n, 2)["games_per_second"]
    build = accel.check()
    out["compiled_engine"] = {**build.summary(), "in_this_process": accel.is_compiled(engine_module)}
    if build.active:  # the optional compiled engine (python3 run.py accelerate): the same games, faster
        out["games_per_s_compiled"] = {}
        for level, one_n, two_n in (("normal", nn1, nn2), ("random", nr1, nr2)):
            opts.say(f"engine: 4 {level} seats, compiled, one process and --jobs 2 ...")
            for jobs, n in ((1, one_n), (2, two_n)):
                run = _simulate([level] * 4, n, jobs, compiled=True)
                out["games_per_s_compiled"][f"{level}4_jobs{jobs}"] = run["games_per_second"]
        plain, fast = out["games_per_s"], out["games_per_s_compiled"]
        out["compiled_speedup"] = {k: round(fast[k] / plain[k], 2) for k in fast if plain.get(k)}
    opts.say("engine: Hard's decisions and 4-Hard games ...")
    hard_ms, four = _hard_cpu_times(n_four, n_duel)
    out["hard_cpu_ms"] = hard_ms
    out["four_hard_game_s"] = four
    opts.say(f"engine: Hard against Normal, 2 seats ({n2} games) and 4 seats ({n4} games), --jobs 2 ...")
    duel = _simulate(["hard", "normal"], n2, 2)
    table = _simulate(["hard", "normal", "normal", "normal"], n4, 2)
    out["decision_ms"]["hard"] = duel["levels"]["hard"]["decision_ms"]
    out["hard_win_rate"] = {"seats2": duel["levels"]["hard"]["win_rate"], "seats2_ci95": duel["levels"]["hard"][
        "ci95"], "seats4": table["levels"]["hard"]["win_rate"], "seats4_ci95": table["levels"]["hard"]["ci95"],
        "games": [n2, n4]}
    opts.say(f"engine: simulate's memory over {m} games of Random bots ...")
    out["simulate_memory"] = simulate_memory(m)
    if hasattr(os, "getloadavg"):
        out["load_avg_1m"].append(round(os.getloadavg()[0], 2))
    return out


EXPERT_TARGETS = (
    Target("expert_cpu_ms.draw_p99", "<=", 50.0, "Expert's draw/stop decisions, p99 (CPU ms)"),
    Target("expert_cpu_ms.other_p99", "<=", 50.0, "Expert's other decisions (shop included), p99 (CPU ms)"),
    Target("expert_cpu_ms.max", "<=", 150.0, "Expert's slowest decision (CPU ms)"),
    Target("four_expert_game_s.wall", "<=", 2.0, "one game of 4 Expert seats (wall s)"),
    Target("expert_weights.kb", "<=", 200.0, "the Expert bot's weights file (KB)"),
    Target("expert_weights.load_ms", "<=", 50.0, "reading and checking the Expert bot's weights (ms)"),
)


@group("expert", EXPERT_TARGETS, "the Expert bot: decision times, a 4-Expert game, its weights' size and load time")
def expert(opts: Options) -> dict[str, Any]:
    """Expert's decisions in 4-Expert games and against Hard (CPU time of the deciding thread), a 4-Expert game,
    and its weights file: size, and the time to read and check it (the median of 9 reads)."""
    n_four, n_duel = (2, 2) if opts.quick else (12, 24)
    opts.say(f"expert: {n_four} games of 4 Expert seats and {n_duel} against Hard ...")
    ms, four = _hard_cpu_times(n_four, n_duel, "expert", "hard")
    path = data_dir() / "bots" / "expert.yaml"
    loads = []
    for _ in range(9):
        t0 = time.perf_counter()
        ValueModel.from_data(load_yaml(path))
        loads.append(time.perf_counter() - t0)
    loads.sort()
    return {"expert_cpu_ms": ms, "four_expert_game_s": four,
            "expert_weights": {"kb": round(path.stat().st_size / 1024, 1), "load_ms": round(loads[4] * 1000, 2)}}
