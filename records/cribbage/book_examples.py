"""The worked examples of a book's cribbage chapters: hands, deals and plays, as raw records.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from records.cribbage.book_text import (
    DealExample,
    HandExample,
    Mention,
    PlayEvent,
    PlayExample,
    Sentence,
    _expand,
    _find_hand,
    _play_mentions,
    _row_claim,
    _sentences,
    _starter_marker_indices,
    _starter_near,
    _sum_line,
    cribbage_sections,
    mentions,
    text_lines,
    unread_cards,
)
from records.cribbage.narration import _verb_before, read_narration
from records.cribbage.notation import (
    CATEGORY_WORDS,
    RawCard,
    RawClaim,
    Tok,
    card_of,
    claims_in,
    number_of,
    spoken_claims,
)


# -- the examples of a chapter ----------------------------------------------------------------
def book_examples(text: str) -> list:
    """Every worked example in the cribbage chapters: hands, deals and plays, as raw records."""
    lines = text_lines(text)
    out = []
    sections = cribbage_sections(text)
    for first, last, variant in sections:
        out += _examples_in(_sentences(lines[first - 1:last], first), variant, lines)
    out += stated_hands_elsewhere(lines, sections)
    out.sort(key=lambda ex: ex.line)
    return out


# a paragraph that may state a hand's count: a word for the starter and a word for a count
STARTER_CUE = re.compile(r"starter|turn(?:ed)?[- ]?up", re.I)
COUNT_CUE = re.compile(r"=|\b(?:counts?|worth|scores?|totals?|equals|amount)\b", re.I)
HAND_SIZES = range(3, 6)     # the cards a hand keeps: five-card 3, six-card 4, seven-card 5


def stated_hands_elsewhere(lines: Sequence[str], sections) -> list[HandExample]:
    """Hands with their stated count outside the chapters about cribbage (under a sub-heading
    of the chapter, `EXAMPLES OF COUNTING.`, under another heading, or none): a sentence that
    lists a hand's cards, names its starter and states its count (`The hand 5H 5S 5D JC,
    starter 5C = 29.`) is cribbage notation wherever it stands. Prose that only names cards,
    or a hand with no count stated, is not read there. The variant is the one of the chapter
    above, if any."""
    out: list[HandExample] = []
    for first, last in _paragraphs_outside(lines, sections):
        body = "\n".join(lines[first - 1:last])
        if not (STARTER_CUE.search(body) and COUNT_CUE.search(body)):
            continue
        variant = next((v for a, b, v in reversed(sections) if b < first), "five-card")
        for s in _sentences(list(lines[first - 1:last]), first):
            hand = _find_hand(s)
            if hand is None or sum(m.count for m in hand[0]) not in HAND_SIZES:
                continue
            _, example = _read_hand([s], 0, hand, variant, lines)
            if any(c.what == "total" for c in example.claims):
                out.append(example)
    return out


def _paragraphs_outside(lines: Sequence[str], sections) -> list[tuple[int, int]]:
    """The paragraphs (1-based first and last lines, blank lines between) outside `sections`."""
    inside = set()
    for first, last, _ in sections:
        inside.update(range(first, last + 1))
    out, start = [], None
    for n, line in enumerate(lines, start=1):
        if line.strip() and n not in inside:
            start = n if start is None else start
            continue
        if start is not None:
            out.append((start, n - 1))
        start = None
    if start is not None:
        out.append((start, len(lines)))
    return out


def _span(sentences: list[Sentence], lines: list[str]) -> tuple[int, int, str]:
    first = sentences[0].toks[0].line
    last = sentences[-1].toks[-1].line
    return first, last, "\n".join(lines[first - 1:last])


def _is_deal_label(s: Sentence) -> bool:
    words = s.words
    return any(t.type == "HAND" and i and words[i - 1].endswith(("'s", "’s"))
               and words[i - 1].rstrip("'’s").rstrip("'’") in ("dealer", "non-dealer", "pone")
               for i, t in enumerate(s.toks))


def _has_play(s: Sentence) -> bool:
    """A sentence that lays cards: a play verb shortly before a card it names."""
    words = s.words
    return any(_verb_before(words, m.index) for m in _play_mentions(s.toks))


def _examples_in(sentences: list[Sentence], variant: str, lines: list[str]) -> list:
    out, group, i = [], [], 0
    topic = None
    while i < len(sentences):
        s = sentences[i]
        if s.new_block or i == 0:
            topic = CATEGORY_WORDS.get(s.words[0]) if s.words else None
        if _is_deal_label(s):
            i = _read_deal(sentences, i, variant, lines, out)
            group = []
            continue
        hand = _find_hand(s)
        if hand is not None:
            i, example = _read_hand(sentences, i, hand, variant, lines)
            out.append(example)
            group = group + [example] if not example.claims else []
            if any(w in ("case", "cases") for w in sentences[i - 1].words) and group:
                _distribute_cases(sentences[i - 1], group)
                group = []
            continue
        if _compact_runs(s.toks):
            i = _read_compact(sentences, i, variant, lines, out)
            continue
        if _has_play(s):
            i = _read_passage(sentences, i, variant, lines, topic, out)
            continue
        if any(w in ("case", "cases") for w in s.words) and group:
            _distribute_cases(s, group)
            group = []
        i += 1
    return out


def _window_ends(sentences: list[Sentence], j: int) -> bool:
    s = sentences[j]
    if _is_deal_label(s) or _find_hand(s) is not None or _compact_runs(s.toks):
        return True
    if any(t.type == "PLAY" for t in s.toks) or _has_play(s):
        return True
    if s.new_block and s.words and s.words[0] in CATEGORY_WORDS:
        return True
    has_claim = bool(claims_in(s.toks)) or s.table_row
    return s.new_block and not has_claim and not _sum_like(s)


def _sum_like(s: Sentence) -> bool:
    return len([t for t in s.toks if number_of(t) is not None]) == 1 and \
        not any(t.type in ("WORD", "RANK_WORD") for t in s.toks)


def _read_hand(sentences, i, hand, variant, lines):
    held, starter, crib, same_suit, other, count_at = hand
    s = sentences[i]
    claims = _hand_claims(s.toks, count_at)
    j = i + 1
    first = s.toks[0].line
    while j < len(sentences) and not _window_ends(sentences, j):
        t = sentences[j]
        if any(w in ("case", "cases") for w in t.words):
            j += 1
            break
        if _sum_like(t) and any(c.what != "total" for c in claims):
            total = _sum_line(t, lines, 1)
            if total:
                claims.append(total)
        elif t.table_row:
            row = _row_claim(t)
            if row and not row.what:   # a row cut short in the scan: the column above says what
                row.what = next((c.what for c in reversed(claims) if c.what in CATEGORY_WORDS.values()), "")
            if row and row.what:
                claims.append(row)
        elif _sum_like(t) and any(c.what != "total" for c in claims):
            total = _sum_line(t, lines, 1)
            if total:
                claims.append(total)
        else:
            claims += claims_in(t.toks)
        j += 1
    note = ""
    if other is not None and not same_suit:
        held, starter, note = _starter_by_count(held, starter, other, crib, claims)
    cards = _expand(held)
    suits = [k for k in same_suit]
    last = sentences[j - 1].toks[-1].line
    first_card = min([m.index for m in held] + [starter.index])
    example = HandExample(cards, starter.card, crib, _same_suit_cards(held, suits), claims,
                          variant, first, last, "\n".join(lines[first - 1:last]),
                          starter_note=note, unread=unread_cards(s.toks, first_card, count_at))
    return j, example


def _hand_claims(toks: list[Tok], count_at: int) -> list[RawClaim]:
    """What a hand's sentence states of its count: the numbers said of it anywhere (`counts
    29`, `two for his nobs`), and the count called aloud after the cards (`fifteen-two,
    fifteen-four, and a run of three are seven`) when no total was stated otherwise."""
    claims = claims_in(toks)
    if any(c.what == "total" for c in claims):
        return claims
    known = {(c.what, c.line, c.column) for c in claims}
    said = toks[count_at:]
    while said and said[-1].text in (".", ";", "!"):
        said = said[:-1]       # (`: seven.`: a total alone)
    return claims + [c for c in spoken_claims(said)
                     if (c.what, c.line, c.column) not in known]


def _starter_by_count(held: list[Mention], starter: Mention, other: Mention, crib: bool,
                      claims: list[RawClaim]) -> tuple[list[Mention], Mention, str]:
    """Of the two cards beside the word for the starter (`..., knave of spades; starter, five
    of spades`), the starter is the one with which the hand counts what the book's total says;
    the nearer rule's choice stays unless only the other one counts so (and the note says
    why)."""
    from records.cribbage.scoring import Card, score_total
    totals = [c.value for c in claims if c.what == "total"]
    if not totals:
        return held, starter, ""

    def count(hand: list[Mention], up: Mention) -> int | None:
        try:
            return score_total([Card(c.rank, c.suit) for c in _expand(hand)],
                               Card(up.card.rank, up.card.suit), crib)
        except (ValueError, KeyError):
            return None
    swapped = [starter if m is other else m for m in held]
    kept = count(held, starter)
    if kept != totals[-1] and count(swapped, other) == totals[-1]:
        return swapped, other, (f"the starter is \"{other.card.text}\" at {other.card.line}:"
                                f"{other.card.column}, with which the hand counts the "
                                f"{totals[-1]} the book states (with \"{starter.card.text}\" at "
                                f"{starter.card.line}:{starter.card.column} it counts {kept})")
    return held, starter, ""


def _same_suit_cards(held: list[Mention], picks: list[int]) -> list[int]:
    out, position = [], 0
    for k, m in enumerate(held):
        if k in picks:
            out.append(position)
        position += m.count
    return out


ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "last": -1}


def _distribute_cases(s: Sentence, group: list[HandExample]) -> None:
    """'In the first two cases there are two fifteens, and in the last three fifteens ...'."""
    toks, words = s.toks, s.words
    marks = []
    for j, w in enumerate(words):
        if w in ORDINALS:
            count = number_of(toks[j + 1]) if j + 1 < len(toks) else None
            takes_count = count is not None and j + 2 < len(words) and words[j + 2] in ("case", "cases")
            start = ORDINALS[w]
            picked = list(range(len(group)))[start:start + count] if takes_count and start >= 0 \
                else [start]
            marks.append((j + (2 if takes_count else 0), picked))
    for n, (j, picked) in enumerate(marks):
        end = marks[n + 1][0] if n + 1 < len(marks) else len(toks)
        claims = claims_in(toks[j + 1:end])
        for k in picked:
            if -len(group) <= k < len(group):
                group[k].claims.extend(RawClaim(c.what, c.value, c.text, c.line, c.column)
                                       for c in claims)


def _compact_runs(toks: list[Tok]) -> list[tuple[int, int]]:
    """Stretches of three or more bare cards in a row, like '6 2 5 4 A 3' (not after 'run of')."""
    out, start = [], None
    for j, t in enumerate(toks + [Tok("END", "", 0, 0)]):
        is_card = t.type in ("RANK_SIGN", "CARD") and not t.text.endswith(("s", "'s", "’s"))
        if is_card and start is not None and toks[j - 1].line == t.line and \
                t.column > toks[j - 1].column + len(toks[j - 1].text):
            continue
        if start is not None and j - start >= 3 and \
                not (start >= 1 and toks[start - 1].text.lower() == "of") and \
                not _rank_order(toks[start:j]):
            out.append((start, j))
        start = j if is_card else None
    return out


def _rank_order(toks: list[Tok]) -> bool:
    """'K Q J 10 9 8 7 ...': five or more ranks in a row, the order of the cards, not a play."""
    ranks = [card_of(t).rank for t in toks]
    steps = {b - a for a, b in zip(ranks, ranks[1:])}
    return len(ranks) >= 5 and steps in ({1}, {-1})


def _read_compact(sentences, i, variant, lines, out) -> int:
    """Bare sequences in running text ('the cards fall 6 2 5 4 A 3'), each with what is said of it."""
    j = i + 1
    while j < len(sentences) and not sentences[j].new_block and not _find_hand(sentences[j]):
        j += 1
    toks = [t for s in sentences[i:j] for t in s.toks]
    runs = _compact_runs(toks)
    for n, (a, b) in enumerate(runs):
        if not _spaced(toks[a:b], lines):
            continue
        events = [PlayEvent(card_of(t), line=t.line, column=t.column, text=t.text)
                  for t in toks[a:b]]
        after = toks[b:runs[n + 1][0]] if n + 1 < len(runs) else toks[b:]
        _run_verdict(events[-1], after)
        first, last = events[0].line, events[-1].line
        out.append(PlayExample(events, variant, first, last, lines[first - 1]))
    return j


def _spaced(toks: list[Tok], lines: list[str]) -> bool:
    """Cards of a sequence stand apart by spaces or commas (`5/3/8/8` in a web address is none)."""
    for a, b in zip(toks, toks[1:]):
        gap = lines[a.line - 1][a.column - 1 + len(a.text):b.column - 1]
        if gap.strip(" ,\t"):
            return False
    return True


def _run_verdict(event: PlayEvent, toks: list[Tok]) -> None:
    """'This is a run' / 'there is no run' / 'is not a run' said of a sequence."""
    words = [t.text.lower() for t in toks]
    for j, w in enumerate(words):
        if w == "run":
            window = words[max(0, j - 3):j]
            (event.denies if "no" in window or "not" in window else event.expects).append("runs")
            return


def _read_passage(sentences, i, variant, lines, topic, out) -> int:
    if i and not sentences[i].new_block and any(
            w in ("holds", "held") for w in sentences[i - 1].words) and mentions(sentences[i - 1].toks):
        i -= 1
    j = i + 1
    while j < len(sentences) and not sentences[j].new_block and not _window_ends_play(sentences[j]):
        j += 1
    passage = sentences[i:j]
    story_lines, hands = read_narration(passage)
    first, last, text = _span(passage, lines)
    for events in story_lines:
        if not any(e.card for e in events):
            continue
        if topic and events[-1].card and not (events[-1].expects or events[-1].denies
                                              or events[-1].claimed is not None):
            events[-1].expects.append(topic)
        out.append(PlayExample(events, variant, events[0].line or first, last, text,
                               hands=dict(hands)))
    return j


def _window_ends_play(s: Sentence) -> bool:
    return _is_deal_label(s) or _find_hand(s) is not None or bool(_compact_runs(s.toks))


# -- a worked deal: the hands, the crib, the starter, the play and the counts ------------------
def _read_deal(sentences, i, variant, lines, out) -> int:
    dealt: dict[str, list[RawCard]] = {}
    j = i
    toks = [t for s in sentences[i:i + 6] for t in s.toks]
    k = 0
    while k < len(toks):
        t = toks[k]
        if t.type == "HAND" and k and toks[k - 1].text.lower().rstrip("'’s").rstrip("'’") in (
                "dealer", "non-dealer", "pone"):
            who = "dealer" if toks[k - 1].text.lower().startswith("dealer") else "pone"
            end = k + 1
            while end < len(toks) and toks[end].type not in ("WORD", "HAND"):
                end += 1
            dealt[who] = _expand(mentions(toks, k + 1, end))
            k = end
            continue
        k += 1
    last_label_line = max(c.line for cards in dealt.values() for c in cards) if dealt else 0
    while j < len(sentences) and sentences[j].toks[0].line <= last_label_line:
        j += 1
    discards: dict[str, list[RawCard]] = {}
    starter = None
    claims: list[RawClaim] = []
    play_sentences = []
    owner = ""
    start = j
    while j < len(sentences):
        s = sentences[j]
        words = s.words
        if s.new_block and j > start and not (mentions(s.toks) or claims_in(s.toks)):
            break
        if _is_deal_label(s) or _find_hand(s) is not None and discards:
            break
        if not discards and any(t.type == "CRIB" for t in s.toks):
            discards, starter = _discards(s)
        elif _has_play(s) and not any(w in ("would", "count", "score") for w in words):
            play_sentences.append(s)
        else:
            owner = _owner(s, owner)
            claims += claims_in(s.toks, owner)
        j += 1
    story_lines, _ = read_narration(play_sentences)
    events = story_lines[0] if story_lines else []
    first = sentences[i].toks[0].line
    last = sentences[j - 1].toks[-1].line
    out.append(DealExample(dealt, discards, starter, events, claims, variant, first, last,
                           "\n".join(lines[first - 1:last])))
    return j


def _owner(s: Sentence, previous: str) -> str:
    if any(t.type == "CRIB" for t in s.toks):
        return "crib"
    for w in s.words:
        if w in ("non-dealer", "pone"):
            return "pone"
        if w == "dealer":
            return "dealer"
    return previous


def _discards(s: Sentence) -> tuple[dict[str, list[RawCard]], RawCard | None]:
    toks, words = s.toks, s.words
    out: dict[str, list[RawCard]] = {}
    starter = None
    markers = _starter_marker_indices(toks)
    stop = next((j for j, t in enumerate(toks) if t.text == ";"), len(toks))
    who, begin = None, 0
    for j in range(stop + 1):
        w = words[j] if j < stop else None
        if j == stop or w in ("dealer", "non-dealer", "pone"):
            if who:
                out[who] = _expand([m for m in mentions(toks, begin, j)])
            if j < stop:
                who, begin = ("dealer" if w == "dealer" else "pone"), j + 1
    if markers:
        found = mentions(toks, stop, len(toks))
        near = _starter_near(toks, words, markers[0], found)
        starter = near.card if near else None
    return out, starter
