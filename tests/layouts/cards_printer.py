"""Whist and bridge deals made up at random, played out legally, and printed the ways books
print them: trick tables in seat order or in playing order (a trick a row, or a hand a row),
two deals side by side, tricks told in sentences; marks on the winner or the leader (brackets,
parentheses, underlining, tags, asterisks, arrows); hands in compass diagrams of any frame, in
lists and in tables, at the start or the end; every vocabulary of ranks, suits, voids and seats.

Each printed deal knows what it prints (the hands, every trick's leader, cards and winner) and
where each card stands, so a test can read it back card for card and plant a misprint at a
known line.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial

RANKS = "AKQJT98765432"
SUITS = "SHDC"
AYBZ, NESW = ("A", "Y", "B", "Z"), ("N", "E", "S", "W")
SEAT_WORD = {"N": "North", "E": "East", "S": "South", "W": "West"}
ROLE = {"A": "Leader", "Y": "Dummy", "B": "Pone", "Z": "Dealer"}
SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORD = {"A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "ten", "9": "nine",
             "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
             "2": "two"}


# -- vocabularies ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Vocab:
    name: str
    ranks: dict                 # rank letter -> as printed (others as themselves)
    suits: dict                 # suit letter -> as printed in tables
    suit_first: bool = False    # ♠K rather than K♠ in tables
    void: str = "—"

    def rank(self, r: str) -> str:
        return self.ranks.get(r, r)

    def card(self, card: str) -> str:
        rank, suit = self.rank(card[1]), self.suits[card[0]]
        return suit + rank if self.suit_first else rank + suit


GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
OUTLINE = {"S": "♠", "H": "♡", "D": "♢", "C": "♣"}
LETTERS = {s: s for s in SUITS}
TAGS = {s: f"[{s}]" for s in SUITS}
VOCABS = [
    Vocab("glyphs, 10", {"T": "10"}, GLYPHS),
    Vocab("outline glyphs first, T", {}, OUTLINE, suit_first=True, void="-"),
    Vocab("letters, 10", {"T": "10"}, LETTERS, void="None"),
    Vocab("letters, T", {}, LETTERS, void="void"),
    Vocab("old abbreviations", {"K": "Kg", "Q": "Qn", "J": "Knv", "T": "10"}, OUTLINE, void=""),
    Vocab("words", {"A": "Ace", "K": "King", "Q": "Queen", "J": "Knave", "T": "10"}, GLYPHS,
          void="None"),
    Vocab("tags", {"T": "10"}, TAGS, void="None"),
]
VOCAB = {v.name: v for v in VOCABS}

MARKS = {
    "brackets": lambda t: f"[{t}]", "parentheses": lambda t: f"({t})",
    "underline": lambda t: f"_{t}_", "bold": lambda t: f"<b>{t}</b>",
    "tag f": lambda t: f"<f>{t}</f>", "star after": lambda t: f"{t}*",
    "star before": lambda t: f"*{t}", "arrow": lambda t: f"->{t}", "left arrow": lambda t: f"{t}←",
    "double stars": lambda t: f"**{t}**",
}
# marks on a seat's letter in a trick block's line of seats ("1. Y B Z A↷")
SEAT_MARKS = {
    "seat arrow": lambda s: f"{s}↷", "seat star": lambda s: f"{s}*",
    "seat underlined": lambda s: f"_{s}_", "seat in brackets": lambda s: f"[{s}]",
}


# -- deals ------------------------------------------------------------------------------------
@dataclass
class Deal:
    seats: tuple
    hands: dict                        # seat -> list of cards
    kind: str                          # "whist" or "bridge"
    trump: str | None
    leader: str
    dealer: str
    turnup: str = ""
    tricks: list = field(default_factory=list)    # (leader, {seat: card}, winner)

    def cards_in_order(self, number: int) -> list[tuple[str, str]]:
        leader, played, _ = self.tricks[number]
        i = self.seats.index(leader)
        return [(self.seats[(i + k) % 4], played[self.seats[(i + k) % 4]]) for k in range(4)]


def make_deal(rng: random.Random, seats: tuple, kind: str, voids: bool = False) -> Deal:
    cards = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(cards)
    hands = {seat: sorted(cards[13 * k:13 * k + 13], key=_order) for k, seat in enumerate(seats)}
    if voids:
        _make_voids(rng, hands, seats)
    dealer = seats[3]
    leader = seats[0]
    if kind == "whist":
        turnup = rng.choice(hands[dealer])
        deal = Deal(seats, hands, kind, turnup[0], leader, dealer, turnup)
    else:
        deal = Deal(seats, hands, kind, rng.choice([None, "S", "H", "D", "C"]), leader, dealer)
    deal.tricks = play_out(hands, deal.trump, leader, seats, rng)
    return deal


def _order(card: str) -> tuple:
    return SUITS.index(card[0]), RANKS.index(card[1])


def _make_voids(rng, hands: dict, seats: tuple) -> None:
    for seat, suit in zip(seats[:2], rng.sample(SUITS, 2)):
        for card in [c for c in hands[seat] if c[0] == suit]:
            giver = next(s for s in rng.sample([x for x in seats if x != seat], 3)
                         if any(c[0] != suit for c in hands[s]))
            swap = rng.choice([c for c in hands[giver] if c[0] != suit])
            hands[giver][hands[giver].index(swap)] = card
            hands[seat][hands[seat].index(card)] = swap
    for seat in seats:
        hands[seat].sort(key=_order)


def winner_of(played: dict, leader: str, seats: tuple, trump) -> str:
    led = played[leader][0]
    return max(played, key=lambda s: (played[s][0] == trump, played[s][0] == led,
                                      -RANKS.index(played[s][1])))


def play_out(hands: dict, trump, leader: str, seats: tuple, rng) -> list:
    """Thirteen tricks played legally (follow suit), each card chosen at random."""
    left = {s: list(h) for s, h in hands.items()}
    tricks = []
    for _ in range(13):
        i = seats.index(leader)
        played, led = {}, None
        for k in range(4):
            seat = seats[(i + k) % 4]
            follow = [c for c in left[seat] if led and c[0] == led]
            card = rng.choice(follow or left[seat])
            led = led or card[0]
            played[seat] = card
            left[seat].remove(card)
        winner = winner_of(played, leader, seats, trump)
        tricks.append((leader, played, winner))
        leader = winner
    return tricks


# -- what a printed deal carries ---------------------------------------------------------------
@dataclass
class Printed:
    deals: list                                   # the Deal(s) printed
    lines: list = field(default_factory=list)
    where: dict = field(default_factory=dict)     # (deal, trick, seat) -> 0-based line
    layout: str = ""

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def words_before(deal: Deal, style: int) -> list[str]:
    """The sentences a book prints before a deal: the dealer, the trump, the first leader."""
    d, lead = deal.dealer, deal.leader
    named = (lambda s: SEAT_WORD[s]) if deal.seats == NESW else (lambda s: s)
    if deal.kind == "whist":
        card = f"{RANK_WORD[deal.turnup[1]].capitalize()} of {SUIT_WORD[deal.turnup[0]]}"
        return [f"{named(d)} deals. {card} turned up. {named(lead)} leads.", ""] if style % 2 \
            else [f"Score: love-all. {OUTLINE[deal.turnup[0]]}{deal.turnup[1].replace('T', '10')} turned.",
                  f"{named(lead)} leads for the first trick.", ""]
    strain = SUIT_WORD[deal.trump] if deal.trump else "no-trump"
    if style % 2:
        return [f"{named(d)} deals and declares {strain}. {named(lead)} leads.", ""]
    return [f"The dealer, {named(d)}, makes it {strain}. {named(lead)} leads for the first",
            "trick.", ""]


# -- hands as books draw them -----------------------------------------------------------------
def holding(cards: list, suit: str, vocab: Vocab, style: str) -> str:
    ranks = [vocab.rank(c[1]) for c in sorted(cards, key=_order) if c[0] == suit]
    if style == "trailing":
        return f"{', '.join(ranks) or vocab.void:<22}{OUTLINE[suit]}"
    if style in ("dash", "em dash"):    # "S--A, K, 4." (an em dash as Gutenberg types it)
        dash = "--" if style == "dash" else "\u2014"
        return f"{suit}{dash}{', '.join(ranks) or vocab.void}."
    body = (", " if style == "word" else " ").join(ranks) or vocab.void
    head = {"glyph": GLYPHS[suit], "outline": OUTLINE[suit], "letter": f"{suit}:",
            "tag": f"[{suit}]", "word": f"{SUIT_WORD[suit].capitalize()}:"}[style]
    return f"{head} {body}".rstrip()


def label(seat: str, seats: tuple, words: bool) -> str:
    return SEAT_WORD[seat] if words and seats == NESW else seat


def compass(deal: Deal, vocab: Vocab, style: str, frame: str, words: bool = False) -> list[str]:
    """N (or the second seat of A Y B Z) at the top, then clockwise: right, bottom, left."""
    seats = deal.seats
    top, right, bottom, left = (seats[1], seats[2], seats[3], seats[0]) if seats == AYBZ \
        else seats
    rows = {s: [holding(deal.hands[s], suit, vocab, style) for suit in SUITS] for s in seats}
    width = max(len(r) for s in seats for r in rows[s]) + 2
    pad = " " * (width + 2)
    inner = 11
    out = [pad + label(top, seats, words)] if frame == "none" else []
    out += [pad + r for r in rows[top]]
    box = {"ascii": ("+" + "-" * inner + "+", "|", "+" + "-" * inner + "+"),
           "box": ("┌" + "─" * inner + "┐", "│", "└" + "─" * inner + "┘"),
           "none": ("", " ", "")}[frame]
    if frame != "none":
        out.append(" " * width + "  " + box[0])
    middle = []
    for k in range(4):
        inside = " " * inner
        if frame != "none" and k == 0:
            inside = label(top, seats, words).center(inner)
        if frame != "none" and k == 2:
            inside = (label(left, seats, words) + " " * inner)[:inner - len(label(right, seats, words))] \
                + label(right, seats, words)
        if frame != "none" and k == 3:
            inside = label(bottom, seats, words).center(inner)
        middle.append(f"{rows[left][k]:<{width}}  {box[1]}{inside}{box[1]}  {rows[right][k]}".rstrip())
    if frame == "none":
        out.append(f"{label(left, seats, words):<{width}}  {' ' * inner}  {label(right, seats, words)}")
    out += middle
    if frame != "none":
        out.append(" " * width + "  " + box[2])
    else:
        out.append(pad + label(bottom, seats, words))
    out += [pad + r for r in rows[bottom]]
    return out + [""]


def hand_list(deal: Deal, vocab: Vocab, style: str, words: bool = False) -> list[str]:
    """A hand a line: "North: ♠ A K 7 ♥ K J 10 4 ♦ A Q 3 ♣ K 8 6"."""
    out = []
    for seat in deal.seats:
        parts = [holding(deal.hands[seat], suit, vocab, style) for suit in SUITS]
        out.append(f"{label(seat, deal.seats, words)}:  " + "  ".join(parts))
    return out + [""]


def hands_table(deal: Deal, vocab: Vocab, style: str) -> list[str]:
    """A hand a column under the seats, a suit a row."""
    out = ["".join(f"{seat:<26}" for seat in deal.seats).rstrip()]
    for suit in SUITS:
        cells = [holding(deal.hands[s], suit, vocab, style) for s in deal.seats]
        out.append("".join(f"{c:<26}" for c in cells).rstrip())
    return out + [""]


# -- tricks as books print them ---------------------------------------------------------------
def marked(deal: Deal, number: int, seat: str, vocab: Vocab, mark: str, meaning: str,
           cards: dict | None = None) -> str:
    leader, played, winner = deal.tricks[number]
    card = (cards or played)[seat]
    text = vocab.card(card)
    target = winner if meaning == "winner" else leader
    if not mark or seat != target:
        return text
    rank, suit = vocab.rank(card[1]), vocab.suits[card[0]]
    if mark == "rank in parentheses":            # "(K)♠": the rank alone marked
        return suit + f"({rank})" if vocab.suit_first else f"({rank})" + suit
    if mark == "rank alone in brackets":         # "[K]": the suit left to the play
        return f"[{rank}]"
    return MARKS[mark](text)


def seat_rows(p: Printed, d: int, vocab: Vocab, mark: str, meaning: str, width: int,
              left: str, sep: str, right: str, numbers: str, misprint=None) -> None:
    deal = p.deals[d]
    for n in range(13):
        cards = _misprinted(deal, n, misprint)
        cells = [marked(deal, n, s, vocab, mark, meaning, cards).center(width) for s in deal.seats]
        number = {"right": f"{sep}{n + 1:>3} ", "left": "", "none": ""}[numbers]
        lead = {"left": f"{n + 1:>3}. ", "right": "", "none": ""}[numbers]
        p.lines.append(("  " + left + lead + sep.join(cells) + number + right).rstrip())
        for s in deal.seats:
            p.where[(d, n, s)] = len(p.lines) - 1


def _misprinted(deal: Deal, n: int, misprint) -> dict:
    played = dict(deal.tricks[n][1])
    if misprint:
        for (trick, seat), card in misprint.items():
            if trick == n:
                played[seat] = card
    return played


def table_framed(p: Printed, vocab, mark, meaning, misprint, frame="ascii") -> None:
    deal, w = p.deals[0], 7
    h, v, c = {"ascii": ("-", "|", "+"), "box": ("─", "│", "┼")}[frame]
    rule = "  " + c + c.join(h * w for _ in range(4)) + c + h * 4 + c
    p.lines += [rule, "  " + v + v.join(s.center(w) for s in deal.seats) + v + "    " + v, rule]
    seat_rows(p, 0, vocab, mark, meaning, w, v, v, v, "right", misprint)
    p.lines += [rule, ""]


def table_numbered(p: Printed, vocab, mark, meaning, misprint) -> None:
    """| TRICK |   A   |   Y   |   B   |   Z   |, the trick's number in the first column."""
    deal, w = p.deals[0], 9
    rule = "    +-------+" + "+".join("-" * w for _ in range(4)) + "+"
    p.lines += [rule, "    | TRICK |" + "|".join(s.center(w) for s in deal.seats) + "|", rule]
    for n in range(13):
        cards = _misprinted(deal, n, misprint)
        cells = [marked(deal, n, s, vocab, mark, meaning, cards).center(w) for s in deal.seats]
        p.lines.append(f"    |  {n + 1:>3}  |" + "|".join(cells) + "|")
        for s in deal.seats:
            p.where[(0, n, s)] = len(p.lines) - 1
    p.lines += [rule, ""]


def tricks_in_blocks(p: Printed, vocab, mark, meaning, misprint) -> None:
    """A trick a block: its heading, the seats, the four cards under them."""
    deal = p.deals[0]
    for n in range(13):
        cards = _misprinted(deal, n, misprint)
        p.lines += [f"TRICK {n + 1}.", "  " + "".join(s.center(8) for s in deal.seats).rstrip(),
                    "  " + "".join(marked(deal, n, s, vocab, mark, meaning, cards).center(8)
                                   for s in deal.seats).rstrip(), ""]
        for s in deal.seats:
            p.where[(0, n, s)] = len(p.lines) - 2


def table_plain(p: Printed, vocab, mark, meaning, misprint, words=False, tabs=False) -> None:
    deal, w = p.deals[0], 10
    names = [label(s, deal.seats, words) for s in deal.seats]
    if tabs:
        p.lines.append("Trick\t" + "\t".join(names))
        for n in range(13):
            cards = _misprinted(deal, n, misprint)
            p.lines.append(f"{n + 1}\t" + "\t".join(
                marked(deal, n, s, vocab, mark, meaning, cards) for s in deal.seats))
            for s in deal.seats:
                p.where[(0, n, s)] = len(p.lines) - 1
    else:
        p.lines.append("  Trick " + "".join(x.center(w) for x in names))
        seat_rows(p, 0, vocab, mark, meaning, w, "", "", "", "left", misprint)
    p.lines.append("")


def table_by_roles(p: Printed, vocab, mark, meaning, misprint) -> None:
    """No trick numbers; the columns headed by role: Leader Dummy Pone Dealer."""
    deal, w = p.deals[0], 10
    p.lines.append("  " + "".join(ROLE[s].upper().center(w) for s in deal.seats))
    seat_rows(p, 0, vocab, mark, meaning, w, "", "", "", "none", misprint)
    p.lines.append("")


def table_side_by_side(p: Printed, vocab, mark, meaning, misprint) -> None:
    """Two deals sharing the trick-number column."""
    w = 7
    left, right = p.deals
    cap = [words_before(x, 0)[0] for x in (left, right)]
    p.lines.append(f"  {cap[0]:<34}|    |  {cap[1]}")
    head = "".join(s.center(w) for s in left.seats)
    p.lines.append(f"  {head:<34}|    |  " + "".join(s.center(w) for s in right.seats))
    p.lines.append("  " + "+".join(["-" * w] * 4) + "------+----+" + "+".join(["-" * w] * 4))
    for n in range(13):
        a = _misprinted(left, n, misprint)
        cells_l = "|".join(marked(left, n, s, vocab, mark, meaning, a).center(w) for s in left.seats)
        cells_r = "|".join(marked(right, n, s, vocab, mark, meaning).center(w) for s in right.seats)
        p.lines.append(f"  {cells_l:<34}| {n + 1:>2} |  {cells_r}".rstrip())
        for s in left.seats:
            p.where[(0, n, s)] = len(p.lines) - 1
            p.where[(1, n, s)] = len(p.lines) - 1
    p.lines.append("")


def table_playing_order(p: Printed, vocab, mark, meaning, misprint) -> None:
    """Each trick's cards as they fell, from its leader."""
    deal = p.deals[0]
    for n in range(13):
        cards = _misprinted(deal, n, misprint)
        order = [s for s, _ in deal.cards_in_order(n)]
        cells = [marked(deal, n, s, vocab, mark, meaning, cards).ljust(8) for s in order]
        p.lines.append(f"  Trick {n + 1:<3}  " + "".join(cells).rstrip())
        for s in order:
            p.where[(0, n, s)] = len(p.lines) - 1
    p.lines.append("")


def table_hand_a_row(p: Printed, vocab, mark, meaning, misprint) -> None:
    """A seat a row, the tricks down the columns."""
    deal = p.deals[0]
    p.lines.append("     " + "".join(f"{n + 1:<7}" for n in range(13)).rstrip())
    for s in deal.seats:
        cells = [marked(deal, n, s, vocab, mark, meaning, _misprinted(deal, n, misprint)).ljust(7)
                 for n in range(13)]
        p.lines.append(f"  {s}  " + "".join(cells).rstrip())
        for n in range(13):
            p.where[(0, n, s)] = len(p.lines) - 1
    p.lines.append("")


def tricks_in_words(p: Printed, vocab, mark, meaning, misprint) -> None:
    """"Trick 3. B leads the K♠; Z plays the 4♠, A the 9♠ and Y the 2♠." """
    deal = p.deals[0]
    for n in range(13):
        cards = _misprinted(deal, n, misprint)
        (s0, _), *rest = deal.cards_in_order(n)
        said = [f"{s0} leads the {vocab.card(cards[s0])}"]
        for k, (s, _) in enumerate(rest):
            verb = "plays the" if k == 0 else "the"
            said.append(f"{s} {verb} {vocab.card(cards[s])}")
        p.lines.append(f"Trick {n + 1}. " + "; ".join(said[:2]) + ", " + " and ".join(said[2:]) + ".")
        for s in deal.seats:
            p.where[(0, n, s)] = len(p.lines) - 1
    p.lines.append("")


def tricks_told_wrapped(p: Printed, vocab, mark, meaning, misprint) -> None:
    """The play told as a story in one paragraph, as bridge books tell it, the lines broken
    anywhere (a trick may end mid-line): "West led the knave of hearts, North played the
    three of hearts, East the king of hearts and South the two of hearts. East led ..." """
    deal = p.deals[0]
    text, at = "", {}
    for n in range(13):
        cards = _misprinted(deal, n, misprint)
        (s0, _), *rest = deal.cards_in_order(n)
        parts = []
        for k, seat in enumerate([s0] + [s for s, _ in rest]):
            verb = " led the " if k == 0 else " played the " if k == 1 else " the "
            head = ("" if k == 0 else ", " if k < 3 else " and ") + SEAT_WORD[seat] + verb
            at[(n, seat)] = len(text) + sum(map(len, parts)) + len(head)
            parts.append(head + vocab.card(cards[seat]))
        text += "".join(parts) + ". "
    width, first = 58 + len(p.lines) % 15, len(p.lines)
    starts, line = [0], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            p.lines.append(line)
            starts.append(starts[-1] + len(line) + 1)
            line = word
        else:
            line = f"{line} {word}" if line else word
    p.lines.append(line)
    for (n, seat), offset in at.items():
        p.where[(0, n, seat)] = first + max(k for k, s in enumerate(starts) if s <= offset)
    p.lines.append("")


# -- a trick a block, under a heading in any wording --------------------------------------------
ORDINAL = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
           "thirteenth").split()
ROMAN = "I II III IV V VI VII VIII IX X XI XII XIII".split()
HEADINGS = {
    "TRICK 1.": lambda n: f"TRICK {n}.",
    "Trick the first": lambda n: f"Trick the {ORDINAL[n - 1]}",
    "1st trick": lambda n: f"{n}{'st' if n % 10 == 1 and n != 11 else 'nd' if n % 10 == 2 and n != 12 else 'rd' if n % 10 == 3 and n != 13 else 'th'} trick",
    "First Trick.": lambda n: f"{ORDINAL[n - 1].capitalize()} Trick.",
    "TRICK I.": lambda n: f"TRICK {ROMAN[n - 1]}.",
    "Trick No. 1": lambda n: f"Trick No. {n}",
    "[Illustration: TRICK 1.": lambda n: f"[Illustration: TRICK {n}.",
}


def tricks_under_headings(p: Printed, vocab, mark, meaning, misprint, heading="TRICK 1.",
                          rotate=0, count=False, numbered=True) -> None:
    """A trick a block: its heading, the running count (TRICKS {AB, 0 YZ, 1), the trick's
    number and the seats in one fixed order (a mark on the leader's or winner's seat, or on the
    card), the four cards under them."""
    deal = p.deals[0]
    seats = deal.seats[rotate:] + deal.seats[:rotate]
    won = {s: 0 for s in deal.seats}
    for n in range(13):
        cards = _misprinted(deal, n, misprint)
        leader, _, winner = deal.tricks[n]
        won[winner] += 1
        target = winner if meaning == "winner" else leader
        names = [SEAT_MARKS[mark](s) if mark in SEAT_MARKS and s == target else s for s in seats]
        shown = [vocab.card(cards[s]) if mark in SEAT_MARKS else
                 marked(deal, n, s, vocab, mark, meaning, cards) for s in seats]
        p.lines.append(HEADINGS[heading](n + 1))
        if count:
            ab, yz = won[deal.seats[0]] + won[deal.seats[2]], won[deal.seats[1]] + won[deal.seats[3]]
            p.lines += ["", f"  TRICKS {{{deal.seats[0]}{deal.seats[2]}, {ab} "
                        f"{deal.seats[1]}{deal.seats[3]}, {yz}", ""]
        p.lines.append("  " + (f"{n + 1}. " if numbered else "") + " ".join(names))
        p.lines.append("  " + " ".join(shown) + ("]" if heading.startswith("[") else ""))
        for s in deal.seats:
            p.where[(0, n, s)] = len(p.lines) - 1
        p.lines.append("")


def known_hand(deal: Deal, seat: str, vocab: Vocab) -> list[str]:
    """One player's hand before the play: a suit a row, its ranks, then the suit mark."""
    out = [f"{seat}'S HAND.", ""]
    for suit in SUITS:
        out.append("  " + holding(deal.hands[seat], suit, vocab, "trailing"))
    return out + [""]


def seat_table(deal: Deal, vocab: Vocab, seats: tuple) -> list[str]:
    """The hands side by side under "Y'S HAND. | B'S HAND. | ...", a suit a row."""
    w = 24
    out = ["THE HANDS.", "", "  " + " | ".join(f"{s}'S HAND.".ljust(w) for s in seats).rstrip()]
    for suit in SUITS:
        cells = []
        for s in seats:
            ranks = [vocab.rank(c[1]) for c in sorted(deal.hands[s], key=_order) if c[0] == suit]
            cells.append((", ".join(ranks) or "—").ljust(w - 1) + OUTLINE[suit])
        out.append("  " + " | ".join(cells))
    return out + [""]


# -- the layouts ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    name: str
    seats: tuple
    kind: str
    vocabs: tuple                  # the vocabularies it is printed in
    hands: str                     # "", "compass", "compass box", "list", "table", "list after",
                                   # "one hand, the others after", "seat table after"
    tricks: object                 # one of the table printers
    mark: str = ""
    meaning: str = "winner"        # "either": the winner's with an odd seed, else the leader's
    deals: int = 1
    options: tuple = ()
    diagram: str = ""              # holding style in the hands drawn ("" : from the vocabulary)


def _style(vocab: Vocab, layout: Layout) -> str:
    if layout.diagram:
        return layout.diagram
    return {"[S]": "tag", "S": "letter"}.get(vocab.suits["S"], "glyph")


def print_deal(layout: Layout, vocab: Vocab, seed: int, misprint: str = "") -> tuple[Printed, tuple]:
    """The layout printed with a deal made from the seed; with a misprint ("card" or "revoke"),
    also the 0-based line where it stands."""
    rng = random.Random(seed)
    deals = [make_deal(rng, layout.seats, layout.kind, voids=seed % 3 == 0)
             for _ in range(layout.deals)]
    p = Printed(deals, [], {}, layout.name)
    p.lines += ["CHAPTER XI.", "", "Some words of a book about play, with no cards in them.", ""]
    planted, at = _plant(deals[0], layout, rng, misprint)
    hand_heading = next((o for o in layout.options if o.startswith("hand heading")), "")
    if hand_heading:
        form = hand_heading.partition(":")[2] or "HAND {n}."
        p.lines += [form.format(n=seed + 1), ""]
    if "heading" in layout.options:
        p.lines += [f"ILLUSTRATIVE HAND NO. {seed + 1}", "", "_A hand made up for the test._", ""]
    if layout.deals == 1:
        p.lines += words_before(deals[0], seed)
    style = _style(vocab, layout)
    if layout.hands in ("compass", "compass box", "compass labelled"):
        frame = {"compass": "none", "compass box": "box", "compass labelled": "ascii"}[layout.hands]
        p.lines += compass(deals[0], vocab, style, frame, words="words" in layout.options)
    elif layout.hands == "list":
        p.lines += hand_list(deals[0], vocab, style, words="words" in layout.options)
    elif layout.hands == "one hand, the others after":
        p.lines += known_hand(deals[0], deals[0].seats[0], vocab)
    kwargs = {k: True for k in layout.options if k in ("words", "tabs")}
    if "box" in layout.options:
        kwargs["frame"] = "box"
    meaning = layout.meaning if layout.meaning != "either" else \
        ("winner" if seed % 2 else "leader")
    layout.tricks(p, vocab, layout.mark, meaning, planted, **kwargs)
    claim_at = None
    if layout.deals == 1:        # what the sides took, said as books say it (false if planted)
        claim_at = len(p.lines) + 1
        p.lines += ["", claim_words(deals[0], seed, false=misprint == "claim"), ""]
    if layout.hands == "list after":
        p.lines += ["THE HANDS.", ""] + hand_list(deals[0], vocab, style)
    elif layout.hands == "table":
        p.lines += ["The full deal:", ""] + hands_table(deals[0], vocab, style)
    elif layout.hands == "one hand, the others after":
        p.lines += seat_table(deals[0], vocab, deals[0].seats[1:])
    elif layout.hands == "seat table after":
        p.lines += seat_table(deals[0], vocab, deals[0].seats)
    p.lines += ["", "More words of the book follow, and name no card at all.", ""]
    line = p.where[(0, at[0], at[1])] if at else None
    return p, claim_at if misprint == "claim" else line


NUMBER = "zero one two three four five six seven eight nine ten eleven twelve thirteen".split()


def claim_words(deal: Deal, style: int, false: bool = False) -> str:
    """"Y Z win eight tricks and A B five.", "A-B win the odd trick.", "North and South make
    two by cards.": the tricks each side took (one more for the first side when false)."""
    s = deal.seats
    won = {k: sum(1 for _, _, w in deal.tricks if w in (s[k], s[k + 2])) for k in (0, 1)}
    more = max((0, 1), key=won.get)
    n = won[more] + (1 if false and won[more] < 13 else -1 if false else 0)
    pair = (lambda k: f"{SEAT_WORD[s[k]]} and {SEAT_WORD[s[k + 2]]}") if s == NESW and style % 2 \
        else (lambda k: f"{s[k]}-{s[k + 2]}") if style % 3 == 0 else (lambda k: f"{s[k]} {s[k + 2]}")
    if style % 4 == 1 and n == 7:
        return f"{pair(more)} win the odd trick."
    if style % 4 == 2 and n > 6:
        return f"{pair(more)} make {NUMBER[n - 6]} by cards."
    return f"{pair(more)} win {NUMBER[n]} tricks and {pair(1 - more)} {NUMBER[13 - n]}."


def _plant(deal: Deal, layout: Layout, rng, misprint: str):
    """A misprint: one card changed to one another hand holds (a card that hand has already
    played, when the table gives no hands), or a revoke (a card a seat plays later swapped
    into a trick where it could follow suit). None when there is none to plant."""
    if not misprint:
        return None, None
    given = bool(layout.hands)
    for _ in range(200):
        n = rng.randrange(1, 13)
        leader, played, winner = deal.tricks[n]
        seat = rng.choice([s for s in deal.seats if s not in (leader, winner)])
        if misprint == "card":
            pool = [c for k in range(n) for s, c in deal.tricks[k][1].items() if s != seat] \
                if not given else [c for s in deal.seats if s != seat for c in deal.hands[s]]
            pool = [c for c in pool if c != played[seat]]
            if pool:
                return {(n, seat): rng.choice(pool)}, (n, seat)
        else:
            later = [(k, deal.tricks[k][1][seat]) for k in range(n + 1, 13)
                     if deal.tricks[k][1][seat][0] != played[leader][0]
                     and deal.tricks[k][1][seat][0] != deal.trump
                     and played[seat][0] == played[leader][0]]
            for k, card in later:
                trial = dict(played, **{seat: card})
                other = dict(deal.tricks[k][1], **{seat: played[seat]})
                if winner_of(trial, leader, deal.seats, deal.trump) == winner and \
                        winner_of(other, deal.tricks[k][0], deal.seats, deal.trump) == deal.tricks[k][2]:
                    return {(n, seat): card, (k, seat): played[seat]}, (n, seat)
    return None, None


LAYOUTS = [
    Layout("seat order, framed, A Y B Z, winner underlined, no hands", AYBZ, "whist",
           ("glyphs, 10", "outline glyphs first, T", "old abbreviations"), "", table_framed,
           "underline"),
    Layout("two deals side by side sharing the trick numbers", AYBZ, "whist",
           ("outline glyphs first, T", "glyphs, 10", "words"), "", table_side_by_side, "underline",
           deals=2),
    Layout("compass N at the top, seat order N E S W, winner in brackets", NESW, "bridge",
           ("glyphs, 10", "letters, 10", "letters, T"), "compass", table_plain, "brackets"),
    Layout("compass in a frame, A Y B Z inside, tags on the winner, [S] suits", AYBZ, "bridge",
           ("tags",), "compass labelled", table_framed, "tag f"),
    Layout("compass in box drawing, playing order, winner starred", AYBZ, "bridge",
           ("glyphs, 10", "old abbreviations", "letters, 10"), "compass box", table_playing_order,
           "star after"),
    Layout("hands a line at the start, North East South West, winner in parentheses", NESW,
           "bridge", ("glyphs, 10", "letters, T", "words"), "list", table_plain, "parentheses",
           options=("words",)),
    Layout("compass of words (Spades: A, K), leader in bold", AYBZ, "whist",
           ("glyphs, 10", "letters, 10", "outline glyphs first, T"), "compass", table_plain,
           "bold", meaning="leader", diagram="word"),
    Layout("full deal at the end in a table, winner marked by an arrow", AYBZ, "whist",
           ("glyphs, 10", "letters, T", "old abbreviations"), "table", table_framed, "arrow"),
    Layout("box-drawn table, leader starred before, hands listed after", NESW, "whist",
           ("outline glyphs first, T", "words", "letters, 10"), "list after", table_framed,
           "star before", meaning="leader", options=("box",)),
    Layout("tab-separated table, hands in a compass, no marks", NESW, "bridge",
           ("glyphs, 10", "letters, 10", "tags"), "compass", table_plain, options=("tabs",)),
    Layout("a hand a row, the tricks down the columns", AYBZ, "whist",
           ("glyphs, 10", "letters, T", "outline glyphs first, T"), "compass", table_hand_a_row,
           "left arrow"),
    Layout("tricks told in sentences, hands listed after", AYBZ, "whist",
           ("glyphs, 10", "outline glyphs first, T", "letters, 10"), "list after", tricks_in_words),
    Layout("tricks told as a story in a paragraph, hands a line", NESW, "bridge",
           ("words", "glyphs, 10", "letters, 10"), "list", tricks_told_wrapped),
    Layout("playing order, leader marked by an arrow, trailing suit marks", NESW, "whist",
           ("glyphs, 10", "old abbreviations"), "compass", table_playing_order, "arrow",
           meaning="leader", diagram="trailing"),
    Layout("numbered hands, | TRICK | A | Y | B | Z |, the winner's rank in parentheses",
           AYBZ, "bridge", ("glyphs, 10", "tags", "outline glyphs first, T"), "compass",
           table_numbered, "rank in parentheses", options=("heading",)),
    Layout("columns by role (Leader Dummy Pone Dealer), no trick numbers, hands listed",
           AYBZ, "bridge", ("glyphs, 10", "letters, T", "words"), "list", table_by_roles,
           "underline"),
    Layout("a trick a block under its heading, the winner in brackets", AYBZ, "bridge",
           ("glyphs, 10", "outline glyphs first, T", "letters, T"), "compass", tricks_in_blocks,
           "brackets", options=("hand heading",)),
    Layout("numbered hands, the winner's rank alone in brackets, hands listed", AYBZ, "bridge",
           ("glyphs, 10", "letters, 10", "old abbreviations"), "list", table_numbered,
           "rank alone in brackets", options=("heading",)),

]


def _blocks(heading: str, mark: str, seats=AYBZ, hands="seat table after", hand="HAND {n}.",
            vocabs=("glyphs, 10", "old abbreviations", "outline glyphs first, T"), **how) -> Layout:
    """A trick a block under its heading; the mark on the leader or the winner by the seed."""
    return Layout(f"a trick a block under '{heading}', {mark} on the leader or the winner, "
                  f"{hands}, headed '{hand}'", seats, "whist", vocabs, hands,
                  partial(tricks_under_headings, heading=heading, **how), mark, "either",
                  options=(f"hand heading:{hand}",))


# every heading wording and every mark (each on the leader with one seed, the winner with the
# other); the hands one first and the others after, or all four after the play
BLOCK_LAYOUTS = [
    _blocks("TRICK 1.", "seat arrow", hands="one hand, the others after", rotate=1, count=True),
    _blocks("Trick the first", "seat star", hand="Hand No. {n}"),
    _blocks("1st trick", "seat underlined", seats=NESW, hand="Deal {n}.", count=True),
    _blocks("First Trick.", "seat in brackets", hand="ILLUSTRATIVE HAND NO. {n}", rotate=2),
    _blocks("TRICK I.", "brackets", hands="one hand, the others after", numbered=False,
            vocabs=("letters, T", "glyphs, 10", "tags")),
    _blocks("Trick No. 1", "parentheses", seats=NESW, vocabs=("words", "glyphs, 10")),
    _blocks("[Illustration: TRICK 1.", "underline", hands="one hand, the others after",
            rotate=1, count=True),
    _blocks("TRICK 1.", "double stars", numbered=False, vocabs=("letters, 10", "glyphs, 10")),
    _blocks("Trick the first", "bold", hands="one hand, the others after"),
    _blocks("1st trick", "tag f", vocabs=("tags", "old abbreviations"), rotate=3),
    _blocks("First Trick.", "star after", seats=NESW, numbered=False),
    _blocks("TRICK I.", "star before", hand="Deal {n}."),
    _blocks("Trick No. 1", "arrow", hands="one hand, the others after", count=True),
    _blocks("TRICK 1.", "left arrow", hand="Hand No. {n}", numbered=False),
]
LAYOUTS += BLOCK_LAYOUTS
