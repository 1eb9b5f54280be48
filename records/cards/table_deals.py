"""Deals printed as trick tables: each table found on the page, the hands drawn near it, the
words around it, read together once through the layout engine and made one record per deal
(kind "bridge" when the words speak of bridge, else "whist").

The reading (the order of the grid, seat or playing order, what the marks mean, the open
trump or leader, which way a diagram faces) is the one replay chose, named in a LAYOUT note;
readings that all consume every card yet differ leave the record needing review, each named.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from records.cards import deal_facts as facts_of
from records.cards.card_forms import seats_of
from records.cards.deal_play import deal_record
from records.cards.hand_diagrams import find_diagrams
from records.cards.trick_tables import (
    ANY,
    SUIT_NAMES,
    Region,
    Side,
    bands,
    card_count,
    find_regions,
    read_table,
    replay,
    table_grid,
)
from records.cards.tricks import hand_text
from records.cards.whist_book import RawDeal, RawTrick, Token
from records.core.model import INFO, WARNING, Record

DEAL_HEADING = re.compile(r"^\s*(?:ILLUSTRATIVE\s+|_=)?(?P<word>HAND|DEAL|GAME|EXAMPLE|PROBLEM|Hand|Deal|"
                          r"Game|Example|Problem)\s+(?:NO\.?\s*|No\.?\s*)?(?P<n>[IVXLC]+|\d+)\b[.:]?")
SECTION_HEADING = re.compile(r"^\s*[A-Z][A-Z0-9 ,.'’\-]{3,}[.:]?\s*$")
REACH = 60        # the words about a table stand within this many lines above it
FULL_TABLE = 12   # rows a table with no hands given prints (a deal is 13 tricks; one may be lost)
COMPASS = "NESW"


@dataclass
class Found:
    region: Region
    caption: int          # 0-based first line of the lines printed directly over the table
    start: int            # 0-based first line of its section (its heading, or after the last)
    title: str = ""
    end: int = 0          # 0-based last line read with it


def table_records(text: str, path: str, claimed) -> list[Record]:
    """Every deal printed as a trick table, once."""
    lines = text.replace("\r", "").split("\n")
    counts = [card_count(line) for line in lines]
    regions = find_regions(lines, counts, claimed.__contains__)
    found = _sections(lines, regions)
    out = []
    for k, item in enumerate(found):
        stop = found[k + 1].caption if k + 1 < len(found) else len(lines)
        out += _records(lines, item, found, stop, path)
        for i in range(item.start, item.end + 1):
            claimed.add(i)
    return out


def _sections(lines: list[str], regions: list[Region]) -> list[Found]:
    """Each table's section: from its heading (a deal's, or a section's in capitals) within
    REACH lines above it, past other tables if need be; else from the table before."""
    out, before = [], 0
    for region in regions:
        caption = region.first
        while caption > before and lines[caption - 1].strip():
            caption -= 1
        start, title = max(before, region.first - REACH), ""
        for i in range(caption - 1, max(0, region.first - REACH) - 1, -1):
            m = DEAL_HEADING.match(lines[i])
            if m and len(lines[i].strip()) < 60:
                start, title = i, f"{m.group('word').upper()} {m.group('n')}"
                break
            if SECTION_HEADING.match(lines[i]) and not seats_of(lines[i].split()):
                start = i
                break
        out.append(Found(region, caption, start, title, region.last))
        before = region.last + 1
    return out


def _records(lines, item: Found, found: list[Found], stop: int, path: str) -> list[Record]:
    region = item.region
    grid = table_grid(region)
    count = bands(grid)
    cuts = _cuts(grid, count)
    pieces = _words(lines, item, found, cuts)
    stated = facts_of.read_facts(pieces, count)
    after = _after(lines, region.last + 1, stop, stated)
    seats = _seats(region, stated)
    diagrams = find_diagrams(lines, item.start, item.caption) + \
        find_diagrams(lines, region.last + 1, min(stop, region.last + REACH))
    if not diagrams and len(grid.rows) < FULL_TABLE:
        return []         # a few tricks of no given deal: a game of fewer cards, or a fragment
    sides = [_side_options(seats, s, diagrams if count == 1 else []) for s in stated]
    choice = read_table(grid, sides, region.header)
    if choice.best is None:
        return []
    stream = choice.best.order.tokens
    played = replay(stream, choice.best.start, whole=True).value
    item.end = max([after] + [d.end_line - 1 for d in diagrams if count == 1])
    out = []
    for d in range(count):
        tricks = [t for t in played.tricks if t.deal == d]
        if not tricks:
            continue
        raw = _raw_deal(lines, item, stream, played, tricks, d, count, stated[d], diagrams)
        out.append(_record(raw, path, stated[d], choice, played, d, stream))
    return out


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


def _words(lines, item: Found, found: list[Found], cuts: list[int]) -> list:
    """The text about this table: its section's running text (other tables and their captions
    left out) and its own caption, cut into sides."""
    others = set()
    for f in found:
        if f is not item:
            others.update(range(f.caption, f.region.last + 1))
    prose = [i for i in range(item.start, item.caption) if i not in others]
    out = []
    for i in prose:
        out += facts_of.side_pieces(lines, i, i + 1, cuts)
    out += facts_of.side_pieces(lines, item.caption, item.region.first, cuts)
    return out


def _after(lines, first: int, stop: int, stated) -> int:
    """What the text says after the table ("The dealer wins ten tricks"): the last line read."""
    end = first - 1
    for i in range(first, min(stop, first + 8)):
        m = facts_of.DEALER_WINS.search(lines[i])
        if m and m.group("n").lower() in facts_of.NUMBER_WORDS:
            for f in stated:
                f.dealer_tricks = facts_of.Said(facts_of.NUMBER_WORDS[m.group("n").lower()],
                                                m.group("n"), i + 1, m.start("n") + 1)
            return i
    return end


def _seats(region: Region, stated) -> tuple:
    named = seats_of(s for s, _, _ in region.header)
    if named:
        return named
    said = [f.leader or f.dealer or f.declarer for f in stated]
    letters = {s.value for s in said if s is not None}
    return seats_of(letters) or ("A", "Y", "B", "Z")


def _side_options(seats: tuple, stated, diagrams) -> list[Side]:
    leader = stated.leader.value if stated.leader and stated.leader.value in seats else None
    dealer = stated.dealer.value if stated.dealer and stated.dealer.value in seats else None
    if leader is None and dealer is not None:
        leader = seats[(seats.index(dealer) + 1) % 4]
    if leader is None and seats == ("A", "Y", "B", "Z"):
        leader = "A"      # the letters' own convention: Z deals, A (on Z's left) leads
    trump = stated.trump_value
    if trump is ANY and stated.game == "hearts":
        trump = None
    base = Side(seats, None, leader or ANY, trump)
    out = []
    for diagram in diagrams:
        for name, named in diagram.readings(seats):
            if set(named) <= set(seats) and len(named) == 4:
                hands = tuple(frozenset(c.card for c in named[s].cards) for s in seats)
                out.append(Side(seats, hands, base.leader, trump, name))
    return out or [base]


def _raw_deal(lines, item: Found, tokens, played, tricks, d: int, count: int, stated, diagrams):
    region = item.region
    side = played.setup.sides[d]
    first_row = region.rows[0].line
    title = item.title or f"TABLE {first_row}" + ("abcd"[d] if count > 1 else "")
    line = item.start + 1 if item.title else first_row
    raw = RawDeal(title, "", line, item.end + 1, "\n".join(lines[line - 1:item.end + 1]))
    raw.seats, raw.first_leader, raw.leaders_printed = side.seats, side.leader, False
    raw.dealer = stated.dealer.value if stated.dealer and stated.dealer.value in side.seats else ""
    raw.trump = side.trump
    if stated.turnup is not None and side.trump == stated.turnup.value[0] and \
            stated.trump is None:
        t = stated.turnup
        raw.turnup = Token(t.text, t.line, t.column, t.value)
    for trick in tricks:
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
                if name == side.hands_name and len(named) == 4:
                    for seat, hand in named.items():
                        raw.hands[seat] = [Token(c.text, c.line, c.column, c.card)
                                           for c in hand.cards]
                        raw.hand_lines[seat] = hand.line
                    return
    for seat in side.seats:
        raw.hands[seat] = []
        raw.hand_lines[seat] = tricks[0].tokens and tokens[tricks[0].tokens[0]].line
    for trick in tricks:
        for i in trick.tokens:
            if played.seats[i] in raw.hands:
                raw.hands[played.seats[i]].append(
                    Token(tokens[i].text, tokens[i].line, tokens[i].column, played.cards[i]))


VARIANTS = {"bridge": "bridge", "whist": "short whist", "solo whist": "solo whist",
            "hearts": "hearts"}


def _record(raw: RawDeal, path: str, stated, choice, played, d: int, tokens) -> Record:
    kind = stated.kind
    rec = deal_record(raw, path, variant=VARIANTS[stated.game], kind=kind)
    _layout_notes(rec, raw, choice, d, stated.trump_value is ANY and stated.game != "hearts")
    _mark_checks(rec, raw, played, d, tokens)
    _dealer_tricks(rec, raw, stated)
    if kind == "bridge":
        _as_bridge(rec, raw, stated)
    rec.tags["Trumps"] = raw.trump or "NT"
    return rec


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
    """Each mark against the play: two cards marked in one trick, a mark on a card that does
    not win (or lead) its trick, a tag that lost a bracket."""
    meaning = played.setup.marks
    tricks = rec.data.get("tricks", [])
    for k, trick in enumerate(t for t in played.tricks if t.deal == d):
        marked = [(trick.seats[j], tokens[i]) for j, i in enumerate(trick.tokens) if tokens[i].marks]
        for seat, tok in marked:
            if tok.broken:
                rec.add(WARNING, "WHIST-WINNER-MARK", f"the mark at trick {trick.number} is "
                        f"broken ({tok.text!r} in a tag that lost a bracket); read as the mark "
                        f"of the trick's {meaning or 'winner'}", tok.line, tok.column,
                        repair=True)
        if not meaning or not marked or k >= len(tricks):
            continue
        due = tricks[k]["winner"] if meaning == "winner" else tricks[k]["leader"]
        seats = [s for s, _ in marked]
        if len(seats) > 1 and due in seats:
            rec.add(WARNING, "WHIST-WINNER-MARK", f"trick {trick.number} marks "
                    f"{' and '.join(seats)} both as {'winning' if meaning == 'winner' else 'leading'}",
                    marked[0][1].line, 1)
        elif due and due not in seats:
            rec.add(WARNING, "WHIST-LEADER", f"trick {trick.number} is marked "
                    f"{'won' if meaning == 'winner' else 'led'} by {seats[0]} but {due} "
                    f"{'wins' if meaning == 'winner' else 'leads'} it", marked[0][1].line,
                    marked[0][1].column)


def _dealer_tricks(rec: Record, raw: RawDeal, stated) -> None:
    said = stated.dealer_tricks
    tricks = rec.data.get("tricks", [])
    if said is None or rec.data.get("tricks_played") != 13:
        return
    dealer = rec.data["dealer"]
    side = {dealer, raw.seats[(raw.seats.index(dealer) + 2) % 4]}
    made = sum(1 for t in tricks if t["winner"] in side)
    if said.value != made:
        rec.add(WARNING, "WHIST-RESULT", f"the text says the dealer wins {said.text} tricks "
                f"but the dealer's side wins {made} in the play", said.line, said.column)


def _as_bridge(rec: Record, raw: RawDeal, stated) -> None:
    """A bridge deal as the bridge family keeps one: hands by compass seat in PBN form, the
    play trick by trick; the book's own seats stay in data["seats"]."""
    seats = raw.seats
    compass = dict(zip(seats, seats if seats == tuple(COMPASS) else COMPASS))
    data = rec.data
    data["book_hands"] = data["hands"]
    data["hands"] = {compass[s]: hand_text(frozenset(data["book_hands"][s])) for s in seats}
    data["play"] = [{"leader": compass[t["leader"]], "cards": t["cards"],
                     "winner": compass.get(t["winner"])} for t in data["tricks"]]
    data["stated"] = data.pop("claim", None)
    rec.tags["Dealer"] = compass[data["dealer"]]
    declarer = stated.declarer.value if stated.declarer else ""
    if declarer in compass:
        rec.tags["Declarer"] = compass[declarer]
