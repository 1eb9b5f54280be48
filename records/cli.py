"""The hoyle command line: thin glue between readers, families and the archive.

Exit codes: 0 success, 1 records with errors, 2 bad usage or unreadable input, 3 an internal
error (one line; the traceback with --debug). Results go to stdout, diagnostics and progress to
stderr; text from files is printed literally, never as markup, and not wrapped in a pipe.
"""
from __future__ import annotations

import gc
import json
import os
import sys
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from records.core.report import (Progress, OK, USAGE, Report, console as _console, emit as _emit,
                                fail as _fail, forgiving_streams, quiet_pipe as _quiet_pipe,
                                write_file as _write_file)
from records.core.model import STATUSES, Record

INTERNAL = 3
state = {"db": None, "debug": False, "doing": ""}
GLOBAL_FLAGS = ("--debug",)
GLOBAL_OPTIONS = ("--db",)


def _hoisted(args: list[str]) -> list[str]:
    """--db FILE and --debug may stand after the command: move them before it."""
    front, rest, i = [], [], 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg in GLOBAL_OPTIONS and i + 1 < len(args):
            front += args[i:i + 2]
            i += 2
            continue
        (front if arg in GLOBAL_FLAGS or arg.startswith("--db=") else rest).append(arg)
        i += 1
    return front + rest


class HoyleGroup(TyperGroup):
    """Global options anywhere on the line; no traceback reaches a user."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, _hoisted(list(args)))

    def invoke(self, ctx: typer.Context):
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # typer would make this exit 1
            _quiet_pipe()
            raise typer.Exit(OK)
        except Exception as exc:  # the one place every unexpected failure ends
            _internal_error(exc)
        finally:
            _close_archives()


_opened: list = []   # archives this command opened: closed when it ends, not when collected


def _close_archives() -> None:
    while _opened:
        _opened.pop().close()


def _internal_error(exc: BaseException) -> None:
    if state["debug"]:
        import traceback
        traceback.print_exception(exc)
    where = f" while {state['doing']}" if state["doing"] else ""
    what = "out of memory" if isinstance(exc, MemoryError) else (
        f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}")
    hint = "" if state["debug"] else " (hoyle --debug ... shows the traceback)"
    typer.echo(f"hoyle: internal error{where}: {what}{hint}", err=True)
    raise typer.Exit(INTERNAL)


# help names arguments by their metavar words only, not also by a Python type (<list[str]>)
typer.core.TyperArgument.display_type_rich = lambda self, ctx: None

app = typer.Typer(cls=HoyleGroup, add_completion=True, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Read game notations, validate them by replay, keep them in SQLite.")

DB_HELP = "SQLite archive (default ./hoyle.db, or $HOYLE_DB); before or after the command."
JSON_HELP = "Print one JSON object: {counts, records}."
KIND_HELP = "Only these kinds (chess, checkers, bridge, whist, cribbage); repeat or comma-separate."


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"hoyle {version('hoyle')}")
        except PackageNotFoundError:
            typer.echo("hoyle (not installed)")
        raise typer.Exit(OK)


@app.callback()
def _options(db: Optional[str] = typer.Option(None, "--db", metavar="FILE", help=DB_HELP),
             debug: bool = typer.Option(False, "--debug", help="Show the traceback of an internal error."),
             _v: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                     help="Print the version and exit.")) -> None:
    state["db"], state["debug"] = db, debug


def _choose(value: str | None, choices, what: str) -> str | None:
    if value is not None and value not in choices:
        _fail(f"unknown {what} {value!r}; choose from {', '.join(choices)}")
    return value


def _kinds(kind: list[str] | None) -> list[str] | None:
    from records.core.family import known_kinds
    if not kind:
        return None
    kinds = [k.strip() for item in kind for k in item.split(",") if k.strip()]
    for k in kinds:
        _choose(k, known_kinds(), "--kind")
    return kinds


def _one_kind(kind: str | None) -> str | None:
    from records.core.family import known_kinds
    return _choose(kind, known_kinds(), "--kind")


# -- the archive ------------------------------------------------------------------------------
def _db_path(demo: bool = False) -> str:
    from records.archive import default_path
    return state["db"] or ("hoyle-demo.db" if demo else default_path())


def _archive(create: bool = False, path: str | None = None):
    """The archive; a missing one is an error unless the command creates it."""
    import sqlite3
    from records.archive import Archive
    path = path or _db_path()
    if not os.path.exists(path):
        if not create:
            _fail(f"{path}: no archive here (hoyle import FILE creates it, --db FILE names another)")
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            _fail(f"{path}: cannot create the archive: no directory {folder}")
    elif not os.path.isfile(path):
        _fail(f"{path}: not a hoyle archive (not a regular file)")
    from records.archive import NewerArchive, NotAnArchive  # the archive refuses what is not its
    try:
        archive = Archive(path, read_only=not create and not _writable(path))
        _opened.append(archive)
        return archive
    except (NotAnArchive, NewerArchive) as exc:
        _fail(str(exc))
    except sqlite3.Error as exc:
        _fail(f"{path}: not a hoyle archive ({exc})")


def _writable(path: str) -> bool:
    """Reading commands open an archive this user may not write read-only (WAL needs both)."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK)


# -- reading ----------------------------------------------------------------------------------
def _read_all(paths: list[str], kinds: list[str] | None, report: Report, skip=None):
    """(path of the bytes, records) a piece at a time, for every input; a file that cannot be
    read is named on stderr and makes the exit code 2, the others are still read; files
    `skip(path)` is true of are not read at all."""
    from records.core.reading import UnreadableInput, sources
    skipped: list[str] = []
    try:
        files = sources(paths, skipped)
    except UnreadableInput as exc:
        _fail(str(exc))
    for note in skipped:
        report.warn(f"skipped {note}")
    progress = Progress(sum(f.size for f in files)) if not report.as_json else None
    try:
        for source in files:
            state["doing"] = f"reading {source.name}"
            if not (skip and skip(source.path)):
                for path, records in _read_one(source, kinds, report):
                    if progress:
                        progress.piece(source, len(records))
                    yield path, records
            if progress:
                progress.file_done(source)
    finally:
        if progress:
            progress.stop()
    state["doing"] = ""


def _read_one(source, kinds, report: Report):
    from records.core.reading import UnreadableInput, read_source
    found = 0
    try:
        for records in read_source(source, kinds):
            for rec in records:
                rec.settle_status()
            found += len(records)
            yield source.path, records
    except UnreadableInput as exc:
        report.warn(str(exc))
        report.unreadable = report.unreadable or not source.in_folder
        return
    for note in source.notes:
        report.warn(note.format(source.name))
    if not found:
        report.warn(f"{source.name}: no records found" + (f" of kind {', '.join(kinds)}" if kinds else ""))


PATHS = typer.Argument(..., metavar="PATH", help="Files or folders; - reads stdin.")
KIND = typer.Option(None, "--kind", metavar="KIND", help=KIND_HELP)
AS_JSON = typer.Option(False, "--json", help=JSON_HELP)


@app.command("import")
def import_(paths: List[str] = PATHS, kind: Optional[List[str]] = KIND, as_json: bool = AS_JSON):
    """Find every record in PATH..., validate it by replay, and store it."""
    from itertools import groupby
    archive = _archive(create=True)
    report = Report(as_json, only_diagnosed=True)   # a million-game file lists its problems only
    totals = {"added": 0, "unchanged": 0, "files unchanged": 0}

    def unchanged(path: str) -> bool:
        if archive.unchanged(path):  # the same bytes were imported: not even read again
            totals["files unchanged"] += 1
            return True
        return False

    def reported(pieces):
        for _, records in pieces:
            report.add(records)
            yield from records

    pieces = _read_all(paths, _kinds(kind), report, skip=unchanged)
    for path, same_file in groupby(pieces, key=lambda piece: piece[0]):
        result = archive.import_records(path, reported(same_file))  # one transaction a file
        totals["added"] += result["added"]
        totals["unchanged"] += result["skipped"]
    raise typer.Exit(report.finish(totals))


@app.command()
def validate(paths: List[str] = PATHS, kind: Optional[List[str]] = KIND, as_json: bool = AS_JSON):
    """Like import, without writing; exit 1 when any record has an error."""
    report = Report(as_json)
    for _, records in _read_all(paths, _kinds(kind), report):
        report.add(records)
    raise typer.Exit(report.finish())


# -- looking at the archive -------------------------------------------------------------------
def _family(kind: str):
    from records.core.family import family
    return family(kind)


def _get(record_id: int, archive=None) -> Record:
    rec = (archive or _archive()).get(record_id)
    if rec is None:
        _fail(f"no record {record_id} in {_db_path()}")
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


def _list_output(records, as_json: bool) -> None:
    """Records (a list or a stream) as JSON or as tables of TABLE_ROWS rows."""
    from itertools import islice
    if as_json:
        _emit(records)
        return
    records, shown = iter(records), 0
    while page := list(islice(records, TABLE_ROWS)):
        _print_table(page)
        shown += len(page)
    if not shown:
        typer.echo("hoyle: no records match", err=True)


TABLE_ROWS = 100


STATUS = typer.Option(None, "--status", metavar="STATUS", help=", ".join(STATUSES) + ".")
LIMIT = typer.Option(0, "--limit", metavar="N", min=0, help="At most N records (0: all).")
PAGE = typer.Option(50, "--limit", metavar="N", min=0, help="A page of N records (0: all).")
OFFSET = typer.Option(0, "--offset", metavar="N", min=0, help="Skip the first N records.")
ONE_KIND = typer.Option(None, "--kind", metavar="KIND", help="chess, checkers, bridge, whist or cribbage.")
RECORD_ID = typer.Argument(..., metavar="ID", help="A record id (see hoyle list).")


@app.command("list")
def list_(kind: Optional[str] = ONE_KIND, status: Optional[str] = STATUS, limit: int = PAGE,
          offset: int = OFFSET, as_json: bool = AS_JSON):
    """List the records in the archive, a page at a time."""
    kind, status = _one_kind(kind), _choose(status, STATUSES, "--status")
    archive = _archive()
    query = archive.query(kind=kind, status=status)
    page = archive.page(query, limit or None, offset, full=as_json)  # JSON lists the moves
    _list_output(page, as_json)
    more = archive.count(query) - offset - len(page) if limit else 0
    if more > 0 and not as_json:
        typer.echo(f"{more} more (--offset {offset + len(page)})", err=True)


SHOW_FORMATS = ("text", "json", "pgn", "pdn", "pbn")


@app.command()
def show(record_id: int = RECORD_ID,
         fmt: str = typer.Option("text", "--format", metavar="FORMAT", help="text, json, pgn, pdn or pbn."),
         as_json: bool = AS_JSON):
    """Show one record in a standard format, with its source and diagnostics."""
    _choose(fmt, SHOW_FORMATS, "--format")
    rec = _get(record_id)
    if as_json or fmt == "json":
        _emit([rec], full=True)
        return
    if fmt == "text":
        _show_text(rec)
        return
    try:
        typer.echo(_family(rec.kind).export([rec], fmt))
    except ValueError as exc:
        _fail(str(exc))


def _show_text(rec: Record) -> None:
    typer.secho(f"#{rec.id} {rec.title} ({rec.kind}, {rec.status})", bold=True)
    typer.echo(f"{rec.source}:{rec.line}-{rec.end_line}")
    for key, value in rec.tags.items():
        if not key.startswith("_"):
            typer.echo(f"  {key}: {value}")
    typer.echo(rec.normal or "")
    typer.secho("source text:", dim=True)
    typer.echo(rec.text)
    for d in rec.diagnostics:
        typer.echo(d.format(rec.source))


@app.command()
def replay(record_id: int = RECORD_ID,
           ply: Optional[int] = typer.Option(None, "--ply", metavar="N", min=0, help="Show the position after ply N."),
           svg: Optional[Path] = typer.Option(None, "--svg", metavar="FILE", help="Write the position as SVG."),
           as_json: bool = AS_JSON):
    """Replay a record: the board (or hands and tricks) move by move, or at one ply."""
    rec = _get(record_id)
    family = _family(rec.kind)
    if svg:
        try:
            _write_file(svg, family.render_svg(rec, ply))
        except ValueError as exc:
            _fail(str(exc))
        typer.echo(f"wrote {svg}", err=True)
        if not as_json:
            return
    board = family.render_text(rec, ply)
    if as_json:
        _emit([rec], full=True, extra={"ply": ply, "board": board})
    else:
        typer.echo(board)


FILTER_KEYS = ("holding", "score", "variant", "result", "contract", "trumps", "cards")


def _search(name, kind, moves, position, status, limit, full=False, filters=None,
            offset=0, stream=False):
    """Archive search, in SQL with LIMIT and OFFSET; moves, positions and family filters are
    read by each family. stream: an iterator of records instead of a list."""
    from itertools import islice

    from records.core.family import known_kinds
    kind, status = _one_kind(kind), _choose(status, STATUSES, "--status")
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
            return archive.iterate(query, full=full, limit=limit or None, offset=offset)
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


HOLDING = typer.Option(None, "--holding", metavar="CARDS", help='Cards a hand holds, e.g. "S:AKQ" or "four aces".')
SCORE = typer.Option(None, "--score", metavar="N", help="A cribbage count or a deal's score.")
VARIANT = typer.Option(None, "--variant", metavar="NAME", help="Game variant (long whist, six-card, ...).")
RESULT = typer.Option(None, "--result", metavar="RESULT", help="Result (1-0, 2-0, tricks made ...).")
CONTRACT = typer.Option(None, "--contract", metavar="CONTRACT", help='A bridge contract, e.g. "4S".')
TRUMPS = typer.Option(None, "--trumps", metavar="SUIT", help="Trump suit (S, H, D, C, NT).")
CARDS = typer.Option(None, "--cards", metavar="CARDS", help='Cards a cribbage hand contains, e.g. "5H 5D".')
NAME = typer.Option(None, "--name", metavar="TEXT", help="Words of a title, opening, player or event.")
MOVES = typer.Option(None, "--moves", metavar="MOVES", help='Opening moves, e.g. "P-K4 P-K4" or "e4 e5".')
POSITION = typer.Option(None, "--position", metavar="FEN", help="A FEN the game passes through.")


@app.command()
def search(name: Optional[str] = NAME, kind: Optional[str] = ONE_KIND,
           moves: Optional[str] = MOVES, position: Optional[str] = POSITION,
           status: Optional[str] = STATUS,
           holding: Optional[str] = HOLDING, score: Optional[str] = SCORE,
           variant: Optional[str] = VARIANT, result: Optional[str] = RESULT,
           contract: Optional[str] = CONTRACT, trumps: Optional[str] = TRUMPS,
           cards: Optional[str] = CARDS, limit: int = PAGE, offset: int = OFFSET,
           as_json: bool = AS_JSON):
    """Search the archive, a page at a time (--limit 0: every match, streamed)."""
    from itertools import islice
    filters = _filter_options(holding, score, variant, result, contract, trumps, cards)
    found = _search(name, kind, moves, position, status, limit + 1 if limit else 0,
                    filters=filters, offset=offset, stream=True)
    _list_output(islice(found, limit or None), as_json)
    if limit and next(found, None) is not None and not as_json:
        typer.echo(f"more (--offset {offset + limit})", err=True)


EXPORT_FORMATS = ("json", "jsonl", "csv", "pgn", "pdn", "pbn", "descriptive", "parquet")


@app.command()
def export(kind: Optional[str] = ONE_KIND,
           fmt: str = typer.Option("json", "--format", metavar="FORMAT", help=", ".join(EXPORT_FORMATS) + "."),
           output: Optional[Path] = typer.Option(None, "--output", metavar="FILE", help="File to write (default stdout)."),
           name: Optional[str] = NAME, moves: Optional[str] = MOVES,
           position: Optional[str] = POSITION, status: Optional[str] = STATUS,
           holding: Optional[str] = HOLDING, score: Optional[str] = SCORE,
           variant: Optional[str] = VARIANT, result: Optional[str] = RESULT,
           contract: Optional[str] = CONTRACT, trumps: Optional[str] = TRUMPS,
           cards: Optional[str] = CARDS, limit: int = LIMIT,
           as_json: bool = typer.Option(False, "--json", help="{counts, records} with every field, instead of --format.")):
    """Export records (all, or those a search finds) in a standard format, streamed."""
    from records.archive.export import output_file, write_parquet, write_stream
    _choose(fmt, EXPORT_FORMATS, "--format")
    filters = _filter_options(holding, score, variant, result, contract, trumps, cards)
    records = _search(name, kind, moves, position, status, limit, full=True, filters=filters,
                      stream=True)
    if as_json:
        _emit(records, full=True)
        return
    if fmt == "parquet":
        if not output:
            _fail("--format parquet writes records.parquet and positions.parquet: give --output DIR")
        try:
            written = write_parquet(_archive(), records, str(output))
        except (ValueError, OSError) as exc:
            _fail(f"{output}: {exc}")
        typer.echo(f"wrote {written} records to {output}/records.parquet and positions.parquet",
                   err=True)
        return
    refusals: list[str] = []
    try:
        with output_file(str(output) if output else None, sys.stdout) as out:
            written = write_stream(None, None, fmt, out, records=records, refused=refusals.append)
    except BrokenPipeError:
        raise   # a reader that stopped early (| head): main() ends quietly
    except OSError as exc:
        _fail(f"{output}: cannot write: {exc.strerror or exc}")
    if refusals and (kind or not written):
        if output and not written:
            output.unlink(missing_ok=True)   # no file of nothing
        _fail("; ".join(refusals))
    for refusal in refusals:  # a mixed archive: export the kinds the format is for
        typer.echo(f"hoyle: skipped: {refusal}", err=True)
    if output:
        typer.echo(f"wrote {written} records to {output}", err=True)


@app.command()
def delete(record_ids: List[int] = typer.Argument(..., metavar="ID", help="Record ids (see hoyle list)."),
           as_json: bool = AS_JSON):
    """Delete records from the archive."""
    archive = _archive()
    records = [archive.get(i) for i in record_ids]
    missing = [str(i) for i, rec in zip(record_ids, records) if rec is None]
    if missing:
        _fail(f"no record {', '.join(missing)} in {archive.path}; nothing deleted")
    archive.delete(record_ids)
    if as_json:
        _emit(records)
    else:
        typer.echo(f"deleted {len(records)} record{'s' * (len(records) != 1)}: "
                   f"{', '.join(str(i) for i in record_ids)}")


@app.command()
def count(cards: Optional[str] = typer.Argument(None, metavar="CARDS", help='A hand, e.g. "5H 5D 5S JC" (or "5H 5D 5S JC | 5C").'),
          starter: Optional[str] = typer.Option(None, "--starter", metavar="CARD", help="The starter (turn-up), e.g. 5C."),
          crib: bool = typer.Option(False, "--crib", help="Count as a crib (a flush needs the starter)."),
          variant: Optional[str] = typer.Option(None, "--variant", metavar="NAME", help="five-card, six-card, seven-card, three-hand, four-hand."),
          distribution: bool = typer.Option(False, "--distribution", help="Scores over every (hand, starter)."),
          as_json: bool = typer.Option(False, "--json", help='{"total", "items"}, or {"distribution"}.')):
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
def demo(as_json: bool = AS_JSON):
    """Import the bundled data into ./hoyle-demo.db (or --db FILE) and show what hoyle can do."""
    from records.archive.demo import run
    archive = _archive(create=True, path=_db_path(demo=True))
    state["doing"] = "running the demo"
    run(archive, _console(stderr=as_json, markup=True))
    if as_json:
        _emit(archive.search())


@app.command()
def browse(as_json: bool = typer.Option(False, "--json", help="Print the Datasette command and metadata instead of starting it.")):
    """Open the archive in Datasette (pip install 'hoyle[web]'), faceted by kind, status and
    opening, with a FEN view of every position (positions_fen)."""
    import importlib.util
    import subprocess
    import tempfile
    archive = _archive()
    from records.archive import browse_metadata
    metadata = browse_metadata(archive.path)
    command = [sys.executable, "-m", "datasette", archive.path, "--metadata", "METADATA.json"]
    if as_json:
        counts = archive.summary()
        typer.echo(json.dumps({"counts": counts, "records": [],
                               "browse": {"command": command, "metadata": metadata}},
                              ensure_ascii=False, indent=1))
        return
    if importlib.util.find_spec("datasette") is None:
        _fail("hoyle browse needs Datasette: pip install 'hoyle[web]' (or pip install datasette)")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as meta:
        json.dump(metadata, meta)
    try:
        code = subprocess.call(command[:-1] + [meta.name])
    finally:
        os.unlink(meta.name)
    raise typer.Exit(code)


# -- the program ------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> None:
    forgiving_streams()
    command = typer.main.get_command(app)
    try:
        code = command.main(argv, prog_name="hoyle", standalone_mode=False)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_pipe()
        code = OK
    except typer.Abort:
        typer.echo("hoyle: interrupted", err=True)
        code = 130
    except typer.TyperException as exc:  # bad usage: click's message, as click prints it
        show = getattr(exc, "show", None)
        show() if show else typer.echo(f"hoyle: {exc}", err=True)
        code = USAGE
    except KeyboardInterrupt:
        code = 130
    gc.freeze()   # the process ends here: its objects are freed as its modules are cleared,
    # with no last full collection walking them all first (40 to 80 ms after a big import)
    sys.exit(code if isinstance(code, int) else OK)


if __name__ == "__main__":
    main()
