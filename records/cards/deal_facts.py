"""What the words around a printed deal say about it: the game (bridge when the text speaks of
a declarer, dummy, a declaration, no-trump or a bid; solo whist, the game of hearts; else
whist), the trump (declared, turned up, or none), the first leader, the dealer, and the
claims checked against the play ("The dealer wins ten tricks").

Where a table prints several deals side by side, the words over each half are that deal's,
and a sentence about "the first" or "the second" example is that one's; the rest is shared.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from records.cards.auction_tables import (LEVEL, SEAT_WORDS, STRAIN_SAID, Auction, bid_said,
                                         find_auction, find_told_auction, strain_of)
from records.cards.card_forms import GLYPHS, Text, rank_of, suit_of
from records.cards.contract import TRUMP_OF_STRAIN, left_of
from records.cards.trick_tables import ANY

SUIT_WORD = r"(?:spades?|hearts?|diamonds?|clubs?|royals?|[♠♥♦♣♤♡◇♢♧])"
NO_TRUMP = r"(?:no[- ]?trumps?|notrumps?|nullos?|misères?|miseres?|null)"
NUMBER_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen".split())}
SEAT = r"(?:[AYBZNESW]|North|East|South|West)"

BRIDGE = re.compile(r"(?i)\b(?:declarer|dummy|declares|declared|declaring|declaration|"
                    r"no[- ]?trumps?|makes it|bids?|bidder|auction|contract|doubles|doubled)\b")
SOLO = re.compile(r"(?i)\b(?:solo|misère|misere|abundance|prop and cop)\b")
HEARTS_GAME = re.compile(r"(?:Sweepstake|Auction|Domino|Spot|Joker|Progressive|Heart) Hearts\b"
                         r"|\bBlack Lady\b|\bHowell[’']s Settling\b")
TRUMP_STATED = [
    re.compile(rf"(?i)\b(?:makes? it|declares?|declared|declaring|names?|bids?|calls?|goes|"
               rf"plays? (?:it|at))\s+(?:(?:one|two|three|four|five|six|seven|[1-7])\s+)?"
               rf"(?P<suit>{NO_TRUMP}|{SUIT_WORD})"),
    re.compile(rf"(?i)(?P<suit>{SUIT_WORD})\s+(?:are |is |being )?(?:trumps?|declared)\b"),
    re.compile(rf"(?i)\btrumps?[:,]?\s+(?:are\s+)?(?P<suit>{SUIT_WORD})"),
    re.compile(rf"(?i)\b(?P<suit>{NO_TRUMP})\b"),
]
CARD_WORD = r"(?:ace|king|queen|knave|jack|ten|nine|eight|seven|six|five|four|three|two|deuce|trey)"
TURNED = [
    re.compile(rf"(?P<suit>[{GLYPHS}])\s*(?P<rank>10|[AKQJ2-9])\s+turned"),
    re.compile(rf"(?P<rank>10|[AKQJ2-9])\s*(?P<suit>[{GLYPHS}])\s+turned"),
    re.compile(r"(?i)turns? up the (?P<suit>heart|diamond|club|spade)s? (?P<rank>10|[AKQJ2-9]|\w+)"),
    # the turn-up told in the active voice: "Z turns up the seven of hearts", "turns up ♥7"
    re.compile(rf"(?i)\bturn(?:s|ed|ing)? (?:up )?(?:the |a )?(?P<rank>{CARD_WORD}|10|[AKQJ2-9]) of "
               r"(?P<suit>hearts|diamonds|clubs|spades)\b"),
    re.compile(rf"\b(?i:turn(?:s|ed|ing)?) (?:up )?(?:the )?(?:(?P<rank>10|[AKQJ2-9])\s?(?P<suit>[{GLYPHS}])"
               rf"|(?P<suit2>[{GLYPHS}])\s?(?P<rank2>10|[AKQJ2-9]))"),
    # the rank alone ("the dealer turns the ace"): the suit is the trump the play settles
    re.compile(rf"(?i)\bturn(?:s|ed)? (?:up )?the (?P<rank>{CARD_WORD})\b(?! of)"),
    re.compile(rf"(?i)\b(?P<rank>{CARD_WORD}) of (?P<suit>hearts|diamonds|clubs|spades) "
               r"(?:is )?turned"),
    re.compile(rf"(?i)\b(?:turn-?up|trump card)[:,]?\s+(?:is\s+)?(?:the\s+)?"
               rf"(?:(?P<rank>10|[AKQJ2-9])\s*(?P<suit>[{GLYPHS}])|(?P<suit2>[{GLYPHS}])\s*"
               rf"(?P<rank2>10|[AKQJ2-9]))"),
]
LEADER = [re.compile(rf"\b(?P<seat>{SEAT})(?:,[^,.]{{1,30}},)? (?:leads|opens|will lead|led)\b"),
          re.compile(rf"\b(?P<seat>{SEAT}) is (?:always )?the (?:original |first )?leader\b"),
          re.compile(rf"(?i)\b(?:led by|leader[:,]?|opening lead(?: is)?(?: by)?)\s+(?P<seat>{SEAT})\b")]
DEALER = [re.compile(rf"\b(?P<seat>{SEAT}) (?:deals|dealt|is (?:the )?dealer|was (?:the )?dealer|turns up|"
                     r"turned up)\b"),
          re.compile(rf"(?i)\bdealer,?\s+(?:is\s+)?(?P<seat>{SEAT})\b(?!')")]
DECLARER = [re.compile(rf"\b(?P<seat>{SEAT})(?:,[^,.]{{1,40}},|,)?(?: deals and)? (?:declares|makes it|bids|names)\b"),
            re.compile(rf"(?i)\bdealer,?\s+(?P<seat>{SEAT}),?\s+(?:makes it|declares)\b"),
            re.compile(rf"(?i)\bdeclarer,?\s+(?:is\s+)?(?P<seat>{SEAT})\b"),
            re.compile(rf"\b(?P<seat>{SEAT}) (?:makes|made|wins|won|gets|got) the (?:winning |final |"
                       r"last )?(?:declaration|contract|bid)\b"),
            re.compile(rf"\b(?P<seat>{SEAT}) is (?:the )?declarer\b")]
# the dealer passing the declaration to the partner ("Z passes the declaration to Y", "leaves it")
PASSED = re.compile(rf"\b(?P<seat>{SEAT})(?:,[^,.]{{1,40}},)?(?: deals and)? (?:passes|passed|leaves|left) (?:the "
                    rf"(?:declaration|make)|it)\b")
# one bid of an auction told in words ("Z bids one heart", "A, two spades"): the last names trumps
BID = re.compile(rf"(?:(?i:\bbids?|\bcalls?)|\b{SEAT},?) (?:one|two|three|four|five|six|seven|[1-7]) "
                 rf"(?P<suit>(?i:{NO_TRUMP}|{SUIT_WORD}))\b")
BID_CELL = re.compile(rf"(?P<level>[1-7])\s?(?P<strain>[{GLYPHS}]|N\.?\s?T\.?|[SHDC](?![a-z])|"
                      r"(?i:no[- ]?trumps?|spades?|hearts?|diamonds?|clubs?))|(?i:pass|no bid|double|"
                      r"redouble|dbl|rdbl|--?|\u2014)")
DEALER_WINS = re.compile(r"(?i)\b(?:the )?(?P<who>dealer)(?:'s side)? (?:wins|makes|takes) "
                         r"(?P<n>\w+) tricks\b")   # (the declarer's: a claim, CLAIM)
_WHO = (r"(?:[AYBZNESW](?:\s*(?:-|\u2013|and|&)?\s*[AYBZNESW])?(?![\w'’])|(?:North|South|East|West)"
        r"(?:\s*(?:-|\u2013|and|&)\s*(?:North|South|East|West))?|(?i:the declarer|the dealer|"
        r"declarer|dealer)(?:['’]s side)?)")
_AMOUNT = (r"(?:(?P<n>\w+) tricks|(?:the )?(?P<odd>odd) trick|(?P<bc>\w+)(?: tricks?)? by cards|"
           r"(?P<game>game)\b|(?P<grand>grand slam)|(?:a |the )?(?:little |small )?(?P<slam>slam)|"
           r"(?P<all>all) (?:the )?(?:thirteen )?tricks)")
# "Y Z win ten tricks and A B three.", "A-B win the odd trick", "Z makes four by cards",
# "declarer makes game": a side's tricks, checked against the play
CLAIM = re.compile(rf"(?<![\w'’])(?P<who>{_WHO})\s+(?:wins?|won|makes?|made|takes?|took|scores?|"
                   r"scored|gets?|got|gains?|gained)\s+"
                   rf"{_AMOUNT}(?:\s*(?:,|;|and|,\s*and)\s+(?P<who2>{_WHO})\s+(?P<n2>\w+)\b)?")
# a bridge contract's result said after the play: `made five` (its odd tricks), `down two`,
# `just made`, `bid and made`, `made his contract`, `with an overtrick`
RESULT = re.compile(
    r"(?i)\b(?:(?P<exact>just\s+made|made\s+exactly)"
    r"|(?P<least>bid\s+and\s+made|made\s+(?:his|her|the|their)\s+contract|makes\s+(?:his|her|the|"
    r"their)\s+contract|contract\s+(?:is|was)\s+made)"
    r"|with\s+(?P<over>an|one|two|three|four|five|six|\d)\s+overtricks?"
    r"|(?:made|makes|making)\s+(?P<made>one|two|three|four|five|six|seven|[1-7])\b"
    r"(?!\s+(?:tricks?|by\s+cards|odd|of|or))"
    r"|(?:down|set|defeated(?:\s+by)?|(?:went|goes|is|was)\s+down|fail(?:s|ed)\s+by)\s+"
    r"(?P<down>one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|\d{1,2})\b)")
ORDINAL = re.compile(r"(?i)\b(first|second|third|fourth)\b(?= (?:example|illustration|hand|deal|"
                     r"case|instance|table|one)\b)|\b(?:in )?the (first|second|third)\b(?! trick)")
BOTH = re.compile(r"(?i)\b(?:in both|in all|in each|both (?:instances|cases|hands|examples|deals))")
SEAT_NAMES = {"north": "N", "east": "E", "south": "S", "west": "W"}


@dataclass
class Said:
    """A fact read from the text and where it is printed."""
    value: object
    text: str
    line: int
    column: int


@dataclass
class Facts:
    game: str = "whist"               # "bridge", "whist", "solo whist", "hearts"
    bridge_words: list = field(default_factory=list)
    trump: Said | None = None         # value: a suit or None (no-trump)
    turnup: Said | None = None        # value: the card ("H5")
    leader: Said | None = None
    dealer: Said | None = None
    declarer: Said | None = None
    dealer_tricks: Said | None = None
    claims: list = field(default_factory=list)    # Said: value [(who, least, most tricks)]
    results: list = field(default_factory=list)   # Said: a contract's result, (kind, n)
    passed: Said | None = None        # the seat that passed the declaration to its partner
    bids: list = field(default_factory=list)      # Said: an auction's bids told, in order
    auction: bool = False             # an auction printed as a table: its last bid names trumps
    table: Auction | None = None      # an auction table under the seats: every call, in turn
    contract: Said | None = None      # a contract said in words, no auction printed ("4S")

    @property
    def kind(self) -> str:
        return "bridge" if self.game == "bridge" else "whist"

    @property
    def trump_value(self):
        """The trump stated (a misère or nullo has none, whatever is turned up), else the
        turned-up card's suit, else ANY."""
        if self.trump is not None:
            return self.trump.value
        return self.turnup.value[0] if self.turnup is not None and self.turnup.value[0] != "?" \
            else ANY


def read_facts(lines: list[tuple[int, int, str]], sides: int = 1) -> list[Facts]:
    """The facts each of `sides` deals has, from (line, column, text) pieces of text: a piece
    whose column is past the middle of a side-by-side table is given by the caller as that
    side's (see side_pieces); sentences about "the first" or "the second" go to that one."""
    out = [Facts() for _ in range(sides)]
    shared = [p for p in lines if not isinstance(p[0], tuple)]
    for piece in (p for p in lines if isinstance(p[0], tuple)):
        (side, line), column, text = piece
        _read(Text([(line, column, text)]), [out[side]])
    for line, column, text in shared:
        bids = auction_row(text, line)
        for facts in out if bids is not None else ():
            facts.bids += bids
            facts.auction = True
    for sentence in _sentences(Text(shared)):
        targets = _targets(sentence[0], out)
        _read(sentence[1], targets)
    table = (find_auction(shared) or find_told_auction(shared)) if len(out) == 1 else None
    for facts in out:
        if table is not None:
            _from_auction(facts, table)
        elif len(out) == 1:
            _contract_said(facts, Text(shared))
        _settle(facts)
    return out


CONTRACT_SAID = re.compile(
    r"(?i)\b(?:the\s+contract\s+(?:is|was)|contract\s*:|(?P<seat>north|east|south|west)\s+"
    r"(?:is\s+)?(?:plays|playing|played|declares|declared|is\s+declarer\s+at))\s+(?:at\s+)?"
    rf"(?P<level>{LEVEL})\s*(?P<strain>{STRAIN_SAID})(?:\s*,?\s*(?P<re>re)?"
    r"(?P<doubled>doubled))?(?:\s*,?\s+by\s+(?P<by>north|east|south|west))?")


def _contract_said(facts: Facts, words: Text) -> None:
    """A contract said in words where no auction is printed (`The contract is four spades by
    South`, `South plays three no trumps`): the deal's contract, its strain the trump, and
    the seat named its declarer where the words name none."""
    m = CONTRACT_SAID.search(words.text)
    if m is None:
        return
    strain = strain_of(m.group("strain"))
    contract = bid_said(m.group("level"), m.group("strain")) + \
        ("XX" if m.group("re") else "X" if m.group("doubled") else "")
    line, column = words.where(m.start())
    facts.contract = Said(contract, m.group(), line, column)
    facts.bridge_words.append("contract")
    if facts.trump is None:
        facts.trump = Said(TRUMP_OF_STRAIN.get(strain), m.group(), line, column)
    seat = m.group("by") or m.group("seat")
    if seat and facts.declarer is None:
        facts.declarer = Said(SEAT_WORDS[seat.lower()], m.group(), line, column)


def _from_auction(facts: Facts, table: Auction) -> None:
    """What an auction table settles where the words do not say it: the dealer (the first
    call's seat), the declarer (its contract's), the leader (the declarer's left); and the
    trump, the contract's strain. The deal checks the table against what the words say
    (deal_sections.auction_checked)."""
    facts.table = table
    facts.bridge_words.append("auction")
    at = (table.line, table.column)
    if facts.dealer is None:
        facts.dealer = Said(table.dealer, "auction", *at)
    end = table.end
    if end.problem or end.contract is None or end.contract.passed_out:
        return
    said = facts.declarer   # (`East bids one diamond` in an auction told is no declaration)
    if said is None or table.told and table.line <= said.line <= table.end_line:
        facts.declarer = Said(end.declarer, "auction", *at)
    # the contract's strain, whatever the words of the table's cells seemed to name ("1 no trump")
    facts.trump = Said(end.contract.trump, str(end.contract), *at)
    if facts.leader is None:
        facts.leader = Said(left_of(end.declarer), "auction", *at)


def auction_row(text: str, line: int) -> list[Said] | None:
    """The bids of a printed auction's row ("1 ♦    1 ♠    2 ♦    Pass"): every cell a bid or a
    call, one of them a pass, double or a one-level bid (no card is a one); None otherwise."""
    cells = [c for c in re.split(r"\s{2,}|\t|\|", text.strip()) if c.strip()]
    if not cells or len(cells) > 8:
        return None
    bids, called = [], False
    for cell in cells:
        m = BID_CELL.fullmatch(cell.strip())
        if m is None:
            return None
        if m.group("level"):
            strain = m.group("strain").upper().replace(".", "").replace(" ", "")
            value = None if strain.startswith("N") else suit_of(strain[0]) or suit_of(strain)
            bids.append(Said(value, cell.strip(), line, text.find(cell) + 1))
        called = called or not m.group("level") or m.group("level") == "1"
    return bids if called else None


def _sentences(text: Text):
    start = 0
    for m in re.finditer(r"(?<=[.!?])\s+(?=[A-Z_])|(?<=;)\s+|$", text.text):
        piece = text.text[start:m.start()]
        if piece.strip():
            yield piece, text.part(start, m.start())
        start = m.end()


def _targets(sentence: str, out: list[Facts]) -> list[Facts]:
    if len(out) == 1 or BOTH.search(sentence):
        return out
    m = ORDINAL.search(sentence)
    if m:
        k = ["first", "second", "third", "fourth"].index((m.group(1) or m.group(2)).lower())
        return [out[k]] if k < len(out) else []
    return out


def _read(text: Text, targets: list[Facts]) -> None:
    s = text.text
    for facts in targets:
        if HEARTS_GAME.search(s):
            facts.game = "hearts"
        elif SOLO.search(s) and facts.game != "hearts":
            facts.game = "solo whist"
        for m in BRIDGE.finditer(s):
            facts.bridge_words.append(m.group())
        _first(facts, "turnup", TURNED, s, text, _turned)
        if not _passed(facts, s, text):
            _first(facts, "trump", TRUMP_STATED, s, text, _trump)
        _first(facts, "leader", LEADER, s, text, _seat)
        _first(facts, "dealer", DEALER, s, text, _seat)
        _first(facts, "declarer", DECLARER, s, text, _seat)
        facts.bids += [Said(_trump(m), m.group(), *text.where(m.start())) for m in BID.finditer(s)
                       if _trump(m) is not False]
        m = DEALER_WINS.search(s)
        if m and facts.dealer_tricks is None and m.group("n").lower() in NUMBER_WORDS:
            facts.dealer_tricks = Said(NUMBER_WORDS[m.group("n").lower()], m.group("n"),
                                       *text.where(m.start("n")))


def claims_in(text: str, line: int) -> list[Said]:
    """The trick-result claims of a line: Said(parts, text, line, column), a part (who, least,
    most): `who` a seat, a pair of seats or "declarer"/"dealer", and the tricks its side took."""
    out = []
    for m in CLAIM.finditer(text):
        amount = _amount(m)
        parts = [(_who(m.group("who")), *amount)] if amount is not None else []
        n2 = (m.group("n2") or "").lower()
        if m.group("who2") and n2 in NUMBER_WORDS:
            parts.append((_who(m.group("who2")), NUMBER_WORDS[n2], NUMBER_WORDS[n2]))
        if parts:
            out.append(Said(parts, m.group(), line, m.start() + 1))
    return out


def results_in(text: str, line: int) -> list[Said]:
    """A bridge contract's results said in a line: Said((kind, n), text, line, column), kind
    "made" (n odd tricks), "down" (n under), "exact", "least" (made it), "over" (n over)."""
    out = []
    for m in RESULT.finditer(text):
        kind = next(k for k in ("exact", "least", "over", "made", "down") if m.group(k))
        word = m.group(kind).lower() if kind in ("over", "made", "down") else "0"
        n = 1 if word == "an" else NUMBER_WORDS.get(word, int(word) if word.isdigit() else 0)
        out.append(Said((kind, n), m.group(), line, m.start() + 1))
    return out


def _amount(m) -> tuple[int, int] | None:
    """The least and most tricks the claim gives its side, or None for a number not read."""
    for group, base in (("n", 0), ("bc", 6)):
        word = (m.group(group) or "").lower()
        if word:
            n = NUMBER_WORDS.get(word, int(word) if word.isdigit() else None)
            return None if n is None else (base + n, base + n)
    if m.group("odd"):
        return 7, 7
    if m.group("grand") or m.group("all"):
        return 13, 13
    if m.group("slam"):
        return 12, 12
    return 7, 13          # game: at least the odd trick, whatever the score before


def _who(text: str) -> str:
    words = re.findall(r"[A-Za-z]+", text)
    if words[-1].lower() in ("declarer", "dealer") or words[-1].lower() == "side":
        return "declarer" if "declarer" in text.lower() else "dealer"
    return "".join(SEAT_NAMES.get(w.lower(), w) for w in words if w.lower() not in ("and",))


def _passed(facts: Facts, s: str, text: Text) -> bool:
    """The declaration passed: the strain is the one the partner names after it (what the
    dealer might have named before does not count)."""
    m = PASSED.search(s) if facts.passed is None else None
    if m is None:
        return False
    facts.passed = Said(_seat(m), m.group(), *text.where(m.start()))
    rest = s[m.end():]
    for pattern in TRUMP_STATED:
        found = pattern.search(rest)
        if found and _trump(found) is not False:
            facts.trump = Said(_trump(found), found.group(), *text.where(m.end() + found.start()))
            return True
    facts.trump = None                 # named later, by the partner
    return True


def _first(facts: Facts, name: str, patterns, s: str, text: Text, value_of) -> None:
    if getattr(facts, name) is not None:
        return
    for pattern in patterns:
        for m in pattern.finditer(s):
            value = value_of(m)
            if value is not False:
                setattr(facts, name, Said(value, m.group(), *text.where(m.start())))
                return


def _turned(m) -> object:
    """The card turned up ("H7"), or "?A" when only its rank is told."""
    g = m.groupdict()
    suit, rank = g.get("suit") or g.get("suit2"), g.get("rank") or g.get("rank2")
    suit, rank = suit_of(suit) if suit else "", rank_of(rank) if rank else ""
    if rank and "suit" not in g and "suit2" not in g:
        return "?" + rank
    return suit + rank if suit and rank else False


def _trump(m) -> object:
    word = m.group("suit").lower()
    if re.fullmatch(NO_TRUMP, word, re.I):
        return None
    if word.startswith("royal"):
        return "S"
    return suit_of(word) or False


def _seat(m) -> object:
    seat = m.group("seat")
    return SEAT_NAMES.get(seat.lower(), seat)


def _settle(facts: Facts) -> None:
    """The game the words name: a turned-up trump is whist's, a declaration bridge's; an
    auction told bid by bid names trumps by its last bid."""
    if (len(facts.bids) > 1 or facts.auction and facts.bids) and facts.table is None:
        facts.trump = facts.bids[-1]
        facts.bridge_words.append("auction")
    if facts.game in ("hearts",):
        facts.trump, facts.turnup = Said(None, "hearts", 0, 0), None
        return
    if facts.game == "solo whist":
        return
    if facts.bridge_words and facts.turnup is None:
        facts.game = "bridge"


def side_pieces(lines: list[str], first: int, stop: int, cuts: list[int]) -> list:
    """(line, column, text) pieces of lines[first:stop] (0-based): a line printed in columns
    over a side-by-side table is cut at the table's divisions, each part its side's
    ((side, line), column, text); running text stays whole."""
    out = []
    for i in range(first, stop):
        text = lines[i]
        if not text.strip():
            continue
        parts = _split(text, cuts) if cuts else None
        if parts:
            out += [((k, i + 1), a + 1, piece) for k, (a, piece) in enumerate(parts) if piece.strip()]
        else:
            out.append((i + 1, 1, text))
    return out


def _split(text: str, cuts: list[int]) -> list[tuple[int, str]] | None:
    """A line whose text breaks (a gap or a rule) at every cut, in pieces; None otherwise."""
    bounds = [0] + cuts + [len(text)]
    pieces = []
    for a, b in zip(bounds, bounds[1:]):
        pieces.append((a, text[a:b]))
    for cut in cuts:
        around = text[max(0, cut - 3):cut + 3]
        if cut < len(text) and not re.search(r"\s{2}|[|+]", around):
            return None
    return pieces
