"""Turn a path into records: standard formats by extension, anything else as book text."""
from __future__ import annotations

import importlib
import os

from . import books
from .model import Record

# extension -> readers tried in turn; a reader returns None when the content is not its own
FORMAT_READERS = {
    ".pgn": ["records.formats.pgn:read"],
    ".pbn": ["records.formats.pbn:read"],
    ".pdn": ["records.formats.pdn:read"],
    ".csv": ["records.formats.cribbage_cases:read"],
}
KIND_OF_FORMAT = {".pgn": "chess", ".pdn": "checkers", ".pbn": "bridge"}


class UnreadableInput(Exception):
    """A path that cannot be read at all (missing, a directory of nothing, not text)."""


def _load(spec: str):
    module, _, func = spec.partition(":")
    return getattr(importlib.import_module(module), func)


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
    ext = os.path.splitext(path)[1].lower()
    for spec in FORMAT_READERS.get(ext, []):
        if kinds and KIND_OF_FORMAT.get(ext) not in kinds and KIND_OF_FORMAT.get(ext):
            return []
        records = _load(spec)(text, path)
        if records is not None:
            return records
    return books.scan(text, path, kinds)
