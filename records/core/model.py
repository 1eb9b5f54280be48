"""The record and diagnostic types every layer shares (see DESIGN.md)."""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from typing import Any

ERROR, WARNING, INFO = "error", "warning", "info"
VALID, REPAIRED, NEEDS_REVIEW, INVALID = "valid", "repaired", "needs_review", "invalid"
STATUSES = (VALID, REPAIRED, NEEDS_REVIEW, INVALID)
KINDS = ("chess", "checkers", "bridge", "whist", "cribbage")


@dataclass
class Diagnostic:
    severity: str
    code: str
    message: str
    line: int = 0
    column: int = 0
    suggestion: str = ""
    repair: bool = False  # a warning that names the one edit that made the record replay

    def format(self, source: str = "") -> str:
        where = f"{source}:{self.line}:{self.column}" if source else f"{self.line}:{self.column}"
        text = f"{where} {self.severity} {self.code} {self.message}"
        return f"{text}; {self.suggestion}" if self.suggestion else text

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if k != "repair"} | (
            {"repair": True} if self.repair else {})


@dataclass(slots=True)
class Ply:
    """One move, play or card as printed, beside its normalised form."""
    index: int          # 1-based
    text: str           # as printed
    normal: str         # SAN, PDN move, card ...
    line: int = 0
    column: int = 0
    position: str = ""  # position key after the ply, for position search


@dataclass
class Record:
    kind: str
    title: str
    source: str = ""            # file path as given
    line: int = 0               # first line of the record in the source (1-based)
    end_line: int = 0
    text: str = ""              # the source text, verbatim
    normal: str = ""            # normalised form: PGN, PDN, PBN or JSON
    plies: list[Ply] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    tags: dict = field(default_factory=dict)   # players, event, opening, result ...
    data: dict = field(default_factory=dict)   # family-specific facts (setup, candidates, counts)
    start_position: str = ""
    status: str = ""            # derived from diagnostics unless set (invalid)
    id: int | None = None
    ply_count: int = 0          # set by the archive when the plies are not loaded
    plies_in_text: bool = False  # the family's reader reads the plies back from the text alone
    key_hashes: Any = None       # the start's and each ply's position hash, where a reader
                                 # made them all at once (the family's position_hash of each key)

    def add(self, severity: str, code: str, message: str, line: int = 0, column: int = 0,
            suggestion: str = "", repair: bool = False) -> Diagnostic:
        diag = Diagnostic(severity, code, message, line or self.line, column, suggestion, repair)
        self.diagnostics.append(diag)
        return diag

    def settle_status(self) -> str:
        """Status from diagnostics: errors or unrepaired warnings need review, repairs repair."""
        if self.status == INVALID:
            return self.status
        severe = [d for d in self.diagnostics if d.severity in (ERROR, WARNING)]
        if any(d.severity == ERROR or not d.repair for d in severe):
            self.status = NEEDS_REVIEW
        elif severe:
            self.status = REPAIRED
        else:
            self.status = VALID
        return self.status

    @property
    def fingerprint(self) -> str:
        """The record's content: kind, start, normalised moves, normal form and tags; never
        where it was found (file name, line, a title numbered by its place in the file)."""
        tags = sorted((k, str(v)) for k, v in self.tags.items() if not k.startswith("_"))
        body = self.normal or ("" if self.plies else self.text)
        key = json.dumps([self.kind, self.start_position, [p.normal for p in self.plies], body,
                          tags], ensure_ascii=False)
        return hashlib.blake2b(key.encode(), digest_size=16).hexdigest()

    @property
    def source_key(self) -> str:
        return os.path.basename(self.source)

    def to_dict(self) -> dict:
        return {
            "id": self.id, "kind": self.kind, "title": self.title, "status": self.status,
            "source": self.source, "line": self.line, "end_line": self.end_line,
            "tags": self.tags,
            "moves": [p.normal for p in self.plies],
            "diagnostics": [d.to_dict() for d in self.diagnostics],
        }


def shift_lines(records: list[Record], offset: int) -> list[Record]:
    """Line numbers of records read from a piece of a file made the whole file's."""
    if offset:
        for rec in records:
            rec.line += offset
            rec.end_line += offset
            for ply in rec.plies:
                ply.line += offset if ply.line else 0
            for diag in rec.diagnostics:
                diag.line += offset if diag.line else 0
    return records
