"""A private X server and the real program in it, for the end-to-end tests (and the bundle test).

Readiness comes from the program itself, never from a fixed sleep: started with ``QUACKS_STARTUP_MARK=1`` it
prints "first frame drawn" once its window shows the title screen, and the table logs a line at every human
decision. Timeouts are generous (a loaded 2-core machine once took more than 40 s to open the window) and
only bound a hang.

Missing tools skip these tests on a developer's machine; with ``QUACKS_REQUIRE_E2E=1`` (set by ``.ci/run``)
they fail instead, so CI never passes without having run them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEEDED = ("Xvfb", "xdotool", "import")
READY = "first frame drawn"
START_TIMEOUT = 180.0  # seconds for a program to show its first frame: only a hang takes this long
STEP_TIMEOUT = 120.0


def must_run() -> bool:
    """True in CI: a test that cannot run fails instead of being skipped."""
    return os.environ.get("QUACKS_REQUIRE_E2E", "").strip() not in ("", "0")


def cannot_run(reason: str) -> None:
    """Skip (on a developer's machine) or fail (in CI, QUACKS_REQUIRE_E2E=1) with ``reason``."""
    if must_run():
        pytest.fail(f"{reason} (QUACKS_REQUIRE_E2E is set: in CI this test must run)", pytrace=False)
    pytest.skip(reason)


def need_tools(*tools: str) -> None:
    if not sys.platform.startswith("linux"):
        cannot_run("needs Linux with Xvfb, xdotool and ImageMagick")
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        cannot_run(f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick x11-utils)")


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
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Program:
    """The game started in a window; its output goes to a file that the waits read."""

    def __init__(self, cmd: list[str], env: dict[str, str], out: Path, cwd: Path = ROOT) -> None:
        self.out = out
        self.env = dict(env, QUACKS_STARTUP_MARK="1")
        self.file = open(out, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(cmd, cwd=cwd, env=self.env, stdout=self.file, stderr=subprocess.STDOUT)
        self.wid = ""

    def output(self) -> str:
        return self.out.read_text(encoding="utf-8", errors="replace")

    def wait_ready(self, timeout: float = START_TIMEOUT) -> float:
        """Wait for the program's own "first frame drawn", then find its window; the seconds it took."""
        t0 = time.monotonic()
        wait_for(lambda: READY in self.output(), timeout, "the program's first frame", self)
        while True:  # the window exists once a frame is drawn; xdotool may need a moment to see it
            r = subprocess.run(["xdotool", "search", "--pid", str(self.proc.pid)], env=self.env,
                               capture_output=True, text=True)
            ids = r.stdout.split()
            if ids:
                self.wid = ids[0]
                return time.monotonic() - t0
            assert time.monotonic() - t0 < timeout, "the program drew a frame but xdotool finds no window"
            time.sleep(0.1)

    def key(self, k: str) -> None:
        subprocess.run(["xdotool", "key", "--window", self.wid, k], env=self.env, check=False, capture_output=True)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> int | None:
        """SIGTERM (a clean quit: pygame turns it into QUIT), then SIGKILL if it hangs; the exit code."""
        rc = None
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                rc = self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        else:
            rc = self.proc.returncode
        self.file.close()
        return rc


def wait_for(pred: Callable[[], bool], timeout: float, what: str, program: Program | None = None,
             about: Callable[[], str] | None = None) -> None:
    """Until ``pred()`` holds; a timeout (or the program's end) fails with what the program printed and
    ``about()`` (its log, say): a failure in CI must say where the game stood."""
    end = time.monotonic() + timeout
    while not pred():
        if program is not None and not program.alive():
            raise AssertionError(f"the program stopped while waiting for {what}:\n{program.output()[-3000:]}")
        if time.monotonic() >= end:
            told = program.output()[-2000:] if program is not None else ""
            more = about()[-4000:] if about is not None else ""
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}\n--- output:\n{told}\n"
                                 f"--- more:\n{more}")
        time.sleep(0.05)


def shot(path: Path, env: dict[str, str]) -> None:
    subprocess.run(["import", "-window", "root", str(path)], env=env, check=False, capture_output=True)


def window_shot(path: Path, p: Program) -> None:
    """A screenshot of one program's window, raised first (``shot`` takes the whole screen, where windows
    overlap; an X server without a compositor keeps no picture of a covered window)."""
    subprocess.run(["xdotool", "windowraise", p.wid], env=p.env, check=False, capture_output=True, timeout=20)
    time.sleep(0.5)  # the exposed window draws itself again
    subprocess.run(["import", "-window", p.wid, str(path)], env=p.env, check=False, capture_output=True)


def log_text(home: Path) -> str:
    logs = list(home.rglob("*.log"))
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in logs)


def shots_dir(tmp_path: Path) -> Path:
    """Where screenshots go: ``$QUACKS_E2E_OUT`` if set (to keep them), else the test's temp folder."""
    out = Path(os.environ["QUACKS_E2E_OUT"]) if os.environ.get("QUACKS_E2E_OUT") else tmp_path / "shots"
    out.mkdir(parents=True, exist_ok=True)
    return out
