"""Writing the bots' strength file (issue 23): what ``write_strength`` writes is read back by the game's reader;
entries that would not make a valid file are refused before anything is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from quacks.ai.levels import LADDER
from quacks.content.bot_strength import Strength, load_strength
from quacks.storage.bot_strength import write_strength
from quacks.storage.files import StorageError

MEASURED = Strength("expert", "hard", 2000, 0.63123, 0.6099, 0.6521, True,
                    "python -m quacks simulate --seats expert,hard --games 2000")


def test_what_is_written_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "bot_strength.yaml"
    first = Strength("normal", "easy", 400, 0.755, 0.7106, 0.7946, True, "python -m quacks simulate")
    write_strength(path, [first, MEASURED], LADDER)
    back = load_strength(path, LADDER)
    assert list(back) == ["normal", "expert"]
    assert back["expert"].win_rate == pytest.approx(0.6312) and back["expert"].games == 2000
    assert back["normal"] == first
    write_strength(path, [MEASURED], LADDER)  # written over
    assert list(load_strength(path, LADDER)) == ["expert"]


@pytest.mark.parametrize("entries", [
    [Strength("expert", "normal", 10, 0.5, 0.2, 0.8, True, "x")],  # not the level below it
    [Strength("expert", "hard", 10, 0.9, 0.2, 0.8, True, "x")],  # the interval does not hold the rate
    [MEASURED, MEASURED],  # a level twice
    [Strength("Expert bot", "hard", 10, 0.5, 0.2, 0.8, True, "x")],  # not a level's name
])
def test_entries_that_make_no_valid_file_are_refused_and_nothing_is_written(tmp_path: Path,
                                                                            entries: list[Strength]) -> None:
    path = tmp_path / "bot_strength.yaml"
    with pytest.raises(StorageError) as e:
        write_strength(path, entries, LADDER)
    assert "bot_strength.yaml" in str(e.value) or "bot strength" in str(e.value)
    assert not path.exists()
