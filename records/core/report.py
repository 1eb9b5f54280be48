"""How records reach people and programs: streamed reports, the one JSON shape ({counts, records}),
safe files and streams.

User text is printed literally (never as markup) and not wrapped when stdout is not a terminal.
"""
from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import typer

from records.core.files import as_new_file
from records.core.model import ERROR, INFO, STATUSES, Record
from records.core.reading import PIECE_BYTES

OK, ERRORS, USAGE = 0, 1, 2


def fail(message: str, code: int = USAGE) -> None:
    typer.echo(f"hoyle: {message}", err=True)
    raise typer.Exit(code)


def console(stderr: bool = False, markup: bool = False):
    """A rich console that prints text as given, and does not wrap when not on a terminal."""
    from rich.console import Console
    stream = sys.stderr if stderr else sys.stdout
    tty = stream.isatty()
    out = Console(file=stream, highlight=False, markup=markup, emoji=False,
                  soft_wrap=not tty, width=None if tty else 10_000)
    out.on_broken_pipe = _broken_pipe   # rich would exit 1: the command line ends with 0
    return out


def _broken_pipe() -> None:
    raise BrokenPipeError("the reader of hoyle's output has gone")


class Tally:
    """Counts by kind and status as records stream past."""

    def __init__(self):
        self.counts = {"records": 0, **{s: 0 for s in STATUSES}, "errors": 0, "by_kind": {}}

    def add(self, rec: Record) -> None:
        status = rec.status or rec.settle_status()
        by = self.counts["by_kind"].setdefault(rec.kind, {"records": 0, **{s: 0 for s in STATUSES}})
        for counts in (self.counts, by):
            counts["records"] += 1
            counts[status] += 1
        if has_error(rec):
            self.counts["errors"] += 1


def has_error(rec: Record) -> bool:
    return any(d.severity == ERROR for d in rec.diagnostics)


_unfinished: list[Report] = []   # JSON reports begun and not yet closed


class Report:
    """Import and validate output, streamed: {counts, records} in JSON, or diagnostics on
    stderr and a table of counts on stdout."""

    def __init__(self, as_json: bool, only_diagnosed: bool = False):
        self.as_json, self.tally, self.opened, self.unreadable = as_json, Tally(), False, False
        self.only_diagnosed = only_diagnosed  # JSON lists only the records with diagnostics
        if as_json:   # (one report a command: one left by an earlier command run in
            _unfinished[:] = [self]   # the same process is stale)

    def add(self, records: list[Record]) -> None:
        """A piece of a file's records: counted, and written as JSON, or their diagnostics
        printed in line order (a book's records may share lines: a table's columns)."""
        shown = []
        for rec in records:
            self.tally.add(rec)
            if self.only_diagnosed and not rec.diagnostics:
                continue
            if self.as_json:
                self._write(rec.to_dict())
                continue
            # a record read back from hoyle's export: its diagnostics name the file it was
            # first read from, and their lines are that file's
            first = rec.tags.get("HoyleSource")
            shown += [(d.line or rec.line, d.column, len(shown) + i, d,
                       first or rec.source, rec.source if first else None)
                      for i, d in enumerate(rec.diagnostics)
                      if d.severity != INFO or d.code.startswith("READ-")]
        for *_, d, source, read_from in sorted(shown, key=lambda row: row[:3]):
            colour = {"error": "red", "warning": "yellow"}.get(d.severity)
            said = d.format(source)
            typer.secho(said + (f" (read from {read_from})" if read_from else ""),
                        fg=colour, err=True)

    def _write(self, record: dict) -> None:
        text = json.dumps(record, ensure_ascii=False, indent=1)
        typer.echo(("," if self.opened else '{"records": [') + "\n" + text, nl=False)
        self.opened = True

    def warn(self, message: str) -> None:
        typer.echo(f"hoyle: {message}", err=True)

    def finish(self, extra: dict | None = None) -> int:
        counts = self.tally.counts | (extra or {})
        code = USAGE if self.unreadable else ERRORS if counts["errors"] else OK
        if not counts["records"] and not counts.get("files unchanged"):
            code = USAGE  # nothing read is a mistake of input, not a success
        if self.as_json:
            self._close(counts, extra or {})
            return code
        if counts["records"]:
            _print_counts(counts, extra)
        if counts["errors"]:
            typer.echo(f"{counts['errors']} of {counts['records']} records have errors (exit 1)")
        return code


    def _close(self, counts: dict, extra: dict) -> None:
        if self in _unfinished:
            _unfinished.remove(self)
        head = "" if self.opened else '{"records": ['
        tail = "".join(f',\n"{k}": {json.dumps(v, ensure_ascii=False)}' for k, v in extra.items())
        typer.echo(head + '],\n"counts": ' + json.dumps(counts, ensure_ascii=False) + tail + "}")


def close_unfinished(error: str) -> None:
    """An internal error ends the command: the JSON begun on stdout is closed all the same
    (the records written so far, their counts, and "error": what went wrong), so that what a
    program reads stays JSON; the exit code (3) says the rest."""
    while _unfinished:
        report = _unfinished.pop()
        report._close(report.tally.counts, {"error": error})


def _print_counts(counts: dict, extra: dict | None) -> None:
    rows = [[kind, *(str(by[c]) for c in ("records", *STATUSES))]
            for kind, by in sorted(counts["by_kind"].items())]
    rows.append(["all", *(str(counts[c]) for c in ("records", *STATUSES))])
    print_table(["kind", "records", *STATUSES], rows, right=("records", *STATUSES),
                title="records by kind and status", bold_last=True)
    if extra:
        typer.echo(", ".join(f"{k}: {v}" for k, v in extra.items()))


# -- tables ----------------------------------------------------------------------------------
def print_table(columns: list[str], rows: list[list[str]], right=(), title: str | None = None,
                bold_last: bool = False) -> None:
    """A table as rich draws it (a heavy head, a cell's padding of one); drawn here when stdout
    is not a terminal, the same characters (rich takes some 40 ms to load and half a
    millisecond a row: a command's start, again), by rich on a terminal (its width, bold)."""
    text = None if sys.stdout.isatty() else plain_table(columns, rows, right, title)
    if text is not None:
        sys.stdout.write(text)
        return
    from rich.table import Table
    table = Table(title=title)
    for col in columns:
        table.add_column(col, justify="right" if col in right else "left")
    for i, row in enumerate(rows):
        table.add_row(*row, style="bold" if bold_last and i == len(rows) - 1 else None)
    console().print(table)


UNDRAWN = re.compile(r"[\x00-\x1f\x7f-\x9f]|[^\S ]")   # control characters and spaces
                                                    # other than " ": left to rich
WIDEST = 10_000   # the width console() gives rich when not on a terminal


def plain_table(columns: list[str], rows: list[list[str]], right=(),
                title: str | None = None) -> str | None:
    """rich's drawing of the table on a console of WIDEST columns without colours, or None
    where a cell holds a control character or an odd space, or the table is wider (rich
    decides those)."""
    cells = [columns, *rows]
    if any(UNDRAWN.search(cell) for row in [*cells, [title or ""]] for cell in row):
        return None
    width = _cell_width if all(cell.isascii() for row in cells for cell in row) else _wide_width
    widths = [max(width(row[i]) for row in cells) for i in range(len(columns))]
    if sum(widths) + 3 * len(widths) + 1 > WIDEST:
        return None

    def line(row, edge):   # (rich pushes a cell right as far as its last non-space)
        parts = [cell + " " * (w - width(cell)) if col not in right else
                 " " * (w - width(cell.rstrip())) + cell.rstrip()
                 for cell, w, col in zip(row, widths, columns)]
        return edge + edge.join(f" {part} " for part in parts) + edge + "\n"

    def rule(left, fill, cross, end):
        return left + cross.join(fill * (w + 2) for w in widths) + end + "\n"
    return ((title + "\n" if title else "") + rule("┏", "━", "┳", "┓") + line(columns, "┃")
            + rule("┡", "━", "╇", "┩") + "".join(line(row, "│") for row in rows)
            + rule("└", "─", "┴", "┘"))


def _cell_width(text: str) -> int:
    return len(text)


def _wide_width(text: str) -> int:
    from rich.cells import cell_len   # (wide and combining characters, as rich counts them)
    return cell_len(text)


def emit(records, full: bool = False, extra: dict | None = None) -> None:
    """The one JSON shape, {records, counts}, for a list or a stream of records, written as
    they come (the counts after them: JSON objects have no order), so memory stays flat
    however many there are. extra: more fields for every record."""
    from records.core.tabular import record_dict
    tally, first = Tally(), True
    typer.echo('{"records": [', nl=False)
    for rec in records:
        tally.add(rec)
        row = record_dict(rec) if full else rec.to_dict()
        if extra:
            row |= extra
        typer.echo(("\n " if first else ",\n ") + json.dumps(row, ensure_ascii=False), nl=False)
        first = False
    typer.echo(f'],\n"counts": {json.dumps(tally.counts, ensure_ascii=False)}}}')


def write_file(path: Path, text: str) -> None:
    """Write through a temporary file beside the target, renamed when complete."""
    import tempfile
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        fail(f"{path}: cannot write: {exc.strerror.lower()}")
    try:
        as_new_file(fd)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(temp, path)
    except OSError as exc:
        os.path.exists(temp) and os.unlink(temp)
        fail(f"{path}: cannot write: {exc.strerror.lower()}")


def forgiving_streams() -> None:
    """A character the terminal cannot show becomes '?' instead of an error."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass


def quiet_pipe() -> None:
    """The reader of our output has gone (| head): stop writing, say nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


class Progress:
    """Games read, games a second and the time left, on a terminal's stderr. The reader hands
    big files over in pieces of about PIECE_BYTES, so bytes done are counted a piece at a time."""

    def __init__(self, total_bytes: int):
        self.bar = None
        if not sys.stderr.isatty():
            return
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), TimeRemainingColumn(),
                            console=console(stderr=True), transient=True)
        self.bar.start()
        self.task = self.bar.add_task("reading", total=max(total_bytes, 1))
        self.games, self.started, self.file_bytes = 0, time.monotonic(), 0

    def piece(self, source, games: int) -> None:
        if not self.bar:
            return
        step = min(PIECE_BYTES, source.size - self.file_bytes)
        self.file_bytes += step
        self.games += games
        rate = self.games / max(time.monotonic() - self.started, 1e-6)
        self.bar.update(self.task, advance=step, description=f"{os.path.basename(source.name)}: "
                        f"{self.games} games, {rate:,.0f} games/s")

    def file_done(self, source) -> None:
        if self.bar:
            self.bar.update(self.task, advance=source.size - self.file_bytes)
            self.file_bytes = 0

    def stop(self) -> None:
        if self.bar:
            self.bar.stop()
