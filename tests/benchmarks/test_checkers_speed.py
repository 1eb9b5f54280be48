"""Checkers speed on the ACF archive, against pydraughts measured in the same run.

Run with: python -m pytest tests/benchmarks/test_checkers_speed.py -m benchmark -s
"""
import os
import time

import pytest

from records.archive import Archive
from records.checkers import pdn
from records.checkers import engine as ck
from records.core.reading import read_path
from conftest import CORPUS, need

ACF = CORPUS / "checkers" / "acf_archive_9377.pdn"
ANCHOR_GAMES = 12        # pydraughts replays about 300 plies a second: a sample is enough
TARGET_RATIO = 100
TARGET_IMPORT_SECONDS = 60


@pytest.fixture(scope="module")
def games():
    """Every ACF game's moves as written, read once (serially) by the PDN reader."""
    os.environ["HOYLE_WORKERS"] = "1"
    try:
        records = pdn.read(need(ACF).read_text(), str(ACF))
    finally:
        os.environ.pop("HOYLE_WORKERS")
    assert len(records) == 9377
    return [[p.text for p in rec.plies] for rec in records]


def replay_ours(games) -> tuple[int, float]:
    """Our engine: validate each move (compulsory capture, complete jumps) and key the position."""
    plies = 0
    start = time.perf_counter()
    for moves in games:
        pos = ck.initial()
        for text in moves:
            path = pdn._path(text)[0]
            pos = ck.play_path(pos, path)
            assert pos is not None
            ck.to_fen(pos)
        plies += len(moves)
    return plies, time.perf_counter() - start


def replay_pydraughts(draughts, games) -> tuple[int, float]:
    """The anchor: pydraughts finds each written move among its legal moves and pushes it."""
    plies = 0
    start = time.perf_counter()
    for moves in games:
        board = draughts.Board(variant="english")
        for text in moves:
            path = list(pdn._path(text)[0])
            move = next(m for m in board.legal_moves() if m.steps_move == path)
            board.push(move)
            board.fen
        plies += len(moves)
    return plies, time.perf_counter() - start


@pytest.fixture(scope="module")
def anchor(games):
    """pydraughts' replay rate (plies/s) on the sample, measured once for both tests."""
    draughts = pytest.importorskip("draughts")
    plies, seconds = replay_pydraughts(draughts, games[:ANCHOR_GAMES])
    return plies, seconds


@pytest.mark.benchmark
def test_replay_throughput_against_pydraughts(games, anchor):
    sample = games[:ANCHOR_GAMES]
    anchor_plies, anchor_time = anchor
    ours_plies, ours_time = replay_ours(games)
    anchor_rate = anchor_plies / anchor_time
    ours_rate = ours_plies / ours_time
    ratio = ours_rate / anchor_rate
    print(f"\npydraughts: {anchor_plies} plies of {len(sample)} ACF games in {anchor_time:.2f} s "
          f"= {anchor_rate:,.0f} plies/s")
    print(f"hoyle engine: {ours_plies} plies of {len(games)} ACF games in {ours_time:.2f} s "
          f"= {ours_rate:,.0f} plies/s (legality checked, position key per ply)")
    print(f"ratio: {ratio:,.0f}x (target {TARGET_RATIO}x)")
    assert ratio >= TARGET_RATIO


@pytest.mark.benchmark
def test_whole_archive_import_under_a_minute(tmp_path, anchor):
    anchor_plies, anchor_time = anchor
    start = time.perf_counter()
    records = read_path(str(need(ACF)))
    read_time = time.perf_counter() - start
    for rec in records:
        rec.settle_status()
    result = Archive(str(tmp_path / "acf.db")).import_records(str(ACF), records)
    total = time.perf_counter() - start
    plies = sum(len(r.plies) for r in records)
    statuses = {r.status for r in records}
    full_rate = plies / read_time
    print(f"\nread + replay + name {len(records)} games ({plies} plies): {read_time:.1f} s "
          f"= {full_rate:,.0f} plies/s, {full_rate / (anchor_plies / anchor_time):,.0f}x "
          f"pydraughts' replay alone")
    print(f"import into the archive: {total:.1f} s in all (target {TARGET_IMPORT_SECONDS} s)")
    assert result["added"] == 9377 and statuses == {"valid"}
    assert total < TARGET_IMPORT_SECONDS
