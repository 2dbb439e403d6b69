"""``quacks --selftest``: is this copy of the game whole and working?

Loads and validates all data, opens a display (a real one when there is a desktop, else the SDL dummy
driver), draws the title screen and a table mid-game, and plays a short bot game (four Normal bots, all
nine rounds) without a window. Prints one line and returns 0, or prints ``selftest FAILED: <what>`` and
returns 1. Works from a checkout, an installed wheel and a frozen bundle.

It never writes saves, settings or statistics. The result line (and a traceback on failure) is appended
to the game's log file, because a windowed bundle has no stdout to print to.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from . import datacheck, i18n, resources
from .content.loader import default_catalogue
from .rules.config import GameConfig
from .session.match import Match, MatchSetup, SeatSpec
from .storage.files import open_append
from .storage.paths import log_path
from .storage.settings import Settings

# pygame and the window (quacks.ui) are imported inside the steps that use them: a copy whose display cannot start
# reports it as that step's one line (no traceback), and ``quacks --version`` (quacks.cli imports this module)
# starts no pygame.
if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from .ui.app import App, Scene

T = TypeVar("T")

NAMES = ("Ada", "Bertram", "Clara", "Dietrich")
COLOURS = ("amber", "teal", "plum", "moss")


class SelftestError(Exception):
    """A step failed; the message says which and why."""


def has_desktop() -> bool:
    """True if a real window can be expected: Windows, macOS, or an X11/Wayland session."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _prepare_env() -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the self-test makes no sound
    if not has_desktop():
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _step(what: str, fn: Callable[[], T]) -> T:
    try:
        return fn()
    except SelftestError:
        raise
    except Exception as e:  # noqa: BLE001 - every failure becomes one clear line
        raise SelftestError(f"{what}: {type(e).__name__}: {e}") from e


def _looks_drawn(surf: pygame.Surface, what: str) -> None:
    """A drawn screen has many colours; a blank (or single-colour) one means nothing was drawn."""
    import pygame

    small = pygame.transform.scale(surf, (48, 27))
    colours = {tuple(small.get_at((x, y)))[:3] for x in range(48) for y in range(27)}
    if len(colours) < 12:
        raise SelftestError(f"{what} looks blank ({len(colours)} colours)")


def _check_data() -> None:
    errors = datacheck.check_data()
    if errors:
        raise SelftestError(f"data invalid: {len(errors)} error(s), the first: {errors[0]}")
    default_catalogue()
    for part in (("icons", "quacks-64.png"), ("fonts",)):
        if not resources.asset(*part).exists():
            raise SelftestError(f"asset missing: {resources.asset(*part)}")


def _check_languages() -> None:
    """Every language's compiled catalogue is there, loads and passes the game's checks (quacks/locale travels
    with the game; a damaged one would show English, see i18n.load_catalogue)."""
    for code in i18n.LANGUAGES[1:]:
        loaded = i18n.load_catalogue(code)
        if loaded.translation is None and not loaded.path.exists():
            raise SelftestError(f"the {code} catalogue is missing from {i18n.locale_dir()} ({loaded.problem})")
        if loaded.translation is None:
            raise SelftestError(f"the {code} catalogue {loaded.path} {loaded.problem}")
        if loaded.dropped:
            raise SelftestError(f"the {code} catalogue {loaded.path} has {len(loaded.dropped)} damaged message(s), "
                                f"e.g. {loaded.dropped[0]}")


def _match(seed: int) -> Match:
    cfg = GameConfig(seats=NAMES)
    setup = MatchSetup(cfg, tuple(SeatSpec(n, c, "normal") for n, c in zip(NAMES, COLOURS, strict=True)), seed)
    return Match(default_catalogue(), setup)


def _open_app() -> App:
    from .ui.app import App

    app = App(Settings(pace="instant"), size=(960, 540), headless=os.environ.get("SDL_VIDEODRIVER") == "dummy")
    app.no_saves = True  # never write saves, settings or statistics
    return app


def _draw(app: App, scene: Scene, what: str) -> None:
    app.scenes = [scene]
    scene.enter()
    scene.update(0.0)
    scene.draw(app.screen)
    _looks_drawn(app.screen, what)
    app.present()


def _title(app: App) -> None:
    from .ui.scenes.title import TitleScene

    _draw(app, TitleScene(app), "the title screen")


def _table(app: App) -> None:
    from .ui.scenes.table import TableScene

    m = _match(7)
    for _ in range(50_000):  # bots play on until round 3 is being brewed with chips in every pot
        g = m.game
        if g.round >= 3 and g.phase == "brewing" and all(len(s.pot) >= 3 for s in g.seats):
            break
        if not m.advance():
            break
    else:
        raise SelftestError("the bots did not reach round 3")
    _draw(app, TableScene(app, m), "the table")  # drawn as it is: nothing updates it


def _bot_game() -> tuple[int, float, str, int]:
    m = _match(2024)
    t0 = time.perf_counter()
    m.run_until_human()
    dt = time.perf_counter() - t0
    g = m.game
    if not m.over:
        raise SelftestError(f"the bot game stopped in round {g.round} ({g.phase})")
    ranking = g.ranking()
    if not ranking:
        raise SelftestError("the bot game ended without a ranking")
    best = g.seats[ranking[0][0]]
    return g.round, dt, best.name, best.score


def _report(line: str, details: str = "", ok: bool = True) -> None:
    stream = sys.stdout if ok else (sys.stderr or sys.stdout)
    if stream is not None:
        try:
            print(line, file=stream, flush=True)
        except (OSError, ValueError):
            pass
    try:
        with open_append(log_path(create=True)) as f:  # a regular file only: a pipe there must not hang the check
            f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} selftest: {line}\n{details}")
    except Exception:  # noqa: BLE001 - a log we cannot write must not fail the test
        pass


def run() -> int:
    """Run the self-test; prints one line and returns 0 if all is well, 1 otherwise."""
    _prepare_env()
    app = None
    try:
        _step("loading the data", _check_data)
        _step("loading the languages", _check_languages)
        app = _step("opening a display", _open_app)
        import pygame

        driver = pygame.display.get_driver()
        _step("drawing the title screen", lambda: _title(app))
        _step("drawing the table", lambda: _table(app))
        rounds, dt, winner, vp = _step("playing a bot game", _bot_game)
    except SelftestError as e:
        _report(f"selftest FAILED: {e}", traceback.format_exc(), ok=False)
        return 1
    except BaseException as e:  # noqa: BLE001 - even an interrupt gets its one line
        _report(f"selftest FAILED: {type(e).__name__}: {e}", traceback.format_exc(), ok=False)
        return 1
    finally:
        if app is not None:  # close the window; fonts stay usable for whoever runs on in this process
            try:
                import pygame

                pygame.display.quit()
            except Exception:  # noqa: BLE001
                pass
    _report(f"selftest ok: data valid, display {driver}, title and table drawn, "
            f"bot game {rounds} rounds in {dt:.2f} s (winner {winner} {vp} VP)")
    return 0


def main(args: object = None) -> int:
    """For ``quacks.cli``: ``--selftest`` and the ``selftest`` command."""
    return run()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())
