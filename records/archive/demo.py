"""hoyle demo: import the bundled data and show each family at work."""
from __future__ import annotations

from records.archive import Archive
from records.core.family import family
from records.core.model import INFO
from records.core.reading import expand, read_path
from records.core.resources import data_path

SHOWCASES = ("chess", "bridge", "whist", "cribbage", "checkers")


def run(archive: Archive, console) -> None:
    files = expand([str(data_path("demo"))])
    console.print(f"[bold]hoyle demo[/bold]: importing {len(files)} bundled files into {archive.path}")
    for path in files:
        records = read_path(path)
        for rec in records:
            rec.settle_status()
        result = archive.import_records(path, records)
        problems = [(rec, d) for rec in records for d in rec.diagnostics if d.severity != INFO]
        console.print(f"  {path}: {len(records)} records ({result['added']} new)")
        for rec, d in problems[:5]:
            console.print(f"    {d.format(rec.source)}", markup=False)
    counts = archive.counts()
    console.print(f"archive now holds {counts['records']} records: {counts['by_kind']}, "
                  f"{counts['by_status']}")
    for kind in SHOWCASES:
        family(kind).showcase(archive, console)
