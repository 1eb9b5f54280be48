"""PGN text without chess: the file cut into games as python-chess cuts it, and a game's
movetext cut into its main-line moves, comments, variations, NAGs and anything else (junk,
which python-chess would pass over without a word)."""
from __future__ import annotations

import re

import numpy as np
from dataclasses import dataclass, field

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# python-chess's own move pattern (chess.pgn.MOVETEXT_REGEX), anchored, with a check sign
MOVE_SHAPE = re.compile(r"(?:[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?"
                        r"|[PNBRQK]?@[a-h][1-8]|--|Z0|0000|@@@@|O-O(?:-O)?|0-0(?:-0)?)[+#]?")
# one step of plain movetext: any move numbers, then one token
PLAIN_STEP = re.compile(r"(?:\d+\.+\s*)*(\S+)")
PLAIN_BREAKERS = re.compile(r"[{}();$!?%]")
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
        while i < n:
            line = lines[i]
            if line.startswith(("%", ";")) or (blanks < 1 and line.isspace()):
                blanks += line.isspace()
            elif line.startswith("["):
                blanks = 0
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
    n, in_comment = len(lines), False
    while i < n:
        line = lines[i]
        if not in_comment and line.isspace():
            return i
        if in_comment or "{" in line:
            in_comment = _still_in_comment(line, in_comment)
        i += 1
    return i


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


def scan(lines: list[str], start: int, stop: int) -> Movetext:
    """Every token of a game's movetext, sorted into the main line and the rest."""
    out = Movetext()
    text = "".join(lines[start:stop])
    number, line_start, depth = start + 1, 0, 0
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "nl":
            number, line_start = number + 1, m.end()
        elif kind == "comment":
            if depth == 0:
                out.comments.append(m[0].strip("{}").strip())
            breaks = m[0].count("\n") + m[0].count("\r") - m[0].count("\r\n")
            if breaks:
                number += breaks
                line_start = m.start() + max(m[0].rfind("\n"), m[0].rfind("\r")) + 1
        elif kind == "open":
            depth += 1
            out.variations += depth == 1
        elif kind == "close":
            depth = max(depth - 1, 0)
        elif kind == "nag":
            out.nags += depth == 0
        elif kind == "word":
            _word(out, m[0], number, m.start() - line_start + 1, depth)
    return out


def _word(out: Movetext, token: str, line: int, column: int, depth: int) -> None:
    if token in RESULTS:
        if depth == 0:
            out.result = token
    elif MOVE_SHAPE.fullmatch(token):
        if depth == 0:
            out.moves.append((token, line, column))
    elif not token.startswith("%"):
        out.junk.append((token, line, column))


def movetext_as_printed(lines: list[str], start: int, stop: int) -> str:
    """The movetext with LF line ends and without its closing result token."""
    text = "\n".join(ln.rstrip("\r\n") for ln in lines[start:stop]).strip()
    for result in RESULTS:
        if text.endswith(result) and not text.endswith("-" + result):
            return text[:-len(result)].rstrip()
    return text


# -- the plain movetext of a whole batch of games at once -------------------------------------
WHITESPACE = np.array([9, 10, 11, 12, 13, 28, 29, 30, 31, 32], dtype=np.uint8)  # str.split()'s


def plain_batch(lines: list[str], spans: list) -> list:
    """plain() for every game at spans (first, movetext, stop), found by numpy over the
    batch's movetext at once: token starts, their lines and columns."""
    texts = []
    for _, start, stop in spans:
        text = "".join(lines[start:stop])
        texts.append(text if text.endswith(("\n", "\r")) else text + "\n")
    big = "".join(texts)
    if not big.isascii():
        return [plain(lines, start, stop) for _, start, stop in spans]
    chars = np.frombuffer(big.encode("ascii"), dtype=np.uint8)
    space = np.isin(chars, WHITESPACE)
    starts = np.flatnonzero(~space & np.concatenate(([True], space[:-1])))
    ends = np.flatnonzero(~space & np.concatenate((space[1:], [True]))) + 1
    tokens = big.split()
    breaks = np.flatnonzero((chars == 10) | ((chars == 13) & np.append(chars[1:] != 10, True)))
    line_of = np.searchsorted(breaks, starts)       # lines of the batch's text before the token
    line_start = np.where(line_of > 0, breaks[np.maximum(line_of - 1, 0)] + 1, 0)
    line_counts = np.array([stop - start for _, start, stop in spans], dtype=np.intp)
    file_line = np.arange(len(breaks)) + np.repeat(
        np.array([start for _, start, _ in spans], dtype=np.intp) -
        (np.cumsum(line_counts) - line_counts), line_counts)
    first, last = chars[starts], chars[ends - 1]
    digit = (first >= 48) & (first <= 57)
    number = digit & (last == 46)
    game_start = np.cumsum([0] + [len(t) for t in texts])
    game_of = np.searchsorted(game_start, starts, side="right") - 1
    unplain = {g for g, t in enumerate(texts) if PLAIN_BREAKERS.search(t)}
    for i in np.flatnonzero(digit & ~number).tolist():   # results, 0-0, and "1.e4" run together
        token = tokens[i]
        if token not in RESULTS and not token.startswith("0-0"):
            unplain.add(int(game_of[i]))
    kept = np.flatnonzero(~number)
    kept_tokens = [tokens[i] for i in kept.tolist()]
    rows = (file_line[line_of[kept]] + 1).tolist()
    columns = (starts[kept] - line_start[kept] + 1).tolist()
    bounds = np.searchsorted(game_of[kept], np.arange(len(spans) + 1)).tolist()
    return [None if g in unplain else
            (kept_tokens[a:b], rows[a:b], columns[a:b])
            for g, (a, b) in enumerate(zip(bounds, bounds[1:]))]
