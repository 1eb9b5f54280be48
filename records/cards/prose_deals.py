"""Deals whose play is told in sentences (records/cards/trick_prose.py): the seats and the
cards in the order they fell, the hands from a diagram or list near by, or else each seat's
hand is what it plays; the trump the text states, else each strain the play allows.
"""
from __future__ import annotations

from records.cards import deal_facts as facts_of
from records.cards.card_forms import seats_of
from records.cards.deal_play import deal_record, plays_through
from records.cards.deal_sections import (
    REACH,
    VARIANTS,
    Found,
    finish,
    said_after,
    turned_card,
    words_about,
)
from records.cards.hand_diagrams import find_diagrams, top_seat
from records.cards.trick_prose import resolve
from records.cards.trick_tables import ANY, SUIT_NAMES
from records.cards.raw_deals import RawDeal, RawTrick, Token
from records.core.model import INFO, WARNING, Record

FULL_PLAY = 12     # tricks told when no hands are given (a deal is 13; one may be lost)


def prose_deal_records(lines, item: Found, found: list[Found], stop: int,
                       path: str) -> list[Record]:
    run = item.region
    stated = facts_of.read_facts(words_about(lines, item, found, []), 1)[0]
    last_read = said_after(lines, run.last + 1, stop, [stated])
    diagrams = find_diagrams(lines, item.start, item.caption) + \
        find_diagrams(lines, run.last + 1, min(stop, run.last + REACH))
    if not diagrams and len(run.tricks) < FULL_PLAY:
        return []          # a few tricks told of no deal given: an example, not a record
    told = {s for t in run.tricks for s, _, _ in t.plays}
    seats = seats_of(told) or ("A", "Y", "B", "Z")
    trumps = [stated.trump_value] if stated.trump_value is not ANY else [None, "S", "H", "D", "C"]
    readings = [(name, hands, trump) for name, hands in _hands_options(diagrams, seats)
                for trump in trumps]
    fits = [r for r in readings if _trial(lines, item, run, seats, stated, *r)]
    name, hands, trump = (fits or readings)[0]
    raw = _raw(lines, item, run, seats, stated, name, hands, trump)[0]
    raw.top = top_seat(diagrams, hands) if hands else ""
    item.end = max([last_read, run.last] + [d.end_line - 1 for d in diagrams])
    raw.end_line = item.end + 1
    rec = deal_record(raw, path, variant=VARIANTS[stated.game], kind=stated.kind)
    rec.add(INFO, "LAYOUT", "the tricks are told in sentences, the cards in the order they fell"
            + (f", {name}" if name else ""), raw.line, 1)
    strains = {t for _, _, t in fits}
    if stated.trump_value is ANY and len(strains) > 1:
        rec.add(WARNING, "WHIST-TRUMP", "the text names no trump and the play does not settle "
                f"it (strains that fit: {', '.join(SUIT_NAMES[t] for t in strains)})", raw.line, 1)
    return [finish(rec, raw, stated)]


def _hands_options(diagrams, seats: tuple) -> list[tuple[str, dict | None]]:
    out = []
    for diagram in diagrams:
        for name, named in diagram.readings(seats):
            if len(named) == 4 and set(named) == set(seats):
                out.append((name, named))
    return out or [("", None)]


def _trial(lines, item, run, seats, stated, name, hands, trump) -> bool:
    raw, cards = _raw(lines, item, run, seats, stated, name, hands, trump)
    return plays_through(raw, cards, trump, [[c.value for c in t.cards] for t in raw.tricks])


def _raw(lines, item: Found, run, seats, stated, name, hands, trump):
    held = {s: [c.card for c in hands[s].cards] for s in seats} if hands else None
    tricks = resolve(run, held, trump)
    title = item.title or f"PLAY {run.first + 1}"
    line = item.start + 1 if item.title else run.first + 1
    raw = RawDeal(title, "", line, run.last + 1, "\n".join(lines[line - 1:run.last + 1]))
    raw.seats, raw.trump = seats, trump
    raw.first_leader = tricks[0][0][0]
    raw.dealer = stated.dealer.value if stated.dealer and stated.dealer.value in seats else ""
    turned = turned_card(stated, trump)
    if turned:
        raw.turnup = Token(stated.turnup.text, stated.turnup.line, stated.turnup.column, turned)
    for k, trick in enumerate(tricks, 1):
        cards = [Token(tok.text, tok.line, tok.column, card) for _, tok, card in trick]
        raw.tricks.append(RawTrick(Token(str(k), trick[0][1].line, 1, str(k)),
                                   [s for s, _, _ in trick], trick[0][0], cards, {},
                                   trick[0][1].line, trick[0][1].line))
    for seat in seats:
        raw.hand_lines[seat] = hands[seat].line if hands else run.first + 1
        raw.hands[seat] = [Token(c.text, c.line, c.column, c.card) for c in hands[seat].cards] \
            if hands else [Token(tok.text, tok.line, tok.column, card)
                           for trick in tricks for s, tok, card in trick if s == seat]
    cards = {s: [t.value for t in raw.hands[s] if t.value] for s in seats}
    return raw, cards
