"""The evaluation as beats one can watch: the engine's events of a round grouped into named steps, in the
order of the board's banner (rulings R25, step 3): A the bonus die for each winner, B the chip actions
colour by colour (black, green, purple; seat by seat), then the cards that act after them (seasoned-perfectly,
schadenfreude), C the rubies (lucky-devil and shining-extra-bright with them) and each exploded seat's choice
of VP or coins, D the victory points. At a round's start the fortune card, what it gave each seat, and the
rat stones (counted after the card, R25, R39) are beats too.

A beat is presentation: the engine has already done what it shows (it runs the evaluation in one go and its
events carry their causes). The match driver holds the game at each beat at the player's pace
(``session/driver.py``); the table draws the beat on the board. Nothing here is saved or replayed.

``plan`` turns events into what the driver hands over, in order: plain events (shown at once), beats, and
``Results`` (the round's results table, which closes the evaluation before the shop). ``beats`` is the list
of beats alone. ``Held`` says what the beats still to come would change, so the table can show the state as it
was before them (``shown_state``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..rules.chips import Colour
from ..rules.events import Event
from ..rules.game import Game
from ..rules.kinds import CauseKind, EventKind, Phase


class BeatKind(StrEnum):
    """What a beat shows (``wording/beats.py`` names each kind)."""

    FORTUNE = "fortune"  # round start: the fortune card of the round is revealed
    CARD = "card"  # what the card gave the seats, took from them, or what they chose
    RATS = "rats"  # round start, after the card: every rat stone moves (R25, R39)
    DIE = "die"  # A: the bonus die rolls for a seat that reached the furthest (R7)
    CHIP_ACTION = "chip-action"  # B: one book's chip action for one seat
    RUBIES = "rubies"  # C: scoring spaces with a ruby (and the cards that add to them)
    EXPLOSION = "explosion"  # C: an exploded seat takes the victory points or the coins
    VICTORY_POINTS = "victory-points"  # D: the victory points of every scoring space


#: the banner's letter of each kind of the evaluation (a round start's beats have none)
STEP: dict[BeatKind, str] = {BeatKind.DIE: "A", BeatKind.CHIP_ACTION: "B", BeatKind.CARD: "B",
                             BeatKind.RUBIES: "C", BeatKind.EXPLOSION: "C", BeatKind.VICTORY_POINTS: "D"}

FOLLOW = "follow"  # a cause that belongs to the beat in progress (a test tube's bonus, a droplet step)

# Every cause has a role here (a test walks them all): the kind of beat its events belong to, FOLLOW, or None
# (no beat: brewing, shopping, the round's own bookkeeping). The chip actions' causes name their book.
_BOOK: dict[CauseKind, Colour] = {
    CauseKind.MORE_THAN_OPPONENT: Colour.BLACK, CauseKind.AS_MANY_AS_OPPONENT: Colour.BLACK,
    CauseKind.MORE_THAN_BOTH: Colour.BLACK, CauseKind.MORE_THAN_ONE: Colour.BLACK,
    CauseKind.CHIP_ON_RUBY_SPACE: Colour.BLUE,
    CauseKind.LAST_TWO: Colour.GREEN, CauseKind.FOR_CHIP_LAST_TWO: Colour.GREEN,
    CauseKind.LAST_TWO_PAID: Colour.GREEN, CauseKind.EXACT_WHITE_PUSH: Colour.GREEN,
    CauseKind.TIER: Colour.PURPLE, CauseKind.TRADED_IN: Colour.PURPLE, CauseKind.TRADE_TIER: Colour.PURPLE,
    CauseKind.BAND_VP: Colour.PURPLE, CauseKind.UPGRADED: Colour.PURPLE, CauseKind.UPGRADED_FROM: Colour.PURPLE,
}
CARD_CAUSES = frozenset({
    CauseKind.CARD, CauseKind.CARD_DIE_FACE, CauseKind.CARD_FEWEST_RUBIES, CauseKind.CARD_FEWEST_VP,
    CauseKind.CARD_SUM, CauseKind.CARD_PASSED_RATS, CauseKind.CARD_TRADED_UP, CauseKind.CARD_TRADED_UP_FROM,
    CauseKind.CARD_NO_TRADE, CauseKind.CARD_REMOVED, CauseKind.CARD_RAT_TAILS, CauseKind.CARD_EXACT_WHITE,
    CauseKind.CARD_RUBY_SPACE, CauseKind.CARD_GIFT, CauseKind.CARD_FLASK_REFILLED,
    # R47: a choice that resolved by itself, and why
    CauseKind.CARD_ONLY_NOT_OUT, CauseKind.CARD_ONLY_NONE_LEFT, CauseKind.CARD_ONLY_NO_VALUE_CHIP,
    CauseKind.CARD_ONLY_ONE_CHIP, CauseKind.CARD_ONLY_NO_RUBY, CauseKind.CARD_ONLY_NO_RATS,
    CauseKind.CARD_ONLY_NOT_IN_BAG,
})
_NO_BEAT = frozenset({
    # the round, brewing, shopping and the end of the round: shown as they happen, no beat of their own
    CauseKind.ROUND_BEGINS, CauseKind.PHASE_BEGINS, CauseKind.BOOK_OUT, CauseKind.ROUND_CHIP,
    CauseKind.ROUND_CHIP_NONE_LEFT, CauseKind.GAME_OVER, CauseKind.DRAWN, CauseKind.FROM_BAG, CauseKind.PICKED,
    CauseKind.PLACED_BY_CARD, CauseKind.FROM_BESIDE_POT, CauseKind.CHIP_PLACED, CauseKind.WHITE_OVER_LIMIT,
    CauseKind.STOPPED, CauseKind.EXPLODED, CauseKind.POT_FULL, CauseKind.BAG_EMPTY, CauseKind.GOES_ASIDE,
    CauseKind.FLASK, CauseKind.YELLOW_RETURN, CauseKind.KEEPS_WHITE, CauseKind.CROW_SKULL_LOOK,
    CauseKind.BREW_CONTINUED, CauseKind.BREW_RESTARTED, CauseKind.ASIDE_KEPT, CauseKind.ASIDE_BACK_TO_BAG,
    CauseKind.SCORING_SPACE, CauseKind.SHOPPING, CauseKind.COINS_FOR_VP, CauseKind.BOUGHT_WITH_COINS,
    CauseKind.BOUGHT_WITH_RUBIES, CauseKind.VP_BOUGHT, CauseKind.DROPLET_BOUGHT, CauseKind.PAID_RUBIES,
    CauseKind.FLASK_REFILL,
})
ROLE: dict[CauseKind, BeatKind | str | None] = {
    **dict.fromkeys(_NO_BEAT), **dict.fromkeys(_BOOK, BeatKind.CHIP_ACTION),
    **dict.fromkeys(CARD_CAUSES, BeatKind.CARD),
    CauseKind.FORTUNE_REVEALED: BeatKind.FORTUNE, CauseKind.RATS_BEHIND: BeatKind.RATS,
    CauseKind.BONUS_DIE: BeatKind.DIE, CauseKind.DIE_FACE: BeatKind.DIE,
    CauseKind.RUBY_SPACE: BeatKind.RUBIES, CauseKind.TAKES_VP: BeatKind.EXPLOSION,
    CauseKind.TAKES_COINS: BeatKind.EXPLOSION, CauseKind.SCORING_SPACE_VP: BeatKind.VICTORY_POINTS,
    CauseKind.TEST_TUBE: FOLLOW, CauseKind.DROPLET_STEP: FOLLOW,
}
#: beats that show every seat at once (the others show one seat)
ALL_SEATS = frozenset({BeatKind.FORTUNE, BeatKind.CARD, BeatKind.RATS, BeatKind.RUBIES, BeatKind.VICTORY_POINTS})
BEAT_PHASES = frozenset({Phase.FORTUNE, Phase.EVALUATION})  # the phases whose events make beats


@dataclass(frozen=True)
class Beat:
    """One step of the evaluation (or of a round's start) as the table shows it.

    ``seat`` is the seat it is about (None for a beat of every seat: the card revealed and what it did, the
    rats, the rubies, the victory points); ``source`` the book's colour of a chip action or the card's id;
    ``events`` what it shows, in the engine's order."""

    kind: BeatKind
    seat: int | None
    round: int
    source: str = ""
    events: tuple[Event, ...] = ()
    phase: Phase = Phase.EVALUATION  # the phase it belongs to: a round's start (the card, the rats) or evaluation

    @property
    def step(self) -> str:
        """The banner's letter ("A" to "D"); "" at a round's start (the card and the rats)."""
        return STEP.get(self.kind, "") if self.phase is Phase.EVALUATION else ""

    def seats(self) -> list[int]:
        """The seats the beat is about, in the order their events come."""
        out: list[int] = []
        for e in self.events:
            if e.seat is not None and e.seat not in out:
                out.append(e.seat)
        return out


@dataclass(frozen=True)
class Results:
    """The round's results table: it closes the evaluation, before the shop's first decision (rulebook E)."""

    round: int


Item = Event | Beat | Results


def role(e: Event) -> BeatKind | str | None:
    """The kind of beat an event belongs to (``FOLLOW``: the beat in progress; None: none). An unknown cause is a
    loud error."""
    try:
        return ROLE[CauseKind(e.cause.kind)]
    except (KeyError, ValueError):
        raise LookupError(f"no beat role for the cause {e.cause.kind!r} of a {e.kind} event") from None


def _key(e: Event, kind: BeatKind) -> tuple[BeatKind, int | None, str]:
    if kind is BeatKind.FORTUNE:
        return (kind, None, str(e.get("card", "")))
    if kind is BeatKind.CARD:
        return (kind, None, str(e.cause.args[0]) if e.cause.args else "")
    if kind in ALL_SEATS:
        return (kind, None, "")
    if kind is BeatKind.CHIP_ACTION:
        return (kind, e.seat, _BOOK[CauseKind(e.cause.kind)].value)
    return (kind, e.seat, "")


@dataclass
class Plan:
    """What ``plan`` made of a run of events, and the phase after them (the next run starts there)."""

    items: list[Item]
    phase: Phase


def plan(events: Iterable[Event], phase: Phase | str) -> Plan:
    """Events (from a game in ``phase``) as the driver hands them over: plain events, beats, and the round's
    ``Results`` just before the shop begins. Events of one beat are consecutive events of the same kind of beat,
    the same seat and the same source; a bonus-die roll always begins a beat of its own."""
    ph = Phase(phase)
    items: list[Item] = []
    open_: list[Event] = []
    key: tuple[BeatKind, int | None, str] | None = None

    def close() -> None:
        nonlocal key, open_
        if key is not None and open_:
            kind, seat, source = key
            items.append(Beat(kind, seat, open_[0].round, source, tuple(open_), ph))
        key, open_ = None, []

    for e in events:
        if e.kind == EventKind.PHASE:
            close()
            new = Phase(e.get("phase"))
            if new is Phase.SHOPPING and ph is Phase.EVALUATION:
                items.append(Results(e.round))
            ph = new
            items.append(e)
            continue
        r = role(e) if ph in BEAT_PHASES else None
        if r == FOLLOW:
            if key is not None and (key[1] is None or key[1] == e.seat):
                open_.append(e)
            else:
                close()
                items.append(e)
            continue
        if r is None:
            close()
            items.append(e)
            continue
        assert isinstance(r, BeatKind)
        if r is BeatKind.CARD and CauseKind(e.cause.kind) is CauseKind.CARD_RUBY_SPACE:
            r = BeatKind.RUBIES  # C: lucky-devil and shining-extra-bright come with the rubies (R25)
        k = _key(e, r)
        if k != key or (e.kind == EventKind.DIE and r is BeatKind.DIE):
            close()
            key = k
        open_.append(e)
    close()
    return Plan(items, ph)


def beats(events: Iterable[Event], phase: Phase | str = Phase.FORTUNE) -> list[Beat]:
    """The beats alone, in order (``plan`` without the plain events and the results)."""
    return [x for x in plan(events, phase).items if isinstance(x, Beat)]


# ---------------------------------------------------------------------------------------------------------
# what the beats still to come would change


@dataclass
class Held:
    """Per seat, what the beats not yet shown add (the table shows the state without it)."""

    vp: int = 0
    rubies: int = 0
    droplet: int = 0
    tube: int = 0
    rats: bool = False  # the rat stone has not moved yet

    def __bool__(self) -> bool:
        return bool(self.vp or self.rubies or self.droplet or self.tube or self.rats)


def held(pending: Iterable[Item], n: int) -> list[Held]:
    """What the beats in ``pending`` (not shown yet) change, per seat."""
    out = [Held() for _ in range(n)]
    for item in pending:
        if not isinstance(item, Beat):
            continue
        for e in item.events:
            if e.seat is None or not 0 <= e.seat < n:
                continue
            h = out[e.seat]
            if e.kind == EventKind.VP:
                h.vp += int(e.get("amount", 0))
            elif e.kind == EventKind.RUBIES:
                h.rubies += int(e.get("amount", 0))
            elif e.kind == EventKind.DROPLET:
                h.droplet += int(e.get("after", 0)) - int(e.get("before", 0))
            elif e.kind == EventKind.TUBE:
                h.tube += 1
            elif e.kind == EventKind.RATS:
                h.rats = True
    return out


def shown_state(g: Game, hold: Sequence[Held], phase: Phase | None = None) -> Game:
    """A copy of ``g`` as the table shows it while beats are still to come: their victory points, rubies, droplet
    and test-tube steps not yet added, rat stones not yet moved, and ``phase`` (the phase the beats belong to)."""
    if not any(hold) and (phase is None or phase == g.phase):
        return g
    shown = g.clone(record=False)
    for s, h in zip(shown.seats, hold):
        s.score -= h.vp
        s.rubies -= h.rubies
        s.droplet -= h.droplet
        s.tube -= h.tube
        if h.rats:
            s.rats = 0
    if phase is not None and phase != g.phase:
        shown.phase = phase
        if phase in (Phase.EVALUATION, Phase.FORTUNE):
            for s in shown.seats:
                s.coins = None  # the coins are counted when the shop begins (rulebook E)
    return shown


__all__ = ["ALL_SEATS", "Beat", "BeatKind", "Held", "Item", "Plan", "Results", "ROLE", "beats", "held", "plan",
           "role", "shown_state"]
