"""JSON and CSV export of any kind of record."""
from __future__ import annotations

import csv
import io
import json

from records.core.model import Record, in_line_order


def record_dict(rec: Record) -> dict:
    return {
        "id": rec.id, "kind": rec.kind, "title": rec.title, "status": rec.status,
        "source": rec.source, "line": rec.line, "end_line": rec.end_line, "tags": rec.tags,
        "start_position": rec.start_position,
        "moves": [{"ply": p.index, "text": p.text, "normal": p.normal, "line": p.line,
                   "column": p.column} for p in rec.plies],
        "normal": rec.normal, "data": rec.data, "text": rec.text,
        "diagnostics": [d.to_dict() for d in in_line_order(rec.diagnostics)],
    }


def export_json(records: list[Record]) -> str:
    return json.dumps([record_dict(r) for r in records], ensure_ascii=False, indent=1) + "\n"


CSV_COLUMNS = ["id", "kind", "title", "status", "source", "line", "end_line", "opening",
               "eco", "white", "black", "event", "result", "moves", "diagnostics"]


def export_csv(records: list[Record]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for r in records:
        writer.writerow([r.id, r.kind, r.title, r.status, r.source, r.line, r.end_line,
                         r.tags.get("Opening") or r.tags.get("HoyleOpening", ""),
                         r.tags.get("ECO") or r.tags.get("HoyleECO", ""),
                         r.tags.get("White", ""),
                         r.tags.get("Black", ""), r.tags.get("Event", ""),
                         r.tags.get("Result", ""), " ".join(p.normal for p in r.plies),
                         "; ".join(f"{d.line}:{d.column} {d.severity} {d.code}"
                                   for d in in_line_order(r.diagnostics))])
    return out.getvalue()
