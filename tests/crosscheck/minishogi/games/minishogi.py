"""Minishogi (5x5 shogi), written from tests/crosscheck/spec/minishogi.md alone.

Board: a list of 25 ints, index = rank_index * 5 + file_index (a1 = 0, e1 = 4,
a5 = 20, e5 = 24).  0 is empty, a positive value is a Sente piece, a negative
value a Gote piece; the absolute value is the piece type below.

Internal move: a tuple (frm, to, kind).  frm == -1 is a drop of a piece of type
`kind` on `to`; otherwise the piece on `frm` goes to `to` and becomes `kind`
(equal to its old type unless it promotes).
"""

PAWN, SILVER, GOLD, BISHOP, ROOK, KING, TOKIN, PSILVER, HORSE, DRAGON = range(1, 11)

LETTER = {PAWN: "P", SILVER: "S", GOLD: "G", BISHOP: "B", ROOK: "R", KING: "K",
          TOKIN: "+P", PSILVER: "+S", HORSE: "+B", DRAGON: "+R"}
DROP_LETTER = {PAWN: "P", SILVER: "S", GOLD: "G", BISHOP: "B", ROOK: "R"}
PROMOTES_TO = {PAWN: TOKIN, SILVER: PSILVER, BISHOP: HORSE, ROOK: DRAGON}
UNPROMOTED = {t: t for t in range(1, 11)}
UNPROMOTED.update({TOKIN: PAWN, PSILVER: SILVER, HORSE: BISHOP, DRAGON: ROOK})
HAND_ORDER = (PAWN, SILVER, GOLD, BISHOP, ROOK)

PLAYERS = ("Sente", "Gote")
FILES = "abcde"
N = 5
SQUARES = range(N * N)


def sq_name(sq):
    return FILES[sq % N] + str(sq // N + 1)


def parse_sq(name):
    return (int(name[1:]) - 1) * N + FILES.index(name[0])


# Directions (dfile, drank) as seen by Sente; Gote uses (dfile, -drank)
# (every piece's move set is left-right symmetric, so flipping the rank suffices).
ORTH = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
GOLD_STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1))
STEP_DIRS = {
    PAWN: ((0, 1),),
    SILVER: ((1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1)),
    GOLD: GOLD_STEPS, TOKIN: GOLD_STEPS, PSILVER: GOLD_STEPS,
    KING: ORTH + DIAG,
    BISHOP: (), ROOK: (),
    HORSE: ORTH, DRAGON: DIAG,
}
RAY_DIRS = {BISHOP: DIAG, HORSE: DIAG, ROOK: ORTH, DRAGON: ORTH}


def _target(sq, df, dr):
    f, r = sq % N + df, sq // N + dr
    if 0 <= f < N and 0 <= r < N:
        return r * N + f
    return None


def _build_tables():
    steps = [[None] * 11 for _ in range(2)]   # steps[ci][type][sq] -> tuple of squares
    for ci in range(2):
        sign = 1 if ci == 0 else -1
        for t in range(1, 11):
            per_sq = []
            for sq in SQUARES:
                lst = []
                for df, dr in STEP_DIRS[t]:
                    d = _target(sq, df, dr * sign)
                    if d is not None:
                        lst.append(d)
                per_sq.append(tuple(lst))
            steps[ci][t] = per_sq
    rays = {}   # rays[type][sq] -> tuple of rays (tuples of squares, nearest first)
    for t, dirs in RAY_DIRS.items():
        per_sq = []
        for sq in SQUARES:
            lst = []
            for df, dr in dirs:
                ray = []
                cur = sq
                while True:
                    cur = _target(cur, df, dr)
                    if cur is None:
                        break
                    ray.append(cur)
                if ray:
                    lst.append(tuple(ray))
            per_sq.append(tuple(lst))
        rays[t] = per_sq
    # step_attackers[ci][sq]: tuple of (from_sq, frozenset of types) such that a
    # piece of colour ci and one of those types on from_sq steps onto sq.
    step_attackers = []
    for ci in range(2):
        per_sq = []
        for sq in SQUARES:
            by_from = {}
            for frm in SQUARES:
                for t in range(1, 11):
                    if sq in steps[ci][t][frm]:
                        by_from.setdefault(frm, set()).add(t)
            per_sq.append(tuple((frm, frozenset(ts)) for frm, ts in sorted(by_from.items())))
        step_attackers.append(per_sq)
    return steps, rays, step_attackers


STEPS, RAYS, STEP_ATTACKERS = _build_tables()
# ALIGNED[a][b]: a and b share a rank, file or diagonal (a != b).  A piece that is not
# aligned with its own king cannot be pinned, so when the king is not in check its
# moves need no legality test.
ALIGNED = [[a != b and (a % N == b % N or a // N == b // N or
                        abs(a % N - b % N) == abs(a // N - b // N))
            for b in SQUARES] for a in SQUARES]
ORTH_RAYS = RAYS[ROOK]
DIAG_RAYS = RAYS[BISHOP]


def in_zone(sq, ci):
    """Promotion zone = far rank (rank 5 for Sente, rank 1 for Gote)."""
    return sq // N == (N - 1 if ci == 0 else 0)


LAST_RANK = (N - 1, 0)


def attacked(board, sq, by_sign):
    """Is `sq` attacked by a piece of the side `by_sign` (+1 Sente, -1 Gote)?"""
    ci = 0 if by_sign > 0 else 1
    for frm, types in STEP_ATTACKERS[ci][sq]:
        v = board[frm] * by_sign
        if v > 0 and v in types:
            return True
    for ray in ORTH_RAYS[sq]:
        for t in ray:
            v = board[t]
            if v:
                v *= by_sign
                if v == ROOK or v == DRAGON:
                    return True
                break
    for ray in DIAG_RAYS[sq]:
        for t in ray:
            v = board[t]
            if v:
                v *= by_sign
                if v == BISHOP or v == HORSE:
                    return True
                break
    return False


class State:
    __slots__ = ("board", "hands", "side", "ply", "kings", "turn_limit", "_legal")

    def __init__(self, board, hands, side, ply, kings, turn_limit):
        self.board = board          # list of 25 ints
        self.hands = hands          # [sente_counts, gote_counts], each a list indexed by type
        self.side = side            # +1 Sente to move, -1 Gote to move
        self.ply = ply
        self.kings = kings          # [sente_king_sq, gote_king_sq]
        self.turn_limit = turn_limit
        self._legal = None          # cache: dict move string -> internal move

    def copy(self):
        return State(self.board[:], [self.hands[0][:], self.hands[1][:]], self.side,
                     self.ply, self.kings[:], self.turn_limit)

    def __repr__(self):
        rows = []
        for r in range(N - 1, -1, -1):
            cells = []
            for f in range(N):
                v = self.board[r * N + f]
                if v == 0:
                    cells.append(" .")
                else:
                    s = LETTER[abs(v)]
                    s = s if v > 0 else s.lower()
                    cells.append(s.rjust(2))
            rows.append(str(r + 1) + " " + " ".join(cells))
        rows.append("   " + "  ".join(FILES))
        hand = lambda ci: "".join(DROP_LETTER[t] * self.hands[ci][t] for t in HAND_ORDER)
        rows.append("hands: Sente[%s] Gote[%s]; %s to move; ply %d"
                    % (hand(0), hand(1), PLAYERS[0 if self.side > 0 else 1], self.ply))
        return "\n".join(rows)


# ---------------------------------------------------------------- generation

def _gen(board, hands, kings, s, first_only=False):
    """Legal moves (internal tuples) for side s; with first_only, stop after one."""
    ci = 0 if s > 0 else 1
    ksq = kings[ci]
    check = attacked(board, ksq, -s)
    out = []
    steps = STEPS[ci]
    last = LAST_RANK[ci]
    zone_rank = last
    for frm in SQUARES:
        v = board[frm] * s
        if v <= 0:
            continue
        t = v
        piece = board[frm]
        # candidate destinations
        dests = [d for d in steps[t][frm] if board[d] * s <= 0]
        if t in RAY_DIRS:
            for ray in RAYS[t][frm]:
                for d in ray:
                    w = board[d] * s
                    if w > 0:
                        break
                    dests.append(d)
                    if w < 0:
                        break
        if not dests:
            continue
        prom = PROMOTES_TO.get(t)
        from_zone = frm // N == zone_rank
        need_test = check or t == KING or ALIGNED[ksq][frm]
        for d in dests:
            if need_test:
                # legality: make on the board, test own king, restore
                cap = board[d]
                board[frm] = 0
                board[d] = piece
                if t == KING:
                    bad = attacked(board, d, -s)
                else:
                    bad = attacked(board, ksq, -s)
                board[d] = cap
                board[frm] = piece
                if bad:
                    continue
            if prom is not None and (from_zone or d // N == zone_rank):
                if t == PAWN and d // N == last:
                    out.append((frm, d, prom))        # compulsory
                else:
                    out.append((frm, d, t))
                    out.append((frm, d, prom))
            else:
                out.append((frm, d, t))
            if first_only:
                return out
    hand = hands[ci]
    if any(hand[t] for t in HAND_ORDER):
        empties = [sq for sq in SQUARES if board[sq] == 0]
        fwd = N * s
        enemy_king = kings[1 - ci]
        for t in HAND_ORDER:
            if not hand[t]:
                continue
            pawn_files = None
            if t == PAWN:
                pawn_files = {sq % N for sq in SQUARES if board[sq] == PAWN * s}
            for d in empties:
                if t == PAWN:
                    if d // N == last or d % N in pawn_files:
                        continue
                board[d] = t * s
                if check and attacked(board, ksq, -s):
                    board[d] = 0
                    continue
                if t == PAWN and d + fwd == enemy_king:
                    # pawn-drop mate is illegal: does the opponent have a reply?
                    hand[t] -= 1
                    mate = not _gen(board, hands, kings, -s, True)
                    hand[t] += 1
                    if mate:
                        board[d] = 0
                        continue
                board[d] = 0
                out.append((-1, d, t))
                if first_only:
                    return out
    return out


def _make(board, hands, kings, s, mv):
    frm, to, kind = mv
    ci = 0 if s > 0 else 1
    if frm < 0:
        board[to] = kind * s
        hands[ci][kind] -= 1
        return 0
    cap = board[to]
    if cap:
        hands[ci][UNPROMOTED[abs(cap)]] += 1
    board[frm] = 0
    board[to] = kind * s
    if kind == KING:
        kings[ci] = to
    return cap


def _unmake(board, hands, kings, s, mv, cap, old_type):
    frm, to, kind = mv
    ci = 0 if s > 0 else 1
    if frm < 0:
        board[to] = 0
        hands[ci][kind] += 1
        return
    if cap:
        hands[ci][UNPROMOTED[abs(cap)]] -= 1
    board[to] = cap
    board[frm] = old_type * s
    if kind == KING:
        kings[ci] = frm


SQ_NAMES = [sq_name(sq) for sq in SQUARES]
# MOVE_TEXT[frm][to] = ("a1-b2", "a1xb2"); DROP_TEXT[kind][to] = "P@b2"
MOVE_TEXT = [[(SQ_NAMES[f] + "-" + SQ_NAMES[t], SQ_NAMES[f] + "x" + SQ_NAMES[t])
              for t in SQUARES] for f in SQUARES]
DROP_TEXT = {k: [L + "@" + SQ_NAMES[t] for t in SQUARES] for k, L in DROP_LETTER.items()}


def move_text(board, mv):
    """Notation of internal move mv, given the board before the move."""
    frm, to, kind = mv
    if frm < 0:
        return DROP_TEXT[kind][to]
    txt = MOVE_TEXT[frm][to][1 if board[to] else 0]
    piece = board[frm]
    old = piece if piece > 0 else -piece
    if kind != old and not (old == PAWN and to // N == LAST_RANK[0 if piece > 0 else 1]):
        # optional promotion taken (a pawn reaching the last rank promotes silently)
        txt += "=" + LETTER[kind]
    return txt


def _finished(state):
    return state.ply >= state.turn_limit


def _legal_map(state):
    if state._legal is None:
        if _finished(state):
            state._legal = {}
        else:
            mvs = _gen(state.board, state.hands, state.kings, state.side)
            state._legal = {move_text(state.board, m): m for m in mvs}
    return state._legal


# ---------------------------------------------------------------- public API

def new_game(options=None):
    options = dict(options or {})
    turn_limit = int(options.pop("turn_limit", 300))
    if options:
        raise ValueError("unknown option(s) for minishogi: %s" % ", ".join(sorted(options)))
    board = [0] * (N * N)
    setup = {"a1": KING, "b1": GOLD, "c1": SILVER, "d1": BISHOP, "e1": ROOK, "a2": PAWN}
    for name, t in setup.items():
        board[parse_sq(name)] = t
    gote = {"e5": KING, "d5": GOLD, "c5": SILVER, "b5": BISHOP, "a5": ROOK, "e4": PAWN}
    for name, t in gote.items():
        board[parse_sq(name)] = -t
    return State(board, [[0] * 11, [0] * 11], 1, 0, [parse_sq("a1"), parse_sq("e5")], turn_limit)


def legal_moves(state):
    return list(_legal_map(state))


def play(state, move):
    lm = _legal_map(state)
    if move not in lm:
        raise ValueError("illegal move %r" % move)
    new = state.copy()
    _make(new.board, new.hands, new.kings, new.side, lm[move])
    new.side = -new.side
    new.ply += 1
    return new


def status(state):
    if _finished(state):
        return "draw"
    if not _legal_map(state):
        return "win " + PLAYERS[1 if state.side > 0 else 0]
    return "ongoing"


def perft(state, depth):
    if depth == 0:
        return 1
    board, hands, kings = state.board[:], [state.hands[0][:], state.hands[1][:]], state.kings[:]
    return _perft(board, hands, kings, state.side, state.ply, state.turn_limit, depth)


def _perft(board, hands, kings, s, ply, limit, depth):
    if ply >= limit:
        return 0
    mvs = _gen(board, hands, kings, s)
    if depth == 1:
        return len(mvs)
    total = 0
    for mv in mvs:
        old_type = abs(board[mv[0]]) if mv[0] >= 0 else 0
        cap = _make(board, hands, kings, s, mv)
        total += _perft(board, hands, kings, -s, ply + 1, limit, depth - 1)
        _unmake(board, hands, kings, s, mv, cap, old_type)
    return total
