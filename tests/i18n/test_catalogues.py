"""The catalogues and the data's translations: up to date with the source, compiled, placeholders kept, and
complete in German and Dutch.

Every string of the code is in quacks/locale/quacks.pot and in each language's quacks.po; each committed .mo
is exactly what its .po compiles to (so it can never be stale); every translation keeps the placeholders of
its English source; every key of the data is in data/i18n/<lang>.yaml. The completeness tests fail while a
string or a data text of a language is untranslated (or fuzzy): see ``PENDING`` below.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from quacks.i18n import LANGUAGES

TRANSLATED = [c for c in LANGUAGES if c != "en"]
#: languages whose translation is still being written: their completeness tests are expected to fail (xfail,
#: strict: once a language is complete the test passes, fails as "XPASS", and the language comes off this
#: list). Empty it to make a missing translation fail the suite.
PENDING: set[str] = set()


def _maybe_pending(lang: str) -> list[pytest.MarkDecorator]:
    return [pytest.mark.xfail(reason=f"the {lang} translation is being written", strict=True)] \
        if lang in PENDING else []


def test_the_template_holds_every_string_of_the_code(tool: ModuleType) -> None:
    extracted = tool._ids(tool.extract())
    committed = tool._ids(tool.read_po(tool.TEMPLATE))
    assert extracted - committed == set(), "new strings: run python tools/i18n.py update"
    assert committed - extracted == set(), "strings gone from the code: run python tools/i18n.py update"
    ids = {i if isinstance(i, str) else i[0] for i, _ in extracted}
    # a few of every kind: scenes, plurals, key names (context), bots' reasons, storage and wording
    assert {"New game", "{n} ruby", "Esc", "stops: {:.0%} risk, {} coin in hand", "Fortune card: {card}."} <= ids


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalogue_has_every_string(tool: ModuleType, lang: str) -> None:
    template = tool._ids(tool.read_po(tool.TEMPLATE))
    cat = tool.read_po(tool.po_path(lang), lang)
    assert template - tool._ids(cat) == set(), f"run python tools/i18n.py update ({lang})"
    assert cat.plural_forms.startswith("nplurals=2;")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_compiled(tool: ModuleType, lang: str) -> None:
    committed = tool.mo_path(lang).read_bytes()
    assert tool.mo_content(committed) == tool.mo_content(tool.mo_bytes(lang)), \
        f"{tool.mo_path(lang)} is stale: run python tools/i18n.py compile"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(tool: ModuleType, lang: str) -> None:
    bad = []
    for m in tool.read_po(tool.po_path(lang), lang):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strs = [m.string] if isinstance(m.string, str) else list(m.string or ())
        for i, s in enumerate(strs):
            if s and tool.placeholder_problem(ids[min(i, len(ids) - 1)], s):
                bad.append((ids[0], s, tool.placeholder_problem(ids[min(i, len(ids) - 1)], s)))
    assert bad == []


def test_the_placeholder_check_can_fail(tool: ModuleType) -> None:
    ok = tool.placeholder_problem
    assert ok("{name} draws.", "{name} zieht.") == ""
    assert ok("{n} coins", "{count} Münzen") == "missing {n}; unknown {count}"
    assert ok("stops: {:.0%} risk, {} coins", "hält an: {1} Münzen, {0:.0%} Risiko") == ""  # reordered
    assert "format changed" in ok("{:.0%} risk", "{} Risiko")
    assert "braces" in ok("{name}", "{name")
    assert ok("Round {n}", "Runde") == "missing {n}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_data_text_has_its_key(tool: ModuleType, lang: str) -> None:
    sources = tool.data_sources()
    have = tool.read_data(lang)
    assert [k for k in sources if k not in have] == [], f"run python tools/i18n.py update ({lang})"
    assert [k for k, v in have.items() if v and tool.placeholder_problem(sources.get(k, v), str(v))] == []


def test_the_tool_finds_nothing_out_of_date(tool: ModuleType) -> None:
    assert tool.problems(complete=False) == []


@pytest.mark.parametrize("lang", [pytest.param(c, marks=_maybe_pending(c)) for c in TRANSLATED])
def test_every_string_is_translated(tool: ModuleType, lang: str) -> None:
    missing = [m.id for m in tool.read_po(tool.po_path(lang), lang)
               if m.id and (m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string))]
    assert missing == [], f"{len(missing)} strings of {lang} untranslated or fuzzy, e.g. {missing[:5]}"


@pytest.mark.parametrize("lang", [pytest.param(c, marks=_maybe_pending(c)) for c in TRANSLATED])
def test_every_data_text_is_translated(lang: str) -> None:
    """check-data --strict: no text of the data is missing in this language."""
    from quacks.datacheck import check_translations

    errors, warnings = check_translations()
    assert errors == []
    mine = [str(w) for w in warnings if w.file == f"data/i18n/{lang}.yaml"]
    assert mine == [], f"{len(mine)} data texts of {lang} missing, e.g. {mine[:3]}"


def test_check_data_reports_each_missing_translation_with_file_and_key(tmp_path: object) -> None:
    import shutil
    from pathlib import Path

    from quacks.datacheck import check_translations
    from quacks.resources import data_dir

    folder = Path(str(tmp_path)) / "data"
    shutil.copytree(data_dir(), folder)
    (folder / "i18n" / "de.yaml").write_text('cards.alms.name: "Almosen"\ncards.alms.nme: "x"\n'
                                             'tutorial.welcome: "Willkommen, {gegner}!"\n', encoding="utf-8")
    errors, warnings = check_translations(folder)
    texts = [str(w) for w in warnings if w.file == "data/i18n/de.yaml"]
    assert "data/i18n/de.yaml cards.alms.text: not translated yet; the English text is shown meanwhile" in texts
    assert not any("cards.alms.name:" in t for t in texts)
    assert any("cards.alms.nme" in t and "did you mean" in t for t in texts)
    assert [str(e) for e in errors] == ["data/i18n/de.yaml tutorial.welcome: must keep the placeholders of the "
                                        "English text ({opponent}, {rounds})"]
