"""One or more tests per fortune card kind (data-reference §4; rulings cited by id)."""

from __future__ import annotations

from quacks.rules.chips import CHIP_BY_NAME
from quacks.rules.fortunes import CARD_KINDS
from quacks.rules.snapshot import count_chips

from .gamekit import actions, make_game, pot, seat, steps

BAG = {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 1, "green-1": 1}


def test_every_card_kind_has_a_test_here() -> None:
    import inspect
    import sys

    src = inspect.getsource(sys.modules[__name__])
    for kind in CARD_KINDS:
        assert kind in src, f"no test mentions card kind {kind}"


def test_droplet_or_chip_choose_wisely() -> None:
    g = make_game(round=3, fortunes=True)
    steps(g, "fortune choose-wisely")
    assert actions(g, "A") == {"choose droplet", "choose purple-1"}
    steps(g, "A choose droplet", "B choose purple-1")
    assert seat(g, "A").droplet == 2 and seat(g, "B").bag["purple-1"] == 1
    g = make_game(round=2, fortunes=True)  # purple not out yet (R32): only the droplet, taken at once
    steps(g, "fortune choose-wisely")
    assert [s.droplet for s in g.seats] == [2, 2] and g.phase == "brewing"


def test_droplet_for_all_pot_filling_up_and_test_tube_choice_r14() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune pot-filling-up")
    assert [s.droplet for s in g.seats] == [1, 1]
    g = make_game(fortunes=True, variant="test-tubes")
    steps(g, "fortune pot-filling-up")
    assert actions(g, "A") == {"choose pot", "choose tube"}
    steps(g, "A choose tube", "B choose pot")
    assert seat(g, "A").tube == 1 and seat(g, "A").rubies == 2 and seat(g, "B").droplet == 1


def test_fewest_gain_alms_and_beginners_bonus_ties() -> None:
    g = make_game(("A", "B", "C"), fortunes=True, A={"rubies": 0}, B={"rubies": 0}, C={"rubies": 2})
    steps(g, "fortune alms")
    assert [s.rubies for s in g.seats] == [1, 1, 2]
    g = make_game(fortunes=True, round=2, A={"score": 3}, B={"score": 5})
    steps(g, "fortune beginners-bonus")
    assert seat(g, "A").bag["green-1"] == 2 and seat(g, "B").bag["green-1"] == 1


def test_lowest_sum_less_is_more_r21() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune less-is-more", "A reveal white-1 white-1 white-1 white-1 white-2",
          "B reveal white-3 white-2 white-2 white-1 orange-1")
    assert seat(g, "A").bag["blue-2"] == 1 and seat(g, "B").rubies == 2
    assert seat(g, "B").bag.total == 9 and not seat(g, "B").revealed and count_chips(g) == 215


def test_chip_or_rubies_choose_one_r32() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune choose-one")
    assert actions(g, "A") == {"choose black-1", "choose rubies", "choose green-2", "choose blue-2",
                               "choose red-2"}
    steps(g, "A choose rubies", "B choose red-2")
    assert seat(g, "A").rubies == 4 and seat(g, "B").bag["red-2"] == 1


def test_ruby_for_chip_wheel_and_deal() -> None:
    g = make_game(fortunes=True, round=2, B={"rubies": 0})
    steps(g, "fortune wheel-and-deal")
    # R32 (amended): the card names its exceptions (purple, black), so orange is allowed; white never
    assert actions(g, "A") == {"choose orange-1", "choose green-1", "choose blue-1", "choose red-1",
                               "choose yellow-1", "pass"}
    steps(g, "A choose yellow-1")  # B has no ruby: no choice asked
    assert seat(g, "A").rubies == 0 and seat(g, "A").bag["yellow-1"] == 1 and g.phase == "brewing"


def test_ruby_for_chip_wheel_and_deal_buys_orange_r32() -> None:
    g = make_game(fortunes=True, round=1)
    steps(g, "fortune wheel-and-deal")
    assert "choose orange-1" in actions(g, "A") and "choose white-1" not in actions(g, "A")
    before = g.supply[CHIP_BY_NAME["orange-1"]]
    steps(g, "A choose orange-1", "B pass")
    assert seat(g, "A").rubies == 0 and seat(g, "A").bag["orange-1"] == 2
    assert g.supply[CHIP_BY_NAME["orange-1"]] == before - 1


def test_rats_for_rubies_good_start_r29() -> None:
    g = make_game(fortunes=True, round=2, A={"score": 20}, B={"score": 15})
    steps(g, "fortune good-start")  # B has 3 tails (16, 18, ... no: 16 and 18): 2 tails
    assert actions(g, "B") == {"choose 0", "choose 1", "choose 2"}
    steps(g, "B choose 1")
    assert seat(g, "B").rubies == 2 and seat(g, "B").rats == 1


def test_everyone_rolls_donations() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune donations", "A die vp-2", "B die pumpkin")
    assert seat(g, "A").score == 2 and seat(g, "B").bag["orange-1"] == 2


def test_look_and_upgrade_opportunistic_moment_r18() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune opportunistic-moment", "A reveal white-1 white-2 white-3 orange-1")
    assert actions(g, "A") == {"upgrade white-1 white-2", "upgrade white-2 white-3", "pass"}
    steps(g, "A upgrade white-2 white-3")
    assert seat(g, "A").bag["white-3"] == 2 and seat(g, "A").bag["white-2"] == 1
    g2 = make_game(fortunes=True, A={"bag": {"orange-1": 2, "white-3": 2}})
    steps(g2, "fortune opportunistic-moment", "A reveal white-3 white-3 orange-1 orange-1")
    assert seat(g2, "A").bag["green-1"] == 1  # nothing can be traded up: a green 1


def test_vp_or_remove_just_in_time_r33() -> None:
    g = make_game(fortunes=True)
    supply = g.supply["white-1"]
    steps(g, "fortune just-in-time", "A choose vp", "B choose remove-white")
    assert seat(g, "A").score == 4 and seat(g, "B").bag["white-1"] == 3 and g.supply["white-1"] == supply + 1


def test_chip_or_rat_vp_counts_rats_once_p1() -> None:
    g = make_game(fortunes=True, round=2, A={"score": 10}, B={"score": 4})
    steps(g, "fortune rats-are-your-friends", "A choose green-4", "B choose rat-vp")
    assert seat(g, "B").score == 6 and seat(g, "B").rats == 2  # tails after 4 and 7, counted once (P1)


def test_rat_factor_rat_infestation_r24() -> None:
    g = make_game(fortunes=True, round=2, A={"score": 20}, B={"score": 16})
    steps(g, "fortune rat-infestation")
    assert seat(g, "B").rats == 4


def test_white_limit_living_in_luxury() -> None:
    g = make_game(fortunes=True, A={"bag": {"white-3": 3}})
    steps(g, "fortune living-in-luxury", "A draw white-3", "A draw white-3", "A draw white-3")
    assert seat(g, "A").white_total == 9 and not seat(g, "A").exploded


def test_exact_white_reward_seasoned_perfectly() -> None:
    g = make_game(fortunes=True, A={"bag": {"white-3": 1, "white-2": 2, "orange-1": 1}})
    steps(g, "fortune seasoned-perfectly", "A draw white-3", "A draw white-2", "A draw white-2", "A stop",
          "B stop", "A die vp-1")
    assert seat(g, "A").droplet == 1


def test_ruby_space_bonus_lucky_devil_even_exploded_r30() -> None:
    g = make_game(fortunes=True, A={"bag": {"white-3": 3}, "droplet": 2}, B={"droplet": 4})
    steps(g, "fortune lucky-devil", "A draw white-3", "A draw white-3", "A draw white-3", "B stop")
    # A: 5, 8, 11 explodes -> space 12, no ruby; B empty pot: space 5 (ruby) -> 2 VP extra + ruby
    steps(g, "B die vp-1", "A choose coins")
    assert seat(g, "B").score == 1 + 2 + 0 and seat(g, "B").rubies == 2


def test_explosion_gift_schadenfreude_left_neighbour_picks_r28() -> None:
    g = make_game(fortunes=True, A={"bag": {"white-3": 3}})
    steps(g, "fortune schadenfreude", "A draw white-3", "A draw white-3", "A draw white-3", "B stop",
          "B die vp-1")
    assert actions(g, "B") == {"choose green-2", "choose blue-2", "choose red-2"}
    steps(g, "B choose blue-2")
    assert seat(g, "B").bag["blue-2"] == 1


def test_return_first_white_well_stirred_r26() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune well-stirred", "A draw orange-1", "A draw white-2")
    assert actions(g, "A") == {"choose return-white", "choose keep-white"}
    steps(g, "A choose return-white", "A draw white-1")
    assert pot(g, "A") == [(1, "orange-1"), (2, "white-1")]
    assert actions(g, "A") == {"draw", "stop", "flask"}  # only the first white is offered


def test_extra_die_rolls_pot_is_full() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune pot-is-full", "A draw orange-1", "A stop", "B stop", "A die vp-1", "A die ruby")
    assert seat(g, "A").score == 1 + 0 and seat(g, "A").rubies == 2


def test_restart_brew_second_chance_r19() -> None:
    g = make_game(fortunes=True, A={"droplet": 3})
    steps(g, "fortune second-chance", "A draw white-1", "A draw white-1", "A draw white-2", "A draw orange-1",
          "A draw white-1")
    assert actions(g, "A") == {"choose restart", "choose continue"}
    steps(g, "A choose restart")
    a = seat(g, "A")
    assert a.pot == [] and a.bag.total == 9 and a.white_total == 0 and a.brewing and a.droplet == 3


def test_look_and_place_strong_ingredient_seat_by_seat_r20() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune strong-ingredient", "A draw orange-1", "A stop", "B draw white-1", "B stop",
          "A reveal white-1 white-1 white-2 white-3 green-1")
    assert actions(g, "A") == {"pick white-1", "pick white-2", "pick white-3", "pick green-1", "pick none"}
    steps(g, "A pick green-1")
    assert pot(g, "A") == [(1, "orange-1"), (2, "green-1")]
    assert g.waiting().seat == 1  # then B looks at chips


def test_move_bonus_pumpkin_patch_party() -> None:
    g = make_game(fortunes=True)
    steps(g, "fortune pumpkin-patch-party", "A draw orange-1")
    assert pot(g, "A") == [(2, "orange-1")]


def test_refill_flasks_magic_potion() -> None:
    g = make_game(fortunes=True, A={"flask": "empty", "bag": {"orange-1": 2}})
    steps(g, "fortune magic-potion", "A draw orange-1", "A stop", "B stop", "A die vp-1")
    # 2 and 1 coins buy nothing; at step F the flask is refilled before ruby spending; round 2 begins
    assert seat(g, "A").flask_full and g.round == 2


def test_a_kind_reads_its_parameters_typed_and_refuses_a_wrong_type() -> None:
    """The effects read their parameters explicitly (no ``setattr`` from data; rules/effects.py)."""
    import pytest

    from quacks.rules.fortunes import ChooseDropletOrChip

    eff = ChooseDropletOrChip({"droplet": 2, "chip": CHIP_BY_NAME["purple-1"]})
    assert (eff.droplet, eff.chip) == (2, CHIP_BY_NAME["purple-1"])
    # declared, no value set on the class (compiled, the class holds the attribute's descriptor)
    assert not isinstance(getattr(ChooseDropletOrChip, "droplet", None), int)
    with pytest.raises(TypeError, match="'droplet'"):
        ChooseDropletOrChip({"droplet": "two", "chip": CHIP_BY_NAME["purple-1"]})
    with pytest.raises(TypeError, match="'droplet'"):
        ChooseDropletOrChip({"droplet": True, "chip": CHIP_BY_NAME["purple-1"]})
    with pytest.raises(KeyError):
        ChooseDropletOrChip({"droplet": 2})


# --- R47: a card's choice with one option left resolves by itself, and its event says why ------------------------


def _only(g: object, name: str) -> list[tuple[str, tuple[object, ...]]]:
    """The causes of the seat's card choices this round: (kind, arguments after the card's id)."""
    from quacks.rules.kinds import EventKind

    i = [s.name for s in g.seats].index(name)  # type: ignore[attr-defined]
    return [(e.cause.kind, tuple(e.cause.args[1:])) for e in g.events  # type: ignore[attr-defined]
            if e.kind == EventKind.CARD_CHOICE and e.seat == i and e.round == g.round]  # type: ignore[attr-defined]


def _empty(g: object, *chips: str) -> None:
    for name in chips:
        g.supply.set(CHIP_BY_NAME[name], 0)  # type: ignore[attr-defined]


def test_r47_droplet_or_chip_purple_not_out_or_none_left() -> None:
    g = make_game(round=2, fortunes=True)  # purple comes out in round 3 (R32)
    steps(g, "fortune choose-wisely")
    assert _only(g, "A") == _only(g, "B") == [("card-only-not-out", ("purple",))]
    g = make_game(round=3, fortunes=True)
    _empty(g, "purple-1")  # out, but none left (R4)
    steps(g, "fortune choose-wisely")
    assert _only(g, "A") == [("card-only-none-left", ("purple-1",))] and seat(g, "A").droplet == 2
    g = make_game(round=3, fortunes=True)
    steps(g, "fortune choose-wisely", "A choose droplet", "B choose purple-1")  # a real choice: a plain cause
    assert _only(g, "A") == [("card", ())]


def test_r47_chip_or_rubies_no_chip_to_be_had() -> None:
    g = make_game(fortunes=True)
    _empty(g, "black-1", "green-2", "blue-2", "red-2")
    steps(g, "fortune choose-one")
    assert _only(g, "A") == [("card-only-no-value-chip", (2,))] and seat(g, "A").rubies == 4


def test_r47_ruby_for_chip_no_ruby_or_no_chip() -> None:
    g = make_game(fortunes=True, round=2, B={"rubies": 0})
    steps(g, "fortune wheel-and-deal", "A pass")
    assert _only(g, "B") == [("card-only-no-ruby", (1,))] and _only(g, "A") == [("card", ())]
    g = make_game(fortunes=True, round=2)
    _empty(g, "orange-1", "green-1", "blue-1", "red-1", "yellow-1")
    steps(g, "fortune wheel-and-deal")
    assert _only(g, "A") == [("card-only-no-value-chip", (1,))] and seat(g, "A").rubies == 1


def test_r47_rats_for_rubies_no_rat_tails() -> None:
    g = make_game(fortunes=True, round=2, A={"score": 20}, B={"score": 15})
    steps(g, "fortune good-start")  # A leads: no tails, nothing to give up (R29)
    assert _only(g, "A") == [("card-only-no-rats", ())] and seat(g, "A").passed_rats == 0


def test_r47_vp_or_remove_no_white_in_the_bag() -> None:
    g = make_game(fortunes=True, A={"bag": {"white-2": 2, "orange-1": 1}})
    steps(g, "fortune just-in-time", "B choose vp")
    assert _only(g, "A") == [("card-only-not-in-bag", ("white-1",))] and seat(g, "A").score == 4


def test_r47_chip_or_rat_vp_no_four_chip() -> None:
    g = make_game(fortunes=True, round=2, A={"score": 10}, B={"score": 4})
    _empty(g, "green-4", "blue-4", "red-4", "yellow-4")
    steps(g, "fortune rats-are-your-friends")
    assert _only(g, "B") == [("card-only-no-value-chip", (4,))] and seat(g, "B").score == 6


def test_r47_explosion_gift_one_chip_left() -> None:
    g = make_game(fortunes=True, A={"bag": {"white-3": 3}})
    _empty(g, "green-2", "blue-2")
    steps(g, "fortune schadenfreude", "A draw white-3", "A draw white-3", "A draw white-3", "B stop",
          "B die vp-1")
    assert _only(g, "B") == [("card-only-one-chip", ("red-2",))] and seat(g, "B").bag["red-2"] == 1


def test_r47_every_card_that_can_shrink_to_one_option_says_why() -> None:
    """Every kind with a choice (``option_for``) names a reason when it is left with one option (R47); the
    kinds whose choices never shrink so are named here."""
    from quacks.rules.fortunes import CardEffect, LookAndUpgrade

    never = {LookAndUpgrade}  # at least one trade and "No swap"; none at all: its fallback, CARD_NO_TRADE
    for cls in CARD_KINDS.values():
        if cls.option_for is not CardEffect.option_for and cls not in never:
            assert cls.only_because is not CardEffect.only_because, cls.__name__
