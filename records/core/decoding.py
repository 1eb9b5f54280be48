"""Bytes to text in blocks of bounded size, whatever the file's line structure.

The encoding is found as the bytes come: a byte order mark (UTF-8, UTF-16 LE or BE) says it;
else UTF-8, and at the first byte that is not UTF-8, cp1252 (Windows Latin-1) from there on,
then Latin-1. Line ends are made alike (CRLF and a lone CR read as LF); invisible format
characters (soft hyphens, zero-width spaces, direction marks) are dropped. A line longer than
max_line characters is not kept: it is read through in blocks, counted, and given back as an
empty line (so every later line keeps its number) with a note naming it. Memory is a block
plus at most max_line characters of a line not yet ended, never the whole of a long line.
"""
from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Iterator

BOMS = ((codecs.BOM_UTF8, "utf-8", "UTF-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16 (little-endian)"),
        (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16 (big-endian)"))
FALLBACKS = ("cp1252", "latin-1")
# format characters text pasted from the web or typeset carries inside words ("e\u200b4",
# "Kt\u00adB3"): no reader could see them, and each would split the token it sits in
INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")

Note = Callable[[int, str, str], None]   # (line, code, message)


class NotText(ValueError):
    """The bytes are not text hoyle reads (NUL bytes with no UTF-16 byte order mark)."""


class Decoder:
    """Blocks of bytes (cut anywhere, even inside a character) to text."""

    def __init__(self, note: Note):
        self.note = note
        self.encoding = ""
        self.incremental = None

    def decode(self, raw: bytes, line: int, final: bool = False) -> str:
        if not self.encoding:
            raw = self._start(raw)
        if self.encoding == "utf-8":
            pending = self.incremental.getstate()[0]
            try:
                return self.incremental.decode(raw, final)
            except UnicodeDecodeError:
                self.encoding = FALLBACKS[0]
                self.note(line, "READ-ENCODING", "not UTF-8: read as cp1252 (Windows Latin-1)")
                raw = pending + raw
        if self.encoding in FALLBACKS:
            try:
                return raw.decode(self.encoding)
            except UnicodeDecodeError:
                self.encoding = FALLBACKS[1]
                return raw.decode(self.encoding)
        return self.incremental.decode(raw, final)   # UTF-16: replaces what is not

    def _start(self, raw: bytes) -> bytes:
        if raw.startswith(codecs.BOM_UTF32_LE):
            raise NotText("UTF-32 text, which hoyle does not read (save it as UTF-8)")
        for bom, encoding, name in BOMS:
            if raw.startswith(bom):
                self._use(encoding, "replace" if encoding != "utf-8" else "strict")
                if encoding == "utf-8":
                    self.note(1, "READ-BOM", "the file starts with a UTF-8 byte order mark; dropped")
                else:
                    self.note(1, "READ-ENCODING", f"{name} with a byte order mark: decoded")
                return raw[len(bom):]
        if b"\0" in raw[:4096]:
            raise NotText("not a text file (it holds NUL bytes)")
        self._use("utf-8", "strict")
        return raw

    def _use(self, encoding: str, errors: str) -> None:
        self.encoding = encoding
        self.incremental = codecs.getincrementaldecoder(encoding)(errors)


def text_blocks(blocks: Iterable[bytes], max_line: int, note: Note) -> Iterator[str]:
    """The text of a byte stream, a block at a time, LF line ends, invisible format characters
    dropped, lines longer than max_line characters emptied (each noted). Every block yielded
    ends at a line end, but the last."""
    decoder, lines = Decoder(note), _LineBound(max_line, note)
    cr = ""    # a CR at a block's end may begin a CRLF
    dropped = False
    for raw in blocks:
        text = cr + decoder.decode(raw, lines.line)
        cr = "\r" if text.endswith("\r") else ""
        if cr:
            text = text[:-1]
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if not text.isascii() and (found := INVISIBLE.search(text)):
            if not dropped:
                dropped = True
                line = lines.line + text.count("\n", 0, found.start())
                note(line, "READ-INVISIBLE", f"invisible characters (such as U+{ord(found[0]):04X}: "
                     "soft hyphens, zero-width spaces and joiners, direction marks) are dropped, "
                     f"the first on line {line}")
            text = INVISIBLE.sub("", text)
        if out := lines.feed(text):
            yield out
    text = cr.replace("\r", "\n") + decoder.decode(b"", lines.line, final=True)
    if out := lines.feed(text) + lines.end():
        yield out


class _LineBound:
    """Keeps the text of whole lines; a line past max_line characters is counted, not kept.
    Only the line a block ends inside can grow past the bound, so the work is per block."""

    def __init__(self, max_line: int, note: Note):
        self.max_line, self.note = max_line, note
        self.line = 1          # the number of the line not yet ended
        self.partial: list[str] = []
        self.partial_len = 0
        self.dropping = 0      # > 0: the length so far of a line too long to keep

    def feed(self, text: str) -> str:
        last = text.rfind("\n")
        if last < 0:
            self._grow(text)
            return ""
        first = text.find("\n")
        if self.partial_len or self.dropping or first > self.max_line:
            out = self._close(text[:first]) + text[first:last + 1]
        else:
            out = text[:last + 1]   # mostly: no line carried over, one copy
        self.line += text.count("\n", 0, last + 1)
        self._grow(text[last + 1:])
        if last - first > self.max_line and _longest_line(out) > self.max_line:
            out = self._drop_long(out)   # whole lines past the bound inside a big block
        return out

    def end(self) -> str:
        """The last line, when the text does not end with a line end."""
        if not self.partial_len and not self.dropping:
            return ""
        return self._close("")

    def _grow(self, piece: str) -> None:
        if self.dropping:
            self.dropping += len(piece)
        elif self.partial_len + len(piece) > self.max_line:
            self.dropping = self.partial_len + len(piece)
            self.partial, self.partial_len = [], 0
        elif piece:
            self.partial.append(piece)
            self.partial_len += len(piece)

    def _close(self, head: str) -> str:
        """The line that ends here: its kept text, or nothing when it was too long."""
        self._grow(head)
        if self.dropping:
            _too_long(self.note, self.line, self.dropping, self.max_line)
            kept = ""
        else:
            kept = "".join(self.partial)
        self.partial, self.partial_len, self.dropping = [], 0, 0
        return kept

    def _drop_long(self, out: str) -> str:
        """Whole lines past the bound in one block (a block bigger than the bound)."""
        lines = out.split("\n")
        first = self.line - (len(lines) - 1)   # the line out begins with
        for i, text in enumerate(lines):
            if len(text) > self.max_line:
                _too_long(self.note, first + i, len(text), self.max_line)
                lines[i] = ""
        return "\n".join(lines)


def _longest_line(text: str) -> int:
    return max(map(len, text.split("\n")))


def _too_long(note: Note, line: int, length: int, max_line: int) -> None:
    note(line, "READ-LONG-LINE", f"line {line} is {length:,} characters long, more than hoyle "
         f"reads as notation ({max_line:,}); not read")


def bound_lines(text: str, max_line: int, note: Note) -> str:
    """Text with every line longer than max_line characters emptied (and noted)."""
    if len(text) <= max_line or _longest_line(text) <= max_line:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if len(line) > max_line:
            _too_long(note, i + 1, len(line), max_line)
            lines[i] = ""
    return "\n".join(lines)
