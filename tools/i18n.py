#!/usr/bin/env python3
"""The translators' and developers' tool for Quacks' languages (needs Babel: ``pip install -e ".[dev]"``).

    python tools/i18n.py extract          # quacks/locale/quacks.pot: every player-facing string of quacks/
    python tools/i18n.py update           # extract, then bring every quacks/locale/<lang>/LC_MESSAGES/quacks.po
                                          # and data/i18n/<lang>.yaml up to date (new entries empty)
    python tools/i18n.py compile          # quacks.po -> quacks.mo (what the game reads; committed beside the .po)
    python tools/i18n.py check            # exit 1 if anything is stale or a placeholder does not match
    python tools/i18n.py check --complete # ... or if anything is still untranslated (what the tests require)
    python tools/i18n.py stats            # how much of each language is translated
    python tools/i18n.py init LANG        # start a new language (then add it to LANGUAGES in quacks/i18n.py)

English is the source: the strings in the code (``_``, ``N_``, ``ngettext``, ``pgettext``, and the bots'
reason templates, the second argument of ``BotChoice`` in quacks/ai) and the texts of the data files. The
data's texts are translated in ``data/i18n/<lang>.yaml`` (see quacks/content/translations.py for its keys).
``pybabel`` works on the same files too (``babel.cfg``), but this tool adds the bots' reasons, the data
files and the checks.
"""

from __future__ import annotations

import argparse
import gettext
import io
import json
import string
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LOCALE = ROOT / "quacks" / "locale"
TEMPLATE = LOCALE / "quacks.pot"
DATA_I18N = ROOT / "data" / "i18n"
DOMAIN = "quacks"
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2), "NP_": (1, 2), "pgettext": ((1, "c"), 2)}
BOT_KEYWORDS: dict[str, Any] = {"BotChoice": (2,)}  # quacks/ai: BotChoice(action, "reason {}", args...)
COMMENT_TAGS = ("Translators:",)
BUGS = "the Quacks issue tracker"
HEADER = """\
# The words of Quacks (The Quacks of Quedlinburg on your desktop), MIT licence.
# Fill every msgstr and keep each {placeholder}; named ones may move.
# A bot's reason fills its {} in order: to reorder, number them all
# from 0 ({1} ... {0}). Then: python tools/i18n.py compile
#"""


def languages() -> tuple[str, ...]:
    """The translated languages (every language of quacks/i18n.py but English)."""
    from quacks.i18n import LANGUAGES

    return tuple(code for code in LANGUAGES if code != "en")


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def data_path(lang: str) -> Path:
    return DATA_I18N / f"{lang}.yaml"


# placeholders ---------------------------------------------------------------------------------------------

def fields(text: str) -> dict[str, str] | None:
    """The ``str.format`` fields of ``text``: name (or position) -> format spec; None if it is not valid.

    Automatic positions (``{}``) are numbered in order, so ``{} and {}`` has the fields of ``{0} and {1}``.
    """
    out: dict[str, str] = {}
    auto = 0
    try:
        for _lit, name, spec, conv in string.Formatter().parse(text):
            if name is None:
                continue
            if name == "":
                name = str(auto)
                auto += 1
            out[name] = (spec or "") + (f"!{conv}" if conv else "")
    except ValueError:
        return None
    return out


def placeholder_problem(msgid: str, msgstr: str) -> str:
    """Why ``msgstr`` cannot stand for ``msgid`` (its placeholders differ), or ``""``."""
    want, got = fields(msgid), fields(msgstr)
    if got is None:
        return "braces do not match (write {{ and }} for a brace itself)"
    if want is None:
        return ""
    if want != got:
        missing = sorted(set(want) - set(got))
        extra = sorted(set(got) - set(want))
        parts = []
        if missing:
            parts.append("missing " + ", ".join("{" + m + "}" for m in missing))
        if extra:
            parts.append("unknown " + ", ".join("{" + m + "}" for m in extra))
        changed = sorted(k for k in set(want) & set(got) if want[k] != got[k])
        if changed:
            parts.append("format changed for " + ", ".join("{" + k + ":" + want[k] + "}" for k in changed))
        return "; ".join(parts)
    return ""


# extraction -----------------------------------------------------------------------------------------------

def _has_words(msgid: str) -> bool:
    """A message with something to translate: letters outside its placeholders, or named placeholders whose
    order a language may change ("{what} ({path}): {problem}."); a bot's "{}: {}" has nothing."""
    found = fields(msgid)
    if found is None:
        return True
    text = "".join(lit for lit, *_ in string.Formatter().parse(msgid))
    return any(c.isalpha() for c in text) or any(not name.isdigit() for name in found)


def extract() -> Any:
    """The template catalogue: every marked string of quacks/ (and the bots' reasons in quacks/ai)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    cat = Catalog(project="Quacks", version="1", charset="utf-8", fuzzy=False, msgid_bugs_address=BUGS,
                  copyright_holder="the Quacks authors", header_comment=HEADER)
    passes = [(ROOT / "quacks", KEYWORDS), (ROOT / "quacks" / "ai", BOT_KEYWORDS)]
    for folder, keywords in passes:
        found = extract_from_dir(folder, method_map=[("**.py", "python")], keywords=keywords,
                                 comment_tags=COMMENT_TAGS, strip_comment_tags=True)
        for filename, _lineno, message, comments, context in found:
            rel = (folder / filename).relative_to(ROOT).as_posix()
            msgid = message if isinstance(message, str) else tuple(message)
            if msgid is None or (isinstance(msgid, tuple) and msgid[0] is None):
                continue  # Decision(seat, DecisionKind.X, ...) in the rules: not a text
            first = msgid if isinstance(msgid, str) else msgid[0]
            if not first or not _has_words(first):
                continue
            existing = cat.get(msgid, context)
            if existing is not None:
                existing.locations.append((rel, None))
                existing.auto_comments.extend(c for c in comments if c not in existing.auto_comments)
                continue
            cat.add(msgid, None, [(rel, None)], auto_comments=comments, context=context)
    return cat


def _po_bytes(cat: Any) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, cat, width=100, include_lineno=False, ignore_obsolete=True)
    return buf.getvalue()


def _strip_dates(data: bytes) -> bytes:
    return b"\n".join(line for line in data.split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:', b'"Generated-By:')))


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file holds the same apart from its dates; True if written."""
    if path.exists() and _strip_dates(path.read_bytes()) == _strip_dates(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def write_template(cat: Any) -> bool:
    return _write_if_changed(TEMPLATE, _po_bytes(cat))


def read_po(path: Path, lang: str | None = None) -> Any:
    from babel.messages.pofile import read_po as _read

    with open(path, "rb") as f:
        return _read(f, locale=lang, domain=DOMAIN)


def update_po(lang: str, template: Any) -> bool:
    from babel.messages.catalog import Catalog

    path = po_path(lang)
    if path.exists():
        cat = read_po(path, lang)
    else:
        cat = Catalog(locale=lang, domain=DOMAIN, project="Quacks", version="1", charset="utf-8", fuzzy=False,
                      msgid_bugs_address=BUGS, copyright_holder="the Quacks authors", header_comment=HEADER)
    cat.update(template, update_header_comment=True)
    cat.header_comment = HEADER
    cat.language_team = {"de": "Deutsch", "nl": "Nederlands"}.get(lang, lang)
    return _write_if_changed(path, _po_bytes(cat))


# the data's texts ----------------------------------------------------------------------------------------

def data_sources() -> dict[str, str]:
    """Every key of the game's own data with its English text (quacks/content/translations.py)."""
    from quacks.content.loader import load_catalogue
    from quacks.content.translations import source_texts
    from quacks.tutorial.script import tutorial_texts

    cat = load_catalogue(ROOT / "data")
    return source_texts(cat, tutorial_texts(ROOT / "data"))


def read_data(lang: str) -> dict[str, Any]:
    from quacks.content.yamlfile import load_yaml

    path = data_path(lang)
    if not path.exists():
        return {}
    raw = load_yaml(path)
    return dict(raw) if isinstance(raw, dict) else {}


def _yaml_text(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


def data_file_text(lang: str, sources: dict[str, str], have: dict[str, Any]) -> str:
    """The language's data file: every key in the data's order, the English as a comment above it."""
    name = {"de": "German", "nl": "Dutch"}.get(lang, lang)
    lines = [
        f"# The data's texts in {name} ({lang}): book names and rules, fortune cards, die faces, the guided game.",
        "# One key per text; the English is the comment above it. An empty text shows the English meanwhile",
        "# (python -m quacks check-data lists every one still empty). Keep the {placeholders} of the tutorial.",
        "# Keys: quacks/content/translations.py. After a change to the data: python tools/i18n.py update.",
        "",
    ]
    for key, english in sources.items():
        value = have.get(key)
        lines.append("# " + english.replace("\n", " "))
        lines.append(f"{key}: {_yaml_text(value) if isinstance(value, str) else chr(34) * 2}")
    unused = [k for k in have if k not in sources and isinstance(have[k], str) and have[k]]
    if unused:
        lines += ["", "# No longer in the data (kept until you delete them):"]
        lines += [f"{k}: {_yaml_text(have[k])}" for k in unused]
    return "\n".join(lines) + "\n"


def update_data(lang: str, sources: dict[str, str]) -> bool:
    text = data_file_text(lang, sources, read_data(lang))
    path = data_path(lang)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


# compiling ------------------------------------------------------------------------------------------------

def mo_bytes(lang: str) -> bytes:
    """The compiled catalogue of ``lang`` as its .po says (fuzzy and empty entries left out)."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, read_po(po_path(lang), lang), use_fuzzy=False)
    return buf.getvalue()


def mo_content(data: bytes) -> tuple[dict[Any, str], str]:
    """What a compiled catalogue says: its messages and its plural rule (the rest of the header aside)."""
    t = gettext.GNUTranslations(io.BytesIO(data))
    catalog = dict(t._catalog)  # type: ignore[attr-defined]
    header = catalog.pop("", "")
    plural = next((line for line in header.splitlines() if line.lower().startswith("plural-forms:")), "")
    return catalog, plural


def compile_mo(lang: str) -> bool:
    data = mo_bytes(lang)
    path = mo_path(lang)
    if path.exists() and mo_content(path.read_bytes()) == mo_content(data):
        return False
    path.write_bytes(data)
    return True


# checks ---------------------------------------------------------------------------------------------------

def _ids(cat: Any) -> set[tuple[Any, Any]]:
    return {(m.id, m.context) for m in cat if m.id}


def problems(complete: bool = False) -> list[str]:
    """Every problem of the catalogues and data files (with ``complete``: untranslated entries too)."""
    out: list[str] = []
    template = extract()
    if not TEMPLATE.exists():
        out.append(f"{TEMPLATE.relative_to(ROOT)} is missing: python tools/i18n.py update")
    else:
        have = _ids(read_po(TEMPLATE))
        if have != _ids(template):
            new = len(_ids(template) - have)
            gone = len(have - _ids(template))
            out.append(f"{TEMPLATE.relative_to(ROOT)} is stale ({new} new, {gone} gone strings): "
                       "python tools/i18n.py update")
    sources = data_sources()
    for lang in languages():
        path = po_path(lang)
        rel = path.relative_to(ROOT)
        if not path.exists():
            out.append(f"{rel} is missing: python tools/i18n.py update")
            continue
        cat = read_po(path, lang)
        missing = _ids(template) - _ids(cat)
        if missing:
            out.append(f"{rel} lacks {len(missing)} strings of the source: python tools/i18n.py update")
        for m in cat:
            if not m.id:
                continue
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            strs = [m.string] if isinstance(m.string, str) else list(m.string or ())
            for i, s in enumerate(strs):
                if s:
                    p = placeholder_problem(ids[min(i, len(ids) - 1)], s)
                    if p:
                        out.append(f"{rel}: {ids[0]!r} -> {s!r}: {p}")
            if complete and (m.fuzzy or not strs or not all(strs)):
                out.append(f"{rel}: not translated{' (fuzzy)' if m.fuzzy else ''}: {ids[0]!r}")
        if not mo_path(lang).exists() or mo_content(mo_path(lang).read_bytes()) != mo_content(mo_bytes(lang)):
            out.append(f"{mo_path(lang).relative_to(ROOT)} is not compiled from its .po: python tools/i18n.py compile")
        drel = data_path(lang).relative_to(ROOT)
        data = read_data(lang)
        for key, english in sources.items():
            if key not in data:
                out.append(f"{drel}: key {key} is missing: python tools/i18n.py update")
            elif data[key]:
                p = placeholder_problem(english, str(data[key]))
                if p:
                    out.append(f"{drel}: {key}: {p}")
            elif complete:
                out.append(f"{drel}: not translated: {key}")
    return out


def stats() -> list[str]:
    sources = data_sources()
    lines = []
    for lang in languages():
        cat = read_po(po_path(lang), lang)
        msgs = [m for m in cat if m.id]
        done = sum(1 for m in msgs if not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string))
        data = read_data(lang)
        ddone = sum(1 for k in sources if data.get(k))
        lines.append(f"{lang}: {done}/{len(msgs)} strings, {ddone}/{len(sources)} data texts translated")
    return lines


def main(argv: Iterable[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="tools/i18n.py", description=__doc__.split("\n\n")[0] if __doc__ else None)
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="write quacks/locale/quacks.pot")
    sub.add_parser("update", help="extract; update every .po and data/i18n/<lang>.yaml")
    sub.add_parser("compile", help="compile every .po into its .mo")
    ck = sub.add_parser("check", help="exit 1 on a stale file or a placeholder that does not match")
    ck.add_argument("--complete", action="store_true", help="untranslated entries are problems too")
    sub.add_parser("stats", help="how much of each language is translated")
    ini = sub.add_parser("init", help="start a new language")
    ini.add_argument("lang")
    args = p.parse_args(list(argv) if argv is not None else None)
    if args.command in ("extract", "update", "init"):
        template = extract()
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(_ids(template))} strings"
              + (" (written)" if write_template(template) else " (unchanged)"))
        if args.command == "extract":
            return 0
        langs = [args.lang] if args.command == "init" else list(languages())
        sources = data_sources()
        for lang in langs:
            written = update_po(lang, template)
            print(f"{po_path(lang).relative_to(ROOT)}" + (" (written)" if written else " (unchanged)"))
            print(f"{data_path(lang).relative_to(ROOT)}: {len(sources)} texts"
                  + (" (written)" if update_data(lang, sources) else " (unchanged)"))
        if args.command == "init":
            print(f"now add {args.lang!r} to LANGUAGES and LANGUAGE_NAMES (and DECIMAL_MARKS) in quacks/i18n.py")
            return 0
        args.command = "compile"
    if args.command == "compile":
        for lang in languages():
            print(f"{mo_path(lang).relative_to(ROOT)}" + (" (written)" if compile_mo(lang) else " (unchanged)"))
        return 0
    if args.command == "stats":
        print("\n".join(stats()))
        return 0
    found = problems(complete=args.complete)
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)" if found else "all catalogues and data translations are in order")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
