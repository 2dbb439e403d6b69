"""The German and Dutch glossary (docs/localisation.md) holds across the catalogues and the data's texts: the
names the editions print, and one word per idea (a word that meant two things, or the word the glossary
replaced, comes back only through a test failure)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]

#: per language: the data's names as the edition prints them
NAMES = {
    "de": {"books.orange.name": "Kürbis", "books.black.name": "Totenkopffalter",
           "books.green.name": "Gartenkreuzspinne", "books.blue.name": "Krähenschädel", "books.red.name": "Fliegenpilz",
           "books.yellow.name": "Alraunenwurzel",
           "books.purple.name": "Geisteratem", "cards.second-chance.name": "Eine zweite Chance",
           "cards.wheel-and-deal.name": "Tauschgeschäfte", "cards.donations.name": "Milde Gaben"},
    "nl": {"books.black.name": "Doodshoofdvlinder", "cards.strong-ingredient.name": "Sterk ingrediënt"},
}
#: per language: words the glossary replaced (a regular expression each, with why)
RETIRED = {
    "de": {r"\bZug\b|\bZüge": "a draw is Ziehen, a stir a Rührschritt, a turn 'dran sein'",
           r"Anleitung": "the guided game is the Tutorial (Anleitung is the rulebook)",
           r"Gartenspinne|Alraune\b": "the box names: Gartenkreuzspinne, Alraunenwurzel",
           r"der Spitze\b|die Spitze\b": "the leader is der/die Führende",
           r"von neben": "aus der Ablage neben dem Kessel",
           r"Quacks von Quedlinburg": "the title is Die Quacksalber von Quedlinburg",
           r"Gastgeber": "the host is der Host (second review §12)",
           r"Wiederholung": "a replay is ein Replay (second review §16)",
           r"\bLeicht\b|\bSchwer\b": "the levels are Einfach, Normal, Stark, Experte (second review §5)"},
    "nl": {r"buisje": "the test tube is the reageerbuis, its spaces velden",
           r"\bgrens\b": "the white limit is the limiet",
           r"eigen keuze": "vrijwillig, as the rulebook says",
           r"[Tt]itelscherm": "Hoofdmenu",
           r"[Hh]oogstens": "Maximaal",
           r"stap [A-F] van de puntentelling": "puntentellingsfase B",
           r"Quacks van Kakelenburg": "the title is De Kwakzalvers van Kakelenburg",
           r"\bwinst\b": "wint 84% tegen Normaal (second review §6)",
           r"[Rr]eageerbuizen": "one reageerbuis, as the rulebook says (second review §17)",
           r"druppelstap": "druppel vooruit (second review §18)",
           r"startwaarde": "the seed is the startgetal (second review §20)",
           r"begeleide spel": "the guided game is het spel met de gids (second review §20)",
           r"„|”": "Dutch quotes are ‘…’ (second review §19)"},
}


def _texts(lang: str) -> list[tuple[str, str]]:
    with open(ROOT / "quacks" / "locale" / lang / "LC_MESSAGES" / "quacks.mo", "rb") as f:
        cat = gettext.GNUTranslations(f)
    out = [(str(k), v) for k, v in cat._catalog.items() if k]  # type: ignore[attr-defined]
    data = yaml.safe_load((ROOT / "data" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))
    return out + [(k, v) for k, v in data.items() if isinstance(v, str)]


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_the_names_are_the_editions(lang: str) -> None:
    data = yaml.safe_load((ROOT / "data" / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))
    assert {k: data[k] for k in NAMES[lang]} == NAMES[lang]


@pytest.mark.parametrize("lang", sorted(RETIRED))
def test_no_retired_word_comes_back(lang: str) -> None:
    found = [(why, key, text[:80]) for pattern, why in RETIRED[lang].items() for key, text in _texts(lang)
             if re.search(pattern, text)]
    assert found == []


def test_the_glossary_is_written_down() -> None:
    doc = (ROOT / "docs" / "localisation.md").read_text(encoding="utf-8")
    for lang in NAMES:
        for name in NAMES[lang].values():
            assert name in doc, name
