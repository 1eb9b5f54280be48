"""The bulk PGN reader: a compiled, validating reader (rust-pgn-reader-python-binding, which
replays every move with the Rust shakmaty library) reads a batch of games into board arrays;
numpy (pgn_boards) turns those into each ply's SAN and position hash. A game it refuses, or
whose moves the plain tokenizer does not count the same way, is left to python-chess
(pgn_visitor). A game's record is made here from its tags, its printed moves and those SANs,
whichever reader found them (pgn_small finds them for a few games without numpy).
"""
from __future__ import annotations

import re

from records.chess.pgn_text import RESULTS, plain, plain_joined, scan
from records.core.model import WARNING, PlyColumns, Record

_compiled = None


def compiled_reader():
    """The compiled reader's module, or None when it is not installed."""
    global _compiled
    if _compiled is None:
        try:
            import rust_pgn_reader_python_binding as module
        except ImportError:  # an optional extra: python-chess reads everything then
            module = False
        _compiled = module
    return _compiled or None


# -- a batch -------------------------------------------------------------------------------
def read_batch(lines: list[str], spans: list, path: str, first_number: int, build,
               openings: bool = True) -> list:
    """Records for the games at spans (first, movetext, stop); None in place of a game the
    python-chess reader must read (variants and Chess960 among them). build(...) finishes a
    record (pgn_finish.finish)."""
    from records.chess.pgn_lines import main_lines
    reader = compiled_reader()
    if not spans:
        return []
    movetexts = ["".join(lines[movetext:stop]) for _, movetext, stop in spans]
    heads = ["".join(lines[first:movetext]) for first, movetext, _ in spans]
    texts = [head + moves for head, moves in zip(heads, movetexts)]
    tokens = main_lines(lines, spans, movetexts)
    variants = ["[Variant " in head and VARIANT.search(head) is not None for head in heads]
    parsed = reader.parse_games_from_strings(
        [_compiled_text(head, moves, found, variant)
         for head, moves, found, variant in zip(heads, movetexts, tokens, variants)],
        num_threads=1)
    if parsed.num_games != len(spans):   # never seen: the texts whole, as they are
        parsed = reader.parse_games_from_strings(texts, num_threads=1)
    out: list = []
    for chunk in parsed.chunks:
        done = len(out)
        out.extend(_chunk_records(chunk, lines, spans[done:], tokens[done:],
                                  list(zip(heads[done:], texts[done:])), path,
                                  first_number + done, build, openings))
    return [None if variant else rec for rec, variant in zip(out, variants)]


NO_TAGS = '[Event "?"]\n'
VARIANT = re.compile(r"(?:\A|[\r\n])\[Variant ")   # a tag line naming a variant


def _compiled_text(head: str, movetext: str, found, variant: bool) -> str:
    """What the compiled reader is given of a game: its set-up tags (a tag line in any case,
    so that each text is one game, even one without moves) and its moves, not the tags it
    would only read to put aside (a quarter of its time in a real file's long tag sections),
    nor the comments, NAGs and variations main_lines has taken out (half its time in a file
    with a clock comment after every move)."""
    if variant:
        return NO_TAGS
    tags = (_set_up(head) if "[FEN " in head or "[SetUp " in head else "") or NO_TAGS
    return tags + (found[0] if found is not None and found[3] is not None else movetext)


def _set_up(head: str) -> str:
    """The tag lines of a tag section that say where the game starts."""
    return "".join(line for line in head.splitlines(keepends=True)
                   if line.startswith(("[FEN ", "[SetUp ")))


def _chunk_records(chunk, lines, spans, tokens, game_texts, path, first_number, build,
                   openings: bool) -> list:
    if chunk.num_moves == 0:  # nothing for numpy: python-chess reads these few games
        return [None] * chunk.num_games
    from records.chess.pgn_boards import chunk_moves
    found = chunk_moves(chunk, openings)
    move_at, position_at, hashes = found.move_at, found.position_at, found.hashes
    out = []
    for g, valid in enumerate(found.valid):
        if not valid:
            out.append(None)
            continue
        m0, m1, p0 = move_at[g], move_at[g + 1], position_at[g]
        own = hashes[p0:p0 + m1 - m0 + 1]
        rec = game_record(lines, spans[g], tokens[g], game_texts[g], path, first_number + g,
                      found.sans[m0:m1], found.start_keys[g],
                      own[1:found.named[g] + 1].tolist(), build)
        if rec is not None:
            rec.key_hashes = own
        out.append(rec)
    return out


def game_record(lines, span, found, game, path, number, sans, start_key, named_hashes, build):
    """A record of the bulk reader's game: game is its (tag section, whole text);
    named_hashes, its positions' hashes as deep as the openings table names one."""
    first, movetext, stop = span
    if found is None:  # "1.e4" run together, say: the line-by-line tokenizer decides
        found = plain_joined(plain(lines, movetext, stop))
    notes = found[3] if found is not None and len(found) > 3 else None   # (main_lines')
    if found is None:  # comments, variations, NAGs: the full tokenizer, kept as notes
        notes = scan(lines, movetext, stop)
        if notes.junk:
            return None
        tokens = [move[0] for move in notes.moves]
        rows = [move[1] for move in notes.moves]
        columns = [move[2] for move in notes.moves]
        result = notes.result
    else:
        joined, rows, columns = found[:3]
        tokens, result = _printed(joined, sans)
    if len(tokens) != len(sans):
        return None
    rec = Record(kind="chess", title="", source=path, line=first + 1, end_line=stop,
                 text=game[1].rstrip("\r\n"), tags=_tags(game[0]),
                 start_position=start_key)
    # no position keys on the plies: the record's key_hashes hold every position, and keys
    # are made again when a record is shown (the opening's hashes go to build, which names it)
    rec.plies = PlyColumns(tokens, sans, rows[:len(sans)], columns[:len(sans)])
    if tokens is not sans:
        for i in [i for i, (token, san) in enumerate(zip(tokens, sans)) if token != san]:
            token, san = tokens[i], sans[i]
            if token[-1] in "+#" and san[-1] != "#" and san[-1] != token[-1]:
                _false_claim(rec, token, san, int(rows[i]), int(columns[i]))
    build(rec, number, named_hashes, movetext, stop, result, notes)
    return rec


def _printed(joined: str, sans: list[str]) -> tuple[list[str], str]:
    """The printed move tokens and the result token of plain movetext (its tokens but the
    move numbers, joined by spaces): the SANs themselves when it prints exactly them."""
    moves = " ".join(sans)
    if joined.startswith(moves):
        rest = joined[len(moves):]
        if not rest or ((rest[0] == " " or not moves) and rest.strip() in RESULTS):
            return sans, rest.strip()
    tokens = joined.split()
    return tokens, tokens.pop() if tokens and tokens[-1] in RESULTS else ""


def _false_claim(rec: Record, token: str, san: str, line: int, column: int) -> None:
    gives = "check" if san[-1] == "+" else "no check"
    rec.add(WARNING, "CHESS-CHECK", f'"{token}" claims {"mate" if token[-1] == "#" else "check"}'
            f", but the move gives {gives}", line, column)


# python-chess's TAG_REGEX, applied to every line of a game's tag section at once
TAG_LINES = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)[^\S\n]+"([^\r\n]*)"\][^\S\n]*$',
                       re.MULTILINE)


def _tags(head: str) -> dict:
    """The tag pairs of a game's tag section (its lines before the movetext) in file order,
    read as python-chess reads them (the compiled reader's own come in no order)."""
    tags = {}
    for name, value in TAG_LINES.findall(head):
        if "\\" in value:  # PGN escapes quotes and backslashes
            value = re.sub(r'\\([\\"])', r"\1", value)
        tags[name] = value
    return tags
