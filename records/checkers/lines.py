"""What hoyle knows beside the page: published opening names, and the start positions of the
endings whose diagrams the 1914 Hoyle's OCR text lost (data/checkers/endings_hoyle1914.json,
offered when a heading names such a position: replay decides whether it fits)."""
from __future__ import annotations

import json
import re
from functools import cache

from records.checkers.reconstruct import reconstruct_start, solution_lines  # noqa: F401
from records.core.model import INFO, Record
from records.core.resources import data_path

PRINTED = "printed with the solution"


@cache
def endings() -> list[dict]:
    return json.loads(data_path("checkers", "endings_hoyle1914.json").read_text())["endings"]


_POSITION_NO = re.compile(r"\bPosition\s+No\.?\s*(\d+)", re.I)


def ending_for(heading: str) -> tuple[dict, str] | None:
    """The shipped position a heading names (`Solution of Position No. 1, Black to move and
    win`), and the sides its stipulation lets move first."""
    if not re.match(r"^\s*Solution\s+(?:of|to)\b", heading, re.I):
        return None
    number = _POSITION_NO.search(heading)
    if number is None:
        return None
    said = letters(heading)
    for entry in endings():
        clauses = [letters(c) for c in entry["stipulation"].split(";")]
        if entry["number"] == number.group(1) and all(c in said for c in clauses):
            return entry, _sides(heading)
    return None


def _sides(heading: str) -> str:
    first = re.search(r"\b(black|white|either)\b", heading, re.I)
    word = first.group(1).lower() if first else "either"
    return {"black": "B", "white": "W"}.get(word, "BW")


def letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalpha())


@cache
def published_names() -> dict[str, list[str]]:
    """Moves -> the names published for exactly those moves (data/checkers/openings.tsv)."""
    path = data_path("checkers", "openings.tsv")
    names: dict[str, list[str]] = {}
    if path.exists():
        for row in path.read_text(encoding="utf-8").splitlines():
            fields = row.split("\t")
            if len(fields) > 1 and not row.startswith("#") and fields[0] != "name":
                names.setdefault(fields[1], []).append(fields[0])
    return names


def compare_name(rec: Record, heading: str, line: int, column: int) -> None:
    """A heading that is none of the names published for its moves is noted (and the
    published name kept for search): `F. E.` prints the moves of the Fife."""
    names = published_names().get(" ".join(p.normal for p in rec.plies), [])
    said = letters(rec.tags.get("Opening", ""))
    if not names or not said or any(letters(n).startswith(said) for n in names):
        return
    rec.tags["Opening"] = names[0]
    rec.add(INFO, "CHECKERS-NAME", f'the heading "{heading}" is not a published name '
            f'for these moves, which are published as "{names[0]}" (an OCR slip in the '
            "heading?)", line, column)


_ORDINALS = {"14th": "Fourteenth"}


def opening_name(title: str) -> str:
    """The opening's name for search: the printed title, with a printed ordinal spelled out."""
    return " ".join(_ORDINALS.get(w.lower(), w) for w in title.split())
