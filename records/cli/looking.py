"""Looking at the archive: hoyle list, show, replay and delete."""
from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional

import typer

from records.cli.app import (AS_JSON, KIND, OFFSET, PAGE, RECORD_ID, STATUS, app, choose,
                            family_of, get_record, kinds_of, open_archive, storable)
from records.core.model import STATUSES, Record, in_line_order
from records.core.report import emit, fail, print_table, write_file




def _print_table(records: list[Record]) -> None:
    print_table(["id", "kind", "title", "status", "plies", "source"],
                [[str(r.id), r.kind, r.title, r.status, str(len(r.plies) or r.ply_count),
                  f"{os.path.basename(r.source)}:{r.line}"] for r in records])


def list_output(records, as_json: bool) -> None:
    """Records (a list or a stream) as JSON or as tables of TABLE_ROWS rows."""
    from itertools import islice
    if as_json:
        emit(records)
        return
    records, shown = iter(records), 0
    while page := list(islice(records, TABLE_ROWS)):
        _print_table(page)
        shown += len(page)
    if not shown:
        typer.echo("hoyle: no records match", err=True)


TABLE_ROWS = 100




@app.command("list")
def list_(kind: Optional[List[str]] = KIND, status: Optional[str] = STATUS, limit: int = PAGE,
          offset: int = OFFSET, as_json: bool = AS_JSON):
    """List the records in the archive, a page at a time."""
    kinds, status = kinds_of(kind), choose(status, STATUSES, "--status")
    archive = open_archive()
    query = archive.query(kind=kinds, status=status)
    page = archive.page(query, limit or None, offset, full=as_json)  # JSON lists the moves
    list_output(page, as_json)
    more = archive.count(query) - offset - len(page) if limit else 0
    if more > 0 and not as_json:
        typer.echo(f"{more} more (--offset {offset + len(page)})", err=True)


SHOW_FORMATS = ("text", "json", "pgn", "pdn", "pbn")


@app.command()
def show(record_id: int = RECORD_ID,
         fmt: str = typer.Option("text", "--format", metavar="FORMAT", help="text, json, pgn, pdn or pbn."),
         as_json: bool = AS_JSON):
    """Show one record in a standard format, with its source and diagnostics."""
    choose(fmt, SHOW_FORMATS, "--format")
    rec = get_record(record_id, positions=not (as_json or fmt in ("json", "text")))  # (unshown)
    if as_json or fmt == "json":
        emit([rec], full=True)
        return
    if fmt == "text":
        _show_text(rec)
        return
    try:
        typer.echo(family_of(rec.kind).export([rec], fmt))
    except ValueError as exc:
        fail(str(exc))


def _show_text(rec: Record) -> None:
    typer.secho(f"#{rec.id} {rec.title} ({rec.kind}, {rec.status})", bold=True)
    typer.echo(f"{rec.source}:{rec.line}-{rec.end_line}")
    for key, value in rec.tags.items():
        if not key.startswith("_"):
            typer.echo(f"  {key}: {value}")
    typer.echo(rec.normal or "")
    typer.secho("source text:", dim=True)
    typer.echo(rec.text)
    notes = rec.data.get("notes") or []   # a book's notes, printed below the record's text
    if notes:
        typer.secho("notes:", dim=True)
    for note in notes:
        typer.echo(_note_line(rec, note))
    for d in in_line_order(rec.diagnostics):
        typer.echo(d.format(rec.source))


def _note_line(rec: Record, note) -> str:
    """A book's note (its line, mark, the ply it follows and its text), or a PBN game's Note
    tag as it reads ("1: A/K/Q in Sp and support")."""
    if not isinstance(note, dict):
        return str(note)
    after = rec.plies[note["ply"]].text if 0 <= note.get("ply", -1) < len(rec.plies) else "?"
    return (f'{note.get("line", "?")}: {note.get("mark", "")} (after {after}) '
            f'{note.get("text", "")}')


@app.command()
def replay(record_id: int = RECORD_ID,
           ply: Optional[int] = typer.Option(None, "--ply", metavar="N", min=0, callback=storable, help="Show the position after ply N."),
           svg: Optional[Path] = typer.Option(None, "--svg", metavar="FILE", help="Write the position as SVG."),
           as_json: bool = AS_JSON):
    """Replay a record: the board (or hands and tricks) move by move, or at one ply."""
    rec = get_record(record_id)
    plies = len(rec.plies) or rec.ply_count
    if ply is not None and ply > plies:
        fail(f"--ply {ply}: record {record_id} has {plies} plies; --ply 0 (the start) to {plies}")
    family = family_of(rec.kind)
    if svg:
        try:
            write_file(svg, family.render_svg(rec, ply))
        except ValueError as exc:
            fail(str(exc))
        typer.echo(f"wrote {svg}", err=True)
        if not as_json:
            return
    board = family.render_text(rec, ply)
    if as_json:
        emit([rec], full=True, extra={"ply": ply, "board": board})
    else:
        typer.echo(board)


@app.command()
def delete(record_ids: List[int] = typer.Argument(..., metavar="ID", callback=storable, help="Record ids (see hoyle list)."),
           as_json: bool = AS_JSON):
    """Delete records from the archive."""
    archive = open_archive()
    records = [archive.get(i) for i in record_ids]
    missing = [str(i) for i, rec in zip(record_ids, records) if rec is None]
    if missing:
        fail(f"no record {', '.join(missing)} in {archive.path}; nothing deleted")
    archive.delete(record_ids)
    if as_json:
        emit(records)
    else:
        typer.echo(f"deleted {len(records)} record{'s' * (len(records) != 1)}: "
                   f"{', '.join(str(i) for i in record_ids)}")
