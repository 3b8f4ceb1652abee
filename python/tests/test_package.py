"""The package itself: loading with options, moves by id and notation,
undo and clones, positions as text, tensors, perft, playouts, the agent,
and errors that carry their diagnostics."""

import numpy as np
import pytest

import rulebook
from conftest import game_path


def test_options_shape_the_game_and_actions_stay_below_the_bound(load):
    small = load("hex", {"size": 5})
    assert small.options == {"size": 5}
    assert small.cells[:3] == ["a1", "b1", "c1"] and len(small.cells) == 25
    state = small.start()
    assert state.legal_actions() == list(range(25))
    assert max(state.legal_actions()) < small.num_actions
    assert small.describe_action(7) == ("drop", 0, 7, 0)
    assert small.perft(2) == 25 * 24
    assert rulebook.load(game_path("hex")).options == {"size": 11}


def test_moves_by_id_and_by_notation_agree_and_undo_takes_them_back(load):
    game = load("breakthrough")
    state = game.start()
    assert len(state.legal_moves()) == 22
    action = state.string_to_action("a2-a3")
    assert state.action_to_string(action) == "a2-a3"
    copy = state.clone()
    state.apply_action(action)
    assert state.history() == ["a2-a3"] and copy.history() == []
    assert state.mover == 1 and copy.mover == 0
    assert state.play("h7-h6") == "h7-h6"
    assert game.perft(1, state) == len(state.legal_moves()) == 23
    state.undo()
    state.undo()
    assert state.text == copy.text
    with pytest.raises(rulebook.MoveError):
        state.undo()


def test_a_position_read_from_text_plays_on(load):
    game = load("breakthrough")
    state = game.state("7p/2P5/8/8/8/8/8/8 w ply:10")
    assert state.status() == "ongoing"
    state.play("c7-c8")
    assert state.is_terminal() and state.status() == "win"
    assert state.winner == 0 and state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []
    assert game.state(state.text).text == state.text
    with pytest.raises(rulebook.PositionError) as caught:
        game.state("not a position")
    assert caught.value.diagnostics[0]["code"] == "rules::cli::bad_position"


def test_the_tensor_has_a_plane_per_owner_and_kind_and_one_per_mover(load):
    game = load("connect-four")
    state = game.start()
    state.play("D@d1")
    planes = rulebook.tensor(state)
    assert planes.shape == game.tensor_shape == (4, 6, 7)
    assert planes.dtype == np.float32
    row, col = game.cell_layout[game.cells.index("d1")]
    assert planes[0, row, col] == 1 and planes[0].sum() == 1 and planes[1].sum() == 0
    assert planes[3].min() == 1 and planes[2].max() == 0
    assert list(rulebook.action_mask(state).nonzero()[0]) == state.legal_actions()


def test_reserves_and_counters_have_planes_of_their_own(load):
    game = load("minishogi")
    assert "Sente reserve Pawn" in game.plane_names
    assert rulebook.tensor(game.start()).shape == game.tensor_shape


def test_moves_sharing_a_head_get_slots(load):
    game = load("chess")
    state = game.state("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    promotions = [(a, t) for a, t in state.legal() if t.startswith("b7")]
    assert len(promotions) == 4
    assert sorted(a // game.action_heads for a, _ in promotions) == [0, 1, 2, 3]
    assert state.unencodable == 0
    narrow = rulebook.load(game_path("chess"), slots=2).state("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    assert narrow.unencodable == 2 and len(narrow.legal_actions()) == len(state.legal_actions()) - 2


def test_playouts_run_in_rust_and_repeat_with_their_seed(load):
    game = load("tic-tac-toe")
    stats = game.playouts(2000, seed=3)
    assert stats["games"] == 2000
    assert sum(stats["wins"]) + stats["draws"] == 2000
    assert 5 * 2000 <= stats["moves"] <= 9 * 2000
    assert game.playouts(2000, seed=3, threads=2) == stats
    state = game.start()
    state.play("b2")
    assert game.playouts(10, state=state)["moves"] <= 80
    assert sum(state.random_playout(seed=1)) == 0


def test_the_agent_takes_a_win_and_says_so(load):
    game = load("tic-tac-toe")
    state = game.start()
    for move in ["a1", "a2", "b1", "b2"]:
        state.play(move)
    agent = rulebook.Agent(game, "mcts:500", seed=1)
    choice = agent.choose(state)
    assert choice["move"] == "X@c1"
    assert choice["action"] == state.string_to_action("c1")
    assert choice["estimate"] == {"win": 1.0, "draw": 0.0, "proven": 1}
    with pytest.raises(rulebook.AgentError):
        rulebook.Agent(game, "mcts:zero")


def test_errors_carry_their_diagnostics():
    with pytest.raises(rulebook.RulesError) as caught:
        rulebook.from_text('game "x"\nplayers A, B\nboard grid files a..c ranks 1..3\nend { bogus }\n', "x.rules")
    error = caught.value
    assert isinstance(error, rulebook.RulebookError) and isinstance(error, ValueError)
    assert "x.rules" in error.rendered
    first = error.diagnostics[0]
    assert first["code"].startswith("rules::") and first["line"] >= 1 and first["column"] >= 1
    with pytest.raises(rulebook.RulesError) as caught:
        rulebook.load(game_path("hex"), {"size": 99})
    assert caught.value.diagnostics[0]["code"] == "rules::cli::option"
    with pytest.raises(rulebook.RulesError):
        rulebook.load("no/such/file.rules")
    state = rulebook.load(game_path("tic-tac-toe")).start()
    with pytest.raises(rulebook.MoveError):
        state.apply_action(10_000)
    with pytest.raises(rulebook.MoveError):
        state.play("z9")
