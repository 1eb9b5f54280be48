"""A PDN game that breaks the grammar: an invalid record, kept as its text, with the fault
said where it is (an unclosed comment or variation where it opens, else where the grammar
stopped)."""
from __future__ import annotations

import os
import re

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from records.core.model import ERROR, INVALID, Record

KIND = "checkers"


def unreadable(text: str, path: str, exc: UnexpectedInput) -> Record:
    line, column = getattr(exc, "line", 0) or 0, getattr(exc, "column", 0) or 0
    message = _syntax_message(text, exc)
    unclosed = _unclosed(text)
    if unclosed:   # the cause, where it is, rather than where the grammar gave up
        mark, at = unclosed
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        what = "comment" if mark == "{" else "variation"
        message = (f"this {what} is never closed with '{'}' if mark == '{' else ')'}': the"
                   " game cannot be read (the games after it are)")
    rec = Record(kind=KIND, title=f"{os.path.basename(path)}: unreadable PDN", source=path,
                 line=line, end_line=text.count("\n") + 1, text=text, status=INVALID)
    rec.add(ERROR, "PDN-SYNTAX", message, line, column,
            "fix the text at this place; the file was not imported")
    return rec


def _unclosed(text: str) -> tuple[str, int] | None:
    """The first "{" never closed, or "(" never matched, outside tag values and comments."""
    opened: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "{":
            close = text.find("}", i)
            if close < 0:
                return "{", i
            i = close
        elif ch == '"':
            close = text.find('"', i + 1)
            i = close if close >= 0 else n
        elif ch == ";":
            close = text.find("\n", i)
            i = close if close >= 0 else n
        elif ch == "(":
            opened.append(i)
        elif ch == ")" and opened:
            opened.pop()
        i += 1
    return ("(", opened[0]) if opened else None


def _syntax_message(text: str, exc: UnexpectedInput) -> str:
    if isinstance(exc, UnexpectedEOF):
        return "the file ends in the middle of a game (an unclosed variation or tag?)"
    pos = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "TAG":
            return ("a tag pair '[' starts inside a game: the game before it is not ended by a "
                    "result (1-0, 0-1, 1/2-1/2, 2-0, 1-1, 0-2, 0-0) or '*'")
        return f"unexpected {token.value!r} here"
    word = text[pos:].split(None, 1)[0][:20] if pos is not None and text[pos:].strip() else ""
    if isinstance(exc, UnexpectedCharacters):
        if word.startswith("["):
            return (f"{word!r} does not start a tag pair of the form [Name \"value\"] "
                    "(on one line, the value in double quotes)")
        if word.startswith("}"):
            return "a '}' outside any comment (PDN comments do not nest)"
        if re.match(r"\d+\.", word):
            return f"move number {word!r} is not followed by a move"
        if re.match(r"[-x]", word) or word in ("-", "x"):
            return f"{word!r} is not a move (a move is two squares joined by '-' or 'x')"
        if re.match(r"\d+-\d+", word):
            return f"{word!r} is neither a move nor a PDN result"
    return f"{word!r} is not PDN here"
