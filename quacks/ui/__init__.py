"""The pygame-ce table: the App (window, scene stack, frame loop), scenes, overlays, views, widgets,
motion, sound and procedural art. Nothing outside this package imports pygame."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything here imports pygame
