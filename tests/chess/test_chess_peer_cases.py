"""The descriptive-notation cases of two peers' test suites (tests/chess/peer_cases.py), read
as a new user would: the moves as printed in a text file (the start position given on a
`[FEN "..."]` line above them), one record each, every move read, the SAN the peers expect."""
import chess
import pytest

from peer_cases import CASES, START
from records.chess.scan import scan_book
from records.core.model import VALID


def read(fen: str, text: str) -> list:
    book = (f'[FEN "{fen}"]\n\n' if fen != START else "") + text + "\n"
    records = scan_book(book, "peer.txt")
    for rec in records:
        rec.settle_status()
    return records


@pytest.mark.parametrize("name,fen,text,sans", CASES, ids=[c[0] for c in CASES])
def test_every_peer_case_reads_whole(name, fen, text, sans):
    records = read(fen, text)
    assert len(records) == 1, [r.title for r in records]
    rec = records[0]
    expected = [s for s in sans.split() if s != "resigns"]
    assert [p.normal for p in rec.plies] == expected
    assert rec.status == VALID, [(d.code, d.message) for d in rec.diagnostics]
    if "resigns" in sans:   # the side to move resigns: here always Black
        assert rec.tags["Result"] == "1-0"


@pytest.mark.parametrize("name,fen,text,sans", CASES, ids=[c[0] for c in CASES])
def test_the_expected_san_is_what_python_chess_writes(name, fen, text, sans):
    board = chess.Board(fen)
    for san in [s for s in sans.split() if s != "resigns"]:
        move = board.parse_san(san)
        assert board.san(move) == san
        board.push(move)
