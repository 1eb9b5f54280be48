"""Cribbage records shown as text, exported and searched.
"""
from __future__ import annotations

import json

from records.core.model import Record
from records.cribbage.scoring import Card, parse_card, parse_cards, variant_named


def render_text(record: Record, ply: int | None = None) -> str:
    data = record.data
    lines = [f"{record.title}  [{data.get('variant') or 'any variant'}]"]
    if data.get("type") in ("hand", "crib"):
        lines.append(f"{data['type']}: {' '.join(data['hand'])}   starter: {data.get('starter')}")
        count = data.get("count")
        if count:
            for item in count["items"]:
                lines.append(f"  {item['kind']:<18} {' '.join(item['cards']):<18} {item['points']:>3}")
            lines.append(f"  {'total':<37} {count['total']:>3}")
            lines.append(f"  \"{count['call']}\"")
    elif data.get("type") == "play":
        steps = data.get("plays", [])[: ply or None]
        for step in steps:
            scores = ", ".join(f"{n} {p}" for n, p in step["scores"])
            card = step["card"] or "--"
            lines.append(f"  {step['player'] or '':<7} {card:<4} {step['total']:>3}  {scores}")
        lines.append(f"  pegged: {data.get('points')}")
    elif data.get("type") == "deal":
        for who in ("pone", "dealer", "crib"):
            part = data.get(who, {})
            if part:
                lines.append(f"  {who:<7} {' '.join(part['hand'])} | {data.get('starter')}"
                             f"  = {part.get('count', {}).get('total')}")
        for step in data.get("plays", [])[: ply or None]:
            scores = ", ".join(f"{n} {p}" for n, p in step["scores"])
            lines.append(f"  {step['player'] or '':<7} {step['card'] or '--':<4} {step['total']:>3}  {scores}")
    for d in record.diagnostics:
        lines.append(d.format(record.source))
    return "\n".join(lines)


EXPORT_FORMATS = ("json",)


def export(records: list[Record], fmt: str) -> str:
    if fmt != "json":
        raise ValueError(f"cribbage records export as json, not {fmt!r}")
    return json.dumps([{"id": r.id, "title": r.title, "status": r.status, "source": r.source,
                        "line": r.line, **r.data,
                        "diagnostics": [d.to_dict() for d in r.diagnostics]} for r in records],
                      ensure_ascii=False, indent=1) + "\n"


def record_cards(record: Record) -> list[Card]:
    data = record.data
    names = data.get("cards") or [*data.get("hand", []), *([data["starter"]] if data.get("starter") else [])]
    for cards in data.get("dealt", {}).values():
        names = names + cards
    return [parse_card(n) for n in names]


def _has_cards(record: Record, wanted: list[Card]) -> bool:
    pool = record_cards(record)
    for card in wanted:
        match = next((c for c in pool if c.rank == card.rank
                      and (not card.suit or c.suit == card.suit)), None)
        if match is None:
            return False
        pool.remove(match)
    return True


def filter_errors(filters: dict) -> dict[str, str | None]:
    """score (a count) and cards: None when the value reads, else why not. (A variant is
    words other games read too: an unknown one finds no cribbage record.)"""
    out = {}
    for key, read in (("score", int), ("cards", parse_cards)):
        value = filters.get(key)
        if value in (None, ""):
            continue
        try:
            read(str(value))
            out[key] = None
        except ValueError as exc:
            out[key] = {"score": "not a count (a whole number)"}.get(key, str(exc))
    return out


def matches(record: Record, filters: dict) -> bool:
    """Family search filters: score (the count by the rules), cards, variant."""
    if record.kind != "cribbage":
        return False
    try:
        return _matches(record, filters)
    except ValueError:      # a score that is not a number, a variant or cards that do not exist
        return False


def _matches(record: Record, filters: dict) -> bool:
    if filters.get("score") not in (None, ""):
        wanted = int(filters["score"])
        if wanted not in (record.tags.get("Score"), *record.data.get("scores", [])):
            return False
    if filters.get("variant"):
        if record.data.get("variant") != variant_named(filters["variant"]).name:
            return False
    if filters.get("cards"):
        if not _has_cards(record, parse_cards(filters["cards"])):
            return False
    return not any(filters.get(k) for k in ("holding", "result", "contract", "trumps"))
