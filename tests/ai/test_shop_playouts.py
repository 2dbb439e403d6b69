"""The Hard bot's shop playouts: the shared walk (``_Playouts``) gives exactly the numbers of the plain definition
(``_simulate``), chip by chip, over bags from real games of every set (the bot's choices depend on them to the
last bit)."""

from __future__ import annotations

import random

import pytest

from quacks.ai import shop
from quacks.ai.hard import HardBot
from quacks.ai.values import Values
from quacks.content.loader import default_catalogue
from quacks.rules.chips import CHIPS, N_CHIPS, SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.game import Game
from quacks.rules.kinds import DecisionKind
from quacks.session.seeding import Streams


def _shop_moments(books: int, seed: int) -> list[tuple[Game, int]]:
    """Games of Hard bots stopped at every shop decision."""
    g = Game(default_catalogue(), GameConfig(seats=("A", "B", "C"), books={c: books for c in SET_COLOURS}),
             events=False, record=False)
    streams = Streams(seed)
    bot = HardBot()
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        if g.pending_chance() is not None:
            g.apply_chance(streams.sample(g))
            continue
        seat = g.acting_seats()[0]
        if g.decision_kind(seat) is DecisionKind.SHOP:
            out.append((g.clone(record=False), seat))
        g.apply(seat, bot.decide(g, seat, list(g.legal_actions(seat)), rng).action)
    return out


@pytest.mark.parametrize("books,seed", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_shared_playouts_equal_the_plain_definition(books: int, seed: int) -> None:
    checked = 0
    for g, seat in _shop_moments(books, seed)[::3]:
        v = Values(g, seat, HardBot.weights)
        m = shop._NextRound(g, seat, v, with_card=False)
        owned = g.seats[seat].all_chips().counts()
        start = m.state_from_game(pot=[], bag=owned, lw=False)._replace(double=1, shield=0, aside=0, imm=0.0,
                                                                          nchips=0)
        rng = random.Random(seed * 1000 + checked)
        units = [i for i in range(N_CHIPS) for _ in range(owned[i])]
        orders, keys, extra_keys = [], [], []
        for _ in range(shop.SAMPLES):
            ks = [rng.random() for _ in units]
            pairs = sorted(zip(ks, units))
            orders.append([u for _, u in pairs])
            keys.append([k for k, _ in pairs])
            extra_keys.append(rng.random())
        fast = shop._Playouts(m, start, orders, extra_keys, keys)
        assert fast.base() == shop._simulate(m, start, orders, -1, extra_keys, keys)
        for c in CHIPS:
            if not c.is_white:
                assert fast.with_chip(c.index) == shop._simulate(m, start, orders, c.index, extra_keys, keys), c
        checked += 1
    assert checked >= 3
