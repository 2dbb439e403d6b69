"""End to end: the real program in a real window under Xvfb, played with xdotool keys to the final ranking.

One human (you) against two bots at instant pace; the human stops at once each round, takes the first
choice and buys nothing. Screenshots of the table and of the result are saved under ``out/e2e/``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "out" / "e2e"
NEEDED = ("Xvfb", "xdotool", "import")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(sys.platform != "linux" or any(shutil.which(t) is None for t in NEEDED),
                       reason="needs Linux with Xvfb, xdotool and ImageMagick (.ci/run installs them)"),
]


class Xvfb:
    """A private X server on a display number it picks itself (-displayfd), so runs never collide with
    another X server on the machine (a fixed number could silently attach the game to someone else's)."""

    def __init__(self, size: str = "1280x800") -> None:
        r, w = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                                     pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(w)
        with os.fdopen(r) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            pytest.fail("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def window_of(pid: int, env: dict[str, str], timeout: float = 40) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r = subprocess.run(["xdotool", "search", "--pid", str(pid)], env=env, capture_output=True, text=True)
        ids = r.stdout.split()
        if ids:
            return ids[0]
        time.sleep(0.2)
    raise AssertionError("the game window did not appear")


def key(wid: str, k: str, env: dict[str, str]) -> None:
    subprocess.run(["xdotool", "key", "--window", wid, k], env=env, check=False, capture_output=True)


def shot(path: Path, env: dict[str, str]) -> None:
    subprocess.run(["import", "-window", "root", str(path)], env=env, check=False, capture_output=True)


def log_text(home: Path) -> str:
    logs = list(home.rglob("*.log"))
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in logs)


@pytest.mark.parametrize("reduced_motion", [False, True])
def test_play_a_whole_game_in_a_real_window(tmp_path: Path, reduced_motion: bool) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps(
        {"schema": 1, "pace": "instant", "reduced_motion": reduced_motion}), encoding="utf-8")
    x = Xvfb()
    env = dict(os.environ, DISPLAY=x.display, QUACKS_HOME=str(home), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    proc = subprocess.Popen([sys.executable, "-m", "quacks"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    tag = "reduced" if reduced_motion else "motion"
    try:
        wid = window_of(proc.pid, env)
        time.sleep(1.5)
        shot(OUT / f"title-{tag}.png", env)
        key(wid, "Return", env)  # New game
        time.sleep(0.8)
        key(wid, "Return", env)  # Start: you against two Normal bots, Set 1
        time.sleep(1.5)
        shot(OUT / f"table-{tag}.png", env)
        end = time.monotonic() + 240
        cycle = ["s", "1", "Return"]
        i = 0
        while "final ranking shown" not in log_text(home):
            assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else "the game stopped"
            assert time.monotonic() < end, "the game did not reach the final ranking in time"
            key(wid, cycle[i % len(cycle)], env)
            i += 1
            time.sleep(0.12)
        time.sleep(1.0)
        shot(OUT / f"result-{tag}.png", env)
        assert (OUT / f"result-{tag}.png").exists()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        x.stop()
    assert "Traceback" not in log_text(home)
