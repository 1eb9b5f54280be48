"""Cards as trick tables and diagrams print them, with the marks books put on them.

A printed card is a rank and a suit in any of the forms old and new books use: `K♠`, `♠K`,
`♡ 4`, `10♢`, `Kg♠`, `Knv♢`, `K[S]`, `[C]10`, `KS`, `10H`, `TD`, `SA` (letters only when the
cell holds nothing else). A mark on a card shows the trick's winner or its leader (which of the
two, replay decides): brackets `[K♠]`, parentheses `(K♠)`, underlining `_K♠_`, tags
`<b>K♠</b>` `<f>K♠</f>` (a tag that lost a bracket, `f>K♠</f`, is a broken mark), asterisks
`K♠*` `*K♠`, daggers, arrows `->K♠` `K♠<-` `←` `→` `↷`. A marked rank without its suit (`[K]`,
`(K)`) is a card whose suit the play supplies.

Seats are named A Y B Z, N E S W, North East South West, or by role (Leader Dummy Pone
Dealer), always listed here clockwise.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from records.core.cards import RANK_ABBREVIATIONS, RANK_WORDS, SUIT_MARKS, SUIT_WORDS

GLYPHS = "♠♥♦♣♤♡◇♢♧"
GLYPH_IN = re.compile(f"[{GLYPHS}]")
RANK_FORM = (r"(?:(?i:knave|queen|king|jack|ace|ten|deuce|tray|trey)|Knv|Kn|Kg|Qn|10|[AKQJT2-9])")
FACE_FORM = r"(?:(?i:knave|queen|king|jack|ace)|Knv|Kn|Kg|Qn|[AKQJ])"
_RANK_OF = {**{k: v for k, v in RANK_WORDS.items()}, **RANK_ABBREVIATIONS, "10": "T",
            **{r.lower(): r for r in "AKQJT98765432"}}
_R = rf"(?P<rank>{RANK_FORM})"
_RF = rf"(?P<rank>{RANK_FORM})"
# one card inside a cell: glyph after or before the rank, or a bracketed letter tag
_SUIT_MARK = rf"(?:(?P<{{0}}>[{GLYPHS}])|\[(?P<{{1}}>[SHDC])\])"
_MARKED_RANK = rf"(?P<{{0}}>[\[(_])(?P<{{1}}>{RANK_FORM})[\])_]"
# one card inside a cell: glyph after or before the rank, or a bracketed letter tag; or a rank
# marked on its own beside its suit ("(K)♠", "♠[K]", "[K][S]")
CARD_IN_TEXT = re.compile(
    rf"(?<![A-Za-z0-9])(?:{_R}\s?(?P<suit>[{GLYPHS}])|(?P<suit2>[{GLYPHS}])\s?(?P<rank2>{RANK_FORM})"
    rf"|(?P<rank3>{RANK_FORM})\s?\[(?P<tag3>[SHDC])\]|\[(?P<tag4>[SHDC])\]\s?(?P<rank4>{RANK_FORM})"
    rf"|{_MARKED_RANK.format('open5', 'rank5')}\s?{_SUIT_MARK.format('suit5', 'tag5')}"
    rf"|{_SUIT_MARK.format('suit6', 'tag6')}\s?{_MARKED_RANK.format('open6', 'rank6')})"
    r"(?![a-z\d])")
# a cell that is one card in letters: KS, 10H, TD, SA, S10, "K S"
LETTER_CARD = re.compile(rf"^(?:(?P<rank>{RANK_FORM})\s?(?P<suit>[SHDC])|(?P<suit2>[SHDC])\s?"
                         rf"(?P<rank2>{RANK_FORM}))$")
# a marked rank with no suit: [K], (Qn), _A_, <b>J</b>, K*
RANK_ALONE = re.compile(rf"(?<![A-Za-z0-9])(?P<rank>{FACE_FORM}|10|[2-9])(?![\w\]])")
OPEN_TAG = re.compile(r"<(\w{1,6})>\s*$")
OPEN_BROKEN = re.compile(r"(?:<\w{1,6}|\b\w{1,6}>)\s*$")
CLOSE_TAG = re.compile(r"^\s*</(\w{1,6})>")
CLOSE_BROKEN = re.compile(r"^\s*(?:</\w{1,6}\b|/\w{1,6}>)")
ARROWS = ("->", "<-", "=>", "<=", "→", "←", "⇒", "⇐", "↷", "☞", "†", "‡")
PAIRS = {"[": ("]", "bracket"), "(": (")", "paren"), "_": ("_", "underline"),
         "**": ("**", "bold"), "*": ("*", "star")}


@dataclass(slots=True)
class CardTok:
    """A printed card in a table or diagram: the card ("SK"; "?K" when only the rank is
    printed), where it stands (1-based), the marks on it, and its place in the grid."""
    text: str
    line: int
    column: int
    card: str
    marks: tuple = ()
    broken: bool = False        # a tag mark that lost a bracket
    ocr: tuple = ()             # (printed, read) of each known OCR confusion read through
    readings: tuple = ()        # the cards it may be, when the print leaves more than one
    row: int = -1               # the grid row and column it falls in (set by the table reader)
    col: int = -1

    @property
    def marked(self) -> bool:
        return bool(self.marks)


def rank_of(text: str) -> str:
    return _RANK_OF.get(text.lower(), "")


def suit_of(mark: str) -> str:
    return SUIT_MARKS.get(mark) or SUIT_WORDS.get(mark.lower().rstrip("s"), "")


def _card_of(m: re.Match) -> str:
    g = m.groupdict()
    rank = next(g[k] for k in ("rank", "rank2", "rank3", "rank4", "rank5", "rank6") if g.get(k))
    suit = next(g[k] for k in ("suit", "suit2", "tag3", "tag4", "suit5", "tag5", "suit6", "tag6")
                if g.get(k))
    return suit_of(suit) + rank_of(rank)


INNER_MARK = {"[": "bracket", "(": "paren", "_": "underline"}


def _inner_mark(m: re.Match) -> tuple:
    """The mark printed round the rank alone, inside the card ("(K)♠")."""
    g = m.groupdict()
    opener = g.get("open5") or g.get("open6")
    return (INNER_MARK[opener],) if opener else ()


def cell_cards(text: str, line: int, column: int) -> list[CardTok]:
    """The cards a table cell prints, each with its marks; [] for words that are no cards. A
    card printed past reading beside its suit mark ("♠Zq") is a CardTok of no card, so that
    it keeps its place in its row."""
    return [CardTok(t, line, column + at, card, marks, broken, ocr, readings)
            for at, t, card, marks, broken, ocr, readings in _cell_forms(text)]


@lru_cache(maxsize=4096)
def _cell_forms(text: str) -> tuple:
    """(offset, text, card, marks, broken, ocr, readings) of each card a cell prints (cells
    repeat: cached)."""
    read, fixes = ocr_read(text)
    out = []
    for t in _cards_of(read, 0, 1):
        a, b = t.column - 1, t.column - 1 + len(t.text)
        mine = [f for f in fixes if a <= f[0] < b]
        readings = tuple(t.card[0] + r for f in mine for r in f[3]) if t.card else ()
        out.append((a, text[a:b], t.card, t.marks, t.broken, tuple(f[1:3] for f in mine),
                    readings if len(readings) > 1 else ()))
    return tuple(out)


# a ten as OCR misreads it ("1O", "lO", "IO", "l0", "I0", "lo"), and a lone "O" where a rank
# stands: a queen that lost its tail or a ten that lost its "1"; each beside a suit mark
OCR_TENS = "1O|IO|lO|l0|I0|lo|Io|1o"
OCR_RANK = re.compile(rf"(?:(?<=[{GLYPHS}])|(?<=[{GLYPHS}] ))(?P<a>{OCR_TENS}|O)(?![A-Za-z0-9])"
                      rf"|(?<![A-Za-z0-9])(?P<b>{OCR_TENS}|O)(?=\s?[{GLYPHS}])")


def ocr_read(text: str) -> tuple[str, list]:
    """text with each known OCR confusion of a rank beside a suit mark read as the rank (the
    same length, so every column stands), and (offset, printed, read, ranks it may be) of
    each."""
    if not GLYPH_IN.search(text):
        return text, []
    fixes, out = [], text
    for m in OCR_RANK.finditer(text):
        printed = m.group("a") or m.group("b")
        at = m.start("a") if m.group("a") else m.start("b")
        read, ranks = ("Q", ("Q", "T")) if printed == "O" else ("10", ("T",))
        fixes.append((at, printed, read, ranks))
        out = out[:at] + read + out[at + len(printed):]
    return out, fixes


# a card printed past reading beside its suit mark: "♠Zq", "♥1l", "♦?", "Zq♠"
UNREADABLE = re.compile(rf"(?<![A-Za-z0-9])[{GLYPHS}]\s?(?P<junk>[A-Za-z0-9?]{{1,3}})(?![A-Za-z0-9])")
UNREADABLE_BEFORE = re.compile(rf"(?<![A-Za-z0-9?])(?P<junk>[A-Za-z0-9?]{{1,3}})\s?[{GLYPHS}]"
                               r"(?![A-Za-z0-9])")


def _unreadable(text: str, found: list, line: int, column: int) -> list[CardTok]:
    """The cards of text that cannot be read, where no card was found: junk beside a suit mark
    (on the side the other cards print it) that is neither a holding (ranks only) nor a word."""
    taken = [(t.column - column, t.column - column + len(t.text)) for t in found]
    suit_after = sum(1 for t in found if GLYPH_IN.match(t.text) is None)
    forms = [UNREADABLE_BEFORE] if suit_after * 2 > len(found) else \
        [UNREADABLE] if found else [UNREADABLE, UNREADABLE_BEFORE]      # a cell alone: either
    matches = next((ms for ms in (list(f.finditer(text)) for f in forms) if ms), [])
    out = []
    for m in matches:
        junk = m.group("junk")
        if any(a < m.end() and m.start() < b for a, b in taken) or \
                not set(junk) - set("AKQJT0123456789xX") or junk.islower():
            continue
        out.append(CardTok(m.group(), line, column + m.start(), ""))
    return out


def _cards_of(text: str, line: int, column: int) -> list[CardTok]:
    if not text or len(text) > 60:
        return []
    found = _glyph_cards(text, line, column)
    if found is not None:
        return found
    return _letter_cards(text, line, column)


def _glyph_cards(text: str, line: int, column: int) -> list[CardTok] | None:
    """The cards of a text that prints suit marks (with the unreadable among them); None when
    it prints none, [] for a holding."""
    found = []
    if "[" in text or GLYPH_IN.search(text):
        rest, at = [], 0
        for m in CARD_IN_TEXT.finditer(text):
            tok = _token(text, m.start(), m.end(), _card_of(m), line, column)
            tok.marks += _inner_mark(m)
            found.append(tok)
            rest.append(text[at:m.start()])
            at = m.end()
        rest.append(text[at:])
        if found and _ranks_left(" ".join(rest)):
            return []            # a holding ("♡ J 8 6 4 2"), not cards each with its suit
        found = sorted(found + _unreadable(text, found, line, column), key=lambda t: t.column)
        if found:
            return found
    return None


def _letter_cards(text: str, line: int, column: int) -> list[CardTok]:
    """The card of a text without suit marks: "KS", "1. KS", a marked rank alone "[K]"."""
    number = TRICK_NUMBER.match(text)
    if number and number.end() < len(text):       # "1. KS": the trick's number, then a card
        skip = number.end()
        return _cards_of(" " * skip + text[skip:], line, column)
    core, lead = _unmarked(text)
    m = LETTER_CARD.match(core)
    if m and not core.isdigit():
        return [_token(text, lead, lead + len(core), _card_of(m), line, column)]
    m = RANK_ALONE.fullmatch(core)
    if m and core != text.strip():          # a rank alone only when marked
        tok = _token(text, lead, lead + len(core), "?" + rank_of(core), line, column)
        if tok.marks:
            return [tok]
    return []


TRICK_NUMBER = re.compile(r"^\s*(?:(?i:trick)\s*)?\d{1,2}\s*[.:)]?(?=\s|$)")


def _ranks_left(rest: str) -> bool:
    """Ranks printed without a suit beside cards printed with one."""
    rest = TRICK_NUMBER.sub(" ", rest)
    return bool(RANK_ALONE.search(rest))


def _unmarked(text: str) -> tuple[str, int]:
    """The text inside its marks, and where that begins in text."""
    stripped = text.strip()
    start = text.index(stripped) if stripped else 0
    body = stripped
    changed = True
    while changed and body:
        changed = False
        m = re.match(r"^(?:<\w{1,6}>|<\w{1,6}|\w{1,6}>(?=\S)|->|=>|→|⇒|☞|[\[(_*†‡]|\*\*)\s*", body)
        if m and m.end() < len(body):
            start += m.end()
            body = body[m.end():]
            changed = True
        m = re.search(r"\s*(?:</\w{1,6}>|</\w{1,6}|/\w{1,6}>|<-|<=|←|⇐|↷|[\])_*†‡]|\*\*)$", body)
        if m and m.start() > 0:
            body = body[:m.start()]
            changed = True
    return body, start


def _token(text: str, a: int, b: int, card: str, line: int, column: int) -> CardTok:
    marks, broken = marks_around(text, a, b)
    return CardTok(text[a:b], line, column + a, card, marks, broken)


def marks_around(text: str, a: int, b: int) -> tuple[tuple, bool]:
    """The marks printed around text[a:b]: which kinds, and whether a tag lost a bracket."""
    before, after = text[:a], text[b:]
    marks, broken = [], False
    tag_open, tag_close = OPEN_TAG.search(before), CLOSE_TAG.match(after)
    if tag_open and tag_close and tag_open.group(1) == tag_close.group(1):
        marks.append("tag:" + tag_open.group(1))
    elif (tag_open or OPEN_BROKEN.search(before)) and (tag_close or CLOSE_BROKEN.match(after)):
        marks.append("tag:" + (tag_open or tag_close or re.search(r"\w+", after)).group(1))
        broken = True
    b_strip, a_strip = before.rstrip(), after.lstrip()
    for opener, (closer, kind) in PAIRS.items():
        if b_strip.endswith(opener) and a_strip.startswith(closer):
            if kind == "star" and ("bold" in marks):
                continue
            marks.append(kind)
            break
    else:
        if b_strip.endswith("*") or a_strip.startswith("*"):
            marks.append("star")
    if b_strip.endswith(ARROWS) or a_strip.startswith(ARROWS):
        marks.append("arrow")
    return tuple(marks), broken


# -- seats -----------------------------------------------------------------------------------
SEAT_SETS = (("A", "Y", "B", "Z"), ("N", "E", "S", "W"))
SEAT_WORDS = {"north": "N", "east": "E", "south": "S", "west": "W",
              "leader": "A", "dummy": "Y", "pone": "B", "dealer": "Z",
              "first": "", "second": "", "third": "", "fourth": ""}
SEAT_LABEL = re.compile(r"^(?:(?P<letter>[AYBZNESW])(?:'S(?: HAND)?|'s(?: hand)?)?\.?|"
                        r"(?P<word>(?i:north|east|south|west|leader|dummy|pone|dealer)))"
                        r"(?:['’]s(?: hand)?)?\s*:?$")


def seat_label(text: str) -> str:
    """"A", "N.", "North", "Y's hand", "DUMMY" -> the seat ("Y" for dummy); "" if none."""
    m = SEAT_LABEL.match(text.strip())
    if not m:
        return ""
    return m.group("letter") or SEAT_WORDS[m.group("word").lower()]


def seats_of(labels) -> tuple:
    """The clockwise seat set the labels belong to (A Y B Z or N E S W)."""
    labels = set(labels) - {""}
    for seats in SEAT_SETS:
        if labels and labels <= set(seats):
            return seats
    return ()


def header_seats(cells) -> list[tuple[str, int, int]]:
    """A table's header row: the seats it names, each with its first and last column."""
    out = []
    for cell in cells:
        for word in re.finditer(r"\S+(?:'s(?: hand)?)?", cell.text):
            seat = seat_label(word.group())
            if seat:
                start = cell.column + word.start()
                out.append((seat, start, start + len(word.group())))
    return out


# -- the words around them ---------------------------------------------------------------------
class Text:
    """Lines joined into one string, with the way back to each line and column."""

    def __init__(self, lines: list[tuple[int, int, str]]):
        self.pieces, parts, at = [], [], 0
        for line, column, text in lines:
            self.pieces.append((at, line, column))
            parts.append(text)
            at += len(text) + 1
        self.text = " ".join(parts)

    def where(self, offset: int) -> tuple[int, int]:
        line, column, base = 0, 1, 0
        for start, ln, col in self.pieces:
            if start > offset:
                break
            base, line, column = start, ln, col
        return line, column + offset - base

    def part(self, start: int, end: int) -> Text:
        """text[start:end] with the way back to each of its lines (a sentence the line breaks
        cut keeps the line of each of its words)."""
        out = []
        for (first, line, column), (after, _, _) in zip(self.pieces, self.pieces[1:] +
                                                         [(len(self.text) + 1, 0, 0)]):
            a, b = max(start, first), min(end, after - 1)
            if a < b:
                out.append((line, column + a - first, self.text[a:b]))
        return Text(out)
