"""The frame loop: when it draws, how long it sleeps, and that it wakes for every timer (a bot's pace, the
hot-seat reveal hold, toasts) and for input. A fake clock and a fake sleeper stand in for time; nothing here
is timed."""

from __future__ import annotations

import time

import pygame
import pytest

from quacks.storage.settings import Settings
from quacks.ui import sound as sound_module
from quacks.ui.app import App, Scene
from quacks.ui.sleeper import Sleeper


class Clock:
    """Moves on by a microsecond each time it is read (real clocks never stand still), and by sleeping."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        self.t += 1e-6
        return self.t


class FakeSleeper:
    """Sleeps by moving the fake clock on; ``events`` arrive at given times (like input would)."""

    how = "fake"

    def __init__(self, clock: Clock, app: App) -> None:
        self.clock, self.app = clock, app
        self.sleeps: list[float | None] = []
        self.events: list[tuple[float, pygame.event.Event]] = []

    def sleep(self, seconds: float | None, longest: float = 1.0) -> None:
        self.sleeps.append(seconds)
        assert len(self.sleeps) < 1000, "the loop spins"
        s = longest if seconds is None else min(seconds, longest)
        due = [t for t, _ in self.events if t <= self.clock.t + s]
        if due:  # an event wakes the sleeper early
            self.clock.t = max(self.clock.t, min(due))
            for t, ev in [e for e in self.events if e[0] <= self.clock.t]:
                pygame.event.post(ev)
                self.events.remove((t, ev))
        else:
            self.clock.t += s


class Timed(Scene):
    """Waits like the match driver: a timer counted down in ``update``; ``wake_in`` is what is left of it."""

    def __init__(self, app: App, timer: float | None, quit_when_fired: bool = True) -> None:
        super().__init__(app)
        self.timer = timer
        self.fired_at: float | None = None
        self.updates = 0
        self.draws = 0
        self.keys: list[int] = []
        self.quit_when_fired = quit_when_fired

    def update(self, dt: float) -> None:
        self.updates += 1
        assert self.updates < 1000, "the loop spins"
        if self.timer is not None:
            self.timer -= dt
            if self.timer <= 0:
                self.timer = None
                self.fired_at = self.app.clock_now()
                if self.quit_when_fired:
                    self.app.quit()

    def wake_in(self) -> float | None:
        return None if self.timer is None else max(0.0, self.timer)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self.keys.append(event.key)
            if event.key == pygame.K_q:
                self.app.quit()
        return True

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect]:
        self.draws += 1
        return []


@pytest.fixture()
def app() -> App:
    a = App(Settings(), headless=True)
    a.clock_now = Clock()
    a.last_update = a.clock_now()
    a.sleeper = FakeSleeper(a.clock_now, a)  # type: ignore[assignment]
    pygame.event.clear()
    return a


def test_wait_time(app: App) -> None:
    clock: Clock = app.clock_now  # type: ignore[assignment]
    scene = Timed(app, None)
    app.push(scene)
    assert app.wait_time() == 0.0  # something changed (the push): draw now
    app.dirty = False
    assert app.wait_time() is None  # nothing to do until input
    scene.timer = 0.5
    app.last_update = clock.t - 0.2  # the timer was counted down 0.2 s ago
    assert app.wait_time() == pytest.approx(0.3, abs=1e-4)
    clock.t += 1.0
    assert app.wait_time() == 0.0  # overdue: now, never negative
    app.toast("Saved", seconds=0.1)
    app.dirty = False
    scene.timer = 5.0
    app.last_update = clock.t
    assert app.wait_time() == pytest.approx(0.1, abs=1e-4)  # the toast ends first
    assert app.wait_time(now=clock.t + 0.05) == pytest.approx(0.05, abs=1e-4)


def test_wait_time_asks_only_the_scenes_that_update(app: App) -> None:
    below = Timed(app, 0.2)
    app.push(below)
    top = Timed(app, None)
    app.push(top)  # opaque and pausing: the scene below neither updates nor wakes the loop
    app.dirty = False
    assert app.wait_time() is None
    top.pauses_below = False
    top.opaque = False
    assert app.wait_time() == pytest.approx(0.2, abs=1e-4)


@pytest.mark.parametrize("pace", [0.2, 0.55, 1.1, 1.2])  # fast, normal, slow; the hot-seat reveal hold
def test_the_loop_sleeps_until_a_timer_and_then_draws(app: App, pace: float) -> None:
    scene = Timed(app, pace)
    app.push(scene)
    start = app.clock_now()
    app.run()
    assert scene.fired_at is not None, "the timer never fired: the loop slept through it"
    assert scene.fired_at - start == pytest.approx(pace, abs=0.002)  # on time: no second lost to a bound
    sleeps: list[float | None] = app.sleeper.sleeps  # type: ignore[attr-defined]
    assert 1 <= len(sleeps) <= 3, sleeps  # slept, not spun
    assert scene.draws <= 3


def test_idle_sleeps_long_and_wakes_for_input(app: App) -> None:
    scene = Timed(app, None, quit_when_fired=False)
    app.push(scene)
    t = app.clock_now()
    sleeper: FakeSleeper = app.sleeper  # type: ignore[assignment]
    sleeper.events = [(t + 3.5, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)),
                      (t + 7.25, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0))]
    app.run()
    assert scene.keys == [pygame.K_a, pygame.K_q]
    assert all(s is None for s in sleeper.sleeps)  # nothing to wake for but input
    assert len(sleeper.sleeps) <= 10  # about one wake-up a second while idle
    assert scene.draws <= 3  # the first frame and one after the key: no frames while idle


def test_a_toast_is_drawn_and_then_cleared_on_time(app: App) -> None:
    scene = Timed(app, None, quit_when_fired=False)
    app.push(scene)
    app.frame(0.0)
    app.dirty = False
    app.toast("Saved", seconds=2.0)
    clock: Clock = app.clock_now  # type: ignore[assignment]
    drawn = scene.draws
    sleeper: FakeSleeper = app.sleeper  # type: ignore[assignment]
    sleeper.events = [(clock.t + 5.0, pygame.event.Event(pygame.QUIT))]
    app.run()
    assert not app.toasts  # gone at its time, without input
    assert pytest.approx(2.0, abs=0.01) in [s for s in sleeper.sleeps if s is not None]
    assert scene.draws - drawn <= 3


def test_the_fallback_sleeper_polls_fewer_than_20_times_a_second() -> None:
    s = Sleeper()  # the dummy driver cannot wait in SDL: sleep in steps
    assert s.how.startswith("poll")
    t0 = time.perf_counter()
    for _ in range(3):
        s.sleep(None)
    took = time.perf_counter() - t0
    assert took >= 3 * 0.055
    t0 = time.perf_counter()
    s.sleep(0.004)
    assert time.perf_counter() - t0 < 0.04


def test_the_measuring_start_puts_a_waiting_table_over_the_title(home: object) -> None:
    from quacks.ui.scenes.table import TableScene
    from quacks.ui.scenes.title import TitleScene

    a = App(Settings(pace="instant"), headless=True)
    a.push(TitleScene(a))
    from quacks.ui.main import start_waiting_table

    start_waiting_table(a)  # what QUACKS_START_AT=table does before the loop starts
    assert isinstance(a.scene, TableScene) and isinstance(a.scenes[0], TitleScene)
    for _ in range(400):  # the bots play at instant pace until the human is asked
        a.frame(1 / 60)
        if a.scene.driver.human_turn():
            break
    assert a.scene.driver.human_turn() == (0,)
    for _ in range(120):  # the last moves' motion ends
        a.dirty = False
        if a.wait_time() is None:
            break
        a.frame(1 / 60)
    assert a.wait_time() is None  # waiting for the human: nothing to wake for but input


class FakeSound:
    def __init__(self) -> None:
        self.started = True
        self.closed_at: list[float] = []

    def close(self) -> None:
        self.started = False
        self.closed_at.append(self.now())

    def play(self, name: str) -> bool:
        self.started = True
        return True


def test_the_sound_device_is_released_after_30_idle_seconds(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    assert app.audio_release == sound_module.AUDIO_IDLE_RELEASE == 30.0  # a player's: no QUACKS_AUDIO_RELEASE_S
    monkeypatch.setattr(pygame.mixer, "get_busy", lambda: False)  # nothing sounds (whatever other tests left)

    scene = Timed(app, None, quit_when_fired=False)
    app.push(scene)
    sound = FakeSound()
    sound.now = app.clock_now  # type: ignore[attr-defined]
    app.sound = sound  # type: ignore[assignment]
    t = app.clock_now()
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    sleeper: FakeSleeper = app.sleeper  # type: ignore[assignment]
    sleeper.events = [(t + 20.0, key), (t + 100.0, pygame.event.Event(pygame.QUIT))]
    app.run()
    # a key at 20 s drew a frame: the device closes 30 s after that frame, once, while nothing sounds
    assert len([c for c in sound.closed_at if c < t + 100.0]) == 1  # (and once more as the game ends)
    assert sound.closed_at[0] - (t + 20.0) == pytest.approx(sound_module.AUDIO_IDLE_RELEASE, abs=1.01)


def test_the_shortened_release_time_is_the_one_the_loop_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sound_module.AUDIO_RELEASE_ENV, "4")
    a = App(Settings(), headless=True)
    a.clock_now = Clock()
    a.last_update = a.clock_now()
    a.sleeper = FakeSleeper(a.clock_now, a)  # type: ignore[assignment]
    pygame.event.clear()
    monkeypatch.setattr(pygame.mixer, "get_busy", lambda: False)
    a.push(Timed(a, None, quit_when_fired=False))
    sound = FakeSound()
    sound.now = a.clock_now  # type: ignore[attr-defined]
    a.sound = sound  # type: ignore[assignment]
    t = a.clock_now()
    sleeper: FakeSleeper = a.sleeper  # type: ignore[assignment]
    sleeper.events = [(t + 100.0, pygame.event.Event(pygame.QUIT))]
    a.run()
    assert sound.closed_at[0] - t == pytest.approx(4.0, abs=1.01)  # 4 s after the first frame, not 30
