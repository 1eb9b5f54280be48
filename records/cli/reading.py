"""hoyle import and hoyle validate: read files into records, store them or not."""
from __future__ import annotations

import os
from typing import List, Optional

import typer

from records.cli.app import AS_JSON, KIND, PATHS, app, db_path, kinds_of, open_archive, state
from records.core.report import Progress, Report, fail


def _read_all(paths: list[str], kinds: list[str] | None, report: Report, skip=None):
    """(path of the bytes, records) a piece at a time, for every input; a file that cannot be
    read is named on stderr and makes the exit code 2, the others are still read; files
    `skip(source)` is true of are not read at all."""
    from records.core.reading import UnreadableInput, sources
    skipped: list[str] = []
    try:
        files = sources(paths, skipped)
    except UnreadableInput as exc:
        fail(str(exc))
    for note in skipped:
        report.warn(f"skipped {note}")
    progress = Progress(sum(f.size for f in files)) if not report.as_json else None
    try:
        for source in files:
            state["doing"] = f"reading {source.name}"
            if not (skip and skip(source)):
                for records in _read_one(source, kinds, report):
                    if progress:
                        progress.piece(source, len(records))
                    yield source, records
            if progress:
                progress.file_done(source)
    finally:
        if progress:
            progress.stop()
    state["doing"] = ""


def _read_one(source, kinds, report: Report):
    from records.core.reading import UnreadableInput, VanishedInput, read_source
    found = 0
    try:
        for records in read_source(source, kinds):
            for rec in records:
                rec.settle_status()
            found += len(records)
            yield records
    except UnreadableInput as exc:
        report.warn(str(exc))
        # a folder may hold files that are not text (skipped, named); a file gone is an error
        report.unreadable = (report.unreadable or not source.in_folder
                             or isinstance(exc, VanishedInput))
        return
    for note in source.notes:
        report.warn(note.format(source.name))
    if not found:
        report.warn(f"{source.name}: no records found" + (f" of kind {', '.join(kinds)}" if kinds else ""))




FORCE = typer.Option(False, "--force", help="Read files again even when they are unchanged.")


@app.command("import")
def import_(paths: List[str] = PATHS, kind: Optional[List[str]] = KIND, as_json: bool = AS_JSON,
            force: bool = FORCE):
    """Find every record in PATH..., validate it by replay, and store it."""
    from itertools import groupby
    archive = open_archive(create=True)
    report = Report(as_json, only_diagnosed=True)   # a million-game file lists its problems only
    totals = {"added": 0, "unchanged": 0, "files unchanged": 0}
    kinds = kinds_of(kind)

    own = {os.path.abspath(db_path()) + end for end in ("", "-wal", "-shm", "-journal")}

    def unchanged(source) -> bool:
        if os.path.abspath(source.path) in own:   # the archive itself (in a folder: quietly)
            if not source.in_folder:
                report.warn(f"{source.name}: the archive being written to, not read")
            return True
        since = None if force else archive.unchanged(source.path, kinds)
        if since is None:
            return False
        totals["files unchanged"] += 1  # the same bytes, kinds and records: not read again
        report.warn(f"{source.name}: unchanged since {_when(since)}, skipped (--force to read"
                    " again)")
        return True

    def reported(pieces):
        for _, records in pieces:
            report.add(records)
            yield from records

    pieces = _read_all(paths, kinds, report, skip=unchanged)
    for source, same_file in groupby(pieces, key=lambda piece: piece[0]):
        result = archive.import_records(source.path, reported(same_file), kinds,  # a transaction
                                        name=source.name)                         # a file
        totals["added"] += result["added"]
        totals["unchanged"] += result["skipped"]
    raise typer.Exit(report.finish(totals))


def _when(seconds: float) -> str:
    import time
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


@app.command()
def validate(paths: List[str] = PATHS, kind: Optional[List[str]] = KIND, as_json: bool = AS_JSON):
    """Like import, without writing; exit 1 when any record has an error."""
    report = Report(as_json)
    for _, records in _read_all(paths, kinds_of(kind), report):
        report.add(records)
    raise typer.Exit(report.finish())
