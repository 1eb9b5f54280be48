"""Game families. Each module knows one family's rules and how to show its records.

A family module offers, where it applies:
  render_text(record, ply) -> str          a board, hands or tricks for the terminal
  render_svg(record, ply) -> str           the same as SVG
  export(records, fmt) -> str              fmt one of EXPORT_FORMATS
  position_key(text) -> str | None         a position as the archive keys it (FEN in)
  move_prefixes(text) -> list[list[str]]   moves typed by a user as normalised prefixes
  matches(record, filters) -> bool         family search filters: holding, score, variant,
                                           result, contract, trumps, cards (given ones only)
"""
from __future__ import annotations

import importlib

FAMILIES = {
    "chess": "records.games.chess",
    "bridge": "records.games.bridge",
    "checkers": "records.games.checkers",
    "cribbage": "records.games.cribbage",
    "whist": "records.games.whist",
}


def family(kind: str):
    if kind not in FAMILIES:
        raise KeyError(kind)
    return importlib.import_module(FAMILIES[kind])


def known_kinds() -> list[str]:
    return list(FAMILIES)
