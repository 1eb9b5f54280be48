"""The Play section of a PBN game: its cards read four a row and replayed by the trick engine."""
from __future__ import annotations

import re

from records.cards import contract as cb
from records.cards.pbn_order import seat_rows
from records.cards.pbn_replay import replay
from records.cards.tricks import DECK, Deal, play_by_seat
from records.core.model import ERROR, INFO, WARNING, Ply, Record

SEATS = ("N", "E", "S", "W")
TOKEN_RE = re.compile(r"\S+")
RANK_FIX = {"10": "T"}
CARD_FORMS = {c: c for c in DECK} | {c[0].lower() + c[1:]: c for c in DECK} | {
    c[0] + "10": c for c in DECK if c[1] == "T"}


ANNOTATION_START = frozenset("=$!?^(")


def _is_annotation(text: str) -> bool:
    return text[0] in ANNOTATION_START


def read_play(rec: Record, game, deal: Deal, contract: cb.Contract | None, declarer: str | None) -> None:
    """The Play section replayed on the deal: tricks, plies, diagnostics and the result."""
    if "Play" not in game.tags:
        return
    first = game.value("Play").strip().upper()[:1]
    line, col = game.where("Play")
    if first not in SEATS:
        if game.data.get("Play"):
            rec.add(ERROR, "PBN-PLAY", f"the Play section names no opening leader ({first!r})", line, col)
        return
    if declarer and contract and not contract.passed_out:
        expected = SEATS[(SEATS.index(declarer) + 1) % 4]
        if first != expected:
            rec.add(WARNING, "PBN-LEADER",
                    f"{first} leads but the declarer {declarer}'s left-hand opponent is {expected}",
                    line, col)
    items = game.data.get("Play", [])
    played = replay(rec, deal, contract, first, items) if items else None
    if played is not None:       # a plain section, replayed in one pass: nothing to say
        deal.trump = contract.trump if contract else None   # (as the full reading leaves it)
        deal.leader = first
        if contract and declarer and not contract.passed_out:
            declaring = cb.side_of(declarer)
            check_result(rec, game, declaring, rec.data["tricks_won"][declaring], played,
                         played == 13)
        return
    rows, places = _play_rows(rec, items)
    if not rows:
        return
    deal.trump = contract.trump if contract else None
    deal.leader = first
    ordered = seat_rows(deal, rows, places, first)
    rows, places = ordered.rows, ordered.places
    result = play_by_seat(deal, rows, first, leaders=ordered.leaders)
    _forget_revokes_of_misrecorded_tricks(result)
    if ordered.in_playing_order:
        _note_playing_order(rec, ordered.in_playing_order, ordered.in_seat_order, rows, places,
                            first, result)
    for number, start in ordered.from_other_seat:
        _note_other_seat(rec, number, start, rows, places, first, result)
    if result.errors:
        rows, places, result = _repair_row_order(rec, deal, rows, places, first, result)
    if not result.errors:
        rec.data["_rows"] = rows[:len(result.tricks)]
    _engine_diagnostics(rec, result, rows, places)
    _plies(rec, result, rows, places, first)
    declaring = cb.side_of(declarer) if declarer else None
    rec.data["play"] = [{"leader": t.leader, "cards": list(t.order), "winner": t.winner}
                        for t in result.tricks]
    rec.data["tricks_won"] = dict(result.won_by_side)
    if contract and declaring and not contract.passed_out and not result.errors:
        # (a misrecorded card's trick is in doubt: no check then)
        check_result(rec, game, declaring, result.won_by_side[declaring],
                     sum(1 for t in result.tricks if t.winner), result.complete)


def _forget_revokes_of_misrecorded_tricks(result) -> None:
    """A misrecorded card leaves its player's true card in the hand, unplayed: renounces
    'proved' by that hand afterwards are the same fault again, not revokes."""
    faulty = {}
    for p in result.errors:
        if p.code in ("CARD-NOT-HELD", "CARD-TWICE"):
            faulty.setdefault(p.seat, p.trick)
    if faulty:
        result.revokes = [r for r in result.revokes
                          if not (r.seat in faulty and r.trick >= faulty[r.seat] and not r.proof_trick)]


def _note_playing_order(rec: Record, in_playing, in_seat, rows, places, first: str,
                        result) -> None:
    """Tricks written in playing order: the file's convention (a note), or mixed with the
    standard's seat order (a repair, named once for the game)."""
    number = in_playing[0]
    leader = result.tricks[number - 1].leader if number <= len(result.tricks) else first
    line, col = min((p for p in places[number - 1] if p), default=(rec.line, 1))
    tricks = ", ".join(str(n) for n in in_playing)
    if not in_seat:
        rec.add(INFO, "PBN-PLAY-ORDER", f"every trick is written in playing order from its "
                f"leader (tricks {tricks}), not in the PBN seat order from {first}", line, col)
        return
    lead_i = SEATS.index(leader)
    order = " ".join(SEATS[(lead_i + k) % 4] for k in range(4))
    columns = " ".join(SEATS[(SEATS.index(first) + k) % 4] for k in range(4))
    which = (f"trick {number} is written in playing order from its leader {leader} ({order})"
             if len(in_playing) == 1 else
             f"tricks {tricks} are written in playing order from their leaders")
    replays = "; read so, the play replays" if not result.errors else ""
    rec.add(WARNING, "PBN-PLAY-ORDER",
            f"{which}, not in the Play section's columns ({columns}){replays}", line, col,
            suggestion=" ".join(c or "-" for c in rows[number - 1]), repair=True)


def _note_other_seat(rec: Record, number: int, start: str, rows, places, first: str,
                     result) -> None:
    start_i, first_i = SEATS.index(start), SEATS.index(first)
    order = " ".join(SEATS[(start_i + k) % 4] for k in range(4))
    columns = " ".join(SEATS[(first_i + k) % 4] for k in range(4))
    line, col = min((p for p in places[number - 1] if p), default=(rec.line, 1))
    replays = "; read so, the play replays" if not result.errors else ""
    rec.add(WARNING, "PBN-PLAY-ORDER", f"trick {number} is written from {start} ({order}), not in "
            f"the Play section's columns ({columns}){replays}", line, col,
            suggestion=" ".join(c or "-" for c in rows[number - 1]), repair=True)


def _repair_row_order(rec: Record, deal: Deal, rows, places, first: str, result):
    """One trick's row written from another seat than the Play section's first one (most
    often in playing order from the trick's leader): when exactly one such reading of that
    single row makes the whole play replay, it is a repair named in a warning; otherwise the
    play stays as read, with its errors."""
    faulty = {p.trick for p in result.errors}
    if len(faulty) != 1:
        return rows, places, result
    number = faulty.pop()
    if not 1 <= number <= len(result.tricks) or len(rows[number - 1]) != 4:
        return rows, places, result
    first_i = SEATS.index(first)
    row, row_places = rows[number - 1], places[number - 1]
    readings = []
    for start_i in range(4):               # the row read as starting from SEATS[start_i]
        if start_i == first_i:
            continue
        shift = [(start_i + k - first_i) % 4 for k in range(4)]
        new_row, new_places = [None] * 4, [None] * 4
        for k in range(4):
            new_row[shift[k]], new_places[shift[k]] = row[k], row_places[k]
        tried = rows[:number - 1] + [new_row] + rows[number:]
        again = play_by_seat(deal, tried, first)
        if not again.errors and not again.revokes:
            readings.append((start_i, tried, new_row, new_places, again))
    if len(readings) != 1:
        return rows, places, result
    start_i, tried, new_row, new_places, again = readings[0]
    start = SEATS[start_i]
    order = " ".join(SEATS[(start_i + k) % 4] for k in range(4))
    columns = " ".join(SEATS[(first_i + k) % 4] for k in range(4))
    how = (f"in playing order from its leader {start}" if start == again.tricks[number - 1].leader
           else f"from {start}")
    line, col = row_places[0]
    rec.add(WARNING, "PBN-PLAY-ORDER",
            f"trick {number} is written {how} ({order}), not in the Play section's columns "
            f"({columns}); read so, the play replays", line, col,
            suggestion=" ".join(c or "-" for c in new_row), repair=True)
    return tried, places[:number - 1] + [new_places] + places[number:], again


def _tokens(items):
    """(text, line, column) of each token; a whole line (column 0) is split here."""
    for text, line, col in items:
        if col:
            yield text, line, col
            continue
        parts = text.split()
        if text == " ".join(parts):  # single spaces: columns by arithmetic
            col = 1
            for part in parts:
                yield part, line, col
                col += len(part) + 1
        else:
            for m in TOKEN_RE.finditer(text):
                yield m.group(), line, m.start() + 1


def _play_rows(rec: Record, tokens):
    """Cards (None for "-") four a row in the Play section's column order, and their places."""
    cards, places = [], []
    for text, line, col in _tokens(tokens):
        if text == "*":
            break
        if text[0] in ANNOTATION_START or text == "+":
            continue
        if text.strip("-") == "":
            cards.append(None)
        else:
            card = CARD_FORMS.get(text)
            if card is None:
                card = text[:1].upper() + RANK_FIX.get(text[1:].upper().rstrip("!?"),
                                                       text[1:].upper().rstrip("!?"))
                if card not in DECK:
                    rec.add(ERROR, "PBN-CARD", f"{text!r} is not a card", line, col)
            cards.append(card)
        places.append((line, col))
    return ([cards[i:i + 4] for i in range(0, len(cards), 4)],
            [places[i:i + 4] for i in range(0, len(places), 4)])


def _engine_diagnostics(rec: Record, result, rows, places) -> None:
    for p in result.errors:
        rec.add(ERROR, f"BRIDGE-{p.code}", p.message, *_place(rec, places, p.trick, p.index))
    for r in result.revokes:
        trick = r.proof_trick or r.trick
        card = r.proof_card if r.proof_trick else result.tricks[r.trick - 1].cards.get(r.seat)
        row = rows[trick - 1] if trick <= len(rows) else []
        column = row.index(card) if card in row else -1
        rec.add(WARNING, "BRIDGE-REVOKE", r.message, *_place(rec, places, trick, column))


def _place(rec: Record, places, trick: int, index: int) -> tuple[int, int]:
    if 1 <= trick <= len(places) and 0 <= index < len(places[trick - 1]):
        return places[trick - 1][index]
    return rec.line, 1


TRICK_KEYS = [f"T{n}" for n in range(14)]
SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
# COLUMNS[first][leader]: the Play section's column of each card of a trick, in playing order
COLUMNS = [[[(lead + k - first) % 4 for k in range(4)] for lead in range(4)] for first in range(4)]


def _plies(rec: Record, result, rows, places, first: str) -> None:
    n = 0
    columns = COLUMNS[SEAT_INDEX[first]]
    append = rec.plies.append
    for t, trick in enumerate(result.tricks):
        cols = columns[SEAT_INDEX[trick.leader]]
        row_places = places[t]
        key = TRICK_KEYS[trick.number] if trick.number < 14 else f"T{trick.number}"
        for i, card in enumerate(trick.order):
            n += 1
            column = cols[i]
            line, col = row_places[column] if column < len(row_places) else (rec.line, 1)
            append(Ply(n, card, card, line, col, key))


def check_result(rec: Record, game, declaring: str, made: int, played: int,
                 complete: bool) -> None:
    """The Result tag against the play: declaring, the declarer's side (NS or EW); made,
    that side's tricks in the play;
    played, the tricks finished; complete, all thirteen played."""
    value = game.value("Result").strip()
    line, col = game.where("Result")
    rec.data["declarer_tricks_played"] = made
    if not value or value == "?":
        if complete:
            rec.tags["_result_from_play"] = str(made)
        return
    stated = _result_tricks(value, declaring)
    if stated is None:
        rec.add(WARNING, "PBN-RESULT", f"cannot read the result {value!r}", line, col)
        return
    if complete:
        if stated != made:
            rec.add(WARNING, "PBN-RESULT", f"the Result says {stated} tricks but the declarer "
                    f"wins {made} in the play", line, col)
        return
    left = 13 - played
    if not made <= stated <= made + left:
        rec.add(WARNING, "PBN-RESULT",
                f"the Result says {stated} tricks but after {played} tricks the declarer has "
                f"{made} with {left} to play", line, col)
    else:
        rec.data["claim"] = {"after_tricks": played, "declarer_claims": stated - made,
                             "of": left}


def _result_tricks(value: str, declaring: str) -> int | None:
    """Result "9", or "NS 9" / "EW 4" (tricks of the named side) -> the declarer's tricks."""
    parts = value.split()
    try:
        if len(parts) == 1:
            return int(parts[0])
        if len(parts) == 2 and parts[0].upper() in ("NS", "EW"):
            tricks = int(parts[1])
            return tricks if parts[0].upper() == declaring else 13 - tricks
    except ValueError:
        return None
    return None
