"""The table of a game across computers (issue 22), headless: the host's window plays its seat on the real
``TableScene`` while a second computer's network side (``NetLink`` + driver, no window) plays its own; the game
ends on the final screen with the luck checked, and the host's computer keeps the replay and counts its own
player in the statistics. A player who is gone is shown away on their pot, and the host's question lets a bot
play for them."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest

pytest.importorskip("websockets")

from quacks.ai.levels import make_bot  # noqa: E402
from quacks.net.link import IN_GAME, NetLink  # noqa: E402
from quacks.rules.snapshot import fingerprint  # noqa: E402
from quacks.session import fairness  # noqa: E402
from quacks.session.driver import MatchDriver  # noqa: E402
from quacks.ui import online  # noqa: E402
from quacks.ui.keys import Act
from quacks.ui.overlays.pause_menu import PauseMenu  # noqa: E402
from quacks.ui.scenes.final import FinalScene  # noqa: E402
from quacks.ui.scenes.table import TableScene  # noqa: E402

from ..net.served import at_end, open_room, step, wait  # noqa: E402
from ..net.served import table as guest_table  # noqa: E402
from .driver import Driver  # noqa: E402

BOT = make_bot("normal")


def served(tmp_path: Path) -> tuple[NetLink, NetLink]:
    host, guest = open_room(tmp_path)
    host.start_game()
    wait(lambda: guest.snapshot().phase == IN_GAME, 20, "the game to start")
    return host, guest


def step_guest(d: MatchDriver, rng: random.Random) -> None:
    step(d, BOT, rng)


def step_host(drv: Driver, table: TableScene, rng: random.Random) -> None:
    drv.frames(1)
    app = drv.app
    if table.summary is not None and app.scene is table.summary:
        drv.key(pygame.K_RETURN, frames=1)
    if app.scene is table or app.scene is table.turns.choice:
        for seat in table.driver.human_turn():
            g = table.g
            if not table.controls.active:
                continue
            table.turns.do(seat, BOT.decide(g, seat, list(g.legal_actions(seat)), rng).action)


def test_the_host_window_plays_a_served_game_to_its_end(tmp_path: Path, home: Path) -> None:
    host, guest = served(tmp_path)
    drv = Driver()
    try:
        drv.until(lambda: online.start_online_table(drv.app, host), 20, "the host's table")
        table = drv.app.scene
        assert isinstance(table, TableScene) and table.online is not None
        gdrv = guest_table(guest)
        rng = random.Random(3)
        end = time.monotonic() + 180
        while not isinstance(drv.app.scenes[0], FinalScene) and not any(
                isinstance(s, FinalScene) for s in drv.app.scenes):
            assert time.monotonic() < end, "the game did not end"
            step_host(drv, table, rng)
            step_guest(gdrv, rng)
        final = next(s for s in drv.app.scenes if isinstance(s, FinalScene))
        while not at_end(gdrv):
            step_guest(gdrv, rng)
        drv.until(lambda: final.recorded, 20, "the luck check")
        assert "fair" in final.message
        assert fingerprint(final.match.game) == fingerprint(gdrv.game)
        assert final.match.setup.seed is not None
        from quacks.storage import paths, stats

        assert list(paths.replays_dir().glob("*")), "the replay is kept on the host's computer"
        counted, _notes = stats.load_statistics()
        assert set(counted.players) == {"Ann"}  # this computer's own player; Bob is counted on his
        assert counted.players["Ann"].games == 1
    finally:
        guest.close()
        host.close()


def test_a_player_who_is_gone_is_shown_away_and_the_host_lets_a_bot_play(tmp_path: Path, home: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online, "ASK_AFTER", 0.5)
    # this seed opens the game with a question to Ann (her choice on the card "Wheel and deal"): the host's question
    # comes over it
    monkeypatch.setattr(fairness, "new_secret", lambda: "03" * 32)
    # two values, one for Ann's client and one for Bob's (the seed does not depend on which is whose: sorted);
    # alike, the second pledge would be refused as the first's (issue 33)
    values = iter(["29" * 16, "ab" * 16, *(f"{k:02x}" * 16 for k in range(0x40, 0x80))])
    monkeypatch.setattr(fairness, "client_value", lambda: next(values))
    host, guest = served(tmp_path)
    drv = Driver()
    try:
        drv.until(lambda: online.start_online_table(drv.app, host), 20, "the host's table")
        table = drv.app.scene
        assert isinstance(table, TableScene)
        guest.close()  # Bob's computer is gone
        drv.until(lambda: any(1 == s for s, _t in host.snapshot().away), 20, "Bob away")
        drv.until(lambda: isinstance(drv.app.scene, PauseMenu), 20, "the host's question")
        assert table.state().remote.get(1, ("", ""))[0].startswith("away for")
        menu = drv.app.scene
        assert "Bob" in menu.heading
        # Ann's own question waits below
        assert table.turns.choice is not None and drv.app.scenes[-2] is table.turns.choice
        drv.press(Act.YES)  # a bot plays for Bob
        rng = random.Random(4)
        end = time.monotonic() + 180
        while not any(isinstance(s, FinalScene) for s in drv.app.scenes):
            assert time.monotonic() < end, "the game did not end with a bot in Bob's seat"
            step_host(drv, table, rng)
    finally:
        guest.close()
        host.close()
