"""Small pieces every sentence needs: chip and colour names, a seat's name in a sentence, counts.

A seat called "You" (the solo player's default name) is spoken to: "Your bag", "You draw". Every sentence
therefore comes in two whole forms, one for "you" and one for anybody else, picked by :func:`you_or`; no
sentence is glued from a name and an ending, so it reads right whatever the name is.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache

from ..content.bot_strength import Strength
from ..i18n import N_, LocalNumber, _, decimal_mark, in_every_language, language, ngettext, pgettext, verbatim
from ..rules.catalogue import PotTrack
from ..rules.chips import CHIP_BY_NAME, Chip, Colour
from ..session.setup import HUMAN

#: a space no line breaks at (the text engine splits lines at other spaces only): inside a date, a duration
NBSP = "\u00a0"

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


def marker_letters(names: Sequence[str]) -> list[str]:
    """The letter on each seat's marker, so that no two markers differ by colour alone (issue 34): its name's
    initial; seats whose initials are the same carry it with their place among them ("A1", "A2")."""
    first = [(n.strip()[:1] or "?").upper() for n in names]
    out = []
    for i, letter in enumerate(first):
        same = [j for j, other in enumerate(first) if other == letter]
        out.append(letter if len(same) == 1 else f"{letter}{same.index(i) + 1}")
    return out


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


# --- the pot's spaces, by what is printed on them (docs/localisation.md, "How the game names things") ------------


@lru_cache(maxsize=4)
def _printed_at(pot: PotTrack) -> dict[int, list[int]]:
    """Each coin number printed on the pot and the spaces that print it, from the centre out."""
    out: dict[int, list[int]] = {}
    for i in range(pot.spoon):
        out.setdefault(pot.space(i).coins, []).append(i)
    return out


def space_label(pot: PotTrack, index: int) -> str:
    """A pot space as the board prints it: its coin number ("24"). The pot prints the numbers 15 to 33 on two
    spaces each (data-reference §1): those say which of the two ("15 (first)" nearer the centre, "15 (second)");
    the scoring entry after the last space is "35 (the spoon)". Never the engine's index."""
    if index >= pot.spoon:
        # Translators: the spoon, the scoring entry after the pot's last space; {n} is its coin number (35)
        return _("{n} (the spoon)").format(n=pot.space(pot.spoon).coins)
    if index < 0:
        raise ValueError(f"no pot space {index}")
    n = pot.space(index).coins
    twins = _printed_at(pot)[n]
    if len(twins) == 1:
        return str(n)
    k = twins.index(index)
    if len(twins) == 2:
        # Translators: a number printed on two spaces of the pot: {n} is the number; "first" is the one
        # nearer the centre. Said after the word for "space" ("space 15 (first)"): German "Feld 15 (erstes)"
        return (_("{n} (first)"), _("{n} (second)"))[k].format(n=n)
    # Translators: a number printed on more than two spaces of the pot: the {k}th of them ({count} in all)
    return _("{n} ({k} of {count})").format(n=n, k=k + 1, count=len(twins))


def space_name(pot: PotTrack, index: int) -> str:
    """"space 24", "space 15 (second)", "space 35 (the spoon)": where something lies on the pot."""
    # Translators: a space of the pot named by its printed number ({space}: "24", "15 (second)")
    return _("space {space}").format(space=space_label(pot, index))


def space_gives(pot: PotTrack, index: int) -> str:
    """What a space gives when it scores: "24 coins, 8 VP, a ruby" (its printed coins, VP and ruby)."""
    sp = pot.space(index)
    return space_reward(sp.coins, sp.vp, sp.ruby)


#: every bot level a player meets, named: the ladder's levels (``ai.levels.LADDER``) and the random bot of the
#: tools. THE one place of their translated names (``tests/wording/test_levels.py`` checks every level of the
#: ladder has both, in every language)
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "expert": N_("Expert"),
               "random": N_("Random")}
#: a bot seat as one phrase, each language its own way (not "{level} bot" glued)
BOT_PHRASES = {"easy": N_("Easy bot"), "normal": N_("Normal bot"), "hard": N_("Hard bot"), "expert": N_("Expert bot"),
             "random": N_("Random bot")}
def level_name(level: str) -> str:
    """A bot level as players read it ("Normal")."""
    return _(LEVEL_NAMES[level])


def bot_name(level: str) -> str:
    """What a bot seat is, as one phrase ("Normal bot"): each language words it its own way."""
    return _(BOT_PHRASES[level])


def opponents_label(kind: str) -> str:
    """A row of the statistics' wins by opponents (``storage.stats.opponents_level``): "vs Hard", "vs people",
    "vs a mixed table"; a kind a newer version wrote (unknown here) as it is written."""
    if kind == HUMAN:
        return _("vs people")
    if kind == "mixed":  # storage.stats.MIXED (the storage stands above the wording)
        return _("vs a mixed table")
    return _("vs {level}").format(level=level_name(kind) if kind in LEVEL_NAMES else verbatim(kind))


def strength_text(s: Strength) -> str:
    """A level's measured strength in one line: "Hard: 84% wins against Normal (400 games)"."""
    games = f"{s.games:,}".replace(",", "." if decimal_mark() == "," else ",")  # 2,000 / 2.000
    # Translators: how a bot level fares head to head against the level below it ({level}, {below}: level names
    # such as "Hard", "Normal"; {rate:.0%}: a share such as "84%"; {games}: a number such as "2,000")
    return ngettext("{level}: {rate:.0%} wins against {below} ({games} game)",
                    "{level}: {rate:.0%} wins against {below} ({games} games)",
                    s.games).format(level=level_name(s.level), below=level_name(s.against),
                                    rate=LocalNumber(s.win_rate), games=games)


def colour_label(colour: Colour | str) -> str:
    """A colour standing alone as a label ("Green" above a column), not before a noun."""
    labels = {Colour.WHITE: pgettext("colour label", "White"), Colour.ORANGE: pgettext("colour label", "Orange"),
              Colour.GREEN: pgettext("colour label", "Green"), Colour.BLUE: pgettext("colour label", "Blue"),
              Colour.RED: pgettext("colour label", "Red"), Colour.YELLOW: pgettext("colour label", "Yellow"),
              Colour.PURPLE: pgettext("colour label", "Purple"), Colour.BLACK: pgettext("colour label", "Black")}
    return labels[Colour(colour)]


# --- dates and durations, each language its own way --------------------------------------------------------------

#: how each language writes a date with its time of day (the short forms its readers know): German
#: "06.12.2026, 00:04", Dutch "6-12-2026 00:04"; English and the check languages the ISO form "2026-12-06 00:04"
DATE_TIME_FORMATS = {"de": "{d:02}.{m:02}.{y}, {H:02}:{M:02}", "nl": "{d}-{m}-{y} {H:02}:{M:02}"}
ISO_DATE_TIME = "{y}-{m:02}-{d:02} {H:02}:{M:02}"


def date_time(when: datetime | str) -> str:
    """A date and its time of day as the player's language writes it (``DATE_TIME_FORMATS``), in one piece: its
    spaces are no-break spaces, so a line never breaks inside it. ``when`` may be an ISO text as the files keep
    it ("2026-12-06T00:04:13+01:00": its own wall time is shown); a text that is no date is shown as it is."""
    if isinstance(when, str):
        try:
            when = datetime.fromisoformat(when)
        except ValueError:
            return verbatim(str(when)[:16].replace("T", " "))
    form = DATE_TIME_FORMATS.get(language(), ISO_DATE_TIME)
    text = form.format(d=when.day, m=when.month, y=when.year, H=when.hour, M=when.minute)
    return text.replace(" ", NBSP)


def clock_label(seconds: int) -> str:
    """A turn clock as the host chooses it (issue 33 §3): "No clock", "3 min" for each choice."""
    if not seconds:
        return _("No clock")
    # Translators: a turn clock's length, in whole minutes, on a button ("3 min": each player has 3 minutes for
    # each choice)
    return pgettext("turn clock", "{minutes} min").format(minutes=seconds // 60).replace(" ", NBSP)


def duration(seconds: float) -> str:
    """How long something has lasted, said as a duration, never like a time of day: "0:14 min", "12:34 min",
    "1:05 h" (German "0:14 Min.", Dutch "0:14 min"), in one piece (no-break spaces)."""
    s = max(0, int(seconds))
    if s < 3600:
        # Translators: a duration under an hour ("0:14 min", "12:34 min"): minutes and seconds, then the unit;
        # never read as a time of day
        text = pgettext("duration", "{minutes}:{seconds} min").format(minutes=s // 60, seconds=f"{s % 60:02d}")
    else:
        # Translators: a duration of an hour or more ("1:05 h"): hours and minutes, then the unit
        text = pgettext("duration", "{hours}:{minutes} h").format(hours=s // 3600, minutes=f"{s // 60 % 60:02d}")
    return text.replace(" ", NBSP)
