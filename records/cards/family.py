"""The card families: bridge (PBN files) and whist (books), sharing the cards and trick engine."""
from __future__ import annotations

from records.cards import bridge, whist_display
from records.core.family import FamilyBase


class _Correctable:
    """Review and correction (correction.py), loaded when first asked for."""

    @staticmethod
    def faults(record) -> list:
        from records.cards.correction import faults
        return faults(record)

    @staticmethod
    def correct(record, corrections: list):
        from records.cards.correction import correct
        return correct(record, corrections)


class Bridge(_Correctable, FamilyBase):
    kind = "bridge"
    export_formats = bridge.EXPORT_FORMATS
    signature_tags = ("Deal",)
    file_reader = "records.cards.pbn:read"
    book_scanner = "records.cards.whist:bridge_book"

    @staticmethod
    def facts(record) -> dict:
        """The contract's strain and level (kept as JSON beside the record, for SQL)."""
        contract = bridge.contract_of(record)
        if contract is None:
            return {}
        return {"strain": None if contract.passed_out else contract.strain,
                "level": contract.level}

    filter_errors = staticmethod(bridge.filter_errors)

    @staticmethod
    def filter_sql(filters: dict) -> list[tuple[str, list]] | None:
        """trumps as SQL over the stored facts; cribbage cards meet no deal; the other
        filters (holdings, contracts in words, results, scores) stay in matches."""
        if filters.get("cards"):
            return [("0", [])]
        if set(filters) - {"trumps"}:
            return None
        strain = bridge.STRAIN_WORDS.get(filters["trumps"].strip().lower().rstrip("."))
        return [("json_extract(r.facts, '$.strain') = ?", [strain])] if strain else [("0", [])]


class Whist(_Correctable, FamilyBase):
    """Shown, exported and searched by records/cards/whist_display.py; its book reader (and
    the card grammar, lark, and the deal readers under it) is imported only to read a book,
    not for a PBN file or a command that only shows records."""
    kind = "whist"
    export_formats = whist_display.EXPORT_FORMATS
    signature_tags = ("Deal",)
    book_scanner = "records.cards.whist:scan_book"
    filter_errors = staticmethod(whist_display.filter_errors)

    @staticmethod
    def filter_sql(filters: dict) -> list[tuple[str, list]] | None:
        """variant and result as SQL (words found in them); holding, trumps, score stay in
        matches; a contract or cribbage cards meet no whist record."""
        if filters.get("contract") or filters.get("cards"):
            return [("0", [])]
        if any(filters.get(k) for k in ("holding", "trumps", "score")):
            return None
        out = []
        for key, field in (("variant", "r.data, '$.variant'"), ("result", "r.tags, '$.Result'")):
            if filters.get(key):
                out.append((f"instr(lower(coalesce(json_extract({field}), '')), ?) > 0",
                            [filters[key].lower()]))
        return out


BRIDGE = Bridge(api=bridge)
WHIST = Whist(api=whist_display)
