"""A rules file as an OpenSpiel game.

    >>> import pyspiel, rulebook.openspiel
    >>> name = rulebook.openspiel.register("games/hex.rules", options={"size": 7})
    >>> game = pyspiel.load_game(name)          # "rulebook_hex"

`register` makes a Python game class for the rules and registers it with
`pyspiel.register_game` under `rulebook_<stem>` (the file's name without
`.rules`, `-` turned to `_`), so that OpenSpiel's own algorithms (its MCTS
bot, minimax, evaluation) run on it unchanged. Its actions are the
package's action ids (`Game.num_actions` distinct actions; see the action
encoding in the docs); a legal move that has no id (`State.unencodable`) is
left out of the legal actions. A game still going after `max_game_length`
moves ends as a draw, so that random rollouts always end. Returns: 1 to the
winner and −1 shared by the others (zero-sum), 0 in a draw. The observation
tensor is the package's board tensor (`rulebook.tensor`), flattened.
"""

import os

import numpy as np
import pyspiel

import rulebook

DEFAULT_MAX_GAME_LENGTH = 1000


def short_name(path):
    """The OpenSpiel name of the rules file at `path`: `rulebook_<stem>`."""
    stem = os.path.splitext(os.path.basename(str(path)))[0]
    return "rulebook_" + "".join(c if c.isalnum() else "_" for c in stem)


def register(rules, options=None, name=None, max_game_length=DEFAULT_MAX_GAME_LENGTH, slots=None):
    """Registers a rules file (a path, or a `rulebook.Game`) as an OpenSpiel
    game; its short name (`name`, or `rulebook_<stem>`). One registration per
    name: register each rules file (with its options) once."""
    game = rules if isinstance(rules, rulebook.Game) else rulebook.load(rules, options, slots)
    name = name or short_name(game.source_name)
    players = game.num_players
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{game.title} (rulebook)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=game.num_actions,
        max_chance_outcomes=0,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_game_length,
    )

    class RulebookGame(pyspiel.Game):
        """The rules file as an OpenSpiel game."""

        rules = game

        def __init__(self, params=None):
            super().__init__(game_type, game_info, params or dict())

        def new_initial_state(self):
            return RulebookState(self, game.start())

        def make_py_observer(self, iig_obs_type=None, params=None):
            return BoardObserver(game, params)

    class RulebookState(pyspiel.State):
        """A position of the rules file, for OpenSpiel."""

        def __init__(self, spiel_game, inner):
            super().__init__(spiel_game)
            self.inner = inner
            self.moves = 0

        def current_player(self):
            if self.is_terminal():
                return pyspiel.PlayerId.TERMINAL
            return self.inner.mover

        def _legal_actions(self, player):
            return self.inner.legal_actions()

        def _apply_action(self, action):
            self.inner.apply_action(action)
            self.moves += 1

        def _action_to_string(self, player, action):
            return self.inner.action_to_string(action)

        def is_terminal(self):
            return self.moves >= max_game_length or self.inner.is_terminal()

        def returns(self):
            return self.inner.returns()

        def __str__(self):
            return self.inner.text

    RulebookGame.__name__ = RulebookState.__name__ = name
    pyspiel.register_game(game_type, RulebookGame)
    return name


class BoardObserver:
    """The board tensor as an OpenSpiel observation (the same for every player)."""

    def __init__(self, game, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        shape = game.tensor_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.tensor[:] = rulebook.tensor(state.inner).ravel()

    def string_from(self, state, player):
        return state.inner.text
