"""The checkers family: boards drawn as text and SVG, PDN and JSON export, search by moves,
position, result, variant and ballot, and the object the registry hands out.
"""
from __future__ import annotations

import re
import sys

from records.checkers.engine import (
    _AT,
    BLACK,
    FenError,
    Position,
    find_moves,
    from_fen,
    initial,
    parse_move_text,
    pieces,
    play,
    to_fen,
)
from records.core.family import FamilyBase

# -- the family API (records/games/__init__.py) --------------------------------------
EXPORT_FORMATS = ("pdn", "json")


def _record_position(record, ply: int | None) -> tuple[Position | None, int]:
    """The position after ply N (None or past the end: the last replayed one)."""
    if str(record.data.get("gametype", "21")) != "21":
        return None, 0   # another variant: stored, never played on this 8x8 board
    plies = [p for p in record.plies if p.position]
    if ply is not None and ply <= 0 or not plies:
        start = record.start_position or to_fen(initial())
        try:
            return from_fen(start), 0
        except FenError:
            return None, 0
    chosen = plies[-1] if ply is None else next(
        (p for p in reversed(plies) if p.index <= ply), plies[0])
    return from_fen(chosen.position), chosen.index


_GLYPH = {"b": "⛂", "B": "⛃", "w": "⛀", "W": "⛁"}


def board_text(pos: Position) -> str:
    """The board as Unicode, Black's side (squares 1-4) at the top, square numbers on empties."""
    where = pieces(pos)
    rows = []
    for row in range(8):
        cells = []
        for col in range(8):
            square = _AT.get((row, col))
            if square is None:
                cells.append("   ")
            elif square in where:
                cells.append(f" {_GLYPH[where[square]]} ")
            else:
                cells.append(f"{square:>2} ")
        rows.append("│" + "".join(cells) + "│")
    border = "─" * 24
    side = "Black" if pos.turn == BLACK else "White"
    legend = "⛂ Black  ⛃ Black king  ⛀ White  ⛁ White king"
    return "\n".join([f"┌{border}┐", *rows, f"└{border}┘", legend,
                      f"{side} to move   {to_fen(pos)}"])


def render_text(record, ply: int | None = None) -> str:
    pos, index = _record_position(record, ply)
    if pos is None:
        return f"{record.title}: no position to show ({_why_no_board(record)})"
    head = f"{record.title} — after ply {index}" if index else f"{record.title} — start"
    moves = " ".join(p.normal for p in record.plies[:index]) if index else ""
    return "\n".join(filter(None, [head, moves, board_text(pos)]))


def _why_no_board(record) -> str:
    variant = record.data.get("variant")
    if variant:
        return f"{variant} is stored, not replayed"
    return "the start position is not an English draughts setup"


def render_svg(record, ply: int | None = None, size: int = 400) -> str:
    pos, index = _record_position(record, ply)
    if pos is None:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="40">'
                f'<text x="4" y="24" font-size="13">{_xml(record.title)}: no board '
                f'({_xml(_why_no_board(record))})</text></svg>')
    cell = size / 8
    where = pieces(pos)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + 40}" '
             f'viewBox="0 0 {size} {size + 40}">',
             f'<rect width="{size}" height="{size}" fill="#f0d9b5"/>']
    for (row, col), square in _AT.items():
        x, y = col * cell, row * cell
        parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#7a9a5a"/>')
        parts.append(f'<text x="{x + 3}" y="{y + 12}" font-size="10" fill="#e8f0e0">{square}</text>')
        piece = where.get(square)
        if piece:
            fill, stroke = ("#202020", "#808080") if piece in "bB" else ("#f8f8f0", "#404040")
            cx, cy = x + cell / 2, y + cell / 2
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.38}" fill="{fill}" '
                         f'stroke="{stroke}" stroke-width="2"/>')
            if piece in "BW":
                parts.append(f'<text x="{cx}" y="{cy + 6}" font-size="{cell * 0.4}" '
                             f'text-anchor="middle" fill="#d4a017">K</text>')
    title = record.title if len(record.title) <= 60 else record.title[:59] + "…"
    where = f"after ply {index}" if index else "start"
    side = "Black" if pos.turn == BLACK else "White"
    parts.append(f'<text x="4" y="{size + 16}" font-size="12">{_xml(title)}</text>')
    parts.append(f'<text x="4" y="{size + 32}" font-size="12">{where}, {side} to move</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def export(records, fmt: str) -> str:
    if fmt == "pdn":
        from records.checkers.pdn import write
        return write(list(records))
    if fmt == "json":
        import json
        return json.dumps([_json_record(r) for r in records], ensure_ascii=False, indent=1) + "\n"
    raise ValueError(f"checkers records export as {', '.join(EXPORT_FORMATS)}, not {fmt!r}")


def _json_record(rec) -> dict:
    return rec.to_dict() | {"start_position": rec.start_position or to_fen(initial()),
                            "plies": [{"ply": p.index, "text": p.text, "move": p.normal,
                                       "line": p.line, "column": p.column,
                                       "position": p.position} for p in rec.plies]}


def position_key(text: str) -> str | None:
    """A PDN FEN as the archive keys positions (Ply.position); None if it is no 8x8 FEN."""
    try:
        return to_fen(from_fen(text))
    except (FenError, IndexError):
        return None


def move_prefixes(text: str) -> list[list[str]]:
    """Moves typed by a user ('11-15 23-19', '11 15 23 19', '15-22' for a jump) as the
    normalised prefixes they may mean: every reading that replays from the initial position,
    or, when none does (a 10x10 game), the moves as written."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w and not re.fullmatch(r"\d+\.+", w)]
    if words and all(re.fullmatch(r"\d{1,2}", w) for w in words) and len(words) % 2 == 0:
        words = [f"{a}-{b}" for a, b in zip(words[::2], words[1::2])]
    if not words or any(parse_move_text(w) is None for w in words):
        return []
    readings = [([], initial())]
    for word in words:
        path = parse_move_text(word)[0]
        readings = [(done + [str(move)], play(pos, move))
                    for done, pos in readings for move in find_moves(pos, path)]
        if not readings:
            # not an English opening: other variants keep their moves as written
            return [[re.sub(r"\s+", "", w) for w in words]]
    return [done for done, _ in readings]


_VARIANT_WORDS = {"english": "21", "checkers": "21", "international": "20", "italian": "22",
                  "russian": "25", "brazilian": "26", "czech": "29", "frisian": "40"}


def matches(rec, filters: dict) -> bool:
    """Family filters: result (what the Result tag says: 1-0 or 2-0 the first player's win,
    Black's in English draughts; 1/2-1/2 or 1-1 a draw), variant (english, international, a
    GameType number ...), score (a 3-move ballot number); other filters do not apply."""
    if any(filters.get(k) for k in ("holding", "contract", "trumps", "cards")):
        return False
    from records.checkers.pdn_write import equivalents
    result = filters.get("result")
    if result and rec.tags.get("Result", "") not in equivalents(result):
        return False
    variant = (filters.get("variant") or "").strip().lower()
    if variant:
        gametype = str(rec.data.get("gametype", "21"))
        wanted = _VARIANT_WORDS.get(variant.split()[0], variant)
        if gametype != wanted and variant not in rec.data.get("variant", "").lower():
            return False
    ballot = filters.get("score")
    return not ballot or ballot_of(rec.tags) == str(ballot).strip()


def ballot_of(tags: dict) -> str:
    """The game's 3-move ballot: hoyle's, else the one its tags give."""
    return tags.get("HoyleBallot") or tags.get("Ballot", "")


def filter_errors(filters: dict) -> dict[str, str | None]:
    """score: a 3-move ballot's number."""
    score = filters.get("score")
    if score in (None, ""):
        return {}
    return {"score": None if str(score).strip().isdigit() else "not a ballot number"}


def filter_sql(filters: dict) -> list[tuple[str, list]] | None:
    """matches as SQL, but for variant (its words and GameType numbers stay in matches)."""
    if any(filters.get(k) for k in ("holding", "contract", "trumps", "cards")):
        return [("0", [])]
    if filters.get("variant"):
        return None
    out = []
    if filters.get("result"):   # what the result says: 1-0 finds 2-0, 1/2-1/2 finds 1-1
        from records.checkers.pdn_write import equivalents
        same = equivalents(filters["result"])
        out.append((f"json_extract(r.tags, '$.Result') IN ({', '.join('?' * len(same))})",
                    same))
    if filters.get("score"):
        out.append(("coalesce(json_extract(r.tags, '$.HoyleBallot'), json_extract(r.tags,"
                    " '$.Ballot')) = ?", [str(filters["score"]).strip()]))
    return out


def showcase(archive, console) -> None:
    """hoyle demo: a checkers game on the board, and searches by name, moves and position."""
    games = archive.search(kind="checkers", full=True)
    if not games:
        return
    rec = next((r for r in games if r.tags.get("HoyleOpening") and r.status == "valid"),
               games[0])
    console.print(f"[bold]checkers[/bold]: #{rec.id} {rec.title} ({rec.status}), "
                  f"{len(rec.plies)} plies, opening {rec.tags.get('HoyleOpening', '?')}, "
                  f"3-move ballot {ballot_of(rec.tags) or '?'}; after ply 6:")
    console.print(render_text(rec, 6), markup=False)
    name = rec.tags.get("HoyleOpening", "")
    by_name = archive.search(kind="checkers", name=name) if name else []
    console.print(f"search --kind checkers --name {name!r}: "
                  f"{', '.join(f'#{r.id}' for r in by_name) or 'nothing'}")
    moves = " ".join(p.normal for p in rec.plies[:2])
    by_moves = [r for prefix in move_prefixes(moves)
                for r in archive.search(kind="checkers", move_prefix=prefix)]
    console.print(f"search --kind checkers --moves {moves!r}: "
                  f"{', '.join(f'#{r.id}' for r in by_moves) or 'nothing'}")
    key = rec.plies[5].position if len(rec.plies) > 5 else ""
    if key:
        found = archive.search(kind="checkers", positions=[key])
        console.print(f"search --position {key!r}: {', '.join(f'#{r.id}' for r in found)}")


def faults(record) -> list:
    """What needs a person's decision, with candidate readings (correction.py)."""
    from records.checkers.correction import faults as found
    return found(record)


def correct(record, corrections: list):
    """The record replayed with a person's readings (correction.py)."""
    from records.checkers.correction import correct as replayed
    return replayed(record, corrections)


class Checkers(FamilyBase):
    kind = "checkers"
    export_formats = EXPORT_FORMATS
    signature_tags = ("GameType",)
    file_reader = "records.checkers.pdn:read"
    book_scanner = "records.checkers.scan:scan_book"


CHECKERS = Checkers(api=sys.modules[__name__])
