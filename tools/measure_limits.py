#!/usr/bin/env python3
"""Numbers behind two limits of issue 18 §4 (run it before and after a change; it prints, it asserts nothing).

    python tools/measure_limits.py fit 250 1000 20000   # ms to fit one word of N letters as a label
    python tools/measure_limits.py jobs 3000000 [JOBS]  # peak memory of simulate's jobs for N games

``fit``: ``Text.blit_fit`` of one word of N letters in a 220x60 box (a button), then ``Text.wrap`` of a text
that ends in it, each on a fresh text engine (nothing cached).

``jobs``: ``simulate`` with every game replaced by a no-op (each chunk of jobs is counted and dropped), so
what is measured is making and feeding the jobs: the peak resident memory of this process (and, with JOBS
above 1, of the pool's parent) over what it held before.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def fit(lengths: list[int]) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    from quacks.ui.text import Text

    box = pygame.Rect(0, 0, 220, 60)
    surface = pygame.Surface((400, 200))
    for n in lengths:
        t0 = time.perf_counter()
        Text().blit_fit(surface, "W" * n, box, "sans", 18)
        t1 = time.perf_counter()
        Text().wrap("Quacks " * (n // 7) + "W" * n, "serif", 16, 300)
        t2 = time.perf_counter()
        print(f"{n:>7} letters: blit_fit {1000 * (t1 - t0):10.1f} ms   wrap {1000 * (t2 - t1):10.1f} ms", flush=True)


def jobs(games: int, processes: int) -> None:
    import quacks.devtools.tournament as t
    from quacks.devtools.tournament import Job, LevelStats

    def nothing(chunk: list[Job]) -> tuple[int, dict[str, LevelStats]]:
        return len(chunk), {}

    t._run_chunk = nothing  # type: ignore[assignment]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    out = t.simulate(["hard", "normal"], games, 1, jobs=processes, progress=False)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    print(f"games={games} jobs={processes}: {out['games']} jobs made and fed, peak RSS {peak / 1024:.1f} MB "
          f"(+{(peak - before) / 1024:.1f} MB), {time.perf_counter() - t0:.1f} s")


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "fit":
        fit([int(a) for a in argv[1:]])
        return 0
    if len(argv) in (2, 3) and argv[0] == "jobs":
        jobs(int(argv[1]), int(argv[2]) if len(argv) == 3 else 1)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
