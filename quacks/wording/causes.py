"""Why something happened, in words: one home per ``CauseKind`` (``WORDS``).

The engine gives every event a ``Cause``: a kind and plain arguments (chip names, card ids, colours, seat
positions, numbers). Here each kind declares the arguments it takes, by name, and its words: a whole phrase
with named placeholders through ``_`` (or ``ngettext`` where a count decides the form). An argument becomes
words by its name: ``chip`` a chip's name ("white 1"), ``card`` the card's name, ``colour`` the colour's
name, ``seat`` the seat's name, ``face`` what a bonus-die face gives, ``phase`` the phase's name, ``space`` a
pot space by the number printed on it ("15 (second)", never the engine's index); every other argument is a
number. A test walks every kind and fails if one lacks words.

The phrases are the middle of a log line ("Mia +2 VP (scoring space 12): 10 -> 12."), so they begin in
lower case; ``cause_head`` gives one that opens a sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, NP_, Plural, _, ngettext
from ..rules.events import Cause
from ..rules.game import Game
from ..rules.kinds import CauseKind
from . import data_text
from . import text as W
from .results import phase_name

Render = Callable[[Game, dict[str, Any]], str]


@dataclass(frozen=True)
class CauseWords:
    """The words of one cause kind: the names of its arguments, in order, and how they read."""

    params: tuple[str, ...]
    render: Render


WORDS: dict[CauseKind, CauseWords] = {}


def die_face(g: Game, face: str | None) -> str:
    """A bonus-die face in words, from its reward in the data (data/bonus_die.yaml)."""
    try:
        return W.reward(g.cat.die.face(str(face)).reward)
    except KeyError:
        return _("a bonus")


def card_name(g: Game, card_id: object) -> str:
    card = g.cat.cards.get(str(card_id))
    return data_text.card_name(card) if card is not None else _("the fortune card")


def seat_name(g: Game, seat: int | str) -> str:
    k = int(seat)
    return g.seats[k].name if 0 <= k < g.n else _("a player")


_ARG_WORDS: dict[str, Callable[[Game, Any], str]] = {
    "chip": lambda g, x: W.chip_name(str(x)),
    "card": card_name,
    "colour": lambda g, x: W.colour_name(x),
    "seat": seat_name,
    "face": die_face,
    "phase": lambda g, x: phase_name(str(x)),
    "space": lambda g, x: W.space_label(g.cat.pot, int(x)),
}


def _values(g: Game, params: tuple[str, ...], args: tuple[Any, ...]) -> dict[str, Any]:
    if len(args) != len(params):
        raise ValueError(f"a cause with ({', '.join(params)}) got {len(args)} argument(s): {args!r}")
    out: dict[str, Any] = {}
    for name, x in zip(params, args):
        fn = _ARG_WORDS.get(name)
        out[name] = fn(g, x) if fn is not None else x
    return out


def words(kind: CauseKind, *params: str) -> Callable[[Render], Render]:
    """Register the words of ``kind``: a function of the game and the arguments (already words) by name."""
    def deco(fn: Render) -> Render:
        if kind in WORDS:
            raise RuntimeError(f"words for cause {kind} registered twice")
        WORDS[kind] = CauseWords(params, fn)
        return fn

    return deco


def phrase(kind: CauseKind, message: str, *params: str) -> None:
    """Register a kind whose words are one phrase (``message``, marked with ``N_``) with its placeholders."""
    def render(g: Game, v: dict[str, Any]) -> str:
        return _(message).format(**v)

    words(kind, *params)(render)


def counted(kind: CauseKind, message: Plural, *params: str, n: str) -> None:
    """Register a kind whose words are one phrase with a count (``message``, marked with ``NP_``): the form the
    argument named ``n`` asks for, its number shown as ``{n}``."""
    def render(g: Game, v: dict[str, Any]) -> str:
        count = int(v[n])
        return ngettext(message.singular, message.plural, count).format(**{**v, "n": count})

    words(kind, *params)(render)


def cause_text(g: Game, cause: Cause) -> str:
    """The cause of an event in words (a phrase in lower case, for the middle of a sentence)."""
    w = WORDS.get(cause.kind)
    if w is None:
        raise LookupError(f"no words for the cause {cause.kind!r}")
    return w.render(g, _values(g, w.params, tuple(cause.args)))


def cause_head(g: Game, cause: Cause) -> str:
    """The cause in words to open a sentence: its first letter upper case (the rest as it is)."""
    t = cause_text(g, cause)
    return t[:1].upper() + t[1:]


K = CauseKind

# --- the round ----------------------------------------------------------------------------------------------------

phrase(K.ROUND_BEGINS, N_("round {round} begins"), "round")
phrase(K.PHASE_BEGINS, N_("{phase} begins"), "phase")
phrase(K.BOOK_OUT, N_("the {colour} book comes out"), "colour")
phrase(K.ROUND_CHIP, N_("round {round}: one more {chip}"), "round", "chip")
phrase(K.ROUND_CHIP_NONE_LEFT, N_("round {round}: no {chip} left in the supply"), "round", "chip")
phrase(K.FORTUNE_REVEALED, N_("fortune card: {card}"), "card")
counted(K.RATS_BEHIND, NP_("{n} rat tail behind the leader", "{n} rat tails behind the leader"), "tails", n="tails")
phrase(K.GAME_OVER, N_("the game is over"))

# --- brewing ------------------------------------------------------------------------------------------------------

phrase(K.DRAWN, N_("drawn from the bag"))
phrase(K.FROM_BAG, N_("drawn from the bag"))
phrase(K.PICKED, N_("picked from the chips looked at"))
phrase(K.PLACED_BY_CARD, N_("placed through {card}"), "card")
phrase(K.FROM_BESIDE_POT, N_("placed from beside the pot"))
phrase(K.CHIP_PLACED, N_("{chip} placed"), "chip")
phrase(K.WHITE_OVER_LIMIT, N_("white total {total} is over {limit}"), "total", "limit")
phrase(K.STOPPED, N_("by choice"))
phrase(K.EXPLODED, N_("the pot exploded"))
phrase(K.POT_FULL, N_("the pot is full"))
phrase(K.BAG_EMPTY, N_("the bag is empty"))
phrase(K.GOES_ASIDE, N_("{chip} goes beside the pot"), "chip")
phrase(K.FLASK, N_("flask"))
phrase(K.YELLOW_RETURN, N_("yellow returned the white chip before it"))
phrase(K.KEEPS_WHITE, N_("keeps the white chip"))
phrase(K.CROW_SKULL_LOOK, N_("crow skull"))
phrase(K.BREW_CONTINUED, N_("continues the brew"))
phrase(K.BREW_RESTARTED, N_("begins the brew again"))
phrase(K.ASIDE_KEPT, N_("keeps the rest beside the pot"))
phrase(K.ASIDE_BACK_TO_BAG, N_("{chip} goes back into the bag"), "chip")

# --- evaluation ---------------------------------------------------------------------------------------------------

phrase(K.SCORING_SPACE, N_("scoring space"))
phrase(K.SCORING_SPACE_VP, N_("scoring space {space}"), "space")
phrase(K.RUBY_SPACE, N_("scoring space with a ruby"))
phrase(K.BONUS_DIE, N_("bonus die"))
phrase(K.DIE_FACE, N_("bonus die: {face}"), "face")
phrase(K.CARD_DIE_FACE, N_("{card}: {face}"), "card", "face")
phrase(K.TAKES_VP, N_("takes the victory points"))
phrase(K.TAKES_COINS, N_("takes the coins"))

# --- chip actions -------------------------------------------------------------------------------------------------

phrase(K.MORE_THAN_OPPONENT, N_("more {colour} chips than the opponent"), "colour")
phrase(K.AS_MANY_AS_OPPONENT, N_("as many {colour} chips as the opponent"), "colour")
phrase(K.MORE_THAN_BOTH, N_("more {colour} chips than both neighbours"), "colour")
phrase(K.MORE_THAN_ONE, N_("more {colour} chips than a neighbour"), "colour")
phrase(K.CHIP_ON_RUBY_SPACE, N_("{chip} on a ruby space"), "chip")
counted(K.LAST_TWO, NP_("{n} {colour} chip last or next to last",
                        "{n} {colour} chips last or next to last"), "count", "colour", n="count")
phrase(K.FOR_CHIP_LAST_TWO, N_("for the {chip} last or next to last"), "chip")
phrase(K.LAST_TWO_PAID, N_("{colour} chips last or next to last"), "colour")
counted(K.EXACT_WHITE_PUSH, NP_("whites total exactly {total}: the last chip moves {n} space",
                                "whites total exactly {total}: the last chip moves {n} spaces"),
        "total", "spaces", n="spaces")
counted(K.TIER, NP_("tier {n}: {n} {colour} chip", "tier {n}: {n} {colour} chips"), "count", "colour", n="count")
phrase(K.TRADED_IN, N_("traded in for the {colour} book"), "colour")
counted(K.TRADE_TIER, NP_("traded in {n} {colour} chip", "traded in {n} {colour} chips"), "count", "colour", n="count")
phrase(K.BAND_VP, N_("{colour} chips by their spaces"), "colour")
phrase(K.UPGRADED, N_("upgraded"))
phrase(K.UPGRADED_FROM, N_("upgraded from the {chip}"), "chip")

# --- test tubes, shopping and rubies ------------------------------------------------------------------------------

phrase(K.TEST_TUBE, N_("test tube {glass}"), "glass")
phrase(K.DROPLET_STEP, N_("a droplet step"))
phrase(K.SHOPPING, N_("shopping"))
counted(K.COINS_FOR_VP, NP_("{n} coin for 1 VP", "{n} coins for 1 VP"), "coins", n="coins")
counted(K.BOUGHT_WITH_COINS, NP_("bought with {n} coin", "bought with {n} coins"), "coins", n="coins")
counted(K.BOUGHT_WITH_RUBIES, NP_("bought with {n} ruby", "bought with {n} rubies"), "rubies", n="rubies")
phrase(K.VP_BOUGHT, N_("for 1 VP"))
phrase(K.DROPLET_BOUGHT, N_("for a droplet step"))
counted(K.PAID_RUBIES, NP_("paid {n} ruby", "paid {n} rubies"), "rubies", n="rubies")
phrase(K.FLASK_REFILL, N_("for a flask refill"))

# --- fortune cards ------------------------------------------------------------------------------------------------


@words(K.CARD, "card")
def _card(g: Game, v: dict[str, Any]) -> str:
    return str(v["card"])


phrase(K.CARD_FEWEST_RUBIES, N_("{card}: the fewest rubies"), "card")
phrase(K.CARD_FEWEST_VP, N_("{card}: the fewest victory points"), "card")
phrase(K.CARD_SUM, N_("{card}: sum {total}"), "card", "total")
counted(K.CARD_PASSED_RATS, NP_("{card}: passed up {n} rat tail",
                                "{card}: passed up {n} rat tails"), "card", "tails", n="tails")
phrase(K.CARD_TRADED_UP, N_("{card}: traded up"), "card")
phrase(K.CARD_TRADED_UP_FROM, N_("{card}: traded up from the {chip}"), "card", "chip")
phrase(K.CARD_NO_TRADE, N_("{card}: no trade possible"), "card")
phrase(K.CARD_REMOVED, N_("{card}: removed from the bag"), "card")
counted(K.CARD_RAT_TAILS, NP_("{card}: {n} rat tail", "{card}: {n} rat tails"), "card", "tails", n="tails")
phrase(K.CARD_EXACT_WHITE, N_("{card}: whites total exactly {total}"), "card", "total")
phrase(K.CARD_RUBY_SPACE, N_("{card}: scoring space with a ruby"), "card")


@words(K.CARD_GIFT, "card", "seat")
def _card_gift(g: Game, v: dict[str, Any]) -> str:
    return W.you_or(v["seat"], _("{card}: your pot exploded"), _("{card}: {name}'s pot exploded"), card=v["card"])


phrase(K.CARD_FLASK_REFILLED, N_("{card}: flask refilled"), "card")

# --- R47: a card's choice with one option left (resolved by itself), and why -------------------------------------

#: why the other options of a card are gone, without the card's name (the card's outcome lines on the card say it)
REASONS: dict[CauseKind, CauseWords] = {}


def reason(kind: CauseKind, message: str, *params: str) -> None:
    """Register a kind whose words are a reason a card's choice was left with one option (R47): on the card
    ``message`` alone ("purple is not out yet"), in the log after the card's name ("Choose wisely: ...")."""
    def render(g: Game, v: dict[str, Any]) -> str:
        return _(message).format(**v)

    REASONS[kind] = CauseWords(("card", *params), render)

    def logged(g: Game, v: dict[str, Any]) -> str:
        # Translators: why a fortune card resolved by itself, in the log: "Choose wisely: purple is not out yet"
        return _("{card}: {reason}").format(card=v["card"], reason=render(g, v))

    words(kind, "card", *params)(logged)


def card_reason(g: Game, cause: Cause) -> str | None:
    """Why a card's choice had one option left (R47) or its fallback came (no trade possible), in words without the
    card's name; None for any other cause."""
    w = REASONS.get(cause.kind)
    return None if w is None else w.render(g, _values(g, w.params, tuple(cause.args)))


# Translators: R47, why a fortune card's chip could not be chosen: "the purple book is not out yet" (not on the
# table)
reason(K.CARD_ONLY_NOT_OUT, N_("the {colour} book is not out yet"), "colour")
reason(K.CARD_ONLY_NONE_LEFT, N_("no {chip} left in the supply"), "chip")
reason(K.CARD_ONLY_NO_VALUE_CHIP, N_("no {value}-chip to be had"), "value")
reason(K.CARD_ONLY_ONE_CHIP, N_("the {chip} is the only one to be had"), "chip")
reason(K.CARD_ONLY_NO_RUBY, N_("no ruby to pay with"), "cost")
reason(K.CARD_ONLY_NO_RATS, N_("no rat tails this round"))
reason(K.CARD_ONLY_NOT_IN_BAG, N_("no {chip} in the bag"), "chip")
REASONS[K.CARD_NO_TRADE] = CauseWords(("card",), lambda g, v: _("no trade possible"))

__all__ = ["REASONS", "WORDS", "CauseWords", "card_reason", "cause_head", "cause_text", "die_face"]
