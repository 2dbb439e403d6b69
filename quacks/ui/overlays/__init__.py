"""Overlays: small scenes drawn over the table (the pause menu, a confirmation, the round results, the
bag, the log, a choice). Each is one class with its own input and drawing; a new
one is one file here, pushed with ``app.push(...)``."""
