"""The bots' strength file (issue 23): the game's own file is whole, a file written by ``format_strength`` reads
back the same, and a missing or damaged file is one sentence naming the file (never a traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from quacks.ai.levels import LADDER
from quacks.content import bot_strength
from quacks.content.bot_strength import STRENGTH_FILE, Strength, StrengthError, format_strength, load_strength
from quacks.content.yamlfile import parse_yaml

SAMPLE = (Strength("normal", "easy", 400, 0.755, 0.7106, 0.7946, True, "python -m quacks simulate --seats normal,e"),
          Strength("hard", "normal", 400, 0.8387, 0.7995, 0.8715, True, "python -m quacks simulate --seats hard,n"),
          Strength("expert", "hard", 0, 0.0, 0.0, 1.0, False, "to be measured"))


def test_the_games_file_holds_every_level_after_the_first_against_the_one_below() -> None:
    entries = load_strength(ladder=LADDER)
    assert list(entries) == list(LADDER[1:])
    for below, level in zip(LADDER, LADDER[1:]):
        s = entries[level]
        assert s.against == below and s.command.startswith("python -m quacks ")
        if s.measured:
            assert s.games >= 400 and s.low <= s.win_rate <= s.high
            assert s.win_rate > 0.5  # each level beats the one below it (issue 23)
    head = bot_strength.strength_path().read_text(encoding="utf-8").splitlines()[:5]
    assert any("NOT BY HAND" in line for line in head if line.startswith("#"))


def test_format_then_parse_gives_the_entries_back() -> None:
    text = format_strength(SAMPLE)
    assert text.startswith("# ") and "measured: false" in text
    back = bot_strength.parse_strength(parse_yaml(text), LADDER)
    assert list(back.values()) == list(SAMPLE)
    assert list(bot_strength.shown_strength(back)) == ["normal", "hard"]  # a placeholder is never shown


def test_a_missing_file_is_one_sentence_naming_it(tmp_path: Path) -> None:
    with pytest.raises(StrengthError) as e:
        load_strength(tmp_path / STRENGTH_FILE, LADDER)
    assert e.value.missing and STRENGTH_FILE in str(e.value) and "Traceback" not in str(e.value)


def _broken(text: str) -> str:
    return format_strength(SAMPLE).replace(*text.split(" => "))


@pytest.mark.parametrize("change, said", [
    ("levels: => levels: [", "not valid YAML"),
    ("win_rate: 0.8387 => win_rate: 1.5", "between 0 and 1"),
    ("win_rate: 0.8387 => win_rate: 0.9", "must hold the win rate"),
    ("against: normal => against: easy", "the level below it"),
    ("games: 400 => games: -3", "whole number"),
    ("games: 400 => games: many", "whole number"),
    ("measured: false => measured: maybe", "true or false"),
    ("ci95: [0.0000, 1.0000] => ci95: [0.1]", "two numbers"),
    ("    command: \"to be measured\" => ", "missing command"),
    ("levels: => title: x\nlevels:", "must be a mapping with one key"),
])
def test_a_damaged_file_is_one_sentence_naming_it(tmp_path: Path, change: str, said: str) -> None:
    path = tmp_path / STRENGTH_FILE
    path.write_text(_broken(change), encoding="utf-8")
    with pytest.raises(StrengthError) as e:
        load_strength(path, LADDER)
    message = str(e.value)
    assert message.startswith(f"The bots' strength file {STRENGTH_FILE} ") and said in message, message
    assert "\n" not in message and not e.value.missing


def test_a_level_not_on_the_ladder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / STRENGTH_FILE
    path.write_text(format_strength([Strength("random", "easy", 10, 0.5, 0.2, 0.8, True, "x")]), encoding="utf-8")
    with pytest.raises(StrengthError, match="not a level after the first"):
        load_strength(path, LADDER)
    assert list(load_strength(path)) == ["random"]  # without a ladder only the shape is checked
