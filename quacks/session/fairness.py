"""A served match's seed that nobody chose, and the check after the game that the host played it fair (issue 21).

Commit, then reveal (issue 33), so that nobody chooses the luck, the host included:

1. When the room opens, the host publishes ``commitment(secret)``: the SHA-256 of a secret of its own (32 random
   bytes, ``new_secret``).
2. Every client (the host's own seats too) draws a random value (16 bytes, ``client_value``) and sends only its
   ``pledge``: a tagged SHA-256 of it.
3. At the start the host sends one locked list of every pledge with its commitment; a client reveals its value
   only once it has seen its own pledge in that list (once). Nobody can change a value after seeing another.
4. The match seed is mixed from the secret and the revealed values (``match_seed``).
5. After the game the host reveals its secret and the values; every client checks that the values are those of
   the locked list one for one (``lock_problems``), that the secret matches the commitment, and works out every
   chance outcome again from the seed and the record of decisions (``check``). A host that never reveals is
   reported as such (``not_shown``): the luck was not checked.

Secrets, values and hashes travel as lowercase hexadecimal text; upper case is accepted and read as lower.
"""

from __future__ import annotations

import hashlib
import secrets
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..rules.actions import IllegalAction
from ..rules.catalogue import Catalogue
from ..rules.chance import outcome_text
from ..rules.game import Game
from ..rules.replay import apply_entry
from .seeding import Streams
from .setup import MatchSetup

__all__ = ["FairnessReport", "check", "client_value", "commitment", "lock_problems", "match_seed", "new_secret",
           "not_shown", "pledge", "replay_decisions"]

SECRET_BYTES = 32
VALUE_BYTES = 16
#: what the seed's hash begins with, so that it is no other hash of the same bytes
_SEED_TAG = b"quacks match seed 1\x00"
#: what a client's pledge's hash begins with
_PLEDGE_TAG = b"quacks pledge 1\x00"
#: problems listed at most; a host that changed more is told by the count
MOST_PROBLEMS = 12


def new_secret() -> str:
    """The host's secret for one match: 32 random bytes (``secrets``) as 64 hexadecimal digits."""
    return secrets.token_hex(SECRET_BYTES)


def client_value() -> str:
    """A client's random value for one match: 16 random bytes (``secrets``) as 32 hexadecimal digits."""
    return secrets.token_hex(VALUE_BYTES)


def commitment(secret_hex: str) -> str:
    """The hash the host publishes before the game: SHA-256 of the secret's 32 bytes, as 64 hexadecimal digits."""
    return hashlib.sha256(_bytes(secret_hex, SECRET_BYTES, "the host's secret")).hexdigest()


def pledge(value_hex: str) -> str:
    """What a client sends before anyone reveals: SHA-256 over a fixed tag and its value's 16 bytes, as 64
    hexadecimal digits (docs/protocol.md, "Fairness")."""
    return hashlib.sha256(_PLEDGE_TAG + _bytes(value_hex, VALUE_BYTES, "a client's value")).hexdigest()


def lock_problems(locked: Sequence[str], revealed: Sequence[str], own: str | None = None) -> list[str]:
    """What is wrong with the values the host revealed after the game, against the pledges it locked before the
    first was revealed: each revealed value must have its pledge in the lock, one for one (no value more, none
    less, none twice), and this computer's own value (``own``) must be among them."""
    try:
        pledges = sorted(pledge(v) for v in revealed)
        lock = sorted(_hex(x, 32, "a locked pledge") for x in locked)
    except ValueError as e:
        return [f"{str(e)[0].upper()}{str(e)[1:]}."]
    problems = []
    if pledges != lock:
        problems.append(f"The values the host revealed ({len(pledges)}) are not those locked before the game "
                        f"({len(lock)}), one for one.")
    if own is not None and own.lower() not in {v.lower() for v in revealed}:
        problems.append("This computer's own value is not among those the host says it used.")
    return problems


def match_seed(secret_hex: str, client_values: Sequence[str]) -> int:
    """The match seed (a ``MatchSetup.seed``): the first 63 bits of SHA-256 over a fixed tag, the host's secret and
    the clients' values in sorted order (of their lowercase text; the order in which clients joined does not
    count). No values (nobody joined) is allowed: the seed then comes from the secret alone."""
    if isinstance(client_values, (str, bytes)):
        raise ValueError("the clients' values are a list of values, not one text")
    h = hashlib.sha256(_SEED_TAG)
    h.update(_bytes(secret_hex, SECRET_BYTES, "the host's secret"))
    for v in sorted(_hex(v, VALUE_BYTES, "a client's value") for v in client_values):
        h.update(bytes.fromhex(v))
    return int.from_bytes(h.digest()[:8], "big") >> 1


def _hex(value: object, size: int, what: str) -> str:
    """``value`` as lowercase hexadecimal text of ``size`` bytes, or ValueError naming ``what``."""
    if not isinstance(value, str) or len(value) != 2 * size or any(c not in string.hexdigits for c in value):
        raise ValueError(f"{what} must be {2 * size} hexadecimal digits")
    return value.lower()


def _bytes(value: object, size: int, what: str) -> bytes:
    return bytes.fromhex(_hex(value, size, what))


# ------------------------------------------------------------------------------------------------
# after the game


@dataclass
class FairnessReport:
    """The check's answer: ``ok`` if nothing differs, else ``problems`` in plain sentences (the first
    ``MOST_PROBLEMS``, then how many more)."""

    ok: bool
    problems: list[str] = field(default_factory=list)
    outcomes: int = 0  # chance outcomes compared
    shown: bool = True  # False: the host never revealed its secret, nothing could be checked (``not_shown``)

    def text(self) -> str:
        """"checked: fair", "not checked: ...", or what differs."""
        if not self.shown:
            return "not checked: the host did not show its secret"
        return "checked: fair" if self.ok else " ".join(self.problems)


def not_shown() -> FairnessReport:
    """The report when the game ended and the host did not reveal its secret (it left, or kept silent)."""
    return FairnessReport(False, ["The host did not show its secret after the game: the luck was not checked."],
                          shown=False)


def replay_decisions(catalogue: Catalogue, setup: MatchSetup,
                     decisions: Iterable[tuple[Any, ...] | list[Any]]) -> Game:
    """The game of ``setup`` (with its seed) played from its decisions alone (the record's "act" entries; chance
    entries are skipped): every chance outcome worked out again from the seed as the match works it out, the chance
    steps after the last decision too."""
    if setup.seed is None:
        raise ValueError("the decisions are replayed with the seed")
    g = Game(catalogue, setup.game)
    streams = Streams(setup.seed)
    for entry in decisions:
        if entry[0] != "act":
            continue
        while g.pending_chance() is not None:
            g.apply_chance(streams.sample(g))
        apply_entry(g, entry)
    while g.pending_chance() is not None:
        g.apply_chance(streams.sample(g))
    return g


def check(catalogue: Catalogue, public_setup_data: dict[str, Any], seen: Sequence[Sequence[Any]], secret_hex: str,
          commitment_hex: str, client_values: Sequence[str]) -> FairnessReport:
    """Check a finished (or abandoned) served match as a client saw it: the record entries ``seen`` live, the
    public setup, the secret the host revealed, the hash it published before the game and the clients' values.

    The secret must match the hash. Then the game is played again from the public setup with the seed of
    ``match_seed``: each decision as seen, and each chance outcome worked out from the seeded streams exactly as
    the match does (``Streams.sample``: a draw of a stir tick's reveal takes its number from the same stream), and
    compared with the outcome seen. The game goes on with the outcome seen, so each outcome the host changed is
    named once. A decision the game refuses, or a chance step missing or out of place, ends the check."""
    problems = _inputs_problems(secret_hex, commitment_hex, client_values)
    if problems:
        return FairnessReport(False, problems)
    try:
        setup = replace(MatchSetup.from_public_data(public_setup_data), seed=match_seed(secret_hex, client_values))
    except (ValueError, KeyError, TypeError) as e:
        return FairnessReport(False, [f"The game's setup cannot be read: {e}."])
    assert setup.seed is not None
    return _compare(Game(catalogue, setup.game), Streams(setup.seed), seen)


def _inputs_problems(secret_hex: str, commitment_hex: str, client_values: Sequence[str]) -> list[str]:
    """What is wrong with the secret, the published hash and the values, before any game is played."""
    try:
        published = _hex(commitment_hex, 32, "the hash the host published")
        secret = _hex(secret_hex, SECRET_BYTES, "the secret the host revealed")
        match_seed(secret, client_values)
    except ValueError as e:
        return [f"{str(e)[0].upper()}{str(e)[1:]}."]
    if commitment(secret) != published:
        return ["The host's secret does not match the hash it published before the game."]
    return []


def _compare(g: Game, streams: Streams, seen: Sequence[Sequence[Any]]) -> FairnessReport:
    problems: list[str] = []
    counts: dict[str, int] = {}  # chance kind -> outcomes of that kind so far
    compared = 0
    more = 0

    def stop(i: int, why: str) -> FairnessReport:
        problems.append(f"Entry {i + 1} of the record: {why}; the check stops there.")
        return _report(problems, more, compared)

    for i, entry in enumerate(seen):
        if not isinstance(entry, (list, tuple)) or len(entry) not in (3, 4) or entry[0] not in ("act", "chance"):
            return stop(i, f"{str(entry)[:60]!r} is no record entry")
        ch = g.pending_chance()
        if entry[0] == "act":
            who = _who(g, entry[1])
            if ch is not None:
                return stop(i, f"the game needed {_chance_name(g, ch.kind, ch.seat)}, the record goes on with "
                               f"{who}'s decision {str(entry[2])!r}")
            try:
                apply_entry(g, entry)
            except (IllegalAction, ValueError, TypeError) as e:
                return stop(i, f"{who}'s decision {str(entry[2])!r} cannot be made ({e})")
            continue
        kind, seat, shown = str(entry[1]), entry[2], str(entry[3])
        if ch is None:
            return stop(i, f"the record shows {_chance_name(g, kind, seat)} where the game needed none")
        if kind != ch.kind or seat != ch.seat:
            return stop(i, f"the record shows {_chance_name(g, kind, seat)} where the game needed "
                           f"{_chance_name(g, ch.kind, ch.seat)}")
        n = counts[kind] = counts.get(kind, 0) + 1
        where = f"{kind.capitalize()} {n} ({'' if ch.seat is None else f'seat {ch.seat + 1}, '}round {g.round})"
        derived = outcome_text(streams.sample(g))
        compared += 1
        if derived != shown:
            if len(problems) < MOST_PROBLEMS:
                problems.append(f"{where}: the seed gives {derived}, the game showed {shown}.")
            else:
                more += 1
        try:
            apply_entry(g, entry)
        except (IllegalAction, ValueError) as e:
            return stop(i, f"{where} as shown cannot happen ({e})")
    return _report(problems, more, compared)


def _report(problems: list[str], more: int, compared: int) -> FairnessReport:
    if more:
        problems.append(f"{more} more outcome(s) differ as well.")
    return FairnessReport(not problems, problems, compared)


def _who(g: Game, seat: object) -> str:
    if type(seat) is int and 0 <= seat < g.n:
        return f"seat {seat + 1}"
    return f"seat {str(seat)[:20]!r}"


def _chance_name(g: Game, kind: object, seat: object) -> str:
    """"a draw for seat 2", "a fortune card"-like words for a chance step."""
    what = {"draw": "a draw", "reveal": "chips looked at", "die": "a die roll", "fortune": "a fortune card"}.get(
        str(kind), f"a {str(kind)[:20]!r}")
    return what if seat is None else f"{what} for {_who(g, seat)}"
