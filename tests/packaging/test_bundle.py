"""The frozen program: build the one-folder bundle from a clean copy of the tree with build_installer.spec,
run ``Quacks --selftest`` in it, then start it in a real window under Xvfb up to the title screen.

One test (not two sharing a fixture) so that ``-n 2`` never builds the bundle twice.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .test_selftest import OK_LINE

ROOT = Path(__file__).resolve().parents[2]
SKIP_DIRS = {".git", "build", "dist", "out", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
             ".hypothesis", "node_modules"}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason="PyInstaller is not installed (pip install -e '.[dev]' brings it)"),
]


def _ignore(folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n in SKIP_DIRS or n.startswith(".venv") or n.endswith(".egg-info")
            or n.endswith((".pyc", ".pyo"))}


def clean_copy(dest: Path) -> Path:
    """The source tree without virtual environments, caches, earlier builds and outputs."""
    shutil.copytree(ROOT, dest, ignore=_ignore, symlinks=True)
    return dest


def build(src: Path, work: Path) -> Path:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("QUACKS_ONEFILE", None)
    r = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                        "--distpath", str(work / "dist"), "--workpath", str(work / "build"), "build_installer.spec"],
                       cwd=src, env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, f"PyInstaller failed:\n{r.stdout[-3000:]}\n{r.stderr[-6000:]}"
    exe = work / "dist" / "Quacks" / ("Quacks.exe" if sys.platform == "win32" else "Quacks")
    assert exe.exists(), f"no program at {exe}"
    return exe


def free_x_display() -> tuple[subprocess.Popen[bytes], str]:
    """Start Xvfb on a display number it picks itself (-displayfd), so parallel runs never collide."""
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    if not number:
        proc.kill()
        pytest.fail("Xvfb did not start")
    return proc, f":{number}"


def window_of(pid: int, env: dict[str, str], timeout: float = 30) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r = subprocess.run(["xdotool", "search", "--pid", str(pid)], env=env, capture_output=True, text=True)
        if r.stdout.split():
            return r.stdout.split()[0]
        time.sleep(0.2)
    raise AssertionError("the Quacks window did not appear")


def test_frozen_bundle_selftest_and_window(tmp_path: Path) -> None:
    src = clean_copy(tmp_path / "src")
    t0 = time.monotonic()
    exe = build(src, tmp_path)
    build_s = time.monotonic() - t0
    internal = exe.parent / "_internal"
    root = internal if internal.is_dir() else exe.parent
    for part in ("data/books", "assets/fonts", "assets/icons/quacks-64.png"):
        assert (root / part).exists(), f"{part} is not in the bundle"
    size_mb = sum(f.stat().st_size for f in exe.parent.rglob("*") if f.is_file() and not f.is_symlink()) / 1e6

    # 1. the self-test, headless, with nothing from the checkout in reach
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON", "QUACKS_"))}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", QUACKS_HOME=str(home), HOME=str(tmp_path))
    r = subprocess.run([str(exe), "--selftest"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"frozen selftest failed ({r.returncode}):\n{r.stdout}\n{r.stderr}"
    line = r.stdout.strip().splitlines()[-1]
    assert OK_LINE.match(line), line
    assert line in (home / "logs" / "quacks.log").read_text(encoding="utf-8")
    print(f"\nbundle: built in {build_s:.0f} s, {size_mb:.0f} MB; {line}")

    # 2. a real window under Xvfb, up to the title screen
    if sys.platform != "linux" or shutil.which("Xvfb") is None or shutil.which("xdotool") is None:
        pytest.skip("the frozen --selftest passed; the window check needs Linux with Xvfb and xdotool")
    xvfb, display = free_x_display()
    home2 = tmp_path / "home2"
    env2 = dict(env, DISPLAY=display, QUACKS_HOME=str(home2), QUACKS_STARTUP_MARK="1")
    env2.pop("SDL_VIDEODRIVER")
    out = tmp_path / "stdout.txt"
    try:
        with open(out, "wb") as f:
            t1 = time.monotonic()
            proc = subprocess.Popen([str(exe)], cwd=tmp_path, env=env2, stdout=f, stderr=subprocess.STDOUT)
        try:
            wid = window_of(proc.pid, env2)
            end = time.monotonic() + 30
            while "first frame drawn" not in out.read_text(errors="replace"):
                assert proc.poll() is None, f"the program stopped: {out.read_text(errors='replace')}"
                assert time.monotonic() < end, "the title screen was not drawn"
                time.sleep(0.05)
            startup = time.monotonic() - t1
            name = subprocess.run(["xdotool", "getwindowname", wid], env=env2, capture_output=True, text=True)
            assert "Quacks" in name.stdout
            print(f"bundle: window {wid}, title screen after {startup:.2f} s")
        finally:
            proc.terminate()  # SIGTERM becomes a pygame QUIT event: a clean exit
            try:
                rc = proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                raise
        assert rc == 0, f"exit code {rc}: {out.read_text(errors='replace')}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    log = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in home2.rglob("*.log"))
    assert "first frame drawn" in log
    assert "Traceback" not in log
