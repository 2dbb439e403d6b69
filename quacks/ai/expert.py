"""Expert: Hard's exact reasoning inside a round, a learned value of the whole game around it, played for the win.

(Work in progress on branch ``expert``: the learned value is being built; this class plays as Hard until then.)
"""

from __future__ import annotations

from .hard import HardBot


class ExpertBot(HardBot):
    level = "expert"
