"""Trick tables as Foster's *Complete Hoyle* prints them: columns A Y B Z, one trick a row,
the winner underlined (`_♣K_`), often two hands side by side sharing the trick-number column:

      A       Y       B      Z    | K|   A       Y       B       Z
  | _♣K_  |  ♣5   |  ♣7   | ♣3    | 1|   Q♢  |   K♢  |  _A♢_ |   2♢  |

No deal is printed: each hand is the thirteen cards its seat plays. The first leader and the
trump come from the text above the table ("B leads", "♡5 turned", "turns up the heart 3",
"no-trump"); when the text names no trump, the one trump (or no-trump) under which every
underlined card wins its trick is taken, and said so.
"""
from __future__ import annotations

import re

from records.cards.tricks import trick_winner
from records.cards.whist_book import RawDeal, RawTrick, Token

SEATS = ("A", "Y", "B", "Z")
GLYPH = "♠♡♢♣♥♦"
SUIT_OF = {"♠": "S", "♡": "H", "♥": "H", "♢": "D", "♦": "D", "♣": "C"}
CARD = re.compile(rf"_?\s*(?:([{GLYPH}])\s*(10|[AKQJ2-9])|(10|[AKQJ2-9])\s*([{GLYPH}]))\s*_?")
TURNED = re.compile(rf"([{GLYPH}])\s*(10|[AKQJ2-9])\s+turned|turns up the (heart|diamond|club|spade) (10|[AKQJ2-9])")
FIRST_LEADER = re.compile(r"\b([AYBZ]) leads")
SUIT_WORD = {"heart": "H", "diamond": "D", "club": "C", "spade": "S"}
NO_TRUMP = re.compile(r"(?i:no-trump|nullo|misère|misere)|Hearts\.|Howell’s Settling")
# (Sweepstake Hearts, Auction Hearts and Howell's settling are the game of Hearts: no trumps)


def find_foster_deals(text: str) -> list[tuple[RawDeal, dict]]:
    lines = text.replace("\r", "").split("\n")
    found, i = [], 0
    while i < len(lines):
        if _is_trick_row(lines[i]):
            end = i
            while end + 1 < len(lines) and _is_trick_row(lines[end + 1]):
                end += 1
            if end - i >= 3:
                found += _read_block(lines, i, end)
            i = end + 1
        else:
            i += 1
    return found


def _is_trick_row(line: str) -> bool:
    return "|" in line and sum(line.count(g) for g in GLYPH) >= 4


def _read_block(lines: list[str], first: int, last: int) -> list[tuple[RawDeal, dict]]:
    """One table (first..last, 0-based): one hand, or two side by side."""
    sides: list[list] = [[], []]
    for i in range(first, last + 1):
        number, cards = _row(lines[i], i)
        if number is None or len(cards) not in (4, 8):
            continue
        for k in range(len(cards) // 4):
            sides[k].append((number, cards[4 * k:4 * k + 4], i))
    two = sides[1] != []
    cut = _middle_bar(lines[first]) if two else None
    above = lines[max(0, first - 16):first]
    out = []
    for k, rows in enumerate(sides):
        if len(rows) == 13:          # a whole hand (Scotch whist's 36-card pack is not read)
            own = [(line[:cut] if k == 0 else line[cut:]) if cut else line for line in above]
            out.append(_deal(rows, lines, first, last, "\n".join(above), "\n".join(own), k, two))
    return out


def _middle_bar(row: str) -> int:
    """Where a row of two tables side by side divides: the bar nearest its middle."""
    bars = [k for k, ch in enumerate(row) if ch == "|"]
    return min(bars, key=lambda k: abs(k - len(row) / 2)) if bars else len(row) // 2


def _row(row: str, i: int):
    """The trick number and the cards of a row; an underlined card's value ends with "*"."""
    number, cards, pos = None, [], 0
    for cell in row.split("|"):
        stripped = cell.strip()
        if stripped.isdigit():
            number = int(stripped) if number is None and 1 <= int(stripped) <= 13 else number
        else:
            m = CARD.search(cell)
            if m:
                suit, rank = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
                value = SUIT_OF[suit] + ("T" if rank == "10" else rank)
                text = m.group().strip()
                won = text.startswith("_") and text.endswith("_")
                cards.append(Token(text, i + 1, pos + m.start() + 1, value + ("*" if won else "")))
        pos += len(cell) + 1
    return number, cards


def _deal(rows, lines, first: int, last: int, above: str, own: str, side: int, two: bool):
    """One hand: `above` is the text before the table, `own` the part of it over this hand."""
    title = f"TABLE {first + 1}" + ("ab"[side] if two else "")
    deal = RawDeal(title, "", first + 1, last + 1, "\n".join(lines[first:last + 1]))
    stated = {"winners": [], "trump_inferred": False, "broken": [], "dealer_tricks": None,
              "trump_given": True, "doubled": []}
    turned = _turned(above, side, two)
    leader_m = FIRST_LEADER.search(above)
    leader = leader_m.group(1) if leader_m else "A"
    deal.first_leader = leader
    for seat in SEATS:
        deal.hands[seat] = []
        deal.hand_lines[seat] = first + 1
    for number, cards, i in rows:
        marked = [SEATS[k] for k, c in enumerate(cards) if c.value.endswith("*")]
        plain = [Token(c.text, c.line, c.column, c.value.rstrip("*")) for c in cards]
        for seat, tok in zip(SEATS, plain):
            deal.hands[seat].append(tok)
        deal.tricks.append(RawTrick(Token(str(number), i + 1, 1, str(number)), list(SEATS),
                                    leader, plain, {}, i + 1, i + 1))
        if len(marked) > 1:
            stated["doubled"].append((number, marked, i + 1))
        winner = marked[0] if len(marked) == 1 else None
        stated["winners"].append((number, winner, i + 1))
        leader = winner
    deal.turnup = turned
    if turned and NO_TRUMP.search(own):      # a misère or nullo is played without trumps
        deal.turnup = None
        stated["turned"] = turned
    if deal.turnup is None and not NO_TRUMP.search(own):
        deal.trump, stated["trump_inferred"] = _infer_trump(deal, stated), True
    return deal, stated


def _turned(above: str, side: int, two: bool) -> Token | None:
    found = []
    for n, line in enumerate(above.split("\n")):
        for m in TURNED.finditer(line):
            if m.group(1):
                value = SUIT_OF[m.group(1)] + ("T" if m.group(2) == "10" else m.group(2))
            else:
                value = SUIT_WORD[m.group(3)] + ("T" if m.group(4) == "10" else m.group(4))
            found.append(Token(m.group(), n, m.start() + 1, value))
    if not found:
        return None
    return found[side] if two and len(found) > side else found[0]


def _infer_trump(deal: RawDeal, stated: dict) -> str | None:
    """The one strain under which every underlined card wins its trick (None: no-trump)."""
    fits = []
    for trump in (None, "S", "H", "D", "C"):
        leader, ok = deal.first_leader, True
        for trick, (_, marked, _) in zip(deal.tricks, stated["winners"]):
            lead_i = SEATS.index(leader) if leader in SEATS else 0
            order = [trick.cards[(lead_i + k) % 4].value for k in range(4)]
            won = trick_winner(order, lead_i, SEATS, trump)
            if marked and won != marked:
                ok = False
                break
            leader = marked or won
        if ok:
            fits.append(trump)
    stated["trump_fits"] = fits
    return fits[0] if len(fits) == 1 else None
