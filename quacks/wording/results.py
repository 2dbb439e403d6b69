"""A round's results per seat: the scoring space, VP by source, coins, rubies gained and spent, purchases,
and a short line of where it all came from (read from the round's events).

The line names each gain with its own unit ("8 VP from the scoring space, 1 VP from the bonus die; 2 rubies
gained; droplet +1"), so rubies never stand under a "VP" heading; a space is named by what is printed on it
(``text.space_label``), never by the engine's index."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import N_, _, ngettext, pgettext
from ..rules.game import Game
from ..rules.kinds import CauseKind, EventKind, Phase
from ..session.beats import CARD_CAUSES
from . import text as W

#: VP by where they came from, each a whole phrase ({vp}: "8 VP"); a source not here is "from elsewhere"
VP_FROM = {"space": N_("{vp} from the scoring space"), "die": N_("{vp} from the bonus die"),
           "chip": N_("{vp} from chip actions"), "card": N_("{vp} from the fortune card"),
           "tube": N_("{vp} from the test tubes"), "convert": N_("{vp} bought")}
VP_OTHER = N_("{vp} from elsewhere")
#: chips that came into the bag this round (not bought: the shop's row says those), by where they came from
#: ({chips}: "an orange 1, a green 1")
CHIPS_FROM = {"die": N_("{chips} from the bonus die"), "card": N_("{chips} from the fortune card"),
              "chip": N_("{chips} from chip actions"), "round": N_("{chips} at the start of the round")}


def chip_source(cause_kind: str) -> str:
    """Where a chip gained came from, by its cause: the bonus die, the fortune card (its own roll of the die
    too), the start of the round (round 6's white 1), or a chip action."""
    kind = CauseKind(cause_kind)
    if kind is CauseKind.DIE_FACE:
        return "die"
    if kind in CARD_CAUSES:
        return "card"
    if kind is CauseKind.ROUND_CHIP:
        return "round"
    return "chip"


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
    space: int  # the engine's index of the scoring space: show ``place`` (its printed number) or ``coins``
    vp: int  # gained this round
    score: int
    coins: int
    rubies_gained: int = 0
    rubies_spent: int = 0
    droplet: int = 0
    buys: list[str] = field(default_factory=list)
    why: str = ""
    place: str = ""  # the scoring space as printed ("24", "15 (second)")


def round_rows(g: Game, rnd: int, before: list[int]) -> list[SeatRound]:
    """The results of round ``rnd`` for every seat (``before``: each seat's score when the round began)."""
    rows = []
    for i, s in enumerate(g.seats):
        b = before[i] if i < len(before) else 0
        space = s.final_space if s.final_space is not None else s.last_space  # before the shop: this round's
        coins = s.coins if s.coins is not None else g.cat.pot.space(space).coins
        rows.append(SeatRound(s.name, space, s.score - b, s.score, coins, place=W.space_label(g.cat.pot, space)))
    vp_by: list[dict[str, list[int]]] = [{} for _ in g.seats]
    chips_by: list[dict[str, list[str]]] = [{} for _ in g.seats]
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
        elif k == EventKind.CHIP_GAINED:
            chips_by[e.seat].setdefault(chip_source(e.cause.kind), []).append(str(e.get("chip")))
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
            parts.append(", ".join(_(VP_FROM.get(src, VP_OTHER)).format(vp=W.vp(sum(amounts)))
                                   for src, amounts in vp_by[i].items()))
        for src, chips in chips_by[i].items():
            parts.append(_(CHIPS_FROM[src]).format(chips=", ".join(W.a_chip(c) for c in chips)))
        if row.rubies_gained:
            parts.append(ngettext("{n} ruby gained", "{n} rubies gained", row.rubies_gained).format(
                n=row.rubies_gained))
        if row.rubies_spent:
            parts.append(ngettext("{n} ruby spent", "{n} rubies spent", row.rubies_spent).format(n=row.rubies_spent))
        if row.droplet:
            parts.append(_("droplet +{n}").format(n=row.droplet))
        parts += other[i]
        row.why = " · ".join(parts)
    return rows


def winner_text(g: Game) -> str:
    """The final screen's title: "Mia wins: ...", "You win: ..." (a seat called You is spoken to, in every
    language), "Mia and Bo win: ..." for a shared win (R23); "" before the end."""
    ranking = g.ranking() or []
    winners = [g.seats[i].name for i in ranking[0]] if ranking else []
    if not winners:
        return ""
    if len(winners) == 1:
        return W.you_or(winners[0], _("You win: the biggest quack of Quedlinburg!"),
                        _("{name} wins: the biggest quack of Quedlinburg!"))
    # Translators: a shared win; {names} is "Mia and Bo" (or "You and Bo")
    return _("{names} win: the biggest quack of Quedlinburg!").format(names=_(" and ").join(winners))


def tie_text(g: Game) -> str:
    """The final tie-break in words (R23: the furthest scoring space of the last round), or "" when the first
    place was not decided so: the spaces by their printed numbers, "(second)" saying which of two 24s."""
    ranking = g.ranking() or []
    if not ranking or len(ranking[0]) != 1 or len(ranking) < 2:
        return ""
    first, second = g.seats[ranking[0][0]], g.seats[ranking[1][0]]
    if first.score != second.score:
        return ""
    pot = g.cat.pot
    return _("{first} and {second} tied on {vp} VP; {first} got further in the last round (space {a} against "
             "{b}).").format(first=first.name, second=second.name, vp=first.score,
                             a=W.space_label(pot, first.last_space), b=W.space_label(pot, second.last_space))


def tick_text(g: Game, tick: list[tuple[int, Any]]) -> str:
    """What a revealed stir tick did, in words: "Last stir: Ann drew a white 2 (white total 5); Bo stopped."."""
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
