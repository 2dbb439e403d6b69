"""tools/coverage_check.py: line coverage summed per package from coverage.py's JSON report, every module of
quacks/ counted (measured or not), and the floor; ``python3 run.py coverage`` is a command of run.py."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def check() -> ModuleType:
    return _load("coverage_check", ROOT / "tools" / "coverage_check.py")


def _report(check: ModuleType, missed: int = 0, leave_out: tuple[str, ...] = ()) -> dict:
    """Every module with 10 lines, ``missed`` of them not run."""
    files = {path: {"summary": {"covered_lines": 10 - missed, "num_statements": 10}}
             for path in check.source_modules() if path not in leave_out}
    return {"files": files}


def test_every_package_of_the_game_is_a_package_with_its_init(check: ModuleType) -> None:
    packages = {check.package_of(p) for p in check.source_modules()}
    for needed in ("quacks", "quacks.rules", "quacks.content", "quacks.ai", "quacks.session", "quacks.storage",
                   "quacks.wording", "quacks.tutorial", "quacks.ui", "quacks.ui.scenes", "quacks.ui.table",
                   "quacks.ui.overlays"):
        assert needed in packages
        assert (ROOT / needed.replace(".", "/") / "__init__.py").exists(), f"{needed} has no __init__.py"


def test_packages_sum_their_own_modules_only(check: ModuleType) -> None:
    report = {"files": {"quacks/ui/app.py": {"summary": {"covered_lines": 9, "num_statements": 10}},
                        "quacks/ui/scenes/title.py": {"summary": {"covered_lines": 1, "num_statements": 10}},
                        str(ROOT / "quacks" / "cli.py"): {"summary": {"covered_lines": 5, "num_statements": 5}}}}
    packages, modules, missing = check.per_package(report)
    assert packages["quacks.ui"] == [9, 10] and packages["quacks.ui.scenes"] == [1, 10]
    assert packages["quacks"] == [5, 5]  # an absolute path in the report counts as the same module
    assert "quacks/ui/app.py" in modules and "quacks/ui/main.py" in missing


def test_the_floor_passes_and_fails(check: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_report(check, 1)), encoding="utf-8")
    assert check.main([str(good)]) == 0
    assert "quacks.ui.scenes" in capsys.readouterr().out
    assert check.main([str(good), "--floor", "95"]) == 1
    out, err = capsys.readouterr()
    assert "< 95%" in out and "under 95% lines" in err


def test_a_module_no_test_imported_fails_the_check(check: ModuleType, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.json"
    report.write_text(json.dumps(_report(check, 0, leave_out=("quacks/devtools/ui/shots.py",))), encoding="utf-8")
    assert check.main([str(report), "--modules"]) == 1
    assert "quacks/devtools/ui/shots.py" in capsys.readouterr().err


def test_run_py_has_the_coverage_command_and_ci_runs_it() -> None:
    run = _load("run_py_cov", ROOT / "run.py")
    assert run.ENVS["coverage"] == run.ENVS["test"]
    assert "python3 run.py coverage" in run.__doc__
    assert "python3 run.py coverage\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    import tomllib

    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(d.startswith("coverage") for d in cfg["project"]["optional-dependencies"]["dev"])
    run_cfg = cfg["tool"]["coverage"]["run"]
    assert run_cfg["source"] == ["quacks"] and "omit" not in run_cfg and run_cfg["data_file"].startswith(
        run.COVERAGE_OUT)
