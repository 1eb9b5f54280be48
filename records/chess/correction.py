"""Chess records a person corrects (hoyle review, hoyle fix): the faults of a record with their
candidate readings, and the printed line resolved again with a reading in place of a move.

A book record's printed moves are found again in its own text (the rows of its line span);
the line is then replayed as the book scanner replays it, from the record's start position,
with each corrected move read as the person said. PGN records are read again with the
reading put in their text (records.core.review.read_corrected).
"""
from __future__ import annotations

import os
from dataclasses import replace

from records.chess import descriptive as dn
from records.core import interchange
from records.core.model import ERROR, Record
from records.core.review import (READ, Correction, Fault, Reading, generic_faults, needs_decision,
                                 plies_before, quoted, read_corrected)

# diagnostics the replay of a line makes (and makes again); the others come from the book
# around the line (a misnumbered row, a setup in words) and are kept as they were
REPLAY_CODES = {"CHESS-OCR", "CHESS-EMPTY", "CHESS-GUESSED", "CHESS-UNREADABLE",
                "CHESS-AMBIGUOUS", "CHESS-REPAIRED", "CHESS-AFTER-END", "CHESS-ILLEGAL",
                "CHESS-FALSE-MATE", "CHESS-FALSE-CHECK", "CHESS-UNCHECKED", "CHESS-TRUNCATED",
                "CHESS-LANGUAGE"}
CLAIM_CODES = {"CHESS-FALSE-CHECK", "CHESS-FALSE-MATE"}
MAX_READINGS = 12


def _from_file(rec: Record) -> bool:
    return os.path.splitext(rec.source)[1].lower() == ".pgn" or "BookTitle" not in rec.tags


# -- the printed line, found again ----------------------------------------------------------------
class PrintedLine:
    """A book record's printed moves (tokens in reading order, the items between them) and the
    setup it replays from."""

    def __init__(self, rec: Record, raw, prefix: list):
        from records.chess.resolver import Setup
        from records.chess.scan import odds_setup
        self.raw, self.items = raw, prefix + list(raw.items)
        odds = odds_setup(raw.heading or rec.tags.get("BookTitle", ""))
        self.setup = Setup(fen=rec.data.get("start_fen") or None,
                           double_first=bool(odds and odds.double_first)
                           or any(p.normal == "--" for p in rec.plies[:2]),
                           marks_checks=rec.data.get("marks_checks"))

    @property
    def tokens(self) -> list:
        return [t for t in self.items if isinstance(t, (dn.Move, dn.Unreadable))]

    def index_at(self, line: int, column: int) -> int | None:
        return next((i for i, t in enumerate(self.tokens)
                     if t.line == line and t.column == column), None)


def printed_line(rec: Record) -> PrintedLine | None:
    """The record's printed line found again in its text: the game whose moves stand where
    the record's plies stand (moves given in words before the line come first)."""
    from records.chess.book import find_games
    if not rec.text:
        return None
    words = [p for p in rec.plies if p.column == 0 and p.normal != "--"]
    prefix = [dn.placed(dn.parse_move(p.normal), rec.line, 0) for p in words]
    wanted = {(p.line, p.column) for p in rec.plies if p.text and p.column}
    games = find_games("\n" * (rec.line - 1) + rec.text)
    games.sort(key=lambda raw: raw.line != rec.line)
    for raw in games:
        places = {(t.line, t.column) for t in raw.moves()}
        if raw.moves() and wanted <= places and (wanted or raw.line == rec.line):
            return PrintedLine(rec, raw, prefix)
    return None


# -- faults -------------------------------------------------------------------------------------
def faults(rec: Record) -> list[Fault]:
    """Every error and unrepaired warning with its candidate readings: the moves each reading
    of the line makes there (an ambiguous or unreadable move), the one-edit repairs that replay
    (a misprint, a move printed twice or left out), the nearest legal moves."""
    if _from_file(rec):
        told = {(d.line, d.column, d.code): d.suggestion for d in rec.diagnostics}
        return [_split_suggestion(f, told.get((f.line, f.column, f.code), ""))
                for f in generic_faults(rec)]
    line = printed_line(rec)
    out = []
    for diag in rec.diagnostics:
        if not needs_decision(diag):
            continue
        fault = Fault(diag.line, diag.column, quoted(diag.message), diag.code, diag.severity,
                      diag.message, [], plies_before(rec, diag.line, diag.column),
                      settles=diag.code in CLAIM_CODES)
        if line is not None:
            fault.readings = _readings(rec, line, fault)
        out.append(fault)
    return out


def _split_suggestion(fault: Fault, suggestion: str) -> Fault:
    """PGN faults: the moves of "nearest legal readings: Bxc6, Bc4" as readings."""
    head, _, moves = suggestion.partition(": ")
    if not fault.readings and head.startswith("nearest legal") and moves:
        fault.readings = [Reading(m.strip().strip('"'), "a legal move near what is printed")
                          for m in moves.split(",") if m.strip()]
    return fault


def _readings(rec: Record, line: PrintedLine, fault: Fault) -> list[Reading]:
    index = line.index_at(fault.line, fault.column)
    if fault.settles:
        ply = next((p for p in rec.plies if (p.line, p.column) == (fault.line, fault.column)), None)
        return [Reading(ply.normal, "the move as played")] if ply else []
    if index is None:
        return []
    readings = rec.data.get("readings") or []
    sans = sorted({r[index] for r in readings if index < len(r)})
    if len(sans) > 1:
        return [Reading(san, "this reading replays to the end") for san in sans]
    return _repair_readings(line, index)[:MAX_READINGS]


def _repair_readings(line: PrintedLine, index: int) -> list[Reading]:
    """At the move where the line stops: the one-edit repairs that replay to the end, then the
    legal moves nearest to what is printed."""
    from records.chess.repairs import find_repairs, nearest_readings
    from records.chess.resolver import _san_list, resolve
    setup, tokens = line.setup, line.tokens
    res = resolve(setup.board(), tokens, setup.double_first, setup.marks_checks)
    if res.readings or res.failed_at != index:
        return []
    out = []
    for edit in find_repairs(setup, tokens, res):
        sans = _san_list(setup, edit.readings[0])
        at = tokens[edit.index]
        if edit.label.startswith("without "):
            out.append(Reading("", edit.label, at.line, at.column, at.text))
        elif edit.label.startswith("a missing move"):
            out.append(Reading(f"{sans[edit.index]} {sans[edit.index + 1]}", edit.label,
                               at.line, at.column, at.text))
        else:
            out.append(Reading(sans[edit.index], edit.label, at.line, at.column, at.text))
    for near in nearest_readings(res.fail_board, res.fail_labels, tokens[index].text):
        out.append(Reading(near, "a legal move near what is printed"))
    return out


# -- corrections --------------------------------------------------------------------------------
def correct(rec: Record, corrections: list[Correction]) -> Record:
    """The record replayed with the corrections' readings in place of the printed moves."""
    from records.chess.pgn import read
    if _from_file(rec):   # the move read otherwise gets a comment of its own in the PGN
        return read_corrected(read, rec, [_with_comment(c) for c in corrections])
    line = printed_line(rec)
    if line is None:
        raise ValueError("this record's moves cannot be found again in its text; mark the "
                         "fault as an error of the book instead")
    read = [c for c in corrections if c.how == READ and c.code != NO_SETUP]
    given = [c for c in corrections if c.how == READ and c.code == NO_SETUP]
    for c in given:
        line.setup = _given_setup(c.reading, line.setup)   # the position, typed as FEN
    corrected = _corrected_items(line, read)
    fresh = _replayed(rec, line, corrected)
    for c in read:
        _refuse_if_stuck(fresh, line, corrected, c)
    stuck = next((d for d in fresh.diagnostics if d.severity == ERROR), None)
    if given and stuck:
        raise ValueError(f"from that position the line does not replay: {stuck.line}:"
                         f"{stuck.column} {stuck.code} {stuck.message}")
    return fresh


NO_SETUP = "CHESS-NO-SETUP"   # its reading is the position the line starts from, as FEN


def _given_setup(fen: str, setup):
    """The setup a person gave for a line from a position the text does not give."""
    import chess
    try:
        chess.Board(fen.strip())
    except ValueError as exc:
        raise ValueError(f'"{fen}" is not a position in FEN ({exc}); the line starts from a '
                         "position the text does not give, typed as FEN") from None
    return replace(setup, fen=fen.strip())


def _with_comment(c: Correction) -> Correction:
    if c.how != READ or not c.reading:
        return c
    note = interchange.correction_note(c.printed, c.reading, c.by)
    return replace(c, reading=f"{c.reading} {{{note.replace('}', ')')}}}")


def _corrected_items(line: PrintedLine, corrections: list[Correction]) -> list:
    """The line's items with each corrected move replaced by the moves of its reading."""
    swap = {}
    for c in corrections:
        index = line.index_at(c.line, c.column)
        if index is None:
            raise ValueError(f"no printed move at {c.line}:{c.column} in this record")
        swap[id(line.tokens[index])] = _reading_moves(c, line.tokens[index])
    out = []
    for item in line.items:
        out.extend(swap.get(id(item), [item]) or [DROPPED])
    return out


DROPPED = object()   # where a correction drops a printed move


def _reading_moves(c: Correction, printed) -> list:
    parsed = dn.parse(c.reading, c.line) if c.reading.strip() else []
    bad = [i for i in parsed if isinstance(i, dn.Unreadable)]
    moves = [i for i in parsed if isinstance(i, dn.Move)]
    if bad or (c.reading.strip() and not moves):
        raise ValueError(f'"{c.reading}" cannot be read as a chess move')
    placed = [dn.Given(**dn.placed(m, c.line, c.column).__dict__) for m in moves]
    if len(placed) == 1:   # the ply keeps the printed text; the correction says what it read
        placed = [dn.Given(**dict(placed[0].__dict__, text=printed.text))]
    return placed


def _replayed(rec: Record, line: PrintedLine, items: list) -> Record:
    from records.chess.coverage import check_coverage
    from records.chess.scan import _classify, san_movetext
    from records.chess.validation import validate_line
    fresh = Record(kind=rec.kind, title=rec.title, source=rec.source, line=rec.line,
                   end_line=rec.end_line, text=rec.text, id=rec.id,
                   tags={k: v for k, v in rec.tags.items() if k not in ("ECO", "Opening")})
    fresh.data = {k: rec.data[k] for k in ("annotations", "marks_checks", "described_fen")
                  if k in rec.data}
    fresh.diagnostics = [d for d in rec.diagnostics if d.code not in REPLAY_CODES
                         and not (d.code == NO_SETUP and line.setup.fen)]
    dropped = sum(1 for item in items if item is DROPPED)
    items = [item for item in items if item is not DROPPED]
    if dropped:   # a move printed twice, dropped by a person: the numbering counts it
        fresh.data["dropped"] = dropped
    validate_line(fresh, line.setup, items)
    check_coverage(fresh, replace(line.raw, items=items[len(line.items) - len(line.raw.items):]))
    _classify(fresh)
    fresh.normal = san_movetext(fresh)
    fresh.settle_status()
    return fresh


def _refuse_if_stuck(fresh: Record, line: PrintedLine, items: list, c: Correction) -> None:
    """ValueError when the line still stops at or before the corrected move, or the reading
    itself still needs a decision (it can mean several moves)."""
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    order = {(t.line, t.column): i for i, t in reversed(list(enumerate(tokens)))}
    at = order.get((c.line, c.column), len(tokens))
    for diag in fresh.diagnostics:
        here = (diag.line, diag.column) == (c.line, c.column) and needs_decision(diag)
        before = diag.severity == ERROR and \
            order.get((diag.line, diag.column), len(tokens) + 1) <= at
        if here or before:
            raise ValueError(f'with "{c.reading}" at {c.line}:{c.column} the line still does '
                             f"not replay: {diag.line}:{diag.column} {diag.code} {diag.message}")

