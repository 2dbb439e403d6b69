"""The effects' options as types (rules/options.py): every option of every effect is offered as a type whose
action is the legal action, and the action parses back to the same option (round trip)."""

from __future__ import annotations

import random

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.actions import Action, IllegalAction
from quacks.rules.game import Game
from quacks.rules.kinds import DecisionKind
from quacks.rules.options import OFFERS, OPTION_TYPES, GainVP, MoveDroplet, option_of, options_now

from .test_random_games import random_config


def walk(seed: int, seen: set[tuple[DecisionKind, type]]) -> None:
    """Play a random game; at every effect's decision check that options and legal actions agree."""
    rng = random.Random(seed)
    g = Game(default_catalogue(), random_config(rng))
    while not g.is_over:
        if g.pending_chance() is not None:
            g.apply_chance(g.sample_chance(rng))
            continue
        seat = rng.choice(g.acting_seats())
        acts = g.legal_actions(seat)
        kind = g.decision_kind(seat)
        if kind in OFFERS:
            opts = options_now(g, seat)
            assert [o.action for o in opts] == list(acts)
            for o in opts:
                assert option_of(opts, o.action) == o
                assert option_of(opts, Action.parse(str(o.action))) == o  # through the text of a record
                seen.add((kind, type(o)))
                if kind is DecisionKind.CARD:  # a card's choice read back from the record, decision gone
                    assert g.fortune is not None and g.fortune.effect.option_for(g, seat, o.action) == o
        draw = [a for a in acts if a.verb == "draw"]
        g.apply(seat, draw[0] if draw and rng.random() < 0.8 else rng.choice(acts))


def test_every_option_type_round_trips_through_its_action() -> None:
    seen: set[tuple[DecisionKind, type]] = set()
    for seed in range(60):
        walk(seed, seen)
    assert {t for _, t in seen} == set(OPTION_TYPES)
    assert {k for k, _ in seen} == set(OFFERS)


def test_an_action_no_option_stands_for_is_refused() -> None:
    with pytest.raises(IllegalAction, match="choose droplet"):
        option_of([GainVP(2), MoveDroplet(1)], Action("choose", ("rubies",)))


def test_options_now_refuses_a_decision_that_is_not_an_effects() -> None:
    g = Game(default_catalogue(), random_config(random.Random(1)))
    while g.pending_chance() is not None:
        g.apply_chance(g.sample_chance(random.Random(2)))
    with pytest.raises(LookupError):
        options_now(g, 0)
