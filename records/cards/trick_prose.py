"""Tricks told in sentences: "A leads the K♠; Y plays the 2♠, B the 5♠ and Z the 3♠.",
"North leads the king of hearts, East follows with the three, South trumps with the two and
West discards the four of clubs."

A sentence that names four seats, each with its card, is a trick in the order the cards fell;
three or more such sentences in a row are a deal's play. A card may be named by its rank
alone ("the three"): it is of the suit led, or the trump when the seat trumps, or the one suit
in which the seat's hand (when the book gives it) holds that rank.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from records.cards.card_forms import CARD_IN_TEXT, LETTER_CARD, CardTok, Text, rank_of, suit_of
from records.core.layout import roman_value

SEAT = r"(?P<seat>\b(?:[AYBZNESW]|North|East|South|West)\b)"
CARD_WORD = (r"(?P<rank>ace|king|queen|knave|jack|ten|nine|eight|seven|six|five|four|three|"
             r"deuce|two|trey|10|[AKQJT2-9])(?:\s+of\s+(?P<suit>spades|hearts|diamonds|clubs))?")
PAIR = re.compile(SEAT + r"(?P<verb>(?i:\s+(?:leads|led|plays|played|follows|followed|wins|won|"
                  r"trumps|trumped|ruffs|ruffed|discards|discarded|throws|puts on|covers|with|"
                  r"it|on|up))*)\s+(?i:the|a|an)\s+(?P<card>\S+(?:\s+of\s+\w+)?)")
NAMES = {"north": "N", "east": "E", "south": "S", "west": "W"}
MIN_TRICKS = 3


@dataclass
class ProseTrick:
    line: int                 # 1-based
    plays: list               # (seat, CardTok, trumps) in the order told


@dataclass
class ProseRun:
    first: int                # 0-based first and last line
    last: int
    tricks: list
    rows: tuple = ()
    header: tuple = ()
    row_seats: tuple = ()


def find_runs(lines: list[str], claimed) -> list[ProseRun]:
    """Runs of at least MIN_TRICKS sentences that each tell a trick. A paragraph is read as
    one text, its sentences wherever the lines break them (a trick may end mid-line and the
    next begin there: `... and South the two of hearts. East led the four of clubs, South`);
    each card keeps its own line and column. A sentence, a paragraph or a line claimed by
    another reader that tells no trick ends a run; blank lines do not."""
    runs, current = [], []
    for first, last in _paragraphs(lines, claimed):
        text = Text([(i + 1, 1, lines[i]) for i in range(first, last + 1)]) if last >= 0 else None
        for start, end in _sentences(text.text) if text is not None else [(0, 0)]:
            trick = trick_of(text.text[start:end], 0, lambda at, s=start: text.where(s + at)) \
                if text is not None else None
            if trick is not None:
                current.append((text.where(end - 1)[0] - 1, trick))
            elif text is not None and trick_heading(text.text[start:end]):
                continue                  # (`Trick 3.`: a heading ends nothing)
            elif current:
                _close(runs, current)
                current = []
    _close(runs, current)
    return runs


def _paragraphs(lines: list[str], claimed):
    """(first, last), 0-based, of each run of unclaimed lines, in order; last is -1 for a
    claimed line, or a paragraph where no line may tell a trick (either ends a run)."""
    i = 0
    while i < len(lines):
        if claimed(i):
            yield i, -1
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].strip() and not claimed(j):
            j += 1
        if j > i:
            may = any(_may_tell(" ".join(lines[k:k + 2])) for k in range(i, j))
            yield i, j - 1 if may else -1
        i = max(j, i + 1)


SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|$")


def _sentences(text: str):
    start = 0
    for m in SENTENCE_END.finditer(text):
        if text[start:m.start()].strip():
            yield start, m.start()
        start = m.end()
        if m.end() >= len(text):
            break


SEAT_WORDS = frozenset("A Y B Z N E S W North East South West".split())


def _may_tell(line: str) -> bool:
    """Cheaply: a line telling a trick (or the first part of one that runs on) names two
    seats and "the" card."""
    return line.count("the ") >= 2 and len(SEAT_WORDS.intersection(line.split())) >= 2


def _close(runs: list, current: list) -> None:
    if len(current) >= MIN_TRICKS:
        first = current[0][1].line - 1
        runs.append(ProseRun(first, current[-1][0], [t for _, t in current]))


def trick_of(line: str, number: int, where=None) -> ProseTrick | None:
    """The trick a line tells: four different seats each with a card, or None. where maps an
    offset in the text to its (line, column) in the book (a sentence the lines break)."""
    plays = []
    where = where or (lambda at: (number, at + 1))
    for m in PAIR.finditer(line):
        tok = _card(m.group("card"), *where(m.start("card")))
        if tok is None:
            continue
        seat = NAMES.get(m.group("seat").lower(), m.group("seat"))
        verb = m.group("verb").lower()
        plays.append((seat, tok, "trump" in verb or "ruff" in verb))
    seats = [s for s, _, _ in plays]
    if len(plays) != 4 or len(set(seats)) != 4:
        return None
    return ProseTrick(where(0)[0], plays)


def _card(text: str, line: int, column: int) -> CardTok | None:
    text = text.rstrip(".,;:")
    m = CARD_IN_TEXT.match(text) or LETTER_CARD.match(text)
    if m and m.end() == len(text):
        from records.cards.card_forms import _card_of
        return CardTok(text, line, column, _card_of(m))
    w = re.fullmatch(CARD_WORD, text, re.I)
    if w:
        rank = rank_of(w.group("rank"))
        suit = suit_of(w.group("suit")) if w.group("suit") else "?"
        return CardTok(text, line, column, suit + rank) if rank else None
    return None


def resolve(run: ProseRun, hands: dict | None, trump) -> list[list[tuple[str, CardTok, str]]]:
    """Each trick's (seat, token, card), a rank told alone given its suit: the suit led, the
    trump when the seat trumps, else the one suit the seat's hand holds that rank in."""
    left = {s: set(h) for s, h in hands.items()} if hands else None
    out = []
    for trick in run.tricks:
        led, played = None, []
        for seat, tok, trumps in trick.plays:
            card = tok.card
            if card.startswith("?"):
                card = _suit_for(card[1], seat, led, trumps, trump, left)
            led = led or (card[0] if card else None)
            played.append((seat, tok, card))
            if left is not None and seat in left:
                left[seat].discard(card)
        out.append(played)
    return out


def _suit_for(rank: str, seat: str, led, trumps: bool, trump, left) -> str:
    held = sorted(c for c in (left or {}).get(seat, ()) if c[1] == rank)
    for suit in ([trump] if trumps and trump else []) + ([led] if led else []):
        if left is None or suit + rank in held:
            return suit + rank
    return held[0] if len(held) == 1 else ""


# -- a trick's heading, and the words that say who won one ---------------------------------------
ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
            "thirteenth").split()
_ORDINAL = "|".join(ORDINALS)
_ROMAN = r"[IVXL]{1,5}"
# "TRICK 1.", "Trick No. 3", "TRICK IV.", "Trick the first", "1st trick", "First Trick.",
# "[Illustration: TRICK 2." (a block drawn as an illustration)
HEADING = re.compile(
    r"^\s*(?:\[Illustration:\s*)?(?:"
    rf"(?i:trick)\s+(?:(?i:no\.?)\s*)?(?P<n>\d{{1,2}}|{_ROMAN})"
    rf"|(?i:trick\s+the\s+)(?P<w>(?i:{_ORDINAL}))"
    r"|(?P<o>\d{1,2})(?i:st|nd|rd|th)\s+(?i:trick)"
    rf"|(?P<w2>(?i:{_ORDINAL}))\s+(?i:trick))"
    r"\s*[.:]?")
def heading_number(m: re.Match) -> int:
    n = m.group("n") or m.group("o")
    if n:
        return int(n) if n.isdigit() else roman_value(n)
    return ORDINALS.index((m.group("w") or m.group("w2")).lower()) + 1


def trick_heading(line: str) -> tuple[int, int] | None:
    """A line that is only a trick's heading, in any wording: (the trick's number, the 0-based
    column where the heading ends); None for any other line."""
    m = HEADING.match(line)
    if not m or line[m.end():].strip():
        return None
    number = heading_number(m)
    return (number, m.end()) if 1 <= number <= 13 else None


SEAT_NAME = r"\b(?:[AYBZNESW]|North|East|South|West)\b"
WON = re.compile(
    rf"\s*(?:-{{2}}|[—–:])?\s*(?:(?P<seat>{SEAT_NAME})\s+(?:makes|wins|takes)\s+(?:it\s+with\s+)?"
    rf"the\s+(?P<card>\w+ of \w+)|(?i:won\s+by)\s+(?P<seat2>{SEAT_NAME})\s+with\s+the\s+"
    r"(?P<card2>\w+ of \w+))")


def trick_won(line: str) -> tuple[int, str, int, str, int] | None:
    """Words after a trick's heading that say who won it and with what: "TRICK 13.--A makes the
    king of diamonds", "Trick the last: won by North with the ace of spades" -> (the trick's
    number, the seat, its 1-based column, the card's words, their 1-based column); None."""
    m = HEADING.match(line)
    if not m:
        return None
    w = WON.match(line, m.end())
    if not w:
        return None
    seat, card = ("seat", "card") if w.group("seat") else ("seat2", "card2")
    name = NAMES.get(w.group(seat).lower(), w.group(seat))
    return (heading_number(m), name, w.start(seat) + 1, w.group(card), w.start(card) + 1)
