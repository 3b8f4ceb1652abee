"""Any board game written as a rulebook rules file, as a game for Python.

    >>> import rulebook
    >>> game = rulebook.load("games/connect-four.rules")
    >>> state = game.start()
    >>> state.play("D@d1")
    'D@d1'
    >>> rulebook.tensor(state).shape == game.tensor_shape
    True

`Game` (a rules file compiled with its options), `State` (a position with
its legal moves as action ids and notation), `Agent` (the program's tree
search) come from the native module; `tensor` and `action_mask` give numpy
arrays. `rulebook.openspiel` registers a rules file as an OpenSpiel game and
`rulebook.pettingzoo` makes a PettingZoo environment of one. Every error is
a `RulebookError` carrying `rendered` (the diagnostics as text) and
`diagnostics` (a list of dicts: code, message, severity, line, column, help).
"""

import numpy as np

from rulebook._rulebook import (
    Agent,
    AgentError,
    Game,
    MoveError,
    PositionError,
    RulebookError,
    RulesError,
    State,
)

__all__ = [
    "Agent",
    "AgentError",
    "Game",
    "MoveError",
    "PositionError",
    "RulebookError",
    "RulesError",
    "State",
    "action_mask",
    "load",
    "from_text",
    "tensor",
]


def load(path, options=None, slots=None):
    """Compiles the rules file at `path` with `options` (a dict of option values)."""
    return Game.load(str(path), options, slots)


def from_text(text, name="rules", options=None, slots=None):
    """Compiles rules given as text."""
    return Game.from_text(text, name, options, slots)


def tensor(state):
    """The board tensor of `state`: a float32 numpy array of the game's
    `tensor_shape` (planes, height, width): planes per piece kind and owner,
    then reserves, the pool, counters and the mover (`Game.plane_names`
    names them, `Game.cell_layout` places the cells)."""
    data = np.frombuffer(state.tensor_bytes(), dtype=np.float32)
    return data.reshape(state.tensor_shape)


def action_mask(state):
    """A 0/1 int8 numpy array over every action id: 1 where the id is legal."""
    return np.frombuffer(state.action_mask(), dtype=np.int8)
