"""Shared helpers: the shipped games, found from the repository's top."""

import pathlib

import pytest

import rulebook

ROOT = pathlib.Path(__file__).resolve().parents[2]


def game_path(name):
    """The path of a shipped game, by its file's stem."""
    return str(ROOT / "games" / f"{name}.rules")


@pytest.fixture
def load():
    """Loads a shipped game by stem, with options."""
    return lambda name, options=None: rulebook.load(game_path(name), options)
