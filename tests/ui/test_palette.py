"""Nothing told by colour alone (issue 34): the seats' colours stay apart for the three common colour-blindnesses,
the simulation behaves, and the chips keep their symbols for colour-blind mode."""

from __future__ import annotations

import itertools

import pytest

from quacks.ui import theme as T
from quacks.ui.legible import COLOUR_BLINDNESS, apart, seen_as

VISIONS = ("normal", *COLOUR_BLINDNESS)
SEATS_APART = 40  # CIELAB units: told apart at a glance, the marker's letter aside


def test_the_simulation_keeps_greys_and_merges_what_it_should() -> None:
    for vision in VISIONS:
        grey = seen_as((128, 128, 128), vision)
        assert max(abs(c - 128) for c in grey) <= 2, vision
    # the classic confusions: red and green for protanopia and deuteranopia, blue and green for tritanopia
    red, green = (200, 60, 50), (90, 140, 40)
    assert apart(red, green, "protanopia") < apart(red, green) / 2
    assert apart(red, green, "deuteranopia") < apart(red, green) / 10
    blue, green = (60, 120, 200), (60, 170, 120)
    assert apart(blue, green, "tritanopia") < apart(blue, green) / 2


@pytest.mark.parametrize("vision", VISIONS)
def test_no_two_seats_look_alike(vision: str) -> None:
    fills = {k: look.fill for k, look in T.PLAYER_LOOKS.items()}
    closest = min((apart(a, b, vision), ka, kb) for (ka, a), (kb, b) in itertools.combinations(fills.items(), 2))
    assert closest[0] >= SEATS_APART, closest


def test_the_old_seat_colours_would_have_failed() -> None:
    """The planted fault: amber and moss before issue 34 look alike to someone with protanopia."""
    assert apart((230, 150, 40), (120, 170, 60), "protanopia") < SEATS_APART / 4


def test_every_chip_has_a_symbol_of_its_own() -> None:
    symbols = [look.symbol for look in T.CHIP_LOOKS.values()]
    assert len(set(symbols)) == len(symbols)
