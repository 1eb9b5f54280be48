"""PGN text without chess: the file cut into games as python-chess cuts it, and a game's
movetext cut into its main-line moves, comments, variations, NAGs and anything else (junk,
which python-chess would pass over without a word)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# results as other programs and pages write them: read as PGN's, the spelling noted
RESULT_FORMS = {"½-½": "1/2-1/2", "1:0": "1-0", "0:1": "0-1", "½:½": "1/2-1/2",
                "1/2:1/2": "1/2-1/2", "0.5-0.5": "1/2-1/2", "1–0": "1-0", "0–1": "0-1",
                "½–½": "1/2-1/2"}
# python-chess's own move pattern (chess.pgn.MOVETEXT_REGEX), anchored, with a check sign
MOVE_SHAPE = re.compile(r"(?:[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?"
                        r"|[PNBRQK]?@[a-h][1-8]|--|Z0|0000|@@@@|O-O(?:-O)?|0-0(?:-0)?)[+#]?")
# one step of plain movetext: any move numbers, then one token
PLAIN_STEP = re.compile(r"(?:\d+\.+\s*)*(\S+)")
PLAIN_BREAKERS = re.compile(r"[{}();$!?%]")
TAG_START = re.compile(r'\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+"')   # a line that opens a tag pair
TOKEN = re.compile(r"""
    (?P<comment>\{[^}]*\}?)
  | (?P<rest>;[^\r\n]*)
  | (?P<nl>\r\n|\r|\n)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$\d+|[!?]+)
  | (?P<number>\d+\.+|\d+(?=\s|$))
  | (?P<word>[^\s{}();!?$]+)
""", re.X)


def title_of(tags: dict, number: int) -> str:
    """A game's title from its tags: the players and the event, else the event, else its
    number in the file."""
    white, black, event = _known(tags, "White"), _known(tags, "Black"), _known(tags, "Event")
    date = (_known(tags, "Date") or "").replace(".??", "")
    if white and black:
        where = " ".join(x for x in (event, date) if x)
        return f"{white} - {black}" + (f", {where}" if where else "")
    if event:
        return f"{event} {date}".strip()
    return f"Game {number}"


def _known(tags: dict, name: str) -> str | None:
    """A tag's value, unless it is empty or unknown ("?", "????.??.??", "-"): only the four
    tags a title uses are looked at (a real file's tag sections are long)."""
    value = tags.get(name)
    return value if value and value.strip("?.- ") else None


def split_lines(text: str) -> list[str]:
    """The file's lines, each with its end; CR-only and CRLF files are cut like LF files.
    A byte-order mark is dropped, as python-chess drops it."""
    text = text.removeprefix("\ufeff")
    if "\r" not in text:
        parts = text.split("\n")
        lines = [p + "\n" for p in parts[:-1]]
        if parts[-1]:
            lines.append(parts[-1])
        return lines
    return [ln for ln in re.split(r"(?<=\n)|(?<=\r)(?!\n)", text) if ln]


def _skippable(line: str) -> bool:
    return line.isspace() or line.startswith(("%", ";"))


def game_spans(lines: list[str]):
    """(first, movetext, stop) line indices of every game, as chess.pgn.read_game finds them:
    headers (one blank line allowed among them), then movetext up to a blank line outside a
    comment. `stop` is past the game's last non-blank line."""
    n, i = len(lines), 0
    while True:
        while i < n and _skippable(lines[i]):
            i += 1
        if i >= n:
            return
        first, blanks = i, 0
        while i < n:   # (lines are never empty: each has its end, or is the last)
            line = lines[i]
            mark = line[0]
            if mark == "[":
                blanks = 0
            elif mark == "%" or mark == ";":
                pass
            elif blanks < 1 and line.isspace():
                blanks = 1
            else:
                break
            i += 1
        movetext = i
        i = _movetext_end(lines, i)
        stop = i
        while stop > first and lines[stop - 1].isspace():
            stop -= 1
        yield first, movetext, stop


def _movetext_end(lines: list[str], i: int) -> int:
    """The movetext ends at a blank line outside a comment; a comment never closed ends at
    the next line that starts a game ("[Event", or a tag pair after a blank line), so it
    cannot take the games after it."""
    n, in_comment = len(lines), False
    while i < n:
        line = lines[i]
        if in_comment and (line.startswith("[Event ") or (
                line.isspace() and _tag_follows(lines, i + 1))):
            return i
        if not in_comment and line.isspace():
            return i
        if in_comment or "{" in line:
            in_comment = _still_in_comment(line, in_comment)
        i += 1
    return i


def _tag_follows(lines: list[str], i: int) -> bool:
    """The next line that is not blank is a tag pair."""
    while i < len(lines) and lines[i].isspace():
        i += 1
    return i < len(lines) and TAG_START.match(lines[i]) is not None


def _still_in_comment(line: str, in_comment: bool) -> bool:
    for ch in line:
        if in_comment:
            in_comment = ch != "}"
        elif ch == "{":
            in_comment = True
        elif ch == ";":
            break
    return in_comment


@dataclass
class Movetext:
    """The main line's moves as (token, line, column), and what else the movetext holds."""
    moves: list = field(default_factory=list)
    junk: list = field(default_factory=list)
    comments: list = field(default_factory=list)
    nags: int = 0
    variations: int = 0
    result: str = ""
    unclosed: list = field(default_factory=list)   # ("{" or "(", line, column) never closed
    result_form: tuple = ()                        # (token, line, column): a result not PGN's

    @property
    def annotated(self) -> bool:
        return bool(self.comments or self.nags or self.variations)


def plain(lines: list[str], start: int, stop: int) -> tuple[list, list, list] | None:
    """The tokens of movetext with no comment, variation or NAG, and their lines and columns
    (a result token last if there is one); None when the movetext is not that plain."""
    tokens: list[str] = []
    rows: list[int] = []
    columns: list[int] = []
    for n in range(start, stop):
        line = lines[n]
        if PLAIN_BREAKERS.search(line):
            return None
        for m in PLAIN_STEP.finditer(line):
            token = m[1]
            if token[-1] != ".":
                tokens.append(token)
                columns.append(m.start(1) + 1)
        rows.extend([n + 1] * (len(tokens) - len(rows)))
    return tokens, rows, columns


def plain_joined(found):
    """plain()'s (tokens, lines, columns) with the tokens joined by single spaces."""
    return found and (" ".join(found[0]), found[1], found[2])


def scan(lines: list[str], start: int, stop: int) -> Movetext:
    """Every token of a game's movetext, sorted into the main line and the rest."""
    out = Movetext()
    text = "".join(lines[start:stop])
    number, line_start, depth, opened = start + 1, 0, 0, []
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "nl":
            number, line_start = number + 1, m.end()
        elif kind == "comment":
            if depth == 0:
                out.comments.append(m[0].strip("{}").strip())
            if not m[0].endswith("}"):
                out.unclosed.append(("{", number, m.start() - line_start + 1))
            breaks = m[0].count("\n") + m[0].count("\r") - m[0].count("\r\n")
            if breaks:
                number += breaks
                line_start = m.start() + max(m[0].rfind("\n"), m[0].rfind("\r")) + 1
        elif kind == "open":
            depth += 1
            out.variations += depth == 1
            opened.append((number, m.start() - line_start + 1))
        elif kind == "close":
            depth = max(depth - 1, 0)
            opened = opened[:-1]
        elif kind == "nag":
            out.nags += depth == 0
        elif kind == "word":
            _word(out, m[0], number, m.start() - line_start + 1, depth)
    out.unclosed += [("(", line, column) for line, column in opened[:1]]
    return out


TAG_LINE = re.compile(r'\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)[^\S\n]+"([^\r\n]*)"\][^\S\n]*')


def broken_tags(lines: list[str], first: int, movetext: int, tags_read: int) -> list:
    """(line, column, what) of each line of a tag section that opens a tag pair it does not
    close, or gives a tag again; tags_read: how many tags the reader kept (when every line
    opening with "[" is one of them, nothing is wrong: the quick test)."""
    opening = [n for n in range(first, movetext) if lines[n][:1] == "["]
    if len(opening) == tags_read:
        return []
    out, seen = [], set()
    for n in opening:
        found = TAG_LINE.fullmatch(lines[n].rstrip("\r\n"))
        if found is None:
            out.append((n + 1, 1, 'is not a tag pair of the form [Name "value"] on one line;'
                        " it was passed over"))
        elif found[1] in seen:
            out.append((n + 1, 2, f"gives the tag {found[1]} again; the last value is kept"))
        else:
            seen.add(found[1])
    return out


def _word(out: Movetext, token: str, line: int, column: int, depth: int) -> None:
    if token in RESULTS:
        if depth == 0:
            out.result = token
    elif MOVE_SHAPE.fullmatch(token):
        if depth == 0:
            out.moves.append((token, line, column))
    elif token in RESULT_FORMS:
        if depth == 0:
            out.result, out.result_form = RESULT_FORMS[token], (token, line, column)
    elif not token.startswith("%") and token not in EN_PASSANT:
        out.junk.append((token, line, column))


EN_PASSANT = {"e.p.", "e.p", "(e.p.)", "ep."}   # an en passant capture's mark, as older files write it


def movetext_as_printed(lines: list[str], start: int, stop: int) -> str:
    """The movetext with LF line ends and without its closing result token."""
    text = "\n".join(ln.rstrip("\r\n") for ln in lines[start:stop]).strip()
    for result in RESULTS:
        if text.endswith(result) and not text.endswith("-" + result):
            return text[:-len(result)].rstrip()
    return text
