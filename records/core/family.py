"""The Family protocol, the one way the archive and the command line reach a game, and the
registry of families.

A family package (records/chess, records/checkers, ...) holds everything of its game and offers
one object per kind it reads. Adding a game is a new package and one line in ``FAMILIES``.
Families are imported only when asked for, so ``hoyle --help`` loads none of them.
"""
from __future__ import annotations

import hashlib
import importlib
from functools import cache
from typing import Protocol, runtime_checkable

from records.core.model import Record
from records.core.review import Correction, Fault, generic_faults, read_corrected

# kind -> ("module:object" implementing Family, the extensions of its interchange files); the
# extensions are known without importing the family, so reading a PGN file loads no card game
FAMILIES = {
    "chess": ("records.chess.family:CHESS", (".pgn",)),
    "checkers": ("records.checkers.family:CHECKERS", (".pdn",)),
    "bridge": ("records.cards.family:BRIDGE", (".pbn",)),
    "whist": ("records.cards.family:WHIST", ()),
    "cribbage": ("records.cribbage.family:CRIBBAGE", (".csv",)),
}

# kind -> the other kinds its interchange format may hold: hoyle writes a whist deal as PBN
# (records/cards/pbn_whist.py), and the PBN reader gives it back as whist
HOLDS_TOO = {"bridge": ("whist",)}


@runtime_checkable
class Family(Protocol):
    kind: str   # (the extensions of its interchange files are FAMILIES's: extensions(kind))
    export_formats: tuple[str, ...]   # formats of its own ("pgn", "descriptive"); json/csv are shared

    def read_file(self, text: str, path: str) -> list[Record] | None:
        """Records of an interchange file, or None when the text is not of its format."""

    def scan_book(self, text: str, path: str) -> list[Record]:
        """Every record of this kind found in running book text, validated by replay."""

    def prepare_bulk(self) -> None:
        """Load what reading a big interchange file needs, before core.reading shares the
        reading with a forked process: loaded once, its pages shared, not loaded in each."""

    def render_text(self, record: Record, ply: int | None = None) -> str:
        """The board, hands or count after `ply` plies, for a terminal."""

    def render_svg(self, record: Record, ply: int | None = None) -> str:
        """The same as SVG; ValueError when the family draws no pictures."""

    def export(self, records: list[Record], fmt: str) -> str:
        """Records in one of `export_formats`; ValueError for any other format."""

    def position_key(self, text: str) -> str | None:
        """A position typed by a user (FEN) as the archive keys it, or None."""

    def move_prefixes(self, text: str) -> list[list[str]]:
        """The normalised move sequences a typed list of moves can mean from the start; []
        when the text holds none of the family's moves, ValueError (saying which move) when
        it holds some that do not play."""

    def matches(self, record: Record, filters: dict) -> bool:
        """The family's search filters (holding, score, variant, result, ...) on one record."""

    def normal_of(self, record: Record) -> str:
        """(optional) The record's normal form written again from its tags and plies; the
        archive stores no normal form it can get back this way."""

    def replay_positions(self, record: Record) -> list[str]:
        """The position key after each ply, from the moves; families that set
        replays_positions let the archive store no positions but their hashes."""

    def read_again(self, texts: list[tuple[str, int]],
                   whole: bool = False) -> list[Record | None]:
        """Records the family's reader marked plies_in_text, read again from their texts
        (each with the line it starts at), in order; the archive takes their plies. whole:
        every field as an import makes it (the archive keeps the rest: a reader may leave out
        what only the plies do not need, such as naming the opening)."""

    def printed_plies(self, record: Record, fingerprint: bytes) -> list | None:
        """(optional) The plies of a record the family's reader marked plies_in_text, taken
        from its text without a replay where that is proven right: the record's fingerprint
        with those plies is the one stored. None: read_again reads them."""

    def fen_of_key(self, key: str) -> str:
        """A position key as FEN (for people browsing the archive)."""

    def position_hash(self, key: str) -> int:
        """A position key's signed 64-bit hash in the archive's position index."""

    def position_after(self, moves: list[str]) -> str | None:
        """The position key after these normalised moves from the start (a moves search looks
        it up in the position index), or None to compare the moves themselves."""

    def facts(self, record: Record) -> dict:
        """(optional) Searchable facts of a record the archive keeps as JSON at import, for
        filter_sql to read with json_extract(r.facts, ...)."""

    def filter_sql(self, filters: dict) -> list[tuple[str, list]] | None:
        """The filters as SQL conditions on the records table `r` (json_extract over its
        tags, data and facts), or None when `matches` must judge each record."""

    def filter_errors(self, filters: dict) -> dict[str, str | None]:
        """For each filter this family searches by (holding, cards, score ...): None when it
        reads the value, else why not. Filters it does not search by are left out."""

    def showcase(self, archive, console) -> None:
        """hoyle demo: show this family's records in the demo archive."""

    def number_from(self, records: list[Record], before: int) -> None:
        """Records read from a piece of a file that has `before` records ahead of the piece:
        whatever the reader numbered by its place in the piece, numbered in the file."""

    def faults(self, record: Record) -> list[Fault]:
        """What in the record needs a person's decision (hoyle review): each fault's place,
        what is printed there, and the candidate readings, numbered for --choose."""

    def correct(self, record: Record, corrections: list[Correction]) -> Record:
        """The record replayed by the family's engine from its printed text, with these
        readings (Correction.how == "read") put in place of what is printed at their places;
        ValueError naming the failure when a reading does not replay there."""


class FamilyBase:
    """Defaults for what a family does not offer. A family object overrides what it has, as
    methods, or hands the module whose functions of the protocol's names it offers:
    `CHESS = Chess(api=module)`."""
    kind = ""
    export_formats: tuple[str, ...] = ()
    replays_positions = False
    # "module:function" that reads the family's interchange files, or finds its records in
    # book text; imported when first used, so `hoyle --help` loads no reader
    file_reader = ""
    book_scanner = ""
    # tags only the family's interchange format writes (PBN's Deal): of two readings of a file
    # no extension names that replay alike (deals with no play), the one whose tags they are
    signature_tags: tuple[str, ...] = ()
    API = ("scan_book", "render_text", "render_svg", "export", "position_key", "move_prefixes",
           "matches", "filter_sql", "facts", "replay_positions", "normal_of", "showcase",
           "read_again", "printed_plies", "position_after", "position_hash", "fen_of_key", "number_from",
           "faults", "correct", "filter_errors", "prepare_bulk")

    def __init__(self, api=None):
        for name in self.API:
            overridden = getattr(type(self), name, None) is not getattr(FamilyBase, name, None)
            if api is not None and not overridden and hasattr(api, name):
                setattr(self, name, getattr(api, name))

    def read_file(self, text: str, path: str) -> list[Record] | None:
        return _imported(self.file_reader)(text, path) if self.file_reader else None

    def scan_book(self, text: str, path: str) -> list[Record]:
        return _imported(self.book_scanner)(text, path) if self.book_scanner else []

    def prepare_bulk(self) -> None:
        if self.file_reader:
            _imported(self.file_reader)   # (its module, and what that imports)

    def render_svg(self, record: Record, ply: int | None = None) -> str:
        raise ValueError(f"no SVG drawing for {self.kind}")

    def export(self, records: list[Record], fmt: str) -> str:
        raise ValueError(f"{self.kind} records export as "
                         f"{', '.join(self.export_formats) or 'json'}, not {fmt!r}")

    def position_key(self, text: str) -> str | None:
        return None

    def move_prefixes(self, text: str) -> list[list[str]]:
        return []

    def filter_errors(self, filters: dict) -> dict[str, str | None]:
        return {}

    def matches(self, record: Record, filters: dict) -> bool:
        return not filters

    def replay_positions(self, record: Record) -> list[str]:
        return [p.position for p in record.plies]

    def read_again(self, texts: list[tuple[str, int]],
                   whole: bool = False) -> list[Record | None]:
        raise ValueError(f"{self.kind} records keep their plies")

    def printed_plies(self, record: Record, fingerprint: bytes) -> list | None:
        return None

    def position_after(self, moves: list[str]) -> str | None:
        return None

    def position_hash(self, key: str) -> int:
        return key_digest(key)

    def fen_of_key(self, key: str) -> str:
        return key

    def number_from(self, records: list[Record], before: int) -> None:
        return None

    def faults(self, record: Record) -> list[Fault]:
        return generic_faults(record)

    def correct(self, record: Record, corrections: list[Correction]) -> Record:
        """Records of interchange files (PGN, PDN, PBN) are read again with the readings put
        in their text; a family replays its book records itself."""
        import os
        if os.path.splitext(record.source)[1].lower() in extensions(self.kind):
            return read_corrected(self.read_file, record, corrections)
        raise ValueError(f"{self.kind} records of books cannot be replayed with a correction "
                         "yet; mark the fault as an error of the book instead")

    def filter_sql(self, filters: dict) -> list[tuple[str, list]] | None:
        return [] if not filters else None

    def showcase(self, archive, console) -> None:
        return None


def _imported(where: str):
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def key_digest(key: str) -> int:
    """Any position key's signed 64-bit hash (BLAKE2b), where a family has no quicker one."""
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little",
                          signed=True)


@cache
def family(kind: str) -> Family:
    return _imported(FAMILIES[kind][0])


def known_kinds() -> list[str]:
    return list(FAMILIES)


def extensions(kind: str) -> tuple[str, ...]:
    """The extensions of the kind's interchange files (none for an unknown kind)."""
    return FAMILIES[kind][1] if kind in FAMILIES else ()


def kinds_held(kind: str) -> tuple[str, ...]:
    """The kinds of the records an interchange file of this kind's format may hold."""
    return (kind,) + HOLDS_TOO.get(kind, ())


def kinds_reading(extension: str) -> list[str]:
    """The kinds whose interchange format has this file extension."""
    return [kind for kind in FAMILIES if extension in extensions(kind)]
