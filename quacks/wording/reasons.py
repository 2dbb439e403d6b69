"""A bot's one-line reason in words: the bot gives a sentence with ``{}`` places and the things that fill
them (chips, actions, rewards, numbers); here each becomes words ("buys the blue 2", "a ruby"), never an id."""

from __future__ import annotations

from typing import Any

from ..i18n import LocalNumber, Plural, _
from ..rules.actions import Action
from ..rules.catalogue import FortuneCard
from ..rules.chips import CHIP_BY_NAME, Chip
from ..rules.params import Reward
from . import data_text
from . import text as W
from .actions import action_phrase


def word(x: Any) -> Any:
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


def reason_text(template: str | Plural, args: tuple[Any, ...]) -> str:
    """The reason in the player's language: a ``Plural`` in the form its count asks for, numbers with the
    language's decimal mark."""
    text = template.text(args) if isinstance(template, Plural) else _(template)
    return text.format(*(word(a) for a in args)) if args else text
