"""Cribbage records a person corrects (hoyle review, hoyle fix): a stated count set right to
what the rules give, or a misread card read again and the hand counted afresh.

A stated count that the rules contradict is a claim: the reading offered is what the rules
give, and a typed count is accepted only when it is that. A card read as another is replayed:
the hand is counted again by the scorer and every stated number checked again.
"""
from __future__ import annotations

import os
import re

from records.core.model import Record
from records.core.review import (READ, Correction, Fault, Reading, generic_faults, needs_decision,
                                 plies_before, quoted, read_corrected)

RULES_GIVE = re.compile(r"the rules give (\d+)|but the count is (\d+)")
STATED = re.compile(r"stated as (\d+)|the text says (\d+)|said to score (\d+)|is called (\d+)|"
                    r"said to peg (\d+)|the text counts ([\d + ]+?),|call reads (\S+)")


def _from_file(rec: Record) -> bool:
    return os.path.splitext(rec.source)[1].lower() == ".csv"


def faults(rec: Record) -> list[Fault]:
    """Each error and unrepaired warning; a stated count the rules contradict offers what the
    rules give, a fifteen miscalled the call it should be."""
    if _from_file(rec):
        return generic_faults(rec)
    out = []
    for diag in rec.diagnostics:
        if not needs_decision(diag):
            continue
        rules = RULES_GIVE.search(diag.message)
        stated = STATED.search(diag.message)
        printed = next((g for g in stated.groups() if g), "") if stated else ""
        fault = Fault(diag.line, diag.column, printed.strip() or quoted(diag.message),
                      diag.code, diag.severity, diag.message, [],
                      plies_before(rec, diag.line, diag.column))
        if rules:
            fault.settles = True
            fault.readings = [Reading(next(g for g in rules.groups() if g),
                                      "what the rules give")]
        elif diag.code == "CRIB-BREAKDOWN" and diag.suggestion:
            fault.settles = True
            fault.readings = [Reading(diag.suggestion, "the call as it should be")]
        out.append(fault)
    return out


def correct(rec: Record, corrections: list[Correction]) -> Record:
    """A hand or crib with misread cards read again: counted afresh by the scorer and its
    stated numbers checked again; ValueError when a reading is not a card, or the hand still
    has impossible cards."""
    from records.cribbage.claims import Claim, hand_record
    from records.cribbage.cases import read
    from records.cribbage.scoring import VARIANTS, parse_card
    if _from_file(rec):
        return read_corrected(read, rec, corrections)
    if rec.data.get("type") not in ("hand", "crib"):
        raise ValueError("only the cards of a hand or crib can be read again; a stated count "
                         "is set right by typing what the rules give")
    spots = [[p.text, p.line, p.column] for p in rec.plies]
    cards = [parse_card(p.normal) for p in rec.plies]
    for c in (c for c in corrections if c.how == READ):
        at = next((i for i, s in enumerate(spots) if (s[1], s[2]) == (c.line, c.column)), None)
        if at is None:
            raise ValueError(f"no printed card at {c.line}:{c.column} in this record")
        try:
            cards[at] = parse_card(c.reading)
        except ValueError as exc:
            raise ValueError(f'"{c.reading}" is not a card: {exc}') from exc
    starter = rec.data.get("starter") is not None
    hand, turned = (cards[:-1], cards[-1]) if starter else (cards, None)
    claims = [Claim(*c) for c in rec.data.get("claims", [])]
    fresh = hand_record(hand, turned, crib=bool(rec.data.get("crib")),
                        variant=VARIANTS.get(rec.data.get("variant")), claims=claims,
                        source=rec.source, line=rec.line, end_line=rec.end_line, text=rec.text,
                        title=rec.title, positions=[tuple(s) for s in spots])
    fresh.id = fresh.id or rec.id
    fresh.diagnostics = [d for d in rec.diagnostics if d.code not in COUNTED] + fresh.diagnostics
    for diag in fresh.diagnostics:
        if diag.code == "CRIB-IMPOSSIBLE-CARDS":
            raise ValueError(f"the hand still has impossible cards: {diag.message}")
    return fresh


# what counting a hand says (and says again); the rest is what the book says beside it
COUNTED = ("CRIB-IMPOSSIBLE-CARDS", "CRIB-NO-STARTER", "CRIB-COUNT-MISMATCH", "CRIB-OCR-TOTAL",
           "CRIB-NOTE")
