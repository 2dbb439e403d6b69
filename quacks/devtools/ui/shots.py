"""``python -m quacks screenshots [--out docs/screenshots] [--language de]``: the screens of the README, made
reproducibly.

Each screen is drawn headless in a window of the size its name ends with (``brewing-2560x1440.png``), as a
player's window of that size shows it: the table lays itself out for the window, the other screens fill it. In
another language the names carry it (``brewing-de-1280x800.png``) and the human seat is named as the new-game
screen would name it there ("Du", "Jij").
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...ai.levels import make_bot
from ...content.loader import default_catalogue
from ...net.link import IN_GAME, IN_LOBBY, NetLink
from ...net.served_match import ServedMatch
from ...rules.actions import STOP
from ...rules.chips import SET_COLOURS
from ...rules.config import GameConfig
from ...rules.kinds import DecisionKind, Phase
from ...session.driver import MatchDriver
from ...session.match import Match, MatchSetup
from ...session.setup import HUMAN, REMOTE, SeatSpec
from ...storage.files import refuse_non_regular
from ...storage.settings import Settings
from ...tutorial.script import Wait
from ...ui import art
from ...ui.app import App
from ...ui.flows import start_tutorial
from ...ui.keys import KEYS, Act, press_event
from ...ui.online import start_online_table
from ...ui.scenes.final import FinalScene
from ...ui.scenes.newgame import NewGameScene
from ...ui.scenes.rules_scene import RulesScene
from ...ui.scenes.settings_scene import SettingsScene
from ...ui.scenes.table import TableScene
from ...ui.scenes.title import TitleScene
from ...ui.screens import Screen, open_scene
from .games import GAMES, find, first_decides, play_human_until, rebuild

if TYPE_CHECKING:  # pragma: no cover
    import argparse

    from ...ui.app import Scene


def _setup_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def save_picture(picture: pygame.Surface, path: Path) -> None:
    """``picture`` as a PNG at ``path``; a target that is there and is not a regular file (a pipe, a device, a
    folder) is refused with a ``StorageError`` naming it, never written into (issue 30 §7: every writer)."""
    refuse_non_regular(path, "the screenshot")
    pygame.image.save(picture, str(path))


def save_window(display: pygame.Surface, out: Path, name: str) -> Path:
    """The window's picture as ``<name>-<w>x<h>.png``."""
    out.mkdir(parents=True, exist_ok=True)
    w, h = display.get_size()
    path = out / f"{name}-{w}x{h}.png"
    save_picture(display, path)
    return path


def _human_match(seed: int, kinds: tuple[str, ...] = ("human", "normal", "hard"), books: int = 1) -> Match:
    names = (i18n._("You"), "Hildegard", "Ottokar", "Mechthild")[: len(kinds)]
    cfg = GameConfig(seats=names, books={c: books for c in SET_COLOURS})
    looks = ("amber", "teal", "plum", "moss")
    return Match(default_catalogue(), MatchSetup(cfg, tuple(SeatSpec(n, c, k) for n, c, k in zip(names, looks, kinds)),
                                                 seed))


#: the main screens drawn in every window size, UI scale and language of issue 32 (``main/`` of the folder)
MATRIX_SIZES = ((1000, 900), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160))
MATRIX_SCALES = (100, 200)
MATRIX_LANGUAGES = ("en", "de")


def run(out: Path, language: str = "en") -> list[Path]:
    was = i18n.language()
    i18n.set_language(language)
    try:
        paths = _run(out, "" if language == "en" else f"-{language}")
    finally:
        i18n.set_language(was)
    return paths + main_screens(out / "main")


def main_screens(out: Path, sizes: tuple[tuple[int, int], ...] = MATRIX_SIZES, scales: tuple[int, ...] = MATRIX_SCALES,
                 languages: tuple[str, ...] = MATRIX_LANGUAGES) -> list[Path]:
    """Every main screen (the title, new game, settings, play online, the table of four brewing, a pick, the shop,
    the round's results and the final page) in every window size, UI scale and language, named
    ``<screen>-<language>-<scale>-<w>x<h>.png``: the before-and-after of a change to the look."""
    _setup_env()
    was = i18n.language()
    app = App(Settings(pace="instant", show_risk=True), size=sizes[0], headless=True)
    app.no_saves = True
    paths: list[Path] = []
    try:
        for language in languages:
            i18n.set_language(language)
            app.settings.language = language
            for scale in scales:
                app.settings.ui_scale = scale
                app.apply_text_scale()
                for name, build in _main_builders(app):
                    build()
                    for size in sizes:
                        paths.append(_snap_at(app, out, f"{name}-{language}-{scale}", size))
                    app.scenes = []
    finally:
        i18n.set_language(was)
        app.settings.ui_scale = 100
        app.apply_text_scale()
    return paths


def _snap_at(app: App, out: Path, name: str, size: tuple[int, int]) -> Path:
    """The whole stack drawn as the game would (motion finished) in a window of ``size``, saved."""
    if app.display.get_size() != size:
        app.resize_window(size)  # every scene lays itself out again for the new window
    for sc in app.scenes:
        if isinstance(sc, TableScene):
            sc.update(0.0)  # the decision's controls in their new places (the match waits for a human)
        anim = getattr(sc, "anim", None)
        if anim is not None:
            anim.skip()
    for sc in app.visible():
        sc.invalidate()
        sc.draw(app.screen)
    app.present()
    return save_window(app.display, out, name)


def _table_of(app: App, m: Match) -> TableScene:
    """The table of a match that waits for the human, alone on the stack, as the game shows it (a game at the
    shop shows its round's results first: seen and closed)."""
    app.scenes = []
    t = TableScene(app, m)
    app.push(t)
    t.update(0.0)
    if t.summary is not None:
        t.summary.close()
        t.close_summary()
        t.update(0.0)
    return t


def _main_builders(app: App) -> list[tuple[str, Callable[[], None]]]:
    """How to put each main screen on the stack (the games found by seeded bots, once per language)."""

    def show(make: Callable[[], Scene]) -> Callable[[], None]:
        def build() -> None:
            app.scenes = []
            app.push(make())
        return build

    def at_table(m: Match) -> Callable[[], None]:
        def build() -> None:
            _table_of(app, m)
        return build

    four = _human_match(21, kinds=("human", "normal", "hard", "easy"))
    play_human_until(four, lambda mm: mm.game.round >= 4 and mm.game.phase == Phase.BREWING
                     and len(mm.game.seats[0].pot) >= 5 and mm.game.decision_kind(0) == DecisionKind.BREW)
    pick = _human_match(21)
    play_human_until(pick, lambda mm: mm.game.decision_kind(0) == DecisionKind.PICK
                     and len(mm.game.seats[0].revealed) >= 3)
    shop = _human_match(8)
    play_human_until(shop, lambda mm: mm.game.round >= 3 and mm.game.decision_kind(0) == DecisionKind.SHOP
                     and (mm.game.seats[0].coins or 0) >= 14)
    done = _human_match(5)
    play_human_until(done, lambda mm: False)

    def results() -> None:
        was = app.settings.pace
        app.settings.pace = "normal"
        try:
            t = evaluation(app, _human_match(17), 3, lambda t: t.summary is not None)
            if t.summary is not None:
                t.summary.opened = -10.0  # counted up
        finally:
            app.settings.pace = was

    def online() -> None:
        app.scenes = []
        open_scene(app, Screen.TITLE)
        open_scene(app, Screen.ONLINE_CHOICE)

    return [("title", show(lambda: TitleScene(app))), ("new-game", show(lambda: NewGameScene(app))),
            ("settings", show(lambda: SettingsScene(app))), ("online", online),
            ("brewing", at_table(four)), ("pick", at_table(pick)), ("shop", at_table(shop)),
            ("round-results", results), ("result", show(lambda: FinalScene(app, done)))]


def _run(out: Path, suffix: str = "") -> list[Path]:
    _setup_env()
    app = App(Settings(pace="instant", show_risk=True), size=(1280, 800), headless=True)
    app.no_saves = True
    paths: list[Path] = []

    def snap(name: str, sizes: tuple[tuple[int, int], ...] = ((1280, 800),)) -> None:
        """Draw the whole stack as the game would (motion finished) in a window of each size and save it."""
        for size in sizes:
            paths.append(_snap_at(app, out, name + suffix, size))

    def show(scene: Scene, name: str) -> None:
        app.scenes = []
        app.push(scene)
        snap(name)

    def table(m: Match) -> TableScene:
        return _table_of(app, m)

    show(TitleScene(app), "title")
    show(NewGameScene(app), "new-game")

    # brewing: round 4, the human's pot part full
    m = _human_match(21)
    play_human_until(m, lambda mm: mm.game.round >= 4 and mm.game.phase == Phase.BREWING
                     and len(mm.game.seats[0].pot) >= 5 and mm.game.decision_kind(0) == DecisionKind.BREW)
    t = table(m)
    snap("brewing", ((1280, 800), (2560, 1440), (1000, 900), (1000, 640)))
    # the same table at a UI scale of 200%: the text and the board grow, the pot never shrinks, what has no room
    # folds behind a labelled control
    app.settings.ui_scale = 200
    app.apply_text_scale()
    t = table(m)
    snap("brewing-200", ((1280, 800), (2560, 1440)))
    app.settings.ui_scale = 100
    app.apply_text_scale()
    # another seat's pot, large under the mouse
    t = table(m)
    seat = next(iter(t.view.other_rects))
    lay = t.view.pot_layout(seat)
    assert lay is not None, "another seat's pot is drawn"
    centre = lay.centre
    app.mouse_pos = centre
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    snap("pot-zoom")
    t.zoom = None

    # two seats: the opponent's pot large too
    m = _human_match(21, kinds=("human", "hard"))
    play_human_until(m, lambda mm: mm.game.round >= 4 and mm.game.phase == Phase.BREWING
                     and len(mm.game.seats[0].pot) >= 5 and mm.game.decision_kind(0) == DecisionKind.BREW)
    table(m)
    snap("two-seats")

    # a crow skull's chips to pick, each drawn as a chip beside the deciding seat's panel
    m = _human_match(21)
    play_human_until(m, lambda mm: mm.game.decision_kind(0) == DecisionKind.PICK
                     and len(mm.game.seats[0].revealed) >= 3)
    if m.game.decision_kind(0) == DecisionKind.PICK:
        table(m)
        snap("pick")

    # the shop of round 3
    m = _human_match(8)
    play_human_until(m, lambda mm: mm.game.round >= 3 and mm.game.decision_kind(0) == DecisionKind.SHOP
                     and (mm.game.seats[0].coins or 0) >= 14)
    t = table(m)
    shop = t.controls.shop
    if shop is not None:
        for c, _slot in shop.slots[::-1]:
            if not shop.why_not(c):
                shop.toggle(c)
                break
    snap("shop")

    # the log, open beside a game in round 5
    m = _human_match(13)
    play_human_until(m, lambda mm: mm.game.round >= 5 and mm.game.phase == Phase.BREWING
                     and len(mm.game.seats[0].pot) >= 3 and mm.game.decision_kind(0) == DecisionKind.BREW)
    t = table(m)
    t.toggle_log()
    snap("log")

    # a beat of the evaluation: a chip action named on its seat and in the bar
    was = app.settings.pace
    app.settings.pace = "normal"
    evaluation(app, _human_match(21, kinds=("human", "normal", "hard", "easy"), books=2), 4,
               lambda t: t.driver.beat is not None and t.driver.beat.kind.value == "chip-action")
    snap("evaluation")

    # the round results, as the table opens them when round 3's evaluation is over (before the shop)
    t = evaluation(app, _human_match(17), 3, lambda t: t.summary is not None)
    if t.summary is not None:
        t.summary.opened = -10.0  # counted up
    snap("round-results")
    app.settings.pace = was

    # the guided first game: the guide explains the white total
    guided(app, "white-total")
    snap("guided")

    # a finished game with its breakdown and chart
    m = _human_match(5)
    play_human_until(m, lambda mm: False)
    show(FinalScene(app, m), "result")

    # help: the rules screen, and hover help at the table
    show(RulesScene(app, m.game), "rules")
    keys = RulesScene(app, m.game)
    keys.goto(len(keys.pages) - 1)  # the key help: the one table of keys
    show(keys, "keys")

    # hot-seat (R48): two humans in one stir; the first has decided (shown only as decided), the second is asked
    # on the table itself, by name
    t = table(rebuild(find(GAMES["stir"])))
    first_decides(app, t)
    snap("hot-seat")
    m = _human_match(21)
    play_human_until(m, lambda mm: mm.game.round >= 3 and mm.game.phase == Phase.BREWING
                     and len(mm.game.seats[0].pot) >= 3 and mm.game.decision_kind(0) == DecisionKind.BREW)
    t = table(m)
    pos = t.view.books.rects[list(t.view.books.rects)[3]].center
    app.mouse_pos = pos
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    snap("hover-help")

    # colour-blind mode: a symbol on every chip, a letter on every marker
    app.settings.colour_blind = True
    art.chip.cache_clear()
    t.hover_text = ""
    table(m)
    snap("colour-blind")
    app.settings.colour_blind = False
    art.chip.cache_clear()

    # a game across computers (issue 22), at the host's table: a player on another computer still choosing, then
    # gone (the pot says for how long); served on loopback, the other computer played here without a window
    online_table(app, lambda name: snap(name))
    return paths


def online_table(app: App, snap: Callable[[str], None], timeout: float = 60.0) -> None:
    """The host's table of a served game on loopback: ``snap("online-thinking")`` while the joining player (Bob,
    played here by a bot through a driver of its own) is choosing, then ``snap("online-away")`` once his computer
    is gone."""
    def until(what: Callable[[], bool], also: Callable[[], None] = lambda: None) -> None:
        end = time.monotonic() + timeout
        while not what():
            if time.monotonic() > end:
                raise RuntimeError("the served game did not get there")
            also()
            time.sleep(0.005)

    cat = default_catalogue()
    seats = (SeatSpec(i18n._("You"), "amber", HUMAN), SeatSpec("Bob", "teal", REMOTE),
             SeatSpec("Hildegard", "plum", "normal"))
    host, guest = NetLink(catalogue=cat), NetLink(catalogue=cat)
    try:
        host.host(GameConfig(seats=tuple(s.name for s in seats)), seats, bind="127.0.0.1", port=0, lan=False)
        until(lambda: host.snapshot().phase == IN_LOBBY and host.snapshot().mine == (0,))
        address, port = host.snapshot().address.rsplit(":", 1)
        assert host.room is not None
        guest.join(address, int(port), host.room.join_secret.hex(), [("Bob", "teal")])
        until(lambda: host.snapshot().seats[1].joined)
        host.start_game()
        until(lambda: guest.snapshot().phase == IN_GAME)
        app.scenes = []
        until(lambda: start_online_table(app, host))
        t = app.scene
        assert isinstance(t, TableScene)
        end = time.monotonic() + timeout
        while (u := guest.take()) is None or u.view is None:  # Bob's computer: the game's first view
            if time.monotonic() > end:
                raise RuntimeError("the joining computer got no view of the game")
            time.sleep(0.005)
        bobs = ServedMatch(cat, u.view, guest.snapshot().mine, guest)
        bobs.feed.extend(u.entries)
        bob = MatchDriver(bobs, pace="instant", threaded=False)
        bot, rng = make_bot("normal"), random.Random(2)

        def step(bob_plays: bool) -> None:
            app.frame(1 / 30)
            if t.summary is not None and app.scene is t.summary:
                t.summary.close()
                t.close_summary()
            for seat in t.driver.human_turn():
                if t.controls.active:
                    g = t.g
                    t.turns.do(seat, bot.decide(g, seat, list(g.legal_actions(seat)), rng).action)
            bob.update(0.05)
            if bob.round_done is not None:
                bob.ack_round()
            for seat in bob.human_turn() if bob_plays else ():
                g = bob.game
                bob.submit(seat, bot.decide(g, seat, list(g.legal_actions(seat)), rng).action)

        def bob_thinks() -> bool:
            g = t.g
            return g.round >= 2 and g.phase is Phase.BREWING and 1 in t.state().remote and not t.driver.human_turn()

        until(bob_thinks, lambda: step(t.g.round < 2 or t.g.phase is not Phase.BREWING))
        snap("online-thinking")
        guest.close()
        until(lambda: any(s == 1 for s, _since in host.snapshot().away), lambda: app.frame(1 / 30))
        until(lambda: time.monotonic() - dict(host.snapshot().away)[1] >= 14, lambda: app.frame(1 / 30))
        snap("online-away")
    finally:
        guest.close()
        host.close()


def evaluation(app: App, m: Match, rnd: int, until: Callable[[TableScene], bool], limit: int = 20_000) -> TableScene:
    """Play ``m`` to round ``rnd``'s brewing, then at the table (the human stops at once, the bots at the app's
    pace, each beat of the evaluation moved on) until ``until(table)``; the table."""
    play_human_until(m, lambda mm: mm.game.round >= rnd and mm.game.phase == Phase.BREWING
                     and mm.game.decision_kind(0) == DecisionKind.BREW)
    app.scenes = []
    t = TableScene(app, m)
    t.driver.threaded = False
    app.push(t)
    for _ in range(limit):
        t.update(0.05)
        if until(t):
            return t
        if t.summary is not None:
            t.summary.close()
            t.close_summary()
        elif t.driver.human_turn():
            t.turns.do(0, STOP if t.g.decision_kind(0) == DecisionKind.BREW else t.g.legal_actions(0)[0])
        elif t.driver.beat is not None:
            t.driver.next_beat()
    raise RuntimeError("the table never got there")


def guided(app: App, step: str, limit: int = 5000) -> None:
    """Start the guided game and play it (Space for the guide, a careful player otherwise) until ``step``."""
    app.scenes = []
    start_tutorial(app)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    coach = table.coach

    def key(act: Act, n: int = 0) -> None:
        app.handle(press_event(act, n))
        app.frame(1 / 60)

    for _ in range(limit):
        app.frame(1 / 60)
        cur = coach.current if coach is not None else None
        if cur is not None and cur.id == step:
            return
        if cur is not None and cur.wait is Wait.OK:
            key(Act.NEXT)
        elif table.summary is not None:
            key(Act.NEXT)
        elif table.controls.active and table.driver.human_turn():
            g = table.g
            if g.decision_kind(0) == DecisionKind.BREW:
                key(Act.DRAW if g.seats[0].white_total < 5 else Act.STOP)
            elif table.controls.shop is not None:
                key(Act.NO)  # buys nothing
            else:  # the first option offered, by its own key
                b = next(b for _s, bs in app.key_map() for b in bs if KEYS[b.act].commits and b.enabled)
                key(b.act, b.n)
    raise RuntimeError(f"the guided game never reached the step {step!r}")


def main(args: argparse.Namespace) -> int:
    paths = run(Path(args.out), getattr(args, "language", "en") or "en")
    for p in paths:
        print(p)
    return 0
