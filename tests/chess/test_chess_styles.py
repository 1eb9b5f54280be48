"""The 20 real games of the PGN counterparts, printed as other books print them, read back.

Each game is spelled in compact descriptive notation by hoyle's writer, then re-set in an
older style (Staunton's `K. Kt. to K. B's 3d.`, spaced `Kt - K B 3`, ranks in words) and
laid out as books lay games out (two columns with both numbered, a wrapped paragraph, Black
under White). Every game must come back move for move as the PGN has it.
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
        rows.append(f"{number:>4} {pair[0]:<32}" + (f"{number} {pair[1]}" if len(pair) > 1 else ""))
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


STYLES = {"staunton": staunton, "spaced": spaced, "words": in_words}
LAYOUTS = {"two columns": two_columns, "paragraph": paragraph, "alternate lines": alternate_lines}


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
