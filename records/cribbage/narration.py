"""Following a narrated play through a passage: who lays which card, the main line and its
branches, and what is scored on the way.
"""
from __future__ import annotations

from records.cribbage.book_text import (
    MODALS,
    PLAY_VERBS,
    PLAYER_WORDS,
    Mention,
    PlayEvent,
    Sentence,
    _expand,
    _play_mentions,
    _player_before,
)
from records.cribbage.notation import (
    CATEGORY_WORDS,
    RawCard,
    Tok,
    _category_after,
    number_of,
)


class _Narration:
    """Follows who plays what through a passage: people, the main line and its branches."""

    def __init__(self):
        self.main: list[PlayEvent] = []
        self.lines: list[list[PlayEvent]] = []
        self.people: dict[str, str] = {}
        self.third: str | None = None
        self.hands: dict[str, list[RawCard]] = {}
        self.last_branch: list[PlayEvent] | None = None

    def who(self, word: str | None, previous: str | None) -> str | None:
        if word is None:
            return None
        role = PLAYER_WORDS[word]
        if role in ("pone", "dealer"):
            self.third = role
            return role
        if role == "self":
            self.people.setdefault("i", "pone" if "he" not in self.people else "dealer")
            return self.people["i"]
        if role == "same":
            return self.third or (_other(previous) if previous else None)
        mine = self.people.get("i")
        player = _other(mine) if mine else _other(previous)
        self.third = player
        return player

    def finish(self) -> None:
        if self.main:
            self.lines.append(self.main)
        self.main, self.last_branch = [], None


def _other(player: str | None) -> str | None:
    return {"pone": "dealer", "dealer": "pone"}.get(player)


def read_narration(sentences: list[Sentence]) -> tuple[list[list[PlayEvent]], dict]:
    """The plays a passage narrates: its main line and every line it says could follow."""
    story = _Narration()
    for s in sentences:
        words = s.words
        if story.main and any(w in ("suppose", "instance", "begins") for w in words):
            story.finish()
        for n, clause in enumerate(_clauses(s.toks)):
            _read_clause(story, clause, first_clause=n == 0)
    story.finish()
    return _merge_prefixes(story.lines), story.hands


def _clauses(toks: list[Tok]) -> list[list[Tok]]:
    out, current = [], []
    for t in toks:
        if t.text == ";":
            if current:
                out.append(current)
            current = []
        else:
            current.append(t)
    if current:
        out.append(current)
    return out


def _read_clause(story: _Narration, toks: list[Tok], first_clause: bool) -> None:
    words = [t.text.lower() for t in toks]
    ms = _play_mentions(toks)
    if "first" in words and story.main and ms and ms[0].index > words.index("first"):
        story.finish()
    if any(w in ("holds", "hold", "held") for w in words) and ms and not _verb_before(words, ms[0].index) \
            and not any(w in MODALS for w in words) and words[0] != "if":
        player = story.who(_player_before(toks, 0, ms[0].index), None) or "pone"
        story.hands[player] = _expand(ms)
        return
    if not ms:
        if story.main and any(w in ("here", "this", "which", "it") or w in PEG_VERBS for w in words):
            _claims_on(story.main[-1], toks, 0, len(toks), set())
        return
    opener = " ".join(words[:2])
    conditional = (first_clause and (words[0] in ("if", "should") or opener == "but if")) or \
        any(w in MODALS for w in words)
    if conditional and not ("first" in words and not story.main):
        _read_branches(story, toks, ms)
    else:
        _read_line(story, toks, ms, story.main)
        story.last_branch = None


def _verb_before(words: list[str], i: int) -> bool:
    window = words[max(0, i - 6):i]
    return any(w in PLAY_VERBS - {"holds", "hold", "held"} for w in window) or \
        any(a == "throws" and b == "down" for a, b in zip(window, window[1:]))


def _read_line(story: _Narration, toks: list[Tok], ms: list[Mention], line: list[PlayEvent]) -> None:
    """Lay each mentioned card on the line, with who played it and what the text says it made."""
    cards = {m.index for m in ms}
    previous_end = 0
    for n, m in enumerate(ms):
        _go_and_reset(story, toks, previous_end, m.index, line, cards)
        last = line[-1].player if line else None
        named = _player_before(toks, previous_end, m.index)
        between = {t.text.lower() for t in toks[previous_end:m.index]}
        if named:
            player = story.who(named, last)
        elif "then" in between and n and line:
            player = line[-1].player          # "... another 2, and then an ace": the same hand
        elif line and line[-1].go:
            player = _other(line[-1].player)
        else:
            player = _other(last) if last else None
        for _ in range(m.count):
            line.append(PlayEvent(m.card, player, line=m.card.line, column=m.card.column,
                                  text=m.card.text))
        end = ms[n + 1].index if n + 1 < len(ms) else len(toks)
        stop = _go_and_reset(story, toks, m.index + 1, end, line, cards, probe=True)
        _claims_on(line[-1], toks, m.index + 1, stop, cards)
        previous_end = m.index + 1 if stop == end else stop
    _go_and_reset(story, toks, previous_end, len(toks), line, cards)


def _read_branches(story: _Narration, toks: list[Tok], ms: list[Mention]) -> None:
    """A clause that says what would happen: each alternative branches from the main line."""
    words = [t.text.lower() for t in toks]
    groups: list[list[Mention]] = []
    for m in ms:
        if groups:
            between = words[groups[-1][-1].index + 1:m.index]
            joined = "and" in between or any(w in PLAY_VERBS or w in PLAYER_WORDS for w in between)
            if joined and "or" not in between:
                groups[-1].append(m)
                continue
        groups.append([m])
    fresh = toks[0].text.lower() in ("a", "an") or (toks[0].text == "A" and len(ms) > 1)
    base = story.last_branch if "then" in words and story.last_branch else story.main
    made = []
    for g, group in enumerate(groups):
        line = [] if fresh else [_copy(e) for e in base]
        end = groups[g + 1][0].index if g + 1 < len(groups) else len(toks)
        _read_line(story, toks[:end], group, line)
        story.lines.append(line)
        made.append(line)
    _share_predicates(toks, words, groups, made, {m.index for m in ms})
    story.last_branch = made[0] if len(made) == 1 else None


ALTERNATIVE_LINKS = {"or", ",", "a", "an", "another"}


def _share_predicates(toks, words, groups, made, cards) -> None:
    """'a queen and five, or an eight and seven would make fifteen-two': what follows a list
    of alternatives is said of each of them."""
    cluster = [0]
    for g in range(1, len(groups) + 1):
        linked = g < len(groups) and set(
            words[groups[g - 1][-1].index + 1:groups[g][0].index]) <= ALTERNATIVE_LINKS
        if linked:
            cluster.append(g)
            continue
        end = groups[g][0].index if g < len(groups) else len(toks)
        start = groups[cluster[-1]][-1].index + 1
        for k in cluster[:-1]:
            if made[k] and made[k][-1].card is not None:
                _claims_on(made[k][-1], toks, start, end, cards)
        cluster = [g]


def _copy(e: PlayEvent) -> PlayEvent:
    return PlayEvent(e.card, e.player, e.go, e.reset, e.claimed, e.called, dict(e.parts),
                     list(e.expects), list(e.denies), e.line, e.column, e.text)


def _go_and_reset(story, toks, start, end, line, cards, probe=False) -> int:
    """A go ('the pone has to say go', 'the dealer says, "go,"') or the cards turned down.

    Returns where the claims of the card before it stop (the go takes the claims after it)."""
    words = [t.text.lower() for t in toks]
    for k in range(start, end):
        w = words[k]
        if w == "go" and k and (words[k - 1] in ("say", "says") or
                                (words[k - 1] in ('"', "“", ",") and "says" in words[max(0, k - 3):k])):
            if probe or not line:
                return k
            player = story.who(_player_before(toks, start, k), line[-1].player) or \
                _other(line[-1].player)
            line.append(PlayEvent(None, player, go=True, line=toks[k].line, column=toks[k].column,
                                  text="go"))
            _claims_on(line[-1], toks, k + 1, end, cards)
            return k
        if w == "turned" and k + 1 < len(words) and words[k + 1] == "down" and line:
            line.append(PlayEvent(None, None, reset=True, line=toks[k].line,
                                  column=toks[k].column, text="turned down"))
            return k
    return end


PEG_VERBS = {"scores", "score", "pegs", "peg", "marks", "mark", "count", "pegged", "pegging"}


def _claims_on(event: PlayEvent | None, toks: list[Tok], start: int, end: int,
               cards: set[int]) -> None:
    """What the text says a card scored: points, the count called, what it makes or fails to make."""
    if event is None:
        return
    words = [t.text.lower() for t in toks]
    stated, call_points = [], 0
    for j in range(start, end):
        w, tok = words[j], toks[j]
        nxt = words[j + 1] if j + 1 < len(words) else ""
        prev = words[j - 1] if j else ""
        if w in ("calling", "calls") or (w == "says" and nxt in ('"', "“")):
            called = _called(toks, j + 1, end)
            if called is not None and event.called is None and not event.go:
                event.called, fifteen_two = called
                if fifteen_two:
                    event.expects.append("fifteens")
                    call_points = 2
        value = number_of(tok)
        if value is not None and j not in cards and prev not in ("being", "of", "to", "than"):
            category = _category_after(words, j + 1) if nxt == "for" and \
                words[j + 2:j + 3] != ["each"] else None
            if category:
                event.parts[category] = value       # "count 2 for the fifteen": one part
            elif nxt in ("holes", "hole", "points", "point", "more") or prev in PEG_VERBS:
                stated.append(value)
        if w.startswith("fifteen-") and "fifteens" not in event.expects:
            event.expects.append("fifteens")
        last_card = w == "last" and nxt == "card" and words[j + 2:j + 3] != ["played"]
        if w in CATEGORY_WORDS or last_card or w == "go":
            if w == "go" and not (prev == "his" or (prev == "the" and "for" in words[max(start, j - 3):j])):
                continue
            if w == "run" and prev == "the" and words[j - 2:j - 1] == ["continue"]:
                pass
            negated = any(x in ("no", "not", "without") for x in words[max(start, j - 4):j])
            cat = "last card" if last_card else "go" if w == "go" else CATEGORY_WORDS[w]
            target = event.denies if negated else event.expects
            if cat not in target:
                target.append(cat)
    if stated or call_points:
        event.claimed = (event.claimed or 0) + (sum(stated) or call_points)


def _called(toks: list[Tok], start: int, end: int) -> tuple[int, bool] | None:
    for j in range(start, min(end, start + 4)):
        tok = toks[j]
        if tok.type == "NUMBER_WORD" or tok.type == "NUMBER":
            text = tok.text.lower()
            if text.startswith("fifteen") and "-" in text:
                return 15, True
            value = number_of(tok)
            if value is not None:
                return value, False
        if tok.type == "RANK_WORD" and number_of(tok) is not None:
            return number_of(tok), False
    return None


def _merge_prefixes(lines: list[list[PlayEvent]]) -> list[list[PlayEvent]]:
    """A line that another line continues is the same play: keep the longer, with both claims."""
    def key(line):
        return [(e.card.rank if e.card else None, e.go, e.reset) for e in line]
    kept: list[list[PlayEvent]] = []
    for line in sorted(lines, key=len, reverse=True):
        k = key(line)
        longer = [o for o in kept if key(o)[:len(k)] == k]
        if not longer:
            kept.append(line)
            continue
        for other in longer:
            for mine, theirs in zip(line, other):
                theirs.expects += [c for c in mine.expects if c not in theirs.expects]
                theirs.denies += [c for c in mine.denies if c not in theirs.denies]
                if theirs.claimed is None:
                    theirs.claimed = mine.claimed
                if theirs.called is None:
                    theirs.called = mine.called
                if theirs.player is None:
                    theirs.player = mine.player
    order = {id(line): n for n, line in enumerate(lines)}
    return sorted(kept, key=lambda line: order.get(id(line), 0))
