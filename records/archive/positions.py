"""The position index: which records pass through a position, in about four bytes a position.

A row per (position, record) cost 15.5 bytes in SQLite (schema 2), more than the PGN itself. So
positions are kept as posting lists instead: a position's 64-bit hash picks one of BUCKETS
buckets (its top bits) and a CHECK_BITS check (the next bits); a bucket's entries are stored in
blocks of records in id order, each entry the step from the previous record id (a varint) and
its check (three bytes). A lookup reads one bucket's blocks and keeps the entries whose check
matches: 36 bits of the hash in all, so a false match is about one in 69 billion entries.

Imports add blocks; a bucket's last block takes the next entries while it is small, so many
small imports do not leave many tiny blocks. Deleting records rewrites the blocks that hold them.

numpy encodes and decodes many entries at once; a few (a small import, a lookup in a small
archive) are done in plain Python, to the same bytes, so that a command that touches a few
games never waits for numpy to load (about a third of its start).
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
FEW_ENTRIES = 16_384       # up to this many entries (some 200 games) plain Python is quicker
                           # than loading numpy
CHECK_SHIFT, CHECK_MASK = 64 - BUCKET_BITS - CHECK_BITS, (1 << CHECK_BITS) - 1


def split_hash(hashes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(bucket, check) of signed 64-bit position hashes."""
    import numpy as np
    unsigned = hashes.astype(np.int64).view(np.uint64)
    buckets = (unsigned >> np.uint64(64 - BUCKET_BITS)).astype(np.int64)
    checks = ((unsigned >> np.uint64(64 - BUCKET_BITS - CHECK_BITS))
              & np.uint64((1 << CHECK_BITS) - 1)).astype(np.uint32)
    return buckets, checks


# -- the codec: record-id steps as varints, then the checks ----------------------------------
def _varints(steps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The steps as LEB128 varints, one after another; and each one's width in bytes."""
    import numpy as np
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
    import numpy as np
    out = np.zeros((len(checks), CHECK_BYTES), dtype=np.uint8)
    for k in range(CHECK_BYTES):
        out[:, k] = (checks >> np.uint32(8 * k)) & np.uint32(0xFF)
    return out.reshape(-1)


def encode_groups(buckets: np.ndarray, ids: np.ndarray, checks: np.ndarray) -> list[tuple]:
    """Rows (bucket, first_id, last_id, n, entries) of entries sorted by (bucket, id), a block
    per bucket, encoded all at once."""
    import numpy as np
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
    import numpy as np
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


# -- the same codec in plain Python, for a few entries --------------------------------------
def split_one(value: int) -> tuple[int, int]:
    """(bucket, check) of one signed 64-bit position hash."""
    unsigned = value & 0xFFFFFFFFFFFFFFFF
    return unsigned >> (64 - BUCKET_BITS), (unsigned >> CHECK_SHIFT) & CHECK_MASK


def _varint(step: int, out: bytearray) -> None:
    while step >= 0x80:
        out.append(step & 0x7F | 0x80)
        step >>= 7
    out.append(step)


def encode_entries(entries: list[tuple[int, int, int]]) -> list[tuple]:
    """encode_groups of (bucket, record id, check) entries sorted by bucket and id."""
    rows = []
    for bucket, group in groupby(entries, key=itemgetter(0)):
        group = list(group)
        steps, checks, previous = bytearray(), bytearray(), group[0][1]
        for _, record_id, check in group:
            _varint(record_id - previous, steps)
            checks += check.to_bytes(CHECK_BYTES, "little")
            previous = record_id
        rows.append((bucket, group[0][1], group[-1][1], len(group), bytes(steps + checks)))
    return rows


def decode_entries(blob: bytes, count: int, base: int) -> tuple[list[int], list[int]]:
    """decode, to lists."""
    split = len(blob) - count * CHECK_BYTES
    ids, at, value, shift = [], base, 0, 0
    for byte in blob[:split]:
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            at += value
            ids.append(at)
            value = shift = 0
        else:
            shift += 7
    checks = [int.from_bytes(blob[i:i + CHECK_BYTES], "little")
              for i in range(split, len(blob), CHECK_BYTES)]
    return ids, checks


# -- writing --------------------------------------------------------------------------------
class PositionWriter:
    """Collects the (position, record id) entries of an import and writes them as blocks, in
    bounded memory (FLUSH_ENTRIES at a time, six bytes and an id each), inside the caller's
    transaction. Records come in id order, so a bucket's entries are in id order as they come.
    A few entries are held and written in plain Python, many with numpy: the same blocks."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.entries: list[tuple[int, int, int]] = []   # (bucket, check, id), while few
        self.parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []   # once many
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
        counts = [len(h) for h in hash_lists]
        if not sum(counts):
            return
        if record_ids[0] < self.last_id or record_ids != sorted(record_ids):
            self.in_order = False
        self.last_id = max(self.last_id, record_ids[-1])
        if (not self.parts and self.held + sum(counts) <= FEW_ENTRIES
                and not any(hasattr(h, "dtype") for h in hash_lists)):
            self.entries += [(*split_one(h), record_id) for hashes, record_id
                             in zip(hash_lists, record_ids) for h in hashes]
        else:
            self._add_arrays(hash_lists, record_ids, counts)
        self.held += sum(counts)
        if self.held >= FLUSH_ENTRIES:
            self.flush()

    def _add_arrays(self, hash_lists: list, record_ids: list[int], counts: list[int]) -> None:
        import numpy as np
        if self.entries:   # many after a few: those go to numpy too
            buckets, checks, ids = zip(*self.entries)
            self.parts.append((np.array(buckets, dtype=np.uint16),
                               np.array(checks, dtype=np.uint32), np.array(ids, dtype=np.int64)))
            self.entries = []
        arrays = [np.asarray(h, dtype=np.int64) for h in hash_lists]
        buckets, checks = split_hash(np.concatenate(arrays))
        ids = np.repeat(np.asarray(record_ids, dtype=np.int64), counts)
        self.parts.append((buckets.astype(np.uint16), checks, ids))

    def flush(self) -> None:
        """Write what is held, BUCKETS_AT_ONCE buckets at a time (so merging the small blocks
        already there never holds more than a slice of them)."""
        if not self.held:
            return
        if self.entries:
            entries = sorted(((b, i, c) for b, c, i in self.entries), key=itemgetter(0, 1))
            self.entries, self.held, self.last_id, self.in_order = [], 0, 0, True
            self._write_entries(entries)
            return
        import numpy as np
        buckets, checks, ids = (np.concatenate(column) for column in zip(*self.parts))
        if not self.in_order:   # sort by id first
            by_id = np.argsort(ids, kind="stable")
            buckets, checks, ids = buckets[by_id], checks[by_id], ids[by_id]
        self.parts, self.held, self.last_id, self.in_order = [], 0, 0, True
        order = np.argsort(buckets, kind="stable")   # a radix sort of 16-bit numbers
        ids, checks = ids[order], checks[order]
        buckets = np.repeat(np.arange(BUCKETS, dtype=np.int64),
                            np.bincount(buckets, minlength=BUCKETS))
        merging = self._merging()
        edges = np.searchsorted(buckets, np.arange(0, BUCKETS + 1, BUCKETS_AT_ONCE))
        for a, b in zip(edges[:-1].tolist(), edges[1:].tolist()):
            if a == b:
                continue
            part = buckets[a:b], ids[a:b], checks[a:b]
            if merging:
                part = self._with_small_blocks(*part)
            self._write(encode_groups(*part))

    def _write_entries(self, entries: list[tuple[int, int, int]]) -> None:
        """flush, for (bucket, id, check) entries sorted by bucket and id."""
        merging = self._merging()
        for _, part in groupby(entries, key=lambda entry: entry[0] // BUCKETS_AT_ONCE):
            part = list(part)
            if merging:
                part = self._with_small_entries(part)
            self._write(encode_entries(part))

    def _merging(self) -> bool:
        """Whether the index holds blocks already (else no bucket's last block is small)."""
        merging = self.conn.execute("SELECT 1 FROM position_blocks LIMIT 1").fetchone()
        if not merging:
            self.small = set()
        return bool(merging)

    def _write(self, rows: list[tuple]) -> None:
        self.conn.executemany(INSERT_BLOCK, rows)
        if self.small is not None:
            self.small -= {row[0] for row in rows}
            self.small |= {row[0] for row in rows if row[3] < SMALL_BLOCK}

    def _small_last_block(self, bucket: int, first_new: int) -> tuple | None:
        """A bucket's last block when it is small and ends before the new entries begin."""
        if self.small is not None and bucket not in self.small:
            return None   # its last block, written by this writer, takes no more
        last = self.conn.execute("SELECT id, first_id, last_id, n, entries FROM position_blocks"
                                 " WHERE bucket = ? ORDER BY last_id DESC LIMIT 1",
                                 [bucket]).fetchone()
        return last if last and last[3] < SMALL_BLOCK and last[2] <= first_new else None

    def _with_small_blocks(self, buckets, ids, checks):
        """The entries (sorted by bucket and id) with those of each bucket's last block, when
        that block is small and ends before them; the block is written again with them."""
        import numpy as np
        first_new = int(ids.min())
        more_ids, more_checks, more_buckets, gone = [], [], [], []
        for bucket in buckets[np.flatnonzero(np.diff(buckets, prepend=-1))].tolist():  # sorted
            last = self._small_last_block(bucket, first_new)
            if last:
                old_ids, old_checks = decode(last[4], last[3], last[1])
                more_ids.append(old_ids)
                more_checks.append(old_checks)
                more_buckets.append(np.full(len(old_ids), bucket, dtype=np.int64))
                gone.append((last[0],))
        if not gone:
            return buckets, ids, checks
        self.conn.executemany("DELETE FROM position_blocks WHERE id = ?", gone)
        buckets = np.concatenate(more_buckets + [buckets])
        ids = np.concatenate(more_ids + [ids])
        checks = np.concatenate(more_checks + [checks])
        order = np.argsort((buckets << 40) | ids, kind="stable")
        return buckets[order], ids[order], checks[order]

    def _with_small_entries(self, part: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        """_with_small_blocks, for (bucket, id, check) entries."""
        first_new = min(entry[1] for entry in part)
        old, gone = [], []
        for bucket in sorted({entry[0] for entry in part}):
            last = self._small_last_block(bucket, first_new)
            if last:
                ids, checks = decode_entries(last[4], last[3], last[1])
                old += [(bucket, i, c) for i, c in zip(ids, checks)]
                gone.append((last[0],))
        if not gone:
            return part
        self.conn.executemany("DELETE FROM position_blocks WHERE id = ?", gone)
        return sorted(old + part, key=itemgetter(0, 1))


def write_block(conn: sqlite3.Connection, bucket: int, ids: np.ndarray, checks: np.ndarray) -> None:
    import numpy as np
    if len(ids):
        conn.executemany(INSERT_BLOCK, encode_groups(np.full(len(ids), bucket), ids, checks))


# -- reading and deleting -------------------------------------------------------------------
def records_passing(conn: sqlite3.Connection, hashes: Iterable[int]) -> list[int]:
    """The sorted ids of records that pass through any of the positions with these hashes."""
    wanted: dict[int, set[int]] = {}
    for value in hashes:
        bucket, check = split_one(value)
        wanted.setdefault(bucket, set()).add(check)
    hits: set[int] = set()
    for bucket, checks in sorted(wanted.items()):
        blocks = conn.execute("SELECT first_id, n, entries FROM position_blocks"
                              " WHERE bucket = ?", [bucket]).fetchall()
        if sum(block[1] for block in blocks) > FEW_ENTRIES:
            hits.update(_passing_many(blocks, checks))
            continue
        for first, count, blob in blocks:
            ids, block_checks = decode_entries(blob, count, first)
            hits.update(i for i, check in zip(ids, block_checks) if check in checks)
    return sorted(hits)


def _passing_many(blocks: list[tuple], checks: set[int]) -> list[int]:
    """The ids in many blocks whose check is one of checks (numpy)."""
    import numpy as np
    wanted = np.fromiter(checks, dtype=np.uint32)
    hits = []
    for first, count, blob in blocks:
        ids, block_checks = decode(blob, count, first)
        hits.append(ids[np.isin(block_checks, wanted)])
    return np.concatenate(hits).tolist()


def forget(conn: sqlite3.Connection, record_ids: list[int]) -> None:
    """Take removed records out of the blocks that hold them (inside the caller's transaction)."""
    import numpy as np
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
