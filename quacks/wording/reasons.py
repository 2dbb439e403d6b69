"""A bot's one-line reason in words: the bot gives a sentence with ``{}`` places and the things that fill
them (chips, actions, rewards, numbers) as an ``ai.base.Reason``; here each becomes words ("buys the blue 2",
"a ruby"), never an id."""

from __future__ import annotations

from ..ai.base import Reason
from ..i18n import LocalNumber, Plural, _
from ..rules.actions import Action
from ..rules.catalogue import FortuneCard
from ..rules.chips import CHIP_BY_NAME, Chip
from ..rules.params import Reward
from . import data_text
from . import text as W
from .actions import action_phrase


def word(x: object) -> object:
    """A chip, a chip's name, an action, a reward or a fortune card in words; a text the bot marked with
    ``N_`` in the player's language; numbers stay as they are."""
    if isinstance(x, Chip):
        return W.chip_name(x)
    if isinstance(x, Action):
        return action_phrase(x)
    if isinstance(x, Reward):
        return W.reward(x)
    if isinstance(x, FortuneCard):
        return data_text.card_name(x)
    if isinstance(x, str) and x in CHIP_BY_NAME:
        return W.chip_name(x)
    if isinstance(x, str) and x:
        return _(x)
    if isinstance(x, float):
        return LocalNumber(x)
    return x


def reason_text(reason: Reason | None) -> str:
    """A bot's reason (``ai.base.Reason``) in the player's language: a ``Plural`` in the form its count asks
    for, numbers with the language's decimal mark; "" for a bot that has not chosen yet."""
    if reason is None:
        return ""
    template, args = reason
    text = template.text(args) if isinstance(template, Plural) else _(template)
    return text.format(*(word(a) for a in args)) if args else text
