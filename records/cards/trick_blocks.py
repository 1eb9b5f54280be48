"""Deals printed a trick a block: a heading for the hand, one player's hand (or none) with the
score and the turn-up, then each trick under its own heading (the running count, the seats in
the order printed with a mark on one of them or on a card, the four cards), the result line,
and a table of the other hands (``Y'S HAND. | B'S HAND.``).

Structure only: who won each trick and whether the marks are right is the replay's work
(records/cards/deal_play.py).
"""
from __future__ import annotations

import re
from functools import cache

from lark import Lark, UnexpectedInput

from records.cards.deal_facts import Facts, claims_in
from records.cards.deal_play import deal_record, replay_marked
from records.cards.deal_sections import dealer_tricks
from records.cards.card_forms import cell_cards, seat_label, seats_of
from records.cards.raw_deals import (
    RANK_TOKEN,
    RawDeal,
    RawTrick,
    Token,
    holding,
    read_card,
    read_named_card,
)
from records.cards.trick_prose import trick_heading, trick_won
from records.core.cards import SUIT_GLYPHS
from records.core.orders import Choice, Order, Reading, Replay
from records.core.model import INFO, WARNING, Record
from records.core.resources import lalr_parser


# -- tricks printed one to a block ---------------------------------------------------
_SEAT = r"(?:[AYBZNESW]|(?i:north|east|south|west))"
# a hand's heading: "HAND I.", "Hand 3", "HAND No. 4", "Deal 2.", "ILLUSTRATIVE HAND NO. 5"
HAND_HEADING = re.compile(r"^\s*(?:(?i:illustrative\s+)?(?:HAND|Hand|DEAL|Deal)\s+"
                          r"(?:(?i:no\.?)\s*)?(?:[IVXL]+|\d+))\.?\s*$")
# the one hand shown before the play: "A'S HAND.", "North's hand", "[Illustration: Y's Hand."
KNOWN_HAND = re.compile(rf"^\s*(?:\[Illustration:\s*)?({_SEAT})['’](?:S HAND|s [Hh]and)\.?:?\s*"
                        r"(?:\]\s*)?$")
RESULT = re.compile(r"^\s*(?:and\s+)?((?:AB|YZ|NS|EW)\s+(?:win|score|make|save)\b.*?)\.?\s*$")
LEADS = re.compile(rf"(?<![\w'])({_SEAT}) (?:leads|to lead|has the lead)\b")
TABLE_HEADER = re.compile(rf"({_SEAT})['’](?:S HAND|s [Hh]and)\.?")
SCORE = re.compile(r"^\s*Score:\s*([^.\]\n]+)")
_RANK = r"(?:10|[AKQJT2-9]|Kg|Qn|Knv|Kn)"
# the card turned up: "Two of spades turned up", "♠A turned", "K♠ turned up"
TURNUP = re.compile(rf"(\w+ of \w+|[{SUIT_GLYPHS}]\s?{_RANK}|{_RANK}\s?[{SUIT_GLYPHS}]) turned\b")
GLYPH = re.compile(f"[{SUIT_GLYPHS}]")
LETTER_CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[AKQJT2-9])(?:[SHDC]|\[[SHDC]\])(?![A-Za-z0-9])")


def _seat(name: str) -> str:
    return seat_label(name) or name


@cache
def _trick_parser() -> Lark:
    return lalr_parser("trick_block", propagate_positions=True)


def find_trick_blocks(text: str) -> list[RawDeal]:
    lines = text.split("\n")
    starts = [i for i, l in enumerate(lines) if HAND_HEADING.match(l)]
    deals = []
    for k, start in enumerate(starts):
        stop = starts[k + 1] if k + 1 < len(starts) else len(lines)
        deal = _read_deal(lines, start, stop)
        if deal is not None:
            deals.append(deal)
    return deals


def _read_deal(lines: list[str], start: int, stop: int) -> RawDeal | None:
    """One hand's passage (lines[start:stop], 0-based) -> RawDeal, or None if it has no play."""
    known = next((i for i in range(start, stop) if KNOWN_HAND.match(lines[i])), None)
    trick_starts = [(i, h) for i in range(start, stop) for h in [trick_heading(lines[i])] if h]
    if not trick_starts:
        return None
    title = lines[start].strip().rstrip(".")
    first = known if known is not None else trick_starts[0][0]
    subtitle = next((l.strip() for l in lines[start + 1:first]
                     if l.strip() and not SCORE.match(l) and not TURNUP.search(l)), "")
    deal = RawDeal(title, subtitle, start + 1, start + 1, "")
    if known is not None:            # one player's hand first; the others in THE HANDS
        deal.known_seat = _seat(KNOWN_HAND.match(lines[known]).group(1))
        _read_known_hand(deal, lines, known + 1, stop)
    # the score and the turn-up, before or after the hand shown first
    score = next((j for j in range(start + 1, trick_starts[0][0]) if SCORE.match(lines[j])), None)
    if score is not None and deal.score is None:
        m = SCORE.match(lines[score])
        deal.score = Token(m.group(1), score + 1, m.start(1) + 1)
    for j in range(start + 1, trick_starts[0][0]):
        m = TURNUP.search(lines[j])
        if m:
            value = read_named_card(m.group(1)) or read_card(m.group(1).replace(" ", ""))
            deal.turnup = Token(m.group(1), j + 1, m.start() + 1, value)
            break
    for t, heading in trick_starts:
        _read_trick(deal, lines, t, stop, heading)
    deal.unread = len(deal.tricks) * 2 < len(trick_starts)
    named = seats_of(s for trick in deal.tricks for s in trick.seats)
    if named and named != deal.seats:
        deal.seats, deal.first_leader = named, named[0]
    for j in range(start + 1, trick_starts[0][0]):          # "A leads.", "North to lead"
        said = LEADS.search(lines[j])
        if said and _seat(said.group(1)) in deal.seats:
            deal.first_leader, deal.leader_said = _seat(said.group(1)), True
            break
    after = deal.tricks[-1].end_line if deal.tricks else trick_starts[-1][0] + 1
    table, claims = None, []
    for j in range(after, stop):
        m = RESULT.match(lines[j])
        if m and deal.result is None and table is None:
            deal.result = Token(m.group(1), j + 1, m.start(1) + 1)
        elif j < after + 8 and not m:
            claims += claims_in(lines[j], j + 1)     # "A B win eight tricks and Y Z five"
        won = trick_won(lines[j])
        if won and won[0] == 13 and deal.last_trick is None:
            _, seat, _, card, column = won
            deal.last_trick = Token(seat, j + 1, column, read_named_card(card))
        if table is None and "|" in lines[j] and TABLE_HEADER.search(lines[j]):
            table = j
            break
    if deal.result is None:
        deal.claims = claims
    end = _read_table(deal, lines, table, stop) if table is not None else after
    deal.end_line = end
    deal.text = "\n".join(lines[start:end])
    return deal


def _read_known_hand(deal: RawDeal, lines: list[str], i: int, stop: int) -> int:
    """The one hand shown first: rows of ranks ending in a suit mark; a void is a blank row."""
    cards: list[Token] = []
    deal.hand_lines[deal.known_seat] = i + 1
    while i < stop and not (SCORE.match(lines[i]) or trick_heading(lines[i])
                            or TURNUP.search(lines[i])):
        row = lines[i].rstrip().rstrip("]")
        m = re.search(f"([{SUIT_GLYPHS}])\\s*$", row)
        lead = re.match(f"\\s*([{SUIT_GLYPHS}])", row)
        if m:
            cards += holding(row[:m.start()], m.group(1), i + 1, 0, deal.known_seat,
                             deal.problems, deal.notes)
        elif lead:                   # the suit mark first: "♠ Qn, 10, 5, 3"
            body = " " * lead.end() + row[lead.end():]
            cards += holding(body, lead.group(1), i + 1, 0, deal.known_seat, deal.problems,
                             deal.notes)
        elif row.strip():
            deal.problems.append(Token(f"cannot read {row.strip()!r} as a suit of "
                                       f"{deal.known_seat}'s hand", i + 1, 1))
        i += 1
    deal.hands[deal.known_seat] = cards
    if i < stop:
        m = SCORE.match(lines[i])
        if m:
            deal.score = Token(m.group(1), i + 1, m.start(1) + 1)
    return i


def _read_trick(deal: RawDeal, lines: list[str], t: int, stop: int, heading) -> None:
    """One trick: its heading (any wording) blanked, the rest read by the grammar."""
    end = _trick_end(lines, t, stop)
    number, cut = heading
    head = lines[t]
    block = "\n".join([" " * cut + head[cut:]] + lines[t + 1:end + 1])
    try:
        tree = _trick_parser().parse(block)
    except UnexpectedInput as exc:
        line, column = t + exc.line, exc.column
        near = lines[line - 1][column - 1:].split()[0] if lines[line - 1][column - 1:].strip() else ""
        deal.problems.append(Token(f"cannot read this trick at {near!r} (a trick is the count, "
                                   "four seats with the leader marked, four cards)", line, column))
        return
    at = len(head) - len(head.lstrip()) + 1
    deal.tricks.append(_trick_from_tree(tree, t, end, Token(str(number), t + 1, at, str(number))))


def _trick_end(lines: list[str], t: int, stop: int) -> int:
    """The last line of a trick: its closing bracket, else its line of four cards."""
    for end in range(t, min(stop, t + 10)):
        line = lines[end]
        if line.count("]") > line.count("["):
            return end
        if end > t and (len(GLYPH.findall(line)) >= 4 or len(LETTER_CARD.findall(line)) >= 4):
            return end
    return t


def _trick_from_tree(tree, t: int, end: int, heading: Token) -> RawTrick:
    def tok(token, value=""):
        return Token(str(token), t + token.line, token.column, value)

    parts = {child.data: child for child in tree.children}
    order, cards = parts["order"], parts["cards"]
    count = {}
    if "tally" in parts:
        side1, n1, side2, n2 = parts["tally"].children
        count = {str(side1): tok(n1, str(n1)), str(side2): tok(n2, str(n2))}
    seats, marked = [], None
    numbers = [c for c in order.children if not hasattr(c, "data")]
    for seat in (c for c in order.children if hasattr(c, "data")):
        name = _seat(str(seat.children[0]).strip("_[]()"))
        if len(seat.children) > 1 or seat.children[0].type == "MARKED_SEAT":
            marked = len(seats)
        seats.append(name)
    played = []
    for k, c in enumerate(cards.children):
        value, marks = _card(str(c))
        if marks and marked is None:
            marked = k                    # a mark on the card: its seat leads, or wins
        played.append(tok(c, value))
    number = tok(numbers[0], str(numbers[0])) if numbers else heading
    return RawTrick(number=number, seats=seats, leader=None, cards=played, count=count,
                    line=t + 1, end_line=end + 1, marked=marked)


def _card(text: str) -> tuple[str, tuple]:
    """A printed card and the marks around it ("_K♠_" -> "SK", ("underline",))."""
    found = cell_cards(text, 0, 1)
    if len(found) == 1 and not found[0].card.startswith("?"):
        tok = found[0]
        return read_card(tok.text) or tok.card, tok.marks
    return read_card(text.strip("_")), ()


# -- what the marks mean, chosen by replay ------------------------------------------------------
MEANINGS = (("marks on the leader", "leader"), ("marks on the winner", "winner"))


class _Play:
    """A reading's play, for telling readings apart (Choice.winners)."""

    def __init__(self, play: tuple):
        self.play = play

    def outcome(self) -> tuple:
        return self.play


def read_marks(raw: RawDeal) -> Choice:
    """The deal replayed with its marks on the leader, then on the winner (from each seat that
    may lead first, when neither the words nor the seats' letters say which): the readings, the
    one that goes furthest first (the leader's on a tie, the older books' way)."""
    tokens = [c for trick in raw.tricks for c in trick.cards]
    readings = []
    for name, meaning, first in _starts(raw):
        mean(raw, meaning)
        raw.first_leader = first
        consumed, total, play = replay_marked(raw, meaning)
        failure = "" if consumed == total else "unsound"
        readings.append(Reading(Order("a trick a block", tokens), (meaning, first), name,
                                Replay(consumed, total, failure, None, _Play(play))))
    readings.sort(key=lambda r: -r.replay.consumed)
    return Choice(readings)


def _starts(raw: RawDeal) -> list[tuple[str, str, str]]:
    """(name, meaning, first leader): the first leader as the words say, else A for the letters
    A Y B Z (Z deals, A on his left leads); else, marks on the leader name the first leader,
    and marks on the winner leave each seat to try."""
    known = raw.first_leader if raw.leader_said or raw.seats == ("A", "Y", "B", "Z") else None
    first = raw.tricks[0]
    marked = first.seats[first.marked] if first.marked is not None and \
        first.marked < len(first.seats) else raw.seats[0]
    out = [(MEANINGS[0][0], "leader", known or marked)]
    for seat in [known] if known else raw.seats:
        out.append((MEANINGS[1][0] + ("" if known else f", {seat} leads"), "winner", seat))
    return out


def mean(raw: RawDeal, meaning: str) -> None:
    """Each trick's leader as its mark says (the mark on the leader), or left to the play (the
    mark on the winner)."""
    raw.leaders_printed = meaning == "leader"
    for trick in raw.tricks:
        marked = trick.marked is not None and trick.marked < len(trick.seats)
        trick.leader = trick.seats[trick.marked] if marked and meaning == "leader" else None


def block_deal_record(raw: RawDeal, path: str) -> Record:
    """A deal printed a trick a block, its marks read as replay chose, the choice named."""
    if not any(trick.marked is not None for trick in raw.tricks):
        mean(raw, "leader")
        rec = deal_record(raw, path)
        rec.add(INFO, "LAYOUT", "the tricks are read a trick a block, no marks", raw.line, 1)
        return _claims(rec, raw)
    choice = read_marks(raw)
    best = choice.best
    meaning, raw.first_leader = best.start
    mean(raw, meaning)
    rec = deal_record(raw, path)
    whole = [r for r in choice.readings if r.replay.whole]
    also = [r.start_name for r in whole if r is not best]
    rec.add(INFO, "LAYOUT", f"the tricks are read {choice.named()}"
            + (f" (the same play as {'; '.join(also)})" if also and len(choice.winners) == 1
               else ""), raw.line, 1)
    winners = choice.winners
    if len(winners) > 1:
        rec.add(WARNING, "LAYOUT", f"{len(winners)} readings of the tricks replay every card: "
                + "; ".join(w.start_name for w in winners), raw.line, 1)
    if meaning == "winner":
        _winner_marks(rec, raw)
    return _claims(rec, raw)


def _claims(rec: Record, raw: RawDeal) -> Record:
    """What the words after the play say the sides took, against the play."""
    if raw.claims:
        dealer_tricks(rec, raw, Facts(claims=raw.claims))
    return rec


def _winner_marks(rec: Record, raw: RawDeal) -> None:
    """Each mark read as the winner's against the play as the record has it."""
    final = rec.data.get("tricks", [])
    for k, trick in enumerate(raw.tricks):
        if trick.marked is None or trick.marked >= len(trick.seats) or k >= len(final):
            continue
        seat, winner = trick.seats[trick.marked], final[k]["winner"]
        if winner and seat != winner:
            tok = trick.cards[trick.marked] if trick.marked < len(trick.cards) else trick.number
            rec.add(WARNING, "WHIST-WINNER-MARK", f"trick {trick.number.text} is marked won by "
                    f"{seat} but {winner} wins it", tok.line, tok.column)


def _read_table(deal: RawDeal, lines: list[str], header: int, stop: int) -> int:
    """THE HANDS: three hands side by side, one suit a row, cells split by '|'.

    A void shows as an empty cell, and the OCR then loses the column's place, so cards
    are put in the column whose header span holds them when a row has extra cells.
    """
    head = lines[header]
    seats = TABLE_HEADER.findall(head)
    bars = [m.start() for m in re.finditer(r"\|", head)]
    for seat in seats:
        deal.hands.setdefault(seat, [])
        deal.hand_lines[seat] = header + 2
    i = header + 1
    while i < stop and lines[i].strip():
        row = lines[i]
        marks = re.findall(f"[{SUIT_GLYPHS}]", row)
        if not marks:
            deal.problems.append(Token("a row of the hands table has no suit mark", i + 1, 1))
            i += 1
            continue
        cells = _cells(row)
        filled = [(pos, cell) for pos, cell in cells if RANK_TOKEN.search(cell)]
        if len(cells) == len(seats):
            placed = [(seats[k], pos, cell) for k, (pos, cell) in enumerate(cells)]
        else:
            placed = [(seats[min(_column(pos + _lead_space(cell), bars), len(seats) - 1)],
                       pos, cell) for pos, cell in filled]
        for seat, pos, cell in placed:
            body = re.sub(f"[{SUIT_GLYPHS}]", " ", cell)
            deal.hands[seat] += holding(body, marks[0], i + 1, pos, seat, deal.problems,
                                         deal.notes)
        i += 1
    return i


def _cells(row: str) -> list[tuple[int, str]]:
    """Cells of a table row split at '|' with their 0-based start; a trailing empty drops."""
    out, pos = [], 0
    for cell in row.split("|"):
        out.append((pos, cell))
        pos += len(cell) + 1
    while out and not out[-1][1].strip():
        out.pop()
    return out


def _lead_space(cell: str) -> int:
    return len(cell) - len(cell.lstrip())


def _column(pos: int, bars: list[int]) -> int:
    return sum(1 for b in bars if pos >= b - 1)


