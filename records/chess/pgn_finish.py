"""What both PGN readers (the bulk reader and python-chess's) do once a game's moves are known:
its title, opening, notes, result checks and status. Kept apart from pgn_visitor so that a
file the bulk reader reads whole never imports python-chess's PGN module (and asyncio with it).
"""
from __future__ import annotations

from records.chess import pgn_text
from records.chess.keys import INITIAL_KEY
from records.chess.openings import classify_keys
from records.chess.pgn_text import title_of  # noqa: F401  (the readers' and the family's)
from records.chess.pgn_write import RESULT_TAG, RESULTS, SEVEN_TAG_ROSTER
from records.core import interchange
from records.core.model import ERROR, INFO, WARNING, Record, normals

OPENING_TAG, ECO_TAG = "HoyleOpening", "HoyleECO"
ANNOTATIONS_LIMIT = 2000   # characters of a game's comments kept for the word search



def finish(rec: Record, keys: list[str], notes: pgn_text.Movetext, lines: list[str],
           start: int, stop: int, stopped: bool, white_starts: bool, result_token: str,
           decided: str = "") -> None:
    """Opening, notes, junk, result checks, the status and diagnostics an export gave the
    game. The movetext as printed is kept when it holds more than the moves; the game's tags
    are left as read (what hoyle finds goes in tags of its own)."""
    tags = rec.tags
    _report_damage(rec, notes, lines, start)
    result_token = _result_forms(rec, notes, result_token)
    classify(rec, keys)
    if "FEN" in tags:
        rec.data["fen"] = tags["FEN"]
        _check_setup(rec, lines, start, stop)
    if notes.comments:   # for the word search; the comments stay in the movetext
        words = " ".join(" ".join(c.split()) for c in notes.comments if c)
        if words:
            rec.data["annotations"] = words[:ANNOTATIONS_LIMIT]
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
    check_result(rec, result_token, stopped, white_starts, decided)
    interchange.take_back(rec, "CHESS-STATUS")
    if notes.annotated or notes.junk or stopped:
        rec.data["movetext"] = pgn_text.movetext_as_printed(lines, start, stop)
    if result_token and result_token != tags.get("Result", "*"):
        rec.data["termination"] = result_token   # the normal form's result
    # this reader gets the same plies from the game's text again, and the family's normal_of
    # writes the normal form from them: it is written when first asked for
    rec.plies_in_text = True
    rec.normal = None


def _check_setup(rec: Record, lines: list[str], start: int, stop: int) -> None:
    """A game set up from a FEN no game of chess can stand in is no real game: an error at the
    FEN tag (a variant's position is the variant's own affair)."""
    from records.chess.moves import impossible
    wrong = impossible(rec.tags["FEN"]) if "Variant" not in rec.tags else []
    if wrong:
        line = next((n for n in range(rec.line, min(stop, len(lines) + 1))
                     if lines[n - 1].startswith("[FEN ")), rec.line)
        rec.add(ERROR, "CHESS-BAD-SETUP", f"the FEN gives a position no game can reach: "
                f"{'; '.join(wrong)}", line, 1)


def _result_forms(rec: Record, notes: pgn_text.Movetext, result_token: str) -> str:
    """A result spelled as other programs write it (`½-½`, `1:0`), at the end of the moves or
    in the Result tag, read as PGN's and noted; the result token the game ends with."""
    if notes.result_form and not result_token:
        token, line, column = notes.result_form
        result_token = notes.result
        rec.add(INFO, "CHESS-RESULT-FORM", f'"{token}" is read as the result "{result_token}"',
                line, column)
    stated = rec.tags.get("Result", "")
    if stated in pgn_text.RESULT_FORMS and stated not in RESULTS:
        rec.tags["Result"] = pgn_text.RESULT_FORMS[stated]
        rec.add(INFO, "CHESS-RESULT-FORM", f'the Result tag "{stated}" is read as '
                f'"{rec.tags["Result"]}"', rec.line, 1)
    return result_token


def _report_damage(rec: Record, notes: pgn_text.Movetext, lines: list[str], start: int) -> None:
    """Tag lines that are no tag pairs, and a comment or variation never closed (the game
    then ends at the next game's tags: nothing after it is lost with it)."""
    for line, column, what in pgn_text.broken_tags(lines, rec.line - 1, start, len(rec.tags)):
        rec.add(WARNING, "CHESS-TAG", f"this line {what}", line, column)
    for mark, line, column in notes.unclosed:
        if mark == "{":
            rec.add(ERROR, "CHESS-UNCLOSED", "this comment is never closed with '}': the"
                    " moves after it are read as part of it, up to the end of the game",
                    line, column, "close the comment where it ends")
        else:
            rec.add(ERROR, "CHESS-UNCLOSED", "this variation is never closed with ')': the"
                    " moves after it are read as part of it, not as the game's",
                    line, column, "close the variation where it ends")


def classify(rec: Record, keys: list) -> None:
    """keys: the positions after the plies, as keys or (the bulk reader's) hashes."""
    if rec.start_position != INITIAL_KEY or not keys:
        return  # a set-up position: no opening to name
    sans = normals(rec.plies)
    if "--" in sans:  # an odds game's passes
        return
    eco, name, _ = classify_keys(keys, sans)
    if name:   # beside the game's own Opening and ECO tags, never over them
        rec.tags[OPENING_TAG], rec.tags[ECO_TAG] = name, eco


def check_result(rec: Record, result_token: str, stopped: bool, white_starts: bool,
                 decided: str = "") -> None:
    """The result in the tags, at the end of the moves, and after a mate must agree; a mate
    left unfinished ("*") gets its result, with a note. decided: the result a variant's own
    end gives (the centre reached, a third check, antichess's side left bare), for a mate's."""
    stated = rec.tags.get("Result", "")
    if stated in RESULTS and result_token and result_token != stated:
        rec.add(WARNING, "CHESS-RESULT", f'the tags say "{stated}" but the moves end with'
                f' "{result_token}"', rec.end_line)
    if _ends_in_mate(rec) and not stopped:
        white_mated = (len(rec.plies) % 2 == 0) == white_starts
        winner = decided if decided in RESULTS and decided != "*" else "0-1" if white_mated else "1-0"
        claimed = result_token or stated or "*"
        if claimed == "*" and stated in ("", "*"):
            rec.tags[RESULT_TAG] = winner   # the game's own Result tag stays as printed
            rec.add(INFO, "CHESS-RESULT", f'the game ends in mate: its result is "{winner}",'
                    ' not "*"', rec.end_line)
        elif claimed in RESULTS and claimed not in (winner, "*"):
            rec.add(WARNING, "CHESS-RESULT", f'the game ends in mate, so the result is'
                    f' "{winner}", not "{claimed}"', rec.end_line)


def _ends_in_mate(rec: Record) -> bool:
    sans = normals(rec.plies)
    return bool(sans) and sans[-1].endswith("#")
