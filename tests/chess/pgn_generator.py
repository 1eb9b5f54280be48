"""Seeded random PGN games with everything a PGN file may hold: comments (over several lines,
holding "{", ";", "(", quotes and blank lines), NAGs ($n and !? forms), nested variations,
set-up positions (FEN), odd tags (empty values, unusual names, quotes and backslashes), results
given in the tags, at the end of the moves, in both (agreeing or not) or in neither."""
from __future__ import annotations

import random

import chess

ODD_NAMES = ("Annotator", "PlyCount", "Time_Control", "A+B#1", "x:y=z", "Opening", "ECO",
             "Source", "Remark", "WhiteElo", "EventDate")
ODD_VALUES = ("", "?", 'say "hi"', "back\\slash", 'both \\ and "', "x] y", "  spaced  ",
              "Müller, Jürgen", "1/2-1/2", "{not a comment}", "; not a comment")
COMMENT_WORDS = ("good", "a {brace", "(not a variation)", "bad; really", "!?", "$1",
                 '"quoted"', "e4", "1-0", "%clk 0:03:00", "[%eval 0.3]", "end.")
NAG_FORMS = ("$1", "$2", "$10", "$146", "!", "?", "!!", "??", "!?", "?!")
FENS = ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30",
        "8/P6k/8/8/8/8/8/K7 w - - 3 41", chess.STARTING_FEN)


def comment(rng: random.Random) -> str:
    words = [rng.choice(COMMENT_WORDS) for _ in range(rng.randint(1, 6))]
    if rng.random() < 0.3:
        words.insert(rng.randint(0, len(words)), "\n")
    if rng.random() < 0.1:
        words.insert(rng.randint(0, len(words)), "\n\n")   # a blank line inside a comment
    return "{" + " ".join(words) + "}"


def tag_line(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def tags(rng: random.Random, n: int, fen: str | None, result: str | None) -> list[str]:
    pairs = [("Event", f"Random {n}"), ("Site", rng.choice(["?", "", "Here"])),
             ("Date", rng.choice(["2024.01.02", "????.??.??", "1911", ""])),
             ("White", rng.choice(["A", "B, C", ""])), ("Black", rng.choice(["D", "?"]))]
    rng.shuffle(pairs)
    pairs = pairs[:rng.randint(0, len(pairs))]
    for _ in range(rng.randint(0, 3)):
        pairs.append((rng.choice(ODD_NAMES), rng.choice(ODD_VALUES)))
    if result is not None:
        pairs.insert(rng.randint(0, len(pairs)), ("Result", result))
    if fen:
        pairs += [("SetUp", "1"), ("FEN", fen)]
    return [tag_line(k, v) for k, v in dict(pairs).items()]


def line_tokens(rng: random.Random, board: chess.Board, plies: int, depth: int) -> list[str]:
    """The tokens of a line of up to `plies` moves from `board` (played on it), with notes
    and, up to depth 2, variations."""
    out: list[str] = []
    restate = True
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        number = board.fullmove_number
        if board.turn == chess.WHITE:
            out.append(f"{number}.")
        elif restate:
            out.append(f"{number}...")
        out.append(board.san(move))
        restate = False
        if rng.random() < 0.1:
            out.append(rng.choice(NAG_FORMS))
        if depth < 2 and rng.random() < 0.12:   # another move instead of this one
            before = board.copy()
            before_moves = [m for m in moves if m != move]
            if before_moves:
                before.push(rng.choice(before_moves))
                before.pop()
                out.append("(" + " ".join(line_tokens(rng, before, rng.randint(1, 4),
                                                      depth + 1)) + ")")
                restate = True
        board.push(move)
        if rng.random() < 0.12:
            out.append(comment(rng))
            restate = True
    return out


def game_text(rng: random.Random, n: int) -> str:
    fen = rng.choice(FENS) if rng.random() < 0.2 else None
    board = chess.Board(fen) if fen else chess.Board()
    lead = [comment(rng)] if rng.random() < 0.1 else []
    tokens = lead + line_tokens(rng, board, rng.randint(0, 50), 0)
    outcome = board.outcome()
    played = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    tag_result = rng.choice([played, played, played, None, "*", "1-0"])
    termination = rng.choice([played, played, played, ""])
    if termination:
        tokens.append(termination)
    head = tags(rng, n, fen if fen != chess.STARTING_FEN or rng.random() < 0.5 else None,
                tag_result)
    return "\n".join(head) + ("\n\n" if head else "") + wrap(rng, tokens) + "\n"


def wrap(rng: random.Random, tokens: list[str]) -> str:
    width = rng.choice([40, 79, 255])
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    return "\n".join(lines + [line])


def random_pgn(count: int, seed: int) -> str:
    rng = random.Random(seed)
    return "\n".join(game_text(rng, n) for n in range(count))
