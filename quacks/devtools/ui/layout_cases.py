"""The screens ``check-layout`` draws: a case per screen and overlay (the title, new game, load, settings, rules,
statistics, replays, about and final screens, a four-seat table in each phase with each overlay, and the online
screens of ``online_screens``), each over a seeded game of ``games``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...ai.base import BotChoice
from ...ai.levels import LADDER
from ...content.bot_strength import Strength
from ...rules.actions import STOP, Action
from ...rules.chips import CHIP_BY_NAME
from ...rules.kinds import Phase
from ...storage import replays, saves, stats
from ...storage.replays import import_replay
from ...ui.flows import ask_before_replacing, start_tutorial
from ...ui.overlays.confirm import Confirm
from ...ui.scenes.already_open import AlreadyOpenScene
from ...ui.scenes.credits import CreditsScene
from ...ui.scenes.final import FinalScene
from ...ui.scenes.lessons import LessonsScene
from ...ui.scenes.load import LoadScene
from ...ui.scenes.newgame import NewGameScene
from ...ui.scenes.replay_scene import ReplayListScene
from ...ui.scenes.replay_view import ReplayScene
from ...ui.scenes.rules_scene import RulesScene
from ...ui.scenes.settings_scene import SettingsScene
from ...ui.scenes.stats_scene import StatsScene
from ...ui.scenes.table import TableScene
from ...ui.scenes.title import TitleScene
from .games import GAMES, find, first_decides, play_human_until, rebuild
from .online_screens import (
    FOUND,
    choice_dialog,
    choice_dialog_clicked,
    clock_low,
    host_form,
    host_form_naming,
    host_lost,
    join_screen,
    lobby_on_relay,
    lobby_router,
    lobby_screen,
    lobby_starting,
    online_table,
    out_of_time,
    relay_entry,
)

if TYPE_CHECKING:  # pragma: no cover
    from ...ui.app import App, Scene


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[App], None]  # puts the scenes on the app's stack
    quick: bool = False  # part of the default test suite's subset


#: the longest reason a bot gives (every bot seat shows it: the check sees the worst case)
LONG_REASON = "stops: {} could explode the pot, and I never risk that"


def _table(app: App, game: str) -> TableScene:
    m = rebuild(find(GAMES[game]))
    for seat in m.bots:
        m.last_decision[seat] = BotChoice(STOP, LONG_REASON, CHIP_BY_NAME["white-3"])
    app.scenes = []
    t = TableScene(app, m)
    t.driver.threaded = False
    app.push(t)
    t.update(0.0)
    if t.summary is not None:  # a game at the shop shows its round's results first: seen, closed
        t.summary.close()
        t.close_summary()
        t.update(0.0)
    return t


def _convert_once(app: App, t: TableScene) -> None:
    """One conversion chosen at the table: the bar shows Undo beside the question and the key hints."""
    t.turns.choose(0, next(a for a in t.g.legal_actions(0) if a.verb == "convert"))
    t.update(0.0)
    if t.controls.undo is None:
        raise RuntimeError("layout case: Undo is not offered after a conversion")


def _cart_of_two(app: App, t: TableScene) -> None:
    """Two chips put into the shop's cart: the cart shows its label and both chips, and Undo (the cart's last change)
    has its place beside Buy nothing (issue 30: the cart lost its label and a chip hid under Clear cart)."""
    shop = t.controls.shop
    if shop is None:
        raise RuntimeError("layout case: no shop at the table")
    for c, _r in sorted(shop.slots, key=lambda s: shop.price(s[0])):
        if len(shop.cart) < 2 and not shop.why_not(c):
            shop.toggle(c)
    t.update(0.0)
    if len(shop.cart) != 2 or getattr(shop, "undo_b", None) is None:
        raise RuntimeError("layout case: the cart does not hold two chips with Undo offered")


def _hover(app: App, t: TableScene, pos: tuple[int, int]) -> None:
    app.mouse_pos = pos
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def _round_end(app: App) -> None:
    """Round 8's results, as the table opens them when its evaluation ends (before the shop)."""
    t = _table(app, "round-end")
    play_human_until(t.match, lambda m: m.game.round == 8 and m.game.phase == Phase.SHOPPING)
    t.driver.take_events()
    t.open_summary(8)
    if t.summary is not None:
        t.summary.opened = -10.0  # counted up


def _beat(kind: str) -> Callable[[App], None]:
    """The table at a beat of ``kind`` (session/beats.py) after the human stops: the bar with its title and what
    came of it, Next and Skip, each seat's line on its pot or card (motion finished)."""
    def build(app: App) -> None:
        t = _table(app, "evaluation-beats")
        app.settings.pace = "slow"
        try:
            t.driver.submit(0, STOP)
            t.turns.clear()
            for _ in range(5000):
                t.update(0.05)
                b = t.driver.beat
                if b is not None and b.kind.value == kind:
                    break
                if t.summary is not None:
                    t.summary.close()
                    t.close_summary()
                if t.driver.human_turn():
                    g = t.g
                    if g.phase in (Phase.SHOPPING, Phase.RUBIES):
                        raise RuntimeError(f"layout case: no {kind} beat in the evaluation")
                    t.turns.do(0, g.legal_actions(0)[0])
                elif b is not None:
                    t.driver.next_beat()
            else:
                raise RuntimeError(f"layout case: no {kind} beat came")
            t.anim.skip()
        finally:
            app.settings.pace = "instant"

    return build


def _final(app: App) -> None:
    app.scenes = []
    app.push(FinalScene(app, rebuild(find(GAMES["final"]))))


def _final_offer(app: App) -> None:
    """The final page offering the ladder's next level (as after the guided game): five buttons in its row."""
    app.scenes = []
    app.push(FinalScene(app, rebuild(find(GAMES["final"])), guided=True))


def _guided(app: App) -> None:
    """The guided first game at its first words (the guide's bubble over the table)."""
    app.scenes = []
    start_tutorial(app)
    t = next(sc for sc in app.scenes if isinstance(sc, TableScene))
    t.driver.threaded = False
    for _ in range(3):
        for sc in list(app.scenes):
            sc.update(0.0)


def _guided_lesson(lesson: str) -> Callable[[App], None]:
    """The guided game at the moment a lesson begins (the guide's bubble and its ring on what it talks about)."""
    def build(app: App) -> None:
        app.scenes = []
        start_tutorial(app, lesson)
        t = next(sc for sc in app.scenes if isinstance(sc, TableScene))
        t.driver.threaded = False
        for _ in range(3):
            for sc in list(app.scenes):
                sc.update(0.0)

    return build


def _confirm(app: App) -> None:
    """A purchase that leaves coins that would still buy a chip: "Buy anyway?"."""
    t = _table(app, "shop")
    shop = t.controls.shop
    if shop is None:
        raise RuntimeError("layout case: no shop at the table")
    cheapest = min((c for c, _r in shop.slots if not shop.why_not(c)), key=shop.price)
    t.turns.choose(0, Action("buy", (cheapest.name,)))  # (the cart as drawn stays empty)
    if not isinstance(app.scene, Confirm):
        raise RuntimeError("layout case: no question over the shop")


def _replace_question(app: App) -> None:
    """New game, Start, while five games are unfinished: the question names the waiting game and the one a sixth
    drops (long seat names)."""
    _storage()
    app.scenes = []
    app.push(NewGameScene(app))
    no_saves = getattr(app, "no_saves", False)
    app.no_saves = False
    try:
        ask_before_replacing(app, lambda: None)
    finally:
        app.no_saves = no_saves
    if len(saves.unfinished_games()) < saves.MAX_UNFINISHED or type(app.scene).__name__ != "Confirm":
        raise RuntimeError("layout case: no question before replacing five unfinished games")


def _scene(factory: Callable[[App], Scene]) -> Callable[[App], None]:
    def build(app: App) -> None:
        app.scenes = []
        app.push(factory(app))

    return build


def _rules(page: int) -> Callable[[App], None]:
    def build(app: App) -> None:
        app.scenes = []
        sc = RulesScene(app, rebuild(find(GAMES["brewing"])).game)
        sc.goto(page)
        app.push(sc)

    return build


def _newgame_form(app: App) -> NewGameScene:
    app.scenes = []
    sc = NewGameScene(app)
    app.push(sc)
    sc.add_seat()
    sc.set_books("mix")
    return sc


def _newgame_levels(app: App) -> None:
    """The new-game form with a bot of every level but the first: a strength line for each (Expert's a sample of
    the longest numbers, whatever the data holds)."""
    sc = _newgame_form(app)
    sc.set_books("1")
    for row, level in zip(sc.model.seats[1:], LADDER[1:]):
        row.kind = level
    top, below = LADDER[-1], LADDER[-2]
    sc.strength = {**sc.strength, top: Strength(top, below, 12_000, 0.6349, 0.62, 0.65, True, "a sample")}
    sc.layout()


def _newgame_full(app: App) -> None:
    _newgame_form(app)


def _newgame_end(app: App) -> None:
    """The new-game form scrolled to its end (where the window is too short for all of it): what the first
    drawing of a scrolled form does not show."""
    _newgame_form(app).scroll_by(10_000)


def _replay(app: App) -> None:
    path = _storage()["replay"]
    app.scenes = []
    sc = ReplayScene(app, import_replay(path).value)
    app.push(sc)
    sc.seek(sc.cursor.length // 2)


_STORE: dict[str, Path] = {}


def _storage() -> dict[str, Path]:
    """Saves, statistics and a replay in a temporary home (the load, statistics and replay screens)."""
    if _STORE:
        return _STORE
    final = rebuild(find(GAMES["final"]))
    for name in ("brewing", "shop", "tubes"):
        m = rebuild(find(GAMES[name]))
        saves.save_slot(f"round {m.game.round} {'-'.join(s.name for s in m.game.seats)}", m)
    for i in range(12):  # more than fit at any scale: the list scrolls and says how many more there are
        saves.save_slot(f"game {i}", m)
    for name in ("brewing", "shop", "tubes", "choice", "spend"):  # five unfinished games, kept as autosaves
        saves.autosave(rebuild(find(GAMES[name])), game=saves.new_game_id())
    stats.record_finished_match(final)
    _STORE["replay"] = replays.export_replay(final, replays.suggest_replay_path(final))
    return _STORE


def _with_storage(factory: Callable[[App], Scene]) -> Callable[[App], None]:
    def build(app: App) -> None:
        _storage()
        _scene(factory)(app)

    return build


def _second_window(app: App) -> Scene:
    """The screen of a second game window on the same home, after a "Try again" while the other is still open."""
    sc = AlreadyOpenScene(app, "/home/a-player-with-a-long-name/.local/share/Quacks", lambda: False)
    sc.retry()
    return sc


def _title_with_rejoin(app: App) -> None:
    """The title of a computer that joined a game and did not see it end (issue 33: Rejoin)."""
    app.settings.joined_game = {"host": "192.168.1.20", "port": 47474, "secret": None,
                                "players": [["Walburga", "amber"]]}
    app.scenes = []
    app.push(TitleScene(app))


def _pot_centre(t: TableScene, seat: int) -> tuple[int, int]:
    lay = t.view.pot_layout(seat)
    if lay is None:
        raise RuntimeError(f"layout case: seat {seat}'s pot is not drawn")
    return lay.centre


def all_cases() -> list[Case]:
    def table(game: str, then: Callable[[App, TableScene], None] = lambda app, t: None) -> Callable[[App], None]:
        def build(app: App) -> None:
            then(app, _table(app, game))

        return build

    def tip(where: Callable[[TableScene], tuple[int, int]]) -> Callable[[App, TableScene], None]:
        return lambda app, t: _hover(app, t, where(t))

    return [
        Case("title", _scene(TitleScene), quick=True),
        Case("new-game", _scene(NewGameScene)),
        Case("new-game/4 seats, books per colour", _newgame_full, quick=True),
        Case("new-game/a bot of every level, with its strength", _newgame_levels, quick=True),
        Case("new-game/asks before replacing an unfinished game", _replace_question),
        Case("new-game/4 seats, books per colour, scrolled to the end", _newgame_end),
        Case("settings", _scene(SettingsScene)),
        Case("load", _with_storage(LoadScene)),
        Case("statistics", _with_storage(StatsScene)),
        Case("replays", _with_storage(ReplayListScene)),
        Case("replay viewer", _replay),
        Case("about", _scene(CreditsScene)),
        Case("lessons", _scene(LessonsScene)),
        Case("second window", _scene(_second_window), quick=True),
        *[Case(f"rules/page {p + 1}", _rules(p)) for p in range(6)],
        Case("table/fortune", table("fortune")),
        Case("table/brewing", table("brewing"), quick=True),
        Case("table/test tubes, 50+", table("tubes"), quick=True),
        Case("table/explosion choice", table("explosion")),
        Case("table/evaluation choice", table("evaluation")),
        Case("table/shopping", table("shop"), quick=True),
        Case("table/shopping, two chips in the cart, undo offered", table("shop", _cart_of_two), quick=True),
        Case("table/ruby spending", table("spend")),
        Case("table/round 9 buying", table("convert"), quick=True),
        Case("table/round 9 buying, undo offered", table("convert", _convert_once), quick=True),
        Case("table/choice dialog", table("choice"), quick=True),
        Case("table/round results", _round_end, quick=True),
        Case("table/evaluation beat: chip action", _beat("chip-action"), quick=True),
        Case("table/evaluation beat: bonus die", _beat("die")),
        Case("table/evaluation beat: victory points", _beat("victory-points")),
        Case("table/fortune card's outcome", table("card-outcome"), quick=True),
        Case("table/fortune card resolved by itself (R47)", table("card-by-itself")),
        Case("final", _final, quick=True),
        Case("final/offers the next level", _final_offer),
        Case("table/hot-seat stir, one decided", table("stir", first_decides)),
        Case("table/bag", table("brewing", lambda app, t: t.toggle_bag())),
        Case("table/log", table("brewing", lambda app, t: t.toggle_log())),
        Case("table/pause menu", table("brewing", lambda app, t: t.menu.open())),
        Case("table/confirm", _confirm),
        Case("table/guided game", _guided),
        Case("table/crow skull pick", table("pick")),
        Case("table/two seats", table("two")),
        Case("table/another pot large", table("brewing", tip(lambda t: _pot_centre(t, 1)))),
        Case("table/books open", table("brewing", lambda app, t: t.toggle_books())),
        Case("table/board open", table("brewing", lambda app, t: t.toggle_board())),
        *[Case(f"table/guided game, lesson {lesson}", _guided_lesson(lesson)) for lesson in ("flask", "shopping",
                                                                                           "explosion")],
        Case("table/tooltip on a book", table("brewing", tip(lambda t: t.view.books.rects[
            list(t.view.books.rects)[1]].midbottom))),
        Case("table/tooltip on the card", table("brewing", tip(lambda t: t.view.board.card_rect.center))),
        Case("table/tooltip on a button", table("brewing", tip(lambda t: t.controls.buttons[0].rect.center
                                                               if t.controls.buttons else (700, 1030)))),
        *online_cases(),
    ]


def online_cases() -> list[Case]:
    return [
        Case("online/table: a player away, the others decided", online_table(12), quick=True),
        Case("online/table: the host's question about a player gone", online_table(754)),
        Case("online/choice", choice_dialog(True), quick=True),
        Case("online/choice, built without network play", choice_dialog(False)),
        Case("online/choice, opened with a click (the title's tooltip was showing)", choice_dialog_clicked),
        Case("online/choice, a hosted game to go on with", choice_dialog(True, hosted=True)),
        Case("online/host: new game, online seats", host_form, quick=True),
        Case("online/lobby as host", lobby_screen(True), quick=True),
        Case("online/lobby as a joining player", lobby_screen(False)),
        Case("online/lobby, connecting", lobby_screen(False, "connecting")),
        Case("online/lobby, could not join", lobby_screen(False, "failed", "bad-secret"), quick=True),
        Case("online/lobby, host could not open the game", lobby_screen(True, "failed", "port")),
        Case("online/lobby as host, starting", lobby_starting(False)),
        Case("online/lobby as host, open on a relay", lobby_on_relay("open"), quick=True),
        Case("online/lobby as host, the relay cannot be reached", lobby_on_relay("connecting")),
        Case("online/lobby as host, typing a relay's address", relay_entry),
        Case("online/lobby as host, the router opened the port", lobby_router("yes"), quick=True),
        Case("online/lobby as host, asking the router", lobby_router("asking")),
        Case("online/lobby as host, the router refused", lobby_router("no")),
        Case("online/lobby as host, a start failed", lobby_starting(True)),
        Case("online/table: the host cannot be reached", host_lost, quick=True),
        Case("online/table: turn clocks running low", clock_low),
        Case("online/table: your time ran out", out_of_time, quick=True),
        Case("online/host: new game, asking the host's name", host_form_naming),
        Case("title, a joined game to rejoin", _title_with_rejoin),
        Case("online/join, games found", join_screen(FOUND, players=2), quick=True),
        Case("online/join, nothing found, a typo", join_screen((), typo="C000-1XSE-DGP4-RV4C-KM")),
    ]
