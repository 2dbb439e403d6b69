"""The keys of the game, in one table: every action has its own key, and that key never moves (issue 30).

A screen never reads a key code itself. It lists what its keys do now as ``Binding``s (an ``Act`` and what to
run), and ``dispatch`` finds the binding a key press belongs to; a button shows its act's key with ``label``.
So the key help, the buttons and what a key does come from this one table and cannot drift apart.

The rules the table keeps (``tests/ui/test_keys.py`` walks the screens and holds them):

- one state, one meaning: no key is bound to two acts on one screen at one moment;
- an act's keys never change: ``KEYS[act]`` is all there is (numbers are positions, see ``OPTION``);
- in the game (the table and everything opened over it: its menu, questions, results, the bag, the log, the
  rules and settings opened from its menu) a key means one act in every state; the screens outside a game
  (title, new game, load, final, ...) have letters of their own, but an act they share with the game keeps
  its key there too;
- a key that moves on (``NEXT``, ``SKIP``) never commits a choice anywhere (a player who holds it through
  the evaluation never draws, buys or declines by accident);
- number keys are positions only inside a list of options of one kind (chips to pick, books' chips to take,
  tiers, counts); an option of another kind (take VP, take coins, pass, done) has a letter of its own, so it
  keeps its key when the list around it changes (in round 9, "2" once turned from "2 rubies = 1 VP" into
  "Done" when the coin option was gone).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import pygame

from ..i18n import N_, _, pgettext

CTRL = pygame.KMOD_CTRL
SHIFT = pygame.KMOD_SHIFT


@dataclass(frozen=True)
class Chord:
    """A key with the modifiers it needs (``mods``: Ctrl and/or Shift; none means neither may be held)."""

    key: int
    mods: int = 0

    def matches(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or event.key != self.key:
            return False
        held = getattr(event, "mod", 0)
        ctrl, shift = bool(held & CTRL), bool(held & SHIFT)
        return ctrl == bool(self.mods & CTRL) and (shift == bool(self.mods & SHIFT) or self.key in _SHIFT_FREE)

    def label(self) -> str:
        """The chord as a player reads it, in the player's language ("Ctrl+Z", "Strg+Z", "⇧2")."""
        name = key_name(self.key)
        if self.mods & CTRL:
            # Translators: a key pressed with Ctrl, as printed on the key ("Strg+Z" in German)
            name = pgettext("key", "Ctrl+{key}").format(key=name)
        if self.mods & SHIFT:  # the Shift key's own sign, as printed on keyboards (short enough for a button's corner)
            name = f"\u21e7{name}"
        return name


#: keys whose meaning does not depend on Shift (Enter and Esc work with Shift held, as players expect)
_SHIFT_FREE = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_F11})


class Family(StrEnum):
    """Where an act lives: everywhere, in a game (the table and what opens over it), or on one screen."""

    ANY = "any"  # Esc, Enter, F11, and the keys that move about a screen's list or page
    GAME = "game"  # the table and everything over it
    SCREEN = "screen"  # one screen outside a game (its own letters)


class Act(StrEnum):
    """Everything a key can do."""

    # everywhere
    BACK = "back"  # leave this screen or overlay; at the table: its menu
    CONFIRM = "confirm"  # the marked button (Buy, Done, Start, a question's marked answer)
    FULLSCREEN = "fullscreen"
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    NEXT_FIELD = "next-field"  # Tab in a form (never at the table: there Tab is SKIP)
    PREV_FIELD = "prev-field"
    PAGE_UP = "page-up"
    PAGE_DOWN = "page-down"
    HOME = "home"
    END = "end"
    ERASE = "erase"  # Backspace in a text field
    DELETE = "delete"  # a saved game, a seat
    COPY = "copy"
    PASTE = "paste"
    PAGE = "page"  # 1-9: the n-th page of the rules (a list of one kind)
    # the game: the table
    DRAW = "draw"
    STOP = "stop"
    FLASK = "flask"  # the flask: put back the white chip just drawn; in step F, refill it with rubies
    NEXT = "next"  # move on: the next beat of the evaluation, the round's results closed, the guide's bubble read
    SKIP = "skip"  # the rest of the evaluation at once; the bots ahead to your turn
    BAG = "bag"
    LOG = "log"
    OTHER_POT = "other-pot"
    UNDO = "undo"
    CART = "cart"  # the shop: the chip under the cursor into or out of the cart
    CLEAR_CART = "clear-cart"
    YES = "yes"  # take the offer: restart (second chance), put the white back, yes to a question
    NO = "no"  # decline: buy nothing, pass, keep, no reward, go on, no to a question
    COINS = "coins"  # take the coins (an exploded pot), coins into VP (round 9)
    POINTS = "points"  # take the VP (an exploded pot, a card)
    RUBIES = "rubies"  # take rubies (a card), rubies into VP (round 9)
    DROPLET = "droplet"  # the droplet on (rubies in step F, a card)
    REMOVE = "remove"  # a chip out of the bag for good (a card)
    OPTION = "option"  # 1-9: the n-th option of a list of one kind
    RETURN_CHIP = "return-chip"  # Shift+1-9: the n-th chip beside the pot back into the bag (red set 2)
    # the game: its menu
    SAVE = "save"
    RULES = "rules"
    SETTINGS = "settings"
    LESSONS = "lessons"
    LEAVE = "leave"  # quit to the title / leave a game across computers (asked first)
    # screens outside a game
    HOST = "host"
    JOIN = "join"
    GO_ON_HOSTED = "go-on-hosted"
    RELAY = "relay"  # the host's lobby: open the game to friends anywhere through a relay
    SEAT_KIND = "seat-kind"  # new game, 1-4: the n-th seat's kind (a list of one kind)
    ADD_SEAT = "add-seat"
    EDIT_NAMES = "edit-names"
    CHANGE_BOOKS = "change-books"
    CHANGE_POT = "change-pot"
    CHANGE_CARDS = "change-cards"
    CHANGE_RUBIES = "change-rubies"
    CHANGE_BREWING = "change-brewing"
    WATCH = "watch"
    EXPORT = "export"
    NEXT_LEVEL = "next-level"
    REPLAYS = "replays"
    PLAY_PAUSE = "play-pause"


@dataclass(frozen=True)
class Spec:
    """An act's keys (the first is the one shown), what it does (the key help), its family, and whether it
    commits a choice of the game or moves on past something (``NEXT``, ``SKIP``). ``numbered``: its keys are
    positions 1-9 (``chords`` is then the Shift or Ctrl it needs)."""

    chords: tuple[Chord, ...]
    what: str
    family: Family = Family.GAME
    commits: bool = False
    moves_on: bool = False
    numbered: bool = False


def _k(key: int, mods: int = 0) -> Chord:
    return Chord(key, mods)


_NUMBER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
                pygame.K_9)
_KEYPAD_KEYS = (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5, pygame.K_KP6, pygame.K_KP7,
                pygame.K_KP8, pygame.K_KP9)

A, G, S = Family.ANY, Family.GAME, Family.SCREEN

#: the one table (YES is the one letter that follows the language: ``yes_chord``)
KEYS: dict[Act, Spec] = {
    Act.BACK: Spec((_k(pygame.K_ESCAPE),), N_("back; at the table: the menu (save, rules, settings, leave)"), A),
    Act.CONFIRM: Spec((_k(pygame.K_RETURN), _k(pygame.K_KP_ENTER)),
                      N_("the marked button: Buy, Done, Start, or a question's marked answer"), A, commits=True),
    Act.FULLSCREEN: Spec((_k(pygame.K_F11),), N_("fullscreen on or off"), A),
    Act.UP: Spec((_k(pygame.K_UP),), N_("up in a list"), A),
    Act.DOWN: Spec((_k(pygame.K_DOWN),), N_("down in a list"), A),
    Act.LEFT: Spec((_k(pygame.K_LEFT),), N_("left, back"), A),
    Act.RIGHT: Spec((_k(pygame.K_RIGHT),), N_("right, forward"), A),
    Act.NEXT_FIELD: Spec((_k(pygame.K_TAB),), N_("the next field of a form"), S),
    Act.PREV_FIELD: Spec((_k(pygame.K_TAB, SHIFT),), N_("the field before"), S),
    Act.PAGE_UP: Spec((_k(pygame.K_PAGEUP),), N_("a page up"), A),
    Act.PAGE_DOWN: Spec((_k(pygame.K_PAGEDOWN),), N_("a page down"), A),
    Act.HOME: Spec((_k(pygame.K_HOME),), N_("to the start"), A),
    Act.END: Spec((_k(pygame.K_END),), N_("to the end"), A),
    Act.ERASE: Spec((_k(pygame.K_BACKSPACE),), N_("erase a letter"), S),
    Act.DELETE: Spec((_k(pygame.K_DELETE),), N_("delete the chosen one"), S),
    Act.COPY: Spec((_k(pygame.K_c, CTRL),), N_("copy"), S),
    Act.PASTE: Spec((_k(pygame.K_v, CTRL),), N_("paste"), S),
    Act.PAGE: Spec((), N_("the rules' pages"), A, numbered=True),
    # the game
    Act.DRAW: Spec((_k(pygame.K_d),), N_("draw a chip"), G, commits=True),
    Act.STOP: Spec((_k(pygame.K_s),), N_("stop brewing"), G, commits=True),
    Act.FLASK: Spec((_k(pygame.K_f),), N_("the flask: put back the white chip you just drew; in step F, refill it"),
                    G, commits=True),
    Act.NEXT: Spec((_k(pygame.K_SPACE),), N_("go on: the next step of the evaluation, the round's results closed, "
                                             "the guide's note read"), G, moves_on=True),
    Act.SKIP: Spec((_k(pygame.K_TAB),), N_("skip ahead: the rest of the evaluation at once, or the bots on to your "
                                           "turn"), G, moves_on=True),
    Act.BAG: Spec((_k(pygame.K_b),), N_("the bag"), G),
    Act.LOG: Spec((_k(pygame.K_l),), N_("the log: every event with its cause"), G),
    Act.OTHER_POT: Spec((_k(pygame.K_v),), N_("look at another seat's pot"), G),
    Act.UNDO: Spec((_k(pygame.K_z, CTRL),), N_("undo your last choice (while nothing random has happened since)"), G),
    Act.CART: Spec((_k(pygame.K_a),), N_("the shop: the chip at the cursor into or out of the cart (arrows move "
                                         "the cursor)"), G),
    Act.CLEAR_CART: Spec((_k(pygame.K_BACKSPACE),), N_("the shop: empty the cart"), G),
    Act.YES: Spec((), N_("yes: take the offer (restart the brew, put the white chip back), or yes to a question"),
                  G, commits=True),
    Act.NO: Spec((_k(pygame.K_n),), N_("no: buy nothing, pass, keep, no reward, go on, or no to a question"), G,
                 commits=True),
    Act.COINS: Spec((_k(pygame.K_c),), N_("coins: take the coins (a pot that exploded), coins into VP (round 9)"), G,
                    commits=True),
    Act.POINTS: Spec((_k(pygame.K_p),), N_("victory points: take the VP"), G, commits=True),
    Act.RUBIES: Spec((_k(pygame.K_r),), N_("rubies: take rubies, or rubies into VP (round 9)"), G, commits=True),
    Act.DROPLET: Spec((_k(pygame.K_t),), N_("the droplet on: rubies for a droplet step, or a card's droplet"), G,
                      commits=True),
    Act.REMOVE: Spec((_k(pygame.K_x),), N_("a chip out of your bag for good (a card)"), G, commits=True),
    Act.OPTION: Spec((), N_("the numbered options: chips to pick or take, tiers, counts"), G, commits=True,
                     numbered=True),
    Act.RETURN_CHIP: Spec((_k(0, SHIFT),), N_("a chip beside the pot back into the bag (red set 2)"), G,
                          commits=True, numbered=True),
    Act.SAVE: Spec((_k(pygame.K_s, CTRL),), N_("save the game"), G),
    Act.RULES: Spec((_k(pygame.K_F1),), N_("the rules"), A),
    Act.SETTINGS: Spec((_k(pygame.K_o),), N_("the settings"), A),
    Act.LESSONS: Spec((_k(pygame.K_g),), N_("the guided game's lessons"), G),
    Act.LEAVE: Spec((_k(pygame.K_q),), N_("leave the game (it is kept; asked first)"), G),
    # screens outside a game
    Act.HOST: Spec((_k(pygame.K_h),), N_("host a game"), S),
    Act.JOIN: Spec((_k(pygame.K_j),), N_("join a game"), S),
    Act.GO_ON_HOSTED: Spec((_k(pygame.K_g),), N_("go on with your hosted game"), S),
    Act.RELAY: Spec((_k(pygame.K_i),), N_("open your hosted game to friends anywhere (through a relay)"), S),
    Act.SEAT_KIND: Spec((), N_("new game: the seats' players"), S, numbered=True),
    Act.ADD_SEAT: Spec((_k(pygame.K_a),), N_("new game: add a seat"), S),
    Act.EDIT_NAMES: Spec((_k(pygame.K_e),), N_("new game: type the names"), S),
    Act.CHANGE_BOOKS: Spec((_k(pygame.K_b),), N_("new game: the ingredient books"), S),
    Act.CHANGE_POT: Spec((_k(pygame.K_p),), N_("new game: the pot side"), S),
    Act.CHANGE_CARDS: Spec((_k(pygame.K_c),), N_("new game: the fortune cards"), S),
    Act.CHANGE_RUBIES: Spec((_k(pygame.K_r),), N_("new game: the starting rubies"), S),
    Act.CHANGE_BREWING: Spec((_k(pygame.K_s),), N_("new game: brewing together or one after another"), S),
    Act.WATCH: Spec((_k(pygame.K_w),), N_("watch the replay"), S),
    Act.EXPORT: Spec((_k(pygame.K_x),), N_("export the replay"), S),
    Act.NEXT_LEVEL: Spec((_k(pygame.K_u),), N_("a game against the next level up"), S),
    Act.REPLAYS: Spec((_k(pygame.K_r),), N_("the replays"), S),
    Act.PLAY_PAUSE: Spec((_k(pygame.K_SPACE),), N_("the replay: play or pause"), S),
}
del A, G, S

missing = [a for a in Act if a not in KEYS]
if missing:  # pragma: no cover - a new act without its keys is a loud error when the UI is imported
    raise RuntimeError(f"acts without keys in ui/keys.py: {', '.join(missing)}")


def key_name(key: int) -> str:
    """A key's name as printed on a keyboard in the player's language."""
    names = {
        pygame.K_RETURN: pgettext("key", "Enter"), pygame.K_KP_ENTER: pgettext("key", "Enter"),
        pygame.K_ESCAPE: pgettext("key", "Esc"), pygame.K_SPACE: pgettext("key", "Space"),
        pygame.K_TAB: pgettext("key", "Tab"), pygame.K_BACKSPACE: pgettext("key", "Backspace"),
        pygame.K_DELETE: pgettext("key", "Del"), pygame.K_HOME: pgettext("key", "Home"),
        pygame.K_END: pgettext("key", "End"), pygame.K_PAGEUP: pgettext("key", "PgUp"),
        pygame.K_PAGEDOWN: pgettext("key", "PgDn"), pygame.K_LEFT: pgettext("key", "Left"),
        pygame.K_RIGHT: pgettext("key", "Right"), pygame.K_UP: pgettext("key", "Up"),
        pygame.K_DOWN: pgettext("key", "Down"),
    }
    if key in names:
        return names[key]
    if pygame.K_F1 <= key <= pygame.K_F12:
        return f"F{key - pygame.K_F1 + 1}"
    if key in _NUMBER_KEYS:
        return str(_NUMBER_KEYS.index(key) + 1)
    return pygame.key.name(key).upper()


def yes_chord() -> Chord:
    """YES is the first letter of the language's "yes" (Y; J for "Ja" and "Ja"), so a question's keys read
    as its words do."""
    # Translators: the letter of the key that answers "yes" (the first letter of your word for yes)
    letter = pgettext("key", "Y").strip().lower()[:1]
    code = ord(letter) if letter.isascii() and letter.isalpha() else pygame.K_y  # a letter's key code is its ASCII code
    return Chord(code)


def chords(act: Act, n: int = 0) -> tuple[Chord, ...]:
    """The keys of ``act`` (for a numbered act, of its ``n``-th position, 1-9; none past 9)."""
    spec = KEYS[act]
    if spec.numbered:
        if not 1 <= n <= 9:
            return ()
        mods = spec.chords[0].mods if spec.chords else 0
        plain = (Chord(_NUMBER_KEYS[n - 1], mods),)
        return plain + ((Chord(_KEYPAD_KEYS[n - 1]),) if not mods else ())
    if act is Act.YES:
        return (yes_chord(),)
    return spec.chords


def label(act: Act, n: int = 0) -> str:
    """The key of ``act`` as its button shows it ("D", "Space", "Ctrl+Z", "3", "⇧2"); "" if it has none."""
    found = chords(act, n)
    return found[0].label() if found else ""


def what(act: Act) -> str:
    """What ``act`` does, in the player's language (the key help)."""
    return _(KEYS[act].what)


# ---------------------------------------------------------------------------------------------------------
# what a screen's keys do now


@dataclass
class Binding:
    """One key's job on a screen right now: the act (with its position for a numbered act), what to run, and
    what it does here (``target``: a button's words or an action's text; the key test reads it). A disabled
    binding still owns its key: pressing it says why (``reason``) rather than passing the key on."""

    act: Act
    run: Callable[[], object]
    n: int = 0
    target: str = ""
    enabled: bool = True
    reason: str = ""
    kind: str = ""  # a numbered option's kind (the key test checks that one list holds one kind)

    def chords(self) -> tuple[Chord, ...]:
        return chords(self.act, self.n)


@dataclass
class Pressed:
    """What ``dispatch`` did with a key: the binding it found (None: no binding of these owns the key)."""

    binding: Binding | None = None
    reason: str = ""
    bindings: list[Binding] = field(default_factory=list)


def find(event: pygame.event.Event, bindings: Iterable[Binding]) -> Binding | None:
    """The binding ``event`` (a key press) belongs to, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    for b in bindings:
        if any(c.matches(event) for c in b.chords()):
            return b
    return None


def dispatch(event: pygame.event.Event, bindings: Iterable[Binding], why: Callable[[str], None] | None = None) -> bool:
    """Run the binding ``event`` belongs to (a disabled one tells ``why`` its reason instead); True if a binding
    owned the key."""
    b = find(event, bindings)
    if b is None:
        return False
    if b.enabled:
        b.run()
    elif why is not None and b.reason:
        why(b.reason)
    return True


def conflicts(bindings: Sequence[Binding]) -> list[str]:
    """Keys bound to two different acts (or two positions) in one list of bindings: what the key test fails on."""
    seen: dict[Chord, Binding] = {}
    out = []
    for b in bindings:
        for c in b.chords():
            other = seen.get(c)
            if other is not None and (other.act, other.n) != (b.act, b.n):
                out.append(f"{c.label()}: {other.act}{other.n or ''} ({other.target}) and {b.act}{b.n or ''} "
                           f"({b.target})")
            seen.setdefault(c, b)
    return out


def is_key(event: pygame.event.Event, act: Act, n: int = 0) -> bool:
    """Whether ``event`` is a press of ``act``'s key (whatever the screen binds to it now)."""
    return any(c.matches(event) for c in chords(act, n))


def press_event(act: Act, n: int = 0) -> pygame.event.Event:
    """A key press of ``act`` (tools and tests that drive the game press keys by what they do)."""
    c = chords(act, n)[0]
    return pygame.event.Event(pygame.KEYDOWN, key=c.key, mod=c.mods, unicode="", scancode=0)


# ---------------------------------------------------------------------------------------------------------
# the key test's eyes: what the keys do in each state a walk of the screens reaches


@dataclass
class KeyAudit:
    """Looks at the keys of every state it is shown (``look``) and collects what breaks the table's rules:

    - a key bound to two acts on one screen at one moment (``conflicts``);
    - numbers for options of different kinds in one list;
    - a button showing a key that does something else now, or nothing;
    - in a game (a scene with ``hosts_game`` on the stack), a key meaning one act here and another there;
    - a key that moves on (``NEXT``, ``SKIP``) in one state and commits a choice in another.
    """

    problems: list[str] = field(default_factory=list)
    states: int = 0
    game: dict[Chord, tuple[Act, str]] = field(default_factory=dict)
    movers: dict[Chord, tuple[Act, str]] = field(default_factory=dict)
    committers: dict[Chord, tuple[Act, str]] = field(default_factory=dict)
    acts: set[Act] = field(default_factory=set)

    def look(self, app: object, where: str) -> list[str]:
        """Check the state ``app`` is in now; the problems it adds."""
        before = len(self.problems)
        self.states += 1
        scenes = list(getattr(app, "scenes", []))
        in_game = any(getattr(s, "hosts_game", False) for s in scenes)
        effective: dict[Chord, tuple[Binding, str]] = {}
        for scene, bindings in app.key_map():  # type: ignore[attr-defined]
            name = type(scene).__name__ if scene is not None else "window"
            for clash in conflicts(bindings):
                self.problems.append(f"{where}: {name}: one key, two acts: {clash}")
            numbered = {b.act for b in bindings if KEYS[b.act].numbered}
            for act in numbered:
                kinds = {b.kind for b in bindings if b.act is act}
                if len(kinds) > 1:
                    self.problems.append(f"{where}: {name}: the numbers of {act} are options of kinds "
                                         f"{sorted(kinds)}")
            for b in bindings:
                self.acts.add(b.act)
                for c in b.chords():
                    effective.setdefault(c, (b, name))
            for button in getattr(scene, "shown_buttons", lambda: [])():
                self._button(button, effective, where, name)
        for c, (b, name) in effective.items():
            spec = KEYS[b.act]
            here = f"{where} ({name}: {b.target})"
            if in_game and not spec.numbered:
                prev = self.game.setdefault(c, (b.act, here))
                if prev[0] is not b.act:
                    self.problems.append(f"in a game, {c.label()} means {prev[0]} at {prev[1]} but {b.act} at {here}")
            if spec.moves_on:
                self.movers.setdefault(c, (b.act, here))
            if spec.commits and b.enabled:
                self.committers.setdefault(c, (b.act, here))
            if c in self.movers and c in self.committers:
                m, k = self.movers[c], self.committers[c]
                problem = (f"{c.label()} moves on ({m[0]} at {m[1]}) and commits a choice ({k[0]} at {k[1]})")
                if problem not in self.problems:
                    self.problems.append(problem)
        return self.problems[before:]

    def _button(self, button: object, effective: dict[Chord, tuple[Binding, str]], where: str, name: str) -> None:
        act = getattr(button, "key", None)
        if act is None:
            return
        found = chords(act, getattr(button, "n", 0))
        if not found:
            return
        bound = effective.get(found[0])
        label_ = getattr(button, "label", "")
        if bound is None or bound[0].act is not act:
            what = "nothing" if bound is None else f"{bound[0].act} ({bound[0].target})"
            self.problems.append(f"{where}: {name}: the button {label_!r} shows {found[0].label()}, which does "
                                 f"{what} now")


# ---------------------------------------------------------------------------------------------------------
# the key help (the rules screen's "Keys" page; the README's table is checked against it)

#: the key help's sections: a title and the acts it lists, in order
HELP: tuple[tuple[str, tuple[Act, ...]], ...] = (
    (N_("At the table"), (Act.DRAW, Act.STOP, Act.FLASK, Act.NEXT, Act.SKIP, Act.BAG, Act.LOG, Act.OTHER_POT,
                          Act.UNDO, Act.BACK)),
    (N_("Choices"), (Act.OPTION, Act.YES, Act.NO, Act.CONFIRM, Act.POINTS, Act.COINS, Act.RUBIES, Act.DROPLET,
                     Act.REMOVE, Act.RETURN_CHIP)),
    (N_("The shop"), (Act.CART, Act.CLEAR_CART)),
    (N_("The menu (the same keys at the table)"), (Act.SAVE, Act.RULES, Act.SETTINGS, Act.LESSONS, Act.LEAVE,
                                                   Act.FULLSCREEN)),
)


def help_label(act: Act) -> str:
    """The key of ``act`` as the key help shows it: a numbered act as its range ("1-9", "⇧1-9")."""
    if KEYS[act].numbered:
        # Translators: a range of number keys in the key help ("1-9")
        first, last = key_name(_NUMBER_KEYS[0]), key_name(_NUMBER_KEYS[-1])
        keys = pgettext("key", "{first}-{last}").format(first=first, last=last)
        if KEYS[act].chords and KEYS[act].chords[0].mods & SHIFT:  # spelled out: the help's serif face has no ⇧
            # Translators: keys pressed with Shift in the key help ("Shift+1-9"; "Umschalt+1-9" in German)
            keys = pgettext("key", "Shift+{key}").format(key=keys)
        return keys
    return label(act)


def key_help() -> list[tuple[str, list[tuple[str, str]]]]:
    """The key help in the player's language: each section's title and its (key, what it does) lines."""
    return [(_(title), [(help_label(a), what(a)) for a in acts]) for title, acts in HELP]
