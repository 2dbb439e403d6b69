"""The table's status lines in words: what stopping now would bring, the scoring space, the droplet, a pot
space under the mouse. A space is named by the number printed on it and what it gives by its coins, VP and
ruby (``text.space_name``, ``text.space_gives``; docs/localisation.md, "How the game names things"), never
by the engine's index.

The stop preview says what the pot as it stands would score and everything else stopping now is certain to
bring (``rules.foresight``: a green chip's ruby last or next to last, a fortune card's condition met, the
bonus die once no other pot can pass it, ...), and what may still change the pot after the stop.
"""

from __future__ import annotations

from ..i18n import _, ngettext
from ..rules.chips import Colour
from ..rules.events import Event
from ..rules.foresight import Later, StopForesight, stop_foresight, stop_space
from ..rules.game import Game
from ..rules.kinds import DecisionKind, EventKind
from ..rules.state import Decision
from . import data_text
from . import text as W
from .causes import cause_text
from .decisions import MissingWording


def gain_phrase(g: Game, e: Event) -> str:
    """One certain gain of a stop, with its cause: "+1 ruby (1 green chip last or next to last)"."""
    cause = cause_text(g, e.cause)
    n = int(e.get("amount", 0))
    if e.kind == EventKind.VP:
        return _("+{vp} ({cause})").format(vp=W.vp(n), cause=cause)
    if e.kind == EventKind.RUBIES:
        if n < 0:
            return _("pay {rubies} ({cause})").format(rubies=W.rubies(-n), cause=cause)
        return _("+{rubies} ({cause})").format(rubies=W.rubies(n), cause=cause)
    if e.kind == EventKind.DROPLET:
        return _("droplet +{n} ({cause})").format(n=int(e.get("after", 0)) - int(e.get("before", 0)), cause=cause)
    if e.kind == EventKind.CHIP_GAINED:
        return _("{chip} into the bag ({cause})").format(chip=W.a_chip(e.get("chip")), cause=cause)
    if e.kind == EventKind.CHIP_MISSED:
        return _("no {chip} left to have ({cause})").format(chip=W.chip_name(e.get("chip")), cause=cause)
    if e.kind == EventKind.CHIP_RETURNED:
        return _("{chip} back to the supply ({cause})").format(chip=W.chip_name(e.get("chip")), cause=cause)
    if e.kind == EventKind.TUBE:
        return _("test-tube droplet to glass {glass} ({cause})").format(glass=e.get("glass"), cause=cause)
    if e.kind == EventKind.PUSH:
        return _("{cause}: scoring space {space}").format(
            cause=cause, space=W.space_label(g.cat.pot, int(e.get("space_after", 0))))
    raise MissingWording(f"no stop-preview words for the event kind {e.kind}")


def offer_phrase(g: Game, d: Decision) -> str:
    """A choice the evaluation will put to the seat, as what it may bring ("" when it can bring nothing)."""
    if d.kind == DecisionKind.GREEN_CHIP:
        return _("a chip of your choice for your {chip}").format(chip=W.chip_name(d.data[0]))
    if d.kind == DecisionKind.GREEN_RUBY:  # as many steps as the rubies in hand pay for (green set 4)
        n = min(int(d.data[0]), g.seats[d.seat].rubies // max(1, int(d.data[1])))
        if not n:
            return ""
        return ngettext("you may pay rubies for {n} droplet step", "you may pay rubies for up to {n} droplet steps",
                        n).format(n=n)
    if d.kind in (DecisionKind.PURPLE_TIER, DecisionKind.PURPLE_TRADE):
        n = int(d.data[0])
        eff = g.effect_of(Colour.PURPLE)
        tiers = tuple(getattr(eff, "tiers", ()))
        best = W.reward(tiers[n - 1]) if 0 < n <= len(tiers) else _("nothing")
        if d.kind == DecisionKind.PURPLE_TIER:
            return _("ghost's breath: up to {reward}").format(reward=best)
        return ngettext("ghost's breath: trade in {n} purple chip for {reward}",
                        "ghost's breath: trade in up to {n} purple chips for up to {reward}", n).format(
            n=n, reward=best)
    if d.kind == DecisionKind.PURPLE_UPGRADE:
        return _("ghost's breath: swap a chip for a higher one")
    if d.kind == DecisionKind.DROPLET:
        return _("a droplet step, in the pot or the test tubes ({cause})").format(cause=cause_text(g, d.data[0]))
    if d.kind == DecisionKind.CARD and d.data and d.data[0] == "gift":
        card = g.fortune
        value = getattr(card.effect, "value", 2) if card is not None else 2
        return _("{card}: any one {value}-chip").format(
            card=data_text.card_name(card) if card is not None else _("the fortune card"), value=value)
    raise MissingWording(f"no stop-preview words for the decision kind {d.kind} {d.data!r}")


def later_phrase(g: Game, later: Later) -> str:
    if later is Later.ASIDE:
        return _("then place, return or keep the chips beside the pot")
    if later is Later.LOOK:
        n = int(getattr(g.fortune.effect, "draw", 5)) if g.fortune is not None else 5
        return ngettext("then look at {n} chip and perhaps place it ({card})",
                        "then look at up to {n} chips and perhaps place one ({card})", n).format(
            card=data_text.card_name(g.fortune) if g.fortune is not None else _("the fortune card"), n=n)
    raise MissingWording(f"no stop-preview words for {later!r}")


def foresight_parts(g: Game, f: StopForesight) -> list[str]:
    """The preview's parts: what the scoring space gives, then every certain gain, the bonus die, the offers,
    and what may still change the pot."""
    parts = [W.space_gives(g.cat.pot, f.space)]
    parts += [gain_phrase(g, e) for e in f.gains]
    if f.die_rolls:
        parts.append(ngettext("you roll the bonus die", "you roll the bonus die {n} times", f.die_rolls).format(
            n=f.die_rolls))
    parts += [t for t in (offer_phrase(g, d) for d in f.offers) if t]
    parts += [later_phrase(g, x) for x in f.later]
    return parts


def stop_preview(g: Game, seat: int) -> str:
    """What stopping now would bring, all of it that is certain now: "24 coins, 8 VP, a ruby; +1 ruby (1 green
    chip last or next to last)". A seat that does not brew: what its next space gives."""
    f = stop_foresight(g, seat)
    if f is None:
        return W.space_gives(g.cat.pot, stop_space(g, seat))
    # Translators: joins the parts of the stop preview ("24 coins, 8 VP; +1 ruby (...); you roll the bonus die")
    return _("; ").join(foresight_parts(g, f))


def stop_now_line(g: Game, seat: int) -> str:
    """The panel's line while brewing: "Stop now: 24 coins, 8 VP, a ruby; +1 ruby (...)"."""
    return _("Stop now: {what}").format(what=stop_preview(g, seat))


def scoring_line(g: Game, seat: int) -> str:
    """The panel's line once the seat stopped: "Scoring space 24: 24 coins, 8 VP"; "" before it is known."""
    sp = g.scoring_space(seat)
    if sp is None:
        return ""
    return _("Scoring space {space}: {gives}").format(space=W.space_label(g.cat.pot, sp),
                                                       gives=W.space_gives(g.cat.pot, sp))


def other_seat_line(g: Game, seat: int) -> str:
    """Another seat's short line: what its next space gives while it brews, else its scoring space."""
    s = g.seats[seat]
    if s.brewing:
        # Translators: another seat's short line while it brews: what stopping now would score
        return _("stop now: {gives}").format(gives=W.space_gives(g.cat.pot, stop_space(g, seat)))
    sp = g.scoring_space(seat)
    if sp is None:
        return ""
    # Translators: another seat's short line: its scoring space by its printed number, and what it gives
    return _("space {space}: {gives}").format(space=W.space_label(g.cat.pot, sp), gives=W.space_gives(g.cat.pot, sp))


def droplet_line(g: Game, seat: int) -> str:
    """"Droplet on space 12, rat stone +2"."""
    s = g.seats[seat]
    where = _("Droplet on {space}").format(space=W.space_name(g.cat.pot, min(s.droplet, g.cat.pot.last)))
    if s.rats:
        where = _("{where}, rat stone +{n}").format(where=where, n=s.rats)
    return where


def space_help(g: Game, seat: int, index: int) -> str:
    """The hover help of a pot space: its printed number and what it gives, the chip on it, the droplet and
    the rat stone."""
    pot = g.cat.pot
    s = g.seats[seat]
    gives = W.space_gives(pot, index)
    parts = [_("The spoon: {reward}.").format(reward=gives) if index >= pot.spoon
             else _("Space {space}: {reward}.").format(space=W.space_label(pot, index), reward=gives)]
    chips = [p.chip for p in s.pot if p.index == index]
    if chips:
        c = chips[-1]
        if c.is_white:
            what = _("White: counts towards the explosion.")
        else:
            book = g.cat.orange if c.colour is Colour.ORANGE else g.black if c.colour is Colour.BLACK else \
                g.books[c.colour]
            what = data_text.book_short(book)
        parts.append(_("{chip} here. {what}").format(chip=W.chip_name(c), what=what))
    if index == min(s.droplet, pot.last):
        parts.append(_("The droplet: the first chip counts from here (from the rat stone if there is one)."))
    if s.rats and index == g.start_index(s):
        parts.append(_("The rat stone: {tails} this round.").format(tails=W.rat_tails(s.rats)))
    return " ".join(parts)
