"""Source files kept verbatim: their bytes in compressed chunks of whole lines, so a record's
text is read back by decompressing the chunk or two that hold its lines, not the whole file.

Lines end as the readers count them (LF, CRLF or a lone CR); chunks are cut after a line end
from the raw bytes, so joining the chunks gives the file back byte for byte.
"""
from __future__ import annotations

import codecs
import hashlib
import os
import re
import sqlite3
import zlib
from collections import OrderedDict
from collections.abc import Iterator

CHUNK_BYTES = 256 * 1024
READ_BYTES = CHUNK_BYTES
ZLIB_LEVEL = 2   # 3 makes chunks 6% smaller and takes 1.7 times as long; 6, 13% and 6 times
ENCODINGS = ("utf-8-sig", "cp1252", "latin-1")  # as records.core.reading decodes
LINE_END = re.compile(rb"\r\n|\r|\n")
TEXT_LINE_END = re.compile(r"\r\n|\r|\n")


def file_identity(path: str) -> tuple[int, float, str]:
    """The file's size, mtime and sha256, read a block at a time."""
    digest = hashlib.sha256()
    if not os.path.isfile(path):
        return 0, 0.0, digest.hexdigest()
    with open(path, "rb") as handle:
        while block := handle.read(READ_BYTES):
            digest.update(block)
    return os.path.getsize(path), os.path.getmtime(path), digest.hexdigest()


def line_chunks(blocks: Iterator[bytes]) -> Iterator[tuple[int | None, int, bytes]]:
    """(first line, lines started, bytes) of a byte stream in chunks of about CHUNK_BYTES,
    each cut after a line end. A line longer than four chunks is cut where it is; the chunks
    that continue it have no first line of their own (None, 0 lines started) and end where
    it ends, so every chunk with a first line starts one."""
    line, data, inside = 1, bytearray(), False   # inside: the last chunk ended inside a line
    clean = 0   # data before this offset holds no line end (a CR at the very end aside)
    for block in blocks:
        data += block
        while len(data) > CHUNK_BYTES:
            cut = _line_end(data, clean) if inside else _cut(data, clean)
            if not cut:
                clean = max(len(data) - 1, 0)
                break
            piece = bytes(data[:cut])
            del data[:cut]
            clean = 0
            line, inside, chunk = _chunk_of(piece, line, inside)
            yield chunk
    while data:
        cut = (_line_end(data, 0, final=True) or len(data)) if inside else len(data)
        piece = bytes(data[:cut])
        del data[:cut]
        line, inside, chunk = _chunk_of(piece, line, inside)
        yield chunk


def _chunk_of(piece: bytes, line: int, inside: bool) -> tuple[int, bool, tuple]:
    """(the next chunk's first line, whether it starts inside a line, this chunk's row)."""
    ends, count = _lines_of(piece)
    ended = piece.endswith((b"\n", b"\r"))
    if inside:   # the rest of a long line, up to its end at most
        return line + ends, not ended, (None, 0, piece)
    return line + ends, not ended and len(piece) > 4 * CHUNK_BYTES, (line, count, piece)


def _line_end(data: bytearray, start: int = 0, final: bool = False) -> int:
    """After the first line end (0: none yet; a CR at the very end may begin a CRLF)."""
    ends = [i for i in (data.find(b"\n", start), data.find(b"\r", start)) if i >= 0]
    if not ends:
        return 0
    end = min(ends)
    if data[end:end + 2] == b"\r\n":
        return end + 2
    if data[end:end + 1] == b"\r" and end == len(data) - 1 and not final:
        return 0
    return end + 1


def _cut(data: bytearray, start: int = 0) -> int:
    """After the last line end (not after a CR at the very end: it may begin a CRLF)."""
    end = max(data.rfind(b"\n", start), data.rfind(b"\r", start, len(data) - 1))
    if end >= 0:
        return end + 1
    if len(data) <= 4 * CHUNK_BYTES:
        return 0
    return len(data) - 1 if data.endswith(b"\r") else len(data)


def _lines_of(piece: bytes) -> tuple[int, int]:
    """(line ends, lines begun) in a piece of bytes."""
    ends = piece.count(b"\n") if b"\r" not in piece else len(LINE_END.findall(piece))
    return ends, ends + (0 if piece.endswith((b"\n", b"\r")) else 1)


def file_blocks(path: str) -> Iterator[bytes]:
    with open(path, "rb") as handle:
        while block := handle.read(READ_BYTES):
            yield block


def store_chunks(conn: sqlite3.Connection, source_id: int, blocks: Iterator[bytes]) -> None:
    """The source's bytes (a file's blocks, or an older archive's bytes) as chunks."""
    for first_line, count, piece in line_chunks(blocks):
        conn.execute("INSERT INTO source_chunks (source_id, first_line, line_count, raw)"
                     " VALUES (?, ?, ?, ?)",
                     [source_id, first_line, count, zlib.compress(piece, ZLIB_LEVEL)])


def decode(raw: bytes) -> tuple[str, str]:
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):   # its first chunk
        return raw.decode("utf-16", "replace"), "utf-16"
    for encoding in ENCODINGS:
        try:
            return raw.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1", "replace"), "latin-1"  # pragma: no cover


class SourceLines:
    """Records' texts cut from their sources' chunks, a few decoded chunks kept at a time."""

    KEEP = 4

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.cache: OrderedDict[tuple[int, int], tuple[int, list[str]]] = OrderedDict()

    def text(self, source_id: int, line: int, end_line: int) -> str:
        """The lines line..end_line, line ends as LF, the last line end dropped."""
        for (source, first), (_, lines) in reversed(self.cache.items()):  # mostly the last one
            if source == source_id and first <= line and end_line < first + len(lines):
                return "\n".join(lines[line - first:end_line - first + 1]).rstrip("\n")
        out: list[str] = []
        for first, lines in self._chunks(source_id, line, end_line):
            out.extend(lines[max(line - first, 0):end_line - first + 1])
        return "\n".join(out).rstrip("\n")

    def _chunks(self, source_id: int, line: int, end_line: int) -> list[tuple[int, list[str]]]:
        """The chunks holding lines line..end_line: the last one starting at or before line,
        and any starting after it up to end_line (index seeks, not a scan of the file's)."""
        conn = self.conn
        first = conn.execute("SELECT first_line FROM source_chunks WHERE source_id = ? AND"
                             " first_line <= ? ORDER BY first_line DESC LIMIT 1",
                             [source_id, line]).fetchone()
        rows = ([first] if first else []) + conn.execute(
            "SELECT first_line FROM source_chunks WHERE source_id = ? AND first_line > ? AND"
            " first_line <= ? ORDER BY first_line", [source_id, line, end_line]).fetchall()
        return [self._chunk(source_id, start) for (start,) in rows]

    def _chunk(self, source_id: int, first: int) -> tuple[int, list[str]]:
        key = (source_id, first)
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        raw = self.conn.execute("SELECT raw FROM source_chunks WHERE source_id = ? AND"
                                " first_line = ?", list(key)).fetchone()[0]
        text = decode(zlib.decompress(raw))[0]
        if "\r" in text:
            text = TEXT_LINE_END.sub("\n", text)
        lines = text.split("\n")   # without their ends
        if not lines[-1]:
            lines.pop()
        self.cache[key] = (first, lines)
        if len(self.cache) > self.KEEP:
            self.cache.popitem(last=False)
        return self.cache[key]
