"""The bulk PGN reader: a compiled, validating reader (rust-pgn-reader-python-binding, which
replays every move with the Rust shakmaty library) reads a batch of games into board arrays;
numpy turns those into each ply's SAN and position key. A game it refuses, or whose moves
the plain tokenizer does not count the same way, is left to python-chess (pgn_visitor).

SAN is made from the move and the board before it, never copied from the file: the mover,
the capture, the check (every position tested at once), the disambiguation (other men of the
same kind that reach the square; when some do, python-chess decides, pins and all).
"""
from __future__ import annotations

import re

import chess
import numpy as np

from records.chess.moves import key_hashes
from records.chess.openings import depth as opening_depth
from records.chess.openings import hash_array as opening_hashes
from records.chess.pgn_text import PLAIN_BREAKERS, RESULTS, plain, scan
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


# -- bitboards for many positions at once (numpy uint64 arrays) -------------------------------
U64 = np.uint64
NOT_A, NOT_H = U64(0xFEFEFEFEFEFEFEFE), U64(0x7F7F7F7F7F7F7F7F)
NOT_AB, NOT_GH = U64(0xFCFCFCFCFCFCFCFC), U64(0x3F3F3F3F3F3F3F3F)
FILE_A, RANK_1 = 0x0101010101010101, 0xFF   # (Python ints: for one move's squares)
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)  # the compiled reader's codes (+6: Black)
PAWNS, KNIGHTS, BISHOPS, ROOKS, QUEENS, KINGS, WHITE_MEN = range(7)  # columns of bitboards()


def _up(b, n, mask=None):
    out = np.left_shift(b, U64(n))
    return out if mask is None else out & mask


def _down(b, n, mask=None):
    out = np.right_shift(b, U64(n))
    return out if mask is None else out & mask


# one step in each direction: (shift, amount, mask that stops wrapping round the board)
STRAIGHT = ((_up, 8, None), (_down, 8, None), (_up, 1, NOT_A), (_down, 1, NOT_H))
DIAGONAL = ((_up, 9, NOT_A), (_up, 7, NOT_H), (_down, 7, NOT_A), (_down, 9, NOT_H))


def slider_attacks(origin, empty, steps) -> np.ndarray:
    """The squares men on `origin` attack along the given directions, blocked by the first
    man met (which is attacked)."""
    attacked = np.zeros_like(origin)
    for shift, n, mask in steps:
        flood = origin
        for _ in range(6):
            flood = flood | (shift(flood, n, mask) & empty)
        attacked |= shift(flood, n, mask)
    return attacked


def knight_attacks(b) -> np.ndarray:
    return (_up(b, 17, NOT_A) | _up(b, 15, NOT_H) | _up(b, 10, NOT_AB) | _up(b, 6, NOT_GH) |
            _down(b, 17, NOT_H) | _down(b, 15, NOT_A) | _down(b, 10, NOT_GH) | _down(b, 6, NOT_AB))


def checks(planes: np.ndarray, turn: np.ndarray) -> np.ndarray:
    """Whether the side to move is in check, for every position at once."""
    white_men = planes[:, WHITE_MEN]
    occupied = planes[:, :6].sum(1, dtype=U64)  # the six kinds never overlap
    own = np.where(turn, white_men, occupied & ~white_men)
    enemy = occupied & ~own
    king = planes[:, KINGS] & own
    empty = ~occupied
    straight = (planes[:, ROOKS] | planes[:, QUEENS]) & enemy
    diagonal = (planes[:, BISHOPS] | planes[:, QUEENS]) & enemy
    pawn_from = np.where(turn, _up(king, 7, NOT_H) | _up(king, 9, NOT_A),
                         _down(king, 7, NOT_A) | _down(king, 9, NOT_H))
    hit = (slider_attacks(king, empty, STRAIGHT) & straight) | \
        (slider_attacks(king, empty, DIAGONAL) & diagonal) | \
        (knight_attacks(king) & planes[:, KNIGHTS] & enemy) | (pawn_from & planes[:, PAWNS] & enemy)
    return hit != 0


def _rivals(planes, before, kinds, origins, targets, white) -> np.ndarray:
    """For every move: the other men of the mover's kind and side that reach its target square
    (a bitboard; pins are left to _unpinned, for the few moves that have any)."""
    out = np.zeros(len(before), dtype=U64)
    pieces = np.flatnonzero((kinds >= KNIGHT) & (kinds <= QUEEN))
    if not len(pieces):
        return out
    board = planes[before[pieces]]
    kind = kinds[pieces]
    own = np.where(white[pieces], board[:, WHITE_MEN],
                   board[:, :6].sum(1, dtype=U64) & ~board[:, WHITE_MEN])
    same = board[np.arange(len(pieces)), kind - 1] & own & \
        ~np.left_shift(U64(1), origins[pieces].astype(U64))
    paired = np.flatnonzero(same)   # only these have another man of the kind to look at
    pieces, board, kind, same = pieces[paired], board[paired], kind[paired], same[paired]
    target = np.left_shift(U64(1), targets[pieces].astype(U64))
    empty = ~board[:, :6].sum(1, dtype=U64)
    reach = np.where(kind == KNIGHT, knight_attacks(target), U64(0))
    reach |= np.where((kind == ROOK) | (kind == QUEEN), slider_attacks(target, empty, STRAIGHT),
                      U64(0))
    reach |= np.where((kind == BISHOP) | (kind == QUEEN),
                      slider_attacks(target, empty, DIAGONAL), U64(0))
    out[pieces] = reach & same
    return out


def _unpinned(board: np.ndarray, white: np.ndarray, rivals: np.ndarray,
              targets: np.ndarray) -> np.ndarray:
    """The rivals (one bitboard a move, board its position's planes) that may legally go to
    the target. The move itself is legal, so a check it answers there a rival answers too:
    a rival is held back only when leaving its square opens a line onto its own king."""
    occupied = board[:, :6].sum(1, dtype=U64)
    own = np.where(white, board[:, WHITE_MEN], occupied & ~board[:, WHITE_MEN])
    target = np.left_shift(U64(1), targets.astype(U64))
    enemy = occupied & ~own & ~target   # a man taken on the target attacks no more
    king = board[:, KINGS] & own
    straight = (board[:, ROOKS] | board[:, QUEENS]) & enemy
    diagonal = (board[:, BISHOPS] | board[:, QUEENS]) & enemy
    legal, left = np.zeros_like(rivals), rivals.copy()
    while left.any():
        rival = left & (~left + U64(1))   # the lowest square left (0 where none is)
        empty = ~((occupied & ~rival) | target)
        exposed = (slider_attacks(king, empty, STRAIGHT) & straight) | \
            (slider_attacks(king, empty, DIAGONAL) & diagonal)
        legal |= np.where(exposed == 0, rival, U64(0))
        left &= ~rival
    return legal


def _disambiguated(san: str, origin: int, others: int) -> str:
    """A piece's SAN with its origin's file, rank or both, as python-chess (and the PGN
    standard) chooses them: the file unless another man shares it, the rank where one does."""
    file, rank = origin & 7, origin >> 3
    on_file, on_rank = others & (FILE_A << file), others & (RANK_1 << 8 * rank)
    by_file, by_rank = bool(on_rank or not on_file), bool(on_file)
    return san[0] + (FILES[file] if by_file else "") + (str(rank + 1) if by_rank else "") + \
        san[1:]


# -- SAN from a move's facts ---------------------------------------------------------------
_SAN: dict[int, str] = {}
FILES = "abcdefgh"
LETTERS = " PNBRQK"
PROMOTION = {2: "=N", 3: "=B", 4: "=R", 5: "=Q"}


def _sans(codes: list[int]) -> list[str]:
    """The SAN of each move code (spelt once per code and remembered)."""
    try:
        return list(map(_SAN.__getitem__, codes))
    except KeyError:   # a code not spelt before: spell every new one, then look again
        for code in set(codes).difference(_SAN):
            _san_of(code)
        return list(map(_SAN.__getitem__, codes))


def _san_of(code: int) -> str:
    suffix = "", "+", "#"
    rest, check = divmod(code, 3)
    rest, promo = divmod(rest, 8)
    rest, to = divmod(rest, 64)
    rest, from_file = divmod(rest, 8)
    kind, capture = divmod(rest, 2)
    if kind == KING and abs(from_file - (to & 7)) == 2:
        san = "O-O" if to & 7 == 6 else "O-O-O"
    elif kind == PAWN:
        san = (FILES[from_file] + "x" if capture else "") + chess.SQUARE_NAMES[to] + \
            PROMOTION.get(promo, "")
    else:
        san = LETTERS[kind] + ("x" if capture else "") + chess.SQUARE_NAMES[to]
    san += suffix[check]
    _SAN[code] = san
    return san


# -- position keys ---------------------------------------------------------------------------
KEY_FORMAT = "%x:%x:%x:%x:%x:%x:%x:%s"
SIDES = np.array(["b", "w"], dtype=object)


def _plane(mask: np.ndarray) -> np.ndarray:
    return np.packbits(mask, axis=1, bitorder="little").view("<u8")[:, 0]


def bitboards(boards: np.ndarray) -> np.ndarray:
    """(pawns, knights, bishops, rooks, queens, kings, white men) of every position. The
    squares' codes (0 to 12) are packed a bit at a time into four 64-bit planes, and each
    code's squares found with bitwise logic on those: a third of the passes over the boards
    that comparing every square with every code takes."""
    bits = [_plane(boards & bit) for bit in (1, 2, 4, 8)]

    def squares_of(code: int) -> np.ndarray:
        found = bits[0] if code & 1 else ~bits[0]
        for n in (1, 2, 3):
            found = found & (bits[n] if code >> n & 1 else ~bits[n])
        return found

    planes = np.empty((len(boards), 7), dtype=U64)
    planes[:, WHITE_MEN] = 0
    for kind in range(PAWN, KING + 1):   # white men's codes are 1 to 6, black men's 7 to 12
        white = squares_of(kind)
        planes[:, kind - 1] = white | squares_of(kind + 6)
        planes[:, WHITE_MEN] |= white
    return planes


def position_keys(planes: np.ndarray, turn: np.ndarray) -> list[str]:
    """records.chess.moves.position_key of every position. (Spelling the hex digits with
    numpy measured slower than this: the digits of seven 64-bit numbers are many bytes.)"""
    sides = SIDES[turn.view(np.uint8)].tolist()
    return [KEY_FORMAT % fields for fields in zip(*planes.T.tolist(), sides)]


# -- a batch -------------------------------------------------------------------------------
def read_batch(lines: list[str], spans: list, path: str, first_number: int, build) -> list:
    """Records for the games at spans (first, movetext, stop); None in place of a game the
    python-chess reader must read. build(...) finishes a record (pgn_finish.finish)."""
    reader = compiled_reader()
    if not spans:
        return []
    movetexts = ["".join(lines[movetext:stop]) for _, movetext, stop in spans]
    heads = ["".join(lines[first:movetext]) for first, movetext, _ in spans]
    texts = [head + moves for head, moves in zip(heads, movetexts)]
    parsed = reader.parse_games_from_strings(texts, num_threads=1)
    tokens = plain_batch(lines, spans, movetexts)
    out: list = []
    for chunk in parsed.chunks:
        done = len(out)
        out.extend(_chunk_records(chunk, lines, spans[done:], tokens[done:],
                                  list(zip(heads[done:], texts[done:])), path,
                                  first_number + done, build))
    return out


def _chunk_records(chunk, lines, spans, tokens, game_texts, path, first_number, build) -> list:
    if chunk.num_moves == 0:  # nothing for numpy: python-chess reads these few games
        return [None] * chunk.num_games
    boards = np.asarray(chunk.boards).reshape(-1, 64)
    turn = np.asarray(chunk.turn, dtype=bool)
    move_at, position_at = (np.asarray(a, dtype=np.intp) for a in
                            (chunk.move_offsets, chunk.position_offsets))
    games = len(move_at) - 1
    game_of = np.repeat(np.arange(games), np.diff(move_at))
    before = position_at[game_of] + np.arange(len(game_of)) - move_at[game_of]
    origins = np.asarray(chunk.from_squares, dtype=np.intp)
    targets = np.asarray(chunk.to_squares, dtype=np.intp)
    promotions = np.asarray(chunk.promotions, dtype=np.intp)
    movers = boards[before, origins]
    kinds = (movers.astype(np.intp) - 1) % 6 + 1
    planes = bitboards(boards)
    captures = (boards[before, targets] != 0) | ((kinds == PAWN) & ((origins & 7) != (targets & 7)))
    mated = np.asarray(chunk.is_checkmate, dtype=bool)
    last = np.zeros(len(game_of), dtype=bool)
    last[move_at[1:][np.diff(move_at) > 0] - 1] = True
    in_check = checks(planes, turn)
    check = in_check[before + 1] * (1 + (last & mated[game_of]))
    codes = ((((kinds * 2 + captures) * 8 + (origins & 7)) * 64 + targets) * 8
             + np.maximum(promotions, 0)) * 3 + check
    sans = _sans(codes.tolist())
    rivals = _rivals(planes, before, kinds, origins, targets, turn[before])
    ambiguous = np.flatnonzero(rivals)
    at = before[ambiguous]
    others = _unpinned(planes[at], turn[at], rivals[ambiguous], targets[ambiguous])
    for i, origin, other in zip(ambiguous.tolist(), origins[ambiguous].tolist(), others.tolist()):
        if other:
            sans[i] = _disambiguated(sans[i], origin, other)
    hashes = key_hashes(planes, turn)
    valid = np.asarray(chunk.valid, dtype=bool).tolist()
    starts = np.asarray(position_at[:games])
    start_keys = position_keys(planes[starts], turn[starts])
    named = _named_plies(hashes, starts, np.diff(move_at)).tolist()
    out = []
    for g in range(games):
        if not valid[g]:
            out.append(None)
            continue
        first, movetext, stop = spans[g]
        m0, m1, p0 = int(move_at[g]), int(move_at[g + 1]), int(position_at[g])
        own = hashes[p0:p0 + m1 - m0 + 1]
        rec = _record(lines, (first, movetext, stop), tokens[g], game_texts[g], path,
                      first_number + g, sans[m0:m1], start_keys[g], own[1:named[g] + 1].tolist(),
                      build)
        if rec is not None:
            rec.key_hashes = own
        out.append(rec)
    return out


def _named_plies(hashes: np.ndarray, starts: np.ndarray, plies: np.ndarray) -> np.ndarray:
    """For each game (its start position's index, its ply count): the last ply, within the
    depth openings are looked for, whose position the openings table names (0: none). The
    opening's hashes up to it are all the classifier needs."""
    named = np.zeros(len(starts), dtype=np.int64)
    known = opening_hashes()   # sorted (np.isin would sort it again at every call)
    if not len(known):
        return named
    looked = np.minimum(plies, opening_depth())
    game = np.repeat(np.arange(len(starts)), looked)
    ply = np.arange(len(game)) - np.repeat(np.cumsum(looked) - looked, looked) + 1
    wanted = hashes[starts[game] + ply]
    hit = known[np.minimum(np.searchsorted(known, wanted), len(known) - 1)] == wanted
    np.maximum.at(named, game[hit], ply[hit])
    return named


def _record(lines, span, found, game, path, number, sans, start_key, named_hashes, build):
    """A record of the bulk reader's game: game is its (tag section, whole text);
    named_hashes, its positions' hashes as deep as the openings table names one."""
    first, movetext, stop = span
    if found is None:  # "1.e4" run together, say: the line-by-line tokenizer decides
        found = _joined(plain(lines, movetext, stop))
    notes = None
    if found is None:  # comments, variations, NAGs: the full tokenizer, kept as notes
        notes = scan(lines, movetext, stop)
        if notes.junk:
            return None
        tokens = [move[0] for move in notes.moves]
        rows = [move[1] for move in notes.moves]
        columns = [move[2] for move in notes.moves]
        result = notes.result
    else:
        joined, rows, columns = found
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


# -- the plain movetext of a whole batch of games at once -------------------------------------
IS_SPACE = np.zeros(256, dtype=bool)
IS_SPACE[[9, 10, 11, 12, 13, 28, 29, 30, 31, 32]] = True   # what str.split() splits at (ASCII)


def plain_batch(lines: list[str], spans: list, movetexts: list[str] | None = None) -> list:
    """For every game at spans (first, movetext, stop): None when its movetext is not plain
    (comments, variations, NAGs, a number run into its move), else its tokens but the move
    numbers, joined by single spaces, and their lines and columns; found by numpy over the
    batch's movetext at once (movetexts: each game's lines from its movetext, joined)."""
    if movetexts is None:
        movetexts = ["".join(lines[start:stop]) for _, start, stop in spans]
    texts = [text if text.endswith(("\n", "\r")) else text + "\n" for text in movetexts]
    big = "".join(texts)
    if not big.isascii():
        return [_joined(plain(lines, start, stop)) for _, start, stop in spans]
    chars = np.frombuffer(big.encode("ascii"), dtype=np.uint8)
    space = IS_SPACE[chars]
    starts = np.flatnonzero(~space & np.concatenate(([True], space[:-1])))
    ends = np.flatnonzero(~space & np.concatenate((space[1:], [True]))) + 1
    breaks = np.flatnonzero((chars == 10) | ((chars == 13) & np.append(chars[1:] != 10, True)))
    line_of = np.searchsorted(breaks, starts)       # lines of the batch's text before the token
    line_start = np.where(line_of > 0, breaks[np.maximum(line_of - 1, 0)] + 1, 0)
    line_counts = np.array([stop - start for _, start, stop in spans], dtype=np.intp)
    file_line = np.arange(len(breaks)) + np.repeat(
        np.array([start for _, start, _ in spans], dtype=np.intp) -
        (np.cumsum(line_counts) - line_counts), line_counts)
    first, last = chars[starts], chars[ends - 1]
    digit = (first >= 48) & (first <= 57)
    number = digit & (last == 46)
    game_start = np.cumsum([0] + [len(t) for t in texts])
    game_of = np.searchsorted(game_start, starts, side="right") - 1
    breakers = [m.start() for m in PLAIN_BREAKERS.finditer(big)]
    unplain = set((np.searchsorted(game_start, breakers, side="right") - 1).tolist())
    for i in np.flatnonzero(digit & ~number).tolist():   # results, 0-0, and "1.e4" run together
        token = big[starts[i]:ends[i]]
        if token not in RESULTS and not token.startswith("0-0"):
            unplain.add(int(game_of[i]))
    kept = np.flatnonzero(~number)
    joined, at = _spaced(chars, starts[kept], ends[kept])
    rows = (file_line[line_of[kept]] + 1).astype(np.int32)   # (kept as arrays: a game's
    columns = (starts[kept] - line_start[kept] + 1).astype(np.int32)   # plies are columns)
    bounds = np.searchsorted(game_of[kept], np.arange(len(spans) + 1))
    places = at[bounds].tolist()
    bounds = bounds.tolist()
    return [None if g in unplain else
            (joined[places[g]:max(places[g + 1] - 1, places[g])], rows[a:b], columns[a:b])
            for g, (a, b) in enumerate(zip(bounds, bounds[1:]))]


def _spaced(chars: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[str, np.ndarray]:
    """The tokens at starts..ends, each followed by one space, as one string; and where each
    token (and, last, the end) is in it."""
    widths = ends - starts + 1
    at = np.concatenate(([0], np.cumsum(widths)))
    picked = chars[np.repeat(starts - at[:-1], widths) + np.arange(at[-1])]
    picked[at[1:] - 1] = 32
    return picked.tobytes().decode("ascii"), at


def _joined(found):
    """plain()'s (tokens, lines, columns) with the tokens joined as plain_batch joins them."""
    return found and (" ".join(found[0]), found[1], found[2])
