"""The shipped fonts draw every letter the game's texts use, whole: no letter is missing from a face (it would
be drawn as a box or in a stand-in font) and none is cut off by the line the renderer makes of it."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
import yaml

from quacks.i18n import LANGUAGES, read_msgids
from quacks.ui.text import Text
from quacks.ui.text_fonts import FONT_FILES, TRIMMED

ROOT = Path(__file__).resolve().parents[2]
SIZES = (9, 11, 12, 14, 16, 18, 20, 23, 27, 32, 40, 56, 80, 150)


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


def _letters() -> dict[str, str]:
    """Every letter of the catalogues (English source, German, Dutch) and of the data's texts, with where it
    first occurs."""
    texts: list[tuple[str, str]] = [("quacks.pot", m) for m in read_msgids()]
    for lang in LANGUAGES:
        if lang == "en":
            continue
        with open(ROOT / "quacks" / "locale" / lang / "LC_MESSAGES" / "quacks.mo", "rb") as f:
            cat = gettext.GNUTranslations(f)
        texts += [(f"{lang} catalogue", v) for v in cat._catalog.values()]  # type: ignore[attr-defined]
        texts += [(f"data/i18n/{lang}.yaml", t) for t in
                  _strings(yaml.safe_load((ROOT / "data" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8")))]
    for path in sorted((ROOT / "data").rglob("*.yaml")):
        if "i18n" not in path.parts:
            texts += [(str(path.relative_to(ROOT)), t) for t in _strings(yaml.safe_load(path.read_text("utf-8")))]
    out: dict[str, str] = {}
    for where, text in texts:
        for ch in text:
            if not ch.isspace() and ch not in out:
                out[ch] = f"{where}: {text[:60]!r}"
    return out


LETTERS = _letters()


@pytest.fixture(scope="module")
def te() -> Iterator[Text]:
    pygame.font.init()
    yield Text()


def test_the_texts_use_the_letters_german_and_dutch_need() -> None:
    assert set("äöüÜßëéï–„“…") <= set(LETTERS), "the walk over the texts found them all"


@pytest.mark.parametrize("face", sorted(FONT_FILES))
def test_every_face_has_every_letter_of_the_texts(face: str) -> None:
    import pygame.freetype

    from quacks.resources import asset

    pygame.freetype.init()
    f = pygame.freetype.Font(str(asset("fonts", FONT_FILES[face])), 24)  # None for a letter the font lacks
    letters = list(LETTERS)
    missing = {ch: LETTERS[ch] for ch, m in zip(letters, f.get_metrics("".join(letters))) if m is None}
    assert missing == {}, f"{FONT_FILES[face]} has no glyph for these (first use given)"
    assert f.get_metrics("\U0010fff0") == [None], "a letter no font has is found missing"


@pytest.mark.parametrize("face", sorted(FONT_FILES))
def test_no_letter_of_the_texts_is_cut_off_by_its_line(te: Text, face: str) -> None:
    letters = "".join(LETTERS)
    for px in SIZES:
        assert te.glyph_cut(letters, face, px) == "", (face, px)


@pytest.mark.parametrize("face", sorted(TRIMMED))
def test_the_rows_trimmed_off_a_line_are_empty(te: Text, face: str) -> None:
    """The trim takes only room the letters never ink (the letters drawn untrimmed, then compared)."""
    letters = "".join(LETTERS) + "ÅÉ"
    for px in SIZES:
        f = te.font_px(face, px)
        t = te.trim(f)
        assert t < f.get_ascent() // 3, "only the room above the accents goes"
        whole = f.render(letters, True, (0, 0, 0))
        assert whole.get_bounding_rect().top >= t, (face, px)
        trimmed = te.render_px(letters, face, px, (0, 0, 0))
        assert trimmed.get_height() == whole.get_height() - t
        assert trimmed.get_bounding_rect().h == whole.get_bounding_rect().h, "no ink is lost"


def test_a_letter_cut_by_its_line_is_named(te: Text) -> None:
    # U+01FA (Å with an acute on top) is taller than anything the trim keeps room for
    assert te.glyph_cut("Ǻngström", "serif-bold", 40) == "Ǻ"
    assert te.glyph_cut("Kürbis", "serif-bold", 40) == ""


def test_every_font_is_shipped_with_its_licence() -> None:
    fonts = ROOT / "assets" / "fonts"
    readme = (fonts / "README.md").read_text(encoding="utf-8")
    for name in FONT_FILES.values():
        assert (fonts / name).is_file() and f"`{name}`" in readme, name
    for lic in ("LICENSE-EBGaramond.txt", "LICENSE-Inter.txt"):
        text = (fonts / lic).read_text(encoding="utf-8")
        assert "open font license" in text.lower() and "Copyright" in text and f"`{lic}`" in readme
    assert {p.name for p in fonts.iterdir()} == {*FONT_FILES.values(), "LICENSE-EBGaramond.txt",
                                                 "LICENSE-Inter.txt", "README.md"}
