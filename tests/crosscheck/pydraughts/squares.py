"""Our cell names of international draughts <-> the standard square numbers 1..50.

games/international-draughts.rules has files a..j and ranks 1..10, its dark
cells are those where (file + rank) is even (a = 1, so a1 is dark), and White
moves first with its men on ranks 1..4.

The standard numbering (FMJD, the one pydraughts uses) looks at the board from
White's side: square 1 is the dark square on the left of Black's back rank,
then it counts the dark squares of each rank from left to right, rank 10 down
to rank 1:

    rank 10:  b10=1   d10=2   f10=3   h10=4   j10=5
    rank  9:  a9=6    c9=7    e9=8    g9=9    i9=10
    ...
    rank  1:  a1=46   c1=47   e1=48   g1=49   i1=50

So White's men start on 31..50 and Black's on 1..20. Each rank has five dark
squares, one in every pair of files (a,b), (c,d), ..., (i,j): the square
number is 5 * (10 - rank) + file_index // 2 + 1 with file_index 0 for a.
"""

FILES = "abcdefghij"


def number(cell):
    """The square number (1..50) of a dark cell named like 'a1' or 'j10'."""
    file_index = FILES.index(cell[0])
    rank = int(cell[1:])
    if not 1 <= rank <= 10 or (file_index + 1 + rank) % 2 != 0:
        raise ValueError(f"{cell!r} is not a dark square of the 10x10 board")
    return 5 * (10 - rank) + file_index // 2 + 1


def cell(square):
    """The cell name of a square number (1..50); the inverse of `number`."""
    if not 1 <= square <= 50:
        raise ValueError(f"{square} is not a square number")
    row, col = divmod(square - 1, 5)  # row 0 is rank 10
    rank = 10 - row
    # On even ranks the dark squares are the b, d, ... files; on odd ranks a, c, ...
    file_index = 2 * col + (1 if rank % 2 == 0 else 0)
    return f"{FILES[file_index]}{rank}"
