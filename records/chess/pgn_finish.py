"""What both PGN readers (the bulk reader and python-chess's) do once a game's moves are known:
its title, opening, notes, result checks and status. Kept apart from pgn_visitor so that a
file the bulk reader reads whole never imports python-chess's PGN module (and asyncio with it).
"""
from __future__ import annotations

from records.chess import pgn_text
from records.chess.keys import INITIAL_KEY
from records.chess.openings import classify_keys
from records.chess.pgn_write import (
    DIAGNOSTICS_TAG,
    RESULTS,
    SEVEN_TAG_ROSTER,
    STATUS_TAG,
    game_pgn,
)
from records.core.model import (
    CORRECTED,
    CORRECTION_CODE,
    ERROR,
    INFO,
    INVALID,
    NEEDS_REVIEW,
    WARNING,
    Record,
    normals,
)

def title_of(tags: dict, number: int) -> str:
    white, black, event = _known(tags, "White"), _known(tags, "Black"), _known(tags, "Event")
    date = (_known(tags, "Date") or "").replace(".??", "")
    if white and black:
        where = " ".join(x for x in (event, date) if x)
        return f"{white} - {black}" + (f", {where}" if where else "")
    if event:
        return f"{event} {date}".strip()
    return f"Game {number}"


def _known(tags: dict, name: str) -> str | None:
    """A tag's value, unless it is empty or unknown ("?", "????.??.??", "-")."""
    value = tags.get(name)
    return value if value and value.strip("?.- ") else None


def finish(rec: Record, keys: list[str], notes: pgn_text.Movetext, lines: list[str],
           start: int, stop: int, stopped: bool, white_starts: bool, result_token: str) -> None:
    """Opening, notes, junk, result checks, the status an export gave the game, and its
    normal form. The movetext as printed is kept when it holds more than the moves."""
    tags = rec.tags
    _classify(rec, keys)
    if "FEN" in tags:
        rec.data["fen"] = tags["FEN"]
    if notes.comments:
        tags.setdefault("Annotations", " ".join(c for c in notes.comments if c))
    if notes.nags:
        rec.data["nags"] = notes.nags
    if notes.variations:
        rec.data["variations"] = notes.variations
        rec.add(INFO, "CHESS-VARIATIONS", f"{notes.variations} variation(s) kept with the"
                " game's movetext; only the main line's moves are indexed", rec.line)
    for token, line, column in notes.junk:
        rec.add(WARNING, "CHESS-JUNK", f'"{token}" is not a move, a move number, a NAG or a'
                " result; it was passed over", line, column)
    if not rec.plies and not result_token and not (tags.keys() & {*SEVEN_TAG_ROSTER, "FEN"}):
        rec.add(ERROR, "CHESS-NO-GAME", "nothing here reads as a game: no tag pair, no move and"
                " no result", rec.line, 1)
    _check_result(rec, result_token, stopped, white_starts)
    _exported_status(rec)
    if notes.annotated or notes.junk or stopped:
        rec.data["movetext"] = pgn_text.movetext_as_printed(lines, start, stop)
    result = result_token or tags.get("Result", "*")
    if _ends_in_mate(rec) and result == "*":
        result = tags["Result"]
    # this reader gets the same plies from the game's text again, and the family's normal_of
    # writes the normal form from them: it is written when first asked for
    rec.plies_in_text = result == tags.get("Result", "*")
    rec.normal = None if rec.plies_in_text else \
        game_pgn(tags, rec.plies, result=result, start_fen=tags.get("FEN"))


def _classify(rec: Record, keys: list) -> None:
    """keys: the positions after the plies, as keys or (the bulk reader's) hashes."""
    if rec.start_position != INITIAL_KEY or not keys:
        return  # a set-up position: no opening to name
    sans = normals(rec.plies)
    if "--" in sans:  # an odds game's passes
        return
    eco, name, _ = classify_keys(keys, sans)
    if not name:
        return
    tags = rec.tags
    for tag, value in (("Opening", name), ("ECO", eco)):
        own = tags.get(tag)
        if own and own != value:
            tags["PGN" + tag] = own
        tags[tag] = value


def _check_result(rec: Record, result_token: str, stopped: bool, white_starts: bool) -> None:
    """The result in the tags, at the end of the moves, and after a mate must agree; a mate
    left unfinished ("*") gets its result, with a note."""
    stated = rec.tags.get("Result", "")
    if stated in RESULTS and result_token and result_token != stated:
        rec.add(WARNING, "CHESS-RESULT", f'the tags say "{stated}" but the moves end with'
                f' "{result_token}"', rec.end_line)
    if _ends_in_mate(rec) and not stopped:
        white_mated = (len(rec.plies) % 2 == 0) == white_starts
        winner = "0-1" if white_mated else "1-0"
        claimed = result_token or stated or "*"
        if claimed == "*" and stated in ("", "*"):
            rec.tags["Result"] = winner
            rec.add(INFO, "CHESS-RESULT", f'the game ends in mate: result "{winner}" set in'
                    ' place of "*"', rec.end_line)
        elif claimed in RESULTS and claimed not in (winner, "*"):
            rec.add(WARNING, "CHESS-RESULT", f'the game ends in mate, so the result is'
                    f' "{winner}", not "{claimed}"', rec.end_line)


def _ends_in_mate(rec: Record) -> bool:
    sans = normals(rec.plies)
    return bool(sans) and sans[-1].endswith("#")


def _exported_status(rec: Record) -> None:
    """A game hoyle exported as needing review comes back needing review, with the reasons
    it was exported with."""
    status = rec.tags.pop(STATUS_TAG, "")
    summary = rec.tags.pop(DIAGNOSTICS_TAG, "")
    if status in (NEEDS_REVIEW, INVALID):
        rec.add(WARNING, "CHESS-STATUS", f"exported as {status.replace('_', ' ')}"
                + (f": {summary}" if summary else ""), rec.line)
    elif status == CORRECTED:   # a person's correction, named in the HoyleCorrection tag
        rec.add(INFO, CORRECTION_CODE, "exported as corrected: "
                + rec.tags.get("HoyleCorrection", "(no HoyleCorrection tag)"), rec.line)
