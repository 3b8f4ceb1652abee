"""Rules files registered as OpenSpiel games: OpenSpiel's own algorithms
run on them unchanged."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.observation import make_observation

import rulebook.openspiel
from conftest import game_path

REGISTERED = {}


def spiel_game(name, options=None):
    """The OpenSpiel game of a shipped rules file (registered once per name)."""
    if name not in REGISTERED:
        REGISTERED[name] = rulebook.openspiel.register(game_path(name), options=options)
    return pyspiel.load_game(REGISTERED[name])


@pytest.mark.parametrize("name,options", [("tic-tac-toe", None), ("connect-four", None), ("hex", {"size": 5})])
def test_openspiels_mcts_bot_plays_a_full_game(name, options):
    game = spiel_game(name, options)
    assert REGISTERED[name] == "rulebook_" + name.replace("-", "_")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 1.4, 60, evaluator, random_state=np.random.RandomState(seed), solve=True)
        for seed in (2, 3)
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(4))
    assert len(returns) == 2 and sum(returns) == 0
    # evaluate_bots plays on a state of its own; replay the game here too.
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    assert moves <= game.max_game_length()
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_states_clone_observe_and_name_their_actions():
    game = spiel_game("connect-four")
    assert game.num_distinct_actions() == rulebook.load(game_path("connect-four")).num_actions
    state = game.new_initial_state()
    state.apply_action(3)  # D@d1: drops are numbered by cell, rank by rank
    copy = state.clone()
    copy.apply_action(10)
    assert state.history() == [3] and copy.history() == [3, 10]
    assert state.legal_actions() == [0, 1, 2, 4, 5, 6, 10]
    assert state.action_to_string(state.current_player(), 10) == "D@d2"
    observation = make_observation(game)
    observation.set_from(copy, 0)
    planes = observation.dict["observation"]
    assert planes.shape == (4, 6, 7)
    assert planes[0].sum() == 1 and planes[1].sum() == 1 and planes[2].sum() == 42
