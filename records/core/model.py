"""The record and diagnostic types every layer shares (see DESIGN.md)."""
from __future__ import annotations

import hashlib
import json
import os
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

ERROR, WARNING, INFO = "error", "warning", "info"
VALID, REPAIRED, NEEDS_REVIEW, INVALID = "valid", "repaired", "needs_review", "invalid"
CORRECTED = "corrected"   # a person chose a reading or typed the right text (hoyle fix)
STATUSES = (VALID, REPAIRED, CORRECTED, NEEDS_REVIEW, INVALID)
CORRECTION_CODE = "CORRECTED"   # the diagnostic that says who read what, where, when
KINDS = ("chess", "checkers", "bridge", "whist", "cribbage")


def json_writer(separators: tuple[str, str] = (", ", ": ")) -> Callable[[Any], str]:
    """json.JSONEncoder(ensure_ascii=False, separators=...).encode, the same text, without
    the encoder's set-up in Python at every call (a third of the time of a record's tags)."""
    encoder = json.JSONEncoder(ensure_ascii=False, separators=separators)
    try:
        from json.encoder import c_make_encoder, encode_basestring
        make = c_make_encoder(None, encoder.default, encode_basestring, None, separators[1],
                              separators[0], False, False, True)
    except (ImportError, TypeError):   # no C encoder here, or another signature
        return encoder.encode

    def write(value) -> str:
        if isinstance(value, str):
            return encode_basestring(value)
        return "".join(make(value, 0))
    return write


_to_json = json_writer()   # json.dumps(..., ensure_ascii=False)
# what a reader keeps of a record's text beyond its moves (comments, variations, NAGs, the
# result printed at the end of the moves): part of its content
PRINTED_NOTES = ("movetext", "termination")
HOYLE_CONTENT = ("HoylePrinted", "HoyleUnread")   # hoyle's tags that hold printed text
NOT_CONTENT = ("_", "Hoyle")   # tags that are not content (but HOYLE_CONTENT)
_PLAIN_STRINGS = re.compile(r'[^"\\\x00-\x1f]*')   # what JSON writes as it is, in quotes


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


def _needs_no_escape(text: str) -> bool:
    """JSON writes the text as it is, between quotes (the first test is the quicker)."""
    return (text.isprintable() and '"' not in text and "\\" not in text) or \
        _PLAIN_STRINGS.fullmatch(text) is not None


def _plain_json(strings: list[str]) -> str | None:
    """_to_json(strings) when no string needs an escape, written straight (most of a record's
    key, and the encoder's slowest part); else None."""
    if not _needs_no_escape("".join(strings)):
        return None
    return '["' + '", "'.join(strings) + '"]' if strings else "[]"


def _pairs_json(pairs: list[tuple[str, str]]) -> str:
    """_to_json(pairs): a list of (name, value) string pairs, written straight when no string
    needs an escape (a record's tags)."""
    if not _needs_no_escape("".join([name + value for name, value in pairs])):
        return _to_json(pairs)
    return '[["' + '"], ["'.join([name + '", "' + value for name, value in pairs]) + '"]]' \
        if pairs else "[]"


@dataclass(slots=True)
class Ply:
    """One move, play or card as printed, beside its normalised form."""
    index: int          # 1-based
    text: str           # as printed
    normal: str         # SAN, PDN move, card ...
    line: int = 0
    column: int = 0
    position: str = ""  # position key after the ply, for position search


class PlyColumns(Sequence):
    """Plies as a bulk reader makes them, as columns (printed texts, normal forms, lines and
    columns). Ply objects are made the first time one is asked for, and then kept, so changes
    to them hold; until then normals() and texts() serve the columns as they are."""

    __slots__ = ("_texts", "_normals", "_lines", "_columns", "_shift", "_made")

    def __init__(self, texts: list[str] | None, normals: list[str] | str, lines, columns,
                 shift: int = 0):
        """lines and columns: lists, or arrays of 32-bit ints (array or numpy). normals may come
        joined by newlines (split when first read: a record that is only stored never needs
        them one by one), and texts None: the same as the normals."""
        self._texts, self._normals, self._lines, self._columns = texts, normals, lines, columns
        self._shift = shift   # added to every line number (0: none) when the plies are made
        self._made: list[Ply] | None = None

    def _split(self) -> None:
        if isinstance(self._normals, str):
            self._normals = self._normals.split("\n")
        if self._texts is None:
            self._texts = self._normals

    def made(self) -> list[Ply]:
        if self._made is None:
            self._split()
            lines, columns = _ints(self._lines), _ints(self._columns)
            if self._shift:
                lines = [line + self._shift if line else 0 for line in lines]
            self._made = list(map(Ply, range(1, len(self._normals) + 1), self._texts,
                                  self._normals, lines, columns))
        return self._made

    def __len__(self) -> int:
        if isinstance(self._normals, str):
            return self._normals.count("\n") + 1
        return len(self._normals)

    def __getitem__(self, index):
        return self.made()[index]

    def __iter__(self):
        return iter(self.made())

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and self.made() == list(other)

    __hash__ = None

    def columns(self) -> tuple | None:
        """(texts, normals, lines, columns, shift: to be added to the lines) while no Ply has
        been made, else None (to be read, not changed)."""
        if self._made is not None:
            return None
        self._split()
        return self._texts, self._normals, self._lines, self._columns, self._shift

    def shift(self, offset: int) -> None:
        if self._made is not None:
            for ply in self._made:
                ply.line += offset if ply.line else 0
        else:
            self._shift += offset


def _ints(values) -> list[int]:
    """Line or column numbers as a list (a reader may hand them as an array)."""
    return values.tolist() if hasattr(values, "tolist") else values


def normals(plies: Sequence[Ply]) -> list[str]:
    """The plies' normal forms (from the columns, where the plies are kept as columns; the
    list is to be read, not changed)."""
    found = plies.columns() if isinstance(plies, PlyColumns) else None
    return found[1] if found else [p.normal for p in plies]


def texts(plies: Sequence[Ply]) -> list[str]:
    """The plies as printed."""
    found = plies.columns() if isinstance(plies, PlyColumns) else None
    return found[0] if found else [p.text for p in plies]


@dataclass
class Record:
    kind: str
    title: str
    source: str = ""            # file path as given
    line: int = 0               # first line of the record in the source (1-based)
    end_line: int = 0
    text: str = ""              # the source text, verbatim
    normal: str = ""            # normalised form: PGN, PDN, PBN or JSON (None: the family
                                # writes it from tags and plies when it is first asked for)
    plies: list[Ply] | PlyColumns = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    tags: dict = field(default_factory=dict)   # players, event, opening, result ...
    data: dict = field(default_factory=dict)   # family-specific facts (setup, candidates, counts)
    start_position: str = ""
    status: str = ""            # derived from diagnostics unless set (invalid)
    id: int | None = None
    ply_count: int = 0          # set by the archive when the plies are not loaded
    plies_in_text: bool = False  # the family's reader reads the plies back from the text alone
    key_hashes: Any = field(default=None, compare=False)  # the start's and each ply's
                                 # position hash (the family's position_hash of each key),
                                 # where a reader made them all at once
    digest: str = field(default="", repr=False, compare=False)  # the fingerprint, once a
                                 # reader has computed it (a worker process, say)
    carried: bool = field(default=False, repr=False, compare=False)  # its diagnostics came
                                 # with it from hoyle's export: their lines are the first
                                 # source's, not moved with the record's

    def add(self, severity: str, code: str, message: str, line: int = 0, column: int = 0,
            suggestion: str = "", repair: bool = False) -> Diagnostic:
        diag = Diagnostic(severity, code, message, line or self.line, column, suggestion, repair)
        self.diagnostics.append(diag)
        return diag

    def settle_status(self) -> str:
        """Status from diagnostics: errors or unrepaired warnings need review, a person's
        correction makes it corrected, repairs repair."""
        if self.status == INVALID:
            return self.status
        severe = [d for d in self.diagnostics if d.severity in (ERROR, WARNING)]
        if any(d.severity == ERROR or not d.repair for d in severe):
            self.status = NEEDS_REVIEW
        elif any(d.code == CORRECTION_CODE for d in self.diagnostics):
            self.status = CORRECTED
        elif severe:
            self.status = REPAIRED
        else:
            self.status = VALID
        return self.status

    @property
    def fingerprint(self) -> str:
        """The record's content: kind, start, normalised moves, normal form and tags; never
        where it was found (file name, line, a title numbered by its place in the file).
        Where the family writes the normal form from tags and plies (plies_in_text), the
        plies as printed stand in for it: the same content, without writing it."""
        return self.digest or self.content_digest()

    def content_digest(self) -> str:
        """(hoyle's own tags, "Hoyle...", are what it found or where the record came from:
        not content, so a record read back from hoyle's export is the record it exported;
        but those that hold what was printed)"""
        tags = [(k, v if type(v) is str else str(v)) for k, v in sorted(self.tags.items())
                if not k.startswith(NOT_CONTENT) or k in HOYLE_CONTENT]   # (names are unique)
        sans = normals(self.plies)
        if self.plies_in_text:
            printed = texts(self.plies)
            differing = [] if printed is sans or printed == sans else \
                [[[i, t] for i, (t, n) in enumerate(zip(printed, sans)) if t != n]]
            notes = [[k, self.data[k]] for k in PRINTED_NOTES if k in self.data]
            middle = _plain_json(sans)
            if middle is None:
                key = _to_json([self.kind, self.start_position, sans, "", tags, *differing,
                                *notes])
            else:
                key = "[" + ", ".join([_to_json(self.kind), _to_json(self.start_position),
                                       middle, '""', _pairs_json(tags), *map(_to_json, differing),
                                       *map(_to_json, notes)]) + "]"
        else:
            body = self.normal or ("" if self.plies else self.text)
            key = _to_json([self.kind, self.start_position, sans, body, tags])
        return hashlib.blake2b(key.encode(), digest_size=16).hexdigest()

    @property
    def source_key(self) -> str:
        return os.path.basename(self.source)

    def to_dict(self) -> dict:
        return {
            "id": self.id, "kind": self.kind, "title": self.title, "status": self.status,
            "source": self.source, "line": self.line, "end_line": self.end_line,
            "tags": self.tags,
            "moves": normals(self.plies),
            "diagnostics": [d.to_dict() for d in in_line_order(self.diagnostics)],
        }


def in_line_order(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics as a reader of the text meets them: by line, then column (those of the
    whole record, line 0, first); the order they were found in among equals."""
    return sorted(diagnostics, key=lambda d: (d.line or 0, d.column or 0))


# kind -> how its reader writes a record's normal form from the tags and plies; a reader that
# leaves a record's normal form None (to be written when first asked for) registers here
NORMAL_WRITERS: dict[str, Callable[[Record], str]] = {}


def _normal_of(rec: Record) -> str:
    value = rec.__dict__["_normal"]
    if value is None:
        value = rec.__dict__["_normal"] = NORMAL_WRITERS[rec.kind](rec)
    return value


def _set_normal(rec: Record, value: str | None) -> None:
    rec.__dict__["_normal"] = value


Record.normal = property(_normal_of, _set_normal)


def shift_lines(records: list[Record], offset: int) -> list[Record]:
    """Line numbers of records read from a piece of a file made the whole file's."""
    if offset:
        for rec in records:
            rec.line += offset
            rec.end_line += offset
            if isinstance(rec.plies, PlyColumns):
                rec.plies.shift(offset)
            else:
                for ply in rec.plies:
                    ply.line += offset if ply.line else 0
            for diag in [] if rec.carried else rec.diagnostics:
                diag.line += offset if diag.line else 0
    return records


def owner_by_line(records: list[Record]):
    """line -> the record a syntax note at that line belongs to: the first record whose lines
    hold it, else the last record that starts before it, else the first record. A search
    (bisect) a note, not a scan of every record: a file with thousands of notes and of games
    stays linear. The records are in file order."""
    starts = [r.line for r in records]
    reach, furthest = [], 0        # reach[i]: the furthest end_line of records 0..i
    for r in records:
        furthest = max(furthest, r.end_line)
        reach.append(furthest)

    def owner(line: int) -> Record:
        started = bisect_right(starts, line)         # records 0..started-1 start at or before
        first = bisect_left(reach, line, 0, started)  # the first of them that reaches the line
        if first < started:
            return records[first]
        return records[started - 1] if started else records[0]
    return owner
