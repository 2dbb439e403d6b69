"""Words for decisions and actions: what the table asks and what each button does, in our own words."""

from __future__ import annotations

from ...rules.actions import Action
from ...rules.chips import CHIP_BY_NAME, Chip
from ...rules.game import Game


def chip_name(c: Chip | str) -> str:
    c = CHIP_BY_NAME[c] if isinstance(c, str) else c
    return f"{c.colour.value} {c.value}"


def prompt(g: Game, seat: int) -> str:
    kind = g.decision_kind(seat)
    s = g.seats[seat]
    d = g.current_decision(seat)
    if kind == "brew":
        return "Draw another chip, or stop?" if s.pot else "Draw your first chip"
    if kind == "pick":
        src = "Strong ingredient" if d and d.data and d.data[0] == "strong" else "Crow skull"
        return f"{src}: place one of the chips you drew as your next chip, or none"
    if kind == "return-white":
        src = "Mandrake" if d and d.data and d.data[0] == "yellow" else "Well stirred"
        return f"{src}: put the white chip back into your bag?"
    if kind == "second-chance":
        return "Second chance: start this round's brew all over again? (only once)"
    if kind == "aside":
        return "Red chips beside your pot: place each, put it back in the bag, or keep it for later"
    if kind == "droplet":
        return "Test tubes: move the droplet in your pot or the one on your test tubes?"
    if kind == "explosion":
        sp = g.cat.pot.space(g.scoring_space(seat) or 0)
        return f"Your pot exploded: take {sp.vp} VP or {sp.coins} coins to shop"
    if kind == "shop":
        return f"Shopping: buy up to two chips of different colours with {s.coins} coins"
    if kind == "convert":
        return f"Last round: buy victory points with coins ({s.coins} left) or rubies ({s.rubies})"
    if kind == "spend":
        return f"End of the round: spend rubies ({s.rubies}) on a droplet step or a full flask"
    if kind == "green-chip":
        return f"Garden spider: take a chip for your {chip_name(d.data[0]) if d else 'green chip'}"
    if kind == "green-ruby":
        return "Garden spider: pay a ruby per green chip (last or next to last) for a droplet step"
    if kind == "purple-tier":
        return "Ghost's breath: which tier of rewards do you take?"
    if kind == "purple-trade":
        return "Ghost's breath: trade in how many purple chips?"
    if kind == "purple-upgrade":
        return "Ghost's breath: swap one chip from your pot for a higher one"
    if kind == "card":
        card = g.fortune
        name = card.name if card else "Fortune card"
        if d and d.data and d.data[0] == "gift" and card:
            giver = g.seats[d.data[1]].name
            return f"{name}: {giver}'s pot exploded, take any one 2-chip"
        return f"{name}: {card.text if card else ''}"
    return "Your choice"


def label(g: Game, seat: int, a: Action) -> tuple[str, str, str | None]:
    """(button text, tooltip, chip shown on the button or None)."""
    v, args = a.verb, a.args
    s = g.seats[seat]
    if v == "draw":
        return "Draw", "Draw a chip from your bag and place it (Space).", None
    if v == "stop":
        return "Stop", "Stop brewing this round (S).", None
    if v == "flask":
        return "Flask", "Put the white chip you just drew back into your bag (F). The flask is then empty.", None
    if v == "pick":
        if args[0] == "none":
            return "None", "Put all of them back into the bag.", None
        return f"Place {chip_name(args[0])}", "Place this chip as your next chip; the rest go back.", args[0]
    if v == "place":
        return f"Place {chip_name(args[0])}", "Place it after your last chip.", args[0]
    if v == "return":
        return f"Back to bag: {chip_name(args[0])}", "Put it back into your bag.", args[0]
    if v == "done":
        kind = g.decision_kind(seat)
        if kind == "aside":
            return "Keep the rest", "Keep the remaining chips beside the pot for a later round.", None
        if kind == "convert":
            return "Done", "Finish buying victory points.", None
        return "Done", "Keep the remaining rubies.", None
    if v == "pass":
        return "Pass", "Take nothing.", None
    if v == "upgrade":
        return (f"{chip_name(args[0])} to {chip_name(args[1])}",
                "Swap this chip for the higher one of its colour (into your bag).", args[1])
    if v == "convert":
        if args[0] == "coins":
            return "5 coins = 1 VP", "Buy a victory point with 5 coins.", None
        return "2 rubies = 1 VP", "Buy a victory point with 2 rubies.", None
    if v == "spend":
        if args[0] == "droplet":
            return "Droplet +1 (2 rubies)", "Your first chip will start one space further from now on.", None
        return "Refill flask (2 rubies)", "The flask can be used again next round.", None
    if v == "buy":
        if args == ("nothing",):
            return "Buy nothing", "Unspent coins are lost.", None
        return "Buy " + " + ".join(chip_name(x) for x in args), "", args[0]
    if v == "choose":
        x = args[0]
        if x == "return-white":
            return "Put it back", "The white chip goes back into the bag; its space stays empty.", None
        if x == "keep-white":
            return "Keep it", "The white chip stays in the pot.", None
        if x == "restart":
            return "Start again", "Every chip placed this round goes back into the bag.", None
        if x == "continue":
            return "Continue", "Keep this brew.", None
        if x == "pot":
            return "Pot droplet", f"Move the droplet in your pot to space {min(s.droplet + 1, 52)}.", None
        if x == "tube":
            glass = g.cat.tubes[min(s.tube, len(g.cat.tubes) - 1)]
            return f"Test tube: {glass.describe()}", "Move the test-tube droplet one glass and take its bonus.", None
        if x == "vp":
            if g.decision_kind(seat) == "explosion":
                sp = g.cat.pot.space(g.scoring_space(seat) or 0)
                return (f"Take {sp.vp} VP", f"Score {sp.vp} victory points now; no shopping this round "
                        f"({sp.coins} coins would have bought: {coins_buy(g, sp.coins)})", None)
            return "Take the VP", "", None
        if x == "coins":
            sp = g.cat.pot.space(g.scoring_space(seat) or 0)
            tip = f"Shop with the coins; no victory points this round. {coins_buy(g, sp.coins)}"
            return f"Take {sp.coins} coins", tip, None
        if x == "droplet":
            return "Move the droplet", "Move your droplet forward.", None
        if x == "rubies":
            return "Take the rubies", "", None
        if x == "rat-vp":
            rats = g.fixed_rats[seat] if g.fixed_rats is not None else 0
            return f"Take {rats} VP", "One victory point per rat tail this round.", None
        if x == "remove-white":
            return "Remove a white 1", "Take a white 1-chip out of your bag for good.", None
        if x.isdigit():
            return x, "", None
        if x in CHIP_BY_NAME:
            return f"Take {chip_name(x)}", "The chip goes into your bag.", x
    return str(a), "", None


def coins_buy(g: Game, coins: int) -> str:
    """What so many coins buy at best, in words ("e.g. a blue 2 and a green 2, 18 coins")."""
    from ...rules.decisions import buyable

    items = buyable(g, coins)
    if g.round >= g.cat.events.rounds:
        return f"in round 9, {coins // g.cat.events.vp_coin_price} VP"
    best: tuple[int, list[str]] = (0, [])
    for i, (a, pa) in enumerate(items):
        if pa > best[0]:
            best = (pa, [chip_name(a)])
        for b, pb in items[i + 1:]:
            if a.colour is not b.colour and pa + pb <= coins and pa + pb > best[0]:
                best = (pa + pb, [chip_name(a), chip_name(b)])
    if not best[1]:
        return "nothing in the books"
    return f"e.g. {' and '.join(best[1])} ({best[0]} coins)"
