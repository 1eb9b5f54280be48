"""Chess moves: which man is which ("KKt"), what a printed designator or square can mean,
legal moves narrowed before they are generated, SAN, and the archive's position key.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

import chess
from chess import (
    BB_DIAG_ATTACKS,
    BB_DIAG_MASKS,
    BB_FILE_ATTACKS,
    BB_FILE_MASKS,
    BB_KING_ATTACKS,
    BB_KNIGHT_ATTACKS,
    BB_PAWN_ATTACKS,
    BB_RANK_2,
    BB_RANK_3,
    BB_RANK_6,
    BB_RANK_7,
    BB_RANK_ATTACKS,
    BB_RANK_MASKS,
    BB_SQUARES,
    BISHOP,
    KING,
    KNIGHT,
    PAWN,
    ROOK,
    Move,
)

from records.chess.keys import (  # noqa: F401  (the position keys, here as they always were)
    HASH_MULTIPLIER,
    HASH_SEED,
    MASK64,
    hashes_of_keys,
    key_hash,
    key_hashes,
    position_key,
)

if TYPE_CHECKING:   # the grammar behind it loads only when book text is read
    from records.chess import descriptive as dn

PIECES = {"P": chess.PAWN, "Kt": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK,
          "Q": chess.QUEEN, "K": chess.KING}
LETTER = {v: k for k, v in PIECES.items()}
FILE_OF = {"QR": 0, "QKt": 1, "QB": 2, "Q": 3, "K": 4, "KB": 5, "KKt": 6, "KR": 7}
FILES_OF = {"R": (0, 7), "Kt": (1, 6), "B": (2, 5), "Q": (3,), "K": (4,)}
FILE_NAME = {v: k for k, v in FILE_OF.items()}
DESIGNATOR = re.compile(r"^([KQ])?(Kt|B|R)?(Kt|B|R|Q|K|P)$")
SQUARE_NAME = re.compile(r"^([KQ])?(Kt|B|R|K|Q)([1-8])$")
BARE_FILE = re.compile(r"^([KQ])?(Kt|B|R|K|Q)$")
MAX_READINGS = 8
SEARCH_BUDGET = 20000
FILE_CAPTURE = re.compile(r"^([a-h])x([a-h])$")   # `exd`: a pawn capture named by its files


# -- which man is which: "KKt" is the knight that started on the king's side ---------------
def initial_labels(board: chess.Board) -> dict[int, str]:
    """Side labels for rooks, knights and bishops by the half of the board they stand on."""
    labels = {}
    rooks, knights = board.rooks, board.knights
    for sq in chess.scan_reversed(board.occupied & (rooks | knights | board.bishops)):
        bb = BB_SQUARES[sq]
        labels[sq] = _ROOK_LABEL[sq] if rooks & bb else _KNIGHT_LABEL[sq] if knights & bb \
            else _BISHOP_LABEL[sq]
    return labels


_ROOK_LABEL, _KNIGHT_LABEL, _BISHOP_LABEL = (
    tuple(("K" if sq & 7 >= 4 else "Q") + letter for sq in range(64)) for letter in ("R", "Kt", "B"))


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
        """The labels of the men on the board (only rooks, knights and bishops carry one), in
        the order of board.piece_map()."""
        labelled = board.occupied & (board.rooks | board.knights | board.bishops)
        return {sq: label for sq in chess.scan_reversed(labelled) if (label := self.get(sq))}


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
    m = SQUARE_NAME.match(name or "") or BARE_FILE.match(name or "")
    if not m:
        return 0
    side, piece = m.group(1), m.group(2)
    if m.re is BARE_FILE:  # "Q to Q": the rank not printed, any square of the file(s)
        return _files_mask(side, piece)
    rank = int(m.group(3))
    files = (FILE_OF[side + piece],) if side and side + piece in FILE_OF else FILES_OF.get(piece, ())
    if side and piece in ("K", "Q"):
        return 0
    row = rank - 1 if white else 8 - rank
    mask = 0
    for f in files:
        mask |= chess.BB_SQUARES[chess.square(f, row)]
    return mask


def _files_mask(side: str | None, piece: str) -> int:
    if side and piece in ("K", "Q"):
        return 0
    files = (FILE_OF[side + piece],) if side else FILES_OF.get(piece, ())
    mask = 0
    for f in files:
        mask |= chess.BB_FILES[f]
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
    if names_no_square(tok):  # "Q. checks": only the claim says where
        return [m for m in moves if _claim_holds(board, m, tok)] if tok.check or tok.mate \
            else moves
    if (len(moves) > 1 or strict_claims) and (tok.check or tok.mate):
        claimed = [m for m in moves if _claim_holds(board, m, tok)]
        moves = claimed if strict_claims else claimed or moves
    elif len(moves) > 1 and marks_checks:
        quiet = [m for m in moves if not board.gives_check(m)]
        moves = quiet or moves
    return moves


def names_no_square(tok) -> bool:
    """A move printed by its man and what it does only: "Q. checks", "Q. mates", "P. queens"."""
    return (not tok.san and tok.castles is None and tok.target is None and not tok.capture
            and not tok.steps)


def _claim_holds(board, move, tok) -> bool:
    board.push(move)
    try:
        return board.is_checkmate() if tok.mate else board.is_check()
    finally:
        board.pop()


def _san_moves(board, san: str) -> list[chess.Move]:
    """An algebraic move's legal readings: one, or none; a pawn capture named by its files
    (`exd`) every pawn capture from the one file to the other."""
    files = FILE_CAPTURE.match(san)
    if files:
        origin, target = (chess.FILE_NAMES.index(f) for f in files.groups())
        return [m for m in board.legal_moves if board.piece_type_at(m.from_square) == chess.PAWN
                and chess.square_file(m.from_square) == origin
                and chess.square_file(m.to_square) == target]
    try:
        return [board.parse_san(san)]
    except ValueError:
        return []


def _literal_moves(board, labels, tok, pool: list | None = None) -> list[chess.Move]:
    """The legal moves a token can mean; pool, if given, gets every legal move of the same
    kind of man to the same squares (what SAN needs to tell them apart)."""
    if tok.san:
        return _san_moves(board, tok.san)
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
    elif tok.target is None:  # "Q. checks", "P. queens": any square, the claim narrows it
        to_mask = ~board.occupied_co[board.turn] & chess.BB_ALL
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




# -- a move that will not read: every legal move consistent with what can be read of it --
UNREAD_PIECE = re.compile(r"^\s*(?:[KQ](?:'s|\.)?\s?)?(Kt|N|[KQRBP])\b")
UNREAD_CAPTURE = re.compile(r"\btakes\b|\btks\b|[x×]")
UNREAD_CHECK = re.compile(r"\bch(?:ecks?|eck)?\b|\+")
UNREAD_MATE = re.compile(r"\bmates?\b|#")


def unreadable_moves(board: chess.Board, text: str) -> list[chess.Move]:
    """The legal moves an unreadable printed move may be: of the man it names first, a
    capture if it says "takes", a check or mate if it says so (`Q. checks K.` is any queen
    move giving check)."""
    moves = list(board.legal_moves)
    piece = UNREAD_PIECE.match(text)
    if piece:
        ptype = PIECES["Kt" if piece.group(1) == "N" else piece.group(1)]
        moves = [m for m in moves if board.piece_type_at(m.from_square) == ptype]
    if UNREAD_CAPTURE.search(text):
        moves = [m for m in moves if board.is_capture(m)]
    if UNREAD_MATE.search(text):
        moves = [m for m in moves if _gives_mate(board, m)]
    elif UNREAD_CHECK.search(text):
        moves = [m for m in moves if board.gives_check(m)]
    return moves


def _gives_mate(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    try:
        return board.is_checkmate()
    finally:
        board.pop()


# what makes a position no game can reach or play on from: a king missing or two, a pawn on
# the first or last rank, the side not to move in check, more men than a side has
IMPOSSIBLE = {"STATUS_NO_WHITE_KING": "no white king", "STATUS_NO_BLACK_KING": "no black king",
              "STATUS_TOO_MANY_KINGS": "more than one king a side",
              "STATUS_PAWNS_ON_BACKRANK": "a pawn on the first or last rank",
              "STATUS_OPPOSITE_CHECK": "the side not to move is in check",
              "STATUS_TOO_MANY_WHITE_PIECES": "more than 16 white men",
              "STATUS_TOO_MANY_BLACK_PIECES": "more than 16 black men",
              "STATUS_TOO_MANY_WHITE_PAWNS": "more than 8 white pawns",
              "STATUS_TOO_MANY_BLACK_PAWNS": "more than 8 black pawns"}


def impossible(fen: str) -> list[str]:
    """What makes the position a FEN gives one no game of chess can stand in ([] for none, or
    for a FEN that cannot be read: its reader says so)."""
    try:
        status = chess.Board(fen).status()
    except ValueError:
        return []
    return [why for name, why in IMPOSSIBLE.items() if status & getattr(chess, name)]
