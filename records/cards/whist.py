"""The card families' book records: deals replayed through the trick engine, single hands,
end positions and score pads checked by the scoring rules.

Records (rec.data["type"]):
  deal      a deal with its play, in any layout (a trick a block under any heading,
            records/cards/trick_blocks.py; trick tables in seat or playing order; marks on
            winners or leaders, which replay decides; hands in diagrams, lists and tables,
            records/cards/raw_deals.py): every printed card is placed and played, every
            running count, mark, turn-up and claim is checked. Kind "bridge" when the text
            speaks of bridge (records/cards/table_deals.py), else "whist";
  hand      one player's thirteen cards printed in a book (e.g. a bridge make example);
  ending    an end position, a seat a line;
  score pad a bridge score pad: column totals, games, rubber bonus, totals and the value
            of the rubber.
"""
from __future__ import annotations

import re
from collections import Counter

from records.cards.book_hands import find_column_hands, find_endings, find_suit_first_hands
from records.cards.deal_play import _book_name, best_play, deal_record  # noqa: F401
from records.cards.diagram_deals import diagram_deal_records
from records.cards.page_deals import deal_records
from records.cards.tricks import card_text, hand_text, sort_cards
from records.cards.whist_display import (  # noqa: F401
    EXPORT_FORMATS,
    export,
    matches,
    pbn_text,
    render_svg,
    render_text,
    showcase,
)
from records.cards.raw_deals import RawEnding, RawHand, Token
from records.cards.trick_blocks import block_deal_record, find_trick_blocks
from records.cards.whist_pads import _compare_pads, find_score_pads, pad_record
from records.core.model import ERROR, WARNING, Ply, Record

KIND = "whist"
SEATS = ("A", "Y", "B", "Z")


# =============================================================================== scanning
_LAST: tuple = ("", 0, [])     # the last text scanned: both card kinds read it once


def scan_cards(text: str, path: str) -> list[Record]:
    """Every card record of a book, whist and bridge, each deal read once."""
    global _LAST
    key = (path, hash(text))
    if _LAST[:2] == key:
        return _LAST[2]
    claimed: set[int] = set()
    records, doubtful = [], []
    for raw in find_trick_blocks(text):
        if raw.unread or not raw.hands:   # tricks in another form, or hands drawn some other
            doubtful.append(raw)           # way: the page reader tries them first
            continue
        records.append(block_deal_record(raw, path))
        claimed.update(range(raw.line - 1, raw.end_line))
    for raw in find_endings(text):
        records.append(ending_record(raw, path))
        claimed.update(range(raw.line - 1, raw.end_line))
    records += deal_records(text, path, claimed)
    for raw in doubtful:
        if not claimed.intersection(range(raw.line - 1, raw.end_line)):
            records.append(block_deal_record(raw, path))
            claimed.update(range(raw.line - 1, raw.end_line))
    records += diagram_deal_records(text.replace("\r", ""), path, claimed)
    records += [hand_record(raw, path) for raw in find_suit_first_hands(text, claimed)]
    records += [hand_record(raw, path) for raw in find_column_hands(text, claimed)]
    pad_records = [pad_record(raw, path) for raw in find_score_pads(text)]
    _compare_pads(pad_records)
    records += pad_records
    for rec in records:
        rec.settle_status()
    records.sort(key=lambda r: r.line)
    _LAST = (*key, records)
    return records


def scan_book(text: str, path: str) -> list[Record]:
    """The whist family's records in a book."""
    return [r for r in scan_cards(text, path) if r.kind == KIND]


def bridge_book(text: str, path: str) -> list[Record]:
    """The bridge deals a book prints (the text names a declarer, dummy, a declaration)."""
    return [r for r in scan_cards(text, path) if r.kind == "bridge"]


# =============================================================================== hands
def hand_record(raw: RawHand, path: str) -> Record:
    cards = [t.value for t in raw.cards]
    shown = re.sub(r"^\s*hand\s*[:.\u2014-]?\s*", "", raw.text.rstrip("."), flags=re.I)
    rec = Record(kind=KIND, title=f"Hand: {shown}", source=path, line=raw.line,
                 end_line=max(t.line for t in raw.cards) if raw.cards else raw.line,
                 text=raw.text)
    seen: dict[str, Token] = {}
    for tok in raw.cards:
        if tok.value in seen:
            rec.add(ERROR, "WHIST-HAND-REPEAT", f"{card_text(tok.value)} is printed twice",
                    tok.line, tok.column)
        seen[tok.value] = tok
    if len(cards) != 13:
        rec.add(WARNING, "WHIST-HAND-SIZE", f"the hand has {len(cards)} cards, not 13",
                raw.line, raw.cards[0].column if raw.cards else 0)
    hand = frozenset(cards)
    lengths = {s: sum(1 for c in hand if c[0] == s) for s in "SHDC"}
    rec.plies = [Ply(i + 1, t.text, t.value, t.line, t.column) for i, t in enumerate(raw.cards)]
    rec.tags = {"Event": _book_name(path), "Variant": "bridge", "Hand": hand_text(hand),
                "_plies": len(cards)}
    rec.data = {"type": "hand", "variant": "bridge", "hands": {"hand": sort_cards(hand)},
                "lengths": lengths,
                "honours": {s: sum(1 for c in hand if c[0] == s and c[1] in "AKQJT")
                            for s in "SHDC"}}
    rec.normal = hand_text(hand)
    return rec


# =============================================================================== endings
def ending_record(raw: RawEnding, path: str) -> Record:
    """An end position: each given hand must hold the same number of cards, none twice."""
    where = raw.title or f"ending at line {raw.line}"
    rec = Record(kind=KIND, title=f"{_book_name(path)}, {where}", source=path, line=raw.line,
                 end_line=raw.end_line, text=raw.text)
    for p in raw.problems:
        rec.add(ERROR, "WHIST-UNREADABLE", p.text, p.line, p.column)
    seen: dict[str, str] = {}
    for seat in SEATS:
        for tok in raw.hands.get(seat, []):
            if tok.value in seen:
                rec.add(ERROR, "WHIST-DEAL", f"{card_text(tok.value)} is in both {seen[tok.value]}'s "
                        f"and {seat}'s hands", tok.line, tok.column)
            seen.setdefault(tok.value, seat)
    sizes = {s: len(raw.hands.get(s, [])) for s in SEATS if raw.hands.get(s)}
    if len(set(sizes.values())) > 1:
        usual = Counter(sizes.values()).most_common(1)[0][0]
        for seat, n in sizes.items():
            if n != usual:
                tok = raw.hands[seat][0]
                rec.add(WARNING, "WHIST-DEAL", f"{seat} holds {n} cards, the others {usual}",
                        tok.line, tok.column)
    trump = raw.trumps.value if raw.trumps else None
    leader = raw.leader.text if raw.leader else None
    hands = {s: sort_cards(t.value for t in raw.hands.get(s, [])) for s in SEATS}
    rec.plies = [Ply(i + 1, t.text, t.value, t.line, t.column)
                 for i, t in enumerate(t for s in SEATS for t in raw.hands.get(s, []))]
    rec.tags = {"Event": _book_name(path), "Variant": "whist", "Trumps": trump or "",
                "Leader": leader or "", "_plies": len(rec.plies)}
    rec.data = {"type": "ending", "variant": "whist", "seats": list(SEATS), "hands": hands,
                "trump": trump, "leader": leader, "cards_each": max(sizes.values(), default=0)}
    rec.normal = " ".join(f"{s}:{hand_text(frozenset(hands[s])) if hands[s] else '-'}"
                          for s in SEATS)
    full = all(hands[s] for s in SEATS) and len(set(sizes.values())) == 1 and \
        len(seen) == sum(sizes.values())
    if full and leader and rec.data["cards_each"] <= 4:
        rec.data["best_play"] = best_play(hands, trump, leader)
    return rec


# =============================================================================== score pads
