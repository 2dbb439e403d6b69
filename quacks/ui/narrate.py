"""The log: every engine event as a sentence with its cause, grouped by round.

"Mia draws a white 2: white total 5 -> 7"; "yellow returned the white 2: white total 7 -> 5";
"Mia's rat stone: 2 tails behind the leader".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..rules.events import Event
from ..rules.game import Game


@dataclass(frozen=True)
class LogLine:
    round: int
    seat: int | None
    text: str
    kind: str


def chip_text(name: str | None) -> str:
    if not name:
        return "chip"
    colour, _, value = str(name).partition("-")
    return f"{colour} {value}"


def a_chip(name: str | None) -> str:
    """"an orange 1", "a white 2"."""
    t = chip_text(name)
    return ("an " if t[:1] in "aeiou" else "a ") + t


YOU = ("You", "you")


def _second_person(text: str) -> str:
    """"You rolls" -> "You roll", "You's" -> "Your" (a seat may be called "You")."""
    out = text.replace("You's ", "Your ").replace("you's ", "your ")
    words = out.split(" ")
    if len(words) > 1 and words[0] in YOU:
        w = words[1].rstrip(":,.")
        tail = words[1][len(w):]
        irregular = {"goes": "go", "does": "do", "has": "have", "is": "are", "would": "would"}
        if w in irregular:
            w = irregular[w]
        elif w.endswith(("ches", "shes", "sses", "xes")):
            w = w[:-2]
        elif w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        words[1] = w + tail
        out = " ".join(words)
    return out


def narrate(g: Game, e: Event) -> str | None:
    """One sentence for an event, or None for events not worth a line."""
    text = _narrate(g, e)
    if text and e.seat is not None and 0 <= e.seat < g.n and g.seats[e.seat].name in YOU:
        text = _second_person(text)
    return text


def _narrate(g: Game, e: Event) -> str | None:
    who = g.seats[e.seat].name if e.seat is not None and 0 <= e.seat < g.n else ""
    k = e.kind
    d = e.data
    if k == "round":
        start = g.seats[d.get("start_seat", 0)].name if 0 <= d.get("start_seat", 0) < g.n else ""
        return f"Round {d.get('round')} begins; {start} starts."
    if k == "book":
        return f"The {d.get('colour')} book comes out."
    if k == "fortune":
        return f"Fortune card: {g.cat.cards[d['card']].name}." if d.get("card") in g.cat.cards else None
    if k == "rats":
        passed = f" ({d.get('passed')} passed up)" if d.get("passed") else ""
        return f"{who}'s rat stone: {d.get('rats')} tail(s) behind the leader{passed}."
    if k == "place":
        move = d.get("move")
        extra = ""
        if d.get("bonus"):
            extra += f" (+{d['bonus']} bonus)"
        if d.get("doubled"):
            extra += " (doubled)"
        return f"{who} places {a_chip(d.get('chip'))} on space {d.get('index')}, {move} space(s) on{extra}."
    if k == "white_total":
        return f"{who}'s white total {d.get('before')} -> {d.get('after')} (limit {d.get('limit')}): {e.cause}."
    if k == "explode":
        prot = " - protected by the crow skull, VP and coins both count" if d.get("protected") else ""
        return f"{who}'s pot explodes: {e.cause}{prot}!"
    if k == "return_white":
        return f"{e.cause}: {who}'s {chip_text(d.get('chip'))} goes back into the bag."
    if k == "flask":
        return f"{who} uses the flask." if not d.get("full") else f"{who}'s flask is full again ({e.cause})."
    if k == "aside":
        return f"{who}'s {chip_text(d.get('chip'))} goes beside the pot."
    if k == "aside_return":
        return f"{who}: {e.cause}."
    if k == "reveal":
        chips = ", ".join(chip_text(c) for c in d.get("chips", []))
        return f"{who} looks at {chips} ({e.cause})."
    if k == "pick":
        back = d.get("returned") or []
        rest = f"; {', '.join(chip_text(c) for c in back)} back into the bag" if back else ""
        chosen = "none of them" if d.get("chip") == "none" else "the " + chip_text(d.get("chip"))
        return f"{who} places {chosen}{rest}."
    if k == "keep_white":
        return f"{who} keeps the white chip."
    if k == "second_chance":
        return f"{who} {'begins the brew again' if d.get('restart') else 'keeps the brew'} (second chance)."
    if k == "stop":
        sp = d.get("space")
        return f"{who} stops ({e.cause})" + (f", scoring space {sp}." if sp is not None else ".")
    if k == "die":
        face = {"vp-1": "1 VP", "vp-2": "2 VP", "ruby": "a ruby", "droplet": "a droplet step",
                "pumpkin": "an orange chip"}.get(d.get("face", ""), d.get("face"))
        return f"{who} rolls the bonus die: {face} ({e.cause})."
    if k == "vp":
        return f"{who} +{d.get('amount')} VP ({e.cause}): {d.get('before')} -> {d.get('after')}."
    if k == "rubies":
        n = d.get("amount", 0)
        if n > 0:
            return f"{who} +{n} rub{'y' if n == 1 else 'ies'} ({e.cause}), now {d.get('after')}."
        return f"{who} pays {-n} rub{'y' if n == -1 else 'ies'} ({e.cause}), {d.get('after')} left."
    if k == "droplet":
        return f"{who}'s droplet {d.get('before')} -> {d.get('after')} ({e.cause})."
    if k == "tube":
        return f"{who}'s test-tube droplet reaches glass {d.get('glass')} ({e.cause})."
    if k == "chip_gained":
        return f"{who} gets {a_chip(d.get('chip'))} into the bag ({e.cause})."
    if k == "chip_missed":
        return f"{who} would get {a_chip(d.get('chip'))} ({e.cause}), but none can be had."
    if k == "chip_returned":
        return f"{who}'s {chip_text(d.get('chip'))} goes back to the supply ({e.cause})."
    if k == "push":
        return f"{who}: {e.cause}; scoring space {d.get('space_before')} -> {d.get('space_after')}."
    if k == "scoring_space":
        return f"{who}'s scoring space: {d.get('space')}" + (" (exploded)." if d.get("exploded") else ".")
    if k == "explosion_choice":
        return f"{who} {e.cause}."
    if k == "buy":
        bought = d.get("chips") or []
        lost = d.get("lost", 0)
        what = " and ".join(chip_text(c) for c in bought) if bought else "nothing"
        return f"{who} buys {what} for {d.get('spent', 0)} of {d.get('coins', 0)} coins" + \
            (f" ({lost} unspent)." if lost else ".")
    if k == "convert":
        return f"{who} converts {e.cause}."
    if k == "card_choice":
        return f"{who} chooses: {d.get('choice')}."
    if k == "sum":
        return f"{who}'s chips looked at add up to {d.get('total')}" + (" - the lowest." if d.get("lowest") else ".")
    if k == "game_over":
        return "The game is over."
    return None


def log_lines(g: Game, events: Iterable[Event]) -> list[LogLine]:
    out: list[LogLine] = []
    for e in events:
        if (e.kind == "white_total" and str(e.cause).endswith("placed") and out and out[-1].kind == "place"
                and out[-1].seat == e.seat):
            # a white chip's line says what it did to the white total
            prev = out.pop()
            text = prev.text.rstrip(".") + f": white total {e.get('before')} -> {e.get('after')} of {e.get('limit')}."
            out.append(LogLine(prev.round, prev.seat, text, "place"))
            continue
        t = narrate(g, e)
        if t:
            out.append(LogLine(e.round, e.seat, t, e.kind))
    return out
