"""Hands as books draw them: a compass (four hands around a square, any frame or none), a
list (a hand a line, or a labelled block a hand), or a table (a hand a column under the seats).

A holding is a suit and its ranks: the suit a glyph (`♠ A K 7`), a letter with a colon or stop
(`S: A K Q 2`, `S. A, 10, 3`, `S--A, K, 4`, an em dash printed as two hyphens), a word (`Spades: A, K, 7`), a tag (`[S] K Q J`) or a glyph after
the ranks (`Qn, 10, 5, 3  ♠`); ranks as letters, figures or words (`Ace`, `Kg`, `Qn`, `Knave`,
`10` or `T`, `AKQ2` run together); a void as `None`, `—`, `-`, `void`, a suit with nothing, or
a suit left out. Which seat a hand is comes from its label (A, North, `Y's hand`, Dealer);
an unlabelled compass is offered in each of its four turns, and replay keeps the one the play
fits.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from records.cards.card_forms import OCR_TENS, CardTok, rank_of, seat_label, seats_of, suit_of
from records.core.layout import CELL_BREAK

GLYPH = "♠♥♦♣♤♡◇♢♧"
RANK = r"(?:(?i:knave|queen|king|jack|ace|ten)|Knv|Kn|Kg|Qn|10|[AKQJT2-9])"
HEAD = re.compile(rf"(?P<glyph>[{GLYPH}])|\[(?P<tag>[SHDC])\]|(?P<word>(?i:spades|hearts|diamonds|"
                  r"clubs))\s*(?:--|[:.\-\u2014])?|(?<![A-Za-z])(?P<letter>[SHDC])(?:\s*:|\.(?=\s)"
                  r"|\s*(?:--|\u2014)(?!-)\s*)")
# what every holding prints, looked for before a line is cut into pieces
HOLDING_MARK = re.compile(r"[♠♥♦♣♤♡◇♢♧\[]|[Ss]pades|[Hh]earts|[Dd]iamonds|[Cc]lubs|SPADES|HEARTS|"
                          r"DIAMONDS|CLUBS|[SHDC](?:[:.\u2014]|--)")
RANK_RUN = re.compile(rf"{RANK}(?![a-z])")
VOID = re.compile(r"^[\s,.:;]*(?:(?i:none|void|nil|nothing)|[\u2014\u2013-]+)?[\s,.;]*$")
LABEL_LEAD = re.compile(r"^\s*(?P<label>(?:[AYBZNESW]|North|East|South|West|NORTH|EAST|SOUTH|WEST|"
                        r"Leader|Dummy|Pone|Dealer|LEADER|DUMMY|PONE|DEALER)(?:['’]s(?: hand)?|'S(?: HAND)?)?)"
                        r"(?:\s*(?:--|[:.\-\u2014])\s*|\s+(?=[\[♠♥♦♣♤♡◇♢♧]|(?i:spades|hearts|diamonds|clubs)))")


@dataclass
class Holding:
    suit: str
    cards: list           # CardTok
    line: int
    column: int
    bare: bool = False    # the suit mark alone (its ranks may stand before it)
    end: int = 0          # the column after its text (a void's word or dash included)


@dataclass
class Hand:
    holdings: list = field(default_factory=list)
    label: str = ""

    @property
    def suits(self) -> str:
        return "".join(h.suit for h in self.holdings)

    @property
    def cards(self) -> list:
        return [c for h in self.holdings for c in h.cards]

    @property
    def line(self) -> int:
        return min(h.line for h in self.holdings)

    @property
    def end_line(self) -> int:
        return max(h.line for h in self.holdings)

    @property
    def column(self) -> int:
        return min(h.column for h in self.holdings)

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.line + self.end_line) / 2,
                sum(h.column for h in self.holdings) / len(self.holdings))

    def whole(self) -> bool:
        return self.near_whole() and len(self.cards) == 13

    def near_whole(self) -> bool:
        """A hand of thirteen cards, but for a card or two printed in a neighbour's hand."""
        suits = self.suits
        return len(set(suits)) == len(suits) and 11 <= len(self.cards) <= 15 and len(suits) >= 3


@dataclass
class Diagram:
    """Four (or three) hands drawn together, and the seats they may be."""
    hands: list                   # Hand, in reading order
    line: int
    end_line: int
    placed: dict = field(default_factory=dict)   # position ("top", ...) -> Hand, for a compass
    partial: Hand | None = None   # beside three whole hands: a fourth printed with cards unread

    def readings(self, seats: tuple) -> list[tuple[str, dict]]:
        """(name, seat -> Hand) for each way the drawing may name the seats."""
        labels = [h.label for h in self.hands]
        if all(labels) and len(set(labels)) == len(labels) and seats_of(labels):
            return [("hands as labelled", dict(zip(labels, self.hands)))]
        if not self.placed or not seats:
            return []
        out = []
        for k in range(4):
            turn = seats[k:] + seats[:k]
            named = {turn[i]: self.placed[p] for i, p in enumerate(POSITIONS) if p in self.placed}
            out.append((f"the diagram with {turn[0]} at the top", named))
        return out


POSITIONS = ("top", "right", "bottom", "left")   # clockwise


def top_seat(diagrams: list, named: dict) -> str:
    """The seat whose hand a compass diagram draws at the top (PBN's North), or ""."""
    for diagram in diagrams:
        top = diagram.placed.get("top")
        for seat, hand in named.items():
            if top is not None and hand is top:
                return seat
    return ""


def compass_of(seats: tuple, top: str = "") -> dict:
    """Each book seat's PBN seat: N E S W are themselves; other seats (A Y B Z) as drawn, the
    top hand North and the rest clockwise, else the dealer's partner (Y) at the top."""
    if tuple(seats) == ("N", "E", "S", "W"):
        return {s: s for s in seats}
    k = seats.index(top) if top in seats else 1
    return {seats[(k + i) % 4]: "NESW"[i] for i in range(4)}


# -- one cell -----------------------------------------------------------------------------
def holdings(text: str, line: int, column: int) -> list[Holding] | None:
    """The holdings a piece of text prints, or None when it holds anything else."""
    heads = list(HEAD.finditer(text))
    if not heads:
        return _trailing_glyph(text, line, column)
    if text[:heads[0].start()].strip():
        return _trailing_glyph(text, line, column)
    if sum(1 for h in heads if h.group("letter")) and len(heads) < 2 and ":" not in text \
            and "." not in text:
        return None
    out = []
    for k, head in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
        suit = suit_of(head.group("glyph") or head.group("tag") or head.group("word")
                       or head.group("letter"))
        cards = _ranks(text, head.end(), end, suit, line, column)
        if cards is None:
            return None
        out.append(Holding(suit, cards, line, column + head.start(),
                           bare=text.strip() == head.group().strip(),
                           end=column + len(text[:end].rstrip())))
    return out


def _trailing_glyph(text: str, line: int, column: int) -> list[Holding] | None:
    """Ranks, then the suit's glyph at the end ("Qn, 10, 5, 3   ♠")."""
    m = re.search(rf"([{GLYPH}])\s*\]?\s*$", text)
    if not m or any(g in text[:m.start()] for g in GLYPH):
        return None
    suit = suit_of(m.group(1))
    cards = _ranks(text, 0, m.start(), suit, line, column)
    if cards is None:
        return None
    start = len(text) - len(text.lstrip())
    return [Holding(suit, cards, line, column + start)]


# a ten as OCR misreads it inside a holding ("K 1O 5", "KlO5")
OCR_TEN = re.compile(rf"(?<![A-Za-z])(?:{OCR_TENS})(?![a-z])")


def _ranks(text: str, a: int, b: int, suit: str, line: int, column: int) -> list | None:
    body = text[a:b]
    if VOID.match(body):
        return []
    misread = {m.start(): m.group() for m in OCR_TEN.finditer(body)}
    for at in misread:
        body = body[:at] + "10" + body[at + 2:]
    cards, at = [], 0
    for word in re.finditer(r"[^\s,.;]+", body):
        w = word.group()
        runs = list(RANK_RUN.finditer(w))
        if not runs or "".join(r.group() for r in runs) != w:
            return None
        for r in runs:
            rank = rank_of(r.group())
            if not rank:
                return None
            printed = misread.get(word.start() + r.start())
            cards.append(CardTok(printed or r.group(), line,
                                 column + a + word.start() + r.start(), suit + rank,
                                 ocr=((printed, "10"),) if printed else ()))
        at = word.end()
    return cards if cards or not body[at:].strip() else None


@lru_cache(maxsize=2048)
def cell_pieces(text: str, line: int) -> list:
    """A printed line's pieces: ("label", seat, column), ("holding", Holding), ("text", ...)."""
    out = []
    start = 0
    for brk in list(CELL_BREAK.finditer(text)) + [None]:
        stop = brk.start() if brk else len(text)
        piece = text[start:stop]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            out += _piece(piece.strip(), line, start + lead + 1)
        start = brk.end() if brk else stop
    return _glyph_after(out, line, text)


def _glyph_after(pieces: list, line: int, text: str) -> list:
    """Ranks with their suit's glyph printed far to the right ("Qn, 10, 5, 3      ♠")."""
    out = []
    for piece in pieces:
        if piece[0] == "holding" and piece[1].bare and out and out[-1][0] == "label" and \
                out[-1][1] == "A" and text[out[-1][2]:out[-1][2] + 1] not in (":", "."):
            out[-1] = ("text", "A", out[-1][2])      # the ace alone, not the seat A (`A:` is)
        if piece[0] == "holding" and piece[1].bare and out and out[-1][0] == "text":
            cards = _ranks(out[-1][1], 0, len(out[-1][1]), piece[1].suit, line, out[-1][2])
            if cards is not None:     # ranks, or a void ("—", "None") before the glyph
                out[-1] = ("holding", Holding(piece[1].suit, cards, line, out[-1][2]))
                continue
        out.append(piece)
    return out


def _piece(text: str, line: int, column: int) -> list:
    found = holdings(text, line, column)
    if found and any(h.cards for h in found) or found and not seat_label(text):
        # "S: ♠ A K" is South's spades, not a void in spades before them
        if len({h.suit for h in found}) == len(found) or found[0].cards or \
                not text[:1].isalpha():
            return [("holding", h) for h in found]
    seat = seat_label(text)
    if seat:
        return [("label", seat, column)]
    m = LABEL_LEAD.match(text)
    if m and seat_label(m.group("label")):
        rest = text[m.end():]
        found = holdings(rest, line, column + m.end())
        label = [("label", seat_label(m.group("label")), column)]
        if found and len({h.suit for h in found}) == len(found):
            return label + [("holding", h) for h in found]
        return label + [("text", rest, column + m.end())]
    return [("text", text, column)]


# -- hands and diagrams ---------------------------------------------------------------------
def find_diagrams(lines: list[str], first: int, stop: int) -> list[Diagram]:
    """The diagrams of four (or three) whole hands in lines[first:stop] (0-based)."""
    hands, labels, partial = _hands(lines, first, stop)
    out, group = [], []
    for hand in sorted(hands, key=lambda h: h.line):
        if group and hand.line - max(h.end_line for h in group) > 3:
            out += _diagram(group, labels)
            group = []
        group.append(hand)
    out += _diagram(group, labels)
    for diagram in out:
        if len(diagram.hands) == 3 and diagram.partial is None:
            hand = _beside(diagram, partial)
            if hand is not None:
                _take_partial(diagram, hand)
    return out


def _beside(diagram: Diagram, partial: list[Hand]) -> Hand | None:
    """The hand of some readable holdings printed where a three-hand diagram's fourth stands
    (within a few lines of it, on lines or columns its hands leave free): the fourth hand
    with a holding the reader could not read."""
    near = [h for h in partial if diagram.line - 6 <= h.line
            and h.end_line <= diagram.end_line + 6 and not any(_overlap(h, w) for w in diagram.hands)]
    if not near:
        return None
    return max(near, key=lambda h: len(h.cards))


def _overlap(a: Hand, b: Hand) -> bool:
    """Two hands printed on some of the same lines and columns."""
    return a.line <= b.end_line and b.line <= a.end_line and abs(a.column - b.column) < 8


def _hands(lines: list[str], first: int, stop: int):
    """Whole hands (a line's holdings of different suits, or one holding a line stacked at one
    column), the labels seen, by line, and the hands that are not whole."""
    open_hands: list[Hand] = []
    done: list[Hand] = []
    labels: list[tuple[str, int, int]] = []
    for i in range(first, stop):
        line = bare_letters_read(lines[i])
        if not line.strip() or len(line) > 200 or \
                not HOLDING_MARK.search(line) and len(line.split()) > 4:
            continue              # prose: no holding, and too many words for seats' labels
        pieces = cell_pieces(line, i + 1)
        row: list[Holding] = []
        for kind, *rest in pieces:
            if kind == "label":
                labels.append((rest[0], i + 1, rest[1]))
            elif kind == "holding":
                row.append(rest[0])
        for group in _same_line_hands(row):
            if len(group) > 1:
                done.append(Hand(group))
            else:
                _stack(group[0], open_hands, done)
    done += open_hands
    whole = [h for h in done if h.near_whole()]
    return whole, labels, [h for h in done if not h.near_whole() and h.cards]


BARE_HOLDING = re.compile(rf"(?<![A-Za-z0-9])[SHDC](?P<sep> +|-(?!-))(?:{RANK}(?:[ ,]*{RANK})*"
                          r"(?![A-Za-z0-9])|(?:[\u2014\u2013-]+|(?i:void|none|nil))(?!\S))")


def bare_letters_read(line: str) -> str:
    """A hand a line of holdings whose suit letters stand bare ("S Q3  H 92  D K42  C KT5432",
    "S T 5 2  H K T 8 7 6 ...") or before a single dash ("S-T52  H-KT876"): read as with a
    colon (the same length, so every column stands), when three or more holdings of different
    suits, and nothing else but the seat's label before them, fill the line."""
    found = list(BARE_HOLDING.finditer(line))
    suits = [m.group()[0] for m in found]
    if len(found) < 3 or len(set(suits)) != len(suits):
        return line
    gaps = [line[a.end():b.start()] for a, b in zip(found, found[1:])] + [line[found[-1].end():]]
    if any(g.strip() for g in gaps) or not _label_only(line[:found[0].start()]):
        return line
    for m in found:
        at = m.start("sep")
        line = line[:at] + ":" + line[at + 1:]
    return line


def _label_only(text: str) -> bool:
    """Nothing, or a seat's label ("North:", "N.", "Y's hand")."""
    text = text.strip()
    return not text or bool(seat_label(text)) or bool(seat_label(text.rstrip(":.-\u2014 ")))


RANK_CHARS = re.compile(r"10|[AKQJT2-9]")


def hand_lines(lines: list[str], first: int, stop: int) -> list[tuple[int, int]]:
    """(line, column), 1-based, of each line in lines[first:stop] that prints a hand or part of
    one (holdings, or a seat's label before a dozen ranks in a form not read), not prose: where
    a deal's printed hands stand, read or not."""
    out = []
    for i in range(max(0, first), min(stop, len(lines))):
        line = bare_letters_read(lines[i])
        if not line.strip() or len(re.findall(r"\b[a-z]{3,}\b", line)) > 4 or len(line) > 200:
            continue
        held = [p[1] for p in cell_pieces(line, i + 1) if p[0] == "holding"]
        label = LABEL_LEAD.match(line) or re.match(r"^\s*\S+", line)
        labelled = seat_label(label.group().strip().rstrip(":.-\u2014 ")) if label else ""
        if sum(len(h.cards) for h in held) >= 2 or \
                labelled and len(RANK_CHARS.findall(line[label.end():])) >= 10:
            out.append((i + 1, len(line) - len(line.lstrip()) + 1))
    return out


def _same_line_hands(row: list[Holding]) -> list[list[Holding]]:
    """Holdings on one line in runs of different suits: a hand printed on one line."""
    out: list[list[Holding]] = []
    for h in row:
        if out and h.suit not in "".join(x.suit for x in out[-1]) and len(out[-1]) < 4 and \
                h.column - _end(out[-1][-1]) < 8:
            out[-1].append(h)
        else:
            out.append([h])
    return out


def _end(h: Holding) -> int:
    if h.end:
        return h.end
    return (h.cards[-1].column + len(h.cards[-1].text)) if h.cards else h.column + 2


def _stack(holding: Holding, open_hands: list[Hand], done: list[Hand]) -> None:
    for hand in open_hands:
        last = hand.holdings[-1]
        if abs(last.column - holding.column) <= 3 and holding.line - last.line <= 2 and \
                holding.suit not in hand.suits:
            hand.holdings.append(holding)
            return
    for hand in [h for h in open_hands if holding.line - h.holdings[-1].line > 2]:
        open_hands.remove(hand)
        done.append(hand)
    open_hands.append(Hand([holding]))


def _diagram(hands: list[Hand], labels) -> list[Diagram]:
    if len(hands) not in (3, 4):
        return []
    cards = [c.card for h in hands for c in h.cards]
    if len(set(cards)) != len(cards) and len(set(cards)) < len(cards) - 2:
        return []
    short = None
    if not all(h.whole() for h in hands):
        # four hands of 11 to 15 cards: the 52 with a card printed in the wrong hand; or three
        # whole hands and one that lacks the cards of a holding the reader could not read
        unread = [h for h in hands if len(h.cards) < 13]
        if len(hands) == 4 and len(cards) < 52 and len(unread) == 1 and \
                all(h.whole() for h in hands if h is not unread[0]):
            short = unread[0]
            hands = [h for h in hands if h is not short]
        elif len(hands) != 4 or len(cards) != 52:
            return []
    _label(hands, labels)
    diagram = Diagram(hands, min(h.line for h in hands), max(h.end_line for h in hands),
                      partial=short)
    diagram.placed = _compass(hands)
    if short is not None:
        _take_partial(diagram, short)
    return [diagram]


def _take_partial(diagram: Diagram, hand: Hand) -> None:
    """The fourth hand, some of its holdings unread, joins the drawing: its lines are the
    diagram's, and it stands in the compass where it is drawn."""
    diagram.partial = hand
    diagram.line = min(diagram.line, hand.line)
    diagram.end_line = max(diagram.end_line, hand.end_line)
    diagram.placed = _compass(diagram.hands + [hand])


def _label(hands: list[Hand], labels) -> None:
    """Each label names the hand nearest it (above it, before it, or inside the frame),
    the nearest pairs first."""
    pairs = sorted((_distance(h, line, column), k, n, seat)
                   for n, (seat, line, column) in enumerate(labels) for k, h in enumerate(hands))
    used = set()
    for distance, k, n, seat in pairs:
        if distance < 40 and not hands[k].label and n not in used:
            hands[k].label = seat
            used.add(n)


def _distance(hand: Hand, line: int, column: int) -> float:
    centre_line, centre_col = hand.centre
    return abs(centre_line - line) * 4 + abs(centre_col - column) / 2


def _compass(hands: list[Hand]) -> dict:
    """Top, right, bottom and left, when the hands stand around a square."""
    by_line = sorted(hands, key=lambda h: h.centre[0])
    top, bottom = by_line[0], by_line[-1]
    middle = by_line[1:-1]
    if len(hands) == 4:
        if not (top.end_line < min(h.line for h in middle) and
                bottom.line > max(h.end_line for h in middle)):
            return {}
        left, right = sorted(middle, key=lambda h: h.centre[1])
        if not left.centre[1] < top.centre[1] < right.centre[1] or \
                left.line > right.end_line or right.line > left.end_line:
            return {}
        return {"top": top, "right": right, "bottom": bottom, "left": left}
    return {}
