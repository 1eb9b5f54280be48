"""Cribbage told in words, the second step: the phrases that name cards, players and the starter.

Cards in words take an article or a quantity (`a pair of sevens, an eight and the queen of
clubs`, `two fives, a knave and a ten`); a suit after a list belongs to every bare rank back to
the last one that has its own article (`the five, six and seven of hearts` is three hearts; in
`an eight and the queen of clubs` only the queen is a club). Cards in letters, glyphs and ranks
in a row (`7 7 8 9`, `K Q J 10`) need no article. A starter is named before its card
(`starter: 5S`, `the turn-up is the knave`, `cuts a jack`) or after it (`the five of spades is
cut`, `6 (turn-up)`, `with the five turned up`).
"""
from __future__ import annotations

from dataclasses import dataclass

from records.cribbage.told_words import (
    LETTER_RANKS,
    PLURAL_RANKS,
    RANK_OF,
    SUIT_OF,
    TENS,
    UNITS,
    Word,
    glyph_card,
    letter_card,
    rank_word,
    suit_word,
)

ARTICLES = {"a", "an", "the", "another", "his", "her", "my", "your", "their", "its", "one", "this"}
QUANTITIES = {"two": 2, "three": 3, "four": 4, "both": 2}
LIST_LINKS = {",", "and", "&", "plus"}
NOT_CARDS_AFTER = {"cards", "card", "points", "point", "holes", "hole", "players", "player",
                   "persons", "times", "more", "pips", "tricks", "hands", "deals", "games", "ways",
                   "sides", "others", "different", "separate", "fifteens", "pairs", "runs", "for",
                   "or", "years", "minutes", "pence", "shillings", "dollars", "cents", "-", "—",
                   "in", "is", "are", "makes", "make", "=", "more", "holes", "each", "way",
                   "up", "pegs", "hundred", "thousand", "%", "per", "cent", "feet", "inches"}
# a number-word ahead of these is a count or a length, not a card
COUNTING_BEFORE = {"of", "for", "count", "counts", "score", "scores", "is", "are", "makes", "make",
                   "worth", "be", "=", "total", "fifteen", "than", "by", "to", "at", "first",
                   "last", "every", "each", "about", "nearly"}
STARTER_NOUNS = {"starter", "turn-up", "turnup", "cut", "start", "turned-up", "turn"}
STARTER_VERBS = {"cuts", "turns", "turned", "turning", "cutting"}


@dataclass
class Listed:
    """One card named in a list: its rank, suit ("" when not given) and the word it stands at."""
    rank: int
    suit: str
    word: Word          # where it is printed: the first word of its phrase
    text: str
    end: int = 0        # the index after its phrase


def _low(words: list[Word], i: int) -> str:
    return words[i].low if 0 <= i < len(words) else ""


# -- cards -------------------------------------------------------------------------------------
def card_list(words: list[Word], i: int, free: bool = False) -> tuple[list[Listed], int] | None:
    """The cards listed from words[i]: (cards, index after them), or None when no card list
    begins there. free: bare ranks may open the list (a cell of a table, after `holds`)."""
    cards: list[Listed] = []
    marked_any, group, j = False, 0, i
    while j < len(words):
        found = _item(words, j, free or bool(cards))
        if found is None:
            break
        got, article, suit, j = found
        if article:
            group = len(cards)
        cards += got
        marked_any = marked_any or article or bool(suit)
        if suit:
            for card in cards[group:]:
                card.suit = card.suit or suit
            group = len(cards)
        k = j
        while _low(words, k) in LIST_LINKS:
            k += 1
        if (k == j and not _spaced_card(words, j)) or (k < len(words) and _item(words, k, True) is None):
            break
        j = k
    if not cards or not (free or marked_any or len(cards) >= 3) or (not marked_any and _rank_order(cards)):
        return None
    return cards, j


def _rank_order(cards: list[Listed]) -> bool:
    """`A K Q J 10 9 8 7 6`: the order of the cards, not cards held (more than six bare ranks,
    or five or more in a row up or down)."""
    if len(cards) > 6 and not any(c.suit for c in cards):
        return True
    steps = {b.rank - a.rank for a, b in zip(cards, cards[1:])}
    return len(cards) >= 5 and steps in ({1}, {-1}) and not any(c.suit for c in cards)


def _spaced_card(words: list[Word], j: int) -> bool:
    """Cards in letters, glyphs and bare ranks follow one another with no comma."""
    if j >= len(words) or j == 0:
        return False
    w, before = words[j], words[j - 1]
    if w.kind in ("card", "glyph"):
        return True
    rank_like = before.kind in ("card", "glyph", "num") or before.text in LETTER_RANKS
    return rank_like and (w.kind == "num" and rank_word(w) is not None or w.text in LETTER_RANKS)


UNITS_AFTER = {"cards", "card", "points", "point", "holes", "hole", "players", "player", "persons",
               "times", "pips", "tricks", "hands", "deals", "games", "ways", "sides", "years",
               "minutes", "pence", "shillings", "dollars", "cents", "%", "per", "feet", "inches", "-"}


def _item(words: list[Word], j: int, free: bool):
    """One card or a quantity of one rank: `the queen of clubs`, `a pair of sevens`, `two 8's`,
    `5H`, a glyph, and (free) a bare rank. Returns (cards, with an article, its suit, index after)."""
    w = words[j]
    if w.kind == "card":
        rank, suit = letter_card(w)
        return [Listed(rank, suit, w, w.text, j + 1)], True, "", j + 1
    if w.kind == "glyph":
        card = glyph_card(w)
        return ([Listed(card[0], card[1], w, w.text, j + 1)], True, "", j + 1) if card else None
    start, quantity, marked = j, 1, False
    nxt = _at(words, j + 1)
    ace = free and w.text == "A" and (nxt.kind in ("num", "cell", "row", "end") or nxt.text in LETTER_RANKS
                                      or nxt.text in (",", "/", "|", ".", ";", ":", ")")
                                      or nxt.first and _low(words, j + 2) == ":")    # `Starter: A` / `Count:`
    if w.low in ARTICLES and not (w.low == "one" and _low(words, j + 1) == "for") and not ace:
        j, marked = j + 1, True
    if _low(words, j) in QUANTITIES and _plural(_at(words, j + 1)):
        quantity, marked, j = QUANTITIES[_low(words, j)], True, j + 1
    elif _low(words, j) in ("pair", "pair-royal", "double"):
        got = _pair_of(words, j)
        if got is None:
            return None
        (quantity, j), marked = got, True
    if j >= len(words):
        return None
    if marked and words[j].kind in ("card", "glyph") and quantity == 1:
        found = _item(words, j, True)
        return found if found is None else (found[0], True, "", found[3])
    rank = rank_word(words[j])
    if rank is None and words[j].kind == "word" and words[j].text in LETTER_RANKS and free and not marked:
        rank = (LETTER_RANKS[words[j].text], False)
    if rank is None or rank[1] != (quantity > 1):
        return None
    end, suit = j + 1, ""
    if _low(words, end) == "of" and suit_word(_at(words, end + 1)):
        suit, end = suit_word(words[end + 1]), end + 2
    if not (marked or free or suit) or (not marked and not _card_context(words, start, j)):
        return None
    after = _low(words, end)
    if not suit and (after in UNITS_AFTER or not marked and after in NOT_CARDS_AFTER):
        return None
    text = " ".join(x.text for x in words[start:end])
    return [Listed(rank[0], suit, words[start], text, end) for _ in range(quantity)], marked, suit, end


def _at(words: list[Word], i: int) -> Word:
    return words[i] if i < len(words) else Word("", "", "end", 0, 0)


def _plural(w: Word) -> bool:
    got = rank_word(w)
    return bool(got and got[1])


def _pair_of(words: list[Word], j: int) -> tuple[int, int] | None:
    """`pair of sevens` 2, `pair royal of fives` 3, `double pair royal of fours` 4."""
    quantity = 2
    if _low(words, j) == "double":
        quantity, j = 4, j + 1
    if _low(words, j) == "pair-royal":
        quantity, j = max(quantity, 3), j + 1
    elif _low(words, j) == "pair":
        j += 1
        if _low(words, j) == "royal":
            quantity, j = max(quantity, 3), j + 1
    else:
        return None
    if quantity == 4 and _low(words, j - 1) != "royal" and words[j - 1].low != "pair-royal":
        return None
    if _low(words, j) != "of" or not _plural(_at(words, j + 1)):
        return None
    return quantity, j + 1


def _card_context(words: list[Word], start: int, j: int) -> bool:
    """A bare rank word is a card unless a count or a length is being said (`counts five`,
    `a run of three`, `fifteen two`)."""
    before = _low(words, start - 1)
    if before in COUNTING_BEFORE or before in UNITS and words[j].kind == "word":
        return False
    return not (words[j].kind == "word" and words[j].low in UNITS and before.startswith(tuple(TENS)))


# -- names -------------------------------------------------------------------------------------
ROLE_NAMES = {"dealer": "dealer", "pone": "pone", "non-dealer": "pone", "nondealer": "pone",
              "elder": "pone", "younger": "dealer"}
NOT_NAMES = {"the", "a", "an", "he", "she", "it", "they", "we", "you", "and", "but", "if", "in",
             "on", "at", "then", "so", "thus", "for", "or", "now", "when", "this", "that", "these",
             "those", "here", "there", "with", "as", "after", "before", "both", "each", "either",
             "neither", "hand", "crib", "starter", "count", "cut", "total", "score", "points",
             "card", "cards", "play", "go", "note", "example", "suppose", "next", "first", "second",
             "last", "his", "her", "their", "my", "your", "our", "all", "no", "not", "one", "what",
             "who", "which", "where", "while", "let", "take", "turn-up", "fifteen", "pair", "run",
             "flush", "nobs", "nob", "heels", "thirty-one", "cribbage", "it's", "that's", "i'm",
             "deal", "turn", "cribbage", "chapter", "section", "rule", "laws", "law", "game",
             "games", "player", "players", "pegging", "show", "counting", "hands", "how", "why",
             "yes", "well", "oh", "ah", "again", "also", "only", "by", "from", "to", "of", "is",
             "was", "are", "were", "do", "does", "did", "has", "have", "had", "may", "can", "must",
             "should", "would", "could", "will", "shall", "said", "says", "mr", "mrs", "miss", "dr",
             "new", "same", "other", "another", "thirty", "twenty", "nothing", "total", "result"}
NOT_NAMES |= set(RANK_OF) | set(PLURAL_RANKS) | set(SUIT_OF) | set(UNITS) | set(TENS)


# what follows `A` when it names a player (`A plays a five`, `A:`), not an article
NAME_FOLLOWERS = {":", "plays", "played", "leads", "led", "holds", "has", "held", "counts", "says",
                  "said", "deals", "dealt", "cuts", "—", "–", ",", "then", "pegs", "scores", "keeps",
                  "lays", "discards", "throws", "puts", "replies", "answers", "calls", "is", "was",
                  "¦", "¶", ".", "a", "an", "the", "'s", "(", "lay", "discard"}     # `A a seven`: no article before one


def name_at(words: list[Word], i: int) -> tuple[str, int, bool] | None:
    """A player named at words[i]: (name, index after it, possessive). Names are capitalised
    words that are not ranks, numbers or the vocabulary of the game (`Alice`, `B`), or the
    roles (`the dealer`, `the pone`, `Dealer`)."""
    if i >= len(words) or words[i].kind != "word":
        return None
    low = words[i].low
    if low == "the" and _low(words, i + 1).removesuffix("'s") in ROLE_NAMES:
        i += 1
        low = words[i].low
    possessive = low.endswith("'s")
    base = low.removesuffix("'s")
    if base in ROLE_NAMES:
        return ROLE_NAMES[base], i + 1, possessive
    text = words[i].text.removesuffix("'s").removesuffix("’s")
    if len(text) == 1 and text.isupper() and text not in "KQJTI":
        after = words[i + 1] if i + 1 < len(words) else None
        if text != "A" or possessive or after is None or after.low in NAME_FOLLOWERS or \
                after.kind in ("card", "glyph", "num") or after.text in LETTER_RANKS:
            return base, i + 1, possessive
        return None
    if not text[:1].isupper() or base in NOT_NAMES or "-" in base or len(base) > 20:
        return None
    return base, i + 1, possessive


# -- the starter -------------------------------------------------------------------------------
def starter_before(words: list[Word], i: int) -> int | None:
    """`starter: 5S`, `starter, a knave`, `the turn-up is the knave`, `the cut is`, `cuts`,
    `turns up`, `turned up`: the index where the starter's card begins, or None."""
    k = i + 1 if _low(words, i) == "the" else i
    low = _low(words, k)
    if low in STARTER_NOUNS and not (low in ("cut", "turn") and _low(words, k + 1) in ("the", "for")
                                     and _low(words, k + 2) in ("pack", "cards", "deal", "deck")):
        k += 1
        if _low(words, k) in ("card", "up") and low in ("turned", "start", "starter", "turn"):
            k += 1
        if _low(words, k) in (":", ",", "is", "was", "—", "–", "-", "being"):   # `starter, a knave`
            k += 1
            if _low(words, k) in ("is", "was"):
                k += 1
            return k
        at = words[k] if k < len(words) else None
        return k if at is not None and at.kind in ("card", "glyph") else None   # `starter 5S`
    if low in STARTER_VERBS and low != "turned" or low == "turned" and _low(words, k + 1) == "up":
        k += 1
        if _low(words, k) == "up":
            k += 1
        return k
    return None


STARTER_AFTER = [("is", "cut"), ("was", "cut"), ("cut", ","), ("is", "turned"), ("was", "turned"), ("turned",),
                 ("turns", "up"), ("comes", "up"), ("is", "the", "starter"), ("is", "the", "turn-up"),
                 ("is", "the", "cut"), ("is", "the", "start"), ("is", "starter"), ("was", "the", "starter"),
                 ("was", "the", "turn-up"), ("for", "a", "starter"), ("for", "the", "starter"),
                 ("as", "starter"), ("as", "the", "starter"), ("for", "the", "start"), ("(", "turn-up"),
                 ("(", "starter"), ("(", "cut"), ("(", "turned"), ("turned-up",), ("being", "cut"),
                 ("being", "turned"), ("is", "turned-up"), ("the", "starter"), ("for", "starter")]


STARTER_AFTER_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _pattern in STARTER_AFTER:
    STARTER_AFTER_BY_FIRST.setdefault(_pattern[0], []).append(_pattern)


def starter_after(words: list[Word], j: int) -> int | None:
    """`... is cut`, `... turned up`, `(turn-up)`, `for a starter` after a card: the index after."""
    for pattern in STARTER_AFTER_BY_FIRST.get(_low(words, j), ()):
        if all(_low(words, j + n) == p for n, p in enumerate(pattern)):
            end = j + len(pattern)
            if _low(words, end) == "up":
                end += 1
            if pattern[0] == "(" and _low(words, end) == ")":
                end += 1
            return end
    return None
