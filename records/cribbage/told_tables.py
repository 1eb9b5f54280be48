"""Tables whose first row names the columns: each cell read as its column says.

    Hand            Starter   Count          Player   Card   Count   Points
    5H 5D 5S JC     5C        29             Bob      7      7
    a pair of 7s    the 5     eight          Alice    8      15      2 (fifteen)

A hand table gives cards held (a `Crib` column, the crib), the starter and the count (spoken
or a number); a `Player` column says whose. A table of the play (a player and a card column)
gives one played card, a go, or a point per row, with the count called and the points pegged.
"""
from __future__ import annotations

from dataclasses import dataclass

from records.cribbage.scoring import Card
from records.cribbage.told_calls import Call, Tok, spoken_count
from records.cribbage.told_phrases import card_list, name_at
from records.cribbage.told_words import DITTO, Word, lex, number_at

HEADER_WORDS = {
    "hand": "hand", "hands": "hand", "cards": "hand", "held": "hand", "holding": "hand",
    "crib": "crib", "starter": "starter", "turn-up": "starter", "turnup": "starter", "cut": "starter",
    "start": "starter", "count": "count", "counts": "count", "score": "count", "scores": "count",
    "points": "count", "total": "count", "value": "count", "worth": "count", "player": "player",
    "who": "player", "by": "player", "name": "player", "card": "card", "played": "card",
    "play": "card", "running": "running", "call": "call", "called": "call", "says": "call",
    "pegs": "points", "pegged": "points"}
FILLER = {"the", "of", "and", "s", "'s", "no", "no.", "#", "in", "dealer's", "pone's", ".", ":"}
PLAY_POINT_WORDS = {"fifteen": "fifteens", "pair": "pairs", "royal": "pairs", "run": "runs",
                    "sequence": "runs", "go": "go", "last": "last card", "thirty-one": "thirty-one",
                    "31": "thirty-one"}


@dataclass
class Header:
    columns: list[tuple[int, str]]     # (start column, role), left to right
    play: bool                         # a table of the play, not of hands

    def role(self, column: int) -> str:
        role = self.columns[0][1]
        for start, name in self.columns:
            if column + 1 >= start:
                role = name
        return role


def header_of(rows) -> Header | None:
    """The column roles of a table whose first row names them, else None."""
    rows = [r for r in rows if not r.rule]
    if len(rows) < 2 or len(rows[0].cells) < 2:
        return None
    columns = []
    for cell in rows[0].cells:
        words = [w for w in lex(cell.text, cell.line, cell.column) if w.low not in FILLER]
        roles = {HEADER_WORDS.get(w.low) for w in words}
        if not words or None in roles or len(roles) != 1:
            return None
        columns.append((cell.column, roles.pop()))
    names = {role for _, role in columns}
    if "count" not in names and not ({"player", "card"} <= names):
        return None
    play = {"player", "card"} <= names and not names & {"hand", "starter", "crib"}
    if play:
        columns = [(c, {"count": "running", "call": "call"}.get(r, r)) for c, r in columns]
    return Header(columns, play)


def table_tokens(scanner, rows, header: Header) -> list[Tok]:
    """The tokens of a table's rows (scanner: the block scanner, for its counters)."""
    out: list[Tok] = []
    for row in [r for r in rows if not r.rule][1:]:
        scanner.sentence += 1
        first = len(out)
        cells = {}
        for cell in row.cells:
            cells.setdefault(header.role(cell.column), []).append(cell)
        if header.play:
            tok = _play_row(cells)
            if tok is not None:
                out.append(tok)
                scanner.pegging = True
        else:
            out += _hand_row(scanner, cells)
        for tok in out[first:]:
            tok.sentence = scanner.sentence
    return out


def _words(cells) -> list[Word]:
    return [w for cell in cells for w in lex(cell.text, cell.line, cell.column)]


def _hand_row(scanner, cells: dict) -> list[Tok]:
    out = []
    owner = ""
    if "player" in cells:
        words = _words(cells["player"])
        found = name_at(words, 0)
        owner = "crib" if any(w.low == "crib" for w in words) else (found[0] if found else "")
    for role in ("hand", "crib", "starter"):
        words = _words(cells.get(role, []))
        got = card_list(words, 0, free=True) if words else None
        if got is None:
            continue
        scanner.group += 1
        picked = got[0][:1] if role == "starter" else got[0]
        for c in picked:
            out.append(Tok("card", c.text, c.word.line, c.word.column, Card(c.rank, c.suit),
                           "start" if role == "starter" else "hold",
                           "crib" if role == "crib" else ("" if role == "starter" else owner),
                           group=scanner.group))
    words = [w for w in _words(cells.get("count", [])) if w.low not in DITTO]
    said = spoken_count(words, 0, total_first=True) if words else None
    if said is not None:
        whose = "crib" if "crib" in cells and "hand" not in cells else owner
        out.append(Tok("count", said.first.text, said.first.line, said.first.column,
                       name=whose, spoken=said))
    return out


def _play_row(cells: dict) -> Tok | None:
    player = name_at(_words(cells.get("player", [])), 0)
    name = player[0] if player else ""
    played = _words(cells.get("card", []))
    call = Call()
    running = _words(cells.get("running", []))
    if running and number_at(running, 0):
        call.total = number_at(running, 0)[0]
    _points(_words(cells.get("points", []) + cells.get("call", [])), call)
    if played and played[0].low == "go":
        call.go = True
        return Tok("peg", played[0].text, played[0].line, played[0].column, name=name, call=call)
    got = card_list(played, 0, free=True) if played else None
    if got is None:
        if call.points:
            anchor = _words(cells.get("points", []))[0]
            return Tok("peg", anchor.text, anchor.line, anchor.column, name=name, call=call)
        return None
    card = got[0][0]
    return Tok("peg", card.text, card.word.line, card.word.column, Card(card.rank, card.suit),
               name=name, call=call)


def _points(words: list[Word], call: Call) -> None:
    """`2 (fifteen)`, `pair, 2`, `fifteen two`, `1 for the go`, `31 for 2`: the points pegged and
    what they are for."""
    numbers = []
    k = 0
    while k < len(words):
        got = number_at(words, k)
        low = words[k].low
        if low in PLAY_POINT_WORDS and not (low == "31" and numbers == []) and (got is None or low == "fifteen"):
            category = PLAY_POINT_WORDS[low]
            if category not in call.expects:
                call.expects.append(category)
            k += 1
            continue
        if got is not None:
            numbers.append(got[0])
            k = got[1]
            continue
        k += 1
    if numbers:
        call.points = numbers[-1]
