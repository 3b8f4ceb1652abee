"""A rules file as a PettingZoo AEC environment with action masks.

    >>> from rulebook.pettingzoo import env
    >>> e = env("games/connect-four.rules")
    >>> e.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> e.step(int(obs["action_mask"].nonzero()[0][0]))

Agents are named after the players, lower-cased, with their index (`red_0`,
`yellow_1`), in the rules' order. Each
observation is a dict: `observation` (the board tensor, float32, of the
game's `tensor_shape`) and `action_mask` (int8, one entry per action id, 1
where legal). The action space is `Discrete(game.num_actions)` (the
package's action ids). Rewards come at the end: 1 to the winner, −1 shared
by the others, 0 in a draw. A game still going after `max_moves` moves is
truncated.
"""

import gymnasium
import numpy as np
from pettingzoo import AECEnv

import rulebook

DEFAULT_MAX_MOVES = 1000


def env(rules, options=None, max_moves=DEFAULT_MAX_MOVES, render_mode=None, slots=None):
    """The environment of a rules file (a path, or a `rulebook.Game`)."""
    game = rules if isinstance(rules, rulebook.Game) else rulebook.load(rules, options, slots)
    return RulebookEnv(game, max_moves=max_moves, render_mode=render_mode)


class RulebookEnv(AECEnv):
    """Turn-based play of any rules file."""

    metadata = {"render_modes": ["ansi"], "name": "rulebook_v0", "is_parallelizable": False}

    def __init__(self, game, max_moves=DEFAULT_MAX_MOVES, render_mode=None):
        super().__init__()
        self.game = game
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"rulebook_{game.title}")
        self.possible_agents = [
            "".join(c if c.isalnum() else "_" for c in p.lower()) + f"_{i}" for i, p in enumerate(game.players)
        ]
        shape = game.tensor_shape
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(game.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(game.num_actions) for a in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.state = self.game.start()
        self.moves = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state.mover]
        self._settle()

    def observe(self, agent):
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if not (self.terminations.get(agent) or self.truncations.get(agent)):
            if self.possible_agents.index(agent) == self.state.mover:
                mask = rulebook.action_mask(self.state).copy()
        return {"observation": rulebook.tensor(self.state).copy(), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self.moves += 1
        self._settle()
        self._accumulate_rewards()

    def _settle(self):
        """Rewards and flags after a move; the next agent."""
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                if a in self.rewards:
                    self.rewards[a] = r
            self.terminations = {a: True for a in self.agents}
        elif self.moves >= self.max_moves:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state.mover]

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        return self.state.text

    def close(self):
        pass
