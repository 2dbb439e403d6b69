"""The engine's closed kinds (rules/kinds.py): each enum member has its implementation, nothing outside the
enums can be registered, and a played game only ever shows members (so a test elsewhere can walk them)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from quacks.rules import registry
from quacks.rules.books import BOOK_KINDS, BookEffect
from quacks.rules.fortunes import CARD_KINDS, CardEffect
from quacks.rules.game import ChanceWaiting
from quacks.rules.kinds import (
    REGISTERED_DECISIONS,
    BookKind,
    CardKind,
    ChanceKind,
    DecisionKind,
    EventKind,
    Phase,
)

from .gamekit import make_game

RULES = Path(__file__).resolve().parents[2] / "quacks" / "rules"  # the sources (a compiled build holds none)


def rules_source() -> str:
    return "\n".join(p.read_text() for p in sorted(RULES.glob("*.py")) if p.name != "kinds.py")


def test_every_member_has_its_implementation() -> None:
    registry.check_complete()
    assert set(registry.DECISIONS) == set(REGISTERED_DECISIONS)
    assert set(BOOK_KINDS) == set(BookKind)
    assert set(CARD_KINDS) == set(CardKind)


def test_values_are_the_strings_of_saves_and_scenarios() -> None:
    assert DecisionKind.RETURN_WHITE == "return-white" and str(DecisionKind.SHOP) == "shop"
    assert f"{Phase.BREWING}" == "brewing" and repr(ChanceKind.DRAW) == "'draw'"
    assert {"vp": 1}[EventKind.VP] == 1


def test_a_decision_outside_the_enum_cannot_be_registered() -> None:
    # the plain module names the fix; the compiled one refuses the argument's type at the call (both loud)
    with pytest.raises(TypeError, match="kinds.py|DecisionKind object expected"):
        registry.decision("haggle", lambda g, d: [])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        registry.decision(DecisionKind.BREW, lambda g, d: [])
    with pytest.raises(RuntimeError, match="twice"):
        registry.decision(DecisionKind.SHOP, lambda g, d: [])(lambda g, d, a: None)


def test_an_effect_kind_outside_the_enum_is_refused() -> None:
    with pytest.raises(TypeError, match="BookKind"):
        type("Haggle", (BookEffect,), {"kind": "haggle"})
    with pytest.raises(TypeError, match="CardKind"):
        type("Haggle", (CardEffect,), {"kind": "haggle"})
    with pytest.raises(RuntimeError, match="twice"):
        type("PlainAgain", (BookEffect,), {"kind": BookKind.PLAIN})


def test_a_missing_implementation_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(registry.DECISIONS, DecisionKind.SPEND)
    with pytest.raises(RuntimeError, match="spend"):
        registry.check_complete()


def test_every_event_kind_is_emitted_and_every_phase_is_entered() -> None:
    src = rules_source()
    assert not re.search(r'emit\(\s*"', src), "Game.emit takes an EventKind, not a string"
    unused = [k.name for k in EventKind if f"EventKind.{k.name}" not in src]
    assert not unused, f"event kinds no rule emits: {unused}"
    unset = [k.name for k in Phase if f"Phase.{k.name}" not in src]
    assert not unset, f"phases no rule enters: {unset}"
    unused_chance = [k.name for k in ChanceKind if f"ChanceKind.{k.name}" not in src]
    assert not unused_chance, f"chance kinds no rule schedules: {unused_chance}"


def test_a_played_game_shows_only_members() -> None:
    rng = random.Random(5)
    for variant, seats in (("standard", ("A", "B")), ("test-tubes", ("A", "B", "C"))):
        g = make_game(seats, books={"green": 2, "blue": 1, "red": 2, "yellow": 1, "purple": 4}, fortunes=True,
                      variant=variant)
        seen_phases = set()
        while not g.is_over:
            assert isinstance(g.phase, Phase)
            seen_phases.add(g.phase)
            w = g.waiting()
            if isinstance(w, ChanceWaiting):
                assert isinstance(w.kind, ChanceKind)
                g.apply_chance(g.sample_chance(rng))
                continue
            assert w is not None
            for sw in w:
                assert isinstance(g.decision_kind(sw.seat), DecisionKind)
            x = rng.choice(w)
            g.apply(x.seat, rng.choice(x.actions))
        assert seen_phases >= {Phase.FORTUNE, Phase.BREWING, Phase.EVALUATION, Phase.SHOPPING, Phase.RUBIES}
        assert g.phase is Phase.OVER
        assert all(isinstance(e.kind, EventKind) for e in g.events)
        assert g.decision_kind(0) is None
