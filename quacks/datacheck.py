"""``python -m quacks check-data`` and the selftest: every problem of a data folder, whoever reads the file.

The rule files and the translations are read and checked in ``content``; the guided game's script
(``tutorial.yaml``) in ``tutorial``, which stands above ``content`` (its script names the rules' kinds and
the bots' levels). This module stands above both and puts their checks together, so neither has to import
the other's checks.
"""

from __future__ import annotations

from pathlib import Path

from .ai.expert import WEIGHTS_FILE, weights_problem
from .content.loader import load_folder
from .content.translations import check_translations as check_texts
from .resources import data_dir
from .rules.catalogue import Catalogue
from .rules.params import DataError
from .tutorial.script import check_script, tutorial_texts


def check_data(folder: Path | str | None = None) -> list[DataError]:
    """Every problem of a data folder: its rule files and the guided game's script (``tutorial.yaml``, checked
    against the folder's rules once they load). Never raises: every problem is an error naming its file."""
    root = Path(folder) if folder is not None else data_dir()
    cat, errors = load_folder(root)
    if cat is None or errors:
        return errors
    return check_bot_weights(cat) + check_script(root, cat)


def check_bot_weights(cat: Catalogue) -> list[DataError]:
    """The Expert bot's weights (``data/bots/expert.yaml``): there, and fit for this game's features and rounds
    (every weight and scale a finite number, every row the features' length). The content loader only reads the
    file (the bots' features are above it); a broken file let the Expert fail at its last round's decisions
    (issue 30 §7)."""
    problem = weights_problem(cat)
    return [DataError(WEIGHTS_FILE, "", problem)] if problem else []


def check_translations(folder: Path | str | None = None) -> tuple[list[DataError], list[DataError]]:
    """(errors, warnings) of the data's translations, ``data/i18n/<lang>.yaml`` for every language of the game
    and every such file there is (``content.translations``: the keys and what is checked). ``check-data
    --strict`` counts warnings as errors. Nothing is checked while the data itself has errors."""
    root = Path(folder) if folder is not None else data_dir()
    cat, errors = load_folder(root)
    if cat is None or errors:
        return [], []
    return check_texts(root, cat, tutorial_texts(root))
