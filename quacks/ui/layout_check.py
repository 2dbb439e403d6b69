"""``python -m quacks check-layout``: every screen and overlay drawn at every UI scale, in English, German,
Dutch and the pseudo-language, and every text that is clipped, overflows its box, overlaps another or is too
small to read is reported (exit 1 if there is any). In the marker language (``quacks.i18n``: every word of a
catalogue string inside ``‹...›``) every drawn line with a word that did not come through a catalogue is
reported as untranslated: English that would reach the screen in German or Dutch.

How it works: the text engine records what it draws (``Text.record``): each line's inked rectangle on the
1920x1080 canvas, the box it had to stay inside (a button, a panel, a wrapped block's rectangle) and whether
lines of its block were dropped or shortened. A problem is

- clipped: a line outside the canvas, or a block that dropped or shortened lines;
- overflow: a line outside its box;
- overlap: two lines of different draws on one layer (a scene, an overlay, a tooltip) that intersect (the
  same text drawn twice, such as a shadow, is not counted);
- small: a line whose font is smaller than ``MIN_PX`` pixels on the screen at a window size (the window
  shows the canvas scaled and letterboxed, so the size changes nothing else);
- untranslated (marker language only, instead of the others): a word of two letters or more outside every
  ``‹...›``, unless it is a name the case gave (a seat, a bot) or a name that stays as it is (``VERBATIM``).

The cases are the title, new-game, load, settings, rules (every page), statistics, replays, about and final
screens, and a mid-game four-seat table in each phase with each overlay (see ``CASES``). Games are found
by playing seeded games with bots (deterministic), then rebuilt from their records for each scale.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCALES = (100, 125, 150, 175, 200)
SIZES = ((1280, 720), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160))
LANGUAGES = ("en", "pseudo")  # what run() draws unless told (the default test suite's languages)
ALL_LANGUAGES = ("en", "de", "nl", "pseudo", "marker")  # what the command draws unless told
LOGICAL = (1920, 1080)
MIN_PX = 9  # the smallest font size (pixels on the screen) we accept
SLACK = 1  # pixels a line may pass its box or touch another (antialiasing)

NAMES = ("You", "Hildegard Zorn", "Ottokar Brauer", "Mechthild Rose")  # bots with 14-letter names (the most)
LOOKS = ("amber", "teal", "plum", "moss")


# ---------------------------------------------------------------------------------------------------------
# problems


@dataclass
class Problem:
    kind: str  # clipped | overflow | overlap | small
    case: str
    scale: int
    language: str
    text: str
    where: str
    rect: tuple[int, int, int, int]
    detail: str = ""
    sizes: tuple[tuple[int, int], ...] = ()

    def key(self) -> tuple[Any, ...]:
        return (self.kind, self.case, self.scale, self.language, self.text, self.where, self.detail)

    def line(self) -> str:
        sizes = "all sizes" if not self.sizes else ", ".join(f"{w}x{h}" for w, h in self.sizes)
        x, y, w, h = self.rect
        extra = f" ({self.detail})" if self.detail else ""
        return (f"{self.kind}: {self.case} @ {self.scale}% {self.language} [{sizes}]: {self.text!r} at "
                f"({x},{y} {w}x{h}) from {self.where}{extra}")


def window_factor(size: tuple[int, int]) -> float:
    """How much the canvas is scaled to fit a window of ``size`` (letterboxed)."""
    return min(size[0] / LOGICAL[0], size[1] / LOGICAL[1])


#: words drawn as they are in every language: the game's name, the names of seats and bots the cases use,
#: each language's own name (the settings)
VERBATIM = ("Quacks", *NAMES, "Hildegard", "Ottokar", "Mechthild", "Rupert", "Gertrud", "Konrad", "Walburga",
            "Eckhart", "Walburga Kranz", "Eckhart Lindau", "English", "Deutsch", "Nederlands")


def unmarked_words(text: str) -> list[str]:
    """The words of a drawn line that did not come through a catalogue in the marker language."""
    from ..i18n import unmarked

    return unmarked(text, VERBATIM)


def untranslated(items: Sequence[Any], case: str, scale: int) -> list[Problem]:
    """Every drawn line (in the marker language) with words that did not come through a catalogue."""
    out = []
    for d in items:
        words = unmarked_words(d.text)
        if words:
            out.append(Problem("untranslated", case, scale, "marker", d.text, d.where, tuple(d.rect),
                               "not through a catalogue: " + ", ".join(words)))
    return out


def problems_of(items: Sequence[Any], case: str, scale: int, language: str,
                sizes: Sequence[tuple[int, int]] = SIZES) -> list[Problem]:
    """The problems among the recorded lines of one drawing (``text.Drawn`` items)."""
    import pygame

    if language == "marker":  # ‹...› make lines longer than any language would: only words are checked
        return untranslated(items, case, scale)

    canvas = pygame.Rect(0, 0, *LOGICAL)
    out: list[Problem] = []

    def add(kind: str, d: Any, detail: str = "", sizes_: tuple[tuple[int, int], ...] = ()) -> None:
        out.append(Problem(kind, case, scale, language, d.text, d.where, tuple(d.rect), detail, sizes_))

    cut_blocks: set[int] = set()
    for d in items:
        if not canvas.contains(d.rect):
            add("clipped", d, "outside the canvas")
        elif d.cut and d.block not in cut_blocks:
            cut_blocks.add(d.block)
            add("clipped", d, "lines dropped or shortened")
        if d.box is not None and not d.scrolled and not d.box.inflate(2 * SLACK, 2 * SLACK).contains(d.rect):
            b = d.box
            add("overflow", d, f"box {b.x},{b.y} {b.w}x{b.h}")
        if d.covered:
            add("overlap", d, "partly under a panel drawn over it")
        small = tuple(s for s in sizes if d.px * window_factor(s) < MIN_PX)
        if small:
            add("small", d, f"{d.px} px font, {d.px * window_factor(small[0]):.1f} px on screen", small)
    # overlaps: lines of different draws on one layer
    rects = [d.rect.inflate(-2 * SLACK, -2 * SLACK) for d in items]
    seen: set[tuple[int, int]] = set()
    for i, d in enumerate(items):
        for j in rects[i].collidelistall(rects):
            if j <= i:
                continue
            e = items[j]
            if e.layer != d.layer or e.block == d.block or e.text == d.text:
                continue
            if (i, j) in seen:
                continue
            seen.add((i, j))
            add("overlap", d, f"with {e.text!r} from {e.where}")
    return out


# ---------------------------------------------------------------------------------------------------------
# games to show


def _env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _books(kind: str) -> dict[Any, int]:
    """Sets per colour: "long" picks the book with the longest text of each colour (the hardest to fit)."""
    from ..content.loader import default_catalogue
    from ..rules.chips import SET_COLOURS

    cat = default_catalogue()
    if kind == "long":
        return {c: max(cat.books[c], key=lambda n: len(cat.books[c][n].short or "")) for c in SET_COLOURS}
    return {c: int(kind) for c in SET_COLOURS}


def new_match(seed: int, humans: int = 1, books: str = "long", variant: str = "standard",
              pieces: Sequence[tuple[int, int | None, int | None]] = ()) -> Any:
    """A four-seat match; ``pieces``: (seat, score, test-tube glass) at the start."""
    from ..content.loader import default_catalogue
    from ..rules.config import GameConfig, SeatSetup
    from ..session.match import Match, MatchSetup, SeatSpec

    names = NAMES if humans == 1 else ("Walburga Kranz", "Eckhart Lindau", *NAMES[2:])
    setup = {i: SeatSetup(score=v, tube=tube) for i, v, tube in pieces}
    cfg = GameConfig(seats=names, books=_books(books), variant=variant, setup=setup)
    kinds = ["human"] * humans + ["normal"] * (4 - humans)
    specs = tuple(SeatSpec(n, c, k) for n, c, k in zip(names, LOOKS, kinds))
    return Match(default_catalogue(), MatchSetup(cfg, specs, seed))


def play_until(match: Any, stop: Callable[[Any], bool], limit: int = 20_000) -> bool:
    """Let Normal bots play the human seats until ``stop(match)`` holds at a human decision."""
    import random

    from ..ai.normal import NormalBot

    bot = NormalBot()
    rng = random.Random(3)
    for _ in range(limit):
        match.run_until_human()
        if stop(match):
            return True
        if match.over:
            return False
        need = match.need()
        for seat in need.seats:
            if seat in match.humans():
                acts = match.game.legal_actions(seat)
                if acts:
                    match.submit(seat, bot.decide(match.game, seat, list(acts), rng).action)
                break
    return False


@dataclass(frozen=True)
class Game:
    """A game to show: how it is set up and the human decision (or moment) it stops at."""

    stop: Callable[[Any], bool]
    humans: int = 1
    books: str = "long"
    variant: str = "standard"
    pieces: tuple[tuple[int, int | None, int | None], ...] = ()
    seeds: range = range(1, 80)


_FOUND: dict[Game, dict[str, Any]] = {}


def find(game: Game) -> dict[str, Any]:
    """The record of the first seeded game that reaches ``game.stop`` (found once per process)."""
    hit = _FOUND.get(game)
    if hit is not None:
        return hit
    for seed in game.seeds:
        m = new_match(seed, game.humans, game.books, game.variant, game.pieces)
        if play_until(m, game.stop):
            _FOUND[game] = m.to_data()
            return _FOUND[game]
    raise RuntimeError(f"no seeded game reaches the state for {game}")


def rebuild(data: dict[str, Any]) -> Any:
    from ..content.loader import default_catalogue
    from ..session.match import Match

    return Match.from_data(default_catalogue(), data)


def _kind(m: Any, seat: int = 0) -> Any:
    return m.game.decision_kind(seat)


def _human_waits(m: Any) -> bool:
    from ..session.match import Waits

    return m.need().kind is Waits.HUMAN


def at(kind: str, extra: Callable[[Any], bool] = lambda m: True) -> Callable[[Any], bool]:
    return lambda m: _human_waits(m) and _kind(m) == kind and extra(m)


def _brewing(m: Any) -> bool:
    g = m.game
    return g.round >= 6 and len(g.seats[0].pot) >= 8 and all(s.rubies for s in g.seats[:2])


def _many_choices(m: Any) -> bool:
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
    "final": Game(lambda m: m.over),
    "handoff": Game(lambda m: _human_waits(m) and m.game.round >= 5 and _kind(m) == "brew" and
                    len(m.game.seats[0].pot) >= 4, humans=2),
}


# ---------------------------------------------------------------------------------------------------------
# cases: what is on the app's stack


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[Any], None]  # puts the scenes on the app's stack
    quick: bool = False  # part of the default test suite's subset


#: the longest reason a bot gives (every bot seat shows it: the check sees the worst case)
LONG_REASON = "stops: {} could explode the pot, and I never risk that"


def _table(app: Any, game: str) -> Any:
    from ..ai.base import Decision
    from ..rules.actions import STOP
    from ..rules.chips import CHIP_BY_NAME
    from .scenes.table import TableScene

    m = rebuild(find(GAMES[game]))
    for seat in m.bots:
        m.last_decision[seat] = Decision(STOP, LONG_REASON, CHIP_BY_NAME["white-3"])
    app.scenes = []
    t = TableScene(app, m)
    t.driver.threaded = False
    app.push(t)
    t.update(0.0)
    return t


def _hover(app: Any, t: Any, pos: tuple[int, int]) -> None:
    import pygame

    app.mouse_pos = pos
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def _round_end(app: Any) -> None:
    t = _table(app, "round-end")
    play_until(t.match, lambda m: m.game.round >= 9)
    t.driver.take_events()
    t.open_summary(8)
    if t.summary is not None:
        t.summary.opened = -10.0  # counted up


def _final(app: Any) -> None:
    from .scenes.final import FinalScene

    app.scenes = []
    app.push(FinalScene(app, rebuild(find(GAMES["final"]))))


def _guided(app: Any) -> None:
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


def _confirm(app: Any) -> None:
    from ..rules.actions import Action

    t = _table(app, "shop")
    t.choose(0, Action("buy", ("nothing",)))


def _scene(factory: Callable[[Any], Any]) -> Callable[[Any], None]:
    def build(app: Any) -> None:
        app.scenes = []
        app.push(factory(app))

    return build


def _rules(page: int) -> Callable[[Any], None]:
    def build(app: Any) -> None:
        from .scenes.rules_scene import RulesScene

        app.scenes = []
        sc = RulesScene(app, rebuild(find(GAMES["brewing"])).game)
        sc.goto(page)
        app.push(sc)

    return build


def _newgame_full(app: Any) -> None:
    from .scenes.newgame import NewGameScene

    app.scenes = []
    sc = NewGameScene(app)
    app.push(sc)
    sc.add_seat()
    sc.set_books("mix")


def _replay(app: Any) -> None:
    from ..storage.replays import import_replay
    from .scenes.replay_view import ReplayScene

    path = _storage()["replay"]
    app.scenes = []
    sc = ReplayScene(app, import_replay(path).value)
    app.push(sc)
    sc.seek(sc.cursor.length // 2)


_STORE: dict[str, Any] = {}


def _storage() -> dict[str, Any]:
    """Saves, statistics and a replay in a temporary home (the load, statistics and replay screens)."""
    if _STORE:
        return _STORE
    from ..storage import replays, saves, stats

    final = rebuild(find(GAMES["final"]))
    for name in ("brewing", "shop", "tubes"):
        m = rebuild(find(GAMES[name]))
        saves.save_slot(f"round {m.game.round} {'-'.join(s.name for s in m.game.seats)}", m)
    stats.record_finished_match(final)
    _STORE["replay"] = replays.export_replay(final, replays.suggest_replay_path(final))
    return _STORE


def _with_storage(factory: Callable[[Any], Any]) -> Callable[[Any], None]:
    def build(app: Any) -> None:
        _storage()
        _scene(factory)(app)

    return build


def all_cases() -> list[Case]:
    from .scenes.credits import CreditsScene
    from .scenes.load import LoadScene
    from .scenes.newgame import NewGameScene
    from .scenes.replay_scene import ReplayListScene
    from .scenes.settings_scene import SettingsScene
    from .scenes.stats_scene import StatsScene
    from .scenes.title import TitleScene

    def table(game: str, then: Callable[[Any, Any], None] = lambda app, t: None) -> Callable[[Any], None]:
        def build(app: Any) -> None:
            then(app, _table(app, game))

        return build

    def tip(where: Callable[[Any], tuple[int, int]]) -> Callable[[Any, Any], None]:
        return lambda app, t: _hover(app, t, where(t))

    return [
        Case("title", _scene(TitleScene), quick=True),
        Case("new-game", _scene(NewGameScene)),
        Case("new-game/4 seats, books per colour", _newgame_full, quick=True),
        Case("settings", _scene(SettingsScene)),
        Case("load", _with_storage(LoadScene)),
        Case("statistics", _with_storage(StatsScene)),
        Case("replays", _with_storage(ReplayListScene)),
        Case("replay viewer", _replay),
        Case("about", _scene(CreditsScene)),
        *[Case(f"rules/page {p + 1}", _rules(p)) for p in range(4)],
        Case("table/fortune", table("fortune")),
        Case("table/brewing", table("brewing"), quick=True),
        Case("table/test tubes, 50+", table("tubes"), quick=True),
        Case("table/explosion choice", table("explosion")),
        Case("table/evaluation choice", table("evaluation")),
        Case("table/shopping", table("shop"), quick=True),
        Case("table/ruby spending", table("spend")),
        Case("table/round 9 buying", table("convert"), quick=True),
        Case("table/choice dialog", table("choice"), quick=True),
        Case("table/round results", _round_end, quick=True),
        Case("final", _final, quick=True),
        Case("table/hot-seat hand-off", table("handoff")),
        Case("table/bag", table("brewing", lambda app, t: t.toggle_bag())),
        Case("table/log", table("brewing", lambda app, t: t.toggle_log())),
        Case("table/pause menu", table("brewing", lambda app, t: t.open_menu())),
        Case("table/confirm", _confirm),
        Case("table/guided game", _guided),
        Case("table/tooltip on a book", table("brewing", tip(lambda t: t.view.books.rects[
            list(t.view.books.rects)[1]].midbottom))),
        Case("table/tooltip on the card", table("brewing", tip(lambda t: t.view.board.card_rect.center))),
        Case("table/tooltip on a button", table("brewing", tip(lambda t: t.controls.buttons[0].rect.center
                                                               if t.controls.buttons else (700, 1030)))),
    ]


# ---------------------------------------------------------------------------------------------------------
# running


@dataclass
class Report:
    problems: list[Problem] = field(default_factory=list)
    drawings: int = 0
    lines: int = 0
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        out = {"clipped": 0, "overflow": 0, "overlap": 0, "small": 0, "untranslated": 0}
        for p in self.problems:
            out[p.kind] = out.get(p.kind, 0) + 1
        return out


_APP: Any = None


def _app(scale: int) -> Any:
    global _APP
    from ..storage.settings import Settings
    from .app import App

    if _APP is None:
        _APP = App(Settings(pace="instant", show_risk=True), headless=True)
        _APP.no_saves = True
    app = _APP
    app.settings.ui_scale = scale
    app.settings.show_risk = True
    app.text.set_scale(scale / 100)
    app.scenes = []
    app.toasts = []
    return app


def draw_case(case: Case, scale: int, language: str, shot: Path | None = None) -> list[Any]:
    """Build ``case`` at ``scale`` in ``language``, draw it as the game would, return the recorded lines."""
    from .. import i18n

    if language == "marker":
        i18n.set_marker_catalogue(i18n.read_msgids())
    i18n.set_language(language)
    try:
        app = _app(scale)
        case.build(app)
        for sc in app.scenes:
            anim = getattr(sc, "anim", None)
            if anim is not None:
                anim.skip()
        te = app.text
        with te.record(app.screen) as rec:
            for sc in app.visible():
                rec.next_layer()
                sc.invalidate()
                sc.draw(app.screen)
        if shot is not None:
            import pygame

            shot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(shot))
        app.scenes = []
        return rec.items
    finally:
        i18n.set_language("en")


def run(cases: Iterable[Case] | None = None, scales: Sequence[int] = SCALES, languages: Sequence[str] = LANGUAGES,
        sizes: Sequence[tuple[int, int]] = SIZES, shots: Path | None = None,
        progress: Callable[[str], None] | None = None) -> Report:
    _env()
    report = Report()
    t0 = time.perf_counter()
    home = os.environ.get("QUACKS_HOME")
    folder = tempfile.mkdtemp(prefix="quacks-layout-")
    os.environ["QUACKS_HOME"] = folder  # nothing of the player's is read or written
    _STORE.clear()
    from .app import text_engine

    scale = text_engine().scale
    try:
        _run(report, cases, scales, languages, sizes, shots, progress)
    finally:
        text_engine().set_scale(scale)
        if _APP is not None:
            _APP.scenes = []
        if home is None:
            os.environ.pop("QUACKS_HOME", None)
        else:
            os.environ["QUACKS_HOME"] = home
        shutil.rmtree(folder, ignore_errors=True)
    report.seconds = time.perf_counter() - t0
    return report


def _run(report: Report, cases: Iterable[Case] | None, scales: Sequence[int], languages: Sequence[str],
         sizes: Sequence[tuple[int, int]], shots: Path | None, progress: Callable[[str], None] | None) -> None:
    for case in cases if cases is not None else all_cases():
        for language in languages:
            for scale in scales:
                shot = None
                if shots is not None:
                    slug = case.name.replace("/", "-").replace(" ", "_").replace(",", "")
                    shot = shots / f"{slug}-{scale}-{language}.png"
                items = draw_case(case, scale, language, shot)
                report.drawings += 1
                report.lines += len(items)
                found = problems_of(items, case.name, scale, language, sizes)
                report.problems.extend(found)
                if progress is not None:
                    progress(f"{case.name} @ {scale}% {language}: {len(items)} lines, {len(found)} problems")


def parse_size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return (int(w), int(h))


def main(args: Any) -> int:
    _env()
    cases = all_cases()
    if getattr(args, "quick", False):
        cases = [c for c in cases if c.quick]
    if getattr(args, "case", None):
        cases = [c for c in cases if any(k in c.name for k in args.case)]
    scales = tuple(args.scale) if getattr(args, "scale", None) else SCALES
    languages = tuple(args.language) if getattr(args, "language", None) else ALL_LANGUAGES
    sizes = tuple(parse_size(s) for s in args.size) if getattr(args, "size", None) else SIZES
    shots = Path(args.shots) if getattr(args, "shots", None) else None
    say = (lambda s: print(s, file=sys.stderr, flush=True)) if getattr(args, "verbose", False) else None
    report = run(cases, scales, languages, sizes, shots, say)
    for p in report.problems:
        print(p.line())
    c = report.counts()
    print(f"check-layout: {report.drawings} drawings ({len(cases)} screens x {len(scales)} scales x "
          f"{len(languages)} languages; sizes {', '.join(f'{w}x{h}' for w, h in sizes)}), {report.lines} lines of "
          f"text, {len(report.problems)} problems (clipped {c['clipped']}, overflow {c['overflow']}, "
          f"overlap {c['overlap']}, small {c['small']}, untranslated {c['untranslated']}) in {report.seconds:.1f} s")
    return 1 if report.problems else 0
