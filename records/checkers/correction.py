"""Checkers records a person corrects (hoyle review, hoyle fix): the faults with their candidate
readings, and the printed line replayed again from the corrected move on.

The plies before the first corrected move stay as they were replayed; from there the printed
moves (the plies' own texts, then the moves the line stopped before, which the record keeps in
`unplayed`) are replayed by the engine, as the book scanner replays them, with each corrected
move read as the person said. PDN records are read again with the reading in their text.
"""
from __future__ import annotations

import os

from records.checkers import book, engine
from records.checkers.replay import check_claim, pdn_text, replay_line
from records.core.model import ERROR, Record
from records.core.review import (READ, Correction, Fault, Reading, generic_faults, needs_decision,
                                 plies_before, quoted, read_corrected)

REPLAY_CODES = {"CHECKERS-ILLEGAL", "CHECKERS-AMBIGUOUS", "CHECKERS-REPAIRED",
                "CHECKERS-MISSING-MOVE", "CHECKERS-OCR", "CHECKERS-CLAIM",
                "CHECKERS-CLAIM-UNDECIDED"}
CLAIM_WORDS = {"B": "B wins", "W": "W wins", "draw": "Drawn"}


def _from_file(rec: Record) -> bool:
    return os.path.splitext(rec.source)[1].lower() == ".pdn"


def faults(rec: Record) -> list[Fault]:
    """Errors and unrepaired warnings with their readings: the one-edit readings or the legal
    moves where the line stops, the jump paths a move may mean, what the endgame search says
    of a claimed result."""
    if _from_file(rec):
        return generic_faults(rec)
    out = []
    for diag in rec.diagnostics:
        if not needs_decision(diag):
            continue
        ply = plies_before(rec, diag.line, diag.column)
        fault = Fault(diag.line, diag.column, quoted(diag.message), diag.code, diag.severity,
                      diag.message, [], ply, settles=diag.code == "CHECKERS-CLAIM")
        fault.readings = _readings(rec, fault, ply)
        out.append(fault)
    return out


def _readings(rec: Record, fault: Fault, ply: int) -> list[Reading]:
    if fault.code == "CHECKERS-CLAIM":
        found = (rec.data.get("claim") or {}).get("searched")
        return [Reading(CLAIM_WORDS[found], "what the endgame search finds")] if found else []
    if fault.code == "CHECKERS-AMBIGUOUS":
        paths = rec.data.get("candidates", {}).get(str(ply + 1), [])
        return [Reading(path, "this jump path") for path in paths]
    if fault.code == "CHECKERS-ILLEGAL":
        edits = rec.data.get("repair_candidates") if _stops_at(rec, fault) else None
        if edits:
            return [Reading(move, "a one-square edit with which the rest replays")
                    for move in edits]
        position = _position_after(rec, ply)
        return [Reading(str(m), "a legal move here") for m in engine.legal_moves(position)]
    return []


def _stops_at(rec: Record, fault: Fault) -> bool:
    unplayed = rec.data.get("unplayed") or [[None, 0, 0]]
    return (unplayed[0][1], unplayed[0][2]) == (fault.line, fault.column)


def _position_after(rec: Record, ply: int) -> engine.Position:
    made = [p for p in rec.plies[:ply] if p.position]
    return engine.from_fen(made[-1].position if made else
                           rec.start_position or engine.to_fen(engine.initial()))


# -- corrections --------------------------------------------------------------------------------
def correct(rec: Record, corrections: list[Correction]) -> Record:
    """The record replayed from its first corrected move on, every corrected move read as
    the person said; ValueError when the line still stops at or before a corrected move."""
    from records.checkers.pdn import read
    if _from_file(rec):
        return read_corrected(read, rec, corrections)
    reads = [c for c in corrections if c.how == READ]
    printed = _printed_from(rec, reads)
    first = min(printed_index for printed_index, _ in (_where(rec, printed, c) for c in reads))
    start_ply = printed[first][0]
    toks = [_corrected(tok, reads) for _, tok in printed[first:]]
    fresh = _fresh(rec, {(t.line, t.column) for _, t in printed[first:]})
    prefix = list(rec.plies[:start_ply])
    start = _position_after(rec, start_ply)
    replay = replay_line(fresh, start, [t for group in toks for t in group], typography=False,
                         first_index=start_ply + 1)
    fresh.plies = prefix + replay.plies
    claim = rec.data.get("claim_at")
    if claim and replay.complete:
        final = replay.positions[-1] if replay.positions else start
        check_claim(fresh, final, book.Token("result", claim[0], claim[1], claim[2]))
    fresh.normal = pdn_text(fresh)
    fresh.tags["_plies"] = len(fresh.plies)
    fresh.settle_status()
    order = {(t.line, t.column): i for i, (_, t) in enumerate(printed)}
    for c in reads:
        _refuse_if_stuck(fresh, order, c)
    return fresh


def _printed_from(rec: Record, reads: list[Correction]) -> list[tuple[int, book.Token]]:
    """The printed moves in reading order, each with the ply it was replayed as (or would be):
    the plies' own texts, then the moves the line stopped before."""
    out = [(i, _token(p.text, p.line, p.column)) for i, p in enumerate(rec.plies) if p.text]
    after = len(rec.plies)
    for text, line, column in rec.data.get("unplayed") or []:
        out.append((after, _token(text, line, column)))
    if not rec.data.get("unplayed") and any(not _known(out, c) for c in reads):
        raise ValueError("the printed moves after the place where this record stops are not "
                         "kept with it (imported by an older hoyle): import the book again")
    return out


def _known(printed, c: Correction) -> bool:
    return any((t.line, t.column) == (c.line, c.column) for _, t in printed)


def _where(rec, printed, c: Correction) -> tuple[int, book.Token]:
    for index, (_, tok) in enumerate(printed):
        if (tok.line, tok.column) == (c.line, c.column):
            return index, tok
    raise ValueError(f"no printed move at {c.line}:{c.column} in this record")


def _token(text: str, line: int, column: int) -> book.Token:
    """A printed move as the scanner tokenised it; text that reads as no one move (an OCR
    slip such as `1?-16`) stays a move with no squares, for a correction to read."""
    found = [t for t in book.tokens(text, line, column) if t.kind == "move"]
    return found[0] if len(found) == 1 else book.Token("move", text, line, column)


def _corrected(tok: book.Token, reads: list[Correction]) -> list[book.Token]:
    """The printed move, or what a correction reads there (no move: dropped)."""
    for c in reads:
        if (c.line, c.column) == (tok.line, tok.column):
            found = book.tokens(c.reading, c.line, c.column) if c.reading.strip() else []
            moves = [t for t in found if t.kind == "move"]
            if len(moves) != len(found) or (c.reading.strip() and not moves):
                raise ValueError(f'"{c.reading}" cannot be read as checkers moves')
            for move in moves:   # the plies keep the printed text and place
                move.line, move.column = tok.line, tok.column
            if len(moves) == 1:
                moves[0].text = tok.text
            return moves
    return [tok]


def _fresh(rec: Record, replayed: set) -> Record:
    """The record without what the replay from the correction on makes again."""
    fresh = Record(kind=rec.kind, title=rec.title, source=rec.source, line=rec.line,
                   end_line=rec.end_line, text=rec.text, id=rec.id,
                   start_position=rec.start_position, tags=dict(rec.tags))
    fresh.data = {k: v for k, v in rec.data.items()
                  if k not in ("unplayed", "repair_candidates", "claim")}
    fresh.data["candidates"] = {k: v for k, v in rec.data.get("candidates", {}).items()
                                if int(k) < min((_ply_of(rec, p) for p in replayed), default=0)}
    if not fresh.data["candidates"]:
        del fresh.data["candidates"]
    fresh.diagnostics = [d for d in rec.diagnostics if (d.line, d.column) not in replayed
                         and d.code not in ("CHECKERS-CLAIM", "CHECKERS-CLAIM-UNDECIDED")]
    return fresh


def _ply_of(rec: Record, place: tuple[int, int]) -> int:
    return next((p.index for p in rec.plies if (p.line, p.column) == place), len(rec.plies) + 1)


def _refuse_if_stuck(fresh: Record, order: dict, c: Correction) -> None:
    at = order.get((c.line, c.column), len(order))
    for diag in fresh.diagnostics:
        here = (diag.line, diag.column) == (c.line, c.column) and needs_decision(diag)
        before = diag.severity == ERROR and order.get((diag.line, diag.column), len(order)) <= at
        if here or before:
            raise ValueError(f'with "{c.reading}" at {c.line}:{c.column} the line still does '
                             f"not replay: {diag.line}:{diag.column} {diag.code} {diag.message}")
