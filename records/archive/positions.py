"""The position index: which records pass through a position, in about four bytes a position.

A row per (position, record) cost 15.5 bytes in SQLite (schema 2), more than the PGN itself. So
positions are kept as posting lists instead: a position's 64-bit hash picks one of BUCKETS
buckets (its top bits) and a CHECK_BITS check (the next bits); a bucket's entries are stored in
blocks of records in id order, each entry the step from the previous record id (a varint) and
its check (three bytes). A lookup reads one bucket's blocks and keeps the entries whose check
matches: 36 bits of the hash in all, so a false match is about one in 69 billion entries.

Imports add blocks; a bucket's last block takes the next entries while it is small, so many
small imports do not leave many tiny blocks. Deleting records rewrites the blocks that hold them.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterable

import numpy as np

BUCKET_BITS = 12
BUCKETS = 1 << BUCKET_BITS
BUCKETS_AT_ONCE = 256      # buckets written (and merged) together
CHECK_BITS = 24
CHECK_BYTES = CHECK_BITS // 8
SMALL_BLOCK = 64           # entries below which a bucket's last block takes more
FLUSH_ENTRIES = 1 << 19    # entries held in memory before they are written as blocks
INSERT_BLOCK = ("INSERT INTO position_blocks (bucket, first_id, last_id, n, entries)"
                " VALUES (?, ?, ?, ?, ?)")


def split_hash(hashes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(bucket, check) of signed 64-bit position hashes."""
    unsigned = hashes.astype(np.int64).view(np.uint64)
    buckets = (unsigned >> np.uint64(64 - BUCKET_BITS)).astype(np.int64)
    checks = ((unsigned >> np.uint64(64 - BUCKET_BITS - CHECK_BITS))
              & np.uint64((1 << CHECK_BITS) - 1)).astype(np.uint32)
    return buckets, checks


# -- the codec: record-id steps as varints, then the checks ----------------------------------
def _varints(steps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The steps as LEB128 varints, one after another; and each one's width in bytes."""
    steps = steps.astype(np.uint64)
    widths = np.ones(len(steps), dtype=np.int64)
    for k in range(1, 10):
        more = steps >= np.uint64(1 << (7 * k))
        if not more.any():
            break
        widths += more
    at = np.concatenate(([0], np.cumsum(widths)[:-1])).astype(np.int64)
    out = np.zeros(int(widths.sum()), dtype=np.uint8)
    for k in range(int(widths.max(initial=1))):
        has = widths > k
        seven = (steps[has] >> np.uint64(7 * k)) & np.uint64(0x7F)
        last = widths[has] == k + 1
        out[at[has] + k] = (seven | np.where(last, 0, 0x80).astype(np.uint64)).astype(np.uint8)
    return out, widths


def _check_bytes(checks: np.ndarray) -> np.ndarray:
    """Each check in CHECK_BYTES bytes, low byte first."""
    out = np.zeros((len(checks), CHECK_BYTES), dtype=np.uint8)
    for k in range(CHECK_BYTES):
        out[:, k] = (checks >> np.uint32(8 * k)) & np.uint32(0xFF)
    return out.reshape(-1)


def encode_groups(buckets: np.ndarray, ids: np.ndarray, checks: np.ndarray) -> list[tuple]:
    """Rows (bucket, first_id, last_id, n, entries) of entries sorted by (bucket, id), a block
    per bucket, encoded all at once."""
    starts = np.flatnonzero(np.diff(buckets, prepend=-1))
    ends = np.append(starts[1:], len(ids))
    steps = np.diff(ids, prepend=0)
    steps[starts] = 0   # each block's first entry: its first id, the block's base
    varints, widths = _varints(steps)
    byte_at = np.concatenate(([0], np.cumsum(widths)))
    varint_bytes, check_bytes = varints.tobytes(), _check_bytes(checks).tobytes()
    rows = []
    for a, b, va, vb, bucket, first, last in zip(
            starts.tolist(), ends.tolist(), byte_at[starts].tolist(), byte_at[ends].tolist(),
            buckets[starts].tolist(), ids[starts].tolist(), ids[ends - 1].tolist()):
        blob = varint_bytes[va:vb] + check_bytes[a * CHECK_BYTES:b * CHECK_BYTES]
        rows.append((bucket, first, last, b - a, blob))
    return rows


def decode(blob: bytes, count: int, base: int) -> tuple[np.ndarray, np.ndarray]:
    """(record ids, checks) of a block."""
    if not count:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.uint32)
    raw = np.frombuffer(blob, dtype=np.uint8)
    split = len(raw) - count * CHECK_BYTES
    steps_raw, tail = raw[:split], raw[split:].reshape(-1, CHECK_BYTES).astype(np.uint32)
    checks = np.zeros(count, dtype=np.uint32)
    for k in range(CHECK_BYTES):
        checks |= tail[:, k] << np.uint32(8 * k)
    ends = np.flatnonzero(steps_raw < 0x80)
    starts = np.concatenate(([0], ends[:-1] + 1))
    place = np.arange(len(steps_raw)) - np.repeat(starts, ends - starts + 1)
    parts = (steps_raw & 0x7F).astype(np.uint64) << (np.uint64(7) * place.astype(np.uint64))
    steps = np.add.reduceat(parts, starts)
    return (np.cumsum(steps) + np.uint64(base)).astype(np.int64), checks


# -- writing --------------------------------------------------------------------------------
class PositionWriter:
    """Collects the (position, record id) entries of an import and writes them as blocks, in
    bounded memory (FLUSH_ENTRIES at a time, six bytes and an id each), inside the caller's
    transaction. Records come in id order, so a bucket's entries are in id order as they come."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        self.held = 0
        self.last_id = 0
        self.in_order = True   # the records came in id order since the last flush
        # the buckets whose last block is small: known once this writer has written to an
        # empty index (None: any bucket's may be, and is looked up)
        self.small: set[int] | None = None

    def add(self, hashes, record_id: int) -> None:
        self.add_records([hashes], [record_id])

    def add_records(self, hash_lists: list, record_ids: list[int]) -> None:
        """The positions of several records: hash_lists[i] are record_ids[i]'s hashes."""
        arrays = [np.asarray(h, dtype=np.int64) for h in hash_lists]
        counts = [len(a) for a in arrays]
        if not sum(counts):
            return
        if record_ids[0] < self.last_id or record_ids != sorted(record_ids):
            self.in_order = False
        self.last_id = max(self.last_id, record_ids[-1])
        buckets, checks = split_hash(np.concatenate(arrays))
        ids = np.repeat(np.asarray(record_ids, dtype=np.int64), counts)
        self.parts.append((buckets.astype(np.uint16), checks, ids))
        self.held += len(ids)
        if self.held >= FLUSH_ENTRIES:
            self.flush()

    def flush(self) -> None:
        """Write what is held, BUCKETS_AT_ONCE buckets at a time (so merging the small blocks
        already there never holds more than a slice of them)."""
        if not self.held:
            return
        buckets, checks, ids = (np.concatenate(column) for column in zip(*self.parts))
        if not self.in_order:   # sort by id first
            by_id = np.argsort(ids, kind="stable")
            buckets, checks, ids = buckets[by_id], checks[by_id], ids[by_id]
        self.parts, self.held, self.last_id, self.in_order = [], 0, 0, True
        order = np.argsort(buckets, kind="stable")   # a radix sort of 16-bit numbers
        ids, checks = ids[order], checks[order]
        buckets = np.repeat(np.arange(BUCKETS, dtype=np.int64),
                            np.bincount(buckets, minlength=BUCKETS))
        merging = self.conn.execute("SELECT 1 FROM position_blocks LIMIT 1").fetchone()
        if not merging:
            self.small = set()
        edges = np.searchsorted(buckets, np.arange(0, BUCKETS + 1, BUCKETS_AT_ONCE))
        for a, b in zip(edges[:-1].tolist(), edges[1:].tolist()):
            if a == b:
                continue
            part = buckets[a:b], ids[a:b], checks[a:b]
            if merging:
                part = self._with_small_blocks(*part)
            rows = encode_groups(*part)
            self.conn.executemany(INSERT_BLOCK, rows)
            if self.small is not None:
                self.small -= {row[0] for row in rows}
                self.small |= {row[0] for row in rows if row[3] < SMALL_BLOCK}

    def _with_small_blocks(self, buckets, ids, checks):
        """The entries (sorted by bucket and id) with those of each bucket's last block, when
        that block is small and ends before them; the block is written again with them."""
        conn = self.conn
        first_new = int(ids.min())
        more_ids, more_checks, more_buckets, gone = [], [], [], []
        for bucket in buckets[np.flatnonzero(np.diff(buckets, prepend=-1))].tolist():  # sorted
            if self.small is not None and bucket not in self.small:
                continue   # its last block, written by this writer, takes no more
            last = conn.execute("SELECT id, first_id, last_id, n, entries FROM position_blocks"
                                " WHERE bucket = ? ORDER BY last_id DESC LIMIT 1",
                                [bucket]).fetchone()
            if last and last[3] < SMALL_BLOCK and last[2] <= first_new:
                old_ids, old_checks = decode(last[4], last[3], last[1])
                more_ids.append(old_ids)
                more_checks.append(old_checks)
                more_buckets.append(np.full(len(old_ids), bucket, dtype=np.int64))
                gone.append((last[0],))
        if not gone:
            return buckets, ids, checks
        conn.executemany("DELETE FROM position_blocks WHERE id = ?", gone)
        buckets = np.concatenate(more_buckets + [buckets])
        ids = np.concatenate(more_ids + [ids])
        checks = np.concatenate(more_checks + [checks])
        order = np.argsort((buckets << 40) | ids, kind="stable")
        return buckets[order], ids[order], checks[order]


def write_block(conn: sqlite3.Connection, bucket: int, ids: np.ndarray, checks: np.ndarray) -> None:
    if len(ids):
        conn.executemany(INSERT_BLOCK, encode_groups(np.full(len(ids), bucket), ids, checks))


# -- reading and deleting -------------------------------------------------------------------
def records_passing(conn: sqlite3.Connection, hashes: Iterable[int]) -> np.ndarray:
    """The sorted ids of records that pass through any of the positions with these hashes."""
    found = np.fromiter(hashes, dtype=np.int64)
    buckets, checks = split_hash(found)
    hits = []
    for bucket in np.unique(buckets).tolist():
        wanted = checks[buckets == bucket]
        for first, count, blob in conn.execute(
                "SELECT first_id, n, entries FROM position_blocks WHERE bucket = ?", [bucket]):
            ids, block_checks = decode(blob, count, first)
            hits.append(ids[np.isin(block_checks, wanted)])
    return np.unique(np.concatenate(hits)) if hits else np.zeros(0, dtype=np.int64)


def forget(conn: sqlite3.Connection, record_ids: list[int]) -> None:
    """Take removed records out of the blocks that hold them (inside the caller's transaction)."""
    gone = np.array(sorted(set(record_ids)), dtype=np.int64)
    if not len(gone):
        return
    blocks = conn.execute(
        "SELECT id, bucket, first_id, n, entries FROM position_blocks"
        " WHERE last_id >= ? AND first_id <= ?", [int(gone[0]), int(gone[-1])]).fetchall()
    for block_id, bucket, first, count, blob in blocks:
        ids, checks = decode(blob, count, first)
        kept = ~np.isin(ids, gone)
        if kept.all():
            continue
        conn.execute("DELETE FROM position_blocks WHERE id = ?", [block_id])
        write_block(conn, bucket, ids[kept], checks[kept])
