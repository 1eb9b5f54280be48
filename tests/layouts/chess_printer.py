"""Random legal chess games printed the ways books print them, for the layout zoo.

Moves are spelled by hoyle's own speller (records/chess/spelling.py: `Kt-KB3`, `PxP`,
`Castles`, the shortest spelling that names one move) or in algebraic with a language's piece
letters; each printer lays the spelled moves out in one layout.
"""
from __future__ import annotations

import random
import re

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


def by_files(start: chess.Board, moves: list, spelled: list[str], form: str) -> list[str]:
    """Pawn captures named by their files alone, as older algebraic books print them (`exd`,
    `e:d`, German `ed:`), wherever that names one legal move (elsewhere in full, as books do)."""
    board, out = start.copy(), []
    for move, san in zip(moves, spelled):
        origin, target = chess.square_file(move.from_square), chess.square_file(move.to_square)
        alike = [m for m in board.legal_moves if board.piece_type_at(m.from_square) == chess.PAWN
                 and chess.square_file(m.from_square) == origin
                 and chess.square_file(m.to_square) == target]
        if origin != target and alike == [move]:
            a, b = chess.FILE_NAMES[origin], chess.FILE_NAMES[target]
            san = {"exd": f"{a}x{b}", "e:d": f"{a}:{b}", "ed:": f"{a}{b}:"}[form]
        out.append(san)
        board.push(move)
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
    return wrapped(text, rnd.randint(40, 70))


def numbers_without_stops(moves, rnd):
    """Later books' notes: move numbers with no stop, White's and Black's moves apart by a
    comma, the lines broken anywhere (`4 PxP, BxKt 5 QxB, PxP 6 B-QB4, Kt-KB3 7 ...`)."""
    text = " ".join(f"{n} {w}" + (f", {b}" if b else "") for n, w, b in pairs(moves))
    return wrapped(text, rnd.randint(40, 70))


LEAD_INS = ["The game proceeded thus:", "The moves were:", "It was opened as follows:",
            "White began the attack at once, and the game went on:", "In the game played at the"
            " club last week the moves ran:"]
ORDINALS = {"1": "sq.", "2": "2nd", "3": "3rd", "4": "4th", "5": "5th", "6": "6th", "7": "7th",
            "8": "8th"}
WORDED_MOVE = re.compile(r"^(?P<man>[KQ]?(?:Kt|[KQRBP])?P?)(?P<sep>[-x])(?P<to>[KQ]?(?:Kt|[RBKQP]))"
                         r"(?P<rank>[1-8]?)(?P<check> ch)?$")


def worded(move: str) -> str:
    """A move in the older books' words: `P-K4` as `P to K's 4th`, `KtxB ch` as `Kt takes B,
    ch.`, `O-O` as `Castles` (other forms, promotions, are printed as they are)."""
    if move.startswith("O-O"):
        return "Castles" if move == "O-O" else "Castles (Q R)"
    m = WORDED_MOVE.match(move)
    if not m:
        return move
    man = " ".join(re.findall(r"Kt|[KQRBP]", m["man"]))
    to = " ".join(re.findall(r"Kt|[KQRBP]", m["to"]))
    if m["sep"] == "x":
        target = to + (f" {m['rank']}" if m["rank"] else "")
        text = f"{man} takes {target}"
    else:
        rank = ORDINALS[m["rank"]]
        text = f"{man} to {to}{'' if rank == 'sq.' else chr(39) + 's'} {rank}"
    return text + (" (ch.)" if m["check"] else "")


def told_in_a_sentence(moves, rnd, words: bool = False):
    """A game told in a sentence after words that introduce it (`The moves were: 1. P-K4,
    P-K4; 2. ...`), in the short notation or the older books' words, wrapped anywhere."""
    spelled = [worded(m) for m in moves] if words else moves
    text = rnd.choice(LEAD_INS) + " " + "; ".join(
        f"{n}. {w}" + (f", {b}" if b else "") for n, w, b in pairs(spelled))
    return wrapped(text if text.endswith(".") else text + ".", rnd.randint(45, 75))


def told_in_words(moves, rnd):
    return told_in_a_sentence(moves, rnd, words=True)


NOTE_WORDS = ["the usual move here", "a weak reply, as the sequel shows", "better is the "
              "other knight", "threatening to win the exchange", "played after long thought",
              "an old favourite of the masters", "the only move that saves the game"]


def paragraph_with_notes(moves, rnd, whole_line: bool = False, parentheses: bool = True):
    """A paragraph with a note in parentheses after some moves, anywhere the line breaks
    fall (`3. B-Kt5 (the usual move here), P-QR3;`). A note that fills a line of its own (its
    comma or semicolon alone on the next) is a known limit (the line would read as a
    paragraph's end): the width is chosen so that none does, unless whole_line. Without
    parentheses, the notes are words run into the moves (`7. QxP the only move, K-Q2;`)."""
    def noted(move):
        note = rnd.choice(NOTE_WORDS)
        if rnd.random() >= 0.25:
            return move
        return f"{move} ({note})" if parentheses else f"{move} {note}"
    text = "; ".join(f"{n}. {noted(w)}" + (f", {noted(b)}" if b else "")
                     for n, w, b in pairs(moves)) + "."
    for width in rnd.sample(range(40, 71), 31):
        lines = wrapped(text, width)
        if whole_line == any(_only_a_note(line) for line in lines[:-1]):
            return lines
    return lines


def _only_a_note(line: str) -> bool:
    import re
    return bool(re.fullmatch(r"[^()]*\)[,;.]?|\([^()]*\)?[,;.]?", line))


def wrapped(text: str, width: int) -> list[str]:
    lines = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width)
        lines.append(text[:cut])
        text = text[cut + 1:]
    return lines + [text]


def halves(moves, rnd, rule="|  ", parts=2):
    """The rows in parts side by side (moves 1-12 on the left, 13-24 on the right)."""
    rows_ = pairs(moves)
    size = -(-len(rows_) // parts)
    width = max(len(w) for _, w, _ in rows_) + 3
    bands = [[f"{n:>3}. {w:<{width}}{b or ''}" for n, w, b in rows_[k:k + size]]
             for k in range(0, len(rows_), size)]
    out = bands[0]
    for band in bands[1:]:
        column = max(map(len, out)) + 4
        out = [(a.ljust(column) + (rule + b if b else "")).rstrip()
               for a, b in zip(out, band + [""] * (len(out) - len(band)))]
    return out


def halves_gap(moves, rnd):
    return halves(moves, rnd, rule="      ")


def thirds(moves, rnd):
    return halves(moves, rnd, rule="  ", parts=3)


def columns(moves, rnd):
    """Moves without numbers, one a line, in columns read down then across."""
    height = rnd.randint(4, 8)
    width = max(map(len, moves)) + 3
    cols = [moves[k:k + height] for k in range(0, len(moves), height)]
    return ["".join(f"{col[r] if r < len(col) else '':<{width}}" for col in cols).rstrip()
            for r in range(height)]


def reply_under(moves, rnd):
    """One side a line: Black's reply alone, set under White's move."""
    out = []
    for n, w, b in pairs(moves):
        out.append(f"{n}. {w}")
        if b:
            out.append(" " * len(f"{n}. ") + b)
    return out


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
           "paragraph with notes": paragraph_with_notes,
           "told in a sentence": told_in_a_sentence, "told in the older words": told_in_words,
           "halves with a rule": halves, "halves with a gap": halves_gap,
           "fractions": fractions, "fractions numbered": fractions_numbered,
           "latex fractions": latex, "notes between rows": notes_between,
           "three parts side by side": thirds, "columns down then across": columns,
           "Black's reply under White's": reply_under,
           "numbers without stops": numbers_without_stops}
# the order the layout engine must name for the layouts it reads (the others are running text)
NAMED = {"halves with a rule": "two halves side by side", "halves with a gap": "two halves side by side",
         "three parts side by side": "three parts side by side",
         "columns down then across": "down each column, then across",
         "fractions": "fractions: above the rule, then below it",
         "fractions numbered": "fractions: above the rule, then below it",
         "latex fractions": "row by row"}


def with_variation(trunk: list, branch: int, variation: list, rnd) -> list[str]:
    """A game with a variation set in a column beside the trunk, from the trunk's row where
    it branches (at ply `branch`, 0-based): `3. B-Kt5  P-QR3      3. ...  Kt-B3`."""
    left = [f"{n:>3}. {w:<14}{b or ''}" for n, w, b in pairs(trunk)]
    side = pairs(["..."] * (branch % 2) + variation, branch // 2 + 1)
    right = [f"{n:>3}. {w:<14}{b or ''}" for n, w, b in side]
    first = branch // 2
    rows = max(len(left), first + len(right))
    left += [""] * (rows - len(left))
    column = max(map(len, left)) + 6
    return [(left[r].ljust(column) + (right[r - first] if 0 <= r - first < len(right) else ""))
            .rstrip() for r in range(rows)]


def opening_lines(rnd: random.Random, columns: int) -> tuple[list, int, list[list]]:
    """An opening's table of lines: a trunk (an even number of plies), then `columns` lines
    from it, each two to four moves long; a line may share its first plies with the line to
    its left (what a table prints as dots). (trunk moves, the branch ply, each line's moves
    after the trunk)."""
    while True:
        trunk_plies = 2 * rnd.randint(1, 3)
        start, trunk = random_game(rnd, trunk_plies)
        if len(trunk) < trunk_plies:
            continue
        board = start.copy()
        for move in trunk:
            board.push(move)
        lines: list[list] = []
        for c in range(columns):
            shared = lines[-1][:rnd.choice([0, 0, 1, 2])] if lines else []
            after = board.copy()
            for move in shared:
                after.push(move)
            _, rest = random_game(rnd, 2 * rnd.randint(2, 4) - len(shared), after)
            line = shared + rest
            if len(line) >= 2 and line not in lines:
                lines.append(line)
        if len(lines) == columns and len({line[0] for line in lines}) > 1:
            return trunk, trunk_plies, lines


def opening_table(rnd: random.Random, columns: int = 3, dots: bool = True,
                  knight: str = "Kt", trunk_dots: bool = False,
                  trunk_above: bool = False) -> tuple[list[str], list, list[list]]:
    """The table old opening books print: the columns numbered across the top, the move
    numbers down the left, White's move over Black's; the trunk printed once, in the first
    column (trunk_dots: dots in the other columns); then each column a line of play, a move the
    line shares with the one to its left printed as dots. trunk_above: the trunk printed as a
    sentence over the table (`1 P-K4, P-K4; 2 Kt-KB3, Kt-QB3.`), the table from the move after
    it, an assessment under each column (`=`, `+`, `±`), as later opening books print them.
    (the lines printed, the trunk, each column's moves after the trunk)."""
    trunk, branch, lines = opening_lines(rnd, columns)
    spelled = [descriptive(chess.Board(), trunk + line, knight) for line in lines]
    if trunk_above:
        return _under_its_trunk(rnd, spelled, branch), trunk, lines
    width = max(len(m) for line in spelled for m in line) + 4
    out = ["      " + "".join(f"{c + 1:^{width}}" for c in range(columns)).rstrip()]
    longest = max(len(line) for line in spelled)
    for ply in range(longest):
        cells = []
        for c, line in enumerate(spelled):
            if ply >= len(line) or (ply < branch and c > 0):
                cells.append("......" if trunk_dots and ply < len(line) else "")
            elif dots and c > 0 and ply >= branch and ply < len(spelled[c - 1]) \
                    and (trunk + lines[c - 1])[ply] == (trunk + lines[c])[ply] and \
                    all((trunk + lines[c - 1])[k] == (trunk + lines[c])[k] for k in range(ply)):
                cells.append("......")
            else:
                cells.append(line[ply])
        head = f"{ply // 2 + 1:>3}.  " if ply % 2 == 0 else "      "
        out.append((head + "".join(f"{cell:^{width}}" for cell in cells)).rstrip())
    return out, trunk, lines


def opening_rows(rnd: random.Random, lines: int = 3, label: str = "1") -> tuple[list[str], list, list[list]]:
    """The table later opening books print an opening's variations in: the trunk as a
    sentence over it, the move numbers across the top, each line of play a pair of rows (White's
    moves over Black's) labelled at the left (`1`, `I.`, `A`, or none). (the lines printed, the
    trunk, each line's moves after the trunk)."""
    trunk, branch, found = opening_lines(rnd, lines)
    spelled = [descriptive(chess.Board(), trunk + line) for line in found]
    sentence = "; ".join(f"{n}. {w}, {b}" for n, w, b in pairs(spelled[0][:branch])) + "."
    width = max(len(m) for line in spelled for m in line) + 3
    numbers = range(branch // 2 + 1, (max(map(len, spelled)) + 1) // 2 + 1)
    out = [sentence, "", "      " + "".join(f"{str(n) + '.':<{width}}" for n in numbers).rstrip()]
    for k, line in enumerate(spelled):
        own = line[branch:]
        name = {"1": str(k + 1), "I.": ["I.", "II.", "III.", "IV."][k], "A": "ABCD"[k], "": ""}[label]
        out.append(f"{name:>4}  " + "".join(f"{m:<{width}}" for m in own[0::2]).rstrip())
        out.append("      " + "".join(f"{m:<{width}}" for m in own[1::2]).rstrip())
    return out, trunk, found


def _under_its_trunk(rnd: random.Random, spelled: list[list[str]], branch: int) -> list[str]:
    """The trunk (the first `branch` plies, an even number) as a sentence, a blank line, and
    the table of the lines from there, each column's assessment under it."""
    trunk = "; ".join(f"{n} {w}, {b}" for n, w, b in pairs(spelled[0][:branch])) + "."
    width = max(len(m) for line in spelled for m in line) + 4
    out = [trunk, "", "      " + "".join(f"{c + 1:^{width}}" for c in range(len(spelled))).rstrip()]
    for ply in range(branch, max(map(len, spelled))):
        cells = [line[ply] if ply < len(line) else "" for line in spelled]
        head = f"{ply // 2 + 1:>3}.  " if ply % 2 == 0 else "      "
        out.append((head + "".join(f"{cell:^{width}}" for cell in cells)).rstrip())
    said = [rnd.choice(["=", "+", "\u00b1", "\u2213", "="]) for _ in spelled]
    return out + [("      " + "".join(f"{mark:^{width}}" for mark in said)).rstrip()]


def promoted(moves: list[str], form: str) -> list[str]:
    """Promotions spelled `(Q)` (hoyle's speller), `=Q` or `Q` glued to the square."""
    import re
    if form == "(Q)":
        return moves
    return [re.sub(r"\((Q|R|B|Kt)\)", (r"=\1" if form == "=Q" else r"\1"), m) for m in moves]


def promotion_game(rnd: random.Random) -> tuple:
    """Kings and pawns a step from queening on both sides, and moves that promote whenever
    they can (to a random man)."""
    while True:
        board = chess.Board(None)
        files = rnd.sample(range(8), 4)
        board.set_piece_at(chess.square(files[0], 6), chess.Piece(chess.PAWN, chess.WHITE))
        board.set_piece_at(chess.square(files[1], 6), chess.Piece(chess.PAWN, chess.WHITE))
        board.set_piece_at(chess.square(files[2], 1), chess.Piece(chess.PAWN, chess.BLACK))
        board.set_piece_at(chess.square(files[3], 1), chess.Piece(chess.PAWN, chess.BLACK))
        kings = rnd.sample([sq for sq in chess.SQUARES if board.piece_at(sq) is None
                            and chess.square_rank(sq) in (2, 3, 4, 5)], 2)
        board.set_piece_at(kings[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(kings[1], chess.Piece(chess.KING, chess.BLACK))
        if not board.is_valid() or board.is_game_over():
            continue
        start, moves = board.copy(), []
        for _ in range(rnd.randint(6, 12)):
            legal = list(board.legal_moves)
            if not legal:
                break
            promoting = [m for m in legal if m.promotion]
            move = rnd.choice(promoting or legal)
            moves.append(move)
            board.push(move)
            if board.is_game_over():
                break
        if sum(m.promotion is not None for m in moves) >= 2:
            return start, moves


def endgame(rnd: random.Random) -> chess.Board:
    """A few men besides the kings, anywhere they may stand, White to move, not over."""
    while True:
        board = chess.Board(None)
        men = [chess.Piece(chess.KING, chess.WHITE), chess.Piece(chess.KING, chess.BLACK)] + \
            [chess.Piece(rnd.choice([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]),
                         rnd.choice([chess.WHITE, chess.BLACK])) for _ in range(rnd.randint(1, 4))]
        for man, sq in zip(men, rnd.sample(range(8, 56), len(men))):
            board.set_piece_at(sq, man)
        if board.is_valid() and not board.is_game_over() and len(list(board.legal_moves)) > 1:
            return board


def in_words(board: chess.Board) -> list[str]:
    """The men of a position as a book lists them: `White: K at KB6, B at KB4.` (each side's
    squares counted from its own side, as the notation counts them)."""
    from records.chess.spelling import square_name
    out = []
    for colour, name in ((chess.WHITE, "White"), (chess.BLACK, "Black")):
        men = sorted(board.pieces(chess.KING, colour)) + [
            sq for kind in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)
            for sq in sorted(board.pieces(kind, colour))]
        out.append(f"{name}: " + ", ".join(
            f"{'Kt' if board.piece_type_at(sq) == chess.KNIGHT else board.piece_at(sq).symbol().upper()}"
            f" at {square_name(sq, colour == chess.WHITE, False)}" for sq in men) + ".")
    return out


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


def typeset(moves: list[str]) -> list[str]:
    """Moves as older books set them: en dashes, a spaced `×`, `sq` for a square on the first
    rank (`R–Kt sq`), a spaced `ch`."""
    out = []
    for move in moves:
        move = re.sub(r"(?<=[A-Z])1\b", " sq", move.replace("-", "–").replace("x", " × "))
        out.append(re.sub(r"\s*ch\b", " ch", move))
    return out


def column_heads(parts: int, white: str, black: str) -> list[str]:
    """`White.  Black.` over each pair of move columns of a table (parts side by side), and
    the players' names under them."""
    heads = "".join(f"      {'White.':<14}{'Black.':<20}" for _ in range(parts)).rstrip()
    names = "".join(f"      {white + '.':<14}{black + '.':<20}" for _ in range(parts)).rstrip()
    return [heads, names]


NOTE_MARKS = ["(a)", "(b)", "(c)", "(d)", "(e)"]


MARK_STYLES = {"letters": NOTE_MARKS, "stars": ["*", "**", "***", "****", "*****"],
               "daggers": ["\u2020", "\u2021", "\u00a7", "\u2020\u2020", "\u2021\u2021"],
               "superscripts": ["\u00b9", "\u00b2", "\u00b3", "\u2074", "\u2075"],
               "numbers": ["(1)", "(2)", "(3)", "(4)", "(5)"]}


def with_notes(moves: list[str], notes: dict[int, str], style: str = "letters",
               layout=None, rnd=None) -> list[str]:
    """The game (in rows, or the layout given) with note marks after the moves noted
    (`12. P-KB4 (a)`, `P-KB4*`, `P-KB4\u2020`, `P-KB4\u00b9`), and the notes below it, each
    beginning with its mark: notes maps a ply's index (0-based) to its text."""
    marks = {}
    for k, index in enumerate(sorted(notes)):
        marks[index] = MARK_STYLES[style][k]
    marked = [f"{m} {marks[i]}" if i in marks else m for i, m in enumerate(moves)]
    printed = layout(marked, rnd) if layout else \
        [f"{n:>3}. {w:<22}{b or ''}".rstrip() for n, w, b in pairs(marked)]
    return printed + [""] + [f"{marks[i]} {notes[i]}" for i in sorted(notes)]


def notes_between_rows(moves: list[str], notes: dict[int, str]) -> list[str]:
    """Rows with note marks, each note printed under the row of its move, set off by blank
    lines, the game going on below it."""
    out = []
    for k, (n, w, b) in enumerate(pairs(moves)):
        here = [i for i in (2 * k, 2 * k + 1) if i in notes]
        w = f"{w} ({NOTE_MARKS[sorted(notes).index(2 * k)][1]})" if 2 * k in notes else w
        b = f"{b} ({NOTE_MARKS[sorted(notes).index(2 * k + 1)][1]})" if 2 * k + 1 in notes else b
        out.append(f"{n:>3}. {w:<22}{b or ''}".rstrip())
        if here:
            out += [""] + [f"{NOTE_MARKS[sorted(notes).index(i)]} {notes[i]}" for i in here] + [""]
    return out


def told(moves: list[str], number: int, white: bool) -> str:
    """Moves as a note tells them: `12. Kt-K4, P-Q4; 13. B-Q3` or `12. ... P-Q4; 13. ...`."""
    out, first = [], True
    for move in moves:
        if white:
            out.append(f"{'; ' if not first else ''}{number}. {move}")
        else:
            out.append(f"{number}. ... {move}" if first else f", {move}")
            number += 1
        white, first = not white, False
    return "".join(out)
