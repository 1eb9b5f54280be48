"""Cribbage in running book text: its chapters, sentences, card mentions and stated counts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from records.cribbage.notation import (
    CATEGORY_WORDS,
    TOTAL_CUES,
    RawCard,
    RawClaim,
    Tok,
    card_of,
    number_of,
    prose_tokens,
    suit_of,
)

# -- book text: the cribbage chapters and their worked examples ----------------------------
# A chapter starts at a heading line naming cribbage and runs to the next heading of another
# game (a short line in capitals). Sub-headings name the variant the text describes.
HEADING = re.compile(r"^\s*([A-Z][A-Z ,'-]{2,40}|[A-Z][\w-]*(?: [A-Z][\w-]*){0,3})\s*$")
VARIANT_HEADINGS = [("seven", "seven-card"), ("six", "six-card"), ("five", "five-card"),
                    ("three", "three-hand"), ("four", "four-hand")]
PAGE_HEADER = re.compile(r"^\s*(?:[A-Z]+ +\d+|\d+|[A-Z]+ *\.?\d+)\s*$")

PLAYER_WORDS = {"pone": "pone", "non-dealer": "pone", "dealer": "dealer", "i": "self",
                "adversary": "other", "he": "same", "other": "other", "second": "other",
                "latter": "other"}
PLAY_VERBS = {"play", "plays", "played", "playing", "leads", "lead", "begins",
              "fall", "fell", "rejoin", "responds", "coming", "held", "hold", "holds"}
NOT_A_CARD_AFTER = {"cards", "card", "points", "point", "holes", "hole", "players", "player",
                    "persons", "times", "more", "pips", "tricks", "hands", "deals",
                    "games", "ways", "sides", "of", "others", "different", "separate",
                    *CATEGORY_WORDS}
# `the dealer marks two`, `pegs two`: a number scored, not a card
NOT_A_CARD_BEFORE = {"of", "each", "be", "mark", "marks", "peg", "pegs"}
QUANTITIES = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
NUMBERISH = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
CLAIM_AFTER_FOR = {"heels", "nobs", "nob", "go", "last", "reaching", "it", "each", "pairing",
                   *CATEGORY_WORDS}
FINAL = {".", "?", "!"}


@dataclass
class Mention:
    card: RawCard
    index: int          # token index of the rank
    count: int = 1


@dataclass
class HandExample:
    cards: list[RawCard]
    starter: RawCard
    crib: bool
    same_suit_as_starter: list[int]
    claims: list[RawClaim]
    variant: str
    line: int
    end_line: int
    text: str
    kind: str = "hand"
    starter_note: str = ""   # why the starter is the card it is, when the count chose it
    unread: list[Tok] = field(default_factory=list)   # words standing as cards, naming none


@dataclass
class PlayEvent:
    card: RawCard | None
    player: str | None = None
    go: bool = False
    reset: bool = False
    claimed: int | None = None
    called: int | None = None
    parts: dict[str, int] = field(default_factory=dict)  # "two for the pair": category points
    expects: list[str] = field(default_factory=list)   # categories said to score
    denies: list[str] = field(default_factory=list)    # categories said not to score
    line: int = 0
    column: int = 0
    text: str = ""


@dataclass
class PlayExample:
    events: list[PlayEvent]
    variant: str
    line: int
    end_line: int
    text: str
    hands: dict[str, list[RawCard]] = field(default_factory=dict)
    kind: str = "play"


@dataclass
class DealExample:
    dealt: dict[str, list[RawCard]]
    discards: dict[str, list[RawCard]]
    starter: RawCard | None
    events: list[PlayEvent]
    claims: list[RawClaim]
    variant: str
    line: int
    end_line: int
    text: str
    kind: str = "deal"


@dataclass
class Sentence:
    toks: list[Tok]
    new_block: bool       # starts after a blank line
    table_row: bool = False

    @property
    def words(self) -> list[str]:
        return [t.text.lower() for t in self.toks]


def _is_heading(lines: list[str], k: int) -> bool:
    """A short title on a line of its own, with blank lines (or the file's edge) around it."""
    if len(lines[k]) > 80 or not lines[k] or (k and lines[k - 1] and not lines[k - 1].isspace()):
        return False                      # long, blank, or not alone: most lines (fast)
    line = lines[k].strip()
    if not line or len(line.split()) > 5 or len(line) > 40 or PAGE_HEADER.match(line):
        return False
    alone = (k == 0 or not lines[k - 1].strip()) and (k + 1 == len(lines) or not lines[k + 1].strip())
    titled = all(w[0].isupper() or not w[0].isalpha() or w.lower() in ("and", "of", "the")
                 for w in line.replace("-", " ").split())
    return alone and titled


def _variant_named(line: str, default: str) -> str:
    lower = line.lower()
    return next((v for word, v in VARIANT_HEADINGS if word + "-" in lower or word + " " in lower
                 or lower.endswith(word)), default)


@lru_cache(maxsize=2)
def text_lines(text: str) -> tuple[str, ...]:
    """A text's lines, split once for all the readers of a book."""
    return tuple(text.splitlines())


@lru_cache(maxsize=2)
def cribbage_sections(text: str) -> tuple[tuple[int, int, str], ...]:
    """(first line, last line, variant) of every stretch of text about cribbage (the readers of
    one book share it: computed once a text).

    A chapter starts at a heading naming cribbage and ends at the next heading of anything
    else; headings of a variant ("Six-Card", "CRIBBAGE, SIX-CARD") open a new stretch.
    """
    lines = text_lines(text)
    out, start, variant = [], None, "five-card"
    for k in range(len(lines)):
        if not _is_heading(lines, k):
            continue
        lower = lines[k].lower()
        names_variant = ("card" in lower or "hand" in lower) and "-" in lower
        if "cribbage" in lower or (start is not None and names_variant):
            if start is not None:
                out.append((start, k, variant))
            start = k + 1
            variant = _variant_named(lines[k], variant if start is not None else "five-card")
        elif start is not None:
            out.append((start, k, variant))
            start = None
    if start is not None:
        out.append((start, len(lines), variant))
    return tuple(out)


def _sentences(lines: list[str], first_line: int) -> list[Sentence]:
    body = "\n".join("" if PAGE_HEADER.match(l) else l for l in lines)
    toks = prose_tokens(body, first_line)
    out: list[Sentence] = []
    current: list[Tok] = []
    new_block = True

    def flush(next_new_block: bool):
        nonlocal current, new_block
        if current:
            raw = lines[current[0].line - first_line]
            row = "\t" in raw and current[-1].line == current[0].line and \
                number_of(current[-1]) is not None
            out.append(Sentence(current, new_block, row))
        current, new_block = [], next_new_block

    last_line = None
    for i, tok in enumerate(toks):
        if not current and last_line is not None:
            new_block = new_block or tok.line - last_line > 1
        last_line = tok.line
        if current and tok.line > current[-1].line:
            prev = current[-1]
            gap = tok.line - prev.line > 1
            raw_prev = lines[prev.line - first_line]
            prev_row = "\t" in raw_prev and number_of(prev) is not None
            if prev_row or (gap and (prev.text in FINAL | {":", "—", "-"} or tok.text[0].isupper())):
                flush(gap)
        current.append(tok)
        if tok.type == "PUNCT" and tok.text in FINAL:
            flush(False)
    flush(False)
    return out


# -- card mentions -----------------------------------------------------------------------------
def mentions(toks: list[Tok], start: int = 0, end: int | None = None) -> list[Mention]:
    """The cards a stretch of prose names, with quantities ("two 8's", "three other fives")."""
    end = len(toks) if end is None else end
    out: list[Mention] = []
    i = start
    while i < end:
        tok = toks[i]
        card = card_of(tok) if tok.type in ("CARD", "RANK_SIGN", "RANK_WORD") else None
        if card is None:
            i += 1
            continue
        quantity = QUANTITIES.get(tok.text.lower())
        j = i + 1
        if j < end and toks[j].text.lower() in ("other", "more"):
            j += 1
        nxt = card_of(toks[j]) if j < end and toks[j].type in ("RANK_SIGN", "RANK_WORD") else None
        if quantity and nxt is not None and nxt.plural:
            out.append(Mention(nxt, j, quantity))
            i = j + 1
            continue
        if _is_card(toks, i, card, end):
            if i + 2 < end and toks[i + 1].text.lower() == "of" and suit_of(toks[i + 2]):
                card.suit = suit_of(toks[i + 2])
            out.append(Mention(card, i))
        i += 1
    _share_suits(toks, out)
    return out


def _share_suits(toks: list[Tok], found: list[Mention]) -> None:
    """`the two, four, six and eight of hearts`: the suit named after a list of ranks in words
    is every one's (joined by commas and `and` alone: `a five and the six of clubs` is not)."""
    for k in range(len(found) - 1, 0, -1):
        last, before = found[k], found[k - 1]
        between = {t.text.lower() for t in toks[before.index + 1:last.index]}
        if last.card.suit and not before.card.suit and last.count == before.count == 1 and \
                toks[before.index].type == toks[last.index].type == "RANK_WORD" and \
                between and between <= {",", "and"}:
            before.card.suit = last.card.suit


def _is_card(toks: list[Tok], i: int, card: RawCard, end: int) -> bool:
    after = toks[i + 1].text.lower() if i + 1 < end else ""
    before = toks[i - 1].text.lower() if i > 0 else ""
    if toks[i].text == "A" and i + 1 < end and toks[i + 1].type == "RANK_WORD":
        return False            # `Starter: A Knave`: the article, not an ace
    if card.rank not in NUMBERISH:
        return True
    if after == "of" and i + 2 < end and suit_of(toks[i + 2]):
        return True
    if after in NOT_A_CARD_AFTER or before in TOTAL_CUES or before in NOT_A_CARD_BEFORE:
        return False
    if after == "for" and any(t.text.lower().strip('"“”') in CLAIM_AFTER_FOR
                              for t in toks[i + 2:min(end, i + 5)]):
        return False
    if after == "-" and i + 2 < end and toks[i + 2].text.lower() in ("card", "hand", "handed"):
        return False
    if after in ("-", "—") and i + 2 < end and toks[i + 2].text.lower() in ("two", "fifteen"):
        return False   # "six—two fifteens": a count being called
    return True


def _row_claim(sentence: Sentence) -> RawClaim | None:
    """A table row: '<cards or words> .... 3' -- the number is the points of what the row names."""
    toks = sentence.toks
    last = toks[-1]
    value = number_of(last)
    words = [t.text.lower() for t in toks[:-1]]
    category = next((CATEGORY_WORDS[w] for w in words if w in CATEGORY_WORDS), None)
    if category is None:
        ranks = sorted(m.card.rank for m in mentions(toks, 0, len(toks) - 1))
        if len(ranks) >= 3 and all(b - a == 1 for a, b in zip(ranks, ranks[1:])):
            category = "runs"
        elif len(ranks) == 2 and ranks[0] == ranks[1]:
            category = "pairs"
        elif ranks and sum(min(r, 10) for r in ranks) == 15:
            category = "fifteens"
    if value is None:
        return None
    return RawClaim(category or "", value, last.text, last.line, last.column)


def _sum_line(sentence: Sentence, lines: list[str], first_line: int) -> RawClaim | None:
    """A line holding nothing but a number after a table: the printed total."""
    toks = sentence.toks
    numbers = [t for t in toks if number_of(t) is not None]
    if len(numbers) != 1 or any(t.type in ("WORD", "RANK_WORD") for t in toks):
        return None
    raw = lines[numbers[0].line - first_line].strip()
    return RawClaim("total", number_of(numbers[0]), raw, numbers[0].line, numbers[0].column)


# -- hands described in prose ----------------------------------------------------------------
def _starter_marker_indices(toks: list[Tok]) -> list[int]:
    return [i for i, t in enumerate(toks) if t.type in ("TURNUP", "STARTER_WORD")]


def _is_suit_relation(words: list[str], i: int) -> bool:
    """The starter's word naming a suit, not where the starter is: `of the same suit as the
    starter`, `the knave of the suit turned up`, `of the suit of the starter`."""
    return i >= 1 and words[i - 1] == "suit" or \
        i >= 2 and words[i - 1] == "the" and words[i - 2] in ("as", "of") and \
        (words[i - 2] == "as" or i >= 3 and words[i - 3] == "suit")


def _same_suit_phrases(toks: list[Tok], words: list[str]) -> list[int]:
    """Where a hand's card is said to be of the starter's suit (the card's nobs): `of the same
    suit`, and `of the suit turned up` / `of the suit of the starter` (an `of the suit` whose
    starter's word is a suit relation)."""
    out = []
    for j in range(len(words) - 3):
        if words[j:j + 3] == ["of", "the", "same"] and "suit" in words[j + 3:j + 5]:
            out.append(j)
        elif words[j:j + 3] == ["of", "the", "suit"] and any(
                toks[k].type in ("TURNUP", "STARTER_WORD") and _is_suit_relation(words, k)
                for k in range(j + 3, min(j + 6, len(toks)))):
            out.append(j)
    return out


def _find_hand(s: Sentence):
    toks, words = s.toks, s.words
    markers = [i for i in _starter_marker_indices(toks) if not _is_suit_relation(words, i)]
    if not markers:
        return None
    marker = markers[0]
    cut = count_start(toks, marker)
    found = mentions(toks, 0, cut)
    starter = _starter_near(toks, words, marker, found)
    if starter is None:
        return None
    stop = _stop_after(words, max(marker, starter.index), cut)
    if stop < cut and sum(m.count for m in found if m.index < stop and m is not starter) >= 2:
        cut = stop + 1  # `...; starter, two of spades: seven`: the hand was listed, the count follows
        found = [m for m in found if m.index < stop]
    held = [m for m in found if m is not starter]
    if sum(m.count for m in held) < 2:
        return None
    other = _other_side(found, marker, starter)
    same_suit = []
    for j in _same_suit_phrases(toks, words):
        before = [k for k, m in enumerate(held) if m.index < j]
        if before:
            same_suit.append(before[-1])
    crib = any(t.type == "CRIB" for t in toks[:cut])
    return held, starter, crib, same_suit, other, cut


LIST_WORDS = {",", "and", "&", "the", "a", "an", "of", ";", ":", "."}
SUIT_GLYPHS = "♠♥♦♣♤♡◇♢♧"
CARD_LIKE = re.compile(r"[AKQJT][a-z]{1,2}|[A-Z0-9][a-z]?[SHDC]")   # `Kx`, `Knv`, `QxC`, `ZC`


def unread_cards(toks: list[Tok], start: int, end: int) -> list[Tok]:
    """The words in a hand's list of cards (toks[start:end]) that stand where a card does and
    name none: `knav of clubs`, `QxC`, `Kv♣` between cards. The reading keeps the cards it
    knows; these are said where they stand, never dropped unseen."""
    out = []
    for j in range(start, end):
        tok = toks[j]
        if tok.type != "WORD" or tok.text.lower() in LIST_WORDS:
            continue
        nxt = toks[j + 1] if j + 1 < len(toks) else None
        of_suit = nxt is not None and nxt.text.lower() == "of" and j + 2 < len(toks) \
            and suit_of(toks[j + 2]) is not None
        glyph = nxt is not None and nxt.text in SUIT_GLYPHS and nxt.line == tok.line \
            and nxt.column == tok.column + len(tok.text)
        if of_suit or (glyph or CARD_LIKE.fullmatch(tok.text)) and _between_cards(toks, j):
            out.append(tok)
    return out


def _between_cards(toks: list[Tok], j: int) -> bool:
    """toks[j] stands in a list of cards: a card or a list word on each side."""
    def fits(k: int) -> bool:
        return not 0 <= k < len(toks) or toks[k].type in ("CARD", "RANK_SIGN", "RANK_WORD") or \
            toks[k].text.lower() in LIST_WORDS or toks[k].text in SUIT_GLYPHS or \
            toks[k].type in ("STARTER_WORD", "TURNUP")
    return fits(j - 1) and fits(j + 1)


COUNT_STOPS = {":", ";", "\u2014"}


def count_start(toks: list[Tok], marker: int) -> int:
    """Where the count begins after the starter's word: at `counts`, `are worth`, `= 29`, or at
    the first call of it (`fifteen-two`, `fifteen two`, `15-2`, `a pair`, `a run of three`,
    `his nobs`). A number word from there on is a count (`fifteen two`, `are seven`, `a pair
    royal six`), never a card: the hand's cards are named before it."""
    for j in range(marker + 1, len(toks)):
        if _opens_count(toks, j):
            return j
    return len(toks)


def _opens_count(toks: list[Tok], j: int) -> bool:
    word = toks[j].text.lower()
    if word in TOTAL_CUES or word.startswith("fifteen-"):
        return True
    after = toks[j + 1].text.lower() if j + 1 < len(toks) else ""
    if word == "fifteen":
        return number_of(toks[j + 1]) is not None if after else False
    if word == "15":
        return after in ("-", "\u2013")
    if word in CATEGORY_WORDS and not word.startswith("fifteen"):
        return not (after == "of" and j + 2 < len(toks) and card_of(toks[j + 2]) is not None
                    and card_of(toks[j + 2]).plural)      # `a pair of sixes` names cards
    return False


def _stop_after(words: list[str], start: int, end: int) -> int:
    """The first colon, semicolon or dash after the starter is named, else end."""
    return next((j for j in range(start + 1, end) if words[j] in COUNT_STOPS), end)


def _starter_near(toks, words, marker, found) -> Mention | None:
    """The card the starter's word names: the one right after it (`starter 5S`, `turn-up, the
    seven of clubs`, `the starter is 5S`), else the one before (`the five of spades turned`)."""
    reach = 4 if marker + 1 < len(toks) and words[marker + 1] in ("is", "was") else 3
    after = [m for m in found if marker < m.index <= marker + reach
             and all(words[k] in STARTER_FILLERS for k in range(marker + 1, m.index))]
    if after:
        return after[0]
    before = [m for m in found if marker - 6 <= m.index < marker]
    if before:
        return before[-1]
    after = [m for m in found if marker < m.index <= marker + 3]
    return after[0] if after else None


STARTER_FILLERS = {",", ":", "the", "a", "is", "was", "-", "\u2014"}


def _other_side(found: list[Mention], marker: int, starter: Mention) -> Mention | None:
    """The card on the marker's other side (`knave of hearts; starter, five of spades`: the
    card after it, where the one before was taken): which is the starter, the count decides
    (book_examples._starter_by_count)."""
    if starter.index < marker:
        after = [m for m in found if marker < m.index <= marker + 3 and m.count == 1]
        return after[0] if after else None
    before = [m for m in found if marker - 6 <= m.index < marker and m.count == 1]
    return before[-1] if before else None


def _expand(ms: list[Mention]) -> list[RawCard]:
    out = []
    for m in ms:
        out.extend(RawCard(m.card.rank, m.card.suit, m.card.text, m.card.line, m.card.column)
                   for _ in range(m.count))
    return out


# -- plays told in prose -----------------------------------------------------------------------
DETERMINERS = {"a", "an", "his", "another", "the", "first", "second", "third", "fourth",
               "with", "by", "other"}
MODALS = {"would", "could", "may", "might", "should"}


def _play_mentions(toks: list[Tok]) -> list[Mention]:
    """Cards laid in a narrated play: each with an article, a possessive or a list before it."""
    out: list[Mention] = []
    for m in mentions(toks):
        if m.card.text == "A" and not _beside_card(toks, m.index):
            continue
        if _describes(toks, m.index):
            continue
        before = toks[m.index - 1].text.lower() if m.index else ""
        near_previous = out and m.index - out[-1].index <= 3
        if m.count > 1 or before in DETERMINERS or before in PLAYER_WORDS or \
                (before in ("and", "or", ",") and near_previous):
            out.append(m)
    return out


def _beside_card(toks: list[Tok], i: int) -> bool:
    return any(0 <= j < len(toks) and toks[j].type in ("RANK_SIGN", "CARD") and toks[j].text != "A"
               for j in (i - 1, i + 1))


def _describes(toks: list[Tok], i: int) -> bool:
    """'a run of 3 4 5', 'the sequence--four, five, six', 'the fifteen (seven and eight)'."""
    j = i - 1
    while j >= 0 and (toks[j].text.lower() in (",", "and", "—", "-", "(", "of")
                      or card_of(toks[j]) is not None):
        j -= 1
    k = j + 1
    links = {t.text.lower() for t in toks[k:i]}
    return j >= 0 and toks[j].text.lower() in CATEGORY_WORDS and bool(links & {"of", "—", "-", "("})


def _player_before(toks: list[Tok], start: int, end: int) -> str | None:
    for j in range(end - 1, start - 1, -1):
        word = re.sub(r"['’]s$", "", toks[j].text.lower())
        if word in PLAYER_WORDS:
            return word
    return None
