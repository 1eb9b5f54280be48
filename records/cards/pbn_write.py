"""Writing bridge records as strict PBN (the normal form, and the export of records not read
from PBN): mandatory tags first, suits S H D C with ranks high to low and T, the play in
columns (pbn_export writes a game read from PBN as it was read)."""
from __future__ import annotations

from functools import lru_cache

from records.cards.tricks import hand_text
from records.core import interchange
from records.core.model import Record

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


def write_record(rec: Record, play_rows: list | None = None,
                 table_lines: dict | None = None) -> str:
    """One game in strict PBN export form. play_rows: the play's rows as read (in column
    order); table_lines: each table's rows as written, where the reader has them."""
    tags = _own_tags(rec.tags)
    hands = rec.data.get("hands")
    if hands:
        dealer = tags.get("Dealer", "N").strip().upper()[:1]
        first = dealer if dealer in SEATS else "N"
        try:
            tags["Deal"] = _deal_text(first, *map(hands.get, SEATS))
        except TypeError:         # a hand given as a set (a record not read from PBN)
            tags["Deal"] = deal_value({s: _strict_hand(hands.get(s)) for s in SEATS}, first)
    tables = rec.data.get("tables", ())
    skip = MANDATORY_SET | set(tables) if tables else MANDATORY_SET
    get = tags.get
    pairs = [(name, get(name, default)) for name, default in MANDATORY_PAIRS]
    pairs += [item for item in tags.items() if item[0] not in skip]
    notes = rec.data.get("notes")
    if notes:
        pairs += [("Note", note) for note in notes]
    auction = rec.data.get("auction")
    if auction is not None:
        pairs.append(("Auction", rec.data.get("auction_from") or get("Dealer", "N")))
    try:
        values = "".join([value for _, value in pairs])
        plain = '"' not in values and "\\" not in values
    except TypeError:             # a value that is not a string (a record not read from PBN)
        plain = False
    out = ([f'[{name} "{value}"]' for name, value in pairs] if plain else
           [f"[{name} {_quote(value)}]" for name, value in pairs])   # (escapes where needed)
    if auction is not None:
        marks = rec.data.get("auction_marks")
        words = _marked(auction, marks) if marks else auction
        out += [" ".join(words[i:i + 4]) for i in range(0, len(words), 4)]
    tricks = rec.data.get("play")
    if play_rows is not None and tricks:  # rows as read, in column order already
        out.append(f"[Play {_quote(tricks[0]['leader'])}]")
        out += [" ".join(row) if len(row) == 4 and None not in row else
                " ".join([c or "-" for c in row] + ["-"] * (4 - len(row))) for row in play_rows]
        if len(tricks) < 13 or len(tricks[-1]["cards"]) < 4:
            out.append("*")
    elif tricks:
        out.extend(_play_section(tricks))
    for name, table in tables.items() if tables else ():
        out.append(f"[{name} {_quote(rec.tags.get(name, ';'.join(table['columns'])))}]")
        lines = table_lines.get(name) if table_lines else None
        out += lines if lines is not None else [" ".join(row) for row in table["rows"]]
    return "\n".join(out) + "\n"


INDEX = {str(i): i for i in range(1000)}   # an index as a mark's key names it -> the index


def _marked(calls: list, marks: dict) -> list:
    """The calls, each followed by its marks (marks: the call's index, as a string -> them)."""
    if not all(key in INDEX for key in marks):
        return [" ".join([call] + marks.get(str(i), [])) for i, call in enumerate(calls)]
    words = list(calls)
    for key, after in marks.items():
        i = INDEX[key]
        if i < len(words):
            words[i] = " ".join([words[i]] + after)
    return words


MANDATORY_PAIRS = tuple((name, MANDATORY_DEFAULT.get(name, "")) for name in MANDATORY)


def _own_tags(tags: dict) -> dict:
    """interchange.own_tags, at once when no name can be hoyle's or internal and every value
    is a string (a record read from PBN, as a rule)."""
    names = "".join(tags)
    if "_" in names or "Hoyle" in names:
        return interchange.own_tags(tags)
    try:
        "".join(tags.values())
    except TypeError:
        return interchange.own_tags(tags)
    return dict(tags)


@lru_cache(maxsize=1024)    # a board's deal is written for each of its tables
def _deal_text(first: str, north, east, south, west) -> str:
    return deal_value({"N": _strict_hand(north), "E": _strict_hand(east),
                       "S": _strict_hand(south), "W": _strict_hand(west)}, first)


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
