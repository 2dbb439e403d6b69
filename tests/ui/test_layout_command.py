"""``python -m quacks check-layout`` as CI runs it, on one screen: the options (quick, case, scale, language,
size, shots, verbose), its summary line and exit code, and a problem reported in its one-line form."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from quacks import cli
from quacks.devtools.ui import layout_check as L


def test_the_command_checks_the_title_and_saves_its_drawings(home: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    shots = tmp_path / "shots"
    code = cli.main(["check-layout", "--quick", "--case", "title", "--scale", "100", "--scale", "150",
                     "--language", "en", "--language", "marker", "--size", "1280x720", "--shots", str(shots),
                     "--verbose"])
    out, err = capsys.readouterr()
    assert code == 0, out
    assert "check-layout: 4 drawings (1 screens x 2 scales x 2 languages x 1 sizes: 1280x720)" in out
    assert "0 problems" in out
    assert sorted(p.name for p in shots.iterdir()) == ["title-100-en-1280x720.png", "title-100-marker-1280x720.png",
                                                       "title-150-en-1280x720.png", "title-150-marker-1280x720.png"]
    assert err.count("title @ ") == 4  # --verbose: one line per drawing


def test_a_problem_is_printed_and_fails_the_command(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from quacks.ui.scenes.title import TitleScene

    def crowded(app: Any) -> None:  # the title, and two lines drawn over each other
        app.scenes = []
        app.push(TitleScene(app))
        real = TitleScene.draw

        def draw(self: TitleScene, surf: object) -> None:
            real(self, surf)  # type: ignore[arg-type]
            te = self.app.text
            te.blit(surf, "Hello there", (100, 500), "sans", 30, (250, 243, 226))  # (cream: they read on the wood)
            te.blit(surf, "General Kenobi", (140, 510), "sans", 30, (236, 204, 130))

        monkeypatch.setattr(TitleScene, "draw", draw)

    monkeypatch.setattr(L, "all_cases", lambda: [L.Case("crowded title", crowded)])
    assert L.main(type("Args", (), {"scale": [100], "language": ["en"], "size": ["1920x1080"]})()) == 1
    out = capsys.readouterr().out
    assert "overlap: crowded title @ 100% en [1920x1080]: 'Hello there' at (" in out
    # (the line drawn over another may also stand out too little from what it lies on: "contrast")
    assert re.search(r"\d problems \(clipped 0, overflow 0, overlap 1, small 0, dropped 0, untranslated 0, broken 0, "
                     r"chip-covered 0, over-dialog 0, pot-small 0, over-pot 0, empty 0, scale-text 0, contrast [01]\)",
                     out), out
