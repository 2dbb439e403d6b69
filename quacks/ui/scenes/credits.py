"""About: who made what, and the licence of everything Quacks ships (read from ``THIRD_PARTY_NOTICES.md``).

The list comes from the table in the notices file (the same file that goes with the wheel and the bundle),
so the screen and the file can never disagree. If the file cannot be read, the screen says which file and
what to do instead of the list.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from ...i18n import N_, _, pgettext, verbatim
from ...resources import ReadError, license_path, notices_path, read_text
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..widgets import Button

ABOUT = N_("Quacks brings The Quacks of Quedlinburg, a board game by Wolfgang Warsch, to your desktop. It is an "
         "unofficial fan implementation, free software under the MIT licence; the rules texts, the icons and "
         "the sound effects are our own (the sounds are made by tools/make_sounds.py and are public domain, "
         "CC0). Everything else it ships is listed below with its licence.")

#: the notices' descriptions ("what it is"), marked for translation: the screen shows each in the player's
#: language (tests/packaging/test_licences.py keeps this list in step with THIRD_PARTY_NOTICES.md)
DESCRIPTIONS = (
    N_("the game: code, rules data, icons"),
    N_("our own, synthesised by tools/make_sounds.py"),
    N_("serif font by Georg Duffner and Octavio Pardo"),
    N_("sans-serif font by The Inter Project Authors"),
    N_("the Python interpreter and standard library"),
    N_("games library for Python (the pygame community edition)"),
    N_("window, input, images, sound and fonts"),
    N_("font rendering"),
    N_("text shaping"),
    N_("PNG images"),
    N_("JPEG images"),
    N_("TIFF images"),
    N_("WebP images"),
    N_("decompression (fonts)"),
    N_("Ogg Vorbis sound"),
    N_("Opus sound"),
    N_("FLAC sound"),
    N_("WavPack sound"),
    N_("module music"),
    N_("MP3 sound"),
    N_("sound files"),
    N_("MIDI synthesis"),
    N_("reading the game's data files"),
    N_("finding the user's folders"),
    N_("compression"),
    N_("compression (Python's bz2)"),
    N_("compression (Python's lzma)"),
    N_("foreign function calls (Python's ctypes)"),
    N_("C and C++ runtime support"),
    N_("starts the bundle"),
    N_("set the bundle up as it starts"),
)


@dataclass(frozen=True)
class Component:
    """One row of the notices table."""

    name: str
    what: str
    licence: str
    wheel: bool
    bundle: bool


def parse_notices(text: str) -> list[Component]:
    """The rows of the first table in the notices file (``| component | what | licence | wheel | bundle |``)."""
    rows: list[Component] = []
    in_table = False
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.lstrip().startswith("|") else []
        if not cells:
            if in_table:
                break
            continue
        if not in_table:
            in_table = cells[:3] == ["component", "what it is", "licence"]
            continue
        if set("".join(cells)) <= set("-: "):
            continue  # the line under the header
        if len(cells) != 5:
            continue
        rows.append(Component(cells[0], cells[1].replace("`", ""), cells[2], cells[3] == "yes", cells[4] == "yes"))
    return rows


def load_notices(path: Path | None = None) -> tuple[list[Component], str]:
    """(the components, "") or ([], a sentence naming the file and the fix)."""
    p = path or notices_path()
    try:
        rows = parse_notices(read_text(p, limit=512 * 1024))
    except (ReadError, FileNotFoundError) as e:
        return [], _("The list of licences could not be read ({problem}). It is the file THIRD_PARTY_NOTICES.md "
                     "that comes with the game; reinstall the game to get it back.").format(problem=e)
    if not rows:
        return [], _("{file} has no table of components; reinstall the game to get the original file back.").format(
            file=p)
    return rows, ""


class CreditsScene(Scene):
    """About Quacks: the licence of the game and of everything it ships."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows, self.problem = load_notices()
        self.scroll = 0
        self.max_scroll = 0
        self.layout()

    def layout(self) -> None:
        self.back_b = Button(pygame.Rect(110, canvas_rect().h - 120, 240, 80), _("Back"), self.app.pop,
                             style="dark", hotkey_label=pgettext("key", "Esc"), size=26)

    @staticmethod
    def described(row: Component) -> str:
        """What a component is, in the player's language (as the file has it if the file says something new)."""
        return _(row.what) if row.what in DESCRIPTIONS else verbatim(row.what)

    def where(self) -> str:
        try:
            return str(license_path().parent)
        except FileNotFoundError:
            return _("the game's folder")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
                return
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll = min(self.max_scroll, self.scroll + (120 if event.key == pygame.K_DOWN else 480))
                return
            if event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - (120 if event.key == pygame.K_UP else 480))
                return
            if event.key == pygame.K_HOME:
                self.scroll = 0
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * 60))
            return
        self.back_b.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        surf.blit(art.wood(canvas_rect().size), (0, 0))
        panel = pygame.Rect(100, 40, canvas_rect().w - 200, canvas_rect().h - 180)
        art.panel(surf, panel, seed=17)
        te.blit(surf, _("About Quacks"), (160, 70), "serif-bold", 56, T.INK)
        area = pygame.Rect(160, 160, panel.w - 120, panel.bottom - 180)
        clip = surf.get_clip()
        surf.set_clip(area)
        y = area.y - self.scroll
        y += te.blit_wrapped(surf, _(ABOUT), pygame.Rect(area.x, y, area.w - 40, 300), "serif", 24, T.INK) + 24
        if self.problem:
            y += te.blit_wrapped(surf, self.problem, pygame.Rect(area.x, y, area.w - 40, 300), "sans-semibold",
                                 22, T.RUBY) + 24
        else:
            te.blit(surf, _("component"), (area.x, y), "sans-semibold", 20, T.INK_SOFT)
            te.blit(surf, _("licence"), (area.x + 560, y), "sans-semibold", 20, T.INK_SOFT)
            te.blit(surf, _("what it is"), (area.x + 1060, y), "sans-semibold", 20, T.INK_SOFT)
            y += 34
            for row in self.rows:  # names, licences and descriptions as THIRD_PARTY_NOTICES.md has them
                te.blit(surf, verbatim(row.name), (area.x, y), "serif-bold",
                        te.fit(verbatim(row.name), "serif-bold", 22, 540), T.INK)
                te.blit(surf, verbatim(row.licence), (area.x + 560, y), "sans", 20, T.INK)
                h = te.blit_wrapped(surf, self.described(row), pygame.Rect(area.x + 1060, y, area.w - 1100, 130),
                                    "sans", 18, T.INK_SOFT, max_lines=3)
                y += max(34, h + 8)
            y += 16
            y += te.blit_wrapped(surf, _("The full licence texts: LICENSE and THIRD_PARTY_NOTICES.md in {folder}, and "
                                         "the fonts' licences in assets/fonts.").format(folder=self.where()),
                                 pygame.Rect(area.x, y, area.w - 40, 200), "sans", 20, T.INK_SOFT) + 12
        surf.set_clip(clip)
        self.max_scroll = max(0, y + self.scroll - area.bottom)
        self.scroll = min(self.scroll, self.max_scroll)
        self.back_b.draw(surf)
        te.blit(surf, _("Up/Down or wheel scroll · Esc back"), (canvas_rect().w // 2, canvas_rect().h - 40), "sans", 18,
                T.PARCHMENT_DARK, "center")


__all__ = ["Component", "CreditsScene", "load_notices", "parse_notices"]
