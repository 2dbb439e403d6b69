"""Every closed kind of the engine has its words, and no id ever reaches a player.

The kinds are walked from their enums (rules/kinds.py); then seeded games of every set and both pot sides
are played with bots and random choices, and at every decision the question, every button, every log line
and every bot's reason are checked for raw ids ("return-white", "white-1", "purple-upgrade", ...).
"""

from __future__ import annotations

import random
import re
from typing import cast

import pytest

from quacks.ai.levels import LEVELS, make_bot
from quacks.content.loader import default_catalogue
from quacks.rules.chips import CHIPS, SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.events import Cause
from quacks.rules.kinds import CardKind, CauseKind, DecisionKind, EventKind, Phase
from quacks.session.seeding import Streams
from quacks.wording import causes, decisions, events
from quacks.wording.actions import action_sentence
from quacks.wording.reasons import reason_text
from quacks.wording.results import phase_name, round_rows
from quacks.wording.text import LEVEL_NAMES

ID_WORDS = {c.name for c in CHIPS} | {k.value for k in DecisionKind} | {k.value for k in CardKind} \
    | {k.value for k in EventKind} | {"rat-vp", "remove-white", "keep-white", "return-white", "vp-1", "vp-2"}
ALLOWED = {"test-tube"}
TOKEN = re.compile(r"(?<![\w'])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w'])")


def ids_in(text: str, cards: set[str]) -> list[str]:
    found = [t for t in TOKEN.findall(text) if t not in ALLOWED]
    return found + [w for w in cards if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def test_every_kind_has_a_home() -> None:
    assert set(DecisionKind) <= set(decisions.WORDS)
    assert {k for k in EventKind if k not in events.NARRATION and k not in events.SILENT} == set()
    assert all(phase_name(p) for p in Phase)
    assert set(LEVELS) <= set(LEVEL_NAMES)
    assert set(CauseKind) <= set(causes.WORDS)


def test_every_option_type_has_one_wording_and_an_unknown_one_is_a_loud_error() -> None:
    """The effects' options (rules/options.py) are worded once per type, whatever card or book offers them."""
    from dataclasses import dataclass, fields

    from quacks.rules.chips import CHIP_BY_NAME
    from quacks.rules.options import OPTION_TYPES, Kept, Option
    from quacks.rules.params import Reward
    from quacks.wording.options import option_label

    white, blue = CHIP_BY_NAME["white-1"], CHIP_BY_NAME["blue-2"]
    samples: dict[str, object] = {"chip": blue, "old": white, "new": blue, "looked_at": True,
                                  "reward": Reward(vp=2), "keeps": Kept.POT}
    for t in OPTION_TYPES:
        for n in (0, 2):
            o = t(**{f.name: samples.get(f.name, n) for f in fields(t)})
            label = option_label(o)
            assert label.text and not ids_in(label.text + label.tip, set()), (o, label)

    @dataclass(frozen=True)
    class Haggle:  # a type the closed set does not have (not a subclass: a compiled Option takes none)
        pass

    with pytest.raises(decisions.MissingWording, match="Haggle"):
        option_label(cast("Option", Haggle()))


SAMPLE_ARGS = {"chip": "white-1", "card": "less-is-more", "colour": "green", "seat": 1, "face": "pumpkin",
               "phase": "brewing"}


@pytest.mark.parametrize("kind", list(CauseKind))
@pytest.mark.parametrize("number", [1, 3])
def test_every_cause_has_words_without_ids(kind: CauseKind, number: int) -> None:
    from quacks.rules.game import Game

    cat = default_catalogue()
    g = Game(cat, GameConfig(seats=("You", "Ada")))
    params = causes.WORDS[kind].params
    c = Cause(kind, tuple(SAMPLE_ARGS.get(p, number) for p in params))
    text = causes.cause_text(g, c)
    assert text and "{" not in text and not ids_in(text, set(cat.cards)), (kind, text)
    with pytest.raises(ValueError):
        causes.cause_text(g, Cause(kind, (*c.args, "extra")))


def _configs() -> list[tuple[GameConfig, tuple[str, ...], int]]:
    out = []
    for i, books in enumerate([1, 2, 3, 4, "mix"]):
        rng = random.Random(i)
        b = {c: rng.randint(1, 4) for c in SET_COLOURS} if books == "mix" else {c: books for c in SET_COLOURS}
        n = 2 + i % 3
        variant = "test-tubes" if i % 2 else "standard"
        out.append((GameConfig(seats=("You", "Ada", "Bo", "Cy")[:n], books=b, variant=variant),
                    ("random", "normal", "hard", "easy")[:n], 100 + i))
    return out


@pytest.mark.parametrize("config,levels,seed", _configs())
def test_no_id_reaches_a_player(config: GameConfig, levels: tuple[str, ...], seed: int) -> None:
    from quacks.rules.game import Game

    g_cat = default_catalogue()

    g = Game(g_cat, config)
    cards = set(g_cat.cards)
    streams = Streams(seed)
    bots = [make_bot(lv) for lv in levels]
    rng = random.Random(seed)
    seen_kinds: set[str] = set()
    round_start = [0] * g.n
    last_round = g.round
    for _ in range(20_000):
        if g.is_over:
            break
        if g.pending_chance() is not None:
            g.apply_chance(streams.sample(g))
            continue
        seat = g.acting_seats()[0]
        acts = list(g.legal_actions(seat))
        kind = g.decision_kind(seat)
        seen_kinds.add(str(kind))
        q = decisions.prompt(g, seat)
        assert q and not ids_in(q, cards), (kind, q)
        for a in acts:
            lb = decisions.label(g, seat, a)
            for text in (lb.text, lb.tip):
                assert not ids_in(text, cards), (kind, str(a), text)
            assert not ids_in(action_sentence(g.seats[seat].name, a), cards), str(a)
        d = bots[seat].decide(g, seat, acts, rng)
        reason = reason_text(d.reason)
        assert not ids_in(reason, cards), (levels[seat], reason)
        g.apply(seat, d.action)
        if g.round != last_round:
            for row in round_rows(g, last_round, round_start):
                assert not ids_in(row.why, cards), row.why
            round_start = [s.score for s in g.seats]
            last_round = g.round
    assert g.is_over
    for line in events.log_lines(g, g.events):
        assert line.text and not ids_in(line.text, cards), line.text
    for e in g.events:
        assert isinstance(e.cause, Cause) and isinstance(e.cause.kind, CauseKind), e
        text = causes.cause_text(g, e.cause)
        assert text and not ids_in(text, cards), (e.cause, text)
    assert {"brew", "shop", "spend"} <= seen_kinds


def test_the_id_check_can_fail() -> None:
    assert ids_in("choose return-white", set()) == ["return-white"]
    assert ids_in("Mia takes the white-1", set()) == ["white-1"]
    assert ids_in("fortune card: less-is-more", {"less-is-more"})
    assert ids_in("Move the test-tube droplet; Death's-head hawkmoth", set()) == []


def test_a_seat_called_you_is_spoken_to() -> None:
    from quacks.wording.text import you_or

    assert you_or("You", "Your bag", "{name}'s bag") == "Your bag"
    assert you_or("Mia", "Your bag", "{name}'s bag") == "Mia's bag"
    assert you_or("you", "Your turn", "It is {name}'s turn") == "Your turn"


def test_a_seat_called_you_in_any_language_is_spoken_to_in_every_language() -> None:
    """A game begun in German names its seat "Du": after a switch to Dutch the sentences still speak to it
    (they used to say "Du legt ..." in the third person inside Dutch sentences)."""
    from quacks.i18n import _, set_language
    from quacks.wording.text import is_you, you_or

    try:
        for lang in ("en", "de", "nl"):
            set_language(lang)
            for name in ("You", "you", "Du", "du", "Jij", " JIJ "):
                assert is_you(name), (lang, name)
            assert not is_you("Dunja") and not is_you("Mia")
            assert you_or("Du", _("Your bag: {n} chips"), _("{name}'s bag: {n} chips"), n=3) == \
                _("Your bag: {n} chips").format(n=3)
    finally:
        set_language("en")


def test_a_phase_is_named_as_a_label_apart_from_the_card() -> None:
    """The table's header said "Ronde 3 van 9 · De waarzeggerijkaart": the phase has a context of its own."""
    from quacks.i18n import _, set_language

    try:
        set_language("nl")
        assert phase_name("fortune") == "waarzeggerijkaart" and _("the fortune card") == "de waarzeggerijkaart"
        set_language("en")
        assert phase_name("fortune") == "the fortune card"
    finally:
        set_language("en")


def test_a_reason_with_a_count_takes_the_form_of_its_count_and_numbers_the_languages_mark() -> None:
    """Bots' reasons: plural forms by the count (ngettext), decimals with the language's mark (1,9 in German)."""
    from quacks.ai.base import BotChoice
    from quacks.i18n import NP_, Plural, set_language
    from quacks.rules.actions import STOP, Action

    def reason(action: Action, template: str | Plural, *args: object) -> str:
        return reason_text(BotChoice(action, template, *args).reason)

    plural = NP_("stops: {:.0%} risk, {} coin in hand", "stops: {:.0%} risk, {} coins in hand", 1)
    try:
        set_language("en")
        assert reason(STOP, plural, 0.24, 1) == "stops: 24% risk, 1 coin in hand"
        assert reason(STOP, plural, 0.24, 3) == "stops: 24% risk, 3 coins in hand"
        assert reason(STOP, "{}: worth {:.1f} VP", STOP, 1.94).endswith("worth 1.9 VP")
        set_language("de")
        assert reason(STOP, plural, 0.24, 1).endswith("1 Münze sicher")
        assert reason(STOP, plural, 0.24, 3).endswith("3 Münzen sicher")
        assert "1,9 SP" in reason(STOP, "{}: worth {:.1f} VP", STOP, 1.94)
    finally:
        set_language("en")


def test_red_chips_beside_a_full_pot_are_not_offered_a_place_in_words_either() -> None:
    """R38: beside a full pot the question names only what can be done (back to the bag, or keep)."""
    from ..rules.gamekit import make_game, steps

    g = make_game(books=2, A={"droplet": 48, "bag": {"red-1": 1, "white-3": 1, "orange-1": 1, "white-1": 2}})
    steps(g, "A draw red-1", "A draw white-3")
    steps(g, "A stop")
    assert "place" in decisions.prompt(g, 0)
    g = make_game(books=2, A={"droplet": 48, "bag": {"red-1": 1, "white-3": 1, "orange-1": 1, "white-1": 2}})
    steps(g, "A draw red-1", "A draw white-3", "A draw orange-1")
    q = decisions.prompt(g, 0)
    assert "full" in q and "place" not in q
