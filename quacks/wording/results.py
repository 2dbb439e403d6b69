"""A round's results per seat: the scoring space, VP by source, coins, rubies gained and spent, purchases,
and a short line of where it all came from (read from the round's events)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import N_, _, pgettext
from ..rules.game import Game
from ..rules.kinds import EventKind, Phase

OTHER = N_("other")  # a VP source the table does not know
SOURCES = {"space": N_("space"), "die": N_("die"), "chip": N_("chips"), "card": N_("card"),
           "tube": N_("test tube"), "convert": N_("bought")}


def phase_name(phase: str) -> str:
    """A phase's name as a label (the table's header, a save's row, a replay's caption): with a context of its
    own, so a language can name the phase apart from the card or the seat's doing (Dutch "Waarzeggerijkaart",
    not "de waarzeggerijkaart" of a sentence)."""
    names = {Phase.FORTUNE: pgettext("phase", "the fortune card"), Phase.BREWING: pgettext("phase", "brewing"),
             Phase.EVALUATION: pgettext("phase", "evaluation"), Phase.SHOPPING: pgettext("phase", "shopping"),
             Phase.RUBIES: pgettext("phase", "spending rubies"), Phase.OVER: pgettext("phase", "the end")}
    return names[Phase(phase)]


@dataclass
class SeatRound:
    name: str
    space: int
    vp: int  # gained this round
    score: int
    coins: int
    rubies_gained: int = 0
    rubies_spent: int = 0
    droplet: int = 0
    buys: list[str] = field(default_factory=list)
    why: str = ""


def round_rows(g: Game, rnd: int, before: list[int]) -> list[SeatRound]:
    """The results of round ``rnd`` for every seat (``before``: each seat's score when the round began)."""
    rows = []
    for i, s in enumerate(g.seats):
        b = before[i] if i < len(before) else 0
        space = s.final_space if s.final_space is not None else s.last_space  # before the shop: this round's
        coins = s.coins if s.coins is not None else g.cat.pot.space(space).coins
        rows.append(SeatRound(s.name, space, s.score - b, s.score, coins))
    vp_by: list[dict[str, list[int]]] = [{} for _ in g.seats]
    other: list[list[str]] = [[] for _ in g.seats]
    for e in g.events:
        if e.round != rnd or e.seat is None or not 0 <= e.seat < g.n:
            continue
        row = rows[e.seat]
        k = e.kind
        if k == EventKind.VP:
            vp_by[e.seat].setdefault(str(e.get("source")), []).append(int(e.get("amount", 0)))
        elif k == EventKind.RUBIES:
            n = int(e.get("amount", 0))
            if n > 0:
                row.rubies_gained += n
            else:
                row.rubies_spent += -n
        elif k == EventKind.DROPLET:
            row.droplet += int(e.get("after", 0)) - int(e.get("before", 0))
        elif k == EventKind.BUY:
            row.buys = list(e.get("chips", []))
        elif k == EventKind.EXPLOSION_CHOICE:
            other[e.seat].append(_("exploded, took the coins") if e.get("choice") == "coins"
                                 else _("exploded, took the VP"))
        elif k == EventKind.EXPLODE and e.get("protected"):
            other[e.seat].append(_("exploded (protected)"))
    for i, row in enumerate(rows):
        parts = []
        if vp_by[i]:
            items = []
            for src, amounts in vp_by[i].items():
                name = _(SOURCES.get(src, OTHER))
                if len(amounts) > 1 and len(set(amounts)) == 1:
                    items.append(_("{source} {count} x +{n}").format(source=name, count=len(amounts), n=amounts[0]))
                else:
                    items.append(_("{source} +{n}").format(source=name, n=sum(amounts)))
            parts.append(_("VP: {items}").format(items=", ".join(items)))
        if row.rubies_gained and row.rubies_spent:
            parts.append(_("rubies +{gained} / -{spent}").format(gained=row.rubies_gained, spent=row.rubies_spent))
        elif row.rubies_gained:
            parts.append(_("rubies +{gained}").format(gained=row.rubies_gained))
        elif row.rubies_spent:
            parts.append(_("rubies -{spent}").format(spent=row.rubies_spent))
        if row.droplet:
            parts.append(_("droplet +{n}").format(n=row.droplet))
        parts += other[i]
        row.why = " · ".join(parts)
    return rows


def tick_text(g: Game, tick: list[tuple[int, Any]]) -> str:
    """What a revealed stir tick did, in words: "Last stir: Ann drew a white 2 (white total 5); Bo stopped."."""
    from . import text as W

    parts = []
    for seat, a in tick:
        s = g.seats[seat]
        if a.verb == "stop":
            parts.append(W.you_or(s.name, _("you stopped"), _("{name} stopped")))
        else:
            last = s.pot[-1].chip if s.pot else None
            chip = W.a_chip(last)
            parts.append(W.you_or(s.name, _("you drew {chip} (white total {total})"),
                                  _("{name} drew {chip} (white total {total})"), chip=chip, total=s.white_total))
    return _("Last stir: {what}.").format(what="; ".join(parts)) if parts else ""
