"""The sound effects: the generated files, and the lazy, fail-safe ``Sound`` manager (dummy audio driver)."""

from __future__ import annotations

import importlib.util
import logging
import math
import os
import subprocess
import sys
import wave
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from quacks.ui import sound as sound_mod
from quacks.ui.sound import NAMES, Sound

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "assets" / "sounds"

# (min, max) seconds of each file
DURATIONS = {name: (0.03, 0.8) for name in NAMES} | {"fanfare": (1.2, 1.8), "explosion": (0.3, 1.0)}


def _generator():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _samples(path: Path) -> tuple[Any, list[int]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        raw = w.readframes(params.nframes)
    return params, list(memoryview(raw).cast("h"))


@pytest.fixture()
def fresh_mixer():
    """No mixer before the test, none after it."""
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    yield
    if pygame.mixer.get_init():
        pygame.mixer.quit()


# ---------------------------------------------------------------- the files


def test_generator_and_manager_agree_on_the_names() -> None:
    assert list(_generator().SOUNDS) == list(NAMES)
    assert set(sound_mod.GAINS) == set(NAMES)
    assert set(sound_mod.INTERVALS) <= set(NAMES)


@pytest.mark.parametrize("name", list(NAMES))
def test_wav_files_are_short_mono_16_bit_and_normalised(name: str) -> None:
    path = SOUNDS / f"{name}.wav"
    assert path.is_file(), f"{path} is missing: run python3 tools/make_sounds.py"
    params, pcm = _samples(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    dur = params.nframes / params.framerate
    lo, hi = DURATIONS[name]
    assert lo <= dur <= hi, f"{name}: {dur:.3f} s"
    peak = max(abs(v) for v in pcm) / 32767
    assert 0.3 < peak < 0.99, f"{name}: peak {peak:.3f}"
    assert abs(sum(pcm) / len(pcm)) / 32767 < 0.002, "DC offset"
    assert abs(pcm[0]) < 200 and abs(pcm[-1]) < 200, "no fade in/out (a click)"
    rms = math.sqrt(sum(v * v for v in pcm) / len(pcm)) / 32767
    assert rms > 0.02, "almost silent"


def test_sounds_folder_is_small_and_licensed() -> None:
    total = sum(p.stat().st_size for p in SOUNDS.glob("*.wav"))
    assert total < 1.5 * 1024 * 1024
    licence = (SOUNDS / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC0" in licence and "tools/make_sounds.py" in licence
    assert (SOUNDS / "README.md").is_file()


@pytest.mark.parametrize("name", ["place", "click", "vp", "white"])
def test_generator_reproduces_the_committed_files(name: str, tmp_path: Path) -> None:
    gen = _generator()
    gen.main([name, "--out", str(tmp_path)])
    _, made = _samples(tmp_path / f"{name}.wav")
    _, kept = _samples(SOUNDS / f"{name}.wav")
    assert len(made) == len(kept)
    assert max(abs(a - b) for a, b in zip(made, kept, strict=True)) <= 2  # libm may differ in the last bit


# ---------------------------------------------------------------- the manager


def test_plays_every_name_with_the_dummy_driver(fresh_mixer: None) -> None:
    s = Sound(0.7, False)
    assert not s.started and pygame.mixer.get_init() is None  # lazy: nothing until the first play
    for name in NAMES:
        s.play(name)
    assert s.started and s.enabled and pygame.mixer.get_init() is not None
    assert all(s._cache[name] is not None for name in NAMES)  # every file loaded (and only once)
    s.close()
    assert pygame.mixer.get_init() is None and not s.started


def test_unknown_names_raise_listing_the_names() -> None:
    for s in (Sound(0.7, False), Sound(0.7, True)):
        with pytest.raises(ValueError, match="draw.*fanfare"):
            s.play("boom")


def test_muted_never_starts_the_mixer(fresh_mixer: None) -> None:
    s = Sound(0.7, True)
    for name in NAMES:
        assert s.play(name) is False
    assert not s.started and not s.enabled and pygame.mixer.get_init() is None
    quiet = Sound(0.0, False)
    assert quiet.play("place") is False and not quiet.started


def test_muted_never_starts_the_mixer_in_a_fresh_process() -> None:
    code = (
        "import pygame\n"
        "from quacks.ui.sound import Sound, NAMES\n"
        "s = Sound(0.7, True)\n"
        "for n in NAMES: s.play(n)\n"
        "assert pygame.mixer.get_init() is None, 'muted play started the mixer'\n"
        "Sound(0.7, False)\n"
        "assert pygame.mixer.get_init() is None, 'making a Sound started the mixer'\n"
        "s.apply_settings(type('S', (), {'volume': 0.5, 'mute': False})())\n"
        "assert s.play('click') and pygame.mixer.get_init() is not None\n"
        "s.close()\n"
        "print('ok')\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_no_sound_device_means_silence(fresh_mixer: None, monkeypatch: pytest.MonkeyPatch,
                                       caplog: pytest.LogCaptureFixture) -> None:
    def broken(*a: object, **k: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = Sound(0.7, False)
    assert s.enabled
    with caplog.at_level(logging.INFO, logger="quacks.ui"):
        for name in NAMES:
            assert s.play(name) is False
        assert s.play("place") is False
    assert not s.enabled and not s.available and not s.started
    notes = [r for r in caplog.records if r.name == "quacks.ui" and "mixer could not start" in r.message]
    assert len(notes) == 1 and notes[0].levelno == logging.INFO
    s.apply_settings(SimpleNamespace(volume=1.0, mute=False))
    assert s.play("draw") is False and not s.enabled
    s.close()


def test_missing_or_corrupt_file_is_logged_once_then_silent(fresh_mixer: None, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "place.wav").write_bytes(b"RIFF\x00\x00not a wave file")
    monkeypatch.setattr("quacks.resources.asset", lambda *parts: tmp_path.joinpath(*parts))
    t = [0.0]
    s = Sound(0.7, False, clock=lambda: t[0])
    with caplog.at_level(logging.INFO, logger="quacks.ui"):
        for name in ("place", "draw"):
            for _ in range(3):
                t[0] += 1.0
                assert s.play(name) is False
    assert s.enabled  # the mixer is fine; only those files are silent
    for name in ("place", "draw"):
        assert len([r for r in caplog.records if f"{name!r} could not be loaded" in r.message]) == 1
    s.close()


def test_minimum_interval_and_channel_limit(fresh_mixer: None) -> None:
    t = [100.0]
    s = Sound(0.7, False, clock=lambda: t[0])
    assert s.play("place") is True
    t[0] += 0.01
    assert s.play("place") is False  # a burst at instant pace: dropped
    assert s.play("white") is True  # another name is not held back
    t[0] += sound_mod.MIN_INTERVAL
    assert s.play("place") is True
    assert pygame.mixer.get_num_channels() == sound_mod.CHANNELS
    # with every channel busy, effects are dropped, but a cue takes the oldest channel
    started = 0
    for _ in range(3 * sound_mod.CHANNELS):
        t[0] += 1.0
        started += s.play("coins")
    assert started <= sound_mod.CHANNELS
    t[0] += 1.0
    assert s.play("fanfare") is True
    s.close()


def test_apply_settings_reads_volume_and_mute(fresh_mixer: None) -> None:
    from quacks.storage.settings import Settings

    s = Sound(0.7, False)
    s.apply_settings(Settings(volume=0.25, mute=False))
    assert (s.volume, s.mute, s.enabled) == (0.25, False, True)
    assert s.play("ruby") is True
    assert s._cache["ruby"].get_volume() == pytest.approx(0.25 * sound_mod.GAINS["ruby"], abs=0.01)
    s.apply_settings(Settings(volume=0.25, mute=True))
    assert not s.enabled and s.play("ruby") is False
    s.apply_settings(SimpleNamespace(volume=3.0, mute=False))
    assert s.volume == 1.0 and s.enabled
    s.close()


@pytest.mark.parametrize(("value", "seconds"), [("2", 2.0), ("0.5", 0.5), ("", 30.0), ("soon", 30.0), ("0", 30.0),
                                                 ("-3", 30.0), ("nan", 30.0), ("1e9", 30.0)])
def test_a_test_may_shorten_the_release_time(monkeypatch: pytest.MonkeyPatch, value: str, seconds: float) -> None:
    """``QUACKS_AUDIO_RELEASE_S`` (the idle test's 2 s instead of 30); a value that is no sensible number of
    seconds leaves a player's 30 s."""
    monkeypatch.setenv(sound_mod.AUDIO_RELEASE_ENV, value)
    assert sound_mod.audio_release_seconds() == seconds
