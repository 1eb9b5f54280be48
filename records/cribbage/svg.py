"""Cribbage records drawn as SVG (hoyle replay --svg, the record page of hoyle browse): a hand
or crib with its starter and the count item by item; a play with the cards laid so far, the
running total and what each card pegged."""
from __future__ import annotations

from records.core.model import Record

SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "": ""}
CARD_W, CARD_H, GAP = 46, 64, 8


def render_svg(record: Record, ply: int | None = None) -> str:
    data = record.data
    kind = data.get("type")
    if kind in ("hand", "crib"):
        return _hand(record, ply)
    if kind in ("play", "deal") and data.get("plays") is not None:
        return _play(record, ply)
    raise ValueError(f"no drawing for a cribbage {kind or 'record'} (only hands, cribs and plays)")


def _hand(record: Record, ply: int | None) -> str:
    """The cards up to ply N (all by default), the starter set apart, and the count."""
    data = record.data
    cards = list(data.get("hand", [])) + ([data["starter"]] if data.get("starter") else [])
    shown = cards if ply is None else cards[:max(0, ply)]
    count = data.get("count") or {}
    items = count.get("items", []) if ply is None or ply >= len(cards) else []
    height = 110 + 18 * (len(items) + 2)
    out = [_head(max(420, 70 + (CARD_W + GAP) * (len(cards) + 1)), height, record.title)]
    for i, card in enumerate(shown):
        starter = data.get("starter") and i == len(cards) - 1
        out.append(_card(16 + (CARD_W + GAP) * i + (CARD_W if starter else 0), 34, card))
    y = 34 + CARD_H + 24
    for item in items:
        out.append(f'<text x="16" y="{y}">{_xml(item["kind"])}: {_xml(" ".join(item["cards"]))}'
                   f' = {item["points"]}</text>')
        y += 18
    if items:
        out.append(f'<text x="16" y="{y}" font-weight="bold">total {count.get("total", 0)}</text>')
    else:
        out.append(f'<text x="16" y="{y}">{len(shown)} of {len(cards)} cards</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _play(record: Record, ply: int | None) -> str:
    """The cards laid so far (a go as a gap), the running count and the points pegged."""
    steps = record.data.get("plays", [])
    shown = steps if ply is None else steps[:max(0, ply)]
    width = max(420, 32 + (CARD_W + GAP) * max(1, len(steps)))
    out = [_head(width, 34 + CARD_H + 90, record.title)]
    for i, step in enumerate(shown):
        x = 16 + (CARD_W + GAP) * i
        if step.get("card"):
            out.append(_card(x, 34, step["card"]))
        else:
            out.append(f'<text x="{x + 8}" y="{34 + CARD_H / 2}">go</text>')
        out.append(f'<text x="{x + 4}" y="{34 + CARD_H + 16}" font-size="12">'
                   f'{step.get("total", "")}</text>')
        if step.get("points"):
            out.append(f'<text x="{x + 4}" y="{34 + CARD_H + 32}" font-size="12" '
                       f'fill="#1a6b2a">+{step["points"]}</text>')
    pegged = sum(s.get("points", 0) for s in shown)
    out.append(f'<text x="16" y="{34 + CARD_H + 62}">after {len(shown)} of {len(steps)} '
               f'plays: count {shown[-1].get("total", 0) if shown else 0}, pegged {pegged}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _head(width: float, height: float, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">'
            f'<rect width="{width}" height="{height}" fill="#f4efe2"/>'
            f'<text x="16" y="22" font-weight="bold">{_xml(title[:70])}</text>')


def _card(x: float, y: float, card: str) -> str:
    rank, suit = (card[:-1], card[-1]) if card[-1:] in "SHDC" and len(card) > 1 else (card, "")
    rank = "10" if rank == "T" else rank
    colour = "#c00000" if suit in ("H", "D") else "#111111"
    return (f'<g class="card"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" '
            f'fill="white" stroke="#555"/><text x="{x + 7}" y="{y + 24}" fill="{colour}" '
            f'font-size="18">{_xml(rank)}</text><text x="{x + 7}" y="{y + 48}" '
            f'fill="{colour}" font-size="20">{SUIT_MARKS.get(suit, "")}</text></g>')


def _xml(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
