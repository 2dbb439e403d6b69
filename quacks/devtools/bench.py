"""``python -m quacks bench``: the project's measured figures, one JSON object on stdout.

Figures come in groups, each a function registered in :data:`GROUPS` under its name with the targets its
figures must meet. ``--only GROUP`` (repeatable) runs some groups; ``--check`` compares every figure that has
a target and exits 1 if one misses (or was not measured); ``--json`` leaves out the readable progress and
check lines on stderr, so the JSON object is all there is; ``--quick`` measures less (for tests: the figures
are rougher).

The ``display`` group: frame times of the table mid-game with motion running in a window of each size in
:data:`SIZES`, frame times right after the window changed size, and how often the real game process wakes
up and how much CPU it uses while it waits at the title and at a table waiting for a human. With a display
(``DISPLAY``/``WAYLAND_DISPLAY`` set) it measures real windows; without one the SDL dummy driver, and
``driver`` in the JSON says which. Each measurement runs in a process of its own.

A new group: see :mod:`quacks.devtools.bench_groups` (what a group is, and the registry every group module adds to).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# the "engine", "net", "relay" and "storage" groups register themselves
from . import bench_engine, bench_net, bench_relay, bench_storage  # noqa: F401
from .bench_groups import GROUPS, Figures, Group, Options, Target, child_figures, group

SIZES = ((1280, 720), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160))
FRAME_P99_MS = 8.0  # issue 12: every window size, motion running
RESIZE_P99_MS = 16.0
IDLE_WAKEUPS_PER_S = 20.0
IDLE_CPU_PERCENT = 1.0  # of one core: "about 0%"
AUDIO_RELEASE_S = 30.0  # quacks.ui.sound.AUDIO_IDLE_RELEASE (not imported: this module stays free of pygame)


def lookup(figures: Figures, key: str) -> object:
    """The figure at dotted path ``key`` (None if there is none)."""
    cur: object = figures
    for part in key.split("."):
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return cur


def check(results: dict[str, Figures], groups: dict[str, Group] | None = None) -> list[Figures]:
    """Every target of the groups in ``results`` against its figure: dicts of group, figure, value, target, ok.
    A figure that is missing (not measured) misses its target."""
    groups = GROUPS if groups is None else groups
    rows = []
    for name, figures in results.items():
        for t in groups[name].targets:
            value = lookup(figures, t.key)
            rows.append({"group": name, "figure": t.key, "value": value, "target": f"{t.op} {t.limit:g}",
                         "ok": t.met(value), "what": t.what})
    return rows


# -- the display group ---------------------------------------------------------------------------------------

def _has_display() -> bool:
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _child_env(home: Path | None = None) -> dict[str, str]:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    if home is None:  # frame benches make no sound; the idle game opens whatever audio a player's would
        env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not _has_display():
        env["SDL_VIDEODRIVER"] = "dummy"
    if home is not None:
        env["QUACKS_HOME"] = str(home)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _child(args: list[str], timeout: float = 600.0) -> Figures:
    """Run one measurement in a process of its own (``python -m quacks.devtools.ui.bench ...``); its JSON line."""
    r = subprocess.run([sys.executable, "-m", "quacks.devtools.ui.bench", *args], env=_child_env(), capture_output=True,
                       text=True, timeout=timeout)
    return child_figures(r)


def _task_counters(pid: int) -> tuple[dict[str, int], int]:
    """Voluntary context switches per thread ("id name": count) and the CPU ticks of a process."""
    per: dict[str, int] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "status").read_text()
        except OSError:  # a thread that just ended
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        name = "main" if task.name == str(pid) else f"{fields.get('Name', '?').strip()} {task.name}"
        per[name] = int(fields.get("voluntary_ctxt_switches", "0"))
    stat = Path(f"/proc/{pid}/stat").read_text()
    after = stat[stat.rindex(")") + 2:].split()
    return per, int(after[11]) + int(after[12])  # utime + stime (fields 14 and 15 of stat)


def _rates(a: tuple[dict[str, int], int], b: tuple[dict[str, int], int], dt: float) -> Figures:
    per = {k: round((v - a[0].get(k, 0)) / dt, 1) for k, v in b[0].items()}
    return {
        "wakeups_per_s": round(sum(per.values()), 1),
        "main_thread_wakeups_per_s": per.get("main", 0.0),
        "cpu_percent": round(100.0 * (b[1] - a[1]) / os.sysconf("SC_CLK_TCK") / dt, 2),
        "wakeups_per_s_by_thread": {k: v for k, v in per.items() if v},
        "seconds": round(dt, 2),
    }


def measure_idle(where: str, seconds: float = 5.0, settle: float = 1.0, later: float | None = None,
                 start_timeout: float = 120.0, audio_release: float | None = None) -> Figures:
    """Start the real game (``python -m quacks``) at the title or at a table waiting for a human, wait until it
    is there and ``settle`` seconds more, then count for ``seconds`` how often it wakes up (voluntary context
    switches: each one is a thread going to sleep, to be woken again) and the CPU it uses. With ``later``,
    count again from ``later`` seconds after it got there (figures under ``"later"``): the sound device stays
    open for a while after the last sound (App.run), :data:`AUDIO_RELEASE_S` unless ``audio_release`` gives the
    game another time (``QUACKS_AUDIO_RELEASE_S``, for tests). Linux only (reads /proc)."""
    if not Path("/proc/self/status").exists():
        return {"error": "needs /proc (Linux)"}
    home = Path(tempfile.mkdtemp(prefix="quacks-bench-"))
    try:
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.json").write_text(json.dumps({"schema": 1, "pace": "instant"}),
                                                       encoding="utf-8")
        env = _child_env(home)
        env["QUACKS_STARTUP_MARK"] = "1"
        if where == "table":
            env["QUACKS_START_AT"] = "table"
        if audio_release is not None:
            env["QUACKS_AUDIO_RELEASE_S"] = str(audio_release)
        out_path = home / "stdout.txt"
        with open(out_path, "wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "quacks"], env=env, stdout=out, stderr=subprocess.STDOUT)
            try:
                ready = (lambda: "waiting for a human" in _logs(home)) if where == "table" else (
                    lambda: "first frame drawn" in out_path.read_text(errors="replace"))
                end = time.monotonic() + start_timeout
                while not ready():
                    if proc.poll() is not None:
                        return {"error": f"the game stopped (exit {proc.returncode})"}
                    if time.monotonic() > end:
                        return {"error": f"the game did not reach the {where} in {start_timeout:.0f} s"}
                    time.sleep(0.05)
                there = time.monotonic()

                def count(start: float) -> Figures:
                    time.sleep(max(0.0, there + start - time.monotonic()))
                    a, t0 = _task_counters(proc.pid), time.monotonic()
                    time.sleep(seconds)
                    return _rates(a, _task_counters(proc.pid), time.monotonic() - t0)

                figures = {"after_s": settle, **count(settle)}
                if later is not None:
                    figures["later"] = {"after_s": later, **count(later)}
            finally:
                if proc.poll() is None:
                    proc.send_signal(signal.SIGTERM)
                    try:
                        proc.wait(timeout=15)
                    except subprocess.TimeoutExpired:
                        proc.kill()
                        proc.wait()
        return figures
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _logs(home: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in home.rglob("*.log"))


DISPLAY_TARGETS = tuple(
    [Target(f"frames.{w}x{h}.p99_ms", "<=", FRAME_P99_MS, f"frame p99 in a {w}x{h} window, motion running")
     for w, h in SIZES]
    + [Target(f"resize.{k}.p99_ms", "<=", RESIZE_P99_MS,
              f"p99 of the frames of a resize until the whole picture is shown ({what})")
       for k, what in (("drag", "a corner dragged, 1280x720 to 1920x1080"),
                       ("jumps", "between the window sizes above"))]
    + [Target(f"idle.{w}.wakeups_per_s", "<=", IDLE_WAKEUPS_PER_S, f"wake-ups a second, waiting at the {w}")
       for w in ("title", "table")]
    + [Target(f"idle.{w}.cpu_percent", "<=", IDLE_CPU_PERCENT, f"CPU (% of a core), waiting at the {w}")
       for w in ("title", "table")])


@group("display", DISPLAY_TARGETS, "frame times per window size, during resizes, idle wake-ups and CPU")
def display(opts: Options) -> Figures:
    """Frame times per window size, frames right after resizes, idle wake-ups and CPU (title, waiting table)."""
    driver = "x11" if _has_display() and os.environ.get("DISPLAY") else ("wayland" if _has_display() else "dummy")
    load_avg = [round(os.getloadavg()[0], 2)] if hasattr(os, "getloadavg") else []
    frames_n = "150" if opts.quick else "600"
    frames: Figures = {}
    for w, h in SIZES:
        opts.say(f"display: frames at {w}x{h} ...")
        r = _child(["frames", f"{w}x{h}", frames_n])
        keep = ("p50_ms", "p99_ms", "max_ms", "draw_p99_ms", "cpu_p99_ms", "window", "scale", "driver")
        frames[f"{w}x{h}"] = r if "error" in r else {k: r[k] for k in keep if k in r}
    opts.say("display: resizes ...")
    r = _child(["resize", "1" if opts.quick else "4"])
    resize = r if "error" in r else {k: r[k] for k in ("jumps", "drag", "window_did_not_resize") if k in r}
    seconds = 2.0 if opts.quick else 5.0
    opts.say("display: idle at the title ...")
    idle: Figures = {"title": measure_idle("title", seconds=seconds)}
    opts.say("display: idle at a table waiting for a human" + ("" if opts.quick else " (40 s)") + " ...")
    # the table: just after the last move, and once the sound device has been released (App.run)
    table = measure_idle("table", seconds=seconds, later=None if opts.quick else AUDIO_RELEASE_S + 3.0)
    idle["table_first_seconds"] = {k: v for k, v in table.items() if k != "later"}
    idle["table"] = table.get("later", idle["table_first_seconds"])
    if hasattr(os, "getloadavg"):
        load_avg.append(round(os.getloadavg()[0], 2))
    return {"driver": driver, "display": os.environ.get("DISPLAY", "") if driver != "dummy" else "",
            "load_avg_1m": load_avg, "frames": frames, "resize": resize, "idle": idle}


# -- the memory group ----------------------------------------------------------------------------------------

MEMORY_GROWTH_MB = 40.0  # issue 18: a game left for a new one keeps nothing (it kept ~87 MB before)


@group("memory", [Target("growth_mb", "<=", MEMORY_GROWTH_MB, "resident memory gained from the first final screen "
                         "to the last new-game screen, over several games")],
       "the UI process's resident memory across games (quacks/devtools/ui/bench_memory.py)")
def memory(opts: Options) -> Figures:
    """The UI process's memory at the title, each final screen and each new game after it (a process of its own)."""
    opts.say("memory: bot games through the scenes, each final screen left for a new game ...")
    r = subprocess.run([sys.executable, "-m", "quacks.devtools.ui.bench_memory", "2" if opts.quick else "4"],
                       env=_child_env(), capture_output=True, text=True, timeout=900)
    return child_figures(r)


# -- the command -------------------------------------------------------------------------------------------

def main(args: argparse.Namespace) -> int:
    """``python -m quacks bench [--only GROUP] [--check] [--json] [--quick]`` (the arguments: quacks/cli.py)."""
    names = list(GROUPS) if not args.only else [n for part in args.only for n in part.split(",") if n]
    unknown = [n for n in names if n not in GROUPS]
    if unknown:
        print(f"quacks bench: no group {', '.join(unknown)} (there are: {', '.join(sorted(GROUPS))})",
              file=sys.stderr)
        return 2

    def say(line: str) -> None:
        if not args.json:
            print(line, file=sys.stderr, flush=True)

    opts = Options(quick=args.quick, say=say)
    results = {n: GROUPS[n].run(opts) for n in names}
    report: Figures = {"groups": results}
    rows = check(results) if args.check else []
    if args.check:
        report["check"] = {"passed": all(r["ok"] for r in rows), "results": rows}
        for r in rows:
            say(f"{'ok  ' if r['ok'] else 'MISS'} {r['group']}.{r['figure']} = {r['value']} (target {r['target']})")
    print(json.dumps(report))
    return 0 if not args.check or all(r["ok"] for r in rows) else 1
