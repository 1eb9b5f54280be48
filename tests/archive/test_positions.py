"""The position index's posting lists: the codec, writing in several flushes (small blocks
taking more entries), lookups against a plain dictionary, and removing records."""
import sqlite3

import numpy as np

from records.archive import positions
from records.archive.schema import create_tables


def test_blocks_encode_and_decode_any_steps():
    rng = np.random.default_rng(1914)
    for count, top in ((1, 10), (7, 2**20), (3000, 2**40)):
        ids = np.sort(rng.integers(1, top, count))
        checks = rng.integers(0, 1 << positions.CHECK_BITS, count).astype(np.uint32)
        [(_, first, last, n, blob)] = positions.encode_groups(np.zeros(count, dtype=np.int64),
                                                              ids, checks)
        assert (first, last, n) == (ids[0], ids[-1], count)
        back_ids, back_checks = positions.decode(blob, count, int(ids[0]))
        assert (back_ids == ids).all() and (back_checks == checks).all()
    assert [len(a) for a in positions.decode(b"", 0, 5)] == [0, 0]


def test_lookups_match_a_plain_index_through_flushes_merges_and_removals(monkeypatch):
    monkeypatch.setattr(positions, "FLUSH_ENTRIES", 5_000)   # many flushes, many merges
    conn = sqlite3.connect(":memory:")
    create_tables(conn)
    rng = np.random.default_rng(7)
    shared = rng.integers(-2**63, 2**63 - 1, 50)   # positions many records pass through
    truth: dict[int, set[int]] = {}
    for batch in range(4):   # four imports, each its own writer, as four files would be
        writer = positions.PositionWriter(conn)
        for record_id in range(batch * 300 + 1, batch * 300 + 301):
            own = rng.integers(-2**63, 2**63 - 1, 40)
            hashes = np.concatenate((own, rng.choice(shared, 5)))
            writer.add(hashes, record_id)
            for h in hashes.tolist():
                truth.setdefault(h, set()).add(record_id)
        writer.flush()
    small = conn.execute("SELECT count(*) FROM position_blocks WHERE n < ?",
                         [positions.SMALL_BLOCK]).fetchone()[0]
    assert small <= positions.BUCKETS   # at most each bucket's last block is small
    for h in [*shared.tolist(), *rng.choice(list(truth), 200).tolist()]:
        assert positions.records_passing(conn, [h]).tolist() == sorted(truth[h])
    gone = list(range(100, 700, 3))
    positions.forget(conn, gone)
    for h in shared.tolist():
        assert positions.records_passing(conn, [h]).tolist() == sorted(truth[h] - set(gone))
    assert positions.records_passing(conn, [12345]).tolist() == []
