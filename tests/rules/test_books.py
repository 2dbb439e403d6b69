"""One or more tests per book effect kind (Almanac of Ingredients; rulings cited by id)."""

from __future__ import annotations

import pytest

from quacks.rules.actions import IllegalAction
from quacks.rules.books import BOOK_KINDS

from .gamekit import actions, make_game, pot, seat, steps

BASE = {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 1, "green-1": 1}


def bag(**extra: int) -> dict[str, int]:
    out = dict(BASE)
    for k, v in extra.items():
        out[k.replace("_", "-")] = v
    return out


def test_every_kind_in_the_data_has_a_test_here() -> None:
    import inspect
    import sys

    src = inspect.getsource(sys.modules[__name__])
    for kind in BOOK_KINDS:
        assert kind in src, f"no test mentions effect kind {kind}"


# plain ---------------------------------------------------------------------------------------------------


def test_plain_orange_only_moves_its_value() -> None:
    g = make_game(A={"bag": bag(orange_1=2)})
    steps(g, "A draw orange-1", "A draw orange-1")
    assert pot(g, "A") == [(1, "orange-1"), (2, "orange-1")]


# black_duel / black_neighbours ----------------------------------------------------------------------------


def _finish_brew(g, *names):  # type: ignore[no-untyped-def]
    for n in names:
        steps(g, f"{n} stop")
    return g


def test_black_duel_more_gives_droplet_and_ruby_tie_gives_droplet() -> None:
    g = make_game(A={"bag": {"black-1": 2}, "droplet": 5}, B={"bag": {"black-1": 1}, "droplet": 5})
    steps(g, "A draw black-1", "A draw black-1", "B draw black-1", "A die vp-1")
    assert seat(g, "A").droplet == 6 and seat(g, "A").rubies == 2
    assert seat(g, "B").droplet == 5
    g = make_game(A={"bag": {"black-1": 1}}, B={"bag": {"black-1": 1}})
    steps(g, "A draw black-1", "B draw black-1", "A die vp-1", "B die vp-1")
    assert seat(g, "A").droplet == 1 and seat(g, "B").droplet == 1 and seat(g, "A").rubies == 1


def test_black_duel_zero_against_zero_is_nothing_r11() -> None:
    g = make_game(A={"bag": {"orange-1": 1}}, B={"bag": {"orange-1": 1}})
    steps(g, "A draw orange-1", "B draw orange-1", "A die vp-1", "B die vp-1")
    assert seat(g, "A").droplet == 0 and seat(g, "B").droplet == 0


def test_black_neighbours_more_than_one_or_both() -> None:
    g = make_game(("A", "B", "C"), A={"bag": {"black-1": 2}}, B={"bag": {"black-1": 1}},
                  C={"bag": {"black-1": 3}})
    steps(g, "A draw black-1", "A draw black-1", "B draw black-1", "C draw black-1", "C draw black-1",
          "C draw black-1", "C die vp-1")
    # A (2) beats B (1), not C (3): droplet; C (3) beats both: droplet + ruby; B beats nobody.
    assert [s.droplet for s in g.seats] == [1, 0, 1]
    assert [s.rubies for s in g.seats] == [1, 1, 2]


# blue -----------------------------------------------------------------------------------------------------


def test_peek_and_pick_places_the_picked_chip_and_returns_the_rest() -> None:
    g = make_game(A={"bag": bag(blue_2=1, red_1=1)})
    steps(g, "A draw blue-2", "A reveal white-3 red-1")
    assert actions(g, "A") == {"pick white-3", "pick red-1", "pick none"}
    steps(g, "A pick red-1")
    assert pot(g, "A") == [(2, "blue-2"), (3, "red-1")]
    assert seat(g, "A").bag["white-3"] == 1 and not seat(g, "A").revealed


def test_peek_and_pick_white_counts_and_can_explode_r31() -> None:
    g = make_game(A={"bag": {"white-3": 3, "blue-1": 1}})
    steps(g, "A draw white-3", "A draw white-3", "A draw blue-1", "A reveal white-3", "A pick white-3")
    assert seat(g, "A").exploded and seat(g, "A").white_total == 9


def test_explosion_shield_scores_vp_and_coins_but_no_die_r7() -> None:
    g = make_game(books=2, A={"bag": {"white-3": 3, "blue-2": 1, "orange-1": 1}, "droplet": 10},
                  B={"bag": {"orange-1": 2}})
    steps(g, "A draw white-3", "A draw blue-2", "A draw white-3", "A draw white-3")  # 13, 15, 18, 21
    a = seat(g, "A")
    assert a.exploded and a.protected and not a.brewing
    steps(g, "B draw orange-1", "B stop", "B die vp-1")  # only B rolls
    # A's last chip on 12 + 3*3 = 21 -> scoring space 22: 5 VP and 18 coins, no choice asked.
    assert a.score == 5 and a.coins == 18


def test_explosion_shield_windows_do_not_add_up_r7() -> None:
    g = make_game(books=2, A={"bag": {"white-1": 6, "blue-4": 1, "blue-2": 1}})
    steps(g, "A draw blue-4", "A draw white-1", "A draw blue-2")
    assert seat(g, "A").shield == 2  # 4 -> 3 -> 2 after blue-2 is drawn: max(2, 2)


def test_ruby_space_ruby_and_ruby_space_vp() -> None:
    g = make_game(books=3, A={"bag": {"blue-1": 1}, "droplet": 4})
    steps(g, "A draw blue-1")
    assert pot(g, "A") == [(5, "blue-1")] and seat(g, "A").rubies == 2
    g = make_game(books=4, A={"bag": {"blue-4": 1}, "droplet": 5})
    steps(g, "A draw blue-4")
    assert pot(g, "A") == [(9, "blue-4")] and seat(g, "A").score == 4


# red ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("oranges", "expected"), [(0, 1), (1, 2), (2, 2), (3, 3)])
def test_orange_boost(oranges: int, expected: int) -> None:
    g = make_game(A={"bag": {"orange-1": oranges, "red-1": 1}})
    steps(g, *["A draw orange-1"] * oranges, "A draw red-1")
    assert pot(g, "A")[-1] == (oranges + expected, "red-1")


def test_set_aside_then_place_return_or_keep_r10() -> None:
    g = make_game(books=2, A={"bag": {"red-1": 1, "red-2": 1, "orange-1": 1}})
    steps(g, "A draw red-1", "A draw red-2", "A draw orange-1")  # the bag is empty: A must stop
    assert [c.name for c in seat(g, "A").aside] == ["red-1", "red-2"] and pot(g, "A") == [(1, "orange-1")]
    assert not seat(g, "A").brewing
    assert actions(g, "A") == {"place red-1", "place red-2", "return red-1", "return red-2", "done"}
    steps(g, "A place red-2", "A done")
    assert pot(g, "A") == [(1, "orange-1"), (3, "red-2")]
    assert [c.name for c in seat(g, "A").aside] == ["red-1"]


def test_follow_white_adds_the_white_value() -> None:
    g = make_game(books=3, A={"bag": {"white-2": 1, "red-1": 1}})
    steps(g, "A draw white-2", "A draw red-1")
    assert pot(g, "A") == [(2, "white-2"), (5, "red-1")]


def test_white_boost_moves_white_ones_two_after_a_red() -> None:
    g = make_game(books=4, A={"bag": {"white-1": 2, "red-1": 1}})
    steps(g, "A draw white-1", "A draw red-1", "A draw white-1")
    assert pot(g, "A") == [(1, "white-1"), (2, "red-1"), (4, "white-1")]
    assert seat(g, "A").white_total == 2


# yellow ---------------------------------------------------------------------------------------------------


def test_return_white_leaves_the_space_empty() -> None:
    g = make_game(round=2, A={"bag": {"white-2": 1, "yellow-1": 1, "orange-1": 1}})
    steps(g, "A draw white-2", "A draw yellow-1")
    assert actions(g, "A") == {"choose return-white", "choose keep-white"}
    steps(g, "A choose return-white", "A draw orange-1")
    assert pot(g, "A") == [(3, "yellow-1"), (4, "orange-1")] and seat(g, "A").white_total == 0


def test_double_next_doubles_the_whole_move_r8() -> None:
    g = make_game(round=2, books=2, A={"bag": {"yellow-1": 2, "orange-1": 1}})
    steps(g, "A draw yellow-1", "A draw yellow-1", "A draw orange-1")
    # yellow 1 -> 1; doubled yellow 1 moves 2 -> 3 and arms again; orange doubled -> 5
    assert pot(g, "A") == [(1, "yellow-1"), (3, "yellow-1"), (5, "orange-1")]


def test_double_next_skips_a_red_placed_from_beside_the_pot_r37() -> None:
    books = {"green": 1, "blue": 1, "red": 2, "yellow": 2, "purple": 1}
    g = make_game(round=2, books=books, A={"bag": {"red-2": 1, "yellow-1": 1}})
    steps(g, "A draw red-2", "A draw yellow-1")  # red aside; yellow 1 arms the doubling; the bag is empty
    assert not seat(g, "A").brewing and seat(g, "A").double_next == 2
    steps(g, "A place red-2")  # not a drawn chip: its own value, 1 -> 3; the doubling is left unused
    assert pot(g, "A") == [(1, "yellow-1"), (3, "red-2")]
    assert seat(g, "A").double_next == 2


def test_empty_bag_offers_the_flask_for_the_last_white_r36() -> None:
    g = make_game(A={"bag": {"orange-1": 1, "white-2": 1}})
    steps(g, "A draw orange-1", "A draw white-2")
    assert seat(g, "A").brewing and actions(g, "A") == {"stop", "flask"}
    steps(g, "A flask")
    assert seat(g, "A").bag["white-2"] == 1 and actions(g, "A") == {"draw", "stop"}
    steps(g, "A draw white-2")  # the flask is used: the empty bag ends the brew at once
    assert not seat(g, "A").brewing and pot(g, "A") == [(1, "orange-1"), (3, "white-2")]


def test_raise_limit_eight_then_nine_r9() -> None:
    g = make_game(round=2, books=3, A={"bag": {"yellow-1": 3, "white-3": 3, "white-1": 1}})
    steps(g, "A draw yellow-1")
    assert g.limit(0) == 8
    steps(g, "A draw yellow-1", "A draw yellow-1")
    assert g.limit(0) == 9
    steps(g, "A draw white-3", "A draw white-3", "A draw white-3")
    # 9 whites under a limit of 9 (yellow set 3, 3rd yellow): no explosion, the brew goes on
    assert seat(g, "A").white_total == 9 and not seat(g, "A").exploded and seat(g, "A").brewing
    steps(g, "A draw white-1")  # 10 is past the limit
    assert seat(g, "A").white_total == 10 and seat(g, "A").exploded


def test_raise_limit_needs_the_third_yellow_for_nine_r9() -> None:
    g = make_game(round=2, books=3, A={"bag": {"yellow-1": 2, "white-3": 3, "orange-1": 1}})
    steps(g, "A draw yellow-1", "A draw yellow-1")
    assert g.limit(0) == 8
    steps(g, "A draw white-3", "A draw white-3", "A draw white-3")  # 9 is past 8
    assert seat(g, "A").white_total == 9 and seat(g, "A").exploded


def test_count_bonus_one_two_three_then_nothing() -> None:
    g = make_game(round=2, books=4, A={"bag": {"yellow-1": 4}})
    steps(g, *["A draw yellow-1"] * 4)
    assert pot(g, "A") == [(2, "yellow-1"), (5, "yellow-1"), (9, "yellow-1"), (10, "yellow-1")]


# green ----------------------------------------------------------------------------------------------------


def test_last_two_rubies() -> None:
    g = make_game(A={"bag": {"green-1": 2, "orange-1": 1}}, B={"bag": {"orange-1": 1}})
    steps(g, "A draw orange-1", "A draw green-1", "A draw green-1", "B draw orange-1", "A die vp-1")
    assert seat(g, "A").rubies == 3


def test_last_two_chips_asks_for_green_two_and_four() -> None:
    g = make_game(round=3, books=2, A={"bag": {"green-2": 1, "green-4": 1}, "droplet": 30})
    steps(g, "A draw green-2", "A draw green-4", "B stop", "A die vp-1")
    assert actions(g, "A") == {"choose blue-1", "choose red-1"}
    steps(g, "A choose red-1")
    assert actions(g, "A") == {"choose yellow-1", "choose purple-1"}
    steps(g, "A choose purple-1")
    assert seat(g, "A").bag["red-1"] == 1 and seat(g, "A").bag["purple-1"] == 1


def test_exact_white_push_moves_the_last_chip() -> None:
    g = make_game(books=3, A={"bag": {"white-3": 1, "white-2": 2, "green-2": 1, "green-4": 1}})
    steps(g, "A draw green-4", "A draw white-3", "A draw white-2", "A draw green-2", "A draw white-2",
          "A stop", "B stop", "A die vp-1")  # the bag is empty, but the flask is still offered (R36)
    # 4, 7, 9, 11, 13: whites 7 -> last chip moves 6 to 19: scoring space 20
    assert seat(g, "A").final_space == 20


def test_last_two_ruby_droplet_pays_one_ruby_per_step() -> None:
    g = make_game(books=4, A={"bag": {"green-1": 2}, "rubies": 3})
    steps(g, "A draw green-1", "A draw green-1", "B stop", "A die vp-1")
    assert actions(g, "A") == {"choose 0", "choose 1", "choose 2"}
    steps(g, "A choose 2")
    assert seat(g, "A").rubies == 1 and seat(g, "A").droplet == 2


# purple ---------------------------------------------------------------------------------------------------


def test_count_tiers_lower_tier_may_be_chosen_r12() -> None:
    g = make_game(round=3, A={"bag": {"purple-1": 4}})
    steps(g, *["A draw purple-1"] * 4, "B stop", "A die vp-1")
    assert actions(g, "A") == {"choose 0", "choose 1", "choose 2", "choose 3"}
    steps(g, "A choose 2")
    # die 1 VP + tier 2 (1 VP, 1 ruby); space 5: 0 VP but a ruby
    assert seat(g, "A").score == 1 + 1 + 0 and seat(g, "A").rubies == 1 + 1 + 1


def test_trade_tiers_returns_the_chips_to_the_supply() -> None:
    g = make_game(round=3, books=2, A={"bag": {"purple-1": 2}})
    supply = g.supply["purple-1"]
    steps(g, "A draw purple-1", "A draw purple-1", "B stop", "A die vp-1", "A choose 2")
    a = seat(g, "A")
    assert g.supply["purple-1"] == supply + 2 and a.bag["purple-1"] == 0
    assert a.bag["green-1"] == 1 and a.bag["blue-2"] == 1 and a.droplet == 1


def test_band_vp_reads_the_printed_coin_number_r13() -> None:
    g = make_game(round=3, books=3, A={"bag": {"purple-1": 2}, "droplet": 18})
    steps(g, "A draw purple-1", "A draw purple-1", "B stop", "A die vp-1")
    # spaces 19 (17 coins) and 20 (17 coins): 1 + 1 VP; die 1; space 21: 4 VP
    assert seat(g, "A").score == 1 + 2 + 4


def test_upgrade_tiers_offers_every_tier_up_to_the_count() -> None:
    g = make_game(round=3, books=4, A={"bag": {"purple-1": 2, "green-1": 1, "white-2": 1}})
    steps(g, "A draw green-1", "A draw white-2", "A draw purple-1", "A draw purple-1", "B stop", "A die vp-1")
    assert actions(g, "A") == {"upgrade green-1 green-2", "pass"}  # no 2->4 for white-2 (no white-4)
    steps(g, "A upgrade green-1 green-2")
    assert seat(g, "A").bag["green-2"] == 1 and seat(g, "A").bag["green-1"] == 0


def test_an_illegal_action_lists_the_legal_ones() -> None:
    g = make_game()
    with pytest.raises(IllegalAction, match="legal: draw | stop"):
        g.apply(0, "flask")
