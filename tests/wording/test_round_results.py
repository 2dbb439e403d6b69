"""The round's results line (``wording/results.round_rows``), issue 30: chips won on the bonus die are listed, and
a fortune card's own roll of the die (Donations) gives the card's VP, not the bonus die's."""

from __future__ import annotations

from quacks.wording.results import round_rows

from ..rules.gamekit import make_game, steps


def test_chips_won_on_the_bonus_die_are_in_the_results() -> None:
    g = make_game()
    steps(g, "A draw orange-1", "A stop", "B stop", "A die pumpkin")
    assert "an orange 1 from the bonus die" in round_rows(g, 1, [0, 0])[0].why


def test_the_donations_card_gives_the_cards_vp_not_the_bonus_dies() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune donations", "A die vp-2", "B die pumpkin", "A draw orange-1", "A stop", "B stop",
          "A die vp-1")
    a, b = round_rows(g, 1, [0, 0])
    assert "2 VP from the fortune card" in a.why and "1 VP from the bonus die" in a.why, a.why
    assert "3 VP" not in a.why
    assert "an orange 1 from the fortune card" in b.why
