"""The main lines of a batch of games at once (numpy): every game's movetext cut into its
main-line tokens with their lines and columns, and what else it holds (comments, NAGs,
variations, the result), over the batch's text in one pass of array operations.

Comments, NAGs and variations are blanked out (each character a space, so lines and columns
stay where they were) and the rest cut at spaces; a game is read here exactly as the line
tokenizers (pgn_text.plain and pgn_text.scan) read it, or left to them (None) when it holds
anything they judge otherwise: a number run into its move, a brace inside a comment or a
comment left open, ";" and "%" comments, a stray ")" or "$", a result before the last move,
text that is not ASCII.
"""
from __future__ import annotations

import numpy as np

from records.chess.pgn_text import PLAIN_BREAKERS, RESULTS, Movetext, plain, plain_joined

SPACE = 32
IS_SPACE = np.zeros(256, dtype=bool)
IS_SPACE[[9, 10, 11, 12, 13, 28, 29, 30, 31, 32]] = True   # what str.split() splits at (ASCII)
IS_BREAKER = np.zeros(256, dtype=bool)
IS_BREAKER[[c for c in range(128) if PLAIN_BREAKERS.match(chr(c))]] = True
LEFT_TO_LINES = np.zeros(256, dtype=bool)   # outside comments: the line tokenizers decide
LEFT_TO_LINES[[ord(c) for c in ";%}"]] = True
NAG_DIGITS = 3   # $0 to $255


class _Batch:
    """The batch's text as bytes, its line ends, and which game each line and character
    belongs to."""

    def __init__(self, spans: list, texts: list[str]):
        self.text = "".join(texts)
        self.chars = np.frombuffer(self.text.encode("ascii"), dtype=np.uint8)
        chars = self.chars
        self.is_break = (chars == 10) | ((chars == 13) & np.append(chars[1:] != 10, True))
        self.breaks = np.flatnonzero(self.is_break)
        self.lines_before = np.cumsum(self.is_break, dtype=np.int32)
        counts = np.array([max(stop - start, 0) for _, start, stop in spans], dtype=np.intp)
        self.game_of_line = np.repeat(np.arange(len(spans)), counts)  # (each text ends a line)
        self.file_line = np.arange(len(self.breaks)) + np.repeat(
            np.array([start for _, start, _ in spans], dtype=np.intp) -
            (np.cumsum(counts) - counts), counts)
        self.lengths = np.array([len(t) for t in texts], dtype=np.intp)
        self.ends = np.cumsum(self.lengths)   # where each game's text ends
        self.left: set[int] = set()   # games the line tokenizers read

    def game_of(self, at: np.ndarray) -> np.ndarray:
        """The game of each position (a line end is its line's)."""
        return self.game_of_line[self.lines_before[at] - self.is_break[at]]

    def leave(self, at: np.ndarray) -> None:
        """The games of these positions go to the line tokenizers."""
        if len(at):
            self.left.update(self.game_of(at).tolist())


def main_lines(lines: list[str], spans: list, movetexts: list[str] | None = None) -> list:
    """For every game at spans (first, movetext, stop): None when the line tokenizers must
    read it, else (its main line's tokens but the move numbers, joined by single spaces;
    their lines; their columns; None for plain movetext, else a Movetext with the comments,
    NAGs and variations pgn_text.scan finds, its moves and result left out)."""
    if movetexts is None:
        movetexts = ["".join(lines[start:stop]) for _, start, stop in spans]
    plain = _compiled_plain(movetexts, spans)
    if plain is not None:
        return plain
    texts = [text if not text or text.endswith(("\n", "\r")) else text + "\n"
             for text in movetexts]   # (an empty movetext has no line)
    if not all(map(str.isascii, texts)):
        return [_by_lines(lines, start, stop) for _, start, stop in spans]
    batch = _Batch(spans, texts)
    chars = batch.chars
    annotated = set(batch.game_of(np.flatnonzero(IS_BREAKER[chars])).tolist())
    notes = {game: Movetext() for game in annotated}
    if annotated:
        chars = _blanked(batch, notes)
    found = _tokens(batch, chars, len(spans))
    return [None if g in batch.left else (*found[g], notes.get(g)) for g in range(len(spans))]


def _compiled_plain(movetexts: list[str], spans: list) -> list | None:
    """main_lines of a batch with no comment, NAG, variation or escape, all ASCII, by the C
    half (records/chess/_chunk.c) where it was built; None for numpy to read the batch."""
    from records.chess.pgn_boards import compiled_half
    half = compiled_half()
    found = half and half.plain_lines(movetexts, [movetext for _, movetext, _ in spans])
    if not found:
        return None
    joined, rows, columns, at = found
    rows, columns = np.frombuffer(rows, dtype=np.int32), np.frombuffer(columns, dtype=np.int32)
    return [None if text is None else (text, rows[at[g]:at[g + 1]], columns[at[g]:at[g + 1]],
                                       None) for g, text in enumerate(joined)]


def _by_lines(lines: list[str], start: int, stop: int):
    found = plain_joined(plain(lines, start, stop))
    return found and (*found, None)


def _tokens(batch: _Batch, chars: np.ndarray, games: int) -> list:
    """(joined tokens, lines, columns) of every game's main line, move numbers dropped."""
    space = IS_SPACE[chars]
    starts = np.flatnonzero(~space & np.concatenate(([True], space[:-1])))
    ends = np.flatnonzero(~space & np.concatenate((space[1:], [True]))) + 1
    line_of = batch.lines_before[starts]       # lines of the batch's text before the token
    line_start = np.where(line_of > 0, batch.breaks[np.maximum(line_of - 1, 0)] + 1, 0)
    first, last = chars[starts], chars[ends - 1]
    digit = (first >= 48) & (first <= 57)
    number = digit & (last == 46)
    game_of = batch.game_of_line[line_of]
    _results(batch, starts, ends, game_of, (digit & ~number) | (first == 42))
    kept = np.flatnonzero(~number)
    joined, at = _spaced(chars, starts[kept], ends[kept])
    rows = (batch.file_line[line_of[kept]] + 1).astype(np.int32)   # (kept as arrays: a
    columns = (starts[kept] - line_start[kept] + 1).astype(np.int32)   # game's plies are columns)
    bounds = np.searchsorted(game_of[kept], np.arange(games + 1))
    places = at[bounds].tolist()
    bounds = bounds.tolist()
    return [(joined[places[g]:max(places[g + 1] - 1, places[g])], rows[a:b], columns[a:b])
            for g, (a, b) in enumerate(zip(bounds, bounds[1:]))]


def _results(batch: _Batch, starts, ends, game_of, candidates) -> None:
    """Tokens starting with a digit that are not move numbers must be results (or 0-0
    castling, which python-chess and the compiled reader accept), and a result must end its
    game's main line; other games go to the line tokenizers ("1.e4" run together, say)."""
    last_of_game = np.append(game_of[1:] != game_of[:-1], True)
    text = batch.text
    for i in np.flatnonzero(candidates).tolist():
        token = text[starts[i]:ends[i]]
        if token in RESULTS:
            if not last_of_game[i]:
                batch.left.add(int(game_of[i]))
        elif not token.startswith("0-0"):
            batch.left.add(int(game_of[i]))


def _blanked(batch: _Batch, notes: dict[int, Movetext]) -> np.ndarray:
    """The batch's characters with comments, NAGs and variations made spaces; the annotated
    games' notes (comments, NAGs, variations) filled in."""
    chars = batch.chars.copy()
    outside, comments = _comments(batch)
    batch.leave(np.flatnonzero(outside & LEFT_TO_LINES[chars]))
    depth = _depth(batch, chars, outside)
    main = outside & (depth == 0) & (chars != 41)
    opens, closes = comments
    kept = np.flatnonzero(depth[opens] == 0)
    text = batch.text
    for game, start, end in zip(batch.game_of(opens[kept]).tolist(), opens[kept].tolist(),
                                closes[kept].tolist()):
        notes[game].comments.append(text[start + 1:end].strip())
    variations = batch.game_of(np.flatnonzero(outside & (chars == 40) & (depth == 1)))
    nags = _nags(batch, chars, main)
    chars[~main] = SPACE
    for games, field in ((variations, "variations"), (nags, "nags")):
        for game, n in zip(*np.unique(games, return_counts=True)):
            setattr(notes[int(game)], field, int(n))
    return chars


def _comments(batch: _Batch) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """Where no brace comment is (a comment's braces are in it); and each comment's opening
    and closing brace. A comment left open ends its game's text; it, and a brace opened
    inside a comment, leave the game to the line tokenizers."""
    chars = batch.chars
    opens, closes = np.flatnonzero(chars == 123), np.flatnonzero(chars == 125)
    outside = np.ones(len(chars), dtype=bool)
    if not len(opens):
        return outside, (opens, opens)
    after = np.searchsorted(closes, opens)
    game_end = batch.ends[np.searchsorted(batch.ends, opens, side="right")] - 1
    close = np.append(closes, len(chars))[after]
    unclosed = close > game_end
    close = np.minimum(close, game_end)
    nested = np.append(close[:-1] > opens[1:], False)   # the next brace is inside this comment
    batch.leave(opens[unclosed | nested])
    size = len(chars) + 1
    delta = np.bincount(opens, minlength=size) - np.bincount(close + 1, minlength=size)
    outside &= np.cumsum(delta[:-1]) == 0
    return outside, (opens, close)


def _depth(batch: _Batch, chars: np.ndarray, outside: np.ndarray) -> np.ndarray:
    """How deep in variations each character is, within its game ("(" counted in the
    variation it opens, ")" in the line it returns to); a game with a stray ")" or a
    variation left open goes to the line tokenizers."""
    step = (outside & (chars == 40)).astype(np.int32) - (outside & (chars == 41))
    depth = np.cumsum(step, dtype=np.int32)
    before = np.concatenate(([0], depth[batch.ends[:-1] - 1])) if len(batch.ends) else depth[:0]
    depth -= np.repeat(before, batch.lengths)
    ends = batch.ends[batch.lengths > 0] - 1
    batch.leave(np.concatenate((np.flatnonzero(depth < 0), ends[depth[ends] != 0])))
    return depth


def _nags(batch: _Batch, chars: np.ndarray, main: np.ndarray) -> np.ndarray:
    """The game of each NAG on the main line ("$14", or a run of "!" and "?"); its
    characters are taken out of the main line."""
    marks = main & ((chars == 33) | (chars == 63))
    runs = np.flatnonzero(marks & ~np.concatenate(([False], marks[:-1])))
    dollars = np.flatnonzero(main & (chars == 36))
    main &= ~marks
    main[dollars] = False
    digits = np.append((chars >= 48) & (chars <= 57), False)   # (past the end: no digit)
    batch.leave(dollars[~digits[dollars + 1]])
    left = dollars
    for k in range(1, NAG_DIGITS + 2):
        left = left[digits[left + k]]
        if k > NAG_DIGITS:
            batch.leave(left)   # more digits than a NAG has
        else:
            main[left + k] = False
    return batch.game_of(np.concatenate((runs, dollars)))


def _spaced(chars: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[str, np.ndarray]:
    """The tokens at starts..ends, each followed by one space, as one string; and where each
    token (and, last, the end) is in it."""
    widths = ends - starts + 1
    at = np.concatenate(([0], np.cumsum(widths)))
    picked = chars[np.repeat(starts - at[:-1], widths) + np.arange(at[-1])]
    picked[at[1:] - 1] = 32
    return picked.tobytes().decode("ascii"), at
