"""Round trips through the archive as properties, for every family and format: records
exported (PGN, PDN, PBN, JSON, JSON lines) and imported into another archive are the same
records (moves, tags, title, status, diagnostics, provenance of the first source), and
exported again are the same bytes. Over the corpus's interchange files (the ACF archive in a
slice; whole under -m benchmark), the demo data, a seed book and seeded random PGN games."""
import hashlib
import os
import sys
from itertools import zip_longest
from pathlib import Path

import pytest

from conftest import CORPUS, HOYLE_1914, need
from records.core.model import in_line_order
from records.archive import Archive, Query
from records.archive.export import write_stream
from records.core.reading import read_path
from records.core.resources import data_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "chess"))
from pgn_generator import random_pgn  # noqa: E402

CAVENDISH = CORPUS / "whist" / "cavendish_on_whist_pg51039.txt"
STANDARD = CORPUS / "checkers" / "pdn-standard-tests" / "games"
FORMATS = {"chess": ["pgn", "json", "jsonl"], "checkers": ["pdn", "json", "jsonl"],
           "bridge": ["pbn", "json", "jsonl"], "whist": ["pbn", "json", "jsonl"],
           "cribbage": ["json", "jsonl"]}
GAMES_A_FILE = 25   # the first games of each PDN file (all of them under -m benchmark)


def first_games(path: Path, tmp: Path, games: int | None) -> Path:
    """The file, or a copy of its first `games` games (cut before a tag after a blank line)."""
    if not games:
        return path
    text = path.read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")
    cut = -1
    for _ in range(games):
        cut = text.find("\n\n[", cut + 1)
        if cut < 0:
            return path
    copy = tmp / "first" / path.name
    copy.parent.mkdir(exist_ok=True)
    copy.write_text(text[:cut + 1], encoding="utf-8")
    return copy


def sources(tmp: Path, games: int | None) -> list[tuple[Path, list[str] | None]]:
    """The interchange files (PDN ones cut to their first games), the demo data, seeded random
    PGN games and the 1914 Hoyle (its checkers, the slowest to find, only when whole)."""
    generated = tmp / "random.pgn"
    generated.write_text(random_pgn(80, 20), encoding="utf-8")
    pdn = [need(CORPUS / "checkers" / "acf_archive_9377.pdn"),
           need(CORPUS / "checkers" / "standard_positions.pdn"),
           *sorted(need(STANDARD).glob("*/*.pdn"))]
    files = [(need(CORPUS / "chess" / "book_games_pgn_counterparts.pgn"), None),
             (generated, None), (data_path("demo"), None),
             (need(HOYLE_1914), None if not games else ["chess", "whist", "cribbage"]),
             (need(CAVENDISH), ["whist"])]
    files += [(first_games(path, tmp, games), None) for path in pdn]
    files += [(path, None) for path in sorted(need(CORPUS / "bridge").glob("*.pbn"))]
    return files


def archive_of(path: Path, files) -> Archive:
    archive = Archive(str(path))
    for source, kinds in files:
        for name in ([source] if source.is_file() else sorted(source.iterdir())):
            records = read_path(str(name), kinds)
            for rec in records:
                rec.settle_status()
            archive.import_records(str(name), records)
    return archive


def exported(archive: Archive, kind: str, fmt: str, path: Path) -> bytes:
    with open(path, "w", encoding="utf-8", newline="") as out:
        write_stream(archive, Query(kind=kind), fmt, out,
                     records=in_format(archive.iterate(Query(kind=kind), full=True), fmt))
    return hashlib.sha256(path.read_bytes()).digest()


def comparable(rec, read_back: bool, fmt: str) -> dict:
    """What must survive: moves, tags (hoyle's provenance aside), title, status, diagnostics
    (their lines where the export carries them: JSON always, else for a record not valid),
    and the first source and line."""
    tags = {k: v for k, v in rec.tags.items()
            if k not in ("HoyleSource", "HoyleLine", "HoyleTitle") and not k.startswith("_")}
    first = (rec.tags["HoyleSource"], rec.tags["HoyleLine"]) if read_back else \
        (rec.source if fmt.startswith("json") else os.path.basename(rec.source), str(rec.line))
    carried = fmt.startswith("json") or rec.status != "valid"
    return {"moves": [p.normal for p in rec.plies], "tags": tags, "title": rec.title,
            "status": rec.status, "first": first, "start": rec.start_position,
            "diagnostics": [(d.severity, d.code, d.message, d.suggestion, d.repair) +
                            ((d.line, d.column) if carried else ())
                            for d in in_line_order(rec.diagnostics)
                            if carried or d.severity != "info"]}


def in_format(records, fmt: str):
    """The records a format keeps whole: PBN has whist's deals (hoyle's tags say so), not its
    single hands (read back as the same hands, their cards in PBN's order, not the book's:
    tests/cards/test_pbn_whist.py), endings or score pads."""
    return (r for r in records if fmt != "pbn" or r.kind != "whist" or r.data["type"] == "deal")


def check_round_trips(tmp_path: Path, files) -> dict:
    first = archive_of(tmp_path / "first.db", files)
    done = {}
    for kind, formats in FORMATS.items():
        for fmt in formats:
            path = tmp_path / f"{kind}.{fmt}"
            text = exported(first, kind, fmt, path)
            second = archive_of(tmp_path / f"{kind}-{fmt}.db", [(path, [kind])])
            assert exported(second, kind, fmt, tmp_path / f"again.{fmt}") == text, (kind, fmt)
            count = 0
            for a, b in zip_longest(in_format(first.iterate(Query(kind=kind)), fmt),
                                    second.iterate(Query(kind=kind))):   # streamed
                assert a is not None and b is not None, (kind, fmt, count)
                count += 1
                before, after = comparable(a, False, fmt), comparable(b, True, fmt)
                if not fmt.startswith("json"):
                    # in PGN/PDN/PBN a book's game gains the set-up the format needs; a game
                    # gains hoyle's tags for moves not in the format's notation and for text
                    # that did not read (an invalid record is that text, with no position)
                    book = not a.text.lstrip().startswith("[")
                    for tag in ("SetUp", "FEN") * book + ("HoylePrinted", "HoyleUnread"):
                        if tag in after["tags"] and tag not in before["tags"]:
                            del after["tags"][tag]
                    if a.status == "invalid":
                        after["start"] = before["start"]
                assert after == before, (kind, fmt, a.title)
            done[(kind, fmt)] = count
            second.close()
    first.close()
    return done


def test_every_family_and_format_round_trips(tmp_path):
    done = check_round_trips(tmp_path, sources(tmp_path, GAMES_A_FILE))
    assert done[("chess", "pgn")] > 150 and done[("checkers", "pdn")] > 600
    assert done[("bridge", "pbn")] > 340 and done[("cribbage", "jsonl")] > 20
    assert done[("whist", "json")] >= 5 and done[("whist", "pbn")] >= 35


@pytest.mark.benchmark
def test_every_file_whole_round_trips(tmp_path):
    """The ACF archive's 9,377 games and every other file whole, the book's every kind."""
    done = check_round_trips(tmp_path, sources(tmp_path, None))
    assert done[("checkers", "pdn")] > 9377 + 1500
