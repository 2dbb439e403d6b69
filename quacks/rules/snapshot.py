"""The state as plain data: the printed JSON of ``spec/scenarios.md``, used by scenarios, tests and saves."""

from __future__ import annotations

from typing import Any

from .chips import SET_COLOURS
from .game import ChanceWaiting, Game
from .kinds import Phase


def state_json(g: Game) -> dict[str, Any]:
    seats = []
    for i, s in enumerate(g.seats):
        seats.append({
            "name": s.name,
            "score": s.score,
            "rubies": s.rubies,
            "droplet": s.droplet,
            "tube": s.tube,
            "rats": s.rats,
            "flask": "full" if s.flask_full else "empty",
            "bag": s.bag.as_names(),
            "pot": [[p.index, p.chip.name] for p in s.pot],
            "aside": [c.name for c in s.aside],
            "white_total": s.white_total,
            "limit": g.limit(i),
            "exploded": s.exploded,
            "brewing": s.brewing,
            "scoring_space": g.scoring_space(i),
            "coins": s.coins if g.phase is Phase.SHOPPING else None,
        })
    w = g.waiting()
    if w is None:
        waiting: list[dict[str, Any]] = []
    elif isinstance(w, ChanceWaiting):
        waiting = [{"chance": w.kind, "seat": g.seats[w.seat].name if w.seat is not None else None}]
    else:
        waiting = [{"seat": g.seats[x.seat].name, "actions": [str(a) for a in x.actions]} for x in w]
    ranking = g.ranking()
    return {
        "round": g.round,
        "phase": g.phase,
        "start_seat": g.seats[g.start_seat].name,
        "fortune": g.fortune.id if g.fortune is not None else None,
        "books": {c.value: g.config.books[c] for c in SET_COLOURS if g.book_on_table(c)},
        "supply": g.supply.as_names(zeros=True),
        "seats": seats,
        "waiting": waiting,
        "ranking": [g.seats[i].name for group in ranking for i in group] if ranking is not None else None,
    }


def count_chips(g: Game) -> int:
    """Chips in the supply, bags, pots, aside and revealed: always the box's 215 (conservation)."""
    n = g.supply.total
    for s in g.seats:
        n += s.bag.total + len(s.pot) + len(s.aside) + len(s.revealed)
    return n


def fingerprint(g: Game) -> dict[str, Any]:
    """Everything that decides what happens next: the printed state plus the agenda and the rest."""
    d = state_json(g)
    d["agenda"] = [repr(t) for t in g.agenda]
    d["used_cards"] = list(g.used_cards)
    d["seat_detail"] = [
        (s.shield, s.double_next, s.last_is_drawn_white, s.prev_drawn_white, s.first_white_seen,
         s.second_chance_offered, s.stopped, s.aside_settled, s.protected, s.choice, s.final_space,
         s.last_space, [c.name for c in s.revealed], [repr(p) for p in s.pending])
        for s in g.seats
    ]
    return d
