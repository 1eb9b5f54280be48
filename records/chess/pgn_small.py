"""A few PGN games (a one-game file, a game shown again) read in plain Python (san_board),
so that a command touching a few games loads neither numpy and the compiled reader (together
about a third of its start) nor python-chess (whose attack tables take as long again). The
records are the bulk reader's own: the same function (pgn_fast.game_record) makes them from the
same SANs and position hashes.

Only the plainest games are taken: the standard start, every move printed exactly as its SAN
(check signs included), nothing python-chess or the compiled reader would have to judge. Any
other game sends the whole batch back to the bulk reader, so a record never depends on which
reader found its moves.
"""
from __future__ import annotations

from array import array

from records.chess import san_board
from records.chess.keys import INITIAL_KEY
from records.chess.openings import depth as opening_depth
from records.chess.openings import table_by_hash
from records.chess.pgn_fast import game_record
from records.chess.pgn_text import RESULTS, plain, plain_joined, scan

SET_UP = ("[FEN ", "[SetUp ", "[Variant ")


class _Refused(Exception):
    """A game the bulk reader must read."""


def read_batch(lines: list[str], spans: list, path: str, first_number: int, build,
               openings: bool = True) -> list | None:
    """The records of the games at spans (first, movetext, stop), as pgn_fast.read_batch
    makes them; None when any of them is not one this reader takes."""
    try:
        return [_game(lines, span, path, first_number + i, build, openings)
                for i, span in enumerate(spans)]
    except _Refused:
        return None


def _game(lines: list[str], span: tuple, path: str, number: int, build, openings: bool):
    first, movetext, stop = span
    head = "".join(lines[first:movetext])
    if any(marker in head for marker in SET_UP):
        raise _Refused
    found = plain_joined(plain(lines, movetext, stop))
    if found is not None:
        tokens = found[0].split()
        if tokens and tokens[-1] in RESULTS:
            tokens.pop()
    else:
        notes = scan(lines, movetext, stop)
        if notes.junk:
            raise _Refused
        tokens = [move[0] for move in notes.moves]
    if not tokens:
        raise _Refused
    hashes = san_board.replayed(tokens)
    if hashes is None:   # a move not printed exactly as its SAN, or not legal
        raise _Refused
    named = hashes[1:_named(hashes) + 1] if openings else []
    rec = game_record(lines, span, found, (head, head + "".join(lines[movetext:stop])), path,
                      number, tokens, INITIAL_KEY, named, build)
    if rec is None:
        raise _Refused
    rec.key_hashes = array("q", hashes)
    return rec


def _named(hashes: list[int]) -> int:
    """The last ply, within the depth openings are looked for, whose position the openings
    table names (0: none): pgn_boards._named_plies for one game."""
    known = table_by_hash()
    return max((ply for ply in range(1, min(len(hashes) - 1, opening_depth()) + 1)
                if hashes[ply] in known), default=0)
