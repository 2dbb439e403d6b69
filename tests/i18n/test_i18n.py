"""Choosing a language: the catalogues load with the standard gettext, ``_`` looks the language up at every
call (switching needs no restart), the system's locale is the default, plural forms and contexts work, the
setting is validated and remembered, ``--lang`` reaches the game, and the data's texts fall back to English."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from quacks import i18n
from quacks.i18n import _, ngettext, pgettext
from quacks.storage.settings import Settings, load_settings, save_settings


def test_the_languages_a_player_can_choose() -> None:
    assert i18n.LANGUAGES == ("en", "de", "nl")
    assert [i18n.LANGUAGE_NAMES[c] for c in i18n.LANGUAGES] == ["English", "Deutsch", "Nederlands"]
    assert i18n.available_languages() == i18n.LANGUAGES  # every compiled catalogue is there
    for code in ("de", "nl"):
        assert (i18n.locale_dir() / code / "LC_MESSAGES" / "quacks.mo").is_file()


@pytest.mark.parametrize("code", ["de", "nl"])
def test_set_language_loads_the_compiled_catalogue(code: str) -> None:
    assert i18n.set_language(code) == code and i18n.language() == code
    assert isinstance(i18n._translation, gettext.GNUTranslations)
    assert i18n._translation.info().get("language") == code
    i18n.set_language("en")
    assert type(i18n._translation) is gettext.NullTranslations


def test_unknown_languages_are_refused() -> None:
    with pytest.raises(ValueError):
        i18n.set_language("klingon")
    assert i18n.language() == "en"


def test_underscore_looks_the_language_up_at_every_call(monkeypatch: pytest.MonkeyPatch) -> None:
    class Fake(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return {"Rules": "Regeln"}.get(message, message)

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return {"{n} ruby": "{n} Rubin", "{n} rubies": "{n} Rubine"}[singular if n == 1 else plural]

        def pgettext(self, context: str, message: str) -> str:
            return "Leertaste" if (context, message) == ("key", "Space") else message

    label = lambda: _("Rules")  # noqa: E731 - built once, read after the switch
    assert label() == "Rules"
    monkeypatch.setattr(i18n, "_translation", Fake())
    monkeypatch.setattr(i18n, "_language", "de")
    assert label() == "Regeln" and _("Unknown string") == "Unknown string"
    assert ngettext("{n} ruby", "{n} rubies", 1) == "{n} Rubin"
    assert ngettext("{n} ruby", "{n} rubies", 5) == "{n} Rubine"
    assert pgettext("key", "Space") == "Leertaste" and pgettext("key", "Esc") == "Esc"


def test_plural_rules_come_from_the_catalogue() -> None:
    for code in ("de", "nl"):
        i18n.set_language(code)
        assert i18n._translation.plural(1) == 0 and i18n._translation.plural(2) == 1  # type: ignore[attr-defined]
        # a translated plural comes from the catalogue; a string no catalogue holds shows the English source
        assert ngettext("{n} coin", "{n} coins", 3) != "{n} coins"  # (Dutch says "geld" for one and for many)
        assert ngettext("{n} zorkmid (not in any catalogue)", "{n} zorkmids", 1) == "{n} zorkmid (not in any catalogue)"
        assert ngettext("{n} zorkmid (not in any catalogue)", "{n} zorkmids", 3) == "{n} zorkmids"
    i18n.set_language("en")


@pytest.mark.parametrize("env,expected", [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "nl_BE.UTF-8"}, "nl"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANGUAGE": "nl:de", "LANG": "de_DE.UTF-8"}, "nl"),
    ({"LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "de_AT", "LANG": "en_US"}, "de"),
    ({}, "en"),
])
def test_the_system_language_is_the_default(env: dict[str, str], expected: str) -> None:
    assert i18n.system_language(env) == expected


def test_locale_names_of_every_system() -> None:
    assert i18n.normalise("German_Germany") == "de"  # Windows' locale names
    assert i18n.normalise("Dutch_Netherlands") == "nl"
    assert i18n.normalise("de-CH") == "de" and i18n.normalise("nl") == "nl"
    assert i18n.normalise("sv_SE") is None and i18n.normalise("") is None and i18n.normalise(None) is None


def test_an_empty_code_follows_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "system_language", lambda environ=None: "nl")
    assert i18n.set_language("") == "nl"


def test_the_marker_language_marks_catalogue_strings_only() -> None:
    i18n.set_marker_catalogue({"{name} draws.", "Rules"})
    i18n.set_language("marker")
    assert _("{name} draws.").format(name="Hildegard") == "Hildegard ‹draws.›"
    assert _("Rules") == "‹Rules›"
    assert _("Not in the catalogue") == "Not in the catalogue"
    assert i18n.unmarked(_("Not in the catalogue")) == ["Not", "in", "the", "catalogue"]
    assert i18n.unmarked(_("{name} draws.").format(name="Hildegard"), ["Hildegard"]) == []
    assert i18n.unmarked("‹Wor") == [] and i18n.unmarked("d› ‹x› 12 VP") == ["VP"]
    # a name wrapped over two lines, or shortened for a narrow place, is still the name; other words are not
    assert i18n.unmarked("Rose ‹exploded›", ["Mechthild Rose"]) == []
    assert i18n.unmarked("‹start› ‹player:› Hilde…", ["Hildegard Zorn"]) == []
    assert i18n.unmarked("Hilfe… Ros", ["Hildegard Zorn", "Mechthild Rose"]) == ["Hilfe", "Ros"]
    assert i18n.verbatim("MIT") == "‹MIT›"
    i18n.set_language("en")
    assert i18n.verbatim("MIT") == "MIT"


def test_the_template_lists_every_string() -> None:
    ids = i18n.read_msgids()
    assert {"Rules", "{n} ruby", "{n} rubies", "Space", "Language"} <= ids
    assert "" not in ids


def test_the_language_setting_is_validated_and_remembered(tmp_path: Path) -> None:
    assert Settings().language == ""
    for good in ("", "en", "de", "nl"):
        assert Settings.from_data({"language": good}) == (Settings(language=good), [])
    for bad in ("fr", "pseudo", 3, None, "DE"):
        s, notes = Settings.from_data({"language": bad})
        assert s.language == "" and len(notes) == 1 and "language" in notes[0]
    save_settings(Settings(language="nl"), tmp_path)
    assert load_settings(tmp_path)[0].language == "nl"


def test_lang_on_the_command_line() -> None:
    from quacks.cli import build_parser

    p = build_parser()
    assert p.parse_args(["--lang", "de"]).lang == "de"
    assert p.parse_args(["play", "--lang", "nl"]).lang == "nl"
    assert p.parse_args(["--lang", "de", "play"]).lang == "de"  # the play command keeps the global value
    assert p.parse_args(["play"]).lang is None
    with pytest.raises(SystemExit):
        p.parse_args(["--lang", "fr"])


def test_lang_chooses_the_language_of_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    from quacks.cli import main

    assert main(["--lang", "nl", "check-data"]) == 0
    assert i18n.language() == "nl"


def test_the_game_starts_in_the_chosen_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """ui.main.run: --lang for this run, else the setting, else the system's language."""
    from types import SimpleNamespace

    from quacks.ui import main as ui_main

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path))
    seen: list[str] = []

    class StopHere(Exception):
        pass

    def fake_app(*a: object, **k: object) -> None:
        seen.append(i18n.language())
        raise StopHere

    monkeypatch.setattr(ui_main, "App", fake_app)
    monkeypatch.setattr(i18n, "system_language", lambda environ=None: "de")
    save_settings(Settings(language="nl"))
    ui_main.run(SimpleNamespace(lang="de", size=None))
    ui_main.run(SimpleNamespace(lang=None, size=None))
    save_settings(Settings(language=""))
    ui_main.run(SimpleNamespace(lang=None, size=None))
    assert seen == ["de", "nl", "de"]


def test_data_texts_fall_back_to_english_and_use_the_language_file(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    from quacks.content import translations
    from quacks.content.loader import default_catalogue
    from quacks.wording import data_text

    cat = default_catalogue()
    card = cat.cards["alms"]
    book = cat.books[next(iter(cat.books))][1]
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "de.yaml").write_text(f'cards.alms.name: "Almosen"\n{translations.book_key(book)}.text: ""\n',
                                               encoding="utf-8")
    monkeypatch.setattr("quacks.resources.data_dir", lambda: tmp_path)
    translations.clear_cache()
    try:
        assert data_text.card_name(card) == card.name  # English
        i18n.set_language("de")
        assert data_text.card_name(card) == "Almosen"
        assert data_text.card_text(card) == card.text  # missing: the English meanwhile, never a key
        assert data_text.book_text(book) == book.text  # empty: the same
        i18n.set_language("pseudo")
        assert data_text.card_name(card) == i18n.pseudo(card.name)
    finally:
        translations.clear_cache()


def test_every_data_key_names_its_place(cat: object) -> None:
    from quacks.content.translations import source_texts
    from quacks.tutorial.script import tutorial_texts

    keys = source_texts(cat, tutorial_texts())  # type: ignore[arg-type]
    assert "books.orange.name" in keys and "books.black.players-2.text" in keys
    assert "books.green.set1.short" in keys and "cards.alms.text" in keys
    assert "die.pumpkin" in keys and "tutorial.welcome" in keys
    assert all(v.strip() for v in keys.values())


def test_switching_the_language_in_the_game_rebuilds_every_scene(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    """App.set_language: every scene on the stack rebuilds its words at once (the settings' Language row)."""
    from quacks.ui.scenes.settings_scene import SettingsScene
    from quacks.ui.scenes.title import TitleScene
    from tests.ui.driver import Driver

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path))
    d = Driver()
    title = TitleScene(d.app)
    d.app.push(title)
    d.app.push(SettingsScene(d.app))
    settings = d.app.scene
    assert isinstance(settings, SettingsScene)
    calls: list[str] = []
    was = TitleScene.language_changed
    TitleScene.language_changed = lambda self: (calls.append("title"), was(self))  # type: ignore[method-assign]
    try:
        lang_row = settings.rows[0][2]
        assert settings.rows[0][0] == "Language"
        lang_row.on_change("nl")
    finally:
        TitleScene.language_changed = was  # type: ignore[method-assign]
    assert i18n.language() == "nl" and d.app.settings.language == "nl" and calls == ["title"]
    assert settings.rows[0][2] is not lang_row  # rebuilt
    d.frames(2)


def test_switching_the_language_at_the_table_rebuilds_its_buttons(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    """Settings opened from the table's menu: after a switch the decision's buttons are built again."""
    from quacks.ui.scenes.settings_scene import SettingsScene
    from tests.ui.driver import Driver
    from tests.ui.test_table import human_waiting, start_table

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path))
    d = Driver()
    table = start_table(d)
    for _frame in range(200):
        if human_waiting(table):
            break
        d.frames(1)
    assert human_waiting(table)
    before = list(table.controls.buttons)
    marked: set[str] = {b.label for b in before}
    i18n.set_marker_catalogue(i18n.read_msgids())
    import pygame

    d.key(pygame.K_l)  # the log open under the settings: it wraps its lines again
    d.app.push(SettingsScene(d.app))
    d.app.set_language("marker")  # as the Language row does, in a language whose words can be told apart
    d.app.pop()
    d.frames(3)
    after = table.controls.buttons
    assert after and after is not before
    assert all(b.label.startswith(i18n.MARK_OPEN) for b in after), [b.label for b in after]
    assert marked and not any(lb.startswith(i18n.MARK_OPEN) for lb in marked)
