"""The data's texts in the player's language: book names and effect texts, fortune cards, the bonus die's
faces and the guided game's steps. The translations are read and checked in ``content.translations`` (which
also lists the keys); this module only picks the text to show. A key without a text shows the English (the
data itself). Every lookup happens when the text is shown, so switching the language needs no restart.
"""

from __future__ import annotations

from .. import i18n
from ..content.translations import Keyed, book_key, translations
from ..rules.catalogue import Book, FortuneCard
from ..rules.chips import Colour


def text(key: str, english: str) -> str:
    """The text of ``key`` in the player's language (``english`` where there is none)."""
    lang = i18n.language()
    if lang == "en" or not english:
        return english
    if lang in i18n.TEST_LANGUAGES:
        return i18n.test_text(english)
    return translations(lang).get(key) or english


# each text of the data, by its key -------------------------------------------------------------------------

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


def step_text(step: Keyed) -> str:
    """A guided-game step's text with its ``{placeholders}`` still to fill (the coach fills them)."""
    return text(f"tutorial.{step.id}", step.text)

