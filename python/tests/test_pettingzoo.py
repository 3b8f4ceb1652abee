"""Rules files as PettingZoo environments pass PettingZoo's API test."""

import numpy as np
import pytest
from pettingzoo.test import api_test

from conftest import game_path
from rulebook.pettingzoo import env


@pytest.mark.parametrize("name", ["connect-four", "tic-tac-toe", "breakthrough"])
def test_the_environment_passes_the_api_test(name):
    api_test(env(game_path(name)), num_cycles=300)


def test_a_game_ends_with_the_winners_reward_and_masks_only_legal_actions():
    e = env(game_path("tic-tac-toe"))
    e.reset(seed=1)
    assert e.agents == ["x_0", "o_1"]
    # X drops crosses (ids 0–8 by cell), O noughts (9–17): X a1, O a2, X b1, O b2.
    for action in [0, 12, 1, 13]:
        observation, *_ = e.last()
        assert observation["action_mask"][action] == 1
        e.step(action)
    observation, *_ = e.last()
    assert observation["action_mask"].sum() == 5
    e.step(2)  # c1: three in a row
    assert all(e.terminations.values())
    assert e.rewards == {"x_0": 1.0, "o_1": -1.0}
    assert np.all(e.observe("o_1")["action_mask"] == 0)
