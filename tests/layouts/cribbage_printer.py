"""Random cribbage deals, their true counts and play, printed in the layouts books use.

A deal: six cards to each of two players, two each laid out for the crib, a starter; every
count comes from the scorer and every call of the play from the pegging engine. A layout prints
it (dialogue, prose, tables, glyphs, lists with ditto marks, the play told or tabled) in a
vocabulary (ranks in words, letters, signs, glyphs, ranks only; any case) and says what a
reader must find: each hand with its cards and stated count, each play with its calls, and the
line where a planted misprint stands.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from records.cribbage.pegging import DEALER, PONE, Play, peg
from records.cribbage.scoring import VARIANTS, Card, score

RANK_WORDS = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king"]
OLD_WORDS = {2: "deuce", 3: "trey", 11: "knave"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
LETTERS = "A23456789TJQK"
NUMBER_WORDS = ["nothing", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                "seventeen", "eighteen", "nineteen", "twenty"]
NAMES = [("Alice", "Bob"), ("Ann", "Tom"), ("A", "B"), ("Smith", "Jones"), ("North", "South")]
GLYPH_BASE = {"S": 0x1F0A0, "H": 0x1F0B0, "D": 0x1F0C0, "C": 0x1F0D0}
MARK = "\x01"


def number_word(n: int) -> str:
    if n <= 20:
        return NUMBER_WORDS[n] if n else "nought"
    tens = {2: "twenty", 3: "thirty"}[n // 10]
    return tens + ("-" + NUMBER_WORDS[n % 10] if n % 10 else "")


@dataclass
class Hand:
    owner: str                    # a name, or "crib"
    cards: list[Card]
    crib: bool = False


@dataclass
class Deal:
    dealer: str
    pone: str
    hands: dict[str, Hand]        # pone, dealer, crib
    starter: Card
    play: list[tuple]             # (player name, Card or None for a go, total, points, extras)


@dataclass
class Printed:
    lines: list[str]
    hands: list[tuple]            # (cards as str, starter str, stated total, crib) expected
    plays: list[tuple] = field(default_factory=list)   # (player, card str or "go") expected
    misprint: int | None = None   # 1-based line of the planted misprint


def deal(rnd: random.Random) -> Deal:
    pack = [Card(r, s) for r in range(1, 14) for s in "SHDC"]
    rnd.shuffle(pack)
    dealer, pone = rnd.choice(NAMES)
    kept_pone, kept_dealer = pack[0:4], pack[6:10]
    crib = pack[4:6] + pack[10:12]
    hands = {"pone": Hand(pone, kept_pone), "dealer": Hand(dealer, kept_dealer),
             "crib": Hand("crib", crib, True)}
    return Deal(dealer, pone, hands, pack[12], _play(rnd, kept_pone, kept_dealer, dealer, pone))


def _play(rnd, pone_cards, dealer_cards, dealer, pone) -> list[tuple]:
    """Random legal play by the six-card rules; the points from the pegging engine."""
    held = {PONE: list(pone_cards), DEALER: list(dealer_cards)}
    events: list[Play] = []
    turn, total, out, last = PONE, 0, set(), None
    other = {PONE: DEALER, DEALER: PONE}
    while held[PONE] or held[DEALER]:
        playable = [c for c in held[turn] if total + c.value <= 31]
        if playable:
            card = rnd.choice(playable)
            held[turn].remove(card)
            events.append(Play(card=card, player=turn))
            total, last = total + card.value, turn
            o = other[turn]
            if total == 31:
                total, out = 0, set()
                turn = other[last] if held[other[last]] else last
            else:
                turn = o if o not in out and held[o] else (turn if held[turn] else o)
            continue
        if turn not in out:
            events.append(Play(go=True, player=turn))
            out.add(turn)
        o = other[turn]
        if o in out or not any(total + c.value <= 31 for c in held[o]):
            total, out = 0, set()
            turn = other[last] if held[other[last]] else last
        else:
            turn = o
    result = peg(events, VARIANTS["six-card"], {PONE: list(pone_cards), DEALER: list(dealer_cards)})
    assert not result.problems, result.problems
    names = {PONE: pone, DEALER: dealer}
    out_plays = []
    for i, ev in enumerate(events):
        if ev.go:
            out_plays.append((names[ev.player], None, None, 0, []))
            continue
        steps = [s for s in result.steps if s.index == i]
        own = next(s for s in steps if s.card is not None)
        extras = [name for s in steps if s.card is None for name, _ in s.scores]
        out_plays.append((names[ev.player], ev.card, own.total, sum(s.points for s in steps), extras,
                          [name for name, _ in own.scores]))
    return out_plays


# -- cards in a vocabulary ---------------------------------------------------------------------
class Vocabulary:
    """How cards are printed: words (old or new names, suits sometimes), letters, signs,
    glyphs, ranks only; and the case of the words."""

    def __init__(self, rnd: random.Random, kind: str, case: str = "lower"):
        self.rnd, self.kind, self.case = rnd, kind, case
        self.old = rnd.random() < 0.5

    def shown(self, card: Card, suited: bool) -> Card:
        """The card as the reader can know it: no suit where none is printed."""
        return card if suited else Card(card.rank)

    def word(self, rank: int, plural: bool = False) -> str:
        name = OLD_WORDS.get(rank, RANK_WORDS[rank - 1]) if self.old else RANK_WORDS[rank - 1]
        if plural:
            name = name + ("es" if name == "six" else "s")
        return self.cased(name)

    def cased(self, text: str) -> str:
        if self.case == "upper":
            return text.upper()
        if self.case == "title":
            return " ".join(w[:1].upper() + w[1:] for w in text.split(" "))
        return text

    def cards(self, cards: list[Card]) -> tuple[str, list[Card]]:
        """A hand printed, and the cards as printed (suits dropped where not shown)."""
        if self.kind == "words":
            return self._in_words(cards)
        if self.kind == "ranks":
            return " ".join("10" if c.rank == 10 else LETTERS[c.rank - 1] for c in cards), \
                [Card(c.rank) for c in cards]
        return " ".join(self.one(c) for c in cards), list(cards)

    def one(self, card: Card, article: bool = False) -> str:
        letter = "10" if card.rank == 10 and self.rnd.random() < 0.5 else LETTERS[card.rank - 1]
        if self.kind == "letters":
            return letter + card.suit
        if self.kind == "signs":
            return (SIGNS[card.suit] + letter) if self.rnd.random() < 0.3 else letter + SIGNS[card.suit]
        if self.kind == "glyphs":
            return chr(GLYPH_BASE[card.suit] + {11: 0xB, 12: 0xD, 13: 0xE}.get(card.rank, card.rank))
        if self.kind == "ranks":
            return "10" if card.rank == 10 else LETTERS[card.rank - 1]
        return self._single(card, True, article)

    def starter(self, card: Card) -> tuple[str, Card]:
        if self.kind == "words":
            suited = self.rnd.random() < 0.7
            return self._single(card, suited, True), self.shown(card, suited)
        if self.kind == "ranks":
            return self.one(card), Card(card.rank)
        return self.one(card), card

    def _single(self, card: Card, suited: bool, article: bool = True) -> str:
        name = self.word(card.rank)
        text = (("an " if name[0].lower() in "ae" else "a ") if article and not suited else
                ("the " if article else "")) + name
        if suited:
            text += " of " + SUIT_WORDS[card.suit]
        return self.cased(text) if self.case != "lower" else text

    def _in_words(self, cards: list[Card]) -> tuple[str, list[Card]]:
        by_rank: dict[int, list[Card]] = {}
        for c in cards:
            by_rank.setdefault(c.rank, []).append(c)
        pieces, shown = [], []
        for rank, same in sorted(by_rank.items(), key=lambda kv: self.rnd.random()):
            if len(same) > 1:
                quantity = {2: self.rnd.choice(["two", "a pair of"]), 3: "three", 4: "four"}[len(same)]
                pieces.append(self.cased(quantity + " ") + self.word(rank, plural=True))
                shown += [Card(rank)] * len(same)
            else:
                suited = self.rnd.random() < 0.5
                pieces.append(self._single(same[0], suited))
                shown.append(self.shown(same[0], suited))
        text = pieces[0] if len(pieces) == 1 else ", ".join(pieces[:-1]) + self.cased(" and ") + pieces[-1]
        return text, shown


# -- counts as said ----------------------------------------------------------------------------
def said(cards: list[Card], starter: Card | None, crib: bool, rnd: random.Random, style: str,
         wrong: int = 0) -> tuple[str, int]:
    """The count spoken item by item (running totals) or as a total, with MARK before the
    total when it is misprinted (wrong: added to it). Returns (words, the true total)."""
    count = score(cards, starter, crib)
    total = count.total
    if total + wrong < 0 or total + wrong == 19 or (style == "short" and total + wrong <= 0):
        wrong = abs(wrong) + (1 if total + abs(wrong) == 19 else 0)
    if style == "total" or total == 0:
        words = _total_words(total + wrong, rnd, total == 0 and not wrong)
        return (MARK + words if wrong else words), total
    parts, running = [], 0
    for _ in [i for i in count.items if i.kind == "fifteen"]:
        running += 2
        parts.append(f"fifteen {number_word(running)}" if style not in ("digits", "short")
                     else f"15-{running}" if style == "digits" else f"fifteen {running}")
    others = [i for i in count.items if i.kind != "fifteen"]
    runs = [i for i in others if i.kind == "run"]
    pairs = [i for i in others if i.kind in ("pair", "pair royal", "double pair royal")]
    rest = [i for i in others if i.kind in ("flush", "nobs")]
    pairs_first = style == "short" and rnd.random() < 0.5   # `pair 8, double run 16`
    for phrase, points in _run_groups(runs, pairs, pairs_first) + [(_item_phrase(i), i.points) for i in rest]:
        running += points
        if phrase == "his nobs":
            phrase = rnd.choice(["one for his nob", "one for his nobs", "his nobs"])
        if style == "short":     # as counts are written in short: `pair 8`, `double run 16`
            parts.append(f"{phrase.removeprefix('a ')} {running}")
            continue
        parts.append(f"{phrase} {rnd.choice(['is', 'makes'])} {_num(running, style)}")
    if wrong:
        parts[-1] = _replace_last_number(parts[-1], running, running + wrong, style)
    text = ", ".join(parts[:-1]) + (", and " if len(parts) > 1 else "") + parts[-1]
    return text, total


def _num(n: int, style: str) -> str:
    return str(n) if style in ("digits", "short") else number_word(n)


def _replace_last_number(part: str, old: int, new: int, style: str) -> str:
    word = _num(old, style)
    at = part.rindex(word)
    return part[:at] + MARK + _num(new, style) + part[at + len(word):]


def _total_words(n: int, rnd: random.Random, nothing: bool) -> str:
    if nothing:
        return rnd.choice(["nineteen", "nothing", "19"])
    return rnd.choice([number_word(n), str(n)])


def _item_phrase(item) -> str:
    if item.kind == "flush":
        return f"a flush of {number_word(item.points)}"
    if item.kind == "nobs":
        return "his nobs"
    return {"pair": "a pair", "pair royal": "a pair royal", "double pair royal": "a double pair royal"}[item.kind]


def _run_groups(runs, pairs, pairs_first: bool = False) -> list[tuple[str, int]]:
    """Runs said the way players say them: a run of four; a double run of three (with its pair);
    a triple run; a double double run; other pairs after. pairs_first: the pairs said first,
    then the runs alone (`a pair is 8, a double run of four is 16`)."""
    out = []
    if not runs:
        return [(_item_phrase(p), p.points) for p in pairs]
    length, n = len(runs[0].cards), len(runs)
    name = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a double double run"}[n]
    included = {1: 0, 2: 2, 3: 6, 4: 4}[n]
    run_ranks = {c.rank for r in runs for c in r.cards}
    inside = [p for p in pairs if p.cards[0].rank in run_ranks]
    outside = [p for p in pairs if p not in inside]
    if pairs_first:
        return [(_item_phrase(p), p.points) for p in pairs] + [
            (f"{name} of {number_word(length)}", length * n)]
    if sum(p.points for p in inside) != included:
        out.append((f"{name} of {number_word(length)}", length * n))
        outside = pairs
    else:
        out.append((f"{name} of {number_word(length)}", length * n + included))
    return out + [(_item_phrase(p), p.points) for p in outside]


def wrap(text: str, width: int = 70) -> list[str]:
    lines, current = [], ""
    for word in text.split(" "):
        if current and len(current) + 1 + len(word.replace(MARK, "")) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return lines + ([current] if current else [])


def find_mark(lines: list[str], first_line: int) -> tuple[list[str], int | None]:
    """Where MARK stands (1-based, counting from first_line), and the lines without it."""
    at = next((k for k, line in enumerate(lines) if MARK in line), None)
    return [line.replace(MARK, "") for line in lines], (None if at is None else first_line + at)


# -- the layouts ---------------------------------------------------------------------------------
class Page:
    """Lines being printed, the hands and plays a reader must find, the misprint's line."""

    def __init__(self):
        self.lines: list[str] = []
        self.hands: list[tuple] = []
        self.plays: list[tuple] = []
        self.misprint: int | None = None

    def add(self, *lines: str) -> None:
        cleaned, at = find_mark(list(lines), len(self.lines) + 1)
        if at is not None:
            self.misprint = at
        self.lines += cleaned

    def paragraph(self, text: str) -> None:
        self.add(*wrap(text))

    def blank(self) -> None:
        if self.lines and self.lines[-1]:
            self.lines.append("")

    def printed(self) -> Printed:
        return Printed(self.lines, self.hands, self.plays, self.misprint)


def _expect(page: Page, shown: list[Card], starter: Card | None, crib: bool) -> None:
    page.hands.append(([str(c) for c in shown], str(starter) if starter else None,
                       score(shown, starter, crib).total, crib))


def _counted(d: Deal, voc: Vocabulary, rnd, style, wrong_at, which):
    """Each hand of the deal printed: (key, owner, printed cards, its count said, crib)."""
    starter_text, starter = voc.starter(d.starter)
    out = []
    for n, key in enumerate(which):
        hand = d.hands[key]
        text, shown = voc.cards(hand.cards)
        words, _ = said(shown, starter, hand.crib, rnd, style, wrong_at[1] if wrong_at[0] == n else 0)
        out.append((key, hand.owner, text, voc.cased(words) if voc.kind == "words" else words, shown, hand.crib))
    return starter_text, starter, out


def _name(d: Deal, key: str) -> str:
    return {"pone": d.pone, "dealer": d.dealer, "crib": "the crib"}[key]


def _starter_sentence(d: Deal, text: str, rnd) -> str:
    return rnd.choice([f"{text[0].upper()}{text[1:]} is cut.", f"The turn-up is {text}.",
                       f"{d.dealer} turns up {text}.", f"Starter: {text}.", f"Starter, {text}."])


def dialogue(d, voc, rnd, wrong_at, style="items", script=False):
    """Who deals, the hands in words, the starter; then each player counts aloud, a line each."""
    page = Page()
    starter_text, starter, hands = _counted(d, voc, rnd, style, wrong_at, ["pone", "dealer", "crib"])
    intro = [f"{d.dealer} deals.", f"{d.pone} holds {hands[0][2]};", f"{d.dealer} holds {hands[1][2]}.",
             f"The crib holds {hands[2][2]}.", _starter_sentence(d, starter_text, rnd)]
    page.paragraph(" ".join(intro))
    if d.starter.rank == 11:
        page.add(f'{d.dealer}: "Two for his heels."')
    page.blank()
    for key, owner, _, words, shown, crib in hands:
        speaker = d.dealer if key == "crib" else owner
        lead = "And in the crib, " if key == "crib" else ""
        words = lead + words[0].upper() + words[1:] if not lead else lead + words
        if script:
            page.paragraph(f"{speaker.upper()}.  {words}.")
        else:
            page.paragraph(f'{speaker}: "{words}."')
        _expect(page, shown, starter, crib)
    return page.printed()


def prose(d, voc, rnd, wrong_at, style="items"):
    """One paragraph: each hand, then its count."""
    page = Page()
    starter_text, starter, hands = _counted(d, voc, rnd, style, wrong_at, ["pone", "dealer", "crib"])
    (_, pone, p_text, p_said, p_shown, _), (_, dealer, d_text, d_said, d_shown, _), \
        (_, _, c_text, c_said, c_shown, _) = hands
    text = (f"{pone}'s hand, {p_text}, with {starter_text} turned up, counts {p_said}. "
            f"{dealer}'s hand, {d_text}, counts {d_said}; and the crib, {c_text}, makes {c_said}.")
    page.paragraph(text)
    for shown, crib in ((p_shown, False), (d_shown, False), (c_shown, True)):
        _expect(page, shown, starter, crib)
    return page.printed()


def table(d, voc, rnd, wrong_at, pipes=True, header=True, style="total", sep=None):
    """A row per hand: player, cards, starter, count; with or without a header and rules."""
    page = Page()
    starter_text, starter, hands = _counted(d, voc, rnd, style, wrong_at, ["pone", "dealer", "crib"])
    rows = [(owner if key != "crib" else "Crib", text, starter_text, words) for key, owner, text, words, _, _ in hands]
    widths = [max(len(r[k].replace(MARK, "")) for r in rows + [("Player", "Hand", "Starter", "Count")]) for k in range(4)]
    join = "  |  " if pipes else "    "
    if sep:
        join = f" {sep} "
    def line(cells):
        if sep:
            return join.join(c for c in cells)
        return join.join(c.ljust(w + (1 if MARK in c else 0)) for c, w in zip(cells, widths)).rstrip()
    if header:
        page.add(line(["Player", "Hand", "Starter", "Count"]))
        if pipes:
            page.add("-" * len(page.lines[-1]))
    for row, (key, owner, text, words, shown, crib) in zip(rows, hands):
        page.add(line(list(row)))
        _expect(page, shown, starter, crib)
    return page.printed()


def rows(d, voc, rnd, wrong_at, sep=None, style="total"):
    """A hand a row, no header: `5H 5D 5S JC    5C    29` (the crib row says so)."""
    page = Page()
    starter_text, starter, hands = _counted(d, voc, rnd, style, wrong_at, ["pone", "dealer", "crib"])
    for key, owner, text, words, shown, crib in hands:
        cells = (["crib"] if crib else []) + [text, starter_text, words]
        page.add((f" {sep} " if sep else "     ").join(cells))
        _expect(page, shown, starter, crib)
    return page.printed()


def lines(d, voc, rnd, wrong_at, style="items"):
    """`Hand: ...` / `Starter: ...` / `Count: ...`, a block a hand."""
    page = Page()
    starter_text, starter, hands = _counted(d, voc, rnd, style, wrong_at, ["pone", "dealer", "crib"])
    for key, owner, text, words, shown, crib in hands:
        page.add(f"{'Crib' if crib else 'Hand'}: {text}", f"Starter: {starter_text}", f"Count: {words}")
        page.blank()
        _expect(page, shown, starter, crib)
    return page.printed()


def one_line(d, voc, rnd, wrong_at, style="short"):
    """`Hand 7♠ 8♥ 8♦ 9♣, starter 6♠: fifteen 2, fifteen 4, fifteen 6, pair 8, double run 16`."""
    page = Page()
    starter_text, starter, hands = _counted(d, voc, rnd, style, wrong_at, ["pone", "dealer", "crib"])
    for key, owner, text, words, shown, crib in hands:
        page.add(f"{'Crib' if crib else 'Hand'} {text}, starter {starter_text}: {words}")
        _expect(page, shown, starter, crib)
    return page.printed()


def ditto(d, voc, rnd, wrong_at, style="total"):
    """Hands in words a line each, the count in a column under `count`, with ditto marks, under
    a heading (as books print such lists in their cribbage chapters)."""
    page = Page()
    page.add(rnd.choice(["Examples of Hands in Cribbage.", "CRIBBAGE HANDS", "Some cribbage counts:"]))
    page.blank()
    entries = []
    for n in range(3):
        hand = deal(rnd).hands["pone"]
        text, shown = voc.cards(hand.cards)
        s_text, s_card = voc.starter(deal(rnd).starter)
        while s_card.rank in [c.rank for c in shown] and [c.rank for c in shown].count(s_card.rank) >= 3 or \
                (s_card.suit and s_card in hand.cards):
            s_text, s_card = voc.starter(Card(rnd.randint(1, 13), rnd.choice("SHDC")))
        words, _ = said(shown, s_card, False, rnd, style, wrong_at[1] if wrong_at[0] == n else 0)
        entries.append((f"{text}, {s_text} turned up", words, shown, s_card))
    width = max(len(e[0]) for e in entries) + 4
    for n, (desc, words, shown, s_card) in enumerate(entries):
        tail = f"count {words}" if n == 0 else f'"  {words}'
        page.add((desc[0].upper() + desc[1:]).ljust(width) + tail if n else f"{desc[0].upper()}{desc[1:]} {tail}")
        _expect(page, shown, s_card, False)
    return page.printed()


def beside(d, voc, rnd, wrong_at, style="total"):
    """Who deals and the starter; each hand labelled, its count in a column beside it."""
    page = Page()
    starter_text, starter, hands = _counted(d, voc, rnd, style, wrong_at, ["pone", "dealer", "crib"])
    page.add(f"{d.dealer} deals; {starter_text} is cut.")
    labels = [f"{owner}'s hand" if key != "crib" else "The crib" for key, owner, *_ in hands]
    w1 = max(map(len, labels)) + 3
    w2 = max(len(h[2]) for h in hands) + 4
    for label, (key, owner, text, words, shown, crib) in zip(labels, hands):
        page.add(label.ljust(w1) + text.ljust(w2) + words)
        _expect(page, shown, starter, crib)
    return page.printed()


# -- the play ------------------------------------------------------------------------------------
def _call(total: int, points: int, made: list[str], extras: list[str], rnd, wrong: int) -> str:
    said_total = number_word(total + wrong).capitalize()
    said_total = (MARK if wrong else "") + said_total
    own = points - len(extras)
    words = said_total
    if total == 15 and own == 2 and not made[1:]:
        words = f"{said_total} two"
    elif total == 31 and own == 2 and not made[1:]:
        words = f"{said_total} for two"
    elif own:
        names = [m for m in made if m not in ("fifteen", "thirty-one")]
        what = " and ".join({"pair": "a pair", "pair royal": "a pair royal",
                             "double pair royal": "a double pair royal"}.get(m, m.replace("run of", "a run of"))
                            for m in names)
        if "fifteen" in made:
            what = "fifteen" + (" and " + what if what else "")
        words = f"{said_total} and {what}, {number_word(own)}" if what else f"{said_total}, {number_word(own)}"
    for extra in extras:
        words += ", and one for the go" if extra == "go" else ", and one for last"
    return words


def _plays(d: Deal, voc: Vocabulary, rnd, wrong_at) -> list[tuple]:
    """Each play: (player, card text or None, call words, expected (player, card))."""
    out = []
    for n, play in enumerate(d.play):
        name, card = play[0], play[1]
        if card is None:
            out.append((name, None, "Go", (name, "go")))
            continue
        total, points, extras, made = play[2], play[3], play[4], play[5]
        wrong = 1 if wrong_at[0] == n and total < 31 else 0
        text = voc.one(card, article=True) if voc.kind == "words" else voc.one(card)
        if voc.kind == "words":
            text = ("an " if text.lower().startswith(("a", "e")) else "a ") + text.split(" ", 1)[-1] \
                if text.startswith("the ") and rnd.random() < 0.5 else text
        out.append((name, (MARK if wrong else "") + text, _call(total, points, made, extras, rnd, 0 if not wrong else 1),
                    (name, str(Card(card.rank, card.suit)))))
    return out


def _deal_intro(d: Deal, voc: Vocabulary) -> str:
    pone_text, _ = voc.cards(d.hands["pone"].cards)
    dealer_text, _ = voc.cards(d.hands["dealer"].cards)
    return f"{d.dealer} deals. {d.pone} holds {pone_text}; {d.dealer} holds {dealer_text}."


def play_told(d, voc, rnd, wrong_at, one_line=False):
    """The play told: `Bob leads a five, "Five"; Alice a ten, "Fifteen two"; ...`."""
    page = Page()
    page.paragraph(_deal_intro(d, voc))
    page.blank()
    plays = _plays(d, voc, rnd, wrong_at)
    pieces = []
    for n, (name, card, call, expected) in enumerate(plays):
        if card is None:
            pieces.append(f'{name}, "Go"' if not one_line else f'{name}: "Go."')
        elif n == 0 or one_line:
            pieces.append(f'{name} {"leads" if n == 0 else "plays"} {card}, "{call}"')
        else:
            pieces.append(f'{name} {card}, "{call}"')
        page.plays.append(expected)
    if one_line:
        page.add(*[p if p.endswith('."') else p + "." for p in pieces])
    else:
        page.paragraph("; ".join(pieces) + ".")
    return page.printed()


def play_table(d, voc, rnd, wrong_at):
    """The play in a table: player, card, count, points."""
    page = Page()
    page.paragraph(_deal_intro(d, voc))
    page.blank()
    texts = [voc.one(p[1]).replace("the ", "") if p[1] else "go" for p in d.play]
    width = max(map(len, texts + ["Card"])) + 3
    page.add(f"{'Player':10}{'Card':{width}}{'Count':8}Points")
    for n, (play, text) in enumerate(zip(d.play, texts)):
        name, card = play[0], play[1]
        if card is None:
            page.add(f"{name:10}{'go':{width}}".rstrip())
            page.plays.append((name, "go"))
            continue
        total, points, extras, made = play[2], play[3], play[4], play[5]
        wrong = 1 if wrong_at[0] == n and total < 31 else 0
        what = ", ".join(made + extras)
        cells = f"{name:10}{text:{width}}" + (MARK if wrong else "") + f"{total + wrong:<8}" + \
            (f"{points} ({what})" if points else "")
        page.add(cells.rstrip())
        page.plays.append((name, str(card)))
    return page.printed()


def _as_printed(cards: list[Card], shown: list[Card]) -> list[Card]:
    """Each card as its printed list shows it (a pair said `two fives` loses its suits)."""
    return [next(s for s in shown if s.rank == c.rank and s.suit in (c.suit, "")) for c in cards]


def _left_after(shown: list[Card], laid_out: list[Card]) -> list[Card]:
    """The printed hand less the cards laid out, taken as a reader must (rank, and suit when
    both show one)."""
    left = list(shown)
    for c in laid_out:
        left.remove(next(s for s in left if s.rank == c.rank and (s.suit == c.suit or not (s.suit and c.suit))))
    return left


def six_dealt(d, voc, rnd, wrong_at, style="items"):
    """Six cards dealt to each, two laid out for the crib (`BOB. I lay out ...`, `And I ...`,
    or `Bob discards ...`); the hands of four and the crib counted aloud."""
    page = Page()
    starter_text, starter = voc.starter(d.starter)
    crib_cards = d.hands["crib"].cards
    laid = {"pone": crib_cards[:2], "dealer": crib_cards[2:]}
    sixes, kept, out_texts, crib_shown = {}, {}, {}, []
    for key in ("pone", "dealer"):
        six = d.hands[key].cards + laid[key]
        rnd.shuffle(six)
        text, shown = voc.cards(six)
        out_text, out_shown = voc.cards(laid[key])
        sixes[key], out_texts[key] = text, out_text
        kept[key] = _left_after(shown, out_shown)
        crib_shown += out_shown
    page.paragraph(f"{d.dealer} deals six cards to each. {d.pone} holds {sixes['pone']}; "
                   f"{d.dealer} holds {sixes['dealer']}.")
    page.blank()
    if rnd.random() < 0.5:
        page.paragraph(f"{d.pone.upper()}. I lay out {out_texts['pone']}.")
        page.blank()
        page.paragraph(f"{d.dealer.upper()}. And I {out_texts['dealer']}.")
    else:
        page.paragraph(f"{d.pone} discards {out_texts['pone']}, and {d.dealer} lays out "
                       f"{out_texts['dealer']} for the crib.")
    page.blank()
    page.paragraph(_starter_sentence(d, starter_text, rnd))
    page.blank()
    for n, (key, shown) in enumerate((("pone", kept["pone"]), ("dealer", kept["dealer"]),
                                      ("crib", crib_shown))):
        words, _ = said(shown, starter, key == "crib", rnd, style, wrong_at[1] if wrong_at[0] == n else 0)
        words = voc.cased(words) if voc.kind == "words" else words
        speaker = d.pone if key == "pone" else d.dealer
        lead = "And in my crib, " if key == "crib" else ""
        page.paragraph(f'{speaker.upper()}. {lead}{words[0].upper() if not lead else words[0]}{words[1:]}.')
        page.blank()
        _expect(page, shown, starter, key == "crib")
    return page.printed()


def play_spoken(d, voc, rnd, wrong_at):
    """The play said by its players: `BOB (playing a four). "Four."`, `ALICE. "Go."`."""
    page = Page()
    page.paragraph(_deal_intro(d, voc))
    page.blank()
    for name, card, call, expected in _plays(d, voc, rnd, wrong_at):
        if card is None:
            page.add(f'{name.upper()}. "Go."')
        else:
            page.add(f'{name.upper()} (playing {card}). "{call[0].upper()}{call[1:]}."')
        page.blank()
        page.plays.append(expected)
    return page.printed()


# -- hands drawn on the page -----------------------------------------------------------------------
WHITE_SIGNS = {"S": "♤", "H": "♡", "D": "♢", "C": "♧"}
FRAMES = {"plain": None, "box": ("+", "-", "|"), "lines": ("┌┐└┘", "─", "│")}


def _drawn_card(card: Card, voc: Vocabulary, white: bool) -> str:
    if voc.kind == "signs" and white:
        text = voc.one(card)
        return "".join(WHITE_SIGNS.get(SIGN_SUITS.get(ch, ""), ch) for ch in text)
    return voc.one(card)


SIGN_SUITS = {v: k for k, v in SIGNS.items()}


def _three_hands(d: Deal, rnd: random.Random) -> list[tuple[list[Card], Card]]:
    """Three hands of four with a starter each, none repeating a card."""
    out = [(d.hands["pone"].cards, d.starter), (d.hands["dealer"].cards, d.starter)]
    used = {str(c) for c in d.hands["pone"].cards + d.hands["dealer"].cards + [d.starter]}
    other = [c for c in (Card(r, s) for r in range(1, 14) for s in "SHDC") if str(c) not in used]
    rnd.shuffle(other)
    out.append((other[:4], other[4]))
    return out


def _drawn_row(cards: list[Card], starter: Card, voc: Vocabulary, rnd, where: str, frame: str,
               white: bool) -> list[str]:
    """One hand drawn as a row of cards: the starter last, or apart before or after; in no
    frame, one frame round the row, or a frame round each card."""
    texts = [_drawn_card(c, voc, white) for c in cards]
    s = _drawn_card(starter, voc, white)
    if frame == "plain":
        if where == "last":
            return [" ".join(texts + [s])]
        return [f"{s}   {' '.join(texts)}" if where == "before" else f"{' '.join(texts)}   {s}"]
    corners, dash, bar = FRAMES[frame]
    tl, tr, bl, br = (corners * 4)[:4] if len(corners) == 1 else corners
    width = max(len(t) for t in texts + [s]) + 2
    if rnd.random() < 0.5:            # a frame round each card
        boxes = texts + [s] if where == "last" else ([s, ""] + texts if where == "before" else texts + ["", s])
        top = " ".join(" " * 3 if not t else tl + dash * width + tr for t in boxes)
        mid = " ".join(" " * 3 if not t else bar + t.center(width) + bar for t in boxes)
        bottom = " ".join(" " * 3 if not t else bl + dash * width + br for t in boxes)
        return [top.rstrip(), mid.rstrip(), bottom.rstrip()]
    body = _drawn_row(cards, starter, voc, rnd, where, "plain", white)[0]
    return [tl + dash * (len(body) + 4) + tr, f"{bar}  {body}  {bar}", bl + dash * (len(body) + 4) + br]


def _worth(n: int, rnd: random.Random) -> str:
    return rnd.choice([f"This hand is worth {n}.", f"These cards, with the starter, are worth {n}.",
                       f"Counted with the starter, the hand makes {n} points.",
                       f"This is worth {n} holes; the cards are shown with the starter."])


def drawn(d, voc, rnd, wrong_at, frame="plain", illustration=True):
    """Each hand drawn with its starter (last, or apart before or after it), in a drawing of
    its own, and the paragraph after it states what it is worth."""
    page = Page()
    white = rnd.random() < 0.5
    page.paragraph("The hands below are shown with the starter.")
    page.blank()
    for n, (cards, starter) in enumerate(_three_hands(d, rnd)):
        where = rnd.choice(["last", "before", "after"])
        rows = _drawn_row(cards, starter, voc, rnd, where, frame, white)
        page.add(*(["[Illustration:", ""] if illustration else []), *["  " + r for r in rows],
                 *(["]"] if illustration else []))
        page.blank()
        total = score(cards, starter, False).total
        wrong = wrong_at[1] if wrong_at[0] == n else 0
        if total + wrong < 0 or total + wrong == 19:
            wrong = abs(wrong) + (1 if total + abs(wrong) == 19 else 0)
        stated = f"{MARK}{total + wrong}" if wrong else str(total)
        page.paragraph(_worth(0, rnd).replace(" 0", " " + stated))
        page.blank()
        _expect(page, cards, starter, False)
    return page.printed()


def numbered(d, voc, rnd, wrong_at):
    """Numbered drawings (`No. 1. [Illustration: ...]`), the hand last with the starter, then
    one paragraph giving each number's worth."""
    page = Page()
    page.paragraph("Take the following examples:--")
    page.blank()
    hands = _three_hands(d, rnd)
    white = rnd.random() < 0.5
    for n, (cards, starter) in enumerate(hands):
        row = _drawn_row(cards, starter, voc, rnd, "last", "plain", False if not white else white)[0]
        page.add(f"  No. {n + 1}. [Illustration: {row}]")
        page.blank()
        _expect(page, cards, starter, False)
    sentences = []
    for n, (cards, starter) in enumerate(hands):
        total = score(cards, starter, False).total
        wrong = wrong_at[1] if wrong_at[0] == n else 0
        if total + wrong < 0 or total + wrong == 19:
            wrong = abs(wrong) + (1 if total + abs(wrong) == 19 else 0)
        stated = f"{MARK}{total + wrong}" if wrong else str(total)
        sentences.append(rnd.choice([f"No. {n + 1} is worth {stated}.",
                                     f"No. {n + 1} holds what it holds, and is therefore worth {stated} altogether."]))
    for sentence in sentences:       # a line each, so that a misprint stands on its own line
        page.add(sentence)
    return page.printed()


def labelled(d, voc, rnd, wrong_at):
    """One drawing of the hands labelled by player (`Pone:--`, `Dealer:--`, `Alice:`) and the
    crib or not, the starter drawn on a row of its own, the count of each at the end of its row."""
    page = Page()
    keys = ("pone", "dealer", "crib") if rnd.random() < 0.5 else ("pone", "dealer")
    wrong_at = (wrong_at[0] % len(keys), wrong_at[1]) if wrong_at[0] >= 0 else wrong_at
    white = rnd.random() < 0.5
    starter = d.starter
    names = rnd.choice([("Pone", "Dealer"), (d.pone, d.dealer)]) + ("Crib",)
    tail = rnd.choice([":--", ":", "."])
    label_width = max(len(n) for n in names + ("Starter",)) + len(tail) + 3
    rows = []
    for n, (key, name) in enumerate(zip(keys, names)):
        cards = d.hands[key].cards
        crib = key == "crib"
        total = score(cards, starter, crib).total
        wrong = wrong_at[1] if wrong_at[0] == n else 0
        if total + wrong < 0 or total + wrong == 19:
            wrong = abs(wrong) + (1 if total + abs(wrong) == 19 else 0)
        stated = f"{MARK}{total + wrong}" if wrong else str(total)
        body = " ".join(_drawn_card(c, voc, white) for c in cards)
        rows.append((name + tail).ljust(label_width) + body + "     " + stated)
        _expect(page, cards, starter, crib)
    rows.append(("Starter" + tail).ljust(label_width) + _drawn_card(starter, voc, white))
    page.paragraph("The hands, shown with the count of each:--")
    page.blank()
    page.add("[Illustration:", "", *["  " + r for r in rows], "]")
    return page.printed()


# -- counted lists: hands by rank, a count to each ------------------------------------------------
LIST_HEADINGS = ["CRIBBAGE: COUNTING THE HANDS.", "Examples of counting.", "", "SOME HANDS AND THEIR VALUE."]


def _ranks_in_words(ranks: list[int], voc: Vocabulary) -> str:
    """`Two sevens, two eights, and a nine`: ranks by kind, a quantity before each."""
    kinds: dict[int, int] = {}
    for r in ranks:
        kinds[r] = kinds.get(r, 0) + 1
    pieces = []
    for rank, n in kinds.items():
        if n == 1:
            word = voc.word(rank)
            pieces.append(("an " if word[0].lower() in "ae" else "a ") + word)
        else:
            pieces.append(f"{number_word(n)} {voc.word(rank, plural=True)}")
    text = pieces[0] if len(pieces) == 1 else ", ".join(pieces[:-1]) + ", and " + pieces[-1]
    return text[0].upper() + text[1:]


def _list_hand(rnd: random.Random) -> list[Card]:
    """Five cards by rank (no five of a kind): the hand and the starter together."""
    while True:
        ranks = sorted(rnd.sample(range(1, 14), rnd.choice([2, 3, 3, 4])))
        ranks = sorted(ranks + [rnd.choice(ranks) for _ in range(5 - len(ranks))])
        if max(ranks.count(r) for r in ranks) <= 4:
            return [Card(r) for r in ranks]


def _breakdown(cards: list[Card], wrong: int) -> list[str]:
    """The worked fifteens of a count, a line each: `6 + 9 = 15-2;` (the call misprinted in the
    last when wrong)."""
    count = score(cards[:4], cards[4], False)
    fifteens = [i for i in count.items if i.kind == "fifteen"]
    out = []
    for n, item in enumerate(fifteens):
        call = 2 * (n + 1)
        head = f"{MARK}{15 + wrong}" if wrong and n == len(fifteens) - 1 else "15"
        values = " + ".join(str(min(c.rank, 10)) for c in item.cards)
        out.append(f"{values} = {head}-{call};")
    return out


def counted_list(d, voc, rnd, wrong_at, tail="ditto", heading=None):
    """Hands by rank in words, a line each, the count in a column at the right: `count 24`
    then ditto marks, a spoken count item by item (`fifteen 2, fifteen 4, pair 6`), or `count`
    with the worked fifteens on the lines under it; under a heading naming cribbage, another
    heading, or none."""
    page = Page()
    title = rnd.choice(LIST_HEADINGS) if heading is None else heading
    if title:
        page.add(title)
        page.blank()
    entries = []
    for n in range(3):
        cards = _list_hand(rnd)
        if tail == "breakdown":
            while not any(i.kind == "fifteen" for i in score(cards[:4], cards[4], False).items):
                cards = _list_hand(rnd)
        wrong = wrong_at[1] if wrong_at[0] == n else 0
        style = "digits" if tail == "items" and rnd.random() < 0.5 else ("items" if tail == "items" else "total")
        if tail == "breakdown":
            words, _ = said(cards[:4], cards[4], False, rnd, "total", 0)
            words = str(score(cards[:4], cards[4], False).total)
        elif style == "total":
            total = score(cards[:4], cards[4], False).total
            if total + wrong < 0 or total + wrong == 19:
                wrong = abs(wrong) + (1 if total + abs(wrong) == 19 else 0)
            words = f"{MARK}{total + wrong}" if wrong else str(total)
        else:
            words, _ = said(cards[:4], cards[4], False, rnd, style, wrong)
        entries.append((_ranks_in_words([c.rank for c in cards], voc), words, cards,
                        _breakdown(cards, wrong) if tail == "breakdown" else []))
    width = max(len(e[0]) for e in entries) + 6
    for n, (desc, words, cards, steps) in enumerate(entries):
        if tail == "ditto":
            count = f"count {words}" if n == 0 else f'"  {words}'
        elif tail == "breakdown":
            count = f"count {words}"
        else:
            count = words
        page.add(desc.ljust(width) + count)
        for step in steps:
            page.add(" " * (width // 2) + step)
        _expect(page, cards[:4], cards[4], False)
    return page.printed()
