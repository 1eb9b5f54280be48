"""PBN 2.1 (Portable Bridge Notation): read tolerantly, write strictly.

Reading accepts `;` and `{}` comments (a `{` inside a comment is counted, as some
files nest them), `%` escape lines, notes, `#` tag values inherited from the previous
game, `-` unknown hands, ranks in any order, `10` for `T`, `AP` in the auction,
annotations (`!`, `=1=`, `$n`) and supplemental tables such as OptimumResultTable.
Each game becomes one bridge record; its play is replayed through the trick engine
and the contract, declarer, result and score tags are checked against it.
Writing follows the export format: mandatory tags first, suits S H D C with ranks
high to low and `T`, the play in columns from the opening leader.
"""
from __future__ import annotations

import gc
import re
from functools import lru_cache
from operator import itemgetter

from records.cards import contract as cb
from records.cards.pbn_play import TOKEN_RE, _is_annotation, _result_tricks, _tokens, read_play
from records.cards.pbn_write import (  # noqa: F401
    MANDATORY, MANDATORY_SET, SECTIONS, deal_value, write_record)
from records.cards.tricks import RANKS, Deal, hand_text
from records.cards.pbn_whist import is_whist
from records.cards.pbn_reconcile import CONTRADICTIONS, Facts, reconcile, seat_the_hands
from records.core import interchange
from records.core.model import ERROR, INFO, INVALID, WARNING, Record, owner_by_line

try:   # split_games' quick steps compiled (_pbn_split.c): optional, else by _plain_lines
    from records.cards._pbn_split import plain_lines as compiled_lines
except ImportError:
    compiled_lines = None

SEATS = ("N", "E", "S", "W")
TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
DEAL_TAGS = ("Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal", "Scoring",
             "Stage", "HomeTeam", "VisitTeam", "Round")
class Game:
    """One PBN game as read: tags with their places, section tokens, comments."""
    __slots__ = ("columns", "comments", "data", "end_line", "line", "lines", "notes", "tags")

    def __init__(self, line: int):
        self.line = line
        self.end_line = line
        self.tags: dict[str, str] = {}       # name -> value
        self.lines: dict[str, int] = {}      # name -> the line of its tag
        self.columns: dict[str, int] = {}    # name -> its tag's column, where it is not 1
        self.data: dict[str, list[tuple[str, int, int]]] = {}  # tag -> tokens (text, line, col)
        self.comments: list[tuple[str, int]] = []
        self.notes: list[str] = []

    def value(self, name: str, default: str = "") -> str:
        return self.tags.get(name, default)

    def where(self, name: str) -> tuple[int, int]:
        line = self.lines.get(name)
        return (line, self.columns.get(name, 1)) if line else (self.line, 1)

    def take(self, name: str, value: str, line: int, column: int = 1) -> None:
        self.tags[name], self.lines[name] = value, line
        if column != 1:
            self.columns[name] = column


# -- reading the file into games ----------------------------------------------------------
def split_games(text: str, lines: list[str] | None = None, compiled: bool = True
                ) -> tuple[list[Game], list[tuple[int, int, str, str]]]:
    """Games with their tags and section tokens; also syntax notes (line, column, severity,
    message). lines: the text's lines, when the caller has them; compiled=False: no C half."""
    games: list[Game] = []
    notes: list[tuple[int, int, str, str]] = []
    game: Game | None = None
    section: str | None = None
    depth = 0                      # inside a { } comment
    comment: list[str] = []
    comment_line = comment_column = 0
    if lines is None:
        lines = text.splitlines()
    total = len(lines)
    braces = "{" in text or "}" in text    # (a text without any: no line needs looking at)
    quick = compiled_lines if compiled and compiled_lines else _plain_lines
    n = 0
    while n < total:
        if depth and _starts_a_game(lines[n], n < 1 or not lines[n - 1].strip()):
            # a comment never closed ends where the next game begins: it takes no game
            notes.append((comment_line, comment_column, ERROR, "this { comment is never "
                          f"closed: it is ended where the next game begins (line {n + 1})"))
            if game is not None:
                game.comments.append((" ".join(comment).strip(), comment_line))
                games.append(game)
            depth, game, section = 0, None, None
        if depth == 0:   # whole lines of the commonest kinds; back here at the first other
            n, game, section = quick(lines, n, game, section, games, braces, _tag)
            if n == total:
                break
        line = lines[n]
        n += 1
        pos = 0
        length = len(line)
        while pos < length:
            ch = line[pos]
            if depth:
                close = _find_brace(line, pos)
                if close is None:
                    comment.append(line[pos:])
                    pos = length
                    continue
                end, opened = close
                comment.append(line[pos:end])
                depth += 1 if opened else -1
                pos = end + 1
                if depth == 0 and game is not None:
                    game.comments.append((" ".join(c.strip() for c in comment).strip(), comment_line))
                continue
            if ch == "{":
                depth, comment, comment_line, comment_column = 1, [], n, pos + 1
                pos += 1
                continue
            if ch == ";":
                if game is not None:
                    game.comments.append((line[pos + 1:].strip(), n))
                break
            if ch == "}":
                notes.append((n, pos + 1, INFO, "a closing brace outside any comment is ignored"))
                pos += 1
                continue
            if ch == "[":
                m = TAG_RE.match(line, pos)
                if not m:
                    notes.append((n, pos + 1, WARNING, f"cannot read the tag {line[pos:pos + 30]!r}; "
                                  "it is left out"))
                    break
                game = _tag(game, games, m.group(1), m.group(2), n, pos + 1)
                section = m.group(1)
                pos = m.end()
                continue
            if ch.isspace():
                pos += 1
                continue
            m = TOKEN_RE.match(line, pos)
            token_end = m.end()
            for stop in ("{", ";", "["):
                k = line.find(stop, pos, token_end)
                if k > pos:
                    token_end = k
            if game is None or section is None:
                notes.append((n, pos + 1, INFO,
                              f"text outside any game is ignored: {line[pos:token_end]!r}"))
            else:
                game.data.setdefault(section, []).append((line[pos:token_end], n, pos + 1))
                game.end_line = n
            pos = token_end
        if depth and game is not None:
            game.end_line = n
    if depth:
        notes.append((comment_line, comment_column, ERROR,
                      "this { comment is never closed: the rest of the file is taken as comment"))
        if game is not None:
            game.comments.append((" ".join(comment).strip(), comment_line))
    if game is not None and game.tags:
        games.append(game)
    return games, notes


def _starts_a_game(line: str, after_blank: bool) -> bool:
    """[Event ...], or a tag pair after a blank line."""
    return line.startswith("[Event ") or (after_blank and TAG_RE.match(line) is not None)


def _plain_lines(lines: list[str], n: int, game: Game | None, section: str | None,
                 games: list[Game], braces: bool, tag) -> tuple[int, Game | None, str | None]:
    """split_games' quick steps (_pbn_split.c's the same) from lines[n] on, outside comments:
    tags alone on their lines, `%` and blank lines, plain lines -> (next line, game, section)."""
    while n < len(lines):
        line = lines[n]
        first = line[:1]
        if first == "[":   # one tag alone; the commonest: its value without `;` or a brace,
            quote = line.find('"')   # `"]` ends it, its only other `"` ends the name
            if (line[-1] == "]" and line.find('"', quote + 1) == len(line) - 2
                    and ";" not in line and (not braces or ("{" not in line and "}" not in line))
                    and (name := line[1:quote].strip()).isalnum()):
                value = line[quote + 1:-2]
                if game is not None and name not in game.tags and name != "Note":
                    game.tags[name] = value
                    game.lines[name] = game.end_line = n + 1
                    n, section = n + 1, name
                    continue
            elif (m := TAG_RE.match(line)) and not line[m.end():].strip():   # (a table's)
                name, value = m.groups()
            else:
                break
            n, section = n + 1, name
            game = tag(game, games, name, value, n, 1)
        elif first == "%":
            n += 1
        elif not line or line.isspace():
            if game is not None and game.tags:
                games.append(game)
            game, section, n = None, None, n + 1
        elif (section is not None and game is not None and ";" not in line and "[" not in line
              and "{" not in line and "}" not in line):
            n = _section_lines(lines, n, game, section)
        else:
            break
    return n, game, section


def _tag(game: Game | None, games: list[Game], name: str, value: str, n: int,
         column: int) -> Game:
    """Store a tag in the current game, starting a game when needed."""
    if game is None:
        game = Game(n)
    if "\\" in value:
        value = value.replace('\\"', '"').replace("\\\\", "\\")
    if name in game.tags and name != "Note":
        # a second game begins without a blank line between them
        games.append(game)
        game = Game(n)
    if name == "Note":
        game.notes.append(value)
    else:
        game.take(name, value, n, column)
    game.end_line = n
    return game


def _section_lines(lines: list[str], i: int, game: Game, section: str) -> int:
    """Take the plain data lines from index i on (rows of a section or table) at once;
    return the index of the first line that is not one."""
    end, total = i, len(lines)
    while end < total:
        line = lines[end]
        if (not line or line[0] in "[%" or line.isspace() or "[" in line or "{" in line
                or ";" in line or "}" in line):
            break
        end += 1
    if end > i:  # whole lines (column 0), split into tokens where they are read
        game.data.setdefault(section, []).extend(
            [(lines[k], k + 1, 0) for k in range(i, end)])
        game.end_line = end
    return end


def _find_brace(line: str, pos: int):
    """The next { or } at or after pos inside a comment: (index, is_open) or None."""
    o, c = line.find("{", pos), line.find("}", pos)
    if c < 0 and o < 0:
        return None
    if o >= 0 and (c < 0 or o < c):
        return o, True
    return c, False


def inherit(games: list[Game]) -> dict[int, list[str]]:
    """Resolve `#` values and deal tags a game leaves out; return what each game inherited."""
    inherited: dict[int, list[str]] = {}
    previous: Game | None = None
    for i, game in enumerate(games):
        taken = []
        if previous is not None:
            for name, value in list(game.tags.items()) if "#" in game.tags.values() else ():
                if value == "#":
                    game.tags[name] = previous.tags.get(name, "")
                    taken.append(name if name in previous.tags else f"{name} (empty there)")
            if "Deal" not in game.tags and "Deal" in previous.tags:
                for name in DEAL_TAGS:
                    if name not in game.tags and name in previous.tags:
                        game.take(name, previous.tags[name], *previous.where(name))
                        taken.append(name)
        if taken:
            inherited[i] = taken
        previous = game
    return inherited


# -- a game into a record -------------------------------------------------------------------
def read(text: str, path: str) -> list[Record] | None:
    """The records of a PBN file: one a game; a text with no game at all gives one invalid
    record that says so (an empty text gives none)."""
    # reading builds many small objects and no reference cycles: the cyclic collector
    # would only rescan them, so it is paused while reading
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _read(text, path)
    finally:
        if enabled:
            gc.enable()


def _read(text: str, path: str) -> list[Record]:
    lines = text.splitlines()
    games, notes = split_games(text, lines)
    if not games:
        return [_unreadable(text, path, notes)] if text.strip() else []
    inherited = inherit(games)
    records = []
    for i, game in enumerate(games):
        rec = _whist(game, path, lines) if is_whist(game) else game_record(game, path, lines)
        if i in inherited:
            rec.add(INFO, "PBN-INHERITED",
                    f"takes {', '.join(inherited[i])} from the previous game", game.line, 1)
        records.append(rec)
    if notes:
        owner_of = owner_by_line(records)
        for line, column, severity, message in notes:
            owner_of(line).add(severity, "PBN-SYNTAX", message, line, column)
    for rec in records:   # a game hoyle exported: its title, status and diagnostics again
        interchange.take_back(rec, "PBN-STATUS")
    return records


def _whist(game: Game, path: str, lines: list[str]) -> Record:
    """The whist deal of a game hoyle wrote as one (its reader loaded only for such a game)."""
    from records.cards.pbn_whist_read import whist_record
    return whist_record(game, path, lines)


def _unreadable(text: str, path: str, notes) -> Record:
    """A .pbn file in which no game can be found: kept as raw text, marked invalid."""
    import os
    rec = Record(kind="bridge", title=os.path.basename(path) or "PBN text", source=path,
                 line=1, end_line=text.count("\n") + 1, text=text, status=INVALID)
    for line, column, severity, message in notes:
        rec.add(severity, "PBN-SYNTAX", message, line, column)
    rec.add(ERROR, "PBN-NO-GAME", "no PBN game (tags such as [Deal \"N:...\"]) is found in the file",
            1, 1)
    return rec


def game_record(game: Game, path: str, lines: list[str]) -> Record:
    tags = dict(game.tags)
    for name in SECTIONS:
        tags.pop(name, None)
    rec = Record(kind="bridge", title=title_of(tags), source=path, line=game.line,
                 end_line=game.end_line, text="\n".join(lines[game.line - 1:game.end_line]))
    rec.tags = tags
    data = rec.data
    data["notes"] = game.notes
    if game.comments:
        data["comments"] = [c for c, _ in game.comments]
    tables, table_lines = _tables(game)
    if tables:
        data["tables"] = tables
    deal = _deal(rec, game)
    contract = _contract(rec, game)
    declarer = _declarer(game)
    _auction(rec, game, contract, declarer)
    if deal is not None:
        data["hands"] = {s: _strict_text(deal.hands[s]) for s in SEATS}
        read_play(rec, game, deal, contract, declarer)
        seat_the_hands(rec, game, deal, contract, declarer)
    _score(rec, game, contract, declarer)
    if rec.diagnostics and any(d.code in CONTRADICTIONS for d in rec.diagnostics):
        reconcile(rec, _facts(rec, game, contract), {t: game.where(t) for t in game.tags})
    rec.normal = write_record(rec, data.pop("_rows", None), table_lines)
    return rec


def _facts(rec: Record, game: Game, contract: cb.Contract | None) -> Facts:
    """What each of the record's tags and sections says, for reconciling them."""
    play = rec.data.get("play", [])
    complete = len(play) == 13 and all(t["winner"] for t in play)
    vulnerable = cb.vulnerable_sides(game.value("Vulnerable"))
    dealer = game.value("Dealer").strip().upper()[:1]
    leader = game.value("Play").strip().upper()[:1]
    return Facts(dealer if dealer in SEATS else None, rec.data.get("auction_from"),
                 tuple(rec.data.get("auction", ())), contract, _declarer(game),
                 leader if leader in SEATS else None,
                 tuple(rec.data["tricks_won"].items()) if complete else None,
                 game.value("Result").strip(),
                 frozenset(vulnerable) if vulnerable is not None else None,
                 game.value("Score").strip())


def read_as_one_game(text: str) -> bool:
    """The text is one PBN game (what the reader kept of a game it read from PBN)."""
    if not text or not text.lstrip().startswith("["):
        return False
    games, _ = split_games(text)
    return len(games) == 1


def title_of(tags: dict) -> str:
    parts = [tags.get("Event", "").strip() or "bridge deal"]
    if tags.get("Board"):
        parts.append(f"board {tags['Board']}")
    if tags.get("Room"):
        parts.append(tags["Room"])
    title = ", ".join(parts)
    contract, declarer = tags.get("Contract", ""), tags.get("Declarer", "")
    if contract:
        title += f": {contract}" + (f" by {declarer}" if declarer and contract != "Pass" else "")
    return title


def _tables(game: Game) -> tuple[dict, dict]:
    """Supplemental tables: a tag whose value names columns ("Declarer;Result\\2R") and rows;
    and each table's rows as written in the normal form."""
    out, written = {}, {}
    for name, tokens in game.data.items():
        if name in SECTIONS or name not in game.tags:
            continue
        if any(map(_COLUMN, tokens)):   # (tokens the splitter took alone: rare)
            items = tuple([(text, col != 0) for text, _, col in tokens])
            columns, rows, lines = _table(game.tags[name], items)
        else:                           # whole lines
            columns, rows, lines = _line_table(game.tags[name], tuple(map(_TEXT, tokens)))
        out[name] = {"columns": list(columns), "rows": list(map(list.copy, rows))}
        written[name] = lines
    return out, written


_TEXT, _COLUMN = itemgetter(0), itemgetter(2)


@lru_cache(maxsize=256)
def _line_table(value: str, texts: tuple) -> tuple[list[str], list[list[str]], list[str]]:
    """_table of whole lines. Shared: callers copy."""
    return _table(value, tuple([(text, False) for text in texts]))


@lru_cache(maxsize=256)    # a board's tables carry the same tables (double-dummy results)
def _table(value: str, items: tuple) -> tuple[list[str], list[list[str]], list[str]]:
    """A supplemental table's columns, rows and rows as written in the normal form, from its
    tag value and its items: (text, True) for a token, (text, False) for a whole line. Shared:
    callers copy."""
    columns = [c.split("\\")[0] for c in value.split(";") if c]
    width = len(columns) or 1
    if not any(token for _, token in items):
        rows = [text.split() for text, _ in items]  # one row a line, as usual
        if all(len(row) == width for row in rows):
            return columns, rows, [" ".join(row) for row in rows]
    values = [word for text, token in items for word in ((text,) if token else text.split())]
    rows = [values[i:i + width] for i in range(0, len(values), width)]
    return columns, rows, [" ".join(row) for row in rows]


def parse_deal_value(value: str) -> tuple[str, list[str | None]] | str:
    """ "N:h h h h" -> (first seat, four hands as rank strings) or an error message."""
    first, colon, rest = value.strip().partition(":")
    first = first.strip().upper()
    if not colon or first not in SEATS:
        return f"the Deal {value!r} does not start with a seat (N:, E:, S: or W:)"
    hands = rest.split()
    if len(hands) != 4:
        return f"the Deal has {len(hands)} hands, not 4"
    return first, [None if h in ("-", "?") else h for h in hands]


@lru_cache(maxsize=4096)
def _strict_text(hand: frozenset | None) -> str:
    return hand_text(hand)


@lru_cache(maxsize=4096)  # the same deal is often played at many tables
def hand_cards(text: str) -> frozenset | str:
    """A PBN hand "KQ643.8.KT32.A54" (ranks in any order, 10 or T) -> cards, or an error."""
    suits = text.split(".")
    if len(suits) != 4:
        return f"the hand {text!r} has {len(suits)} suits, not 4"
    cards = []
    for suit, holding in zip("SHDC", suits):
        holding = holding.upper().replace("10", "T")
        for rank in holding:
            if rank not in RANKS:
                return f"{rank!r} in the hand {text!r} is not a rank"
            cards.append(suit + rank)
    found = frozenset(cards)
    if len(found) != len(cards):
        return f"the hand {text!r} names a card twice"
    return found


def _deal(rec: Record, game: Game) -> Deal | None:
    value = game.value("Deal")
    line, col = game.where("Deal")
    if not value:
        rec.add(INFO, "PBN-NO-DEAL", "the game gives no Deal", line, col)
        return None
    dealer = game.value("Dealer").strip().upper()[:1] or None
    deal, notes = _checked_deal(value, dealer)
    for severity, code, message in notes:
        rec.add(severity, code, message, line, col)
    return _fresh(deal) if deal is not None else None


@lru_cache(maxsize=1024)  # the same deal is played at many tables
def _checked_deal(value: str, dealer: str | None) -> tuple[Deal | None, tuple]:
    """The deal a Deal tag gives (None when faulty) and what reading it says:
    (severity, code, message) each. The deal is a pattern: callers take a _fresh copy."""
    parsed = parse_deal_value(value)
    if isinstance(parsed, str):
        return None, ((ERROR, "PBN-DEAL", parsed),)
    first, texts = parsed
    start = SEATS.index(first)
    hands = {}
    for k, text in enumerate(texts):
        seat = SEATS[(start + k) % 4]
        if text is None:
            hands[seat] = None
            continue
        cards = hand_cards(text)
        if isinstance(cards, str):
            return None, ((ERROR, "PBN-DEAL", f"{seat}: {cards}"),)
        hands[seat] = cards
    deal = Deal(SEATS, hands, dealer if dealer in SEATS else None)
    if deal.problems:
        return None, tuple((ERROR, "PBN-DEAL", p.message) for p in deal.problems)
    if len(deal.known) == 3:
        return deal.complete_deal(), ((INFO, "PBN-COMPLETED",
                                       "the unknown hand is completed from the other three"),)
    return deal, ()


def _fresh(deal: Deal) -> Deal:
    """A copy of a checked deal, made without checking it again (the reader sets the copy's
    trump and leader)."""
    copy = Deal.__new__(Deal)
    copy.seats, copy.hands, copy.dealer = deal.seats, dict(deal.hands), deal.dealer
    copy.trump, copy.leader, copy.problems = deal.trump, deal.leader, []
    return copy


def _contract(rec: Record, game: Game) -> cb.Contract | None:
    value = game.value("Contract").strip()
    if not value or value == "?":
        return None
    found = cb.parse_contract(value)
    if found is None:
        rec.add(ERROR, "PBN-CONTRACT", f"cannot read the contract {value!r}", *game.where("Contract"))
    return found


def _declarer(game: Game) -> str | None:
    value = game.value("Declarer").strip().lstrip("^").upper()
    return value if value in SEATS else None


def _auction(rec: Record, game: Game, contract: cb.Contract | None,
             declarer: str | None) -> None:
    tokens = game.data.get("Auction", [])
    if "Auction" not in game.tags:
        return
    calls, marks = _calls(tuple(map(_TEXT, tokens)))
    rec.data["auction"] = list(calls)
    if marks:
        rec.data["auction_marks"] = {k: list(v) for k, v in marks.items()}
    dealer = game.value("Auction").strip().upper()[:1]
    rec.data["auction_from"] = dealer
    if dealer not in SEATS or contract is None:
        return
    end = _final_contract(dealer, calls)
    line, col = game.where("Auction")
    if end.problem:
        rec.add(WARNING, "PBN-AUCTION", f"the auction cannot be replayed: {end.problem}", line, col)
        return
    if end.contract != contract:
        rec.add(WARNING, "PBN-CONTRACT",
                f"the auction ends in {end.contract} but the Contract tag says {contract}",
                *game.where("Contract"))
    if not contract.passed_out and end.declarer and declarer and end.declarer != declarer:
        rec.add(WARNING, "PBN-DECLARER",
                f"the auction makes {end.declarer} declarer but the Declarer tag says {declarer}",
                *game.where("Declarer"), suggestion=_auction_seat_hint(dealer, calls, contract, declarer))


@lru_cache(maxsize=1024)  # the same auctions recur (a board's tables, all-pass deals)
def _calls(texts: tuple[str, ...]) -> tuple[tuple[str, ...], dict]:
    """The calls of an Auction section's texts (whole lines or tokens) and the marks
    (note references, alerts) after each call, by the call's index. Shared: callers copy."""
    calls, marks = [], {}
    for text, _, _ in _tokens((text, 0, 0) for text in texts):
        word = text.upper()
        if word in ("AP",):
            calls.extend(["Pass"] * 3)
        elif word in ("*", "+", "-"):
            break
        elif _is_annotation(text):
            if calls:  # a note reference or alert belongs to the call before it
                marks.setdefault(str(len(calls) - 1), []).append(text)
        else:
            calls.append("Pass" if word in ("PASS", "P") else word)
    return tuple(calls), marks


@lru_cache(maxsize=1024)
def _final_contract(dealer: str, calls: tuple[str, ...]) -> cb.AuctionEnd:
    return cb.final_contract(dealer, list(calls))


def _auction_seat_hint(dealer: str, calls: list[str], contract, declarer: str) -> str:
    """When the calls fit the tags only if the auction starts with another seat, say which."""
    fits = [seat for seat in SEATS if seat != dealer
            and cb.final_contract(seat, calls)[:2] == (contract, declarer)]
    if len(fits) == 1:
        return (f"the calls give {contract} by {declarer} if the auction starts with "
                f"{fits[0]} (the Auction tag says {dealer})")
    return ""


def _score(rec: Record, game: Game, contract: cb.Contract | None, declarer: str | None) -> None:
    if contract is None:
        return
    score, said = _scored(contract, declarer, game.value("Vulnerable"),
                          game.value("Result").strip(), game.value("Score").strip())
    if score is not None:
        rec.data["score_ns"] = score
    if said is not None:
        rec.add(*said, *game.where("Score"))


@lru_cache(maxsize=1024)    # a board's tables often have the same contract and result
def _scored(contract: cb.Contract, declarer: str | None, vulnerable: str, value: str,
            stated: str) -> tuple[int | None, tuple | None]:
    """The score NS (None: none) of a contract made `value` (the Result), and what to say of
    the Score tag `stated`: (severity, code, message) or None."""
    vul = cb.vulnerable_sides(vulnerable)
    if contract.passed_out:
        ns = 0
    elif declarer and vul is not None and value not in ("", "?"):
        tricks = _result_tricks(value, cb.side_of(declarer))
        if tricks is None:
            return None, None
        ns = cb.ns_score(contract, declarer, vul, tricks)
    else:
        return None, None
    if not stated:
        return ns, None
    expected = cb.stated_ns_score(stated, declarer)
    if expected is None:
        return ns, (INFO, "PBN-SCORE", f"cannot read the score {stated!r}")
    if expected != ns:
        return ns, (WARNING, "PBN-SCORE", f"the Score says {stated} but {contract} by {declarer} "
                    f"making {value or 0} scores NS {ns:+d}")
    return ns, None
