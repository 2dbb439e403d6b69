"""A recorded action as a sentence, without the decision it answered (the replay viewer's "last step")."""

from __future__ import annotations

from ..i18n import N_, _
from ..rules.actions import Action
from ..rules.chips import CHIP_BY_NAME
from . import text as W

CHOICES = {
    "vp": (N_("You take the VP."), N_("{name} takes the VP.")),
    "coins": (N_("You take the coins."), N_("{name} takes the coins.")),
    "pot": (N_("You move the pot droplet."), N_("{name} moves the pot droplet.")),
    "tube": (N_("You move the test-tube droplet."), N_("{name} moves the test-tube droplet.")),
    "restart": (N_("You start the brew again."), N_("{name} starts the brew again.")),
    "continue": (N_("You keep the brew."), N_("{name} keeps the brew.")),
    "return-white": (N_("You put the white chip back."), N_("{name} puts the white chip back.")),
    "keep-white": (N_("You keep the white chip."), N_("{name} keeps the white chip.")),
    "droplet": (N_("You move the droplet."), N_("{name} moves the droplet.")),
    "rubies": (N_("You take the rubies."), N_("{name} takes the rubies.")),
    "rat-vp": (N_("You take VP for the rat tails."), N_("{name} takes VP for the rat tails.")),
    "remove-white": (N_("You remove a white chip from the bag."), N_("{name} removes a white chip from the bag.")),
}


def action_sentence(name: str, action: Action | str) -> str:
    a = Action.parse(action)
    v, args = a.verb, a.args

    if v == "draw":
        return W.you_or(name, _("You draw."), _("{name} draws."))
    if v == "stop":
        return W.you_or(name, _("You stop."), _("{name} stops."))
    if v == "flask":
        return W.you_or(name, _("You use the flask."), _("{name} uses the flask."))
    if v == "pick":
        if args[0] == "none":
            return W.you_or(name, _("You place none of the chips."), _("{name} places none of the chips."))
        return W.you_or(name, _("You place the {chip}."), _("{name} places the {chip}."), chip=W.chip_name(args[0]))
    if v == "place":
        return W.you_or(name, _("You place the {chip}."), _("{name} places the {chip}."), chip=W.chip_name(args[0]))
    if v == "return":
        return W.you_or(name, _("You put the {chip} back into the bag."),
                        _("{name} puts the {chip} back into the bag."), chip=W.chip_name(args[0]))
    if v in ("done", "pass"):
        return W.you_or(name, _("You are done."), _("{name} is done."))
    if v == "upgrade":
        return W.you_or(name, _("You swap the {old} for a {new}."), _("{name} swaps the {old} for a {new}."),
                   old=W.chip_name(args[0]), new=W.chip_name(args[1]))
    if v == "convert":
        if args[0] == "coins":
            return W.you_or(name, _("You buy a VP with coins."), _("{name} buys a VP with coins."))
        return W.you_or(name, _("You buy a VP with rubies."), _("{name} buys a VP with rubies."))
    if v == "spend":
        if args[0] == "flask":
            return W.you_or(name, _("You refill the flask."), _("{name} refills the flask."))
        return W.you_or(name, _("You pay for a droplet step."), _("{name} pays for a droplet step."))
    if v == "buy":
        if args == ("nothing",):
            return W.you_or(name, _("You buy nothing."), _("{name} buys nothing."))
        # Translators: joins the chips of a purchase: "blue 2 and red 1"
        chips = _(" and ").join(W.a_chip(c) for c in args)
        return W.you_or(name, _("You buy {chips}."), _("{name} buys {chips}."), chips=chips)
    if v == "choose" and args:
        x = args[0]
        if x in CHOICES:
            you, other = CHOICES[x]
            return W.you_or(name, _(you), _(other))
        if x in CHIP_BY_NAME:
            return W.you_or(name, _("You take the {chip}."), _("{name} takes the {chip}."), chip=W.chip_name(x))
        if x.isdigit():
            return W.you_or(name, _("You choose {n}."), _("{name} chooses {n}."), n=x)
    raise LookupError(f"no sentence for the action {a}")


PHRASES = {
    "vp": N_("takes the VP"), "coins": N_("takes the coins"), "pot": N_("moves the pot droplet"),
    "tube": N_("moves the test-tube droplet"), "restart": N_("starts the brew again"), "continue": N_("keeps the brew"),
    "return-white": N_("puts the white chip back"), "keep-white": N_("keeps the white chip"),
    "droplet": N_("moves the droplet"), "rubies": N_("takes the rubies"), "rat-vp": N_("takes VP for the rat tails"),
    "remove-white": N_("removes a white chip from the bag"),
}


def action_phrase(action: Action | str) -> str:
    """What a bot does, without who: "buys the blue 1 and the red 2", "passes" (its reasons)."""
    a = Action.parse(action)
    v, args = a.verb, a.args
    if v == "draw":
        return _("draws")
    if v == "stop":
        return _("stops")
    if v == "flask":
        return _("uses the flask")
    if v in ("pick", "place") and args and args[0] != "none":
        return _("places the {chip}").format(chip=W.chip_name(args[0]))
    if v == "pick":
        return _("places none of them")
    if v == "return":
        return _("puts the {chip} back into the bag").format(chip=W.chip_name(args[0]))
    if v == "done":
        return _("is done")
    if v == "pass":
        return _("passes")
    if v == "upgrade":
        return _("swaps the {old} for a {new}").format(old=W.chip_name(args[0]), new=W.chip_name(args[1]))
    if v == "convert":
        return _("buys a VP with coins") if args[0] == "coins" else _("buys a VP with rubies")
    if v == "spend":
        return _("refills the flask") if args[0] == "flask" else _("pays for a droplet step")
    if v == "buy":
        if args == ("nothing",):
            return _("buys nothing")
        # Translators: joins the chips of a purchase: "blue 2 and red 1"
        return _("buys {chips}").format(chips=_(" and ").join(W.a_chip(c) for c in args))
    if v == "choose" and args:
        x = args[0]
        if x in PHRASES:
            return _(PHRASES[x])
        if x in CHIP_BY_NAME:
            return _("takes the {chip}").format(chip=W.chip_name(x))
        if x.isdigit():
            return _("chooses {n}").format(n=x)
    raise LookupError(f"no words for the action {a}")
