"""The button of each option an effect offers (rules/options.py): one rendering per option type.

A book's or a card's decision lists typed options; each is worded here once, from its numbers, whatever
card or book offers it. A type without wording is a loud error (``MissingWording``), never a raw id.
"""

from __future__ import annotations

from ..i18n import _, ngettext
from ..rules import options as opt
from ..rules.actions import Action, IllegalAction
from ..rules.game import Game
from ..rules.state import Decision
from . import text as W
from .decisions import Label, MissingWording


def option_label(o: opt.Option) -> Label:
    """The button for option ``o``: its text, its tooltip and the chip drawn on it."""
    match o:
        case opt.TakeChip(chip=c):
            return Label(_("Take {chip}").format(chip=W.chip_name(c)), _("The chip goes into your bag."), c.name)
        case opt.BuyChip(chip=c, rubies=cost):
            return Label(_("Buy {chip}").format(chip=W.chip_name(c)),
                         _("Pay {cost} for it; it goes into your bag.").format(cost=W.rubies(cost)), c.name)
        case opt.MoveDroplet(steps=n):
            return Label(_("Droplet +{n}").format(n=n), _("Your droplet moves forward for good."))
        case opt.GainRubies(rubies=n):
            return Label(_("Take {rubies}").format(rubies=W.rubies(n)), "")
        case opt.GainVP(vp=n):
            return Label(_("Take {vp}").format(vp=W.vp(n)), "")
        case opt.RatTailVP(rats=rats, vp_per_rat=per):
            return Label(_("Take {vp}").format(vp=W.vp(rats * per)),
                         _("One victory point per rat tail you get this round."))
        case opt.RemoveChip(chip=c):
            name = W.chip_name(c)
            return Label(_("Remove a {chip}").format(chip=name),
                         _("Take a {chip} out of your bag for good.").format(chip=name))
        case opt.GiveUpRats(tails=0):
            return Label(_("Keep the rat tails"), _("Your rat stone moves as usual."))
        case opt.GiveUpRats(tails=k, rubies_each=per):
            return Label(_("Give up {tails}: +{rubies}").format(tails=W.rat_tails(k), rubies=W.rubies(k * per)),
                         _("Your rat stone moves {n} fewer this round.").format(n=W.spaces(k)))
        case opt.BuyDroplet(steps=0):
            return Label(_("Keep the rubies"), _("No droplet step."))
        case opt.BuyDroplet(steps=k, rubies_each=cost):
            return Label(_("Pay {rubies}: droplet +{k}").format(rubies=W.rubies(k * cost), k=k),
                         ngettext("Your droplet moves {k} space for good.",
                                  "Your droplet moves {k} spaces for good.", k).format(k=k))
        case opt.TakeTier(chips=0):
            return Label(_("No reward"), _("Take nothing from the ghost's breath this round."))
        case opt.TakeTier(chips=k, reward=r):
            return Label(_("Take {reward}").format(reward=W.reward(r)),
                         ngettext("The reward for {k} purple chip.", "The reward for {k} purple chips.", k).format(k=k))
        case opt.TradeIn(chips=0):
            return Label(_("Keep them"), _("Trade in nothing."))
        case opt.TradeIn(chips=k, reward=r):
            return Label(ngettext("Trade {k} chip: {reward}", "Trade {k} chips: {reward}", k).format(
                k=k, reward=W.reward(r)), _("The purple chips go back to the supply for good."))
        case opt.Upgrade(old=old, new=new, looked_at=looked_at):
            tip = (_("Swap this chip for the next higher one of its colour.") if looked_at
                   else _("Swap this chip for the higher one of its colour (into your bag)."))
            return Label(_("{old} to {new}").format(old=W.chip_name(old), new=W.chip_name(new)), tip, new.name)
        case opt.Decline(keeps=opt.Kept.RUBIES):
            return Label(_("No, thanks"), _("Keep your rubies."))
        case opt.Decline(keeps=opt.Kept.LOOKED_AT):
            return Label(_("No swap"), _("The chips go back as they are."))
        case opt.Decline(keeps=opt.Kept.POT):
            return Label(_("No swap"), _("Keep your chips as they are."))
    raise MissingWording(f"no wording for the option {o!r}")


def offered_label(g: Game, d: Decision | None, a: Action) -> Label:
    """The button for action ``a`` of an effect's decision ``d``: the wording of the option it stands for."""
    if d is None or d.kind not in opt.OFFERS:
        raise MissingWording(f"no effect's decision to word action {a} for ({d})")
    try:
        return option_label(opt.option_of(opt.OFFERS[d.kind](g, d), a))
    except IllegalAction as e:
        raise MissingWording(f"no wording for action {a} of decision kind {d.kind}: {e}") from e
