"""Independent rule implementations used to cross-check the `rulebook` engine.

Every module ``games/<game>.py`` (game name with dashes turned into underscores)
exposes ``new_game``, ``legal_moves``, ``play``, ``status`` and ``perft``.
"""
import importlib


def load(game: str):
    """Import the module for a game name such as ``connect-four``."""
    name = game.strip().replace("-", "_")
    if not name.isidentifier():
        raise ValueError(f"bad game name {game!r}")
    return importlib.import_module(f"games.{name}")


def check_options(game: str, options: dict, allowed=()):
    """Raise ValueError for any option a game does not know."""
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        known = ", ".join(allowed) if allowed else "none"
        raise ValueError(f"{game}: unknown option(s) {', '.join(unknown)} (known: {known})")


def cell_names(files: int, ranks: int):
    """Names of the cells of a files x ranks board, index = rank_index * files + file_index."""
    return [chr(ord("a") + f) + str(r + 1) for r in range(ranks) for f in range(files)]


def parse_sets(pairs):
    """Turn ["k=v", ...] (from repeated --set) into a dict of strings."""
    options = {}
    for pair in pairs or ():
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise ValueError(f"--set expects key=value, got {pair!r}")
        options[key.strip()] = value.strip()
    return options
