"""About: who made what, and the licence of everything Quacks ships (read from ``THIRD_PARTY_NOTICES.md``).

The list comes from the table in the notices file (the same file that goes with the wheel and the bundle),
so the screen and the file can never disagree. If the file cannot be read, the screen says which file and
what to do instead of the list.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame

from ...i18n import N_, _, verbatim
from ...resources import ReadError, license_path, notices_path, read_text
from .. import theme as T
from ..app import App, Scene
from ..keys import Act, Binding
from ..keys import label as key_label
from ..widgets import Button, button_bindings
from .frame import frame

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
    N_("playing over the network"),
    N_("finding games on the LAN"),
    N_("the computer's network addresses (for zeroconf)"),
    N_("asking the home router to open a port"),
    N_("Python's ssl: the network play's encryption"),
    N_("the host's certificate for encrypted network play"),
    N_("proving the room code between the two computers"),
    N_("foreign function calls (for cryptography)"),
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
        """The page fills the canvas; its text scrolls."""
        self.back_b = Button(pygame.Rect(0, 0, 0, 0), _("Back"), self.app.pop, style="dark", key=Act.BACK, size=26)
        self.frame = frame(self.app.text, [self.back_b], hint=self.hint())

    @staticmethod
    def hint() -> str:
        return _("{up}/{down} or wheel scroll · {back} back").format(up=key_label(Act.UP), down=key_label(Act.DOWN),
                                                                   back=key_label(Act.BACK))

    @staticmethod
    def described(row: Component) -> str:
        """What a component is, in the player's language (as the file has it if the file says something new)."""
        return _(row.what) if row.what in DESCRIPTIONS else verbatim(row.what)

    def where(self) -> str:
        try:
            return str(license_path().parent)
        except FileNotFoundError:
            return _("the game's folder")

    def bindings(self) -> list[Binding]:
        """Esc back; Up/Down, PgUp/PgDn and Home scroll."""
        return button_bindings([self.back_b]) + [
            Binding(act, partial(self.scroll_by, d), target="scroll")
            for act, d in ((Act.DOWN, 120), (Act.PAGE_DOWN, 480), (Act.UP, -120), (Act.PAGE_UP, -480),
                           (Act.HOME, -10**9))]

    def scroll_by(self, d: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + d))

    def handle(self, event: pygame.event.Event) -> None:
        if self.press(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * 60))
            return
        self.back_b.handle(event)

    def columns(self, width: int) -> tuple[int, int]:
        """Where the licence and the description columns start (from the left of a table ``width`` wide): the
        names and the licences as wide as the widest of them (at most a third and a quarter of the width)."""
        te = self.app.text
        name_w = max([te.size(verbatim(r.name), "serif-bold", 22)[0] for r in self.rows] + [0])
        lic_w = max([te.size(verbatim(r.licence), "sans", 20)[0] for r in self.rows] +
                    [te.size(_("licence"), "sans-semibold", 20)[0]])
        name_w = min(width // 3, max(name_w, te.size(_("component"), "sans-semibold", 20)[0])) + 30
        return name_w, name_w + min(width // 4, lic_w) + 30

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        self.frame.draw(surf, te, _("About Quacks"), self.hint(), seed=17)
        area = self.frame.body
        clip = surf.get_clip()
        surf.set_clip(area)
        y = area.y - self.scroll
        w = area.w - 40
        y += te.blit_wrapped(surf, _(ABOUT), pygame.Rect(area.x, y, w, 4000), "serif", 24, T.INK) + 24
        if self.problem:
            y += te.blit_wrapped(surf, self.problem, pygame.Rect(area.x, y, w, 4000), "sans-semibold",
                                 22, T.RUBY) + 24
        else:
            lic_x, what_x = self.columns(w)
            head_h = te.height("sans-semibold", 20)
            for text, x, right in ((_("component"), 0, lic_x), (_("licence"), lic_x, what_x),
                                   (_("what it is"), what_x, w)):
                te.blit_fit(surf, text, pygame.Rect(area.x + x, y, right - x - 20, head_h), "sans-semibold", 20,
                            T.INK_SOFT, anchor="midleft", lines=1)
            y += head_h + 10
            for row in self.rows:  # names, licences and descriptions as THIRD_PARTY_NOTICES.md has them
                name, lic = verbatim(row.name), verbatim(row.licence)
                h_name = te.blit_wrapped(surf, name, pygame.Rect(area.x, y, lic_x - 30, 4000), "serif-bold",
                                         te.fit(name, "serif-bold", 22, lic_x - 30), T.INK)
                h_lic = te.blit_wrapped(surf, lic, pygame.Rect(area.x + lic_x, y, what_x - lic_x - 30, 4000), "sans",
                                        te.fit(lic, "sans", 20, what_x - lic_x - 30), T.INK)
                h = te.blit_wrapped(surf, self.described(row), pygame.Rect(area.x + what_x, y, w - what_x, 4000),
                                    "sans", 18, T.INK_SOFT)
                y += max(34, h_name, h_lic, h + 8)
            y += 16
            y += te.blit_wrapped(surf, _("The full licence texts: LICENSE and THIRD_PARTY_NOTICES.md in {folder}, and "
                                         "the fonts' licences in assets/fonts.").format(folder=self.where()),
                                 pygame.Rect(area.x, y, w, 4000), "sans", 20, T.INK_SOFT) + 12
        surf.set_clip(clip)
        self.max_scroll = max(0, y + self.scroll - area.bottom)
        self.scroll = min(self.scroll, self.max_scroll)
        with te.roomy():
            self.back_b.draw(surf)


__all__ = ["Component", "CreditsScene", "load_notices", "parse_notices"]
