"""Writing bridge records as PBN. A game read from PBN is written back without loss: its text
as printed (every tag in its order, notes, comments, the auction, play and supplemental
sections as they were), a tag inherited from the game before it ("#", or a deal tag left out)
written with its value so that the game stands alone; hoyle's tags (records.core.interchange)
after it. Other records, and the normal form, are strict PBN (write_record): mandatory tags
first, suits S H D C with ranks high to low and T, the play in columns."""
from __future__ import annotations

import re

from records.cards.tricks import hand_text
from records.core import interchange
from records.core.model import Record

TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')

SEATS = ("N", "E", "S", "W")
MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
             "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
SECTIONS = ("Auction", "Play")
MANDATORY_SET = frozenset(MANDATORY) | frozenset(SECTIONS)
MANDATORY_DEFAULT = {"Event": "?", "Site": "?", "Date": "?"}
# tags that describe the deal itself: a game that gives none of them plays the previous deal
def _quote(value: str) -> str:
    value = str(value)
    if "\\" in value or '"' in value:
        value = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{value}"'


def deal_value(hands: dict, first: str = "N") -> str:
    start = SEATS.index(first)
    seats = [SEATS[(start + k) % 4] for k in range(4)]
    return f"{first}:" + " ".join(_strict_hand(hands.get(s)) for s in seats)


def _strict_hand(hand) -> str:
    """A hand in strict form; a string is taken as hand_text made it (the records' form)."""
    if hand is None or hand == "-":
        return "-"
    if isinstance(hand, str):
        return hand
    return hand_text(hand)


def write_record(rec: Record, play_rows: list | None = None) -> str:
    """One game in strict PBN export form."""
    tags = interchange.own_tags(rec.tags)
    hands = rec.data.get("hands")
    if hands:
        dealer = tags.get("Dealer", "N").strip().upper()[:1]
        tags["Deal"] = deal_value(hands, dealer if dealer in SEATS else "N")
    out = [f"[{name} {_quote(tags.get(name, MANDATORY_DEFAULT.get(name, '')))}]"
           for name in MANDATORY]
    skip = MANDATORY_SET | set(rec.data.get("tables", ()))
    out.extend(f"[{name} {_quote(value)}]" for name, value in tags.items() if name not in skip)
    for note in rec.data.get("notes", []):
        out.append(f"[Note {_quote(note)}]")
    auction = rec.data.get("auction")
    if auction is not None:
        first = rec.data.get("auction_from") or tags.get("Dealer", "N")
        out.append(f"[Auction {_quote(first)}]")
        marks = rec.data.get("auction_marks", {})
        words = [" ".join([call] + marks.get(str(i), [])) for i, call in enumerate(auction)]
        for i in range(0, len(words), 4):
            out.append(" ".join(words[i:i + 4]))
    tricks = rec.data.get("play")
    if play_rows is not None and tricks:  # rows as read, in column order already
        out.append(f"[Play {_quote(tricks[0]['leader'])}]")
        out.extend(" ".join(row) if len(row) == 4 and None not in row else
                   " ".join([c or "-" for c in row] + ["-"] * (4 - len(row))) for row in play_rows)
        if len(tricks) < 13 or len(tricks[-1]["cards"]) < 4:
            out.append("*")
    elif tricks:
        out.extend(_play_section(tricks))
    for name, table in rec.data.get("tables", {}).items():
        out.append(f"[{name} {_quote(rec.tags.get(name, ';'.join(table['columns'])))}]")
        out.extend(" ".join(row) for row in table["rows"])
    return "\n".join(out) + "\n"


def _play_section(tricks: list[dict]) -> list[str]:
    first = tricks[0]["leader"]
    first_i = SEATS.index(first)
    lines = [f"[Play {_quote(first)}]"]
    for trick in tricks:
        lead_i = SEATS.index(trick["leader"])
        by_seat = {SEATS[(lead_i + k) % 4]: c for k, c in enumerate(trick["cards"])}
        lines.append(" ".join(by_seat.get(SEATS[(first_i + k) % 4], "-") for k in range(4)))
    if len(tricks) < 13 or len(tricks[-1]["cards"]) < 4:
        lines.append("*")
    return lines


def write(records: list[Record]) -> str:
    head = "% PBN 2.1\n% EXPORT\n"
    return head + "\n".join(export_record(r) for r in records)


def export_record(rec: Record) -> str:
    """One game as an export writes it: as read (printed_game) or strict, then hoyle's tags."""
    from records.cards.pbn import read_as_one_game, title_of
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
