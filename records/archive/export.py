"""Streaming export: records come out of the archive a chunk at a time and are written as they
come, so memory stays flat however many are exported. A file is written to a temporary name
beside it and renamed at the end: a failed export leaves no half file."""
from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import groupby
from typing import TextIO

from records.archive.query import fill_positions
from records.archive.store import key_hasher
from records.core.files import as_new_file
from records.core.model import Record

SHARED_FORMATS = ("json", "jsonl", "csv", "errata")
CHUNK = 500


@contextmanager
def output_file(path: str | None, stdout: TextIO) -> Iterator[TextIO]:
    """The file to write: stdout, or a temporary file renamed to `path` on success."""
    if not path:
        yield stdout
        return
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".hoyle-export-", dir=folder)
    as_new_file(fd)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            yield out
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_stream(archive, query, fmt: str, out: TextIO, limit: int | None = None,
                 records: Iterable[Record] | None = None,
                 refused: Callable[[str, bool], None] | None = None) -> int:
    """Write the records a query finds in `fmt`; return how many were written. Records the
    format is not for are skipped, and why named to `refused` once each reason, with whether
    it left out their kind whole (True) or some of its records (False)."""
    stream = records if records is not None else archive.iterate(query, full=True, limit=limit)
    if fmt in SHARED_FORMATS:
        return _shared(stream, fmt, out)
    from records.core.family import family
    written, refusals, said, head = 0, set(), set(), None
    for kind, group in groupby(stream, key=lambda r: r.kind):
        fam = family(kind)
        for chunk in _chunks(group):
            if kind in refusals:
                continue
            text, count, reasons = _exported(fam, chunk, fmt)
            if fmt not in fam.export_formats:   # not this kind's format: none of its records
                refusals.add(kind)              # is tried again
            for reason in dict.fromkeys(reasons):
                if refused and reason not in said:
                    said.add(reason)
                    refused(reason, kind in refusals)
            if head is None and text:
                head = _head(text)
            elif head:                    # the file's header once, not a chunk's
                text = _without_head(text, head)
            out.write(text)
            written += count
    return written


def _without_head(text: str, head: str) -> str:
    """The text without the lines of its header the file's header already has."""
    own = _head(text)
    said = set(head.splitlines())
    return "".join(line for line in own.splitlines(keepends=True)
                   if line.rstrip("\n") not in said) + text[len(own):]


def _head(text: str) -> str:
    """The comment lines a format's file starts with (PBN's "% PBN 2.1", "% EXPORT")."""
    end = 0
    while text.startswith("%", end):
        end = text.find("\n", end) + 1
        if not end:
            return text
    return text[:end]


def _exported(fam, chunk: list[Record], fmt: str) -> tuple[str, int, list[str]]:
    """The chunk in fmt, how many of its records that text holds, and why the others are not
    in it: a chunk the family refuses is tried record by record, so that a format writing
    some of a kind's records (whist deals as PBN, not its endings) writes all of those."""
    try:
        return fam.export(chunk, fmt), len(chunk), []
    except ValueError as exc:
        if len(chunk) == 1 or fmt not in fam.export_formats:
            return "", 0, [str(exc)]
    texts, reasons = [], []
    for rec in chunk:
        try:
            text = fam.export([rec], fmt)
        except ValueError as exc:
            reasons.append(str(exc))
            continue
        texts.append(_without_head(text, _head(texts[0])) if texts else text)
    return "".join(texts), len(texts), reasons


def _chunks(records: Iterable[Record]) -> Iterator[list[Record]]:
    chunk: list[Record] = []
    for rec in records:
        chunk.append(rec)
        if len(chunk) >= CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _shared(records: Iterable[Record], fmt: str, out: TextIO) -> int:
    from records.core.jsonio import export_dict
    from records.core.tabular import export_csv
    if fmt == "errata":
        return _errata(records, out)
    written = 0
    if fmt == "json":
        out.write("[")
    for rec in records:
        if fmt == "jsonl":
            out.write(json.dumps(export_dict(rec), ensure_ascii=False) + "\n")
        elif fmt == "json":
            out.write(("," if written else "") + "\n"
                      + json.dumps(export_dict(rec), ensure_ascii=False, indent=1))
        else:  # csv: the header once
            text = export_csv([rec])
            out.write(text if not written else text.split("\n", 1)[1])
        written += 1
    if fmt == "json":
        out.write("\n]\n")
    return written


def _errata(records: Iterable[Record], out: TextIO) -> int:
    """Every book error found and every correction made, a line each, record by record as
    they come (records/archive/review.py); returns how many records had any."""
    from records.archive.review import errata_lines
    written = 0
    for rec in records:
        lines = errata_lines(rec)
        if lines:
            out.write("\n".join(lines) + "\n")
            written += 1
    return written


# -- parquet: records.parquet and positions.parquet in a folder ---------------------------------
PARQUET_FILES = ("records.parquet", "positions.parquet")


def write_parquet(archive, records: Iterable[Record], folder: str) -> int:
    """Records (one row each, tags and data as JSON) and the positions they pass through
    (hash, record_id, ply), written a chunk at a time with pyarrow (the `parquet` extra)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ValueError("parquet export needs pyarrow: pip install 'hoyle[parquet]'") from exc
    os.makedirs(folder, exist_ok=True)
    schema = pa.schema([("id", pa.int64()), ("kind", pa.string()), ("title", pa.string()),
                        ("status", pa.string()), ("source", pa.string()), ("line", pa.int64()),
                        ("end_line", pa.int64()), ("ply_count", pa.int64()),
                        ("moves", pa.string()), ("tags", pa.string()), ("data", pa.string()),
                        ("normal", pa.string())])
    hashes = pa.schema([("hash", pa.int64()), ("record_id", pa.int64()), ("ply", pa.int32())])
    written = 0
    with _temporary(os.path.join(folder, PARQUET_FILES[0])) as tmp_records, \
            _temporary(os.path.join(folder, PARQUET_FILES[1])) as tmp_positions:
        with pq.ParquetWriter(tmp_records, schema) as writer, \
                pq.ParquetWriter(tmp_positions, hashes) as positions:
            for chunk in _chunks(records):
                written += len(chunk)
                writer.write_table(pa.Table.from_pylist([_parquet_row(r) for r in chunk], schema))
                rows = [row for rec in chunk for row in _position_rows(rec)]
                if rows:
                    positions.write_table(pa.Table.from_pylist(rows, hashes))
    return written


def _position_rows(rec: Record) -> list[dict]:
    """(hash, record_id, ply) of the start (ply 0) and of every ply's position: the hashes the
    reader made, else the family's hashes of the keys (replayed where the archive kept none)."""
    if rec.key_hashes is not None:
        return [{"hash": int(h), "record_id": rec.id, "ply": ply}
                for ply, h in enumerate(rec.key_hashes)]
    keys = [(0, rec.start_position)] if rec.start_position else []
    fill_positions(rec)
    keys += [(i, p.position) for i, p in enumerate(rec.plies, 1) if p.position]
    hashed = key_hasher(rec.kind)
    return [{"hash": hashed(key), "record_id": rec.id, "ply": ply} for ply, key in keys]


def _parquet_row(rec: Record) -> dict:
    return {"id": rec.id, "kind": rec.kind, "title": rec.title, "status": rec.status,
            "source": rec.source, "line": rec.line, "end_line": rec.end_line,
            "ply_count": len(rec.plies), "moves": " ".join(p.normal for p in rec.plies),
            "tags": json.dumps(rec.tags, ensure_ascii=False),
            "data": json.dumps(rec.data, ensure_ascii=False), "normal": rec.normal}


@contextmanager
def _temporary(path: str) -> Iterator[str]:
    """A temporary name beside `path`, renamed to it when the block succeeds."""
    fd, tmp = tempfile.mkstemp(prefix=".hoyle-export-", dir=os.path.dirname(path) or ".")
    as_new_file(fd)
    os.close(fd)
    try:
        yield tmp
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
