"""Find notation passages inside running book text and hand each to its family.

Every family registers a scanner here: a function ``scan(text, path) -> list[Record]`` that
finds its passages (through its notation module) and validates them (through its game engine).
Scanners are imported lazily so that a book with no checkers never loads the checkers engine.
"""
from __future__ import annotations

import importlib

from .model import Record

SCANNERS = {
    "chess": "records.games.chess:scan_book",
    "checkers": "records.games.checkers_lines:scan_book",
    "cribbage": "records.games.cribbage:scan_book",
    "whist": "records.games.whist:scan_book",
}


def scanner(kind: str):
    module, _, func = SCANNERS[kind].partition(":")
    return getattr(importlib.import_module(module), func)


def scan(text: str, path: str, kinds: list[str] | None = None) -> list[Record]:
    found: list[Record] = []
    for kind in kinds or list(SCANNERS):
        if kind in SCANNERS:
            found.extend(scanner(kind)(text, path))
    found.sort(key=lambda r: (r.line, r.kind))
    return found
