"""PBN import speed against endplay's PBN reader, measured side by side in one run.

Ours reads every game into a record and validates it: the deal is checked (52 distinct
cards, 13 a hand), the whole play is replayed through the trick engine (follow suit,
winners, revokes), the auction is replayed to its final contract, and result and score
are checked. endplay's reader parses the same files into Board objects (tags, deal,
auction, play linearised by trick winner).

Run with: python -m pytest tests/benchmarks -m benchmark -s
"""
import os
import time
from pathlib import Path

import pytest

from records.formats import pbn

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("HOYLE_SHARED", ROOT.parent / "shared")) / "corpus"

ROUNDS = 7
TARGET = 1.0


def endplay_readable(parser) -> list[tuple[str, str]]:
    """The corpus files endplay's reader accepts (it rejects annotations such as "!")."""
    files = []
    if not (CORPUS / "bridge").is_dir():
        pytest.skip(f"{CORPUS / 'bridge'} is not here")
    for path in sorted((CORPUS / "bridge").glob("*.pbn")):
        text = path.read_text(encoding="utf-8")
        try:
            parser.loads(text)
        except Exception as exc:  # noqa: BLE001 - any failure means endplay cannot read it
            print(f"  endplay cannot read {path.name}: {exc!r}; left out of both sides")
            continue
        files.append((str(path), text))
    return files


def ours(files) -> tuple[int, int]:
    deals = cards = 0
    for path, text in files:
        for record in pbn.read(text, path):
            deals += 1
            cards += len(record.plies)
    return deals, cards


def theirs(parser, files) -> tuple[int, int]:
    deals = cards = 0
    for _, text in files:
        for board in parser.loads(text):
            deals += 1
            cards += sum(1 for c in board.play if c.suit.name != "nt")
    return deals, cards


@pytest.mark.benchmark
def test_pbn_import_against_endplay():
    parser = pytest.importorskip("endplay.parsers.pbn")
    files = endplay_readable(parser)
    assert files
    ours(files), theirs(parser, files)        # warm both (imports, caches of compiled code)
    best_ours = best_theirs = float("inf")
    for _ in range(ROUNDS):                   # interleaved, so both see the same machine load
        start = time.perf_counter()
        counted = ours(files)
        best_ours = min(best_ours, time.perf_counter() - start)
        start = time.perf_counter()
        anchor = theirs(parser, files)
        best_theirs = min(best_theirs, time.perf_counter() - start)
    assert counted[0] == anchor[0]
    assert counted[1] == anchor[1]            # the same cards, replayed by ours
    ratio = best_theirs / best_ours
    print(f"\nPBN import, {len(files)} files, {counted[0]} deals, {counted[1]} cards played")
    print(f"  hoyle (read + replay + checks): {best_ours * 1000:.1f} ms "
          f"({counted[0] / best_ours:.0f} deals/s)")
    print(f"  endplay parsers.pbn.loads:      {best_theirs * 1000:.1f} ms "
          f"({anchor[0] / best_theirs:.0f} deals/s)")
    print(f"  ratio (endplay time / hoyle time): {ratio:.2f}x (target {TARGET:.1f}x)")
    assert ratio >= TARGET
