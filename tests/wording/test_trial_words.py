"""The wording faults of the trial (issue 19 §8): "You wins", "a decision to take", result lines headed "VP:"
that listed rubies, and ghost's breath asking "Nothing / 1 VP" without saying what the choice was."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from quacks.content.loader import default_catalogue
from quacks.i18n import _, set_language
from quacks.rules.config import GameConfig
from quacks.rules.game import Game
from quacks.rules.kinds import DecisionKind
from quacks.wording import decisions
from quacks.wording.results import round_rows, winner_text
from quacks.wording.text import reward

from ..rules.gamekit import make_game, steps


@pytest.fixture
def each_language() -> Iterator[list[str]]:
    try:
        yield ["en", "de", "nl"]
    finally:
        set_language("en")


def over(names: tuple[str, ...], scores: tuple[int, ...]) -> Game:
    g = Game(default_catalogue(), GameConfig(seats=names))
    for s, v in zip(g.seats, scores):
        s.score = v
    g.over = True
    return g


def test_a_winner_called_you_is_spoken_to_in_every_language(each_language: list[str]) -> None:
    expected = {"en": "You win: the biggest quack of Quedlinburg!",
                "de": "Du gewinnst: der größte Quacksalber von Quedlinburg!",
                "nl": "Jij wint: de grootste kwakzalver van Kakelenburg!"}
    for lang in each_language:
        set_language(lang)
        for you in ("You", "Du", "Jij"):  # the name the seat got in the language the game began in
            assert winner_text(over((you, "Ada"), (30, 20))) == expected[lang], (lang, you)
        assert winner_text(over(("You", "Ada"), (20, 30))) == \
            _("{name} wins: the biggest quack of Quedlinburg!").format(name="Ada")
    set_language("en")
    assert winner_text(over(("You", "Ada"), (30, 30))) == "You and Ada win: the biggest quack of Quedlinburg!"
    assert winner_text(Game(default_catalogue(), GameConfig(seats=("You", "Ada")))) == "", "no winner before the end"


def test_result_lines_say_each_gain_in_its_own_unit() -> None:
    """A result line once read "VP: space +3, die +1 · rubies +2", the rubies under the "VP" heading."""
    g = make_game(A={"bag": {"green-1": 2, "orange-1": 1}, "droplet": 4})
    steps(g, "A draw green-1", "A draw green-1", "A stop", "B stop", "A die ruby", "A buy nothing", "A done")
    why = round_rows(g, 1, [0, 0])[0].why
    assert "VP:" not in why
    # scoring space 7 (1 VP); the green chips last and next to last (2 rubies) and the die's ruby
    assert why == "1 VP from the scoring space · 3 rubies gained", why
    assert round_rows(g, 1, [0, 0])[0].place == "7"


def test_ghosts_breath_says_what_each_tier_gives() -> None:
    """With one purple chip it asked "Nothing / 1 VP" under "which tier of rewards do you take?"."""
    g = make_game(round=3, A={"bag": {"purple-1": 1, "orange-1": 1}})
    steps(g, "A draw purple-1", "A stop", "B stop", "A die vp-1")
    assert g.decision_kind(0) == DecisionKind.PURPLE_TIER
    assert decisions.prompt(g, 0) == "Ghost's breath: your 1 purple chip earns 1 VP. Take it?"
    labels = {str(a): decisions.label(g, 0, a) for a in g.legal_actions(0)}
    assert labels["choose 1"].text == "Take 1 VP" and labels["choose 1"].tip == "The reward for 1 purple chip."
    assert labels["choose 0"].text == "No reward"
    g = make_game(round=3, A={"bag": {"purple-1": 3, "orange-1": 1}})
    steps(g, *["A draw purple-1"] * 3, "A stop", "B stop", "A die vp-1")
    tiers = g.effect_of(g.seats[0].pot[0].chip.colour).tiers
    assert decisions.prompt(g, 0) == \
        f"Ghost's breath: your 3 purple chips earn {reward(tiers[2])}. Take it, or a lower tier?"
    for k in (1, 2, 3):
        lb = next(decisions.label(g, 0, a) for a in g.legal_actions(0) if a.args == (str(k),))
        assert lb.text == f"Take {reward(tiers[k - 1])}", lb
