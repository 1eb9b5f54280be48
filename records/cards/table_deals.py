"""Deals printed as trick tables: each table found on the page, the hands drawn near it, the
words around it, read together once through the layout engine and made one record per deal
(kind "bridge" when the words speak of bridge, else "whist").

The reading (the order of the grid, seat or playing order, what the marks mean, the open
trump or leader, which way a diagram faces) is the one replay chose, named in a LAYOUT note;
readings that all consume every card yet differ leave the record needing review, each named.
"""
from __future__ import annotations

from records.cards import deal_facts as facts_of
from records.cards.card_forms import seats_of
from records.cards.deal_play import deal_record
from records.cards.deal_sections import (
    REACH,
    VARIANTS,
    Found,
    said_after,
    finish,
    side_options,
    turned_card,
    words_about,
)
from records.cards.diagram_deals import fourth_hand
from records.cards.hand_diagrams import find_diagrams, hand_lines, top_seat
from records.cards.trick_tables import (
    ANY,
    SUIT_NAMES,
    Region,
    Side,
    bands,
    read_table,
    replay,
    table_grid,
)
from records.cards.tricks import card_text, sort_cards
from records.cards.raw_deals import RawDeal, RawTrick, Token
from records.core.model import ERROR, INFO, WARNING, Record

FULL_TABLE = 12   # rows a table with no hands given prints (a deal is 13 tricks; one may be lost)
RESCORED = 8      # the readings that went furthest, counted for faults when none plays through


def table_deal_records(lines, item: Found, found: list[Found], stop: int,
                       path: str) -> list[Record]:
    """The deals a trick table prints, read as replay chose."""
    region = item.region
    grid = table_grid(region)
    count = bands(grid)
    cuts = _cuts(grid, count)
    pieces = words_about(lines, item, found, cuts)
    stated = facts_of.read_facts(pieces, count)
    last_read = said_after(lines, region.last + 1, stop, stated)
    seats = _seats(region, stated)
    diagrams = find_diagrams(lines, item.start, item.caption) + \
        find_diagrams(lines, region.last + 1, min(stop, region.last + REACH))
    if not diagrams and len(grid.rows) < FULL_TABLE:
        return []         # a few tricks of no given deal: a game of fewer cards, or a fragment
    sides = [side_options(seats, s, diagrams if count == 1 else []) for s in stated]
    choice = read_table(grid, sides, region)
    if choice.best is None:
        return []
    best = choice.best if choice.winners else _fewest_faults(choice)
    stream = best.order.tokens
    played = best.replay.value if best.replay.whole else replay(stream, best.start, whole=True).value
    item.end = max([last_read] + [d.end_line - 1 for d in diagrams if count == 1])
    out = []
    for d in range(count):
        tricks = [t for t in played.tricks if t.deal == d]
        if not tricks:
            continue
        raw = _raw_deal(lines, item, stream, played, tricks, d, count, stated[d], diagrams)
        out.append(_record(raw, path, stated[d], choice, played, d, stream, lines, item,
                               count))
    return out


def _fewest_faults(choice):
    """No reading plays every card: the one with the fewest faults in all (a misprint is one
    fault in the right reading, and many in a wrong one), the first of equals."""
    scored = []
    for k, reading in enumerate(choice.readings[:RESCORED]):
        whole = replay(reading.order.tokens, reading.start, whole=True).value
        scored.append((len(whole.problems), k, reading))
    best = min(scored, key=lambda x: x[:2])[2]
    choice.readings.remove(best)
    choice.readings.insert(0, best)
    return best


def _cuts(grid, count: int) -> list[int]:
    """The 0-based columns where one deal of a side-by-side table ends and the next begins."""
    if count < 2 or not grid.columns:
        return []
    ends, starts = {}, {}
    for tok in grid.tokens():
        ends[tok.col] = max(ends.get(tok.col, 0), tok.column + len(tok.text))
        starts[tok.col] = min(starts.get(tok.col, 10 ** 6), tok.column)
    return [(ends[4 * b - 1] + starts[4 * b]) // 2 - 1 for b in range(1, count)
            if 4 * b - 1 in ends and 4 * b in starts]


def _seats(region: Region, stated) -> tuple:
    named = seats_of(s for s, _, _ in region.header) or seats_of(region.row_seats)
    if named:
        return named
    said = [f.leader or f.dealer or f.declarer for f in stated]
    letters = {s.value for s in said if s is not None}
    return seats_of(letters) or ("A", "Y", "B", "Z")


def _raw_deal(lines, item: Found, tokens, played, tricks, d: int, count: int, stated, diagrams):
    region = item.region
    side = played.setup.sides[d]
    first_row = region.rows[0].line
    title = item.title or f"TABLE {first_row}" + ("abcd"[d] if count > 1 else "")
    line = item.start + 1 if item.title else first_row
    raw = RawDeal(title, "", line, item.end + 1, "\n".join(lines[line - 1:item.end + 1]))
    raw.seats, raw.first_leader, raw.leaders_printed = side.seats, side.leader, False
    columns = played.setup.columns
    seats = side.seats
    if columns and any(tuple(columns) == seats[k:] + seats[:k] for k in range(4)):
        raw.seat_rows = tuple(columns)
    raw.dealer = stated.dealer.value if stated.dealer and stated.dealer.value in side.seats else ""
    raw.trump = side.trump
    turned = turned_card(stated, side.trump)
    if turned:
        raw.turnup = Token(stated.turnup.text, stated.turnup.line, stated.turnup.column, turned)
    before = None
    for trick in tricks:
        if before is not None and trick.leader != before.winner:
            raw.leaders_given[trick.number] = trick.leader     # as the marks say
        before = trick
        cards = [Token(tokens[i].text, tokens[i].line, tokens[i].column, played.cards[i])
                 for i in trick.tokens]
        first = tokens[trick.tokens[0]]
        number = Token(str(trick.number), first.line, first.column, str(trick.number))
        raw.tricks.append(RawTrick(number, list(trick.seats) if played.setup.columns else [],
                                   None, cards, {}, first.line, first.line))
    _hands(raw, played, tricks, tokens, side, diagrams)
    return raw


def _hands(raw: RawDeal, played, tricks, tokens, side: Side, diagrams) -> None:
    """The hands: the diagram's, when one was read; else what each seat plays."""
    if side.hands is not None:
        for diagram in diagrams:
            for name, named in diagram.readings(side.seats):
                if side.hands_name.startswith(name) and len(named) >= 3:
                    for seat, cards in zip(side.seats, side.hands):
                        hand = named.get(seat)
                        raw.hands[seat] = [Token(c.text, c.line, c.column, c.card)
                                           for c in hand.cards] if hand else \
                            [Token("", diagram.line, 1, c) for c in sort_cards(cards)]
                        raw.hand_lines[seat] = hand.line if hand else diagram.line
                        raw.ocr += [Token(printed, c.line, c.column, read)
                                    for c in (hand.cards if hand else []) for printed, read in c.ocr]
                    raw.top = top_seat([diagram], named)
                    if len(named) == 3:
                        _fourth_said(raw, diagram, named, side)
                    return
    first_line = tokens[tricks[0].tokens[0]].line
    for seat in side.seats:
        raw.hands[seat] = []
        raw.hand_lines[seat] = first_line
    for trick in tricks:
        for i in trick.tokens:
            if played.seats[i] in raw.hands:
                raw.hands[played.seats[i]].append(
                    Token(tokens[i].text, tokens[i].line, tokens[i].column, played.cards[i]))


def _fourth_said(raw: RawDeal, diagram, named: dict, side: Side) -> None:
    """The fourth hand taken as the cards the other three lack: where it is printed with
    holdings not read, what it reads is compared with them and the rest said taken."""
    (seat,) = [s for s in side.seats if s not in named]
    left = sort_cards(side.hands[side.seats.index(seat)])
    _, said = fourth_hand(seat, left, diagram)
    if said:
        raw.said.append(said)


def _record(raw: RawDeal, path: str, stated, choice, played, d: int, tokens, lines,
            item: Found, count: int) -> Record:
    rec = deal_record(raw, path, variant=VARIANTS[stated.game], kind=stated.kind)
    _layout_notes(rec, raw, choice, d, stated.trump_value is ANY and stated.game != "hearts")
    _mark_checks(rec, raw, played, d, tokens)
    _unsure_cards(rec, played, d, tokens)
    if played.setup.sides[d].hands is None:
        _hands_unread(rec, lines, item, count)
    return finish(rec, raw, stated)


def _hands_unread(rec: Record, lines, item: Found, count: int) -> None:
    """Hands printed in the deal's section that were not read (a form not known, a drawing
    that does not add up to a deal): the play was checked only against itself, so the record
    says so at the hand's line, and is not valid from the play alone."""
    region = item.region
    printed = hand_lines(lines, item.start, region.first) + \
        hand_lines(lines, region.last + 1, item.end + 1)
    if printed and count == 1:
        line, column = printed[0]
        rec.add(WARNING, "WHIST-HANDS-UNREAD", f"hands are printed (line {line}) but could not "
                "be read as a deal; the play is checked only against itself", line, column)


def _drop_echoes(rec: Record, tok, seat: str, hands_from_play: bool) -> None:
    """What a card past reading leaves behind in the replay, said once by WHIST-UNREADABLE:
    "'' is not a card" at its place, and its player's hand a card short when the hands are
    what the play gives."""
    rec.diagnostics = [
        g for g in rec.diagnostics
        if not (g.code == "WHIST-CARD-UNKNOWN" and (g.line, g.column) == (tok.line, tok.column))
        and not (hands_from_play and g.code == "WHIST-DEAL" and
                 g.message.startswith(f"{seat}'s hand has 12 cards"))]


def _unsure_cards(rec: Record, played, d: int, tokens) -> None:
    """Each card the print left unsure, said at its place: a known OCR confusion read through
    (a repair when the play allows one reading only), a card past reading (an error, with the
    cards that fit its place)."""
    for trick in (t for t in played.tricks if t.deal == d):
        for i in trick.tokens:
            tok, fits = tokens[i], played.fits.get(i, ())
            names = ", ".join(card_text(c) for c in fits[:6]) + (", ..." if len(fits) > 6 else "")
            if not tok.card:
                _drop_echoes(rec, tok, played.seats[i], played.setup.sides[d].hands is None)
                rec.add(ERROR, "WHIST-UNREADABLE", f"{played.seats[i]}'s card at trick "
                        f"{trick.number}, {tok.text!r}, cannot be read" +
                        (f"; the one card that fits is the {names}" if len(fits) == 1 else
                         f"; cards that fit: {names}" if fits else ""), tok.line, tok.column)
            for printed, read in tok.ocr:
                if tok.readings and len(fits) != 1:
                    rec.add(WARNING, "WHIST-OCR", f"\"{printed}\" in \"{tok.text}\" is a known "
                            "OCR confusion; " + (f"it may be the {' or the '.join(map(card_text, fits))}"
                                                 if fits else
                                                 "none of its readings fits the play"),
                            tok.line, tok.column)
                    continue
                said = card_text(played.cards[i]) if tok.readings else f'"{read}"'
                rec.add(WARNING, "WHIST-OCR", f"\"{printed}\" in \"{tok.text}\" read as {said} "
                        "(a known OCR confusion)", tok.line, tok.column, repair=True)


def _layout_notes(rec: Record, raw: RawDeal, choice, d: int, open_trump: bool) -> None:
    """The reading named; readings that differ for this deal, each named (or, when only the
    trump differs, the strains that fit)."""
    rec.add(INFO, "LAYOUT", f"the trick table is read {choice.named()}", raw.line, 1)
    distinct = {}
    for w in choice.winners:
        distinct.setdefault(w.replay.value.deal_outcome(d), w)
    if len(distinct) < 2:
        if open_trump:
            _trump_note(rec, raw, choice)
        return
    plays = {key[2] for key in distinct}
    trumps = {key[0] for key in distinct}
    if len(plays) == 1 and len(trumps) == len(distinct):
        names = ", ".join(SUIT_NAMES[t] for t in sorted(trumps, key=str))
        rec.add(WARNING, "WHIST-TRUMP", "the text names no trump and the marked winners "
                f"do not settle it (strains that fit: {names})", raw.line, 1)
        return
    rec.add(WARNING, "LAYOUT", f"{len(distinct)} readings of the table replay every card: "
            + "; ".join(w.order.name + ", " + w.start_name for w in distinct.values()),
            raw.line, 1)


def _trump_note(rec: Record, raw: RawDeal, choice) -> None:
    rec.add(INFO, "WHIST-TRUMP", f"the text names no trump; only {SUIT_NAMES[raw.trump]} "
            "lets every card be played as printed", raw.line, 1)


def _mark_checks(rec: Record, raw: RawDeal, played, d: int, tokens) -> None:
    """Each mark against the play as the record has it: two cards marked in one trick, a mark
    on a card that does not win (or lead) its trick, a tag that lost a bracket."""
    meaning = played.setup.marks
    final = rec.data.get("tricks", [])
    seats = raw.seats
    for k, trick in enumerate(t for t in played.tricks if t.deal == d):
        marked = [(p, tokens[i]) for p, i in enumerate(trick.tokens) if tokens[i].marks]
        for _, tok in marked:
            if tok.broken:
                rec.add(WARNING, "WHIST-WINNER-MARK", f"the mark at trick {trick.number} is "
                        f"broken ({tok.text!r} in a tag that lost a bracket); read as the mark "
                        f"of the trick's {meaning or 'winner'}", tok.line, tok.column,
                        repair=True)
        if not meaning or not marked or k >= len(final) or not final[k]["winner"]:
            continue
        lead = seats.index(final[k]["leader"])
        named = [raw.seat_rows[p] if raw.seat_rows else seats[(lead + p) % 4] for p, _ in marked]
        due = final[k]["winner"] if meaning == "winner" else final[k]["leader"]
        verb = ("won", "wins", "winning") if meaning == "winner" else ("led", "leads", "leading")
        if len(named) > 1 and due in named:
            rec.add(WARNING, "WHIST-WINNER-MARK", f"trick {trick.number} marks "
                    f"{' and '.join(named)} both as {verb[2]}", marked[0][1].line, 1)
        elif due not in named:
            rec.add(WARNING, "WHIST-LEADER", f"trick {trick.number} is marked {verb[0]} by "
                    f"{named[0]} but {due} {verb[1]} it", marked[0][1].line, marked[0][1].column)


