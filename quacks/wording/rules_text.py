"""The flow of a round for the rules screen, in our own words, with every number from the game's data."""

from __future__ import annotations

from ..i18n import _
from ..rules.catalogue import Catalogue
from ..rules.chips import Colour
from . import text as W


def flow(cat: Catalogue) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs, from the goal to the end of a round and the test-tube side."""
    ev = cat.events
    yellow, purple = ev.book_round(Colour.YELLOW), ev.book_round(Colour.PURPLE)
    extra = "; ".join(_("before round {n} everyone adds {chip} to the bag").format(n=r, chip=W.a_chip(c))
                      for r, c in ev.extra_chips)
    start = _("Before round {yellow} the yellow book comes out, before round {purple} the purple one").format(
        yellow=yellow, purple=purple)
    start += ("; " + extra if extra else "") + ". "
    start += _("A fortune card is read: purple cards act at once, blue cards during the round or at its end. From "
               "round {n}, everyone behind the leader puts the rat stone one space ahead of the droplet for each rat "
               "tail between them.").format(n=ev.first_rat_round)
    return [
        (_("The goal"), _("Brew potions for {rounds} rounds. Whoever has the most victory points at the end wins; on "
                          "a tie, whoever got furthest into the pot in the last round.").format(rounds=ev.rounds)),
        (_("1. The round begins"), start),
        (_("2. Brewing"), _("Everyone draws chips from their own bag, one at a time, and places each one as many "
                            "spaces after the previous chip as its value (the first after the droplet or rat stone). "
                            "White chips are cherry bombs: if their total goes over {limit} the pot explodes and you "
                            "must stop. Blue, red and yellow chips act as soon as they are drawn. Right after you draw "
                            "a white chip that did not explode the pot, a full flask can put it back into the bag; "
                            "the flask is then empty until you pay to refill it. Stop whenever you like.").format(
            limit=ev.white_limit)),
        (_("3. Evaluation"), _("Your scoring space is the one right after your last chip. A: among pots that did not "
                               "explode, the furthest scoring space rolls the bonus die (ties all roll). B: black, "
                               "green and purple chips act, one colour after another, seat by seat. C: a scoring "
                               "space with a ruby gives a ruby; an exploded pot now chooses victory points or coins. "
                               "D: score the victory points of your space.")),
        (_("4. Shopping"), _("Spend the coins of your scoring space on up to {n} chips of different colours; unspent "
                             "coins are lost. In round {last} you buy victory points instead: {coins} or {rubies} "
                             "each.").format(n=ev.max_buys, last=ev.rounds, coins=W.coins(ev.vp_coin_price),
                                             rubies=W.rubies(ev.vp_ruby_price))),
        (_("5. The end of the round"), _("Pay {droplet} to move your droplet one space (for good), or {flask} to "
                                         "refill your flask. The start player passes to the left.").format(
            droplet=W.rubies(ev.droplet_cost), flask=W.rubies(ev.flask_cost))),
        (_("Test tubes"), _("On the back side of the pot every droplet step may go into the test tubes instead; each "
                            "of the {n} glasses gives its bonus at once.").format(n=len(cat.tubes))),
    ]
