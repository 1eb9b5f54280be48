"""Hands and end positions printed in running text: a whole hand on a line suit mark first
(``♥ K Q 6 4 3 ♣ A 5 4 ♦ K 10 3 2 ♠ 8``), a hand one suit a line, and end positions a seat a
line under an illustration, with the trumps and the leader in the sentences after.
"""
from __future__ import annotations

import re

from records.cards.notation import CardsSyntaxError, parse_hand
from records.cards.raw_deals import RANK_TOKEN, SUIT_OF_MARK, SUIT_OF_WORD, RawEnding, RawHand, Token
from records.core.cards import SUIT_GLYPHS


# -- endings: a few cards in each hand, one seat a line ------------------------------
ENDING_ROW = re.compile(r"^\s*([AYBZ])(?:\s+(\S.*?))?\]?\s*$")
ENDING_TRUMPS = re.compile(r"(?i)\b(spades|hearts|diamonds|clubs) (?:trumps\b|\(trumps\))|"
                           r"\btrumps \((spades|hearts|diamonds|clubs)\)")
ENDING_LEADER = re.compile(r"\b([AYBZ]) (?:to lead|leads)\b")


def find_endings(text: str) -> list[RawEnding]:
    """Illustrations of end positions: ``[Illustration:`` then a line per seat
    (``A  9♣, 4♣, 3♣, 2♣``), with the trumps and the leader in the sentences after."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        if line.strip() != "[Illustration:":
            continue
        rows, j = [], i + 1
        while j < len(lines) and len(rows) < 4:
            if lines[j].strip():
                m = ENDING_ROW.match(lines[j])
                if not m:
                    break
                rows.append((j, m))
            j += 1
        if len(rows) == 4 and len({m.group(1) for _, m in rows}) == 4 and \
                any(m.group(2) for _, m in rows):
            out.append(_ending(lines, rows, i))
    return out


def _ending(lines: list[str], rows, start: int) -> RawEnding:
    last = rows[-1][0]
    ending = RawEnding({}, start + 1, last + 1, "")
    for j, m in rows:
        seat, body = m.group(1), m.group(2) or ""
        cards: list[Token] = []
        if body.strip():
            try:
                parsed = parse_hand(body.rstrip(" ]"), j + 1, m.start(2) + 1, allow_repeats=True)
                cards = [Token(t.text, t.line, t.column, t.card) for t in parsed.tokens]
            except CardsSyntaxError as exc:
                ending.problems.append(Token(f"cannot read {seat}'s cards: {exc.message}",
                                             exc.line, exc.column))
        ending.hands[seat] = cards
    for k, line in enumerate(lines[last + 1:last + 8], start=last + 2):
        t = ENDING_TRUMPS.search(line)
        if t and ending.trumps is None:
            word = (t.group(1) or t.group(2)).lower()
            ending.trumps = Token(t.group(0), k, t.start() + 1, SUIT_OF_WORD[word[:-1]])
        lead = ENDING_LEADER.search(line)
        if lead and ending.leader is None:
            ending.leader = Token(lead.group(1), k, lead.start() + 1)
    ending.text = "\n".join(lines[start:last + 1])
    ending.title = next((l.strip().rstrip(".") for l in reversed(lines[max(0, start - 3):start])
                         if re.match(r"\s*CASE [IVXL]+\.", l)), "")
    return ending


# -- hands printed suit mark first ---------------------------------------------------
SUIT_FIRST = re.compile(
    rf"(?<![\w{SUIT_GLYPHS}])([{SUIT_GLYPHS}])((?:[ ]+(?:10|[AKQJT2-9])(?![\w]))+)")


_GLYPH_SET = frozenset(SUIT_GLYPHS)


def find_suit_first_hands(text: str, claimed=frozenset()) -> list[RawHand]:
    """Lines holding a whole hand as ``♥ K Q 6 4 3 ♣ A 5 4 ♦ K 10 3 2 ♠ 8``.

    Only runs of two or more suit groups separated by single spaces are hands; tables
    (tab-separated rank orders) and single holdings are not.
    """
    hands = []
    for n, line in enumerate(text.split("\n"), start=1):
        if line.isascii() or _GLYPH_SET.isdisjoint(line) or "\t" in line or n - 1 in claimed:
            continue
        groups = list(SUIT_FIRST.finditer(line))
        if len(groups) < 2:
            continue
        run = [groups[0]]
        for g in groups[1:]:
            if line[run[-1].end():g.start()].strip(" ,;") == "":
                run.append(g)
        suits = [SUIT_OF_MARK[g.group(1)] for g in run]
        if len(run) < 2 or len(set(suits)) != len(suits):
            continue
        first, last = run[0].start(), run[-1].end()
        try:
            parsed = parse_hand(line[first:last], n, first + 1)
        except CardsSyntaxError:
            continue
        cards = [Token(t.text, t.line, t.column, t.card) for t in parsed.tokens]
        if len(cards) >= 13 or len(run) == 4:
            hands.append(RawHand(cards, n, line.strip()))
    return hands


COLUMN_ROW = re.compile(
    rf"^\s*(?:[{SUIT_GLYPHS}]|(?i:spades|hearts|diamonds|clubs))\s*[:.\u2014-]?\s*"
    r"(?:(?:(?:10|[AKQJT2-9]|Ace|King|Queen|Knave|Jack)(?![\w])[ ,]*)+|\u2014|-|(?i:void))\s*\.?\s*$")


def find_column_hands(text: str, claimed=frozenset()) -> list[RawHand]:
    """Hands printed one suit a line, suit mark (or name) first::

        ♠ A K 7
        ♥ K J 10 4
        ♦ A Q 3
        ♣ K 8 6

    Four consecutive rows with four different suits and thirteen cards in all.
    """
    lines = text.split("\n")
    hands, i = [], 0
    while i < len(lines):
        if not COLUMN_ROW.match(lines[i]) or "\t" in lines[i] or i in claimed:
            i += 1
            continue
        rows = lines[i:i + 4]
        if len(rows) == 4 and all(COLUMN_ROW.match(r) and "\t" not in r for r in rows) and \
                not claimed.intersection(range(i, i + 4)):
            hand = _column_hand(rows, i + 1)
            if hand is not None:
                hands.append(hand)
                i += 4
                continue
        i += 1
    return hands


def _column_hand(rows: list[str], first_line: int) -> RawHand | None:
    cards, suits = [], []
    for k, row in enumerate(rows):
        body = row.rstrip().rstrip(".")
        start = len(body) - len(body.lstrip())
        if re.search(r"(\u2014|-|(?i:void))\s*$", body) and not RANK_TOKEN.search(body[start + 1:]):
            body = body[:body.rfind(body.split()[-1])]     # a void: the suit alone
        try:
            parsed = parse_hand(body.strip(), first_line + k, start + 1, allow_repeats=True)
        except CardsSyntaxError:
            return None
        suits.append(parsed.suit_order or "")
        cards += [Token(t.text, t.line, t.column, t.card) for t in parsed.tokens]
    if len(set("".join(suits))) != 4 or len(cards) != 13:
        return None
    return RawHand(cards, first_line, " / ".join(r.strip() for r in rows))


