"""The order of a round (rulings R25) and the end of the game (R23, R35).

1. Round start: books come out, the round-6 white chip, the fortune card, the rats.
2. Brewing (all seats at once, R22), red set-2 decisions, then strong-ingredient seat by seat.
3. Evaluation: A bonus die; B chip actions (black, green, purple; seat by seat), seasoned-perfectly and
   schadenfreude; C rubies (lucky-devil, shining-extra-bright), then exploded seats choose VP or coins;
   D victory points.
4. E shopping seat by seat (round 9: buying victory points).
5. F end of round: magic-potion refills, then ruby spending seat by seat; the start player passes left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .catalogue import FortuneCard
from .chips import Chip, Colour
from .events import Cause
from .kinds import CauseKind, ChanceKind, DecisionKind, EventKind, Phase
from .registry import chance, step
from .state import Chance, make_chance, make_decision, make_step

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game, Task

CHIP_ACTION_ORDER = (Colour.BLACK, Colour.GREEN, Colour.PURPLE)
SCORING_SPACE = Cause(CauseKind.SCORING_SPACE)
BONUS_DIE = Cause(CauseKind.BONUS_DIE)
RUBY_SPACE = Cause(CauseKind.RUBY_SPACE)


FORTUNE_CARD = make_chance(ChanceKind.FORTUNE, None, "fortune")
_EVALUATION_STEPS = tuple(make_step(name, args) for name, args in (
    ("bonus_die", ()), *(("chip_actions", (c,)) for c in CHIP_ACTION_ORDER), ("card_chip_actions", ()),
    ("rubies_step", ()), ("explosion_choices", ()), ("victory_points", ()), ("shopping", ()), ("empty_pots", ()),
    ("end_of_round", ()),
))


def set_phase(g: Game, phase: Phase) -> None:
    if phase != g.phase:
        g.phase = phase
        if g.record_events:
            g.emit(EventKind.PHASE, None, Cause(CauseKind.PHASE_BEGINS, (phase,)), phase=phase)


def set_fortune(g: Game, card: FortuneCard | None) -> None:
    """The card of this round, and the hooks it takes part in (so the others cost nothing while brewing)."""
    from .fortunes import CardEffect

    g.fortune = card
    if card is None:
        g.card_move_bonus = g.card_after_place = g.card_white_limit = None
        g.card_offers_restart = False
        return
    effect = card.effect
    kind = type(effect)
    g.card_move_bonus = effect if kind.move_bonus is not CardEffect.move_bonus else None
    g.card_after_place = effect if kind.after_place is not CardEffect.after_place else None
    g.card_white_limit = effect if kind.white_limit is not CardEffect.white_limit else None
    g.card_offers_restart = kind.offers_restart is not CardEffect.offers_restart


@step("round_start")
def round_start(g: Game) -> None:
    set_phase(g, Phase.FORTUNE)
    set_fortune(g, None)
    g.fixed_rats = None
    for s in g.seats:
        s.reset_round()
    if g.record_events:
        g.emit(EventKind.ROUND, None, Cause(CauseKind.ROUND_BEGINS, (g.round,)), round=g.round, start_seat=g.start_seat)
    for colour, r in g.cat.events.book_rounds:
        if g.round == r:
            if g.record_events:
                g.emit(EventKind.BOOK, None, Cause(CauseKind.BOOK_OUT, (colour.value,)), colour=colour.value)
    for r, c in g.cat.events.extra_chips:
        if g.round == r:
            for seat in g.seat_order():
                _add_round_chip(g, seat, c)
    if g.config.fortunes:
        g.push(FORTUNE_CARD)
    g.push(*_ROUND_TASKS)


def _add_round_chip(g: Game, seat: int, c: Chip) -> None:
    """Round 6: each player puts one more white 1-chip into the bag (rulebook "Turn indicator")."""
    if g.supply[c] > 0:
        g.supply.remove(c)
        g.seats[seat].bag.add(c)
        if g.record_events:
            g.emit(EventKind.CHIP_GAINED, seat, Cause(CauseKind.ROUND_CHIP, (g.round, c.name)), chip=c.name)
    else:
        if g.record_events:
            g.emit(EventKind.CHIP_MISSED, seat, Cause(CauseKind.ROUND_CHIP_NONE_LEFT, (g.round, c.name)), chip=c.name)


@chance("fortune")
def reveal_fortune(g: Game, ch: Chance, card_id: str) -> None:
    card = g.cat.cards[card_id]
    set_fortune(g, card)
    g.used_cards.append(card_id)
    if g.record_events:
        g.emit(EventKind.FORTUNE, None, Cause(CauseKind.FORTUNE_REVEALED, (card_id,)), card=card_id, colour=card.colour)
    if card.effect.fixes_rats:
        g.fixed_rats = count_rats(g)
    card.effect.reveal(g)


def count_rats(g: Game) -> list[int]:
    """Rat tails between each seat and the leader (data-reference §2); none in round 1; R24 doubling."""
    if g.round < g.cat.events.first_rat_round:
        return [0] * g.n
    leader = max(s.score for s in g.seats)
    factor = g.fortune.effect.rat_factor() if g.fortune is not None else 1
    return [g.cat.scoring.rats(s.score, leader) * factor for s in g.seats]


@step("rats")
def rats(g: Game) -> None:
    counts = g.fixed_rats if g.fixed_rats is not None else count_rats(g)
    for seat in g.seat_order():
        s = g.seats[seat]
        s.rats = max(0, counts[seat] - s.passed_rats)
        if s.rats:
            if g.record_events:
                g.emit(EventKind.RATS, seat, Cause(CauseKind.RATS_BEHIND, (counts[seat],)), rats=s.rats,
                       passed=s.passed_rats)


@step("brew_begins")
def brew_begins(g: Game) -> None:
    set_phase(g, Phase.BREWING)
    g.to_settle = None  # settle every seat once (an empty bag stops at once)
    for s in g.seats:
        s.brewing = True


@step("after_brewing")
def after_brewing(g: Game) -> None:
    if g.fortune is not None:
        g.fortune.effect.after_brewing(g)


@step("evaluation")
def evaluation(g: Game) -> None:
    set_phase(g, Phase.EVALUATION)
    for i, s in enumerate(g.seats):
        s.final_space = g.scoring_space(i)
        if g.record_events:
            g.emit(EventKind.SCORING_SPACE, i, SCORING_SPACE, space=s.final_space, exploded=s.exploded)
    g.push(*_EVALUATION_STEPS)


# --- A: bonus die -------------------------------------------------------------------------------------------


@step("bonus_die")
def bonus_die(g: Game) -> None:
    """The furthest scoring space among pots that did not explode rolls; ties all roll (rulebook A; R7)."""
    spaces = {i: g.seats[i].final_space for i in range(g.n) if not g.seats[i].exploded}
    if not spaces:
        return
    best = max(v for v in spaces.values() if v is not None)
    rolls = g.fortune.effect.die_rolls() if g.fortune is not None else 1
    for seat in g.seat_order():
        if spaces.get(seat) == best:
            for _ in range(rolls):
                g.push(make_chance(ChanceKind.DIE, seat, "die"))


@chance("die")
def die_rolled(g: Game, ch: Chance, face_id: str) -> None:
    _take_die(g, ch, face_id, BONUS_DIE, Cause(CauseKind.DIE_FACE, (face_id,)))


@chance("die-card")
def die_rolled_card(g: Game, ch: Chance, face_id: str) -> None:
    card = g.fortune.id if g.fortune is not None else ""
    # its VP are the card's (donations), not the bonus die's of step A: the round's results tell them apart
    _take_die(g, ch, face_id, Cause(CauseKind.CARD, (card,)), Cause(CauseKind.CARD_DIE_FACE, (card, face_id)),
              "card")


def _take_die(g: Game, ch: Chance, face_id: str, roll: Cause, gain: Cause, source: str = "die") -> None:
    """``roll``: why the die was rolled; ``gain``: why its face is received; ``source``: whose VP they are."""
    assert ch.seat is not None
    face = g.cat.die.face(face_id)
    if g.record_events:
        g.emit(EventKind.DIE, ch.seat, roll, face=face_id)
    g.give_reward(ch.seat, face.reward, gain, source)


# --- B: chip actions (the book steps are in books.py), then the cards that act after them -----------------------


@step("card_chip_actions")
def card_chip_actions(g: Game) -> None:
    if g.fortune is not None:
        g.fortune.effect.end_of_chip_actions(g)


# --- C: rubies, then the explosion choice ----------------------------------------------------------------------


@step("rubies_step")
def rubies_step(g: Game) -> None:
    for seat in g.seat_order():
        s = g.seats[seat]
        assert s.final_space is not None
        if g.cat.pot.space(s.final_space).ruby:
            g.gain_rubies(seat, 1, RUBY_SPACE)
            if g.fortune is not None:
                g.fortune.effect.ruby_space(g, seat)


@step("explosion_choices")
def explosion_choices(g: Game) -> None:
    for seat in g.seat_order():
        s = g.seats[seat]
        if s.exploded and not s.protected:
            g.push(make_decision(seat, DecisionKind.EXPLOSION))


# --- D: victory points ---------------------------------------------------------------------------------------


def scores_vp(g: Game, seat: int) -> bool:
    s = g.seats[seat]
    return not s.exploded or s.protected or s.choice == "vp"


def has_coins(g: Game, seat: int) -> bool:
    s = g.seats[seat]
    return not s.exploded or s.protected or s.choice == "coins"


@step("victory_points")
def victory_points(g: Game) -> None:
    for seat in g.seat_order():
        s = g.seats[seat]
        assert s.final_space is not None
        if scores_vp(g, seat):
            vp = g.cat.pot.space(s.final_space).vp
            g.gain_vp(seat, vp, Cause(CauseKind.SCORING_SPACE_VP, (s.final_space,)), "space")


# --- E: shopping ----------------------------------------------------------------------------------------------


@step("shopping")
def shopping(g: Game) -> None:
    set_phase(g, Phase.SHOPPING)
    last = g.round >= g.cat.events.rounds
    for seat in g.seat_order():
        s = g.seats[seat]
        assert s.final_space is not None
        s.coins = g.cat.pot.space(s.final_space).coins if has_coins(g, seat) else 0
    for seat in g.seat_order():
        g.push(make_decision(seat, DecisionKind.CONVERT if last else DecisionKind.SHOP))


@step("empty_pots")
def empty_pots(g: Game) -> None:
    """After shopping every chip in the pots goes back into its bag (rulebook E)."""
    for seat in g.seat_order():
        s = g.seats[seat]
        s.bag.add_placed(s.pot)
        s.pot = []
        s.white_total = 0
        s.coins = None
        s.last_space = s.final_space or 0


# --- F: end of round --------------------------------------------------------------------------------------------


@step("end_of_round")
def end_of_round(g: Game) -> None:
    if g.round >= g.cat.events.rounds:  # R35: the game ends after the victory-point buying
        g.push(make_step("game_over"))
        return
    set_phase(g, Phase.RUBIES)
    if g.fortune is not None:
        g.fortune.effect.end_of_round(g)
    for seat in g.seat_order():
        g.push(make_decision(seat, DecisionKind.SPEND))
    g.push(make_step("next_round"))


@step("next_round")
def next_round(g: Game) -> None:
    g.start_seat = g.left_of(g.start_seat)
    g.round += 1
    g.push(make_step("round_start"))


@step("game_over")
def game_over(g: Game) -> None:
    set_phase(g, Phase.OVER)
    g.over = True
    ranking = g.ranking()
    if g.record_events:
        g.emit(EventKind.GAME_OVER, None, Cause(CauseKind.GAME_OVER), ranking=ranking)


def _round_tasks() -> tuple[Task, ...]:
    from .game import Brew

    return (make_step("rats"), make_step("brew_begins"), Brew(), make_step("after_brewing"), make_step("evaluation"))


_ROUND_TASKS = _round_tasks()
