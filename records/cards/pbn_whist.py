"""Whist deals written as PBN. PBN is bridge's format and has no whist: hoyle writes a whist
deal as a PBN game with tags of its own (the turn-up in [TurnUp], the variant in [Scoring],
the score before the deal and the book's claim in [WhistScore] and [WhistResult], and
[HoyleKind "whist"]), which pbn_whist_read reads back as the whist deal it was. The play is
the tricks the book printed, in PBN's Play section.
"""
from __future__ import annotations

from records.cards.pbn_write import _quote
from records.core import interchange
from records.core.model import Record

KIND_TAG = "HoyleKind"      # "whist": the game is a whist deal
SEATS_TAG = "HoyleSeats"    # the deal's seats clockwise from its first, where not N E S W
COMPASS = ("N", "E", "S", "W")
NAMES = ("North", "East", "South", "West")


def is_whist(game) -> bool:
    """A PBN game hoyle wrote as a whist deal."""
    return KIND_TAG in game.tags and game.tags[KIND_TAG].strip().lower() == "whist"


def deal_title(event: str, board: str) -> str:
    """A whist deal's title: its event and the last word of its heading (`..., Hand I`)."""
    return f"{event}, Hand {(board.split() or ['1'])[-1]}"


def whist_tags(record: Record) -> dict:
    """What a whist deal's PBN game says beyond the tags every deal's has (its variant,
    trumps and turn-up go in [Scoring], [Trumps], [TurnUp]): the score before it and the
    book's claim."""
    names = {"Score": "WhistScore", "Result": "WhistResult"}
    return {names[name]: record.tags[name] for name in names if record.tags.get(name)}


def exported_game(record: Record, game: str) -> str:
    """A whist record's PBN game (pbn_text) with hoyle's tags after it (provenance; the title,
    status and diagnostics where a reader would not find them again: interchange)."""
    read_as = None              # the title a reader makes of the tags (deal_play.deal_record)
    if record.data.get("type") == "deal":
        read_as = deal_title(record.tags.get("Event") or "whist", record.tags.get("Deal") or "")
    hoyle = {KIND_TAG: "whist"} if record.data.get("type") in ("deal", "hand") else {}
    seats = record.data.get("seats", [])
    compass = record.data.get("compass")
    if compass and sorted(seats, key=lambda s: COMPASS.index(compass[s])) != list(seats):
        hoyle[SEATS_TAG] = " ".join(seats)   # (a diagram that put the first seat elsewhere)
    hoyle.update(interchange.hoyle_tags(record, read_as))
    return game + "".join(f"[{name} {_quote(interchange.one_line(value))}]\n"
                          for name, value in hoyle.items())


def printed_tricks(data: dict) -> list[dict]:
    """The tricks as the book printed them (not the forced last trick the replay added)."""
    tricks = data.get("tricks", [])
    return tricks[:data.get("tricks_printed", len(tricks))]
