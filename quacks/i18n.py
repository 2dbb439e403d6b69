"""Player-facing text goes through here: ``_("...")`` for a sentence, ``ngettext`` where a count is involved.

Every sentence is written whole with named placeholders (``_("{name} stops.").format(name=...)``), never
glued from pieces, so that another language can order its words its own way. English is the source; the
other languages are gettext catalogues, ``quacks/locale/<lang>/LC_MESSAGES/quacks.mo`` compiled from the
``quacks.po`` beside them (``python tools/i18n.py``), read with the standard library's ``gettext``.
``_`` looks the language up at every call, so :func:`set_language` takes effect at once (the UI then
rebuilds what it drew, see ``App.set_language``); a string a catalogue lacks shows in English.

``N_`` only marks a string where it is defined (a table of names) for ``_`` where it is shown;
``pgettext(context, message)`` is ``_`` for a short word that needs a context ("key": the name of a key).

Two languages are for checks only. ``set_language("pseudo")`` turns on a pseudo-language for layout checks:
every sentence comes back recognisable but about 40% longer (as German or Dutch often are), its vowels
accented and each word stretched, inside ``[...]`` so that a cut end shows; ``{placeholders}`` stay as they
are. ``set_language("marker")`` marks every word of every translated string with ``‹...›`` (the English
words, placeholders as they are) but only for the strings of the catalogue template given to
:func:`set_marker_catalogue`, so a text on screen with unmarked words never went through a catalogue
(see ``quacks.ui.layout_check``).
"""

from __future__ import annotations

import gettext
import locale
import math
import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NamedTuple

DOMAIN = "quacks"
#: the languages a player can choose, English (the source) first
LANGUAGES = ("en", "de", "nl")
#: each language's name in its own language (the settings screen)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
DECIMAL_MARKS = {"de": ",", "nl": ","}  # a language not here writes 1.5
#: languages for checks only (never offered to a player)
TEST_LANGUAGES = ("pseudo", "marker")
_language = "en"
_translation: gettext.NullTranslations = gettext.NullTranslations()

#: how much longer each word gets in the pseudo-language: with spaces, punctuation and placeholders as they
#: are, a sentence comes out about 40% longer than its English source (as German and Dutch often are)
PSEUDO_GROWTH = 0.55
_ACCENTS = str.maketrans("aeiouyAEIOUYcnsz", "äéïöüÿÄÉÏÖÜŸçñšž")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_WORD = re.compile(r"[A-Za-z]+")

MARK_OPEN, MARK_CLOSE = "‹", "›"
_TOKEN = re.compile(r"\S+")
_marked: frozenset[str] = frozenset()


def locale_dir() -> Path:
    """The folder of the compiled catalogues (``<lang>/LC_MESSAGES/quacks.mo``)."""
    from .resources import locale_dir as _locale_dir

    return _locale_dir()


def available_languages() -> tuple[str, ...]:
    """The languages a player can choose: English, and every other one whose compiled catalogue is there."""
    try:
        folder = locale_dir()
    except OSError:
        return ("en",)
    return tuple(c for c in LANGUAGES if c == "en" or (folder / c / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file())


def normalise(code: str | None) -> str | None:
    """A language of ours for a locale name ("de_DE.UTF-8", "nl-BE", "German_Germany", "de"), else None."""
    if not code:
        return None
    base = re.split(r"[_.@\-]", code.strip(), maxsplit=1)[0].lower()
    if base in LANGUAGES:
        return base
    return {"english": "en", "german": "de", "deutsch": "de", "dutch": "nl", "nederlands": "nl"}.get(base)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The player's language as the system says (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, the locale, Windows'
    user interface language), if it is one of ours; English otherwise."""
    env = os.environ if environ is None else environ
    for name in env.get("LANGUAGE", "").split(":"):
        found = normalise(name)
        if found:
            return found
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:  # the first one set decides (as for every other program)
            return normalise(value) or "en"
    if environ is not None:
        return "en"
    if sys.platform == "win32":  # pragma: no cover - Windows only
        try:
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            found = normalise(locale.windows_locale.get(lcid, ""))
            if found:
                return found
        except (AttributeError, OSError):
            pass
    try:
        found = normalise(locale.getlocale(locale.LC_MESSAGES if hasattr(locale, "LC_MESSAGES") else
                                           locale.LC_CTYPE)[0])
    except (ValueError, TypeError):
        found = None
    return found or "en"


def set_language(code: str) -> str:
    """Choose the language of ``_`` and ``ngettext``: "en", "de", "nl" ("" follows the system), or "pseudo" and
    "marker" for checks. The language now in use; ValueError for a language we do not have.

    A language without its compiled catalogue (a broken install) shows English and says so in the log.
    """
    global _language, _translation
    if not code:
        code = system_language()
    if code not in LANGUAGES and code not in TEST_LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES + TEST_LANGUAGES)}")
    translation: gettext.NullTranslations = gettext.NullTranslations()
    if code in LANGUAGES and code != "en":
        try:
            translation = gettext.translation(DOMAIN, str(locale_dir()), [code])
        except OSError as e:
            import logging

            logging.getLogger("quacks").warning("no catalogue for %s (%s); English is shown", code, e)
    _language, _translation = code, translation
    return code


def language() -> str:
    return _language


_catalogues: dict[str, gettext.NullTranslations] = {}


def _catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (read once; no catalogue: English)."""
    hit = _catalogues.get(code)
    if hit is None:
        try:
            hit = gettext.translation(DOMAIN, str(locale_dir()), [code])
        except OSError:
            hit = gettext.NullTranslations()
        _catalogues[code] = hit
    return hit


def in_every_language(message: str) -> frozenset[str]:
    """``message`` in every language a player can choose, English too: a word recognised whichever language
    wrote it (the seat a German game named "Du" is still the player's after a switch to Dutch)."""
    return frozenset({message, *(_catalogue(c).gettext(message) for c in LANGUAGES if c != "en")})


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


def mark(message: str) -> str:
    """Every word of ``message`` inside ``‹...›`` (placeholders as they are): the marker language."""
    parts = _PLACEHOLDER.split(message)
    return "".join(p if i % 2 else _TOKEN.sub(lambda m: MARK_OPEN + m.group(0) + MARK_CLOSE, p)
                   for i, p in enumerate(parts))


def set_marker_catalogue(msgids: Iterable[str]) -> None:
    """The strings the marker language knows (the catalogue template's msgids, see :func:`read_msgids`)."""
    global _marked
    _marked = frozenset(msgids)


def read_msgids(path: str | os.PathLike[str] | None = None) -> set[str]:
    """The msgids (singular and plural) of a .po or .pot file (default: the template quacks/locale/quacks.pot)."""
    p = Path(path) if path is not None else locale_dir() / f"{DOMAIN}.pot"
    out: set[str] = set()
    current: list[str] | None = None
    for raw in p.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if line.startswith(("msgid ", "msgid_plural ")):
            if current is not None:
                out.add("".join(current))
            current = [_po_string(line.split(" ", 1)[1])]
        elif line.startswith('"') and current is not None:
            current.append(_po_string(line))
        elif current is not None:
            out.add("".join(current))
            current = None
    out.discard("")
    return out


def _po_string(quoted: str) -> str:
    import ast

    return str(ast.literal_eval(quoted))


def test_text(text: str) -> str:
    """A data text (already English, not from a catalogue) as the check language in use shows it."""
    if _language == "pseudo":
        return pseudo(text)
    if _language == "marker":
        return mark(text)
    return text


def _(message: str) -> str:
    """The text of ``message`` in the player's language."""
    if _language == "pseudo":
        return pseudo(message)
    if _language == "marker":
        return mark(message) if message in _marked else message
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the player's language (its own plural rule)."""
    if _language in TEST_LANGUAGES:
        return _(singular if n == 1 else plural)
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``_`` for a message that needs a context to be translated right (e.g. "key" for the name of a key)."""
    if _language in TEST_LANGUAGES:
        return _(message)
    return _translation.pgettext(context, message)


class Plural(NamedTuple):
    """A text with a singular and a plural form, marked where it is made (``NP_``) and put into the player's
    language where it is shown: the form is chosen by the count in ``args[n_arg]`` (``ngettext``)."""

    singular: str
    plural: str
    n_arg: int = 0

    def text(self, args: tuple[object, ...]) -> str:
        n = args[self.n_arg]
        return ngettext(self.singular, self.plural, n if isinstance(n, int) else 2)


def NP_(singular: str, plural: str, n_arg: int = 0) -> Plural:  # noqa: N802 - N_ for a text with a count
    """Mark a text with a count for translation where it is made (``n_arg``: which argument is the count)."""
    return Plural(singular, plural, n_arg)


def decimal_mark() -> str:
    """The player's language's decimal mark ("." in English, "," in German and Dutch)."""
    return DECIMAL_MARKS.get(_language, ".")


class LocalNumber:
    """A number that formats itself with the player's decimal mark (``"{:.1f}".format(LocalNumber(1.5))``)."""

    __slots__ = ("value",)

    def __init__(self, value: float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        out = format(self.value, spec)
        mark = decimal_mark()
        return out if mark == "." else out.replace(".", mark)


def N_(message: str) -> str:  # noqa: N802 - the usual name of gettext's "mark only" function
    """Mark ``message`` for translation where it is defined; translate it with ``_`` where it is shown."""
    return message


def verbatim(text: str) -> str:
    """A text shown as it is in every language (a name, a licence's name): only the marker language marks it,
    as checked and meant to stay as it is."""
    return mark(text) if _language == "marker" else text


_MARKED = re.compile(MARK_OPEN + "[^" + MARK_OPEN + MARK_CLOSE + "]*" + MARK_CLOSE)
_LETTERS = re.compile(r"[^\W\d_]{2,}")


def unmarked(text: str, names: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` (shown in the marker language) that did not come through a catalogue: words of
    two letters or more outside every ``‹...›``, ``names`` (seats, bots: shown as they are) aside. A line of a
    wrapped text may start inside a word's markers or end inside them ("‹Wor" / "d›")."""
    rest = _MARKED.sub(" ", text)
    if MARK_CLOSE in rest and MARK_OPEN not in rest[:rest.index(MARK_CLOSE)]:
        rest = rest[rest.index(MARK_CLOSE) + 1:]
    if MARK_OPEN in rest and MARK_CLOSE not in rest[rest.rindex(MARK_OPEN):]:
        rest = rest[:rest.rindex(MARK_OPEN)]
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(name, " ")
    return _LETTERS.findall(rest)
