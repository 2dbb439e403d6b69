"""Where a line of text may break, and what a line shows (pure: no pygame).

Lines break at spaces only, and not at every one: a number keeps the word after it ("3 VP"), a signed number the
word before it ("droplet +1"), and a no-break space (U+00A0, ``NBSP``) holds where it stands (a key and its
label). A word wider than a line is broken only at a marked point: a soft hyphen (U+00AD, ``SOFT_HYPHEN``; the
catalogues put them at the seams of long compounds, "Bonus|dobbel|steen" with a soft hyphen at each |), drawn as
a hyphen where the line breaks and never drawn anywhere else, or a hyphen of its own ("Knallerbsen-Summe"); never
between any two letters ("Bonusdobbels-" / "teen"). ``text_fit`` does the wrapping with these rules.
"""

from __future__ import annotations

import re

from ..i18n import SOFT_HYPHEN

#: a space no line breaks at (a number and its unit, a key and its label)
NBSP = "\u00a0"
#: where a paragraph is split into words: any run of white space but the no-break ones
SPACES = re.compile(r"[^\S\u00a0\u202f\u2007]+")


def shown(text: str) -> str:
    """``text`` as it is drawn: without its soft hyphens (a line broken at one ends in "-" already)."""
    return text.replace(SOFT_HYPHEN, "") if SOFT_HYPHEN in text else text


def break_points(word: str) -> list[int]:
    """Where ``word`` may be broken (the length of the first piece): after a soft hyphen, and after a hyphen
    between two letters ("Knallerbsen-|Summe", not "-|5" or "3-|")."""
    out = []
    for i, ch in enumerate(word[:-1]):
        if i == 0:
            continue
        if ch == SOFT_HYPHEN or (ch == "-" and word[i - 1].isalpha() and word[i + 1].isalpha()):
            out.append(i + 1)
    return out


_NUMBER = re.compile(r"[(\[]?[+\-−]?\d(?:[\d.,:/]*\d)?")  # ends in a digit: "7," ends its phrase
_SIGNED = re.compile(r"[+\-−]\d")


def kept_together(words: list[str]) -> list[list[str]]:
    """The words of a paragraph in groups a line does not break inside (unless a group is wider than a line): a
    number and the word after it ("3 VP", "15 coins", "Runde 3 von"), a word and a signed number after it
    ("droplet +1"); a no-break space does the same anywhere (it never splits words at all)."""
    out: list[list[str]] = []
    glue = False
    for w in words:
        suffix = bool(out) and not glue and bool(_SIGNED.match(w))  # "+1" after "droplet": ends the group
        if out and (glue or suffix):
            out[-1].append(w)
        else:
            out.append([w])
        glue = not suffix and bool(_NUMBER.fullmatch(w))
    return out


def broken_piece(word: str, start: int, end: int) -> str:
    """``word[start:end]`` as a piece of a broken word: ending at a soft hyphen, it ends in "-" instead."""
    piece = word[start:end]
    return piece[:-1] + "-" if piece.endswith(SOFT_HYPHEN) else piece

