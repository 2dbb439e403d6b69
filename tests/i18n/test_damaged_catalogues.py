"""A damaged compiled catalogue never stops the game (issue 18 §4): a truncated file, an unknown charset, a plural
rule that fails, a FIFO in its place all show English; a translation with a wrong placeholder or a NUL shows
that one message in English. Each is said once in the log and once on screen."""

from __future__ import annotations

import logging
import os
import struct
import threading
from pathlib import Path

import pytest

from quacks import i18n
from quacks.i18n import _, ngettext, pgettext

HEADER = ("Language: de\nPlural-Forms: nplurals=2; plural=(n != 1);\nMIME-Version: 1.0\n"
          "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n")
GOOD = {"Rules": "Regeln", ("{n} coin", "{n} coins"): ("{n} Münze", "{n} Münzen"),
        "{name} stops.": "{name} hört auf.", "key\x04Space": "Leertaste"}


def mo_bytes(messages: dict[object, object], header: str = HEADER, charset: str = "utf-8") -> bytes:
    """A compiled catalogue (GNU .mo, little-endian) of ``messages``: msgid -> msgstr, (singular, plural) ->
    (forms...), "context\\x04msgid" -> msgstr."""
    entries: list[tuple[bytes, bytes]] = [(b"", header.encode(charset))]
    for k, v in messages.items():
        key = "\x00".join(k) if isinstance(k, tuple) else str(k)
        value = "\x00".join(v) if isinstance(v, tuple) else str(v)
        entries.append((key.encode(charset), value.encode(charset)))
    entries.sort()
    n = len(entries)
    originals, translations = 28, 28 + 8 * n
    data = bytearray()
    start = 28 + 16 * n
    table_o, table_t = b"", b""
    for key, _value in entries:
        table_o += struct.pack("<II", len(key), start + len(data))
        data += key + b"\x00"
    for _key, value in entries:
        table_t += struct.pack("<II", len(value), start + len(data))
        data += value + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, n, originals, translations, 0, 0)
    return head + table_o + table_t + bytes(data)


@pytest.fixture
def locale(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A locale folder of our own; the notices of earlier tests are forgotten."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "_reported", set(), raising=False)
    monkeypatch.setattr(i18n, "_notice", None, raising=False)
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    return tmp_path / "de" / "LC_MESSAGES" / "quacks.mo"


def test_a_sound_catalogue_of_our_own_is_used(locale: Path) -> None:
    locale.write_bytes(mo_bytes(GOOD))
    assert i18n.set_language("de") == "de"
    assert _("Rules") == "Regeln" and ngettext("{n} coin", "{n} coins", 3) == "{n} Münzen"
    assert pgettext("key", "Space") == "Leertaste"
    assert i18n.take_notice() == ""


def _damaged_whole(locale: Path, raw: bytes, caplog: pytest.LogCaptureFixture, why: str) -> None:
    locale.write_bytes(raw)
    with caplog.at_level(logging.WARNING, logger="quacks"):
        assert i18n.set_language("de") == "en"  # never a traceback
        assert i18n.language() == "en" and _("Rules") == "Rules" and ngettext("{n} coin", "{n} coins", 2) == "{n} coins"
        assert i18n.set_language("de") == "en"  # again: said only once
    said = [r.getMessage() for r in caplog.records if "catalogue" in r.getMessage()]
    assert len(said) == 1 and why in said[0] and str(locale) in said[0], said
    assert i18n.take_notice() == "The German translation is damaged, so the game is shown in English."
    assert i18n.take_notice() == ""


def test_a_truncated_catalogue_shows_english(locale: Path, caplog: pytest.LogCaptureFixture) -> None:
    raw = mo_bytes(GOOD)
    _damaged_whole(locale, raw[: len(raw) // 2], caplog, "damaged")


def test_an_unknown_charset_shows_english(locale: Path, caplog: pytest.LogCaptureFixture) -> None:
    raw = mo_bytes(GOOD, HEADER.replace("charset=utf-8", "charset=klingon-8"))
    _damaged_whole(locale, raw, caplog, "charset")


@pytest.mark.parametrize("rule,why", [
    ("nplurals=2; plural=n/0;", "fails for 0"),  # c2py accepts it; it divides by zero when used
    ("nplurals=2; plural=__import__('os');", "cannot be used"),  # c2py refuses it (not a C expression)
    ("nplurals=2; plural=n%7;", "gives form 2"),  # a form the catalogue has not
    ("nplurals=0; plural=0;", "number of forms"),
    ("nplurals=2; plural=" + "(" * 30 + "n" + ")" * 30 + ";", "cannot be used"),
])
def test_a_bad_plural_rule_shows_english(locale: Path, caplog: pytest.LogCaptureFixture, rule: str,
                                         why: str) -> None:
    _damaged_whole(locale, mo_bytes(GOOD, HEADER.replace("nplurals=2; plural=(n != 1);", rule)), caplog, why)


def test_a_fifo_in_place_of_the_catalogue_does_not_hang(locale: Path, caplog: pytest.LogCaptureFixture) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(locale)
    done: list[str] = []
    worker = threading.Thread(target=lambda: done.append(i18n.set_language("de")), daemon=True)
    worker.start()
    worker.join(10)
    if not done:
        # unblock the reader of the old code so the test process can end, then fail
        fd = os.open(locale, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        pytest.fail("setting the language hung on a named pipe")
    assert done == ["en"]
    assert "not a regular file" in caplog.text


def test_a_wrong_placeholder_or_a_nul_shows_that_message_in_english(locale: Path,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    bad = dict(GOOD)
    bad["{name} stops."] = "{nom} hört auf."  # .format(name=...) would raise KeyError mid-game
    bad[("{n} coin", "{n} coins")] = ("{n} Münze", "{n:>{w}} Münzen")  # a format the English has not
    bad["Rules"] = "Reg\x00eln"  # a NUL stops the text renderer
    bad["Draw"] = "Ziehen {"  # braces that do not match
    bad["{} and {}"] = "{1} und {0}"  # reordered positions are fine
    bad["One chip"] = "Ein Chip {n}"
    bad[("{n} chip", "{n} chips")] = ("ein Chip", "{n} Chips")  # a singular may name no number
    locale.write_bytes(mo_bytes(bad))
    with caplog.at_level(logging.WARNING, logger="quacks"):
        assert i18n.set_language("de") == "de"
    assert _("{name} stops.").format(name="Ada") == "Ada stops."
    assert ngettext("{n} coin", "{n} coins", 3).format(n=3) == "3 coins"
    assert _("Rules") == "Rules" and _("Draw") == "Draw" and _("One chip") == "One chip"
    assert _("{} and {}").format("a", "b") == "b und a"
    assert ngettext("{n} chip", "{n} chips", 1).format(n=1) == "ein Chip"
    assert pgettext("key", "Space") == "Leertaste"
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "5 damaged message(s)" in said[0] and "'{name} stops.'" in said[0], said
    assert i18n.take_notice() == "5 texts of the German translation are damaged and are shown in English."
    i18n.set_language("en")
    i18n.set_language("de")
    assert i18n.take_notice() == ""


def test_lang_with_a_damaged_catalogue_runs_the_command_in_english(locale: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from quacks.cli import main

    locale.write_bytes(b"\xde\x12\x04\x95 not a catalogue")
    assert main(["--lang", "de", "check-data"]) == 0
    assert i18n.language() == "en"
    assert "all data files are valid" in capsys.readouterr().out


def test_the_game_shows_the_notice_once_on_screen(locale: Path, monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    """At the start (ui.main.run) and when the language is switched in the game (App.set_language)."""
    from types import SimpleNamespace

    from quacks.ui import main as ui_main
    from quacks.ui.app import App

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    toasts: list[str] = []
    monkeypatch.setattr(App, "run", lambda self: toasts.extend(m for _t, m in self.toasts))
    locale.write_bytes(mo_bytes(GOOD)[:40])
    assert ui_main.run(SimpleNamespace(lang="de", size="960x540")) == 0
    assert toasts == ["The German translation is damaged, so the game is shown in English."]

    monkeypatch.setattr(i18n, "_reported", set(), raising=False)
    app = App(size=(960, 540))
    app.set_language("de")
    assert [m for _t, m in app.toasts] == toasts
    app.set_language("de")
    assert len(app.toasts) == 1


def test_the_self_test_names_a_damaged_catalogue(locale: Path) -> None:
    from quacks import selftest

    locale.write_bytes(mo_bytes(GOOD, HEADER.replace("charset=utf-8", "charset=klingon-8")))
    with pytest.raises(selftest.SelftestError, match="the de catalogue .* names a charset Python does not know"):
        selftest._check_languages()
    bad = dict(GOOD)
    bad["Rules"] = "Reg\x00eln"
    locale.write_bytes(mo_bytes(bad))
    with pytest.raises(selftest.SelftestError, match=r"has 1 damaged message\(s\), e.g. 'Rules': holds the control"):
        selftest._check_languages()


# issue 30 §7: the second reader of catalogues (the word "You" in every language, reached from New game -> Start)
# goes through the careful one too

@pytest.mark.parametrize("raw", [
    mo_bytes(GOOD, HEADER.replace("charset=utf-8", "charset=klingon-8")),  # gettext raises LookupError
    mo_bytes(GOOD, HEADER.replace("nplurals=2; plural=(n != 1);", "nplurals=2; plural=__import__('os');")),
    mo_bytes({"You": "Du"})[:60],  # truncated
])
def test_a_damaged_catalogue_does_not_stop_the_word_you_in_every_language(locale: Path, raw: bytes) -> None:
    monkey_cache = i18n._catalogues
    monkey_cache.clear()
    try:
        locale.write_bytes(raw)
        i18n.set_language("en")
        assert i18n.in_every_language("You") == frozenset({"You"})  # English only, no exception
    finally:
        monkey_cache.clear()


def test_a_sound_catalogue_still_gives_its_word_in_every_language(locale: Path) -> None:
    i18n._catalogues.clear()
    try:
        locale.write_bytes(mo_bytes({"You": "Du", "Rules": "Regeln"}))
        assert i18n.in_every_language("You") == frozenset({"You", "Du"})
    finally:
        i18n._catalogues.clear()


def test_a_fifo_in_place_of_a_catalogue_does_not_hang_the_word_you_in_every_language(locale: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    i18n._catalogues.clear()
    os.mkfifo(locale)
    done: list[frozenset[str]] = []
    worker = threading.Thread(target=lambda: done.append(i18n.in_every_language("You")), daemon=True)
    worker.start()
    worker.join(10)
    try:
        if not done:
            fd = os.open(locale, os.O_WRONLY | os.O_NONBLOCK)  # unblock the old reader so the process can end
            os.close(fd)
            worker.join(5)
            pytest.fail("the word 'You' in every language hung on a named pipe")
        assert done == [frozenset({"You"})]
    finally:
        i18n._catalogues.clear()
