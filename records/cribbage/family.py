"""The cribbage family: hands counted in books, case tables (CSV), itemised counts."""
from __future__ import annotations

from records.core.family import FamilyBase
from records.cribbage import engine


class Cribbage(FamilyBase):
    kind = "cribbage"
    export_formats = engine.EXPORT_FORMATS
    file_reader = "records.cribbage.cases:read"

    @staticmethod
    def filter_sql(filters: dict) -> list[tuple[str, list]] | None:
        """score as SQL (the count, or one of the counts); cards and variant stay in matches."""
        if any(filters.get(k) for k in ("holding", "result", "contract", "trumps")):
            return [("0", [])]
        if filters.get("cards") or filters.get("variant"):
            return None
        if not filters.get("score"):
            return []
        try:
            score = int(filters["score"])
        except ValueError:
            return [("0", [])]
        if not -2 ** 63 <= score < 2 ** 63:   # past SQLite's integers: no count is that
            return [("0", [])]
        return [("(json_extract(r.tags, '$.Score') = ? OR ? IN"
                 " (SELECT value FROM json_each(r.data, '$.scores')))", [score, score])]


    @staticmethod
    def render_svg(record, ply: int | None = None) -> str:
        from records.cribbage.svg import render_svg
        return render_svg(record, ply)

    @staticmethod
    def faults(record) -> list:
        from records.cribbage.correction import faults
        return faults(record)

    @staticmethod
    def correct(record, corrections: list):
        from records.cribbage.correction import correct
        return correct(record, corrections)


CRIBBAGE = Cribbage(api=engine)
