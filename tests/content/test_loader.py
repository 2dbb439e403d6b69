"""The data loader validates everything and reports every error with file, field and fix."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from quacks.content.loader import DataLoadError, load_catalogue
from quacks.datacheck import check_data
from quacks.rules.chips import SET_COLOURS

from .datafiles import edit


def test_the_games_data_is_valid() -> None:
    assert check_data() == []
    cat = load_catalogue()
    assert all(set(cat.books[c]) == {1, 2, 3, 4} for c in SET_COLOURS)
    assert len(cat.cards) == 24
    assert cat.supply.total == 215
    assert cat.pot.spoon == 53 and cat.pot.space(53).vp == 15 and cat.pot.space(53).coins == 35
    assert [s.index for s in cat.pot.spaces if s.ruby] == [5, 9, 13, 16, 20, 24, 28, 30, 34, 36, 40, 42, 46, 50, 52]
    assert cat.books[SET_COLOURS[0]][3].price(4) == 21  # R2


def test_unknown_effect_kind_names_file_field_and_nearest_kind(data: Path) -> None:
    edit(data / "books" / "blue.yaml", "kind: peek_and_pick", "kind: peek_and_pik")
    errors = [str(e) for e in check_data(data)]
    assert errors == [
        "unknown effect kind 'peek_and_pik' in data/books/blue.yaml sets.1.effect.kind; "
        "did you mean 'peek_and_pick'?"
    ]


def test_every_error_is_collected_across_files(data: Path) -> None:
    edit(data / "books" / "red.yaml", "prices: {1: 6, 2: 10, 4: 16}", "prices: {1: six, 2: 10, 3: 16}")
    edit(data / "fortune_cards.yaml", "kind: white_limit, limit: 9", "kind: white_limit, limt: 9")
    edit(data / "chips.yaml", "purple-1: 17", "purpel-1: 17")
    errors = [str(e) for e in check_data(data)]
    text = "\n".join(errors)
    assert "data/books/red.yaml sets.1.prices.1: must be a whole number, not 'six'" in text
    assert "data/books/red.yaml sets.1.prices.3: red chips come in values (1, 2, 4), not 3" in text
    assert "data/books/red.yaml sets.1.prices.4: missing the price of a red 4-chip" in text
    assert "unknown parameter 'limt' in data/fortune_cards.yaml cards.13.effect.limt; did you mean 'limit'?" in text
    assert "unknown chip 'purpel-1' in data/chips.yaml supply.purpel-1; did you mean 'purple-1'?" in text
    with pytest.raises(DataLoadError) as info:
        load_catalogue(data)
    assert len(info.value.errors) == len(errors) >= 6


def test_broken_yaml_names_the_line(data: Path) -> None:
    (data / "pot.yaml").write_text("coins: [0, 1\nvp: ]\n", encoding="utf-8")
    (errors,) = check_data(data)
    assert errors.file == "data/pot.yaml" and "line" in errors.message


def test_missing_file_and_missing_set(data: Path) -> None:
    (data / "bonus_die.yaml").unlink()
    text = (data / "books" / "green.yaml").read_text(encoding="utf-8")
    (data / "books" / "green.yaml").write_text(text.split("  4:")[0], encoding="utf-8")
    errors = [str(e) for e in check_data(data)]
    assert "data/bonus_die.yaml: file is missing; restore it from the game's data folder" in errors
    assert "data/books/green.yaml sets.4: missing set 4 of the green book" in errors


def test_wrong_deck_size_and_duplicate_card(data: Path) -> None:
    edit(data / "fortune_cards.yaml", "id: alms", "id: choose-wisely")
    errors = [str(e) for e in check_data(data)]
    assert any("card 'choose-wisely' appears twice" in e for e in errors)


def test_check_data_command_exit_codes(data: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    ok = subprocess.run([sys.executable, "-m", "quacks", "check-data", str(data)], capture_output=True,
                        text=True, cwd=root)
    assert ok.returncode == 0, ok.stderr
    edit(data / "books" / "purple.yaml", "kind: band_vp", "kind: bandvp")
    bad = subprocess.run([sys.executable, "-m", "quacks", "check-data", str(data)], capture_output=True,
                         text=True, cwd=root)
    assert bad.returncode == 1
    assert "did you mean 'band_vp'?" in bad.stderr


def test_a_bad_effect_parameter_is_reported_and_the_next_card_still_checked(data: Path) -> None:
    """The effect kinds read typed parameters; a card with a bad one is not built, the file goes on."""
    edit(data / "fortune_cards.yaml", "droplet: 2, chip: purple-1", "droplet: 2, chip: purpel-1")
    edit(data / "fortune_cards.yaml", "kind: white_limit, limit: 9", "kind: white_limit")
    text = "\n".join(str(e) for e in check_data(data))
    assert "unknown chip 'purpel-1' in data/fortune_cards.yaml cards.0.effect.chip" in text
    assert "cards.13.effect.limit: missing parameter 'limit'" in text
    assert "TypeError" not in text
