#!/usr/bin/env python3
"""Checks a chess trace written by `rulebook playout games/chess.rules --trace`
against python-chess (an independent implementation of the FIDE rules).

At every position of every game, the sorted legal moves of the trace must be
python-chess's legal moves in rulebook's notation (`e2-e4`, `e4xd5`, castling
as the king's move `e1-g1`, en passant `e5xd6`, promotions `e7-e8=Q`), and
empty once the game is over: checkmate, stalemate, the fifty-move rule
(`is_fifty_moves`, which lets a checkmate stand), a threefold repetition
(`is_repetition(3)`) or insufficient material as the rules file defines it
(`insufficient`: the kings alone, or with one bishop or one knight).

Usage: chess_check.py TRACE.jsonl
"""
import json
import sys

import chess


def name(board: chess.Board, move: chess.Move) -> str:
    """A python-chess move in rulebook's notation."""
    capture = board.is_capture(move)
    text = chess.square_name(move.from_square) + ("x" if capture else "-") + chess.square_name(move.to_square)
    if move.promotion:
        text += "=" + chess.piece_symbol(move.promotion).upper()
    return text


def insufficient(board: chess.Board) -> bool:
    """The rules file's insufficient material: no pawn, rook or queen, and one
    bishop or knight at most (K v K, K+B v K, K+N v K). python-chess's
    `is_insufficient_material()` draws more (any number of bishops all on
    squares of one colour), which the rules language cannot say: the rules
    file counts pieces, not the colours of their squares."""
    if board.pawns | board.rooks | board.queens:
        return False
    return chess.popcount(board.bishops | board.knights) <= 1


def over(board: chess.Board) -> str | None:
    """The result python-chess gives, in rulebook's words, or None while the game goes on."""
    if board.is_checkmate():
        return "win " + ("Black" if board.turn == chess.WHITE else "White")
    if board.is_stalemate() or board.is_fifty_moves() or board.is_repetition(3) or insufficient(board):
        return "draw"
    return None


def main(path: str) -> int:
    games = positions = 0
    with open(path) as f:
        for number, line in enumerate(f, 1):
            game = json.loads(line)
            board = chess.Board()
            moves, legal = game["moves"], game["legal"]
            if len(legal) != len(moves) + 1:
                print(f"game {number}: {len(legal)} move lists for {len(moves)} moves")
                return 1
            for i in range(len(legal)):
                ended = over(board)
                ours = [] if ended else sorted(name(board, m) for m in board.legal_moves)
                if ours != legal[i]:
                    print(f"game {number}, move {i + 1}: legal moves differ")
                    print("moves so far:", " ".join(moves[:i]))
                    print("python-chess only:", sorted(set(ours) - set(legal[i])))
                    print("rulebook only:   ", sorted(set(legal[i]) - set(ours)))
                    return 1
                positions += 1
                if i == len(moves):
                    break
                by_name = {name(board, m): m for m in board.legal_moves}
                board.push(by_name[moves[i]])
            expected = over(board) or "ongoing"
            if expected != game["status"]:
                print(f"game {number}: status {game['status']!r}, python-chess says {expected!r}")
                return 1
            games += 1
    print(f"OK: {games} chess games, {positions} positions agree with python-chess")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
