"""The 20 real games of the PGN counterparts, printed as other books print them, read back.

Each game is spelled in compact descriptive notation by hoyle's writer, then re-set in an
older style (Staunton's `K. Kt. to K. B's 3d.`, spaced `Kt - K B 3`, ranks in words, curly
apostrophes with footnote marks and `(best.)`, checks as `+` and mates as `mates`) and laid
out as books lay games out (two columns with both numbered, a wrapped paragraph, Black under
White, White over a dashed line and Black under it, rows numbered `12:` with notes between
them, two games side by side). Every game must come back move for move as the PGN has it.
"""
import re
import textwrap

import chess
import pytest

from records.chess.scan import scan_book
from records.chess.spelling import to_descriptive

from conftest import counterpart_sans

ORDINAL = {"1": "sq.", "2": "2d", "3": "3d", "4": "4th", "5": "5th", "6": "6th", "7": "7th",
           "8": "8th"}
WORDS = {"1": "square", "2": "second", "3": "third", "4": "fourth", "5": "fifth",
         "6": "sixth", "7": "seventh", "8": "eighth"}
COMPACT = re.compile(r"^(?P<man>[KQ]?(?:Kt|B|R)?(?:Kt|B|R|Q|K|P))"
                     r"(?:(?P<origin>\([^)]*\))?-(?P<to>[KQ]?(?:Kt|B|R|K|Q)[1-8])"
                     r"|x(?P<victim>[KQ]?(?:Kt|B|R)?(?:Kt|B|R|Q|K|P))(?P<at>\([^)]*\))?)"
                     r"(?P<promo>\(\w+\))?(?P<ep> e\.p\.)?(?P<check> ch| mate)?$")


def compact(sans: list[str]) -> list[str]:
    board, moves = chess.Board(), []
    for san in sans:
        moves.append(board.push_san(san))
    return to_descriptive(chess.Board(), moves)


def dotted(name: str) -> str:
    """'QKt' -> 'Q. Kt.', 'KBP' -> 'K. B. P.'"""
    return " ".join(part + "." for part in re.findall(r"Kt|[KQBRP]", name))


def staunton(move: str) -> str:
    return _restyle(move, lambda sq: f"{dotted(sq[:-1])[:-1]}'s {ORDINAL[sq[-1]]}".replace(
        "'s sq.", ". sq."), " to ", " takes ", " (ch.)", "Castles on Q's side")


def spaced(move: str) -> str:
    return _restyle(move, lambda sq: " ".join(re.findall(r"Kt|[KQBR]", sq[:-1])) + " " + sq[-1],
                    " - ", " x ", " ch", "Castles Q R", dots=False)


def in_words(move: str) -> str:
    return _restyle(move, lambda sq: f"{dotted(sq[:-1])} {WORDS[sq[-1]]}", " to ", " takes ",
                    " ch.", "Castles (Q. R.)")


def _restyle(move: str, square, to: str, takes: str, check: str, long_castles: str,
             dots: bool = True) -> str:
    suffix = check if move.endswith(" ch") else " mate" if move.endswith(" mate") else ""
    move = move.removesuffix(" ch").removesuffix(" mate")
    if move.startswith("Castles"):
        return (long_castles if move.endswith("QR") else "Castles") + suffix
    m = COMPACT.match(move)
    assert m, move
    man = dotted(m["man"]) if dots else " ".join(re.findall(r"Kt|[KQBRP]", m["man"]))
    if m["to"]:
        origin = m["origin"] or ""
        text = f"{man}{origin}{to}{square(m['to'])}{m['promo'] or ''}"
    else:
        victim = dotted(m["victim"]) if dots else " ".join(re.findall(r"Kt|[KQBRP]", m["victim"]))
        text = f"{man}{takes}{victim}{m['at'] or ''}{m['promo'] or ''}{m['ep'] or ''}"
    return text + suffix


def two_columns(moves: list[str], n: int) -> str:
    rows = [f"GAME No. {n}.", "", f"{'WHITE.':<36}BLACK.", ""]
    for i in range(0, len(moves), 2):
        pair = moves[i:i + 2]
        number = f"{i // 2 + 1}."
        white = f"{pair[0]:<32}" if len(pair[0]) < 31 else pair[0] + "   "  # columns apart
        rows.append(f"{number:>4} {white}" + (f"{number} {pair[1]}" if len(pair) > 1 else ""))
    return "\n".join(rows)


def paragraph(moves: list[str], n: int) -> str:
    body = " ".join(f"{i // 2 + 1}. {move}," if i % 2 == 0 else f"{move};"
                    for i, move in enumerate(moves))
    return f"GAME No. {n}.\n\n" + "\n".join(textwrap.wrap(body, 64))


def alternate_lines(moves: list[str], n: int) -> str:
    rows = [f"GAME No. {n}.", ""]
    for i, move in enumerate(moves):
        rows.append(f"{i // 2 + 1}. {move}" if i % 2 == 0 else f"    {move}")
    return "\n".join(rows)


def curly(move: str) -> str:
    """Every Boy's Book: Staunton's style set with a curly apostrophe, a footnote mark or a
    short note after some moves."""
    text = staunton(move).replace("'", "\u2019")
    mark = sum(map(ord, move)) % 5
    return text + (" *" if mark == 0 else " (best.)" if mark == 1 else "")


def signs(move: str) -> str:
    """Checks and mates as signs and words: `Kt x P +`, `Q - K R 7 mates`."""
    text = spaced(move)
    return text.replace(" ch", " +") if text.endswith(" ch") else \
        text.replace(" mate", " mates") if text.endswith(" mate") else text


def dashed(moves: list[str], n: int) -> str:
    """Foster's Hoyle: four moves to a row, White's above the dashes, Black's below."""
    rows = [f"GAME No. {n}.", ""]
    for start in range(0, len(moves), 8):
        chunk = moves[start:start + 8]
        white, line, black = "", "  ", ""
        for k in range(0, len(chunk), 2):
            line += f"{(start + k) // 2 + 1} "
            white, black = white.ljust(len(line)), black.ljust(len(line))  # over the dashes
            reply = chunk[k + 1] if k + 1 < len(chunk) else ""
            width = max(len(chunk[k]), len(reply), 4) + 2
            white, black = white + chunk[k], black + reply
            line += "-" * width + "  "
        rows += [white.rstrip(), line.rstrip(), black.rstrip(), ""]
    return "\n".join(rows)


def colon_numbers_with_notes(moves: list[str], n: int) -> str:
    """Rows numbered `12:` with a paragraph of notes after every sixth row."""
    rows = [f"GAME No. {n}.", ""]
    for i in range(0, len(moves), 2):
        pair = moves[i:i + 2]
        rows.append(f"{i // 2 + 1:>3}: " + "   ".join(f"{m:<30}" for m in pair).rstrip())
        if i // 2 % 6 == 5:
            rows += ["", "A note on the position, in prose as the book sets it; it is",
                     "kept in the record's text and never read as moves.", ""]
    return "\n".join(rows)


STYLES = {"staunton": staunton, "spaced": spaced, "words": in_words, "curly": curly,
          "signs": signs}
LAYOUTS = {"two columns": two_columns, "paragraph": paragraph, "alternate lines": alternate_lines,
           "dashed": dashed, "colon numbers with notes": colon_numbers_with_notes}


@pytest.fixture(scope="module")
def real_games():
    return [(sans, compact(sans)) for sans in counterpart_sans()]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_real_games_in_other_styles_come_back_move_for_move(real_games, style, layout):
    book = "\n\n\n".join(LAYOUTS[layout]([STYLES[style](m) for m in moves], n)
                         for n, (_, moves) in enumerate(real_games, start=1)) + "\n"
    records = scan_book(book, f"{style}.txt")
    assert len(records) == len(real_games)
    for rec, (sans, _) in zip(records, real_games):
        rec.settle_status()
        assert [p.normal.rstrip("+#") for p in rec.plies] == [s.rstrip("+#") for s in sans], \
            (rec.title, [d.format() for d in rec.diagnostics][:3])
        assert rec.status == "valid", (rec.title, [d.format() for d in rec.diagnostics][:3])


def side_by_side(left: list[str], right: list[str], n: int) -> str:
    """Two games in four columns, as books set short games: each half numbered."""
    rows = [f"GAMES No. {n} AND {n + 1}.", ""]
    for i in range(0, max(len(left), len(right)), 2):
        halves = []
        for moves in (left, right):
            pair = moves[i:i + 2]
            halves.append(f"{i // 2 + 1:>3}. " + "  ".join(f"{m:<24}" for m in pair)
                          if pair else "")
        rows.append(f"{halves[0]:<62}  {halves[1]}".rstrip())
    return "\n".join(rows)


@pytest.mark.parametrize("style", ["spaced", "signs"])
def test_two_games_side_by_side_come_back_move_for_move(real_games, style):
    pairs = [(real_games[k], real_games[k + 1]) for k in range(0, len(real_games) - 1, 2)]
    book = "\n\n\n".join(side_by_side([STYLES[style](m) for m in a[1]],
                                      [STYLES[style](m) for m in b[1]], 2 * k + 1)
                         for k, (a, b) in enumerate(pairs)) + "\n"
    records = scan_book(book, f"{style}-side-by-side.txt")
    assert len(records) == 2 * len(pairs)
    for rec, (sans, _) in zip(records, [game for pair in pairs for game in pair]):
        rec.settle_status()
        assert [p.normal.rstrip("+#") for p in rec.plies] == [s.rstrip("+#") for s in sans], \
            (rec.title, [d.format() for d in rec.diagnostics][:3])
        assert rec.status == "valid", (rec.title, [d.format() for d in rec.diagnostics][:3])
