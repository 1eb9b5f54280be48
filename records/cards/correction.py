"""Whist deals a person corrects (hoyle review, hoyle fix): the trump the text leaves open, or a
misprinted card read as another, replayed through the trick engine from the deal the record
keeps (hands, the cards of each trick from its leader). PBN deals are read again with the
reading in their text (records.core.review.read_corrected).
"""
from __future__ import annotations

import os
import re

from records.cards.tricks import SUIT_NAMES, Deal, play, sort_cards
from records.core.model import Record
from records.core.review import (READ, Correction, Fault, Reading, generic_faults, needs_decision,
                                 read_corrected)

SEATS = ("A", "Y", "B", "Z")
FITS = re.compile(r"strains that fit: ([^)]*)")
STRAINS = {"no-trump": "", "nt": "", "notrump": ""} | {
    name: suit for suit, name in SUIT_NAMES.items()} | {suit.lower(): suit for suit in "SHDC"}
TRUMP_CODE = "WHIST-TRUMP"
# what a replay of the play says again (the rest is what the book states beside it)
PLAY_CODES = {"WHIST-REVOKE", "WHIST-PLAY", "WHIST-CARD", "WHIST-REPAIRED", "WHIST-COUNT",
              "WHIST-LEADER", "WHIST-LEAD-MARK"}


def faults(rec: Record) -> list[Fault]:
    """Errors and unrepaired warnings; a trump the marked winners leave open offers the
    strains that fit them."""
    out = generic_faults(rec)
    for fault in out:
        fits = FITS.search(fault.message)
        if fault.code == TRUMP_CODE and fits:
            fault.readings = [Reading(name.strip(), "every marked winner wins with it")
                              for name in fits.group(1).split(",") if name.strip()]
    return out


def correct(rec: Record, corrections: list[Correction]) -> Record:
    """The deal played again with the trump or the cards the corrections read; ValueError
    when the play does not go through (a card not held, a revoke, a trick short)."""
    if os.path.splitext(rec.source)[1].lower() == ".pbn":
        from records.cards.pbn import read
        return read_corrected(read, rec, corrections)
    if rec.data.get("type") != "deal" or not rec.data.get("tricks"):
        raise ValueError("only a whist deal's play can be replayed with a correction")
    data = rec.data
    printed = data.get("book_hands") or data["hands"]   # a bridge deal keeps the book's seats apart
    hands = {s: set(printed.get(s, [])) for s in SEATS}
    tricks = [list(t["cards"]) for t in data["tricks"]]
    trump = data.get("trump") or None
    chose_trump = False
    for c in (c for c in corrections if c.how == READ):
        if (c.line, c.column) == _trump_place(rec):
            trump, chose_trump = _strain(c.reading), True
        else:
            _read_card(rec, hands, tricks, c)
    deal = Deal(SEATS, {s: frozenset(h) for s, h in hands.items()}, dealer=data.get("dealer"),
                trump=trump, leader=data.get("leader", "A"))
    result = play(deal, tricks)
    trouble = [p.message for p in deal.problems + result.errors] + \
        [r.message for r in result.revokes]
    if trouble:
        raise ValueError(f"the play does not go through: {trouble[0]}")
    return _replayed(rec, hands, trump, result, chose_trump, corrections)


def _trump_place(rec: Record) -> tuple[int, int] | None:
    found = next((d for d in rec.diagnostics if d.code == TRUMP_CODE and needs_decision(d)), None)
    if found is None:
        found = next((d for d in rec.diagnostics if d.code == TRUMP_CODE), None)
    return (found.line, found.column) if found else None


def _strain(text: str) -> str | None:
    word = text.strip().lower().rstrip(".")
    if word not in STRAINS:
        raise ValueError(f'"{text}" is not a trump suit (spades, hearts, diamonds, clubs or '
                         "no-trump)")
    return STRAINS[word] or None


def _read_card(rec: Record, hands: dict, tricks: list, c: Correction) -> None:
    """The card played at the corrected place read as another: in its trick, and in the
    player's hand where the hand was read from the same cards."""
    from records.cards.notation import parse_card
    index = next((i for i, p in enumerate(rec.plies) if (p.line, p.column) == (c.line, c.column)),
                 None)
    if index is None:
        raise ValueError(f"no printed card at {c.line}:{c.column} in this record")
    try:
        new = parse_card(c.reading)
    except ValueError as exc:
        raise ValueError(f'"{c.reading}" is not a card: {exc}') from exc
    number, place = _trick_place(tricks, index)
    old = tricks[number][place]
    leader = rec.data["tricks"][number]["leader"]
    seat = SEATS[(SEATS.index(leader) + place) % 4]
    tricks[number][place] = new
    if old in hands[seat] and not any(new in h for h in hands.values()):
        hands[seat] = (hands[seat] - {old}) | {new}


def _trick_place(tricks: list, index: int) -> tuple[int, int]:
    for number, cards in enumerate(tricks):
        if index < len(cards):
            return number, index
        index -= len(cards)
    raise ValueError("the corrected card is past the play the record keeps")


def _replayed(rec: Record, hands: dict, trump, result, chose_trump: bool,
              corrections: list[Correction]) -> Record:
    from records.core.model import Ply
    fresh = Record(kind=rec.kind, title=rec.title, source=rec.source, line=rec.line,
                   end_line=rec.end_line, text=rec.text, id=rec.id, tags=dict(rec.tags),
                   data=dict(rec.data), start_position=rec.start_position)
    read = {(c.line, c.column) for c in corrections if c.how == READ}
    fresh.diagnostics = [d for d in rec.diagnostics if (d.line, d.column) not in read
                         and d.code not in PLAY_CODES
                         and not (chose_trump and d.code == TRUMP_CODE)]
    fresh.data["book_hands" if "book_hands" in rec.data else "hands"] = {
        s: sort_cards(h) for s, h in hands.items()}
    fresh.data["trump"] = trump or ""
    fresh.data["tricks"] = [{"number": k + 1, "leader": t.leader, "cards": list(t.order),
                             "winner": t.winner, "count": result.running[k]}
                            for k, t in enumerate(result.tricks)]
    fresh.data["tricks_played"] = len(result.tricks)
    fresh.tags["Trumps"] = trump or "NT"
    cards = [card for t in result.tricks for card in t.order]
    fresh.plies = [Ply(p.index, p.text, card, p.line, p.column)
                   for p, card in zip(rec.plies, cards)]
    if rec.kind == "whist":
        from records.cards.whist_display import pbn_text
        fresh.normal = pbn_text(fresh)
    fresh.settle_status()
    return fresh

