"""Review and correction: a record's faults (what needs a person's decision, with the readings
to choose from), and the corrections people make (hoyle review, hoyle fix).

A family says what its faults are and replays a record with corrections (Family.faults,
Family.correct); the archive keeps the corrections and can take them back
(records/archive/review.py). A correction is one of three things:
- a reading of printed text (a move, a card, a count) that the family's engine replays;
- a stated claim set right (a count, a check, a trick's winner): accepted only when the typed
  value is what the rules give, with no replay;
- a mark that the book is wrong there (a book error), which changes nothing but the record's
  diagnostics and the errata.
The printed text is never changed: a correction is a diagnostic of its own (CORRECTED).
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace

from records.core.model import (CORRECTION_CODE, ERROR, INFO, WARNING, Diagnostic, Record,
                                normals)

BOOK_ERROR_CODE = "BOOK-ERROR"
READ, SETTLED, BOOK_ERROR = "read", "settled", "book error"   # what a correction does
_QUOTED = re.compile(r'"([^"]+)"')


@dataclass
class Reading:
    """One candidate reading of a fault: the text to read there, and where it applies (the
    fault's own place unless a repair names another, e.g. a misprint two moves back)."""
    text: str                # "" drops the printed text (a move printed twice)
    note: str = ""           # why this reading: the edit, "the rules give", ...
    line: int = 0
    column: int = 0
    printed: str = ""


@dataclass
class Fault:
    """A place in a record that needs a decision, and the readings offered there."""
    line: int
    column: int
    printed: str             # the text printed there ("" where the fault is the whole record)
    code: str
    severity: str
    message: str
    readings: list[Reading] = field(default_factory=list)
    ply: int = 0             # plies replayed before it (the board, hands or count to show)
    settles: bool = False    # a stated claim: a matching value is accepted without replay

    def reading(self, number: int) -> Reading:
        """Candidate `number` (1-based), placed; ValueError naming the choices otherwise."""
        if not 1 <= number <= len(self.readings):
            have = f"1 to {len(self.readings)}" if self.readings else "none"
            raise ValueError(f"no reading {number} at {self.line}:{self.column} (readings: {have})")
        found = self.readings[number - 1]
        return found if found.line else replace(found, line=self.line, column=self.column,
                                                 printed=found.printed or self.printed)


@dataclass
class Correction:
    """What a person decided at a place, by whom and when."""
    line: int
    column: int
    printed: str
    reading: str
    how: str = READ          # READ, SETTLED or BOOK_ERROR
    code: str = ""           # the fault's code
    by: str = ""
    at: str = ""             # UTC, ISO 8601
    choice: str = ""         # "candidate 2 of 4", or "typed"

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Correction:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})

    def diagnostic(self) -> Diagnostic:
        if self.how == BOOK_ERROR:
            what = f'"{self.printed}"' if self.printed else "the record"
            return Diagnostic(INFO, BOOK_ERROR_CODE, f"{what} marked as an error of "
                              f"the book ({self.code}) by {self.by} at {self.at}",
                              self.line, self.column, "hoyle fix ID --undo takes it back")
        read = f'"{self.reading}"' if self.reading else "nothing (dropped)"
        what = "set right to" if self.how == SETTLED else "read as"
        printed = f'"{self.printed}"' if self.printed else self.code or "the record"
        return Diagnostic(INFO, CORRECTION_CODE, f"{printed} {what} {read} by {self.by} "
                          f"at {self.at} ({self.choice or 'typed'}; the printed text is kept)",
                          self.line, self.column, "hoyle fix ID --undo takes it back")


def corrections_of(rec: Record) -> list[Correction]:
    return [Correction.from_dict(c) for c in rec.data.get("corrections", [])]


def quoted(message: str) -> str:
    """The first quoted text of a message (hoyle's messages quote what was printed first)."""
    found = _QUOTED.search(message)
    return found.group(1) if found else ""


def needs_decision(diag: Diagnostic) -> bool:
    return diag.severity == ERROR or (diag.severity == WARNING and not diag.repair)


def plies_before(rec: Record, line: int, column: int) -> int:
    """How many plies were replayed before the printed text at line:column."""
    for i, ply in enumerate(rec.plies):
        if ply.line == line and ply.column == column:
            return i
    return sum(1 for p in rec.plies if (p.line, p.column) < (line, column))


def generic_faults(rec: Record) -> list[Fault]:
    """Faults from the diagnostics alone: each error or unrepaired warning, with the quoted
    suggestions as its readings (a family that knows better overrides Family.faults)."""
    out = []
    for diag in rec.diagnostics:
        if not needs_decision(diag):
            continue
        readings = [Reading(text) for text in _QUOTED.findall(diag.suggestion)]
        out.append(Fault(diag.line, diag.column, quoted(diag.message), diag.code, diag.severity,
                         diag.message, readings, plies_before(rec, diag.line, diag.column)))
    return out


def undecided(rec: Record, faults: list[Fault]) -> list[Fault]:
    """The faults nobody has decided yet (no correction or book-error mark at their place)."""
    done = {(c.line, c.column) for c in corrections_of(rec)}
    return [f for f in faults if (f.line, f.column) not in done]


def same_reading(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def settled(rec: Record, fault: Fault, typed: str) -> Record:
    """The record with a stated claim set right: the typed value must be one the rules give
    (the fault's readings); the fault's diagnostics at its place go."""
    if not any(same_reading(typed, r.text) for r in fault.readings):
        rules = " or ".join(f'"{r.text}"' for r in fault.readings) or "no value hoyle can offer"
        raise ValueError(f'"{typed}" is not what the rules give at {fault.line}:{fault.column} '
                         f"({fault.code}): the rules give {rules}")
    return drop_settled(rec, [(fault.line, fault.column, fault.code)])


def drop_settled(rec: Record, places: list[tuple[int, int, str]]) -> Record:
    gone = set(places)
    out = replace(rec, diagnostics=[d for d in rec.diagnostics
                                    if (d.line, d.column, d.code) not in gone])
    out.data = dict(rec.data)
    return out


def finish(rec: Record, corrections: list[Correction]) -> Record:
    """A replayed record with its corrections: settled claims stay settled, every correction
    and book-error mark is a diagnostic, and the status follows (corrected once it replays)."""
    settled_places = [(c.line, c.column, c.code) for c in corrections if c.how == SETTLED]
    rec = drop_settled(rec, settled_places)
    rec.diagnostics = [d for d in rec.diagnostics
                       if d.code not in (CORRECTION_CODE, BOOK_ERROR_CODE)]
    rec.diagnostics += [c.diagnostic() for c in corrections]
    rec.data["corrections"] = [c.to_dict() for c in corrections]
    if rec.status != "invalid":
        rec.status = ""
        rec.settle_status()
    return rec


def substitute(text: str, first_line: int, line: int, column: int, printed: str,
               reading: str) -> str:
    """The text with `printed` at line:column (1-based, the text's first line being
    first_line) replaced by `reading`; ValueError when it is not printed there."""
    lines = text.split("\n")
    at = line - first_line
    if not 0 <= at < len(lines) or column < 1:
        raise ValueError(f"line {line} is not in the record's text")
    row = lines[at]
    start = column - 1
    if row[start:start + len(printed)] != printed:
        raise ValueError(f'"{printed}" is not printed at {line}:{column}')
    lines[at] = row[:start] + reading + row[start + len(printed):]
    return "\n".join(lines)


def moves_summary(rec: Record) -> str:
    return " ".join(normals(rec.plies))


def read_corrected(read_file, rec: Record, corrections: list[Correction]) -> Record:
    """A record of an interchange file read again by its family's reader (read_file(text,
    path)) with the readings put in its text (rightmost first, so the other places stay
    where they are)."""
    from records.core.model import shift_lines
    text = rec.text
    for c in sorted((c for c in corrections if c.how == READ),
                    key=lambda c: (c.line, c.column), reverse=True):
        text = substitute(text, rec.line, c.line, c.column, c.printed, c.reading)
    found = read_file(text + ("" if text.endswith("\n") else "\n"), rec.source) or []
    found = shift_lines(found, rec.line - 1)
    if not found:
        raise ValueError("the corrected text no longer reads as a record")
    again = found[0]
    again.settle_status()
    for c in corrections:
        if c.how == READ:
            refuse_if_stuck(again, c)
    again.id, again.text = rec.id, rec.text
    return again


def refuse_if_stuck(rec: Record, correction: Correction) -> None:
    """ValueError when the replay still fails at or before the corrected place."""
    place = (correction.line, correction.column)
    for diag in rec.diagnostics:
        if diag.severity == ERROR and (diag.line, diag.column) <= place:
            raise ValueError(f'with "{correction.reading}" at {correction.line}:'
                             f"{correction.column} the record still does not replay: "
                             f"{diag.line}:{diag.column} {diag.code} {diag.message}")
