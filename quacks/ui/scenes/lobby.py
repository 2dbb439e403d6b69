"""The lobby of a game played across computers (issue 22): one screen for the host and for a joining player.

It shows what the link's ``snapshot()`` says: the room code in large letters (Ctrl+C or Copy puts it on the
clipboard), the address and the join key, whether the game is shown on the LAN, and a row per seat (its colour,
name and kind: you, a player at this computer, waiting for a player, joined, connection lost, a bot level). The
host may send a remote seat's player away or make the seat a bot, and starts once every online seat is taken; a
joining player waits for the host. When the game begins the table takes over (``ui.online.start_online_table``);
when the link fails its problem is shown as a sentence in the player's language (the detail goes to the log).
Leave closes the link (the host is asked first) and goes back to the title.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, cast

import pygame

from ...i18n import _, verbatim
from ...net.link import CONNECTING, FAILED, IN_GAME, IN_LOBBY, LinkState
from ...session.setup import PLAYER_COLOURS, REMOTE
from ...wording.text import marker_letters
from .. import art
from .. import theme as T
from ..app import App, Scene
from ..flows import save_settings
from ..keys import Act, Binding
from ..keys import label as key_label
from ..netplay import (
    Link,
    copy_text,
    forget_joined,
    kind_text,
    lan_text,
    problem_text,
    reach_text,
    seat_name,
    turn_clock_text,
)
from ..online import start_online_table
from ..overlays.relay_entry import RelayEntry
from ..screens import Screen, back_to, open_scene
from ..widgets import Button, button_bindings, draw_row, draw_tooltip, offer
from .frame import Frame, frame

log = logging.getLogger("quacks.ui")

if TYPE_CHECKING:  # pragma: no cover
    from ...net.link import NetLink

POLL = 0.25  # seconds between two looks at the link while nothing else happens
#: a joining computer's refusals after which its game cannot be rejoined (the title stops offering it)
REFUSED_FOR_GOOD = ("bad-token", "bad-secret", "full", "no-game", "protocol", "game-version", "rules")


class LobbyScene(Scene):
    """The lobby over ``link`` (a ``NetLink``, or anything with its methods); ``lan``: whether the host asked for
    the game to be shown on the LAN (a joining player's lobby does not say)."""

    def __init__(self, app: App, link: Link, lan: bool = True) -> None:
        super().__init__(app)
        self.link = link
        self.lan = lan
        self.state: LinkState = link.snapshot()
        self.started = False  # the table has taken over
        self.left = False
        self.hover_text = ""
        self.seat_rows: list[tuple[int, pygame.Rect, Button | None, Button | None]] = []

    # ------------------------------------------------------------------------------------------------
    @property
    def hosting(self) -> bool:
        return self.state.hosting

    def enter(self) -> None:
        self.layout()

    def ready(self) -> bool:
        """The host may start: in the lobby, every online seat taken by a connected player."""
        st = self.state
        return st.phase == IN_LOBBY and not st.starting and bool(st.seats) and all(
            r.joined and not r.away for r in st.seats if r.kind == REMOTE and not r.mine)

    def waiting_for(self) -> int:
        return sum(1 for r in self.state.seats if r.kind == REMOTE and not r.mine and not (r.joined and not r.away))

    def status(self) -> str:
        """The line at the bottom of the page: what happens now."""
        st = self.state
        if st.phase == FAILED:
            return ""
        if st.phase == CONNECTING:
            return _("Opening the game…") if self.hosting else _("Connecting to the host…")
        if not self.hosting:
            return _("Waiting for the host to start…")
        if st.starting:
            # Translators: the host's lobby, a moment after Start (docs/protocol.md, "Fairness")
            return _("Starting: each computer shows its random value for the luck…")
        if self.ready() and st.failed_starts:
            return _("The start failed: a computer did not show its random value in time. Start again when you "
                     "are ready.")
        if self.ready():
            return _("Everyone is here: start when you are ready.")
        return _("Waiting for a player on every Online seat…")

    def hint(self) -> str:
        k = key_label
        if self.state.phase == FAILED:
            return _("{back} back").format(back=k(Act.BACK))
        if self.hosting:
            return _("{start} start · {copy} copy the room code · {back} leave").format(
                start=k(Act.CONFIRM), copy=k(Act.COPY), back=k(Act.BACK))
        return _("{copy} copy the room code · {back} leave").format(copy=k(Act.COPY), back=k(Act.BACK))

    def layout(self) -> None:
        te = self.app.text
        st = self.state
        self.hover_text = ""
        z = pygame.Rect(0, 0, 0, 0)
        failed = st.phase == FAILED
        self.leave_b = Button(z, _("Back") if failed else _("Leave"), self.leave, style="dark", key=Act.BACK, size=26)
        self.start_b: Button | None = None
        self.relay_b: Button | None = None
        if self.hosting and st.phase == IN_LOBBY:  # beside Leave: open the game to friends outside the home
            self.relay_b = Button(z.copy(), _("Friends anywhere…"), self.ask_relay, style="parchment", key=Act.RELAY,
                                  size=24, tooltip=_("Friends outside your home can join only if your router lets "
                                                     "them in; through a relay they can join from anywhere."))
        right: list[Button] = []
        if self.hosting and not failed:
            self.start_b = Button(z.copy(), _("Start"), self.start, key=Act.CONFIRM, size=32, enabled=self.ready(),
                                  reason=self.status())
            right = [self.start_b]
        with te.roomy():
            ctl_h = max(54, te.height("sans-semibold", 21) + 16)
            row_h = max(ctl_h + 10, te.height("sans-semibold", 24) + te.height("sans", 18) + 14)
            head_h = te.height("sans-bold", 22) + 8
            code_h = te.height("sans-bold", 64)
            line_h = te.height("sans-semibold", 21)
            lan_h = te.height("sans", 19, 3) + 8
        self.ctl_h, self.row_h, self.head_h, self.code_h, self.line_h = ctl_h, row_h, head_h, code_h, line_h
        with te.roomy():
            fail_h = te.height("serif-bold", 36) + 26 + te.height("sans-semibold", 26, 3) + 10
        step = row_h + 10
        band = head_h + code_h + 16  # the room code across the page
        info_lines = 3 + (2 if self.hosting and st.code6 else 0)  # address, join key, clock (and the IPv6 code)
        with te.roomy():
            self.reach_h = te.height("sans-semibold", 19, 3)
        reach_h = (self.reach_h + 10) if self.hosting else 0  # who can join from outside the home
        need = band + max(head_h + step * len(st.seats), info_lines * (line_h + 4) + lan_h + reach_h)
        left = [self.leave_b, *([self.relay_b] if self.relay_b else [])]
        self.frame: Frame = frame(te, left, right, self.hint(), width=1560, message=True,
                                  hug=need if not failed else fail_h)
        body = self.frame.body
        self.band = pygame.Rect(body.x, body.y, body.w, band - 16)
        self.info = pygame.Rect(body.x, body.y + band, body.w * 9 // 25, body.bottom - body.y - band)
        self.seats_box = pygame.Rect(self.info.right + 40, self.info.y, body.right - self.info.right - 40,
                                     self.info.h)

        self.copy_b: Button | None = None
        if st.code and not failed:
            with te.roomy():
                w = te.size(_("Copy"), "sans-semibold", 22)[0] + 60 + 2 * te.size(key_label(Act.COPY), "sans-bold",
                                                                                  14)[0]
            self.copy_b = Button(pygame.Rect(body.right - w, body.y + head_h + (code_h - ctl_h) // 2, w, ctl_h),
                                 _("Copy"), self.copy, style="parchment", key=Act.COPY, size=22,
                                 tooltip=_("Put the room code on the clipboard, to send it to your friends."))
        # a row per seat: the marker, its name and kind, and (the host) a remote seat's two buttons
        self.seat_rows = []
        step = min(step, (self.seats_box.h - head_h) // max(1, len(st.seats)))
        y = self.seats_box.y + head_h
        with te.roomy():
            send_w = te.size(_("Send away"), "sans-semibold", 20)[0] + 36
            bot_w = te.size(_("Make it a bot"), "sans-semibold", 20)[0] + 36
        room = self.seats_box.w // 2
        if send_w + bot_w + 12 > room:
            send_w, bot_w = send_w * (room - 12) // (send_w + bot_w), bot_w * (room - 12) // (send_w + bot_w)
        for i, r in enumerate(st.seats):
            row = pygame.Rect(self.seats_box.x, y, self.seats_box.w, step - 10)
            send = bot = None
            if self.hosting and r.kind == REMOTE and not r.mine and st.phase == IN_LOBBY:
                bh = min(ctl_h, row.h - 6)
                by = row.centery - bh // 2
                bot = Button(pygame.Rect(row.right - 8 - bot_w, by, bot_w, bh), _("Make it a bot"),
                             partial(self.make_bot, i), style="parchment", size=20,
                             tooltip=_("A Normal bot plays this seat instead of a player."))
                send = Button(pygame.Rect(bot.rect.x - 12 - send_w, by, send_w, bh), _("Send away"),
                              partial(self.send_away, i), style="danger", size=20, enabled=r.joined,
                              reason=_("Nobody has joined this seat yet."),
                              tooltip=_("The player on this seat is disconnected; the seat is free again."))
            self.seat_rows.append((i, row, send, bot))
            y += step

    def buttons(self) -> list[Button]:
        out = [self.leave_b, *([self.start_b] if self.start_b else []), *([self.copy_b] if self.copy_b else []),
               *([self.relay_b] if self.relay_b else [])]
        for _i, _row, send, bot in self.seat_rows:
            out += [b for b in (send, bot) if b is not None]
        return out

    # ------------------------------------------------------------------------------------------------
    # actions

    def start(self) -> None:
        if self.hosting and self.ready():
            self.link.start_game()

    def send_away(self, seat: int) -> None:
        self.link.kick(seat)

    def ask_relay(self) -> None:
        """The relay's address (the last one used to start with); the room is opened there, and kept for next time."""
        self.app.push(RelayEntry(self.app, str(self.app.settings.relay or ""), self.use_relay))

    def use_relay(self, address: str) -> None:
        self.app.settings.relay = address
        save_settings(self.app)
        self.link.open_on_relay(address)

    def make_bot(self, seat: int) -> None:
        self.link.seat_to_bot(seat, "normal")

    def copy(self) -> None:
        code = self.state.code
        if not code:
            return
        if copy_text(code):
            self.app.toast(_("Room code copied: paste it into a message to your friends."))
        else:
            self.app.toast(_("This computer offers no clipboard here: read the code from the screen."))

    def leave(self) -> None:
        if self.hosting and self.state.phase in (IN_LOBBY, CONNECTING):
            open_scene(self.app, Screen.CONFIRM, _("Close this game? Everyone who joined it is disconnected."),
                       self.close_and_leave, yes=_("Close the game"), no=_("Stay"), safe_default=True)
            return
        self.close_and_leave()

    def close_and_leave(self) -> None:
        if not self.hosting and self.state.phase != IN_GAME:  # left before the game: nothing to rejoin
            forget_joined(self.app)
        self.left = True
        self.link.close()
        back_to(self.app, Screen.TITLE)

    def exit(self) -> None:
        if not self.started and not self.left:  # the window closes with the lobby open
            self.left = True
            self.link.close()

    # ------------------------------------------------------------------------------------------------
    # loop

    def update(self, dt: float) -> None:
        st = self.link.snapshot()
        if st != self.state:
            if st.relay_problem and st.relay_problem != self.state.relay_problem:
                log.info("the relay %s does not have the room open: %s", st.relay_address, st.relay_problem)
            if st.phase == FAILED and self.state.phase != FAILED:
                problem_text(st.problem, st.detail)  # the detail goes to the log, once
                if not st.hosting and st.problem in REFUSED_FOR_GOOD:
                    forget_joined(self.app)
            self.state = st
            self.layout()
        if st.phase == IN_GAME and not self.started:
            # the lobby of a game is a NetLink's; False while the game's first view is still on its way (started
            # is set first: the table replaces this scene, whose ``exit`` must not close the link)
            self.started = True
            self.started = start_online_table(self.app, cast("NetLink", self.link))

    def wake_in(self) -> float | None:
        return None if self.started or self.left else POLL

    def bindings(self) -> list[Binding]:
        """Ctrl+C copies the room code, Esc leaves, Enter starts (the host), I opens the game to friends anywhere."""
        return [Binding(Act.COPY, self.copy, target="copy"),
                *button_bindings([self.leave_b, self.start_b, self.relay_b])]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.press(event):
            return True
        taken, self.hover_text = offer(self.buttons(), event, self.hover_text)
        return taken

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        st = self.state
        fr = self.frame
        title = _("Your game online") if self.hosting else _("Joining a game")
        fr.draw(surf, te, title, self.hint(), seed=9)
        with te.roomy():
            if st.phase == FAILED:
                self._draw_failure(surf)
            else:
                self._draw_info(surf)
                self._draw_seats(surf)
            fr.draw_message(surf, te, self.status(), T.INK_SOFT)
            self.leave_b.draw(surf)
            for b in (self.start_b, self.relay_b):
                if b is not None:
                    b.draw(surf)
        if self.hover_text and self.app.scene is self:  # not under a dialog opened on top (issue 30)
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)

    def _draw_failure(self, surf: pygame.Surface) -> None:
        te = self.app.text
        body = self.frame.body
        head = _("The game could not be opened") if self.hosting else _("Could not join the game")
        h = te.height("serif-bold", 36)
        te.blit_fit(surf, head, pygame.Rect(body.x, body.y + 10, body.w, h), "serif-bold", 36, T.RUBY, lines=1,
                    anchor="midleft")
        box = pygame.Rect(body.x, body.y + 10 + h + 16, min(body.w, 1100), body.bottom - (body.y + 10 + h + 16))
        text = problem_text(self.state.problem or "network")
        size, _lines = te.fit_block(text, "sans-semibold", 26, box)
        te.blit_wrapped(surf, text, box, "sans-semibold", size, T.INK)

    def _draw_info(self, surf: pygame.Surface) -> None:
        """The room code across the page (Copy beside it); under it on the left the address, the join key and
        the LAN."""
        te = self.app.text
        st = self.state
        band = self.band
        if not st.code:
            te.blit_fit(surf, self.status(), band, "sans-semibold", 26, T.INK_SOFT, anchor="midleft")
            return
        te.blit_fit(surf, _("Room code"), pygame.Rect(band.x, band.y, band.w, self.head_h - 8), "sans-bold", 22,
                    T.INK_SOFT, anchor="midleft", lines=1)
        right = self.copy_b.rect.x - 24 if self.copy_b is not None else band.right
        code_box = pygame.Rect(band.x, band.y + self.head_h, right - band.x, self.code_h)
        te.blit_fit(surf, verbatim(st.code), code_box, "sans-bold", 64, T.INK, anchor="midleft", lines=1, min_size=20)
        if self.copy_b is not None:
            self.copy_b.draw(surf)
        box = self.info
        y = box.y + self.head_h
        lines: list[str] = []
        if st.address:
            lines.append(_("Address: {address}").format(address=verbatim(st.address)))
        if self.hosting and st.key:
            lines.append(_("Join key: {key}").format(key=verbatim(st.key)))
        lines.append(turn_clock_text(st.turn_limit))
        # friends whose internet has IPv6 may reach this computer by its code: its label and the code under it, on a
        # page with room for them (a short one keeps the room code above, which everyone can use)
        # (and room left for the line that says whether friends outside can join: that one matters more)
        reach_least = 8 + te.height("sans-semibold", 16, 2) if self.hosting else 0
        show6 = bool(self.hosting and st.code6) and \
            y + (len(lines) + 2) * (self.line_h + 4) + reach_least <= box.bottom
        if show6:
            lines.append(_("Room code for IPv6:"))
        boxes = []
        for _text in lines:
            boxes.append(pygame.Rect(box.x, y, box.w, self.line_h))
            y += self.line_h + 4
        if lines:
            size = min(te.fit_label(t, "sans-semibold", 21, b, lines=1)[0] for t, b in zip(lines, boxes))
            for text, b in zip(lines, boxes):
                te.blit_fit(surf, text, b, "sans-semibold", size, T.INK, lines=1, anchor="midleft")
        if show6 and st.code6:  # under its label, as large as the lines above if it fits
            six = pygame.Rect(box.x, y, box.w, self.line_h)
            te.blit_fit(surf, verbatim(st.code6), six, "sans-semibold", size if lines else 21, T.INK, lines=1,
                        anchor="midleft")
            y = six.bottom + 4
        if self.hosting:
            y += 8
            bottom = box.bottom
            reach = reach_text(st)  # before the LAN's line: where the page is short, this one is shown
            part = pygame.Rect(box.x, y, box.w, max(0, min(self.reach_h, bottom - y)))
            if part.h >= te.height("sans-semibold", 14, 2):  # (a page too short for it: the button says it all)
                size, lines = te.fit_block(reach, "sans-semibold", 19, part)
                te.blit_wrapped(surf, reach, part, "sans-semibold", size, T.INK)
                y += len(lines) * (te.linesize("sans-semibold", size) + 2) + 10
            lan = pygame.Rect(box.x, y, box.w, max(0, bottom - y))
            if lan.h >= te.height("sans", 14, 2):  # (else the page is too short for it: the LAN finds the game all
                text = lan_text(st.lan, self.lan)  # the same)
                size, _lines = te.fit_block(text, "sans", 19, lan)
                te.blit_wrapped(surf, text, lan, "sans", size, T.INK_SOFT)

    def _draw_seats(self, surf: pygame.Surface) -> None:
        te = self.app.text
        st = self.state
        sb = self.seats_box
        te.blit_fit(surf, _("Seats"), pygame.Rect(sb.x, sb.y, sb.w, self.head_h - 8), "sans-bold", 22, T.INK_SOFT,
                    anchor="midleft", lines=1)
        buttons: list[Button] = []
        name_px, kind_px = 24, 18
        room = min((row.h for _i, row, _s, _b in self.seat_rows), default=0) - 8
        least = min(12, te.floor(16))  # (12, or less where the UI scale draws that at 16 px or more: a small window
        # at a large scale draws its canvas scaled down by as much as a third, and 16 px stays over 10 there)
        while name_px > least and te.height("sans-semibold", name_px) + te.height("sans", kind_px) > room:
            name_px, kind_px = name_px - 1, max(least, kind_px - 1)  # a short window: the rows' words get smaller
        name_h = te.height("sans-semibold", name_px)
        kind_h = te.height("sans", kind_px)
        rows = []  # (seat, its marker, name, kind, their boxes): the names at one size, the kinds at another
        for i, row, send, bot in self.seat_rows:
            r = st.seats[i]
            waiting = r.kind == REMOTE and not r.joined and not r.mine
            name = _("Seat {n}").format(n=i + 1) if waiting else seat_name(r)
            ms = min(row.h - 12, int(56 * (1 + 0.5 * (te.scale - 1))))
            text_x = row.x + 8 + ms + 14
            right = send.rect.x - 12 if send is not None else row.right - 10
            top = row.y + 4 + max(0, (row.h - 8 - name_h - kind_h) // 2)
            rows.append((i, row, ms, name, pygame.Rect(text_x, top, right - text_x, name_h),
                         pygame.Rect(text_x, top + name_h, right - text_x, kind_h)))
            buttons += [b for b in (send, bot) if b is not None]
        name_size = min((te.fit_label(n, "sans-semibold", name_px, b, lines=1)[0]
                         for _i, _r, _m, n, b, _k in rows), default=name_px)
        kind_size = min((te.fit_label(kind_text(st.seats[i], st.mine), "sans", kind_px, k, lines=1)[0]
                         for i, _r, _m, _n, _b, k in rows), default=kind_px)
        letters = marker_letters([name for _i, _r, _m, name, _b, _k in rows])
        for k, (i, row, ms, name, name_box, kind_box) in enumerate(rows):
            r = st.seats[i]
            colour = r.colour if r.colour in T.PLAYER_LOOKS else PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
            pygame.draw.rect(surf, T.PARCHMENT_EDGE, row, 1, border_radius=10)
            mk = art.marker(colour, letters[k], ms)
            surf.blit(mk, mk.get_rect(midleft=(row.x + 8, row.centery)))
            te.blit_fit(surf, name, name_box, "sans-semibold", name_size, T.INK, lines=1, anchor="midleft")
            lost = r.away and r.joined
            te.blit_fit(surf, kind_text(r, st.mine), kind_box, "sans", kind_size, T.RUBY_TEXT if lost else T.INK_SOFT,
                        lines=1, anchor="midleft")
        if buttons:
            draw_row(surf, buttons)
