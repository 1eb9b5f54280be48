"""hoyle search and hoyle export: the archive's queries, printed or written out."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from records.cli.app import (AS_JSON, KIND, LIMIT, OFFSET, PAGE, STATUS, app, choose,
                            family_of, kinds_of, open_archive)
from records.cli.looking import list_output
from records.core.model import STATUSES
from records.core.report import emit, fail


FILTER_KEYS = ("holding", "score", "variant", "result", "contract", "trumps", "cards")


def _search(name, kind, moves, position, status, limit, full=False, filters=None,
            offset=0, stream=False):
    """Archive search, in SQL with LIMIT and OFFSET; moves, positions and family filters are
    read by each family. stream: an iterator of records instead of a list."""
    from itertools import islice

    from records.core.family import known_kinds
    kinds, status = kinds_of(kind), choose(status, STATUSES, "--status")
    archive = open_archive()
    filters = {k: v for k, v in (filters or {}).items() if v not in (None, "")}
    query = archive.query(name=name, kind=kinds, status=status)
    judged: set[str] = set()   # kinds whose filters only `matches` can judge
    if moves or position or filters:
        from records.archive import BadSearch
        try:
            condition, judged = archive.family_condition(kinds or known_kinds(),
                                                         moves, position, filters)
        except BadSearch as exc:
            fail(str(exc))
        query.conditions.append(condition)
    if not judged:
        if stream:
            return archive.iterate(query, full=full, limit=limit or None, offset=offset)
        return archive.page(query, limit or None, offset, full=full)
    found = (rec for rec in archive.iterate(query, full=True)
             if rec.kind not in judged or family_of(rec.kind).matches(rec, filters))
    picked = islice(found, offset, offset + limit if limit else None)
    return picked if stream else list(picked)


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
def search(name: Optional[str] = NAME, kind: Optional[List[str]] = KIND,
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
    list_output(islice(found, limit or None), as_json)
    if limit and next(found, None) is not None and not as_json:
        typer.echo(f"more (--offset {offset + limit})", err=True)


EXPORT_FORMATS = ("json", "jsonl", "csv", "pgn", "pdn", "pbn", "descriptive", "parquet", "errata")


@app.command()
def export(kind: Optional[List[str]] = KIND,
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
    choose(fmt, EXPORT_FORMATS, "--format")
    filters = _filter_options(holding, score, variant, result, contract, trumps, cards)
    records = _search(name, kind, moves, position, status, limit, full=True, filters=filters,
                      stream=True)
    if as_json:
        emit(records, full=True)
        return
    if fmt == "parquet":
        if not output:
            fail("--format parquet writes records.parquet and positions.parquet: give --output DIR")
        try:
            written = write_parquet(open_archive(), records, str(output))
        except (ValueError, OSError) as exc:
            fail(f"{output}: {exc}")
        typer.echo(f"wrote {written} records to {output}/records.parquet and positions.parquet",
                   err=True)
        return
    refusals: list[str] = []
    whole_kinds: list[str] = []   # reasons that left a kind out whole

    def refused(reason: str, whole: bool) -> None:
        (whole_kinds if whole else refusals).append(reason)
    try:
        with output_file(str(output) if output else None, sys.stdout) as out:
            written = write_stream(None, None, fmt, out, records=records, refused=refused)
    except BrokenPipeError:
        raise   # a reader that stopped early (| head): main() ends quietly
    except OSError as exc:
        fail(f"{output}: cannot write: {exc.strerror or exc}")
    nothing = (whole_kinds or refusals) and not written
    if (whole_kinds and kind) or nothing:   # a kind asked for that the format is not for
        if output and not written:
            output.unlink(missing_ok=True)   # no file of nothing
        fail("; ".join(whole_kinds + refusals))
    for refusal in whole_kinds + refusals:  # a mixed archive: what the format is for is written
        typer.echo(f"hoyle: skipped: {refusal}", err=True)
    if output:
        typer.echo(f"wrote {written} records to {output}", err=True)
