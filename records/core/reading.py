"""Turn a path into records: interchange files by extension, anything else as book text."""
from __future__ import annotations

import os

from records.core.family import family, known_kinds, kinds_reading
from records.core.model import Record


class UnreadableInput(Exception):
    """A path that cannot be read at all (missing, a directory of nothing, not text)."""


def expand(paths: list[str]) -> list[str]:
    out = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in sorted(os.walk(path)):
                out.extend(os.path.join(root, f) for f in sorted(files) if not f.startswith("."))
        elif os.path.exists(path):
            out.append(path)
        else:
            raise UnreadableInput(f"{path}: no such file or directory")
    return out


def read_text(path: str) -> str:
    try:
        raw = open(path, "rb").read()
    except OSError as exc:
        raise UnreadableInput(f"{path}: {exc.strerror}") from exc
    if b"\0" in raw[:4096]:
        raise UnreadableInput(f"{path}: not a text file")
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise UnreadableInput(f"{path}: cannot decode")  # pragma: no cover (latin-1 decodes all)


def read_path(path: str, kinds: list[str] | None = None) -> list[Record]:
    text = read_text(path)
    owners = kinds_reading(os.path.splitext(path)[1].lower())
    for kind in owners:
        if kinds and kind not in kinds:
            continue
        records = family(kind).read_file(text, path)
        if records is not None:
            return records
    if owners and kinds and not set(owners) & set(kinds):
        return []
    return scan_book(text, path, kinds)


def scan_book(text: str, path: str, kinds: list[str] | None = None) -> list[Record]:
    """Every family's records in running text, in the order the book prints them."""
    found: list[Record] = []
    for kind in kinds or known_kinds():
        if kind in known_kinds():
            found.extend(family(kind).scan_book(text, path))
    found.sort(key=lambda r: (r.line, r.kind))
    return found
