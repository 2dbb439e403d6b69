"""What the online screens share (issue 22): whether this copy plays over the network at all, this computer's name
for the LAN, the link's problems and the room code's typos as sentences in the player's language, a lobby seat's
kind in words, and the clipboard.

The network code is imported where it is used, never at the top: a copy built without it (the one-folder bundle
leaves ``websockets`` out) still opens every screen, and the online choice says in one sentence why it cannot
play online. No detail of the network (a system error, the host's own English sentence, a seat token) reaches a
player: it goes to the log."""

from __future__ import annotations

import logging
import re
import socket
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from ..ai.levels import LADDER
from ..i18n import N_, _, plain, verbatim
from ..names import name_problem
from ..session.setup import HUMAN, REMOTE
from ..wording.text import BOT_PHRASES, duration
from .flows import save_settings

if TYPE_CHECKING:  # pragma: no cover
    from ..net.link import LinkState, LobbyRow
    from .app import App

log = logging.getLogger("quacks.ui")


class Link(Protocol):
    """What the lobby uses of ``net.link.NetLink`` (a test or a layout case gives a fake with the same methods)."""

    def snapshot(self) -> LinkState: ...

    def kick(self, seat: int) -> None: ...

    def seat_to_bot(self, seat: int, level: str) -> None: ...

    def start_game(self) -> None: ...

    def open_on_relay(self, relay: str) -> None: ...

    def close(self, timeout: float = 3.0) -> None: ...


class JoiningLink(Link, Protocol):
    def join(self, host: str, port: int, secret: str | None, players: list[tuple[str, str | None]], *,
             relay: bool = False) -> None: ...


def joining_link() -> JoiningLink:
    """A joining computer's link (the network's libraries are imported only now), its seat tokens kept in the
    player's settings folder."""
    from ..net.commands import tokens_path
    from ..net.link import NetLink

    return NetLink(tokens=tokens_path())


def network_available() -> bool:
    """Whether this copy of the game has its network code (the one-folder bundle may be built without it)."""
    try:
        import websockets  # noqa: F401

        from ..net import link  # noqa: F401
    except ModuleNotFoundError as e:
        log.info("no network play in this copy: %s", e)
        return False
    return True


def computer_name() -> str:
    """This computer's name, as a game found on the LAN shows who hosts it ("Quacks" if it is not a fit name)."""
    try:
        name = socket.gethostname().split(".")[0].strip()
    except OSError:
        name = ""
    return name[:30] if name and not name_problem(name[:30]) else "Quacks"


#: a sentence for each problem code a link reports (``LinkState.problem``): its own, protocol.REFUSE_REASONS and
#: the client's "not-the-host" (net/tls.py)
PROBLEMS = {
    "port": N_("This computer has no free port for the game: close the other game that is hosting here, "
               "then try again."),
    "unreachable": N_("The host cannot be reached: check the room code or the address, and that the host's game "
                      "is still open."),
    "network": N_("The connection to the other computer failed. Please try again."),
    "protocol": N_("The host's copy of the game speaks another online protocol: both computers need the same "
                   "version of Quacks."),
    "game-version": N_("The host plays another version of Quacks: both computers need the same version."),
    "rules": N_("The host's game uses other rules or books: both computers need the same game data."),
    "full": N_("Every seat of this game is taken."),
    "bad-secret": N_("The join key or the room code is not the host's: compare it with the host's screen."),
    "bad-token": N_("This computer's seat in that game is no longer valid: join again with the host's room "
                    "code."),
    "bad-message": N_("The host did not understand this computer: both computers need the same version of "
                      "Quacks."),
    "no-game": N_("There is no hosted game to go on with on this computer."),
    # issue 33 §5: the key exchange on the room code's secret
    "too-many-tries": N_("The host has seen too many wrong room codes just now: wait a minute, then try again."),
    "not-the-host": N_("The other computer could not prove it is the host of that room code: check the code with "
                       "the host. If it is right, something between the two computers is not to be trusted."),
}


def hosted_game_waiting() -> bool:
    """Whether this computer keeps a hosted game that is not over (the host saved and ended it, or its window
    closed): the online choice offers to go on with it. A file that cannot be read counts as none (the host's
    link says why when asked to go on)."""
    from ..net.commands import hosted_path
    from ..storage.files import load_json

    def phase(obj: object) -> str:
        room = obj.get("room") if isinstance(obj, dict) else None
        value = room.get("phase") if isinstance(room, dict) else None
        if not isinstance(value, str):
            raise ValueError("this is not a hosted game")
        return value

    try:
        loaded = load_json(hosted_path(), phase, what="hosted game")
    except Exception as e:  # noqa: BLE001 - a look for the menu: never a traceback
        log.info("no hosted game to offer: %s", e)
        return False
    return loaded.value in ("lobby", "playing")


def problem_text(code: str, detail: str = "") -> str:
    """The player's sentence for a link's problem code; the detail goes to the log only. An unknown code is logged
    as an error (a new code needs its sentence here: ``tests/ui/test_lobby.py`` checks every known one)."""
    if detail:
        log.warning("network problem %s: %s", code, detail)
    text = PROBLEMS.get(code)
    if text is None:
        log.error("a network problem without a sentence: %r", code)
        return _("The connection to the other computer failed. Please try again.")
    return _(text)


#: the bot levels a lobby seat may have, as phrases to translate: the ladder's (``ai.levels.LADDER``), named once in
#: the wording
BOT_LEVELS = {level: BOT_PHRASES[level] for level in LADDER}
#: the name a host's room gives a seat it hands to a bot ("Hard bot 4": ``net/room.py``), in English
_ROOM_BOT_NAME = re.compile(r"(" + "|".join(level.capitalize() for level in LADDER) + r") bot (\d+)")


def seat_name(row: LobbyRow) -> str:
    """A lobby seat's name as shown: a player's own name as it is, a bot's English room name in the player's
    language ("Starker Bot 4")."""
    m = _ROOM_BOT_NAME.fullmatch(row.name)
    if m and m.group(1).lower() in BOT_LEVELS:
        return _("{bot} {n}").format(bot=_(BOT_LEVELS[m.group(1).lower()]), n=m.group(2))
    return verbatim(row.name)


def kind_text(row: LobbyRow, mine: Sequence[int]) -> str:
    """A lobby seat in words: the player here, a remote player (waiting, joined, connection lost) or a bot."""
    if row.mine:
        return _("you, at this computer") if len(mine) <= 1 else _("player at this computer")
    if row.kind in BOT_LEVELS:
        return _(BOT_LEVELS[row.kind])
    if row.kind not in (REMOTE, HUMAN):
        log.error("a lobby seat of an unknown kind: %r", row.kind)
    if not row.joined:
        return _("waiting for a player…")
    return _("connection lost") if row.away else _("joined")


def lan_text(lan: str, wanted: bool) -> str:
    """Whether a hosted game is shown to others on the LAN, or why not (the reason itself goes to the log)."""
    if not wanted:
        return _("Not shown on the local network: others join with the room code.")
    if lan == "advertised":
        return _("Shown on the local network: others there find it in their list.")
    if not lan:
        return _("Being announced on the local network…")
    log.info("the game is not advertised on the LAN: %s", lan)
    return _("The local network cannot show this game: others join with the room code.")


def reach_text(st: LinkState) -> str:
    """Whether friends outside the host's home can join (issue 33 §4), in a few plain words, by either way in: a
    relay that has the room open, or the home router that opened the host's port (the room code then carries the
    router's address); no when neither can be had, not known when no router answered and no relay is asked. The
    relay's and the router's own sentences go to the log (the lobby, once; the link)."""
    relay = verbatim(st.relay_address)
    if st.relay == "open":
        return _("Friends outside your home can join: yes, through {relay}").format(relay=relay)
    if st.router == "yes":
        return _("Friends outside your home can join: yes, your router let them in")
    if st.relay == "connecting" and not st.relay_problem:
        return _("Friends outside your home: opening the game on {relay}…").format(relay=relay)
    if st.relay:
        return _("Friends outside your home can join: no ({relay} cannot be reached)").format(
            relay=relay)
    if st.router == "asking":
        return _("Friends outside your home: asking your router to let them in…")
    if st.router == "no":
        return _("Friends outside your home can join: no, your router did not let them in")
    return _("Friends outside your home can join: not known")


def turn_clock_text(seconds: int) -> str:
    """The turn clock as the lobby says it (issue 33 §3)."""
    if not seconds:
        return _("No turn clock")
    return _("Turn clock: {time} a choice").format(time=duration(seconds))


#: the gist of each typo the room code, the address and the join key readers find (their English messages begin
#: so: ``net/roomcode.py``), in the player's words; anything else gets the last, general sentence
_TYPOS: tuple[tuple[str, str], ...] = (
    ("Room codes never use the letter U", N_("Room codes never use the letter U: check that character.")),
    ("Join keys never use the letter U", N_("Join keys never use the letter U: check that character.")),
    ("A room code has only digits and letters", N_("A room code has only digits and letters.")),
    ("A join key has only digits and letters", N_("A join key has only digits and letters, such as 7F2M-9XHD-C.")),
    ("A room code has at least", N_("This room code is too short: a character is missing.")),
    # a length between an IPv4 code's and an IPv6 code's (roomcode.py): most likely an IPv6 code mistyped
    ("This is longer than any room code for an IPv4", N_("This room code has a character too many or too few.")),
    ("This is longer than any room code", N_("This room code is too long.")),
    ("This room code does not check out", N_("This room code does not check out: a character is wrong or two are "
                                             "swapped. Compare it with the host's.")),
    ("This room code should have", N_("This room code has a character too many or too few.")),
    ("A join key has 9 characters", N_("A join key has 9 characters, such as 7F2M-9XHD-C.")),
    ("This join key does not check out", N_("This join key does not check out: a character is wrong or two are "
                                            "swapped.")),
    ("Type the host's address", N_("Type the room code, or the host's address such as 192.168.1.20.")),
    ("An address has no spaces", N_("An address has no spaces.")),
)


def typo_text(error: ValueError) -> str:
    """A mistyped room code, address or join key in the player's words (the reader's English goes to the log)."""
    message = str(error)
    log.info("typed code or address refused: %s", message)
    for start, text in _TYPOS:
        if message.startswith(start):
            return _(text)
    return _("This is neither a room code nor an address: compare it with the host's screen.")


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard (pygame.scrap), without soft hyphens (``i18n.plain``: they mark where a drawn
    line may break, and mean nothing elsewhere); False where this system offers no clipboard."""
    scrap: object = getattr(pygame, "scrap", None)
    put: Callable[[str], None] | None = getattr(scrap, "put_text", None)
    if put is None:
        return False
    try:
        put(plain(text))
    except (pygame.error, RuntimeError) as e:
        log.info("no clipboard: %s", e)
        return False
    return True


# ----------------------------------------------------------------------------------------------------
# the joined game, remembered for "Rejoin" on the title (issue 33 §3)

def remember_joined(app: App, host: str, port: int, secret: str | None,
                    players: Sequence[tuple[str, str | None]], relay: bool = False) -> None:
    """This computer joins the game at ``host``:``port`` (``relay``: a relay's, the room found there by the
    secret): kept in the settings until the game is seen to end, so that after a crash the title offers to rejoin
    it (the seat tokens bring the players back to their seats)."""
    app.settings.joined_game = {"host": host, "port": port, "secret": secret,
                                "players": [[name, colour] for name, colour in players], "relay": relay}
    save_settings(app)


def joined_through_relay(app: App) -> bool:
    """Whether the game this computer joined (``joined_game``) was found on a relay."""
    d = getattr(app.settings, "joined_game", None)
    return isinstance(d, dict) and d.get("relay") is True


def forget_joined(app: App) -> None:
    """The joined game ended, or cannot be rejoined: the title no longer offers it."""
    if getattr(app.settings, "joined_game", None) is not None:
        app.settings.joined_game = None
        save_settings(app)


def joined_game(app: App) -> tuple[str, int, str | None, list[tuple[str, str | None]]] | None:
    """The game this computer joined and has not seen end: (host, port, secret, players), or None (also for a
    setting that does not hold one: it is then ignored); ``joined_through_relay`` says whether ``host`` is a
    relay's."""
    d = getattr(app.settings, "joined_game", None)
    try:
        if not isinstance(d, dict):
            return None
        host, port, secret = str(d["host"]), int(d["port"]), d.get("secret")
        players = [(str(n), None if c is None else str(c)) for n, c in d["players"]]
        if not host or not 0 < port < 65536 or not 1 <= len(players) <= 4:
            return None
        return host, port, None if secret is None else str(secret), players
    except (KeyError, TypeError, ValueError):
        return None
