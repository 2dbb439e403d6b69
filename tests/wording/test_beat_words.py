"""The evaluation's beats in words (wording/beats.py): every kind has a title, every beat of seeded games is named
and says each seat's gains without an id, in English, German and Dutch; the fortune card's outcome one line a
seat."""

from __future__ import annotations

import pytest

from quacks import i18n
from quacks.content.loader import default_catalogue
from quacks.rules.kinds import EventKind, Phase
from quacks.session.beats import Beat, BeatKind, beats
from quacks.wording import beats as words

from ..session.test_beats import played
from .test_wording import ids_in


def test_every_kind_of_beat_has_a_title() -> None:
    assert set(words.TITLES) == set(BeatKind)
    with pytest.raises(LookupError):
        words.title(played(0).game, Beat("no-such-kind", None, 1))  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_beat_of_seeded_games_is_named_without_ids(lang: str) -> None:
    cards = set(default_catalogue().cards)
    was = i18n.language()
    i18n.set_language(lang)
    try:
        kinds: set[BeatKind] = set()
        for seed in range(6):
            g = played(seed).game
            for b in beats(g.events, Phase.FORTUNE):
                kinds.add(b.kind)
                for text in (words.title(g, b), words.summary(g, b),
                             *(t for _s, t in words.lines(g, b)), *(t for _s, t in words.lines(g, b, short=True))):
                    assert text and "{" not in text and not ids_in(text, cards), (b.kind, text)
                if lang != "en" and b.kind is not BeatKind.CARD:
                    i18n.set_language("en")
                    english = words.title(g, b)
                    i18n.set_language(lang)
                    assert words.title(g, b) != english, english  # translated
        assert {BeatKind.FORTUNE, BeatKind.DIE, BeatKind.VICTORY_POINTS, BeatKind.RATS} <= kinds
    finally:
        i18n.set_language(was)


def test_the_cards_outcome_is_one_line_a_seat() -> None:
    for seed in range(6):
        g = played(seed).game
        for rnd in range(1, 10):
            evs = [e for e in g.events if e.round == rnd]
            g.round = rnd  # (card_lines reads the round the game is in)
            lines = words.card_lines(g, evs)
            seats = [s for s, _t in lines]
            assert seats == sorted(set(seats))
            got = {e.seat for e in evs if e.seat is not None and (
                e.kind == EventKind.CARD_CHOICE or e.cause.kind.startswith("card"))}
            assert set(seats) <= got


def test_a_beat_named_for_a_seat_called_you_speaks_to_it() -> None:
    g = played(1).game
    g.seats[0].name = "You"
    die = next(b for b in beats(g.events, Phase.FORTUNE) if b.kind is BeatKind.DIE and b.seat == 0)
    assert isinstance(die, Beat) and words.title(g, die) == "A · Bonus die"
    assert words.summary(g, die).startswith("You: ")
    assert words.summary(g, die) == "You: test tube 1, +1 ruby"  # the tube's bonus goes with the step
