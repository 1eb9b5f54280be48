"""Cribbage told in words, the third step: a block's words as the tokens the replay reads.

Tokens: a card (held by someone, the starter, or laid out for the crib), a count (spoken,
with whose it is), a card played with its call (or a go, or a point for the go or the last
card), and who deals. Whose a card or a count is comes from the words: a speaker's name at the
start of a line (`Alice: "Fifteen two ..."`, `BOB. Fifteen two`), `Bob holds ...`, `Bob's hand`,
`the crib`, `"...," says Bob`, `Bob counts ...`, or the cards on the same row of a table. A
table whose first row names its columns (`Hand  Starter  Count`, `Player  Card  Count  Points`)
reads each cell as its column says.
"""
from __future__ import annotations

from records.cribbage.scoring import Card
from records.cribbage.told_calls import Tok, pegging_call, spoken_count
from records.cribbage.told_phrases import card_list, name_at, starter_after, starter_before
from records.cribbage.told_tables import header_of, table_tokens
from records.cribbage.told_words import (
    DITTO,
    LETTER_RANKS,
    PLURAL_RANKS,
    QUOTES,
    RANK_OF,
    TENS,
    UNITS,
    Word,
    block_words,
    ends_sentence,
    number_at,
)

HOLD_VERBS = {"holds", "has", "keeps", "kept", "held", "had", "retains", "retained", "hold",
              "have", "keep", "gets", "got", "picks", "holding"}
COUNT_VERBS = {"counts", "count", "counted", "scores", "score", "scored", "pegs", "pegged",
               "shows", "showed", "reckons", "makes", "made", "gives", "totals", "takes",
               "marks", "calls", "says", "said", "announces", "declares", "replies", "answers",
               "worth", "=", "counting", "amounts", "comes"}
PLAY_VERBS = {"plays", "played", "play", "leads", "led", "lays", "laid", "puts", "throws",
              "follows", "answers", "replies", "responds", "adds", "opens", "begins", "rejoins",
              "comes", "pairs", "drops"}
PARTICLES = {"down", "with", "on", "out", "back", "off", "in", "up", "it", "by", "then"}
DISCARD_VERBS = {"discards", "discarded", "discard", "discarding", "lays", "laid", "lay", "throws",
                 "threw", "throw", "puts", "put", "gives", "gave", "laying", "throwing", "putting"}
MODALS = {"shall", "will", "must", "then", "now", "also", "next"}
CALL_LEADS = {",", ":", "—", "–", "-", "and", "calling", "calls", "saying", "says", "counting",
              "announcing", "with", "then"} | QUOTES
SAYS = {"says", "said", "counts", "replies", "answers", "calls", "announces", "adds", "continues"}
CRIB_WORDS = {"crib", "crib's"}
PERSONS = {"i", "he", "she", "my", "the", "dealer", "pone", "non-dealer", "dealer's", "pone's",
           "non-dealer's", "elder", "younger"}
COUNT_STARTS = COUNT_VERBS | {"in", "the", "his", "her", "my", "their", "a", "an", "one", "another",
                              "two", "three", "four", "five", "six", "double", "triple", "nothing",
                              "none", "total", "and", "count:", "crib"}
STARTER_STARTS = {"the", "starter", "turn-up", "turnup", "cut", "start", "turned-up", "turn",
                  "cuts", "turns", "turned", "turning", "cutting"}
HOLD_STARTS = {"in", "the", "his", "her", "my", "their", "crib", "hand"}
CARD_STARTS = {"a", "an", "the", "another", "his", "her", "my", "your", "their", "its", "one",
               "this", "two", "three", "four", "both", "pair", "pair-royal", "double"}
NUMBER_STARTS = ("fifteen", "twenty", "thirty", "forty", "fifty")
CARD_NEXT = {"pair", "pair-royal", "double", "two", "three", "four", "royal", "of"} | set("akqjt") | {
    str(n) for n in range(1, 11)} | {f"{n}'s" for n in range(1, 11)} | {f"{n}s" for n in range(1, 11)}
ROLES = {"dealer", "pone", "non-dealer", "dealer's", "pone's", "non-dealer's", "elder", "younger"}
ROLE_LEADS = {"the"}
NAME_NEXT = (HOLD_VERBS | COUNT_VERBS | PLAY_VERBS | DISCARD_VERBS | SAYS | ROLES
             | MODALS | {":", ",", "—", "–", ".", "deals", "dealt", "is", "was", "cuts", "turns", "cannot",
                "can't", "has", "pegs", "takes", "then", "hand", ";", "¦", "'s", "and"})
COUNT_LEADS = {"in", "the", "his", "her", "my", "their", "a", "an", "one", "another", "two", "three",
               "four", "five", "six", "and", "total"}
COUNT_NEXT = {"crib", "crib's", "pair", "pairs", "run", "runs", "sequence", "sequences", "double",
              "triple", "treble", "quadruple", "flush", "fifteen", "fifteens", "pair-royal", "prial",
              "for", "nob", "nobs", "knob", "knobs", "the", "his", "of", "double-double", "one"}
# every small-letter word some reader may begin with (the others are passed over at once)
STARTS = (COUNT_VERBS | COUNT_LEADS | STARTER_STARTS | HOLD_STARTS | CARD_STARTS | PERSONS | ROLES
          | set(RANK_OF) | set(PLURAL_RANKS) | set(UNITS) | set(TENS) | DISCARD_VERBS
          | {"nothing", "none", "crib", "go", "one", "dealt"})


def _low(words: list[Word], i: int) -> str:
    return words[i].low if 0 <= i < len(words) else ""


class Scanner:
    """Reads blocks in order; remembers the players named and whether a play is being told."""

    def __init__(self):
        self.group = 0
        self.sentence = 0
        self.pegging = False
        self.subject: str | None = None
        self.passed: list[Tok] = []       # cards named in the play but not read as played
        self.discarding: str | None = None    # who laid out cards for the crib last (`And I ...`)

    def block(self, rows) -> list[Tok]:
        header = header_of(rows)
        if header is not None:
            return table_tokens(self, rows, header)
        return self.words(block_words(rows))

    def words(self, words: list[Word]) -> list[Tok]:
        return _Pass(self, words).run()


class _Pass:
    """One left-to-right reading of a block's words."""

    def __init__(self, scanner: Scanner, words: list[Word]):
        self.s, self.w = scanner, words
        self.out: list[Tok] = []
        self.holder: str | None = None     # whose cards the sentence lists
        self.speaker: str | None = None    # who is speaking on this row
        self.row_cards: str | None = None  # the holder of cards on this table row ("" unnamed)
        self.row_hand = 0                  # cards held listed on this row (or in this sentence)
        self.quoted = False                # inside quotation marks
        self.after_label = -1              # where the words of a speaker's line begin

    def run(self) -> list[Tok]:
        i, w, n = 0, self.w, len(self.w)
        self.s.sentence += 1
        while i < n:
            word = w[i]
            kind = word.kind
            if kind == "word" and not word.first and word.low not in STARTS and not word.text[0].isupper() \
                    and not word.low.startswith(NUMBER_STARTS):
                i += 1                    # most words of prose begin nothing
                continue
            if word.first and (i == 0 or ends_sentence(w[i - 1]) or w[i - 1].low in QUOTES):
                self.speaker = None
            if kind == "row":
                self.row_cards, self.speaker, self.row_hand = None, None, 0
            if word.text in ('"', "“", "”", "«", "»"):
                self.quoted = word.text in ("“", "«") or (word.text == '"' and not self.quoted)
            if kind != "cell" and ends_sentence(word):
                self.holder = None
                if kind != "punct" or word.text != ";":
                    self.row_hand = 0
                    self.s.sentence += 1
                i += 1
                continue
            i = self.step(i)
        return self.out

    def step(self, i: int) -> int:
        for reader in self.readers(i):
            after = reader(i)
            if after is not None:
                return after
        return i + 1

    def readers(self, i: int) -> list:
        """The readers a word can begin, judged by it and the word after it (most words of
        prose begin none)."""
        w = self.w[i]
        kind, low = w.kind, w.low
        out = [self.label] if w.first else []
        if kind == "cell":
            return out + [self.column_count, self.cards]
        if kind in ("card", "glyph"):
            return out + [self.cards]
        if i == self.after_label and kind in ("word", "num"):
            out.append(self.shown)
        if kind in ("num", "call"):
            return out + [self.go, self.count, self.cards]
        if kind != "word":
            return out + ([self.late_call, self.go, self.count] if low in QUOTES else [])
        nxt = self.w[i + 1].low if i + 1 < len(self.w) else ""
        after = self.w[i + 1] if i + 1 < len(self.w) else w
        named = (w.text[0].isupper() or low in PERSONS) and (
            nxt in NAME_NEXT or low.endswith("'s") or low in ROLE_LEADS and nxt in ROLES
            or self.s.discarding and (nxt in CARD_STARTS or after.kind in ("card", "glyph")
                                      or after.text in LETTER_RANKS)
            or self.s.pegging and (after.kind in ("card", "glyph", "num") or nxt in CARD_STARTS
                                   or nxt in RANK_OF or after.text in LETTER_RANKS))
        if named:
            out += [self.go, self.play, self.count, self.dealer, self.discard, self.hold]
        elif low in COUNT_VERBS or low in UNITS or low in TENS or low.startswith("fifteen") or (
                low in COUNT_LEADS and nxt in COUNT_NEXT) or low in ("nothing", "none", "crib"):
            out.append(self.count)
        if low in STARTER_STARTS and (low != "the" or nxt in STARTER_STARTS):
            out.append(self.starter)
        if low in DISCARD_VERBS and self.holder:
            out.append(self.discard)
        if low == "dealt" and not named and i and self.w[i - 1].kind != "word":
            out.append(self.hold)
        if not named and (low == "hand" or low in ("the", "his", "her", "my", "their", "in", "crib")
                          and (nxt in ("crib", "crib's", "the", ":") or low == "crib")):
            out.append(self.hold)
        if low in RANK_OF or low in PLURAL_RANKS or w.text in LETTER_RANKS or (
                low in CARD_STARTS and (nxt in CARD_NEXT or nxt in RANK_OF or nxt in PLURAL_RANKS)):
            out.append(self.cards)
        return out

    # -- who speaks, who holds, who deals --------------------------------------------------
    def label(self, i: int) -> int | None:
        """`Alice:`, `BOB.`, `B —` at the start of a line: the speaker of the line."""
        w = self.w
        if not w[i].first:
            return None
        found = name_at(w, i)
        if found is None or found[2]:
            return None
        name, k, _ = found
        mark = _low(w, k)
        if mark == "(":
            return self._aside_play(name, k)
        loud = w[i].text.isupper() or len(w[i].text) == 1
        if mark == ":" or mark in ("—", "–") or (mark == "." and loud and k + 1 < len(w)):
            if name == "dealer" and mark == ":" and name_at(w, k + 1):
                other = name_at(w, k + 1)
                self.emit("deal", w[k + 1], name=other[0])
                return other[1]
            self.speaker = name
            self.s.subject = name
            self.after_label = k + 2 if _low(w, k + 1) == "¦" else k + 1
            return k + 1
        return None

    def _aside_play(self, name: str, k: int) -> int | None:
        """`Alice (playing a five): "Five."`: a play said by its player."""
        w = self.w
        close = next((j for j in range(k + 1, min(k + 12, len(w))) if w[j].text == ")"), None)
        mark = _low(w, close + 1) if close is not None else ""
        if mark not in (":", ",", "—", "–", "."):
            return None
        j = k + 1
        while j < close and (_low(w, j) in PLAY_VERBS or _low(w, j) in PARTICLES
                             or _low(w, j) in ("playing", "laying", "leading", "pairing", "with")):
            j += 1
        got = card_list(w, j, free=True)
        if got is None or len(got[0]) != 1 or got[1] != close:
            if j > k + 1 and j < close:       # `(playing ...)` with no card read: not passed silently
                self.s.passed.append(Tok("card", " ".join(x.text for x in w[j:close]), w[j].line, w[j].column))
            return None
        call = self._call_after(close + 1) or self._call_after(close)
        if mark == "." and _low(w, close + 2) in QUOTES:     # `BOB (playing a four). "Four."`
            call = self._call_after(close + 2)
            if call is None:
                return None
        self.speaker = self.s.subject = name
        return self._played(name, got[0][0], close, call)

    def late_call(self, i: int) -> int | None:
        """`Bob plays a ten. "Fifteen two," he says.`: the call of the card just played."""
        last = self.out[-1] if self.out else None
        if last is None or last.kind != "peg" or last.call is not None or last.card is None:
            return None
        k = i + 1
        call = pegging_call(self.w, k)
        if call is None or call.go or call.total is None:
            return None
        last.call = call
        return self._after_said(call.end)

    def who(self, i: int) -> tuple[str, int, bool] | None:
        """A player named at i, or `I` (the speaker), `he`/`she` (the last named)."""
        w = self.w[i] if i < len(self.w) else None
        if w is None or w.kind != "word" or not (w.text[0].isupper() or w.low in PERSONS):
            return None
        low = w.low
        if low == "i" and self.speaker:
            return self.speaker, i + 1, False
        if low in ("he", "she") and self.s.subject:
            return self.s.subject, i + 1, False
        if low == "my" and self.speaker:
            return self.speaker, i + 1, True
        found = name_at(self.w, i)
        return found

    def dealer(self, i: int) -> int | None:
        found = self.who(i)
        if found is None or found[2]:
            return None
        name, k, _ = found
        low = _low(self.w, k)
        if low in ("deals", "dealt") or (low == "is" and _low(self.w, k + 1) in ("dealer", "the")
                                          and "dealer" in (_low(self.w, k + 1), _low(self.w, k + 2))):
            self.emit("deal", self.w[i], name=name)
            self.s.subject = name
            return k + 1
        return None

    def hold(self, i: int) -> int | None:
        """`Bob holds ...`, `Bob's hand is ...`, `the crib: ...`, `in her crib`, `I hold`."""
        w = self.w
        owner, k = self._crib_lead(i)
        if owner is None:
            found = self.who(i)
            if found is None:
                if _low(w, i) in ("hand", "hand:") and _low(w, i + 1) == ":":
                    owner, k = "", i + 2
                elif _low(w, i) == "dealt":       # `Bob: dealt 5H 6H 7H 8D JC KS, discards ...`
                    owner, k = self.speaker or "", i + 1
                else:
                    return None
            else:
                name, k, possessive = found
                if _low(w, k) == "," and _low(w, k + 1) == "holding":
                    k += 1                # `Bob, holding 5H 6H 7H 8D JC KS, discards ...`
                if possessive and _low(w, k) == "hand":
                    k += 1
                elif _low(w, k) in HOLD_VERBS or (_low(w, k) in ("is", "was") and _low(w, k + 1) == "dealt"):
                    k += 2 if _low(w, k) in ("is", "was") else 1
                else:
                    return None
                owner = name
                self.s.subject = name
        while _low(w, k) in (":", "is", "was", ",", "—", "–", "in", "hand", "contains", "holds",
                             "has", "of", "consists", "the", "following", "cards", "¦"):
            if _low(w, k) == "the" and card_list(w, k) is not None:
                break
            k += 1
        got = card_list(w, k, free=True)
        if got is None:
            self.holder = owner
            return k if k > i else None
        self.holder = owner
        return self.listed(got, owner, "hold")

    def _crib_lead(self, i: int) -> tuple[str | None, int]:
        w, k = self.w, i
        if _low(w, k) == "in":
            k += 1
        if _low(w, k) in ("the", "his", "her", "my", "their") or (
                name_at(w, k) and name_at(w, k)[2]):
            k += 1
        if _low(w, k) in CRIB_WORDS and (k > i or w[k].first):
            return "crib", k + 1
        return None, i

    def discard(self, i: int) -> int | None:
        """`Alice lays out the king and queen (for the crib)`, `Bob discards two fives`."""
        w = self.w
        found = self.who(i)
        if found is None and _low(w, i) in DISCARD_VERBS and self.holder:
            found = (self.holder, i, False)    # `Bob holds ... and discards ...`
        if found is None or found[2]:
            return None
        name, k, _ = found
        while _low(w, k) in MODALS:
            k += 1
        elided = _low(w, k) not in DISCARD_VERBS
        if elided and not (self.s.discarding and name != self.s.discarding):
            return None                   # `And I the king and the ace`: the verb left out
        verb = "" if elided else _low(w, k)
        k += 0 if elided else 1
        while _low(w, k) in ("out", "away", "aside", "to", "for", "into", "the", "his", "her", "crib"):
            k += 1
        got = card_list(w, k, free=True)
        if got is None:
            return None
        rest = got[1]
        crib_after = any(_low(w, rest + n) in CRIB_WORDS for n in range(4))
        if not (elided or verb.startswith("discard") or crib_after
                or any(_low(w, x) in CRIB_WORDS | {"out", "away"} for x in range(i, k))):
            return None
        end = self.listed(got, name, "discard")
        self.s.discarding = name
        while end < len(w) and _low(w, end) in ("to", "for", "into", "the", "his", "her", "own", "crib"):
            end += 1
        return end

    # -- cards ----------------------------------------------------------------------------------
    def shown(self, i: int) -> int | None:
        """`BOB. Four, four, six, seven and the five: fifteen two, ...`: a speaker's hand shown
        in ranks (the starter last) before its count."""
        w = self.w
        got = card_list(w, i, free=True)
        if got is None or len(got[0]) < 4 or _low(w, got[1]) not in (":", "—", "–"):
            return None
        if spoken_count(w, got[1] + 1, total_first=True) is None:
            return None
        self.holder = self.speaker
        return self.listed(got, self.speaker or "", "hold")

    def cards(self, i: int) -> int | None:
        """Cards listed; a lone card set apart after a hand on its row (`5H 5D 5S JC | 5C`,
        `7 7 8 9 / 5`) is the starter."""
        w = self.w
        apart = i > 0 and (w[i - 1].kind == "cell" or w[i - 1].text in ("/", "|", "—", "–"))
        free = w[i].first or apart
        got = card_list(w, i, free=free)
        if got is None:
            return None
        if apart and len(got[0]) == 1 and self.row_hand >= 3:
            card = got[0][0]
            self.s.group += 1
            self.out.append(Tok("card", card.text, card.word.line, card.word.column,
                                Card(card.rank, card.suit), "start", group=self.s.group,
                                sentence=self.s.sentence))
            return got[1]
        if self.s.pegging and len(got[0]) == 1 and self.holder is None:
            card = got[0][0]              # a card named in talk about the play, not a hand:
            self.s.passed.append(Tok("card", card.text, card.word.line, card.word.column,
                                     Card(card.rank, card.suit)))    # not read as played
            return got[1]
        owner = self.holder if self.holder is not None else (self.speaker or "")
        return self.listed(got, owner, "hold")

    def listed(self, got, owner: str, role: str) -> int:
        """Emit a list's cards; a starter named after it (`... is cut`) is its last card."""
        cards, end = got
        after = starter_after(self.w, end)
        self.s.group += 1
        for n, c in enumerate(cards):
            is_start = after is not None and n == len(cards) - 1
            self.out.append(Tok("card", c.text, c.word.line, c.word.column, Card(c.rank, c.suit),
                                "start" if is_start else role, "" if is_start else owner,
                                group=self.s.group, sentence=self.s.sentence))
        if role == "hold" and any(t.role == "hold" for t in self.out[-len(cards):]):
            self.row_hand = len(cards)
            if self.row_cards is None:
                self.row_cards = owner
        self.s.pegging = False
        self.s.discarding = None
        return after if after is not None else end

    def starter(self, i: int) -> int | None:
        k = starter_before(self.w, i)
        if k is None:
            return None
        while _low(self.w, k) in QUOTES:
            k += 1
        got = card_list(self.w, k, free=True)
        if got is None:
            return None
        card = got[0][0]
        self.s.group += 1
        self.out.append(Tok("card", card.text, card.word.line, card.word.column,
                            Card(card.rank, card.suit), "start", group=self.s.group,
                            sentence=self.s.sentence))
        return _past_card(self.w, k, card)

    # -- counts -----------------------------------------------------------------------------------
    def count(self, i: int) -> int | None:
        """A spoken count, with whose it is: the lead (`Bob counts`, `the crib:`, `in the crib`),
        a `says Bob` after it, the speaker of the line, or the holder of the row's cards."""
        if self.s.pegging and not self._count_lead(i)[1]:
            return None
        owner, k, cue = self._count_lead(i)
        while _low(self.w, k) in QUOTES | {":", ",", "—", "–"}:
            k += 1
        quoted = self.quoted or any(x.low in QUOTES for x in self.w[max(0, k - 2):k])
        said = spoken_count(self.w, k, total_first=cue or (quoted and self.speaker is not None)
                            or (owner is not None and k > i) or k == self.after_label)
        if said is None:
            return None
        if owner is None:
            owner = self._said_by(said.end) or self.speaker
        self.emit("count", said.first, name=owner or "", spoken=said)
        if said.unread is not None:             # the rest of the sentence is the count's
            end = said.end
            while end < len(self.w) and not ends_sentence(self.w[end]) and self.w[end].low not in QUOTES:
                end += 1
            return end
        return self._after_said(said.end)

    def _count_lead(self, i: int) -> tuple[str | None, int, bool]:
        w = self.w
        crib, k = self._crib_lead(i)
        if crib is not None:
            owner = crib
        else:
            found = self.who(i)
            owner, k = (None, i)
            if found is not None:
                name, k2, possessive = found
                if possessive and _low(w, k2) in ("hand", "count"):
                    k2 += 1
                if _low(w, k2) in COUNT_VERBS or possessive:
                    owner, k = name, k2
        cue = False
        while _low(w, k) in COUNT_VERBS | {"is", "in", "all", "up", "to", "aloud", "it", "as", "follows",
                                            "hand", "total", "of"} or (
                _low(w, k) == "a" and _low(w, k + 1) == "total") or (
                _low(w, k) in ("his", "her") and _low(w, k + 1) in ("hand", "crib")):
            cue = cue or _low(w, k) in COUNT_VERBS | {"total"}
            k += 1
        if owner is not None and not cue and k == i:
            return None, i, False
        return owner, k, cue

    def _said_by(self, end: int) -> str | None:
        """`"...," says Bob` or `"...," Bob says`: who spoke the words before."""
        w, k = self.w, end
        while _low(w, k) in QUOTES | {",", ".", "!"}:
            k += 1
        if _low(w, k) in SAYS:
            found = name_at(w, k + 1)
            return found[0] if found else None
        found = name_at(w, k)
        if found and _low(w, found[1]) in SAYS:
            return found[0]
        return None

    def _after_said(self, end: int) -> int:
        w, k = self.w, end
        while _low(w, k) in QUOTES | {",", "!"}:
            k += 1
        if _low(w, k) in SAYS and name_at(w, k + 1):
            return name_at(w, k + 1)[1]
        found = name_at(w, k)
        if found and _low(w, found[1]) in SAYS:
            return found[1] + 1
        return end

    def column_count(self, i: int) -> int | None:
        """A count printed in a column beside the row's cards: `...  12`, `"  20` (ditto)."""
        w = self.w
        if w[i].kind != "cell" or self.row_cards is None:
            return None
        k = i + 1
        if _low(w, k) in DITTO and (_low(w, k + 1) == "¦" or number_at(w, k + 1)):
            k += 2 if _low(w, k + 1) == "¦" else 1
        said = spoken_count(w, k, total_first=True)
        end = said.end if said is not None else 0
        while end < len(w) and w[end].low in QUOTES | {".", ","}:
            end += 1
        if said is None or (end < len(w) and w[end].kind != "row"):
            return None                   # a count is the last cell of its row
        self.emit("count", said.first, name=self.row_cards, spoken=said)
        return said.end

    # -- the play ---------------------------------------------------------------------------------
    def play(self, i: int) -> int | None:
        """`Bob plays a five, "Five"`; and, once a play is told, `; Alice a ten, "Fifteen two"`."""
        w = self.w
        found = self.who(i)
        if found is None or found[2]:
            return None
        name, k, _ = found
        if _low(w, k) in PLAY_VERBS and not (_low(w, k) == "play" and _low(w, k - 1) != "i"):
            k += 1
            while _low(w, k) in PARTICLES:
                k += 1
        elif not self.s.pegging:
            return None                   # `; Alice a ten, "Fifteen two"`: the verb left out
        got = card_list(w, k, free=True)
        if got is None or len(got[0]) != 1:
            return None
        card = got[0][0]
        elided = _low(w, found[1]) not in PLAY_VERBS
        call = self._call_after(got[1])
        if elided and call is None:
            return None                   # without a verb, only a card with its call is a play
        self.s.subject = name
        return self._played(name, card, got[1], call)

    def _call_after(self, end: int):
        w, k = self.w, end
        while _low(w, k) in CALL_LEADS:
            k += 1
        return pegging_call(w, k) if k > end or _low(w, k) in ("go",) else None

    def _played(self, name: str, card, end: int, call) -> int:
        tok = Tok("peg", card.text, card.word.line, card.word.column, Card(card.rank, card.suit),
                  name=name, call=call, sentence=self.s.sentence)
        self.out.append(tok)
        self.s.pegging = True
        return end if call is None else self._after_said(call.end)

    def go(self, i: int) -> int | None:
        """`Bob: "Go"`, `Bob says go`, `"Go," says Bob`, `One for the go`, `one for last`."""
        w = self.w
        found = self.who(i)
        k, name = i, self.speaker
        if found is not None and not found[2]:
            name, k = found[0], found[1]
            while _low(w, k) in SAYS | {":", ",", "pegs", "takes", "scores", "marks", "cannot",
                                        "can't", "play", "and", "has", "to", "say"}:
                k += 1
        while _low(w, k) in QUOTES | {":", ",", "and"}:
            k += 1
        if _low(w, k) not in ("go", "one") or not (self.s.pegging or k > i):
            return None
        call = pegging_call(w, k)
        if call is None or not (call.go or call.points):
            return None
        if call.go and not self.s.pegging and not any(x.low in QUOTES for x in w[max(0, k - 1):k + 2]):
            return None
        name = name or self._said_by(call.end)
        self.emit("peg", w[k], name=name or "", call=call)
        return self._after_said(call.end)

    def emit(self, kind: str, word: Word, **fields) -> None:
        self.s.discarding = None
        self.out.append(Tok(kind, word.text, word.line, word.column, sentence=self.s.sentence, **fields))
        if kind == "count":
            self.s.pegging = False


def _past_card(words: list[Word], k: int, card) -> int:
    """The index after the first card of a list (the starter named before it)."""
    return card.end
