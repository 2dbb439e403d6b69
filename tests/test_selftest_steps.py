"""The self-test's steps one by one, and how each failure becomes its one line (the whole self-test in a clean
process is tests/packaging/test_selftest.py): a blank drawing, a missing asset or catalogue, bots that stop,
an interrupt, an unwritable log; and where a window is expected."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks import selftest


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(pygame.display, "quit", lambda: None)  # the other tests keep their display
    return tmp_path / "home"


@pytest.mark.parametrize(("platform", "env", "desktop"), [
    ("win32", {}, True), ("darwin", {}, True), ("linux", {}, False), ("linux", {"DISPLAY": ":0"}, True),
    ("linux", {"WAYLAND_DISPLAY": "wayland-0"}, True)])
def test_a_window_is_expected_on_a_desktop(monkeypatch: pytest.MonkeyPatch, platform: str, env: dict[str, str],
                                           desktop: bool) -> None:
    monkeypatch.setattr(selftest.sys, "platform", platform)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert selftest.has_desktop() is desktop


def test_a_step_that_fails_names_itself_and_the_error() -> None:
    def boom() -> None:
        raise KeyError("orange")

    with pytest.raises(selftest.SelftestError, match=r"^loading: KeyError: 'orange'$"):
        selftest._step("loading", boom)
    with pytest.raises(selftest.SelftestError, match="^as it was$"):
        selftest._step("x", lambda: (_ for _ in ()).throw(selftest.SelftestError("as it was")))


def test_a_blank_drawing_is_caught() -> None:
    blank = pygame.Surface((960, 540))
    blank.fill((10, 20, 30))
    with pytest.raises(selftest.SelftestError, match="the title looks blank"):
        selftest._looks_drawn(blank, "the title")


def test_a_missing_asset_or_catalogue_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import quacks.i18n as i18n
    import quacks.resources as resources

    monkeypatch.setattr(resources, "asset", lambda *parts: tmp_path.joinpath(*parts))
    with pytest.raises(selftest.SelftestError, match="asset missing"):
        selftest._check_data()
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    with pytest.raises(selftest.SelftestError, match="the de catalogue is missing"):
        selftest._check_languages()


def test_bots_that_stop_early_fail_the_self_test(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from quacks.session.match import Match

    monkeypatch.setattr(Match, "run_until_human", lambda self: None)
    with pytest.raises(selftest.SelftestError, match="stopped in round 1"):
        selftest._bot_game()
    monkeypatch.setattr(Match, "advance", lambda self: True)
    monkeypatch.setattr(selftest, "_match", lambda seed: _Stuck())
    with pytest.raises(selftest.SelftestError, match="did not reach round 3"):
        selftest._table(None)


class _Stuck:
    """A match whose bots never get anywhere."""

    class game:  # noqa: N801
        round, phase, seats = 1, "brewing", ()

    def advance(self) -> bool:
        return True


def test_the_whole_self_test_in_this_process(capsys: pytest.CaptureFixture[str], _home: Path) -> None:
    assert selftest.main() == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("selftest ok: data valid, display dummy, title and table drawn")
    assert line in (_home / "logs" / "quacks.log").read_text(encoding="utf-8")


def test_an_interrupt_is_one_failed_line_too(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt()

    monkeypatch.setattr(selftest, "_bot_game", interrupted)
    assert selftest.run() == 1
    assert capsys.readouterr().err.strip() == "selftest FAILED: KeyboardInterrupt:"


def test_a_log_that_cannot_be_written_and_a_closed_stdout_do_not_fail_it(monkeypatch: pytest.MonkeyPatch,
                                                                         _home: Path) -> None:
    _home.mkdir(parents=True)
    (_home / "logs").write_text("a file where the log folder should be", encoding="utf-8")

    class Closed:
        def write(self, s: str) -> int:
            raise ValueError("I/O operation on closed file")

        def flush(self) -> None: ...

    monkeypatch.setattr(selftest.sys, "stdout", Closed())
    selftest._report("selftest ok: fine")  # neither raises
    monkeypatch.setattr(selftest.sys, "stderr", None)
    monkeypatch.setattr(selftest.sys, "stdout", None)
    selftest._report("selftest FAILED: x", ok=False)
