"""Licences: our LICENSE, the notices of everything shipped, and the About screen that lists them."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pygame

from quacks.resources import license_path, notices_path
from quacks.ui.scenes.credits import CreditsScene, load_notices, parse_notices

ROOT = Path(__file__).resolve().parents[2]
# everything a bundle ships, as the notices must name it (the bundle test checks the libraries themselves)
SHIPPED = ("Quacks", "EB Garamond", "Inter", "Python", "pygame-ce", "SDL2", "FreeType", "HarfBuzz", "libpng",
           "libjpeg-turbo", "libtiff", "libwebp", "Brotli", "libogg", "Opus", "FLAC", "WavPack", "libxmp", "mpg123",
           "libsndfile", "FluidSynth", "PyYAML", "platformdirs", "websockets", "zeroconf", "ifaddr", "miniupnpc",
           "OpenSSL", "zlib", "bzip2", "XZ Utils", "libffi", "GCC runtime", "PyInstaller bootloader",
           "PyInstaller run-time hooks")
LICENCE_TEXTS = ROOT / "packaging" / "licences"
# a phrase each full text must hold (it is the licence it is named after, not an empty or wrong file)
MARKERS = {
    "MIT": "Permission is hereby granted, free of charge", "CC0-1.0": "CC0 1.0 Universal",
    "OFL-1.1": "SIL OPEN FONT LICENSE", "PSF-2.0": "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2",
    "LGPL-2.1": "GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 2.1",
    "GPL-2.0": "GNU GENERAL PUBLIC LICENSE\n                       Version 2, June 1991",
    "GPL-3.0": "GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007",
    "GCC-exception-3.1": "GCC RUNTIME LIBRARY EXCEPTION\n\nVersion 3.1", "Bootloader-exception": "Bootloader Exception",
    "Apache-2.0": "Apache License\n                           Version 2.0", "Zlib": "This software is provided 'as-is'",
    "FTL": "The FreeType Project LICENSE", "IJG": "Independent JPEG Group", "BSD-3-Clause": "Neither the name of",
    "libpng-2.0": "PNG Reference Library License version 2", "libtiff": "Sam Leffler and Silicon Graphics",
    "bzip2-1.0.6": "bzip2", "0BSD": "Permission to use, copy, modify, and/or distribute this software",
}


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
    real_blit, real_wrapped = d.app.text.blit, d.app.text.blit_wrapped

    def spy(surf: pygame.Surface, text: str, *a: object, **k: object) -> pygame.Rect:
        drawn.append(text)
        return real_blit(surf, text, *a, **k)  # type: ignore[arg-type]

    def spy_wrapped(surf: pygame.Surface, text: str, *a: object, **k: object) -> int:
        drawn.append(text)  # a name or a licence too long for its column wraps
        return real_wrapped(surf, text, *a, **k)  # type: ignore[arg-type]

    d.app.text.blit = spy  # type: ignore[method-assign]
    d.app.text.blit_wrapped = spy_wrapped  # type: ignore[method-assign]
    for _ in range(12):  # scroll through the whole list
        scene.draw(d.app.screen)
        d.key(pygame.K_PAGEDOWN)
    d.app.text.blit, d.app.text.blit_wrapped = real_blit, real_wrapped  # type: ignore[method-assign]
    for r in scene.rows:
        assert r.name in drawn and r.licence in drawn, r.name
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, TitleScene)


def test_the_about_screen_says_what_to_do_when_the_notices_are_missing(tmp_path: Path) -> None:
    rows, problem = load_notices(tmp_path / "THIRD_PARTY_NOTICES.md")
    assert rows == [] and "THIRD_PARTY_NOTICES.md" in problem and "reinstall" in problem


# --- the full licence texts (issue 18: the LGPL text shipped only where the build machine had it) -----------


def licence_ids(expression: str) -> set[str]:
    """The SPDX identifiers in a licence expression: ``IJG AND BSD-3-Clause AND Zlib``, ``X WITH Y``."""
    return {part.strip("() ") for part in re.split(r"\s+(?:AND|OR|WITH)\s+", expression.strip())}


def text_name(spdx_id: str) -> str:
    """The file of an identifier's full text: a version's ``-only`` and ``-or-later`` share its text."""
    return re.sub(r"-(only|or-later)$", "", spdx_id) + ".txt"


def needed_texts(where: str = "bundle") -> set[str]:
    """The text files of every licence of the components the wheel or the bundle ships (the notices' table)."""
    rows, problem = load_notices(ROOT / "THIRD_PARTY_NOTICES.md")
    assert problem == "" and rows
    return {text_name(i) for r in rows if getattr(r, where) for i in licence_ids(r.licence)}


def test_licence_expressions_are_read_into_their_texts() -> None:
    assert licence_ids("IJG AND BSD-3-Clause AND Zlib") == {"IJG", "BSD-3-Clause", "Zlib"}
    assert {text_name(i) for i in licence_ids("GPL-3.0-or-later WITH GCC-exception-3.1")} == {
        "GPL-3.0.txt", "GCC-exception-3.1.txt"}
    assert text_name("LGPL-2.1-or-later") == text_name("LGPL-2.1") == "LGPL-2.1.txt"


def test_every_licence_of_the_notices_has_its_full_text_in_the_source() -> None:
    for name in sorted(needed_texts()):
        path = LICENCE_TEXTS / name
        assert path.is_file(), f"THIRD_PARTY_NOTICES.md names {name[:-4]}, but {path} is missing"
        text = path.read_text(encoding="utf-8")
        assert MARKERS[name[:-4]] in text, f"{path} does not read like {name[:-4]}"
    assert {"LGPL-2.1.txt", "GPL-2.0.txt", "GPL-3.0.txt", "Zlib.txt", "FTL.txt"} <= needed_texts()


def test_every_text_in_the_source_is_a_licence_of_the_notices() -> None:
    assert {p.name for p in LICENCE_TEXTS.glob("*.txt")} == needed_texts()


def spec_licence_files() -> list[tuple[str, str]]:
    """``licence_files()`` of build_installer.spec, run outside PyInstaller (what the bundle's licenses/ gets)."""
    tree = ast.parse((ROOT / "build_installer.spec").read_text(encoding="utf-8"))
    wanted = {"ROOT", "ICONS", "LICENCE_TEXTS"}
    keep = [n for n in tree.body if (isinstance(n, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id in wanted for t in n.targets)) or (
        isinstance(n, ast.FunctionDef) and n.name == "licence_files")]
    assert len(keep) == len(wanted) + 1, "build_installer.spec: ROOT, LICENCE_TEXTS or licence_files() moved"
    space: dict[str, object] = {"Path": Path, "sys": sys, "metadata": metadata, "SPECPATH": str(ROOT)}
    exec(compile(ast.Module(body=keep, type_ignores=[]), "build_installer.spec", "exec"), space)  # noqa: S102
    return space["licence_files"]()  # type: ignore[operator,no-any-return]


def test_the_bundle_ships_every_full_text_from_the_source() -> None:
    """Whatever the build machine has (the frozen bundle itself: tests/packaging/test_bundle.py, slow)."""
    shipped = {(Path(src).resolve(), dest) for src, dest in spec_licence_files()}
    for name in needed_texts("bundle"):
        assert ((LICENCE_TEXTS / name).resolve(), "licenses") in shipped, name
    assert not [src for src, _ in shipped if "common-licenses" in str(src)]


def test_the_wheel_ships_the_full_texts_of_what_it_ships() -> None:
    """The wheel's rows of the notices (the built wheel itself: tests/packaging/test_wheel.py)."""
    files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license-files"]
    assert {f"packaging/licences/{n}" for n in needed_texts("wheel")} <= set(files)
