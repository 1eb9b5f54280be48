import pytest

from records.core.model import ERROR, NEEDS_REVIEW, REPAIRED, VALID, WARNING, Ply, Record


def make(title, text="1 P-K4", line=1, moves=("e4",)):
    rec = Record(kind="chess", title=title, source="/x/book.txt", line=line, end_line=line,
                 text=text, tags={"Opening": "King's Pawn", "White": "Morphy"})
    rec.plies = [Ply(i + 1, m, m, line, 1, f"pos{i}") for i, m in enumerate(moves)]
    rec.settle_status()
    return rec


def test_import_is_idempotent_and_keeps_source_text(archive, tmp_path):
    src = tmp_path / "book.txt"
    src.write_text("1 P-K4\n")
    first = archive.import_records(str(src), [make("A"), make("B", line=2)])
    again = archive.import_records(str(src), [make("A"), make("B", line=2)])
    assert first == {"added": 2, "skipped": 0}
    assert again == {"added": 0, "skipped": 2}
    rec = archive.get(1)
    assert rec.text == "1 P-K4" and rec.plies[0].normal == "e4"


def test_failed_import_leaves_archive_as_it_was(archive, tmp_path):
    src = tmp_path / "book.txt"
    src.write_text("x")
    archive.import_records(str(src), [make("A")])

    def exploding():
        yield make("B", line=5)
        raise RuntimeError("crash in the middle of a file")

    with pytest.raises(RuntimeError):
        archive.import_records(str(src), exploding())
    assert [r.title for r in archive.search()] == ["A"]


def test_search_by_name_position_and_prefix(archive, tmp_path):
    src = tmp_path / "b.txt"
    src.write_text("x")
    archive.import_records(str(src), [make("Ruy Lopez", moves=("e4", "e5")),
                                      make("Sicilian", line=3, moves=("e4", "c5"))])
    assert [r.title for r in archive.search(name="ruy")] == ["Ruy Lopez"]
    assert [r.title for r in archive.search(name="Morphy")] == ["Ruy Lopez", "Sicilian"]
    assert [r.title for r in archive.search(move_prefix=["e4", "c5"])] == ["Sicilian"]
    assert len(archive.search(positions=["pos1"])) == 2


def test_status_follows_diagnostics():
    rec = make("A")
    assert rec.status == VALID
    rec.add(WARNING, "CHESS-REPAIR", "K for Kt", repair=True)
    assert rec.settle_status() == REPAIRED
    rec.add(ERROR, "CHESS-ILLEGAL", "no legal move")
    assert rec.settle_status() == NEEDS_REVIEW
