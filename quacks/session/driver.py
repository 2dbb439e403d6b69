"""The match driver: runs a match at the table's pace, with no pygame.

It drives any match that has its door, ``DrivenMatch`` (``session/driven.py``): a ``Match`` played here, or a
served game's copy at a window (``net/served_match.py``). It owns what moves the game on by itself: chance steps at
once, a served game's entries from the host (at once, or another computer's choice at the pace of a bot's), bots
at the pace the player chose (thinking in a worker thread, so a frame loop never waits), stir ticks collected and
revealed together (R22), the evaluation played as beats one can watch (``session/beats.py``: the game is held at
each beat at the player's pace, "next" and "skip to the end" move on), a pause when the evaluation ends until the
table has shown the round's results (before the shop), and an autosave point after every step. The table only shows
the driver's state and animates the engine events the driver hands over (a beat's when the beat begins).

Beats are presentation, never engine state: an undo, a save or a replay knows nothing of them; a game
resumed in the shop before anyone shopped shows its round's results again.

``threaded=False`` makes bots decide inside ``update`` (tests, screenshots, benchmarks).
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Generic

from ..ai.base import BotChoice
from ..i18n import _
from ..rules.actions import Action
from ..rules.events import Event
from ..rules.game import Game
from ..rules.kinds import ChanceKind, EventKind, Phase
from ..rules.snapshot import fingerprint
from .beats import Beat, Held, Item, Results, held, plan, shown_state
from .driven import DrivenMatch, M
from .match import Match, Need, Waits, hard_for_unsound_experts

__all__ = ["BEAT_PACE", "MAX_STEPS_PER_UPDATE", "PACE", "REVEAL_HOLD", "DrivenMatch", "MatchDriver"]

log = logging.getLogger("quacks.session")

PACE = {"slow": 1.1, "normal": 0.55, "fast": 0.2, "instant": 0.0}
BEAT_PACE = {"slow": 2.6, "normal": 1.5, "fast": 0.7, "instant": 0.0}  # seconds a beat of the evaluation holds
REVEAL_HOLD = 1.2  # hot-seat: seconds a revealed stir tick stays in view before the next human is asked
MAX_STEPS_PER_UPDATE = 200
_MOVES_ON = (Waits.CHANCE, Waits.REVEAL, Waits.BOT, Waits.HOST_ENTRY, Waits.ELSEWHERE)  # waits the driver moves on


class MatchDriver(Generic[M]):
    """Drives a match (``M``: any kind behind the driver's door, ``DrivenMatch``) at the table's pace (module
    docstring)."""

    def __init__(self, match: M, *, pace: str = "normal", threaded: bool = True,
                 autosave: Callable[[Match], None] | None = None, results_seen: bool = False) -> None:
        self.match = match
        self.pace_name = pace
        self.threaded = threaded
        self.autosave = autosave
        self.skip = False  # fast-forward the bots to the next human decision
        self.hold = False  # the table holds the game (a menu or a question is open)
        self.timer = 0.0  # seconds until the next bot step may happen
        self.round_done: int | None = None  # a round's evaluation ended: the game waits until ack_round()
        self.last_tick: list[tuple[int, Action]] = []  # the stir tick revealed last, in seat order
        self.stop_when: Callable[[], bool] | None = None  # asked after every step: True stops this update
        self.beat: Beat | None = None  # the beat of the evaluation on show (session/beats.py)
        self.beat_left = 0.0  # seconds it stays on show
        self.beat_serial = 0  # beats begun so far (the table draws anew when it changes)
        self.skip_beats = False  # "skip to the end": the beats still to come pass at once
        self._outbox: deque[Item] = deque()  # events, beats and results read from the game, not handed over yet
        self._ready: list[tuple[Beat | None, list[Event]]] = []  # handed over, not taken by the table yet
        self._phase = match.game.phase  # the phase the events read so far leave the game in
        self._round_seen = match.game.round
        self._events_read = len(match.game.events)  # events from before (a resumed game) are history
        self._worker: threading.Thread | None = None
        self._worker_seat: int | None = None
        self._worker_box: list[BotChoice | BaseException | None] = [None]
        self._undo_floor = self._floor_at_start()  # undo never cuts the record below this (a round's results)
        self._shown: tuple[object, Game] | None = None
        self._troubles: list[str] = []  # what the player must be told (a bot that failed, damaged bot data)
        self._told: set[object] = set()  # what has been said already (each once)
        self._bots_with_sound_data()
        if not results_seen and self._results_unseen():
            self._results(match.game.round)  # resumed in the shop before anyone shopped: the results again

    # ------------------------------------------------------------------------------------------------
    # what the table reads

    @property
    def game(self) -> Game:
        return self.match.game

    def need(self) -> Need:
        return self.match.need()

    @property
    def thinking(self) -> int | None:
        """The bot seat whose choice is being worked out, if any."""
        return self._worker_seat if self._worker is not None else None

    def take_troubles(self) -> list[str]:
        """Sentences for the player (in their language) about trouble with the bots since the last call, each said
        once: a bot that failed and made its first legal move instead, an Expert whose data is damaged. The game goes
        on; the table shows them (issue 30 §7: never only a line in the log)."""
        out, self._troubles = self._troubles, []
        return out

    def _tell(self, key: object, text: str) -> None:
        if key not in self._told:
            self._told.add(key)
            self._troubles.append(text)

    def _bots_with_sound_data(self) -> None:
        """An Expert seat whose weights (``data/bots/expert.yaml``) are damaged or missing plays as Hard in this game,
        said once, before its first decision: it would otherwise fail at each decision that needs them (about three
        a game, the first legal move played instead). The setup still says Expert (a save resumes with Expert once
        the file is restored)."""
        from ..ai.expert import WEIGHTS_FILE  # the Expert's model loads only where one plays (ai/levels.py)

        whole = self.match.whole()  # (a served game's bots play at the host: it checks its own)
        if whole is None or not hard_for_unsound_experts(whole):
            return
        self._tell("expert data", _("The Expert bot's data ({file}) is damaged or missing, so every Expert seat plays "
                                    "as Hard in this game. Reinstalling the game restores the file.").format(
            file=WEIGHTS_FILE))

    def pace(self) -> float:
        return 0.0 if self.skip else PACE.get(self.pace_name, PACE["normal"])

    def take_events(self) -> list[Event]:
        """The engine events handed over since the last call, in order (the table animates and narrates them):
        those of a beat come when the beat begins."""
        return [e for _beat, evs in self.take_shown() for e in evs]

    def take_shown(self) -> list[tuple[Beat | None, list[Event]]]:
        """``take_events`` in runs: each beat begun since the last call with its events, and the plain events
        between them (beat None)."""
        self._read()
        if not self.hold:
            self._pump()  # events the game got outside a step (a scripted test's) go out as any others
        out, self._ready = self._ready, []
        return out

    def beats_pending(self) -> bool:
        """True while a beat is on show or more are to come (the game is held until they are shown)."""
        return self.beat is not None or any(isinstance(x, (Beat, Results)) for x in self._outbox)

    def beat_pace(self) -> float:
        """Seconds a beat holds at the pace the player chose (none when skipping)."""
        if self.skip or self.skip_beats:
            return 0.0
        return BEAT_PACE.get(self.pace_name, BEAT_PACE["normal"])

    def next_beat(self) -> None:
        """"Next": the beat on show ends now (the next begins at the next update)."""
        self.beat = None
        self.beat_left = 0.0

    def skip_to_end(self) -> None:
        """"Skip to the end": every beat still to come passes at once, to the round's results (or, at a round's
        start, to the brewing)."""
        self.skip_beats = True
        self.next_beat()

    def events_shown(self) -> int:
        """How many of the game's events the table has been handed (those of beats still to come are not)."""
        return self._events_read - sum(len(x.events) if isinstance(x, Beat) else 0 if isinstance(x, Results) else 1
                                       for x in self._outbox)

    def show_key(self) -> tuple[int, int, bool]:
        """Changes whenever what the table shows of the beats changes (a beat begins or ends, a beat is read)."""
        return (self.beat_serial, len(self._outbox), self.beat is not None)

    def held(self) -> list[Held]:
        """What the beats not begun yet change, per seat (the table shows the state without it)."""
        return held(self._outbox, self.game.n)

    def shown(self, moving_rats: frozenset[int] = frozenset()) -> Game:
        """The game as the table shows it: the state without what the beats still to come add, in the phase they
        belong to; ``moving_rats``: seats whose rat stone is still on its way (drawn moving, not in place)."""
        g = self.game
        key = (id(g), g.version, self.beat_serial, len(self._outbox), moving_rats)
        if self._shown is not None and self._shown[0] == key:
            return self._shown[1]
        hold = self.held()
        for seat in moving_rats:
            if 0 <= seat < len(hold):
                hold[seat].rats = True
        first = self.beat or next((x for x in self._outbox if isinstance(x, Beat)), None)
        phase = first.phase if first is not None else (Phase.EVALUATION if any(
            isinstance(x, Results) for x in self._outbox) else None)
        shown = shown_state(g, hold, phase)
        self._shown = (key, shown)
        return shown

    def busy(self) -> bool:
        """True while the game will move on by itself (a bot thinks, a chance step, a reveal or a beat is due)."""
        if self._worker is not None:
            return True
        if self.hold or self.round_done is not None:
            return False
        if self.beats_pending() or self._outbox:
            return True
        return self.need().kind in _MOVES_ON or self.timer > 0

    def wake_in(self) -> float | None:
        """Seconds until ``update`` has something to do without input (0: now), or None if it waits for input."""
        if self._worker is not None:
            return 0.0
        if self.hold or self.round_done is not None:
            return None
        if self.beat is not None:
            return max(0.0, self.beat_left)
        if self._outbox:
            return 0.0
        kind = self.need().kind
        if kind is Waits.OVER or (kind is Waits.HUMAN and self.timer <= 0):
            return None
        return max(0.0, self.timer)

    def human_turn(self) -> tuple[int, ...]:
        """The human seats the game waits for now (none while a revealed stir tick or a beat is still on show)."""
        if (self.hold or self.round_done is not None or self._worker is not None or self.timer > 0
                or self.beats_pending()):
            return ()
        need = self.need()
        return need.seats if need.kind is Waits.HUMAN else ()

    # ------------------------------------------------------------------------------------------------
    # moving on

    def update(self, dt: float) -> None:
        self.timer -= dt
        if self.hold or self.round_done is not None:
            return
        if self._beats_hold(dt):
            return
        self._collect_worker()
        if self._worker is not None or self._waits():
            return
        m = self.match
        for _step in range(MAX_STEPS_PER_UPDATE):
            need = m.need()
            if need.kind is Waits.CHANCE:
                m.step_chance()
                if self._after_step() or self._stopped():
                    return
                continue
            if need.kind is Waits.REVEAL:
                if self.timer > 0:
                    return
                self._reveal_tick()
                if self._after_step(delay=self.pace()) or self.timer > 0 or self._stopped():
                    return
                continue
            if need.kind is Waits.HOST_ENTRY:
                m.step_host_entry()
                if self._after_step() or self._stopped():
                    return
                continue
            if need.kind is Waits.ELSEWHERE:
                seat = need.seats[0]
                in_tick = m.in_tick() and seat in m.tick_seats()
                if self.timer > 0 and not in_tick:
                    return  # shown at the player's pace, as a bot's choice is (a choice inside a tick comes with it)
                m.step_host_entry()
                self._after_step(delay=0.0 if in_tick else self.pace())
                if self._waits() or self.timer > 0 or self._stopped():
                    return
                continue
            if need.kind is Waits.BOT:
                seat = need.seats[0]
                in_tick = m.in_tick() and seat in m.tick_seats()
                if self.timer > 0 and not in_tick:
                    return  # bots choose at the player's pace; their stir decisions wait for the reveal
                if self.threaded:
                    self._start_worker(seat)
                    return
                self._bot_acts(seat, m.bot_decide(seat), in_tick)
                if self._waits() or self.timer > 0 or self._stopped():
                    return
                continue
            if need.kind is Waits.HUMAN:
                self.skip = False
            return  # a human decides, or the game is over

    def _stopped(self) -> bool:
        return self.stop_when is not None and self.stop_when()

    def _waits(self) -> bool:
        """The game is held: for the round's results, or for a beat on show or to come."""
        return self.round_done is not None or self.beats_pending()

    def _beats_hold(self, dt: float) -> bool:
        """Count down the beat on show, begin the next; True while the game is held for them."""
        if self.beat is not None:
            self.beat_left -= dt
            if self.beat_left > 0:
                return True
            self.beat = None
        self._pump()
        return self._waits()

    def submit(self, seat: int, action: Action | str) -> None:
        """A human's choice (IllegalAction if it is not legal now)."""
        self.match.submit(seat, action)
        self.timer = 0.0
        self._after_step()

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat``'s last action can be taken back: ``Match.undo_point``, and never across the end of a round
        (its results are shown, or were: once they are, the cut may not go back past them)."""
        if self.game.is_over or self.round_done is not None:
            return False  # the round's results are out: nothing goes back past them
        cut = self.match.undo_point(seat)
        return cut is not None and cut >= self._undo_floor

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action (``Match.undo_point``); True if it was. A thinking bot is forgotten.

        Refused as :meth:`can_undo` refuses, whenever it is asked: a Ctrl+Z in the same frame as the Space that
        closed the round's results comes before the next round's first step, and must not take back a choice of
        the round that ended (issue 18). A match the cut would put in another round is refused as well."""
        if not self.can_undo(seat):
            return False
        new = self.match.undone(seat)
        if new is None or new.game.round != self.game.round:
            return False
        self.rebase(new)
        self._autosave(new)
        return True

    def _autosave(self, m: DrivenMatch) -> None:
        """The autosave point: ``m`` as this computer keeps it (a served game is kept by its host: nothing)."""
        whole = m.whole()
        if self.autosave is not None and whole is not None:
            self.autosave(whole)

    def rebase(self, new: M) -> None:
        """Go on from ``new`` (an undo's match, or a served game's match whose game a whole view from the host replaced,
        ``net/served_match.py``): its events so far are history; a thinking bot, the beats still to come and a held
        reveal are forgotten."""
        self._worker = None  # a bot still thinking about the old state: its answer is never collected
        self._worker_seat = None
        self.match = new
        self._events_read = len(new.game.events)
        self._round_seen = new.game.round
        self._outbox.clear()  # the beats of the steps taken back are gone with them
        self._ready = []
        self.beat = None
        self.skip_beats = False
        self._phase = new.game.phase
        self.timer = 0.0
        self.last_tick = []
        self._shown = None
        self._bots_with_sound_data()

    def _floor_at_start(self) -> int:
        """Where undo stops in a resumed game: at its end if a human's last step came before results that have
        been shown since (a round that has ended, or this round's evaluation once the shop has begun), else at
        its start."""
        m = self.match
        if m.game.is_over:
            return len(m.game.record)
        for seat in m.humans():
            if m.undo_point(seat) is None:
                continue
            back = m.undone(seat)
            if back is not None and (back.game.round != m.game.round or
                                     _past_results(m.game) and not _past_results(back.game)):
                return len(m.game.record)
        return 0

    def _results_unseen(self) -> bool:
        """A game resumed in the shop before anyone shopped: its round's results may not have been seen."""
        g = self.game
        if g.is_over or g.phase is not Phase.SHOPPING:
            return False
        return not any(e.round == g.round and e.kind in (EventKind.BUY, EventKind.CONVERT) for e in g.events)

    def skip_to_human(self) -> None:
        self.skip = True
        self.timer = 0.0

    def ack_round(self) -> None:
        """The table has shown the round's results: the game goes on (to the shop)."""
        self.round_done = None

    # ------------------------------------------------------------------------------------------------
    def _reveal_tick(self) -> None:
        """The whole stir tick is revealed together (R22): every decision and the chips it draws."""
        m = self.match
        self.last_tick = list(m.queue)
        g = m.game
        while True:  # the decisions, and the chips they draw or look at; a die or a card comes after
            ch = g.pending_chance()
            if ch is not None and ch.kind in (ChanceKind.DRAW, ChanceKind.REVEAL):
                m.step_chance()
            elif m.queue and ch is None:
                m.reveal_next()
            else:
                break
        if sum(m.is_human(s) for s, _ in self.last_tick) > 1:
            # hot-seat: decisions two humans took out of each other's sight are seen before the next question (a
            # tick of one human, alone or one after another, hid nothing: the game goes straight on)
            self.timer = max(self.timer, REVEAL_HOLD)

    def _after_step(self, delay: float = 0.0) -> bool:
        """Autosave, the pace, the beats of what happened and the end of a round; True if the game now waits (for a
        beat or the round's results)."""
        self.timer = max(self.timer, delay)
        self._autosave(self.match)
        g = self.game
        if g.round != self._round_seen:
            self._round_seen = g.round
            self._undo_floor = len(g.record)  # never back across the end of a round
        self._read()
        self._pump()
        return self._waits()

    def _read(self) -> None:
        """The engine's new events into the outbox, as plain events, beats and the round's results."""
        evs = self.game.events
        if self._events_read >= len(evs):
            return
        p = plan(evs[self._events_read:], self._phase)
        self._events_read = len(evs)
        self._phase = p.phase
        self._outbox.extend(p.items)

    def _pump(self) -> None:
        """Hand over what the outbox holds, in order, until a beat is on show or the results are due."""
        box = self._outbox
        while box and self.round_done is None and self.beat is None:
            item = box[0]
            if isinstance(item, Results):
                box.popleft()
                self._results(item.round)
                return
            if isinstance(item, Beat):
                box.popleft()
                self._ready.append((item, list(item.events)))
                self.beat_serial += 1
                left = self.beat_pace()
                if left > 0:
                    self.beat, self.beat_left = item, left
                    return
                continue
            box.popleft()
            if self._ready and self._ready[-1][0] is None:
                self._ready[-1][1].append(item)
            else:
                self._ready.append((None, [item]))
            if item.kind == EventKind.PHASE and item.get("phase") == Phase.BREWING:
                self.skip_beats = False  # a skip of a round's start ends when the brewing begins

    def _results(self, rnd: int) -> None:
        """The evaluation has ended: the game waits for the round's results (before the shop, rulebook E)."""
        self.round_done = rnd
        self.skip_beats = False
        self._undo_floor = len(self.game.record)  # the results are out: nothing before them is taken back

    def _bot_acts(self, seat: int, d: BotChoice | BaseException | None, in_tick: bool) -> None:
        m = self.match
        if isinstance(d, BotChoice):
            m.carry_out(seat, d)
        else:  # a bot that fails never stops the game: it takes the first legal action, logged and told once
            log.error("bot for seat %s failed", seat, exc_info=d if isinstance(d, BaseException) else None)
            m.submit(seat, m.game.legal_actions(seat)[0])
            self._tell(("failed", seat), _("The bot {name} ran into a problem and made the first move it was allowed "
                                           "instead. The game goes on; the log has the details.").format(
                name=m.game.seats[seat].name))
        if in_tick:
            self._after_step()  # a stir decision shows nothing yet: the reveal is what the player watches
        else:
            self._after_step(delay=self.pace())

    def _start_worker(self, seat: int) -> None:
        g = self.game.clone(record=False)
        match = self.match
        box: list[BotChoice | BaseException | None] = [None]  # this worker's answer, and only its own

        def run() -> None:
            try:
                box[0] = match.bot_decide(seat, g)
            except Exception as e:  # noqa: BLE001 - handled on the main thread, never a traceback
                box[0] = e

        self._worker_seat = seat
        self._worker_box = box
        self._worker = threading.Thread(target=run, name="bot", daemon=True)
        self._worker.start()

    def _collect_worker(self) -> None:
        w = self._worker
        if w is None or w.is_alive():
            return
        seat, res = self._worker_seat, self._worker_box[0]
        self._worker = None
        self._worker_seat = None
        assert seat is not None
        m = self.match
        in_tick = m.in_tick() and seat in m.tick_seats()
        self._bot_acts(seat, res, in_tick)

    def wait_for_bot(self, timeout: float = 30.0) -> None:
        """Block until a thinking bot has chosen (tests and shutdown)."""
        if self._worker is not None:
            self._worker.join(timeout)

    def log_state(self) -> None:
        """The state's fingerprint in the log at a human decision (resume checks compare them)."""
        data = json.dumps(fingerprint(self.game), sort_keys=True, default=str)
        log.info("waiting for a human: round %s, step %s, state %s", self.game.round, len(self.game.record),
                 hashlib.sha1(data.encode()).hexdigest()[:16])


def _past_results(g: Game) -> bool:
    """The round's results have come (its shop, the ruby spending, the end)."""
    return g.phase in (Phase.SHOPPING, Phase.RUBIES, Phase.OVER)
