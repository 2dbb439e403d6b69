"""The developer tools that draw the game: ``screenshots`` (one run into a temporary folder), ``bench-ui``
(frame times and resizes, with a few frames and small windows) and its child command. pygame stays up for
the other tests in this process: the tools' ``pygame.quit()`` is a no-op here."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from quacks.devtools.ui import bench as ui_bench
from quacks.devtools.ui import shots
from quacks.ui.app import text_engine


@pytest.fixture()
def keep_pygame(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame, "quit", lambda: None)


def test_screenshots_draw_every_screen_of_the_readme_in_windows_of_their_size(
        home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # the main screens' matrix (issue 32: five sizes, two scales, two languages) in one size and both scales here
    monkeypatch.setattr(shots, "main_screens", lambda out, sizes=((1280, 800),), scales=(100, 200),
                        languages=("de",), real=shots.main_screens: real(out, sizes, scales, languages))
    scale = text_engine().scale
    try:
        assert shots.main(SimpleNamespace(out=str(tmp_path / "shots"))) == 0
    finally:
        text_engine().set_scale(scale)
    printed = capsys.readouterr().out.split()
    names = {Path(p).name.rsplit("-", 1)[0] for p in printed}
    assert names >= {"title", "new-game", "brewing", "brewing-200", "pot-zoom", "two-seats", "shop", "log",
                     "round-results", "evaluation", "guided", "result", "rules", "hover-help", "colour-blind"}
    main = {Path(p).name for p in printed if Path(p).parent.name == "main"}
    assert main == {f"{screen}-de-{scale}-1280x800.png" for screen in ("title", "new-game", "settings", "online",
                                                                        "brewing", "pick", "shop", "round-results",
                                                                        "result") for scale in (100, 200)}
    sizes = {Path(p).name for p in printed}
    assert {"brewing-1280x800.png", "brewing-2560x1440.png", "brewing-1000x900.png", "brewing-200-1280x800.png",
            "brewing-200-2560x1440.png"} <= sizes
    for p in map(Path, printed):  # a window of the size the name says, filled (no black bars)
        w, h = (int(x) for x in p.stem.rsplit("-", 1)[1].split("x"))
        picture = pygame.image.load(str(p))
        assert picture.get_size() == (w, h)
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert picture.get_at(corner)[:3] != (0, 0, 0), (p.name, corner)
    assert not home.exists() or not list(home.rglob("*.json"))  # the tool saves nothing of a player's


@pytest.mark.parametrize(("lang", "you"), [("en", "You"), ("de", "Du"), ("nl", "Jij")])
def test_screenshots_name_the_human_seat_in_their_language(monkeypatch: pytest.MonkeyPatch, lang: str,
                                                           you: str) -> None:
    from quacks import i18n

    seen: list[tuple[str, str]] = []

    def fake_run(out: Path, suffix: str = "") -> list[Path]:
        m = shots._human_match(1)
        seen.append((i18n.language(), m.game.seats[0].name))
        return []

    monkeypatch.setattr(shots, "_run", fake_run)
    monkeypatch.setattr(shots, "main_screens", lambda out: [])
    assert shots.main(SimpleNamespace(out="unused", language=lang)) == 0
    assert seen == [(lang, you)] and i18n.language() == "en", "drawn in the language, then back"


def test_the_guided_game_helper_says_when_a_step_never_comes(home: Path) -> None:
    from quacks.storage.settings import Settings
    from quacks.ui.app import App

    app = App(Settings(pace="instant"), headless=True)
    app.no_saves = True  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="never reached"):
        shots.guided(app, "no-such-step", limit=30)


def test_bench_ui_measures_frames_and_prints_them(keep_pygame: None, capsys: pytest.CaptureFixture[str]) -> None:
    r = ui_bench.run((640, 360), frames_n=6)
    assert r["frames"] == 6 and r["size"] == "640x360" and r["window"] == "640x360"
    assert 0 < r["p50_ms"] <= r["p99_ms"] <= r["max_ms"] and r["driver"] == "dummy"
    assert ui_bench.main(SimpleNamespace(size="640x360", frames=4, json=False, full=True)) == 0
    out = capsys.readouterr().out
    assert "bench-ui 640x360" in out and "full presented" in out
    assert ui_bench.main(SimpleNamespace(size="640x360", frames=4, json=True)) == 0
    assert json.loads(capsys.readouterr().out)["frames"] == 4


def test_bench_ui_times_the_frames_after_resizes(keep_pygame: None) -> None:
    r = ui_bench.run_resize(rounds=1, sizes=((640, 360), (800, 450)), settle=0.05)
    assert r["jumps"]["frames"] == 2 and set(r["jumps"]["p50_ms_by_size"]) == {"640x360", "800x450"}
    assert set(r["jumps"]["whole_picture_ms_by_size"]) == {"640x360", "800x450"}
    assert r["drag"]["frames"] == len(ui_bench.drag_sizes()) and r["window_did_not_resize"] == []


def test_the_drag_goes_there_and_back_in_small_steps() -> None:
    sizes = ui_bench.drag_sizes((100, 100), (200, 150), steps=4)
    assert sizes[0] == (125, 112) and sizes[3] == (200, 150) and sizes[-1] == (100, 100)
    assert ui_bench.percentile([3.0, 1.0, 2.0], 0.5) == 2.0 and ui_bench._ms([], 0.5) == 0.0


def test_the_child_command_prints_one_json_line(keep_pygame: None, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    assert ui_bench.child_main(["frames", "640x360", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["frames"] == 3
    monkeypatch.setattr(ui_bench, "RESIZE_SIZES", ((640, 360), (720, 405)))
    real = ui_bench.run_resize
    monkeypatch.setattr(ui_bench, "run_resize", lambda rounds: real(rounds, ui_bench.RESIZE_SIZES, 0.05))
    assert ui_bench.child_main(["resize", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["jumps"]["frames"] == 2
