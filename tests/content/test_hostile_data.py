"""Hostile and broken data folders: ``check-data`` and the loader answer every one with errors naming the file,
never a traceback, a hang or a catalogue that could hang the game."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quacks.content import loader
from quacks.content.loader import FILES, MAX_NUMBER, load_catalogue
from quacks.content.yamlfile import MAX_BYTES, MAX_DEPTH, YamlFileError, load_yaml, parse_yaml
from quacks.datacheck import check_data
from quacks.resources import data_dir
from quacks.rules.params import Errors

ROOT = Path(__file__).resolve().parents[2]
POSIX = pytest.mark.skipif(os.name != "posix", reason="needs POSIX pipes and links")
FUZZ = settings(max_examples=40, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def errors_of(folder: Path) -> str:
    return "\n".join(str(e) for e in check_data(folder))


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- the cases found from outside ---------------------------------------------------------------------------

@pytest.mark.parametrize("content, expect", [
    ("lap: " + "9" * 5000 + "\n", "cannot be read"),  # beyond Python's digit limit
    ("lap: " + "9" * 4000 + "\n", "out of range"),  # within it, but absurd
    ("lap: " + "[" * 10_000 + "\n", "nested more than"),
    ("lap: &a [1, 2]\nrat_tails: *a\n", "anchor or alias"),
    ("a: &a ['x','x','x','x','x','x','x','x','x']\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
     "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n", "anchor or alias"),  # laughs
    ("lap: 50\nrat_tails: [1, 4\n", "not valid YAML at line 3"),  # truncated
    ("\x00\x01\x02binary", "U+0000"),
    ("lap: 50\nrat_tails: [1, 4]\n\x07", "not valid YAML"),
    ("lap: \"fifty\\u0000\"\nrat_tails: [1]\n", "U+0000"),  # a NUL written as an escape
    ("", "must be a mapping"),
    ("!!python/object/apply:os.system ['echo hi']\n", "not valid YAML"),
])
def test_broken_files_are_errors_naming_the_file(data: Path, content: str, expect: str) -> None:
    (data / "scoring_track.yaml").write_bytes(content.encode("utf-8", "surrogatepass"))
    t0 = time.monotonic()
    text = errors_of(data)
    assert time.monotonic() - t0 < 5
    assert "data/scoring_track.yaml" in text and expect in text, text


def test_not_utf8(data: Path) -> None:
    (data / "pot.yaml").write_bytes(b"coins: [\xff\xfe]\n")
    assert "data/pot.yaml: is not UTF-8 text" in errors_of(data)


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "too-large", "folder"])
def test_endless_and_huge_files_are_refused_at_once(data: Path, kind: str) -> None:
    target = data / "chips.yaml"
    target.unlink()
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev-zero":
        target.symlink_to("/dev/zero")
    elif kind == "too-large":
        with open(target, "wb") as f:
            f.truncate(MAX_BYTES + 1)
    else:
        target.mkdir()
    t0 = time.monotonic()
    text = errors_of(data)
    assert time.monotonic() - t0 < 5
    assert "data/chips.yaml" in text
    assert any(w in text for w in ("not a regular file", "too large", "is a folder")), text


def test_a_bad_pot_entry_is_reported_and_not_converted(data: Path) -> None:
    replace(data / "pot.yaml", "coins: [0, 1, 2,", "coins: [zero, 1, 2,")
    text = errors_of(data)
    assert "data/pot.yaml coins.0: must be a whole number, not 'zero'" in text


def test_a_bonus_die_face_worth_the_largest_integer_is_an_error_not_a_hang(data: Path) -> None:
    replace(data / "bonus_die.yaml", "reward: {vp: 2}", f"reward: {{vp: {2**63 - 1}}}")
    text = errors_of(data)
    assert "data/bonus_die.yaml faces.1.reward.vp" in text and "out of range" in text


@pytest.mark.parametrize("file, old, new, where", [
    ("bonus_die.yaml", "reward: {vp: 2}", "reward: {vp: 51}", "faces.1.reward.vp: must be 0..50"),
    ("bonus_die.yaml", "weight: 2", "weight: 0", "faces.0.weight: must be 1..100"),
    ("scoring_track.yaml", "lap: 50", "lap: 0", "lap: must be 1..1000"),
    ("rounds.yaml", "white_limit: 7", "white_limit: 0", "white_limit: must be 1..100"),
    ("rounds.yaml", "rounds: 9", "rounds: 31", "rounds: must be 1..30"),
    ("rounds.yaml", "round_chips:                           # chips every player adds to the bag before a round\n"
     "  6: [white-1]", "round_chips:\n  six: [white-1]", "round_chips.six: must be a whole number"),
    ("chips.yaml", "white-1: 20", "white-1: -3", "supply.white-1"),
    ("test_tubes.yaml", "- {vp: 4}", "- {vp: 400}", "glasses.11.vp: must be 0..50"),
    ("books/orange.yaml", "prices: {1: 3}", "prices: {1: 0}", "prices.1: must be 1..500"),
])
def test_every_number_has_a_sane_range(data: Path, file: str, old: str, new: str, where: str) -> None:
    replace(data / file, old, new)
    text = errors_of(data)
    assert f"data/{file} {where}" in text, text


def test_no_number_anywhere_beyond_the_limit(data: Path) -> None:
    replace(data / "fortune_cards.yaml", "droplet: 2, chip: purple-1", f"droplet: {MAX_NUMBER + 1}, chip: purple-1")
    assert f"{MAX_NUMBER + 1} is out of range" in errors_of(data)


def test_a_control_character_in_a_rule_text_is_an_error(data: Path) -> None:
    replace(data / "books" / "orange.yaml", "short: Fills the pot; no action.", 'short: "Fills\\u202e the pot"')
    assert "data/books/orange.yaml short: holds U+202E" in errors_of(data)


def test_the_sizes_of_things_come_from_the_data(data: Path) -> None:
    """No rule number in the loader: a shorter pot, a smaller deck and box, fewer sets all load."""
    replace(data / "pot.yaml", "33, 33]", "33]")  # one space fewer
    replace(data / "pot.yaml", "14, 14]", "14]")
    replace(data / "pot.yaml", "50, 52]", "50]")
    replace(data / "chips.yaml", "white-1: 20", "white-1: 19")
    cards = yaml.safe_load((data / "fortune_cards.yaml").read_text(encoding="utf-8"))
    cards["cards"] = cards["cards"][:20]
    (data / "fortune_cards.yaml").write_text(yaml.safe_dump(cards, allow_unicode=True), encoding="utf-8")
    for colour in ("green", "blue", "red", "yellow", "purple"):
        book = yaml.safe_load((data / "books" / f"{colour}.yaml").read_text(encoding="utf-8"))
        del book["sets"][4]
        (data / "books" / f"{colour}.yaml").write_text(yaml.safe_dump(book, allow_unicode=True), encoding="utf-8")
    assert check_data(data) == []
    cat = load_catalogue(data)
    assert cat.pot.spoon == 52 and len(cat.cards) == 20 and cat.supply.total == 214
    assert all(set(b) == {1, 2, 3} for b in cat.books.values())
    source = (ROOT / "quacks" / "content" / "loader.py").read_text(encoding="utf-8")
    for number in ("53", "215", "24", "12", "52"):
        assert f" {number}" not in source and f"({number}" not in source, number


def test_vp_and_coins_lists_must_agree(data: Path) -> None:
    replace(data / "pot.yaml", "14, 14]", "14]")
    assert "data/pot.yaml vp: must have one number per space, as coins does (53), not 52" in errors_of(data)


def test_a_missing_folder_or_a_file_instead_of_a_folder(tmp_path: Path) -> None:
    assert "is not a folder of Quacks data" in errors_of(tmp_path / "nowhere")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert "is not a folder of Quacks data" in errors_of(tmp_path / "file")


@POSIX
def test_check_data_command_on_hostile_input_exits_1_without_a_traceback(data: Path) -> None:
    (data / "scoring_track.yaml").write_text("lap: " + "9" * 5000, encoding="utf-8")
    (data / "rounds.yaml").unlink()
    os.mkfifo(data / "rounds.yaml")
    (data / "test_tubes.yaml").write_text("glasses: " + "[" * 3000, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "quacks", "check-data", str(data)], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr + r.stdout
    for f in ("scoring_track.yaml", "rounds.yaml", "test_tubes.yaml"):
        assert f"data/{f}" in r.stderr


# --- fuzz: every loader, every file ----------------------------------------------------------------------

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
                    st.sampled_from(["white-1", "orange-1", "vp", "rubies", "kind", "plain", "purple", "blue"]))
structures = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.one_of(st.text(max_size=8), st.integers(-2, 6)), inner,
                                                 max_size=5)), max_leaves=30)


def real(rel: str) -> Any:
    return yaml.safe_load((data_dir() / rel).read_text(encoding="utf-8"))


def spoil(draw: st.DrawFn, x: Any, depth: int = 0) -> Any:
    """The real data with a few values swapped for random ones."""
    if depth < 4 and isinstance(x, dict) and x:
        k = draw(st.sampled_from(sorted(x, key=str)))
        return {**x, k: spoil(draw, x[k], depth + 1)}
    if depth < 4 and isinstance(x, list) and x:
        i = draw(st.integers(0, len(x) - 1))
        return [*x[:i], spoil(draw, x[i], depth + 1), *x[i + 1:]]
    return draw(structures)


@st.composite
def nearly_right(draw: st.DrawFn) -> tuple[str, Any]:
    rel = draw(st.sampled_from(FILES))
    return rel, spoil(draw, real(rel))


def run_loader(rel: str, value: Any) -> Errors:
    errors = Errors(f"data/{rel}")
    loader.check_values(value, errors)
    if not errors:
        loaders = {"pot.yaml": loader.load_pot, "scoring_track.yaml": loader.load_scoring,
                   "bonus_die.yaml": loader.load_die, "test_tubes.yaml": loader.load_tubes,
                   "chips.yaml": loader.load_chips, "rounds.yaml": loader.load_rounds,
                   "fortune_cards.yaml": loader.load_cards}
        fn = loaders.get(rel) or loader._book_loader(next(c for c, r in loader.BOOK_FILES.items() if r == rel))
        fn(value, errors)
    return errors


@FUZZ
@given(nearly_right())
def test_every_loader_on_nearly_right_data(case: tuple[str, Any]) -> None:
    rel, value = case
    errors = run_loader(rel, value)  # never raises
    for e in errors.items:
        assert e.file == f"data/{rel}" and e.message


@FUZZ
@given(st.sampled_from(FILES), st.one_of(structures, st.binary(max_size=200).map(lambda b: b.decode("latin-1"))))
def test_every_file_with_random_content(tmp_path_factory: pytest.TempPathFactory, rel: str, content: Any) -> None:
    folder = tmp_path_factory.mktemp("data")
    shutil.copytree(data_dir(), folder, dirs_exist_ok=True)
    text = content if isinstance(content, str) else yaml.safe_dump(content, allow_unicode=True)
    (folder / rel).write_text(text, encoding="utf-8", errors="surrogatepass")
    errors = check_data(folder)  # never raises, whatever the file holds
    if errors:
        with pytest.raises(loader.DataLoadError):
            load_catalogue(folder)


@FUZZ
@given(st.text(max_size=300))
def test_parse_yaml_turns_every_problem_into_one_error(text: str) -> None:
    try:
        parse_yaml(text)
    except YamlFileError as e:
        assert e.problem and all(c not in e.problem for c in "\x00\x1b")


def test_yaml_reader_limits() -> None:
    with pytest.raises(YamlFileError, match="nested more than"):
        parse_yaml("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert parse_yaml("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(YamlFileError) as info:
        load_yaml(Path("/nonexistent/quacks.yaml"))
    assert info.value.missing


# --- the Expert bot's weights (issue 30 §7): check-data refuses a broken data/bots/expert.yaml ----------------

def _first_row(text: str, table: str) -> tuple[int, int]:
    """Where the first number of ``table``'s round 1 row starts and ends in the weights file's text."""
    start = text.index("[", text.index(f"\n{table}:"))
    return start + 1, text.index(",", start)


@pytest.mark.parametrize("damage, words", [
    (lambda t: t[:_first_row(t, "start")[0]] + ".nan" + t[_first_row(t, "start")[1]:], "not a number"),
    (lambda t: t[:_first_row(t, "end")[0]] + ".inf" + t[_first_row(t, "end")[1]:], "not a number"),
    (lambda t: t[:_first_row(t, "end")[0]] + "-.inf" + t[_first_row(t, "end")[1]:], "not a number"),
    (lambda t: t[:_first_row(t, "start")[0]] + t[_first_row(t, "start")[1] + 1:], "are not"),  # a number short
    (lambda t: t.replace("features: [bias,", "features: [bias2,", 1), "other features"),
    (lambda t: t.replace("features: [bias,", "features: 5\nold: [bias,", 1), "other features"),
    (lambda t: t.replace("win_scale: {1:", "win_scale: {1: .nan, 0:", 1), "win_scale"),
    (lambda t: t.replace("win_scale: {1:", "win_scale: {1: 0, 0:", 1), "win_scale"),
    (lambda t: t.replace("win_scale: {1:", "win_scale: {1: .inf, 0:", 1), "win_scale"),
    (lambda t: t.replace("\nstart:\n  1:", "\nstart:\n  42:", 1), "round 42"),
])
def test_a_broken_expert_weights_file_is_refused(data: Path, damage: Any, words: str) -> None:
    path = data / "bots" / "expert.yaml"
    path.write_text(damage(path.read_text(encoding="utf-8")), encoding="utf-8")
    text = errors_of(data)
    assert "data/bots/expert.yaml" in text and words in text, text


def test_a_missing_expert_weights_file_is_refused(data: Path) -> None:
    (data / "bots" / "expert.yaml").unlink()
    text = errors_of(data)
    assert "data/bots/expert.yaml" in text and "missing" in text, text


def test_check_data_on_a_broken_expert_weights_file_says_so_and_fails(data: Path) -> None:
    path = data / "bots" / "expert.yaml"
    replace(path, "win_scale: {1:", "win_scale: {1: .nan, 0:")
    out = subprocess.run([sys.executable, "-m", "quacks", "check-data", str(data)], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 1 and "data/bots/expert.yaml" in out.stderr and "Traceback" not in out.stderr
