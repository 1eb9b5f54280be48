"""Counts as players say them, and the calls of the play, read from words and checked.

A hand's count: `fifteen two, fifteen four, and a run of three are seven`, `a double run of
three, eight`, `two fifteens are four and a pair is six`, `one for his nob`, `two for his heels`,
`twenty-nine`, `nineteen` (nothing). Each item keeps where it is printed and the running total
said with it, so a count is checked item by item (the categories against the scorer, the
running totals against the items) and in total.

A call of the play: `Five`, `Fifteen two`, `Twenty and a pair, two`, `Thirty-one for two`,
`Go`, `one for last`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from records.cribbage.claims import describe, unprinted_note
from records.cribbage.scoring import Card, Count, spoken
from records.cribbage.told_words import UNITS, Word, number_at, rank_word

CATEGORY_KINDS = {"fifteens": ("fifteen",), "pairs": ("pair", "pair royal", "double pair royal"),
                  "runs": ("run",), "flush": ("flush",), "nobs": ("nobs",)}
CATEGORY_NAMES = {"fifteen": "fifteens", "fifteens": "fifteens", "pair": "pairs", "pairs": "pairs",
                  "run": "runs", "runs": "runs", "sequence": "runs", "sequences": "runs",
                  "flush": "flush", "nob": "nobs", "nobs": "nobs", "knob": "nobs", "knobs": "nobs",
                  "heels": "heels", "heel": "heels"}
NOB_WORDS = {"nob", "nobs", "knob", "knobs", "nobby"}
LINKS = {",", "and", "&", "—", "–", "-", "plus", "then", "with", "also", ":"}
RUNNING_LINKS = {"is", "are", "makes", "make", "=", "gives", "that's", "to", "equals", ",", "—",
                 "–", "-", ":", "making"}
MULTIPLES = {"double": 2, "triple": 3, "treble": 3, "quadruple": 4, "double-double": 4}
QUANTITY = {"a": 1, "an": 1, "one": 1, "another": 1, "two": 2, "three": 3, "four": 4, "five": 5,
            "six": 6}
TOTAL_AFTER = {"points", "point", "holes", "hole", "in", "altogether", "and", "then", "while", "but",
               "or", "says", "said", "replies", "answers", "adds", "counts"}
Problem = tuple[str, str, str, int, int, str]   # severity, code, message, line, column, suggestion
QUOTES_AND_ENDS = {'"', "“", "”", "'", "‘", "’", ".", "!", "?", ";"}
OTHER_COUNTS = {"crib", "hand", "he", "she", "his", "her", "i", "my", "mine", "yours", "your", "dealer",
                "pone", "total", "game", "score", "board"}


@dataclass
class Said:
    """One item of a spoken count: what it scores (several readings when the words allow,
    a double run with or without its pair) and the running total said after it."""
    options: list[dict[str, int]]
    word: Word
    text: str
    running: int | None = None
    running_word: Word | None = None
    chosen: dict[str, int] = field(default_factory=dict)
    stated: bool = False          # its points are printed (`three for the run`)


@dataclass
class Spoken:
    items: list[Said]
    total: int | None
    total_word: Word | None
    first: Word
    end: int                      # index after the last word read
    owner: str = ""
    unread: Word | None = None    # where the count goes on in words not understood

    @property
    def heels(self) -> int:
        return sum(s.options[0].get("heels", 0) for s in self.items)


def _low(words: list[Word], i: int) -> str:
    return words[i].low if i < len(words) else ""


# -- a hand's count ----------------------------------------------------------------------------
def spoken_count(words: list[Word], i: int, total_first: bool = False) -> Spoken | None:
    """The count spoken from words[i], or None when no count begins there. total_first: a
    bare number may open it (after `counts`, in a column, in quotes)."""
    items: list[Said] = []
    total, total_word, j = None, None, i
    if total_first:
        alone = _bare_total(words, i)
        if alone is not None:
            total, j = alone
            return Spoken([], total, words[i], words[i], j)
    read_to = j
    while j < len(words):
        if words[j].low in LINKS and items:
            j += 1
            continue
        found = _item(words, j)
        if found is None:
            follow = _bare_number(words, j, items)
            if follow is None:
                break
            j = read_to = follow
            continue
        said, j = found
        before = next((s.running for s in reversed(items) if s.running is not None), 0)
        items.append(said)
        j = read_to = _running(words, j, said, before)
    if not items or not any(s.running is not None or s.stated for s in items):
        return None                     # `a pair of sevens`, `a run of three`: no count said
    for said in reversed(items):
        if said.running is not None:
            total, total_word = said.running, said.running_word
            break
    return Spoken(items, total, total_word, items[0].word, read_to, unread=_unread(words, read_to))


def _unread(words: list[Word], end: int) -> Word | None:
    """`fifteen four, and a doublet is six`: the count goes on (a link, then words and a running
    total) in words this reader does not know; they must not pass silently."""
    k = end
    while _low(words, k) in (",", "and", "—", "–"):
        k += 1
    if k == end:
        return None
    for stop in range(k, min(k + 8, len(words))):
        w = words[stop]
        if w.kind in ("cell", "row") or w.low in QUOTES_AND_ENDS or w.low in OTHER_COUNTS or (
                stop > k and w.text[:1].isupper()):
            return None                   # `and the crib is four`, `and Bob's is six`: another count
        if w.low in ("is", "are", "makes", "make", "=", "gives") and number_at(words, stop + 1):
            return words[k]
    return None


def _bare_total(words: list[Word], i: int) -> tuple[int, int] | None:
    """`twenty-nine`, `12`, `nineteen`, `nothing` standing for the whole count."""
    if _low(words, i) in ("nothing", "none", "nil", "naught"):
        return 0, i + 1
    got = number_at(words, i)
    if got is None or (words[i].low == "fifteen" and number_at(words, got[1])):
        return None
    after = words[got[1]] if got[1] < len(words) else None
    if after is not None and after.kind in ("word", "num", "card", "glyph") and after.low not in TOTAL_AFTER:
        return None                     # `score three jacks`, `count 20 that is good`
    return got


def _bare_number(words: list[Word], j: int, items: list[Said]) -> int | None:
    """After a fifteen, `four, six, eight` are more fifteens; after another item a bare number
    is the running total (`a double run of three, eight`)."""
    if not items or words[j - 1].low not in (",", "and", "—", "–"):
        return None
    got = number_at(words, j)
    if got is None or _low(words, got[1]) == "for":
        return None
    value, end = got
    after = words[end] if end < len(words) else None
    if after is not None and after.kind in ("word", "num", "card", "glyph") and after.low not in TOTAL_AFTER:
        return None                     # `and two sixes`: cards, not a running total
    last = items[-1]
    before = last.running if last.running is not None else None
    if "fifteens" in last.options[0] and before is not None and value == before + 2 \
            and len(last.options[0]) == 1:
        items.append(Said([{"fifteens": 2}], words[j], words[j].text, value, words[j]))
        return end
    if last.running is None:
        last.running, last.running_word = value, words[j]
        return end
    return None


def _running(words: list[Word], j: int, said: Said, before: int = 0) -> int:
    """`is six`, `are seven`, `= 8`, `makes twelve`, `in all`: the running total after an item;
    or a number straight after it that goes past the total before it (`pair 8`, `double run
    16`, as counts are written in short)."""
    k = j
    while k < len(words) and words[k].low in RUNNING_LINKS:
        k += 1
    if said.running is not None:
        return j
    got = number_at(words, k)
    if got is None or _low(words, got[1]) == "for" or _is_item_start(words, k):
        return j
    if k == j and (got[0] <= before or _low(words, got[1]) not in ("", ",", ".", ";", "and")):
        return j
    said.running, said.running_word = got[0], words[k]
    end = got[1]
    if _low(words, end) == "in" and _low(words, end + 1) == "all":
        end += 2
    elif _low(words, end) in ("altogether", "total", "points", "holes"):
        end += 1
    return end


def _is_item_start(words: list[Word], k: int) -> bool:
    return words[k].low == "fifteen" and number_at(words, k + 1) is not None


def _item(words: list[Word], j: int) -> tuple[Said, int] | None:
    for reader in (_fifteen, _quantity_item, _nobs, _points_for):
        found = reader(words, j)
        if found is not None:
            return found
    return None


def _fifteen(words: list[Word], j: int) -> tuple[Said, int] | None:
    w = words[j]
    if w.kind == "call":
        return Said([{"fifteens": 2}], w, w.text, int(w.text[3:]), w), j + 1
    if w.low.startswith("fifteen-") and w.low[8:] in UNITS:
        return Said([{"fifteens": 2}], w, w.text, UNITS[w.low[8:]], w), j + 1
    if w.low != "fifteen":
        return None
    if _low(words, j + 1) == "for":
        got = number_at(words, j + 2)
        return (Said([{"fifteens": got[0]}], w, w.text, stated=True), got[1]) if got else None
    got = number_at(words, j + 1)
    if got is None or _low(words, got[1]) == "for":
        return None
    return Said([{"fifteens": 2}], w, w.text, got[0], words[j + 1]), got[1]


def _quantity_item(words: list[Word], j: int) -> tuple[Said, int] | None:
    """`a pair`, `two pairs`, `a pair royal`, `a run of three`, `a double run`, `two fifteens`,
    `a flush of four`, `three of a kind`."""
    w = words[j]
    quantity, k = 1, j
    if w.low in QUANTITY:
        quantity, k = QUANTITY[w.low], j + 1
    elif w.kind == "num" and w.low.isdigit():
        quantity, k = int(w.low), j + 1
    multiple = 1
    if _low(words, k) == "double" and _low(words, k + 1) == "double":
        multiple, k = 4, k + 2
    elif _low(words, k) in MULTIPLES:
        multiple, k = MULTIPLES[_low(words, k)], k + 1
    noun = _low(words, k)
    if noun in ("pair", "pairs", "pair-royal", "prial", "pairs-royal"):
        return _pairs(words, j, k, quantity, multiple)
    if noun in ("run", "runs", "sequence", "sequences"):
        return _runs(words, j, k, quantity, multiple)
    if noun in ("fifteen", "fifteens") and (quantity > 1 or noun == "fifteens") and multiple == 1:
        return Said([{"fifteens": 2 * quantity}], w, _text(words, j, k + 1)), k + 1
    if noun in ("flush", "flushes") and multiple == 1 and (k > j or j and words[j - 1].low in LINKS):
        return _flush(words, j, k)      # `a flush of four`; inside a count `..., flush of four 6`
    if noun == "of" and _low(words, k + 1) == "a" and _low(words, k + 2) == "kind" and k > j:
        points = {3: 6, 4: 12}.get(quantity)
        return (Said([{"pairs": points}], w, _text(words, j, k + 3)), k + 3) if points else None
    return None


def _text(words: list[Word], a: int, b: int) -> str:
    return " ".join(w.text for w in words[a:b])


def _pairs(words, j, k, quantity, multiple):
    if multiple not in (1, 2) or k == j and words[k].low == "pair" and not (
            j and words[j - 1].low in LINKS
            and number_at(words, j + 1 + (_low(words, j + 1) == "royal"))):
        return None    # a bare `pair` is an item only inside a count (`..., pair 8`)
    end = k + 1
    royal = words[k].low in ("pair-royal", "prial", "pairs-royal") or _low(words, end) == "royal"
    if _low(words, end) == "royal":
        end += 1
    if royal:
        points = 12 if multiple == 2 else 6
    else:
        points = 2 * quantity
    end = _of_ranks(words, end)
    return Said([{"pairs": points}], words[j], _text(words, j, end)), end


def _of_ranks(words: list[Word], end: int) -> int:
    """`a pair of sevens`, `a run of 6 7 8`: the cards named after the item are part of it."""
    if _low(words, end) == "of" and end + 1 < len(words) and rank_word(words[end + 1]):
        end += 2
        while end < len(words) and (rank_word(words[end]) or words[end].kind in ("card", "glyph")):
            end += 1
    return end


def _runs(words, j, k, quantity, multiple):
    end = k + 1
    length = None
    if _low(words, end) == "of":
        got = number_at(words, end + 1)
        if got is not None and 3 <= got[0] <= 6:
            length, end = got
            if _low(words, end) == "cards":
                end += 1
    lengths = [length] if length else [3, 4, 5]
    pairs_with = {1: 0, 2: 2, 3: 6, 4: 4}[multiple]
    options = []
    for n in lengths:
        runs = n * multiple * quantity
        options += [{"runs": runs, "pairs": pairs_with}, {"runs": runs}] if pairs_with else [{"runs": runs}]
    return Said(options, words[j], _text(words, j, end)), end


def _flush(words, j, k):
    end = k + 1
    got = number_at(words, end + 1) if _low(words, end) == "of" else None
    if got is not None and 3 <= got[0] <= 6:
        return Said([{"flush": got[0]}], words[j], _text(words, j, got[1])), got[1]
    return Said([{"flush": n} for n in (4, 5, 3)], words[j], _text(words, j, end)), end


def _nobs(words: list[Word], j: int) -> tuple[Said, int] | None:
    """`one for his nob`, `his nobs`, `and nobs`, `nob one`."""
    k = j
    if _low(words, k) == "one" and _low(words, k + 1) == "for":
        k += 2
    if _low(words, k) in ("his", "the", "her"):
        k += 1
    if _low(words, k) not in NOB_WORDS or (k == j and words[j - 1].low not in LINKS | {'"', "“"}):
        return None
    end = k + 1
    if _low(words, end) == "one":
        end += 1
    return Said([{"nobs": 1}], words[j], _text(words, j, end)), end


def _points_for(words: list[Word], j: int) -> tuple[Said, int] | None:
    """`two for his heels`, `three for the run`, `eight for the double run`, `4 for the flush`."""
    got = number_at(words, j)
    if got is None or _low(words, got[1]) != "for":
        return None
    value, k = got[0], got[1] + 1
    while _low(words, k) in ("the", "his", "her", "a", "two", "three", "four"):
        k += 1
    double = _low(words, k) in MULTIPLES
    if double:
        k += 1
    category = CATEGORY_NAMES.get(_low(words, k))
    if category is None:
        return None
    end = k + 1
    if _low(words, end) == "royal":
        end += 1
    if double and category == "runs" and value in (8, 15, 16, 10):
        pair = {8: 2, 15: 6, 16: 4, 10: 2}[value]
        options = [{"runs": value - pair, "pairs": pair}, {"runs": value}]
    else:
        options = [{category: value}]
    return Said(options, words[j], _text(words, j, end), stated=True), end


# -- the count checked -------------------------------------------------------------------------
def count_problems(count: Count, said: Spoken, label: str = "") -> list[Problem]:
    """What in a spoken count does not hold: a running total its items do not make, a category
    the scorer scores otherwise, a total that is not the hand's."""
    problems: list[Problem] = []
    _choose_options(count, said)
    arithmetic = _arithmetic(said)
    claimed: dict[str, int] = {}
    first_word: dict[str, Word] = {}
    for item in said.items:
        for category, points in item.chosen.items():
            claimed[category] = claimed.get(category, 0) + points
            first_word.setdefault(category, item.word)
    for category, points in claimed.items():
        if category == "heels":
            continue
        actual = count.points(*CATEGORY_KINDS[category])
        if points != actual:
            w = first_word[category]
            problems.append(("warning", "CRIB-COUNT-MISMATCH",
                             f"{label}{category}: the count says {points}, the rules give {actual}"
                             f" ({describe(count)})", w.line, w.column, f"the count is {spoken(count)}"))
    if said.unread is not None:
        w = said.unread
        problems.append(("error", "CRIB-UNREAD", f"{label}the count goes on in words not read"
                         f" from {w.text!r}: what they claim is not checked", w.line, w.column, ""))
    total_problem = _total_problem(count, said, label)
    if arithmetic and not (total_problem and arithmetic[3:5] == total_problem[3:5]):
        problems.append(arithmetic)
    if total_problem:
        problems.append(total_problem)
    return sorted(problems, key=lambda p: (p[3], p[4]))


def _choose_options(count: Count, said: Spoken) -> None:
    """Each item's reading: one that makes its running total, and within what the scorer gives
    each category less what the items before claimed (`pair 8, double run 16` after a pair
    said alone is the runs of a double run, not its pair again)."""
    cumulative = 0
    claimed: dict[str, int] = {}
    for item in said.items:
        options = item.options
        if item.running is not None:
            fitting = [o for o in options if cumulative + sum(_hand(o).values()) == item.running]
            options = fitting or options
        if len(options) > 1:
            agree = [o for o in options if all(
                count.points(*CATEGORY_KINDS[c]) >= claimed.get(c, 0) + p
                for c, p in _hand(o).items())]
            options = agree or options
        item.chosen = dict(options[0])
        for category, points in _hand(item.chosen).items():
            claimed[category] = claimed.get(category, 0) + points
        cumulative = item.running if item.running is not None else cumulative + sum(_hand(item.chosen).values())


def _hand(option: dict[str, int]) -> dict[str, int]:
    return {c: p for c, p in option.items() if c != "heels"}


def _arithmetic(said: Spoken) -> Problem | None:
    """The first running total that its items do not make (`fifteen two, fifteen six`)."""
    cumulative = 0
    for n, item in enumerate(said.items):
        cumulative += sum(item.chosen.values())
        if item.running is None:
            continue
        if item.running != cumulative:
            before = said.items[n - 1].running if n else 0
            w = item.running_word
            return ("warning", "CRIB-BREAKDOWN",
                    f"{item.text!r} is called {item.running}, but {sum(item.chosen.values())} more"
                    f" after {before or 'nothing'} makes {cumulative}", w.line, w.column, str(cumulative))
        cumulative = item.running
    return None


def _total_problem(count: Count, said: Spoken, label: str) -> Problem | None:
    if said.total is None:
        return None
    stated = said.total - said.heels
    if stated == count.total or (said.total == 19 and count.total == 0 and not said.items):
        return None
    w = said.total_word
    if stated - count.total in count.unprinted:
        return ("info", "CRIB-SUITS-UNKNOWN", unprinted_note(count, stated, label), w.line,
                w.column, "")
    word = "too many" if stated > count.total else "too few"
    return ("warning", "CRIB-COUNT-MISMATCH",
            f"{label}count stated as {stated}, the rules give {count.total}"
            f" ({abs(stated - count.total)} {word}): {describe(count)}",
            w.line, w.column, f"the count is {spoken(count)}")


# -- the calls of the play ---------------------------------------------------------------------
@dataclass
class Call:
    total: int | None = None          # the running count called
    points: int | None = None         # the points it claims
    expects: list[str] = field(default_factory=list)
    parts: dict[str, int] = field(default_factory=dict)
    go: bool = False
    end: int = 0


PLAY_CATEGORIES = {"pair": "pairs", "pairs": "pairs", "run": "runs", "sequence": "runs",
                   "fifteen": "fifteens", "thirty-one": "thirty-one", "go": "go", "last": "last card"}


def pegging_call(words: list[Word], i: int) -> Call | None:
    """`Five`, `Fifteen two`, `Twenty and a pair, two`, `Thirty-one for two`, `Go`, `one for last`."""
    low = _low(words, i)
    if low == "go":
        return Call(go=True, end=i + 1)
    point = _one_for(words, i)
    if point is not None:
        call = Call(points=1, expects=[point[0]], end=point[1])
        return call
    got = number_at(words, i)
    if got is None:
        return None
    call = Call(total=got[0], end=got[1])
    _call_rest(words, call)
    return call


def _one_for(words: list[Word], i: int) -> tuple[str, int] | None:
    """`one for the go`, `one for last`, `one for the last card`, `and one for go`."""
    k = i + 1 if _low(words, i) == "and" else i
    if _low(words, k) != "one" or _low(words, k + 1) != "for":
        return None
    k += 2
    if _low(words, k) == "the":
        k += 1
    if _low(words, k) == "go":
        return "go", k + 1
    if _low(words, k) == "last":
        return "last card", k + 2 if _low(words, k + 1) == "card" else k + 1
    return None


def _call_rest(words: list[Word], call: Call) -> None:
    k = call.end
    fifteen_two = False           # the points said so far are the fifteen's own (`Fifteen two`)
    while k < len(words):
        low = words[k].low
        point = _one_for(words, k)
        if point is not None:
            call.points = (call.points or 0) + 1
            call.expects.append(point[0])
            k = point[1]
            continue
        got = number_at(words, k)
        after_item = words[k - 1].low in (",", "—", "–", "is", "are", "makes", "for", "-")
        said_at_once = k == call.end and (call.total == 15 or _low(words, got[1] if got else k) in QUOTES_AND_ENDS)
        if got is not None and call.points is None and (after_item or said_at_once):
            call.points, k = got[0], got[1]
            fifteen_two = call.total == 15 and k == call.end + 1
            if call.total == 15 and "fifteens" not in call.expects:
                call.expects.append("fifteens")
            continue
        if got is not None and fifteen_two and after_item and len(call.expects) > 1 and got[0] > call.points:
            call.points, k = got[0], got[1]     # `Fifteen two and a run of three is five`
            fifteen_two = False
            continue
        if low in ("and", "with", ",", "a", "the", "for", "is", "—", "–", "-", "royal", "of", "double"):
            k += 1
            continue
        category = PLAY_CATEGORIES.get(low)
        if category is None:
            break
        if category not in call.expects:
            call.expects.append(category)
        k += 1
        if category == "runs" and _low(words, k) == "of" and number_at(words, k + 1):
            k = number_at(words, k + 1)[1]
    call.end = k
    if call.total == 31 and call.points is not None and "thirty-one" not in call.expects:
        call.expects.append("thirty-one")


# -- what a block tells, as the replay reads it ----------------------------------------------
@dataclass(slots=True)
class Tok:
    """What a block tells, as the replay reads it."""
    kind: str                # card | count | peg | deal
    text: str
    line: int
    column: int
    card: Card | None = None
    role: str = ""           # a card: hold | start | discard
    name: str = ""           # whose: a card's holder, a count's owner, a peg's player, the dealer
    spoken: Spoken | None = None
    call: Call | None = None
    group: int = 0           # the cards of one printed list share a group
    sentence: int = 0        # the sentence (or table row) it is printed in
