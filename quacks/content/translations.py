"""The translations of the data's texts: read, kept and checked here; ``wording.data_text`` shows them.

English is the data itself (``data/books/*.yaml``, ``data/fortune_cards.yaml``, ``data/bonus_die.yaml``,
``data/tutorial.yaml``). Every other language has one file, ``data/i18n/<lang>.yaml``, a flat mapping of
stable keys to text::

    books.<colour>.name                         the book's name (one per colour)
    books.<colour>.set<n>.short / .text         a coloured book of set n: its one-line and its full rule
    books.orange.short / .text                  the orange book
    books.black.players-<n>[-<m>].short / .text a black page by the seat counts it is for (players-2, players-3-4)
    cards.<card id>.name / .text                a fortune card
    die.<face id>                               a face of the bonus die
    tutorial.<step id>                          a step of the guided game ({rounds}, {opponent}, ... as in English)
    tutorial.lesson.<id> / .lesson.<id>.about   a lesson of the guided game: its title and its line

A key missing from a language's file (or empty there) shows the English text meanwhile, never a key; a modder
who adds a book set, a card or a step adds its keys to each language's file (``python -m quacks check-data``
lists every key still missing, with its file).
"""

from __future__ import annotations

import logging
import string
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Protocol

from .. import resources
from ..i18n import LANGUAGE_NAMES, LANGUAGES
from ..names import printable
from ..rules.catalogue import Book, Catalogue
from ..rules.chips import Colour
from ..rules.params import DataError, Errors, suggest
from .texts import text_problem
from .yamlfile import YamlFileError, load_yaml

log = logging.getLogger("quacks.content")

FOLDER = "i18n"  # data/i18n/<lang>.yaml
_CACHE: dict[tuple[str, str], dict[str, str]] = {}


class Keyed(Protocol):
    """A text of the guided game's script with its key (``tutorial.<id>``): a step, a lesson's title or line."""

    @property
    def id(self) -> str: ...

    @property
    def text(self) -> str: ...


def translation_file(lang: str, data: Path | None = None) -> Path:
    """``data/i18n/<lang>.yaml`` of the game's data folder (or of ``data``)."""
    return Path(data if data is not None else resources.data_dir()) / FOLDER / f"{lang}.yaml"


def read_translations(path: Path) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """(key -> text, problems as (key, sentence)) of one language's file; a missing file is no translation.

    A text that cannot be drawn (``content.texts``: a control character, a word or a text too long) is a
    problem and left out: the English text shows instead."""
    try:
        raw = load_yaml(path)
    except YamlFileError as e:
        if e.missing:
            return {}, []
        return {}, [("", e.problem)]
    if raw is None:
        return {}, []
    if not isinstance(raw, Mapping):
        return {}, [("", "must be a mapping of keys (books.green.name, cards.alms.text, ...) to texts")]
    out: dict[str, str] = {}
    problems: list[tuple[str, str]] = []
    for k, v in raw.items():
        key = str(k)
        if v is None or v == "":
            continue  # not translated yet
        if not isinstance(v, str):
            problems.append((printable(key, 80), f"must be a text, not {type(v).__name__}"))
            continue
        problem = text_problem(v)
        if problem is not None:
            problems.append((printable(key, 80), problem))
            continue
        out[key] = " ".join(v.split())
    return out, problems


def translations(lang: str) -> dict[str, str]:
    """The texts of ``lang`` for the game's own data (read once per language; {} if there is no file)."""
    try:
        path = translation_file(lang)
    except FileNotFoundError:
        return {}
    key = (str(path), lang)
    if key not in _CACHE:
        texts, problems = read_translations(path)
        for k, p in problems:
            log.warning("%s %s: %s", path, k, p)
        _CACHE[key] = texts
    return _CACHE[key]


def clear_cache() -> None:
    _CACHE.clear()


# keys -------------------------------------------------------------------------------------------------------

def book_key(book: Book) -> str:
    """``books.green.set2``, ``books.orange``, ``books.black.players-3-4``: where a book's texts are."""
    colour = Colour(book.colour).value
    if book.set is not None:
        return f"books.{colour}.set{book.set}"
    if book.players:
        return f"books.{colour}.players-" + "-".join(str(n) for n in book.players)
    return f"books.{colour}"


def _books(cat: Catalogue) -> Iterable[Book]:
    yield cat.orange
    yield from cat.black
    for colour in cat.books:
        yield from (cat.books[colour][n] for n in sorted(cat.books[colour]))


def source_texts(cat: Catalogue, steps: Iterable[Keyed] = ()) -> dict[str, str]:
    """Every key of the data with its English text, in the order of the data files (``steps``: the guided
    game's texts, which its own package reads)."""
    out: dict[str, str] = {}
    for b in _books(cat):
        out.setdefault(f"books.{Colour(b.colour).value}.name", b.name)
        if b.short:
            out[book_key(b) + ".short"] = b.short
        out[book_key(b) + ".text"] = " ".join(b.text.split())
    for c in cat.cards.values():
        out[f"cards.{c.id}.name"] = c.name
        out[f"cards.{c.id}.text"] = c.text
    for f in cat.die.faces:
        out[f"die.{f.id}"] = f.text
    for s in steps:
        out[f"tutorial.{s.id}"] = s.text
    return out


# the check of check-data --------------------------------------------------------------------------------------

def _fields(text: str) -> set[str] | None:
    try:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


def check_translations(root: Path, cat: Catalogue,
                       steps: Iterable[Keyed] = ()) -> tuple[list[DataError], list[DataError]]:
    """(errors, warnings) of the translations in the data folder ``root`` (whose rules ``cat`` holds) for every
    language of the game and every other file there is; ``steps``: the guided game's texts.

    Errors: a file that cannot be read, a text that is no text, a tutorial text whose ``{placeholders}`` differ
    from the English. Warnings: a missing file, a key with no text yet (the English is shown meanwhile) and a
    key the data does not have (a typo, or a text the data no longer has).
    """
    sources = source_texts(cat, steps)
    langs = [c for c in LANGUAGES if c != "en"]
    langs += sorted(p.stem for p in (root / FOLDER).glob("*.yaml") if p.stem not in langs)
    errors: list[DataError] = []
    warnings: list[DataError] = []
    for lang in langs:
        path = translation_file(lang, root)
        rel = f"data/{FOLDER}/{lang}.yaml"
        err = Errors(rel)
        warn = Errors(rel)
        if not path.exists():
            warn.add("", f"is missing: no text of the data is translated into {LANGUAGE_NAMES.get(lang, lang)} "
                         "(python tools/i18n.py update writes it with every key)")
            warnings += warn.items
            continue
        texts, problems = read_translations(path)
        for key, problem in problems:
            err.add(key, problem)
        try:
            raw = load_yaml(path)
        except YamlFileError:
            raw = None  # said above, as a problem of the file
        present = {str(k) for k in raw} if isinstance(raw, Mapping) else set()
        for key, english in sources.items():
            text = texts.get(key)
            if not text:
                warn.add(key, "not translated yet; the English text is shown meanwhile")
            elif key.startswith("tutorial.") and _fields(text) != _fields(english):
                want = ", ".join("{" + f + "}" for f in sorted(_fields(english) or ()))
                err.add(key, f"must keep the placeholders of the English text ({want or 'none'})")
        for key in sorted(present - set(sources)):
            warn.add(printable(key, 80), "is not a key of the data; it is never shown",
                     suggest(key[:80], list(sources)))
        errors += err.items
        warnings += warn.items
    return errors, warnings

