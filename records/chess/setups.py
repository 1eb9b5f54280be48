"""Starts a book names in words: the odds its headings give ("Pawn and Two Moves", "Odds of
Queen's Knight") and the positions its text sets up (data/chess/*.json).
"""
from __future__ import annotations

from functools import lru_cache

from records.chess.resolver import Setup


@lru_cache(maxsize=1)
def _setup_facts() -> tuple[list, list]:
    import json

    from records.core.resources import data_path
    odds = json.loads(data_path("chess", "odds.json").read_text())["odds"]
    books = json.loads(data_path("chess", "book_setups.json").read_text())["books"]
    return odds, books


def odds_setup(heading: str) -> Setup | None:
    odds, _ = _setup_facts()
    low = heading.lower()
    for entry in odds:
        if entry["match"] in low:
            return Setup(remove=tuple(entry["remove"]), double_first=entry.get("double_first", False),
                         note=entry["note"])
    return None


def book_setups(text: str) -> dict:
    _, books = _setup_facts()
    found = {}
    for book in books:
        if all(marker in text for marker in book["markers"]):
            found.update(book["setups"])
    return found
