"""``python -m quacks bench-ui``: frame times of the table mid-game (4 seats, full pots, motion running).

Prints percentiles of the time to update and draw a frame and flip it (under the SDL dummy driver unless a
display is set), or one JSON object with ``--json``.
"""

from __future__ import annotations

import json
import os
import random
import time
from typing import Any


def _midgame_match(seed: int = 11) -> Any:
    from ..content.loader import default_catalogue
    from ..rules.chips import SET_COLOURS
    from ..rules.config import GameConfig
    from ..rules.kinds import Phase
    from ..session.match import Match, MatchSetup, SeatSpec

    names = ("Ada", "Bertram", "Clara", "Dietrich")
    cfg = GameConfig(seats=names, books={c: 2 for c in SET_COLOURS})
    setup = MatchSetup(cfg, tuple(SeatSpec(n, c, "normal") for n, c in zip(names, ("amber", "teal", "plum", "moss"))),
                       seed)
    m = Match(default_catalogue(), setup)
    # play bots until round 7 is being brewed and every pot holds several chips
    for _ in range(100_000):
        g = m.game
        if g.round >= 7 and g.phase == Phase.BREWING and all(len(s.pot) >= 6 for s in g.seats):
            break
        if not m.advance():
            break
    return m


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))]


def run(size: tuple[int, int] = (1920, 1080), frames_n: int = 600, as_json: bool = False,
        full_present: bool = False) -> dict[str, Any]:
    if "DISPLAY" not in os.environ and "WAYLAND_DISPLAY" not in os.environ:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import warnings

    warnings.filterwarnings("ignore", message="no fast renderer available")
    import pygame

    from ..storage.settings import Settings
    from .anim import Animator
    from .app import App
    from .table.frames import FrameCache, moving_regions
    from .table.view import TableView, ViewState

    settings = Settings(pace="instant", show_risk=True)
    app = App(settings, size=size, headless=os.environ.get("SDL_VIDEODRIVER") == "dummy")
    match = _midgame_match()
    g = match.game
    # the table's own view, animator and partial redraws, fed by a scripted match that stands still
    view = TableView(match.setup)
    anim = Animator(view, settings)
    frames = FrameCache()
    st = ViewState(focus=0, show_risk=True, reasons={i: match.reason(i) for i in match.bots})
    rng = random.Random(5)
    times: list[float] = []
    draw_times: list[float] = []
    for i in range(frames_n + 30):
        if i % 24 == 0:
            # keep motion running: a chip into every pot each 0.4 s; an explosion, the die and a marker each 1.6 s
            anim.demo(g, rng, heavy=i % 96 == 0)
        pygame.event.pump()
        t0 = time.perf_counter()
        anim.update(1 / 60)
        t1 = time.perf_counter()
        rects = frames.draw(app.screen, (g.version, st.focus), anim, lambda s: view.draw(s, g, st, anim),
                            lambda a: moving_regions(view, a))
        t2 = time.perf_counter()
        app.present(None if full_present else rects)  # as the game loop does: only what changed, unless --full
        t3 = time.perf_counter()
        if i >= 30:  # warm-up: caches of text and pictures
            times.append(t3 - t0)
            draw_times.append(t2 - t1)
    out = {
        "size": f"{size[0]}x{size[1]}",
        "frames": len(times),
        "driver": os.environ.get("SDL_VIDEODRIVER", "default"),
        "p50_ms": round(percentile(times, 0.5) * 1000, 3),
        "p90_ms": round(percentile(times, 0.9) * 1000, 3),
        "p99_ms": round(percentile(times, 0.99) * 1000, 3),
        "max_ms": round(max(times) * 1000, 3),
        "draw_p99_ms": round(percentile(draw_times, 0.99) * 1000, 3),
        "mean_fps_if_unthrottled": round(len(times) / sum(times), 1),
        "animations": True,
        "present": "full" if full_present else "changed regions",
    }
    pygame.quit()
    return out


def main(args: Any) -> int:
    w, h = (int(x) for x in args.size.lower().split("x"))
    out = run((w, h), args.frames, full_present=getattr(args, "full", False))
    if args.json:
        print(json.dumps(out))
    else:
        print(f"bench-ui {out['size']} ({out['driver']} driver, {out['present']} presented), {out['frames']} frames "
              "of a 4-seat table mid-game")
        print(f"  frame time  p50 {out['p50_ms']} ms   p90 {out['p90_ms']} ms   p99 {out['p99_ms']} ms   "
              f"max {out['max_ms']} ms")
        print(f"  draw only   p99 {out['draw_p99_ms']} ms;  unthrottled {out['mean_fps_if_unthrottled']} fps")
    return 0
