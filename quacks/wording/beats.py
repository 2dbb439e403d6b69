"""The evaluation's beats in words: one home per ``BeatKind`` (``TITLES``), and what each seat got in a beat.

A beat's title names the banner's step and what happens ("B · Chip actions: green"); its lines say per seat
what came of it, each gain with its cause ("+1 ruby: 2 green chips last or next to last"). A fortune card's
outcome (what each seat chose or got, one line each) is said the same way (``card_lines``). A space is named by
the coins printed on it, never an index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..i18n import _
from ..rules.actions import Action
from ..rules.events import Cause, Event
from ..rules.game import Game
from ..rules.kinds import CauseKind, EventKind
from ..rules.registry import filed_in
from ..session.beats import CARD_CAUSES, Beat, BeatKind
from . import data_text
from . import text as W
from .causes import card_reason, cause_text, die_face

Title = Callable[[Game, Beat], str]
TITLES: dict[BeatKind, Title] = {}


def titled(kind: BeatKind) -> Callable[[Title], Title]:
    return filed_in(TITLES, kind, f"a title for beat kind {kind}")


def title(g: Game, beat: Beat) -> str:
    """The beat's name, with the banner's letter of its step ("A · Bonus die: Mia")."""
    fn = TITLES.get(beat.kind)
    if fn is None:
        raise LookupError(f"no title for beat kind {beat.kind!r}")
    return fn(g, beat)


def _card(g: Game, card_id: str) -> str:
    card = g.cat.cards.get(card_id)
    return data_text.card_name(card) if card is not None else _("the fortune card")


@titled(BeatKind.FORTUNE)
def _fortune(g: Game, beat: Beat) -> str:
    return _("Fortune card: {card}").format(card=_card(g, beat.source))


@titled(BeatKind.CARD)
def _card_title(g: Game, beat: Beat) -> str:
    if beat.step:
        # Translators: a fortune card acting after the chip actions, step B of the evaluation
        return _("B · {card}").format(card=_card(g, beat.source))
    return _card(g, beat.source)


@titled(BeatKind.RATS)
def _rats(g: Game, beat: Beat) -> str:
    return _("Rat tails: the rat stones move")


@titled(BeatKind.DIE)
def _die(g: Game, beat: Beat) -> str:
    # Translators: step A of the evaluation (the letters are the board's); the line under it names who rolled
    return _("A · Bonus die")


@titled(BeatKind.CHIP_ACTION)
def _chip_action(g: Game, beat: Beat) -> str:
    # Translators: step B of the evaluation, one book's chip action ({colour}: a colour standing alone as a label,
    # capitalised: "Black", German "Schwarz", not the adjective before a noun)
    return _("B · Chip actions: {colour}").format(colour=W.colour_label(beat.source))


@titled(BeatKind.RUBIES)
def _rubies(g: Game, beat: Beat) -> str:
    # Translators: step C of the evaluation
    return _("C · Rubies")


@titled(BeatKind.EXPLOSION)
def _explosion(g: Game, beat: Beat) -> str:
    return _("C · Exploded: victory points or coins")


@titled(BeatKind.VICTORY_POINTS)
def _victory_points(g: Game, beat: Beat) -> str:
    # Translators: step D of the evaluation
    return _("D · Victory points")


# ---------------------------------------------------------------------------------------------------------
# what each seat got


#: the cause a beat's title already says: its gains need no "why" after them
OWN_CAUSE = {BeatKind.DIE: {CauseKind.BONUS_DIE, CauseKind.DIE_FACE}, BeatKind.RUBIES: {CauseKind.RUBY_SPACE},
             BeatKind.VICTORY_POINTS: {CauseKind.SCORING_SPACE_VP}, BeatKind.CARD: {CauseKind.CARD},
             BeatKind.RATS: {CauseKind.RATS_BEHIND}, BeatKind.EXPLOSION: {CauseKind.TAKES_VP, CauseKind.TAKES_COINS}}


def gain(g: Game, e: Event) -> str | None:
    """What one event gives or takes, in a few words ("+2 VP", "a green 1 into the bag"); None if it says
    nothing on its own (the die's roll, a card looking at chips)."""
    k = e.kind
    if k == EventKind.VP:
        return _("+{vp}").format(vp=W.vp(int(e.get("amount", 0))))
    if k == EventKind.RUBIES:
        n = int(e.get("amount", 0))
        return _("+{rubies}").format(rubies=W.rubies(n)) if n > 0 else _("-{rubies}").format(rubies=W.rubies(-n))
    if k == EventKind.CHIP_GAINED:
        return _("{chip} into the bag").format(chip=W.a_chip(e.get("chip")))
    if k == EventKind.CHIP_MISSED:
        return _("no {chip} left to have").format(chip=W.chip_name(str(e.get("chip"))))
    if k == EventKind.CHIP_RETURNED:
        return _("{chip} back to the supply").format(chip=W.chip_name(str(e.get("chip"))))
    if k == EventKind.DROPLET:
        return _("droplet +{n}").format(n=int(e.get("after", 0)) - int(e.get("before", 0)))
    if k == EventKind.TUBE:
        return _("test tube {glass}").format(glass=e.get("glass"))
    if k == EventKind.PUSH:
        pot = g.cat.pot
        return _("scoring space {before} -> {after}").format(
            before=pot.space(int(e.get("space_before", 0))).coins, after=pot.space(int(e.get("space_after", 0))).coins)
    if k == EventKind.EXPLOSION_CHOICE:
        return _("takes the coins") if e.get("choice") == "coins" else _("takes the victory points")
    if k == EventKind.RATS:
        return _("rat stone +{n}").format(n=int(e.get("rats", 0)))
    if k == EventKind.SUM:
        return _("chips looked at add up to {total}").format(total=e.get("total"))
    if k == EventKind.DIE and CauseKind(e.cause.kind) is not CauseKind.BONUS_DIE:
        return _("rolls {face}").format(face=die_face(g, e.get("face")))
    return None  # the bonus die's roll (its gains say it), a look at chips, a choice (its gains say it)


def seat_line(g: Game, events: Iterable[Event], own: frozenset[CauseKind] | set[CauseKind] = frozenset(),
              short: bool = False) -> str:
    """One seat's gains in a beat: grouped by cause, each group with its cause unless the beat already says it
    ("+1 ruby, a green 1 into the bag: 2 green chips last or next to last"); ``short``: the gains alone, for a
    narrow place (the causes are in the log). A card's choice that resolved by itself says why first (R47:
    "purple is not out yet: droplet +2")."""
    why, what = _seat_parts(g, events, own, short)
    if why is None or short:
        return what
    # Translators: R47, a fortune card resolved by itself: "purple is not out yet: droplet +2"
    return _("{why}: {what}").format(why=why, what=what) if what else why


def _seat_parts(g: Game, events: Iterable[Event], own: frozenset[CauseKind] | set[CauseKind],
                short: bool) -> tuple[str | None, str]:
    """(why a card's choice had one option left or its fallback came, or None; the gains as ``seat_line`` says
    them)."""
    groups: list[tuple[Cause, list[str]]] = []
    choices: list[Event] = []
    seen: list[Event] = []
    why: str | None = None
    for e in events:
        seen.append(e)
        if why is None and (e.kind == EventKind.CARD_CHOICE or CauseKind(e.cause.kind) is CauseKind.CARD_NO_TRADE):
            why = card_reason(g, e.cause)
        if e.kind == EventKind.CARD_CHOICE:
            choices.append(e)
            continue
        if short and e.kind == EventKind.SUM:
            continue  # what a card looked at: the gains say what came of it
        text = gain(g, e)
        if text is None:
            continue
        if groups and (groups[-1][0] == e.cause or (CauseKind(e.cause.kind) is CauseKind.TEST_TUBE and any(
                x.kind == EventKind.TUBE for x in seen))):
            groups[-1][1].append(text)  # a test tube's bonus goes with the step that reached it
        else:
            groups.append((e.cause, [text]))
    parts = []
    for cause, items in groups:
        what = ", ".join(items)
        kind = CauseKind(cause.kind)
        if short or kind in own or kind in (CauseKind.EXACT_WHITE_PUSH,):
            parts.append(what)
        else:
            parts.append(_("{gain}: {why}").format(gain=what, why=cause_text(g, cause)))
    if not parts and choices and why is None:
        # Translators: what a seat chose on a card's buttons; {choice} is a button's label as it was shown ("Take
        # 0 VP"), quoted so that its capital reads right in the middle of the line
        return None, _("chose “{choice}”").format(choice="; ".join(choice_text(g, e) for e in choices))
    return why, "; ".join(parts)


def choice_text(g: Game, e: Event) -> str:
    """A card choice as its button said it ("Take green 1")."""
    from .cards import card_label
    from .decisions import MissingWording

    try:
        return card_label(g, int(e.seat or 0), None, Action.parse(str(e.get("choice", "")))).text
    except (MissingWording, ValueError):
        return str(e.get("choice", ""))


def lines(g: Game, beat: Beat, short: bool = False) -> list[tuple[int, str]]:
    """Per seat of the beat, in the order they come, what it got ("" lines left out); ``short``: gains alone."""
    own = OWN_CAUSE.get(beat.kind, set())
    out = []
    for seat in beat.seats():
        text = seat_line(g, (e for e in beat.events if e.seat == seat), own, short)
        if text:
            out.append((seat, text))
    return out


def named_line(g: Game, seat: int, text: str) -> str:
    """A seat's line with its name ("Mia: +2 VP"), spoken to for a seat called You."""
    return W.you_or(g.seats[seat].name, _("You: {what}"), _("{name}: {what}"), what=text)


def summary(g: Game, beat: Beat) -> str:
    """The whole beat in one sentence for the table's bar: the lines of every seat joined."""
    got = lines(g, beat)
    if not got:
        if beat.kind is BeatKind.FORTUNE:
            card = g.cat.cards.get(beat.source)
            return data_text.card_text(card) if card is not None else ""
        return _("Nothing changes.")
    return " · ".join(named_line(g, s, t) for s, t in got)


# ---------------------------------------------------------------------------------------------------------
# the fortune card's outcome


def card_lines(g: Game, events: Iterable[Event], short: bool = False) -> list[tuple[int, str]]:
    """What each seat chose or got from this round's fortune card (one line each, in seat order), from the events
    shown so far; seats the card did nothing for are left out. ``short``: the gains alone. Where the card resolved
    by itself alike for every seat (R47), one line says it for all (seat -1): "purple is not out yet: droplet +2
    for everyone"."""
    per: dict[int, list[Event]] = {}
    for e in events:
        if e.round != g.round or e.seat is None:
            continue
        if e.kind == EventKind.CARD_CHOICE or CauseKind(e.cause.kind) in CARD_CAUSES:
            per.setdefault(e.seat, []).append(e)
    parts = {seat: _seat_parts(g, per[seat], CARD_CAUSES, short) for seat in sorted(per)}
    alike = set(parts.values())
    if g.n > 1 and len(parts) == g.n and len(alike) == 1:
        why, what = next(iter(alike))
        if why is not None:
            if not what:
                # Translators: R47, a fortune card resolved by itself alike for every player: "no rat tails this
                # round, for everyone"
                return [(-1, _("{why}, for everyone").format(why=why))]
            # Translators: R47, a fortune card's gain alike for every player: "droplet +2 for everyone"
            alike_what = _("{what} for everyone").format(what=what)
            return [(-1, alike_what if short else _("{why}: {what}").format(why=why, what=alike_what))]
    out = []
    for seat in sorted(per):
        text = seat_line(g, per[seat], CARD_CAUSES, short)
        if text:
            out.append((seat, text))
    return out


__all__ = ["TITLES", "card_lines", "gain", "lines", "named_line", "seat_line", "summary", "title"]
