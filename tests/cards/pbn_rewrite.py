"""Rewrite the Play sections of real PBN games the ways real archives write them: in playing
order from each trick's leader, in a mix of the two orders, or with one card misrecorded."""
from __future__ import annotations

import random
import re

SEATS = ("N", "E", "S", "W")
PLAY_SECTION = re.compile(r'(\[Play "([NESW])"\]\n)((?:[^\[\n%{][^\n]*\n)+)')


def play_rows(tricks: list[dict], first: str, order_of) -> list[list[str]]:
    """The rows of a Play section; order_of(number) says "seat" or "playing" for each trick."""
    rows = []
    for number, trick in enumerate(tricks, start=1):
        lead_i = SEATS.index(trick["leader"])
        by_seat = {SEATS[(lead_i + k) % 4]: card for k, card in enumerate(trick["cards"])}
        start = first if order_of(number) == "seat" else trick["leader"]
        start_i = SEATS.index(start)
        rows.append([by_seat.get(SEATS[(start_i + k) % 4], "-") for k in range(4)])
    return rows


def rewrite(text: str, records, order_of, misrecord=None) -> str:
    """The file with each game's Play section rewritten from its replayed tricks.

    misrecord(record, rows) may change one card of the rows in place."""
    out, done, pos = [], 0, 0
    played = [r for r in records if r.data.get("play")]
    for m in PLAY_SECTION.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        rec = max((r for r in played if r.line <= line <= r.end_line), key=lambda r: r.line,
                  default=None)
        if rec is None:
            continue
        rows = play_rows(rec.data["play"], m.group(2), order_of)
        if misrecord:
            misrecord(rec, rows)
        tricks = rec.data["play"]
        unfinished = len(tricks) < 13 or len(tricks[-1]["cards"]) < 4
        out.append(text[pos:m.start()] + m.group(1) + "".join(" ".join(r) + "\n" for r in rows)
                   + ("*\n" if unfinished else ""))
        pos = m.end()
        done += 1
    assert done
    return "".join(out) + text[pos:]


def mixed(seed: int):
    rng = random.Random(seed)
    return lambda number: rng.choice(("seat", "playing"))


def misrecorder(seed: int):
    """Changes one card of the middle trick to another card of its suit; .changed maps each
    game's first line to the trick changed."""
    from records.cards.tricks import DECK
    rng = random.Random(seed)

    def misrecord(rec, rows):
        if len(rows) < 3:
            return
        number = len(rows) // 2
        row = rows[number - 1]
        k = rng.choice([k for k, card in enumerate(row) if card != "-"])
        row[k] = rng.choice(sorted(c for c in DECK if c[0] == row[k][0] and c not in row))
        misrecord.changed[rec.line] = number
    misrecord.changed = {}
    return misrecord
