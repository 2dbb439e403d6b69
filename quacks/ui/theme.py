"""Colours, player colours, chip colours and symbols: the look of the table in one place."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_

RGB = tuple[int, int, int]

# The table: dark walnut, parchment, brass, ink.
WOOD_DARK: RGB = (38, 24, 16)
WOOD_MID: RGB = (64, 41, 26)
WOOD_LIGHT: RGB = (92, 61, 38)
PARCHMENT: RGB = (236, 222, 190)
PARCHMENT_DARK: RGB = (214, 194, 154)
PARCHMENT_EDGE: RGB = (150, 118, 74)
INK: RGB = (45, 32, 22)
INK_SOFT: RGB = (92, 74, 58)
BRASS: RGB = (196, 156, 74)
BRASS_DARK: RGB = (128, 96, 40)
BRASS_LIGHT: RGB = (236, 204, 130)
CREAM: RGB = (250, 243, 226)
SHADOW: RGB = (12, 8, 6)
IRON: RGB = (44, 46, 52)
IRON_LIGHT: RGB = (88, 92, 102)
IRON_RIM: RGB = (120, 124, 134)
BROTH: RGB = (70, 96, 74)
RUBY: RGB = (196, 28, 64)
RUBY_LIGHT: RGB = (246, 110, 140)
DROPLET: RGB = (70, 150, 226)
DROPLET_LIGHT: RGB = (170, 214, 250)
RAT: RGB = (120, 112, 104)
FLAME: RGB = (255, 150, 40)
FLAME_CORE: RGB = (255, 230, 120)
DANGER: RGB = (220, 60, 40)
DANGER_TEXT: RGB = (232, 120, 106)  # words in danger on the table's dark panels (4.5:1 on WOOD_MID, ``legible``)
RUBY_TEXT: RGB = (186, 27, 61)  # words in ruby red on parchment (4.5:1 on it)
WARN: RGB = (236, 168, 40)
SAFE: RGB = (98, 170, 88)
DISABLED: RGB = (150, 140, 126)
DISABLED_INK: RGB = (70, 64, 58)  # the label of a button that cannot be pressed now (its reason on hover)
INACTIVE_INK: RGB = (120, 110, 100)  # a chip the shop cannot sell now (none left, or the cart cannot pay for it)
PURPLE_CARD: RGB = (104, 62, 138)
BLUE_CARD: RGB = (44, 92, 160)
FOCUS: RGB = (255, 214, 102)
#: the final page's medals for the first three places (``art.medal``): fill and rim; the place's number is on each
MEDALS: dict[int, tuple[RGB, RGB]] = {1: ((236, 196, 92), (140, 100, 30)), 2: ((206, 210, 216), (112, 118, 128)),
                                      3: ((204, 136, 78), (120, 70, 34))}
BAG_CLOTH: RGB = (158, 110, 66)  # the ingredient bag's cloth (``art.bag``); its cord is BRASS
WINNER_BAND: RGB = (246, 226, 168)  # behind the winner's row on the final page
ROW_BAND: RGB = (228, 214, 180)  # behind every other row of a ranking


@dataclass(frozen=True)
class ChipLook:
    fill: RGB
    rim: RGB
    text: RGB
    symbol: str  # a shape drawn on the chip in colour-blind mode (and small on every chip)


CHIP_LOOKS: dict[str, ChipLook] = {
    "white": ChipLook((242, 240, 232), (160, 156, 146), (40, 40, 40), "dot"),
    "orange": ChipLook((236, 128, 36), (150, 72, 14), (40, 22, 6), "leaf"),
    "green": ChipLook((72, 160, 72), (30, 88, 34), (240, 250, 236), "web"),
    "blue": ChipLook((52, 110, 200), (22, 52, 112), (236, 244, 255), "triangle"),
    "red": ChipLook((204, 48, 48), (110, 18, 22), (255, 236, 236), "cap"),
    "yellow": ChipLook((238, 206, 52), (150, 118, 14), (52, 40, 6), "star"),
    "purple": ChipLook((130, 70, 170), (66, 30, 96), (246, 236, 255), "wisp"),
    "black": ChipLook((36, 34, 40), (120, 116, 128), (236, 232, 240), "moth"),
}


@dataclass(frozen=True)
class PlayerLook:
    key: str
    name: str
    fill: RGB
    dark: RGB
    light: RGB


#: each seat's colour, chosen so that no two are alike for the three common colour-blindnesses either: at least 43
#: CIELAB units apart in normal vision and simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009;
#: ``tests/ui/test_palette.py``); a marker also carries its seat's letter, so a colour never tells a seat alone
PLAYER_LOOKS: dict[str, PlayerLook] = {
    "amber": PlayerLook("amber", N_("Amber"), (242, 190, 33), (140, 110, 19), (248, 222, 144)),
    "teal": PlayerLook("teal", N_("Teal"), (41, 205, 186), (24, 119, 108), (148, 230, 220)),
    "plum": PlayerLook("plum", N_("Plum"), (145, 48, 157), (84, 28, 91), (200, 152, 206)),
    "moss": PlayerLook("moss", N_("Moss"), (107, 127, 59), (62, 74, 34), (181, 191, 157)),
}

BOOK_HEADERS: dict[str, RGB] = {
    "orange": (212, 112, 28),
    "black": (40, 36, 44),
    "green": (58, 136, 62),
    "blue": (44, 92, 170),
    "red": (176, 40, 40),
    "yellow": (206, 170, 30),
    "purple": (112, 58, 150),
}
