"""The log: every engine event as a sentence with its cause, one home per event kind (``NARRATION``).

The causes are the engine's structured ``Cause`` values, put into words by ``causes.cause_text``.

"Mia places a white 2 on space 7, 2 spaces on: white total 5 -> 7 of 7"; "Mandrake: Mia's white 2 goes back
into the bag". A seat called You is spoken to ("You draw", "Your rat stone"). A pot space is named by the
number printed on it ("space 15 (second)"), what it gives by its coins, VP and ruby ("15 coins, 3 VP, a
ruby"), never by the engine's index (``text.space_name``, ``text.space_gives``; docs/localisation.md).
Kinds that never make a line of their own are listed in ``SILENT``; a test checks that every ``EventKind``
is in one or the other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..i18n import _
from ..rules.events import Event
from ..rules.game import Game
from ..rules.kinds import EventKind
from ..rules.registry import filed_in
from . import data_text
from . import text as W
from .causes import cause_head, cause_text, die_face

Narrate = Callable[[Game, Event, str], str | None]
NARRATION: dict[EventKind, Narrate] = {}
SILENT = frozenset({EventKind.PHASE})  # the round and its steps already say it


@dataclass(frozen=True)
class LogLine:
    round: int
    seat: int | None
    text: str
    kind: str


def narrates(kind: EventKind) -> Callable[[Narrate], Narrate]:
    return filed_in(NARRATION, kind, f"narration for {kind}")


def narrate(g: Game, e: Event) -> str | None:
    """One sentence for an event, or None for events without a line of their own."""
    try:
        kind = EventKind(e.kind)
    except ValueError:
        raise LookupError(f"no narration for event kind {e.kind!r}") from None
    if kind in SILENT:
        return None
    fn = NARRATION.get(kind)
    if fn is None:
        raise LookupError(f"no narration for event kind {kind}")
    who = g.seats[e.seat].name if e.seat is not None and 0 <= e.seat < g.n else ""
    return fn(g, e, who)


def log_lines(g: Game, events: Iterable[Event]) -> list[LogLine]:
    out: list[LogLine] = []
    for e in events:
        if (e.kind == EventKind.WHITE_TOTAL and out and out[-1].kind == EventKind.PLACE and out[-1].seat == e.seat
                and e.get("after", 0) > e.get("before", 0)):
            # a white chip's line says what it did to the white total
            prev = out.pop()
            text = _("{line}: white total {before} -> {after} of {limit}.").format(
                line=prev.text.rstrip("."), before=e.get("before"), after=e.get("after"), limit=e.get("limit"))
            out.append(LogLine(prev.round, prev.seat, text, prev.kind))
            continue
        t = narrate(g, e)
        if t:
            out.append(LogLine(e.round, e.seat, t, str(e.kind)))
    return out


# --- the round -------------------------------------------------------------------------------------------------


@narrates(EventKind.ROUND)
def _round(g: Game, e: Event, who: str) -> str:
    k = int(e.get("start_seat", 0))
    start = g.seats[k].name if 0 <= k < g.n else ""
    return W.you_or(start, _("Round {round} begins; you start."), _("Round {round} begins; {name} starts."),
                    round=e.get("round"))


@narrates(EventKind.BOOK)
def _book(g: Game, e: Event, who: str) -> str:
    return _("The {colour} book comes out.").format(colour=W.colour_name(e.get("colour")))


@narrates(EventKind.FORTUNE)
def _fortune(g: Game, e: Event, who: str) -> str | None:
    card = g.cat.cards.get(e.get("card"))
    return _("Fortune card: {card}.").format(card=data_text.card_name(card)) if card is not None else None


@narrates(EventKind.RATS)
def _rats(g: Game, e: Event, who: str) -> str:
    tails = W.rat_tails(int(e.get("rats", 0)))
    if e.get("passed"):
        return W.you_or(who, _("Your rat stone: {tails} behind the leader ({passed} given up)."),
                        _("{name}'s rat stone: {tails} behind the leader ({passed} given up)."),
                        tails=tails, passed=e.get("passed"))
    return W.you_or(who, _("Your rat stone: {tails} behind the leader."),
                    _("{name}'s rat stone: {tails} behind the leader."), tails=tails)


@narrates(EventKind.GAME_OVER)
def _game_over(g: Game, e: Event, who: str) -> str:
    return _("The game is over.")


# --- brewing ---------------------------------------------------------------------------------------------------


@narrates(EventKind.DRAW)
def _draw(g: Game, e: Event, who: str) -> None:
    return None  # the placing (or setting aside) that follows says which chip it was


@narrates(EventKind.PLACE)
def _place(g: Game, e: Event, who: str) -> str:
    chip = W.a_chip(e.get("chip"))
    move = W.spaces(int(e.get("move", 0)))
    extra = ""
    if e.get("bonus"):
        extra += " " + _("(+{n} bonus)").format(n=e.get("bonus"))
    if e.get("doubled"):
        extra += " " + _("(doubled)")
    return W.you_or(who, _("You place {chip} on {space}, {move} on{extra}."),
                    _("{name} places {chip} on {space}, {move} on{extra}."),
                    chip=chip, space=W.space_name(g.cat.pot, int(e.get("index", 0))), move=move, extra=extra)


@narrates(EventKind.WHITE_TOTAL)
def _white_total(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("Your white total {before} -> {after} (limit {limit}): {cause}."),
                    _("{name}'s white total {before} -> {after} (limit {limit}): {cause}."),
                    before=e.get("before"), after=e.get("after"), limit=e.get("limit"), cause=cause_text(g, e.cause))


@narrates(EventKind.EXPLODE)
def _explode(g: Game, e: Event, who: str) -> str:
    if e.get("protected"):
        return W.you_or(who, _("Your pot explodes: {cause} – protected by the crow skull, VP and coins both count!"),
                        _("{name}'s pot explodes: {cause} – protected by the crow skull, VP and coins both count!"),
                        cause=cause_text(g, e.cause))
    return W.you_or(who, _("Your pot explodes: {cause}!"), _("{name}'s pot explodes: {cause}!"),
                    cause=cause_text(g, e.cause))


@narrates(EventKind.STOP)
def _stop(g: Game, e: Event, who: str) -> str:
    sp = e.get("space")
    if sp is None:
        return W.you_or(who, _("You stop ({cause})."), _("{name} stops ({cause})."), cause=cause_text(g, e.cause))
    return W.you_or(who, _("You stop ({cause}): scoring space {space}, {gives}."),
                    _("{name} stops ({cause}): scoring space {space}, {gives}."), cause=cause_text(g, e.cause),
                    space=W.space_label(g.cat.pot, int(sp)), gives=W.space_gives(g.cat.pot, int(sp)))


@narrates(EventKind.FLASK)
def _flask(g: Game, e: Event, who: str) -> str:
    if e.get("full"):
        return W.you_or(who, _("Your flask is full again ({cause})."), _("{name}'s flask is full again ({cause})."),
                        cause=cause_text(g, e.cause))
    return W.you_or(who, _("You use the flask."), _("{name} uses the flask."))


@narrates(EventKind.RETURN_WHITE)
def _return_white(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("{cause}: your {chip} goes back into the bag."),
                    _("{cause}: {name}'s {chip} goes back into the bag."),
                    cause=cause_head(g, e.cause), chip=W.chip_name(e.get("chip")))


@narrates(EventKind.KEEP_WHITE)
def _keep_white(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("You keep the white chip."), _("{name} keeps the white chip."))


@narrates(EventKind.REVEAL)
def _reveal(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("You look at {chips} ({cause})."), _("{name} looks at {chips} ({cause})."),
                    chips=W.chip_list(e.get("chips", [])), cause=cause_text(g, e.cause))


@narrates(EventKind.PICK)
def _pick(g: Game, e: Event, who: str) -> str:
    back = e.get("returned") or []
    if e.get("chip") == "none":
        return W.you_or(who, _("You place none of them; {chips} back into the bag."),
                        _("{name} places none of them; {chips} back into the bag."), chips=W.chip_list(back))
    if back:
        return W.you_or(who, _("You place the {chip}; {chips} back into the bag."),
                        _("{name} places the {chip}; {chips} back into the bag."),
                        chip=W.chip_name(e.get("chip")), chips=W.chip_list(back))
    return W.you_or(who, _("You place the {chip}."), _("{name} places the {chip}."), chip=W.chip_name(e.get("chip")))


@narrates(EventKind.ASIDE)
def _aside(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("Your {chip} goes beside the pot."), _("{name}'s {chip} goes beside the pot."),
                    chip=W.chip_name(e.get("chip")))


@narrates(EventKind.ASIDE_DONE)
def _aside_done(g: Game, e: Event, who: str) -> str | None:
    kept = e.get("kept") or []
    if not kept:
        return None
    return W.you_or(who, _("You keep {chips} beside the pot for a later round."),
                    _("{name} keeps {chips} beside the pot for a later round."), chips=W.chip_list(kept))


@narrates(EventKind.ASIDE_RETURN)
def _aside_return(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("Your {chip} goes back into the bag."), _("{name}'s {chip} goes back into the bag."),
                    chip=W.chip_name(e.get("chip")))


@narrates(EventKind.SECOND_CHANCE)
def _second_chance(g: Game, e: Event, who: str) -> str:
    if e.get("restart"):
        return W.you_or(who, _("You begin the brew again (second chance)."),
                        _("{name} begins the brew again (second chance)."))
    return W.you_or(who, _("You keep the brew (second chance)."), _("{name} keeps the brew (second chance)."))


# --- evaluation ------------------------------------------------------------------------------------------------


@narrates(EventKind.SCORING_SPACE)
def _scoring_space(g: Game, e: Event, who: str) -> str:
    sp = int(e.get("space", 0))
    space, gives = W.space_label(g.cat.pot, sp), W.space_gives(g.cat.pot, sp)
    if e.get("exploded"):
        return W.you_or(who, _("Your scoring space: {space}, {gives} (exploded: VP or coins)."),
                        _("{name}'s scoring space: {space}, {gives} (exploded: VP or coins)."),
                        space=space, gives=gives)
    return W.you_or(who, _("Your scoring space: {space}, {gives}."), _("{name}'s scoring space: {space}, {gives}."),
                    space=space, gives=gives)


@narrates(EventKind.DIE)
def _die(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("You roll the bonus die: {face} ({cause})."),
                    _("{name} rolls the bonus die: {face} ({cause})."), face=die_face(g, e.get("face")),
                    cause=cause_text(g, e.cause))


@narrates(EventKind.PUSH)
def _push(g: Game, e: Event, who: str) -> str:
    pot = g.cat.pot
    after = int(e.get("space_after", 0))
    return W.you_or(who, _("{cause}: your scoring space moves from {before} to {after}, {gives}."),
                    _("{cause}: {name}'s scoring space moves from {before} to {after}, {gives}."),
                    cause=cause_head(g, e.cause), before=W.space_label(pot, int(e.get("space_before", 0))),
                    after=W.space_label(pot, after), gives=W.space_gives(pot, after))


@narrates(EventKind.SUM)
def _sum(g: Game, e: Event, who: str) -> str:
    if e.get("lowest"):
        return W.you_or(who, _("Your chips looked at add up to {total} – the lowest."),
                        _("{name}'s chips looked at add up to {total} – the lowest."), total=e.get("total"))
    return W.you_or(who, _("Your chips looked at add up to {total}."),
                    _("{name}'s chips looked at add up to {total}."), total=e.get("total"))


@narrates(EventKind.EXPLOSION_CHOICE)
def _explosion_choice(g: Game, e: Event, who: str) -> str:
    if e.get("choice") == "coins":
        return W.you_or(who, _("You take the coins (the pot exploded)."),
                        _("{name} takes the coins (the pot exploded)."))
    return W.you_or(who, _("You take the victory points (the pot exploded)."),
                    _("{name} takes the victory points (the pot exploded)."))


@narrates(EventKind.CARD_CHOICE)
def _card_choice(g: Game, e: Event, who: str) -> None:
    return None  # what the choice gives (a chip, rubies, VP) has its own line


# --- resources -------------------------------------------------------------------------------------------------


@narrates(EventKind.VP)
def _vp(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("You +{vp} ({cause}): {before} -> {after}."),
                    _("{name} +{vp} ({cause}): {before} -> {after}."), vp=W.vp(int(e.get("amount", 0))),
                    cause=cause_text(g, e.cause), before=e.get("before"), after=e.get("after"))


@narrates(EventKind.RUBIES)
def _rubies(g: Game, e: Event, who: str) -> str:
    n = int(e.get("amount", 0))
    if n > 0:
        return W.you_or(who, _("You +{rubies} ({cause}), now {after}."),
                        _("{name} +{rubies} ({cause}), now {after}."), rubies=W.rubies(n),
                        cause=cause_text(g, e.cause), after=e.get("after"))
    return W.you_or(who, _("You pay {rubies} ({cause}), {after} left."),
                    _("{name} pays {rubies} ({cause}), {after} left."), rubies=W.rubies(-n),
                    cause=cause_text(g, e.cause), after=e.get("after"))


@narrates(EventKind.DROPLET)
def _droplet(g: Game, e: Event, who: str) -> str:
    pot = g.cat.pot
    return W.you_or(who, _("Your droplet moves from {before} to {after} ({cause})."),
                    _("{name}'s droplet moves from {before} to {after} ({cause})."),
                    before=W.space_name(pot, int(e.get("before", 0))), after=W.space_name(pot, int(e.get("after", 0))),
                    cause=cause_text(g, e.cause))


@narrates(EventKind.TUBE)
def _tube(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("Your test-tube droplet reaches glass {glass} ({cause})."),
                    _("{name}'s test-tube droplet reaches glass {glass} ({cause})."), glass=e.get("glass"),
                    cause=cause_text(g, e.cause))


@narrates(EventKind.CHIP_GAINED)
def _chip_gained(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("You get {chip} into the bag ({cause})."), _("{name} gets {chip} into the bag ({cause})."),
                    chip=W.a_chip(e.get("chip")), cause=cause_text(g, e.cause))


@narrates(EventKind.CHIP_MISSED)
def _chip_missed(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("You would get {chip} ({cause}), but none can be had."),
                    _("{name} would get {chip} ({cause}), but none can be had."), chip=W.a_chip(e.get("chip")),
                    cause=cause_text(g, e.cause))


@narrates(EventKind.CHIP_RETURNED)
def _chip_returned(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("Your {chip} goes back to the supply ({cause})."),
                    _("{name}'s {chip} goes back to the supply ({cause})."), chip=W.chip_name(e.get("chip")),
                    cause=cause_text(g, e.cause))


# --- shopping and the end of the round ------------------------------------------------------------------------


@narrates(EventKind.BUY)
def _buy(g: Game, e: Event, who: str) -> str:
    bought = e.get("chips") or []
    # Translators: joins the chips of a purchase: "blue 2 and red 1"
    what = _(" and ").join(W.a_chip(c) for c in bought) if bought else _("nothing")
    lost = int(e.get("lost", 0))
    if lost:
        return W.you_or(who, _("You buy {what} for {spent} of {coins} coins ({lost} unspent)."),
                        _("{name} buys {what} for {spent} of {coins} coins ({lost} unspent)."), what=what,
                        spent=e.get("spent", 0), coins=e.get("coins", 0), lost=lost)
    return W.you_or(who, _("You buy {what} for {spent} of {coins} coins."),
                    _("{name} buys {what} for {spent} of {coins} coins."), what=what, spent=e.get("spent", 0),
                    coins=e.get("coins", 0))


@narrates(EventKind.CONVERT)
def _convert(g: Game, e: Event, who: str) -> str:
    return W.you_or(who, _("You convert {what}."), _("{name} converts {what}."), what=cause_text(g, e.cause))
