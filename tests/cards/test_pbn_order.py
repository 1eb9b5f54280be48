"""Bridge play as real archives write it (issue #13): tricks in playing order from their leader,
in a mix of orders, unfinished, or with one card misrecorded. Real deals and real play from the
corpus PBN files, rewritten; the standard seat-order reading is the reference."""
from collections import Counter

import pytest
from pbn_rewrite import PLAY_SECTION, misrecorder, mixed, rewrite

from conftest import CORPUS, need
from records.cards import pbn, pbn_export
from records.core.model import ERROR, INFO, WARNING

FILES = ("eytc1998_vienna_80_boards.pbn", "realbridge_2021_online_qual_open_r2.pbn")


@pytest.fixture(scope="module", params=FILES)
def archive(request):
    path = need(CORPUS / "bridge" / request.param)
    text = path.read_text(encoding="utf-8")
    records = pbn.read(text, str(path))
    assert all(not _errors(r) for r in records)          # the reference replays as written
    return text, records


def _errors(rec):
    return [d for d in rec.diagnostics if d.severity == ERROR]


def _played(records):
    return [r for r in records if r.data.get("play")]


def test_playing_order_archive_replays_every_table(archive):
    text, records = archive
    again = pbn.read(rewrite(text, records, lambda n: "playing"), "playing.pbn")
    assert len(_played(again)) == len(_played(records)) > 30
    for before, after in zip(records, again):
        assert not _errors(after), after.title
        assert after.data.get("play") == before.data.get("play")
        assert len(after.plies) == len(before.plies)
        notes = [d for d in after.diagnostics if d.code == "PBN-PLAY-ORDER"]
        assert all(d.severity == INFO for d in notes) and len(notes) <= 1
    # in the normal form the play is in the PBN standard's seat order again (an export writes
    # it as it was printed)
    assert [r.normal for r in again] == [r.normal for r in records]
    assert pbn_export.write(again) != pbn_export.write(records)


def test_mixed_orders_replay_and_are_named_once(archive):
    text, records = archive
    again = pbn.read(rewrite(text, records, mixed(5)), "mixed.pbn")
    warned = 0
    for before, after in zip(records, again):
        assert not _errors(after), after.title
        assert after.data.get("play") == before.data.get("play")
        orders = [d for d in after.diagnostics if d.code == "PBN-PLAY-ORDER"]
        assert len(orders) <= 1
        warned += any(d.severity == WARNING and d.repair for d in orders)
    assert warned > len(_played(records)) // 2


@pytest.mark.parametrize("order", ["seat", "playing", "mixed"])
def test_one_misrecorded_card_is_one_diagnostic(archive, order):
    text, records = archive
    misrecord = misrecorder(11)
    order_of = {"seat": lambda n: "seat", "playing": lambda n: "playing", "mixed": mixed(3)}[order]
    again = pbn.read(rewrite(text, records, order_of, misrecord), "misrecorded.pbn")
    counts = Counter()
    for before, after in zip(records, again):
        if before.line not in misrecord.changed:
            continue
        errors = _errors(after)
        assert len(errors) <= 1, (after.title, [d.format() for d in errors])
        counts[len(errors)] += 1
        # the play goes on past the fault: every trick is replayed
        assert len(after.data["play"]) == len(before.data["play"])
        changed = misrecord.changed[before.line]
        same = [t for n, t in enumerate(after.data["play"], 1) if n < changed]
        assert same == before.data["play"][:changed - 1]
        if errors:
            rows = [m for m in PLAY_SECTION.finditer(after.text)]
            assert errors[0].line >= after.line + after.text[:rows[-1].start()].count("\n")
            assert errors[0].line >= after.line
    # a card changed to another its own player holds (and never plays later) cannot be seen
    assert counts[1] >= 0.85 * sum(counts.values())


def test_unfinished_play_in_playing_order_is_not_an_error(archive):
    text, records = archive
    rec = max(records, key=lambda r: len(r.data.get("play", ())))
    tricks = rec.data["play"]
    full = len(tricks) - 1
    assert full >= 5
    lines = [" ".join(t["cards"]) for t in tricks[:full]]
    lines.append(" ".join(tricks[full]["cards"][:2]) + " - -")   # stopped inside a trick
    m = next(PLAY_SECTION.finditer(rec.text + "\n"))
    short = rec.text[:m.start()] + m.group(1) + "\n".join(lines) + "\n*\n"
    again = pbn.read(short, "short.pbn")[0]
    assert not _errors(again), [d.format() for d in again.diagnostics]
    assert [t["cards"] for t in again.data["play"]] == [t["cards"] for t in tricks[:full]] + [
        tricks[full]["cards"][:2]]
    assert len(again.plies) == full * 4 + 2
