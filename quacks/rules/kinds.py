"""The closed sets of the engine: decision kinds, phases, chance kinds, book and card effect kinds, events
and their causes.

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


class CauseKind(_Kind):
    """Why an event happened (``Cause.kind``; ``Event.cause``). The arguments each kind carries are named in
    the comment (chip names, card ids, colours, seat positions, numbers); ``wording/causes.py`` holds the
    words of every kind, and a test checks that none lacks them."""

    # the round
    ROUND_BEGINS = "round-begins"  # (round)
    PHASE_BEGINS = "phase-begins"  # (phase)
    BOOK_OUT = "book-out"  # (colour)
    ROUND_CHIP = "round-chip"  # (round, chip): round 6's extra white chip
    ROUND_CHIP_NONE_LEFT = "round-chip-none-left"  # (round, chip)
    FORTUNE_REVEALED = "fortune-revealed"  # (card)
    RATS_BEHIND = "rats-behind"  # (tails)
    GAME_OVER = "game-over"  # ()
    # brewing
    DRAWN = "drawn"  # (): a chip comes out of the bag
    FROM_BAG = "from-bag"  # (): placed as drawn
    PICKED = "picked"  # (): placed from the chips looked at (blue set 1)
    PLACED_BY_CARD = "placed-by-card"  # (card): placed from the chips looked at (strong-ingredient)
    FROM_BESIDE_POT = "from-beside-pot"  # (): red set 2, placed after stopping (R10)
    CHIP_PLACED = "chip-placed"  # (chip): a white chip's effect on the white total
    WHITE_OVER_LIMIT = "white-over-limit"  # (total, limit)
    STOPPED = "stopped"  # ()
    EXPLODED = "exploded"  # ()
    POT_FULL = "pot-full"  # (): R34
    BAG_EMPTY = "bag-empty"  # (): R36
    GOES_ASIDE = "goes-aside"  # (chip): red set 2 (R10)
    FLASK = "flask"  # (): the flask is used, its white goes back (R17)
    YELLOW_RETURN = "yellow-return"  # (): yellow set 1 returns the white chip before it
    KEEPS_WHITE = "keeps-white"  # ()
    CROW_SKULL_LOOK = "crow-skull-look"  # (): blue set 1 looks at chips
    BREW_CONTINUED = "brew-continued"  # (): second-chance, go on
    BREW_RESTARTED = "brew-restarted"  # (): second-chance, start again (R19)
    ASIDE_KEPT = "aside-kept"  # (): red set 2, the rest stays beside the pot
    ASIDE_BACK_TO_BAG = "aside-back-to-bag"  # (chip)
    # evaluation
    SCORING_SPACE = "scoring-space"  # ()
    SCORING_SPACE_VP = "scoring-space-vp"  # (space)
    RUBY_SPACE = "ruby-space"  # (): a scoring space with a ruby
    BONUS_DIE = "bonus-die"  # (): the roll of step A
    DIE_FACE = "die-face"  # (face): what the bonus die gave
    CARD_DIE_FACE = "card-die-face"  # (card, face): what a roll a card gave (donations)
    TAKES_VP = "takes-vp"  # (): an exploded pot's choice
    TAKES_COINS = "takes-coins"  # ()
    # chip actions (step B and chips that act when placed)
    MORE_THAN_OPPONENT = "more-than-opponent"  # (colour): black, 2 players
    AS_MANY_AS_OPPONENT = "as-many-as-opponent"  # (colour)
    MORE_THAN_BOTH = "more-than-both"  # (colour): black, 3-4 players
    MORE_THAN_ONE = "more-than-one"  # (colour)
    CHIP_ON_RUBY_SPACE = "chip-on-ruby-space"  # (chip): blue sets 3 and 4
    LAST_TWO = "last-two"  # (count, colour): green set 1
    FOR_CHIP_LAST_TWO = "for-chip-last-two"  # (chip): green set 2
    LAST_TWO_PAID = "last-two-paid"  # (colour): green set 4, rubies for droplet steps
    EXACT_WHITE_PUSH = "exact-white-push"  # (total, spaces): green set 3
    TIER = "tier"  # (count, colour): purple set 1
    TRADED_IN = "traded-in"  # (colour): purple set 2, a chip back to the supply
    TRADE_TIER = "trade-tier"  # (count, colour): purple set 2's gains
    BAND_VP = "band-vp"  # (colour): purple set 3
    UPGRADED = "upgraded"  # (): purple set 4, the old chip back to the supply
    UPGRADED_FROM = "upgraded-from"  # (chip): purple set 4, the better chip
    # test tubes, shopping and rubies
    TEST_TUBE = "test-tube"  # (glass)
    DROPLET_STEP = "droplet-step"  # (): a droplet step of unknown origin
    SHOPPING = "shopping"  # ()
    COINS_FOR_VP = "coins-for-vp"  # (coins): round 9
    BOUGHT_WITH_COINS = "bought-with-coins"  # (coins)
    BOUGHT_WITH_RUBIES = "bought-with-rubies"  # (rubies)
    VP_BOUGHT = "vp-bought"  # (): rubies paid for a VP
    DROPLET_BOUGHT = "droplet-bought"  # (): rubies paid for a droplet step
    PAID_RUBIES = "paid-rubies"  # (rubies): what a droplet step or a refill cost
    FLASK_REFILL = "flask-refill"  # (): rubies paid for a refill
    # fortune cards
    CARD = "card"  # (card): the card of the round, nothing more to say
    CARD_FEWEST_RUBIES = "card-fewest-rubies"  # (card)
    CARD_FEWEST_VP = "card-fewest-vp"  # (card)
    CARD_SUM = "card-sum"  # (card, total)
    CARD_PASSED_RATS = "card-passed-rats"  # (card, tails)
    CARD_TRADED_UP = "card-traded-up"  # (card): the old chip back to the supply
    CARD_TRADED_UP_FROM = "card-traded-up-from"  # (card, chip): the better chip
    CARD_NO_TRADE = "card-no-trade"  # (card)
    CARD_REMOVED = "card-removed"  # (card)
    CARD_RAT_TAILS = "card-rat-tails"  # (card, tails)
    CARD_EXACT_WHITE = "card-exact-white"  # (card, total)
    CARD_RUBY_SPACE = "card-ruby-space"  # (card)
    CARD_GIFT = "card-gift"  # (card, seat): the seat whose pot exploded
    CARD_FLASK_REFILLED = "card-flask-refilled"  # (card)
    # R47: a card's choice with one option left, resolved by itself; the cause of its CARD_CHOICE event says why
    CARD_ONLY_NOT_OUT = "card-only-not-out"  # (card, colour): the chip's book is not on the table yet (R32)
    CARD_ONLY_NONE_LEFT = "card-only-none-left"  # (card, chip): the named chip is gone from the supply (R4)
    CARD_ONLY_NO_VALUE_CHIP = "card-only-no-value-chip"  # (card, value): no chip of that value can be had (R4, R32)
    CARD_ONLY_ONE_CHIP = "card-only-one-chip"  # (card, chip): the one chip of the value that can be had (R4, R32)
    CARD_ONLY_NO_RUBY = "card-only-no-ruby"  # (card, cost): too few rubies to pay
    CARD_ONLY_NO_RATS = "card-only-no-rats"  # (card): no rat tails this round to give up (R29)
    CARD_ONLY_NOT_IN_BAG = "card-only-not-in-bag"  # (card, chip): no such chip in the bag to remove (R33)


__all__ = [
    "BookKind", "CardKind", "CauseKind", "ChanceKind", "DecisionKind", "EventKind", "Phase", "REGISTERED_DECISIONS",
]
