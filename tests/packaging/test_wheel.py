"""The wheel, installed into a new virtual environment outside the repository: every entry point (``quacks``,
``quacks-cli``, ``python -m quacks``) takes the same arguments, and ``quacks --selftest`` passes in seconds.

The fast test installs the wheel without touching the network (its three dependencies come from the test
environment through a ``.pth`` line); the slow one is the real thing, ``pip install`` with dependencies
from the package index, as a player would do it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import venv
import zipfile
from pathlib import Path

import pytest

from quacks.version import __version__ as VERSION

from .test_licences import needed_texts
from .test_selftest import OK_LINE

ROOT = Path(__file__).resolve().parents[2]
WIN = os.name == "nt"


def build_wheel(out: Path) -> Path:
    """``quacks-*.whl`` built from the checkout (hatchling; pip fetches it if this environment lacks it)."""
    if importlib.util.find_spec("hatchling") is not None:
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(out), str(ROOT)]
    else:
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out), str(ROOT)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"building the wheel failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    (wheel,) = out.glob("quacks-*.whl")
    return wheel


def scripts(env: Path) -> Path:
    return env / ("Scripts" if WIN else "bin")


def exe(env: Path, name: str) -> str:
    return str(scripts(env) / (f"{name}.exe" if WIN else name))


def site_packages(env: Path) -> Path:
    purelib = sysconfig.get_path("purelib", vars={"base": str(env), "platbase": str(env)})
    return Path(purelib)


def clean_env(tmp: Path) -> dict[str, str]:
    """No checkout on any path, no display, every user folder in ``tmp``."""
    dropped = ("PYTHON", "QUACKS_", "XDG_", "VIRTUAL_ENV", "DISPLAY", "WAYLAND_DISPLAY")
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", QUACKS_HOME=str(tmp / "qhome"), HOME=str(tmp / "home"),
               PYTHONDONTWRITEBYTECODE="1")
    (tmp / "home").mkdir(exist_ok=True)
    return env


def entry_points(env: Path) -> dict[str, list[str]]:
    py = exe(env, "python")
    return {"quacks": [exe(env, "quacks")], "quacks-cli": [exe(env, "quacks-cli")],
            "python -m quacks": [py, "-m", "quacks"]}


def check_installed(env: Path, tmp: Path) -> list[str]:
    """Run every entry point from outside the repository; the self-test lines."""
    run_env = clean_env(tmp)
    where = subprocess.run([exe(env, "python"), "-c", "import quacks, quacks.resources as r; "
                            "print(quacks.__file__); print(r.resource_root())"], cwd=tmp, env=run_env,
                           capture_output=True, text=True, timeout=60)
    assert where.returncode == 0, where.stderr
    for line in where.stdout.splitlines():
        assert Path(line).resolve().is_relative_to(env.resolve()), f"not from the installed wheel: {line}"
    lines = []
    for name, cmd in entry_points(env).items():
        t0 = time.monotonic()
        r = subprocess.run([*cmd, "--selftest"], cwd=tmp, env=run_env, capture_output=True, text=True, timeout=120)
        took = time.monotonic() - t0
        assert r.returncode == 0, f"{name} --selftest: {r.returncode}\n{r.stdout}\n{r.stderr}"
        line = r.stdout.strip().splitlines()[-1]
        assert OK_LINE.match(line), f"{name}: {line}"
        assert took < 60, f"{name} --selftest took {took:.1f} s"
        lines.append(f"{name}: {took:.1f} s")
        for args, code, text in ((["check-data"], 0, "valid"), (["--help"], 0, "import-replay"),
                                 (["no-such-command"], 2, "invalid choice"), (["--version"], 0, f"Quacks {VERSION}")):
            r = subprocess.run([*cmd, *args], cwd=tmp, env=run_env, capture_output=True, text=True, timeout=60)
            assert r.returncode == code, f"{name} {args}: {r.returncode}\n{r.stdout}\n{r.stderr}"
            assert text in r.stdout + r.stderr and "Traceback" not in r.stderr, (name, args)
    return lines


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_carries_the_licences_and_the_entry_points(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = z.read(info).decode()
        ep = z.read(info.replace("METADATA", "entry_points.txt")).decode()
    dist = info.rsplit("/", 1)[0]
    for f in ("LICENSE", "THIRD_PARTY_NOTICES.md", "assets/fonts/LICENSE-Inter.txt",
              "assets/fonts/LICENSE-EBGaramond.txt", "assets/sounds/LICENSE.txt"):
        assert f"{dist}/licenses/{f}" in names, f
    assert "quacks/_resources/THIRD_PARTY_NOTICES.md" in names and "quacks/_resources/LICENSE" in names
    for text in needed_texts("wheel"):  # the full text of every licence of what the wheel ships
        assert f"{dist}/licenses/packaging/licences/{text}" in names, text
    assert "License-Expression: MIT" in meta
    assert f"\nVersion: {VERSION}\n" in meta  # read from quacks/version.py, as --version prints it
    assert "[console_scripts]\nquacks-cli = quacks.cli:main" in ep
    assert "[gui_scripts]\nquacks = quacks.cli:gui_main" in ep
    assert not any("screenshots" in n for n in names)
    # the program's icons (packaging/icons) belong to the bundles' programs only
    assert not [n for n in names if n.endswith((".ico", ".icns"))]
    assert "quacks/_resources/assets/icons/quacks-64.png" in names


def test_installed_wheel_every_entry_point_outside_the_repository(wheel: Path, tmp_path: Path) -> None:
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, clear=True).create(env)
    r = subprocess.run([sys.executable, "-m", "pip", "--python", exe(env, "python"), "--disable-pip-version-check",
                        "install", "-q", "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    # the three dependencies from this test environment (offline); never the checkout itself
    import platformdirs
    import pygame
    import yaml

    dirs = sorted({str(Path(m.__file__).resolve().parent.parent) for m in (pygame, yaml, platformdirs)})
    assert str(ROOT.resolve()) not in dirs  # (the installed quacks comes first: check_installed checks it)
    (site_packages(env) / "quacks_test_deps.pth").write_text("\n".join(dirs) + "\n", encoding="utf-8")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    print("\n" + "; ".join(check_installed(env, outside)))


@pytest.mark.slow
def test_fresh_pip_install_of_the_wheel_with_its_dependencies(wheel: Path, tmp_path: Path) -> None:
    """What a player does: a new virtual environment, ``pip install quacks-*.whl`` (dependencies from the
    package index), then ``quacks --selftest``."""
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env)
    r = subprocess.run([exe(env, "python"), "-m", "pip", "--disable-pip-version-check", "install", "-q", str(wheel)],
                       capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    print("\n" + "; ".join(check_installed(env, outside)))
    shutil.rmtree(env, ignore_errors=True)


@pytest.mark.slow
def test_the_sdist_leaves_out_the_screenshots(tmp_path: Path) -> None:
    """The screenshots are for the README on the web: the source archive builds and runs the game without them."""
    import tarfile

    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env)
    build_system = __import__("tomllib").loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    r = subprocess.run([exe(env, "python"), "-m", "pip", "--disable-pip-version-check", "install", "-q",
                        *build_system["requires"]], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([exe(env, "python"), "-m", "hatchling", "build", "-t", "sdist", "-d", str(tmp_path / "out")],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    (sdist,) = (tmp_path / "out").glob("quacks-*.tar.gz")
    with tarfile.open(sdist) as t:
        names = t.getnames()
    assert not [n for n in names if "/docs/screenshots" in n]
    for needed in ("pyproject.toml", "LICENSE", "THIRD_PARTY_NOTICES.md", "data/pot.yaml", "quacks/cli.py",
                   "assets/fonts/Inter-Regular.otf", "docs/rulings.md"):
        assert any(n.endswith("/" + needed) for n in names), needed
    assert (ROOT / "docs" / "screenshots").is_dir()  # they are still in the repository
