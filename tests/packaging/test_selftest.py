"""Fast checks of what the bundle is made of: the self-test, the launcher, the icons, the Linux menu entry."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "assets" / "icons"
PROGRAM_ICONS = ROOT / "packaging" / "icons"  # quacks.ico, quacks.icns: built into the Windows and macOS programs
OK_LINE = re.compile(r"^selftest ok: data valid, display (\S+), title and table drawn, "
                     r"bot game 9 rounds in \d+\.\d+ s \(winner \S+ -?\d+ VP\)$")


def clean_env(tmp_path: Path) -> dict[str, str]:
    """No display, and every folder the game (or a library) might write to inside ``tmp_path``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", QUACKS_HOME=str(tmp_path / "qhome"),
               HOME=str(tmp_path / "home"), PYTHONDONTWRITEBYTECODE="1")
    (tmp_path / "home").mkdir()
    return env


def files_under(p: Path) -> list[str]:
    """Every file and link under ``p`` (links not followed)."""
    return sorted(str(f.relative_to(p)) for f in p.rglob("*") if f.is_file() or f.is_symlink())


# --- the self-test ---------------------------------------------------------------------------------------
def test_selftest_runs_headless_and_prints_one_ok_line(tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    r = subprocess.run([sys.executable, "-c", "import sys; from quacks.selftest import run; sys.exit(run())"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1, r.stdout
    m = OK_LINE.match(lines[0])
    assert m, lines[0]
    assert m.group(1) == "dummy"
    # nothing left behind but the log line
    assert files_under(tmp_path / "home") == []
    assert files_under(tmp_path / "qhome") == ["logs/quacks.log"]
    assert lines[0] in (tmp_path / "qhome" / "logs" / "quacks.log").read_text(encoding="utf-8")


def test_selftest_failure_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import quacks.datacheck as loader
    from quacks import selftest

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path))
    monkeypatch.setattr(loader, "check_data", lambda folder=None: ["data/chips.yaml: something is wrong"])
    assert selftest.run() == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.strip() == ("selftest FAILED: data invalid: 1 error(s), the first: "
                               "data/chips.yaml: something is wrong")
    log = (tmp_path / "logs" / "quacks.log").read_text(encoding="utf-8")
    assert "selftest FAILED" in log


def test_launcher_uses_absolute_imports(tmp_path: Path) -> None:
    """The bundle's entry script runs as a plain script (not as part of the package)."""
    env = clean_env(tmp_path)
    r = subprocess.run([sys.executable, str(ROOT / "quacks_launcher.py"), "check-data"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "valid" in r.stdout


# --- the icons -------------------------------------------------------------------------------------------
def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    w, h = struct.unpack(">II", data[16:24])
    return w, h


@pytest.mark.parametrize("px", [256, 128, 64, 32, 16])
def test_png_icons(px: int) -> None:
    data = (ICONS / f"quacks-{px}.png").read_bytes()
    assert png_size(data) == (px, px)
    assert data[25] == 6, "RGBA (colour type 6), so the icon has a transparent background"


def test_png_icons_load_in_pygame() -> None:
    import pygame

    for px in (16, 64, 256):
        img = pygame.image.load(str(ICONS / f"quacks-{px}.png"))
        assert img.get_size() == (px, px)
        assert img.get_at((0, 0)).a == 0, "the corners are transparent"
        assert img.get_at((px // 2, px // 2)).a == 255


def test_ico_holds_png_entries() -> None:
    data = (PROGRAM_ICONS / "quacks.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = set()
    for i in range(count):
        w, h, colours, res, planes, bpp, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        w, h = w or 256, h or 256
        assert (colours, res, planes, bpp) == (0, 0, 1, 32)
        assert offset + length <= len(data)
        assert png_size(data[offset:offset + length]) == (w, h)
        sizes.add(w)
    assert {16, 32, 48, 256} <= sizes


def test_icns_holds_png_elements() -> None:
    data = (PROGRAM_ICONS / "quacks.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {"icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512, "ic10": 1024,
                "ic11": 32, "ic12": 64, "ic13": 256, "ic14": 512}
    pos, seen = 8, []
    while pos < len(data):
        kind = data[pos:pos + 4].decode("ascii")
        length = struct.unpack(">I", data[pos + 4:pos + 8])[0]
        assert length > 8 and pos + length <= len(data)
        assert kind in expected, kind
        assert png_size(data[pos + 8:pos + length]) == (expected[kind], expected[kind])
        seen.append(kind)
        pos += length
    assert pos == len(data)
    assert {"ic07", "ic08", "ic09"} <= set(seen)


def test_icon_encoders_are_deterministic(tmp_path: Path) -> None:
    """tools/make_icons.py writes containers that the parsers above accept (at a tiny size, to be quick)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_icons
    finally:
        sys.path.remove(str(ROOT / "tools"))
    import pygame

    pygame.display.init()
    png = make_icons.png_bytes(make_icons.draw_icon(16))
    assert png == make_icons.png_bytes(make_icons.draw_icon(16))
    assert png_size(png) == (16, 16)
    ico = make_icons.ico_bytes({16: png})
    assert ico[:6] == struct.pack("<HHH", 0, 1, 1) and ico[22:] == png
    icns = make_icons.icns_bytes([("icp4", png)])
    assert icns[:8] == b"icns" + struct.pack(">I", 16 + len(png))


# --- Linux menu entry ----------------------------------------------------------------------------------
def desktop_string(value: str) -> str:
    """A string value of a desktop entry, unescaped (Desktop Entry spec: \\s \\n \\t \\r \\\\)."""
    out, i = [], 0
    while i < len(value):
        c = value[i]
        if c == "\\":
            nxt = value[i + 1]
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[nxt])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def exec_argv(value: str) -> list[str]:
    """The Exec key as the spec reads it: string unescaping, then quoting, then field codes."""
    text = desktop_string(value)
    args: list[str] = []
    cur: list[str] = []
    quoted = in_arg = False
    i = 0
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                assert text[i + 1] in '"`$\\', f"{text[i + 1]!r} may not be escaped inside quotes"
                cur.append(text[i + 1])
                i += 2
                continue
            if c == '"':
                quoted = False
            else:
                cur.append(c)
        elif c == '"':
            quoted = in_arg = True
        elif c == " ":
            if in_arg:
                args.append("".join(cur))
            cur, in_arg = [], False
        else:
            assert c not in "\t\n'\\><~|&;$*?#()`", f"reserved character {c!r} outside quotes"
            cur.append(c)
            in_arg = True
        i += 1
    assert not quoted, "unterminated quote"
    if in_arg:
        args.append("".join(cur))
    result = []
    for a in args:  # field codes: %% is a percent sign; this entry uses no other code
        assert "%" not in a.replace("%%", ""), f"stray % in {a!r}"
        result.append(a.replace("%%", "%"))
    return result


def read_desktop(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def test_desktop_file() -> None:
    e = read_desktop(ROOT / "packaging" / "linux" / "quacks.desktop")
    assert e["Type"] == "Application" and e["Name"] == "Quacks" and e["Icon"] == "quacks"
    assert e["Categories"] == "Game;BoardGame;"
    assert (e["Exec"], e["TryExec"], e["Path"]) == ("@EXEC@", "@TRYEXEC@", "@PATH@")
    assert e["Terminal"] == "false"


def test_exec_parser_follows_the_spec() -> None:
    assert exec_argv('"/a/50%% off \\\\$HOME/Q" --x') == ["/a/50% off $HOME/Q", "--x"]
    assert exec_argv('"/a/b\\\\\\\\c"') == ["/a/b\\c"]


def fake_bundle(folder: Path) -> Path:
    (folder / "_internal" / "assets" / "icons").mkdir(parents=True)
    exe = folder / "Quacks"
    exe.write_text('#!/bin/sh\nprintf "%s\\n" "$0" "$PWD" "$@" > "$QUACKS_MARK"\n', encoding="utf-8")
    exe.chmod(0o755)
    shutil.copy(ICONS / "quacks-256.png", folder / "_internal" / "assets" / "icons" / "quacks-256.png")
    return folder


FOLDERS = ["My Games", "50% off $HOME", "it's \"quoted\" `x` a\\b & c | d; e", "100%"]
MENU_FILES = [".local/share/applications/quacks.desktop", ".local/share/icons/hicolor/256x256/apps/quacks.png"]
LINK = ".local/share/quacks/bundle"  # the % -free way to a bundle whose path has a % (GLib: see install.sh)


def install_entry(tmp_path: Path, folder: str) -> tuple[Path, dict[str, str], dict[str, str]]:
    """A fake bundle in ``folder``, its menu entry installed by install.sh: (bundle, environment, entry)."""
    bundle = fake_bundle(tmp_path / folder / "Quacks")
    env = clean_env(tmp_path)
    r = subprocess.run(["sh", str(ROOT / "packaging" / "linux" / "install.sh"), str(bundle)], env=env,
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and r.stderr == "", r.stdout + r.stderr
    return bundle, env, read_desktop(tmp_path / "home" / ".local" / "share" / "applications" / "quacks.desktop")


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("sh") is None or shutil.which("install") is None,
                    reason="needs a POSIX shell with install(1)")
@pytest.mark.parametrize("folder", FOLDERS)
def test_install_script_for_the_current_user(tmp_path: Path, folder: str) -> None:
    """The menu entry starts the bundle wherever it lies, even in a folder named ``50% off $HOME``."""
    bundle, env, entry = install_entry(tmp_path, folder)
    share = tmp_path / "home" / ".local" / "share"
    argv = exec_argv(entry["Exec"])
    link = share / "quacks" / "bundle"
    program = link / "Quacks" if "%" in folder else bundle / "Quacks"
    assert argv == [str(program)] and "%" not in argv[0]
    assert Path(argv[0]).resolve() == (bundle / "Quacks").resolve()
    assert desktop_string(entry["TryExec"]) == str(program)
    assert desktop_string(entry["Path"]) == str(bundle)
    # start it as a desktop would: the parsed argv, in the entry's Path
    mark = tmp_path / "started.txt"
    run = subprocess.run(argv, cwd=desktop_string(entry["Path"]), env={**env, "QUACKS_MARK": str(mark)}, timeout=30)
    assert run.returncode == 0
    assert mark.read_text(encoding="utf-8").splitlines()[:2] == [str(program), str(bundle)]
    icon = share / "icons" / "hicolor" / "256x256" / "apps" / "quacks.png"
    assert icon.read_bytes() == (ICONS / "quacks-256.png").read_bytes()
    assert files_under(tmp_path / "home") == sorted(MENU_FILES + ([LINK] if "%" in folder else []))
    script = ROOT / "packaging" / "linux" / "install.sh"
    r = subprocess.run(["sh", str(script), "--uninstall"], env=env, capture_output=True, text=True, timeout=30)
    assert r.returncode == 0
    assert files_under(tmp_path / "home") == [] and not link.parent.exists()


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("sh") is None or shutil.which("install") is None,
                    reason="needs a POSIX shell with install(1)")
def test_a_bundle_moved_to_a_plain_folder_drops_the_link(tmp_path: Path) -> None:
    install_entry(tmp_path / "a", "50% off")
    bundle, _env, entry = install_entry(tmp_path, "plain")
    assert exec_argv(entry["Exec"]) == [str(bundle / "Quacks")]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux menu entry")
@pytest.mark.parametrize("folder", FOLDERS)
def test_the_menu_entry_passes_desktop_file_validate_and_starts_through_glib(tmp_path: Path, folder: str) -> None:
    """What desktops really do with the entry: desktop-file-validate (freedesktop.org's checker) finds nothing
    to say, and GLib (``gio launch``, as GNOME starts menu entries) starts the bundle in its folder. GLib
    refused the entry of a bundle in a folder with a % in its name (it looked for a program named ``%%``)."""
    from ..e2e.xwin import cannot_run

    missing = [t for t in ("desktop-file-validate", "gio") if shutil.which(t) is None]
    if missing:
        cannot_run(f"needs {', '.join(missing)} (apt-get install desktop-file-utils libglib2.0-bin)")
    bundle, env, _entry = install_entry(tmp_path, folder)
    path = tmp_path / "home" / ".local" / "share" / "applications" / "quacks.desktop"
    r = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and r.stdout + r.stderr == "", r.stdout + r.stderr
    mark = tmp_path / "started.txt"
    r = subprocess.run(["gio", "launch", str(path)], env={**env, "QUACKS_MARK": str(mark)}, capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0, r.stdout + r.stderr
    for _ in range(100):  # gio starts the program and returns at once
        if mark.exists() and mark.read_text(encoding="utf-8").count("\n") >= 2:
            break
        __import__("time").sleep(0.05)
    program, cwd = mark.read_text(encoding="utf-8").splitlines()[:2]
    assert Path(program).resolve() == (bundle / "Quacks").resolve() and cwd == str(bundle)


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("sh") is None, reason="needs a POSIX shell")
def test_install_script_refuses_a_folder_with_a_line_break(tmp_path: Path) -> None:
    bundle = fake_bundle(tmp_path / "two\nlines" / "Quacks")
    r = subprocess.run(["sh", str(ROOT / "packaging" / "linux" / "install.sh"), str(bundle)], env=clean_env(tmp_path),
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 1 and "line break" in r.stderr
    assert files_under(tmp_path / "home") == []
