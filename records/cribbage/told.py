"""Cribbage told in prose and dialogue, read through the layout engine (core.layout).

A page becomes blocks; each block's words become tokens (told_scan: cards, counts, plays);
the engine places them in a grid and proposes its reading orders (row by row, down the
columns, halves side by side); the replay (told_replay) reads each order, the scorer checking
every count and the pegging engine every call, and the order that reads every token wins and is
named in a LAYOUT note. Blocks that go on with the deal of the block before (the next speaker,
the next paragraph of the play) join it; the records of a deal come from one lenient replay of
its blocks in their chosen orders: a hand or crib per count, a play per pegging sequence, each
with what the text claims checked against the rules.

Only text that counts or plays makes a record: cards named in passing, with no count or call,
make none.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from records.core.layout import grid_of, page
from records.core.orders import Choice, choose
from records.core.model import ERROR, INFO, WARNING, Record
from records.cribbage.book_text import text_lines
from records.cribbage.claims import hand_record, play_record
from records.cribbage.pegging import Play
from records.cribbage.scoring import VARIANTS
from records.cribbage.told_replay import Deal, Unit, replay, told_to_end
from records.cribbage.told_calls import Tok
from records.cribbage.told_scan import Scanner

CONTINUING = "continuing the deal above"
MAX_NOTES = 6            # paragraphs of other talk a told deal may go on after
# words a paragraph about cribbage counts or play uses; only paragraphs near one are read
# words only cribbage uses, with the endings they take (found by str.find: fast)
CUES = {"fifteen": tuple(f"{sep}{n}" for sep in (" ", "-") for n in ("two", "four", "six", "eight", "2", "4")),
        "crib": ("", "s"), "starter": ("", "s"), "nob": ("", "s"), "his heels": ("",),
        "15-": ("2", "4", "6", "8")}
CONTEXT = 2              # paragraphs read on either side of one with a cue
WHOLE = 400              # a text this short is read whole
BEFORE = 2               # paragraphs before a span that may say it is about cribbage


# words only cribbage uses: a span (or the paragraphs just before it) with one of them is
# about cribbage; without, only a count the scorer agrees with is taken
CRIBBAGE_WORDS = re.compile(r"\bcrib\b|fifteen[- ](?:two|four|six|eight|for)|\bstarter\b|\bnobs?\b|"
                            r"\bheels\b|\bpone\b", re.I)


@dataclass
class Span:
    blocks: list = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    state: Deal | None = None
    context: list[str] = field(default_factory=list)   # the paragraphs just before it
    passed: list[Tok] = field(default_factory=list)    # cards named in its play, not read as played

    def tokens(self) -> list[Tok]:
        return [t for c in self.choices for t in c.best.order.tokens]


class TellingReader:
    """The family's side of the engine for told cribbage: tokens of a cell, and replay."""

    def __init__(self):
        self.scanner = Scanner()
        self.by_line: dict[int, list[Tok]] = {}

    def block_tokens(self, block) -> list[Tok]:
        self.scanner.passed = []
        toks = self.scanner.block(block.text_rows())
        self.by_line = {}
        for t in toks:
            self.by_line.setdefault(t.line, []).append(t)
        return toks

    def tokens(self, cell) -> list[Tok]:
        return [t for t in self.by_line.get(cell.line, ()) if cell.column <= t.column < cell.end]

    @staticmethod
    def notation(toks: list[Tok]) -> bool:
        cards = sum(t.kind == "card" for t in toks)
        return any(t.kind in ("count", "peg", "deal") or t.role in ("start", "discard") for t in toks) or cards >= 3

    @staticmethod
    def replay(tokens: list, start):
        return replay(tokens, start, strict=True)


def read_told(lines: list[str], first_line: int = 1) -> Iterator[Span]:
    """The spans of told cribbage in a run of lines, each block read in the order replay chose."""
    reader = TellingReader()
    span: Span | None = None
    notes = 0
    before: list[str] = []
    for block in page(lines, first_line):
        toks = reader.block_tokens(block)
        if not toks or not reader.notation(toks):
            before = (before + [block.text()])[-BEFORE:]
            notes += 1
            if span is not None and notes > MAX_NOTES:
                yield span
                span = None
            continue
        notes = 0
        grid = grid_of(block, reader.tokens)
        starts = ([(CONTINUING, span.state)] if span is not None else []) + [("", None)]
        choice = choose(grid, reader.replay, starts)
        choice.readings.sort(key=_rank)
        best = choice.best
        if span is None or best.start_name != CONTINUING:
            if span is not None:
                yield span
            span = Span(context=list(before))
        span.blocks.append(block)
        span.passed += reader.scanner.passed
        span.choices.append(choice)
        span.state = replay(best.order.tokens, best.start, strict=False).value
    if span is not None:
        yield span


def _rank(reading) -> tuple:
    """Readings that read more first; of those, one that goes on with the deal above, then the
    one whose claims the rules deny least."""
    done = reading.replay
    return (-done.consumed / max(done.total, 1), -done.consumed, reading.start_name != CONTINUING,
            len(done.value.misfits), _unstarted(reading))


def _unstarted(reading) -> int:
    """Hands a reading counts without the starter the block prints (read before it)."""
    return sum(u.kind == "hand" and u.starter is None for u in reading.replay.value.units)


def told_records(text: str, path: str) -> list[Record]:
    """Every hand counted and every play called in told cribbage anywhere in the text."""
    lines = list(text_lines(text))
    out: list[Record] = []
    for first, last in cue_windows(text_lines(text)):
        for span in read_told(lines[first:last], first + 1):
            out += _span_records(span, lines, path)
    return out


@lru_cache(maxsize=2)
def cue_windows(lines: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """The stretches of a text near cribbage's own words (the whole of a short text), shared
    by the readers of one book that look for cribbage outside its chapters."""
    return tuple(_windows(list(lines)))


def _windows(lines: list[str]) -> list[tuple[int, int]]:
    """The stretches (0-based, end exclusive) of paragraphs within CONTEXT of a cue word (the
    whole of a short text). Only the paragraphs near a cue are looked at."""
    if len(lines) <= WHOLE:
        return [(0, len(lines))]
    windows: list[tuple[int, int]] = []
    for n in sorted(_cue_lines(lines)):
        if n >= len(lines) or windows and n < windows[-1][1]:
            continue
        a, b = _paragraphs_from(lines, n, -1), _paragraphs_from(lines, n, 1)
        if windows and a <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], b))
        else:
            windows.append((a, b))
    return windows


def _paragraphs_from(lines: list[str], n: int, step: int) -> int:
    """The line CONTEXT paragraphs before (step -1: its index) or after (step 1: the index past
    it) line n."""
    k, passed = n, 0
    while 0 <= k + step < len(lines):
        nxt = k + step
        if not lines[nxt].strip() and lines[k].strip():
            passed += 1
            if passed > CONTEXT:
                break
        k = nxt
    return k if step == -1 else k + 1


def _cue_lines(lines: list[str]) -> set[int]:
    """The lines (0-based) holding a cue word at the start of a word (str.find: a regular
    expression of alternatives takes a second over a big book)."""
    low = "\n".join(lines).lower()
    places = []
    for cue, endings in CUES.items():
        at = low.find(cue)
        while at >= 0:
            end = at + len(cue)
            if (at == 0 or not low[at - 1].isalnum()) and any(
                    low.startswith(e, end) and not low[end + len(e):end + len(e) + 1].isalnum() for e in endings):
                places.append(at)
            at = low.find(cue, end)
    found, line, before = set(), 0, 0
    for at in sorted(places):
        line += low.count("\n", before, at)
        before = at
        found.add(line)
    return found


# -- records -----------------------------------------------------------------------------------
def _span_records(span: Span, lines: list[str], path: str) -> list[Record]:
    deal = replay(span.tokens(), None, strict=False, final=True).value
    texts = span.context + [b.text() for b in span.blocks]
    about = any(CRIBBAGE_WORDS.search(t) for t in texts) or any(
        len(t) < 80 and "cribbage" in t.lower() for t in texts)     # a heading: `Cribbage hands`
    _place_errors(deal.units, deal.errors)
    units = [u for u in deal.units if _is_cribbage(u, about)]
    if not units:
        return []
    for problem in deal.heels:      # his heels claimed of a starter that is no jack
        after = [u for u in units if _lines_of(u)[1] >= problem[3]]
        (after[0] if after else units[-1]).problems.append(problem)
    _passed_cards(units, span)
    layouts = {id(t): (n, c) for n, c in enumerate(span.choices) for t in c.best.order.tokens}
    out = []
    for unit in units:
        rec = _hand(unit, lines, path) if unit.kind == "hand" else _play(unit, lines, path)
        _diagnose(rec, unit, layouts, span)
        out.append(rec)
    return out


def _is_cribbage(unit: Unit, about: bool) -> bool:
    """A play whose calls mostly agree with the count (a play read from its middle agrees with
    nothing); a hand of one printed list (three cards need a starter) whose stated count is one a
    hand can make, and which the scorer agrees with or the text is about cribbage. A reading that
    both stops somewhere and disagrees with the rules is prose misread, not a record."""
    faults = [p for p in unit.problems if p[0] != "info"]
    if unit.kind == "play":
        cards = [t for t in unit.plays if t.card is not None]
        calls = [t for t in cards if t.call is not None and t.call.total is not None]
        wrong = sum(p[1] == "CRIB-CALL-MISMATCH" for p in unit.problems)
        return len(cards) >= 2 and len(calls) > 2 * wrong and not (unit.errors and faults)
    if unit.errors and faults:
        return False          # a reading that stumbles and disagrees: prose, not a count
    said = unit.said.spoken
    if len(unit.cards) == 3 and unit.starter is None:
        return False
    size = len(unit.cards) + (unit.starter is not None)
    if said.total is not None and said.total - said.heels > (29 if size <= 5 else 60):
        return False
    return about or not faults


def _passed_cards(units: list[Unit], span: Span) -> None:
    """A card printed in the stretch a play is told in but not read as played: the play's
    reading stops there (a record that drops a printed card is never valid)."""
    if not span.passed:
        return
    at = sorted((t.line, t.column) for t in span.tokens())
    for unit in (u for u in units if u.kind == "play"):
        first = min((t.line, t.column) for t in unit.toks)
        last = max((t.line, t.column) for t in unit.toks)
        after = next((p for p in at if p > last), (1 << 30, 0))
        for card in span.passed:
            if first < (card.line, card.column) < after:
                unit.errors.append((f"{card.text} is printed in the play but not read as played", card))


def _place_errors(units: list[Unit], errors: list) -> None:
    """What could not be read goes to the record whose lines hold it; elsewhere it is prose."""
    for message, at in errors:
        line = getattr(at, "line", 0)
        for unit in units:
            first, last = _lines_of(unit)
            if first <= line <= last:
                unit.errors.append((message, at))
                break


def _lines_of(unit: Unit) -> tuple[int, int]:
    lines = [t.line for t in unit.toks] + [at.line for _, at in unit.errors if getattr(at, "line", 0)]
    said = unit.said.spoken if unit.said is not None else None
    if said is not None:
        lines += [w.line for s in said.items for w in (s.word, s.running_word) if w is not None]
        if said.total_word is not None:
            lines.append(said.total_word.line)
    return min(lines), max(lines)


def _hand(unit: Unit, lines: list[str], path: str) -> Record:
    first, last = _lines_of(unit)
    shown = [*unit.cards, *([unit.starter] if unit.starter else [])]
    shown_cards = " ".join(str(t.card) for t in unit.cards) + (f" | {unit.starter.card}" if unit.starter else "")
    whose = "crib" if unit.crib else (f"{unit.owner.title()}'s hand" if unit.owner else "hand")
    rec = hand_record([t.card for t in unit.cards], unit.starter.card if unit.starter else None,
                      crib=unit.crib, source=path, line=first, end_line=last,
                      text="\n".join(lines[first - 1:last]), title=f"{whose} {shown_cards}",
                      positions=[(t.text, t.line, t.column) for t in shown])
    said = unit.said.spoken
    rec.data["said"] = {"owner": unit.owner, "total": said.total,
                        "items": [[c, p] for s in said.items for c, p in s.chosen.items()]}
    if said.total is not None:
        rec.tags["Stated"] = said.total
    if unit.owner and unit.owner != "crib":
        rec.data["owner"] = unit.owner
    rec.tags["Source"] = "told"
    return rec


def _play(unit: Unit, lines: list[str], path: str) -> Record:
    first, last = _lines_of(unit)
    plays = []
    for t in unit.plays:
        if t.card is None and not (t.call and t.call.go):
            continue
        plays.append(Play(card=t.card, go=bool(t.call and t.call.go), player=unit.players.get(t.name),
                          text=t.text, line=t.line, column=t.column))
    variant = VARIANTS.get(unit.variant) if unit.variant else None
    rec = play_record(plays, variant=variant, hands=unit.hands or None,
                      last_card=told_to_end(unit.plays, unit.hands),
                      source=path, line=first, end_line=last, text="\n".join(lines[first - 1:last]))
    rec.data["called"] = [[t.name, str(t.card) if t.card else ("go" if t.call and t.call.go else None),
                           t.call.total if t.call else None, t.call.points if t.call else None]
                          for t in unit.plays]
    rec.data["players"] = unit.players
    rec.tags["Source"] = "told"
    return rec


SEVERITIES = {"info": INFO, "warning": WARNING}


def _diagnose(rec: Record, unit: Unit, layouts: dict, span: Span) -> None:
    for severity, code, message, line, column, suggestion in unit.problems:
        rec.add(SEVERITIES.get(severity, ERROR), code, message, line, column,
                suggestion=suggestion)
    for message, at in unit.errors:
        rec.add(ERROR, "CRIB-UNREAD", f"the reading stops here: {message}", getattr(at, "line", 0),
                getattr(at, "column", 0))
    blocks = sorted({layouts[id(t)][0] for t in unit.toks if id(t) in layouts})
    for n in blocks:
        choice = span.choices[n]
        rec.add(INFO, "LAYOUT", f"lines {span.blocks[n].line}-{span.blocks[n].end_line} read"
                f" {choice.named()}", span.blocks[n].line, 1)
        fewest = len(choice.best.replay.value.misfits), _unstarted(choice.best)
        rivals = [r for r in choice.winners if r.start_name == choice.best.start_name
                  and (len(r.replay.value.misfits), _unstarted(r)) == fewest]
        if len(rivals) > 1:
            rec.add(WARNING, "LAYOUT", "the block reads in several ways: " + "; ".join(
                r.order.name for r in rivals), span.blocks[n].line, 1)
