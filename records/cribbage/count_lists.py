"""Lists of hands counted in words, one a line, with ditto marks for "count":

    Two sevens, two eights, and a nine count 24
    Two eights, a seven, and two nines    "  20
    Three fives and a tenth card          "  14
    Six, seven, eight, and two aces           the ragged 13
                               6 + 1 and 8 = 15-2;      a worked breakdown of the count
    Any double sequence of three cards
    and a pair (as knave, queen, and
    two kings).                           "   6          a rule, checked on its example

Cards are given by rank only. A "tenth card" is any card worth ten: two of them "not a pair"
are read as a ten and a knave, one alone as a king. A rule with no example ("Any flush of
four cards and a pair") names no cards and is listed, not counted.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.cribbage.notation import RANK_WORDS

COUNT_TAIL = re.compile(r"(?:\bcounts?\b|[\"“”]|=|\bthe ragged\b)\s+(\d+)\.?\s*$", re.I)
BREAKDOWN = re.compile(r"^\s*([\d+ and]+?)\s*=\s*(\d+)-(\d+)\s*[;,.]?\s*$")
QUANTITY = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
EXAMPLE = re.compile(r"\(as ([^)]*)\)")
TENTH = "tenth"


@dataclass
class CountedHand:
    ranks: list[int]                  # empty for a rule with no example
    stated: int
    text: str
    line: int                         # first line of the description
    end_line: int
    stated_column: int
    rule: bool = False                # "Any ...": a rule of thumb
    breakdown: list[tuple[str, int, int, int, int, int]] = field(default_factory=list)
    # (expression, its sum, the call's fifteen, the call's points, line, column) of each step


def find_counted_hands(lines: list[str], first: int, last: int) -> list[CountedHand]:
    """The counted hands of lines[first:last] (0-based), each with its stated count."""
    found, start, i = [], None, first
    while i < last:
        line = lines[i]
        tail = COUNT_TAIL.search(line)
        if start is None and line.strip() and _starts_description(line):
            start = i
        if tail and start is not None:
            hand = _counted(lines, start, i, tail)
            if hand is not None:
                i = _breakdown(hand, lines, i + 1, last)
                found.append(hand)
                start = None
                continue
            start = None
        elif start is not None and i - start > 3:
            start = None
        i += 1
    return found


def _starts_description(line: str) -> bool:
    words = re.findall(r"[a-z]+", line.lower())
    return bool(words) and (words[0] == "any" or words[0] in QUANTITY or words[0] in RANK_WORDS)


def _counted(lines: list[str], start: int, end: int, tail) -> CountedHand | None:
    text = " ".join(line.strip() for line in lines[start:end + 1])
    description = COUNT_TAIL.sub("", text).strip()
    rule = description.lower().startswith("any")
    example = EXAMPLE.search(description)
    ranks = _ranks(example.group(1) if example else ("" if rule else description))
    if not rule and not 4 <= len(ranks) <= 5:
        return None
    return CountedHand(ranks, int(tail.group(1)), description, start + 1, end + 1,
                       tail.start(1) + 1, rule)


def _ranks(description: str) -> list[int]:
    """"Two sevens, two eights, and a nine" -> [7, 7, 8, 8, 9]; "" when a word is not a card."""
    words = re.findall(r"[a-z]+|\([^)]*\)", description.lower())
    ranks, quantity, not_a_pair = [], 1, "not a pair" in description.lower()
    counted = False                    # a quantity read: "a four" is one four, not four
    for word in words:
        if word.startswith("("):
            continue
        if word in QUANTITY and not counted:
            quantity, counted = QUANTITY[word], True
        elif word in ("and", "card", "cards"):
            continue
        elif word.rstrip("s") == TENTH:
            ranks += [10, 11][:quantity] if not_a_pair else [13] * quantity
            quantity, counted = 1, False
        else:
            rank = _rank_word(word)
            if rank is None:
                return []
            ranks += [rank] * quantity
            quantity, counted = 1, False
    return ranks


def _rank_word(word: str) -> int | None:
    for base in (word, re.sub(r"e?s$", "", word), word[:-1]):
        if base in RANK_WORDS:
            return RANK_WORDS[base]
    return None


def _breakdown(hand: CountedHand, lines: list[str], i: int, last: int) -> int:
    """The worked steps under a hand ("6 + 1 and 8 = 15-2;") up to its closing total."""
    while i < last and not _starts_description(lines[i]):
        m = BREAKDOWN.match(lines[i])
        if m:
            numbers = [int(n) for n in re.findall(r"\d+", m.group(1))]
            hand.breakdown.append((m.group(1).strip(), sum(numbers), int(m.group(2)),
                                   int(m.group(3)), i + 1, m.start(2) + 1))
        elif not re.search(r"=\s*\d+", lines[i]):
            break
        hand.end_line = i + 1
        i += 1
    return i
