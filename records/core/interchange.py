"""What hoyle adds to a record it writes to an interchange file (PGN, PDN, PBN), and how a
reader takes it back. The record's own tags are written as read; hoyle's own facts go in tags
whose names begin with "Hoyle", never over the user's:

- derived facts the readers make (HoyleOpening, HoyleECO, HoyleBallot, HoyleResult ...);
- the title, where the record's tags do not make it (HoyleTitle);
- provenance: the file and line the record was first read from (HoyleSource, HoyleLine),
  kept as they are when a record read from an export is exported again;
- a person's corrections (HoyleCorrection), as the errata name them;
- a record that is not valid: its status and every diagnostic, one tag each
  (HoyleStatus, HoyleDiagnostic1 "line:column severity CODE message", HoyleSuggestion1), so
  that reading the export back gives the same status and diagnostics.
"""
from __future__ import annotations

import os
import re

from records.core.model import INVALID, REPAIRED, VALID, WARNING, Diagnostic, Record

PREFIX = "Hoyle"
TITLE, SOURCE, LINE, STATUS = "HoyleTitle", "HoyleSource", "HoyleLine", "HoyleStatus"
DIAGNOSTIC, SUGGESTION = "HoyleDiagnostic", "HoyleSuggestion"
SUMMARY = "HoyleDiagnostics"   # older exports: the errors and warnings in one line
CARRIED = re.compile(r"(\d+):(\d+) (error|warning|info)(\+repair)? (\S+) (.*)", re.S)
NUMBERED = re.compile(rf"({DIAGNOSTIC}|{SUGGESTION})(\d+)")


def is_hoyle(name: str) -> bool:
    return name.startswith(PREFIX)


def own_tags(tags: dict) -> dict:
    """The record's own tags, in their order: not hoyle's, not internal ("_")."""
    return {k: str(v) for k, v in tags.items() if not k.startswith(("_", PREFIX))}


def hoyle_tags(rec: Record, title_from_tags: str | None = None) -> dict:
    """The tags hoyle writes after the record's own: the facts its reader derived (in their
    order), the title where title_from_tags (what a reader would make of the tags) differs,
    provenance, and, for a record that is not valid, its status and diagnostics."""
    out = {k: str(v) for k, v in rec.tags.items()
           if is_hoyle(k) and k not in (TITLE, SOURCE, LINE, STATUS, SUMMARY)
           and not NUMBERED.fullmatch(k)}
    title = rec.tags.get(TITLE) or rec.title
    if title and title_from_tags is not None and title != title_from_tags:
        out[TITLE] = title
    source = rec.tags.get(SOURCE) or (os.path.basename(rec.source) if rec.source else "")
    if source:
        out[SOURCE] = source
        out[LINE] = str(rec.tags.get(LINE) or rec.line)
    corrections = rec.data.get("corrections")
    if corrections:
        out[CORRECTION] = "; ".join(correction_words(c) for c in corrections)
    status = rec.status or rec.settle_status()
    if status != VALID:
        out[STATUS] = status
        for n, diag in enumerate(rec.diagnostics, 1):
            out[f"{DIAGNOSTIC}{n}"] = carried_text(diag)
            if diag.suggestion:
                out[f"{SUGGESTION}{n}"] = one_line(diag.suggestion)
    return out


def one_line(text: str) -> str:
    """A tag value is one line: line breaks become spaces."""
    return text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")


def carried_text(diag: Diagnostic) -> str:
    repair = "+repair" if diag.repair else ""
    return one_line(f"{diag.line}:{diag.column} {diag.severity}{repair} {diag.code} "
                    f"{diag.message}")


def carried(tags: dict) -> list[Diagnostic]:
    """The diagnostics an export carried in its tags, in their order (taken out of tags)."""
    found: dict[int, Diagnostic] = {}
    suggestions: dict[int, str] = {}
    for name in [k for k in tags if NUMBERED.fullmatch(k)]:
        kind, number = NUMBERED.fullmatch(name).groups()
        value = tags.pop(name)
        if kind == SUGGESTION:
            suggestions[int(number)] = value
            continue
        m = CARRIED.fullmatch(value)
        if m:
            line, column, severity, repair, code, message = m.groups()
            found[int(number)] = Diagnostic(severity, code, message, int(line), int(column),
                                            repair=bool(repair))
    for number, text in suggestions.items():
        if number in found:
            found[number].suggestion = text
    return [found[n] for n in sorted(found)]


def take_back(rec: Record, status_code: str) -> None:
    """A record read from a file hoyle exported: its title, status and diagnostics as they
    were. An export carries every diagnostic of a record that is not valid, their lines the
    first source's (HoyleSource's): those are the record's diagnostics again, in place of the
    reader's own (the same findings, at the export's lines). An older export with a status
    and no diagnostics gets a warning (status_code) naming the status it was exported with."""
    tags = rec.tags
    if STATUS not in tags and TITLE not in tags and SUMMARY not in tags:
        return   # (the common case: no export of hoyle's, or a valid record of one)
    if TITLE in tags:
        rec.title = tags[TITLE]
    status = tags.pop(STATUS, "")
    summary = tags.pop(SUMMARY, "")
    kept = carried(tags)
    if kept:
        rec.diagnostics, rec.carried = kept, True
    elif status and status != VALID:   # a repaired record stays repaired
        rec.add(WARNING, status_code, f"exported as {status.replace('_', ' ')}"
                + (f": {summary}" if summary else ""), rec.line, repair=status == REPAIRED)
    if status == INVALID:
        rec.status = INVALID


CORRECTION = "HoyleCorrection"   # what a person read otherwise (hoyle fix)


def correction_words(c: dict) -> str:
    """One correction of a person's, as the HoyleCorrection tag and the errata name it."""
    where = f'{c["line"]}:{c["column"]} "{c["printed"]}"'
    if c.get("how") == "book error":
        return f'{where} an error of the book ({c["by"]}, {c["at"]})'
    read = f'"{c["reading"]}"' if c.get("reading") else "nothing"
    return f'{where} read as {read} ({c["by"]}, {c["at"]})'


def correction_note(printed: str, reading: str, by: str) -> str:
    """The comment at a corrected move."""
    return f'HoyleCorrection: printed "{printed}", read as "{reading}" by {by}'
