"""PGN out, without loss: a game read from PGN is written back with its own tags exactly as
read (names, values, order, empty values) and its movetext as printed (comments, NAGs,
variations, move numbers, line breaks and result); what hoyle adds goes in tags of its own
(records.core.interchange). A game read from a book is written as SAN, its tags as the book
gave them, its printed moves and anything left unread in tags of hoyle's."""
from __future__ import annotations

import re

from records.chess.keys import INITIAL_KEY, STARTING_FEN
from records.chess.pgn_text import RESULTS, game_spans, scan, split_lines, title_of
from records.core import interchange
from records.core.model import ERROR, NORMAL_WRITERS, Ply, Record, normals, texts

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
ROSTER_DEFAULTS = {"Date": "????.??.??", "Result": "*"}
TAG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*$")
PRINTED_TAG, UNREAD_TAG, RESULT_TAG = "HoylePrinted", "HoyleUnread", "HoyleResult"
AMBIGUOUS_NOTE = "HoyleAmbiguous"
QUOTED = re.compile(r'"([^"]+)"')


def write(records: list[Record]) -> str:
    return "".join(record_pgn(rec) + "\n" for rec in records)


def record_pgn(rec: Record) -> str:
    """One game: its own tags, hoyle's tags, a blank line, the movetext."""
    own = {k: v for k, v in interchange.own_tags(rec.tags).items() if TAG_NAME.match(k)}
    printed = printed_movetext(rec)
    extra: dict[str, str] = {}
    if printed is None:
        fen = _start_fen(rec)
        if fen and "FEN" not in own:
            own.setdefault("SetUp", "1")
            own["FEN"] = fen
        movetext = _wrap(_movetext(rec.plies, fen, _corrected_plies(rec), _notes_after(rec, fen))
                         + _ambiguity(rec) + [_result_of(rec)])
        extra = _book_tags(rec)
    else:
        movetext = printed
    title = title_of(own, 0)
    if title == "Game 0":   # the tags make no title (only its place in its file names it)
        title = ""
    tags = own | extra | interchange.hoyle_tags(rec, title)
    return "".join(_tag_line(k, v) for k, v in tags.items()) + "\n" + movetext + "\n"


def printed_movetext(rec: Record) -> str | None:
    """The movetext as the game's text prints it (LF line ends, a result added when it
    prints none), where the text is the PGN game the record was read from; else None."""
    if not rec.text or not (rec.plies_in_text or "movetext" in rec.data or
                            _text_is_the_game(rec)):
        return None
    lines = split_lines(_corrected_text(rec))
    movetext = next(game_spans(lines), (0, len(lines), 0))[1]
    body = "\n".join(line.rstrip("\r\n") for line in lines[movetext:]).strip("\n")
    if not _ends_in_result(body) and not scan(lines, movetext, len(lines)).result:
        body = (body + " " if body else "") + _result_of(rec)
    return body


def _ends_in_result(movetext: str) -> bool:
    """The movetext's last word is a result (most games': no need to read it all)."""
    words = movetext.rsplit(None, 1)
    return bool(words) and words[-1] in RESULTS


def _text_is_the_game(rec: Record) -> bool:
    """The record's text is one PGN game whose main line prints exactly its plies and
    nothing else (a record read back from JSON, say)."""
    lines = split_lines(rec.text)
    spans = list(game_spans(lines))
    if len(spans) != 1:
        return False
    notes = scan(lines, spans[0][1], spans[0][2])
    return not notes.junk and [m[0] for m in notes.moves] == list(texts(rec.plies))


def _book_tags(rec: Record) -> dict:
    """A book game's printed moves, where they are not SAN, and what was printed after the
    last move read (a game cut short by an unreadable move is exported whole)."""
    out = {}
    if rec.plies and list(texts(rec.plies)) != list(normals(rec.plies)):
        out[PRINTED_TAG] = ", ".join(" ".join(p.text.split()) for p in rec.plies)
    if not rec.plies or any(d.severity == ERROR or d.code in UNREAD_AFTER
                            for d in rec.diagnostics):
        rest = _unread_rest(rec)
        if rest:
            out[UNREAD_TAG] = rest
    return out


# warnings after which printed moves stay unread (a line from a position the text does not
# give: all of them), so that the export carries them
UNREAD_AFTER = frozenset({"CHESS-NO-SETUP", "CHESS-TRUNCATED"})


def _ambiguity(rec: Record) -> list[str]:
    """Where a book game's reading stops at a move that can mean several moves (each reading
    replays to the end): comments after the last move read, naming the printed move and its
    readings, then the printed text not read, so that nothing printed is lost:
    `{HoyleAmbiguous: Kt-B3 = Nc3 | Nf3} {HoyleUnread: Kt-QB3 3. B-B4 B-B4}`."""
    diag = next((d for d in rec.diagnostics if d.code == "CHESS-AMBIGUOUS"), None)
    readings = rec.data.get("readings") or []
    if diag is None or not readings or any(d.severity == ERROR for d in rec.diagnostics):
        return []   # (an error's unread rest goes in the HoyleUnread tag)
    split = len(rec.plies)
    sans = sorted({r[split] for r in readings if len(r) > split})
    printed = QUOTED.search(diag.message)
    if not printed or len(sans) < 2:
        return []
    printed = printed.group(1)
    out = [_comment(f"{AMBIGUOUS_NOTE}: {printed} = {' | '.join(sans)}")]
    rest = _text_after(rec, diag.line, diag.column, printed)
    if rest:
        out.append(_comment(f"{UNREAD_TAG}: {rest}"))
    return out


def _comment(text: str) -> str:
    """A brace comment as one movetext token, cut into lines only between its words."""
    return "{" + " ".join(text.replace("}", ")").split()) + "}"


def _text_after(rec: Record, line: int, column: int, printed: str) -> str:
    """The record's text from the printed move at (line, column) on, past that move."""
    lines = rec.text.split("\n") if rec.text else []
    index = line - rec.line
    if not 0 <= index < len(lines) or column < 1:
        return ""
    here = lines[index]
    at = here.find(printed, column - 1)
    start = at + len(printed) if at >= 0 else column - 1
    return " ".join(" ".join([here[start:]] + lines[index + 1:]).split())


def _corrected_plies(rec: Record) -> dict:
    """(line, column) -> the comment a move a person corrected gets (hoyle fix)."""
    return {(c["line"], c["column"]): interchange.correction_note(c["printed"], c["reading"],
                                                                  c["by"])
            for c in rec.data.get("corrections", ()) if c.get("how") == "read"}


def _corrected_text(rec: Record) -> str:
    """The game's text with each move a person corrected replaced by their reading and a
    comment naming it (the printed text itself stays untouched in the archive)."""
    read = [c for c in rec.data.get("corrections", ()) if c.get("how") == "read"]
    if not read:   # (every game but a corrected one, in the export's loop)
        return rec.text
    from records.core.review import substitute
    text = rec.text
    for c in sorted(read, key=lambda c: (c["line"], c["column"]), reverse=True):
        note = interchange.correction_note(c["printed"], c["reading"], c["by"])
        note = "{" + note.replace("}", ")") + "}"
        try:
            text = substitute(text, rec.line, c["line"], c["column"], c["printed"],
                              f'{c["reading"]} {note}')
        except ValueError:   # the text was read again since: it holds the reading already
            pass
    return text


def _unread_rest(rec: Record) -> str:
    lines = rec.text.split("\n") if rec.text else []
    if rec.plies:
        last = rec.plies[-1]
        index = last.line - rec.line
        if not 0 <= index < len(lines) or last.column < 1:
            return ""
        rest = [lines[index][last.column - 1 + len(last.text):]] + lines[index + 1:]
    else:
        rest = [ln for ln in lines if not ln.lstrip().startswith("[")]
    return " ".join(" ".join(rest).split())


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
    value = interchange.one_line(value)
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
    """A game's normal form (its main line as strict PGN) from its own tags and plies, as the
    reader writes it: the result is hoyle's where the game ends in mate, else the one at the
    end of the moves where it differs from the Result tag, else the tag's."""
    result = (rec.tags.get(RESULT_TAG) or rec.data.get("termination")
              or rec.tags.get("Result", "*"))
    return game_pgn(interchange.own_tags(rec.tags), rec.plies, result=result,
                    start_fen=rec.tags.get("FEN"))


NORMAL_WRITERS["chess"] = normal_of


def game_pgn(tags: dict, plies: list[Ply], result: str = "*", start_fen: str | None = None) -> str:
    """One game as PGN text (headers, blank line, movetext wrapped at 79 columns)."""
    result = result if result in RESULTS else "*"
    return (pgn_head(tags, result, start_fen) + "\n" +
            _wrap(_movetext(plies, start_fen) + [result]) + "\n")


def _start_of(start_fen: str | None) -> tuple[int, bool]:
    """The first move's number, and whether White makes it."""
    number, white = 1, True
    if start_fen:
        fields = start_fen.split()
        white = len(fields) < 2 or fields[1] == "w"
        number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    return number, white


def _movetext(plies: list[Ply], start_fen: str | None, notes: dict | None = None,
              after: dict | None = None) -> list[str]:
    """Movetext tokens; a move number and its move stay together on one line (joined by a
    NUL until _wrap has cut the lines). notes: (line, column) -> a comment for that move;
    after: a ply's index -> tokens written after it (a book's note, a variation)."""
    number, white = _start_of(start_fen)
    sans = normals(plies)
    if white and not notes and not after:  # the common case, without a loop
        tokens = sans[:]
        tokens[0::2] = [f"{n}.\0{san}" for n, san in enumerate(sans[0::2], number)]
        return tokens
    tokens: list[str] = []
    if not white and plies:
        tokens.append(f"{number}...")
    interrupted = False
    for index, (ply, normal) in enumerate(zip(plies, sans)):
        if white:
            tokens.append(f"{number}.\0{normal}")
        else:
            tokens.append(f"{number}...\0{normal}" if interrupted else normal)
            number += 1
        note = notes.get((ply.line, ply.column)) if notes else None
        if note:
            tokens.append("{" + note.replace("}", ")").replace(" ", "\0") + "}")
        extra = after.get(index) if after else None
        if extra:
            tokens += extra
        interrupted = bool(note or extra)
        white = not white
    return tokens


VARIATION_NOTE = "HoyleVariation"


def _notes_after(rec: Record, start_fen: str | None) -> dict:
    """A book's notes (records.chess.notes) as movetext: each note's text as a comment after
    the move it marks, and the moves it names, where they replay, as a variation after the
    game's move they take the place of (the marked one, or the reply to it).
    A note whose moves replay from neither place is a comment only, `{HoyleVariation: ...}`."""
    notes = rec.data.get("notes")
    if not notes:
        return {}
    number, white = _start_of(start_fen)
    out: dict[int, list[str]] = {}
    for note in notes:
        index = note.get("ply", -1)
        if not 0 <= index < len(rec.plies):
            continue
        text = f'{note.get("mark", "")} {note.get("text", "")}'.strip()
        out.setdefault(index, []).append(
            _comment(f"{VARIATION_NOTE}: {text}" if note.get("unplayed") else text))
        variation = note.get("variation")
        if variation and variation.get("moves"):
            at = variation.get("ply", -1)
            if not 0 <= at < len(rec.plies):
                continue
            plies_before = at + (0 if white else 1)
            out.setdefault(at, []).extend(_variation_tokens(
                variation["moves"], number + plies_before // 2, plies_before % 2 == 0))
    return out


def _variation_tokens(sans: list[str], number: int, white: bool) -> list[str]:
    """`(12. Ne4 d5 13. Bd3)`: a variation as movetext tokens, from move number and side."""
    tokens = []
    for k, san in enumerate(sans):
        if white:
            tokens.append(f"{number}.\0{san}")
        elif k == 0:
            tokens.append(f"{number}...\0{san}")
        else:
            tokens.append(san)
        if not white:
            number += 1
        white = not white
    tokens[0] = "(" + tokens[0]
    tokens[-1] += ")"
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
