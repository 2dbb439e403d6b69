"""No English reaches the screen in German or Dutch: in the marker language (every word of every catalogue
string inside ‹...›) every screen and overlay is drawn and every line it draws is read back, and seeded games
are played with every question, button, hover tip, log line, cause, bot's reason and round result read; a
word outside the markers (seat names aside) never went through a catalogue and would stay English.

And the layout check's quick screens fit in German and Dutch as they do in English (CI runs the full
``python -m quacks check-layout``, every screen in every language, the marker language included).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from quacks import i18n


@pytest.fixture()
def marker() -> Iterator[None]:
    i18n.set_marker_catalogue(i18n.read_msgids())
    i18n.set_language("marker")
    yield
    i18n.set_language("en")


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_every_screen_and_overlay_draws_only_translated_text(home: Path) -> None:
    from quacks.devtools.ui import layout_check as L

    cases = L.all_cases()
    report = L.run(cases, scales=(100,), languages=("marker",), sizes=((1920, 1080),))
    assert report.drawings == len(cases) and report.lines > 1000
    assert [p.line() for p in report.problems] == []


def test_the_screen_check_finds_english(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A string that skips the catalogue is caught (here: the title's buttons, as if never wrapped)."""
    from quacks.devtools.ui import layout_check as L

    monkeypatch.setattr(i18n, "set_marker_catalogue", lambda ids: setattr(i18n, "_marked", frozenset(
        set(ids) - {"New game", "Rules"})))
    title = [c for c in L.all_cases() if c.name == "title"]
    report = L.run(title, scales=(100,), languages=("marker",), sizes=((1920, 1080),))
    found = {p.text for p in report.problems}
    assert found == {"New game", "Rules"}, found


SEATS = ("You", "Ada", "Bo", "Cy")


def _configs() -> list[tuple[object, tuple[str, ...], int]]:
    from quacks.rules.chips import SET_COLOURS
    from quacks.rules.config import GameConfig

    out = []
    for i, books in enumerate([1, 2, 3, 4, "mix"]):
        rng = random.Random(i)
        b = {c: rng.randint(1, 4) for c in SET_COLOURS} if books == "mix" else {c: books for c in SET_COLOURS}
        n = 2 + i % 3
        out.append((GameConfig(seats=SEATS[:n], books=b, variant="test-tubes" if i % 2 else "standard"),
                    ("random", "normal", "hard", "easy")[:n], 300 + i))
    return out


@pytest.mark.parametrize("config,levels,seed", _configs())
def test_every_word_of_a_game_goes_through_a_catalogue(marker: None, config: object, levels: tuple[str, ...],
                                                       seed: int) -> None:
    from quacks.ai.levels import make_bot
    from quacks.content.loader import default_catalogue
    from quacks.content.translations import source_texts
    from quacks.rules.game import Game
    from quacks.session.seeding import Streams
    from quacks.tutorial.script import tutorial_texts
    from quacks.wording import causes, data_text, decisions, events, rules_text
    from quacks.wording.actions import action_sentence
    from quacks.wording.reasons import reason_text
    from quacks.wording.results import round_rows

    cat = default_catalogue()
    g = Game(cat, config)  # type: ignore[arg-type]
    streams = Streams(seed)
    bots = [make_bot(lv) for lv in levels]
    rng = random.Random(seed)
    english: list[tuple[str, str]] = []

    def read(what: str, text: str) -> None:
        if i18n.unmarked(text, SEATS):
            english.append((what, text))

    round_start = [0] * g.n
    last_round = g.round
    for _ in range(20_000):
        if g.is_over:
            break
        if g.pending_chance() is not None:
            g.apply_chance(streams.sample(g))
            continue
        seat = g.acting_seats()[0]
        acts = list(g.legal_actions(seat))
        read("prompt", decisions.prompt(g, seat))
        for a in acts:
            lb = decisions.label(g, seat, a)
            read(f"label {a}", lb.text)
            read(f"tip {a}", lb.tip)
            read(f"action {a}", action_sentence(g.seats[seat].name, a))
        d = bots[seat].decide(g, seat, acts, rng)
        read(f"reason of {levels[seat]}", reason_text(d.reason))
        g.apply(seat, d.action)
        if g.round != last_round:
            for row in round_rows(g, last_round, round_start):
                read("round results", row.why)
            round_start = [s.score for s in g.seats]
            last_round = g.round
    assert g.is_over
    for line in events.log_lines(g, g.events):
        read("log", line.text)
    for e in g.events:
        read("cause", causes.cause_text(g, e.cause))
    for head, para in rules_text.flow(cat):
        read("rules", head)
        read("rules", para)
    for key, text in source_texts(cat, tutorial_texts()).items():
        read(key, re.sub(r"\{[^{}]*\}", "", data_text.text(key, text)))  # the guide's {placeholders} aside
    assert english == []


def test_the_quick_screens_fit_in_german_and_dutch(home: Path) -> None:
    """The layout check of the quick screens at 100% and 200% in German and Dutch (their words are long)."""
    from quacks.devtools.ui import layout_check as L

    quick = [c for c in L.all_cases() if c.quick]
    report = L.run(quick, scales=(100, 200), languages=("de", "nl"), sizes=((1280, 720),))
    assert report.drawings == 2 * 2 * len(quick)
    assert [p.line() for p in report.problems] == []
