"""The hoyle command line: thin glue between readers, families and the archive."""
from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Iterator, List, Optional

import typer

from records.core.model import ERROR, INFO, STATUSES, Record

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Read game notations, validate them by replay, keep them in SQLite.")
state = {"db": None}

DB_HELP = "SQLite archive (default ./hoyle.db, or $HOYLE_DB)."


@app.callback()
def _options(db: Optional[str] = typer.Option(None, "--db", help=DB_HELP)) -> None:
    state["db"] = db


def _archive():
    from records.archive import Archive, NotAnArchive
    try:
        return Archive(state["db"])
    except NotAnArchive as exc:
        _fail(str(exc))


def _fail(message: str) -> None:
    typer.echo(f"hoyle: {message}", err=True)
    raise typer.Exit(2)


def _console(stderr: bool = False):
    from rich.console import Console
    return Console(stderr=stderr, highlight=False)


# -- reading -----------------------------------------------------------------
def _read_all(paths: list[str], kinds: list[str] | None, quiet: bool,
              skip=None) -> Iterator[tuple[str, list[Record]]]:
    """(path, records) one file at a time; files `skip(path)` is true of are not read."""
    from records.core.reading import UnreadableInput, expand, read_path
    try:
        files = expand(paths)
    except UnreadableInput as exc:
        _fail(str(exc))
    if not files:
        _fail("no input files")
    progress = None
    if not quiet and sys.stderr.isatty():
        from rich.progress import Progress
        progress = Progress(console=_console(stderr=True), transient=True)
        progress.start()
        task = progress.add_task("reading", total=len(files))
    try:
        for path in files:
            if progress:
                progress.update(task, description=f"reading {os.path.basename(path)}")
            if skip and skip(path):
                if progress:
                    progress.advance(task)
                continue
            try:
                records = read_path(path, kinds)
            except UnreadableInput as exc:
                _fail(str(exc))
            for rec in records:
                rec.settle_status()
            yield path, records
            if progress:
                progress.advance(task)
    finally:
        if progress:
            progress.stop()


def summary_counts(records: list[Record]) -> dict:
    counts = {"records": len(records), **{s: 0 for s in STATUSES}, "by_kind": {}}
    for rec in records:
        counts[rec.status] += 1
        by = counts["by_kind"].setdefault(rec.kind, {"records": 0, **{s: 0 for s in STATUSES}})
        by["records"] += 1
        by[rec.status] += 1
    return counts


def _report(batches, as_json: bool, extra: dict | None = None,
            only_diagnosed: bool = False) -> int:
    """Counts, and the diagnostics; in JSON every record, or (only_diagnosed) those with
    diagnostics, so that a big import's report stays small."""
    if only_diagnosed:
        counts, records = _tally(batches)
    else:
        records = [r for _, recs in batches for r in recs]
        counts = summary_counts(records)
    extra = extra() if callable(extra) else extra
    has_error = any(d.severity == ERROR for r in records for d in r.diagnostics)
    if as_json:
        payload = {"counts": counts, "records": [r.to_dict() for r in records]}
        payload.update(extra or {})
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=1))
        return 1 if has_error else 0
    console = _console()
    for rec in records:
        for d in rec.diagnostics:
            if d.severity == INFO:
                continue
            style = "red" if d.severity == ERROR else "yellow"
            console.print(f"[{style}]{d.format(rec.source)}[/{style}]", markup=True,
                          soft_wrap=True)
    _print_counts(console, counts, extra)
    return 1 if has_error else 0


def _tally(batches) -> tuple[dict, list[Record]]:
    """summary_counts over every batch, keeping only the records that carry diagnostics."""
    counts = summary_counts([])
    kept = []
    for _, records in batches:
        part = summary_counts(records)
        for key, value in part.items():
            if key != "by_kind":
                counts[key] += value
        for kind, by in part["by_kind"].items():
            mine = counts["by_kind"].setdefault(kind, dict.fromkeys(by, 0))
            for key, value in by.items():
                mine[key] += value
        kept += [r for r in records if r.diagnostics]
    return counts, kept


def _print_counts(console, counts: dict, extra: dict | None) -> None:
    from rich.table import Table
    table = Table(title="records by kind and status")
    table.add_column("kind")
    for col in ("records", *STATUSES):
        table.add_column(col, justify="right")
    for kind, by in sorted(counts["by_kind"].items()):
        table.add_row(kind, *(str(by[c]) for c in ("records", *STATUSES)))
    table.add_row("all", *(str(counts[c]) for c in ("records", *STATUSES)), style="bold")
    console.print(table)
    if extra:
        console.print(", ".join(f"{k}: {v}" for k, v in extra.items()))


KIND_HELP = "Only these kinds (chess, checkers, bridge, whist, cribbage); repeat or comma-separate."


def _kinds(kind: list[str] | None) -> list[str] | None:
    if not kind:
        return None
    return [k.strip() for item in kind for k in item.split(",") if k.strip()]


@app.command("import")
def import_(paths: List[str] = typer.Argument(..., help="Files or folders to import."),
            kind: Optional[List[str]] = typer.Option(None, "--kind", help=KIND_HELP),
            as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")):
    """Find every record in PATHS, validate it by replay, and store it."""
    archive = _archive()
    totals = {"added": 0, "unchanged": 0, "files unchanged": 0}

    def unchanged(path: str) -> bool:
        if archive.unchanged(path):  # the same bytes were imported: not even read again
            totals["files unchanged"] += 1
            return True
        return False

    def imported():
        for path, records in _read_all(paths, _kinds(kind), as_json, skip=unchanged):
            result = archive.import_records(path, records)
            totals["added"] += result["added"]
            totals["unchanged"] += result["skipped"]
            yield path, records

    raise typer.Exit(_report(imported(), as_json, lambda: totals, only_diagnosed=True))


@app.command()
def validate(paths: List[str] = typer.Argument(..., help="Files or folders to check."),
             kind: Optional[List[str]] = typer.Option(None, "--kind", help=KIND_HELP),
             as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")):
    """Like import, without writing; exit 1 when any record has an error."""
    raise typer.Exit(_report(list(_read_all(paths, _kinds(kind), as_json)), as_json))


# -- looking at the archive ---------------------------------------------------
def _family(kind: str):
    from records.core.family import family
    return family(kind)


def _get(record_id: int) -> Record:
    rec = _archive().get(record_id)
    if rec is None:
        _fail(f"no record {record_id}")
    return rec


def _print_table(records: list[Record]) -> None:
    from rich.table import Table
    table = Table()
    for col in ("id", "kind", "title", "status", "plies", "source"):
        table.add_column(col)
    for r in records:
        table.add_row(str(r.id), r.kind, r.title, r.status, str(len(r.plies) or r.ply_count),
                      f"{os.path.basename(r.source)}:{r.line}")
    _console().print(table)


def _list_output(records: list[Record], as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({"counts": summary_counts(records),
                               "records": [r.to_dict() for r in records]},
                              ensure_ascii=False, indent=1))
    else:
        _print_table(records)


LIMIT_HELP = "At most this many (0: all)."
OFFSET_HELP = "Skip this many first."


@app.command("list")
def list_(kind: Optional[str] = typer.Option(None, "--kind"),
          status: Optional[str] = typer.Option(None, "--status"),
          limit: int = typer.Option(50, "--limit", help="A page of this many (0: all)."),
          offset: int = typer.Option(0, "--offset", help=OFFSET_HELP),
          as_json: bool = typer.Option(False, "--json")):
    """List the records in the archive, a page at a time."""
    archive = _archive()
    query = archive.query(kind=kind, status=status)
    page = archive.page(query, limit or None, offset, full=as_json)  # JSON lists the moves
    _list_output(page, as_json)
    more = archive.count(query) - offset - len(page) if limit else 0
    if more > 0 and not as_json:
        typer.echo(f"{more} more (--offset {offset + len(page)})")


@app.command()
def show(record_id: int = typer.Argument(...),
         fmt: str = typer.Option("text", "--format", help="pgn, pdn, pbn, json or text.")):
    """Show one record in a standard format, with its source and diagnostics."""
    rec = _get(record_id)
    if fmt == "json":
        payload = rec.to_dict() | {"text": rec.text, "normal": rec.normal, "data": rec.data,
                                      "plies": [asdict(p) for p in rec.plies]}
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=1))
        return
    if fmt == "text":
        console = _console()
        console.print(f"[bold]#{rec.id} {rec.title}[/bold] ({rec.kind}, {rec.status})")
        console.print(f"{rec.source}:{rec.line}-{rec.end_line}")
        for key, value in rec.tags.items():
            if not key.startswith("_"):
                console.print(f"  {key}: {value}")
        console.print(rec.normal or "", markup=False)
        console.print("[dim]source text:[/dim]")
        console.print(rec.text, markup=False)
        for d in rec.diagnostics:
            console.print(d.format(rec.source), markup=False)
        return
    try:
        typer.echo(_family(rec.kind).export([rec], fmt))
    except ValueError as exc:
        _fail(str(exc))


@app.command()
def replay(record_id: int = typer.Argument(...),
           ply: Optional[int] = typer.Option(None, "--ply", help="Show the position after ply N."),
           svg: Optional[Path] = typer.Option(None, "--svg", help="Write the position as SVG.")):
    """Replay a record: the board (or hands and tricks) move by move, or at one ply."""
    rec = _get(record_id)
    family = _family(rec.kind)
    if svg:
        try:
            svg.write_text(family.render_svg(rec, ply))
        except ValueError as exc:
            _fail(str(exc))
        typer.echo(f"wrote {svg}")
        return
    _console().print(family.render_text(rec, ply), markup=False)


FILTER_KEYS = ("holding", "score", "variant", "result", "contract", "trumps", "cards")


def _search(name, kind, moves, position, status, limit, full=False, filters=None,
            offset=0, stream=False):
    """Archive search, in SQL with LIMIT and OFFSET; moves, positions and family filters are
    read by each family. stream: an iterator of records instead of a list."""
    from itertools import islice

    from records.core.family import known_kinds
    archive = _archive()
    filters = {k: v for k, v in (filters or {}).items() if v not in (None, "")}
    query = archive.query(name=name, kind=kind, status=status)
    judged: set[str] = set()   # kinds whose filters only `matches` can judge
    if moves or position or filters:
        condition, judged = _family_condition(archive, [kind] if kind else known_kinds(),
                                              moves, position, filters)
        query.conditions.append(condition)
    if not judged:
        if stream:
            return archive.iterate(query, full=True, limit=limit or None, offset=offset)
        return archive.page(query, limit or None, offset, full=full)
    found = (rec for rec in archive.iterate(query, full=True)
             if rec.kind not in judged or _family(rec.kind).matches(rec, filters))
    picked = islice(found, offset, offset + limit if limit else None)
    return picked if stream else list(picked)


def _family_condition(archive, kinds, moves, position, filters) -> tuple[tuple[str, list], set]:
    """One SQL condition: a record of a kind whose family reads the moves or the position and
    whose filters hold; and the kinds whose filters have no SQL (matches judges those)."""
    parts, args, judged = [], [], set()
    for k in kinds:
        fam = _family(k)
        keys = []
        if position:
            key = fam.position_key(position)
            if key is None:
                continue
            keys = [key]
        conditions = fam.filter_sql(filters) if filters else []
        if conditions is None:
            judged.add(k)
            conditions = []
        for prefix in (fam.move_prefixes(moves) if moves else [None]):
            sql, params = archive.query(kind=k, positions=keys, move_prefix=prefix,
                                        conditions=conditions).where()
            parts.append(sql.replace(" WHERE ", "", 1))
            args += params
    return (("(" + ") OR (".join(parts) + ")", args) if parts else ("0", [])), judged


def _filter_options(holding, score, variant, result, contract, trumps, cards) -> dict:
    return dict(zip(FILTER_KEYS, (holding, score, variant, result, contract, trumps, cards)))


HOLDING = typer.Option(None, "--holding", help='Cards a hand holds, e.g. "S:AKQ" or "four aces".')
SCORE = typer.Option(None, "--score", help="A cribbage count or a deal's score.")
VARIANT = typer.Option(None, "--variant", help="Game variant (long whist, six-card, ...).")
RESULT = typer.Option(None, "--result", help="Result (1-0, 2-0, tricks made ...).")
CONTRACT = typer.Option(None, "--contract", help='A bridge contract, e.g. "4S".')
TRUMPS = typer.Option(None, "--trumps", help="Trump suit (S, H, D, C, NT).")
CARDS = typer.Option(None, "--cards", help='Cards a cribbage hand contains, e.g. "5H 5D".')


@app.command()
def search(name: Optional[str] = typer.Option(None, "--name", help="Words of a title, opening, player or event."),
           kind: Optional[str] = typer.Option(None, "--kind"),
           moves: Optional[str] = typer.Option(None, "--moves", help='Opening moves, e.g. "P-K4 P-K4" or "e4 e5".'),
           position: Optional[str] = typer.Option(None, "--position", help="A FEN the game passes through."),
           status: Optional[str] = typer.Option(None, "--status"),
           holding: Optional[str] = HOLDING, score: Optional[str] = SCORE,
           variant: Optional[str] = VARIANT, result: Optional[str] = RESULT,
           contract: Optional[str] = CONTRACT, trumps: Optional[str] = TRUMPS,
           cards: Optional[str] = CARDS,
           limit: int = typer.Option(0, "--limit", help=LIMIT_HELP),
           offset: int = typer.Option(0, "--offset", help=OFFSET_HELP),
           as_json: bool = typer.Option(False, "--json")):
    """Search the archive."""
    filters = _filter_options(holding, score, variant, result, contract, trumps, cards)
    _list_output(_search(name, kind, moves, position, status, limit, filters=filters,
                         offset=offset), as_json)


@app.command()
def export(kind: Optional[str] = typer.Option(None, "--kind"),
           fmt: str = typer.Option("json", "--format", help="pgn, pdn, pbn, json, jsonl, csv, descriptive, parquet (--output DIR)."),
           output: Optional[Path] = typer.Option(None, "--output", help="File to write (default stdout)."),
           name: Optional[str] = typer.Option(None, "--name"),
           moves: Optional[str] = typer.Option(None, "--moves"),
           position: Optional[str] = typer.Option(None, "--position"),
           status: Optional[str] = typer.Option(None, "--status"),
           holding: Optional[str] = HOLDING, score: Optional[str] = SCORE,
           variant: Optional[str] = VARIANT, result: Optional[str] = RESULT,
           contract: Optional[str] = CONTRACT, trumps: Optional[str] = TRUMPS,
           cards: Optional[str] = CARDS,
           limit: int = typer.Option(0, "--limit")):
    """Export records (all, or those a search finds) in a standard format, streamed."""
    from records.archive.export import output_file, write_stream
    filters = _filter_options(holding, score, variant, result, contract, trumps, cards)
    records = _search(name, kind, moves, position, status, limit, full=True, filters=filters,
                      stream=True)
    if fmt == "parquet":
        if not output:
            _fail("--format parquet writes records.parquet and positions.parquet: give --output DIR")
        from records.archive.export import write_parquet
        try:
            written = write_parquet(_archive(), records, str(output))
        except ValueError as exc:
            _fail(str(exc))
        typer.echo(f"wrote {written} records to {output}/records.parquet and positions.parquet",
                   err=True)
        return
    refusals: list[str] = []
    with output_file(str(output) if output else None, sys.stdout) as out:
        written = write_stream(None, None, fmt, out, records=records, refused=refusals.append)
    if refusals and (kind or not written):
        if output and not written:
            output.unlink(missing_ok=True)   # no file of nothing
        _fail("; ".join(refusals))
    for refusal in refusals:  # a mixed archive: export the kinds the format is for
        typer.echo(f"hoyle: skipped: {refusal}", err=True)
    if output:
        typer.echo(f"wrote {written} records to {output}", err=True)


@app.command()
def count(cards: Optional[str] = typer.Argument(None, help='A hand, e.g. "5H 5D 5S JC" (or "5H 5D 5S JC | 5C").'),
          starter: Optional[str] = typer.Option(None, "--starter", help="The starter (turn-up), e.g. 5C."),
          crib: bool = typer.Option(False, "--crib", help="Count as a crib (a flush needs the starter)."),
          variant: Optional[str] = typer.Option(None, "--variant", help="five-card, six-card, seven-card, three-hand, four-hand."),
          distribution: bool = typer.Option(False, "--distribution", help="Scores over every (hand, starter)."),
          as_json: bool = typer.Option(False, "--json")):
    """Count a cribbage hand or crib item by item, or the distribution over every hand."""
    from records.cribbage import engine as cribbage  # the count command is cribbage's own
    if distribution:
        try:
            dist = cribbage.distribution(crib=crib, variant=variant)
        except ValueError as exc:
            _fail(str(exc))
        if as_json:
            typer.echo(json.dumps({"distribution": {str(k): v for k, v in dist.items()}}))
        else:
            for points, hands in dist.items():
                typer.echo(f"{points:>3} {hands:>10}")
        return
    if not cards:
        _fail('give the cards to count, e.g. hoyle count "5H 5D 5S JC" --starter 5C')
    try:
        result = cribbage.count_cards(cards, starter, crib, variant)
    except ValueError as exc:
        _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        return
    for item in result.items:
        typer.echo(f"{item.kind:<18} {' '.join(map(str, item.cards)):<16} {item.points:>3}")
    typer.echo(f"{'total':<35} {result.total:>3}")
    typer.echo(cribbage.spoken(result))
    for note in result.notes:
        typer.echo(f"note: {note}")


@app.command()
def demo():
    """Import the bundled data into the archive and show what hoyle can do."""
    from records.archive.demo import run
    run(_archive(), _console())


def main() -> None:
    app()


if __name__ == "__main__":
    main()
