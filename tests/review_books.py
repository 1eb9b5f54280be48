"""Archives of real book records that need a decision, for the review and correction tests:
pieces of corpus books at their own line numbers, imported as hoyle imports a book."""
from __future__ import annotations

from pathlib import Path

from conftest import CORPUS, need
from records.archive import Archive
from records.core.family import family

EVERY_BOY = CORPUS / "chess" / "every_boys_book_pg42172.txt"
BOYS_OWN = CORPUS / "checkers" / "boys_own_indoor_games_pg49415.txt"
FOSTER = CORPUS / "whist" / "fosters_complete_hoyle_pg53881.txt"

# kind -> (book, the line spans read); each span holds records the tests decide
PIECES = {
    "chess": (EVERY_BOY, [(26585, 26620), (26905, 26940), (27276, 27300)]),
    "checkers": (BOYS_OWN, [(8690, 8760)]),
    "cribbage": (FOSTER, [(24120, 24140)]),
    "bridge": (FOSTER, [(3250, 3280)]),   # two deals side by side; the text calls them bridge
}


def piece_file(folder: Path, kind: str) -> Path:
    """The spans of a book written at their own line numbers (other lines left blank)."""
    book, spans = PIECES[kind]
    lines = need(book).read_text(encoding="utf-8").splitlines()
    kept = [""] * max(end for _, end in spans)
    for first, last in spans:
        kept[first - 1:last] = lines[first - 1:last]
    path = folder / f"{kind}_{book.stem}.txt"
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return path


def import_piece(archive: Archive, folder: Path, kind: str) -> Path:
    path = piece_file(folder, kind)
    records = family(kind).scan_book(path.read_text(encoding="utf-8"), str(path))
    for rec in records:
        rec.settle_status()
    archive.import_records(str(path), records)
    return path


def book_archive(folder: Path, kinds=tuple(PIECES)) -> Archive:
    archive = Archive(str(folder / "review.db"))
    for kind in kinds:
        import_piece(archive, folder, kind)
    return archive


def record_at(archive: Archive, kind: str, line: int):
    found = [r for r in archive.iterate(archive.query(kind=kind), full=True) if r.line == line]
    assert found, f"no {kind} record at line {line}"
    return min(found, key=lambda r: r.status != "needs_review")   # the one to decide, if any


_BUILT: dict = {}


def built_once(tmp_path_factory) -> Path:
    """A folder with the archive of every piece (review.db) and the pieces, made once in a
    test session; tests copy it (copy_into) and change their copy."""
    if "folder" not in _BUILT:
        folder = tmp_path_factory.mktemp("review_books")
        book_archive(folder).close()
        _BUILT["folder"] = folder
    return _BUILT["folder"]


def copy_into(folder: Path, target: Path) -> Path:
    import shutil
    for path in folder.iterdir():
        if path.suffix in (".db", ".txt"):
            shutil.copy(path, target / path.name)
    return target / "review.db"
