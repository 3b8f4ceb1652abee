"""A deliberately naive second implementation of the move rules of both games
(coordinates, a dict board, no tables), used only by test_reference.py to
cross-check the fast modules in games/ on random games (which reach kings and
long captures that the perft numbers from the start do not cover)."""

DIRS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def name(c):
    return "abcdefghij"[c[0]] + str(c[1] + 1)


def from_fast(state, size, first_player_code_sign=1):
    """Convert a fast-module state to ({(f, r): (player, is_king)}, player to move).
    player 0 is the first player (codes > 0 in the fast modules)."""
    board = {}
    for i, v in enumerate(state.board):
        if v:
            board[(i % size, i // size)] = (0 if v > 0 else 1, abs(v) == 2)
    return board, state.side


def legal(board, me, size, flying, men_capture_back, majority, crown_stops, by_ends=False):
    fwd = 1 if me == 0 else -1
    far = size - 1 if me == 0 else 0
    on = lambda c: 0 <= c[0] < size and 0 <= c[1] < size

    def seqs(start, cur, king, taken, path, out):
        ext = False
        for dx, dy in DIRS:
            if not king and not men_capture_back and dy != fwd:
                continue
            # find the first occupied cell along the direction (start counts empty)
            k = 1
            while True:
                c = (cur[0] + k * dx, cur[1] + k * dy)
                if not on(c):
                    c = None
                    break
                if c != start and c in board:
                    break
                if not (king and flying):
                    break
                k += 1
            if c is None or c == start or c not in board:
                continue
            if board[c][0] == me or c in taken:
                continue
            # landing cells beyond c
            m = 1
            while True:
                l = (c[0] + m * dx, c[1] + m * dy)
                if not on(l) or (l in board and l != start):
                    break
                ext = True
                if crown_stops and not king and l[1] == far:
                    out.append((path + [l], taken | {c}))
                else:
                    seqs(start, l, king, taken | {c}, path + [l], out)
                if not (king and flying):
                    break
                m += 1
        if not ext and taken:
            out.append((path, taken))

    caps = []
    for c, (p, king) in board.items():
        if p == me:
            seqs(c, c, king, frozenset(), [c], caps)
    if caps:
        if majority:
            best = max(len(t) for _, t in caps)
            caps = [s for s in caps if len(s[1]) == best]
        if not by_ends:
            return sorted({"x".join(name(x) for x in path) for path, _ in caps})
        # By its ends: one text per (start, end), unless captures that share
        # them take different pieces; then every landing, by the route whose
        # landings come first by square index (rank * size + file).
        index = lambda c: c[1] * size + c[0]
        routes = {}
        for path, taken in caps:
            key = (path[0], path[-1])
            best = routes.setdefault(key, {}).get(taken)
            if best is None or [index(c) for c in path] < [index(c) for c in best]:
                routes[key][taken] = path
        texts = set()
        for (start, end), by_taken in routes.items():
            for path in by_taken.values():
                whole = len(by_taken) > 1
                texts.add("x".join(name(x) for x in (path if whole else [start, end])))
        return sorted(texts)
    moves = set()
    for c, (p, king) in board.items():
        if p != me:
            continue
        for dx, dy in DIRS:
            if not king and dy != fwd:
                continue
            k = 1
            while True:
                t = (c[0] + k * dx, c[1] + k * dy)
                if not on(t) or t in board:
                    break
                moves.add(name(c) + "-" + name(t))
                if not (king and flying):
                    break
                k += 1
    return sorted(moves)
