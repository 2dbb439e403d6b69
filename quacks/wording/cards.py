"""The wording of fortune-card choices: one home per card kind (``CARD_WORDS``).

Cards whose effect asks a seat something register a label for each of its actions; cards that ask nothing
are listed in ``NO_CHOICE`` so that a test can check every ``CardKind`` has a home.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import _
from ..rules.actions import Action
from ..rules.chips import CHIP_BY_NAME
from ..rules.game import Game
from ..rules.kinds import CardKind
from ..rules.state import Decision
from . import data_text
from . import text as W
from .decisions import Label, MissingWording

CardLabel = Callable[[Game, int, Decision | None, Action], Label]
CARD_WORDS: dict[CardKind, CardLabel] = {}

NO_CHOICE = frozenset({
    CardKind.DROPLET_FOR_ALL, CardKind.FEWEST_GAIN, CardKind.LOWEST_SUM, CardKind.EVERYONE_ROLLS,
    CardKind.RAT_FACTOR, CardKind.WHITE_LIMIT, CardKind.EXACT_WHITE_REWARD, CardKind.RUBY_SPACE_BONUS,
    CardKind.EXTRA_DIE_ROLLS, CardKind.MOVE_BONUS, CardKind.REFILL_FLASKS,
    # these ask through decisions of their own kind (pick, return-white, second-chance), worded there
    CardKind.RETURN_FIRST_WHITE, CardKind.RESTART_BREW, CardKind.LOOK_AND_PLACE,
})


def card_words(kind: CardKind) -> Callable[[CardLabel], CardLabel]:
    def deco(fn: CardLabel) -> CardLabel:
        CARD_WORDS[kind] = fn
        return fn

    return deco


def _unknown(g: Game, a: Action) -> MissingWording:
    kind = g.fortune.effect.kind if g.fortune is not None else "?"
    return MissingWording(f"no wording for action {a} of card kind {kind}")


def _take(name: str) -> Label:
    return Label(_("Take {chip}").format(chip=W.chip_name(name)), _("The chip goes into your bag."), name)


def card_prompt(g: Game, seat: int, d: Decision | None) -> str:
    card = g.fortune
    if card is None:
        return _("Fortune card")
    if d is not None and d.data and d.data[0] == "gift":
        giver = g.seats[int(d.data[1])].name
        value = getattr(card.effect, "value", 2)
        return _("{card}: {name} exploded, so you may take any one {value}-chip").format(
            card=data_text.card_name(card), name=giver, value=value)
    return _("{card}: {text}").format(card=data_text.card_name(card), text=data_text.card_text(card))


def card_label(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    card = g.fortune
    if card is None:
        raise MissingWording(f"a card choice {a} with no card on the table")
    fn = CARD_WORDS.get(card.effect.kind)
    if fn is None:
        raise MissingWording(f"no wording for the choices of card kind {card.effect.kind}")
    return fn(g, seat, d, a)


@card_words(CardKind.DROPLET_OR_CHIP)
def _droplet_or_chip(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    x = a.args[0] if a.args else ""
    if x == "droplet":
        n = getattr(g.fortune.effect, "droplet", 1) if g.fortune else 1  # type: ignore[union-attr]
        return Label(_("Droplet +{n}").format(n=n), _("Your droplet moves forward for good."))
    if x in CHIP_BY_NAME:
        return _take(x)
    raise _unknown(g, a)


@card_words(CardKind.CHIP_OR_RUBIES)
def _chip_or_rubies(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    x = a.args[0] if a.args else ""
    if x == "rubies":
        n = getattr(g.fortune.effect, "rubies", 0) if g.fortune else 0  # type: ignore[union-attr]
        return Label(_("Take {rubies}").format(rubies=W.rubies(n)), "")
    if x in CHIP_BY_NAME:
        return _take(x)
    raise _unknown(g, a)


@card_words(CardKind.RUBY_FOR_CHIP)
def _ruby_for_chip(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    cost = getattr(g.fortune.effect, "cost", 1) if g.fortune else 1  # type: ignore[union-attr]
    if a.verb == "pass":
        return Label(_("No, thanks"), _("Keep your rubies."))
    x = a.args[0] if a.args else ""
    if x in CHIP_BY_NAME:
        return Label(_("Buy {chip}").format(chip=W.chip_name(x)),
                     _("Pay {cost} for it; it goes into your bag.").format(cost=W.rubies(cost)), x)
    raise _unknown(g, a)


@card_words(CardKind.RATS_FOR_RUBIES)
def _rats_for_rubies(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    x = a.args[0] if a.args else ""
    if not x.isdigit():
        raise _unknown(g, a)
    k = int(x)
    per = getattr(g.fortune.effect, "rubies", 1) if g.fortune else 1  # type: ignore[union-attr]
    if k == 0:
        return Label(_("Keep the rat tails"), _("Your rat stone moves as usual."))
    return Label(_("Give up {tails}: +{rubies}").format(tails=W.rat_tails(k), rubies=W.rubies(k * per)),
                 _("Your rat stone moves {n} fewer this round.").format(n=W.spaces(k)))


@card_words(CardKind.LOOK_AND_UPGRADE)
def _look_and_upgrade(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    if a.verb == "pass":
        return Label(_("No swap"), _("The chips go back as they are."))
    if a.verb == "upgrade":
        return Label(_("{old} to {new}").format(old=W.chip_name(a.args[0]), new=W.chip_name(a.args[1])),
                     _("Swap this chip for the next higher one of its colour."), a.args[1])
    raise _unknown(g, a)


@card_words(CardKind.VP_OR_REMOVE)
def _vp_or_remove(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    x = a.args[0] if a.args else ""
    eff = g.fortune.effect if g.fortune else None
    if x == "vp":
        return Label(_("Take {vp}").format(vp=W.vp(getattr(eff, "vp", 0))), "")
    if x == "remove-white":
        chip = getattr(eff, "chip", None)
        name = W.chip_name(chip) if chip is not None else _("white 1")
        return Label(_("Remove a {chip}").format(chip=name),
                     _("Take a {chip} out of your bag for good.").format(chip=name))
    raise _unknown(g, a)


@card_words(CardKind.CHIP_OR_RAT_VP)
def _chip_or_rat_vp(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    x = a.args[0] if a.args else ""
    if x == "rat-vp":
        rats = g.fixed_rats[seat] if g.fixed_rats is not None else 0
        per = getattr(g.fortune.effect, "vp_per_rat", 1) if g.fortune else 1  # type: ignore[union-attr]
        return Label(_("Take {vp}").format(vp=W.vp(rats * per)),
                     _("One victory point per rat tail you get this round."))
    if x in CHIP_BY_NAME:
        return _take(x)
    raise _unknown(g, a)


@card_words(CardKind.EXPLOSION_GIFT)
def _explosion_gift(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    x = a.args[0] if a.args else ""
    if x in CHIP_BY_NAME:
        return _take(x)
    raise _unknown(g, a)
