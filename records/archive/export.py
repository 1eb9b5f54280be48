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

from records.core.model import Record

SHARED_FORMATS = ("json", "jsonl", "csv")
CHUNK = 500


@contextmanager
def output_file(path: str | None, stdout: TextIO) -> Iterator[TextIO]:
    """The file to write: stdout, or a temporary file renamed to `path` on success."""
    if not path:
        yield stdout
        return
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".hoyle-export-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            yield out
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_stream(archive, query, fmt: str, out: TextIO, limit: int | None = None,
                 records: Iterable[Record] | None = None,
                 refused: Callable[[str], None] | None = None) -> int:
    """Write the records a query finds in `fmt`; return how many were written. Kinds the
    format is not for are skipped and named to `refused` once each."""
    stream = records if records is not None else archive.iterate(query, full=True, limit=limit)
    if fmt in SHARED_FORMATS:
        return _shared(stream, fmt, out)
    from records.core.family import family
    written, refusals = 0, set()
    for kind, group in groupby(stream, key=lambda r: r.kind):
        for chunk in _chunks(group):
            if kind in refusals:
                continue
            try:
                text = family(kind).export(chunk, fmt)
            except ValueError as exc:
                refusals.add(kind)
                if refused:
                    refused(str(exc))
                continue
            out.write(text)
            written += len(chunk)
    return written


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
    from records.core.tabular import export_csv, record_dict
    written = 0
    if fmt == "json":
        out.write("[")
    for rec in records:
        if fmt == "jsonl":
            out.write(json.dumps(record_dict(rec), ensure_ascii=False) + "\n")
        elif fmt == "json":
            out.write(("," if written else "") + "\n"
                      + json.dumps(record_dict(rec), ensure_ascii=False, indent=1))
        else:  # csv: the header once
            text = export_csv([rec])
            out.write(text if not written else text.split("\n", 1)[1])
        written += 1
    if fmt == "json":
        out.write("\n]\n")
    return written
