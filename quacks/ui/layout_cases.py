"""The screens ``check-layout`` draws: seeded games found in every phase, and a case per screen and overlay
(the title, new game, load, settings, rules, statistics, replays, about and final screens, a four-seat table in
each phase with each overlay, and the online screens over a fake link and LAN browser: no network)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from .shots import play_human_until

if TYPE_CHECKING:  # pragma: no cover
    from ..net.discovery import FoundGame
    from ..net.link import LinkState
    from ..rules.chips import Colour
    from ..rules.kinds import DecisionKind
    from ..session.match import Match
    from .app import App, Scene
    from .scenes.newgame import NewGameScene
    from .scenes.table import TableScene

#: the human seat is "You" in the language drawn (see ``human_name``); bots with 14-letter names (the most)
NAMES = ("You", "Hildegard Zorn", "Ottokar Brauer", "Mechthild Rose")
LOOKS = ("amber", "teal", "plum", "moss")


# ---------------------------------------------------------------------------------------------------------
# games to show


def _env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _books(kind: str) -> dict[Colour, int]:
    """Sets per colour: "long" picks the book with the longest text of each colour (the hardest to fit)."""
    from ..content.loader import default_catalogue
    from ..rules.chips import SET_COLOURS

    cat = default_catalogue()
    if kind == "long":
        return {c: max(cat.books[c], key=lambda n: len(cat.books[c][n].short or "")) for c in SET_COLOURS}
    return {c: int(kind) for c in SET_COLOURS}


def new_match(seed: int, humans: int = 1, books: str = "long", variant: str = "standard",
              pieces: Sequence[tuple[int, int | None, int | None]] = (), seats: int = 4) -> Match:
    """A match of ``seats`` seats (four unless told); ``pieces``: (seat, score, test-tube glass) at the start."""
    from ..content.loader import default_catalogue
    from ..rules.config import GameConfig, SeatSetup
    from ..session.match import Match, MatchSetup, SeatSpec

    names = (NAMES if humans == 1 else ("Walburga Kranz", "Eckhart Lindau", *NAMES[2:]))[:seats]
    setup = {i: SeatSetup(score=v, tube=tube) for i, v, tube in pieces}
    cfg = GameConfig(seats=names, books=_books(books), variant=variant, setup=setup)
    kinds = ["human"] * humans + ["normal"] * (seats - humans)
    specs = tuple(SeatSpec(n, c, k) for n, c, k in zip(names, LOOKS, kinds))
    return Match(default_catalogue(), MatchSetup(cfg, specs, seed))


@dataclass(frozen=True)
class Game:
    """A game to show: how it is set up and the human decision (or moment) it stops at."""

    stop: Callable[[Match], bool]
    humans: int = 1
    books: str = "long"
    variant: str = "standard"
    pieces: tuple[tuple[int, int | None, int | None], ...] = ()
    seeds: range = range(1, 80)
    seats: int = 4


_FOUND: dict[Game, dict[str, object]] = {}


def find(game: Game) -> dict[str, object]:
    """The record of the first seeded game that reaches ``game.stop`` (found once per process)."""
    hit = _FOUND.get(game)
    if hit is not None:
        return hit
    for seed in game.seeds:
        m = new_match(seed, game.humans, game.books, game.variant, game.pieces, game.seats)
        if play_human_until(m, game.stop):
            _FOUND[game] = m.to_data()
            return _FOUND[game]
    raise RuntimeError(f"no seeded game reaches the state for {game}")


def human_name(name: str) -> str:
    """A seat's name as a player of the language drawn would have it: the new-game screen names the human seat
    "You" in the player's language ("Du", "Jij"), so the cases do too."""
    from ..i18n import _

    return _("You") if name == "You" else name


def rebuild(data: dict[str, object]) -> Match:
    """The match of a found game's record, its human seat named in the language drawn."""
    from dataclasses import replace

    from ..content.loader import default_catalogue
    from ..session.match import Match, MatchSetup
    from ..storage.files import as_object

    setup = MatchSetup.from_data(as_object(data["setup"], "setup"))
    named = replace(setup, game=replace(setup.game, seats=tuple(human_name(n) for n in setup.game.seats)),
                    seats=tuple(replace(s, name=human_name(s.name)) for s in setup.seats))
    return Match.from_data(default_catalogue(), {**data, "setup": named.to_data()})


def _kind(m: Match, seat: int = 0) -> DecisionKind | None:
    return m.game.decision_kind(seat)


def _human_waits(m: Match) -> bool:
    from ..session.match import Waits

    return m.need().kind is Waits.HUMAN


def at(kind: str, extra: Callable[[Match], bool] = lambda m: True) -> Callable[[Match], bool]:
    return lambda m: _human_waits(m) and _kind(m) == kind and extra(m)


def _brewing(m: Match) -> bool:
    g = m.game
    return g.round >= 6 and len(g.seats[0].pot) >= 8 and all(s.rubies for s in g.seats[:2])


def _stopping_shows(m: Match, kinds: tuple[str, ...]) -> bool:
    """Would the human stopping now bring an evaluation with a beat of each of ``kinds``? (Played on a copy.)"""
    from ..content.loader import default_catalogue
    from ..rules.actions import STOP
    from ..rules.kinds import Phase
    from ..session.beats import beats
    from ..session.match import Match

    copy = Match.from_data(default_catalogue(), m.to_data())
    rnd = copy.game.round
    copy.submit(0, STOP)
    for _ in range(500):  # the human's other choices: the first offered (as the case makes them)
        copy.run_until_human()
        if copy.over or copy.game.round != rnd or copy.game.phase in (Phase.SHOPPING, Phase.RUBIES):
            break
        seat = copy.need().seats[0]
        copy.submit(seat, copy.game.legal_actions(seat)[0])
    shown = {b.kind.value for b in beats([e for e in copy.game.events if e.round == rnd], Phase.FORTUNE)}
    return set(kinds) <= shown


def _card_gave_all(m: Match) -> bool:
    """Every seat chose or got something from this round's card (the board lists them all)."""
    from ..session.beats import CARD_CAUSES

    g = m.game
    seats = {e.seat for e in g.events if e.round == g.round and e.seat is not None and (
        e.cause.kind in CARD_CAUSES)}
    return len(seats) == g.n


def _many_choices(m: Match) -> bool:
    g = m.game
    k = g.decision_kind(0)
    return k not in (None, "brew", "shop") and len(g.legal_actions(0)) > 4


GAMES: dict[str, Game] = {
    "fortune": Game(lambda m: _human_waits(m) and m.game.phase == "fortune" and _kind(m) == "card"),
    "brewing": Game(at("brew", _brewing)),
    "tubes": Game(at("brew", lambda m: m.game.round >= 7 and m.game.seats[2].score > 50), variant="test-tubes",
                  pieces=((0, None, 4), (2, 40, None))),
    "explosion": Game(at("explosion", lambda m: m.game.round >= 4)),
    "evaluation": Game(lambda m: _human_waits(m) and m.game.phase == "evaluation"
                       and _kind(m) not in (None, "explosion", "brew")),
    "shop": Game(at("shop", lambda m: m.game.round >= 6 and (m.game.seats[0].coins or 0) >= 16)),
    "spend": Game(at("spend")),
    "convert": Game(at("convert")),
    "choice": Game(_many_choices, seeds=range(1, 200)),
    "round-end": Game(lambda m: _human_waits(m) and m.game.round == 8 and m.game.phase == "brewing"),
    "evaluation-beats": Game(at("brew", lambda m: m.game.round >= 5 and len(m.game.seats[0].pot) >= 4
                                and _stopping_shows(m, ("chip-action", "die", "victory-points"))), books="2"),
    "card-outcome": Game(at("brew", lambda m: m.game.fortune is not None and m.game.fortune.colour == "purple"
                            and not m.game.seats[0].pot and _card_gave_all(m))),
    "final": Game(lambda m: m.over),
    # both humans brew in the same stir tick: the only decision handed over in private (R22)
    "handoff": Game(lambda m: _human_waits(m) and m.game.round >= 5 and _kind(m) == "brew" and
                    len(m.game.seats[0].pot) >= 4 and sum(m.is_human(s) for s in m.tick_seats()) == 2, humans=2),
    "pick": Game(at("pick", lambda m: len(m.game.seats[0].revealed) >= 3), books="1", seeds=range(1, 300)),
    "two": Game(at("brew", lambda m: m.game.round >= 4 and len(m.game.seats[0].pot) >= 5), seats=2),
}


# ---------------------------------------------------------------------------------------------------------
# cases: what is on the app's stack


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[App], None]  # puts the scenes on the app's stack
    quick: bool = False  # part of the default test suite's subset


#: the longest reason a bot gives (every bot seat shows it: the check sees the worst case)
LONG_REASON = "stops: {} could explode the pot, and I never risk that"


def _table(app: App, game: str) -> TableScene:
    from ..ai.base import BotChoice
    from ..rules.actions import STOP
    from ..rules.chips import CHIP_BY_NAME
    from .scenes.table import TableScene

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
    t.choose(0, next(a for a in t.g.legal_actions(0) if a.verb == "convert"))
    t.update(0.0)
    if t.controls.undo is None:
        raise RuntimeError("layout case: Undo is not offered after a conversion")


def _hover(app: App, t: TableScene, pos: tuple[int, int]) -> None:
    import pygame

    app.mouse_pos = pos
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def _round_end(app: App) -> None:
    """Round 8's results, as the table opens them when its evaluation ends (before the shop)."""
    from ..rules.kinds import Phase

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
        from ..rules.actions import STOP
        from ..rules.kinds import Phase

        t = _table(app, "evaluation-beats")
        app.settings.pace = "slow"
        try:
            t.driver.submit(0, STOP)
            t.clear_controls()
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
                    t.do(0, g.legal_actions(0)[0])
                elif b is not None:
                    t.driver.next_beat()
            else:
                raise RuntimeError(f"layout case: no {kind} beat came")
            t.anim.skip()
        finally:
            app.settings.pace = "instant"

    return build


def _final(app: App) -> None:
    from .scenes.final import FinalScene

    app.scenes = []
    app.push(FinalScene(app, rebuild(find(GAMES["final"]))))


def _final_offer(app: App) -> None:
    """The final page offering the ladder's next level (as after the guided game): five buttons in its row."""
    from .scenes.final import FinalScene

    app.scenes = []
    app.push(FinalScene(app, rebuild(find(GAMES["final"])), guided=True))


def _guided(app: App) -> None:
    """The guided first game at its first words (the guide's bubble over the table)."""
    from .flows import start_tutorial
    from .scenes.table import TableScene

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
        from .flows import start_tutorial
        from .scenes.table import TableScene

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
    from ..rules.actions import Action

    t = _table(app, "shop")
    shop = t.controls.shop
    if shop is None:
        raise RuntimeError("layout case: no shop at the table")
    cheapest = min((c for c, _r in shop.slots if not shop.why_not(c)), key=shop.price)
    t.choose(0, Action("buy", (cheapest.name,)))  # (the cart as drawn stays empty)
    from .overlays.confirm import Confirm

    if not isinstance(app.scene, Confirm):
        raise RuntimeError("layout case: no question over the shop")


def _replace_question(app: App) -> None:
    """New game, Start, while five games are unfinished: the question names the waiting game and the one a sixth
    drops (long seat names)."""
    from ..storage import saves
    from .flows import ask_before_replacing
    from .scenes.newgame import NewGameScene

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
        from .scenes.rules_scene import RulesScene

        app.scenes = []
        sc = RulesScene(app, rebuild(find(GAMES["brewing"])).game)
        sc.goto(page)
        app.push(sc)

    return build


def _newgame_form(app: App) -> NewGameScene:
    from .scenes.newgame import NewGameScene

    app.scenes = []
    sc = NewGameScene(app)
    app.push(sc)
    sc.add_seat()
    sc.set_books("mix")
    return sc


def _newgame_levels(app: App) -> None:
    """The new-game form with a bot of every level but the first: a strength line for each (Expert's a sample of
    the longest numbers, whatever the data holds)."""
    from ..ai.levels import LADDER
    from ..content.bot_strength import Strength

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
    from ..storage.replays import import_replay
    from .scenes.replay_view import ReplayScene

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
    from ..storage import replays, saves, stats

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
    from .scenes.already_open import AlreadyOpenScene

    sc = AlreadyOpenScene(app, "/home/a-player-with-a-long-name/.local/share/Quacks", lambda: False)
    sc.retry()
    return sc


def _pot_centre(t: TableScene, seat: int) -> tuple[int, int]:
    lay = t.view.pot_layout(seat)
    if lay is None:
        raise RuntimeError(f"layout case: seat {seat}'s pot is not drawn")
    return lay.centre


def all_cases() -> list[Case]:
    from .scenes.credits import CreditsScene
    from .scenes.lessons import LessonsScene
    from .scenes.load import LoadScene
    from .scenes.newgame import NewGameScene
    from .scenes.replay_scene import ReplayListScene
    from .scenes.settings_scene import SettingsScene
    from .scenes.stats_scene import StatsScene
    from .scenes.title import TitleScene

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
        *[Case(f"rules/page {p + 1}", _rules(p)) for p in range(5)],
        Case("table/fortune", table("fortune")),
        Case("table/brewing", table("brewing"), quick=True),
        Case("table/test tubes, 50+", table("tubes"), quick=True),
        Case("table/explosion choice", table("explosion")),
        Case("table/evaluation choice", table("evaluation")),
        Case("table/shopping", table("shop"), quick=True),
        Case("table/ruby spending", table("spend")),
        Case("table/round 9 buying", table("convert"), quick=True),
        Case("table/round 9 buying, undo offered", table("convert", _convert_once), quick=True),
        Case("table/choice dialog", table("choice"), quick=True),
        Case("table/round results", _round_end, quick=True),
        Case("table/evaluation beat: chip action", _beat("chip-action"), quick=True),
        Case("table/evaluation beat: bonus die", _beat("die")),
        Case("table/evaluation beat: victory points", _beat("victory-points")),
        Case("table/fortune card's outcome", table("card-outcome"), quick=True),
        Case("final", _final, quick=True),
        Case("final/offers the next level", _final_offer),
        Case("table/hot-seat hand-off", table("handoff")),
        Case("table/bag", table("brewing", lambda app, t: t.toggle_bag())),
        Case("table/log", table("brewing", lambda app, t: t.toggle_log())),
        Case("table/pause menu", table("brewing", lambda app, t: t.open_menu())),
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




# ---------------------------------------------------------------------------------------------------------
# the online screens (issue 22): a link and a LAN browser that are only their answers, no network


class FakeLink:
    """Stands in for ``net.link.NetLink`` in the lobby and join screens: ``state`` is what ``snapshot`` answers,
    and every call the screen makes is kept in ``calls``."""

    def __init__(self, state: LinkState | None = None) -> None:
        from ..net.link import LinkState

        self.state = state if state is not None else LinkState()
        self.calls: list[tuple[object, ...]] = []

    def snapshot(self) -> LinkState:
        return self.state

    def kick(self, seat: int) -> None:
        self.calls.append(("kick", seat))

    def seat_to_bot(self, seat: int, level: str) -> None:
        self.calls.append(("seat_to_bot", seat, level))

    def start_game(self) -> None:
        self.calls.append(("start_game",))

    def close(self, timeout: float = 3.0) -> None:
        self.calls.append(("close",))

    def take(self) -> None:
        return None  # no news from a host that is not there

    def undo(self, seat: int) -> None:
        self.calls.append(("undo", seat))

    def intent(self, seat: int, action: str) -> None:
        self.calls.append(("intent", seat, action))

    def ack(self, seat: int, what: str, rnd: int) -> None:
        self.calls.append(("ack", seat, what, rnd))

    def join(self, host: str, port: int, secret: str | None, players: list[tuple[str, str | None]]) -> None:
        self.calls.append(("join", host, port, secret, tuple(players)))


class FakeBrowser:
    """Stands in for ``net.discovery.Browser``: the games it has "found", and why it cannot look (or None)."""

    def __init__(self, games: Sequence[FoundGame] = (), problem: str | None = None) -> None:
        self.games = list(games)
        self.problem = problem
        self.started = self.stopped = False

    def start(self) -> bool:
        self.started = True
        return self.problem is None

    def found(self) -> list[FoundGame]:
        return list(self.games)

    def stop(self) -> None:
        self.stopped = True


def found_game(host: str, free: int, seats: int, books: str, address: str = "192.168.1.20") -> FoundGame:
    from ..net.discovery import FoundGame

    return FoundGame(host, host, address, 47474, free, seats, books, 1, "1.0", "0123456789abcdef")


FOUND = (("Hildegards-Laptop-Wohnzimmer", 2, 4, "all set 1", "192.168.1.20"),
         ("ottokar-pc", 1, 3, "blue 2, green 1, orange 1", "192.168.1.31"),
         ("Mechthild", 3, 4, "all set 4", "192.168.1.7"))


def lobby_state(hosting: bool, phase: str = "lobby") -> LinkState:
    """A lobby of four seats: this computer's player, a remote player joined, a remote seat still free, and a
    remote player whose connection is lost (the host) or a Hard bot (a joining player's view)."""
    from ..net.link import LinkState, LobbyRow

    you = human_name("You")
    if hosting:
        seats = (LobbyRow(you, "amber", "human", True, False, True),
                 LobbyRow("Mechthild Rose", "teal", "remote", True, False, False),
                 LobbyRow("Ottokar", "plum", "remote", False, False, False),
                 LobbyRow("Eckhart Lindau", "moss", "remote", True, True, False))
        mine: tuple[int, ...] = (0,)
    else:
        seats = (LobbyRow("Hildegard Zorn", "amber", "remote", True, False, False),
                 LobbyRow(you, "teal", "remote", True, False, True),
                 LobbyRow("Ottokar", "plum", "remote", False, False, False),
                 LobbyRow("Hard bot 4", "moss", "hard", False, False, False))
        mine = (1,)
    return LinkState(phase=phase, hosting=hosting, code="C000-1XSE-DGP4-RV4C-MK", address="192.168.178.123:47474",
                     key="C5H6-6S35-5", lan="advertised", seats=seats, mine=mine)


def _lobby(hosting: bool, phase: str = "lobby", problem: str = "") -> Callable[[App], None]:
    def build(app: App) -> None:
        from dataclasses import replace

        from .scenes.lobby import LobbyScene

        state = replace(lobby_state(hosting, phase), problem=problem,
                        detail="the host said: wrong secret 0x1f (an English detail)" if problem else "")
        app.scenes = []
        app.push(LobbyScene(app, FakeLink(state), lan=True))

    return build


def _join(games: Sequence[tuple[str, int, int, str, str]], players: int = 1, typo: str = "") -> Callable[[App], None]:
    def build(app: App) -> None:
        from .scenes.join import NOTHING_AFTER, JoinScene

        app.scenes = []
        browser = FakeBrowser([found_game(*g) for g in games])
        sc = JoinScene(app, browse=lambda: browser, make_link=FakeLink)
        app.push(sc)
        sc.update(NOTHING_AFTER + 1)
        sc.names[0].text = "Walburga Kranz"[:14]
        if players == 2:
            sc.set_players(2)
            sc.names[1].text = "Eckhart Lindau"
        if games:
            sc.choose(sc.found[0])
            sc.key.text = "C5H6-6S35"
        if typo:
            sc.edit(None)
            sc.target.text = typo
            sc.join()

    return build


def _online_choice(available: bool, hosted: bool = False) -> Callable[[App], None]:
    def build(app: App) -> None:
        from .overlays.online_choice import OnlineChoice
        from .scenes.title import TitleScene

        app.scenes = []
        app.push(TitleScene(app))
        app.push(OnlineChoice(app, available=available, hosted=hosted))

    return build


def _host_form(app: App) -> None:
    from .scenes.newgame import NewGameScene

    app.scenes = []
    sc = NewGameScene(app, online=True)
    app.push(sc)
    sc.add_seat()


def _online_table(away: float) -> Callable[[App], None]:
    """A game across computers at the host's table, brewing: one seat's player away for ``away`` seconds (long
    enough: the host is asked what to do), another still choosing (its pot says so), this computer's seat
    deciding."""
    return lambda app: _online_table_at(app, away)


def _online_table_at(app: App, away: float) -> None:
    import time
    from dataclasses import replace

    from ..net.link import NetLink
    from ..net.table_match import NetMatch
    from ..session.setup import REMOTE
    from ..session.view import seat_view
    from .online import OnlineTable
    from .scenes.table import TableScene

    m = rebuild(find(GAMES["brewing"]))
    view = seat_view(m, 0)
    view["setup"] = replace(m.setup, seats=tuple(replace(s, kind=REMOTE) if i else s for i, s in
                                                 enumerate(m.setup.seats))).public_data()
    link = FakeLink(replace(lobby_state(True, "playing"), away=((1, time.monotonic() - away),)))
    nm = NetMatch(m.cat, view, (0,), link)
    app.scenes = []
    t = TableScene(app, nm, online=OnlineTable(app, cast("NetLink", link)))
    t.driver.threaded = False
    app.push(t)
    t.update(0.0)


def online_cases() -> list[Case]:
    return [
        Case("online/table: a player away, the others decided", _online_table(12), quick=True),
        Case("online/table: the host's question about a player gone", _online_table(754)),
        Case("online/choice", _online_choice(True), quick=True),
        Case("online/choice, built without network play", _online_choice(False)),
        Case("online/choice, a hosted game to go on with", _online_choice(True, hosted=True)),
        Case("online/host: new game, online seats", _host_form, quick=True),
        Case("online/lobby as host", _lobby(True), quick=True),
        Case("online/lobby as a joining player", _lobby(False)),
        Case("online/lobby, connecting", _lobby(False, "connecting")),
        Case("online/lobby, could not join", _lobby(False, "failed", "bad-secret"), quick=True),
        Case("online/lobby, host could not open the game", _lobby(True, "failed", "port")),
        Case("online/join, games found", _join(FOUND, players=2), quick=True),
        Case("online/join, nothing found, a typo", _join((), typo="C000-1XSE-DGP4-RV4C-KM")),
    ]
