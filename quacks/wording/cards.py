"""The question a fortune card asks; its buttons, and the choices shown afterwards, are the wording of the
options (``wording/options.py``)."""

from __future__ import annotations

from ..i18n import _
from ..rules.actions import Action, IllegalAction
from ..rules.fortunes import ExplosionGift
from ..rules.game import Game
from ..rules.state import Decision
from . import data_text
from .decisions import Label, MissingWording
from .options import offered_label, option_label


def card_prompt(g: Game, seat: int, d: Decision | None) -> str:
    card = g.fortune
    if card is None:
        return _("Fortune card")
    if d is not None and d.data and d.data[0] == "gift" and isinstance(card.effect, ExplosionGift):
        giver = g.seats[int(d.data[1])].name
        return _("{card}: {name} exploded, so you may take any one {value}-chip").format(
            card=data_text.card_name(card), name=giver, value=card.effect.value)
    return _("{card}: {text}").format(card=data_text.card_name(card), text=data_text.card_text(card))


def card_label(g: Game, seat: int, d: Decision | None, a: Action) -> Label:
    """The button of a card's choice ``a``: for the decision ``d`` now, or (``d`` None) a choice made before."""
    if d is not None:
        return offered_label(g, d, a)
    if g.fortune is None:
        raise MissingWording(f"a card choice {a} with no card on the table")
    try:
        return option_label(g.fortune.effect.option_for(g, seat, a))
    except IllegalAction as e:
        raise MissingWording(f"no wording for action {a} of card kind {g.fortune.effect.kind}: {e}") from e
