"""Deals printed as hands only: a compass diagram (or three hands around it, the fourth the
cards they lack) with no play beside it is one deal, its hands where the labels or the drawing
put them, the words around it saying who deals and what is trumps.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from records.cards import deal_facts as facts_of
from records.cards.card_forms import seats_of
from records.cards.deal_play import deal_record
from records.cards.deal_sections import DEAL_HEADING, VARIANTS, finish, turned_card
from records.cards.hand_diagrams import POSITIONS, find_diagrams, top_seat
from records.cards.tricks import DECK, card_text, sort_cards
from records.cards.raw_deals import RawDeal, Token
from records.core.model import ERROR, INFO, WARNING, Record

GLYPH_IN = re.compile(r"[♠♥♦♣♤♡◇♢♧]")
# a holding's other marks, found with str.find over the whole text (most of a book is prose)
MARKS = ("[S]", "[H]", "[D]", "[C]", "pades", "earts", "iamonds", "lubs", "PADES", "EARTS",
         "IAMONDS", "LUBS", *(f"{s}{p}" for s in "SHDC" for p in (":", ".", "--", "\u2014")))
# a word of running text: no holding prints more than three (ranks and voids aside)
PROSE_WORD = re.compile(r"\b(?!(?:ace|king|queen|knave|jack|ten|none|void|nil)\b)[a-z]{3,}\b")
GAP = 3           # lines between two holdings of one diagram at most
WORDS = 6         # lines of words read above and below a diagram


def diagram_deal_records(text: str, path: str, claimed: set) -> list[Record]:
    """A record for each diagram of whole hands on lines not yet read (claimed: 0-based);
    the lines read are added to claimed."""
    lines = text.split("\n")
    out = []
    for first, stop in _windows(text, lines, claimed):
        for diagram in find_diagrams(lines, first, stop):
            span = range(diagram.line - 1, diagram.end_line)
            if claimed.intersection(span):
                continue
            rec = _record(lines, diagram, path)
            if rec is not None:
                out.append(rec)
                claimed.update(range(rec.line - 1, rec.end_line))
    return out


def _windows(text: str, lines: list[str], claimed: set) -> list[tuple[int, int]]:
    """Runs of lines that may print holdings (0-based, stop exclusive), three lines or more."""
    out, start, last, count = [], -1, -GAP - 1, 0
    for i in _marked_lines(text):
        if i in claimed or len(lines[i]) > 200 or len(PROSE_WORD.findall(lines[i])) > 3:
            continue
        if i - last > GAP:
            if count >= 3:
                out.append((start, last + 1))
            start, count = i, 0
        last, count = i, count + 1
    if count >= 3:
        out.append((start, last + 1))
    return [(max(0, a - 1), min(len(lines), b + 1)) for a, b in out]


def _marked_lines(text: str) -> list[int]:
    """The 0-based lines holding a suit's glyph, tag, word, or letter and stop."""
    at = [m.start() for m in GLYPH_IN.finditer(text)]
    for mark in MARKS:
        k = text.find(mark)
        letter = mark[0] in "SHDC" and mark[1] in ":.-\u2014"
        while k >= 0:
            if not letter or (k == 0 or not text[k - 1].isalpha()) and (
                    mark[1] in "-\u2014" or text[k + 2:k + 3] in (" ", "\t", "\n")):
                at.append(k)
            k = text.find(mark, k + 1)
    breaks = [m.start() for m in re.finditer("\n", text)]
    return sorted({bisect_right(breaks, k) for k in at})


def _named(diagram) -> tuple[tuple, dict, str] | None:
    """(seats, seat -> Hand, how they were named): as labelled, else as drawn (top North)."""
    labels = [h.label for h in diagram.hands]
    if all(labels) and len(set(labels)) == len(labels) and seats_of(labels):
        return seats_of(labels), dict(zip(labels, diagram.hands)), "hands as labelled"
    if len(diagram.placed) == 4:
        named = {"NESW"[k]: diagram.placed[p] for k, p in enumerate(POSITIONS)}
        return ("N", "E", "S", "W"), named, "the top hand North, the others clockwise"
    return None


def _record(lines: list[str], diagram, path: str) -> Record | None:
    found = _named(diagram)
    if found is None:
        return None
    seats, named, how = found
    named = {seat: hand for seat, hand in named.items() if hand is not diagram.partial}
    hands = {s: [Token(c.text, c.line, c.column, c.card) for c in named[s].cards] for s in named}
    said = None
    if len(hands) == 3:           # the fourth hand: the cards the three lack, when they are 39
        held = {t.value for h in hands.values() for t in h}
        if len(held) != 39:
            return None
        (rest,) = [s for s in seats if s not in hands]
        hands[rest], said = fourth_hand(rest, sort_cards(DECK - held), diagram)
        how += f", {rest} the cards left"
    stated = _words(lines, diagram)
    raw = _raw(lines, diagram, seats, hands, stated)
    raw.ocr = [Token(printed, c.line, c.column, read) for hand in named.values()
               for c in hand.cards for printed, read in c.ocr]
    raw.top = top_seat([diagram], named)
    rec = deal_record(raw, path, variant=VARIANTS[stated.game], kind=stated.kind)
    rec.add(INFO, "LAYOUT", f"a diagram of the four hands, no play printed: {how}", raw.line, 1)
    if said:
        rec.add(*said)
        rec.settle_status()
    rec = finish(rec, raw, stated)
    if stated.trump_value is facts_of.ANY and not raw.turnup:
        rec.tags["Trumps"] = ""           # the words name none and no play settles it
    return rec


def fourth_hand(seat: str, left: list[str], diagram) -> tuple[list[Token], tuple | None]:
    """The fourth hand, the cards the other three lack; where it is printed with holdings the
    reader could not read (diagram.partial), what to say: the cards it does read are kept at
    their places and the rest named as taken from the others (a repair, as no other cards
    can be there), or, where a card it reads is in another hand, an error."""
    partial = diagram.partial
    if partial is None:
        return [Token("", diagram.line, 1, c) for c in left], None
    printed = {c.card: c for c in partial.cards}
    unread = [c for c in left if c not in printed]
    hand = [Token(printed[c].text, printed[c].line, printed[c].column, c) if c in printed
            else Token("", partial.line, partial.column, c) for c in left]
    suits = "".join(sorted({c[0] for c in unread}, key="SHDC".index))
    where = (partial.line, partial.column)
    elsewhere = [c for c in printed if c not in left]
    if elsewhere:
        return hand, (ERROR, "WHIST-DEAL", f"{seat}'s hand is printed with holdings hoyle cannot "
                      f"read, and with {', '.join(card_text(c) for c in elsewhere)}, which "
                      "another hand holds", *where)
    return hand, (WARNING, "WHIST-HAND-UNREAD", f"{seat}'s hand prints {len(printed)} cards "
                  f"hoyle reads and a holding it cannot read ({_suit_names(suits)}); the "
                  f"{len(unread)} cards the other hands lack are taken for it: "
                  f"{', '.join(card_text(c) for c in unread)}", *where,
                  "check the holding against the print", True)


def _suit_names(suits: str) -> str:
    names = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    return " and ".join(names[s] for s in suits) or "none"


def _words(lines: list[str], diagram):
    """The facts of the words just above and below the diagram (to a blank line and on)."""
    first, stop = max(0, diagram.line - 1 - WORDS), min(len(lines), diagram.end_line + WORDS)
    while stop < len(lines) and lines[stop - 1].strip() and stop < diagram.end_line + 3 * WORDS:
        stop += 1       # to the end of the block the window ends in (an auction's last rows)
    pieces = [(i + 1, 1, lines[i]) for i in range(first, stop)
              if not diagram.line - 1 <= i < diagram.end_line and lines[i].strip()]
    return facts_of.read_facts(pieces, 1)[0]


def _raw(lines, diagram, seats: tuple, hands: dict, stated) -> RawDeal:
    line, end, title = diagram.line, diagram.end_line, f"DIAGRAM {diagram.line}"
    for i in range(diagram.line - 2, max(-1, diagram.line - 2 - WORDS), -1):
        m = DEAL_HEADING.match(lines[i])
        if m and len(lines[i].strip()) < 60:         # the deal's heading ("HAND No. 1.")
            line, title = i + 1, f"{m.group('word').upper()} {m.group('n')}"
            break
    if stated.table is not None and stated.table.line > end:
        end = stated.table.end_line       # the auction printed under the diagram is the deal's
    raw = RawDeal(title, "", line, end, "\n".join(lines[line - 1:end]))
    raw.seats, raw.leaders_printed = seats, False
    dealer = stated.dealer.value if stated.dealer and stated.dealer.value in seats else ""
    leader = stated.leader.value if stated.leader and stated.leader.value in seats else ""
    raw.dealer = dealer or (seats[(seats.index(leader) - 1) % 4] if leader else seats[-1])
    raw.first_leader = leader or seats[(seats.index(raw.dealer) + 1) % 4]
    trump = stated.trump_value
    raw.trump = None if trump is facts_of.ANY else trump
    turned = turned_card(stated, raw.trump)
    if turned:
        raw.turnup = Token(stated.turnup.text, stated.turnup.line, stated.turnup.column, turned)
    for seat in seats:
        raw.hands[seat] = hands[seat]
        raw.hand_lines[seat] = min((t.line for t in hands[seat] if t.text), default=line)
    return raw
