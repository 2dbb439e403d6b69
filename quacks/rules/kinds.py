"""The closed sets of the engine: decision kinds, phases, chance kinds, book and card effect kinds, events.

Each is an ``enum.StrEnum`` defined here once, so code outside ``rules/`` compares against a member, never
a string, and a test can walk every member (wording for the player, an answer for every bot). The values
are the strings the engine always used: saves, records, scenario output and action texts do not change,
and a member compares equal to its string (``DecisionKind.SHOP == "shop"``).

The engine checks both directions when it is imported (``registry.check_complete``): registering a kind
that is not a member fails, and so does a member without its handler or effect class.
"""

from __future__ import annotations

from enum import StrEnum


class _Kind(StrEnum):
    """A closed kind. ``repr`` is the plain string, so the printed agenda and state fingerprints (which
    show tasks like ``Decision(seat=0, kind='pick', data=())``) read exactly as before the enums."""

    def __repr__(self) -> str:
        return repr(self.value)


class DecisionKind(_Kind):
    """What a seat is deciding (``Game.decision_kind``): brewing, or one registered decision."""

    BREW = "brew"  # draw, stop or flask while the seat brews (not a registered decision)
    PICK = "pick"  # blue set 1 and strong-ingredient: place one of the chips looked at (R20, R31)
    RETURN_WHITE = "return-white"  # yellow set 1 or well-stirred: the white goes back into the bag (R26)
    SECOND_CHANCE = "second-chance"  # second-chance: restart the brew or go on (R19)
    ASIDE = "aside"  # red set 2: the chips beside the pot (R10)
    DROPLET = "droplet"  # test-tube side: the pot droplet or the test-tube droplet (R14)
    EXPLOSION = "explosion"  # step C: an exploded pot takes VP or coins
    SHOP = "shop"  # step E: buy up to two chips (R16)
    CONVERT = "convert"  # round 9: coins and rubies into VP (R15, R35)
    SPEND = "spend"  # step F: rubies for a droplet step or a flask refill
    GREEN_CHIP = "green-chip"  # green set 2: a chip for a green chip last or next to last
    GREEN_RUBY = "green-ruby"  # green set 4: rubies for droplet steps
    PURPLE_TIER = "purple-tier"  # purple set 1: a tier of gains (R12)
    PURPLE_TRADE = "purple-trade"  # purple set 2: trade chips for a tier (R12)
    PURPLE_UPGRADE = "purple-upgrade"  # purple set 4: trade a pot chip up (R12)
    CARD = "card"  # a fortune card's choice


#: Decision kinds that are registered decisions (everything but brewing itself).
REGISTERED_DECISIONS: tuple[DecisionKind, ...] = tuple(k for k in DecisionKind if k is not DecisionKind.BREW)


class Phase(_Kind):
    """The part of the round the game is in (``Game.phase``; rulings R25)."""

    FORTUNE = "fortune"  # round start: books, the round-6 chip, the fortune card, rats
    BREWING = "brewing"
    EVALUATION = "evaluation"  # steps A-D
    SHOPPING = "shopping"  # step E (round 9: victory-point buying)
    RUBIES = "rubies"  # step F
    OVER = "over"


class ChanceKind(_Kind):
    """A random outcome the game waits for (``ChanceWaiting.kind``, ``Chance.kind``)."""

    DRAW = "draw"  # one chip from a bag
    REVEAL = "reveal"  # several chips from a bag, looked at together
    DIE = "die"  # the bonus die
    FORTUNE = "fortune"  # the fortune card of the round


class BookKind(_Kind):
    """The chip action of an ingredient book (``data/books/*.yaml`` ``effect.kind``; books.py)."""

    PLAIN = "plain"  # orange
    BLACK_DUEL = "black_duel"
    BLACK_NEIGHBOURS = "black_neighbours"
    PEEK_AND_PICK = "peek_and_pick"  # blue 1
    EXPLOSION_SHIELD = "explosion_shield"  # blue 2
    RUBY_SPACE_RUBY = "ruby_space_ruby"  # blue 3
    RUBY_SPACE_VP = "ruby_space_vp"  # blue 4
    ORANGE_BOOST = "orange_boost"  # red 1
    SET_ASIDE = "set_aside"  # red 2
    FOLLOW_WHITE = "follow_white"  # red 3
    WHITE_BOOST = "white_boost"  # red 4
    RETURN_WHITE = "return_white"  # yellow 1
    DOUBLE_NEXT = "double_next"  # yellow 2
    RAISE_LIMIT = "raise_limit"  # yellow 3
    COUNT_BONUS = "count_bonus"  # yellow 4
    LAST_TWO_RUBIES = "last_two_rubies"  # green 1
    LAST_TWO_CHIPS = "last_two_chips"  # green 2
    EXACT_WHITE_PUSH = "exact_white_push"  # green 3
    LAST_TWO_RUBY_DROPLET = "last_two_ruby_droplet"  # green 4
    COUNT_TIERS = "count_tiers"  # purple 1
    TRADE_TIERS = "trade_tiers"  # purple 2
    BAND_VP = "band_vp"  # purple 3
    UPGRADE_TIERS = "upgrade_tiers"  # purple 4


class CardKind(_Kind):
    """The effect of a fortune-teller card (``data/fortune_cards.yaml`` ``effect.kind``; fortunes.py)."""

    DROPLET_OR_CHIP = "droplet_or_chip"
    DROPLET_FOR_ALL = "droplet_for_all"
    FEWEST_GAIN = "fewest_gain"
    LOWEST_SUM = "lowest_sum"
    CHIP_OR_RUBIES = "chip_or_rubies"
    RUBY_FOR_CHIP = "ruby_for_chip"
    RATS_FOR_RUBIES = "rats_for_rubies"
    EVERYONE_ROLLS = "everyone_rolls"
    LOOK_AND_UPGRADE = "look_and_upgrade"
    VP_OR_REMOVE = "vp_or_remove"
    CHIP_OR_RAT_VP = "chip_or_rat_vp"
    RAT_FACTOR = "rat_factor"
    WHITE_LIMIT = "white_limit"
    EXACT_WHITE_REWARD = "exact_white_reward"
    RUBY_SPACE_BONUS = "ruby_space_bonus"
    EXPLOSION_GIFT = "explosion_gift"
    RETURN_FIRST_WHITE = "return_first_white"
    EXTRA_DIE_ROLLS = "extra_die_rolls"
    RESTART_BREW = "restart_brew"
    LOOK_AND_PLACE = "look_and_place"
    MOVE_BONUS = "move_bonus"
    REFILL_FLASKS = "refill_flasks"


class EventKind(_Kind):
    """What an event reports (``Event.kind``; ``Game.emit`` takes one). The log and the table read these."""

    # the round
    ROUND = "round"
    PHASE = "phase"
    BOOK = "book"
    FORTUNE = "fortune"
    RATS = "rats"
    GAME_OVER = "game_over"
    # brewing
    DRAW = "draw"
    PLACE = "place"
    WHITE_TOTAL = "white_total"
    EXPLODE = "explode"
    STOP = "stop"
    FLASK = "flask"
    RETURN_WHITE = "return_white"
    KEEP_WHITE = "keep_white"
    REVEAL = "reveal"
    PICK = "pick"
    ASIDE = "aside"
    ASIDE_DONE = "aside_done"
    ASIDE_RETURN = "aside_return"
    SECOND_CHANCE = "second_chance"
    # evaluation
    SCORING_SPACE = "scoring_space"
    DIE = "die"
    PUSH = "push"
    SUM = "sum"
    EXPLOSION_CHOICE = "explosion_choice"
    CARD_CHOICE = "card_choice"
    # resources
    VP = "vp"
    RUBIES = "rubies"
    DROPLET = "droplet"
    TUBE = "tube"
    CHIP_GAINED = "chip_gained"
    CHIP_MISSED = "chip_missed"
    CHIP_RETURNED = "chip_returned"
    # shopping and the end of the round
    BUY = "buy"
    CONVERT = "convert"


__all__ = [
    "BookKind", "CardKind", "ChanceKind", "DecisionKind", "EventKind", "Phase", "REGISTERED_DECISIONS",
]
