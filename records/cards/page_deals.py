"""Every deal a page prints with its play, read once: trick tables (records/cards/table_deals.py)
and tricks told in sentences (records/cards/prose_deals.py), each with its section's words and
the hands drawn near it."""
from __future__ import annotations

from records.cards.deal_sections import sections
from records.cards.prose_deals import prose_deal_records
from records.cards.table_deals import table_deal_records
from records.cards.trick_prose import ProseRun, find_runs
from records.cards.trick_tables import card_count, find_regions
from records.core.model import Record


def deal_records(text: str, path: str, claimed: set) -> list[Record]:
    """The deals not yet read (claimed: 0-based lines already read as something else); the
    lines read are added to claimed."""
    lines = text.replace("\r", "").split("\n")
    counts = [card_count(line) for line in lines]
    spans = find_regions(lines, counts, claimed.__contains__)
    spans += find_runs(lines, claimed.__contains__)
    spans.sort(key=lambda s: s.first)
    found = sections(lines, spans)
    out = []
    for k, item in enumerate(found):
        # what follows a deal (its hands, the tricks it says were won) stops where the next
        # deal's section begins
        stop = max(item.region.last + 1, found[k + 1].start) if k + 1 < len(found) else len(lines)
        read = prose_deal_records if isinstance(item.region, ProseRun) else table_deal_records
        out += read(lines, item, found, stop, path)
        claimed.update(range(item.start, item.end + 1))
    return out
