"""The frozen program: build the one-folder bundle from a clean copy of the tree with build_installer.spec,
check what it holds and what it leaves out, run ``Quacks --selftest`` in it (also started through the Linux
menu entry from a folder named ``50% off $HOME``), play over the network with it (``find``, and a ``host`` with a
``join`` on 127.0.0.1 to the end of a game: issue 22), then start it in a real window under Xvfb up to the title
screen.

One test (not several sharing a fixture) so that ``-n 2`` never builds the bundle twice.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quacks.version import __version__ as VERSION

from ..e2e.xwin import NEEDED, Program, Xvfb, cannot_run, log_text, need_tools
from .test_licences import needed_texts
from .test_selftest import OK_LINE, desktop_string, exec_argv, read_desktop

ROOT = Path(__file__).resolve().parents[2]
SKIP_DIRS = {".git", "build", "dist", "out", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
             ".hypothesis", "node_modules"}
# shared libraries a bundle may hold -> the component of THIRD_PARTY_NOTICES.md that covers them
LIBRARIES = {
    "libSDL2": "SDL2", "libFLAC": "FLAC", "libbrotli": "Brotli", "libbz2": "bzip2", "libffi": "libffi",
    "libfluidsynth": "FluidSynth", "libfreetype": "FreeType", "libgcc_s": "GCC runtime", "libstdc++": "GCC runtime",
    "libharfbuzz": "HarfBuzz", "libjpeg": "libjpeg-turbo", "liblzma": "XZ Utils", "libmpg123": "mpg123",
    "libogg": "libogg", "libopus": "Opus", "libpng": "libpng", "libpython": "Python", "libsharpyuv": "libwebp",
    "libsndfile": "libsndfile", "libtiff": "libtiff", "libvorbis": "libogg, libvorbis", "libwavpack": "WavPack",
    "libwebp": "libwebp", "libxmp": "libxmp", "libz": "zlib", "libportmidi": "pygame-ce",
    "libssl": "OpenSSL", "libcrypto": "OpenSSL",
}

pytestmark = [pytest.mark.slow]


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


def headless_env(tmp_path: Path, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON", "QUACKS_"))}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", QUACKS_HOME=str(home), HOME=str(tmp_path))
    return env


def pyz_modules(work: Path) -> list[str]:
    from PyInstaller.archive.readers import ZlibArchiveReader

    (pyz,) = (work / "build").rglob("PYZ-*.pyz")
    return list(ZlibArchiveReader(str(pyz)).toc)


def check_contents(exe: Path, work: Path) -> None:
    internal = exe.parent / "_internal"
    root = internal if internal.is_dir() else exe.parent
    for part in ("data/books", "assets/fonts", "assets/icons/quacks-64.png", "LICENSE", "THIRD_PARTY_NOTICES.md",
                 "assets/fonts/LICENSE-Inter.txt", "licenses/Python", "licenses/PyYAML", "licenses/platformdirs",
                 "quacks/locale/de/LC_MESSAGES/quacks.mo", "quacks/locale/nl/LC_MESSAGES/quacks.mo",
                 "data/i18n/de.yaml", "licenses/websockets", "licenses/zeroconf/COPYING", "licenses/ifaddr",
                 "licenses/miniupnpc"):
        assert (root / part).exists(), f"{part} is not in the bundle"
    for part in ("LICENSE", "THIRD_PARTY_NOTICES.md"):
        assert (exe.parent / part).is_file(), f"{part} is not beside the program"
    for text in needed_texts("bundle"):  # the full text of every licence the notices name
        assert (root / "licenses" / text).is_file(), f"licenses/{text} is not in the bundle"
    files = [f for f in exe.parent.rglob("*") if f.is_file()]
    names = [f.name for f in files]
    # in: OpenSSL (websockets imports ssl); left out: _hashlib and libuuid, the icon files (built into the
    # program), pygame's GPL font
    assert [n for n in names if n.startswith("_ssl")], "ssl is not in the bundle (websockets' client needs it)"
    assert not [n for n in names if n.startswith(("_hashlib", "_uuid", "libuuid"))], "_hashlib or _uuid is in it"
    assert not [n for n in names if n.endswith((".ico", ".icns"))], "an icon file is in the bundle"
    assert "freesansbold.ttf" not in names
    modules = pyz_modules(work)
    dev_tools = [m for m in modules if m == "quacks.devtools" or m.startswith("quacks.devtools.")]
    assert not dev_tools, f"developer commands are in the bundle: {dev_tools}"
    for dev in ("multiprocessing", "readline", "websockets.cli"):
        assert dev not in modules, f"{dev} is in the bundle"
    assert "quacks.ui.scenes.credits" in modules and "quacks.scenario" in modules
    for net in ("asyncio", "ssl", "websockets.asyncio.client", "websockets.asyncio.server", "ifaddr",
                "quacks.net.host"):
        assert net in modules, f"{net} is not in the bundle: no network play"
    # zeroconf (LGPL) is a separate module a player can replace: its own folder, never in the archive
    assert not [m for m in modules if m == "zeroconf" or m.startswith("zeroconf.")], "zeroconf is in the archive"
    assert (root / "zeroconf" / "__init__.pyc").is_file() and list(root.glob("zeroconf-*.dist-info/METADATA"))
    # the router way in (issue 33 §4): miniupnpc's compiled module
    assert [n for n in names if n.startswith("miniupnpc.") and n.endswith((".so", ".pyd"))], "no miniupnpc"
    # every shared library shipped is named in the notices (Linux names; other systems name them otherwise)
    notices = (root / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    for n in names if sys.platform.startswith("linux") else []:
        if re.match(r"lib.+\.so", n):
            prefix = next((p for p in LIBRARIES if n.startswith(p)), None)
            assert prefix is not None, f"{n} is shipped but not mapped to a component of THIRD_PARTY_NOTICES.md"
            assert f"| {LIBRARIES[prefix]}" in notices, f"{n}: {LIBRARIES[prefix]} is not in THIRD_PARTY_NOTICES.md"


def play_over_the_network(exe: Path, tmp_path: Path, env: dict[str, str]) -> None:
    """host, join and find work in the bundle (issue 22): no "built without network play", no traceback. Only on
    127.0.0.1, discovery too (tests never browse the machine's own network)."""
    for command in ("host", "join", "find"):
        r = subprocess.run([str(exe), command, "--help"], env=env, capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and f"usage: quacks {command}" in r.stdout, r.stdout + r.stderr
    r = subprocess.run([str(exe), "find", "--seconds", "0.5", "--interface", "127.0.0.1"], env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.startswith("quacks find: No games found"), r.stdout + r.stderr
    assert "built without" not in r.stderr and "Traceback" not in r.stderr
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    host_env = dict(env, QUACKS_HOME=str(tmp_path / "host-home"))
    host = subprocess.Popen([str(exe), "host", "--seats", "remote,easy", "--bind", "127.0.0.1", "--port", str(port),
                             "--no-lan"], env=host_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        assert first.startswith("room code: "), first
        code = first.split(": ", 1)[1].strip()
        r = subprocess.run([str(exe), "join", code, "--bot", "easy", "--think", "0"],
                           env=dict(env, QUACKS_HOME=str(tmp_path / "join-home")), capture_output=True, text=True,
                           timeout=120)
        assert r.returncode == 0 and "luck checked: fair" in r.stdout, r.stdout + r.stderr
        out, _ = host.communicate(timeout=60)
        assert host.returncode == 0 and "the game is over" in out and "Traceback" not in out, out
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def test_frozen_bundle_contents_selftest_menu_entry_and_window(tmp_path: Path) -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        cannot_run("PyInstaller is not installed (pip install -e '.[dev]' brings it)")
    src = clean_copy(tmp_path / "src")
    t0 = time.monotonic()
    exe = build(src, tmp_path)
    build_s = time.monotonic() - t0
    check_contents(exe, tmp_path)
    size_mb = sum(f.stat().st_size for f in exe.parent.rglob("*") if f.is_file() and not f.is_symlink()) / 1e6

    # 1. the self-test, headless, with nothing from the checkout in reach
    home = tmp_path / "home"
    env = headless_env(tmp_path, home)
    r = subprocess.run([str(exe), "--selftest"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"frozen selftest failed ({r.returncode}):\n{r.stdout}\n{r.stderr}"
    line = r.stdout.strip().splitlines()[-1]
    assert OK_LINE.match(line), line
    assert line in (home / "logs" / "quacks.log").read_text(encoding="utf-8")
    r = subprocess.run([str(exe), "simulate", "--games", "2"], cwd=tmp_path, env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "not part of this copy of the game" in r.stderr
    r = subprocess.run([str(exe), "--version"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == f"Quacks {VERSION}", r.stdout + r.stderr
    print(f"\nbundle: built in {build_s:.0f} s, {size_mb:.0f} MB; {line}")
    play_over_the_network(exe, tmp_path, env)
    if not sys.platform.startswith("linux"):
        return

    # 2. the Linux menu entry, with the bundle in a folder named "50% off $HOME"
    odd = tmp_path / "50% off $HOME"
    odd.mkdir()
    bundle = Path(shutil.move(str(exe.parent), str(odd / "Quacks")))
    exe = bundle / "Quacks"
    r = subprocess.run(["sh", str(bundle / "install.sh")], env=env, capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stdout + r.stderr
    entry = read_desktop(tmp_path / ".local" / "share" / "applications" / "quacks.desktop")
    argv = exec_argv(entry["Exec"])  # through a link without the % (GLib: see packaging/linux/install.sh)
    assert len(argv) == 1 and "%" not in argv[0] and Path(argv[0]).resolve() == exe.resolve()
    r = subprocess.run([*argv, "--selftest"], cwd=desktop_string(entry["Path"]), env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and OK_LINE.match(r.stdout.strip().splitlines()[-1]), r.stdout + r.stderr

    # 3. a real window under Xvfb, up to the title screen (CI must have the tools)
    need_tools(*NEEDED)
    x = Xvfb()
    home2 = tmp_path / "home2"
    env2 = dict(env, DISPLAY=x.display, QUACKS_HOME=str(home2))
    env2.pop("SDL_VIDEODRIVER")
    game = Program([str(exe)], env2, tmp_path / "stdout.txt", cwd=tmp_path)
    try:
        startup = game.wait_ready()
        name = subprocess.run(["xdotool", "getwindowname", game.wid], env=env2, capture_output=True, text=True)
        assert "Quacks" in name.stdout
        print(f"bundle: window {game.wid}, title screen after {startup:.2f} s")
    finally:
        rc = game.stop()
        x.stop()
    assert rc == 0, f"exit code {rc}: {game.output()}"
    log = log_text(home2)
    assert "first frame drawn" in log
    assert "Traceback" not in log
