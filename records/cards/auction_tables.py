"""An auction printed as a table: the seats across the top, the calls in rows under them.

     SOUTH     WEST     NORTH     EAST
     1 ♦       Pass     1 ♥       Pass
     1 NT      Pass     3 NT      All pass

The header names the four seats in their turn (any seat first: the column of the first call is
the dealer's); each call stands under its seat's name. A call is a bid (`1 ♦`, `1D`, `3 NT`,
`2 N.T.`, `4 spades`), a pass (`Pass`, `No bid`, `P`, a dash), a double (`Double`, `Dbl`, `X`)
or a redouble (`Redouble`, `Rdbl`, `XX`); `All pass` ends it. Blank or dashed cells before the
first call are the seats before the dealer. The calls are given as PBN writes them (`1D`,
`Pass`, `X`), for the contract engine to replay.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from records.cards.card_forms import Text
from records.cards.contract import AuctionEnd, final_contract

SEAT_WORDS = {"north": "N", "east": "E", "south": "S", "west": "W", "n": "N", "e": "E", "s": "S",
              "w": "W"}
CLOCKWISE = "NESW"
HEADER_CELL = re.compile(r"(?i)\b(north|east|south|west|[NESW])\b[.:]?")
STRAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "◇": "D", "♢": "D", "♧": "C",
          "s": "S", "h": "H", "d": "D", "c": "C", "spade": "S", "heart": "H", "diamond": "D",
          "club": "C", "nt": "NT", "n": "NT", "no trump": "NT", "no-trump": "NT", "notrump": "NT"}
CALL = re.compile(
    r"(?i)(?P<all>all\s+pass(?:es)?|\(all\s+pass\))"
    r"|(?P<level>[1-7])\s?(?P<strain>[♠♥♦♣♤♡◇♢♧]|n\.?\s?t\.?|no[- ]?trumps?|notrumps?"
    r"|(?:spade|heart|diamond|club)s?\b|[shdc](?![a-z]))"
    r"|(?P<pass>pass(?:es)?\b|no\s+bid|p(?![a-z])|[-\u2013\u2014]+)"
    r"|(?P<redouble>redoubles?\b|rdbl\.?|xx(?![a-z]))"
    r"|(?P<double>doubles?\b|dbl\.?|x(?![a-z]))")


@dataclass
class Auction:
    dealer: str          # N E S W: the seat of the first call
    calls: list          # "1D", "Pass", "X", "XX", "NT" bids as "3NT"
    line: int            # the header's line
    column: int
    end_line: int = 0    # the last row's line
    told: bool = False   # told in words: its own `East bids ...` declares nothing

    @cached_property
    def end(self) -> AuctionEnd:
        """The calls replayed to their contract and declarer (or the problem)."""
        return final_contract(self.dealer, self.calls)


def find_auction(pieces: list[tuple[int, int, str]]) -> Auction | None:
    """The first auction table among (line, column, text) pieces of consecutive lines."""
    for k, (line, column, text) in enumerate(pieces):
        seats = _header(text)
        if seats is None:
            continue
        rows = []
        for row_line, _, row in pieces[k + 1:]:
            if row_line != line + 1 + len(rows):
                break
            cells = _row(row, seats)
            if cells is None:
                break
            rows.append(cells)
        auction = _calls(seats, rows)
        if auction is not None:
            return Auction(auction[0], auction[1], line, column + seats[0][1], line + len(rows))
    return None


def _header(text: str) -> list[tuple[str, int]] | None:
    """(seat, column) of a line naming the four seats in their turn, and nothing else."""
    found = list(HEADER_CELL.finditer(text))
    if len(found) != 4 or HEADER_CELL.sub("", text).strip(" \t|"):
        return None
    seats = [SEAT_WORDS[m.group(1).lower()] for m in found]
    start = CLOCKWISE.index(seats[0])
    if seats != [CLOCKWISE[(start + i) % 4] for i in range(4)]:
        return None
    return [(seat, m.start()) for seat, m in zip(seats, found)]


def _row(text: str, seats: list[tuple[str, int]]) -> list[str | None] | None:
    """The calls of a row, one a seat (None where it is blank); None when the line holds
    anything but calls."""
    found, at = [], 0
    for m in CALL.finditer(text):
        if text[at:m.start()].strip(" \t|,"):
            return None
        at = m.end()
        found.append(m)
        if m.group("all"):
            break
    if text[at:].strip(" \t|,.") or not found or len(found) > 4:
        return None
    if len(found) == 4:           # a whole row: in turn, however it is spaced
        return [_call(m) for m in found]
    cells: list[str | None] = [None] * 4
    for m in found:               # a row begun or ended short: each call under its seat
        k = min(range(4), key=lambda i: abs(seats[i][1] - m.start()))
        if cells[k] is not None:
            k = next((i for i in range(k + 1, 4) if cells[i] is None), None)
            if k is None:
                return None
        cells[k] = _call(m)
    return cells


def _call(m: re.Match) -> str:
    if m.group("all"):
        return "AP"
    if m.group("level"):
        return m.group("level") + strain_of(m.group("strain"))
    if m.group("pass"):
        return "-" if m.group("pass").strip("-\u2013\u2014") == "" else "Pass"
    return "XX" if m.group("redouble") else "X"


def bid_said(level: str, strain: str) -> str:
    """A bid in words or figures as PBN writes it: `three`, `no trumps` -> `3NT`."""
    return LEVEL_WORDS.get(level.lower(), level) + strain_of(strain)


def strain_of(printed: str) -> str:
    """A bid's strain as PBN writes it (`♦`, `d`, `diamonds`, `N.T.`, `no trump`)."""
    strain = re.sub(r"[.\s]", "", printed.lower())
    return STRAIN.get(strain) or STRAIN.get(strain.rstrip("s")) or STRAIN.get(strain[:1]) or "NT"


def _calls(seats: list[tuple[str, int]], rows: list[list]) -> tuple[str, list[str]] | None:
    """(dealer, calls) of the rows read in turn; None when no call is a bid or a row has a
    gap between its calls. A dash before the first call marks a seat before the dealer; one
    after it is a pass."""
    calls: list[str] = []
    dealer = None
    for r, cells in enumerate(rows):
        for k, call in enumerate(cells):
            if call is None or (call == "-" and dealer is None):
                if dealer is not None and any(c is not None for c in cells[k + 1:]):
                    return None            # a gap inside the auction: not a table we can read
                continue
            if dealer is None:
                dealer = seats[k][0]
            if call == "AP":
                calls.append("AP")
                return _ended(dealer, calls)
            calls.append("Pass" if call == "-" else call)
    return _ended(dealer, calls) if dealer else None


def _ended(dealer: str, calls: list[str]) -> tuple[str, list[str]] | None:
    """`All pass`: passes until three follow the last bid (or double). An auction has a bid
    and a pass (a row of a trick table printing 2♠ 5♠ 3♠ 7♠ under the seats has no pass)."""
    if not any(c[0].isdigit() for c in calls) or not any(c in ("Pass", "AP") for c in calls):
        return None
    if calls and calls[-1] == "AP":
        calls = calls[:-1]
        passed = len(calls) - len(re.sub(r"(?:Pass,)+$", "", ",".join(calls) + ",").rstrip(",")
                                  .split(",")) if calls else 0
        calls += ["Pass"] * max(0, 3 - passed)
    return dealer, calls


# -- an auction told in words: `South, one club; West, pass; North, one spade; ... all pass` ----
LEVEL_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
               "seven": "7"}
# a bid in words or figures: its level, then its strain (`three no trumps`, `4 ♠`, `1 N.T.`)
LEVEL = r"(?:[1-7]|one|two|three|four|five|six|seven)"
STRAIN_SAID = r"(?:[♠♥♦♣]|n\.?\s?t\.?\b|no[- ]?trumps?|notrumps?|(?:spade|heart|diamond|club)s?\b)"
TOLD_CALL = re.compile(
    r"(?i)\b(?P<seat>north|east|south|west)\b[,:]?\s+(?:(?:dealt\s+and|,?\s*the\s+dealer,)\s+)?"
    r"(?:(?:bids?|bid|said|says|calls?|called|went|goes|declares?|declared|opens?|opened|"
    r"raised|raises?|rebid|rebids|responded|responds?|overcalled|overcalls?|jumped|jumps?|"
    r"continued|replied|made\s+it)\s+(?:(?:with|to|it)\s+)?)?(?P<call>"
    rf"(?P<level>{LEVEL})\s*(?P<strain>{STRAIN_SAID})"
    r"|(?P<pass>pass(?:es|ed)?\b|no\s+bid|content)"
    r"|(?P<redouble>redoubles?\b|redoubled)|(?P<double>doubles?\b|doubled))")
TOLD_GAP = re.compile(r"(?i)[\s,;.]*(?:(?:and|then)\s+)?")
ALL_PASSED = re.compile(r"(?i)[\s,;.]*(?:and\s+)?(?:(?:all|the\s+others|the\s+rest)\s+"
                        r"pass(?:ed|es)?\b|(?:which|that)\s+(?:closed|ended)\s+the\s+"
                        r"(?:auction|bidding)|three\s+passes\s+followed)")
# a seat, then within a few words a bid: a call the run of calls after it did not take in
UNREAD_CALL = re.compile(rf"(?i)\b(?:north|east|south|west)\b[^.;]{{0,40}}?\b{LEVEL}\s*{STRAIN_SAID}")
SKIPPED = 2    # seats a sentence may pass over between two calls it tells (their passes)


def find_told_auction(pieces: list[tuple[int, int, str]]) -> Auction | None:
    """An auction told in a sentence, each call after its seat round the table (`South,
    one club; West, pass; North, one spade; East, pass; North, three no-trumps; all pass`,
    `South bid one heart, West passed, ...`, `South opened with one no trump, North raised to
    three, which closed the auction`): the first seat is the dealer's; the seats a sentence
    passes over between two calls passed. Three calls or more (or a bid and `all pass`), a bid
    among them; None otherwise, or where a call before the first went unread."""
    words = Text(pieces)
    text = words.text
    run: list[re.Match] = []
    for m in TOLD_CALL.finditer(text):
        if run and (TOLD_GAP.fullmatch(text, run[-1].end(), m.start()) is None
                    or _seats_between(run[-1], m) > SKIPPED):
            found = _told(run, words)
            if found is not None:
                return found
            run = []
        run.append(m)
    return _told(run, words)


def _seat(m: re.Match) -> str:
    return SEAT_WORDS[m.group("seat").lower()]


def _seats_between(before: re.Match, after: re.Match) -> int:
    """The seats between two calls told one after the other (0: the next seat's call)."""
    return (CLOCKWISE.index(_seat(after)) - CLOCKWISE.index(_seat(before)) - 1) % 4


def _told(run: list[re.Match], words: Text) -> Auction | None:
    ended = ALL_PASSED.match(words.text, run[-1].end()) if run else None
    if len(run) < (1 if ended else 3) or not any(m.group("level") for m in run):
        return None      # (`West, one club, and all pass`: one call is enough when all pass)
    sentence = max(words.text.rfind(".", 0, run[0].start()), 0)
    if UNREAD_CALL.search(words.text, sentence, run[0].start()):
        return None      # (`South opened with ..., West passed, North ...`: not from West)
    calls = [_told_call(run[0])]
    for before, m in zip(run, run[1:]):
        calls += ["Pass"] * _seats_between(before, m) + [_told_call(m)]
    end = run[-1].end()
    if ended:
        calls.append("AP")
        end = ended.end()
    auction = _ended(_seat(run[0]), calls)
    if auction is None:
        return None
    (line, column), (last, _) = words.where(run[0].start()), words.where(max(end - 1, 0))
    return Auction(auction[0], auction[1], line, column, last, told=True)


def _told_call(m: re.Match) -> str:
    if m.group("level"):
        return bid_said(m.group("level"), m.group("strain"))
    if m.group("pass"):
        return "Pass"
    return "XX" if m.group("redouble") else "X"
