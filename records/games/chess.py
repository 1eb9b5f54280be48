"""Chess: what printed moves can mean, replay through python-chess, display and export.

A printed descriptive move denotes the set of legal moves it can mean (`B-B4` may be either
bishop's file, `PxP` several captures). `resolve` finds the readings of a whole line that
replay to the end, backtracking where a move fits several, and reports what does not fit.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import chess
from chess import (BB_DIAG_ATTACKS, BB_DIAG_MASKS, BB_FILE_ATTACKS, BB_FILE_MASKS, BB_KING_ATTACKS,
                   BB_KNIGHT_ATTACKS, BB_PAWN_ATTACKS, BB_RANK_2, BB_RANK_3, BB_RANK_6, BB_RANK_7,
                   BB_RANK_ATTACKS, BB_RANK_MASKS, BB_SQUARES, BISHOP, KING, KNIGHT, PAWN, ROOK,
                   Move)

from ..notation import descriptive as dn

PIECES = {"P": chess.PAWN, "Kt": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK,
          "Q": chess.QUEEN, "K": chess.KING}
LETTER = {v: k for k, v in PIECES.items()}
FILE_OF = {"QR": 0, "QKt": 1, "QB": 2, "Q": 3, "K": 4, "KB": 5, "KKt": 6, "KR": 7}
FILES_OF = {"R": (0, 7), "Kt": (1, 6), "B": (2, 5), "Q": (3,), "K": (4,)}
FILE_NAME = {v: k for k, v in FILE_OF.items()}
DESIGNATOR = re.compile(r"^([KQ])?(Kt|B|R)?(Kt|B|R|Q|K|P)$")
SQUARE_NAME = re.compile(r"^([KQ])?(Kt|B|R|K|Q)([1-8])$")
MAX_READINGS = 8
SEARCH_BUDGET = 20000


# -- which man is which: "KKt" is the knight that started on the king's side ---------------
def initial_labels(board: chess.Board) -> dict[int, str]:
    """Side labels for rooks, knights and bishops by the half of the board they stand on."""
    labels = {}
    for sq, piece in board.piece_map().items():
        if piece.piece_type in (chess.ROOK, chess.KNIGHT, chess.BISHOP):
            labels[sq] = ("K" if chess.square_file(sq) >= 4 else "Q") + LETTER[piece.piece_type]
    return labels


class TracedLabels:
    """Labels of the men after the moves in path (a list the resolver grows and shrinks),
    found by tracing a man back to where it started: nothing is copied on every ply, and
    books need a label only for the few moves printed as `QKt-Q2` or `KR-Q sq`."""

    def __init__(self, start: dict[int, str], path: list, castled: list):
        self.start, self.path, self.castled = start, path, castled  # castled[i]: path[i] castles

    def get(self, sq: int, default=None):
        for move, castles in zip(reversed(self.path), reversed(self.castled)):
            if move.to_square == sq:
                if move.promotion:
                    if move.promotion not in (chess.ROOK, chess.KNIGHT, chess.BISHOP):
                        return default
                    return _side_of(sq) + LETTER[move.promotion]
                sq = move.from_square
            elif castles and _castling_rook(move) == sq:
                sq = chess.square(0 if chess.square_file(sq) == 3 else 7, chess.square_rank(sq))
            elif move.from_square == sq:
                return default  # the man that stood here has moved away
        return self.start.get(sq, default)

    def snapshot(self, board: chess.Board) -> dict[int, str]:
        return {sq: label for sq in board.piece_map() if (label := self.get(sq))}


def _castling_rook(move: chess.Move) -> int:
    """Where the rook lands when the king castles with move (e1-g1, e8-c8 ...)."""
    return chess.square(5 if chess.square_file(move.to_square) > 4 else 3,
                        chess.square_rank(move.from_square))


def moved_labels(labels: dict[int, str], board: chess.Board, move: chess.Move) -> dict[int, str]:
    new = dict(labels)
    new.pop(move.to_square, None)
    label = new.pop(move.from_square, None)
    if label and not move.promotion:
        new[move.to_square] = label
    if move.promotion in (chess.ROOK, chess.KNIGHT, chess.BISHOP):
        side = "K" if chess.square_file(move.to_square) >= 4 else "Q"
        new[move.to_square] = side + LETTER[move.promotion]
    if board.is_castling(move):
        rank = chess.square_rank(move.from_square)
        kingside = chess.square_file(move.to_square) > 4
        rook_from = chess.square(7 if kingside else 0, rank)
        rook_to = chess.square(5 if kingside else 3, rank)
        if rook_from in new:
            new[rook_to] = new.pop(rook_from)
    return new


# -- what a printed designator or square can mean ------------------------------------------
@lru_cache(maxsize=512)
def split_designator(text: str) -> tuple[str | None, str | None, str] | None:
    """'KKt' -> ('K', None, 'Kt'); 'QBP' -> ('Q', 'B', 'P'); 'KtP' -> (None, 'Kt', 'P')."""
    m = DESIGNATOR.match(text or "")
    return (m.group(1), m.group(2), m.group(3)) if m else None


def pawn_files(side: str | None, file_piece: str | None) -> tuple[int, ...]:
    if file_piece:
        return (FILE_OF[side + file_piece],) if side else FILES_OF[file_piece]
    return (FILE_OF[side],) if side else tuple(range(8))


@lru_cache(maxsize=2048)
def square_set(name: str, white: bool) -> int:
    """Mask of the squares a descriptive square name can mean for the side that moves."""
    m = SQUARE_NAME.match(name or "")
    if not m:
        return 0
    side, piece, rank = m.group(1), m.group(2), int(m.group(3))
    files = (FILE_OF[side + piece],) if side and side + piece in FILE_OF else FILES_OF.get(piece, ())
    if side and piece in ("K", "Q"):
        return 0
    row = rank - 1 if white else 8 - rank
    mask = 0
    for f in files:
        mask |= chess.BB_SQUARES[chess.square(f, row)]
    return mask


def _side_of(sq: int) -> str:
    return "K" if chess.square_file(sq) >= 4 else "Q"


def _man_fits(board, labels, sq, ptype, side, file_piece, strict_label) -> bool:
    """Does the man of type ptype on sq answer to the designator's side and file?"""
    if ptype == chess.PAWN:
        return chess.square_file(sq) in pawn_files(side, file_piece)
    if side is None or ptype in (chess.QUEEN, chess.KING):
        return side is None
    if strict_label:
        return labels.get(sq) == side + LETTER[ptype]
    return _side_of(sq) == side


def token_moves(board: chess.Board, labels: dict[int, str], tok: dn.Move,
                marks_checks: bool = False, strict_claims: bool = False,
                pool: list | None = None) -> list[chess.Move]:
    """Every legal move the printed token can mean, narrowed by its printed check or mate.

    In a book that marks its checks (marks_checks), a move printed without "ch" is read as
    one that gives no check when that choice remains.
    """
    moves = _literal_moves(board, labels, tok, pool)
    if (len(moves) > 1 or strict_claims) and (tok.check or tok.mate):
        claimed = [m for m in moves if _claim_holds(board, m, tok)]
        moves = claimed if strict_claims else claimed or moves
    elif len(moves) > 1 and marks_checks:
        quiet = [m for m in moves if not board.gives_check(m)]
        moves = quiet or moves
    return moves


def _claim_holds(board, move, tok) -> bool:
    board.push(move)
    try:
        return board.is_checkmate() if tok.mate else board.is_check()
    finally:
        board.pop()


def _literal_moves(board, labels, tok, pool: list | None = None) -> list[chess.Move]:
    """The legal moves a token can mean; pool, if given, gets every legal move of the same
    kind of man to the same squares (what SAN needs to tell them apart)."""
    if tok.san:
        try:
            return [board.parse_san(tok.san)]
        except ValueError:
            return []
    if tok.castles is not None:
        legal = [m for m in board.generate_castling_moves() if board.is_legal(m)]
        kingside = [m for m in legal if chess.square_file(m.to_square) > 4]
        if tok.castles == "Q":
            return [m for m in legal if m not in kingside]
        # a bare "Castles" is the king's side, as books print it, unless only the queen's is legal
        return kingside or ([] if tok.castles == "K" else legal)
    mover = split_designator(tok.piece)
    if mover is None:
        return []
    side, file_piece, letter = mover
    ptype = PIECES[letter]
    white = board.turn == chess.WHITE
    from_mask = board.pieces_mask(ptype, board.turn)
    if tok.origin:
        from_mask &= square_set(tok.origin, white)
    victim = None
    if tok.capture:
        to_mask = board.occupied_co[not board.turn]
        if board.ep_square is not None and ptype == chess.PAWN:
            to_mask |= chess.BB_SQUARES[board.ep_square]
        if tok.victim_square:
            to_mask &= square_set(tok.victim_square, white)
        if tok.victim:
            victim = split_designator(tok.victim)
            if victim is None:
                return []
            to_mask &= _men_to_take(board, PIECES[victim[2]], ptype)
    elif tok.steps:  # "K. P. two": wherever that pawn stands, so many squares on
        shift = 8 * tok.steps
        to_mask = (from_mask << shift if white else from_mask >> shift) & chess.BB_ALL
    else:
        to_mask = square_set(tok.target, white) & ~board.occupied
    moves = legal_moves_to(board, ptype, from_mask, to_mask)
    if tok.steps:
        moves = [m for m in moves if abs(m.to_square - m.from_square) == 8 * tok.steps]
    if pool is not None and not tok.origin:
        pool.extend(moves)
    if victim and (victim[0] or victim[1]):  # the victim named by its side or file
        moves = [m for m in moves if _victim_fits(board, labels, m, tok.victim)]
    if tok.en_passant:
        moves = [m for m in moves if board.is_en_passant(m)]
    if ptype == PAWN and (tok.promotion or any(m.promotion for m in moves)):
        moves = [m for m in moves if _promotion_fits(m, tok)]
    if side or file_piece:
        moves = _narrow_by_designator(board, labels, moves, ptype, side, file_piece)
    return moves


def legal_moves_to(board: chess.Board, ptype: int, from_mask: int, to_mask: int) -> list:
    """list(board.generate_legal_moves(from_mask, to_mask)) for men of one type, in the same
    order, but quicker for the one or two moves a printed move can mean: only that type's
    moves are generated, and a move is legal when, with the man moved, no enemy man attacks
    the king. Castling, en passant and promotions are left to python-chess."""
    turn = board.turn
    ours = board.occupied_co[turn]
    king_mask = board.kings & ours
    men = board.pieces_mask(ptype, turn) & from_mask
    if not king_mask or ptype == KING and board.castling_rights & ours or (
            ptype == PAWN and (men & (BB_RANK_7 if turn else BB_RANK_2) or (
                board.ep_square is not None and _may_take_en_passant(board, men, to_mask)))):
        return list(board.generate_legal_moves(men, to_mask))
    to_mask &= ~ours
    occupied = board.occupied
    attackers = board.attackers_mask
    enemy = not turn
    if ptype == KING:
        if not men:
            return []
        king = men.bit_length() - 1
        return [Move(king, to) for to in _squares_down(BB_KING_ATTACKS[king] & to_mask)
                if not attackers(enemy, to, occupied ^ men)]
    king = king_mask.bit_length() - 1
    moves = []
    if ptype == PAWN:
        for frm, to in _pawn_moves(men, turn, occupied, board.occupied_co[enemy] & to_mask,
                                   to_mask & ~occupied):
            to_bb = BB_SQUARES[to]
            if not attackers(enemy, king, (occupied ^ BB_SQUARES[frm]) | to_bb) & ~to_bb:
                moves.append(Move(frm, to))
        return moves
    while men:  # highest square first, as python-chess generates
        frm = men.bit_length() - 1
        from_bb = BB_SQUARES[frm]
        men ^= from_bb
        targets = reaching(ptype, frm, occupied) & to_mask
        while targets:
            to = targets.bit_length() - 1
            to_bb = BB_SQUARES[to]
            targets ^= to_bb
            if not attackers(enemy, king, (occupied ^ from_bb) | to_bb) & ~to_bb:
                moves.append(Move(frm, to))
    return moves


SAN_MOVE = re.compile(r"^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([NBRQ]))?[+#]*$")
SAN_PIECE = {None: PAWN, "N": KNIGHT, "B": BISHOP, "R": ROOK, "Q": chess.QUEEN, "K": KING}


def move_of_san(board: chess.Board, san: str) -> chess.Move | None:
    """The one legal move a SAN token means, found like a printed move (legal_moves_to);
    None for castling, ambiguity, an illegal move or anything odd: python-chess's parse_san
    then decides, and words its error."""
    m = SAN_MOVE.match(san)
    if not m:
        return None
    piece, file, rank, takes, target, promotion = m.groups()
    ptype = SAN_PIECE[piece]
    from_mask = chess.BB_ALL
    if file:
        from_mask &= chess.BB_FILES[ord(file) - 97]
    elif ptype == PAWN and not takes:
        from_mask &= chess.BB_FILES[ord(target[0]) - 97]
    if rank:
        from_mask &= chess.BB_RANKS[int(rank) - 1]
    wanted = SAN_PIECE[promotion] if promotion else None
    moves = [move for move in legal_moves_to(board, ptype, from_mask,
                                             BB_SQUARES[chess.parse_square(target)])
             if move.promotion == wanted]
    return moves[0] if len(moves) == 1 else None


def _squares_down(mask: int) -> list[int]:
    """The squares of a mask, highest first (as python-chess generates moves)."""
    out = []
    while mask:
        sq = mask.bit_length() - 1
        out.append(sq)
        mask ^= BB_SQUARES[sq]
    return out


def _may_take_en_passant(board: chess.Board, pawns: int, to_mask: int) -> bool:
    ep = board.ep_square
    return (ep is not None and to_mask & BB_SQUARES[ep]
            and BB_PAWN_ATTACKS[not board.turn][ep] & pawns)


def _pawn_moves(pawns: int, white: bool, occupied: int, captures: int, pushes: int) -> list:
    """Pawn captures, single and double steps, as python-chess orders them."""
    out = []
    if captures:
        out = [(frm, to) for frm in _squares_down(pawns)
               for to in _squares_down(BB_PAWN_ATTACKS[white][frm] & captures)]
    if not pushes:
        return out
    if white:
        single = (pawns << 8) & ~occupied
        double = ((single & BB_RANK_3) << 8) & ~occupied
        step = 8
    else:
        single = (pawns >> 8) & ~occupied
        double = ((single & BB_RANK_6) >> 8) & ~occupied
        step = -8
    out += [(to - step, to) for to in _squares_down(single & pushes)]
    out += [(to - 2 * step, to) for to in _squares_down(double & pushes)]
    return out


def reaching(ptype: int, sq: int, occupied: int) -> int:
    """The squares a knight, bishop, rook or queen on sq attacks, which are also the squares
    from which such a man reaches sq."""
    if ptype == KNIGHT:
        return BB_KNIGHT_ATTACKS[sq]
    reach = 0
    if ptype != ROOK:
        reach = BB_DIAG_ATTACKS[sq][BB_DIAG_MASKS[sq] & occupied]
    if ptype != BISHOP:
        reach |= (BB_RANK_ATTACKS[sq][BB_RANK_MASKS[sq] & occupied]
                  | BB_FILE_ATTACKS[sq][BB_FILE_MASKS[sq] & occupied])
    return reach


def _men_to_take(board: chess.Board, vtype: int, ptype: int) -> int:
    """The squares of the enemy men of type vtype, with the en passant square when a pawn
    takes a pawn."""
    mask = board.pieces_mask(vtype, not board.turn)
    if vtype == ptype == chess.PAWN and board.ep_square is not None:
        mask |= chess.BB_SQUARES[board.ep_square]
    return mask


def _narrow_by_designator(board, labels, moves, ptype, side, file_piece):
    by_label = [m for m in moves if _man_fits(board, labels, m.from_square, ptype, side,
                                              file_piece, True)]
    if by_label:
        return by_label
    return [m for m in moves if _man_fits(board, labels, m.from_square, ptype, side,
                                          file_piece, False)]


def _victim_fits(board, labels, move, victim) -> bool:
    parts = split_designator(victim)
    if parts is None:
        return False
    side, file_piece, letter = parts
    if board.is_en_passant(move):
        sq, ptype = chess.square(chess.square_file(move.to_square),
                                 chess.square_rank(move.from_square)), chess.PAWN
    else:
        sq, ptype = move.to_square, board.piece_type_at(move.to_square)
    if ptype != PIECES[letter]:
        return False
    if ptype != chess.PAWN and side:
        return labels.get(sq) == side + letter or _side_of(sq) == side
    return _man_fits(board, labels, sq, ptype, side, file_piece, False)


def _promotion_fits(move, tok) -> bool:
    if move.promotion is None:
        return tok.promotion is None
    wanted = PIECES.get(tok.promotion or "Q")
    return move.promotion == wanted


# -- replaying a printed line ------------------------------------------------------------------
@dataclass
class Resolution:
    readings: list[list[chess.Move]] = field(default_factory=list)
    plies: list = field(default_factory=list)  # per reading, with annotate: its Ply list
    failed_at: int = -1                  # index of the first token no reading gets past
    fail_board: chess.Board | None = None
    fail_labels: dict = field(default_factory=dict)
    fail_path: list = field(default_factory=list)  # the moves that reach the failure
    exhausted: bool = False              # the search budget ran out


def resolve(start: chess.Board, tokens: list, double_first: bool = False,
            marks_checks: bool | None = None, strict_claims: bool = False,
            labels: dict | None = None, annotate: bool = False) -> Resolution:
    """All readings (up to MAX_READINGS) of tokens that replay from start to the end.

    With annotate, each reading also gets its plies (SAN, position keys, the book's text and
    place, in res.plies), made on the way so that a record needs no second replay.
    """
    from ..model import Ply
    res = Resolution()
    plies: list = []
    if marks_checks is None:
        marks_checks = any(getattr(t, "check", False) or getattr(t, "mate", False) for t in tokens)
    board = start.copy(stack=False)
    budget = [SEARCH_BUDGET]
    path: list[chess.Move] = []
    castled: list[bool] = []
    labels = TracedLabels(labels if labels is not None else initial_labels(board), path, castled)

    def candidates(tok, pool) -> list:
        if isinstance(tok, dn.Move):
            return token_moves(board, labels, tok, marks_checks, strict_claims,
                               pool if annotate else None)
        if isinstance(tok, Given):
            return [tok.move] if board.is_legal(tok.move) else []
        return []

    def play(move: chess.Move, i: int, pool: list) -> None:
        castled.append(bool(board.kings & BB_SQUARES[move.from_square]) and board.is_castling(move))
        tok = tokens[i]
        if annotate:
            san = san_and_push(board, move, pool)
            plies.append(Ply(len(plies) + 1, tok.text, san, tok.line, tok.column,
                             position_key(board)))
        else:
            board.push(move)
        if double_first and i == 0:  # White's second move comes before Black's first
            board.push(chess.Move.null())
            if annotate:
                plies.append(Ply(len(plies) + 1, "", "--", tok.line, tok.column,
                                 position_key(board)))
        path.append(move)

    def take_back(i: int) -> None:
        path.pop()
        castled.pop()
        board.pop()
        extra = double_first and i == 0
        if extra:
            board.pop()
        if annotate:
            del plies[-2 if extra else -1:]

    def walk(i: int, restore: bool) -> None:
        """Read tokens[i:]: straight on while a token has one reading, branching where it
        has several. With restore, the board is left as found (a later branch needs it)."""
        first = i
        while True:
            if i == len(tokens):
                res.readings.append(list(path))
                res.plies.append(list(plies))
                break
            budget[0] -= 1
            if budget[0] < 0:
                res.exhausted = True
                break
            pool: list = []
            moves = candidates(tokens[i], pool)
            if len(moves) == 1:
                play(moves[0], i, pool)
                i += 1
                continue
            if not moves and i > res.failed_at:
                res.failed_at, res.fail_board = i, board.copy()
                res.fail_labels = labels.snapshot(board)
                res.fail_path = list(path)
            for k, move in enumerate(moves):
                again = restore or k < len(moves) - 1
                play(move, i, pool)
                walk(i + 1, again)
                if again:
                    take_back(i)
                if len(res.readings) >= MAX_READINGS or res.exhausted:
                    break
            break
        if restore:
            for j in range(i - 1, first - 1, -1):
                take_back(j)

    walk(0, False)
    if res.readings:
        res.failed_at = -1
    return res


SAN_LETTER = ("", "", "N", "B", "R", "Q", "K")


def san_and_push(board: chess.Board, move: chess.Move, pool: list) -> str:
    """board.san_and_push, quicker when pool holds every legal move of the moving kind of
    man to the target squares (the moves that could need telling apart)."""
    frm, to = move.from_square, move.to_square
    ptype = board.piece_type_at(frm)
    target = chess.SQUARE_NAMES[to]
    takes = "x" if board.occupied_co[not board.turn] & BB_SQUARES[to] else ""
    if ptype == PAWN:
        if takes or chess.square_file(frm) != chess.square_file(to):  # en passant takes too
            target = chess.FILE_NAMES[chess.square_file(frm)] + "x" + target
        san = target + ("=" + SAN_LETTER[move.promotion] if move.promotion else "")
    elif ptype == KING:  # a king is never told apart from another
        if board.is_castling(move):
            san = "O-O" if chess.square_file(to) > chess.square_file(frm) else "O-O-O"
        else:
            san = "K" + takes + target
    elif not pool:
        return board.san_and_push(move)
    else:
        rivals = [m.from_square for m in pool if m.to_square == to and m.from_square != frm]
        where = ""
        if rivals:
            file, rank = chess.square_file(frm), chess.square_rank(frm)
            if all(chess.square_file(r) != file for r in rivals):
                where = chess.FILE_NAMES[file]
            elif all(chess.square_rank(r) != rank for r in rivals):
                where = chess.RANK_NAMES[rank]
            else:
                where = chess.SQUARE_NAMES[frm]
        san = SAN_LETTER[ptype] + where + takes + target
    board.push(move)
    kings = board.kings & board.occupied_co[board.turn]  # board.is_check(), without its calls
    if kings and board.attackers_mask(not board.turn, kings.bit_length() - 1):
        san += "#" if board.is_checkmate() else "+"
    return san


def start_board(fen: str | None, remove: tuple = ()) -> chess.Board:
    board = chess.Board(fen) if fen else chess.Board()
    for name in remove:
        board.remove_piece_at(chess.parse_square(name))
    if remove:
        board.castling_rights = board.clean_castling_rights()
    return board


@lru_cache(maxsize=256)
def _cached_board(fen: str | None, remove: tuple) -> chess.Board:
    return start_board(fen, remove)


def mover_phrase(board: chess.Board) -> str:
    return f"{'White' if board.turn else 'Black'}'s move {board.fullmove_number}"


# -- spelling a move in descriptive notation ---------------------------------------------------
def square_name(sq: int, white: bool, short: bool) -> str:
    file_name = FILE_NAME[chess.square_file(sq)]
    rank = chess.square_rank(sq) + 1 if white else 8 - chess.square_rank(sq)
    if short and len(file_name) > 1:
        file_name = file_name[1:]
    return f"{file_name}{rank}"


def _man_names(board, labels, sq, ptype) -> list[str]:
    letter = LETTER[ptype]
    if ptype == chess.PAWN:
        file_name = FILE_NAME[chess.square_file(sq)]
        names = ["P", f"{file_name[1:] or file_name}P" if len(file_name) > 1 else f"{file_name}P",
                 f"{file_name}P"]
    elif ptype in (chess.KING, chess.QUEEN):
        names = [letter]
    else:
        names = [letter, labels.get(sq) or _side_of(sq) + letter]
    return list(dict.fromkeys(names))


def spellings(board: chess.Board, labels: dict, move: chess.Move) -> list[str]:
    """Descriptive spellings of a legal move, shortest unambiguous first."""
    suffix = _suffix(board, move)
    if board.is_castling(move):
        return ["Castles" + ("" if chess.square_file(move.to_square) > 4 else " QR") + suffix]
    white = board.turn == chess.WHITE
    ptype = board.piece_type_at(move.from_square)
    movers = _man_names(board, labels, move.from_square, ptype)
    promo = f"({LETTER[move.promotion]})" if move.promotion else ""
    if board.is_capture(move):
        victim_sq = move.to_square
        vtype = board.piece_type_at(victim_sq) or chess.PAWN
        if board.is_en_passant(move):
            victim_sq = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
        victims = _man_names(board, labels, victim_sq, vtype)
        forms = [f"{m}x{v}" for m in movers for v in victims]
        forms += [f"{m}x{v}({square_name(move.to_square, white, False)})"
                  for m in movers for v in victims[:1]]
        if board.is_en_passant(move):
            forms = [f + " e.p." for f in forms]
    else:
        targets = [square_name(move.to_square, white, True), square_name(move.to_square, white, False)]
        forms = [f"{m}-{t}" for m in movers for t in dict.fromkeys(targets)]
        origin = square_name(move.from_square, white, False)
        forms += [f"{m}({origin})-{targets[-1]}" for m in movers[:1]]
    forms = sorted(forms, key=len)
    exact = []
    for form in forms:
        tok = dn.parse_move(form + promo)
        if tok is not None and _literal_moves(board, labels, tok) == [move]:
            exact.append(form + promo + suffix)
    return exact or [forms[-1] + promo + suffix]


def _suffix(board, move) -> str:
    board.push(move)
    try:
        return " mate" if board.is_checkmate() else " ch" if board.is_check() else ""
    finally:
        board.pop()


def to_descriptive(board: chess.Board, moves: list[chess.Move]) -> list[str]:
    board = board.copy(stack=False)
    labels = initial_labels(board)
    out = []
    for move in moves:
        out.append(spellings(board, labels, move)[0])
        labels = moved_labels(labels, board, move)
        board.push(move)
    return out


# -- from a printed line to a validated record --------------------------------------------------
@dataclass
class Setup:
    fen: str | None = None
    remove: tuple = ()            # squares emptied for odds ("f7" for pawn and move)
    double_first: bool = False    # pawn and two moves: White plays twice before Black
    note: str = ""                # where the setup comes from, in words
    marks_checks: bool | None = None  # the book prints "ch" on its checks (None: judge by the line)

    def board(self) -> chess.Board:
        return _cached_board(self.fen, self.remove).copy(stack=False)


@dataclass
class Edit:
    label: str                    # what the edit does, for people
    tokens: list
    index: int                    # token the edit is made at
    known_ocr: bool = False
    readings: list = field(default_factory=list)


PIECE_LETTERS = ("P", "Kt", "B", "R", "Q", "K")


def text_variants(text: str) -> list[tuple[str, str, bool]]:
    """One-edit variants of a printed move: (new text, what changed, a known OCR confusion)."""
    out = []
    for m in re.finditer(r"Kt|K(?!t)", text):
        swap = "K" if m.group() == "Kt" else "Kt"
        out.append((text[:m.start()] + swap + text[m.end():], f"{swap} for {m.group()}", True))
    for m in re.finditer(r"[1-8]", text):
        for d in "12345678":
            if d != m.group():
                out.append((text[:m.start()] + d + text[m.end():], f"{d} for {m.group()}", False))
    for m in re.finditer(r"(?<![A-Za-z])(Kt|[PBRQK])(?!t)", text):
        for letter in PIECE_LETTERS:
            if letter != m.group() and not (letter == "Kt" and m.group() == "K") \
                    and not (letter == "K" and m.group() == "Kt"):
                out.append((text[:m.start()] + letter + text[m.end():],
                            f"{letter} for {m.group()}", False))
    for m in re.finditer(r"\s*[x×]\s*|\s*-\s*", text):
        swap = "-" if "-" not in m.group() else "x"
        out.append((text[:m.start()] + swap + text[m.end():], f"{swap.strip()} for {m.group().strip()}", False))
    for i, ch in enumerate(text):
        if not ch.isspace():
            out.append((text[:i] + text[i + 1:], f"{ch!r} dropped", False))
    if re.search(r"(?:Kt|[KQBR])$", text.rstrip(" !?")):
        stem = text.rstrip(" !?")
        for d in "12345678":
            out.append((stem + d + text[len(stem):], f"the dropped rank {d}", False))
    for m in re.finditer(r"(?<=[A-Za-z]) (?=[A-Za-z0-9])", text):
        out.append((text[:m.start()] + "-" + text[m.end():], "a dropped '-'", True))
    if re.match(r"\s*[-x×]", text):
        for letter in PIECE_LETTERS:
            out.append((letter + text.lstrip(), f"the dropped piece letter {letter}", True))
    return out


def _edits_at(tokens: list, i: int) -> list[Edit]:
    tok = tokens[i]
    edits = []
    for text, change, ocr in text_variants(tok.text):
        new = dn.parse_move(text)
        if new is None:
            continue
        new = dn.Move(**{**new.__dict__, "text": tok.text, "line": tok.line, "column": tok.column})
        edits.append(Edit(f'"{text}" ({change})', tokens[:i] + [new] + tokens[i + 1:], i, ocr))
    edits.append(Edit(f'without "{tok.text}" (printed once too often)', tokens[:i] + tokens[i + 1:], i))
    return edits


def find_repairs(setup: Setup, tokens: list, res: Resolution) -> list[Edit]:
    """The one-edit changes near the failure that let the whole line replay, deduplicated.

    Known OCR confusions (K for Kt, a dropped piece letter) are tried first: when exactly one
    of them replays it is the repair, whatever a freer misprint might also allow.
    """
    f = res.failed_at
    edits = [e for i in range(f, max(0, f - 2) - 1, -1) for e in _edits_at(tokens, i)]
    seen: set = set()
    known = _replaying(setup, [e for e in edits if e.known_ocr], seen, res)
    if len(known) == 1:
        return known
    seen.clear()
    return _replaying(setup, edits, seen, res) + _insertions(setup, tokens, res, seen)


def _replaying(setup: Setup, edits: list[Edit], seen: set, res: Resolution) -> list[Edit]:
    found = []
    for edit in edits:
        readings = _resolve_after(setup, edit.tokens, edit.index, res.fail_path)
        if readings:
            key = tuple(tuple(r) for r in readings)
            if key not in seen:
                seen.add(key)
                edit.readings = readings
                found.append(edit)
    return found


def _resolve_after(setup: Setup, tokens: list, j: int, path: list) -> list:
    """Readings of tokens that keep the first j moves of path (the line up to an edit)."""
    board = setup.board()
    labels = initial_labels(board)
    for i, move in enumerate(path[:j]):
        labels = moved_labels(labels, board, move)
        board.push(move)
        if setup.double_first and i == 0:
            board.push(chess.Move.null())
    trial = resolve(board, tokens[j:], setup.double_first and j == 0, setup.marks_checks,
                    labels=labels)
    return [path[:j] + r for r in trial.readings]


@dataclass(frozen=True)
class Given:
    """A move supplied by the resolver itself (a missing move tried in a gap)."""
    move: chess.Move
    text: str = ""
    line: int = 0
    column: int = 0


def _insertions(setup, tokens, res, seen) -> list[Edit]:
    """A move missing before the failing token: insert each legal move and see if the rest replays."""
    board, f = res.fail_board, res.failed_at
    found = []
    for move in list(board.legal_moves):
        trial_tokens = tokens[:f] + [Given(move)] + tokens[f:]
        readings = _resolve_after(setup, trial_tokens, f, res.fail_path)
        if readings:
            key = tuple(tuple(r) for r in readings)
            if key not in seen:
                seen.add(key)
                spelled = spellings(board, res.fail_labels, move)[0]
                ghost = Given(move, spelled, tokens[f].line, tokens[f].column)
                found.append(Edit(f'a missing move "{spelled}" inserted',
                                  tokens[:f] + [ghost] + tokens[f:], f, readings=readings))
    return found


def nearest_readings(board: chess.Board, labels: dict, printed: str, limit: int = 3) -> list[str]:
    spelled = [spellings(board, labels, m)[0] for m in board.legal_moves]
    norm = _squash(printed)
    return sorted(spelled, key=lambda s: (_distance(_squash(s), norm), len(s)))[:limit]


def _squash(text: str) -> str:
    return re.sub(r"[\s.]|ch$|mate$", "", text.replace("sq", "1").replace("×", "x"))


def _distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _move_phrase(board: chess.Board, tok) -> str:
    return f"\"{tok.text}\" at {mover_phrase(board)}"


def replay_into(rec, setup: Setup, tokens: list, moves: list[chess.Move], plies=None) -> None:
    """Fill rec.plies from a reading; check the printed check and mate claims on the way."""
    rec.plies = plies if plies is not None else _plies_of(setup, tokens, moves)
    made = (p for p in rec.plies if p.normal != "--")
    for tok, ply in zip(tokens, made):
        _check_claims(rec, tok, ply.normal[-1] in "+#", ply.normal[-1] == "#")


def _plies_of(setup: Setup, tokens: list, moves: list) -> list:
    from ..model import Ply
    board, out = setup.board(), []
    for i, (tok, move) in enumerate(zip(tokens, moves)):
        out.append(Ply(len(out) + 1, tok.text, board.san_and_push(move), tok.line, tok.column,
                       position_key(board)))
        if setup.double_first and i == 0:  # White's second move comes before Black's first
            board.push(chess.Move.null())
            out.append(Ply(len(out) + 1, "", "--", tok.line, tok.column, position_key(board)))
    return out


def _check_claims(rec, tok, check: bool, mate: bool) -> None:
    from ..model import WARNING
    if not isinstance(tok, dn.Move) or not (tok.check or tok.mate):
        return
    if tok.mate and not mate:
        rec.add(WARNING, "CHESS-FALSE-MATE", f"\"{tok.text}\" is printed as mate but "
                f"{'only checks' if check else 'does not even check'}", tok.line, tok.column)
    elif tok.check and not tok.mate and not check:
        rec.add(WARNING, "CHESS-FALSE-CHECK", f"\"{tok.text}\" is printed as check but "
                "gives no check", tok.line, tok.column)


def validate_line(rec, setup: Setup, items: list):
    """Replay a printed line into rec: plies, diagnostics, readings, normalised SAN."""
    from ..model import ERROR, WARNING
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    start = setup.board()
    rec.start_position = position_key(start)
    rec.data["start_fen"] = start.fen()
    if rec.data["start_fen"] != chess.STARTING_FEN:
        rec.data["fen"] = rec.data["start_fen"]
    for tok in tokens:
        for printed, read in getattr(tok, "ocr", ()):
            rec.add(WARNING, "CHESS-OCR", f"\"{printed}\" in \"{tok.text}\" read as \"{read}\" "
                    "(a known OCR confusion)", tok.line, tok.column, repair=True)
    if not tokens:
        rec.add(ERROR, "CHESS-EMPTY", "no moves found", rec.line, 1)
        return rec
    res = resolve(start, tokens, setup.double_first, setup.marks_checks, annotate=True)
    if not res.readings:
        _explain_failure(rec, setup, tokens, res)
        return rec
    _settle_readings(rec, setup, tokens, res.readings, res.plies)
    return rec


def _settle_readings(rec, setup, tokens, readings, plies=None):
    from ..model import WARNING
    if len(readings) == 1:
        replay_into(rec, setup, tokens, readings[0], plies[0] if plies else None)
        return
    split = next(i for i in range(len(tokens)) if len({r[i] for r in readings}) > 1)
    board = setup.board()
    for move in readings[0][:split]:
        board.push(move)
    tok = tokens[split]
    sans = sorted({board.san(r[split]) for r in readings})
    rec.data["readings"] = [_san_list(setup, r) for r in readings]
    rec.add(WARNING, "CHESS-AMBIGUOUS", f"{_move_phrase(board, tok)} can mean "
            f"{' or '.join(sans)}, and each reading replays to the end",
            tok.line, tok.column, f"keep one of the {len(readings)} readings stored with the record")
    replay_into(rec, setup, tokens[:split], readings[0][:split])


def _san_list(setup: Setup, moves: list) -> list[str]:
    board, out = setup.board(), []
    for i, move in enumerate(moves):
        out.append(board.san(move))
        board.push(move)
        if setup.double_first and i == 0:
            board.push(chess.Move.null())
    return out


def _explain_failure(rec, setup, tokens, res):
    from ..model import WARNING
    repairs = find_repairs(setup, tokens, res)
    if len(repairs) == 1:
        edit = repairs[0]
        at = tokens[edit.index]
        rec.add(WARNING, "CHESS-REPAIRED", f"{_move_phrase(res.fail_board, tokens[res.failed_at])}"
                f" cannot be played as printed; the only one-edit reading that replays is "
                f"{edit.label}", at.line, at.column, "check the book; the original text is kept",
                repair=True)
        rec.data["repair"] = edit.label
        _settle_readings(rec, setup, edit.tokens, edit.readings)
        return
    _report_failure(rec, setup, tokens, res, repairs)
    prefix = resolve(setup.board(), tokens[:res.failed_at], setup.double_first, setup.marks_checks)
    if prefix.readings:
        _settle_readings(rec, setup, tokens[:res.failed_at], prefix.readings)
    if not repairs:
        _diagnose_rest(rec, tokens, res)


def _report_failure(rec, setup, tokens, res, repairs):
    from ..model import ERROR
    board, tok = res.fail_board, tokens[res.failed_at]
    code = "CHESS-UNREADABLE" if isinstance(tok, dn.Unreadable) else "CHESS-ILLEGAL"
    if board.is_game_over():
        why = f"the game is already over ({_ending(board)})"
    elif isinstance(tok, dn.Unreadable):
        why = "it cannot be read as a move"
    else:
        why = "no legal move matches it"
    if repairs:
        suggestion = ("one-edit readings that replay: " if len(repairs) > 1 else
                      "the one-edit reading that replays from here: ") + \
            "; ".join(e.label for e in repairs[:5])
        rec.data.setdefault("candidates", []).extend(
            {"edit": e.label, "moves": _san_list(setup, e.readings[0])} for e in repairs)
    elif board.is_game_over():
        suggestion = "the line goes on after the game has ended"
    else:
        near = nearest_readings(board, res.fail_labels, tok.text)
        suggestion = "nearest legal readings: " + ", ".join(f'"{n}"' for n in near)
    rec.add(ERROR, code, f"{_move_phrase(board, tok)}: {why}", tok.line, tok.column, suggestion)


MAX_ERRORS = 6


def _diagnose_rest(rec, tokens, res):
    """Past an unmendable move, find the legal move that lets most of the rest replay and
    report the next failure from there, so one bad move does not hide the others."""
    from ..model import ERROR, INFO
    board, f = res.fail_board, res.failed_at
    rest = tokens[f + 1:]
    if not rest or board.is_game_over():
        return
    if sum(d.severity == ERROR for d in rec.diagnostics) >= MAX_ERRORS:
        rec.add(INFO, "CHESS-UNCHECKED", f"{len(rest)} further moves not checked after "
                f"{MAX_ERRORS} errors", rest[0].line, rest[0].column)
        return
    trials = []
    for move in board.legal_moves:
        after = board.copy(stack=False)
        after.push(move)
        trial = resolve(after, rest, marks_checks=True)
        trials.append((len(rest) if trial.readings else trial.failed_at, move, after, trial))
    deepest = max(t[0] for t in trials)
    tied = [t for t in trials if t[0] == deepest]
    if len(tied) > 1:
        order = {s: i for i, s in enumerate(nearest_readings(board, res.fail_labels,
                                                             tokens[f].text, limit=200))}
        tied.sort(key=lambda t: order.get(spellings(board, res.fail_labels, t[1])[0], 999))
    depth, move, after, trial = tied[0]
    if depth >= len(rest):
        rec.data["continues_after"] = board.san(move)
        return
    sub = Setup(fen=after.fen(), marks_checks=True)
    sub_res = Resolution(failed_at=trial.failed_at, fail_board=trial.fail_board,
                         fail_labels=trial.fail_labels, fail_path=trial.fail_path)
    repairs = find_repairs(sub, rest, sub_res)
    _report_failure(rec, sub, rest, sub_res, repairs)
    if not repairs:
        _diagnose_rest(rec, rest, sub_res)


def _ending(board: chess.Board) -> str:
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    return "no legal move"


# -- books ---------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _setup_facts() -> tuple[list, list]:
    import json
    from ..resources import data_path
    odds = json.loads(data_path("chess", "odds.json").read_text())["odds"]
    books = json.loads(data_path("chess", "book_setups.json").read_text())["books"]
    return odds, books


def odds_setup(heading: str) -> Setup | None:
    odds, _ = _setup_facts()
    low = heading.lower()
    for entry in odds:
        if entry["match"] in low:
            return Setup(remove=tuple(entry["remove"]), double_first=entry.get("double_first", False),
                         note=entry["note"])
    return None


def book_setups(text: str) -> dict:
    _, books = _setup_facts()
    found = {}
    for book in books:
        if all(marker in text for marker in book["markers"]):
            found.update(book["setups"])
    return found


NUMBERED = re.compile(r"^\s*(?:\d+\s?\.|\$|-\s+\d)")  # rows of moves, not notes
PARALLEL_PLIES = 4000  # below this a second process costs more than it saves
PARALLEL_CHARS = 60_000  # a book this long is found and replayed from both ends at once
MAIN_SHARE = 0.52    # the other process also pickles what it made: it gets a little less


def scan_book(text: str, path: str) -> list:
    """Every chess line in a book's text, replayed and titled as the book prints it.

    Lines that stand alone (most games) are replayed on every core when there are many;
    variations and lines that start from another line's position follow in book order.
    """
    from ..parallel import collector_paused
    with collector_paused():
        return _scan(text, path)


def _scan(text: str, path: str) -> list:
    from .. import parallel
    from ..notation.chess_book import find_games, split_point
    lines = text.splitlines()
    facts = book_setups(text)
    if not facts and len(text) >= PARALLEL_CHARS and parallel.worthwhile():
        cut = split_point(text, lines, MAIN_SHARE)
        records = _scan_in_two(text, path, lines, cut) if cut else None
        if records is not None:
            return records
    raws = find_games(text)
    titles = _titles(raws, path)
    marks = _marks_checks(raws)
    jobs = [(raw, title, facts.get(title, {}), path, lines, marks)
            for raw, title in zip(raws, titles)]
    ready = _records_of([job for job in jobs if _stands_alone(job[0], job[2])])
    return _in_book_order(jobs, ready)


def _scan_in_two(text: str, path: str, lines: list[str], cut: int) -> list | None:
    """The book read from its two ends at once: this process finds and replays the games
    before line cut, a forked one those from it on (find_games reads from cut afresh, as
    split_point promises). Lines that hang on others are replayed here afterwards, in order.
    None if the halves disagree on whether the book marks its checks (read it whole then)."""
    from .. import parallel

    def half(start: int, stop: int | None) -> tuple[list, bool, list]:
        from ..notation.chess_book import find_games
        raws = find_games(text, start, stop)
        marks = _marks_checks(raws)
        alone = [raw for raw in raws if _stands_alone(raw, {})]
        return raws, marks, [_record_of((raw, raw.heading, {}, path, lines, marks), {})
                             for raw in alone]

    def second() -> tuple:
        raws, marks, records = half(cut, None)
        summaries = [_Summary(raw.heading, raw.first_number, raw.black_first)
                     if _stands_alone(raw, {}) else raw for raw in raws]
        return summaries, marks, parallel.packed(records)

    (raws_a, marks_a, records_a), (raws_b, marks_b, packed_b) = parallel.in_two(
        lambda: half(1, cut), second)
    if marks_a != marks_b:
        return None
    raws = raws_a + raws_b
    jobs = [(raw, title, {}, path, lines, marks_a) for raw, title in zip(raws, _titles(raws, path))]
    ready = records_a + parallel.unpacked(packed_b)
    for rec, job in zip(ready, [job for job in jobs if _stands_alone(job[0], {})]):
        rec.title = rec.tags["BookTitle"] = job[1]
    return _in_book_order(jobs, ready)


@dataclass
class _Summary:
    """What the titles need of a game replayed in the other process."""
    heading: str
    first_number: int
    black_first: bool
    tags: dict = field(default_factory=dict)


def _marks_checks(raws: list) -> bool:
    """Does the book print its checks? Then a move printed without one gives none."""
    return any(getattr(t, "check", False) or getattr(t, "mate", False)
               for raw in raws for t in raw.moves())


def _stands_alone(raw, fact: dict) -> bool:
    """A line that starts from its own position, not from another line's."""
    return not fact.get("branch_of") and not _is_fragment(raw) and not raw.tags.get("_as_in")


def _in_book_order(jobs: list, ready: list) -> list:
    """The records in book order: those made already for the lines that stand alone, and the
    others made now, from the records before them."""
    ready_iter = iter(ready)
    done: dict[str, object] = {}
    records = []
    for job in jobs:
        rec = next(ready_iter) if _stands_alone(job[0], job[2]) else _record_of(job, done)
        done[job[1]] = rec
        records.append(rec)
    return records


def _records_of(jobs: list) -> list:
    from .. import parallel
    plies = sum(job[0].count for job in jobs)
    if plies < PARALLEL_PLIES or not parallel.worthwhile():
        return [_record_of(job, {}) for job in jobs]
    cut, done = 0, 0
    while cut < len(jobs) and done < plies * MAIN_SHARE:
        done += jobs[cut][0].count
        cut += 1
    mine, theirs = parallel.records_in_two(lambda: [_record_of(job, {}) for job in jobs[:cut]],
                                           lambda: [_record_of(job, {}) for job in jobs[cut:]])
    return mine + theirs


def _record_of(job, done: dict):
    from ..model import Record
    raw, title, fact, path, lines, marks = job
    rec = Record(kind="chess", title=fact.get("title", title), source=path, line=raw.line,
                 end_line=raw.end_line, text="\n".join(lines[raw.line - 1:raw.end_line]))
    rec.tags = {k: v for k, v in raw.tags.items() if not k.startswith("_") and v}
    rec.tags["BookTitle"] = title
    notes = [line.strip() for line in lines[raw.line - 1:raw.end_line]
             if line.strip() and not NUMBERED.match(line)]
    if notes:
        rec.data["annotations"] = " ".join(notes)
    _validate_raw(rec, raw, fact, done, marks)
    _classify(rec)
    rec.normal = san_movetext(rec)
    return rec


def _is_fragment(raw) -> bool:
    return raw.first_number > 1 or raw.black_first


def _titles(raws, path) -> list[str]:
    """Titles as printed: the heading, numbered when it heads several lines; a line that
    starts in mid-game is named as a variation of the line above it."""
    import os
    groups: dict[str, int] = {}
    for raw in raws:
        if not _is_fragment(raw):
            groups[raw.heading] = groups.get(raw.heading, 0) + 1
    seen: dict[str, int] = {}
    last_full: dict[str, str] = {}
    out = []
    for raw in raws:
        name = raw.heading or os.path.basename(path)
        if _is_fragment(raw) and raw.heading in last_full:
            dots = "..." if raw.black_first else ""
            out.append(f"{last_full[raw.heading]}, variation at move {raw.first_number}{dots}")
            continue
        if _is_fragment(raw):  # a game printed from mid-game: the heading's own line
            last_full[raw.heading] = name
            out.append(name)
            continue
        seen[raw.heading] = seen.get(raw.heading, 0) + 1
        title = f"{name} ({seen[raw.heading]})" if groups[raw.heading] > 1 else name
        last_full[raw.heading] = title
        out.append(title)
    return out


def _validate_raw(rec, raw, fact: dict, done: dict, marks_checks: bool) -> None:
    from ..model import INFO, WARNING
    setup = _setup_for(rec, raw, fact, done)
    if setup is None:
        return
    setup.marks_checks = marks_checks
    if setup.note:
        rec.tags["SetUpNote"] = setup.note
    items = raw.items
    if fact.get("moves"):
        items = [dn.placed(dn.parse_move(m), rec.line, 0) for m in fact["moves"]] + list(items)
        rec.add(INFO, "CHESS-WORDS", f"the line starts with {', '.join(fact['moves'])}, given in "
                f"words: \"{fact['words']}\"", rec.line, 1)
    if raw.tags.get("_diagram") and not fact and _fails_at_once(setup, items):
        rec.add(WARNING, "CHESS-NO-SETUP", "the line starts from a diagram whose position the "
                "text does not give; it is kept but not replayed", rec.line, 1,
                "give the position as FEN to replay it")
        return
    validate_line(rec, setup, items)
    failed_early = any(d.code in ("CHESS-ILLEGAL", "CHESS-UNREADABLE") and
                       _token_index(raw, d) <= 1 for d in rec.diagnostics)
    if failed_early and fact.get("fen"):
        _try_setup_repair(rec, raw, setup, items)


def _fails_at_once(setup: Setup, items: list, within: int = 6) -> bool:
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    res = resolve(setup.board(), tokens, setup.double_first, setup.marks_checks)
    return not res.readings and res.failed_at < min(within, len(tokens))


def _token_index(raw, diag) -> int:
    for i, tok in enumerate(raw.moves()):
        if tok.line == diag.line and tok.column == diag.column:
            return i
    return 99


def _setup_for(rec, raw, fact, done) -> Setup | None:
    from ..model import WARNING
    if fact.get("branch_of"):
        setup = _position_of(done.get(fact["branch_of"]), fact["after_plies"], fact["words"])
        if setup is None:
            rec.add(WARNING, "CHESS-NO-SETUP", f"the line branches from {fact['branch_of']!r}, "
                    "which does not replay that far", rec.line, 1)
            return None
        rec.tags["Variation"] = f"of {fact['branch_of']} after ply {fact['after_plies']}"
        return setup
    if fact.get("fen"):
        return Setup(fen=fact["fen"], note=fact.get("words", ""))
    odds = odds_setup(raw.heading)
    if odds:
        return odds
    if raw.tags.get("_fen"):
        try:
            return Setup(fen=chess.Board(raw.tags["_fen"]).fen(), note="the FEN printed above the line")
        except ValueError:
            rec.add(WARNING, "CHESS-BAD-FEN", f"the FEN above the line cannot be read: "
                    f"{raw.tags['_fen']}", rec.line, 1)
            return None
    if raw.tags.get("_as_in"):
        game, last = raw.tags["_as_in"]
        base = next((r for r in reversed(list(done.values()))
                     if r.tags.get("BookGame") == str(game) and "Variation" not in r.tags), None)
        setup = _position_of(base, 2 * last, f"moves 1-{last} as in game {game}")
        if setup is not None and not _fails_at_once(setup, raw.items):
            return setup
    drawn = [(raw.tags["_board"], "the diagram printed above the line")] \
        if raw.tags.get("_board") else []
    for placement, note in drawn + raw.tags.get("_board_words", []):
        turn = "b" if raw.black_first else "w"
        board = chess.Board(f"{placement} {turn} - - 0 {raw.first_number}")
        board.castling_rights = chess.BB_CORNERS  # kings and rooks at home may castle
        board.castling_rights = board.clean_castling_rights()
        if board.is_valid() and not _fails_at_once(Setup(fen=board.fen()), raw.items):
            return Setup(fen=board.fen(), note=note)
    if _is_fragment(raw):
        return _branch_setup(rec, raw, done)
    return Setup()


def _position_of(base, plies: int, note: str) -> Setup | None:
    if base is None or not base.data.get("start_fen") or len(base.plies) < plies:
        return None
    board = chess.Board(base.data["start_fen"])
    for ply in base.plies[:plies]:
        board.push_san(ply.normal)
    return Setup(fen=board.fen(), note=note)


def _branch_setup(rec, raw, done) -> Setup | None:
    """A line printed from move n on: a variation of the line above it, from its position
    before move n (or before Black's move n)."""
    from ..model import WARNING
    base_title = rec.tags["BookTitle"].rsplit(", variation at move", 1)[0]
    base = done.get(base_title)
    start = chess.Board(base.data["start_fen"]) if base is not None and base.data.get("start_fen") \
        else chess.Board()
    plies = 2 * (raw.first_number - start.fullmove_number) + (1 if raw.black_first else 0) \
        - (1 if start.turn == chess.BLACK else 0)
    setup = _position_of(base, plies, f"the position of {base_title} before this move")
    if setup is not None and not _fails_at_once(setup, raw.items):
        rec.tags["Variation"] = f"of {base_title} at move {raw.first_number}"
        return setup
    rec.add(WARNING, "CHESS-NO-SETUP", f"the line starts at move {raw.first_number} from a "
            "position the text does not give; it is kept but not replayed", rec.line, 1,
            "give the position as FEN to replay it")
    return None


def _try_setup_repair(rec, raw, setup: Setup, items) -> None:
    """A position given in words that the moves contradict at once: try moving one man of it.

    The candidate that lets the line replay furthest (printed checks counted as binding) wins
    if it alone does; later misprints in the line are then diagnosed as usual.
    """
    from ..model import Record, WARNING
    board = setup.board()
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    scored = []
    for sq, piece in board.piece_map().items():
        for target in chess.SQUARES:
            if board.piece_at(target) is not None:
                continue
            trial = board.copy(stack=False)
            trial.remove_piece_at(sq)
            trial.set_piece_at(target, piece)
            if trial.is_valid():
                scored.append((_reach(trial, tokens, setup), sq, target, piece, trial))
    if not scored:
        return
    scored.sort(key=lambda s: s[0], reverse=True)
    best = scored[0]
    if (len(scored) > 1 and scored[1][0] == best[0]) or best[0] <= _reach(board, tokens, setup) \
            or best[0][0] < min(4, len(tokens)):
        return
    _, sq, target, piece, trial = best
    white = piece.color == chess.WHITE
    words = (f"the {'white' if white else 'black'} {chess.piece_name(piece.piece_type)} on "
             f"{square_name(target, white, False)} instead of {square_name(sq, white, False)}")
    fresh = Record(kind=rec.kind, title=rec.title, source=rec.source, line=rec.line,
                   end_line=rec.end_line, text=rec.text, tags=rec.tags)
    validate_line(fresh, Setup(fen=trial.fen(), note=setup.note, marks_checks=setup.marks_checks),
                  items)
    fresh.add(WARNING, "CHESS-SETUP-REPAIRED", f"the position as described ({setup.note}) does "
              f"not let the line replay; with {words}, the only one-man change that does, it "
              "replays", rec.line, 1, "the described position is kept in the record's data", True)
    fresh.diagnostics.insert(0, fresh.diagnostics.pop())
    fresh.data["described_fen"] = board.fen()
    rec.plies, rec.diagnostics, rec.data = fresh.plies, fresh.diagnostics, fresh.data
    rec.start_position = fresh.start_position


def _reach(board: chess.Board, tokens: list, setup: Setup) -> tuple[int, int]:
    """How far a line replays from board: with printed checks binding, then without."""
    def depth(res):
        return len(tokens) if res.readings else res.failed_at
    strict = resolve(board, tokens, marks_checks=setup.marks_checks, strict_claims=True)
    loose = resolve(board, tokens, marks_checks=setup.marks_checks)
    return depth(strict), depth(loose)


def _classify(rec) -> None:
    try:
        from .chess_openings import classify_keys
    except ImportError:
        return
    if not rec.plies or rec.data.get("start_fen", chess.STARTING_FEN) != chess.STARTING_FEN:
        return
    found = classify_keys([p.position for p in rec.plies], [p.normal for p in rec.plies])
    if found and found[1]:
        rec.tags["ECO"], rec.tags["Opening"] = found[0], found[1]


def san_movetext(rec) -> str:
    fields = rec.data.get("start_fen", chess.STARTING_FEN).split()
    white, number = fields[1] == "w", int(fields[5])
    parts = []
    for ply in rec.plies:
        if white:
            parts.append(f"{number}.")
        elif not parts:
            parts.append(f"{number}...")
        parts.append(ply.normal)
        number += 0 if white else 1
        white = not white
    return " ".join(parts)


# -- the family API: show, export, search ---------------------------------------------------------
EXPORT_FORMATS = ("pgn", "descriptive")


def start_fen_of(rec) -> str:
    """The record's starting FEN: as stored, or the initial position, or from its key (with
    castling allowed where king and rook stand at home)."""
    fen = rec.data.get("start_fen") or rec.data.get("fen")
    if fen:
        return fen
    if not rec.start_position or rec.start_position == position_key(chess.Board()):
        return chess.STARTING_FEN
    board = chess.Board(fen_of_key(rec.start_position))
    board.castling_rights = chess.BB_CORNERS
    board.castling_rights = board.clean_castling_rights()
    return board.fen()


def board_at(rec, ply: int | None = None) -> tuple[chess.Board, list[chess.Move]]:
    board = chess.Board(start_fen_of(rec))
    start = board.copy()
    moves = []
    for p in rec.plies[:ply if ply is not None else len(rec.plies)]:
        move = board.parse_san(p.normal)
        moves.append(move)
        board.push(move)
    return start, moves


def render_text(rec, ply: int | None = None) -> str:
    start, moves = board_at(rec, ply)
    board = start.copy()
    lines = [f"{rec.title}  [{rec.status}]"]
    for i, (move, p) in enumerate(zip(moves, rec.plies)):
        number = f"{board.fullmove_number}{'.' if board.turn else '...'}"
        lines.append(f"  {number:<6}{p.normal:<10}{p.text}")
        board.push(move)
    lines.append("")
    lines.append(board.unicode(borders=False, empty_square="·"))
    lines.append(f"after ply {len(moves)} of {len(rec.plies)}; "
                 f"{'White' if board.turn else 'Black'} to move; FEN {board.fen()}")
    return "\n".join(lines)


def render_svg(rec, ply: int | None = None) -> str:
    import chess.svg
    start, moves = board_at(rec, ply)
    board = start.copy()
    for move in moves:
        board.push(move)
    return chess.svg.board(board, lastmove=moves[-1] if moves and moves[-1] else None, size=400)


def export(records: list, fmt: str) -> str:
    if fmt == "pgn":
        from ..formats.pgn import write
        return write(records)
    if fmt == "descriptive":
        return "".join(descriptive_text(r) + "\n" for r in records)
    raise ValueError(f"chess records export as {', '.join(EXPORT_FORMATS)}, json or csv, not {fmt!r}")


def descriptive_text(rec) -> str:
    """A game in English descriptive notation, numbered rows of White and Black."""
    start, moves = board_at(rec)
    spelled = to_descriptive(start, [m for m in moves if m])
    board = start.copy()
    heading = f"GAME No. {rec.id}. {rec.title}" if rec.id else rec.title
    rows, row = [heading] + [f"    {k}: {v}" for k, v in rec.tags.items()
                             if k in ("Event", "Date", "Result")], ""
    if rec.tags.get("White") or rec.tags.get("Black"):
        rows.append(f"    White: {rec.tags.get('White', '?')}. Black: {rec.tags.get('Black', '?')}.")
    if start.fen() != chess.STARTING_FEN:
        rows.append(f"    [FEN \"{start.fen()}\"]")
    for move, text in zip(moves, spelled):
        if board.turn == chess.WHITE:
            row = f"   {board.fullmove_number:>3}. {text:<16}"
        else:
            rows.append((row or f"   {board.fullmove_number:>3}. {'...':<16}") + text)
            row = ""
        board.push(move)
    if row:
        rows.append(row.rstrip())
    return "\n".join(rows) + "\n"


def position_key(board_or_fen) -> str | None:
    """The archive's key for a position: the men on the board and the side to move.

    It is the piece bitboards in hex (fast to make on every ply of a big import); a FEN typed
    by a user is keyed the same way. Castling rights and en passant are left out on purpose:
    a user searching for a position means the men, and a hand-typed FEN rarely gets those
    fields right. fen_of_key turns a key back into a FEN.
    """
    if isinstance(board_or_fen, chess.Board):
        b = board_or_fen
        return "%x:%x:%x:%x:%x:%x:%x:%s" % (b.pawns, b.knights, b.bishops, b.rooks, b.queens,
                                            b.kings, b.occupied_co[chess.WHITE],
                                            "w" if b.turn else "b")
    fields = board_or_fen.strip().split()
    try:
        board = chess.Board(None)
        board.set_board_fen(fields[0])
    except (ValueError, IndexError):
        return None
    board.turn = not (len(fields) > 1 and fields[1] == "b")
    return position_key(board)


def fen_of_key(key: str) -> str:
    """The FEN of a position key (no castling or en passant, move 1)."""
    if not key:
        return chess.STARTING_FEN
    *masks, side = key.split(":")
    pawns, knights, bishops, rooks, queens, kings, white = (int(m, 16) for m in masks)
    board = chess.Board(None)
    for ptype, mask in zip(chess.PIECE_TYPES, (pawns, knights, bishops, rooks, queens, kings)):
        for sq in chess.scan_forward(mask):
            board.set_piece_at(sq, chess.Piece(ptype, bool(white & chess.BB_SQUARES[sq])))
    board.turn = side == "w"
    return board.fen()


def move_prefixes(text: str) -> list[list[str]]:
    """The SAN sequences a typed list of moves (descriptive or SAN) can mean from the start."""
    items = dn.parse(text)
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    if not tokens or any(isinstance(t, dn.Unreadable) for t in tokens):
        return []
    res = resolve(chess.Board(), tokens)
    return [_san_list(Setup(), r) for r in res.readings]


def matches(rec, filters: dict) -> bool:
    result = filters.get("result")
    return not result or rec.tags.get("Result", "") == result


def showcase(archive, console) -> None:
    """hoyle demo: chess position search, a replayed game, and descriptive export."""
    console.print("\n[bold]chess[/bold]")
    philidor = "rn1qkbnr/ppp2ppp/3p4/4p3/3PP1b1/5N2/PPP2PPP/RNBQKB1R w KQkq - 1 4"
    found = archive.search(kind="chess", positions=[position_key(philidor)])
    console.print(f"games passing through the Philidor position after 3...B-Kt5: "
                  f"{', '.join(r.title for r in found) or 'none'}", markup=False)
    games = archive.search(kind="chess", name="Isouard", full=True)  # Morphy's Opera game
    if games:
        console.print(render_text(games[0]), markup=False)
    sans = [r for r in archive.search(kind="chess", full=True)
            if r.plies and not any(p.text != p.normal for p in r.plies)][:1]
    for rec in sans:
        console.print("a SAN game exported in descriptive notation:", markup=False)
        console.print(descriptive_text(rec), markup=False)
