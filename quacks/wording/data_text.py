"""The data's texts in the player's language: book names and effect texts, fortune cards, the bonus die's
faces and the guided game's steps.

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

A key missing from a language's file (or empty there) shows the English text meanwhile, never a key; a modder
who adds a book set, a card or a step adds its keys to each language's file (``python -m quacks check-data``
lists every key still missing, with its file). Every lookup happens when the text is shown, so switching the
language needs no restart.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Protocol

from .. import i18n
from ..rules.catalogue import Book, Catalogue, DieFace, FortuneCard
from ..rules.chips import Colour

log = logging.getLogger("quacks.wording")

FOLDER = "i18n"  # data/i18n/<lang>.yaml
_CACHE: dict[tuple[str, str], dict[str, str]] = {}


class _Step(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def text(self) -> str: ...


def translation_file(lang: str, data: Path | None = None) -> Path:
    """``data/i18n/<lang>.yaml`` of the game's data folder (or of ``data``)."""
    if data is None:
        from ..resources import data_dir

        data = data_dir()
    return Path(data) / FOLDER / f"{lang}.yaml"


def read_translations(path: Path) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """(key -> text, problems as (key, sentence)) of one language's file; a missing file is no translation.

    A text that cannot be drawn (``content.texts``: a control character, a word or a text too long) is a
    problem and left out: the English text shows instead."""
    from ..content.texts import text_problem
    from ..content.yamlfile import YamlFileError, load_yaml
    from ..names import printable

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


def text(key: str, english: str) -> str:
    """The text of ``key`` in the player's language (``english`` where there is none)."""
    lang = i18n.language()
    if lang == "en" or not english:
        return english
    if lang in i18n.TEST_LANGUAGES:
        return i18n.test_text(english)
    return translations(lang).get(key) or english


# keys -------------------------------------------------------------------------------------------------------

def book_key(book: Book) -> str:
    """``books.green.set2``, ``books.orange``, ``books.black.players-3-4``: where a book's texts are."""
    colour = Colour(book.colour).value
    if book.set is not None:
        return f"books.{colour}.set{book.set}"
    if book.players:
        return f"books.{colour}.players-" + "-".join(str(n) for n in book.players)
    return f"books.{colour}"


def book_name(book: Book) -> str:
    return text(f"books.{Colour(book.colour).value}.name", book.name)


def book_short(book: Book) -> str:
    """The book's one-line rule (its full text where the data has no short one)."""
    if not book.short:
        return book_text(book)
    return text(book_key(book) + ".short", book.short)


def book_text(book: Book) -> str:
    return text(book_key(book) + ".text", book.text)


def card_name(card: FortuneCard) -> str:
    return text(f"cards.{card.id}.name", card.name)


def card_text(card: FortuneCard) -> str:
    return text(f"cards.{card.id}.text", card.text)


def die_face_text(face: DieFace) -> str:
    return text(f"die.{face.id}", face.text)


def step_text(step: _Step) -> str:
    """A guided-game step's text with its ``{placeholders}`` still to fill (the coach fills them)."""
    return text(f"tutorial.{step.id}", step.text)


# every key, for check-data and the translators' tool --------------------------------------------------------

def _books(cat: Catalogue) -> Iterable[Book]:
    yield cat.orange
    yield from cat.black
    for colour in cat.books:
        yield from (cat.books[colour][n] for n in sorted(cat.books[colour]))


def source_texts(cat: Catalogue, steps: Iterable[_Step] = ()) -> dict[str, str]:
    """Every key of the data with its English text, in the order of the data files."""
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
