"""Kill the running game (SIGKILL) in the middle of a round, start it again, Continue: the resumed state equals
the state before the kill (compared by the state fingerprint the table logs at every human decision)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from .test_real_window import ROOT, Xvfb, key, log_text, pytestmark, window_of  # noqa: F401

STATE = re.compile(r"waiting for a human: round (\d+), step (\d+), state ([0-9a-f]+)")


def states(text: str) -> list[tuple[str, str, str]]:
    return STATE.findall(text)


def wait_for(pred, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.1)


def test_sigkill_mid_round_then_continue_resumes_the_same_state(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"schema": 1, "pace": "instant"}), encoding="utf-8")
    x = Xvfb()
    env = dict(os.environ, DISPLAY=x.display, QUACKS_HOME=str(home), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        p1 = subprocess.Popen([sys.executable, "-m", "quacks"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
        procs.append(p1)
        wid = window_of(p1.pid, env)
        time.sleep(1.0)
        key(wid, "Return", env)  # New game (no save yet: Continue is disabled)
        time.sleep(0.6)
        key(wid, "Return", env)  # Start
        wait_for(lambda: len(states(log_text(home))) >= 1, 30, "the first decision")
        for _ in range(3):  # take the first choice of a card if there is one, then draw: mid-round
            n = len(states(log_text(home)))
            key(wid, "1", env)
            time.sleep(0.4)
            key(wid, "space", env)
            wait_for(lambda n=n: len(states(log_text(home))) > n, 30, "the next decision")
        time.sleep(1.5)  # let the autosave writer finish
        before = states(log_text(home))[-1]
        assert int(before[0]) == 1  # still round 1
        os.kill(p1.pid, signal.SIGKILL)
        p1.wait(timeout=10)
        seen = len(states(log_text(home)))
        p2 = subprocess.Popen([sys.executable, "-m", "quacks"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
        procs.append(p2)
        wid = window_of(p2.pid, env)
        time.sleep(1.0)
        key(wid, "Return", env)  # Continue (the first button, enabled now)
        wait_for(lambda: len(states(log_text(home))) > seen, 30, "the resumed decision")
        after = states(log_text(home))[seen]
        assert after == before, f"resumed {after}, but the game was at {before} when it was killed"
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
        x.stop()
    assert "Traceback" not in log_text(home)
