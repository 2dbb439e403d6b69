"""Replaying a lesson of the guided game: the seeded guided game, played up to the moment the lesson begins.

A lesson is a group of the script's steps (``Script.lessons``). Its moment is where the first of its steps
shows in the guided game itself: the same seed, the same opponent, and a steady player in the learner's seat
(the Hard bot with its own seeded stream: with it every lesson of the script comes, most in the first rounds)
who says "Got it" to every step it is shown. The match and the coach
at that moment are handed to the table, so the lesson's words come where they come in the guided game, with
the board as it is then, and the game goes on from there with the guide (later lessons still come as they
come). The same script always gives the same moment (nothing here reads a clock or the global random).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..ai.levels import make_bot
from ..rules.catalogue import Catalogue
from ..rules.chips import SET_COLOURS
from ..rules.config import GameConfig
from ..session.driver import MatchDriver
from ..session.match import HUMAN, PLAYER_COLOURS, Match, MatchSetup, SeatSpec
from .coach import Coach
from .script import Lesson, Script, Step, Wait

LEARNER = 0  # the learner's seat
STEADY_PLAYER = "hard"  # who plays the learner's seat on the way to a lesson (the crow skull's pick in round 1)
MAX_DECISIONS = 2000  # a guided game has a few hundred; more means something loops


def tutorial_setup(script: Script, you: str) -> MatchSetup:
    """The guided game's match: the learner (named ``you``) against the script's opponent, its seed and books."""
    names = (you, script.opponent)
    cfg = GameConfig(seats=names, books={c: script.books for c in SET_COLOURS})
    seats = (SeatSpec(you, PLAYER_COLOURS[0], HUMAN), SeatSpec(script.opponent, PLAYER_COLOURS[1], script.level))
    return MatchSetup(cfg, seats, script.seed)


@dataclass
class Moment:
    """A guided game stopped where ``step`` shows: its match and its coach, whose next look shows ``step``
    (``Coach.withdraw``: the table shows it as the guided game does, with its buttons)."""

    match: Match
    coach: Coach
    step: Step


class NoMoment(Exception):
    """The seeded guided game never reaches the step asked for."""


def play_to(script: Script, cat: Catalogue, you: str, until: Callable[[Step], bool]) -> Moment:
    """Play the guided game (the steady player in the learner's seat, "Got it" to every step) until a step for
    which ``until`` holds shows; NoMoment if the game ends first."""
    match = Match(cat, tutorial_setup(script, you))
    coach = Coach(script, LEARNER)
    driver = MatchDriver(match, pace="instant", threaded=False)
    driver.stop_when = lambda: coach.observe(driver.game, ()) is not None  # as at the table (ui/table/guide.py)
    player = make_bot(STEADY_PLAYER)
    rng = random.Random(script.seed)
    for _ in range(MAX_DECISIONS * 4):
        g = driver.game
        step = coach.observe(g, driver.human_turn())
        if step is not None:
            if until(step):
                coach.withdraw()
                return Moment(driver.match, coach, step)
            if step.wait is Wait.OK:
                coach.ok()
                continue
        if driver.round_done is not None:
            driver.ack_round()
            continue
        seats = driver.human_turn()
        if seats:
            seat = seats[0]
            decision = player.decide(g, seat, g.legal_actions(seat), rng)
            driver.submit(seat, decision.action)
            coach.acted()
            continue
        if g.is_over:
            break
        driver.update(0.0)
    raise NoMoment(f"the guided game never reaches a step asked for (seed {script.seed})")


def lesson_moment(script: Script, lesson: Lesson, cat: Catalogue, you: str) -> Moment:
    """The moment ``lesson`` begins in the guided game: where the first of its steps shows."""
    steps = set(lesson.steps)
    return play_to(script, cat, you, lambda st: st.id in steps)
