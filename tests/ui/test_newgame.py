"""The new-game screen: seats (add, remove, kinds, names typed, colours), the books (a set, per colour, random),
the pot side, fortune cards, the house rules, the seed, Start (the match is set up as chosen, and the choices
come back next time), Back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from quacks.rules.chips import SET_COLOURS
from quacks.session.match import HUMAN, PLAYER_COLOURS
from quacks.storage.settings import load_settings
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.newgame_model import BOT_NAMES, SetupModel
from quacks.ui.scenes.table import TableScene
from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .screens import button, click, hover, key, label_sizes, option, scene_of


@pytest.fixture()
def ng(driver: Driver) -> NewGameScene:
    t = driver.scene
    assert isinstance(t, TitleScene)
    t.new_game()
    driver.frames(2)
    assert isinstance(driver.scene, NewGameScene)
    return driver.scene


def seat_widgets(ng: NewGameScene, i: int):  # type: ignore[no-untyped-def]
    return ng.seat_buttons[i]


def test_the_defaults_are_you_against_two_normal_bots_with_set_1(ng: NewGameScene) -> None:
    m = ng.model
    assert [s.kind for s in m.seats] == [HUMAN, "normal", "normal"]
    assert m.books == "1" and m.variant == "standard" and m.fortunes and m.starting_rubies == 1
    assert not m.sequential and m.seed == ""


def test_seats_are_added_up_to_four_and_removed_down_to_two(driver: Driver, ng: NewGameScene) -> None:
    click(driver, ng.add_b)
    assert len(ng.model.seats) == 4
    assert not ng.add_b.enabled and ng.add_b.reason  # at most 4
    key(driver, pygame.K_a)
    assert len(ng.model.seats) == 4
    colours = [s.colour for s in ng.model.seats]
    assert sorted(colours) == sorted(PLAYER_COLOURS)  # the new seat took the free colour
    assert ng.model.seats[3].name in BOT_NAMES and ng.model.seats[3].kind == "normal"
    _n, _c, _k, rm = seat_widgets(ng, 1)
    assert rm is not None
    click(driver, rm)  # the x of the second seat
    assert [s.colour for s in ng.model.seats] == [colours[0], colours[2], colours[3]]
    key(driver, pygame.K_DELETE)  # the last seat goes
    assert len(ng.model.seats) == 2
    assert all(rm is None for *_x, rm in ng.seat_buttons)  # two seats: nothing to remove
    key(driver, pygame.K_DELETE)
    ng.remove_seat(0)
    assert len(ng.model.seats) == 2
    key(driver, pygame.K_a)
    assert len(ng.model.seats) == 3


def test_kinds_by_click_and_by_number_keys(driver: Driver, ng: NewGameScene) -> None:
    _n, _c, kind, _rm = seat_widgets(ng, 1)
    click(driver, option(kind, "hard"))
    assert ng.model.seats[1].kind == "hard"
    _n, _c, kind, _rm = seat_widgets(ng, 2)
    click(driver, option(kind, HUMAN))
    assert ng.model.seats[2].kind == HUMAN
    names = [s.name for s in ng.model.seats]  # two humans: nobody is "You", every seat has a real name
    assert "You" not in names and all(n in BOT_NAMES for n in names) and len(set(names)) == 3
    key(driver, pygame.K_1)  # seat 1: human -> easy bot; it keeps its name, and the only human is "You" again
    assert ng.model.seats[0].kind == "easy"
    assert ng.model.seats[0].name == names[0] and ng.model.seats[2].name == "You"
    key(driver, pygame.K_4)  # there is no fourth seat
    assert len(ng.model.seats) == 3


def test_names_are_typed_with_only_letters_digits_and_a_limit(driver: Driver, ng: NewGameScene) -> None:
    name_b, *_rest = seat_widgets(ng, 1)
    click(driver, name_b)
    assert ng.editing == 1
    for _ in range(20):
        key(driver, pygame.K_BACKSPACE, frames=0)
    assert ng.model.seats[1].name == ""
    driver.type("Zoë <the> great!")
    assert ng.model.seats[1].name == "Zoë the great"
    driver.type("-and-a-very-long-tail")  # a paste longer than the room left
    assert ng.model.seats[1].name == "Zoë the great-"  # cut at 14 characters, also on the button
    driver.type("x")
    assert ng.model.seats[1].name == "Zoë the great-"  # full: no more letters
    key(driver, pygame.K_RETURN)  # Enter ends typing (it does not start the game)
    assert ng.editing is None and isinstance(driver.scene, NewGameScene)
    key(driver, pygame.K_e)  # E: the names one after another from the keyboard
    assert ng.editing == 0
    key(driver, pygame.K_TAB)
    assert ng.editing is None
    key(driver, pygame.K_e)
    assert ng.editing == 1
    driver.click((5, 5))  # a click elsewhere ends typing too
    assert ng.editing is None


def test_a_colour_click_takes_the_next_free_colour(driver: Driver, ng: NewGameScene) -> None:
    _n, col_b, _k, _rm = seat_widgets(ng, 0)
    used = {s.colour for s in ng.model.seats[1:]}
    click(driver, col_b)
    c = ng.model.seats[0].colour
    assert c not in used and c != "amber"
    assert len({s.colour for s in ng.model.seats}) == 3


def test_books_pot_cards_rubies_brewing_and_seed_reach_the_match(driver: Driver, ng: NewGameScene,
                                                                  home: Path) -> None:
    click(driver, option(ng.books_c, "mix"))
    assert ng.model.books == "mix" and len(ng.mix_cs) == len(SET_COLOURS)
    click(driver, option(ng.mix_cs[0], 3))
    click(driver, option(ng.mix_cs[2], 4))
    click(driver, option(ng.variant_c, "test-tubes"))
    click(driver, option(ng.fortune_c, False))
    click(driver, option(ng.rubies_c, 0))
    click(driver, option(ng.brew_c, True))
    click(driver, ng.seed_b)
    assert ng.seed_editing
    driver.type("12a3")
    key(driver, pygame.K_BACKSPACE)
    driver.type("45")
    assert ng.model.seed == "1245"
    key(driver, pygame.K_RETURN)  # ends typing the seed
    assert not ng.seed_editing
    hover(driver, ng.seed_b.rect.center)
    assert ng.hover_text  # the seed's tooltip
    click(driver, ng.start_b)
    table = scene_of(driver, TableScene)
    g, setup = table.match.game, table.match.setup
    assert setup.seed == 1245
    assert {c: g.books[c].set for c in SET_COLOURS} == {c: {0: 3, 2: 4}.get(k, 1) for k, c in enumerate(SET_COLOURS)}
    cfg = g.config
    assert cfg.variant == "test-tubes" and not cfg.fortunes
    assert cfg.house.get("starting-rubies") == 0 and cfg.house.get("sequential-brewing") is True
    assert not any(isinstance(s, NewGameScene) for s in driver.app.scenes)  # Start replaced the new-game screen
    assert isinstance(driver.app.scenes[0], TitleScene)
    # the choices were saved with the settings, and the next new game starts from them
    saved, _notes = load_settings()
    assert saved.last_setup is not None and saved.last_setup["books"] == "mix"
    again = NewGameScene(driver.app)
    assert again.model.books == "mix" and again.model.variant == "test-tubes" and not again.model.fortunes
    assert again.model.mix == ng.model.mix and again.model.seed == ""


def test_the_keys_step_every_setting(driver: Driver, ng: NewGameScene) -> None:
    m = ng.model
    before = (m.books, m.variant, m.fortunes, m.starting_rubies, m.sequential)
    for k in (pygame.K_b, pygame.K_p, pygame.K_c, pygame.K_r, pygame.K_s):
        key(driver, k)
    assert (m.books, m.variant, m.fortunes, m.starting_rubies, m.sequential) == ("2", "test-tubes", False, 0, True)
    assert before != (m.books, m.variant, m.fortunes, m.starting_rubies, m.sequential)


def test_random_books_come_from_the_seed() -> None:
    m = SetupModel(books="random", seed="77")
    a, b = m.build(), m.build()
    assert a.game.books == b.game.books and a.seed == 77
    sets = {SetupModel(books="random", seed=str(s)).build().game.books[SET_COLOURS[0]] for s in range(1, 40)}
    assert sets <= {1, 2, 3, 4} and len(sets) > 1
    assert 1 <= SetupModel().build().seed < 10**9  # no seed: a random one


def test_names_are_cleaned_and_made_unique() -> None:
    m = SetupModel()
    m.seats[0].name = "  "
    m.seats[1].name = "Twin"
    m.seats[2].name = "Twin"
    names = m.build().game.seats
    assert names[0] and names[1] == "Twin" and names[2] == "Twin+"


def test_a_stored_setup_that_makes_no_sense_gives_the_defaults() -> None:
    assert SetupModel.from_data({"seats": 5}).to_data() == SetupModel().to_data()
    odd = SetupModel.from_data({"seats": [["A" * 30, "pink", "wizard"], ["B", "teal", "hard"]], "books": "9",
                                "mix": {"orange": 7}, "variant": "round", "fortunes": 0, "starting_rubies": 0,
                                "sequential": 1})
    assert [(s.name, s.colour, s.kind) for s in odd.seats] == [("A" * 14, "amber", HUMAN), ("B", "teal", "hard")]
    assert odd.books == "1" and odd.variant == "standard" and not odd.fortunes and odd.starting_rubies == 0
    assert odd.sequential


def test_the_setting_for_brewing_one_after_another_is_the_first_default(home: Path) -> None:
    d = Driver(sequential_brewing=True)
    assert NewGameScene(d.app).model.sequential


def test_back_and_esc_return_to_the_title(driver: Driver, ng: NewGameScene) -> None:
    click(driver, button([ng.back_b], driver.app.pop))
    assert isinstance(driver.scene, TitleScene)
    driver.scene.new_game()
    driver.frames(1)
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)


def test_hover_shows_the_help_of_the_control_under_the_mouse(driver: Driver, ng: NewGameScene) -> None:
    name_b, col_b, _k, _rm = seat_widgets(ng, 0)
    hover(driver, name_b.rect.center)
    assert ng.hover_text == name_b.tooltip
    hover(driver, col_b.rect.center)
    assert ng.hover_text == col_b.tooltip
    hover(driver, (5, 5))
    assert ng.hover_text == ""


@pytest.mark.parametrize("scale", [100, 200])
def test_the_rows_of_options_share_one_label_size(scale: int, home: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pot side, fortune cards, house rules and brewing read as one block: one size for all their labels (at
    200% "One after another" alone used to shrink to the smallest size)."""
    d = Driver(ui_scale=scale)
    d.app.push(TitleScene(d.app))
    d.scene.new_game()
    d.frames(2)
    scene = d.scene
    assert isinstance(scene, NewGameScene)
    sizes = label_sizes(monkeypatch)
    scene.draw(d.app.screen)
    labels = [b.label for c in (scene.variant_c, scene.fortune_c, scene.rubies_c, scene.brew_c) for b in c.buttons]
    assert len({sizes[lb] for lb in labels}) == 1, {lb: sizes[lb] for lb in labels}
    if scale == 100:
        assert sizes[labels[0]] == 21  # room for every label at the size asked for


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
@pytest.mark.parametrize("scale", [100, 150, 200])
def test_the_seat_kinds_keep_their_label_size_at_every_ui_scale(scale: int, lang: str, home: object) -> None:
    """The seat kinds and the colour take more of the row as the scale grows: at 200% "Normal bot" was squeezed
    to a little over half the size of the seat's name beside it, and at 150% Dutch "Blauwgroen" shrank."""
    from quacks.ui.app import text_engine

    d = Driver(ui_scale=scale)
    d.app.set_language(lang)
    try:
        d.app.push(TitleScene(d.app))
        d.scene.new_game()
        d.frames(2)
        scene = d.scene
        assert isinstance(scene, NewGameScene)
        assert scene.seat_buttons[0][2].buttons[0].label != "Human" or lang == "en"
        check_seat_rows(scene, text_engine())
    finally:
        d.app.set_language("en")


def check_seat_rows(scene: NewGameScene, te: Any) -> None:
    for name, col, kind, rm in scene.seat_buttons:
        # the kinds right of the colour, or (a narrow page at a large scale) on a line of their own under the name
        beside = kind.rect.x > col.rect.right and kind.rect.y == col.rect.y
        assert kind.buttons and (beside or (kind.rect.y >= col.rect.bottom and kind.rect.x <= name.rect.x))
        assert rm is None or rm.rect.x > (kind.rect.right if beside else col.rect.right)
        assert (rm or kind).rect.right <= scene.frame.body.right  # within the page
        for b in [*kind.buttons, col, name]:
            with te.roomy():
                size, rows = te.fit_label(b.label, "sans-semibold", b.size, b.label_box(), 14, 2)
            assert size >= 0.85 * b.size and len(rows) == 1, (b.label, size, b.size)


# -- the levels and their strength (issue 23) ------------------------------------------------------------------

def drawn_texts(driver: Driver, ng: NewGameScene) -> list[str]:
    te = driver.app.text
    with te.record(driver.app.screen) as rec:
        ng.draw(driver.app.screen)
    return [getattr(i, "text", "") for i in rec.items]


def test_every_level_of_the_ladder_is_offered_for_a_seat_in_both_modes(driver: Driver, ng: NewGameScene) -> None:
    from quacks.ai.levels import LADDER
    from quacks.session.setup import REMOTE
    from quacks.wording.text import bot_name, level_name

    kinds = [v for v, _label in ng.seat_buttons[0][2].options]
    assert kinds == [HUMAN, *LADDER]
    buttons = ng.seat_buttons[0][2].buttons[1:]
    assert [b.label for b in buttons] == [level_name(level) for level in LADDER]
    assert all(b.tooltip.startswith(bot_name(level)) for b, level in zip(buttons, LADDER))  # "Expert bot"
    host = NewGameScene(driver.app, online=True)
    assert [v for v, _label in host.model.kinds()] == [HUMAN, REMOTE, *LADDER]
    click(driver, option(seat_widgets(ng, 1)[2], "expert"))
    assert ng.model.seats[1].kind == "expert"
    assert ng.model.build().seats[1].kind == "expert"


def test_each_seated_bot_level_shows_its_measured_strength(driver: Driver, ng: NewGameScene) -> None:
    from quacks.content.bot_strength import load_strength
    from quacks.wording.text import strength_text

    data = load_strength()
    hard = strength_text(data["hard"])
    normal = strength_text(data["normal"])
    assert "Hard" in hard and "Normal" in hard and f"({data['hard'].games} games)" in hard
    texts = drawn_texts(driver, ng)
    assert normal in texts and hard not in texts  # two Normal bots: Normal's line only
    assert hard in option(seat_widgets(ng, 1)[2], "hard").tooltip  # and every level's in its tooltip
    click(driver, option(seat_widgets(ng, 2)[2], "hard"))
    texts = drawn_texts(driver, ng)
    assert texts.index(normal) < texts.index(hard)  # weakest first
    click(driver, option(seat_widgets(ng, 1)[2], HUMAN))
    click(driver, option(seat_widgets(ng, 2)[2], "easy"))
    assert not [t for t in drawn_texts(driver, ng) if " wins against " in t]  # Easy has none below it


def test_an_unmeasured_level_shows_no_strength(driver: Driver, ng: NewGameScene) -> None:
    from quacks.content.bot_strength import Strength

    ng.strength = {"expert": Strength("expert", "hard", 0, 0.0, 0.0, 1.0, False, "to be measured")}
    click(driver, option(seat_widgets(ng, 1)[2], "expert"))
    assert not [t for t in drawn_texts(driver, ng) if "Expert:" in t]
    from quacks.ui.scenes.newgame_model import measured_strength

    assert "expert" not in measured_strength() or measured_strength()["expert"].measured


@pytest.mark.parametrize("text", [None, "levels: [unclosed", "levels: {hard: {against: normal}}"])
def test_a_missing_or_damaged_strength_file_shows_no_line_and_says_so_in_the_log(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, text: str | None) -> None:
    from quacks.ui.scenes.newgame_model import measured_strength, strength_lines

    path = tmp_path / "bot_strength.yaml"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with caplog.at_level("WARNING", logger="quacks.ui"):
        assert measured_strength(path) == {}
    assert "bot_strength.yaml" in caplog.text and "Traceback" not in caplog.text
    assert strength_lines(["normal", "hard"], {}) == []


def test_the_next_level_opens_the_form_with_its_bots_at_that_level(driver: Driver) -> None:
    ng = NewGameScene(driver.app, bot_level="expert")
    assert [s.kind for s in ng.model.seats] == [HUMAN, "expert", "expert"]
    with pytest.raises(ValueError):
        NewGameScene(driver.app, bot_level="grandmaster")
