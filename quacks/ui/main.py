"""Start the game: logging to the user's log folder, settings, the window, the title screen.

No traceback ever reaches a player: an unexpected error is logged and shown as a short message.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

log = logging.getLogger("quacks")


def setup_logging() -> str:
    """Log to the user log folder (a windowed bundle has no stdout/stderr)."""
    try:
        from ..storage import paths

        path = paths.log_path(create=True)
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
        where = str(path)
    except Exception:  # noqa: BLE001 - fall back to stderr if the folder cannot be made
        handler = logging.StreamHandler(sys.stderr if sys.stderr else open(os.devnull, "w"))  # noqa: SIM115
        where = "stderr"
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return where


def run(args: Any = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    where = setup_logging()
    try:
        from ..storage.settings import load_settings

        settings, notes = load_settings()
    except Exception as e:  # noqa: BLE001
        from ..storage.settings import Settings

        settings, notes = Settings(), [f"Settings could not be read ({e}); defaults are used."]
    for n in notes:
        log.warning("settings: %s", n)
    try:
        from .app import App
        from .scenes.title import TitleScene

        size = None
        if args is not None and getattr(args, "size", None):
            w, h = (int(x) for x in args.size.lower().split("x"))
            size = (w, h)
        app = App(settings, size=size)
        title = TitleScene(app)
        app.push(title)
        if notes:
            title.message = notes[0]
        app.run()
        from .flows import WRITER, save_settings

        WRITER.flush()
        save_settings(app)
        return 0
    except Exception as e:  # noqa: BLE001
        log.exception("the game stopped")
        msg = f"Quacks stopped because of an unexpected problem: {e}. Details are in {where}."
        try:
            sys.stderr.write(msg + "\n")
        except Exception:  # noqa: BLE001
            pass
        return 1
    finally:
        try:
            import pygame

            pygame.quit()
        except Exception:  # noqa: BLE001
            pass
