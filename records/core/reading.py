"""Turn a path into records: interchange files by extension, anything else as book text.

Input is checked before it is read: regular files only (a FIFO or a device would hang or never
end), text only, and bounded. Line ends are made alike (CR, CRLF and LF) for the readers; the
archive keeps the file's raw bytes. Big interchange files are read in pieces that end at a game
boundary, so memory follows the size of a piece, not of the file; two processes share the
pieces (core.parallel.in_order).
"""
from __future__ import annotations

import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial

from records.core import parallel
from records.core.family import extensions, family, kinds_reading, known_kinds
from records.core.model import INFO, Diagnostic, Record, shift_lines

MB = 1 << 20
MAX_WHOLE_BYTES = int(os.environ.get("HOYLE_MAX_TEXT_MB", "8")) * MB  # running text is read whole
PIECE_BYTES = MB // 4   # interchange files bigger than this are read in pieces of half to one
                        # times this: small enough for two processes to share them evenly
MAX_PIECE_BYTES = 16 * MB   # a piece with no game boundary in it is refused beyond this
BLOCK = 1 << 16
STDIN = "-"
STDIN_NAME = "<stdin>"
GAME_START = "\n\n[Event "


class UnreadableInput(Exception):
    """A path that cannot be read at all (missing, a directory of nothing, not text)."""


@dataclass
class Source:
    """One input file: the name records carry, and the regular file holding its bytes."""
    name: str
    path: str
    size: int
    in_folder: bool = False
    notes: list[Diagnostic] = field(default_factory=list)  # file-level (encoding) diagnostics


def _regular(path: str, in_folder: bool = False) -> Source:
    try:
        info = os.stat(path)
    except OSError as exc:
        raise UnreadableInput(f"{path}: {exc.strerror.lower()}") from exc
    if not stat.S_ISREG(info.st_mode):
        what = ("a FIFO" if stat.S_ISFIFO(info.st_mode) else
                "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else
                "a socket" if stat.S_ISSOCK(info.st_mode) else "not a regular file")
        raise UnreadableInput(f"{path}: {what}; hoyle reads regular files (or - for stdin)")
    return Source(path, path, info.st_size, in_folder)


def expand(paths: list[str]) -> list[str]:
    """The regular files named by paths, folders walked in name order."""
    return [s.path for s in sources(paths)]


def sources(paths: list[str], skipped: list[str] | None = None) -> list[Source]:
    """Every input file; a file a folder holds that is not regular is skipped (and named)."""
    out: list[Source] = []
    for path in paths:
        if path == STDIN:
            out.append(_spool_stdin())
        elif os.path.isdir(path):
            found = _walk(path, skipped)
            if not found:
                raise UnreadableInput(f"{path}: a directory with no files to read")
            out.extend(found)
        elif os.path.lexists(path):
            out.append(_regular(path))
        else:
            raise UnreadableInput(f"{path}: no such file or directory")
    return out


def _walk(folder: str, skipped: list[str] | None) -> list[Source]:
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            try:
                found.append(_regular(os.path.join(root, name), in_folder=True))
            except UnreadableInput as exc:
                if skipped is not None:
                    skipped.append(str(exc))
    return found


def _spool_stdin() -> Source:
    """Standard input copied to a temporary file: read like any file, its bytes kept."""
    handle = tempfile.NamedTemporaryFile(prefix="hoyle-stdin-", delete=False)
    with handle:
        shutil.copyfileobj(sys.stdin.buffer, handle)
    import atexit
    atexit.register(lambda: os.path.exists(handle.name) and os.unlink(handle.name))
    return Source(STDIN_NAME, handle.name, os.path.getsize(handle.name))


# -- bytes to text -------------------------------------------------------------------------
class _Decoder:
    """UTF-8 (a BOM is dropped), else cp1252, else Latin-1; notes what it met."""

    def __init__(self, source: Source):
        self.source = source
        self.first = True
        self.encoding = "utf-8"

    def decode(self, raw: bytes, line: int) -> str:
        if self.first:
            self.first = False
            if b"\0" in raw[:4096]:
                raise UnreadableInput(f"{self.source.name}: not a text file (it holds NUL bytes)")
            if raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
                self._note(1, "READ-BOM", "the file starts with a UTF-8 byte order mark; dropped")
        if self.encoding == "utf-8":
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                self.encoding = "cp1252"
                self._note(line, "READ-ENCODING", "not UTF-8: read as cp1252 (Windows Latin-1)")
        try:
            return raw.decode(self.encoding)
        except UnicodeDecodeError:
            self.encoding = "latin-1"
            return raw.decode("latin-1")

    def _note(self, line: int, code: str, message: str) -> None:
        self.source.notes.append(Diagnostic(INFO, code, message, line, 1))


def same_line_ends(text: str) -> str:
    """CRLF and lone CR read as LF, so every reader counts lines alike."""
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_text(path: str) -> str:
    """A whole file as text with LF line ends (bounded by MAX_WHOLE_BYTES)."""
    source = _regular(path)
    return _whole_text(source)


def _whole_text(source: Source) -> str:
    if source.size > MAX_WHOLE_BYTES:
        raise UnreadableInput(
            f"{source.name}: {source.size // MB} MB of running text is more than hoyle reads at "
            f"once ({MAX_WHOLE_BYTES // MB} MB, HOYLE_MAX_TEXT_MB); split the file")
    try:
        with open(source.path, "rb") as handle:
            raw = handle.read(MAX_WHOLE_BYTES + 1)
    except OSError as exc:
        raise UnreadableInput(f"{source.name}: {exc.strerror.lower()}") from exc
    return same_line_ends(_Decoder(source).decode(raw, 1))


def _pieces(source: Source) -> Iterator[tuple[int, str]]:
    """(first line, text) pieces of an interchange file, each ending before a game's tags."""
    decoder = _Decoder(source)
    line, buffer, carry = 1, "", b""
    with open(source.path, "rb") as handle:
        while True:
            block = handle.read(PIECE_BYTES)
            raw = carry + block
            if block:  # decode whole lines only, so no character is cut in two
                cut = max(raw.rfind(b"\n"), raw.rfind(b"\r")) + 1
                raw, carry = (raw[:cut], raw[cut:]) if cut else (b"", raw)
            else:
                carry = b""
            buffer += same_line_ends(decoder.decode(raw, line + buffer.count("\n")))
            while len(buffer) >= PIECE_BYTES or (not block and buffer):
                end = buffer.find(GAME_START, PIECE_BYTES // 2) + 2 if block else len(buffer)
                if end < 2:
                    if len(buffer) > MAX_PIECE_BYTES:
                        raise UnreadableInput(f"{source.name}:{line}: no game starts in "
                                              f"{MAX_PIECE_BYTES // MB} MB of text")
                    break
                piece, buffer = buffer[:end], buffer[end:]
                yield line, piece
                line += piece.count("\n")
            if not block:
                return


# -- text to records -------------------------------------------------------------------------
def read_path(path: str, kinds: list[str] | None = None) -> list[Record]:
    """Every record of one file (for small files and tests; the command line streams)."""
    source = _regular(path)
    return [rec for piece in read_source(source, kinds) for rec in piece]


def read_source(source: Source, kinds: list[str] | None = None) -> Iterator[list[Record]]:
    """The records of one input, a piece at a time; the file's notes go on its first record."""
    for records in _read(source, kinds):
        if source.notes and records:
            records[0].diagnostics[:0] = source.notes
            source.notes = []
        yield records


def _owners(source: Source, kinds: list[str] | None) -> list[str]:
    if source.name == STDIN_NAME:  # no extension to go by: any interchange reader may claim it
        return [k for k in known_kinds() if extensions(k) and (not kinds or k in kinds)]
    return kinds_reading(os.path.splitext(source.name)[1].lower())


def _read(source: Source, kinds: list[str] | None) -> Iterator[list[Record]]:
    if _is_json(source):
        yield from _json_records(source, kinds)
        return
    owners = _owners(source, kinds)
    wanted = [k for k in owners if not kinds or k in kinds]
    if owners and kinds and not wanted and source.name != STDIN_NAME:
        return
    if wanted and source.size > PIECE_BYTES:
        for kind in _claimants(source, wanted, _opening(source)):
            source.notes = []   # each attempt decodes the file from its start again
            pieces = parallel.in_order(lambda: _pieces(source),
                                       partial(_read_piece, kind, source.name),
                                       send=parallel.packed, receive=parallel.unpacked)
            first = next(pieces, None)
            if first is not None:
                yield first
                yield from _numbered(family(kind), pieces, len(first))
                return
            pieces.close()
        source.notes = []
    text = _whole_text(source)
    kind, records = _interchange(_claimants(source, wanted, text), text, source.name)
    yield records if kind else scan_book(text, source.name, kinds)


def _is_json(source: Source) -> bool:
    """hoyle's JSON or JSON lines export (by its extension; stdin by its first character)."""
    from records.core.jsonio import EXTENSIONS, looks_like_json
    if source.name == STDIN_NAME:
        return looks_like_json(_opening(source))
    return os.path.splitext(source.name)[1].lower() in EXTENSIONS


def _json_records(source: Source, kinds: list[str] | None) -> Iterator[list[Record]]:
    """The records a JSON export holds (of the kinds asked for), streamed; a file that is not
    one is refused."""
    from records.core.jsonio import NotAnExport, read_records
    decoder = _Decoder(source)

    def blocks():
        with open(source.path, "rb") as handle:
            carry = b""
            while block := handle.read(BLOCK * 4):
                raw = carry + block   # whole lines only, so no character is cut in two
                cut = raw.rfind(b"\n") + 1 or (len(raw) if len(raw) > MAX_PIECE_BYTES else 0)
                raw, carry = raw[:cut], raw[cut:]
                if raw:
                    yield decoder.decode(raw, 0)
            if carry:
                yield decoder.decode(carry, 0)
    try:
        for records in read_records(blocks(), source.name):
            yield [rec for rec in records if not kinds or rec.kind in kinds]
    except NotAnExport as exc:
        raise UnreadableInput(f"{exc}; hoyle reads back the JSON and JSON lines it exports"
                              " (hoyle export --format json|jsonl)") from None


def _numbered(fam, pieces: Iterator, before: int) -> Iterator[list[Record]]:
    """The pieces' records with what the reader numbers within a piece numbered in the file
    (untitled games: Game 1, Game 2 ...)."""
    for records in pieces:
        records = records or []
        fam.number_from(records, before)
        before += len(records)
        yield records


def _read_piece(kind: str, name: str, piece: tuple[int, str]) -> list[Record] | None:
    """The records of a piece of a file (None: it holds none), lines counted in the file."""
    first_line, text = piece
    records = _guarded(family(kind).read_file, text, name)
    return None if records is None else shift_lines(records, first_line - 1)


def _opening(source: Source) -> str:
    """The first characters of a file, enough to tell whether it opens with a tag."""
    with open(source.path, "rb") as handle:
        return handle.read(4096).decode("utf-8", "replace")


def _claimants(source: Source, kinds: list[str], text: str) -> list[str]:
    """Stdin has no extension: it is an interchange file only when it opens with a tag."""
    if source.name == STDIN_NAME and not text.lstrip("\ufeff").lstrip().startswith("["):
        return []
    return kinds


def _interchange(kinds: list[str], text: str, name: str) -> tuple[str, list[Record]]:
    for kind in kinds:
        records = _guarded(family(kind).read_file, text, name)
        if records is not None:
            return kind, records
    return "", []


def _guarded(read, text: str, name: str):
    try:
        return read(text, name)
    except RecursionError as exc:
        raise UnreadableInput(f"{name}: nested too deeply to read") from exc


def scan_book(text: str, path: str, kinds: list[str] | None = None) -> list[Record]:
    """Every family's records in running text, in the order the book prints them."""
    found: list[Record] = []
    for kind in kinds or known_kinds():
        if kind in known_kinds():
            found.extend(_guarded(family(kind).scan_book, text, path))
    found.sort(key=lambda r: (r.line, r.kind))
    return found
