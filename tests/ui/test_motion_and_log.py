"""Motion starts from engine events and skipping lands on the final state; the log narrates a scripted round."""

from __future__ import annotations

import pygame
import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.bag import ChipCounts
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig, SeatSetup
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec
from quacks.ui.anim import Animator, Motion
from quacks.ui.scenes.table import TableScene
from quacks.wording.events import log_lines

from .driver import Driver


def scripted(d: Driver, bag: dict[str, int], **setup: object) -> TableScene:
    cfg = GameConfig(seats=("Mia", "Bot"), books={c: 1 for c in SET_COLOURS}, fortunes=False,
                     setup={0: SeatSetup(bag=ChipCounts.from_mapping(bag), **setup)})  # type: ignore[arg-type]
    match = Match(default_catalogue(), MatchSetup(cfg, (SeatSpec("Mia", "amber", HUMAN),
                                                         SeatSpec("Bot", "teal", "normal")), 1))
    scene = TableScene(d.app, match)
    d.app.push(scene)
    d.frames(2)
    return scene


def apply_and_scan(scene: TableScene, *steps: str) -> None:
    from quacks.scenario import apply_step

    for s in steps:
        apply_step(scene.g, ["Mia", "Bot"], s)
    scene.anim.events(scene.g, scene.driver.take_events())


def test_a_drawn_chip_flies_and_lands_on_its_space(home: object) -> None:
    d = Driver()
    scene = scripted(d, {"orange-1": 3})
    anim = scene.anim
    assert isinstance(anim, Animator)
    apply_and_scan(scene, "Mia draw orange-1")
    assert anim.hidden(0) == 1  # in the air: the pot leaves it out
    flight = next(a for a in anim.anims if a.kind is Motion.FLIGHT)
    assert flight.data == {"chip": "orange-1", "index": 1}
    d.frames(3)
    assert 0 < flight.progress < 1
    anim.update(1.0)
    assert anim.hidden(0) == 0 and not anim.anims  # landed: the state shows it


def test_skipping_lands_every_animation_on_its_final_state(home: object) -> None:
    d = Driver()
    scene = scripted(d, {"white-3": 3, "orange-1": 1})
    apply_and_scan(scene, "Mia draw white-3", "Mia draw white-3", "Mia draw white-3")
    anim = scene.anim
    assert any(a.kind is Motion.SHAKE for a in anim.anims)
    anim.update(0.05)
    assert anim.shake(0) != (0, 0)  # the pot shakes while the explosion runs
    d.key(pygame.K_b)  # any key skips
    assert not anim.anims and anim.hidden(0) == 0 and anim.shake(0) == (0, 0)
    assert scene.g.seats[0].exploded


def test_markers_slide_from_the_old_score_to_the_new(home: object) -> None:
    d = Driver()
    scene = scripted(d, {"orange-1": 1}, droplet=20)
    apply_and_scan(scene, "Mia draw orange-1", "Bot stop", "Mia die vp-2")
    anim = scene.anim
    vp = scene.g.seats[0].score
    assert vp >= 2
    start = anim.marker_value(0)
    assert start < vp
    anim.update(0.25)
    mid = anim.marker_value(0)
    assert start < mid < vp
    anim.skip()
    assert anim.marker_value(0) == vp


def test_reduced_motion_ends_every_animation_at_once(home: object) -> None:
    d = Driver(reduced_motion=True)
    scene = scripted(d, {"orange-1": 2})
    apply_and_scan(scene, "Mia draw orange-1")
    d.frames(1)
    assert scene.anim.hidden(0) == 0 and not scene.anim.anims


def test_the_die_tumbles_then_shows_its_face(home: object) -> None:
    d = Driver()
    scene = scripted(d, {"orange-1": 1}, droplet=20)
    apply_and_scan(scene, "Mia draw orange-1", "Bot stop", "Mia die ruby")
    anim = scene.anim
    face, spin = anim.die_face("ruby")
    assert spin > 0
    anim.skip()
    assert anim.die_face("ruby") == ("ruby", 0.0)


def test_the_log_narrates_a_scripted_round_with_causes(home: object) -> None:
    # a mandrake (yellow set 1) returns the white chip drawn right before it
    from quacks.scenario import apply_step

    g2 = Match(default_catalogue(), MatchSetup(GameConfig(seats=("Mia", "Bot"), fortunes=False, first_round=2,
                                                         setup={0: SeatSetup(bag=ChipCounts.from_mapping(
                                                             {"white-2": 1, "yellow-1": 1, "orange-1": 1}))}),
                                              (SeatSpec("Mia", "amber"), SeatSpec("Bot", "teal", "normal")), 1)).game
    for step in ("Mia draw white-2", "Mia draw yellow-1", "Mia choose return-white"):
        apply_step(g2, ["Mia", "Bot"], step)
    text = [ln.text for ln in log_lines(g2, g2.events)]
    assert "Round 2 begins; Mia starts." in text
    assert "The yellow book comes out." in text
    assert any(t.startswith("Mia places a white 2 on space 2") and "white total 0 -> 2 of 7" in t for t in text)
    assert "Yellow returned the white chip before it: Mia's white 2 goes back into the bag." in text
    assert "Mia's white total 2 -> 0 (limit 7): yellow returned the white chip before it." in text
    assert all(ln.round == 2 for ln in log_lines(g2, g2.events))


def test_the_droplet_steps_forward_space_by_space(home: object) -> None:
    """Issue 32: the droplet hops from its old space to its new one, one space at a time; meanwhile the pot leaves
    it out (the still picture knows), and once it lands the pot shows it on its new space."""
    from quacks.rules.events import DRAWN, Event
    from quacks.rules.kinds import EventKind
    from quacks.ui import art
    from quacks.ui.anim import DROPLET_STEP

    d = Driver()
    scene = scripted(d, {"orange-1": 2}, droplet=2)
    anim = scene.anim
    before = anim.still_look(2)
    anim.events(scene.g, [Event(EventKind.DROPLET, 0, DRAWN, {"before": 2, "after": 5})])
    step = next(a for a in anim.anims if a.kind is Motion.DROPLET)
    assert step.duration == pytest.approx(3 * DROPLET_STEP)
    assert anim.droplets_moving() == {0} and anim.still_look(2) != before
    lay = anim.pot_of(0)
    assert lay is not None
    centres = lay.centres()
    seen = []
    for dt in (DROPLET_STEP, DROPLET_STEP, DROPLET_STEP * 0.99):  # (the last just before it lands)
        anim.update(dt)
        surf = pygame.Surface(d.app.screen.get_size())
        drop = art.droplet(int(lay.chip_radius * 1.7)).get_size()
        drawn = anim.draw(surf)
        rect = next((r for r in drawn if r.size == drop), None)  # the droplet, not the float's words
        assert rect is not None, (drawn, drop)
        seen.append(min(range(53), key=lambda i: (centres[i][0] - rect.centerx) ** 2
                        + (centres[i][1] - rect.centery) ** 2))
    assert seen == [3, 4, 5]  # a space at a time
    anim.update(0.1)
    assert not anim.droplets_moving()


def test_a_score_marker_walks_a_space_at_a_time() -> None:
    """Issue 32: a marker steps from space to space (it stands a moment on each), the walk a step per space and
    never over 0.7 s."""
    from quacks.ui.motion_paths import MARKER_LEAST, SLIDE, slide_time, walked

    assert walked(4, 7, 0.0) == 4 and walked(4, 7, 1.0) == 7
    assert walked(4, 7, 1 / 3) == pytest.approx(5) and walked(4, 7, 2 / 3) == pytest.approx(6)
    # within a step it eases: slow near the spaces, quick between them
    assert walked(4, 7, 0.02) - 4 < 0.02 * 3 and walked(4, 7, 1 / 6) == pytest.approx(4.5)
    samples = [walked(10, 2, i / 50) for i in range(51)]
    assert samples == sorted(samples, reverse=True)  # a loss walks back, never forth
    assert walked(5, 5, 0.5) == 5
    assert slide_time(1) == MARKER_LEAST and slide_time(3) == pytest.approx(0.36) and slide_time(40) == SLIDE < 0.7


def test_a_gain_while_brewing_flies_from_the_chip_to_the_score(home: object) -> None:
    """Issue 32: victory points and rubies gained outside the evaluation fly from the space of the chip just placed
    to the seat's score (they used to rise as a note over the pot)."""
    from quacks.rules.events import DRAWN, Event
    from quacks.rules.kinds import EventKind

    d = Driver()
    scene = scripted(d, {"orange-1": 2})
    apply_and_scan(scene, "Mia draw orange-1")
    anim = scene.anim
    anim.skip()
    g = scene.g
    anim.events(g, [Event(EventKind.VP, 0, DRAWN, {"amount": 2, "before": 0, "after": 2}),
                    Event(EventKind.RUBIES, 0, DRAWN, {"amount": 1, "after": 1})])
    lay = anim.pot_of(0)
    assert lay is not None
    x, y = lay.centres()[g.seats[0].pot[-1].index]
    flying = [a for a in anim.anims if a.kind is Motion.FLY]
    assert [a.data["text"] for a in flying] == ["+2 VP", "+1 ruby"]
    assert all(a.data["from"] == (int(x), int(y)) for a in flying)
    assert flying[0].data["to"] == scene.view.score_pos(0)
    assert flying[1].data["to"][1] > flying[0].data["to"][1]  # the second lands a line lower
    assert not [a for a in anim.anims if a.kind is Motion.FLOAT]
    assert any(a.kind is Motion.SLIDE for a in anim.anims)


def test_bought_chips_fly_into_the_buyers_bag(home: object) -> None:
    from quacks.rules.decisions import SHOPPING
    from quacks.rules.events import Event
    from quacks.rules.kinds import EventKind

    d = Driver()
    scene = scripted(d, {"orange-1": 2})
    anim = scene.anim
    anim.events(scene.g, [Event(EventKind.BUY, 0, SHOPPING, {"chips": ["orange-1", "blue-2"], "spent": 13})])
    flying = [a for a in anim.anims if a.kind is Motion.FLY]
    assert [a.data["chip"] for a in flying] == ["orange-1", "blue-2"]
    assert all(a.data["to"] == scene.view.bag_pos(0) for a in flying)
    assert flying[1].t < flying[0].t  # one after the other
    anim.update(1.0)
    assert not anim.anims


def test_coins_fly_from_the_scoring_space_when_shopping_begins(home: object) -> None:
    """Issue 32: coins fly to their owner: as shopping begins (rulebook E) each seat's coins fly from its scoring
    space to its score, with a coin before the words; a seat without coins (it took the points) gets none."""
    from quacks.rules.events import Cause, Event
    from quacks.rules.kinds import CauseKind, EventKind, Phase

    d = Driver()
    scene = scripted(d, {"orange-1": 2})
    anim, g = scene.anim, scene.g
    g.seats[0].final_space, g.seats[0].coins = 12, 9
    g.seats[1].final_space, g.seats[1].coins = 8, 0
    anim.events(g, [Event(EventKind.PHASE, None, Cause(CauseKind.PHASE_BEGINS, (Phase.SHOPPING,)),
                          {"phase": Phase.SHOPPING})])
    flying = [a for a in anim.anims if a.kind is Motion.FLY]
    assert [(a.seat, a.data["text"], a.data["coin"]) for a in flying] == [(0, "+9 coins", True)]
    lay = anim.pot_of(0)
    assert lay is not None
    x, y = lay.centres()[12]
    assert flying[0].data["from"] == (int(x), int(y)) and flying[0].data["to"] == scene.view.score_pos(0)
    surf = pygame.Surface((1280, 720))
    flying[0].t = flying[0].duration / 2
    drawn = anim._draw_fly(surf, flying[0], d.app.text, False)
    words = d.app.text.render("+9 coins", "sans-bold", 26, (0, 0, 0))
    assert drawn is not None and drawn.w > words.get_width() + words.get_height()  # the coin before the words
    anim.update(1.0)
    assert not anim.anims
