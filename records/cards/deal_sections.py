"""What every printed deal's reading shares, whatever prints its tricks (a table, sentences):
its section of the page (from its heading, or the heading of the chapter it stands in), the
words about it, what is said after it, the starts its hands and the text allow, and the record
finished as bridge or whist.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from records.cards import deal_facts as facts_of
from records.cards.card_forms import seats_of
from records.cards.contract import SEATS, left_of, parse_contract, partner_of
from records.cards.hand_diagrams import compass_of
from records.cards.trick_tables import ANY, Side
from records.cards.tricks import DECK, hand_text
from records.cards.raw_deals import RawDeal
from records.cards.whist_display import pbn_text
from records.core.model import WARNING, Record

DEAL_HEADING = re.compile(r"^\s*(?:ILLUSTRATIVE\s+|_=)?(?P<word>HAND|DEAL|GAME|EXAMPLE|PROBLEM|Hand|Deal|"
                          r"Game|Example|Problem)\s+(?:NO\.?\s*|No\.?\s*)?(?P<n>[IVXLC]+|\d+)\b[.:]?")
SECTION_HEADING = re.compile(r"^\s*[A-Z][A-Z0-9 ,.'’\-]{3,}[.:]?\s*$")
REACH = 60        # the words about a deal stand within this many lines above it


@dataclass
class Found:
    region: object        # a trick table's Region, or a ProseRun
    caption: int          # 0-based first line of the lines printed directly over the table
    start: int            # 0-based first line of its section (its heading, or after the last)
    title: str = ""
    end: int = 0          # 0-based last line read with it


def sections(lines: list[str], regions: list) -> list[Found]:
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


def words_about(lines, item: Found, found: list[Found], cuts: list[int]) -> list:
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


def said_after(lines, first: int, stop: int, stated) -> int:
    """What the text says after the table ("The dealer wins ten tricks"): the last line read."""
    end = first - 1
    for i in range(first, min(stop, first + 8)):
        m = facts_of.DEALER_WINS.search(lines[i])
        claims = [c for c in facts_of.claims_in(lines[i], i + 1) if not m or m.group() not in c.text]
        results = facts_of.results_in(lines[i], i + 1)
        if claims or results:
            for f in stated:
                f.claims += claims
                f.results += results
            end = i
        if m and m.group("n").lower() in facts_of.NUMBER_WORDS:
            for f in stated:
                f.dealer_tricks = facts_of.Said(facts_of.NUMBER_WORDS[m.group("n").lower()],
                                                m.group("n"), i + 1, m.start("n") + 1)
            return i
    return end


def side_options(seats: tuple, stated, diagrams) -> list[Side]:
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
            if set(named) <= set(seats) and len(named) >= 3:
                given = {s: frozenset(c.card for c in named[s].cards) for s in named}
                if len(named) == 3:       # the fourth hand is the cards the others lack
                    rest = DECK.difference(*given.values())
                    given.update({s: rest for s in seats if s not in given})
                    name += ", the fourth hand the cards left"
                hands = tuple(given[s] for s in seats)
                out.append(Side(seats, hands, base.leader, trump, name))
    turned = stated.turnup.value if stated.turnup is not None else ""
    if turned.startswith("?") and trump is ANY and base.leader is not ANY:
        dealer = dealer or seats[(seats.index(base.leader) - 1) % 4]
        return [replace(side, trump=suit) for side in out for suit in "SHDC"
                if suit + turned[1] in side.hands[seats.index(dealer)]] or [base]
    return out or [base]


def turned_card(stated, trump) -> str:
    """The card turned up, when the text tells it and names no other trump ("" if not): a
    rank told alone ("turns the ace") is of the trump the play settled."""
    if stated.turnup is None or stated.trump is not None or trump in (None, ANY):
        return ""
    value = stated.turnup.value
    value = trump + value[1] if value[0] == "?" else value
    return value if value[0] == trump else ""


def finish(rec: Record, raw: RawDeal, stated) -> Record:
    """What is said after the play checked, and the record made bridge when the words say so."""
    dealer_tricks(rec, raw, stated)
    if stated.kind == "bridge" and stated.table is not None and raw.seats == tuple("NESW"):
        auction_checked(rec, raw, stated.table, stated)
    if stated.kind == "bridge":
        as_bridge(rec, raw, stated)
        results_checked(rec, stated.results)
    rec.tags["Trumps"] = raw.trump or "NT"
    return rec


VARIANTS = {"bridge": "bridge", "whist": "short whist", "solo whist": "solo whist",
            "hearts": "hearts"}


def dealer_tricks(rec: Record, raw: RawDeal, stated) -> None:
    said = stated.dealer_tricks
    tricks = rec.data.get("tricks", [])
    if rec.data.get("tricks_played") != 13:
        return
    dealer = rec.data["dealer"]
    if said is not None:
        made = _won(raw.seats, tricks, dealer)
        if said.value != made:
            rec.add(WARNING, "WHIST-RESULT", f"the text says the dealer wins {said.text} tricks "
                    f"but the dealer's side wins {made} in the play", said.line, said.column)
    for claim in stated.claims:
        _check_claim(rec, raw, stated, claim, tricks, dealer)


def _won(seats: tuple, tricks: list, seat: str) -> int:
    side = {seat, seats[(seats.index(seat) + 2) % 4]}
    return sum(1 for t in tricks if t["winner"] in side)


def _check_claim(rec: Record, raw: RawDeal, stated, claim, tricks: list, dealer: str) -> None:
    """A side's tricks as the text claims them ("Y Z win ten tricks") against the play."""
    seats, told = raw.seats, []
    for who, least, most in claim.value:
        if who in ("declarer", "dealer"):
            who = stated.declarer.value if who == "declarer" and stated.declarer else dealer
        if not who or any(s not in seats for s in who) or len(who) > 2 or len(who) == 2 and \
                (seats.index(who[1]) - seats.index(who[0])) % 4 != 2:
            return               # not this deal's seats, or not partners: not a claim on it
        made = _won(seats, tricks, who[0])
        side = " ".join(sorted({who[0], seats[(seats.index(who[0]) + 2) % 4]}, key=seats.index))
        told.append((side, made, least <= made <= most))
    if not all(ok for _, _, ok in told):
        play = " and ".join(f"{side} {made}" for side, made, _ in told)
        rec.add(WARNING, "WHIST-RESULT", f"the text says {claim.text!r} but the play gives "
                f"{play} tricks", claim.line, claim.column)


def auction_checked(rec: Record, raw: RawDeal, table, stated) -> None:
    """An auction table replayed to its contract, kept with the deal (and in its PBN), and
    checked against the dealer, declarer and trump the words or the play give."""
    end = table.end
    if end.problem or end.contract is None:
        rec.add(WARNING, "BRIDGE-AUCTION", "the auction cannot be replayed: "
                + (end.problem or "it is not finished"), table.line, table.column)
        return
    rec.data["auction"], rec.data["auction_from"] = list(table.calls), table.dealer
    rec.tags["Contract"] = str(end.contract)
    if not end.contract.passed_out:
        rec.tags["Declarer"] = end.declarer
    said = [(stated.dealer, table.dealer, "dealer", "makes the first call"),
            (stated.declarer, end.declarer, "declarer", "bids the contract's strain first")]
    for fact, seat, role, why in said:
        if fact is not None and fact.text != "auction" and fact.value != seat:
            rec.add(WARNING, "BRIDGE-AUCTION", f"the text makes {fact.value} {role}, but in the "
                    f"auction {seat} {why}", fact.line, fact.column)
    if not end.contract.passed_out and raw.trump != end.contract.trump:
        rec.add(WARNING, "BRIDGE-AUCTION", f"the auction ends in {end.contract} but the deal is "
                f"played with {raw.trump or 'no'} trumps", table.line, table.column)
    if not end.contract.passed_out:
        _lead_checked(rec, raw, end.declarer, stated)
    rec.normal = pbn_text(rec)


def _lead_checked(rec: Record, raw: RawDeal, declarer: str, stated) -> None:
    """The opening lead is the declarer's left-hand opponent's: a first trick led from another
    seat contradicts the auction (or the auction, or who leads, is misread)."""
    tricks = rec.data.get("tricks") or []
    due = left_of(declarer)
    if not tricks or tricks[0].get("leader") in (None, due):
        return
    where = stated.leader if stated.leader is not None and stated.leader.text != "auction" \
        else (raw.tricks[0].line, 1) if raw.tricks else (rec.line, 1)
    line, column = (where.line, where.column) if hasattr(where, "line") else where
    rec.add(WARNING, "BRIDGE-AUCTION", f"{tricks[0]['leader']} leads to the first trick, but "
            f"in the auction {declarer} declares: the opening lead is {due}'s", line, column)


def as_bridge(rec: Record, raw: RawDeal, stated) -> None:
    """A bridge deal as the bridge family keeps one: hands by compass seat in PBN form, the
    play trick by trick; the book's own seats stay in data["seats"]."""
    seats = raw.seats
    compass = compass_of(seats, raw.top)
    data = rec.data
    data["book_hands"] = data["hands"]
    data["hands"] = {compass[s]: hand_text(frozenset(data["book_hands"][s])) for s in seats}
    data["play"] = [{"leader": compass[t["leader"]], "cards": t["cards"],
                     "winner": compass.get(t["winner"])} for t in data["tricks"]]
    data["stated"] = data.pop("claim", None)
    rec.tags["Dealer"] = compass[data["dealer"]]
    rec.tags["Board"] = raw.title
    declarer = stated.declarer.value if stated.declarer else ""
    passed = stated.passed.value if stated.passed else ""
    if not declarer and passed in seats:      # the dealer left it: the partner declares
        declarer = seats[(seats.index(passed) + 2) % 4]
    if declarer in compass:
        rec.tags["Declarer"] = compass[declarer]
    if stated.contract is not None and stated.table is None:    # said in words, no auction
        rec.tags["Contract"] = stated.contract.value


def results_checked(rec: Record, results: list) -> None:
    """A contract's result as the text says it (`made five`, `down two`, `just made`, `with an
    overtrick`) against the declarer's tricks in the play (all thirteen played)."""
    contract = parse_contract(rec.tags.get("Contract", ""))
    declarer, play = rec.tags.get("Declarer", ""), rec.data.get("play") or []
    if not results or contract is None or contract.passed_out or declarer not in SEATS \
            or len(play) != 13:
        return
    side = {declarer, partner_of(declarer)}
    made = sum(t["winner"] in side for t in play)
    target = contract.target
    for said in results:
        kind, n = said.value
        wanted = {"made": (6 + n, 6 + n), "down": (target - n, target - n),
                  "exact": (target, target), "least": (target, 13),
                  "over": (target + n, target + n)}[kind]
        if not wanted[0] <= made <= wanted[1]:
            rec.add(WARNING, "WHIST-RESULT", f"the text says {said.text!r} of "
                    f"{rec.tags['Contract']} by {declarer}, but the declarer's side takes "
                    f"{made} tricks in the play",
                    said.line, said.column)
