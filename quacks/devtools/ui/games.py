"""The games the developer screens are drawn over: seeded games of bots, each found once per process at the
moment it is shown (a phase, a decision, a beat), kept as its record and rebuilt for every drawing (``check-layout``'s
cases, ``screenshots``)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ... import i18n
from ...ai.normal import NormalBot
from ...content.loader import default_catalogue
from ...rules.actions import STOP
from ...rules.chips import SET_COLOURS
from ...rules.config import GameConfig, SeatSetup
from ...rules.kinds import Phase
from ...session.beats import CARD_CAUSES, beats
from ...session.match import Match, MatchSetup, SeatSpec, Waits
from ...storage.files import as_object
from ...ui.keys import Act, press_event

if TYPE_CHECKING:  # pragma: no cover
    from ...rules.chips import Colour
    from ...rules.kinds import DecisionKind
    from ...ui.app import App
    from ...ui.scenes.table import TableScene

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
    cat = default_catalogue()
    if kind == "long":
        return {c: max(cat.books[c], key=lambda n: len(cat.books[c][n].short or "")) for c in SET_COLOURS}
    return {c: int(kind) for c in SET_COLOURS}


def new_match(seed: int, humans: int = 1, books: str = "long", variant: str = "standard",
              pieces: Sequence[tuple[int, int | None, int | None]] = (), seats: int = 4) -> Match:
    """A match of ``seats`` seats (four unless told); ``pieces``: (seat, score, test-tube glass) at the start."""
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
    return i18n._("You") if name == "You" else name


def rebuild(data: dict[str, object]) -> Match:
    """The match of a found game's record, its human seat named in the language drawn."""
    setup = MatchSetup.from_data(as_object(data["setup"], "setup"))
    named = replace(setup, game=replace(setup.game, seats=tuple(human_name(n) for n in setup.game.seats)),
                    seats=tuple(replace(s, name=human_name(s.name)) for s in setup.seats))
    return Match.from_data(default_catalogue(), {**data, "setup": named.to_data()})


def _kind(m: Match, seat: int = 0) -> DecisionKind | None:
    return m.game.decision_kind(seat)


def _human_waits(m: Match) -> bool:
    return m.need().kind is Waits.HUMAN


def at(kind: str, extra: Callable[[Match], bool] = lambda m: True) -> Callable[[Match], bool]:
    return lambda m: _human_waits(m) and _kind(m) == kind and extra(m)


def _brewing(m: Match) -> bool:
    g = m.game
    return g.round >= 6 and len(g.seats[0].pot) >= 8 and all(s.rubies for s in g.seats[:2])


def _stopping_shows(m: Match, kinds: tuple[str, ...]) -> bool:
    """Would the human stopping now bring an evaluation with a beat of each of ``kinds``? (Played on a copy.)"""
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
    # R47: choose-wisely before purple is out resolves by itself; the card says why for every seat at once
    "card-by-itself": Game(at("brew", lambda m: m.game.fortune is not None and m.game.fortune.id == "choose-wisely"
                              and m.game.round <= 2 and not m.game.seats[0].pot), seeds=range(1, 400)),
    "final": Game(lambda m: m.over),
    # both humans brew in the same stir tick: the one secret at a shared screen (R22, R48)
    "stir": Game(lambda m: _human_waits(m) and m.game.round >= 5 and _kind(m) == "brew" and
                    len(m.game.seats[0].pot) >= 4 and sum(m.is_human(s) for s in m.tick_seats()) == 2, humans=2),
    "pick": Game(at("pick", lambda m: len(m.game.seats[0].revealed) >= 3), books="1", seeds=range(1, 300)),
    "two": Game(at("brew", lambda m: m.game.round >= 4 and len(m.game.seats[0].pot) >= 5), seats=2),
}


def play_human_until(match: Match, stop: Callable[[Match], bool], limit: int = 20_000) -> bool:
    """Let a Normal bot play the human seats until ``stop(match)`` holds at a human decision (True), or the game
    ends first (False)."""
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
                    d = bot.decide(match.game, seat, list(acts), rng)
                    match.submit(seat, d.action)
                break
    return False


def first_decides(app: App, t: TableScene) -> None:
    """Hot-seat: the first human of the stir draws (R48: hidden until the reveal); the second is asked on the table,
    the first shown as decided."""
    app.handle(press_event(Act.DRAW))
    t.update(0.0)
