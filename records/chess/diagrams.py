"""Chess positions drawn as text: eight rows of eight squares in any frame (`+---+`, `|---|`,
`x---x`, none), the men as two letters (`WQ`, `BKt`, `BP`), one letter by case (`K`/`k`), or
marked for Black (`#R`) and White (`^R`, `*R`); empty squares blank or `.`, `-`, `_`. Which way
the board faces (Black at the top or at the bottom) is not decided here: both placements are
offered, and the replay of the moves printed below keeps the one they fit.
"""
from __future__ import annotations

import re

import chess

PIECE = {"K": "k", "Q": "q", "R": "r", "B": "b", "Kt": "n", "N": "n", "P": "p", "S": "n"}
MAN = re.compile(r"^(?:(?P<side>[WB#^*])\s?(?P<piece>Kt|[KQRBNPS])|(?P<letter>Kt|kt|[KQRBNPkqrbnp]))$")
EMPTY = re.compile(r"^[.\-_:,\u00b7\u2022]?$")
RANK_LABEL = re.compile(r"^\s*[1-8]\s+|\s+[1-8]\s*$")
FRAME_ROW = re.compile(r"^(?=.*[-=_~\u2500\u2501\u2550])[\s+|x*#=\-_~\u2500-\u257f]*$")
FILES_LABEL = re.compile(r"^\s*(?:[a-hA-H]\s+){7}[a-hA-H]\s*$")


def squares_of(line: str) -> list[str] | None:
    """The eight squares of a drawn rank, as printed, or None when the line is not one."""
    text = line.rstrip()
    if FRAME_ROW.match(text) or FILES_LABEL.match(text):
        return None
    if text.count("|") >= 7:
        cells = text.split("|")
        inner = [c for c in cells[1:-1]] if len(cells) >= 10 else cells
        inner = [c.strip() for c in inner]
        if len(inner) == 9 and not inner[-1]:
            inner = inner[:-1]
        if len(inner) == 10 and re.fullmatch(r"[1-8]?", inner[0]) and not inner[-1]:
            inner = inner[1:-1]
        return inner if len(inner) == 8 and all(_square_ok(c) for c in inner) else None
    words = RANK_LABEL.sub(" ", text.replace("|", " ")).split()
    if len(words) == 8 and all(_square_ok(w) for w in words) and any(MAN.match(w) for w in words):
        return words
    if len(words) == 1 and len(words[0]) == 8 and all(_square_ok(ch) for ch in words[0]):
        return list(words[0])
    return None


def _square_ok(cell: str) -> bool:
    return bool(EMPTY.match(cell) or MAN.match(cell))


def _fen_letter(cell: str) -> str | None:
    m = MAN.match(cell)
    if not m:
        return None
    if m.group("side"):
        letter = PIECE[m.group("piece")]
        return letter if m.group("side") in "B#" else letter.upper()
    text = m.group("letter")
    letter = PIECE[text.capitalize() if len(text) == 2 else text.upper()]
    return letter.upper() if text[0].isupper() else letter


def placements(rows: list[list[str]]) -> list[tuple[str, str]]:
    """FEN placements of eight drawn ranks, as printed (Black at the top) and turned round
    (Black at the bottom), each named; [] when the drawing holds no king of each side."""
    if len(rows) != 8:
        return []
    grid = [[_fen_letter(c) for c in row] for row in rows]
    out = []
    for name, ranks in (("Black at the top", grid),
                        ("Black at the bottom", [list(reversed(r)) for r in reversed(grid)])):
        fen = "/".join(_fen_rank(rank) for rank in ranks)
        board = chess.Board(None)
        try:
            board.set_board_fen(fen)
        except ValueError:
            continue
        if board.king(chess.WHITE) is not None and board.king(chess.BLACK) is not None:
            out.append((name, fen))
    return out


def _fen_rank(cells: list) -> str:
    out, empty = "", 0
    for cell in cells:
        if cell is None:
            empty += 1
            continue
        out += (str(empty) if empty else "") + cell
        empty = 0
    return out + (str(empty) if empty else "")


def drawn_ranks(lines: list[str]) -> list[list[str]] | None:
    """The eight ranks of a board drawn in these lines (frames, labels and rules between the
    rows skipped), or None."""
    ranks = [sq for line in lines if (sq := squares_of(line)) is not None]
    return ranks if len(ranks) == 8 else None


def start_fen(placement: str, white_to_move: bool, number: int = 1) -> str | None:
    """A legal start from a drawn placement (castling where king and rook stand at home)."""
    board = chess.Board(f"{placement} {'w' if white_to_move else 'b'} - - 0 {max(number, 1)}")
    board.castling_rights = chess.BB_CORNERS
    board.castling_rights = board.clean_castling_rights()
    return board.fen() if board.is_valid() else None


# -- positions given in words ----------------------------------------------------------------
# a man and its square as books list them: `K at KB6`, `K. at K. B. 6th`, `R at Q R sq.`,
# `Kt on QB3` (the square's side, file and rank may be spaced and stopped)
_MAN = r"(Kt|[KQRBP])\.?\s*(?:at|on|-)?\s*"
_SQUARE = r"([KQ]?)\.?\s?(Kt|[BRKQ])\.?(?:'s)?\s*([1-8]|sq)(?:st|nd|rd|th|d)?\b\.?"
MAN_AT = re.compile(_MAN + _SQUARE)
MEN_OF_A_SIDE = re.compile(r"(?:^|--|\s)(?P<side>White|Black)\s*:\s*(?P<men>(?:(?:Kt|[KQRBP])\.?\s*"
                           r"(?:at|on|-)?\s*[KQ]?\.?\s?(?:Kt|[BRKQ])\.?(?:'s)?\s*(?:[1-8]|sq)"
                           r"(?:st|nd|rd|th|d)?\b\.?\s*(?:[,;]|and)?\s*)+)")


def men_listed(men: str) -> list[tuple[str, str, str]]:
    """Each man a side's list names, with its square: (man, file as `KB`, rank or `sq`)."""
    return [(man, side + file, rank) for man, side, file, rank in MAN_AT.findall(men)]


FILE_OF_SQUARE = {"QR": 0, "QKt": 1, "QB": 2, "Q": 3, "K": 4, "KB": 5, "KKt": 6, "KR": 7}
FEN_LETTER = {"K": "k", "Q": "q", "R": "r", "B": "b", "Kt": "n", "P": "p"}


def placements_of_men(white: list, black: list) -> list[tuple[str, str]]:
    """FEN placements of a position given in words ("White: K at QR1, Q at KR1 / Black: K at
    K4"): Black's squares counted from Black's side, as the notation counts them, and then
    from White's side, as some books print them; the engine keeps the one the moves fit."""
    readings = []
    for black_from_white, note in ((False, "the position given in words above the line"),
                                   (True, "the position given in words above the line, "
                                          "Black's squares counted from White's side")):
        board = [["" for _ in range(8)] for _ in range(8)]
        for men, is_white in ((white, True), (black, False)):
            for piece, square, rank in men:
                if square not in FILE_OF_SQUARE:
                    return []  # "B3": which bishop's file?
                row = (1 if rank == "sq" else int(rank)) - 1
                if not is_white and not black_from_white:
                    row = 7 - row
                letter = FEN_LETTER[piece]
                board[row][FILE_OF_SQUARE[square]] = letter.upper() if is_white else letter
        readings.append(("/".join(_fen_rank_of_letters(board[row]) for row in range(7, -1, -1)), note))
    return readings


def _fen_rank_of_letters(cells: list[str]) -> str:
    out, empty = "", 0
    for cell in cells:
        if not cell:
            empty += 1
            continue
        out += (str(empty) if empty else "") + cell
        empty = 0
    return out + (str(empty) if empty else "")


