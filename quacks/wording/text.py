"""Small pieces every sentence needs: chip and colour names, a seat's name in a sentence, counts.

A seat called "You" (the solo player's default name) is spoken to: "Your bag", "You draw". Every sentence
therefore comes in two whole forms, one for "you" and one for anybody else, picked by :func:`you_or`; no
sentence is glued from a name and an ending, so it reads right whatever the name is.
"""

from __future__ import annotations

from ..i18n import N_, _, in_every_language, ngettext, pgettext
from ..rules.chips import CHIP_BY_NAME, Chip, Colour

COLOUR_NAMES = {
    Colour.WHITE: N_("white"), Colour.ORANGE: N_("orange"), Colour.GREEN: N_("green"), Colour.BLUE: N_("blue"),
    Colour.RED: N_("red"), Colour.YELLOW: N_("yellow"), Colour.PURPLE: N_("purple"), Colour.BLACK: N_("black"),
}


def colour_name(colour: Colour | str) -> str:
    return _(COLOUR_NAMES[Colour(colour)])


def chip_name(c: Chip | str) -> str:
    """"white 2", "orange 1": the colour and the value (as players name the chips)."""
    c = CHIP_BY_NAME[c] if isinstance(c, str) else c
    # Translators: a chip as players name it: "white 2" ({colour}: a colour name, {value}: a number)
    return _("{colour} {value}").format(colour=colour_name(c.colour), value=c.value)


def a_chip(c: Chip | str | None) -> str:
    """"an orange 1", "a white 2"."""
    if c is None or c == "":
        return _("a chip")
    c = CHIP_BY_NAME[c] if isinstance(c, str) else c
    if c.colour is Colour.ORANGE:
        # Translators: "an orange 1": a chip with its article, used inside sentences; {value} is its number
        return _("an orange {value}").format(value=c.value)
    # Translators: "a white 2": {chip} is "{colour} {value}" (a colour name and a number)
    return _("a {chip}").format(chip=chip_name(c))


def chip_list(names: list[str] | tuple[str, ...]) -> str:
    return ", ".join(chip_name(n) for n in names) if names else _("nothing")


def is_you(name: str) -> bool:
    """Is this seat addressed as "you"? (A seat named "You" in any of the game's languages: a game begun in
    German keeps its seat "Du" after a switch to Dutch, and is still spoken to.)"""
    n = name.strip().casefold()
    return n == _("You").casefold() or n in {w.casefold() for w in in_every_language("You")}


def you_or(name: str, you: str, other: str, **kw: object) -> str:
    """The "you" sentence for a seat called You, else the sentence about ``name`` ({name} in it)."""
    if is_you(name):
        return you.format(**kw)
    return other.format(name=name, **kw)


def rubies(n: int) -> str:
    return ngettext("{n} ruby", "{n} rubies", n).format(n=n)


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def vp(n: int) -> str:
    return _("{n} VP").format(n=n)


def rat_tails(n: int) -> str:
    return ngettext("{n} rat tail", "{n} rat tails", n).format(n=n)


def spaces(n: int) -> str:
    return ngettext("{n} space", "{n} spaces", n).format(n=n)


def reward_text(vp_: int = 0, rubies_: int = 0, droplet: int = 0, chips: tuple[Chip, ...] | list[Chip] = ()) -> str:
    """"2 VP, a ruby, droplet +1, a green 1" ("nothing" for an empty reward)."""
    parts: list[str] = []
    if vp_:
        parts.append(vp(vp_))
    if rubies_:
        parts.append(rubies(rubies_))
    if droplet:
        parts.append(_("droplet +{n}").format(n=droplet))
    parts += [a_chip(c) for c in chips]
    return ", ".join(parts) if parts else _("nothing")


def reward(r: object) -> str:
    """A rules ``Reward`` in words."""
    return reward_text(getattr(r, "vp", 0), getattr(r, "rubies", 0), getattr(r, "droplet", 0),
                       tuple(getattr(r, "chips", ())))


def space_reward(coins_: int, vp_: int, ruby: bool) -> str:
    """What a pot space gives: "14 coins, 3 VP, a ruby"."""
    text = _("{coins}, {vp}").format(coins=coins(coins_), vp=vp(vp_))
    return _("{reward}, a ruby").format(reward=text) if ruby else text


LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "random": N_("Random")}


def level_name(level: str) -> str:
    """A bot level as players read it ("Normal")."""
    return _(LEVEL_NAMES[level])


def bot_name(level: str) -> str:
    """What a bot seat is, as one phrase ("Normal bot"): each language words it its own way."""
    names = {"easy": _("Easy bot"), "normal": _("Normal bot"), "hard": _("Hard bot"), "random": _("Random bot")}
    return names[level]


def colour_label(colour: Colour | str) -> str:
    """A colour standing alone as a label ("Green" above a column), not before a noun."""
    labels = {Colour.WHITE: pgettext("colour label", "White"), Colour.ORANGE: pgettext("colour label", "Orange"),
              Colour.GREEN: pgettext("colour label", "Green"), Colour.BLUE: pgettext("colour label", "Blue"),
              Colour.RED: pgettext("colour label", "Red"), Colour.YELLOW: pgettext("colour label", "Yellow"),
              Colour.PURPLE: pgettext("colour label", "Purple"), Colour.BLACK: pgettext("colour label", "Black")}
    return labels[Colour(colour)]
