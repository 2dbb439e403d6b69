"""What a name may be: the one check for every name a player types or a file brings in; and the names the game
gives seats nobody named.

Seat names, save names and player names in the statistics are drawn on screen, written into files and
compared; a control character (NUL, a line break, a bidirectional override...) can stop the text renderer
or make two names look alike. :func:`name_problem` says, in a sentence for the player, why a text cannot
be a name, or returns None when it can. :data:`SEAT_NAMES` are the names of bots and of humans at a shared
screen (two humans are never both "You": issue 19); they are names, the same in every language. Pure: no
pygame, no files.
"""

from __future__ import annotations

import unicodedata

from .i18n import N_, _

MAX_NAME = 24  # seat and player names; the new-game screen lets a player type fewer
# Unicode categories refused anywhere in a name: controls (Cc), format characters such as bidirectional
# overrides and zero-width marks (Cf), surrogates (Cs), private use (Co), unassigned (Cn), and the line
# and paragraph separators (Zl, Zp), which break a line where none should be.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def bad_character(text: str) -> str | None:
    """The first character of ``text`` that no name (or shown text) may hold, or None."""
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            return ch
    return None


def describe_character(ch: str) -> str:
    """``U+0000 (a control character)`` and the like, for messages (never the character itself)."""
    kind = {"Cc": N_("a control character"), "Cf": N_("an invisible formatting character"),
            "Cs": N_("a broken character"), "Co": N_("a private-use character"), "Cn": N_("an unassigned character"),
            "Zl": N_("a line break"), "Zp": N_("a paragraph break")}.get(unicodedata.category(ch), N_("a character"))
    return _("U+{code} ({kind})").format(code=f"{ord(ch):04X}", kind=_(kind))


def name_problem(text: object, *, what: str = N_("a name"), max_length: int = MAX_NAME) -> str | None:
    """Why ``text`` cannot be a name (a sentence without a full stop), or None if it can.

    A name is text with at least one visible character, at most ``max_length`` characters once the
    spaces around it are taken off, and no control or invisible formatting characters.
    """
    what = _(what)  # marked with N_ where it is named, or already in the player's language
    if not isinstance(text, str):
        return _("{what} must be text").format(what=what)
    ch = bad_character(text)
    if ch is not None:
        return _("{what} cannot contain {character}").format(what=what, character=describe_character(ch))
    stripped = text.strip()
    if not stripped:
        # Translators: {what} is a name's kind with its article, e.g. "a save name", "the name of seat 2"
        return _("{what} cannot be empty").format(what=what)
    if len(stripped) > max_length:
        return _("{what} has at most {n} characters (this one has {length})").format(what=what, n=max_length,
                                                                                     length=len(stripped))
    return None


#: names the game gives seats: bots, and every human when two or more share the screen (Quedlinburg's own)
SEAT_NAMES = ("Hildegard", "Ottokar", "Mechthild", "Rupert", "Gertrud", "Konrad", "Walburga", "Eckhart")


def fresh_name(used: set[str] | frozenset[str]) -> str:
    """The first of :data:`SEAT_NAMES` that no seat in ``used`` has (compared without case)."""
    taken = {u.casefold() for u in used}
    for name in SEAT_NAMES:
        if name.casefold() not in taken:
            return name
    n = 2
    while True:  # more seats than names (never with four seats): "Hildegard 2"...
        for name in SEAT_NAMES:
            if f"{name} {n}".casefold() not in taken:
                return f"{name} {n}"
        n += 1


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every character a name may not hold written as ``\\uXXXX`` (safe to draw and log)."""
    out = "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in REFUSED_CATEGORIES else c for c in text)
    if limit is not None and len(out) > limit:
        out = out[:max(0, limit - 3)] + "..."
    return out


__all__ = ["MAX_NAME", "SEAT_NAMES", "bad_character", "describe_character", "fresh_name", "name_problem",
           "printable"]
