"""``python -m quacks bench-ui``: frame times of the table mid-game (4 seats, full pots, motion running).

Prints percentiles of the time to update and draw a frame and show it in the window (in a real window when a
display is set, else under the SDL dummy driver), or one JSON object with ``--json``. :func:`run_resize`
times the frames right after the window changed size (each one drawn and shown whole). ``python -m quacks
bench`` runs both, for every window size it measures.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import pygame

from ...content.loader import default_catalogue
from ...rules.chips import SET_COLOURS
from ...rules.config import GameConfig
from ...rules.game import Game
from ...rules.kinds import Phase
from ...session.match import Match, MatchSetup, SeatSpec
from ...storage.settings import Settings
from ...ui import theme as T
from ...ui.anim import DIE, FLIGHT, FLOAT, SHAKE, Anim, Animator, Motion
from ...ui.app import App
from ...ui.motion_paths import slide_time
from ...ui.scene import Scene
from ...ui.table.frames import FrameCache, moving_regions
from ...ui.table.view import TableView
from ...ui.table.view_state import ViewState
from ...wording import text as W
from ...wording.reasons import reason_text

RESIZE_SIZES = ((1280, 720), (1920, 1080), (1366, 768), (2560, 1440), (1280, 800), (3840, 2160))


def demo(anim: Animator, g: Game, rng: random.Random, heavy: bool = False) -> None:
    """Start animations as a busy stir tick would (bench-ui keeps motion running): a chip flying into every pot
    and a note; with ``heavy`` also an explosion, the die and a sliding marker (all at once)."""
    for seat in range(g.n):
        s = g.seats[seat]
        if s.pot:
            p = s.pot[rng.randrange(len(s.pot))]
            anim.anims.append(Anim(Motion.FLIGHT, FLIGHT, seat, data={"chip": p.chip.name, "index": p.index}))
    seat = rng.randrange(g.n)
    anim.anims.append(Anim(Motion.FLOAT, FLOAT, seat, data={"text": "+" + W.vp(2), "colour": T.BRASS_LIGHT}))
    if heavy:
        s = g.seats[seat]
        anim.anims.append(Anim(Motion.SHAKE, SHAKE, seat, data={"seed": rng.randrange(1000)}))
        anim.anims.append(Anim(Motion.DIE, DIE, seat, data={"face": "ruby"}))
        anim.anims.append(Anim(Motion.SLIDE, slide_time(4), seat, data={"from": max(0, s.score - 4), "to": s.score}))


def _midgame_match(seed: int = 11) -> Any:
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


def _ms(xs: list[float], q: float) -> float:
    return round(percentile(xs, q) * 1000, 3) if xs else 0.0


def _setup_env() -> None:
    if "DISPLAY" not in os.environ and "WAYLAND_DISPLAY" not in os.environ:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class _Table:
    """The table's own view, animator and partial redraws, fed by a scripted match that stands still."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.pygame = pygame
        settings = Settings(pace="instant", show_risk=True)
        self.app = App(settings, size=size, headless=os.environ.get("SDL_VIDEODRIVER") == "dummy")
        class Still(Scene):
            native = True  # the table's way of filling the window (the bench draws the table itself)

        self.app.push(Still(self.app))
        self.match = _midgame_match()
        self.g = self.match.game
        self.view = TableView(self.match.setup)
        self.anim = Animator(self.view, settings)
        self.frames = FrameCache()
        self.moving_regions = moving_regions
        reasons = {i: reason_text(self.match.reason(i)) for i in self.match.bots}
        self.st = ViewState(focus=0, show_risk=True, reasons=reasons)
        self.rng = random.Random(5)
        self.i = 0
        self.cpu = 0.0

    def frame(self, full_present: bool = False) -> tuple[float, float]:
        """One frame as the game draws it: motion on, only what changed shown; (draw seconds, frame seconds).
        The frame's CPU time (this thread's, so not the time other processes had the CPU) goes to ``cpu``."""
        if self.i % 24 == 0:
            # keep motion running: a chip into every pot each 0.4 s; an explosion, the die and a marker each 1.6 s
            demo(self.anim, self.g, self.rng, heavy=self.i % 96 == 0)
        self.i += 1
        c0 = time.thread_time()
        t0 = time.perf_counter()
        self.anim.update(1 / 60)
        t1 = time.perf_counter()
        g, st, view = self.g, self.st, self.view
        # keyed as the table keys it (``table/picture.py``): the chips in the air change the still picture
        rects = self.frames.draw(self.app.screen, (g.version, st, self.anim.still_look(g.n)), self.anim,
                                 lambda s: view.draw(s, g, st, self.anim, still=(g.version, st)),
                                 lambda a: self.moving_regions(view, a))
        t2 = time.perf_counter()
        self.app.present(None if full_present else rects)  # as the game loop does: only what changed
        t3 = time.perf_counter()
        self.cpu = time.thread_time() - c0
        return t2 - t1, t3 - t0

    def info(self) -> dict[str, Any]:
        app = self.app
        return {
            "driver": self.pygame.display.get_driver(),
            "window": "{}x{}".format(*app.display.get_size()),
            "scale": f"{app.scale[0]}/{app.scale[1]}",
            "sleep": app.sleeper.how,
        }

    def close(self) -> None:
        self.pygame.quit()


def run(size: tuple[int, int] = (1920, 1080), frames_n: int = 600, as_json: bool = False,
        full_present: bool = False) -> dict[str, Any]:
    """Frame times of ``frames_n`` frames in a window of ``size`` (after 30 frames of warm-up)."""
    _setup_env()
    t = _Table(size)
    times: list[float] = []
    draw_times: list[float] = []
    cpu_times: list[float] = []
    for i in range(frames_n + 30):
        t.pygame.event.pump()
        d, f = t.frame(full_present)
        if i >= 30:  # warm-up: caches of text and pictures
            times.append(f)
            draw_times.append(d)
            cpu_times.append(t.cpu)
    out = {
        "size": f"{size[0]}x{size[1]}",
        **t.info(),
        "frames": len(times),
        "p50_ms": _ms(times, 0.5),
        "p90_ms": _ms(times, 0.9),
        "p99_ms": _ms(times, 0.99),
        "max_ms": round(max(times) * 1000, 3),
        "draw_p99_ms": _ms(draw_times, 0.99),
        "cpu_p50_ms": _ms(cpu_times, 0.5),
        "cpu_p99_ms": _ms(cpu_times, 0.99),
        "load_avg_1m": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "mean_fps_if_unthrottled": round(len(times) / sum(times), 1),
        "animations": True,
        "present": "full" if full_present else "changed regions",
    }
    t.close()
    return out


def drag_sizes(start: tuple[int, int] = (1280, 720), end: tuple[int, int] = (1920, 1080),
               steps: int = 24) -> list[tuple[int, int]]:
    """The sizes a window passes through while its corner is dragged from ``start`` to ``end`` and back."""
    there = [(start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
             for i in range(1, steps + 1)]
    return there + there[-2::-1] + [start]


def run_resize(rounds: int = 4, sizes: tuple[tuple[int, int], ...] = RESIZE_SIZES,
               settle: float = 1.0) -> dict[str, Any]:
    """Frames right after the window changed size, motion running. Two kinds of resize: ``jumps`` between the
    ``sizes`` (as fullscreen or a maximise does), ``rounds`` times, and a ``drag`` of the window's corner from
    1280x720 to 1920x1080 and back in small steps. Each resize is asked for, the window system's size events
    are awaited (at most ``settle`` seconds; not counted) and the next frame, which draws and shows everything
    in the window's new surface, is timed from handling those events to the end of its present; so is every
    frame after it until the whole picture is in the window (a large new surface is first shown in bands, see
    ``Window._bands``), and ``whole_picture_ms_by_size`` says how long that took from the size events."""
    _setup_env()
    t = _Table(sizes[-1])
    pygame, app = t.pygame, t.app
    for _ in range(30):
        t.frame()
    missed: list[str] = []

    def resize_frame(size: tuple[int, int]) -> list[float]:
        before = app.resizes
        app.resize_window(size)
        end = time.monotonic() + settle
        kinds = (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE, pygame.WINDOWRESIZED)
        while app.display.get_size() != size and not pygame.event.peek(kinds) and time.monotonic() < end:
            time.sleep(0.002)
        t0 = time.perf_counter()
        for ev in app.events():
            app.handle(ev)
        if app.resizes == before:
            missed.append("{}x{}".format(*size))
        t.frames.invalidate()  # the table sees the resize as every scene does (App._restacked)
        t.frame()
        took = [time.perf_counter() - t0]
        start = t0
        if app.settling:  # the last picture stretched; the table lays itself out once the size stays put
            time.sleep(max(0.0, (app._settle_at or 0.0) - app.clock_now()) + 0.001)
            t0 = time.perf_counter()
            app.frame(0.0)  # the App lays the canvas out anew (the table's view follows in its next draw)
            t.frames.invalidate()
            t.frame()
            laid_out.append(time.perf_counter() - t0)
        while app.showing_first and len(took) < 60:  # the frames that show the rest of the first picture
            screen = app.screen
            t0 = time.perf_counter()
            t.frame()
            took.append(time.perf_counter() - t0)
            if app.screen is not screen:  # at 1920x1080 the window became the canvas: a whole frame into it
                t0 = time.perf_counter()
                t.frames.invalidate()
                t.frame(full_present=True)
                took.append(time.perf_counter() - t0)
        whole.setdefault("{}x{}".format(*size), []).append(time.perf_counter() - start)
        for _ in range(3):  # and a few ordinary frames at the new size
            t.frame()
        return took

    jumps: dict[str, list[float]] = {}
    whole: dict[str, list[float]] = {}  # from the size events until the whole picture is in the window
    laid_out: list[float] = []  # the frame that lays the table out for a size that stayed put
    for _ in range(rounds):
        for size in sizes:
            jumps.setdefault("{}x{}".format(*size), []).extend(resize_frame(size))
    jump_whole = {k: list(v) for k, v in whole.items()}
    drag = [x for size in drag_sizes() for x in resize_frame(size)]
    every_jump = [x for xs in jumps.values() for x in xs]
    out = {
        **t.info(),
        "jumps": {"frames": len(every_jump), "p50_ms": _ms(every_jump, 0.5), "p99_ms": _ms(every_jump, 0.99),
                  "max_ms": round(max(every_jump) * 1000, 3),
                  "p50_ms_by_size": {k: _ms(v, 0.5) for k, v in jumps.items()},
                  "max_ms_by_size": {k: round(max(v) * 1000, 3) for k, v in jumps.items()},
                  "whole_picture_ms_by_size": {k: _ms(v, 0.5) for k, v in jump_whole.items()}},
        "drag": {"frames": len(drag), "p50_ms": _ms(drag, 0.5), "p99_ms": _ms(drag, 0.99),
                 "max_ms": round(max(drag) * 1000, 3)},
        "window_did_not_resize": missed,
        "laid_out": {"frames": len(laid_out), "p50_ms": _ms(laid_out, 0.5), "max_ms":
                     round(max(laid_out) * 1000, 3) if laid_out else 0.0},
    }
    t.close()
    return out


def main(args: Any) -> int:
    w, h = (int(x) for x in args.size.lower().split("x"))
    result = run((w, h), args.frames, full_present=getattr(args, "full", False))
    if args.json:
        print(json.dumps(result))
    else:
        say: Callable[[str], None] = print
        say(f"bench-ui {result['size']} ({result['driver']} driver, window {result['window']}, scale "
            f"{result['scale']}, {result['present']} presented), {result['frames']} frames of a 4-seat table mid-game")
        say(f"  frame time  p50 {result['p50_ms']} ms   p90 {result['p90_ms']} ms   p99 {result['p99_ms']} ms   "
            f"max {result['max_ms']} ms")
        say(f"  draw only   p99 {result['draw_p99_ms']} ms;  CPU p99 {result['cpu_p99_ms']} ms;  unthrottled "
            f"{result['mean_fps_if_unthrottled']} fps;  load average {result['load_avg_1m']}")
    return 0


def child_main(argv: list[str]) -> int:
    """One measurement for ``python -m quacks bench`` (which runs each in a process of its own and reads the
    JSON line): ``frames WxH N`` or ``resize ROUNDS``."""
    if len(argv) == 3 and argv[0] == "frames":
        w, h = (int(x) for x in argv[1].lower().split("x"))
        print(json.dumps(run((w, h), int(argv[2]))))
        return 0
    if len(argv) == 2 and argv[0] == "resize":
        print(json.dumps(run_resize(rounds=max(1, int(argv[1])))))
        return 0
    print("usage: python -m quacks.devtools.ui.bench frames WxH N | resize ROUNDS", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))
