"""Random legal chess games printed the ways books print them, for the layout zoo.

Moves are spelled by hoyle's own speller (records/chess/spelling.py: `Kt-KB3`, `PxP`,
`Castles`, the shortest spelling that names one move) or in algebraic with a language's piece
letters; each printer lays the spelled moves out in one layout.
"""
from __future__ import annotations

import random

import chess

from records.chess.spelling import to_descriptive

LETTERS = {"English": "KQRBN", "German": "KDTLS", "French": "RDTFC", "Spanish": "RDTAC",
           "Dutch": "KDTLP"}
FIGURINES = dict(zip("KQRBN", "\u2654\u2655\u2656\u2657\u2658"))


def random_game(rnd: random.Random, plies: int, board: chess.Board | None = None) -> tuple:
    board = board or chess.Board()
    start = board.copy()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rnd.choice(legal)
        moves.append(move)
        board.push(move)
        if board.is_game_over():
            break
    return start, moves


def sans(start: chess.Board, moves: list) -> list[str]:
    board, out = start.copy(), []
    for move in moves:
        out.append(board.san_and_push(move))
    return out


def descriptive(start: chess.Board, moves: list, knight: str = "Kt") -> list[str]:
    out = to_descriptive(start, moves)
    return [m.replace("Kt", knight) for m in out]


def algebraic(start: chess.Board, moves: list, language: str, figurines: bool = False) -> list[str]:
    out = []
    for san in sans(start, moves):
        san = san.replace("+", "").replace("#", "")
        head = san[0]
        if head in "KQRBN":
            letter = FIGURINES[head] if figurines else LETTERS[language]["KQRBN".index(head)]
            san = letter + san[1:]
        if "=" in san:
            piece = san[-1]
            san = san[:-1] + (FIGURINES[piece] if figurines else LETTERS[language]["KQRBN".index(piece)])
        out.append(san)
    return out


def pairs(moves: list[str], first: int = 1) -> list[tuple[int, str, str | None]]:
    return [(first + k // 2, moves[k], moves[k + 1] if k + 1 < len(moves) else None)
            for k in range(0, len(moves), 2)]


# -- layouts: each takes the spelled moves and returns lines --------------------------------------
def rows(moves, rnd):
    return [f"{n:>3}. {w:<18}{b or ''}".rstrip() for n, w, b in pairs(moves)]


def rows_numbered_twice(moves, rnd):
    return [f"{n:>3}. {w:<18}{f'{n}. {b}' if b else ''}".rstrip() for n, w, b in pairs(moves)]


def one_side_per_line(moves, rnd):
    out = []
    for n, w, b in pairs(moves):
        out.append(f"{n}. {w}")
        if b:
            out.append(f"{n}. ... {b}")
    return out


def paragraph(moves, rnd):
    text = "; ".join(f"{n}. {w}" + (f", {b}" if b else "") for n, w, b in pairs(moves)) + "."
    width, lines = rnd.randint(40, 70), []
    while len(text) > width:
        cut = text.rfind(" ", 0, width)
        lines.append(text[:cut])
        text = text[cut + 1:]
    return lines + [text]


def halves(moves, rnd, rule="|  "):
    rows_ = pairs(moves)
    half = -(-len(rows_) // 2)
    left = [f"{n:>3}. {w:<12}{b or ''}" for n, w, b in rows_[:half]]
    right = [f"{n:>3}. {w:<12}{b or ''}" for n, w, b in rows_[half:]]
    width = max(map(len, left)) + 4
    return [(a.ljust(width) + (rule + b if b else "")).rstrip()
            for a, b in zip(left, right + [""] * (len(left) - len(right)))]


def halves_gap(moves, rnd):
    return halves(moves, rnd, rule="      ")


def fractions(moves, rnd, period=""):
    out = []
    for at in range(0, len(pairs(moves)), 5):
        above, rule, below = "", "", ""
        for n, w, b in pairs(moves)[at:at + 5]:
            start = len(rule)
            width = max(len(w), len(b or ""), 4) + 2
            rule += f"{n}{period} " + "-" * width + " "
            above = above.ljust(start + len(str(n)) + len(period) + 2) + w
            below = below.ljust(start + len(str(n)) + len(period) + 2) + (b or "")
        out += [above.rstrip(), rule.rstrip(), below.rstrip(), ""]
    return out[:-1]


def fractions_numbered(moves, rnd):
    return fractions(moves, rnd, period=".")


def latex(moves, rnd):
    def tex(move):
        return "".join(f"_{ch}" if ch.isdigit() else ch for ch in move)
    return [f"{n} $\\frac{{{tex(w)}}}{{{tex(b or '')}}}$" if b else f"{n} ${tex(w)}$"
            for n, w, b in pairs(moves)]


def notes_between(moves, rnd):
    out = rows(moves, rnd)
    cut = rnd.randint(1, max(1, len(out) - 1))
    return out[:cut] + ["", "A note on the position, which the reader may pass over.", "",
                        "{%d}" % rnd.randint(10, 400), ""] + out[cut:]


LAYOUTS = {"rows": rows, "rows numbered twice": rows_numbered_twice,
           "one side per line": one_side_per_line, "paragraph": paragraph,
           "halves with a rule": halves, "halves with a gap": halves_gap,
           "fractions": fractions, "fractions numbered": fractions_numbered,
           "latex fractions": latex, "notes between rows": notes_between}


# -- a study: a position drawn in a frame, its solution in a sentence ----------------------------
def diagram(board: chess.Board, style: str, black_at_bottom: bool) -> list[str]:
    ranks = range(7, -1, -1) if not black_at_bottom else range(8)
    files = range(8) if not black_at_bottom else range(7, -1, -1)
    out = []
    frame = {"two letters": "+---+---+---+---+---+---+---+---+",
             "one letter": "x---x---x---x---x---x---x---x---x",
             "marks": "|-------------------------------|"}[style]
    for r in ranks:
        cells = []
        for f in files:
            piece = board.piece_at(chess.square(f, r))
            cells.append(_man(piece, style))
        out += [frame, "|" + "|".join(cells) + "|"]
    return out + [frame]


def _man(piece, style: str) -> str:
    if piece is None:
        return "   "
    letter = piece.symbol().upper()
    if style == "two letters":
        name = "Kt" if letter == "N" else letter
        return (("W" if piece.color else "B") + name).ljust(3)
    if style == "one letter":
        return f" {piece.symbol()} "
    return ("^" if piece.color else "#") + ("Kt" if letter == "N" else letter + " ")
