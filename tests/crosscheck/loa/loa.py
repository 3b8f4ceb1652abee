#!/usr/bin/env python3
"""An independent Lines of Action move generator, written from the rules alone.

Rules (as commonly published, e.g. Sid Sackson, "A Gamut of Games", 1969):
8x8 board; Black on b1-g1 and b8-g8, White on a2-a7 and h2-h7; Black moves
first.  A checker moves in a straight line (orthogonal or diagonal) exactly
as many squares as there are checkers of both colours on the whole line of
movement (both ways from the checker, the checker itself included).  It may
jump over its own checkers but not over enemy checkers; it may land on an
enemy checker, capturing it, but not on its own.  After a move, a player whose
checkers form one group (connected through the eight neighbours) wins; when a
move connects both players, the mover wins.  A player with no move passes
(when neither player can move, the game is drawn).  Added for random games:
the game is drawn after 300 moves (plies), passes included.

Squares are (file, rank), 0-based; moves are written `c1-c3` or, capturing,
`c1xa3`; a pass is `pass`.  Standard library only.
"""

SIZE = 8
BLACK, WHITE = "Black", "White"
DIRECTIONS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
MOVE_LIMIT = 300


def other(player):
    return WHITE if player == BLACK else BLACK


def name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def square(text):
    return ("abcdefgh".index(text[0]), int(text[1:]) - 1)


def on_board(f, r):
    return 0 <= f < SIZE and 0 <= r < SIZE


class State:
    """The board (square -> player), the player to move and the moves made."""

    def __init__(self, board, to_move, ply=0):
        self.board = dict(board)
        self.to_move = to_move
        self.ply = ply
        self.result = None  # None: not decided yet
        self.last_mover = other(to_move)

    def copy(self):
        s = State(self.board, self.to_move, self.ply)
        s.result = self.result
        s.last_mover = self.last_mover
        return s


def new_game():
    board = {}
    for f in range(1, 7):
        board[(f, 0)] = BLACK
        board[(f, 7)] = BLACK
    for r in range(1, 7):
        board[(0, r)] = WHITE
        board[(7, r)] = WHITE
    s = State(board, BLACK)
    s.result = decide(s, BLACK)
    return s


def from_text(text):
    """A position in rulebook's generic position text (LANGUAGE.md 13.1):
    rows from rank 8 down, `C` Black's checker, `c` White's, digits for
    empty squares, then `b` or `w` for the player to move and `ply:N`."""
    parts = text.split()
    rows = parts[0].split("/")
    assert len(rows) == SIZE
    board = {}
    for i, row in enumerate(rows):
        rank = SIZE - 1 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, rank)] = BLACK if ch == "C" else WHITE
                assert ch in "Cc"
                f += 1
        assert f == SIZE
    to_move = BLACK if parts[1] == "b" else WHITE
    ply = 0
    for field in parts[2:]:
        if field.startswith("ply:"):
            ply = int(field[4:])
    s = State(board, to_move, ply)
    s.result = decide(s, other(to_move))
    return s


def one_group(board, player):
    cells = [sq for sq, p in board.items() if p == player]
    if not cells:
        return False
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        f, r = todo.pop()
        for df, dr in DIRECTIONS:
            n = (f + df, r + dr)
            if n not in seen and board.get(n) == player:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def decide(state, mover):
    """The result after `mover`'s move (or at the start), None if the game goes on."""
    if one_group(state.board, mover):
        return "win " + mover
    if one_group(state.board, other(mover)):
        return "win " + other(mover)
    if state.ply >= MOVE_LIMIT:
        return "draw"
    return None


def line_count(board, sq, d):
    """Checkers on the whole line through `sq` along direction d, both ways."""
    n = 1 if sq in board else 0
    for sign in (1, -1):
        f, r = sq[0] + sign * d[0], sq[1] + sign * d[1]
        while on_board(f, r):
            if (f, r) in board:
                n += 1
            f, r = f + sign * d[0], r + sign * d[1]
    return n


def piece_moves(board, player):
    moves = []
    for sq, p in board.items():
        if p != player:
            continue
        for d in DIRECTIONS:
            n = line_count(board, sq, d)
            tf, tr = sq[0] + n * d[0], sq[1] + n * d[1]
            if not on_board(tf, tr):
                continue
            blocked = False
            for k in range(1, n):
                if board.get((sq[0] + k * d[0], sq[1] + k * d[1])) == other(player):
                    blocked = True
                    break
            if blocked:
                continue
            target = board.get((tf, tr))
            if target == player:
                continue
            sep = "x" if target is not None else "-"
            moves.append(name(sq) + sep + name((tf, tr)))
    return moves


def legal_moves(state):
    if state.result is not None:
        return []
    moves = piece_moves(state.board, state.to_move)
    if moves:
        return sorted(set(moves))
    # No move: pass, when the opponent would then have one.
    if piece_moves(state.board, other(state.to_move)):
        return ["pass"]
    return []


def status(state):
    if state.result is not None:
        return state.result
    if not legal_moves(state):
        return "draw"  # neither player can move
    return "ongoing"


def play(state, move):
    """The state after `move` (a new state)."""
    if move not in legal_moves(state):
        raise ValueError(f"illegal move {move}")
    s = state.copy()
    mover = state.to_move
    if move != "pass":
        a, b = move.replace("x", "-").split("-")
        s.board.pop(square(a))
        s.board[square(b)] = mover
    s.ply += 1
    s.to_move = other(mover)
    s.last_mover = mover
    s.result = decide(s, mover)
    return s


def perft(state, depth):
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(play(state, m), depth - 1) for m in moves)
