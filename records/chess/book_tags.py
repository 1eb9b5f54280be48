"""What a chess book says about its games besides the moves: players, events, dates, game
numbers, a table of contents, a FEN, a diagram or a position in words above the moves."""
from __future__ import annotations

import re
import string

from records.chess.diagrams import MEN_OF_A_SIDE, men_listed
from records.core.layout import roman_value

PLAYERS = re.compile(r"White:\s*(?P<white>.+?)\.?\s+Black:\s*(?P<black>.+?)\.?\s*$|"
                     r"WHITE\.?\s*\((?P<white2>[^)]+?)\.?\)\s+BLACK\.?\s*\((?P<black2>[^)]+?)\.?\)")
EVENT_LINE = re.compile(r"^\s*\((?P<event>[^()]+?),\s*(?P<year>1[5-9]\d\d)\)\s*$")
PLAYED_AT = re.compile(r"[Pp]layed (?:at|in) (?:the )?(?P<event>[^.]+?),?\s+(?P<year>1[5-9]\d\d)")
CONTENTS_GAME = re.compile(r"^\s*(?P<n>\d+)\.\s+(?P<white>[A-Z][\w'. ]+?)\s*-\s*(?P<black>[A-Z][\w'. ]+?)\s+\((?P<event>[^()]+?),\s*(?P<year>1[5-9]\d\d)\)")
GAME_NUMBER = re.compile(r"(?:GAME|Game)\s+(?:N[Oo]\.\s*)?(?P<n>\d+|[IVXLC]+\b)")
COMPARE = re.compile(r"^\s*(?P<name>[A-Z][A-Za-z' -]+?)\s*\((?:compare|see) p\.\s*\d+\)\.?\s*$")
AS_IN_GAME = re.compile(r"[Mm]oves?\s+1\s*(?:-|to)\s*(?P<last>\d+)\s+(?:are\s+)?as in\s+(?:GAME|Game)\s+"
                        r"(?:N[Oo]\.\s*)?(?P<game>\d+)")
FEN_LINE = re.compile(r'\[FEN\s+"([^"]+)"\]')
DIAGRAM = re.compile(r"\[Illustration|\b[Dd]iagram\b|\bDiag\. \d")


def _contents_games(lines: list[str]) -> dict[int, dict]:
    found = {}
    for line in lines[:400]:
        m = CONTENTS_GAME.match(line)
        if m:
            found[int(m.group("n"))] = {"White": m.group("white").strip(),
                                        "Black": m.group("black").strip(),
                                        "Event": m.group("event").strip(),
                                        "Date": f"{m.group('year')}.??.??"}
    return found


def _heading_by_players(players, contents: dict) -> str | None:
    def last(name):
        return name.strip(" .").split()[-1].lower() if name.strip(" .") else ""
    white = last(players.group("white") or players.group("white2"))
    black = last(players.group("black") or players.group("black2"))
    for number, game in contents.items():
        if last(game["White"]) == white and last(game["Black"]) == black:
            return f"GAME No. {number}"
    return None


def game_number(text: str) -> int:
    """'12' -> 12, 'XIV' -> 14 (older books number their games in Roman numerals)."""
    if text.isdigit():
        return int(text)
    return roman_value(text)


VERSUS = re.compile(r"(?P<white>[A-Z][\w'.\u00C0-\u017F-]*(?: [A-Z][\w'.\u00C0-\u017F-]*){0,3})\s+v(?:s)?\.\s+"
                    r"(?P<black>[A-Z][\w'\u00C0-\u017F-]*(?: [A-Z][\w'.\u00C0-\u017F-]*){0,3}?)"
                    r"(?:,\s*(?P<event>[A-Z][\w' ]{2,30}?),?\s+(?P<year>1[5-9]\d\d))?(?=\s*[.,;(]|\s*$)")


def _game_tags(heading: str, contents: dict) -> dict:
    tags = {}
    versus = VERSUS.search(heading)   # `Case 1. Réti v. Tartakower, Vienna 1910`
    if versus:
        tags["White"], tags["Black"] = versus.group("white"), versus.group("black").rstrip(".")
        if versus.group("event"):
            tags["Event"], tags["Date"] = versus.group("event").strip(), f"{versus.group('year')}.??.??"
    m = GAME_NUMBER.match(heading)
    if m:
        number = game_number(m.group("n"))
        tags["BookGame"] = str(number)
        tags.update(contents.get(number, {}))
        rest = heading[m.end():].strip(" .")
        if rest and not rest.lower().startswith("no"):
            tags["BookOpening"] = string.capwords(rest.lower())
    return tags


BETWEEN = re.compile(r"\bBetween\s+(?P<one>[A-Z][^,;]+?)\s+and\s+(?P<other>[A-Z][^,;]+?)\.?\s*$")


def _between(line: str) -> dict:
    """'GAME II.--Between Mr. Morphy and Mr. Harrwitz.': the two players, colours not said."""
    m = BETWEEN.search(line)
    return {"_between": (m.group("one").strip(), m.group("other").strip())} if m else {}


def _names_in_full(tags: dict) -> None:
    """Players printed by their initials over the columns (WHITE. (Mr. M.)) are named in full
    from the heading's "Between Mr. Morphy and Mr. Harrwitz" when the initials fit one name."""
    for side in ("White", "Black"):
        if side in tags and "_between" in tags:
            fits = [name for name in tags["_between"] if _abbreviates(tags[side], name)]
            if len(fits) == 1:
                tags[side] = fits[0]


def _abbreviates(short: str, name: str) -> bool:
    shorts, names = short.replace(".", " ").split(), name.replace(".", " ").split()
    return len(shorts) == len(names) and short != name and all(
        full.startswith(part) for part, full in zip(shorts, names))


def _prose_tags(line: str) -> dict:
    """The facts a line of prose states. Each pattern is tried only on a line holding the
    text it cannot match without (a book's prose lines are thousands, its facts a few)."""
    tags = {}
    m = PLAYERS.search(line) if "White:" in line or "WHITE" in line else None
    if m:
        tags["White"] = (m.group("white") or m.group("white2")).strip()
        tags["Black"] = (m.group("black") or m.group("black2")).strip()
    m = (EVENT_LINE.match(line) if "(" in line else None) or \
        (PLAYED_AT.search(line) if "layed " in line else None)
    if m:
        tags["Event"], tags["Date"] = m.group("event").strip(), f"{m.group('year')}.??.??"
    m = FEN_LINE.search(line) if "[FEN" in line else None
    if m:
        tags["_fen"] = m.group(1)
    m = AS_IN_GAME.search(line) if "as in" in line else None
    if m:
        tags["_as_in"] = (int(m.group("game")), int(m.group("last")))
    m = MEN_OF_A_SIDE.search(line) if ":" in line else None
    if m:
        tags[f"_men_{m.group('side').lower()}"] = men_listed(m.group("men"))
    m = COMPARE.match(line) if " p." in line else None
    if m:
        tags["BookOpening"] = m.group("name").strip()
    if ("iag" in line or "[Illustration" in line) and DIAGRAM.search(line):
        tags["_diagram"] = True
    return tags


HEAD_BREAK = re.compile(r"\s{2,}|\t|\|")
HEAD_CELL = re.compile(r"^\(?(?:WHITE|White|BLACK|Black)\.?\)?$")
NAME_CELL = re.compile(r"^\(?(?:[A-Z][\w'\u00C0-\u017F-]*\.?\s?){1,3}\)?$")


def column_players(above: str, line: str) -> dict:
    """Players named under `White.`/`Black.` column heads (repeated over each half of a table
    printed in halves): {"White": ..., "Black": ...}, or {} when the lines are not that."""
    if "hite" not in above and "HITE" not in above:   # a cheap look first: most lines are prose
        return {}
    heads = [c for c in HEAD_BREAK.split(above.strip()) if c.strip()]
    names = [c.strip() for c in HEAD_BREAK.split(line.strip()) if c.strip()]
    if len(heads) < 2 or len(heads) % 2 or len(names) != len(heads) \
            or not all(HEAD_CELL.match(h.strip()) for h in heads) \
            or not all(NAME_CELL.match(n) for n in names):
        return {}
    pairs = {(names[k].strip("().").strip(), names[k + 1].strip("().").strip())
             for k in range(0, len(names), 2)}
    if len(pairs) != 1 or heads[0].strip("(). ").lower() != "white":
        return {}
    white, black = pairs.pop()
    return {"White": white, "Black": black}
