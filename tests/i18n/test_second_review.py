"""The second German and Dutch review (issue 30, ``shared/reviews/german-dutch.md``, "Second review"): each of its
findings that a catalogue, a data text or a wording helper can hold. The screens' findings (the own seat's
status, the card's text, a word broken mid-letters) are tested in ``tests/ui``."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
import yaml

from quacks import i18n
from quacks.ai.levels import LADDER
from quacks.content.bot_strength import Strength
from quacks.wording import text as W

ROOT = Path(__file__).resolve().parents[2]
SHY, NBSP = "\u00ad", "\u00a0"


@pytest.fixture()
def lang() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _catalogue(lang: str) -> dict[str, str]:
    """msgid (with its context, "ctx\\x04msgid") -> translation; a plural's forms joined by "\\n"."""
    with open(ROOT / "quacks" / "locale" / lang / "LC_MESSAGES" / "quacks.mo", "rb") as f:
        cat = gettext.GNUTranslations(f)
    out: dict[str, str] = {}
    for k, v in cat._catalog.items():  # type: ignore[attr-defined]
        if not k:
            continue
        key = k[0] if isinstance(k, tuple) else k
        out[key] = out[key] + "\n" + v if key in out else v
    return out


def _strength() -> Strength:
    return Strength("hard", "normal", 400, 0.84, 0.8, 0.88, True, "")


def _po_locations(lang: str) -> dict[tuple[str, str], list[str]]:
    """(the msgctxt line or "", the msgid line) -> the source files the .po names for it ("#: file file ...")."""
    out: dict[tuple[str, str], list[str]] = {}
    files: list[str] = []
    context = ""
    for line in (ROOT / "quacks" / "locale" / lang / "LC_MESSAGES" / "quacks.po").read_text("utf-8").splitlines():
        if line.startswith("#: "):
            files += line[3:].split()
        elif line.startswith("msgctxt "):
            context = line
        elif line.startswith("msgid "):
            out.setdefault((context, line), []).extend(files)
            files, context = [], ""
    return out


# §5, §6, §8: the bot levels --------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "de", "nl"])
def test_one_set_of_level_names(code: str, lang: None) -> None:
    """German had two sets ("Leicht / Schwer" on the buttons, "Einfacher Bot / Starker Bot" on the seats): a bot
    seat's phrase is its level's name made an adjective ("Stark" -> "Starker Bot")."""
    i18n.set_language(code)
    for level in LADDER:
        name, phrase = W.level_name(level), W.bot_name(level)
        assert phrase.lower().startswith(name.lower()[:5]), (code, name, phrase)


def test_dutch_says_wint_not_winst(lang: None) -> None:
    i18n.set_language("nl")
    line = W.strength_text(_strength())
    assert line == "Niveau Moeilijk: wint 84% tegen Normaal (400 spellen)"
    assert not [v for v in _catalogue("nl").values() if re.search(r"\bwinst\b", v)]


@pytest.mark.parametrize("code", ["en", "de", "nl"])
def test_a_statistics_row_has_one_colon(code: str, lang: None) -> None:
    """"Gegner: Normal: 0/1" had two; German now "gegen Stufe Normal: 0/1"."""
    i18n.set_language(code)
    for kind in (*LADDER, "human", "mixed"):
        row = i18n._("{label}: {wins}/{games}").format(label=W.opponents_label(kind), wins=0, games=1)
        assert row.count(":") == 1, row
    if code == "de":
        assert W.opponents_label("normal") == "gegen Stufe Normal"


def test_german_percentages_take_a_space_and_the_others_none(lang: None) -> None:
    i18n.set_language("de")
    assert i18n.percent(0.76) == f"76{NBSP}%"
    assert W.strength_text(_strength()) == \
        f"Stufe Stark: 84{NBSP}% Siege gegen Normal (400 Partien)"
    for code in ("en", "nl"):
        i18n.set_language(code)
        assert i18n.percent(0.76) == "76%"


# §10, §14: durations and dates ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "short", "long", "away"), [
    ("en", "0:14 min", "1:05 h", "away for 0:14 min"),
    ("de", "0:14 Min.", "1:05 Std.", "seit 0:14 Min. weg"),
    ("nl", "0:14 min", "1:05 u", "al 0:14 min weg"),
])
def test_a_duration_never_reads_like_a_time_of_day(code: str, short: str, long: str, away: str, lang: None) -> None:
    """"weg seit 0:14" read as a time of day: a duration says its unit, in one piece (no-break spaces)."""
    i18n.set_language(code)
    assert W.duration(14) == short.replace(" ", NBSP)
    assert W.duration(3900) == long.replace(" ", NBSP)
    assert i18n._("away for {time}").format(time=W.duration(14)).replace(NBSP, " ") == away
    question = i18n._("{name}'s connection has been lost for {time}.").format(name="Hildegard", time=W.duration(754))
    assert "12:34" + NBSP in question and "(12:34)" not in question


@pytest.mark.parametrize(("code", "shown"), [("en", "2026-12-06 00:04"), ("de", "06.12.2026, 00:04"),
                                             ("nl", "6-12-2026 00:04")])
def test_dates_are_written_the_languages_way(code: str, shown: str, lang: None) -> None:
    i18n.set_language(code)
    assert W.date_time("2026-12-06T00:04:13+01:00") == shown.replace(" ", NBSP)
    assert W.date_time(datetime(2026, 12, 6, 0, 4)) == shown.replace(" ", NBSP)
    assert W.date_time("not a date") == "not a date"


def test_every_shown_date_goes_through_the_one_helper() -> None:
    """The Load list, the unfinished game's question and the replays said "2026-12-06 00:04" in every language."""
    for rel in ("quacks/ui/flows.py", "quacks/ui/scenes/load.py", "quacks/ui/scenes/replay_scene.py"):
        source = (ROOT / rel).read_text("utf-8")
        assert "saved_at[:16]" not in source and "date_time(" in source, rel
    assert "clock_text" not in (ROOT / "quacks/ui/online.py").read_text("utf-8")


# §2: soft hyphens -----------------------------------------------------------------------------------------------

#: where a translation may hold a soft hyphen: text only drawn by the text engine (which draws it as a hyphen at a
#: line's end and nowhere else), never written to a log or a file
DRAWN_ONLY = re.compile(r"quacks/ui/|quacks/wording/beats\.py")


@pytest.mark.parametrize("code", ["de", "nl"])
def test_soft_hyphens_only_in_text_that_is_only_drawn(code: str) -> None:
    cat = _catalogue(code)
    marked = {k: v for k, v in cat.items() if SHY in v}
    assert marked, "the long headings carry soft hyphens (Bonus|dobbel|steen)"
    where = _po_locations(code)
    for msgid, text in marked.items():
        assert re.fullmatch(r"(?:[^\u00ad]|(?<=\w)\u00ad(?=\w))*", text, re.S), (msgid, text)
        context, _sep, plain = msgid.rpartition("\x04")
        files = where.get(("msgctxt " + _quoted(context) if context else "", "msgid " + _quoted(plain)), [])
        assert files and all(DRAWN_ONLY.match(f) for f in files), (msgid, files)
    data = yaml.safe_load((ROOT / "data" / "i18n" / f"{code}.yaml").read_text("utf-8"))
    assert [k for k, v in data.items() if isinstance(v, str) and SHY in v and not k.startswith("tutorial.")] == []
    assert i18n.plain(f"Bonus{SHY}dobbel{SHY}steen") == "Bonusdobbelsteen"


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_the_long_headings_are_marked() -> None:
    assert _catalogue("nl")["heading\x04bonus die"] == f"Bonus{SHY}dobbel{SHY}steen"
    assert _catalogue("nl")["Fortune cards"] == f"Waarzeggerij{SHY}kaarten"
    assert _catalogue("de")["Fortune cards"] == f"Wahrsager{SHY}karten"


# §1, §3, §4, §9, §11, §12, §15-§22 and the English list: the words ----------------------------------------------

#: (language, msgid with its context, what the review asked for)
WORDS = [
    ("de", "own seat status\x04brewing", "am Brauen"),
    ("de", "own seat status\x04decided", "entschieden"),
    ("de", "own seat status\x04stopped", "aufgehört"),
    ("nl", "own seat status\x04decided", "gekozen"),
    ("de", "You leave {coins} unspent, and they would still buy a chip. Buy anyway?",
     "Du lässt {coins} verfallen, obwohl es dafür noch eine Zutat gäbe. Trotzdem fortfahren?"),
    ("nl", "That can no longer be taken back: another player acted, or something was drawn, first.",
     "Dat kan niet meer ongedaan gemaakt worden: een andere speler was al aan de beurt, of er is al getrokken."),
    ("de", "A bot plays for them until they are back", "Ein Bot übernimmt, bis die Verbindung wieder steht"),
    ("nl", "A bot plays for them until they are back", "Een bot speelt tot die speler terug is"),
    ("de", "Host a game", "Spiel hosten"),
    ("de", "Take {vp}", "Nimm {vp}"),
    ("de", "Take {coins}", "Nimm {coins}"),
    ("de", "The replay is ready once the luck has been checked.",
     "Das Replay ist bereit, sobald das Glück geprüft ist."),
    ("nl", "Test tubes", "Reageerbuis"),
    ("nl", "Keep the guide", "Verder met de gids"),
    ("nl", "Others find it", "Zichtbaar voor anderen"),
    ("de", "second chance\x04Continue", "Weiterbrauen"),
    ("de", "No replay files yet: export one from the end of a game.",
     "Noch keine Replay-Dateien: Exportiere eins am Ende einer Partie."),
    ("de", "A Normal bot plays this seat instead of a player.", "Ein Bot der Stufe Normal übernimmt diesen Platz."),
]


@pytest.mark.parametrize(("code", "msgid", "want"), WORDS)
def test_the_reviews_words(code: str, msgid: str, want: str) -> None:
    assert _catalogue(code)[msgid] == want


def test_the_rules_page_names_the_online_seat() -> None:
    key = next(k for k in _catalogue("de") if k.startswith("One player chooses {play_online}"))
    assert "Online-Platz" in _catalogue("de")[key] and "Online-plaats" in _catalogue("nl")[key]


@pytest.mark.parametrize("code", ["de", "nl"])
def test_a_key_stays_with_its_label(code: str) -> None:
    """"· V / anderer Kessel": the key and its label are joined by a no-break space (the text engine never breaks
    a line there). The keys come from the one table of keys (``ui/keys.py``), so the hint names them by field."""
    hint = _catalogue(code)["{bag}\u00a0bag · {log}\u00a0log · {pot}\u00a0another\u00a0pot · {menu}\u00a0menu"]
    assert all(re.match(r"\{\w+\}:?\u00a0\S+(\u00a0\S+)*$", part) for part in hint.split(" · ")), hint


def test_english_uses_the_ellipsis_and_the_dash() -> None:
    """"thinking..." beside "…", and " - " as a dash (the English list)."""
    from quacks.content.loader import default_catalogue
    from quacks.content.translations import source_texts

    texts = [*i18n.read_msgids(), *source_texts(default_catalogue()).values()]
    assert [t for t in texts if "..." in t] == []
    assert [t for t in texts if " - " in t] == []
    for code in ("de", "nl"):
        assert [v for v in _catalogue(code).values() if "..." in v or " - " in v] == []
