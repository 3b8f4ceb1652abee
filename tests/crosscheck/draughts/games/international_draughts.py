"""International draughts (10x10), written from spec/international-draughts.md.

Board: 10x10, square index = rank * 10 + file (a1 = 0, j10 = 99); only dark
squares ((file + rank) even) are used.  Piece codes: +1 White man, +2 White
king, -1 Black man, -2 Black king, 0 empty.  White (side 0) moves first and
moves up the board.

Internal move: (path, captured, promote)
  path     -- tuple of square indices: start, then every landing square
  captured -- tuple of squares of the captured pieces (empty for a plain move)
  promote  -- True when a man is crowned by this move (it ends on the far rank)
"""

PLAYERS = ("White", "Black")
SIZE = 10
FILES = "abcdefghij"
NAMES = [FILES[i % SIZE] + str(i // SIZE + 1) for i in range(SIZE * SIZE)]
INDEX = {n: i for i, n in enumerate(NAMES)}
DARK = [i for i in range(SIZE * SIZE) if (i % SIZE + i // SIZE) % 2 == 0]

# directions: 0 = up-right, 1 = up-left, 2 = down-right, 3 = down-left
_DIRS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def _build():
    rays = [[()] * 4 for _ in range(SIZE * SIZE)]
    for sq in DARK:
        f, r = sq % SIZE, sq // SIZE
        for d, (df, dr) in enumerate(_DIRS):
            ray = []
            ff, rr = f + df, r + dr
            while 0 <= ff < SIZE and 0 <= rr < SIZE:
                ray.append(rr * SIZE + ff)
                ff += df
                rr += dr
            rays[sq][d] = tuple(ray)
    return rays


RAYS = _build()
SIGN = (1, -1)
MAN_DIRS = ((0, 1), (2, 3))   # forward directions for plain man moves
CROWN = (frozenset(range(90, 100)), frozenset(range(0, 10)))
# rays per square, only non-empty ones
KING_RAYS = tuple(tuple(r for r in RAYS[sq] if r) for sq in range(SIZE * SIZE))
# man jumps (all four directions): (jumped square, landing square)
MAN_JUMPS = tuple(tuple((r[0], r[1]) for r in RAYS[sq] if len(r) >= 2) for sq in range(SIZE * SIZE))
# man forward steps per side
MAN_STEPS = tuple(tuple(tuple(RAYS[sq][d][0] for d in MAN_DIRS[s] if RAYS[sq][d])
                        for sq in range(SIZE * SIZE)) for s in (0, 1))


class State:
    __slots__ = ("board", "side", "quiet", "limit", "_moves")

    def __init__(self, board, side, quiet, limit):
        self.board = board      # list of 100 ints
        self.side = side        # 0 = White to move, 1 = Black to move
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
                row.append({0: ".", 1: "w", 2: "W", -1: "b", -2: "B"}[v])
            rows.append(f"{r + 1:2} " + " ".join(row))
        rows.append("   " + " ".join(FILES))
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
    board = [0] * (SIZE * SIZE)
    for sq in DARK:
        r = sq // SIZE
        if r <= 3:
            board[sq] = 1
        elif r >= 6:
            board[sq] = -1
    return State(board, 0, 0, _parse_options(options))


def setup(pieces, to_move="White", options=None, quiet=0):
    """Test helper: a position from {cell: code}, code 'w' White man, 'W' White
    king, 'b' Black man, 'B' Black king."""
    board = [0] * (SIZE * SIZE)
    codes = {"w": 1, "W": 2, "b": -1, "B": -2}
    for cell, code in pieces.items():
        sq = INDEX[cell]
        if sq not in DARK:
            raise ValueError(f"{cell} is not a dark cell")
        board[sq] = codes[code]
    return State(board, PLAYERS.index(to_move), quiet, _parse_options(options))


def _has_capture(board, sg, sq, king):
    if king:
        for ray in KING_RAYS[sq]:
            n = len(ray)
            i = 0
            while i < n and board[ray[i]] == 0:
                i += 1
            if i < n - 1 and board[ray[i]] * sg < 0 and board[ray[i + 1]] == 0:
                return True
        return False
    for mid, land in MAN_JUMPS[sq]:
        if board[mid] * sg < 0 and board[land] == 0:
            return True
    return False


def _captures(board, sg, sq, v, acc):
    """Collect the longest capture sequences of the piece v on sq into acc,
    acc = [best_count, list_of_moves]; sequences shorter than acc[0] are dropped."""
    king = v * sg == 2
    path = [sq]
    capd = []

    def record():
        n = len(capd)
        if n >= acc[0]:
            if n > acc[0]:
                acc[0] = n
                acc[1] = []
            acc[1].append((tuple(path), tuple(capd), False))

    def dfs_man(cur):
        found = False
        for mid, land in MAN_JUMPS[cur]:
            if board[mid] * sg < 0 and board[land] == 0 and mid not in capd:
                found = True
                path.append(land)
                capd.append(mid)
                dfs_man(land)
                path.pop()
                capd.pop()
        if not found:
            record()

    def dfs_king(cur):
        found = False
        for ray in KING_RAYS[cur]:
            n = len(ray)
            i = 0
            while i < n and board[ray[i]] == 0:
                i += 1
            if i >= n - 1:
                continue
            mid = ray[i]
            # must be an enemy not yet jumped (jumped pieces block)
            if board[mid] * sg >= 0 or mid in capd:
                continue
            j = i + 1
            if board[ray[j]] != 0:
                continue
            found = True
            capd.append(mid)
            while j < n and board[ray[j]] == 0:
                path.append(ray[j])
                dfs_king(ray[j])
                path.pop()
                j += 1
            capd.pop()
        if not found:
            record()

    board[sq] = 0           # the start cell counts as empty during the move
    if king:
        dfs_king(sq)
    else:
        dfs_man(sq)
    board[sq] = v


def _generate(board, side):
    """All legal internal moves, ignoring the quiet-draw rule."""
    sg = SIGN[side]
    own = [sq for sq in DARK if board[sq] * sg > 0]
    acc = [1, []]
    for sq in own:
        v = board[sq]
        if _has_capture(board, sg, sq, v * sg == 2):
            _captures(board, sg, sq, v, acc)
    caps = acc[1]
    if caps:
        crown = CROWN[side]
        out = {}
        for path, capd, _ in caps:
            promote = board[path[0]] * sg == 1 and path[-1] in crown
            out[path] = (path, capd, promote)      # distinct paths = distinct texts
        return list(out.values())
    moves = []
    crown = CROWN[side]
    man_steps = MAN_STEPS[side]
    for sq in own:
        if board[sq] * sg == 2:
            for ray in KING_RAYS[sq]:
                for to in ray:
                    if board[to] != 0:
                        break
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


def _texts(moves):
    """{text: move} in the game's notation, which writes a move by its ends:
    `c3xg7` for a capture, whatever its route.  Captures with the same start,
    end and captured pieces are one move (one route kept: the one whose
    landings come first by square index).  Where captures with the same start
    and end take different pieces, each is written with every landing."""
    groups = {}
    for mv in moves:
        path, capd, _ = mv
        key = (path[0], path[-1], bool(capd))
        by_set = groups.setdefault(key, {})
        taken = frozenset(capd)
        if taken not in by_set or path < by_set[taken][0]:
            by_set[taken] = mv
    table = {}
    for (fr, to, cap), by_set in groups.items():
        for mv in by_set.values():
            if len(by_set) > 1:
                table[move_text(mv)] = mv
            else:
                table[NAMES[fr] + ("x" if cap else "-") + NAMES[to]] = mv
    return table


def _move_table(state):
    if state._moves is None:
        if _game_over_by_draw(state):
            state._moves = {}
        else:
            state._moves = _texts(_generate(state.board, state.side))
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
    moves = list(_texts(_generate(board, side)).values())
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
