"""Read cribbage test-case CSVs: hand + starter -> score, and pegging sequence -> points.

Headers understood: `hand, turn_up, is_crib, score` and
`pegging_sequence, last_card, score_sequence`. Any other CSV is not ours (None).
"""
from __future__ import annotations

import csv
import io

from records.core.model import ERROR, Record
from records.cribbage import engine as crib

HAND_HEADER = ["hand", "turn_up", "is_crib", "score"]
PEG_HEADER = ["pegging_sequence", "last_card", "score_sequence"]


def read(text: str, path: str) -> list[Record] | None:
    rows, failure = _numbered(text)
    if not rows:
        return None
    header = [h.strip().lower() for h in rows[0][1]]
    if header == HAND_HEADER:
        records = [_hand_row(row, n, path) for n, row in rows[1:]]
    elif header == PEG_HEADER:
        records = [_peg_row(row, n, path) for n, row in rows[1:]]
    else:
        return None
    if failure:
        records.append(_unreadable(path, failure[0], [], failure[1]))
    return records


def _numbered(text: str):
    """(line, row) of the rows that hold something, and where the CSV stopped being readable."""
    reader = csv.reader(io.StringIO(text))
    rows, start = [], 1
    try:
        for row in reader:
            if any(c.strip() for c in row):
                rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as exc:
        return rows, (start, exc)
    return rows, None


def _unreadable(path: str, line: int, row: list[str], exc: Exception) -> Record:
    rec = Record(kind="cribbage", title=f"row {line}", source=path, line=line, end_line=line,
                 text=",".join(row))
    rec.add(ERROR, "CRIB-UNREADABLE", f"cannot read the row: {exc}", line, 1)
    rec.status = "invalid"
    return rec


def _hand_row(row: list[str], line: int, path: str) -> Record:
    try:
        hand = crib.parse_cards(row[0])
        starter = crib.parse_card(row[1])
        is_crib = row[2].strip() == "1"
        stated = int(row[3])
    except (ValueError, IndexError) as exc:
        return _unreadable(path, line, row, exc)
    text = ",".join(row)
    spots, column = [], 1
    for tok in row[0].split():
        column = text.index(tok, column - 1) + 1
        spots.append((tok, line, column))
    spots.append((row[1].strip(), line, text.index(row[1].strip(), len(row[0])) + 1))
    claim = crib.Claim("total", stated, row[3].strip(), line,
                       len(text) - len(row[3].strip()) + 1)
    return crib.hand_record(hand, starter, crib=is_crib, claims=[claim], source=path, line=line,
                            text=text, positions=spots)


def _peg_row(row: list[str], line: int, path: str) -> Record:
    text = ",".join(row)
    try:
        cards = row[0].split()
        last_card = row[1].strip() == "1"
        claimed = [int(x) for x in row[2].split(",")]
        if len(claimed) != len(cards):
            raise ValueError(f"{len(cards)} cards but {len(claimed)} scores")
        plays = []
        column = 1
        for tok, points in zip(cards, claimed):
            column = text.index(tok, column - 1) + 1
            plays.append(crib.Play(card=crib.parse_card(tok), text=tok, line=line,
                                   column=column, claimed=points))
    except (ValueError, IndexError) as exc:
        return _unreadable(path, line, row, exc)
    # a row's stated score for its last card includes the point for the last card
    return crib.play_record(plays, last_card=last_card, source=path, line=line, text=text)
