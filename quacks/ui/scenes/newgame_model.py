"""The new-game screen's setup, without a window (``scenes/newgame.py`` draws it): the seats (``SeatRow``: a name,
a colour and a kind, human or a bot level of ``ai.levels.LADDER``), the books, the pot side, the house rules and
the seed, and the match they make (``SetupModel.build``); the choices a seat and the books offer (``KINDS``,
``ONLINE_KINDS``, ``BOOK_MODES``) and the bots' measured strength shown beside them (issue 23).

In a hosted game (issue 22) a seat may also be online (``REMOTE``), and one must be (``SetupModel.start_problem``).
A seat the player did not name is "You" when it is the only human, and has a real name otherwise
(``quacks/names.py``): two humans at one screen are never "You" (issue 19, ``SetupModel.name_seats``).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...ai.levels import LADDER
from ...content.bot_strength import Strength, StrengthError, load_strength, shown_strength
from ...i18n import N_, _, in_every_language
from ...names import SEAT_NAMES, fresh_name
from ...net import TURN_CLOCK, TURN_CLOCKS
from ...rules.chips import SET_COLOURS
from ...rules.config import GameConfig
from ...session.match import HUMAN, PLAYER_COLOURS, MatchSetup, SeatSpec
from ...session.setup import REMOTE
from ...wording.text import LEVEL_NAMES, is_you, strength_text

BOT_NAMES = SEAT_NAMES
#: a seat's kinds: a human, or a bot of each level of the ladder (``ai.levels.LADDER``, named in the wording: the
#: level's name on its button, "Expert bot" and its measured strength in its tooltip), so that five kinds stay on
#: the seat's line at 200%
KINDS = ((HUMAN, N_("Human")), *((level, LEVEL_NAMES[level]) for level in LADDER))
#: the seat kinds of a hosted game: a player at this screen, a player on another computer, or a bot
ONLINE_KINDS = ((HUMAN, N_("Here")), (REMOTE, N_("Online")), *KINDS[1:])
BOOK_MODES = (("1", N_("Set 1")), ("2", N_("Set 2")), ("3", N_("Set 3")), ("4", N_("Set 4")), ("mix", N_("Per colour")),
              ("random", N_("Random")))


log = logging.getLogger("quacks.ui")


def measured_strength(path: Path | None = None) -> dict[str, Strength]:
    """The measured strength of the ladder's levels (``data/bot_strength.yaml`` if ``path`` is None), by level;
    none if the file is missing or damaged (said in the log: the screen then shows no strength)."""
    try:
        return shown_strength(load_strength(path, LADDER))
    except StrengthError as e:
        log.warning("%s The new-game screen shows no bots' strength.", e)
        return {}


def strength_lines(kinds: Iterable[str], strength: Mapping[str, Strength]) -> list[str]:
    """A line for each bot level among ``kinds`` (the seats' kinds) that has a measured strength, weakest first:
    "Hard wins 84% of its games against Normal (400 games)"."""
    seated = set(kinds)
    return [strength_text(strength[level]) for level in LADDER
            if level in seated and level in strength and strength[level].measured]


def _options(options: tuple[tuple[Any, str], ...]) -> list[tuple[Any, str]]:
    """Choice options with their labels in the player's language."""
    return [(value, _(label)) for value, label in options]


@dataclass
class SeatRow:
    name: str
    colour: str
    kind: str
    custom: bool = False  # the player typed the name (else the game names the seat: ``SetupModel.name_seats``)


def _typed(name: str) -> bool:
    """Whether a stored name (of a setup saved without the flag) is one the player typed."""
    return not (is_you(name) or name in SEAT_NAMES or name.strip().casefold() in
                {w.casefold() for w in in_every_language("Player")})


@dataclass
class SetupModel:
    seats: list[SeatRow] = field(default_factory=lambda: [
        SeatRow(_("You"), "amber", HUMAN), SeatRow("Hildegard", "teal", "normal"),
        SeatRow("Ottokar", "plum", "normal")])
    books: str = "1"
    mix: dict[str, int] = field(default_factory=lambda: {c.value: 1 for c in SET_COLOURS})
    variant: str = "standard"
    fortunes: bool = True
    starting_rubies: int = 1
    sequential: bool = False
    seed: str = ""
    online: bool = False  # a hosted game (issue 22): seats may be REMOTE, one at least
    lan: bool = True  # (online) the game is shown to others on the LAN
    turn_clock: int = TURN_CLOCK  # (online) seconds each player has for a choice, 0: none (issue 33 §3)

    def kinds(self) -> tuple[tuple[str, str], ...]:
        """The kinds a seat may have here (the online ones in a hosted game)."""
        return ONLINE_KINDS if self.online else KINDS

    def start_problem(self) -> str:
        """Why the game cannot start as set up ("" if it can): a hosted game needs a seat for a remote player."""
        if self.online and not any(s.kind == REMOTE for s in self.seats):
            return _("Make at least one seat Online: a seat for a player on another computer.")
        if self.unnamed_host() is not None:
            return _("Type your name on your seat: the players on the other computers see it.")
        return ""

    def unnamed_host(self) -> int | None:
        """In a hosted game, the seat at this screen still called "You" (the others would read "You is thinking"):
        it needs the player's name, asked once (the seat keeps it in the last hosted game's choices)."""
        if not self.online:
            return None
        return next((i for i, s in enumerate(self.seats)
                     if s.kind == HUMAN and (is_you(s.name) or not s.name.strip())), None)

    def to_data(self) -> dict[str, Any]:
        return {
            "seats": [[s.name, s.colour, s.kind, s.custom] for s in self.seats], "books": self.books,
            "mix": dict(self.mix),
            "variant": self.variant, "fortunes": self.fortunes, "starting_rubies": self.starting_rubies,
            "sequential": self.sequential,
            **({"lan": self.lan, "turn_clock": self.turn_clock} if self.online else {}),
        }

    @staticmethod
    def from_data(d: Any, online: bool = False) -> SetupModel:
        m = SetupModel(online=online)
        kinds = dict(m.kinds())
        try:
            seats = [SeatRow(str(n)[:14] or _("Player"), c if c in PLAYER_COLOURS else "amber",
                             k if k in kinds else HUMAN,
                             bool(rest[0]) if rest else _typed(str(n))) for n, c, k, *rest in d["seats"]]
            if 2 <= len(seats) <= 4:
                m.seats = seats
                m.name_seats()
            if d.get("books") in dict(BOOK_MODES):
                m.books = d["books"]
            mix = d.get("mix") or {}
            for c in SET_COLOURS:
                if mix.get(c.value) in (1, 2, 3, 4):
                    m.mix[c.value] = mix[c.value]
            m.variant = d.get("variant") if d.get("variant") in ("standard", "test-tubes") else "standard"
            m.fortunes = bool(d.get("fortunes", True))
            m.starting_rubies = 0 if d.get("starting_rubies") == 0 else 1
            m.sequential = bool(d.get("sequential", False))
            m.lan = bool(d.get("lan", True))
            if type(d.get("turn_clock")) is int and d["turn_clock"] in TURN_CLOCKS:
                m.turn_clock = int(d["turn_clock"])
        except (KeyError, TypeError, ValueError):
            return SetupModel(online=online)
        return m

    def name_seats(self) -> None:
        """Name the seats the player did not name: the only human is "You" (in the player's language); with two or
        more humans, or for a bot, a real name from ``SEAT_NAMES`` that no other seat has. A typed "You" becomes a
        real name too when another human plays: at a shared screen nobody is "you"."""
        humans = sum(s.kind == HUMAN for s in self.seats)
        for s in self.seats:
            if s.kind == HUMAN and humans == 1 and not s.custom:
                s.name = _("You")
        for i, s in enumerate(self.seats):
            if s.kind == HUMAN and humans == 1 and (not s.custom or is_you(s.name)):
                continue
            others = {o.name.casefold() for j, o in enumerate(self.seats) if j != i}
            real = s.name in SEAT_NAMES if not s.custom else not is_you(s.name)
            if not real or s.name.casefold() in others:
                s.name = fresh_name({o.name for j, o in enumerate(self.seats) if j != i})
                s.custom = False

    def build(self) -> MatchSetup:
        seed = int(self.seed) if self.seed.strip().isdigit() else random.SystemRandom().randrange(1, 10**9)
        rng = random.Random(seed)
        if self.books in ("1", "2", "3", "4"):
            books = {c: int(self.books) for c in SET_COLOURS}
        elif self.books == "mix":
            books = {c: self.mix[c.value] for c in SET_COLOURS}
        else:
            books = {c: rng.randint(1, 4) for c in SET_COLOURS}
        names: list[str] = []
        humans = sum(s.kind == HUMAN for s in self.seats)
        for s in self.seats:
            n = "".join(ch for ch in s.name.strip() if ch.isalnum() or ch in "-_ ")[:14] or _("Player")
            if is_you(n) and (humans > 1 or s.kind != HUMAN):  # nobody is "You" at a shared screen
                n = fresh_name({*names, *(o.name for o in self.seats)})
            while n in names:
                n += "+"
            names.append(n)
        house: dict[str, Any] = {}
        if self.starting_rubies == 0:
            house["starting-rubies"] = 0
        if self.sequential:
            house["sequential-brewing"] = True
        cfg = GameConfig(seats=tuple(names), books=books, variant=self.variant, fortunes=self.fortunes, house=house)
        specs = tuple(SeatSpec(n, s.colour, s.kind) for n, s in zip(names, self.seats))
        return MatchSetup(cfg, specs, seed)

