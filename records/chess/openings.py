"""Opening names: classify a chess game by the deepest line of the lichess openings table.

The table (data/chess/lichess_openings.tsv, CC0) has the columns eco, name, pgn, position (the
men after the line's last move and the side to move: a FEN's first two fields), key (that
position as records.chess.keys.position_key wrote it when the table was built), plies (the
line's length) and hash (the key's key_hash). If the key or hash format has changed since, keys
and hashes are made afresh from the positions on loading; a process reading games loads the
table once, so it is read as it is, not replayed.
A game is matched by position, not by move order, so transpositions find their name: the
answer is the table line whose final position the game reaches latest (the deepest match).
When several lines end in the same position, the one whose move order the game followed wins,
else the first in table (ECO) order.

Rebuild the shipped file from the lichess sources with
    python -m records.chess.openings build SOURCE_DIR OUTPUT.tsv
"""
from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import NamedTuple

from records.core.resources import data_path
from records.chess.keys import board_key, hashes_of_keys, key_hash, position_key

TABLE = ("chess", "lichess_openings.tsv")
EXTRA_PLIES = 12  # how far past the table's longest line a transposition is still looked for


class Line(NamedTuple):
    eco: str
    name: str
    pgn: str   # the line's moves, numbered, as the table prints them

    @property
    def moves(self) -> tuple:
        """SAN from the initial position, without check signs (worked out once a line)."""
        found = _LINE_MOVES.get(self.pgn)
        if found is None:
            found = _LINE_MOVES[self.pgn] = tuple(_bare(m) for m in _san_tokens(self.pgn))
        return found


_LINE_MOVES: dict[str, tuple] = {}


@cache
def _rows() -> list[list[str]]:
    """The table's rows (eco, name, pgn, position, key, plies, hash), keys and hashes made
    afresh when position_key or key_hash no longer writes them as stored."""
    with open(data_path(*TABLE), encoding="utf-8") as handle:
        next(handle)  # header row
        rows = [row.rstrip("\n").split("\t") for row in handle]
    if board_key(rows[0][3]) != rows[0][4] or str(key_hash(rows[0][4])) != rows[0][6]:
        keys = [board_key(row[3]) for row in rows]
        for row, key, hashed in zip(rows, keys, hashes_of_keys(keys)):
            row[4], row[6] = key, str(hashed)
    return rows


@cache
def table() -> tuple[dict[str, list[Line]], int]:
    """Position key -> the lines ending there, and the longest line's ply count."""
    by_key: dict[str, list[Line]] = {}
    rows = _rows()
    for eco, name, pgn, _, key, _, _ in rows:
        by_key.setdefault(key, []).append(Line(eco, name, pgn))
    return by_key, max(int(row[5]) for row in rows)


def _san_tokens(pgn: str) -> list[str]:
    return [tok for tok in pgn.split() if not tok[0].isdigit()]


def _bare(san: str) -> str:
    return san.rstrip("+#!?")


def depth() -> int:
    """How many plies of a game classification looks at."""
    return table()[1] + EXTRA_PLIES


@cache
def table_by_hash() -> dict[int, list[Line]]:
    """The table keyed by the positions' hashes (the bulk reader hashes, it does not key)."""
    hash_of = {row[4]: int(row[6]) for row in _rows()}
    return {hash_of[key]: lines for key, lines in table()[0].items()}


@cache
def hash_array():
    """The hashes of the table's positions, as a sorted numpy array (for np.searchsorted)."""
    import numpy as np
    return np.sort(np.fromiter(table_by_hash(), dtype=np.int64))


def classify_keys(keys: list, san_moves: list[str]) -> tuple[str, str, int]:
    """Classify a game whose positions after each ply are already known: their keys, or
    (ints) their hashes."""
    by_key, longest = table()
    if keys and isinstance(keys[0], int):
        by_key = table_by_hash()
    best = None
    for ply, key in enumerate(keys[:longest + EXTRA_PLIES], start=1):
        if key in by_key:
            best = (ply, by_key[key])
    if best is None:
        return "", "", 0
    ply, lines = best
    chosen = lines[0]
    if len(lines) > 1:
        played = tuple(_bare(m) for m in san_moves[:ply])
        chosen = next((ln for ln in lines if ln.moves == played), chosen)
    return chosen.eco, chosen.name, ply


def classify(san_moves: list[str], start_fen: str | None = None) -> tuple[str, str, int]:
    """(eco, name, plies_matched) of the deepest table line the game reaches; ("", "", 0) if none.

    Moves are SAN from start_fen (default the initial position); an illegal move ends the
    search there.
    """
    import chess   # (the bulk reader classifies by hashes, and loads no python-chess)
    _, longest = table()
    board = chess.Board(start_fen) if start_fen else chess.Board()
    keys = []
    for san in san_moves[:longest + EXTRA_PLIES]:
        try:
            board.push_san(san)
        except ValueError:
            break
        keys.append(position_key(board))
    return classify_keys(keys, san_moves)


def build_table(source_dir: str, output: str) -> int:
    """Merge the lichess {a..e}.tsv files into one table with the position each line reaches."""
    import chess
    rows = []
    for part in sorted(Path(source_dir).glob("[a-e].tsv")):
        with open(part, encoding="utf-8") as handle:
            next(handle)
            for row in handle:
                eco, name, pgn = row.rstrip("\n").split("\t")
                board = chess.Board()
                for san in _san_tokens(pgn):
                    board.push_san(san)
                key = position_key(board)
                rows.append((eco, name, pgn, " ".join(board.fen().split()[:2]), key,
                             str(board.ply()), str(key_hash(key))))
    with open(output, "w", encoding="utf-8") as out:
        out.write("eco\tname\tpgn\tposition\tkey\tplies\thash\n")
        out.writelines("\t".join(r) + "\n" for r in rows)
    return len(rows)


if __name__ == "__main__":  # pragma: no cover
    if len(sys.argv) != 4 or sys.argv[1] != "build":
        sys.exit("usage: python -m records.chess.openings build SOURCE_DIR OUTPUT.tsv")
    print(build_table(sys.argv[2], sys.argv[3]), "lines")
