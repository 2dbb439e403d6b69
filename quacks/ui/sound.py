"""The game's sound effects: a small manager over ``pygame.mixer``.

- The mixer starts lazily, on the first :meth:`Sound.play` that would be heard (never at import, at start-up
  or while muted): opening an audio device can take seconds on some systems (tooling.md).
- The game runs without a sound device: if the mixer cannot start, sound is off for the session and this is
  logged once at INFO on ``quacks.ui``. A missing or unreadable file is logged once, then that sound is silent.
- Each file is loaded once. A few channels (:data:`CHANNELS`) and a minimum interval per name keep a burst of
  bot moves at instant pace from turning into noise: a sound asked for again too soon, or when every channel
  is busy, is dropped (the cues in :data:`CUES` take the oldest channel instead).

The effects are our own, synthesised by ``tools/make_sounds.py`` into ``assets/sounds/``.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from typing import Any

import pygame

log = logging.getLogger("quacks.ui")
AUDIO_IDLE_RELEASE = 30.0  # seconds without a frame before the sound device is closed (see App.run)
#: for tests and measurements only: another release time in seconds (the idle test waits 2 s, not 30)
AUDIO_RELEASE_ENV = "QUACKS_AUDIO_RELEASE_S"

#: every effect, as ``name: what it is for``
NAMES: dict[str, str] = {
    "draw": "a chip is drawn from the bag",
    "place": "a chip lands in the pot",
    "white": "a white chip lands in the pot",
    "explosion": "a pot explodes",
    "die": "the bonus die is rolled",
    "coins": "coins are gained (round evaluation)",
    "ruby": "a ruby is gained",
    "vp": "victory points are scored",
    "round": "a new round begins",
    "click": "a button or menu item is used",
    "shop": "chips are bought",
    "fanfare": "the game ends",
}

#: per-name loudness, to balance the files (all peak-normalised to -3 dBFS) against each other
GAINS: dict[str, float] = {
    "draw": 0.55, "place": 0.8, "white": 0.9, "explosion": 1.0, "die": 0.85, "coins": 0.6, "ruby": 0.55,
    "vp": 0.55, "round": 0.55, "click": 0.45, "shop": 0.6, "fanfare": 0.7,
}

#: seconds before the same name may sound again (default :data:`MIN_INTERVAL`)
INTERVALS: dict[str, float] = {
    "draw": 0.05, "explosion": 0.3, "die": 0.15, "coins": 0.08, "ruby": 0.08, "vp": 0.06, "round": 0.5,
    "click": 0.03, "shop": 0.1, "fanfare": 1.0,
}
MIN_INTERVAL = 0.04

#: mixer channels (how many effects can sound at once)
CHANNELS = 8

#: sounds that must not be dropped when every channel is busy: they take the oldest channel
CUES = frozenset({"explosion", "round", "fanfare"})

_IDLE, _ON, _OFF = "idle", "on", "off"


def _clamp(v: Any) -> float:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return 0.0
    return 0.0 if f != f else max(0.0, min(1.0, f))  # NaN -> 0


class Sound:
    """The sound effects of one session.

    ``Sound(volume, mute)``; :meth:`play` a name from :data:`NAMES`; :meth:`apply_settings` when the settings
    change; :meth:`close` on exit. Nothing touches the audio device until the first audible :meth:`play`.
    """

    def __init__(self, volume: float = 0.7, mute: bool = False, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._volume = _clamp(volume)
        self._mute = bool(mute)
        self._clock = clock
        self._state = _IDLE  # idle: mixer not started by us; on: started; off: failed, silent for the session
        self._owns_mixer = False
        self._cache: dict[str, Any] = {}  # name -> pygame.mixer.Sound, or None when it could not be loaded
        self._last: dict[str, float] = {}

    # ------------------------------------------------------------ state

    @property
    def enabled(self) -> bool:
        """Whether :meth:`play` can be heard: not muted, and the mixer has not failed to start."""
        return not self._mute and self._state != _OFF

    @property
    def available(self) -> bool:
        """False once the mixer failed to start (no sound device): the settings screen can say so."""
        return self._state != _OFF

    @property
    def started(self) -> bool:
        """Whether this manager has the mixer running (it starts on the first audible :meth:`play`)."""
        return self._state == _ON

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def mute(self) -> bool:
        return self._mute

    # ------------------------------------------------------------ use

    def play(self, name: str) -> bool:
        """Play the effect ``name``; True if it started.

        Unknown names raise ValueError (even when muted). Muted, at volume 0, without a sound device, with a
        missing file, too soon after the same name, or with every channel busy: nothing happens.
        """
        if name not in NAMES:
            raise ValueError(f"unknown sound {name!r}; the sounds are: {', '.join(NAMES)}")
        if self._mute or self._volume <= 0.0 or self._state == _OFF:
            return False
        now = self._clock()
        last = self._last.get(name)
        if last is not None and now - last < INTERVALS.get(name, MIN_INTERVAL):
            return False
        if not self._start():
            return False
        snd = self._load(name)
        if snd is None:
            return False
        self._last[name] = now
        try:
            snd.set_volume(self._volume * GAINS[name])
            channel = snd.play()
            if channel is None and name in CUES:
                channel = pygame.mixer.find_channel(True)
                if channel is not None:
                    channel.play(snd)
        except pygame.error as e:  # pragma: no cover - a device lost mid-game
            self._fail(f"playing {name!r} failed ({e})")
            return False
        return channel is not None

    def apply_settings(self, settings: Any) -> None:
        """Take ``settings.volume`` (0..1) and ``settings.mute``; muting stops what is sounding."""
        self._volume = _clamp(getattr(settings, "volume", self._volume))
        self._mute = bool(getattr(settings, "mute", self._mute))
        if self._state != _ON:
            return
        try:
            if self._mute or self._volume <= 0.0:
                pygame.mixer.stop()
            for name, snd in self._cache.items():
                if snd is not None:
                    snd.set_volume(self._volume * GAINS[name])
        except pygame.error:  # pragma: no cover
            pass

    def close(self) -> None:
        """Stop the effects and release the device (a later :meth:`play` would start it again)."""
        if self._state == _ON:
            try:
                pygame.mixer.stop()
                if self._owns_mixer:
                    pygame.mixer.quit()
            except pygame.error:  # pragma: no cover
                pass
            self._state = _IDLE
        self._owns_mixer = False
        self._cache.clear()
        self._last.clear()

    # ------------------------------------------------------------ inside

    def _start(self) -> bool:
        if self._state == _ON:
            return True
        if self._state == _OFF:
            return False
        try:
            if pygame.mixer.get_init() is None:
                t0 = time.perf_counter()
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                self._owns_mixer = True
                pygame.mixer.set_num_channels(CHANNELS)
                log.info("sound: mixer started in %.0f ms (%s)", (time.perf_counter() - t0) * 1000,
                         pygame.mixer.get_init())
        except Exception as e:  # noqa: BLE001 - no device, no driver, or a pygame without its mixer
            self._fail(f"no sound: the mixer could not start ({e}); the game goes on silently")
            return False
        self._state = _ON
        return True

    def _fail(self, message: str) -> None:
        if self._state != _OFF:
            log.info("%s", message)
        self._state = _OFF
        self._owns_mixer = False
        self._cache.clear()

    def _load(self, name: str) -> Any:
        if name in self._cache:
            return self._cache[name]
        snd = None
        try:
            from ..resources import asset

            path = asset("sounds", name + ".wav")
            snd = pygame.mixer.Sound(path)
        except (pygame.error, OSError, ValueError, EOFError) as e:
            log.warning("sound %r could not be loaded (%s); it stays silent", name, e)
        self._cache[name] = snd
        return snd


def audio_release_seconds() -> float:
    """How long the sound device stays open after the last frame: :data:`AUDIO_IDLE_RELEASE`, or the seconds
    in ``QUACKS_AUDIO_RELEASE_S`` (a number from 0.1 to 3600; anything else is ignored) for a test."""
    raw = os.environ.get(AUDIO_RELEASE_ENV, "").strip()
    if raw:
        try:
            value = float(raw)
        except ValueError:
            value = -1.0
        if 0.1 <= value <= 3600:
            return value
        log.warning("%s=%r is not a number of seconds from 0.1 to 3600: the release time stays %.0f s",
                    AUDIO_RELEASE_ENV, raw, AUDIO_IDLE_RELEASE)
    return AUDIO_IDLE_RELEASE
