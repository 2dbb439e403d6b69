"""The bot levels in words (issue 23): every level of the ladder is named, as a level and as a bot, in every
language of the game; the statistics name every opponent kind; a level's measured strength reads as one line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from quacks.ai.levels import LADDER, LEVELS
from quacks.content.bot_strength import Strength
from quacks.i18n import load_catalogue, set_language
from quacks.session.match import HUMAN
from quacks.wording.text import BOT_PHRASES, LEVEL_NAMES, bot_name, level_name, opponents_label, strength_text

LANGUAGES = ("en", "de", "nl")


@pytest.fixture
def language() -> Iterator[None]:
    try:
        yield
    finally:
        set_language("en")


def test_every_level_is_named_as_a_level_and_as_a_bot() -> None:
    assert set(LEVELS) == set(LEVEL_NAMES) == set(BOT_PHRASES)  # the tools' random bot too
    assert len({level_name(k) for k in LEVELS}) == len(LEVELS) == len({bot_name(k) for k in LEVELS})


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_level_of_the_ladder_is_translated(lang: str) -> None:
    loaded = load_catalogue(lang)
    assert loaded.translation is not None and not loaded.dropped
    catalog = loaded.translation._catalog  # type: ignore[attr-defined]
    for level in LADDER:
        assert catalog.get(LEVEL_NAMES[level]), (lang, level)
        assert catalog.get(BOT_PHRASES[level]), (lang, level)


def test_the_statistics_name_every_opponent_kind_in_every_language(language: None) -> None:
    for lang in LANGUAGES:
        set_language(lang)
        labels = [opponents_label(k) for k in (*LADDER, HUMAN, "mixed")]
        assert len(set(labels)) == len(labels)
        assert not opponents_label(HUMAN).endswith(HUMAN) and not opponents_label("mixed").endswith("mixed")
        assert level_name("expert") in opponents_label("expert")
        assert "someday" in opponents_label("someday")  # a newer version's kind, as it is written


def test_a_levels_strength_reads_as_one_line(language: None) -> None:
    s = Strength("expert", "hard", 2000, 0.6349, 0.61, 0.65, True, "measured")
    lines = {}
    for lang in LANGUAGES:
        set_language(lang)
        lines[lang] = strength_text(s)
        assert level_name("expert") in lines[lang] and level_name("hard") in lines[lang]
    assert lines["en"] == "Expert: 63% wins against Hard (2,000 games)"
    assert "2.000" in lines["de"] and "2.000" in lines["nl"]
    set_language("en")
    assert strength_text(Strength("normal", "easy", 1, 1.0, 0.2, 1.0, True, "m")).endswith("(1 game)")
