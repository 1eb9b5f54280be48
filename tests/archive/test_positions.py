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
        assert positions.records_passing(conn, [h]) == sorted(truth[h])
    gone = list(range(100, 700, 3))
    positions.forget(conn, gone)
    for h in shared.tolist():
        assert positions.records_passing(conn, [h]) == sorted(truth[h] - set(gone))
    assert positions.records_passing(conn, [12345]) == []


def test_plain_python_codec_writes_the_same_bytes_as_numpy():
    rng = np.random.default_rng(1889)
    for count, top in ((1, 10), (9, 2**20), (2000, 2**40)):
        buckets = np.sort(rng.integers(0, positions.BUCKETS, count))
        ids = rng.integers(1, top, count)
        order = np.lexsort((ids, buckets))
        buckets, ids = buckets[order], ids[order]
        checks = rng.integers(0, 1 << positions.CHECK_BITS, count).astype(np.uint32)
        rows = positions.encode_groups(buckets, ids, checks)
        entries = list(zip(buckets.tolist(), ids.tolist(), checks.tolist()))
        assert positions.encode_entries(entries) == [tuple(int(v) if not isinstance(v, bytes)
                                                           else v for v in row) for row in rows]
        for _, first, _, n, blob in rows:
            assert [a.tolist() for a in positions.decode(blob, n, first)] == \
                [list(a) for a in positions.decode_entries(blob, n, first)]
    hashes = rng.integers(-2**63, 2**63 - 1, 500)
    split = positions.split_hash(hashes)
    assert [positions.split_one(h) for h in hashes.tolist()] == list(zip(*(a.tolist() for a in split)))


def _index_built(conn, as_lists: bool) -> list:
    rng = np.random.default_rng(11)
    shared = rng.integers(-2**63, 2**63 - 1, 30)
    for batch in range(3):   # three imports: the later ones merge into small blocks
        writer = positions.PositionWriter(conn)
        for record_id in range(batch * 40 + 1, batch * 40 + 41):
            hashes = np.concatenate((rng.integers(-2**63, 2**63 - 1, 30), rng.choice(shared, 3)))
            writer.add(hashes.tolist() if as_lists else hashes, record_id)
        writer.flush()
    return conn.execute("SELECT * FROM position_blocks ORDER BY id").fetchall()


def test_a_small_import_writes_in_plain_python_the_blocks_numpy_writes(monkeypatch):
    monkeypatch.setattr(positions, "FLUSH_ENTRIES", 700)   # flushes within an import too
    tables = []
    for as_lists in (True, False):
        conn = sqlite3.connect(":memory:")
        create_tables(conn)
        tables.append(_index_built(conn, as_lists))
    assert tables[0] == tables[1] and len(tables[0]) > 100
    few = positions.PositionWriter(sqlite3.connect(":memory:"))
    few.add([1, 2, 3], 1)
    assert few.entries and not few.parts   # held in plain Python
    few.add(np.arange(5, dtype=np.int64), 2)
    assert not few.entries and few.parts   # numpy from the first array on


def test_lookups_are_the_same_in_plain_python_and_numpy(monkeypatch):
    conn = sqlite3.connect(":memory:")
    create_tables(conn)
    writer = positions.PositionWriter(conn)
    rng = np.random.default_rng(3)
    shared = rng.integers(-2**63, 2**63 - 1, 20).tolist()
    for record_id in range(1, 400):
        writer.add(rng.choice(shared, 4), record_id)
    writer.flush()
    few = [positions.records_passing(conn, [h]) for h in shared]
    monkeypatch.setattr(positions, "FEW_ENTRIES", 0)
    assert few == [positions.records_passing(conn, [h]) for h in shared]
    assert all(few)
