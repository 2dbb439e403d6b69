"""Player-facing text goes through here: ``_("...")`` for a sentence, ``ngettext`` where a count is involved.

Every sentence is written whole with named placeholders (``_("{name} stops.").format(name=...)``), never
glued from pieces, so that another language can order its words its own way. Until catalogues are
installed, the English source text is what a player reads.

``set_language("pseudo")`` turns on a pseudo-language for layout checks: every sentence comes back
recognisable but about 40% longer (as German or Dutch often are), its vowels accented and each word
stretched, inside ``[...]`` so that a cut end shows; ``{placeholders}`` stay as they are.
"""

from __future__ import annotations

import math
import re

LANGUAGES = ("en", "pseudo")
TEST_LANGUAGES = ("pseudo",)  # made up for checks, never offered to players
_language = "en"

#: how much longer each word gets in the pseudo-language: with spaces, punctuation and placeholders as they
#: are, a sentence comes out about 40% longer than its English source (as German and Dutch often are)
PSEUDO_GROWTH = 0.55
_ACCENTS = str.maketrans("aeiouyAEIOUYcnsz", "äéïöüÿÄÉÏÖÜŸçñšž")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_WORD = re.compile(r"[A-Za-z]+")


def set_language(code: str) -> None:
    """Choose the language of ``_`` and ``ngettext`` ("en", or "pseudo" for layout checks)."""
    global _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    _language = code


def language() -> str:
    return _language


def _stretch(word: re.Match[str]) -> str:
    """A word made longer by PSEUDO_GROWTH: its last letters doubled (a compound-word feel, wraps as one word)."""
    w = word.group(0)
    extra = math.ceil(len(w) * PSEUDO_GROWTH)
    tail = w[-extra:] if extra <= len(w) else (w * (extra // len(w) + 1))[:extra]
    return (w + tail.lower()).translate(_ACCENTS)


def pseudo(message: str) -> str:
    """The pseudo-language version of ``message``: 40% longer, accented, bracketed, placeholders intact."""
    if not message.strip():
        return message
    parts = _PLACEHOLDER.split(message)
    out = "".join(p if i % 2 else _WORD.sub(_stretch, p) for i, p in enumerate(parts))
    return f"[{out}]"


def test_text(message: str) -> str:
    """``message`` (a text of the code or the data) in the test language in use: the pseudo-language."""
    return pseudo(message)


def _(message: str) -> str:
    """The text of ``message`` in the player's language."""
    if _language == "pseudo":
        return pseudo(message)
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the player's language."""
    return _(singular if n == 1 else plural)


def N_(message: str) -> str:  # noqa: N802 - the usual name of gettext's "mark only" function
    """Mark ``message`` for translation where it is defined; translate it with ``_`` where it is shown."""
    return message
