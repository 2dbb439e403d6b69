"""The table of a game played across computers (issue 22).

STUB (online-screens branch): the lead writes this module; on merge, the lead's version replaces this file. The
lobby (``scenes/lobby.py``) calls :func:`start_online_table` when its link's phase is ``IN_GAME``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..net.link import NetLink
    from .app import App


def start_online_table(app: App, link: NetLink) -> None:
    """STUB, replaced on merge: put the table of ``link``'s game on ``app``'s stack."""
    raise NotImplementedError("start_online_table: the lead's module replaces this stub on merge")
