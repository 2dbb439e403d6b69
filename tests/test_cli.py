"""The command line: every entry point reads the same arguments, and no command ends in a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from quacks import cli

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_gui_main_reads_its_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    """`quacks --selftest` from a wheel once opened the game and waited forever: gui_main ignored argv."""
    import quacks.selftest as selftest

    calls: list[str] = []
    monkeypatch.setattr(selftest, "run", lambda: calls.append("selftest") or 0)
    monkeypatch.setattr(sys, "argv", ["quacks", "--selftest"])
    assert cli.gui_main() == 0
    assert calls == ["selftest"]


def test_main_without_arguments_reads_sys_argv(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["quacks-cli", "check-data"])
    assert cli.main() == 0
    assert "all data files are valid" in capsys.readouterr().out


def test_help_and_usage_errors_return_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "import-replay" in capsys.readouterr().out
    assert cli.main(["no-such-command"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_no_command_means_play(monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui import main as ui_main

    seen: list[object] = []
    monkeypatch.setattr(ui_main, "run", lambda args: seen.append(args.command) or 0)
    assert cli.main([]) == 0 and cli.main(["play", "--size", "800x600"]) == 0
    assert cli.main(["-psn_0_12345"]) == 0  # what an older macOS Finder adds
    assert seen == ["play", "play", "play"]


def test_an_unexpected_problem_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import quacks.datacheck as loader

    def boom(folder: object = None) -> list[object]:
        raise RuntimeError("the disk caught fire")

    monkeypatch.setattr(loader, "check_data", boom)
    monkeypatch.delenv("QUACKS_DEBUG", raising=False)
    assert cli.main(["check-data"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the disk caught fire" in err and "Traceback" not in err


def test_a_developer_command_left_out_of_the_bundle_says_so(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(cli.DEV_COMMANDS, "simulate", "quacks.not_in_this_bundle")
    assert cli.main(["simulate", "--games", "2"]) == 2
    assert "not part of this copy of the game" in capsys.readouterr().err


def test_a_copy_without_the_devtools_package_says_so_for_every_developer_command(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The bundle leaves quacks.devtools out whole (build_installer.spec): every developer command then says so in
    one line, with no traceback, and exits 2."""
    for name in [m for m in sys.modules if m == "quacks.devtools" or m.startswith("quacks.devtools.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "quacks.devtools", None)  # as if the package were not there
    needs = {"strength": ["--level", "hard"]}
    for command in cli.DEV_COMMANDS:
        assert cli.main([command, *needs.get(command, [])]) == 2, command
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not part of this copy of the game" in err and "Traceback" not in err, err
        assert f"quacks {command}:" in err


def test_import_replay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str], _home: Path) -> None:
    from quacks.content.loader import default_catalogue
    from quacks.rules.config import GameConfig
    from quacks.session.match import Match, MatchSetup, SeatSpec
    from quacks.storage import replays

    m = Match(default_catalogue(), MatchSetup(GameConfig(seats=("Ann", "Bo")), (SeatSpec("Ann", "amber", "easy"),
                                                                                SeatSpec("Bo", "teal", "easy")), 5))
    m.run_until_human()
    src = replays.export_replay(m, tmp_path / "game")
    assert cli.main(["import-replay", str(src)]) == 0
    assert capsys.readouterr().out.startswith("imported: ")
    assert cli.main(["import-replay", str(src)]) == 0
    assert "imported before" in capsys.readouterr().out
    assert cli.main(["import-replay", str(tmp_path / "missing.json")]) == 1
    assert "does not exist" in capsys.readouterr().err
    (_home / "data").mkdir(parents=True, exist_ok=True)
    (_home / "data" / "replays").rename(tmp_path / "moved")
    (_home / "data" / "replays").write_text("a file", encoding="utf-8")
    assert cli.main(["import-replay", str(src)]) == 1
    err = capsys.readouterr().err
    assert "is a file where a folder should be" in err and "Traceback" not in err


@pytest.mark.parametrize("how", [["-m", "quacks"], [str(ROOT / "quacks_launcher.py")]])
def test_python_m_and_the_launcher_take_the_same_arguments(tmp_path: Path, how: list[str]) -> None:
    for args, code, text in ((["check-data"], 0, "valid"), (["bogus"], 2, "invalid choice"),
                             (["--help"], 0, "--selftest")):
        r = subprocess.run([sys.executable, *how, *args], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                           env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
        assert r.returncode == code, (args, r.stdout, r.stderr)
        assert text in r.stdout + r.stderr and "Traceback" not in r.stderr


VERSION_PROBE = ("import sys; from quacks.cli import main; code = main(sys.argv[1:]); "
                 "print('pygame loaded' if 'pygame' in sys.modules else 'no pygame'); sys.exit(code)")


@pytest.mark.parametrize("how", [["-m", "quacks"], [str(ROOT / "quacks_launcher.py")], ["-c", VERSION_PROBE]])
def test_version_prints_the_version_and_exits_without_a_window(tmp_path: Path, how: list[str]) -> None:
    """`--version` on every way of starting the game (the installed commands: tests/packaging/test_wheel.py)."""
    import os

    from quacks.version import __version__

    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    r = subprocess.run([sys.executable, *how, "--version"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=60, env={**env, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == f"Quacks {__version__}" and r.stderr == ""
    if how[0] == "-c":
        assert r.stdout.splitlines()[1] == "no pygame"  # nothing of the game's window was started


def test_run_py_play_passes_version_on(monkeypatch: pytest.MonkeyPatch) -> None:
    sys.path.insert(0, str(ROOT))
    try:
        import run
    finally:
        sys.path.remove(str(ROOT))
    calls: list[list[str]] = []
    monkeypatch.setattr(run, "ensure_env", lambda kind: Path("python"))
    monkeypatch.setattr(run, "_call", lambda cmd: calls.append(cmd) or 0)
    monkeypatch.setattr(run.os, "chdir", lambda where: None)
    assert run.main(["play", "--version"]) == 0
    assert calls == [["python", "-m", "quacks", "--version"]]


def test_the_version_is_the_package_s_own() -> None:
    """pyproject.toml reads the version from quacks/version.py (one place), as the wheel's metadata shows."""
    import tomllib

    from quacks.version import __version__

    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in cfg["project"] and cfg["project"]["dynamic"] == ["version"]
    assert cfg["tool"]["hatch"]["version"]["path"] == "quacks/version.py"
    assert __version__.count(".") == 2 and all(p.isdigit() for p in __version__.split("."))


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"]])
def test_help_explains_every_language_lang_takes(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(args) == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the lines
    for code in cli.LANG_CHOICES:
        assert f" {code} (" in text, f"--lang {code} is accepted but --help does not say what it is"


def test_the_scenario_command_needs_only_the_rules_and_yaml(tmp_path: Path) -> None:
    """The scenario contract's command runs where only PyYAML is installed (outside checks run it so): neither
    pygame nor platformdirs is imported on its way (a top-level import of storage in cli once broke it)."""
    scenario = Path(__file__).resolve().parent / "scenarios" / "ruling-r47-choose-wisely-no-purple.yaml"
    code = ("import sys; sys.modules['platformdirs'] = None; sys.modules['pygame'] = None\n"
            "from quacks.cli import main\n"
            f"sys.exit(main(['scenario', {str(scenario)!r}]))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       cwd=Path(__file__).resolve().parent.parent)
    assert r.returncode == 0, r.stderr[-2000:]
    assert '"phase": "brewing"' in r.stdout
