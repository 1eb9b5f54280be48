"""hoyle review and hoyle fix: the records that need a person's decision, shown and decided
(records/archive/review.py does the work; this module asks and prints)."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import List, Optional

import typer

from records.cli.app import (AS_JSON, KIND, RECORD_ID, app, choose, kinds_of, open_archive,
                             storable)
from records.core.model import NEEDS_REVIEW, STATUSES, Record
from records.core.report import ERRORS, Tally, fail

PROMPT = "number: choose · r TEXT: read as TEXT · b: book error · s: skip · q: quit > "


def _place(text: str) -> tuple[int, int]:
    line, sep, column = text.partition(":")
    if not sep or not line.strip().isdigit() or not column.strip().isdigit():
        fail(f"--at wants LINE:COL (the place a fault is shown at), not {text!r}")
    return int(line), int(column)


def fault_lines(rec: Record, fault, number: int = 0, of: int = 0) -> list[str]:
    """A fault as a person reads it: where, what, the printed text around it, the readings."""
    from records.archive.review import context
    head = f"fault {number} of {of}: " if of else ""
    out = [f"{head}{rec.source}:{fault.line}:{fault.column} {fault.severity} {fault.code} "
           f"{fault.message}", context(rec, fault.line, fault.column)]
    for i, reading in enumerate(fault.readings, 1):
        shown = f'"{reading.text}"' if reading.text else "(drop it)"
        where = f"  at {reading.line}:{reading.column}" if reading.line and \
            (reading.line, reading.column) != (fault.line, fault.column) else ""
        note = f"  {reading.note}" if reading.note else ""
        out.append(f"  {i:>2}. {shown}{note}{where}")
    if not fault.readings:
        out.append("  (no candidate readings: type one with r TEXT, or mark a book error)")
    return out


def _record_head(rec: Record) -> str:
    return f"#{rec.id} {rec.title} ({rec.kind}, {rec.status}) {rec.source}:{rec.line}-{rec.end_line}"


def walk(archive, found, read_line: Callable[[], str | None], say: Callable[[str], None]) -> dict:
    """Ask about each fault of each record in turn; return what was done. read_line gives
    the person's answer (None at the end of input: stop), say prints. After a decision the
    record's faults are found again (a replay may have moved them on)."""
    from records.archive import review
    done = {"corrected": 0, "book errors": 0, "skipped": 0, "records": 0}
    for rec, faults in found:
        done["records"] += 1
        say(_record_head(rec))
        skipped: set = set()
        while pending := [f for f in faults if (f.line, f.column) not in skipped]:
            fault = pending[0]
            say("\n".join(fault_lines(rec, fault, len(skipped) + 1, len(skipped) + len(pending))))
            say(review.picture(rec, fault))
            outcome = _ask(archive, rec, fault, read_line, say)
            if outcome == "quit":
                return done
            done[outcome] += 1
            if outcome == "skipped":
                skipped.add((fault.line, fault.column))
            else:
                rec = archive.get(rec.id)
                faults = review.open_faults(rec)
    return done


def _ask(archive, rec: Record, fault, read_line, say) -> str:
    from records.archive import review
    while True:
        say(PROMPT)
        answer = read_line()
        if answer is None or answer.strip().lower() in ("q", "quit"):
            return "quit"
        answer = answer.strip()
        how: dict = {}
        if answer.lower() in ("", "s", "skip"):
            return "skipped"
        if answer.isdigit():
            how = {"choose": int(answer)}
        elif answer.lower() in ("b", "book", "book error"):
            how = {"book_error": True}
        elif answer[:2].lower() == "r ":
            how = {"read": answer[2:].strip()}
        else:
            say("type a candidate's number, r TEXT, b, s or q")
            continue
        try:
            fixed = review.correct(archive, rec.id, fault.line, fault.column, **how)
        except review.Refused as exc:
            say(f"refused: {exc}")
            continue
        say(f"#{fixed.id} is now {fixed.status}")
        return "book errors" if how.get("book_error") else "corrected"


@app.command("review")
def review_(kind: Optional[List[str]] = KIND,
            status: str = typer.Option(NEEDS_REVIEW, "--status", metavar="STATUS",
                                       help="Records of this status (default needs_review)."),
            as_json: bool = AS_JSON):
    """Walk the records that need a decision: the printed text around each fault, the
    diagnostics, the candidate readings and the board, hands or count there. On a terminal
    it asks (choose a candidate, type a reading, mark a book error, skip, quit); otherwise,
    or with --json, it lists."""
    from records.archive import review
    choose(status, STATUSES, "--status")
    archive = open_archive()
    found = review.to_review(archive, kinds_of(kind), status)
    if as_json:
        _list_json(found)
    elif sys.stdin.isatty() and sys.stdout.isatty():
        done = walk(archive, found, _terminal_line, typer.echo)
        typer.echo(", ".join(f"{k}: {v}" for k, v in done.items()), err=True)
    else:
        shown = 0
        for rec, faults in found:
            shown += 1
            typer.echo(_record_head(rec))
            for number, fault in enumerate(faults, 1):
                typer.echo("\n".join(fault_lines(rec, fault, number, len(faults))))
                typer.echo(review.picture(rec, fault))
            typer.echo("")
        typer.echo(f"{shown} records need a decision (hoyle fix ID --at LINE:COL ...)", err=True)


def _terminal_line() -> str | None:
    try:
        return input()
    except EOFError:
        return None


def _list_json(found) -> None:
    from dataclasses import asdict
    tally, first = Tally(), True
    typer.echo('{"records": [', nl=False)
    for rec, faults in found:
        tally.add(rec)
        row = rec.to_dict() | {"faults": [asdict(f) for f in faults]}
        typer.echo(("\n " if first else ",\n ") + json.dumps(row, ensure_ascii=False), nl=False)
        first = False
    typer.echo(f'],\n"counts": {json.dumps(tally.counts, ensure_ascii=False)}}}')


@app.command()
def fix(record_id: int = RECORD_ID,
        at: Optional[str] = typer.Option(None, "--at", metavar="LINE:COL", help="The fault's place, as hoyle review shows it."),
        choose_: Optional[int] = typer.Option(None, "--choose", metavar="N", min=1, callback=storable, help="Take candidate reading N."),
        read: Optional[str] = typer.Option(None, "--read", metavar="TEXT", help="Read the printed text as TEXT (a move, card or count)."),
        book_error: bool = typer.Option(False, "--book-error", help="Mark it as an error of the book."),
        undo: bool = typer.Option(False, "--undo", help="Take the record's last correction back."),
        as_json: bool = AS_JSON):
    """Decide a fault without asking: choose a candidate, type a reading, or mark a book error
    (the record is replayed at once and becomes corrected); --undo takes the last back."""
    from records.archive import review
    from records.core.report import emit
    archive = open_archive()
    if archive.get(record_id) is None:
        fail(f"no record {record_id} in {archive.path}")
    given = sum(x for x in (choose_ is not None, read is not None, book_error))
    if undo == bool(given) or (not undo and not at) or (undo and at):
        fail("give --at LINE:COL with one of --choose N, --read TEXT, --book-error; or --undo alone")
    try:
        if undo:
            rec = review.undo(archive, record_id)
        else:
            line, column = _place(at)
            rec = review.correct(archive, record_id, line, column, choose=choose_, read=read,
                                 book_error=book_error)
    except review.NotReplayed as exc:
        fail(f"refused: {exc}", ERRORS)
    except review.Refused as exc:
        fail(str(exc))
    if as_json:
        emit([rec], full=True)
        return
    typer.echo(f"#{rec.id} {rec.title}: {rec.status}")
    for diag in rec.diagnostics:
        if diag.severity != "info" or diag.code in ("CORRECTED", "BOOK-ERROR"):
            typer.echo(diag.format(rec.source))
