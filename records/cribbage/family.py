"""The cribbage family: hands counted in books, case tables (CSV), itemised counts."""
from __future__ import annotations

from records.core.family import FamilyBase
from records.cribbage import engine


class Cribbage(FamilyBase):
    kind = "cribbage"
    extensions = (".csv",)
    export_formats = engine.EXPORT_FORMATS

    def read_file(self, text, path):
        from records.cribbage.cases import read
        return read(text, path)

    scan_book = staticmethod(engine.scan_book)
    render_text = staticmethod(engine.render_text)
    export = staticmethod(engine.export)
    matches = staticmethod(engine.matches)
    showcase = staticmethod(engine.showcase)


CRIBBAGE = Cribbage()
