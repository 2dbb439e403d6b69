"""The way on after a game (issue 23): the ladder's next level, Easy < Normal < Hard < Expert, offered after the
guided game and after a game won against bots of one level; nothing where there is no next step."""

from __future__ import annotations

import pytest

from quacks.ai.levels import LADDER
from quacks.content.loader import default_catalogue
from quacks.rules.config import GameConfig
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec
from quacks.session.setup import REMOTE
from quacks.tutorial.lessons import tutorial_setup
from quacks.tutorial.next_step import next_level, offered_level
from quacks.tutorial.script import load_script


def test_the_ladder_goes_on_one_level_at_a_time_up_to_expert() -> None:
    assert [next_level(level) for level in LADDER] == [*LADDER[1:], None]
    assert next_level("hard") == "expert" and next_level("expert") is None
    assert next_level("random") is None and next_level(HUMAN) is None


def over(kinds: tuple[str, ...], winner: int) -> Match:
    """A match of ``kinds`` ended with ``winner`` first (the scores set, the game marked over)."""
    names = ("Ann", "Bob", "Cid", "Dot")[: len(kinds)]
    m = Match(default_catalogue(), MatchSetup(GameConfig(seats=names), tuple(
        SeatSpec(n, c, k) for n, c, k in zip(names, ("amber", "teal", "plum", "moss"), kinds)), 3))
    for i, seat in enumerate(m.game.seats):
        seat.score = 50 if i == winner else 10 + i
    m.game.over = True
    return m


@pytest.mark.parametrize("level", LADDER)
def test_a_game_won_against_bots_of_one_level_offers_the_next(level: str) -> None:
    assert offered_level(over((HUMAN, level, level), winner=0)) == next_level(level)
    assert offered_level(over((HUMAN, level, level), winner=1)) is None  # lost: not yet
    assert offered_level(over((HUMAN, level, level), winner=1), guided=True) == next_level(level)


def test_after_hard_comes_expert() -> None:
    assert offered_level(over((HUMAN, "hard", "hard", "hard"), winner=0)) == "expert"


def test_nothing_is_offered_without_one_player_against_bots_of_one_level() -> None:
    assert offered_level(over((HUMAN, "easy", "normal"), winner=0)) is None  # mixed levels
    assert offered_level(over((HUMAN, HUMAN, "easy"), winner=0)) is None  # two players here
    assert offered_level(over((HUMAN, REMOTE, "easy"), winner=0)) is None  # a player on another computer
    assert offered_level(over((HUMAN, "random"), winner=0)) is None  # not on the ladder
    unfinished = over((HUMAN, "easy"), winner=0)
    unfinished.game.over = False
    assert offered_level(unfinished, guided=True) is None


def test_the_guided_game_offers_the_level_after_its_opponent() -> None:
    script = load_script()
    m = Match(default_catalogue(), tutorial_setup(script, "You"))
    for i, seat in enumerate(m.game.seats):
        seat.score = 5 + i  # the learner lost: the next step is offered all the same
    m.game.over = True
    assert offered_level(m, guided=True) == next_level(script.level) is not None
