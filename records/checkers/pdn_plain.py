"""PDN games in their plainest form read without the grammar: tag pairs, runs of moves with
their numbers, and results, nothing else. The tokens are cut by the grammar's own patterns
(grammars/pdn.lark: TAG, RESULT, "*", MOVES, and what it ignores between them), so they are
the tokens lark's lexer gives, with the same places; anything else in the file (a comment,
NAG, variation, setup, "%" line, a move strength, text that is none of these, or tokens in an
order the grammar refuses) makes plain_games say None and the grammar reads the file.
Loading lark and its tables costs a one-game import more than reading the game."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from records.core.resources import grammar


@cache
def _tokens() -> re.Pattern:
    """The grammar's own terminals (grammars/pdn.lark) that a plain game holds, read from it
    (so the two cannot drift apart), tried in its priority order; and what it ignores."""
    text = grammar("pdn")
    terminal = dict(re.findall(r"^(\w+)(?:\.\d+)?: /(.*)/$", text, re.MULTILINE))
    space = re.search(r"^%ignore /(\[.*\]\+)/$", text, re.MULTILINE).group(1)
    return re.compile(f"(?P<SPACE>{space})|(?P<TAG>{terminal['TAG']})|"
                      f"(?P<RESULT>{terminal['RESULT']})|(?P<ASTERISK>\\*)|"
                      f"(?P<MOVES>{terminal['MOVES']})")


@dataclass(slots=True)
class PlainToken:
    """What the reader asks of a lark Token: its kind, text and place (1-based line and
    column, offsets into the text, the line it ends on)."""
    type: str
    value: str
    line: int
    column: int
    start_pos: int
    end_pos: int
    end_line: int


@dataclass(slots=True)
class PlainGame:
    tags: list[PlainToken]
    moves: list[PlainToken]       # MOVES tokens, each a run of moves
    result: PlainToken | None     # the separator after the game (None: the file ends)


def plain_games(text: str) -> list[PlainGame] | None:
    """The file's games, when every token is a tag pair, a run of moves or a result in the
    order the grammar takes them (a game: tag pairs then moves, or moves alone; a result
    after each but perhaps the last); else None."""
    games: list[PlainGame] = []
    game: PlainGame | None = None
    tokens, line, line_start, pos, end = _tokens(), 1, 0, 0, len(text)
    while pos < end:
        found = tokens.match(text, pos)
        if found is None:
            return None
        kind, value = found.lastgroup, found.group()
        if kind != "SPACE":
            token = PlainToken(kind, value, line, pos - line_start + 1, pos, found.end(),
                               line + value.count("\n"))
            if kind == "TAG":
                if game is not None and game.moves:
                    return None   # a tag inside a game (no result before it)
                game = game or PlainGame([], [], None)
                game.tags.append(token)
            elif kind == "MOVES":
                game = game or PlainGame([], [], None)
                game.moves.append(token)
            else:   # a result or "*" ends the game before it
                if game is None:
                    return None
                game.result = token
                games.append(game)
                game = None
        breaks = value.count("\n")
        if breaks:
            line += breaks
            line_start = pos + value.rfind("\n") + 1
        pos = found.end()
    if game is not None:
        games.append(game)
    return games
