"""A screen of the game, or an overlay on one: the lifecycle every scene on the App's stack follows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .keys import Binding, dispatch

if TYPE_CHECKING:  # pragma: no cover
    from .app import App


class Scene:
    """A screen of the game, or an overlay on one. ``draw`` only reads state; everything else happens in
    handle/update.

    Scenes live on the App's stack. An overlay (``opaque = False``) is drawn over the scenes below it; a
    ``modal`` one keeps their input from them (a non-modal one passes on every event its ``handle`` does
    not claim by returning True); ``pauses_below`` stops the scenes below from updating while it is on top
    (the game waits under a menu; it goes on under the log).
    """

    opaque = True
    modal = True
    pauses_below = True
    native = False  # True: lays itself out at the window's own size (the table); else on 1920x1080 or more
    hosts_game = False  # True: a game is played here (the table); its keys and those over it are the game's

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool | None:
        """Take an event; True if it was used (a non-modal overlay passes unused events below). A key press
        goes to ``bindings`` (``press``); a scene handles the mouse itself."""
        return self.press(event)

    def shown_buttons(self) -> list[Any]:
        """The buttons on show now (the key test checks that each one's key does what it says)."""
        buttons = getattr(self, "buttons", None)
        if callable(buttons):
            buttons = buttons()
        return list(buttons) if isinstance(buttons, list) else []

    def bindings(self) -> list[Binding]:
        """What this scene's keys do now (``ui/keys.py``: the one table of keys). Every key a scene answers is
        listed here, and ``press`` runs the one a key belongs to, so what a key does and what the buttons and
        the key help say come from one place (the key test reads this list in every state it reaches)."""
        return []

    def press(self, event: pygame.event.Event) -> bool:
        """Run the binding a key press belongs to (a disabled one says why, ``refuse``); True if one owned it."""
        if event.type != pygame.KEYDOWN:
            return False
        return dispatch(event, self.bindings(), self.refuse)

    def refuse(self, reason: str) -> None:
        """A key of a disabled control was pressed: say why (a short message by default)."""
        self.app.toast(reason)

    def update(self, dt: float) -> None: ...

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the scene; return None (the whole canvas changed) or the rectangles that changed."""
        return None

    def invalidate(self) -> None:
        """The canvas no longer holds this scene's last frame: the next ``draw`` draws everything."""

    def busy(self) -> bool:
        """True while something moves or works, so the loop keeps drawing frames."""
        return False

    def language_changed(self) -> None:
        """The player chose another language (``App.set_language``): rebuild everything that holds words
        (buttons, cached pictures, wrapped lines). By default a scene with a ``layout()`` or ``build()`` of no
        arguments runs it again; a scene that keeps words elsewhere overrides this. The next ``draw`` draws
        everything."""
        import inspect

        for name in ("layout", "build"):
            fn = getattr(self, name, None)
            if callable(fn):
                try:
                    takes_nothing = not any(p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                            p.POSITIONAL_OR_KEYWORD) for p in inspect.signature(fn).parameters.values())
                except (TypeError, ValueError):
                    takes_nothing = False
                if takes_nothing:
                    fn()
                    break
        self.invalidate()

    def toast_band(self) -> pygame.Rect | None:
        """Where short messages (``App.toast``) may lie over this scene without covering a title or what is being
        decided (None: the App's default, a band along the bottom edge)."""
        return None

    def canvas_changed(self) -> None:
        """The canvas has another size (the window was resized, or the screen on top fills it another way): lay
        out again. By default the same rebuild as :meth:`language_changed`."""
        self.language_changed()

    def wake_in(self) -> float | None:
        """Seconds until the scene has something to do without input (None: nothing until input)."""
        return 0.0 if self.busy() else None
