"""Every closed kind of the engine has a bot answer: each decision kind a handler in every level, each book and
card kind an entry in the brew model's registry (a kind added to rules/kinds.py fails here until the bots
know what to do with it)."""

from __future__ import annotations

from typing import cast

import pytest

from quacks.ai.brew_kinds import BOOK_MODELS, CARD_MODELS, BookModel, CardModel
from quacks.ai.hard import HardBot
from quacks.ai.levels import LEVELS, make_bot
from quacks.ai.model import BrewModel
from quacks.ai.normal import OBVIOUS, NormalBot
from quacks.ai.values import Values
from quacks.content.loader import default_catalogue
from quacks.rules.kinds import BookKind, CardKind, DecisionKind
from quacks.rules.round_flow import set_fortune

from ..rules.gamekit import make_game


@pytest.mark.parametrize("make", [NormalBot, HardBot, lambda: make_bot("easy"), lambda: make_bot("expert")],
                         ids=["normal", "hard", "easy", "expert"])
def test_every_decision_kind_has_a_handler(make: object) -> None:
    bot = make()  # type: ignore[operator]
    missing = [k for k in DecisionKind if k not in bot.handlers]
    assert not missing, f"{type(bot).__name__} has no answer for {missing}"
    assert all(callable(h) for h in bot.handlers.values())


def test_the_obvious_choices_cover_every_decision_kind() -> None:
    assert set(OBVIOUS) == set(DecisionKind)


def test_every_level_is_listed() -> None:
    assert set(LEVELS) == {"random", "easy", "normal", "hard", "expert"}


def test_every_book_kind_has_a_brew_model_entry() -> None:
    missing = [k for k in BookKind if k not in BOOK_MODELS]
    assert not missing, f"the brew model (ai/brew_kinds.py) has no entry for book kinds {missing}"
    for k, cls in BOOK_MODELS.items():
        assert issubclass(cls, BookModel) and k in cls.kinds
        assert (cls.__doc__ or "").strip(), f"{cls.__name__} should say what the model does with {k}"


def test_every_card_kind_has_a_brew_model_entry() -> None:
    missing = [k for k in CardKind if k not in CARD_MODELS]
    assert not missing, f"the brew model (ai/brew_kinds.py) has no entry for card kinds {missing}"
    for k, cls in CARD_MODELS.items():
        assert issubclass(cls, CardModel) and k in cls.kinds
        assert (cls.__doc__ or "").strip(), f"{cls.__name__} should say what the model does with {k}"


def test_a_model_builds_for_every_book_and_every_card_of_the_catalogue() -> None:
    """Each entry accepts the real parameters: one model per book set, with each fortune card in turn."""
    cat = default_catalogue()
    for s in (1, 2, 3, 4):
        g = make_game(("A", "B", "C"), books=s, round=4)
        for card in cat.cards.values():
            set_fortune(g, card)
            m = BrewModel(g, 0, Values(g, 0))
            assert m.card is not None and card.effect.kind in type(m.card).kinds
            st = m.state_from_game()
            assert m.stop_value(st) == m.stop_value(st)
            if sum(st.bag):
                m.draw_value(st, 1)


def test_a_kind_outside_the_enums_cannot_be_registered() -> None:
    from quacks.ai.brew_kinds import book_model, card_model

    with pytest.raises(TypeError):
        book_model("plain")(BookModel)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        card_model("move_bonus")(CardModel)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError):
        book_model(BookKind.PLAIN)(BookModel)



def test_every_option_type_has_a_value_and_an_unknown_one_is_a_loud_error() -> None:
    """The bots value the effects' options through one function (``Values.option``), one case per type."""
    from dataclasses import dataclass, fields

    from quacks.rules.chips import CHIP_BY_NAME
    from quacks.rules.options import OPTION_TYPES, BuyChip, Kept, Option, TakeChip
    from quacks.rules.params import Reward

    v = Values(make_game(round=3), 0)
    blue = CHIP_BY_NAME["blue-2"]
    samples: dict[str, object] = {"chip": blue, "old": CHIP_BY_NAME["blue-1"], "new": blue, "looked_at": True,
                                  "reward": Reward(vp=2), "keeps": Kept.RUBIES}
    for t in OPTION_TYPES:
        o = t(**{f.name: samples.get(f.name, 1) for f in fields(t)})
        assert isinstance(v.option(o), (int, float)), o
    assert v.option(BuyChip(blue, 1)) == v.option(TakeChip(blue)) - v.ruby  # a chip paid for is worth less

    @dataclass(frozen=True)
    class Haggle:  # a type the closed set does not have (not a subclass: a compiled Option takes none)
        pass

    with pytest.raises(TypeError, match="Haggle"):
        v.option(cast("Option", Haggle()))
