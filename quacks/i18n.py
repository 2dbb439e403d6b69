"""Player-facing text goes through here: ``_("...")`` for a sentence, ``ngettext`` where a count is involved.

Every sentence is written whole with named placeholders (``_("{name} stops.").format(name=...)``), never
glued from pieces, so that another language can order its words its own way. Until catalogues are
installed, the English source text is what a player reads.
"""

from __future__ import annotations


def _(message: str) -> str:
    """The text of ``message`` in the player's language."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the player's language."""
    return singular if n == 1 else plural


def N_(message: str) -> str:  # noqa: N802 - the usual name of gettext's "mark only" function
    """Mark ``message`` for translation where it is defined; translate it with ``_`` where it is shown."""
    return message
