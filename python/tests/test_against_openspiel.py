"""Random games played through the package and through OpenSpiel's own
implementations side by side: at every position both must list the same
legal moves (translated between the two notations) and agree on whether
the game is over and on its result."""

import random

import pyspiel
import pytest

import rulebook
from conftest import game_path


def connect_four(ours, theirs, action):
    """OpenSpiel's action: a column; ours: a drop in that column."""
    return [t for _, t in ours.legal() if t[2] == "abcdefg"[action]]


def tic_tac_toe(ours, theirs, action):
    """OpenSpiel's action: row × 3 + column; ours: the mark on (file = column, rank = row + 1)."""
    row, col = divmod(action, 3)
    cell = f"{'abc'[col]}{row + 1}"
    return [t for _, t in ours.legal() if t.endswith("@" + cell)]


def breakthrough(ours, theirs, action):
    """OpenSpiel's first player starts on ranks 7 and 8 and moves down:
    its rank r is our rank 9 − r."""
    text = theirs.action_to_string(theirs.current_player(), action).rstrip("*")
    flip = lambda cell: f"{cell[0]}{9 - int(cell[1])}"
    start, end = flip(text[:2]), flip(text[2:4])
    return [t for _, t in ours.legal() if t[:2] == start and t[3:5] == end]


def hex_(ours, theirs, action):
    """OpenSpiel's cell names (file letter, rank number) are ours."""
    text = theirs.action_to_string(theirs.current_player(), action)
    return [t for _, t in ours.legal() if t == "S@" + text]


CASES = [
    ("connect-four", {}, "connect_four", {}, connect_four, 150),
    ("tic-tac-toe", {}, "tic_tac_toe", {}, tic_tac_toe, 300),
    ("breakthrough", {}, "breakthrough", {}, breakthrough, 60),
    ("hex", {"size": 7}, "hex", {"board_size": 7}, hex_, 100),
    ("hex", {"size": 11}, "hex", {"board_size": 11}, hex_, 10),
]


@pytest.mark.parametrize("name,options,spiel_name,params,translate,games", CASES)
def test_random_games_agree_with_openspiel(name, options, spiel_name, params, translate, games):
    game = rulebook.load(game_path(name), options)
    spiel = pyspiel.load_game(spiel_name, params)
    rng = random.Random(7)
    for _ in range(games):
        ours, theirs = game.start(), spiel.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), (ours.history(), str(theirs))
            if theirs.is_terminal():
                break
            assert ours.mover == theirs.current_player()
            legal = theirs.legal_actions()
            translated = [translate(ours, theirs, a) for a in legal]
            assert all(len(t) == 1 for t in translated), (ours.history(), legal, translated)
            assert sorted(t[0] for t in translated) == ours.legal_moves(), ours.history()
            pick = rng.randrange(len(legal))
            ours.play(translated[pick][0])
            theirs.apply_action(legal[pick])
        assert ours.returns() == list(theirs.returns()), ours.history()
