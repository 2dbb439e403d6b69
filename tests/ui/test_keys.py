"""A key means one action, everywhere (issue 30, point 1): the one table of keys (``quacks.ui.keys``), and a walk of
every screen and state that fails where a key means two acts in one state, where an act's key changes, where a
key that moves on also commits a choice, or where the numbers are positions in a list of options of different
kinds. Every screen test's key presses are looked at by the same eyes (``tests/ui/driver.py``: ``audit``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from quacks import i18n
from quacks.devtools.ui import layout_check as L
from quacks.rules.config import SeatSetup
from quacks.rules.kinds import DecisionKind
from quacks.session.match import HUMAN
from quacks.ui.keys import HELP, KEYS, Act, Chord, Family, KeyAudit, chords, conflicts, label, press_event
from quacks.ui.overlays.confirm import Confirm
from quacks.ui.scenes.final import FinalScene
from quacks.ui.table.option_keys import KEYED, option_keys

from .driver import Driver
from .test_table import answer_first, confirm_open, human_waiting, start_table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["en", "de", "nl"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


# ---------------------------------------------------------------------------------------------------------
# the table itself


def test_in_a_game_every_key_has_one_act_and_a_key_that_moves_on_never_commits(language: str) -> None:
    game = [a for a in Act if KEYS[a].family in (Family.GAME, Family.ANY) and not KEYS[a].numbered]
    owner: dict[Chord, Act] = {}
    for a in game:
        for c in chords(a):
            assert owner.setdefault(c, a) is a, f"{c.label()} is both {owner[c]} and {a} in a game"
    moving = {c for a in Act if KEYS[a].moves_on for c in chords(a)}
    committing = {c for a in Act if KEYS[a].commits for n in ((0,) if not KEYS[a].numbered else range(1, 10))
                  for c in chords(a, n)}
    assert moving and not moving & committing
    numbers = {pygame.K_1 + i for i in range(9)} | {pygame.K_KP1 + i for i in range(9)}
    for a in Act:
        if not KEYS[a].numbered:
            assert not any(c.key in numbers for c in chords(a)), f"{a} has a number key but is no list of options"
    assert label(Act.DRAW) == "D" and label(Act.NEXT) == i18n.pgettext("key", "Space")
    assert label(Act.YES) == {"en": "Y", "de": "J", "nl": "J"}[language]


def test_every_decision_kind_has_keys_and_the_key_help_lists_every_act_of_the_game() -> None:
    assert set(KEYED) == set(DecisionKind) - {DecisionKind.SHOP}  # the shop has keys of its own
    listed = {a for _t, acts in HELP for a in acts}
    assert {a for a in Act if KEYS[a].family is Family.GAME} <= listed


def test_no_screen_reads_a_key_code_of_its_own() -> None:
    """Every key goes through the one table: no pygame key code outside ``quacks/ui/keys.py``."""
    found = []
    for path in sorted((ROOT / "quacks").rglob("*.py")):
        if path.name == "keys.py" and path.parent.name == "ui":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bK_[A-Za-z0-9_]+|KMOD_", line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_readme_lists_the_keys_of_the_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for _title, acts in HELP:
        for a in acts:
            key = label(a) if not KEYS[a].numbered else None
            if key is not None:
                assert f"| {key} |" in readme, f"the README's key table lacks {key} ({a})"


def test_conflicts_are_found() -> None:
    from quacks.ui.keys import Binding

    assert conflicts([Binding(Act.DRAW, lambda: None), Binding(Act.DRAW, lambda: None)]) == []
    found = conflicts([Binding(Act.OPTION, lambda: None, 1, "a"), Binding(Act.OPTION, lambda: None, 1, "b"),
                       Binding(Act.OPTION, lambda: None, 2, "c")])
    assert found == []  # the same act at the same position: one meaning
    assert KeyAudit().problems == []


def test_the_eyes_see_a_planted_fault() -> None:
    """The audit fails a state where one key has two acts, a button shows a key that does something else, and a
    key that moves on commits elsewhere."""
    from quacks.ui.keys import Binding
    from quacks.ui.widgets import Button

    class Planted:
        hosts_game = True
        scenes: list[object] = []

        def __init__(self, bindings: list[Binding], buttons: list[Button]) -> None:
            self._b, self._buttons = bindings, buttons

        def key_map(self) -> list[tuple[object, list[Binding]]]:
            outer = self

            class Scene:
                hosts_game = True

                def shown_buttons(self) -> list[Button]:
                    return outer._buttons

            return [(Scene(), self._b)]

    audit = KeyAudit()
    two = Planted([Binding(Act.DRAW, lambda: None, target="draw"),
                   Binding(Act.OPTION, lambda: None, 1, "x", kind="chip"),
                   Binding(Act.OPTION, lambda: None, 2, "y", kind="count")], [])
    two.scenes = [two]
    problems = audit.look(two, "planted")
    assert any("kinds" in p for p in problems)
    shown = Button(pygame.Rect(0, 0, 10, 10), "Stop", key=Act.STOP)
    lying = Planted([Binding(Act.DRAW, lambda: None, target="draw")], [shown])
    lying.scenes = [lying]
    assert any("shows S" in p for p in audit.look(lying, "planted"))


# ---------------------------------------------------------------------------------------------------------
# a walk of every screen and state


def test_every_screen_and_overlay_keeps_the_rules_in_english_and_german(home: object) -> None:
    """Every case of the layout check (every screen, every overlay, the table in every phase)."""
    audit = KeyAudit()
    for lang in ("en", "de"):
        i18n.set_language(lang)
        try:
            for case in L.all_cases():
                app = L._app(100, (1280, 800))
                case.build(app)
                audit.look(app, f"{case.name} ({lang})")
                app.scenes = []
        finally:
            i18n.set_language("en")
    assert not audit.problems, "\n".join(audit.problems)
    assert audit.states >= 2 * 60
    for act in (Act.DRAW, Act.STOP, Act.FLASK, Act.NEXT, Act.SKIP, Act.CART, Act.NO, Act.CONFIRM, Act.POINTS,
                Act.COINS, Act.OPTION, Act.LEAVE, Act.RULES, Act.PAGE, Act.SEAT_KIND, Act.HOST):
        assert act in audit.acts, f"no case reached {act}"


def walk_game(d: Driver, audit: KeyAudit, kinds: tuple[str, ...], rounds: int = 9, **cfg: object) -> set[Act]:
    """Play with keys only (the first option of each choice), looking at the keys in every state; the acts used."""
    scene = start_table(d, kinds, **cfg)
    used: set[Act] = set()
    for _ in range(20000):
        if isinstance(d.scene, FinalScene) or scene.g.round > rounds:
            break
        audit.look(d.app, f"round {scene.g.round}, {scene.g.phase}")
        if scene.summary is not None:
            d.press(Act.NEXT)
            used.add(Act.NEXT)
        elif confirm_open(d) is not None:
            d.press(Act.CONFIRM)
        elif human_waiting(scene):
            seat = scene.controls.seat or 0
            s = scene.g.seats[seat]
            if scene.g.decision_kind(seat) == DecisionKind.BREW:
                act = Act.DRAW if len(s.pot) < 5 and s.white_total < 5 else Act.STOP
            elif scene.controls.shop is not None:
                act = Act.NO
            else:
                b = next(b for _s, bs in d.app.key_map() for b in bs if KEYS[b.act].commits and b.enabled)
                d.press(b.act, b.n)
                used.add(b.act)
                continue
            d.press(act)
            used.add(act)
        elif scene.driver.beat is not None:
            d.press(Act.NEXT)
        else:
            d.frames(1)
    return used


def test_a_whole_game_and_a_hot_seat_round_keep_the_rules(home: object) -> None:
    audit = KeyAudit()
    d = Driver(pace="fast")
    used = walk_game(d, audit, (HUMAN, "normal", "easy"), seed=9)
    assert isinstance(d.scene, FinalScene)
    d2 = Driver(pace="fast")
    used |= walk_game(d2, audit, (HUMAN, HUMAN), rounds=2, seed=4, setup={0: SeatSetup(rubies=3),
                                                                          1: SeatSetup(rubies=3)})
    assert not audit.problems, "\n".join(audit.problems)
    assert audit.states > 100 and {Act.DRAW, Act.STOP, Act.NO, Act.NEXT} <= used


def test_round_9_rubies_keep_their_key_when_the_coins_are_gone() -> None:
    """The trap: "2" meant "2 rubies = 1 VP" and became "Done" once the coin option was gone. Now coins are C,
    rubies R and Done is Enter, whichever of them is offered."""
    import random

    from ..rules.gamekit import make_game, steps

    g = steps(make_game(("Mia", "Bo"), round=9, Mia={"rubies": 6, "droplet": 30}), "Mia stop", "Bo stop")
    rng = random.Random(1)
    for _ in range(200):
        if g.decision_kind(0) == DecisionKind.CONVERT:
            break
        if g.pending_chance() is not None:
            g.apply_chance(g.sample_chance(rng))
        else:
            seat = g.acting_seats()[0]
            g.apply(seat, g.legal_actions(seat)[0])
    assert g.decision_kind(0) == DecisionKind.CONVERT
    seen = []
    while g.decision_kind(0) == DecisionKind.CONVERT:
        acts = g.legal_actions(0)
        keys = {str(a): k.act for a, k in zip(acts, option_keys(g, 0, acts))}
        seen.append(keys)
        assert keys.get("convert rubies", Act.RUBIES) is Act.RUBIES and keys["done"] is Act.CONFIRM
        assert keys.get("convert coins", Act.COINS) is Act.COINS
        g.apply(0, next(a for a in acts if str(a) == ("convert coins" if "convert coins" in keys else "done")))
    assert any("convert coins" not in k and "convert rubies" in k for k in seen), seen


def test_holding_space_through_a_game_never_commits_a_choice(home: object) -> None:
    """Space moves on (the beats, the results, the guide); held through a game it draws, buys and declines
    nothing."""
    d = Driver(pace="fast")
    scene = start_table(d, (HUMAN, "easy", "easy"), seed=3)
    for _ in range(300):
        d.app.handle(press_event(Act.NEXT))
        d.frames(1)
    human = [e for e in scene.g.record if e[0] == "act" and e[1] == 0]
    assert human == [] and human_waiting(scene)
    assert "D draws a chip" in scene.controls.hint


def test_leaving_a_game_is_asked_first_and_enter_goes_back(home: object) -> None:
    d = Driver(pace="fast")
    scene = start_table(d, (HUMAN, "easy"), seed=3)
    d.press(Act.LEAVE)
    assert isinstance(d.scene, Confirm) and d.scene.safe_default
    d.press(Act.CONFIRM)
    assert d.scene is scene
    d.press(Act.BACK)  # the menu: Q there too
    d.press(Act.LEAVE)
    assert isinstance(d.scene, Confirm)
    d.press(Act.NO)
    assert d.scene is scene


def test_a_decision_of_mixed_options_gives_each_its_letter(home: object) -> None:
    """An exploded pot: Take VP is P and Take coins is C, never 1 and 2."""
    d = Driver(pace="fast")
    scene = start_table(d, (HUMAN, "easy"), seed=3, fortunes=False, setup={0: SeatSetup(rubies=0)})
    scene.g.seats[0].white_total = scene.g.limit(0)
    for _ in range(400):
        if human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.EXPLOSION:
            break
        if scene.summary is not None:
            d.press(Act.NEXT)
        elif human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.BREW:
            d.press(Act.DRAW)
        elif human_waiting(scene):
            answer_first(d)
        else:
            d.frames(1)
    if scene.g.decision_kind(0) != DecisionKind.EXPLOSION:
        pytest.skip("this seed's pot did not explode")
    assert sorted(b.hotkey_label for b in scene.controls.buttons) == ["C", "P"]
    d.press(Act.COINS)
    assert any(e[0] == "act" and e[1] == 0 and e[2] == "choose coins" for e in scene.g.record)
