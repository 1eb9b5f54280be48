"""Contract bridge: contracts, vulnerability, the auction's final contract, duplicate scoring."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

SEATS = ("N", "E", "S", "W")
STRAINS = ("C", "D", "H", "S", "NT")
TRUMP_OF_STRAIN = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": None}


def left_of(seat: str) -> str:
    """The seat on a seat's left, who plays after it (the declarer's: the opening leader)."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def partner_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


CONTRACT_RE = re.compile(r"^\s*([1-7])\s*(NT|N|S|H|D|C|♠|♥|♦|♣)\s*(XX|X|\*\*|\*)?\s*$", re.I)
SYMBOL_STRAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "N": "NT"}


class Contract(NamedTuple):
    level: int            # 0 for a passed-out deal
    strain: str           # C D H S NT ("" when passed out)
    doubled: int          # 0, 1 (X) or 2 (XX)

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    @property
    def trump(self) -> str | None:
        return TRUMP_OF_STRAIN.get(self.strain)

    @property
    def target(self) -> int:
        """Tricks the declarer needs."""
        return self.level + 6

    def __str__(self) -> str:
        return "Pass" if self.passed_out else f"{self.level}{self.strain}{'X' * self.doubled}"


@lru_cache(maxsize=1024)
def parse_contract(text: str) -> Contract | None:
    """'4S', '3NTX', '6HXX', 'Pass' -> Contract; None when unreadable."""
    text = (text or "").strip()
    if text.lower() in ("pass", "ap", "passed out", "p"):
        return Contract(0, "", 0)
    m = CONTRACT_RE.match(text)
    if not m:
        return None
    strain = m.group(2).upper()
    strain = SYMBOL_STRAIN.get(strain, strain)
    doubled = len(m.group(3).replace("*", "X")) if m.group(3) else 0
    return Contract(int(m.group(1)), strain, doubled)


def vulnerable_sides(text: str) -> set[str] | None:
    """PBN Vulnerable value -> the vulnerable sides ({'NS'}, {'NS','EW'}, set()); None if unknown."""
    value = (text or "").strip().lower()
    if value in ("none", "love", "-", "neither", "o"):
        return set()
    if value in ("all", "both", "b"):
        return {"NS", "EW"}
    if value in ("ns", "n-s", "n/s"):
        return {"NS"}
    if value in ("ew", "e-w", "e/w"):
        return {"EW"}
    return None


def side_of(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def contract_score(contract: Contract, vulnerable: bool, tricks: int) -> int:
    """The declaring side's score under duplicate (and Chicago) contract bridge scoring."""
    if contract.passed_out:
        return 0
    need = contract.target
    if tricks < need:
        return -_undertricks(need - tricks, vulnerable, contract.doubled)
    multiplier = (1, 2, 4)[contract.doubled]
    per_trick = 20 if contract.strain in ("C", "D") else 30
    trick_points = per_trick * contract.level + (10 if contract.strain == "NT" else 0)
    trick_points *= multiplier
    score = trick_points
    score += (500 if vulnerable else 300) if trick_points >= 100 else 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    score += (0, 50, 100)[contract.doubled]
    over = tricks - need
    if contract.doubled:
        score += over * (200 if vulnerable else 100) * contract.doubled
    else:
        score += over * per_trick
    return score


def _undertricks(down: int, vulnerable: bool, doubled: int) -> int:
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + (down - 1) * 300
    else:
        penalty = sum(100 if k == 1 else 200 if k <= 3 else 300 for k in range(1, down + 1))
    return penalty * doubled


def ns_score(contract: Contract, declarer: str, vulnerable: set[str], tricks: int) -> int:
    """The score from North-South's side."""
    if contract.passed_out:
        return 0
    side = side_of(declarer)
    score = contract_score(contract, side in vulnerable, tricks)
    return score if side == "NS" else -score


class AuctionEnd(NamedTuple):
    contract: Contract | None      # None while the auction is not finished
    declarer: str | None
    problem: str                   # "" when the auction is sound


def final_contract(dealer: str, calls: list[str]) -> AuctionEnd:
    """Replay calls ("1H", "Pass", "X", "XX"; "AP" = all pass) from the dealer."""
    level_strain = None
    bidder_side = None
    doubled = 0
    first_bid: dict[tuple[str, str], str] = {}
    passes = 0
    seat_i = SEATS.index(dealer)
    declarer = None
    for n, raw in enumerate(calls):
        call = raw.upper()
        seat = SEATS[(seat_i + n) % 4]
        if call in ("P", "PASS"):
            passes += 1
        elif call == "X":
            if level_strain is None or side_of(seat) == bidder_side or doubled:
                return AuctionEnd(None, None, f"call {n + 1} ({raw}) is an insufficient double")
            doubled, passes = 1, 0
        elif call == "XX":
            if doubled != 1 or side_of(seat) != bidder_side:
                return AuctionEnd(None, None, f"call {n + 1} ({raw}) is an illegal redouble")
            doubled, passes = 2, 0
        else:
            bid = parse_contract(call)
            if bid is None or bid.passed_out or bid.doubled:
                return AuctionEnd(None, None, f"call {n + 1} ({raw}) is not a call")
            key = (bid.level, STRAINS.index(bid.strain))
            if level_strain is not None and key <= level_strain:
                return AuctionEnd(None, None, f"call {n + 1} ({raw}) is insufficient")
            level_strain, bidder_side, doubled, passes = key, side_of(seat), 0, 0
            first_bid.setdefault((bidder_side, bid.strain), seat)
            declarer = first_bid[(bidder_side, bid.strain)]
        if (level_strain is None and passes == 4) or (level_strain is not None and passes == 3):
            if n + 1 < len(calls):
                return AuctionEnd(None, None, f"call {n + 2} ({calls[n + 1]}) comes after the "
                                  "auction has ended")
            if level_strain is None:
                return AuctionEnd(Contract(0, "", 0), None, "")
            return AuctionEnd(Contract(level_strain[0], STRAINS[level_strain[1]], doubled),
                              declarer, "")
    return AuctionEnd(None, None, "the auction is not finished")


def stated_ns_score(text: str, declarer: str | None) -> int | None:
    """Score "NS 420", "EW -50", "NS 420 EW -420" or a bare number (the declarer's side)."""
    parts = text.replace(",", " ").split()
    try:
        if len(parts) == 1:
            value = int(parts[0])
            return value if declarer is None or side_of(declarer) == "NS" else -value
        if len(parts) >= 2 and parts[0].upper() in ("NS", "EW"):
            value = int(parts[1])
            return value if parts[0].upper() == "NS" else -value
    except ValueError:
        return None
    return None

