"""Cribbage hands drawn as playing-card glyphs (U+1F0A1-U+1F0DE), as some books print them:

    [Illustration:

      🂲 🃓 🂴 🂤
    ]

    ... Such combinations are therefore always worth 8 points, 6 for the double run ...

    No. 1. [Illustration: 🃕 🂵 🂥 🃖 🃇]       ... No. 1 ... is therefore worth 17 altogether.

A drawing of one row of three to five cards is a hand; the count stated for it is the first
"worth N" (or "N points") of the paragraph after it, or for a numbered drawing the first
such number after "No. n" in the text that follows the numbered drawings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

GLYPHS = re.compile("[\U0001F0A1-\U0001F0DE]")
SUIT_BY_BLOCK = {0xA: "S", 0xB: "H", 0xC: "D", 0xD: "C"}
RANK_BY_NIBBLE = {1: 1, **{n: n for n in range(2, 11)}, 0xB: 11, 0xD: 12, 0xE: 13}  # 0xC: knight
STATED = re.compile(r"\bworth (?:only )?(\d+)|\b(\d+)\s+points\b")
NUMBERED = re.compile(r"^\s*No\. (\d+)\.\s*\[Illustration:([^\]]*)\]")


@dataclass
class GlyphHand:
    cards: list[tuple[int, str, int]]     # rank, suit, column
    line: int
    stated: int | None
    stated_line: int
    stated_column: int


def glyph_card(ch: str) -> tuple[int, str] | None:
    code = ord(ch)
    suit = SUIT_BY_BLOCK.get((code >> 4) & 0xF)
    rank = RANK_BY_NIBBLE.get(code & 0xF)
    return (rank, suit) if suit and rank else None


def find_glyph_hands(lines: list[str]) -> list[GlyphHand]:
    found, numbered = [], {}
    for i, line in enumerate(lines):
        m = NUMBERED.match(line)
        if m:
            numbered[int(m.group(1))] = _hand(line, i, m.start(2))
            continue
        if line.strip() != "[Illustration:":
            continue
        rows = _drawing(lines, i)
        if rows is None:
            continue
        row_i, row = rows
        hand = _hand(row, row_i, 0)
        if hand is not None:
            _stated_after(hand, lines, row_i + 2)     # after the closing "]"
            found.append(hand)
    if numbered:
        _numbered_claims(numbered, lines)
        found += [h for h in numbered.values() if h is not None]
    return sorted(found, key=lambda h: h.line)


def _drawing(lines: list[str], i: int):
    """The one row of glyphs of a drawing that closes with "]" within four lines."""
    rows = []
    for k in range(i + 1, min(i + 6, len(lines))):
        if lines[k].strip() == "]":
            return rows[0] if len(rows) == 1 else None
        if lines[k].strip():
            rows.append((k, lines[k]))
    return None


def _hand(row: str, i: int, offset: int) -> GlyphHand | None:
    """A row of three to five glyphs; a starter drawn apart before four ("🂭   🃃 🂤 🃔 🃕")
    is put last, where the counting takes the starter."""
    body = row[offset:]
    groups = re.split(r"\s{3,}", body.strip())
    starter_first = len(groups) == 2 and len(GLYPHS.findall(groups[0])) == 1 \
        and len(GLYPHS.findall(groups[1])) == 4
    if (len(groups) > 1 and not starter_first) or not 3 <= len(GLYPHS.findall(body)) <= 5:
        return None                       # groups side by side: pairs listed, not a hand
    cards = []
    for m in GLYPHS.finditer(body):
        card = glyph_card(m.group())
        if card is None:
            return None
        cards.append((*card, offset + m.start() + 1))
    if starter_first:
        cards = cards[1:] + cards[:1]
    return GlyphHand(cards, i + 1, None, 0, 0)


def _stated_after(hand: GlyphHand, lines: list[str], k: int) -> None:
    """The first count stated in the paragraph after the drawing (it may break a line)."""
    while k < len(lines) and not lines[k].strip():
        k += 1
    starts, text = [], ""
    while k < len(lines) and lines[k].strip() and "[Illustration" not in lines[k]:
        starts.append((len(text), k))
        text += lines[k] + " "
        k += 1
    m = STATED.search(text)
    if m:
        at = m.start(m.lastindex)
        offset, line = max((s for s in starts if s[0] <= at), key=lambda s: s[0])
        hand.stated = int(m.group(m.lastindex))
        hand.stated_line, hand.stated_column = line + 1, at - offset + 1


def _numbered_claims(numbered: dict, lines: list[str]) -> None:
    """"No. 1 ... worth 17", "No. 2 is worth 21", "No. 4 ... worth 24" after the drawings."""
    drawn = [h.line for h in numbered.values() if h is not None]
    if not drawn:
        return   # the numbers are there, the drawings are not (a passage cut short)
    last = max(drawn)
    text_lines = lines[last:last + 12]
    current = None
    for n, line in enumerate(text_lines):
        for token in re.finditer(r"No\. (\d+)|\bworth (?:only )?(\d+)", line):
            if token.group(1):
                current = int(token.group(1))
            elif current in numbered and numbered[current] and numbered[current].stated is None:
                hand = numbered[current]
                hand.stated = int(token.group(2))
                hand.stated_line, hand.stated_column = last + n + 1, token.start(2) + 1
