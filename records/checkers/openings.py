"""Checkers openings: names from published tables and 3-move ballot numbers, by position.

Shipped facts (data/checkers/), each row with the canonical FEN it reaches:
- openings.tsv      name, moves, fen, plies, source: the named openings of several published
                    sources and the ACF-named positions (as decoded by Joyce, MIT);
- ballots_3move.tsv ballot, moves, fen, deck: the 3-move ballot deck (MIT, as pydraughts
                    ships it; "lost" ballots are the ones dropped from the standard deck);
- hoyle1914_openings.tsv, when present (written by the 1914 Hoyle's book reader): a header
                    row with at least `name` and `moves` (PDN moves, Black first), or `fen`;
                    an `also_known_as` column is shown beside the name, "Old 14th (Old
                    Fourteenth)".

A game is named by the deepest of its positions that carries a name (so transpositions are
found); at that depth the 1914 Hoyle's own names come first, then the published ones, then
the ACF names. `rebuild()` derives the shipped files again from the corpus.
"""
from __future__ import annotations

import csv
import json
import re
from functools import cache
from pathlib import Path

from records.checkers import engine as ck
from records.core.model import Record
from records.core.resources import data_path

MAX_DEPTH = 24          # plies looked at when naming a game
SOURCE_RANK = {"hoyle1914": 0, "published": 1, "acf": 2}


class Opening(tuple):
    __slots__ = ()

    def __new__(cls, name, moves, fen, plies, source):
        return tuple.__new__(cls, (name, moves, fen, plies, source))

    name = property(lambda self: self[0])
    moves = property(lambda self: self[1])
    fen = property(lambda self: self[2])
    plies = property(lambda self: self[3])
    source = property(lambda self: self[4])


def replay_moves(moves: str, start: ck.Position | None = None) -> tuple[list[str], ck.Position]:
    """PDN moves ('9-13 22-17 13-22') -> canonical moves and the position they reach."""
    texts = [m for m in moves.split() if not re.fullmatch(r"\d+\.(\.\.)?", m)]
    done = ck.replay_texts(start or ck.initial(), texts)
    return [normal for normal, _ in done], (done[-1][1] if done else start or ck.initial())


# -- the shipped tables -------------------------------------------------------------------
def _read_tsv(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as handle:
        rows = [line for line in handle if line.strip() and not line.startswith("#")]
    return list(csv.DictReader(rows, delimiter="\t"))


@cache
def openings() -> list[Opening]:
    out = [Opening(r["name"], r["moves"], r["fen"], int(r["plies"] or 0), r["source"])
           for r in _read_tsv(data_path("checkers", "openings.tsv"))]
    out.extend(_hoyle_openings())
    return out


def _hoyle_openings() -> list[Opening]:
    """The 1914 Hoyle's table as the book reader ships it (only rows that replay)."""
    out = []
    for row in _read_tsv(data_path("checkers", "hoyle1914_openings.tsv")):
        name = (row.get("name") or "").strip()
        also = (row.get("also_known_as") or "").strip()
        if name and also and also != name:
            name = f"{name} ({also})"
        try:
            if row.get("moves"):
                moves, pos = replay_moves(row["moves"])
                out.append(Opening(name, " ".join(moves), ck.to_fen(pos), len(moves), "hoyle1914"))
            elif row.get("fen"):
                out.append(Opening(name, "", ck.to_fen(ck.from_fen(row["fen"])), 0, "hoyle1914"))
        except (ck.IllegalMove, ck.FenError, ValueError):
            continue
    return [o for o in out if o.name]


@cache
def ballots() -> list[dict]:
    return [dict(r, ballot=int(r["ballot"])) for r in
            _read_tsv(data_path("checkers", "ballots_3move.tsv"))]


@cache
def _names_by_position() -> dict[str, list[Opening]]:
    index: dict[str, list[Opening]] = {}
    for opening in openings():
        index.setdefault(opening.fen, []).append(opening)
    for found in index.values():
        found.sort(key=lambda o: (SOURCE_RANK.get(o.source, 9), o.name))
    return index


@cache
def _ballots_by_moves() -> tuple[dict, dict]:
    by_moves, by_position = {}, {}
    for row in ballots():
        by_moves.setdefault(row["moves"], row)
        by_position.setdefault(row["fen"], row)
    return by_moves, by_position


# -- naming -------------------------------------------------------------------------------
def classify(keys: list[str]) -> tuple[int, list[Opening]]:
    """(ply, openings) of the deepest position among keys (after ply 1, 2, ...) with a name."""
    index = _names_by_position()
    best: tuple[int, list[Opening]] = (0, [])
    for ply, key in enumerate(keys[:MAX_DEPTH], start=1):
        found = index.get(key)
        if found:
            best = (ply, found)
    return best


def ballot_of(normals: list[str], keys: list[str]) -> dict | None:
    if len(normals) < 3 or len(keys) < 3 or not keys[2]:
        return None
    by_moves, by_position = _ballots_by_moves()
    return by_moves.get(" ".join(normals[:3])) or by_position.get(keys[2])


def name_record(rec: Record) -> None:
    """Name a game that starts from the initial position: the published opening it reaches
    and its 3-move ballot, in tags of hoyle's (HoyleOpening, HoyleBallot) beside the game's
    own."""
    if rec.start_position and rec.start_position != INITIAL_FEN:
        return
    keys = [p.position for p in rec.plies[:MAX_DEPTH]]
    if not all(keys[:3]):
        keys = keys[:keys.index("")] if "" in keys else keys
    depth, found = classify(keys)
    if found:
        top = SOURCE_RANK.get(found[0].source, 9)
        names = list(dict.fromkeys(o.name for o in found if SOURCE_RANK.get(o.source, 9) == top))
        name = "; ".join(names)
        rec.tags[OPENING_TAG] = name
        rec.data["opening"] = {"name": name, "ply": depth, "source": found[0].source,
                               "all": sorted({f"{o.name} ({o.source})" for o in found})}
    ballot = ballot_of([p.normal for p in rec.plies[:3]], keys)
    if ballot:
        rec.tags[BALLOT_TAG] = str(ballot["ballot"])
        rec.data["ballot"] = {"number": ballot["ballot"], "moves": ballot["moves"],
                              "deck": ballot["deck"]}


INITIAL_FEN = ck.to_fen(ck.initial())
OPENING_TAG, BALLOT_TAG = "HoyleOpening", "HoyleBallot"


# -- deriving the shipped files from the corpus ------------------------------------------
def _published_rows(corpus: Path) -> list[list]:
    rows = []
    for row in _read_tsv(corpus / "named_openings.tsv"):
        moves = row["moves_as_published"].strip()
        if not moves or moves.startswith("("):
            continue   # the source names it without printing its moves
        normals, pos = replay_moves(moves)
        rows.append([row["name"], " ".join(normals), ck.to_fen(pos), len(normals), "published",
                     row["source_of_moves"]])
    return rows


def _acf_rows(corpus: Path) -> list[list]:
    rows = []
    for row in _read_tsv(corpus / "joyce_named_positions_decoded.tsv"):
        pos = ck.from_fen(row["pdn_fen"])
        orders = re.sub(r"\[\d+\]", "", row.get("move_orders") or "").split("/")
        first = orders[0].strip()
        plies = len(first.split()) if first else 0
        if first:   # the decoded move order must reach the named position
            normals, reached = replay_moves(first)
            if reached != pos:
                raise ValueError(f"{row['joyce_name']}: {first} does not reach {row['pdn_fen']}")
            first = " ".join(normals)
        rows.append([row["joyce_name"], first, ck.to_fen(pos), plies, "acf",
                     "ACF named positions (E. C. Joyce, MIT), decoded"])
    return rows


def _rotated(pos: ck.Position) -> ck.Position:
    """Colours swapped and squares turned (s -> 33-s): the frame some ballot files use."""
    def turn(bb: int) -> int:
        return int(f"{bb:032b}"[::-1], 2)
    return ck.Position(turn(pos.white_men), turn(pos.white_kings), turn(pos.black_men),
                       turn(pos.black_kings), ck.WHITE if pos.turn == ck.BLACK else ck.BLACK)


def _ballot_rows(corpus: Path) -> list[list]:
    deck = json.loads((corpus / "pydraughts_3move_english.json").read_text())
    standard = set(deck["standard"])
    rows = []
    for key, fen in deck["all"].items():
        number, *moves = key.split()
        normals, pos = replay_moves(" ".join(moves))
        given = ck.from_fen(fen)
        # the FEN is trusted only in the frame in which it agrees with the ballot's moves
        if given != pos and _rotated(given) != pos:
            raise ValueError(f"ballot {key}: FEN {fen} matches its moves in neither frame")
        rows.append([int(number), " ".join(normals), ck.to_fen(pos),
                     "standard" if key in standard else "lost"])
    return sorted(rows)


def rebuild(corpus: Path, out: Path | None = None) -> dict[str, int]:
    """Write data/checkers/openings.tsv and ballots_3move.tsv from the corpus files."""
    out = out or data_path("checkers")
    out.mkdir(parents=True, exist_ok=True)
    opening_rows = _published_rows(corpus) + _acf_rows(corpus)
    _write(out / "openings.tsv", ["name", "moves", "fen", "plies", "source", "reference"],
           opening_rows, "Named English-draughts openings, each with the position its moves "
           "reach (derived by replay from the corpus' named_openings.tsv and "
           "joyce_named_positions_decoded.tsv).")
    ballot_rows = _ballot_rows(corpus)
    _write(out / "ballots_3move.tsv", ["ballot", "moves", "fen", "deck"], ballot_rows,
           "The 3-move ballot deck (MIT; as pydraughts ships it), moves replayed from the "
           "initial position; deck 'lost' marks ballots left out of the standard deck.")
    return {"openings": len(opening_rows), "ballots": len(ballot_rows)}


def _write(path: Path, header: list[str], rows: list[list], note: str) -> None:
    lines = [f"# {note}", "\t".join(header)]
    lines += ["\t".join(str(v) for v in row) for row in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
