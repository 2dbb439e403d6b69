"""Brewing: drawing, placing, exploding, the flask, and the decisions a seat takes while it brews.

Rulebook "Potions phase", "Stopped by an explosion", "Chip actions", "Flasks"; rulings R6, R10, R17, R19,
R20, R22, R26, R31, R34, R36, R37, R38, R40, R41, R42, R43, R44, R45, R46.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions import DONE, DRAW, FLASK, STOP, Action, IllegalAction, act
from .chips import CHIP_BY_NAME, CHIPS, Chip, Colour
from .events import BAG_EMPTY, DRAWN, EXPLODED, FROM_BAG, FROM_BESIDE_POT, PICKED, POT_FULL, STOPPED, Cause
from .events import FLASK as FLASK_CAUSE
from .kinds import CauseKind, ChanceKind, DecisionKind, EventKind
from .registry import DECISIONS, chance, decision, step
from .state import Chance, Decision, Placed, make_chance, make_decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Brew, Game

# --------------------------------------------------------------------------------------------------------
# the brewing agenda item


DRAW_STOP = [DRAW, STOP]
DRAW_STOP_FLASK = [DRAW, STOP, FLASK]
STOP_FLASK = [STOP, FLASK]  # R36: the white that emptied the bag may still go back with the flask
_DRAW_CHANCES: dict[int, Chance] = {}
_new = tuple.__new__  # a Placed without the generated __new__ (every placement)
_WHITE = Colour.WHITE


def brew_choices(g: Game, seat: int) -> list[Action]:
    """Draw, stop and (R17) flask for a brewing seat with nothing pending; no draw from an empty bag (R36, P29)."""
    s = g.seats[seat]
    if s.last_is_drawn_white and s.flask_full and s.brewing and not s.exploded and s.pot and s.pot[-1][1].is_white:
        # flask_allowed
        return DRAW_STOP_FLASK if s.bag.total else STOP_FLASK
    return DRAW_STOP


def pot_full(g: Game, seat: int) -> bool:
    """R34, R38: a chip lies on index 52, or lay there this round: no further chip is placed in that pot."""
    s = g.seats[seat]
    return s.was_full or (bool(s.pot) and s.pot[-1].index >= g.pot_last)


def flask_allowed(g: Game, seat: int) -> bool:
    """R17, R41: the last chip drawn while brewing is white, it did not explode the pot, and the flask is
    full (a seat that has stopped no longer brews, so a chip placed after stopping never qualifies)."""
    s = g.seats[seat]
    return (
        s.flask_full and s.brewing and not s.exploded and s.last_is_drawn_white
        and bool(s.pot) and s.pot[-1].chip.is_white
    )


def brew_apply(g: Game, seat: int, a: Action) -> None:
    s = g.seats[seat]
    if s.pending:
        d = s.pending.pop(0)
        DECISIONS[d.kind][1](g, d, a)
        return
    if a == DRAW:
        ch = _DRAW_CHANCES.get(seat)
        if ch is None:
            ch = _DRAW_CHANCES[seat] = make_chance(ChanceKind.DRAW, seat, "draw")
        g.push(ch)
    elif a == STOP:
        finish(g, seat, STOPPED)
    elif a == FLASK:
        use_flask(g, seat)
    else:  # pragma: no cover - legal_actions guards this
        raise IllegalAction(f"unknown brewing action {a}")


def brew_settle(g: Game, t: Brew) -> bool:
    """Do what needs no choice for the seats of the brewing item; True if anything changed.

    Only seats that acted or received an outcome since the last settle can need anything
    (``g.to_settle``; None means every seat, e.g. when brewing begins).
    """
    touched = g.to_settle
    if t.only is not None:
        seats: list[int] = [t.only]
    elif touched is None:
        seats = list(range(g.n))
    elif len(touched) == 1:
        seats = list(touched)
    else:
        seats = sorted(touched)
    left: set[int] = set()
    g.to_settle = left
    changed = False
    for k, i in enumerate(seats):
        while settle_seat(g, i):
            changed = True
            g._flush()
            if g.pending_chance() is not None:
                left.update(seats[k:])
                return True
    return changed


def settle_seat(g: Game, seat: int) -> bool:
    s = g.seats[seat]
    if s.pending:
        d = s.pending[0]
        handlers = DECISIONS[d.kind]
        opts = handlers[0](g, d)
        if len(opts) > 1:
            return False
        s.pending.pop(0)
        if opts:
            handlers[1](g, d, opts[0])
        return True
    if not s.stopped and (s.brewing or s.exploded):
        # R45: second-chance comes once the placed chip's own effects (the pending decisions above) are done:
        # a white sent back by yellow set 1 leaves four chips; the flask (an action) waits for the offer
        card = g.fortune
        if (
            g.card_offers_restart and card is not None and not s.second_chance_offered
            and card.effect.offers_restart(g, seat)
        ):
            s.second_chance_offered = True
            s.pending.append(make_decision(seat, DecisionKind.SECOND_CHANCE))
            return True
        if s.exploded:
            finish(g, seat, EXPLODED)
            return True
        if pot_full(g, seat):
            finish(g, seat, POT_FULL)
            return True
        if not s.bag and not flask_allowed(g, seat):
            # R36: an empty bag ends the brew, unless the flask can still return the white that emptied it
            finish(g, seat, BAG_EMPTY)
            return True
        return False
    if s.stopped and s.aside and not s.aside_settled:
        s.pending.append(make_decision(seat, DecisionKind.ASIDE))
        return True
    return False


def finish(g: Game, seat: int, cause: Cause) -> None:
    """The seat stops brewing (by choice, explosion, a full pot or an empty bag)."""
    s = g.seats[seat]
    s.brewing = False
    s.stopped = True
    if g.record_events:
        g.emit(EventKind.STOP, seat, cause, space=g.scoring_space(seat))


# --------------------------------------------------------------------------------------------------------
# drawing and placing


@chance("draw")
def on_draw(g: Game, ch: Chance, c: Chip) -> None:
    assert ch.seat is not None
    s = g.seats[ch.seat]
    s.bag.remove(c)
    if g.record_events:
        g.emit(EventKind.DRAW, ch.seat, DRAWN, chip=c.name)
    place(g, ch.seat, c, "draw")


class Landing(NamedTuple):
    """Where a chip placed now would go (``landing``): the space it starts from, how far it moves (its value and
    bonuses, doubled by yellow set 2), the bonus and the doubling, and the space it lands on."""

    start: int
    move: int
    bonus: int
    factor: int
    space: int


def landing(g: Game, seat: int, c: Chip, source: str) -> Landing | None:
    """Where ``c`` would land if placed now from ``source`` (``place``'s reckoning, changing nothing), or None if it
    would go beside the pot instead (red set 2, R10). The table shows a pick's landing space before it is chosen
    (issue 32)."""
    s = g.seats[seat]
    # R37: only a drawn chip (or one picked from chips drawn) takes the doubling; a red chip placed from beside
    # the pot moves its own value and leaves the doubling armed (it lapses with the round's brewing)
    drawn = source != "aside"
    bonus = 0
    books = g.place_hooks[c.index]  # None: no book acts on this chip (most chips)
    if books is not None:
        diverts = books[0]
        if drawn and diverts is not None and diverts.diverts(g, s, c):
            return None
        for e in books[1]:
            bonus += e.move_bonus(g, s, c)
    card_bonus = g.card_move_bonus
    if card_bonus is not None:
        bonus += card_bonus.move_bonus(g, s, c)
    factor = s.double_next if drawn else 1
    move = (c.value + bonus) * factor
    pot = s.pot
    last = g.pot_last
    if pot:
        start = pot[-1][0]
    else:  # Game.start_index: the droplet and the rat stone
        start = s.droplet + s.rats
        if start > last:
            start = last
    index = start + move
    if index > last:
        index = last
    return Landing(start, move, bonus, factor, index)


def place(g: Game, seat: int, c: Chip, source: str) -> None:
    """Place ``c`` after the last chip: move = value + bonuses, doubled by yellow set 2 (R8, R37); cap at 52 (R6).

    A chip drawn from the bag or picked from chips drawn (every ``source`` but ``"aside"``) meets its on-draw
    effect first: red set 2 (R10) sends it beside the pot instead. One placed from beside the pot goes in."""
    s = g.seats[seat]
    lands = landing(g, seat, c, source)
    if lands is None:
        _goes_aside(g, seat, c)
        return
    start, move, bonus, factor, index = lands
    drawn = source != "aside"
    armed = s.double_next
    pot = s.pot
    books = g.place_hooks[c.index]
    shield = s.shield
    placed = _new(Placed, (index, c, armed, shield))
    pot.append(placed)
    white = c.colour is _WHITE
    s.prev_drawn_white = s.last_is_drawn_white
    if drawn:
        s.double_next = 1
        if shield:
            s.shield = shield - 1
        s.last_is_drawn_white = white
    else:
        s.last_is_drawn_white = False
    events = g.record_events
    if events:
        g.emit(
            EventKind.PLACE, seat, _place_cause(g, source), chip=c.name, index=index, start=start, move=move,
            bonus=bonus, doubled=factor > 1,
        )
    if white:
        before = s.white_total
        s.white_total += c.value
        limit = g.limit(seat)
        if events:
            g.emit(EventKind.WHITE_TOTAL, seat, Cause(CauseKind.CHIP_PLACED, (c.name,)), before=before,
                   after=s.white_total, limit=limit)
        if s.white_total > limit and not s.exploded:
            s.exploded = True
            s.protected = shield > 0
            s.brewing = False
            if events:
                g.emit(
                    EventKind.EXPLODE, seat, Cause(CauseKind.WHITE_OVER_LIMIT, (s.white_total, limit)),
                    white_total=s.white_total, limit=limit, protected=shield > 0,
                )
    if books is not None:
        after = books[2]
        if after is not None:
            after.after_place(g, seat, placed, source)
    card_after = g.card_after_place
    if card_after is not None:
        card_after.after_place(g, seat, placed, source)


def _goes_aside(g: Game, seat: int, c: Chip) -> None:
    """Red set 2 (R10): the chip drawn goes beside the pot; it counts as a drawn chip (blue set 2 windows).

    R42: a red chip picked after the seat has taken its R10 choice (strong-ingredient, R25) gets its own R10
    choice at once; the chips the seat kept beside the pot at R25's red set-2 step stay kept."""
    s = g.seats[seat]
    s.aside.append(c)
    s.aside_this_round.append(c)
    if s.stopped and s.aside_settled:
        s.pending.append(make_decision(seat, DecisionKind.ASIDE, (c.name,)))
    else:
        s.aside_settled = False
    s.shield = max(0, s.shield - 1)
    s.prev_drawn_white = s.last_is_drawn_white
    s.last_is_drawn_white = False
    if g.record_events:
        g.emit(EventKind.ASIDE, seat, Cause(CauseKind.GOES_ASIDE, (c.name,)), chip=c.name)


_PLACE_CAUSES = {"draw": FROM_BAG, "pick": PICKED, "aside": FROM_BESIDE_POT}


def _place_cause(g: Game, source: str) -> Cause:
    """Where a placed chip came from: the bag, the chips looked at (blue set 1, strong-ingredient), beside the pot."""
    c = _PLACE_CAUSES.get(source)
    return c if c is not None else Cause(CauseKind.PLACED_BY_CARD, (card_id(g),))


def card_id(g: Game) -> str:
    """The fortune card of the round ("" if none; causes name it)."""
    return g.fortune.id if g.fortune is not None else ""


def return_white(g: Game, seat: int, position: int, restore: bool, cause: Cause) -> None:
    """Put the white chip at ``pot[position]`` back into the bag (flask, well-stirred, yellow set 1).

    ``restore`` (flask, well-stirred; R26, R43): the chip leaves no trace, so a yellow set-2 doubling it used is
    armed again, the blue set-2 window slot it took is open again, and the chip drawn before it is again the last
    chip drawn (a white there is "drawn directly before" the next chip for yellow set 1; P10 as amended by R43).
    Yellow set 1 does not restore (R43): the yellow chip was drawn after the white, and both draws stand."""
    s = g.seats[seat]
    p = s.pot.pop(position)
    if not p.chip.is_white:  # pragma: no cover - callers check
        raise IllegalAction(f"{p.chip} is not white")
    if p.index >= g.pot_last:  # R38: once a chip has lain on 52 the pot stays full this round
        s.was_full = True
    s.bag.add(p.chip)
    before = s.white_total
    s.white_total -= p.chip.value
    if restore:  # R26, R43: the returned chip leaves no trace
        s.double_next = p.double_before
        s.shield = p.shield_before
        s.last_is_drawn_white = s.prev_drawn_white  # the draw before it is the last draw again (R43)
    else:
        s.last_is_drawn_white = False
    if g.record_events:
        g.emit(EventKind.RETURN_WHITE, seat, cause, chip=p.chip.name, index=p.index)
    if g.record_events:
        g.emit(EventKind.WHITE_TOTAL, seat, cause, before=before, after=s.white_total, limit=g.limit(seat))


def use_flask(g: Game, seat: int) -> None:
    """R17, R26: the last drawn white goes back into the bag; the flask is empty until refilled."""
    s = g.seats[seat]
    s.flask_full = False
    if g.record_events:
        g.emit(EventKind.FLASK, seat, FLASK_CAUSE, full=False)
    return_white(g, seat, -1, True, FLASK_CAUSE)


# --------------------------------------------------------------------------------------------------------
# decisions while brewing


def _pick_options(g: Game, d: Decision) -> list[Action]:
    s = g.seats[d.seat]
    kinds = sorted({c.index for c in s.revealed})  # each kind once, in canonical order (by index: no Chip hash)
    return [act("pick", CHIPS[i].name) for i in kinds] + [act("pick", "none")]


@decision(DecisionKind.PICK, _pick_options)
def _pick(g: Game, d: Decision, a: Action) -> None:
    """Blue set 1 and strong-ingredient: place one of the chips looked at, the rest go back (R20, R31)."""
    s = g.seats[d.seat]
    choice = a.args[0]
    chosen: Chip | None = None
    if choice != "none":
        chosen = CHIP_BY_NAME[choice]
        s.revealed.remove(chosen)
    for c in s.revealed:
        s.bag.add(c)
    strong = bool(d.data) and d.data[0] == "strong"
    if g.record_events:
        why = Cause(CauseKind.PLACED_BY_CARD, (card_id(g),)) if strong else PICKED
        g.emit(EventKind.PICK, d.seat, why, chip=choice, returned=[c.name for c in s.revealed])
    s.revealed = []
    if chosen is not None:
        place(g, d.seat, chosen, "strong" if strong else "pick")


@chance("pick")
def _reveal_for_pick(g: Game, ch: Chance, chips: tuple[Chip, ...]) -> None:
    """Blue set 1: the chips drawn to choose from are out of the bag until the choice."""
    assert ch.seat is not None
    _take_revealed(g, ch.seat, chips, Cause(CauseKind.CROW_SKULL_LOOK))
    g.seats[ch.seat].pending.append(make_decision(ch.seat, DecisionKind.PICK, ("blue",)))


@chance("strong")
def _reveal_for_strong(g: Game, ch: Chance, chips: tuple[Chip, ...]) -> None:
    assert ch.seat is not None
    _take_revealed(g, ch.seat, chips, Cause(CauseKind.CARD, (card_id(g),)))
    g.seats[ch.seat].pending.append(make_decision(ch.seat, DecisionKind.PICK, ("strong",)))


def _take_revealed(g: Game, seat: int, chips: tuple[Chip, ...], cause: Cause) -> None:
    """The chips looked at leave the bag until the pick; they are not drawn chips (R46): no window slot, no
    first white, no yellow, no "drawn before"; only the chip picked and placed is (R37)."""
    s = g.seats[seat]
    for c in chips:
        s.bag.remove(c)
        s.revealed.append(c)
    if g.record_events:
        g.emit(EventKind.REVEAL, seat, cause, chips=[c.name for c in chips])


def _keep_or_return(g: Game, d: Decision) -> list[Action]:
    return [act("choose", "return-white"), act("choose", "keep-white")]


@decision(DecisionKind.RETURN_WHITE, _keep_or_return)
def _return_white(g: Game, d: Decision, a: Action) -> None:
    """Yellow set 1 (the white directly before the yellow; its space stays empty) or well-stirred (R26)."""
    if a.args[0] != "return-white":
        if g.record_events:
            g.emit(EventKind.KEEP_WHITE, d.seat, Cause(CauseKind.KEEPS_WHITE))
        return
    if d.data[0] == "yellow":
        return_white(g, d.seat, -2, False, Cause(CauseKind.YELLOW_RETURN))
    else:
        return_white(g, d.seat, -1, True, Cause(CauseKind.CARD, (card_id(g),)))


def _second_chance_options(g: Game, d: Decision) -> list[Action]:
    return [act("choose", "restart"), act("choose", "continue")]


@decision(DecisionKind.SECOND_CHANCE, _second_chance_options)
def _second_chance(g: Game, d: Decision, a: Action) -> None:
    """R19: restart puts this round's chips back; the rat, droplet, chips aside from before and flask stay.
    R44: what the chips already paid (blue sets 3 and 4: rubies, VP) stays paid."""
    s = g.seats[d.seat]
    if a.args[0] == "continue":
        if g.record_events:
            g.emit(EventKind.SECOND_CHANCE, d.seat, Cause(CauseKind.BREW_CONTINUED), restart=False)
        return
    for p in s.pot:
        s.bag.add(p.chip)
    for c in s.aside_this_round:
        s.aside.remove(c)
        s.bag.add(c)
    s.pot = []
    s.aside_this_round = []
    s.was_full = False  # R19: what this round's chips set up is undone
    s.white_total = 0
    s.exploded = False
    s.protected = False
    s.shield = 0
    s.double_next = 1
    s.last_is_drawn_white = False
    s.prev_drawn_white = False
    s.brewing = True
    s.stopped = False
    if g.record_events:
        g.emit(EventKind.SECOND_CHANCE, d.seat, Cause(CauseKind.BREW_RESTARTED), restart=True)


def _aside_options(g: Game, d: Decision) -> list[Action]:
    """R10: place, return or keep each chip beside the pot; beside a full pot only return or keep (R38).
    A decision that names a chip (R42: one picked after the seat's R10 choice) is about that chip alone."""
    s = g.seats[d.seat]
    kinds = [CHIP_BY_NAME[d.data[0]]] if d.data else sorted(set(s.aside))
    out = [] if pot_full(g, d.seat) else [act("place", c) for c in kinds]
    return out + [act("return", c) for c in kinds] + [DONE]


@decision(DecisionKind.ASIDE, _aside_options)
def _aside(g: Game, d: Decision, a: Action) -> None:
    """R10: each chip beside the pot is placed, returned to the bag, or kept for a later round (R42: a
    decision that names a chip settles that chip only; the seat's earlier choice stands)."""
    s = g.seats[d.seat]
    if a == DONE:
        s.aside_settled = True
        if g.record_events:
            kept = list(d.data[:1]) if d.data else [c.name for c in s.aside]
            g.emit(EventKind.ASIDE_DONE, d.seat, Cause(CauseKind.ASIDE_KEPT), kept=kept)
        return
    c = CHIP_BY_NAME[a.args[0]]
    s.aside.remove(c)
    if c in s.aside_this_round:
        s.aside_this_round.remove(c)
    if a.verb == "place":
        place(g, d.seat, c, "aside")
    else:
        s.bag.add(c)
        if g.record_events:
            g.emit(EventKind.ASIDE_RETURN, d.seat, Cause(CauseKind.ASIDE_BACK_TO_BAG, (c.name,)), chip=c.name)


# --------------------------------------------------------------------------------------------------------
# strong-ingredient (a blue card that acts after brewing, seat by seat, R25)


@step("strong_ingredient")
def _strong_ingredient(g: Game, seat: int, count: int) -> None:
    """R20, R25: a seat that stopped without an explosion looks at up to ``count`` chips and may place one.

    Passed: an exploded seat (the card), an empty bag (P18), a full pot (R38: it looks at nothing). The chip
    picked takes an armed yellow set-2 doubling (R37, R40) and is never returned with the flask (R41).
    """
    from .game import Brew

    s = g.seats[seat]
    if s.exploded or not s.bag or pot_full(g, seat):
        return
    g.push(make_chance(ChanceKind.REVEAL, seat, "strong", min(count, s.bag.total)))
    g.push(Brew(only=seat))
