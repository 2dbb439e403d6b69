"""What the table asks a seat, and what each of its buttons says: one home per decision kind.

``WORDS`` maps every ``DecisionKind`` to its wording (a prompt, a label and tooltip per action, and why a
brewing action is not possible now). A kind or an action without wording is a loud error, never a raw id
on a button; a test walks every kind and the actions of many seeded games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import _, ngettext, pgettext
from ..rules.actions import Action
from ..rules.brewing import pot_full
from ..rules.decisions import buyable
from ..rules.game import Game
from ..rules.kinds import DecisionKind
from ..rules.options import OFFERS, TakeTier
from ..rules.state import Decision
from . import text as W


class MissingWording(LookupError):
    """A kind or an action the wording does not know: a programming error, reported loudly."""


@dataclass(frozen=True)
class Label:
    """A button: its text, a longer tooltip, and the chip drawn on it (if any)."""

    text: str
    tip: str = ""
    chip: str | None = None


class DecisionWords:
    """The wording of one decision kind."""

    kind: DecisionKind

    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        raise NotImplementedError

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        raise NotImplementedError

    def unknown(self, a: Action) -> MissingWording:
        return MissingWording(f"no wording for action {a} of decision kind {self.kind}")


class OptionWords(DecisionWords):
    """An effect's decision (a book's in step B, a card's): each button is the wording of its option type."""

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        from .options import offered_label

        return offered_label(g, d, a)


WORDS: dict[DecisionKind, DecisionWords] = {}


def words(kind: DecisionKind) -> Any:
    def deco(cls: type[DecisionWords]) -> type[DecisionWords]:
        if kind in WORDS:
            raise RuntimeError(f"wording for {kind} registered twice")
        inst = cls()
        inst.kind = kind
        WORDS[kind] = inst
        return cls

    return deco


def _words(g: Game, seat: int) -> tuple[DecisionWords, Decision | None]:
    kind = g.decision_kind(seat)
    w = WORDS.get(kind) if kind is not None else None
    if w is None:
        raise MissingWording(f"no wording for decision kind {kind!r} (seat {seat} decides nothing now?)")
    return w, g.current_decision(seat)


def prompt(g: Game, seat: int) -> str:
    """The question the seat answers now."""
    w, d = _words(g, seat)
    return w.prompt(g, seat, d)


def label(g: Game, seat: int, a: Action) -> Label:
    """The button for ``a`` in the seat's current decision."""
    w, d = _words(g, seat)
    return w.label(g, seat, d, a)


def _chip_label(name: str, verb: str, tip: str = "") -> Label:
    return Label(verb.format(chip=W.chip_name(name)), tip, name)


# --- brewing -------------------------------------------------------------------------------------------------


@words(DecisionKind.BREW)
class BrewWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        return _("Draw another chip, or stop?") if g.seats[seat].pot else _("Draw your first chip")

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        if a.verb == "draw":
            return Label(_("Draw"), _("Draw a chip from your bag and place it."))
        if a.verb == "stop":
            return Label(_("Stop"), _("Stop brewing this round (S)."))
        if a.verb == "flask":
            return Label(_("Flask"), _("Put the white chip you just drew back into your bag (F). The flask is "
                                       "then empty until you refill it."))
        raise self.unknown(a)

    @staticmethod
    def why_not(g: Game, seat: int, a: Action) -> str:
        """Why a brewing action is not possible now (shown on the disabled button)."""
        s = g.seats[seat]
        ev = g.cat.events
        if a.verb == "flask":
            if not s.flask_full:
                return _("Your flask is empty: refill it for {cost} at the end of a round.").format(
                    cost=W.rubies(ev.flask_cost))
            if not s.pot or not s.pot[-1].chip.is_white or not s.last_is_drawn_white:
                return _("The flask only works right after you draw a white chip.")
            if s.exploded:
                return _("The flask cannot save a pot that has exploded.")
            return _("The flask cannot be used now.")
        if a.verb == "draw" and not s.bag:
            return _("Your bag is empty.")
        return ""


@words(DecisionKind.PICK)
class PickWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        if d is not None and d.data and d.data[0] == "strong":
            return _("Strong ingredient: place one of the chips you looked at as your next chip, or none")
        return _("Crow skull: place one of the chips you drew as your next chip, or none")

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        if a.verb != "pick":
            raise self.unknown(a)
        if a.args[0] == "none":
            return Label(_("None"), _("Put all of them back into the bag."))
        return _chip_label(a.args[0], _("Place {chip}"), _("Place this chip as your next chip; the rest go back."))


@words(DecisionKind.RETURN_WHITE)
class ReturnWhiteWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        if d is not None and d.data and d.data[0] == "yellow":
            return _("Mandrake: put the white chip back into your bag?")
        return _("Well stirred: put the white chip back into your bag?")

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        x = a.args[0] if a.verb == "choose" and a.args else ""
        if x == "return-white":
            return Label(_("Put it back"), _("The white chip goes back into the bag; its space stays empty."))
        if x == "keep-white":
            return Label(_("Keep it"), _("The white chip stays in the pot."))
        raise self.unknown(a)


@words(DecisionKind.SECOND_CHANCE)
class SecondChanceWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        return _("Second chance: start this round's brew all over again? (only once)")

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        x = a.args[0] if a.verb == "choose" and a.args else ""
        if x == "restart":
            return Label(_("Start again"), _("Every chip placed this round goes back into the bag."))
        if x == "continue":
            # Translators: go on brewing this round's pot (not the title screen's "Continue"; German "Weiterbrauen")
            return Label(pgettext("second chance", "Continue"), _("Keep this brew."))
        raise self.unknown(a)


@words(DecisionKind.ASIDE)
class AsideWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        if pot_full(g, seat):  # R38: nothing more is placed in a full pot
            return _("Your pot is full: put the red chips beside it back in the bag, or keep them for later")
        return _("Red chips beside your pot: place each, put it back in the bag, or keep it for later")

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        if a.verb == "place":
            return _chip_label(a.args[0], _("Place {chip}"), _("Place it after your last chip."))
        if a.verb == "return":
            return _chip_label(a.args[0], _("Back to bag: {chip}"), _("Put it back into your bag."))
        if a.verb == "done":
            return Label(_("Keep the rest"), _("Keep the remaining chips beside the pot for a later round."))
        raise self.unknown(a)


@words(DecisionKind.DROPLET)
class DropletWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        return _("Test tubes: move the droplet in your pot or the one on your test tubes?")

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        s = g.seats[seat]
        x = a.args[0] if a.verb == "choose" and a.args else ""
        if x == "pot":
            return Label(_("Pot droplet"), _("Move the droplet in your pot to {space}.").format(
                space=W.space_name(g.cat.pot, min(s.droplet + 1, g.cat.pot.last))))
        if x == "tube":
            glass = g.cat.tubes[min(s.tube, len(g.cat.tubes) - 1)]
            return Label(_("Test tube: {bonus}").format(bonus=W.reward(glass)),
                         _("Move the test-tube droplet one glass and take its bonus."))
        raise self.unknown(a)


def coins_buy(g: Game, coins: int) -> str:
    """What so many coins buy at best, in words ("e.g. a blue 2 and a green 2 (18 coins)")."""
    ev = g.cat.events
    if g.round >= ev.rounds:
        return _("in the last round, {vp}").format(vp=W.vp(coins // ev.vp_coin_price))
    items = buyable(g, coins)
    best: tuple[int, list[str]] = (0, [])
    for i, (a, pa) in enumerate(items):
        if pa > best[0]:
            best = (pa, [W.chip_name(a)])
        for b, pb in items[i + 1:]:
            if a.colour is not b.colour and pa + pb <= coins and pa + pb > best[0]:
                best = (pa + pb, [W.chip_name(a), W.chip_name(b)])
    if not best[1]:
        return _("nothing in the books")
    if len(best[1]) == 1:
        return _("e.g. a {chip} ({coins})").format(chip=best[1][0], coins=W.coins(best[0]))
    return _("e.g. a {a} and a {b} ({coins})").format(a=best[1][0], b=best[1][1], coins=W.coins(best[0]))


@words(DecisionKind.EXPLOSION)
class ExplosionWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        sp = g.cat.pot.space(g.scoring_space(seat) or 0)
        return _("Your pot exploded: take {vp} or {coins} to shop").format(vp=W.vp(sp.vp), coins=W.coins(sp.coins))

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        sp = g.cat.pot.space(g.scoring_space(seat) or 0)
        x = a.args[0] if a.verb == "choose" and a.args else ""
        if x == "vp":
            return Label(_("Take {vp}").format(vp=W.vp(sp.vp)),
                         _("Score {vp} now; no shopping this round ({coins} would have bought: {buys}).").format(
                             vp=W.vp(sp.vp), coins=W.coins(sp.coins), buys=coins_buy(g, sp.coins)))
        if x == "coins":
            return Label(_("Take {coins}").format(coins=W.coins(sp.coins)),
                         _("Shop with the coins; no victory points this round. {buys}").format(
                             buys=coins_buy(g, sp.coins)))
        raise self.unknown(a)


@words(DecisionKind.SHOP)
class ShopWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        return _("Shopping: buy up to two chips of different colours with {coins}").format(
            coins=W.coins(g.seats[seat].coins or 0))

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        if a.verb != "buy":
            raise self.unknown(a)
        if a.args == ("nothing",):
            return Label(_("Buy nothing"), _("Unspent coins are lost."))
        if len(a.args) == 1:
            return Label(_("Buy {chip}").format(chip=W.chip_name(a.args[0])), "", a.args[0])
        return Label(_("Buy {a} + {b}").format(a=W.chip_name(a.args[0]), b=W.chip_name(a.args[1])), "", a.args[0])


@words(DecisionKind.CONVERT)
class ConvertWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        s = g.seats[seat]
        return _("Last round: buy victory points with coins ({coins} left) or rubies ({rubies})").format(
            coins=s.coins or 0, rubies=s.rubies)

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        ev = g.cat.events
        if a.verb == "done":
            return Label(_("Done"), _("Finish buying victory points."))
        if a.verb == "convert" and a.args[0] == "coins":
            return Label(_("{coins} = 1 VP").format(coins=W.coins(ev.vp_coin_price)),
                         _("Buy a victory point with {coins}.").format(coins=W.coins(ev.vp_coin_price)))
        if a.verb == "convert" and a.args[0] == "rubies":
            return Label(_("{rubies} = 1 VP").format(rubies=W.rubies(ev.vp_ruby_price)),
                         _("Buy a victory point with {rubies}.").format(rubies=W.rubies(ev.vp_ruby_price)))
        raise self.unknown(a)


@words(DecisionKind.SPEND)
class SpendWords(DecisionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        return _("End of the round: spend rubies ({n}) on a droplet step or a full flask").format(
            n=g.seats[seat].rubies)

    def label(self, g: Game, seat: int, d: Decision | None, a: Action) -> Label:
        ev = g.cat.events
        if a.verb == "done":
            return Label(_("Done"), _("Keep the remaining rubies."))
        if a.verb == "spend" and a.args[0] == "droplet":
            return Label(_("Droplet +1 ({cost})").format(cost=W.rubies(ev.droplet_cost)),
                         _("Your first chip will start one space further from now on."))
        if a.verb == "spend" and a.args[0] == "flask":
            return Label(_("Refill flask ({cost})").format(cost=W.rubies(ev.flask_cost)),
                         _("The flask can be used again next round."))
        raise self.unknown(a)


# --- the books' decisions in evaluation step B -----------------------------------------------------------------


@words(DecisionKind.GREEN_CHIP)
class GreenChipWords(OptionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        chip = W.chip_name(d.data[0]) if d is not None and d.data else _("green chip")
        return _("Garden spider: take a chip for your {chip}").format(chip=chip)


@words(DecisionKind.GREEN_RUBY)
class GreenRubyWords(OptionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        return _("Garden spider: pay rubies for droplet steps (one per green chip last or next to last)")


@words(DecisionKind.PURPLE_TIER)
class PurpleTierWords(OptionWords):
    """Purple set 1 (R12): the purple chips in the pot earn one tier; a lower one (or none) may be taken. Each
    button says what its tier gives and for how many purple chips, so the choice reads as one."""

    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        n = int(d.data[0]) if d is not None and d.data else 1
        top = OFFERS[DecisionKind.PURPLE_TIER](g, d)[-1] if d is not None else None
        best = W.reward(top.reward) if isinstance(top, TakeTier) and top.chips else _("nothing")
        return ngettext("Ghost's breath: your {n} purple chip earns {reward}. Take it?",
                        "Ghost's breath: your {n} purple chips earn {reward}. Take it, or a lower tier?",
                        n).format(n=n, reward=best)


@words(DecisionKind.PURPLE_TRADE)
class PurpleTradeWords(OptionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        return _("Ghost's breath: trade in how many purple chips?")


@words(DecisionKind.PURPLE_UPGRADE)
class PurpleUpgradeWords(OptionWords):
    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        return _("Ghost's breath: swap one chip from your pot for a higher one")


@words(DecisionKind.CARD)
class CardWords(OptionWords):
    """Fortune-card choices: the card's question (``wording/cards.py``); its buttons are its options' wording."""

    def prompt(self, g: Game, seat: int, d: Decision | None) -> str:
        from .cards import card_prompt

        return card_prompt(g, seat, d)
