"""PGN out: strict headers (the seven-tag roster first), the game's own annotated movetext when
it has one, and its status, so that a game needing review never comes back valid."""
from __future__ import annotations

import os
import re

from records.chess.keys import INITIAL_KEY, STARTING_FEN
from records.core.model import ERROR, NORMAL_WRITERS, VALID, Ply, Record, normals, texts

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
ROSTER_DEFAULTS = {"Date": "????.??.??", "Result": "*"}
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
TAG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*$")
STATUS_TAG, DIAGNOSTICS_TAG = "HoyleStatus", "HoyleDiagnostics"
CORRECTION_TAG = "HoyleCorrection"   # what a person read otherwise (hoyle fix)
SUMMARY_LIMIT = 400  # characters of diagnostics carried in the status tag


def write(records: list[Record]) -> str:
    """Strict PGN: the seven-tag roster first, the source and status in tags, the book's
    notation in a comment after every move where it differs from the SAN."""
    return "".join(record_pgn(rec) + "\n" for rec in records)


def record_pgn(rec: Record) -> str:
    tags, result, fen = _export_tags(rec), _result_of(rec), _start_fen(rec)
    movetext = rec.data.get("movetext")
    if movetext:  # the game as printed, variations, comments and NAGs included
        return pgn_head(tags, result, fen) + "\n" + movetext + " " + result + "\n"
    tokens = _movetext(rec.plies, fen, _corrected_plies(rec))
    if any(d.severity == ERROR for d in rec.diagnostics):
        tokens += _unread_rest(rec)
    return pgn_head(tags, result, fen) + "\n" + _wrap(tokens + [result]) + "\n"


def _export_tags(rec: Record) -> dict:
    tags = {k: str(v) for k, v in rec.tags.items() if TAG_NAME.match(k) and not k.startswith("_")}
    tags.pop(STATUS_TAG, None)
    tags.pop(DIAGNOSTICS_TAG, None)
    tags.setdefault("Event", rec.title)
    if rec.source:
        tags["Source"] = os.path.basename(rec.source)
        tags["SourceLine"] = str(rec.line)
    corrections = rec.data.get("corrections")
    if corrections:
        tags[CORRECTION_TAG] = "; ".join(_correction_words(c) for c in corrections)
    status = rec.status or rec.settle_status()
    if status != VALID:
        tags[STATUS_TAG] = status
        summary = diagnostics_summary(rec)
        if summary:
            tags[DIAGNOSTICS_TAG] = summary
    return tags


def _correction_words(c: dict) -> str:
    read = f'"{c["reading"]}"' if c.get("reading") else "nothing"
    if c.get("how") == "book error":
        return f'{c["line"]}:{c["column"]} "{c["printed"]}" an error of the book ({c["by"]}, {c["at"]})'
    return f'{c["line"]}:{c["column"]} "{c["printed"]}" read as {read} ({c["by"]}, {c["at"]})'


def _corrected_plies(rec: Record) -> dict:
    """(line, column) -> the comment a corrected move gets."""
    return {(c["line"], c["column"]): f'HoyleCorrection: printed "{c["printed"]}", read as '
            f'"{c["reading"]}" by {c["by"]}' for c in rec.data.get("corrections", ())
            if c.get("how") == "read"}


def diagnostics_summary(rec: Record) -> str:
    """The record's errors and warnings in one line: "code line:column message; ..."."""
    parts = [f"{d.code} {d.line}:{d.column} {d.message}" for d in rec.diagnostics
             if d.severity != "info"]
    text = "; ".join(parts)
    return text if len(text) <= SUMMARY_LIMIT else text[:SUMMARY_LIMIT - 3] + "..."


def _unread_rest(rec: Record) -> list[str]:
    """What was printed after the last move read, as a comment, so a game cut short by an
    unreadable move is exported whole."""
    lines = rec.text.split("\n") if rec.text else []
    if rec.plies:
        last = rec.plies[-1]
        index = last.line - rec.line
        if not 0 <= index < len(lines) or last.column < 1:
            return []
        rest = [lines[index][last.column - 1 + len(last.text):]] + lines[index + 1:]
    else:
        rest = [ln for ln in lines if not ln.lstrip().startswith("[")]
    words = " ".join(" ".join(rest).split())
    for result in RESULTS:
        if words.endswith(result):
            words = words[:-len(result)].rstrip()
    words = words.replace("{", "(").replace("}", ")")
    return ["{unread: " + words + "}"] if words else []


def _start_fen(rec: Record) -> str | None:
    fen = rec.data.get("fen") or rec.data.get("start_fen") or rec.tags.get("FEN")
    if fen:
        return None if fen == STARTING_FEN else fen
    if rec.start_position and rec.start_position != INITIAL_KEY:
        from records.chess.moves import fen_of_key   # (python-chess, for set-up games only)
        return fen_of_key(rec.start_position)
    return None


def _result_of(rec: Record) -> str:
    result = rec.tags.get("Result", "*")
    return result if result in RESULTS else "*"


def _tag_line(name: str, value: str) -> str:
    if "\\" in value or '"' in value:
        value = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{value}"]\n'


def pgn_head(tags: dict, result: str = "*", start_fen: str | None = None) -> str:
    """The tag pairs: the seven-tag roster in order, then the rest."""
    tags = dict(tags)
    tags["Result"] = result if result in RESULTS else "*"
    if start_fen and start_fen != STARTING_FEN:
        tags["SetUp"], tags["FEN"] = "1", start_fen
    else:
        tags.pop("SetUp", None)
        tags.pop("FEN", None)
    head = [_tag_line(k, tags.get(k) or ROSTER_DEFAULTS.get(k, "?")) for k in SEVEN_TAG_ROSTER]
    head += [_tag_line(k, v) for k, v in tags.items() if k not in SEVEN_TAG_ROSTER]
    return "".join(head)


def normal_of(rec: Record) -> str:
    """A game's normal form (PGN) from its tags and plies, as the reader writes it."""
    return game_pgn(rec.tags, rec.plies, result=rec.tags.get("Result", "*"),
                    start_fen=rec.tags.get("FEN"))


NORMAL_WRITERS["chess"] = normal_of


def game_pgn(tags: dict, plies: list[Ply], result: str = "*", start_fen: str | None = None) -> str:
    """One game as PGN text (headers, blank line, movetext wrapped at 79 columns)."""
    result = result if result in RESULTS else "*"
    return (pgn_head(tags, result, start_fen) + "\n" +
            _wrap(_movetext(plies, start_fen) + [result]) + "\n")


def _movetext(plies: list[Ply], start_fen: str | None, notes: dict | None = None) -> list[str]:
    """Movetext tokens; a move number and its move stay together on one line (joined by a
    NUL until _wrap has cut the lines). notes: (line, column) -> a comment for that move."""
    number, white = 1, True
    if start_fen:
        fields = start_fen.split()
        white = len(fields) < 2 or fields[1] == "w"
        number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    sans = normals(plies)
    if white and not notes and sans == texts(plies):  # the common case, without a loop
        tokens = sans[:]
        tokens[0::2] = [f"{n}.\0{san}" for n, san in enumerate(sans[0::2], number)]
        return tokens
    tokens: list[str] = []
    if not white and plies:
        tokens.append(f"{number}...")
    for ply in plies:
        normal = ply.normal
        if white:
            tokens.append(f"{number}.\0{normal}")
        else:
            tokens.append(normal)
            number += 1
        note = notes.get((ply.line, ply.column)) if notes else None
        if note or (ply.text != normal and ply.text):
            comment = f"{ply.text} -- {note}" if note and ply.text != normal else note or ply.text
            tokens.append("{" + comment.replace("}", ")").replace(" ", "\0") + "}")
        white = not white
    return tokens


def _wrap(tokens: list[str], width: int = 79) -> str:
    """Lines of at most `width` characters, cut only between tokens."""
    text, lines = " ".join(tokens), []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut < 0:
            cut = text.find(" ", width)
            if cut < 0:
                break
        lines.append(text[:cut])
        text = text[cut + 1:]
    lines.append(text)
    return "\n".join(lines).replace("\0", " ")
