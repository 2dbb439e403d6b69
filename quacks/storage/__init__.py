"""Persistence: settings, saves, replays and statistics that survive crashes, bad files and updates.

Every file is written atomically (temp file, fsync, rename, previous copy kept as ``.bak``) and every
loader reports a bad file with what is wrong and where it is, keeps it aside (``.corrupt-<time>``) and
goes on with the backup or the defaults. Only :class:`StorageError` ever reaches the caller.

Modules: ``paths`` (folders), ``files`` (safe write/read), ``settings``, ``saves`` (autosave, slots),
``replays`` (files and the step cursor), ``stats`` (statistics per local player).
"""

from __future__ import annotations

from .files import StorageError

__all__ = ["StorageError"]
