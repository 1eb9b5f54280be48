"""Lists of hands counted in words, one a line, the count at the end: `count 24`, ditto marks
for "count", `= 24`, or the count spoken item by item in a column (`fifteen 2, fifteen 4, pair 6`,
`a double run of three, eight`):

    Two sevens, two eights, and a nine count 24
    Two eights, a seven, and two nines    "  20
    Three fives and a tenth card          "  14
    Six, seven, eight, and two aces           the ragged 13
                               6 + 1 and 8 = 15-2;      a worked breakdown of the count
    Any double sequence of three cards
    and a pair (as knave, queen, and
    two kings).                           "   6          a rule, checked on its example

    Two fives, a ten, and two knaves      fifteen 2, fifteen 4, fifteen 6, fifteen 8, and
                                          two pairs make 12

Cards are given by rank only. A "tenth card" is any card worth ten: two of them "not a pair"
are read as a ten and a knave, one alone as a king. A rule with no example ("Any flush of
four cards and a pair") names no cards and is listed, not counted. The worked fifteens under a
hand (`6 + 9 = 15-2;`, one or several a line) are checked step by step.

Inside a chapter about cribbage every such line is a counted hand. Elsewhere a list is
cribbage only when it clearly is (`counted_lists`): two hands or more, each of four or five
cards, with cribbage's words about them (crib, fifteen-two, nobs, starter) or counts that the
scorer gives for all of them but one; one line that happens to end in "count 4" is not.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from records.core.layout import cells_of
from records.cribbage.notation import RANK_WORDS
from records.cribbage.told_calls import Spoken, spoken_count
from records.cribbage.told_words import lex

COUNT_TAIL = re.compile(r"(?:\bcounts?\b|[\"“”]|=|\bthe ragged\b)\s+(\d+)\.?\s*$", re.I)
BREAKDOWN = re.compile(r"^\s*([\d+ and]+?)\s*=\s*(\d+)-(\d+)\s*[;,.]?\s*$")
STEP = re.compile(r"(?<![\w-])(\d+(?:\s*(?:\+|and)\s*\d+)+)\s*=\s*(\d+)-(\d+)\s*[;,.]?")
# a last cell (after two spaces or more) that opens as a spoken count and names what it counts
SPOKEN_CUE = re.compile(r"\S[ \t]{2,}(?=[^\n]*(?:fifteen|15-|pair|run|nob|flush|sequence))"
                        r"(?:fifteen|15-|an?\b|one\b|two\b|three\b|four\b|pairs?\b|double|triple|treble|"
                        r"runs?\b|flush|his\b|sequence)[^\n]*$", re.I | re.M)
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
    said: Spoken | None = None        # the count spoken item by item, when it is
    breakdown: list[tuple[str, int, int, int, int, int]] = field(default_factory=list)
    # (expression, its sum, the call's fifteen, the call's points, line, column) of each step


def find_counted_hands(lines: list[str], first: int, last: int) -> list[CountedHand]:
    """The counted hands of lines[first:last] (0-based), each with its stated count."""
    found, start, i = [], None, first
    while i < last:
        line = lines[i]
        ends = line.rstrip()
        ends = ends[:-1] if ends.endswith(".") else ends
        tail = (COUNT_TAIL.search(line) if ends[-1:].isdigit() else None) or _spoken_tail(line, i + 1)
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


@dataclass
class _Tail:
    """A count spoken item by item in the last cell of a row (core.layout cells)."""
    at: int                  # where the cell starts (0-based)
    said: Spoken

    def start(self, _group: int = 0) -> int:
        return self.at

    def group(self, _group: int = 0) -> str:
        return str(self.said.total)


def _spoken_tail(line: str, number: int) -> _Tail | None:
    """The last cell of a row, when it is a whole count spoken item by item."""
    if "  " not in line.strip() or not SPOKEN_CUE.search(line.rstrip()):
        return None
    cells = cells_of(line, number)
    if len(cells) < 2:
        return None
    cell = cells[-1]
    words = lex(cell.text, number, cell.column)
    said = spoken_count(words, 0) if words else None
    if said is None or said.total is None or said.end < len(words) - (words[-1].low in ".;"):
        return None
    return _Tail(cell.column - 1, said)


FIRST_WORD = re.compile(r"[^A-Za-z\n]*([A-Za-z]+)")


def _starts_description(line: str) -> bool:
    m = FIRST_WORD.match(line)
    word = m.group(1).lower() if m else ""
    return word == "any" or word in QUANTITY or word in RANK_WORDS


def _counted(lines: list[str], start: int, end: int, tail) -> CountedHand | None:
    said = tail.said if isinstance(tail, _Tail) else None
    text = " ".join(line.strip() for line in lines[start:end])
    text = (text + " " + (lines[end][:tail.at] if said else lines[end]).strip()).strip()
    description = COUNT_TAIL.sub("", text).strip() if said is None else text
    rule = description.lower().startswith("any")
    example = EXAMPLE.search(description)
    ranks = _ranks(example.group(1) if example else ("" if rule else description))
    if not rule and not 4 <= len(ranks) <= 5:
        return None
    column = (said.total_word.column if said and said.total_word else tail.start(1) + 1)
    return CountedHand(ranks, int(tail.group(1)), description, start + 1, end + 1,
                       column, rule, said=said)


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
    """The worked steps under a hand ("6 + 1 and 8 = 15-2;", one or several a line) up to its
    closing total."""
    while i < last and not _starts_description(lines[i]):
        m = BREAKDOWN.match(lines[i])
        steps = [m] if m else list(STEP.finditer(lines[i])) if _only_steps(lines[i]) else []
        for m in steps:
            numbers = [int(n) for n in re.findall(r"\d+", m.group(1))]
            hand.breakdown.append((m.group(1).strip(), sum(numbers), int(m.group(2)),
                                   int(m.group(3)), i + 1, m.start(2) + 1))
        if not steps and not re.search(r"=\s*\d+", lines[i]):
            break
        hand.end_line = i + 1
        i += 1
    return i


def _only_steps(line: str) -> bool:
    """A line of worked steps and nothing else."""
    return not STEP.sub("", line).strip(" ;,.")


# -- lists outside a chapter about cribbage ---------------------------------------------------
CRIBBAGE_WORDS = re.compile(r"\bcrib(?:bage)?\b|fifteen[- ](?:two|four|six|eight|2|4|6|8)\b|15-[2468]\b|"
                            r"\bstarter\b|\bnobs?\b|\bheels\b|\bpone\b|\bturn-?up\b", re.I)
NEAR = 4           # lines read before a line with a count, for its description and cribbage's words
LIST_GAP = 3       # lines between two hands of one list (worked steps, a wrapped description)


def counted_lists(lines: Sequence[str], sections, near: Sequence[tuple[int, int]]) -> list[CountedHand]:
    """The counted lists outside the chapters about cribbage (the 1-based (first, last) spans
    of `sections`: those are read whole) in the stretches `near` (0-based, end exclusive:
    those near cribbage's own words, or the whole of a short text) that clearly are cribbage."""
    inside = sorted((first - 1, last) for first, last, *_ in sections)
    out = []
    for first, stop in near:
        for a, b in _outside(first, min(stop, len(lines)), inside):
            hands = [h for h in find_counted_hands(lines, a, b) if not h.rule]
            for group in _lists(hands):
                if _clearly_cribbage(group, lines):
                    out += group
    return out


def _outside(first: int, stop: int, inside: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pieces of [first, stop) outside the spans `inside`."""
    out, at = [], first
    for a, b in inside:
        if b <= at or a >= stop:
            continue
        if a > at:
            out.append((at, a))
        at = max(at, b)
    if at < stop:
        out.append((at, stop))
    return out


def _lists(hands: list[CountedHand]) -> list[list[CountedHand]]:
    out: list[list[CountedHand]] = []
    for hand in hands:
        if out and hand.line - out[-1][-1].end_line <= LIST_GAP:
            out[-1].append(hand)
        else:
            out.append([hand])
    return out


def _clearly_cribbage(group: list[CountedHand], lines: list[str]) -> bool:
    """Two hands or more, with cribbage's own words about them or counts the scorer gives for
    all but one (and for two at least)."""
    if len(group) < 2:
        return False
    about = "\n".join(lines[max(0, group[0].line - 1 - NEAR):group[-1].end_line])
    if CRIBBAGE_WORDS.search(about):
        return True
    from records.cribbage.scoring import Card, score
    agree = sum(score([Card(r) for r in h.ranks[:4]], Card(h.ranks[4]) if len(h.ranks) == 5 else None).total
                == h.stated for h in group)
    return agree >= max(2, len(group) - 1)
