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
            if seats == [-1]:  # every seat alike, resolved by itself (R47): one line for all
                continue
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


def test_a_card_resolved_by_itself_says_why_on_the_card_r47() -> None:
    """R47: the card's outcome lines say why a choice had one option left; alike for all, one line says it."""
    from quacks.rules.chips import CHIP_BY_NAME

    from ..rules.gamekit import make_game, steps

    g = make_game(round=2, fortunes=True)
    steps(g, "fortune choose-wisely")
    assert words.card_lines(g, g.events) == [(-1, "the purple book is not out yet: droplet +2 for everyone")]
    assert words.card_lines(g, g.events, short=True) == [(-1, "droplet +2 for everyone")]
    g = make_game(fortunes=True, round=2, B={"rubies": 0})
    steps(g, "fortune wheel-and-deal", "A choose yellow-1")
    assert words.card_lines(g, g.events) == [(0, "-1 ruby, a yellow 1 into the bag"), (1, "no ruby to pay with")]
    g = make_game(fortunes=True, A={"bag": {"white-2": 2, "orange-1": 1}})
    steps(g, "fortune just-in-time", "B choose vp")
    assert words.card_lines(g, g.events)[0] == (0, "no white 1 in the bag: +4 VP")
    g = make_game(fortunes=True, A={"bag": {"orange-1": 2, "white-3": 2}})
    steps(g, "fortune opportunistic-moment", "A reveal white-3 white-3 orange-1 orange-1")
    assert words.card_lines(g, g.events)[0] == (0, "no trade possible: a green 1 into the bag")
    g = make_game(fortunes=True, A={"bag": {"white-3": 3}})
    for name in ("green-2", "blue-2"):
        g.supply.set(CHIP_BY_NAME[name], 0)
    steps(g, "fortune schadenfreude", "A draw white-3", "A draw white-3", "A draw white-3", "B stop",
          "B die vp-1")
    assert (1, "the red 2 is the only one to be had: a red 2 into the bag") in words.card_lines(g, g.events)


def test_every_reason_a_card_resolved_by_itself_has_words_in_every_language() -> None:
    """Each R47 cause reads in the log ("Choose wisely: purple is not out yet") and on the card, translated."""
    from quacks.rules.events import Cause
    from quacks.rules.kinds import CauseKind
    from quacks.wording.causes import REASONS, card_reason, cause_text

    from ..rules.gamekit import make_game

    g = make_game(fortunes=True)
    args = {"colour": "purple", "chip": "white-1", "value": 2, "cost": 1}
    kinds = [k for k in CauseKind if k.value.startswith("card-only-")]
    assert kinds and set(kinds) <= set(REASONS)
    was = i18n.language()
    try:
        for k in kinds:
            cause = Cause(k, ("choose-wisely", *(args[p] for p in REASONS[k].params[1:])))
            i18n.set_language("en")
            english = card_reason(g, cause)
            assert english and cause_text(g, cause) == f"Choose wisely: {english}"
            for lang in ("de", "nl"):
                i18n.set_language(lang)
                assert card_reason(g, cause) != english
    finally:
        i18n.set_language(was)


@pytest.mark.parametrize(("lang", "black"), [("en", "B · Chip actions: Black"), ("de", "B · Zutaten-Effekte: Schwarz"),
                                             ("nl", "B · Fiche-acties: Zwart")])
def test_a_chip_actions_title_names_its_colour_as_a_label(lang: str, black: str) -> None:
    """Issue 30, second review §3: "B · Zutaten-Effekte: schwarze" ended in a loose adjective."""
    b = Beat(BeatKind.CHIP_ACTION, 1, 4, "black")
    g = played(0).game
    was = i18n.language()
    i18n.set_language(lang)
    try:
        assert words.title(g, b) == black
    finally:
        i18n.set_language(was)


def test_a_choice_is_quoted_as_its_button_said_it() -> None:
    """The English list: "chose: Take 0 VP" had a capital in mid-line; the button's label is quoted."""
    for seed in range(12):
        g = played(seed).game
        for rnd in range(1, 10):
            evs = [e for e in g.events if e.round == rnd]
            g.round = rnd
            for _seat, line in words.card_lines(g, evs):
                assert "chose:" not in line
                if line.startswith("chose "):
                    assert line[len("chose ")] == "“" and line.endswith("”"), line
                    return
    pytest.skip("no seeded game has a card choice with no gain")
