"""Every text of the data and of its translations (data/i18n/<lang>.yaml) can be drawn (issue 18 §4): no control
or invisible formatting character in any language, no word longer than MAX_WORD, no text longer than MAX_TEXT;
each is an error naming the file and the key, and the game shows the English text in place of a bad
translation."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from quacks import i18n
from quacks.content import translations
from quacks.content.texts import MAX_TEXT, MAX_WORD, text_problem
from quacks.datacheck import check_data, check_translations
from quacks.wording import data_text


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_what_a_text_may_be() -> None:
    assert text_problem("Fills the pot;\nno action.\t") is None
    assert text_problem("a\x00b") == "holds U+0000 (a control character); remove it (texts are drawn on screen)"
    assert "U+200B" in (text_problem("zero\u200bwidth") or "")
    assert text_problem("w" * MAX_WORD) is None
    assert text_problem("w" * (MAX_WORD + 1)) == (f"has a word of {MAX_WORD + 1} characters (wwwwwwwwwwwwwwwwwwww...); "
                                                   f"at most {MAX_WORD} fit on screen")
    assert text_problem("word " * (MAX_TEXT // 5)) is None
    assert text_problem("word " * (MAX_TEXT // 5 + 1)) == (f"is {MAX_TEXT + 5} characters long; a text of the data "
                                                           f"has at most {MAX_TEXT}")


def test_a_20000_letter_word_in_the_data_is_an_error(data: Path) -> None:
    replace(data / "books" / "orange.yaml", "short: Fills the pot; no action.", "short: " + "O" * 19_990)
    t0 = time.monotonic()
    errors = [str(e) for e in check_data(data)]
    assert time.monotonic() - t0 < 5
    assert errors == [f"data/books/orange.yaml short: has a word of 19990 characters (OOOOOOOOOOOOOOOOOOOO...); "
                      f"at most {MAX_WORD} fit on screen"]


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("text,expect", [
    ('"Almo\\u0007sen"', "holds U+0007 (a control character)"),
    ('"Almo\\u202esen"', "holds U+202E (an invisible formatting character)"),
    ('"Almo\\0sen"', "holds U+0000"),
    ('"' + "A" * 500 + '"', "has a word of 500 characters"),
    ('"' + "Almosen " * 200 + '"', "is 1600 characters long; a text of the data has at most"),
])
def test_every_languages_texts_are_checked(data: Path, lang: str, text: str, expect: str) -> None:
    path = data / "i18n" / f"{lang}.yaml"
    replace(path, "cards.alms.name: ", f"cards.alms.name: {text}\nx-was: ")
    errors, _warnings = check_translations(data)
    mine = [str(e) for e in errors if e.file == f"data/i18n/{lang}.yaml"]
    assert len(mine) == 1 and mine[0].startswith(f"data/i18n/{lang}.yaml cards.alms.name: {expect}"), mine


def test_the_check_data_command_reports_a_control_character_in_german(data: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from quacks.cli import main

    replace(data / "i18n" / "de.yaml", "cards.alms.name: ", 'cards.alms.name: "Almo\\u0007sen"\nx-was: ')
    assert main(["check-data", str(data)]) == 1
    assert "data/i18n/de.yaml cards.alms.name: holds U+0007" in capsys.readouterr().err


def test_the_game_shows_english_for_a_bad_translation(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.content.loader import default_catalogue

    card = default_catalogue().cards["alms"]
    (data / "i18n" / "de.yaml").write_text('cards.alms.name: "Almo\\0sen"\ncards.alms.text: "' + "X" * 300 + '"\n',
                                           encoding="utf-8")
    monkeypatch.setattr("quacks.resources.data_dir", lambda: data)
    translations.clear_cache()
    try:
        i18n.set_language("de")
        assert data_text.card_name(card) == card.name
        assert data_text.card_text(card) == card.text
    finally:
        i18n.set_language("en")
        translations.clear_cache()


def test_a_long_or_odd_unknown_key_is_named_shortly(data: Path) -> None:
    (data / "i18n" / "de.yaml").open("a", encoding="utf-8").write('"' + "k" * 1000 + '\\u0007": "x"\n')
    _errors, warnings = check_translations(data)
    odd = [str(w) for w in warnings if "never shown" in str(w)]
    assert len(odd) == 1 and "k" * 100 not in odd[0] and "\x07" not in odd[0], odd
