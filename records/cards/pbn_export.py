"""Bridge records out as PBN. A game read from PBN is written back without loss: its text as
printed (every tag in its order, notes, comments, the auction, play and supplemental sections
as they were), a tag inherited from the game before it ("#", or a deal tag left out) written
with its value so that the game stands alone; hoyle's tags (records.core.interchange) after
it. Other records are written strict (pbn_write)."""
from __future__ import annotations

import re

from records.cards.pbn import read_as_one_game, title_of
from records.cards.pbn_write import _quote, write_record
from records.core import interchange
from records.core.model import Record

TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')


def write(records: list[Record]) -> str:
    head = "% PBN 2.1\n% EXPORT\n"
    return head + "\n".join(export_record(r) for r in records)


def export_record(rec: Record) -> str:
    """One game as an export writes it: as read (printed_game) or strict, then hoyle's tags."""
    own = interchange.own_tags(rec.tags)
    body = printed_game(rec, own) if read_as_one_game(rec.text) else write_record(rec)
    hoyle = interchange.hoyle_tags(rec, title_of(own))
    return body + "".join(f"[{name} {_quote(interchange.one_line(value))}]\n"
                          for name, value in hoyle.items())


def printed_game(rec: Record, own: dict) -> str:
    """The game's text with every tag as the record holds it ("#" resolved), the tags it
    took from the game before it added, hoyle's left out (they follow, as they are now)."""
    printed: set[str] = set()

    def resolved(m: re.Match) -> str:
        name = m.group(1)
        printed.add(name)
        if interchange.is_hoyle(name):
            return ""
        if m.group(2) == "#" and name in own:
            return f"[{name} {_quote(own[name])}]"
        return m.group(0)
    lines = []
    for line in rec.text.replace("\r\n", "\n").split("\n"):
        kept = TAG.sub(resolved, line) if "[" in line else line
        if kept.strip() or not line.strip():
            lines.append(kept)
    taken = [f"[{name} {_quote(value)}]" for name, value in own.items() if name not in printed]
    return "\n".join(lines + taken).rstrip("\n") + "\n"
