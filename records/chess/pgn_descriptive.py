"""PGN whose moves are printed in descriptive notation (`1. P-K4 P-K4 2. Kt-KB3 Kt-QB3`):
tag pairs as PGN has them, moves as a book prints them. The PGN reader passes every such move
over as junk; the book's replay (validation.validate_line) reads them, and the game is kept
so read, with its own tags, text and lines."""
from __future__ import annotations

from records.chess import descriptive as dn
from records.chess.pgn_finish import check_result, classify
from records.chess.resolver import Setup
from records.chess.validation import validate_line
from records.core.model import INFO, Record


def read_as_descriptive(rec: Record, lines: list[str], start: int, stop: int,
                        result_token: str) -> Record | None:
    """The game read again with its movetext (lines[start:stop]) as descriptive moves (the
    PGN reading replayed none of it and passed its tokens over as junk: the caller's test);
    None when the descriptive reading replays nothing either."""
    items = [item for n in range(start, stop) for item in dn.parse(lines[n], n + 1)]
    if not any(isinstance(item, dn.Move) for item in items):
        return None
    again = Record(kind="chess", title=rec.title, source=rec.source, line=rec.line,
                   end_line=rec.end_line, text=rec.text, tags=dict(rec.tags))
    validate_line(again, Setup(fen=rec.tags.get("FEN")), items)
    if not again.plies:
        return None
    again.add(INFO, "CHESS-DESCRIPTIVE", "the moves are printed in descriptive notation, not"
              " PGN's SAN: read as a book's", rec.line, 1)
    classify(again, [ply.position for ply in again.plies])
    check_result(again, result_token, stopped=False,
                 white_starts=again.start_position.endswith("w"))
    return again
