"""One number language (issue 19 §3): every text names a pot space by the number printed on it, never by the
engine's index.

The pot prints its coin number on each space (data-reference §1): 0 to 14 once, 15 to 33 twice, and the
spoon 35. The engine counts the spaces 0..53. Below 15 the two agree, so a text that leaked the index
would look right in most of a game; the walk therefore plays seeded games on a pot whose printed numbers are
the board's plus 100 (115, 115, 116, ...): every number a text gives a space is then 100 or more when it is
the printed one, and under 54 when it is the index. The games cover every book set, both pot sides, 2-4
seats, bots and random choices (every decision kind), and every text the game shows a player is collected:
the log, each question, button and tooltip, the bots' reasons, the hot-seat card, the status lines (the stop
preview, the scoring space, the droplet, the other seats' lines), the hover help of every pot space, the
round results and the final screen's lines.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator

import pytest

from quacks.ai.levels import make_bot
from quacks.content.loader import default_catalogue
from quacks.rules.catalogue import Catalogue, PotTrack, Space
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.game import Game
from quacks.rules.kinds import DecisionKind, EventKind
from quacks.session.seeding import Streams
from quacks.wording import decisions, events, status
from quacks.wording import text as W
from quacks.wording.actions import action_sentence
from quacks.wording.results import round_rows, tie_text, winner_text

SHIFT = 100

#: where a text gives a space a number: "space 7", "Space 7:", "scoring space: 7", "next 7:", "Droplet on 7",
#: "droplet 3 -> 4", "against 7", "from 7 to 8"
SPACE_NUMBER = re.compile(r"\b[Ss]paces? (\d+)|[Ss]coring space: (\d+)|\bnext (\d+):|\b[Dd]roplet on (\d+)"
                          r"|\b[Dd]roplet (\d+) ->|\bagainst (\d+)|\bfrom (\d+) to (\d+)")


def shifted(cat: Catalogue, by: int = SHIFT) -> Catalogue:
    """The same game on a pot whose printed numbers are the board's plus ``by``."""
    spaces = tuple(Space(s.index, s.coins + by, s.vp, s.ruby) for s in cat.pot.spaces)
    return dataclasses.replace(cat, pot=PotTrack(spaces))


def numbers_given_to_spaces(text: str) -> list[int]:
    return [int(x) for m in SPACE_NUMBER.finditer(text) for x in m.groups() if x is not None]


def leaked_indices(text: str) -> list[int]:
    """On the shifted pot: the numbers a text gives a space that are not printed on the pot (an index)."""
    return [n for n in numbers_given_to_spaces(text) if n < SHIFT]


def configs() -> list[tuple[GameConfig, tuple[str, ...], int]]:
    """Seeded games of every book set (and mixed), 2-4 seats, both pot sides: between them every decision
    kind comes up (the random bots buy what the others would not)."""
    rng = random.Random(7)
    mixed = [{c: rng.randint(1, 4) for c in SET_COLOURS} for _ in range(2)]
    plan = [(1, 3, "standard", 300), (2, 4, "test-tubes", 302), (3, 3, "standard", 302), (4, 4, "standard", 300),
            (0, 3, "test-tubes", 306), (1, 2, "test-tubes", 306)]
    out = []
    for k, (books, n, variant, seed) in enumerate(plan):
        b = {c: books for c in SET_COLOURS} if books else mixed[k % 2]
        out.append((GameConfig(seats=("You", "Ada", "Bo", "Cy")[:n], books=b, variant=variant),
                    ("random", "random", "hard", "random")[:n], seed))
    return out


def walk(cat: Catalogue, config: GameConfig, levels: tuple[str, ...], seed: int,
         kinds: set[DecisionKind] | None = None) -> Iterator[tuple[str, str]]:
    """Play a seeded game and yield (where, text) for every text the game would show a player."""
    g = Game(cat, config)
    streams = Streams(seed)
    bots = [make_bot(lv) for lv in levels]
    rng = random.Random(seed)
    round_start = [0] * g.n
    last_round = g.round
    helped = -1
    for _ in range(30_000):
        if g.is_over:
            break
        if g.pending_chance() is not None:
            g.apply_chance(streams.sample(g))
            continue
        seat = g.acting_seats()[0]
        kind = g.decision_kind(seat)
        assert kind is not None
        if kinds is not None:
            kinds.add(kind)
        acts = list(g.legal_actions(seat))
        yield "prompt", decisions.prompt(g, seat)
        for a in acts:
            lb = decisions.label(g, seat, a)
            yield "label", lb.text
            yield "tooltip", lb.tip
            yield "action", action_sentence(g.seats[seat].name, a)
        for i in range(g.n):
            yield "stop now", status.stop_now_line(g, i) if g.seats[i].brewing else status.scoring_line(g, i)
            yield "other seat", status.other_seat_line(g, i)
            yield "droplet", status.droplet_line(g, i)
        if g.round != helped:  # the hover help of every pot space, once a round
            helped = g.round
            for idx in range(cat.pot.spoon + 1):
                yield "space help", status.space_help(g, seat, idx)
        for p in g.seats[seat].pot:  # and of every space with a chip on it
            yield "space help", status.space_help(g, seat, p.index)
        d = bots[seat].decide(g, seat, acts, rng)
        yield "reason", d.reason if isinstance(d.reason, str) else ""
        g.apply(seat, d.action)
        if g.round != last_round:
            for row in round_rows(g, last_round, round_start):
                yield "results", row.why
                yield "results space", row.place
            round_start = [s.score for s in g.seats]
            last_round = g.round
    assert g.is_over
    for row in round_rows(g, g.round, round_start):
        yield "results", row.why
    for line in events.log_lines(g, g.events):
        yield "log", line.text
    yield "winner", winner_text(g)
    yield "tie", tie_text(g)


@pytest.mark.parametrize("config,levels,seed", configs())
def test_no_text_names_a_space_by_its_index(config: GameConfig, levels: tuple[str, ...], seed: int) -> None:
    cat = shifted(default_catalogue())
    seen = 0
    for where, text in walk(cat, config, levels, seed):
        assert not leaked_indices(text), (where, text)
        seen += bool(numbers_given_to_spaces(text))
    assert seen > 100, "the walk saw spaces named in the texts"


def test_the_walk_sees_every_decision_kind() -> None:
    """The seeded games of the walk put every kind of decision to a seat (so every question and button is
    read), the fortune-card ones included."""
    kinds: set[DecisionKind] = set()
    for config, levels, seed in configs():
        for _ in walk(default_catalogue(), config, levels, seed, kinds):
            pass
    assert set(DecisionKind) - kinds == set()


def test_the_log_names_each_space_of_an_event_by_its_printed_number() -> None:
    """The lines of the events that carry a space (a chip placed, a stop, the scoring space, a push, the
    droplet) each say the printed number of that very space."""
    cat = shifted(default_catalogue())
    config, levels, seed = configs()[2]  # green set 3: whites exactly 7 push the last chip
    g = Game(cat, config)
    streams, bots, rng = Streams(seed), [make_bot(lv) for lv in levels], random.Random(seed)
    while not g.is_over:
        if g.pending_chance() is not None:
            g.apply_chance(streams.sample(g))
            continue
        seat = g.acting_seats()[0]
        g.apply(seat, bots[seat].decide(g, seat, list(g.legal_actions(seat)), rng).action)
    fields = {EventKind.PLACE: ("index",), EventKind.STOP: ("space",), EventKind.SCORING_SPACE: ("space",),
              EventKind.PUSH: ("space_before", "space_after"), EventKind.DROPLET: ("before", "after")}
    checked: set[EventKind] = set()
    for e in g.events:
        keys = fields.get(EventKind(e.kind))
        if keys is None or e.get(keys[0]) is None:
            continue
        line = events.narrate(g, e) or ""
        for k in keys:
            assert W.space_label(cat.pot, int(e.get(k))) in line, (k, e.get(k), line)
        checked.add(EventKind(e.kind))
    assert checked == set(fields), "every kind of event with a space was seen"


@pytest.mark.parametrize("config,levels,seed", configs()[:2])
def test_on_the_real_board_every_space_named_is_a_printed_one_and_says_which_of_two(
        config: GameConfig, levels: tuple[str, ...], seed: int) -> None:
    cat = default_catalogue()
    printed = {s.coins for s in cat.pot.spaces}
    twice = {n for n in printed if sum(1 for i in range(cat.pot.spoon) if cat.pot.space(i).coins == n) == 2}
    for where, text in walk(cat, config, levels, seed):
        for m in re.finditer(r"\b[Ss]pace (\d+)( \((?:first|second|the spoon)\))?", text):
            n = int(m.group(1))
            assert n in printed, (where, text)
            assert (m.group(2) is not None) == (n in twice or n == cat.pot.space(cat.pot.spoon).coins), (where, text)


def test_a_space_is_named_by_its_printed_number() -> None:
    pot = default_catalogue().pot
    assert [W.space_label(pot, i) for i in (0, 9, 14, 15, 16, 17, 51, 52, 53)] == [
        "0", "9", "14", "15 (first)", "15 (second)", "16 (first)", "33 (first)", "33 (second)", "35 (the spoon)"]
    labels = [W.space_label(pot, i) for i in range(pot.spoon + 1)]
    assert len(set(labels)) == len(labels), "no two spaces share a name"
    for i, label in enumerate(labels):
        assert int(label.split()[0]) == pot.space(i).coins
    assert W.space_name(pot, 16) == "space 15 (second)"
    assert W.space_gives(pot, 16) == "15 coins, 3 VP, a ruby"
    assert W.space_label(pot, 99) == "35 (the spoon)"  # past the spoon (a chip's move beyond the end) is the spoon
    with pytest.raises(ValueError):
        W.space_label(pot, -1)


def test_the_index_check_can_fail() -> None:
    assert leaked_indices("You place a white 2 on space 37, 2 spaces on.") == [37]
    assert leaked_indices("Your droplet 3 -> 4 (bonus die).") == [3]
    assert leaked_indices("next 12: 12 coins, 2 VP") == [12]
    assert leaked_indices("Your scoring space: 33.") == [33]
    assert leaked_indices("Mia got further (space 40 against 38).") == [40, 38]
    assert leaked_indices("You place a white 2 on space 137 (second), 2 spaces on.") == []
    assert leaked_indices("An explosion within the next 1/2/4 chips still scores VP and coins.") == []
    assert leaked_indices("Your droplet moves from space 103 to space 104 (bonus die).") == []
