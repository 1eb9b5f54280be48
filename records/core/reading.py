"""Turn a path into records: interchange files by extension, anything else as book text.

Input is checked before it is read: regular files only (a FIFO or a device would hang or never
end), text only, and bounded. Bytes become text a block at a time (decoding.py): line ends made
alike (CR, CRLF and LF), a line too long to read as notation left out and named; the archive
keeps the file's raw bytes. Big interchange files are read in pieces that end at a game
boundary, so memory follows the size of a piece, not of the file or of its longest line; two
processes share the pieces (core.parallel.in_order).
"""
from __future__ import annotations

import os
import re
import shutil
import stat
import sys
import tempfile
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial

from records.core import parallel
from records.core.decoding import Decoder, NotText, bound_lines, text_blocks
from records.core.family import extensions, family, kinds_held, kinds_reading, known_kinds
from records.core.files import text_path
from records.core.model import ERROR, INFO, INVALID, WARNING, Diagnostic, Record, shift_lines

MB = 1 << 20
MAX_WHOLE_BYTES = int(os.environ.get("HOYLE_MAX_TEXT_MB", "8")) * MB  # running text is read whole
PIECE_BYTES = MB // 4   # interchange files bigger than this are read in pieces of half to one
                        # times this: small enough for two processes to share them evenly
MAX_PIECE_BYTES = 16 * MB   # a piece with no game boundary in it is refused beyond this
READ_BYTES = PIECE_BYTES   # files are read a block of this many bytes at a time
MAX_LINE_CHARS = PIECE_BYTES   # a longer line is not read as notation (decoding.py): noted
MAX_PROSE_LINE = 8192   # running text: a longer line is not given to a book scanner; at 8 KB
                        # a line of random text takes the scanners up to 0.5 s
STDIN = "-"
STDIN_NAME = "<stdin>"
GAME_START = "\n\n[Event "


class UnreadableInput(Exception):
    """A path that cannot be read at all (missing, a directory of nothing, not text)."""


class VanishedInput(UnreadableInput):
    """A file found (in a folder being read) that was gone when its turn came."""


@dataclass
class Source:
    """One input file: the name records carry, and the regular file holding its bytes."""
    name: str
    path: str
    size: int
    in_folder: bool = False
    notes: list[Diagnostic] = field(default_factory=list)  # file-level (encoding) diagnostics
    interchange: bool = False   # read by an interchange reader (PGN, PDN, PBN), not as a book


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
    return Source(text_path(path), path, info.st_size, in_folder)


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
def _text(source: Source) -> Iterator[str]:
    """The file's text in blocks of bounded size, LF line ends, a line too long to read as
    notation emptied (decoding.py); what was met is noted on the source."""
    def note(line: int, code: str, message: str) -> None:
        source.notes.append(Diagnostic(INFO, code, message, line, 1))

    try:
        with open(source.path, "rb") as handle:
            blocks = iter(lambda: handle.read(READ_BYTES), b"")
            yield from text_blocks(blocks, MAX_LINE_CHARS, note)
    except NotText as exc:
        raise UnreadableInput(f"{source.name}: {exc}") from exc
    except FileNotFoundError as exc:
        raise VanishedInput(f"{source.name}: gone before it was read (removed or renamed "
                            "while hoyle was reading)") from exc
    except OSError as exc:
        raise UnreadableInput(f"{source.name}: {(exc.strerror or str(exc)).lower()}") from exc


def read_text(path: str) -> str:
    """A whole file as text with LF line ends (bounded by MAX_WHOLE_BYTES)."""
    source = _regular(path)
    return _whole_text(source)


def _whole_text(source: Source) -> str:
    """Running text is read whole (a book's layout spans its lines), up to MAX_WHOLE_BYTES
    characters once the lines too long to read are left out."""
    kept, size = [], 0
    for block in _text(source):
        size += len(block)
        if size > MAX_WHOLE_BYTES:
            raise UnreadableInput(
                f"{source.name}: {max(source.size, size) // MB} MB of running text is more than "
                f"hoyle reads at once ({MAX_WHOLE_BYTES // MB} MB, HOYLE_MAX_TEXT_MB); split the file")
        kept.append(block)
    return "".join(kept)


def _pieces(source: Source) -> Iterator[tuple[int, str]]:
    """(first line, text) pieces of an interchange file, each ending before a game's tags."""
    line, buffer, searched = 1, "", 0
    for block in _chain_end(_text(source)):
        last = block is None
        buffer += block or ""
        while len(buffer) >= PIECE_BYTES or (last and buffer):
            end = _game_start(buffer, max(PIECE_BYTES // 2, searched)) if not last else len(buffer)
            if end < 0:
                if len(buffer) > MAX_PIECE_BYTES:
                    raise UnreadableInput(f"{source.name}:{line}: no game starts in "
                                          f"{MAX_PIECE_BYTES // MB} MB of text")
                searched = max(len(buffer) - len(GAME_START), 0)
                break
            piece, buffer, searched = buffer[:end], buffer[end:], 0
            yield line, piece
            line += piece.count("\n")


def _chain_end(blocks: Iterator[str]) -> Iterator[str | None]:
    yield from blocks
    yield None


def _game_start(text: str, start: int) -> int:
    """Where a piece may end: after the blank line before a game's tags (-1: nowhere yet)."""
    found = text.find(GAME_START, start)
    return found + 2 if found >= 0 else -1


# -- text to records -------------------------------------------------------------------------
def read_path(path: str, kinds: list[str] | None = None) -> list[Record]:
    """Every record of one file (for small files and tests; the command line streams)."""
    source = _regular(path)
    return [rec for piece in read_source(source, kinds) for rec in piece]


def read_source(source: Source, kinds: list[str] | None = None) -> Iterator[list[Record]]:
    """The records of one input, a piece at a time. A note the decoding made goes on the
    record at its line (the file's first record for what is said of the whole file); a line
    too long to read that may belong to a record makes it need review (_place_notes). A piece
    is held until the next one is read: its last record reaches to the next piece's first."""
    held: list[Record] | None = None
    for records in _read(source, kinds):
        if kinds and source.interchange:   # (a PBN file holds bridge and whist deals)
            records = [rec for rec in records if rec.kind in kinds]
        if not records:
            continue
        if held is not None:
            _place_notes(source, held, records[0].line)
            yield held
        held = records
    if held is not None:
        _place_notes(source, held, None)
        yield held


def _place_notes(source: Source, records: list[Record], next_start: int | None) -> None:
    """Move the source's notes up to the line where the next piece's records start (all, at
    the end) onto these records: each on the last record starting at or before its line (the
    first record when none does). A line too long to read lying in a record's reach (its own
    lines; in an interchange file, up to the next record's start, as its moves or play may
    follow its tags on any line before the next game) is text of the record hoyle did not
    read: a warning, which no repair settles."""
    if not source.notes:
        return
    starts = [r.line for r in records]
    kept, said = [], {}
    for note in source.notes:
        if next_start is not None and note.line >= next_start:
            kept.append(note)
            continue
        at = max(bisect_right(starts, note.line) - 1, 0)
        rec = records[at]
        if note.code == "READ-LONG-LINE" and rec.line <= note.line and (
                note.line <= rec.end_line or source.interchange):
            rec.diagnostics.append(Diagnostic(
                WARNING, note.code, f"{note.message}: this record may go on there",
                note.line, 1, "read the line from the source and check the record against it"))
            rec.settle_status()
        else:
            said.setdefault(at, []).append(note)
    for at, notes in said.items():
        records[at].diagnostics[:0] = notes
    source.notes = kept


def _owners(source: Source, kinds: list[str] | None) -> list[str]:
    if _by_content(source):   # no extension to go by: any interchange reader may claim it
        return [k for k in known_kinds() if extensions(k) and (not kinds or k in kinds)]
    return kinds_reading(os.path.splitext(source.name)[1].lower())


def _by_content(source: Source) -> bool:
    """Stdin, or a file whose extension no reader owns (a book's .txt, a PGN saved as .txt):
    its text says what it is."""
    return source.name == STDIN_NAME or \
        not kinds_reading(os.path.splitext(source.name)[1].lower())


def _read(source: Source, kinds: list[str] | None) -> Iterator[list[Record]]:
    if _is_json(source):
        yield from _json_records(source, kinds)
        return
    owners = _owners(source, kinds)
    wanted = [k for k in owners if not kinds or set(kinds_held(k)) & set(kinds)]
    if owners and kinds and not wanted and not _by_content(source):
        return
    if wanted and source.size > PIECE_BYTES:
        opening = _opening(source, SAMPLE)
        for kind in _ranked(source, _claimants(source, wanted, opening), opening):
            source.notes = []   # each attempt decodes the file from its start again
            if parallel.worthwhile():
                family(kind).prepare_bulk()
            pieces = parallel.in_order(lambda: _pieces(source),
                                       partial(_read_piece, kind, source.name),
                                       send=parallel.packed, receive=parallel.unpacked)
            first = next(pieces, None)
            if first is not None:
                source.interchange = True
                yield first
                yield from _numbered(family(kind), pieces, len(first))
                return
            pieces.close()
        source.notes = []
    text = _whole_text(source)
    kind, records = _interchange(_claimants(source, wanted, text), text, source.name,
                                 best=_by_content(source))
    source.interchange = bool(kind)
    if kind and _by_content(source) and not _replayed(records)[0]:   # tag pairs over moves
        notes = list(source.notes)                    # only a book reads (P-K4)?
        book = scan_book(text, source.name, kinds, source)
        if _replayed(book) > _replayed(records):
            records, source.interchange = book, False
        else:
            source.notes = notes   # (what the book reading noted goes with it)
    yield records if kind else scan_book(text, source.name, kinds, source)


def _is_json(source: Source) -> bool:
    """hoyle's JSON or JSON lines export (by its extension; stdin by its first character)."""
    from records.core.jsonio import EXTENSIONS, looks_like_json
    if source.name == STDIN_NAME:
        return looks_like_json(_raw_opening(source))
    return os.path.splitext(source.name)[1].lower() in EXTENSIONS


def _raw_opening(source: Source, size: int = 4096) -> str:
    """The first characters of a file however long its first line (JSON lines may hold a
    record longer than a line of notation); "" for bytes that are not text."""
    with open(source.path, "rb") as handle:
        raw = handle.read(size)
    try:
        return Decoder(lambda *note: None).decode(raw, 1)
    except (NotText, UnicodeDecodeError):
        return ""


def _json_records(source: Source, kinds: list[str] | None) -> Iterator[list[Record]]:
    """The records a JSON export holds (of the kinds asked for), streamed; a file that is not
    one is refused."""
    from records.core.jsonio import NotAnExport, read_records
    decoder = Decoder(lambda line, code, message:
                      source.notes.append(Diagnostic(INFO, code, message, line, 1)))

    def blocks():
        with open(source.path, "rb") as handle:
            carry = b""
            while block := handle.read(READ_BYTES):
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


def _opening(source: Source, size: int = 4096) -> str:
    """The first characters of a file, enough to tell whether it opens with a tag."""
    notes, blocks = source.notes, _text(source)
    try:
        return next(blocks, "")[:size]
    finally:
        blocks.close()
        source.notes = notes


# lines before an interchange file's first tag: blank, or comments (PGN's and PBN's "%"
# escape lines, such as "% PBN 2.1", and ";" comments)
LEADING_COMMENTS = re.compile(r"(?:[ \t]*(?:[%;][^\r\n]*)?(?:\r\n|\r|\n))*")


TAG_PAIR = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"')
SAMPLE = 64 * 1024   # of a big text no extension names, read by each reader to rank them


def _claimants(source: Source, kinds: list[str], text: str) -> list[str]:
    """The readers that may read the text. A text no extension names (stdin, a .txt) is an
    interchange file only when it opens with a tag pair (after any comment lines)."""
    if not _by_content(source):
        return kinds
    text = text.lstrip("\ufeff")
    if not TAG_PAIR.match(text[LEADING_COMMENTS.match(text).end():].lstrip()):
        return []   # (a book may open with "[Illustration]")
    return kinds


def _ranked(source: Source, kinds: list[str], opening: str) -> list[str]:
    """A big text's readers in order: for a text no extension names, by how much of its
    opening each replays (the first of equals first)."""
    if not _by_content(source) or len(kinds) < 2:
        return kinds
    return sorted(kinds, key=lambda kind: _replayed(
        _guarded(family(kind).read_file, opening, source.name) or []), reverse=True)


def _replayed(records: list[Record]) -> tuple[int, int, int]:
    """How much of a text a reading replays: the moves, cards or plays of its records that
    replay, then the fewer records that do not (a PBN or PDN file is tags and movetext to the
    PGN reader too, which replays no move of it), then the records carrying their own
    format's tags (a PBN deal with no play replays no card, nor does its reading as PGN), then
    the moves read at all (a PGN game from an impossible FEN is no PBN game of nothing)."""
    signed = [any(t in r.tags for t in family(r.kind).signature_tags) for r in records]
    return (sum(len(r.plies) for r in records if _replays(r)),
            -sum(not _replays(r) or not (r.plies or sign) for r, sign in zip(records, signed)),
            sum(signed), sum(len(r.plies) for r in records))


def _interchange(kinds: list[str], text: str, name: str,
                 best: bool = False) -> tuple[str, list[Record]]:
    """The first reading of the text, in the readers' order; best: the reading that replays
    the most of it (the first of equals), for a text no extension names."""
    found = ("", [], None)
    for kind in kinds:
        records = _guarded(family(kind).read_file, text, name)
        if records is None:
            continue
        if not best:
            return kind, records
        score = _replayed(records)
        if found[2] is None or score > found[2]:
            found = (kind, records, score)
    return found[:2]


def _guarded(read, text: str, name: str):
    try:
        return read(text, name)
    except RecursionError as exc:
        raise UnreadableInput(f"{name}: nested too deeply to read") from exc


def scan_book(text: str, path: str, kinds: list[str] | None = None,
              source: Source | None = None) -> list[Record]:
    """Every family's records in running text, in the order the book prints them. A line
    longer than MAX_PROSE_LINE is left out (noted on the source): the grammars read a line
    token by token, and a book's lines are a few dozen characters."""
    def note(line: int, code: str, message: str) -> None:
        if source is not None:
            source.notes.append(Diagnostic(INFO, code, message, line, 1))

    text = bound_lines(text, MAX_PROSE_LINE, note)
    found: list[Record] = []
    with parallel.collector_paused():   # (the readers' many small objects hold no cycles that
        for kind in kinds or known_kinds():   # need collecting before the book is read)
            if kind in known_kinds():
                found.extend(_guarded(family(kind).scan_book, text, path))
    found.sort(key=lambda r: (r.line, r.kind))
    return unshadowed(found)


def unshadowed(records: list[Record]) -> list[Record]:
    """The records less those that do not replay (an error, or invalid) and lie wholly on the
    lines of a record of another kind that does (warnings about what the text says allowed):
    one family's print misread by another (a hand diagram's ranks taken for draughts moves) is
    no record of the second. Records sorted by line."""
    sound = [_replays(r) for r in records]
    if all(sound) or not any(sound):
        return records
    whole = [r for r, ok in zip(records, sound) if ok]
    kept = []
    for rec, ok in zip(records, sound):
        cover = None if ok else next(
            (s for s in whole if s.kind != rec.kind and s.line <= rec.line
             and max(rec.line, rec.end_line) <= s.end_line), None)
        if cover is None:
            kept.append(rec)
        else:   # said on the record that holds the lines, never dropped silently
            cover.add(INFO, "READ-OVERLAP", f"lines {rec.line}-{max(rec.line, rec.end_line)} "
                      f"also read as {rec.kind}, which does not replay there: left out",
                      rec.line, 0)
    return kept


def _replays(record: Record) -> bool:
    record.settle_status()
    return record.status != INVALID and not any(d.severity == ERROR for d in record.diagnostics)
