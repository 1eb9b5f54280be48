"""PDN out. A game read from PDN is written back without loss: its own tags exactly as read,
its movetext as printed (comments, NAGs, move strengths, variations, result); a game from a
book as numbered moves. What hoyle adds (its opening name and ballot, the title, provenance,
the status and diagnostics of a record that is not valid) goes in tags of its own
(records.core.interchange). The normal form (strict_game) is strict PDN: the seven-tag
roster, GameType, the setup, numbered moves with the annotations kept from reading."""
from __future__ import annotations

import re

from records.checkers import engine as ck
from records.core import interchange
from records.core.model import ERROR, Record

ENGLISH = "21"
RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")
# What a result says, whatever its scoring. PDN 3.0 gives English draughts (GameType 21) the
# default results 1-0, 0-1, 1/2-1/2, and international draughts 2-0, 0-2, 1-1; in both the
# first score is the first player's: Black's in English draughts (the American Checker
# Federation archive's 1-0 games end mostly on Black's move, Black ahead).
FIRST, SECOND, DRAW, BOTH_LOST = "first", "second", "draw", "both lost"
OUTCOMES = {"1-0": FIRST, "2-0": FIRST, "0-1": SECOND, "0-2": SECOND, "1/2-1/2": DRAW,
            "1-1": DRAW, "0-0": BOTH_LOST}
# a book's verdict (the side that wins, or a draw) as hoyle writes it: PDN's English results
VERDICT_RESULTS = {ck.BLACK: "1-0", ck.WHITE: "0-1", "draw": "1/2-1/2"}


def outcome(result: str) -> str | None:
    """first, second, draw or both lost: what the result says (None: unfinished, unknown)."""
    return OUTCOMES.get(result.replace(" ", "").replace("\u00bd", "1/2"))


def same_result(one: str, other: str) -> bool:
    """Whether two results say the same (1-1 and 1/2-1/2 are both a draw)."""
    said = outcome(one)
    return said == outcome(other) if said else one.strip() == other.strip()


def equivalents(result: str) -> list[str]:
    """The ways of writing what the result says (for a search by result)."""
    said = outcome(result)
    return [r for r, o in OUTCOMES.items() if o == said] if said else [result.strip()]


SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def compact(move_text: str) -> str:
    return re.sub(r"\s+", "", move_text)


# -- annotations kept for writing -------------------------------------------------------
def movetext_data(moves: list, leading: list) -> dict:
    def line(items):
        out = []
        for m in items:
            entry = {"m": m.normal or compact(m.text)}
            for key, value in (("s", m.strength), ("n", m.nags), ("c", m.comments)):
                if value:
                    entry[key] = value
            if m.variations:
                entry["v"] = [line(sub) for sub, _ in m.variations]
            out.append(entry)
        return out
    return {"lead": [c for c in leading if isinstance(c, str)], "moves": line(moves)}


# -- writing ----------------------------------------------------------------------------
TAG_PAIRS = re.compile(r'(?:\s*\[\s*[A-Za-z][A-Za-z0-9_]*\s*"(?:\\.|[^"\\])*"\s*\])*\s*')
UNREAD_TAG = "HoyleUnread"


def write_game(rec: Record) -> str:
    """One game: its own tags, hoyle's tags, a blank line, the movetext."""
    own = interchange.own_tags(rec.tags)
    extra = {}
    if "terminator" in rec.data:   # read from PDN: written as printed
        movetext = printed_movetext(rec)
    else:
        start = rec.start_position
        if start and start != ck.to_fen(ck.initial()) and "FEN" not in own:
            own.setdefault("SetUp", "1")
            own["FEN"] = start
        words, unread = _book_words(rec)
        movetext = _wrap(words)
        if not rec.plies and rec.text and any(d.severity == ERROR for d in rec.diagnostics):
            unread = rec.text   # a game that did not read at all
        if unread:
            extra[UNREAD_TAG] = " ".join(unread.split())
    tags = own | extra | interchange.hoyle_tags(rec, title_of(own))
    head = "\n".join(f'[{k} "{_quote(interchange.one_line(v))}"]' for k, v in tags.items())
    return head + "\n\n" + movetext + "\n"


def printed_movetext(rec: Record) -> str:
    """The game's text after its tags, as printed; its result when it prints none."""
    text = rec.text.replace("\r\n", "\n").replace("\r", "\n")
    body = text[TAG_PAIRS.match(text).end():].rstrip()
    if not rec.data.get("terminator"):
        body = (body + " " if body else "") + _result_of(rec.tags)
    return body


def _result_of(tags: dict) -> str:
    result = tags.get("Result", "*")
    return result if result in RESULTS else "*"


def _book_words(rec: Record) -> tuple[list[str], str]:
    """A book's game as numbered moves, and the moves printed after the first that does not
    replay (strict PDN holds only legal moves: hoyle keeps those in a tag of its own)."""
    normals = [p.normal for p in rec.plies]
    black_first = not rec.start_position or rec.start_position.startswith("B")
    stop = next((i for i, p in enumerate(rec.plies) if not p.position), len(normals))
    words = _numbered(normals[:stop], black_first, 0)
    unread = " ".join(p.text for p in rec.plies[stop:])
    return words + [_result_of(rec.tags) if not unread else "*"], unread


def strict_game(rec: Record) -> str:
    """A record as strict PDN: the seven-tag roster, GameType, setup, numbered moves."""
    tags = interchange.own_tags(rec.tags)
    english = rec.data.get("gametype", ENGLISH) == ENGLISH
    out_tags = {name: tags.get(name, "?" if name != "Result" else "*")
                for name in SEVEN_TAG_ROSTER}
    out_tags["GameType"] = tags.get("GameType", ENGLISH if english else rec.data.get("gametype"))
    start = rec.start_position
    initial = ck.to_fen(ck.initial())
    if start and start != initial:
        out_tags["SetUp"] = "1"
        out_tags["FEN"] = start
    for key, value in tags.items():
        if key not in out_tags:
            out_tags[key] = value
    lines = [f'[{k} "{_quote(str(v))}"]' for k, v in out_tags.items()]
    result = out_tags["Result"] if out_tags["Result"] in RESULTS else "*"
    black_first = not start or start.startswith("B")
    normals = [p.normal for p in rec.plies]
    replayed = [p.normal for p in rec.plies if p.position]
    movetext = rec.data.get("movetext")
    if english and len(replayed) < len(normals):
        # strict PDN holds only legal moves: the part that does not replay becomes a comment
        stop = next(i for i, p in enumerate(rec.plies) if not p.position)
        words = _numbered(normals[:stop], black_first, 0)
        rest = " ".join(p.text for p in rec.plies[stop:])
        words.append(f"{{not replayed from here: {rest.replace('}', ')')}}}")
        result = "*"
    elif movetext and len(movetext["moves"]) == len(normals):
        words = _annotated_words(movetext, normals, black_first)
    else:
        words = _numbered(normals, black_first, 0)
    words.append(result)
    return "\n".join(lines) + "\n\n" + _wrap(words) + "\n"


def title_of(tags: dict) -> str:
    """A game's title from its tags: the players, the event and round."""
    players = [tags.get(side, "") for side in ("White", "Black")]
    known = [p for p in players if p and p not in ("?", "-")]
    event = tags.get("Event", "")
    where = event if event not in ("", "?") else ""
    if tags.get("Round", "") not in ("", "?", "-"):
        where = f"{where}, round {tags['Round']}" if where else f"round {tags['Round']}"
    if len(known) == 2:
        return f"{players[0]} v {players[1]}" + (f" ({where})" if where else "")
    return where or "PDN game"


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _numbered(normals: list[str], black_first: bool, offset: int) -> list[str]:
    words = []
    for i, move in enumerate(normals):
        ply = offset + i + (0 if black_first else 1)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        elif i == 0:
            words.append(f"{ply // 2 + 1}...")
        words.append(move)
    return words


def _annotated_words(movetext: dict, normals: list[str], black_first: bool) -> list[str]:
    words = [f"{{{c}}}" for c in movetext.get("lead", [])]

    def emit(items, offset, mains):
        interrupted = True   # a White move after a comment or variation restates its number
        for i, item in enumerate(items):
            ply = offset + i + (0 if black_first else 1)
            if ply % 2 == 0:
                words.append(f"{ply // 2 + 1}.")
            elif interrupted:
                words.append(f"{ply // 2 + 1}...")
            words.append((mains[i] if mains else item["m"]) + item.get("s", ""))
            words.extend(item.get("n", []))
            words.extend(f"{{{c}}}" for c in item.get("c", []))
            interrupted = bool(item.get("c") or item.get("v"))
            for sub in item.get("v", []):
                words.append("(")
                emit(sub, offset + i, None)
                words.append(")")
    emit(movetext["moves"], 0, normals)
    return words


def _wrap(words: list[str], width: int = 79) -> str:
    lines, current = [], ""
    for word in words:
        if word == ")" or (current.endswith("(")):
            current += word
        elif current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return "\n".join(lines)


def write(records: list[Record]) -> str:
    return "\n".join(write_game(rec) for rec in records)


def normal_of(rec: Record) -> str:
    return strict_game(rec)
