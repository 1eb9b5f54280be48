"""A printed result, in any of the forms books use (`1-0`, `1–0`, `½-½`, `Resigns`, `Drawn`,
`and wins`, `White mates in three moves`, `Black resigned a few moves later`), as the record's
Result tag; a claim that goes beyond the printed moves is noted, a false one flagged.
"""
from __future__ import annotations

import re

WHITE, BLACK, DRAW = "1-0", "0-1", "1/2-1/2"
SCORE = re.compile(r"^(1|0|\u00bd|1/2)\s?[-\u2013\u2014]\s?(1|0|\u00bd|1/2)$")
NAMED_SIDE = re.compile(r"\b(White|Black)\b", re.I)


def meaning(text: str, last_mover_white: bool | None) -> tuple[str, bool]:
    """(the Result tag, whether the claim goes beyond what the moves show) of a printed
    result; last_mover_white: who made the last printed move (None: no move printed)."""
    text = text.strip().rstrip(".")
    score = SCORE.match(text)
    if score:
        left = score.group(1)
        return (DRAW if left in ("\u00bd", "1/2") else WHITE if left == "1" else BLACK), False
    low = text.lower()
    side = NAMED_SIDE.search(text)
    named_white = side.group(1).lower() == "white" if side else None
    if "draw" in low:
        return DRAW, False
    if "resign" in low:
        resigner_white = named_white if side else (
            None if last_mover_white is None else not last_mover_white)
        beyond = bool(re.search(r"resigned\s+\S", low))   # "resigned a few moves later"
        if resigner_white is None:
            return "", beyond
        return (BLACK if resigner_white else WHITE), beyond
    winner_white = named_white if side else last_mover_white
    if winner_white is None:
        return "", True
    return (WHITE if winner_white else BLACK), True   # "and wins", "mates in three"


def settle(rec, printed: list, moves_printed: int) -> None:
    """The record's Result from its printed result (dn.Result items, after moves_printed
    printed moves) and its last position."""
    from records.core.model import INFO, WARNING
    mated = rec.plies and rec.plies[-1].normal.endswith("#")
    last_white = _last_mover_white(rec, moves_printed)
    # the mating side made the last ply (a move given in words is a ply, not a printed move)
    on_board = (WHITE if _last_mover_white(rec, len(rec.plies)) else BLACK) if mated else ""
    for item in printed:
        tag, beyond = meaning(item.text, last_white)
        if on_board and tag and tag != on_board:
            rec.add(WARNING, "CHESS-FALSE-RESULT", f"\"{item.text}\" is printed, but the game "
                    f"ends in mate: {on_board}", item.line, item.column)
            continue
        if beyond:
            rec.add(INFO, "CHESS-RESULT", f"\"{item.text}\": the book claims more than its "
                    "moves show; the result is taken from its word", item.line, item.column)
        if tag:
            rec.tags["Result"] = tag
    if on_board and "Result" not in rec.tags:
        rec.tags["Result"] = on_board


def _last_mover_white(rec, moves_printed: int) -> bool | None:
    if not moves_printed:
        return None
    fields = rec.data.get("start_fen", "").split()
    white_first = len(fields) < 2 or fields[1] == "w"
    return white_first == (moves_printed % 2 == 1)
