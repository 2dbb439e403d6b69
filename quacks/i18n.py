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
(see ``quacks.devtools.ui.layout_check``).
"""

from __future__ import annotations

import ast
import gettext
import io
import locale
import logging
import math
import os
import re
import string
import struct
import sys
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NamedTuple

from .resources import ReadError, read_bytes
from .resources import locale_dir as _locale_dir

DOMAIN = "quacks"
#: the languages a player can choose, English (the source) first
LANGUAGES = ("en", "de", "nl")
#: each language's name in its own language (the settings screen)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
DECIMAL_MARKS = {"de": ",", "nl": ","}  # a language not here writes 1.5
#: the soft hyphen (U+00AD): where a long word of a heading or a label may break, drawn as a hyphen only there
#: ("Bonus|dobbel|steen" with one at each |); the text engine never draws it elsewhere, and :func:`plain` takes
#: it out of a text that leaves the screen (a log, a file)
SOFT_HYPHEN = "\u00ad"
#: the space a language puts between a number and its percent sign (German "76 %", a no-break space; English and
#: Dutch "76%")
PERCENT_SPACES = {"de": "\u00a0"}
#: languages for checks only (never offered to a player)
PSEUDO, MARKER = "pseudo", "marker"
TEST_LANGUAGES = (PSEUDO, MARKER)
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

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
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

    A language whose compiled catalogue is missing or damaged (see :func:`load_catalogue`) shows English (the
    language now in use is then "en"); damaged single texts show in English. Either is said once in the log and
    once on screen (:func:`take_notice`).
    """
    global _language, _translation
    if not code:
        code = system_language()
    if code not in LANGUAGES and code not in TEST_LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES + TEST_LANGUAGES)}")
    translation: gettext.NullTranslations = gettext.NullTranslations()
    if code in LANGUAGES and code != "en":
        loaded = load_catalogue(code)
        _report(code, loaded)
        if loaded.translation is None:
            code = "en"  # the whole catalogue is unusable: English, said once in the log and on screen
        else:
            translation = loaded.translation
    _language, _translation = code, translation
    return code


# loading a catalogue -----------------------------------------------------------------------------------------

#: the most a compiled catalogue may weigh (each of ours is under 100 KB)
MO_LIMIT = 2 * 1024 * 1024
#: the counts a plural rule is tried with before it is trusted
_PLURAL_PROBES = (*range(0, 202), 1_000, 10_000, 1_000_000, 2**31 - 1, 2**63)
_MAX_SHOWN = 5  # damaged messages named in the log (then "and N more")


class Loaded(NamedTuple):
    """A language's compiled catalogue, checked: ``translation`` is None if the whole catalogue cannot be used
    (``problem`` says why); ``dropped`` names the messages left out (shown in English), each with why."""

    translation: gettext.GNUTranslations | None
    path: Path
    problem: str = ""
    dropped: tuple[str, ...] = ()


def catalogue_path(code: str) -> Path:
    """``quacks/locale/<code>/LC_MESSAGES/quacks.mo``."""
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def load_catalogue(code: str) -> Loaded:
    """The compiled catalogue of ``code``, read through the careful reader (a regular file, a size cap: a
    named pipe in its place cannot hang the game) and checked before it is used: it parses, its charset is
    known, its plural rule gives a form for every count, and every translation keeps its English text's
    ``{placeholders}`` and holds no control character (such a message is left out: it shows in English).
    Never raises."""
    path = catalogue_path(code)
    try:
        raw = read_bytes(path, limit=MO_LIMIT)
    except ReadError as e:
        return Loaded(None, path, e.problem)
    try:
        translation = gettext.GNUTranslations(io.BytesIO(raw))
    except LookupError as e:  # an unknown charset
        return Loaded(None, path, f"names a charset Python does not know ({e})")
    except (ValueError, SyntaxError, RecursionError) as e:  # a plural rule c2py refuses
        return Loaded(None, path, f"has a plural rule that cannot be used ({e})")
    except Exception as e:  # noqa: BLE001 - truncated, corrupt, not UTF-8...: whatever the parser raises
        return Loaded(None, path, f"is damaged ({type(e).__name__}: {e})")
    problem = _plural_problem(translation)
    if problem:
        return Loaded(None, path, problem)
    plurals = _plural_msgids(raw, translation)
    dropped: list[str] = []
    catalog: dict[str | tuple[str, int], str] = translation._catalog  # type: ignore[attr-defined]
    for key, text in list(catalog.items()):
        if key == "":
            continue  # the header
        msgid = key[0] if isinstance(key, tuple) else key
        english = [msgid] + ([plurals.get(msgid, msgid)] if isinstance(key, tuple) else [])
        english = [e.rpartition("\x04")[2] for e in english]  # without a context ("key\x04Space")
        why = message_problem(english, text)
        if why:
            del catalog[key]
            dropped.append(f"{english[0]!r}: {why}")
    return Loaded(translation, path, "", tuple(dropped))


def _plural_problem(translation: gettext.GNUTranslations) -> str:
    """Why the catalogue's plural rule cannot be trusted (it fails, or names a form the catalogue cannot have,
    for some count), or ""."""
    forms = re.search(r"nplurals\s*=\s*(\d+)", translation.info().get("plural-forms", "nplurals=2"))
    n_forms = int(forms.group(1)) if forms else 0
    if not 1 <= n_forms <= 6:
        return "has a plural rule without a sensible number of forms (nplurals)"
    for n in _PLURAL_PROBES:
        try:
            form = translation.plural(n)  # type: ignore[attr-defined]
        except Exception as e:  # noqa: BLE001 - e.g. a division by zero
            return f"has a plural rule that fails for {n} ({type(e).__name__})"
        if not 0 <= form < n_forms:
            return f"has a plural rule that gives form {form} for {n} (it has {n_forms} forms)"
    return ""


def _plural_msgids(raw: bytes, translation: gettext.GNUTranslations) -> dict[str, str]:
    """The English plural of every plural message (gettext keeps only the singular): singular -> plural.
    ``raw`` has already been parsed by gettext, so its tables are sound."""
    charset = translation.charset() or "ascii"
    out: dict[str, str] = {}
    order = "<" if raw[:4] == struct.pack("<I", gettext.GNUTranslations.LE_MAGIC) else ">"
    count, originals = struct.unpack(order + "II", raw[8:16])
    for i in range(count):
        length, offset = struct.unpack(order + "II", raw[originals + 8 * i:originals + 8 * i + 8])
        msg = raw[offset:offset + length]
        if b"\x00" in msg:
            one, _sep, many = msg.partition(b"\x00")
            out[str(one, charset)] = str(many, charset)
    return out


def fields(text: str) -> dict[str, str] | None:
    """The ``str.format`` fields of ``text`` (name or position -> format spec and conversion), None if it is not a
    valid format string; ``{}`` counts as ``{0}``, ``{1}``... in order (as ``tools/i18n.py`` counts them)."""
    out: dict[str, str] = {}
    auto = manual = 0
    try:
        for _lit, name, spec, conv in string.Formatter().parse(text):
            if name is None:
                continue
            if name == "":
                name = str(auto)
                auto += 1
            else:
                manual += 1
            out[name] = (spec or "") + (f"!{conv}" if conv else "")
    except ValueError:
        return None
    if auto and manual:
        return None  # "{} and {0}" cannot be formatted
    return out


def message_problem(english: list[str], translation: str) -> str:
    """Why ``translation`` cannot stand for the English text (its singular and plural): a control character
    (a NUL stops the text renderer) or a ``{placeholder}`` the English has not or formats otherwise (filling
    it would fail in the middle of a game); "" if it can. A translation may leave a placeholder out (a
    singular form often names no number)."""
    for ch in translation:
        if ch not in "\n\t" and unicodedata.category(ch) == "Cc" and not any(ch in e for e in english):
            return f"holds the control character U+{ord(ch):04X}"
    want: dict[str, str] = {}
    for e in english:
        found = fields(e)
        if found is None:
            return ""  # the English is no format string: it is never filled in
        want.update(found)
    got = fields(translation)
    if got is None:
        return "its braces do not match (write {{ and }} for a brace itself)"
    unknown = sorted(set(got) - set(want))
    if unknown:
        return "has " + ", ".join("{" + u + "}" for u in unknown) + ", which the English text has not"
    changed = sorted(k for k in got if got[k] != want[k])
    if changed:
        return "formats " + ", ".join("{" + c + "}" for c in changed) + " otherwise than the English text"
    return ""


_reported: set[tuple[str, str]] = set()
_notice: tuple[str, int] | None = None  # (language, damaged messages; 0: the whole catalogue) not yet shown


def _report(code: str, loaded: Loaded, *, notice: bool = True) -> None:
    """Say once per catalogue in the log and, if ``notice`` (the player chose the language), once on screen
    (:func:`take_notice`) what is wrong with it."""
    global _notice
    if loaded.translation is not None and not loaded.dropped:
        return
    logged, shown = (code, str(loaded.path)), (f"{code} on screen", str(loaded.path))
    if logged not in _reported:
        _reported.add(logged)

        log = logging.getLogger("quacks")
        if loaded.translation is None:
            log.warning("the %s catalogue %s %s; the game is shown in English", code, loaded.path, loaded.problem)
        else:
            more = len(loaded.dropped) - _MAX_SHOWN
            log.warning("the %s catalogue %s has %d damaged message(s), shown in English: %s%s", code, loaded.path,
                        len(loaded.dropped), "; ".join(loaded.dropped[:_MAX_SHOWN]),
                        f"; and {more} more" if more > 0 else "")
    if notice and shown not in _reported:
        _reported.add(shown)
        _notice = (code, 0 if loaded.translation is None else len(loaded.dropped))


def take_notice() -> str:
    """The sentence that tells the player a catalogue was damaged (in the language now in use: English when the
    whole catalogue failed), once; "" if there is nothing (more) to say."""
    global _notice
    if _notice is None:
        return ""
    code, count = _notice
    _notice = None
    names = {"de": N_("German"), "nl": N_("Dutch")}  # each language's name in English, through _
    name = _(names.get(code, code))
    if count == 0:
        return _("The {language} translation is damaged, so the game is shown in English.").format(language=name)
    return ngettext("{n} text of the {language} translation is damaged and is shown in English.",
                    "{n} texts of the {language} translation are damaged and are shown in English.",
                    count).format(n=count, language=name)


def language() -> str:
    return _language


_catalogues: dict[str, gettext.NullTranslations] = {}


def _catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (read once; a missing or damaged one: English).

    Read and checked as :func:`set_language` reads it (:func:`load_catalogue`: the careful reader, so a named
    pipe cannot hang the game, and every check): a damaged German catalogue must not stop a game in English
    (issue 30 §7). A damaged one is said once in the log; the player is told only when they choose that
    language."""
    hit = _catalogues.get(code)
    if hit is None:
        try:
            loaded = load_catalogue(code)
        except OSError:  # the locale folder itself cannot be found
            hit = gettext.NullTranslations()
        else:
            if os.path.lexists(loaded.path):  # a language not installed is no damage
                _report(code, loaded, notice=False)
            hit = loaded.translation if loaded.translation is not None else gettext.NullTranslations()
        _catalogues[code] = hit
    return hit


def in_every_language(message: str) -> frozenset[str]:
    """``message`` in every language a player can choose, English too: a word recognised whichever language
    wrote it (the seat a German game named "Du" is still the player's after a switch to Dutch)."""
    return frozenset({message, *(_catalogue(c).gettext(message) for c in LANGUAGES if c != "en")})


def _stretch(word: re.Match[str]) -> str:
    """A word made longer by PSEUDO_GROWTH: its last letters doubled (a compound-word feel, wraps as one word).
    A word of four letters or more gets a soft hyphen at the seam, as a long compound of a German or Dutch
    heading does (the text engine breaks a word only at such a point)."""
    w = word.group(0)
    extra = math.ceil(len(w) * PSEUDO_GROWTH)
    tail = w[-extra:] if extra <= len(w) else (w * (extra // len(w) + 1))[:extra]
    return (w + (SOFT_HYPHEN if len(w) >= 4 else "") + tail.lower()).translate(_ACCENTS)


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
    return str(ast.literal_eval(quoted))


def test_text(text: str) -> str:
    """A data text (already English, not from a catalogue) as the check language in use shows it."""
    if _language == PSEUDO:
        return pseudo(text)
    if _language == MARKER:
        return mark(text)
    return text


def _(message: str) -> str:
    """The text of ``message`` in the player's language."""
    if _language == PSEUDO:
        return pseudo(message)
    if _language == MARKER:
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
    """A number that formats itself the player's way (``"{:.1f}".format(LocalNumber(1.5))``): its decimal mark,
    and a percentage with the space the language puts before "%" (``PERCENT_SPACES``: German "76 %")."""

    __slots__ = ("value",)

    def __init__(self, value: float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        out = format(self.value, spec)
        mark = decimal_mark()
        if mark != ".":
            out = out.replace(".", mark)
        space = PERCENT_SPACES.get(_language, "")
        if space and spec.endswith("%") and out.endswith("%"):
            out = out[:-1] + space + "%"
        return out


def percent(share: float, digits: int = 0) -> str:
    """A share as a percentage the player's way: "17%", German "17 %" (a no-break space)."""
    return format(LocalNumber(share), f".{digits}%")


def plain(text: str) -> str:
    """``text`` without its soft hyphens (``SOFT_HYPHEN``): for anything but the screen (a log, a file name)."""
    return text.replace(SOFT_HYPHEN, "")


def N_(message: str) -> str:  # noqa: N802 - the usual name of gettext's "mark only" function
    """Mark ``message`` for translation where it is defined; translate it with ``_`` where it is shown."""
    return message


def verbatim(text: str) -> str:
    """A text shown as it is in every language (a name, a licence's name): only the marker language marks it,
    as checked and meant to stay as it is."""
    return mark(text) if _language == MARKER else text


_MARKED = re.compile(MARK_OPEN + "[^" + MARK_OPEN + MARK_CLOSE + "]*" + MARK_CLOSE)
_LETTERS = re.compile(r"[^\W\d_]{2,}")


def unmarked(text: str, names: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` (shown in the marker language) that did not come through a catalogue: words of
    two letters or more outside every ``‹...›``, ``names`` (seats, bots: shown as they are) aside, and their
    words (a name wrapped over two lines) and beginnings shortened with "…" (a name in a narrow place). A line of a
    wrapped text may start inside a word's markers or end inside them ("‹Wor" / "d›")."""
    rest = _MARKED.sub(" ", text)
    if MARK_CLOSE in rest and MARK_OPEN not in rest[:rest.index(MARK_CLOSE)]:
        rest = rest[rest.index(MARK_CLOSE) + 1:]
    if MARK_OPEN in rest and MARK_CLOSE not in rest[rest.rindex(MARK_OPEN):]:
        rest = rest[:rest.rindex(MARK_OPEN)]
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(name, " ")
    parts = {w for name in names for w in name.split()}
    # a name wrapped over two lines shows its words apart; one shortened for a narrow place ends in "…"
    rest = re.sub(r"[^\W\d_]+…", lambda m: " " if any(p.startswith(m.group()[:-1]) for p in parts) else m.group(),
                  rest)
    return [w for w in _LETTERS.findall(rest) if w not in parts]
