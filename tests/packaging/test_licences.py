"""Licences: our LICENSE, the notices of everything shipped, and the About screen that lists them."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame

from quacks.resources import license_path, notices_path
from quacks.ui.scenes.credits import CreditsScene, load_notices, parse_notices

ROOT = Path(__file__).resolve().parents[2]
# everything a bundle ships, as the notices must name it (the bundle test checks the libraries themselves)
SHIPPED = ("Quacks", "EB Garamond", "Inter", "Python", "pygame-ce", "SDL2", "FreeType", "HarfBuzz", "libpng",
           "libjpeg-turbo", "libtiff", "libwebp", "Brotli", "libogg", "Opus", "FLAC", "WavPack", "libxmp", "mpg123",
           "libsndfile", "FluidSynth", "PyYAML", "platformdirs", "zlib", "bzip2", "XZ Utils", "libffi", "GCC runtime",
           "PyInstaller bootloader")


def test_our_licence_is_mit_as_pyproject_says() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "THIRD_PARTY_NOTICES.md" in text
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    assert {"LICENSE", "THIRD_PARTY_NOTICES.md"} <= set(project["license-files"])


def test_the_notices_name_everything_shipped_with_a_licence() -> None:
    rows, problem = load_notices(ROOT / "THIRD_PARTY_NOTICES.md")
    assert problem == ""
    names = " | ".join(r.name for r in rows)
    for thing in SHIPPED:
        assert thing in names, thing
    assert all(r.licence and r.what for r in rows)
    wheel = {r.name for r in rows if r.wheel}
    assert wheel == {"Quacks", "Quacks sound effects", "EB Garamond", "Inter"}
    assert all(r.bundle for r in rows)
    text = (ROOT / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    assert "tools/make_sounds.py" in text and "LGPL" in text and "FreeType Project" in text
    for f in ("assets/fonts/LICENSE-EBGaramond.txt", "assets/fonts/LICENSE-Inter.txt", "assets/sounds/LICENSE.txt"):
        assert f in text and (ROOT / f).is_file(), f


def test_the_about_screen_has_every_description_of_the_notices_in_the_players_language() -> None:
    """The "what it is" column is translated: each row's description is one the catalogues know."""
    from quacks import i18n
    from quacks.ui.scenes.credits import DESCRIPTIONS

    rows, _problem = load_notices(ROOT / "THIRD_PARTY_NOTICES.md")
    assert sorted(r.what for r in rows) == sorted(DESCRIPTIONS), "THIRD_PARTY_NOTICES.md and credits.DESCRIPTIONS"
    try:
        for lang in ("de", "nl"):
            i18n.set_language(lang)
            shown = [CreditsScene.described(r) for r in rows]
            untranslated = [r.what for r, s in zip(rows, shown) if s == r.what]
            assert untranslated == [], lang
    finally:
        i18n.set_language("en")


def test_the_notices_are_found_wherever_the_game_runs() -> None:
    assert notices_path().read_text(encoding="utf-8") == (ROOT / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    assert license_path().is_file()


def test_parse_notices_reads_only_the_table() -> None:
    text = ("# x\n\n| component | what it is | licence | wheel | bundle |\n|---|---|---|---|---|\n"
            "| A | `a` thing | MIT | yes | no |\n| B | b | Zlib | no | yes |\n\nmore | not | a | row | here\n")
    rows = parse_notices(text)
    assert [(r.name, r.what, r.licence, r.wheel, r.bundle) for r in rows] == [("A", "a thing", "MIT", True, False),
                                                                              ("B", "b", "Zlib", False, True)]
    assert parse_notices("no table") == []


def test_the_about_screen_lists_every_licence() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from ui.driver import Driver
    finally:
        sys.path.remove(str(ROOT / "tests"))
    from quacks.ui.scenes.title import TitleScene

    d = Driver()
    title = TitleScene(d.app)
    d.app.push(title)
    d.frames(2)
    about = next(b for b in title.buttons if b.label.startswith("About"))
    d.click(about.rect.center)
    scene = d.scene
    assert isinstance(scene, CreditsScene) and scene.problem == ""
    assert all(any(thing in r.name for r in scene.rows) for thing in SHIPPED)
    drawn: list[str] = []
    real_blit = d.app.text.blit

    def spy(surf: pygame.Surface, text: str, *a: object, **k: object) -> pygame.Rect:
        drawn.append(text)
        return real_blit(surf, text, *a, **k)  # type: ignore[arg-type]

    d.app.text.blit = spy  # type: ignore[method-assign]
    for _ in range(12):  # scroll through the whole list
        scene.draw(d.app.screen)
        d.key(pygame.K_PAGEDOWN)
    d.app.text.blit = real_blit  # type: ignore[method-assign]
    for r in scene.rows:
        assert r.name in drawn and r.licence in drawn, r.name
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, TitleScene)


def test_the_about_screen_says_what_to_do_when_the_notices_are_missing(tmp_path: Path) -> None:
    rows, problem = load_notices(tmp_path / "THIRD_PARTY_NOTICES.md")
    assert rows == [] and "THIRD_PARTY_NOTICES.md" in problem and "reinstall" in problem
