"""English checkers (English draughts), written from spec/english-checkers.md.

Board: 8x8, square index = rank * 8 + file (a1 = 0, h8 = 63); only dark
squares ((file + rank) even) are used.  Piece codes: +1 Black man, +2 Black
king, -1 White man, -2 White king, 0 empty.  Black (side 0) moves first and
moves up the board.

Internal move: (path, captured, promote)
  path     -- tuple of square indices: start, then every landing square
  captured -- tuple of squares of the jumped pieces (empty for a step)
  promote  -- True when a man is crowned by this move
"""

PLAYERS = ("Black", "White")
SIZE = 8
NAMES = ["abcdefgh"[i % SIZE] + str(i // SIZE + 1) for i in range(SIZE * SIZE)]
INDEX = {n: i for i, n in enumerate(NAMES)}
DARK = [i for i in range(SIZE * SIZE) if (i % SIZE + i // SIZE) % 2 == 0]

# directions: 0 = up-right, 1 = up-left, 2 = down-right, 3 = down-left
_DIRS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def _build():
    step = [[-1] * 4 for _ in range(SIZE * SIZE)]
    jump = [[None] * 4 for _ in range(SIZE * SIZE)]
    for sq in DARK:
        f, r = sq % SIZE, sq // SIZE
        for d, (df, dr) in enumerate(_DIRS):
            if 0 <= f + df < SIZE and 0 <= r + dr < SIZE:
                step[sq][d] = (r + dr) * SIZE + f + df
            if 0 <= f + 2 * df < SIZE and 0 <= r + 2 * dr < SIZE:
                jump[sq][d] = ((r + dr) * SIZE + f + df, (r + 2 * dr) * SIZE + f + 2 * df)
    return step, jump


STEP, JUMP = _build()
# per side: directions a man may use, and the crowning rank as a set of squares
MAN_DIRS = ((0, 1), (2, 3))
KING_DIRS = (0, 1, 2, 3)
CROWN = (frozenset(range(56, 64)), frozenset(range(0, 8)))
SIGN = (1, -1)
# step/jump tables restricted to the directions each kind may use, for speed
MAN_STEPS = tuple(tuple(tuple(STEP[sq][d] for d in MAN_DIRS[s] if STEP[sq][d] >= 0)
                        for sq in range(64)) for s in (0, 1))
KING_STEPS = tuple(tuple(STEP[sq][d] for d in KING_DIRS if STEP[sq][d] >= 0) for sq in range(64))
MAN_JUMPS = tuple(tuple(tuple(JUMP[sq][d] for d in MAN_DIRS[s] if JUMP[sq][d])
                        for sq in range(64)) for s in (0, 1))
KING_JUMPS = tuple(tuple(JUMP[sq][d] for d in KING_DIRS if JUMP[sq][d]) for sq in range(64))


class State:
    __slots__ = ("board", "side", "quiet", "limit", "_moves")

    def __init__(self, board, side, quiet, limit):
        self.board = board      # list of 64 ints
        self.side = side        # 0 = Black to move, 1 = White to move
        self.quiet = quiet      # consecutive plies without capture and without a man moving
        self.limit = limit      # quiet_draw option (0 = off)
        self._moves = None      # cache: {text: internal move}

    def copy(self):
        return State(self.board[:], self.side, self.quiet, self.limit)

    def __repr__(self):
        rows = []
        for r in range(SIZE - 1, -1, -1):
            row = []
            for f in range(SIZE):
                v = self.board[r * SIZE + f]
                row.append({0: ".", 1: "b", 2: "B", -1: "w", -2: "W"}[v])
            rows.append(f"{r + 1} " + " ".join(row))
        rows.append("  " + " ".join("abcdefgh"))
        return "\n".join(rows) + f"\n{PLAYERS[self.side]} to move, quiet={self.quiet}"


def _parse_options(options):
    options = dict(options or {})
    limit = int(options.pop("quiet_draw", "0"))
    if limit < 0:
        raise ValueError("quiet_draw must be >= 0")
    if options:
        raise ValueError(f"unknown option(s): {sorted(options)}")
    return limit


def new_game(options=None):
    board = [0] * 64
    for sq in DARK:
        r = sq // SIZE
        if r <= 2:
            board[sq] = 1
        elif r >= 5:
            board[sq] = -1
    return State(board, 0, 0, _parse_options(options))


def setup(pieces, to_move="Black", options=None, quiet=0):
    """Test helper: a position from {cell: code}, code 'b' Black man, 'B' Black
    king, 'w' White man, 'W' White king."""
    board = [0] * 64
    codes = {"b": 1, "B": 2, "w": -1, "W": -2}
    for cell, code in pieces.items():
        sq = INDEX[cell]
        if sq not in DARK:
            raise ValueError(f"{cell} is not a dark cell")
        board[sq] = codes[code]
    return State(board, PLAYERS.index(to_move), quiet, _parse_options(options))


def _captures(board, side, sq, v, out):
    """Append every complete jump sequence of the piece v standing on sq."""
    sg = SIGN[side]
    king = v * sg == 2
    jumps = KING_JUMPS if king else MAN_JUMPS[side]
    crown = CROWN[side]
    path = [sq]
    capd = []

    def dfs(cur):
        found = False
        for mid, land in jumps[cur]:
            if board[mid] * sg < 0 and board[land] == 0 and mid not in capd:
                found = True
                path.append(land)
                capd.append(mid)
                if not king and land in crown:
                    # crowning ends the move
                    out.append((tuple(path), tuple(capd), True))
                else:
                    dfs(land)
                path.pop()
                capd.pop()
        if not found and capd:
            out.append((tuple(path), tuple(capd), False))

    board[sq] = 0           # the start cell counts as empty during the move
    dfs(sq)
    board[sq] = v


def _has_capture(board, side, sq, v):
    sg = SIGN[side]
    jumps = KING_JUMPS if v * sg == 2 else MAN_JUMPS[side]
    for mid, land in jumps[sq]:
        if board[mid] * sg < 0 and board[land] == 0:
            return True
    return False


def _generate(board, side):
    """All legal internal moves, ignoring the quiet-draw rule."""
    sg = SIGN[side]
    own = [sq for sq in DARK if board[sq] * sg > 0]
    caps = []
    for sq in own:
        v = board[sq]
        if _has_capture(board, side, sq, v):
            _captures(board, side, sq, v, caps)
    if caps:
        return caps
    moves = []
    crown = CROWN[side]
    man_steps = MAN_STEPS[side]
    for sq in own:
        if board[sq] * sg == 2:
            for to in KING_STEPS[sq]:
                if board[to] == 0:
                    moves.append(((sq, to), (), False))
        else:
            for to in man_steps[sq]:
                if board[to] == 0:
                    moves.append(((sq, to), (), to in crown))
    return moves


def move_text(mv):
    path, capd, _ = mv
    return ("x" if capd else "-").join([NAMES[p] for p in path])


def _apply(board, mv):
    """Apply an internal move to board in place; returns True when the move
    resets the quiet counter (a capture or a man moving)."""
    path, capd, promote = mv
    fr, to = path[0], path[-1]
    v = board[fr]
    board[fr] = 0
    for c in capd:
        board[c] = 0
    board[to] = v * 2 if promote else v
    return bool(capd) or v in (1, -1)


def _game_over_by_draw(state):
    return state.limit > 0 and state.quiet >= state.limit


def _move_table(state):
    if state._moves is None:
        if _game_over_by_draw(state):
            state._moves = {}
        else:
            state._moves = {move_text(m): m for m in _generate(state.board, state.side)}
    return state._moves


def legal_moves(state):
    return list(_move_table(state))


def play(state, move):
    mv = _move_table(state).get(move)
    if mv is None:
        raise ValueError(f"illegal move {move!r}")
    board = state.board[:]
    reset = _apply(board, mv)
    return State(board, 1 - state.side, 0 if reset else state.quiet + 1, state.limit)


def status(state):
    if not _generate(state.board, state.side):
        return "win " + PLAYERS[1 - state.side]
    if _game_over_by_draw(state):
        return "draw"
    return "ongoing"


def _perft(board, side, quiet, limit, depth):
    if limit and quiet >= limit:
        return 0
    moves = _generate(board, side)
    if depth == 1:
        return len(moves)
    total = 0
    other = 1 - side
    d1 = depth - 1
    for mv in moves:
        b = board[:]
        total += _perft(b, other, 0 if _apply(b, mv) else quiet + 1, limit, d1)
    return total


def perft(state, depth):
    if depth == 0:
        return 1
    return _perft(state.board[:], state.side, state.quiet, state.limit, depth)


def divide(state, depth):
    """{move text: perft(depth - 1) after it}."""
    return {m: perft(play(state, m), depth - 1) for m in legal_moves(state)}
