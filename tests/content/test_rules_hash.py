"""The rules hash (quacks/content/rules_hash.py): stable, blind to comments, spacing and key order, and changed by
any number of the rules data, never by the translations or the guided game's script (issue 21)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from quacks.content.loader import FILES, DataLoadError
from quacks.content.rules_hash import rules_hash, rules_hash_of

from .datafiles import edit


def test_the_hash_is_stable_and_a_copy_hashes_alike(data: Path) -> None:
    own = rules_hash()
    assert len(own) == 64 and int(own, 16) >= 0
    assert rules_hash() == own
    assert rules_hash(data) == own
    assert rules_hash(str(data)) == own


def test_the_hash_is_the_same_in_another_process() -> None:
    code = "from quacks.content.rules_hash import rules_hash; print(rules_hash())"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       cwd=Path(__file__).resolve().parents[2])
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == rules_hash()


def test_a_number_in_a_book_changes_it(data: Path) -> None:
    before = rules_hash(data)
    edit(data / "books" / "red.yaml", "prices: {1: 6, 2: 10, 4: 16}", "prices: {1: 6, 2: 10, 4: 17}")
    assert rules_hash(data) != before


@pytest.mark.parametrize(("rel", "old", "new"), [
    ("fortune_cards.yaml", "cards:", "cards:  # a comment\n"),
    ("books/red.yaml", "prices: {1: 6, 2: 10, 4: 16}", "prices: {4: 16, 2: 10, 1: 6}"),
    ("books/red.yaml", "prices: {1: 6, 2: 10, 4: 16}", "prices:\n      1: 6\n      2: 10\n      4: 16"),
    ("books/red.yaml", "# The red books", "# Red, reworded in a comment:"),
])
def test_comments_spacing_and_key_order_change_nothing(data: Path, rel: str, old: str, new: str) -> None:
    before = rules_hash(data)
    edit(data / rel, old, new)
    assert rules_hash(data) == before


def test_every_rules_file_counts_and_the_translations_do_not(data: Path) -> None:
    before = rules_hash(data)
    for i18n in (data / "i18n").glob("*.yaml"):
        i18n.write_text(i18n.read_text(encoding="utf-8") + "\n# changed\nextra_key: 1\n", encoding="utf-8")
    (data / "tutorial.yaml").write_text("not: the rules\n", encoding="utf-8")
    assert rules_hash(data) == before
    seen = {before}
    for rel in FILES:  # a harmless key added to each file in turn: each one is hashed
        path = data / rel
        original = path.read_text(encoding="utf-8")
        path.write_text(original + "\nzz_note: 1\n", encoding="utf-8")
        seen.add(rules_hash(data))
        path.write_text(original, encoding="utf-8")
    assert len(seen) == len(FILES) + 1
    assert rules_hash(data) == before


def test_a_missing_or_broken_file_is_a_data_error(data: Path) -> None:
    (data / "pot.yaml").unlink()
    with pytest.raises(DataLoadError, match="pot.yaml"):
        rules_hash(data)
    (data / "pot.yaml").write_text("coins: [1, 2\n", encoding="utf-8")
    with pytest.raises(DataLoadError, match="pot.yaml"):
        rules_hash(data)


def test_number_keys_and_text_keys_never_collide() -> None:
    assert rules_hash_of({"f.yaml": {1: "a"}}) != rules_hash_of({"f.yaml": {"1": "a"}})
    assert rules_hash_of({"f.yaml": {"x": 1}}) != rules_hash_of({"f.yaml": {"x": True}})
    assert rules_hash_of({"f.yaml": {"x": [1, 2]}}) != rules_hash_of({"f.yaml": {"x": [2, 1]}})
    assert rules_hash_of({"a.yaml": {"x": 1}, "b.yaml": {}}) == rules_hash_of({"b.yaml": {}, "a.yaml": {"x": 1}})
