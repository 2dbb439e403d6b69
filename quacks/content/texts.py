"""What a text of the data may be (a book's rule, a card's name, a step of the guided game, and each of their
translations in ``data/i18n/<lang>.yaml``): text drawn on screen, so no control or invisible formatting
character (line breaks and tabs aside; a soft hyphen between two letters marks where a long word may break, see
``quacks.i18n.SOFT_HYPHEN``), no word longer than :data:`MAX_WORD` letters (a label is fitted word by word; no
language of the game needs a longer one) and no text longer than :data:`MAX_TEXT`."""

from __future__ import annotations

from ..i18n import SOFT_HYPHEN
from ..names import bad_character, describe_character

MAX_WORD = 40  # characters between spaces; the longest word of the data and its translations has 21
MAX_TEXT = 1000  # characters; the longest text of the data and its translations has about 350


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a text of the data (a sentence without the file and key), or None if it can."""
    for i, c in enumerate(text):
        if c == SOFT_HYPHEN and not (0 < i < len(text) - 1 and text[i - 1].isalpha() and text[i + 1].isalpha()):
            return "has a soft hyphen (U+00AD) that is not between two letters (it marks where a long word may break)"
    ch = bad_character(text.replace(SOFT_HYPHEN, "").replace("\n", " ").replace("\t", " ").replace("\r", " "))
    if ch is not None:
        return f"holds {describe_character(ch)}; remove it (texts are drawn on screen)"
    longest = max(text.split(), key=len, default="")
    if len(longest) > MAX_WORD:
        shown = longest[:20] + "..."
        return f"has a word of {len(longest)} characters ({shown}); at most {MAX_WORD} fit on screen"
    if len(text) > MAX_TEXT:
        return f"is {len(text)} characters long; a text of the data has at most {MAX_TEXT}"
    return None


__all__ = ["MAX_TEXT", "MAX_WORD", "text_problem"]
