"""Whist records shown (text, SVG), exported (PBN, JSON, text), searched and showcased."""
from __future__ import annotations

import re

from records.cards.pbn_whist import exported_game, printed_tricks, whist_tags
from records.cards.tricks import SUIT_NAMES, SUIT_SYMBOLS, card_text, suit_holding
from records.core.model import Record

KIND = "whist"
SEATS = ("A", "Y", "B", "Z")
PBN_SEAT = {"A": "N", "Y": "E", "B": "S", "Z": "W"}   # both clockwise; A leads, Z deals


def _seats(data: dict) -> tuple:
    return tuple(data.get("seats") or SEATS)


def render_text(record: Record, ply: int | None = None) -> str:
    kind = record.data.get("type")
    if kind == "deal":
        return _render_deal(record, ply)
    if kind == "hand":
        return _hand_lines("", record.data["hands"]["hand"])
    if kind == "ending":
        d = record.data
        head = f"{record.title}: trumps {SUIT_NAMES.get(d['trump'] or '', '?')}, " \
               f"{d['leader'] or '?'} to lead"
        return "\n".join([head] + [_hand_lines(s, d["hands"][s]) for s in _seats(d)])
    if kind == "score pad":
        return _render_pad(record)
    return record.text


def _hand_lines(seat: str, cards) -> str:
    rows = [f"{SUIT_NAMES[s][:1].upper()} " + (" ".join(suit_holding(cards, s)).replace("T", "10")
                                                or "-") for s in "SHDC"]
    return (f"{seat}: " if seat else "") + "  ".join(rows)


def _render_deal(record: Record, ply: int | None) -> str:
    data = record.data
    seats = _seats(data)
    sides = (seats[0] + seats[2], seats[1] + seats[3])
    tricks = data["tricks"]
    shown = sum(len(t["cards"]) for t in tricks) if ply is None else max(0, ply)
    played: set[str] = set()
    lines = [record.title, f"trumps {SUIT_NAMES.get(data['trump'] or '', 'none')} "
             f"(turn-up {card_text(data['turnup']) if data['turnup'] else '?'}), "
             f"dealer {data.get('dealer', seats[-1])}, "
             f"score {record.tags.get('Score', '')}"]
    out_tricks = []
    n = 0
    for t in tricks:
        cards = []
        seat_i = seats.index(t["leader"])
        for i, card in enumerate(t["cards"]):
            if n >= shown:
                break
            n += 1
            played.add(card)
            cards.append(f"{seats[(seat_i + i) % 4]} {card_text(card)}")
        if not cards:
            break
        done = len(cards) == 4
        won = f"  -> {t['winner']}  ({sides[0]} {t['count'].get(sides[0])}, " \
            f"{sides[1]} {t['count'].get(sides[1])})" \
            if done and t["winner"] else ""
        out_tricks.append(f"{t['number']:>2}. " + "  ".join(cards) + won)
    lines.append("as dealt:" if ply is None else f"after {shown} cards:")
    for seat in seats:
        rest = [c for c in data["hands"][seat] if ply is None or c not in played]
        lines.append(_hand_lines(seat, rest))
    lines.append("")
    lines += out_tricks
    if ply is None and record.tags.get("Result"):
        lines.append(f"result: {record.tags['Result']}")
    return "\n".join(lines)


def _render_pad(record: Record) -> str:
    d = record.data
    lines = [record.title]
    for side in d["sides"]:
        lines.append(f"{side:<5} tricks {d['tricks'].get(side)}  honours {d['honours'].get(side)}"
                     f"  total {d.get('totals', {}).get(side)}")
    games = ", ".join(g["winner"] for g in d.get("games", []))
    lines.append(f"games: {games}; rubber bonus to {d.get('rubber_bonus_to')}; "
                 f"rubber worth {d.get('value')}")
    return "\n".join(lines)


def render_svg(record: Record, ply: int | None = None) -> str:
    """The four hands round the table (what is left after ply cards) and the trick on it."""
    data = record.data
    if data.get("type") not in ("deal", "ending"):
        raise ValueError("only deals and end positions are drawn")
    played, on_table = _cards_after(data, ply)
    w, h = 560, 420
    seats = _seats(data)
    places = dict(zip(seats, [(w / 2, h - 70), (40, h / 2), (w / 2, 40), (w - 200, h / 2)]))
    table = dict(zip(seats, [(w / 2, h / 2 + 40), (w / 2 - 70, h / 2), (w / 2, h / 2 - 40),
                             (w / 2 + 70, h / 2)]))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="14">',
           f'<rect width="{w}" height="{h}" fill="#2e6b3f"/>',
           f'<text x="10" y="20" fill="white">{_xml(record.title)}</text>']
    for seat, (x, y) in places.items():
        cards = [c for c in data["hands"][seat] if c not in played]
        across = seat in (seats[0], seats[2])
        out.append(f'<text x="{x - 60 if across else x}" y="{y}" fill="white" '
                   f'font-weight="bold">{seat}</text>')
        for k, suit in enumerate("SHDC"):
            ranks = " ".join(c[1] for c in cards if c[0] == suit).replace("T", "10") or "-"
            colour = "#ffb0b0" if suit in "HD" else "white"
            out.append(f'<text x="{x - 40 if across else x + 20}" y="{y + 18 * k - 20}" '
                       f'fill="{colour}">{_xml(SUIT_SYMBOLS[suit] + " " + ranks)}</text>')
    for seat, card in on_table.items():
        x, y = table[seat]
        colour = "#c00000" if card[0] in "HD" else "black"
        out.append(f'<rect x="{x - 22}" y="{y - 16}" width="44" height="28" rx="4" fill="white"/>')
        out.append(f'<text x="{x - 16}" y="{y + 4}" fill="{colour}">{_xml(card_text(card))}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cards_after(data: dict, ply: int | None) -> tuple[set, dict]:
    """Cards gone by ply N (earlier tricks and the one on the table), and the table's cards."""
    played: set[str] = set()
    on_table: dict[str, str] = {}
    shown = 0
    seats = _seats(data)
    for trick in data.get("tricks", []):
        on_table = {}
        start = seats.index(trick["leader"])
        for i, card in enumerate(trick["cards"]):
            if ply is not None and shown >= ply:
                return played, on_table
            shown += 1
            played.add(card)
            on_table[seats[(start + i) % 4]] = card
    return played, on_table


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# =============================================================================== export
EXPORT_FORMATS = ("pbn", "json", "text")
# said in the file itself: PBN has no whist (hoyle reads its own [HoyleKind] tag; others will not)
WHIST_IN_PBN = ("% hoyle: whist hands; PBN has no whist: each is a deal of one hand, the others"
                " unknown, marked [HoyleKind \"whist\"] (hoyle reads it back as the hand)\n")


def export(records: list[Record], fmt: str) -> str:
    if fmt == "json":
        from records.core.tabular import export_json
        return export_json(records)
    if fmt == "pbn":
        games = [pbn_text(r) for r in records if r.data.get("type") in ("deal", "hand")]
        if len(games) < len(records):   # (the archive's export then writes the others alone)
            raise ValueError("only whist deals and hands export as PBN (endings and score pads: json, text)")
        hands = any(r.data["type"] == "hand" for r in records)
        return ("% PBN 2.1\n% EXPORT\n" + WHIST_IN_PBN * hands
                + "\n".join(exported_game(r, g) for r, g in zip(records, games) if g))
    if fmt == "text":
        return "\n\n".join(render_text(r) for r in records) + "\n"
    raise ValueError(f"whist records export as pbn, json or text, not {fmt!r}")


def pbn_text(record: Record) -> str:
    """A whist deal as PBN 2.1: A-Y-B-Z sit N-E-S-W (both clockwise; Z deals, A leads).

    PBN has no whist: a whist deal's own facts go in tags of its own (PBN allows them;
    records/cards/pbn_whist.py, which reads them back); the play is PBN's Play section, the
    tricks the book printed. Written by the PBN module's strict writer (pbn_write).
    """
    d = record.data
    if d.get("type") not in ("deal", "hand"):
        return ""
    from records.cards.pbn_write import write_record
    if d["type"] == "hand":      # one known hand, the others unknown ("-")
        tags = {"Event": record.tags.get("Event", "?"), "Site": "?", "Date": "?",
                "Board": record.title, "Dealer": "N", "Vulnerable": "None"}
        proxy = Record(kind="bridge", title=record.title, tags=tags,
                       data={"hands": {"N": frozenset(d["hands"]["hand"])}})
        return write_record(proxy)
    seats = _seats(d)
    compass = d.get("compass") or dict(zip(seats, "NESW"))   # as a compass diagram drew them
    names = {"North": "N", "East": "E", "South": "S", "West": "W"}
    dealer = compass.get(d.get("dealer", seats[-1]), "W")
    tags = {"Event": record.tags.get("Event", "?"), "Site": "?", "Date": "?",
            "Board": record.tags.get("Deal", ""),
            **{name: next(s for s in seats if compass[s] == letter)
               for name, letter in names.items()},
            "Dealer": dealer, "Vulnerable": "None", "Scoring": d.get("variant", ""),
            "Declarer": "", "Contract": "", "Result": "", "Trumps": d.get("trump") or "",
            "TurnUp": d.get("turnup") or ""}
    if record.kind == "whist":
        tags.update(whist_tags(record))
    hands = {compass[s]: frozenset(d["hands"][s]) for s in seats}
    play = [{"leader": compass[t["leader"]], "cards": t["cards"]} for t in printed_tricks(d)]
    data = {"hands": hands, "play": play}
    if d.get("auction"):         # a bridge deal's auction printed as a table
        data["auction"], data["auction_from"] = d["auction"], d["auction_from"]
        tags["Declarer"] = record.tags.get("Declarer", "")
        tags["Contract"] = record.tags.get("Contract", "")
    proxy = Record(kind="bridge", title=record.title, tags=tags, data=data)
    return write_record(proxy)


# =============================================================================== search
FOUR_OF = re.compile(r"(?i)(two|three|four|2|3|4)\s+(aces|kings|queens|knaves|jacks)")
RANK_OF_PLURAL = {"aces": "A", "kings": "K", "queens": "Q", "knaves": "J", "jacks": "J"}


def matches(record: Record, filters: dict) -> bool:
    """Family filters: holding, variant, result, trumps, score (others never match)."""
    d = record.data
    for key, value in filters.items():
        if value in (None, ""):
            continue
        if key == "holding" and not _holds(d, value):
            return False
        if key == "variant" and value.lower() not in d.get("variant", "").lower():
            return False
        if key == "result" and value.lower() not in record.tags.get("Result", "").lower():
            return False
        if key == "trumps" and not _trumps(d, value):
            return False
        if key == "score" and not _score(record, value):
            return False
        if key in ("contract", "cards"):
            return False
    return True


def filter_errors(filters: dict) -> dict[str, str | None]:
    """holding, trumps and score: None when the value reads, else why not."""
    out = {}
    holding, trumps, score = (filters.get(k) for k in ("holding", "trumps", "score"))
    if score:   # a score pad's figures
        out["score"] = None if re.search(r"\d", str(score)) else "not a score (no figure)"
    if holding:
        out["holding"] = None if FOUR_OF.search(holding) or _cards_in(holding) else \
            'not a holding ("♦ K Q J", "D: K Q J", "four aces")'
    if trumps:
        out["trumps"] = None if _suit_or_none(trumps) else 'not a suit or no trumps ("D", "NT")'
    return out


def _suit_or_none(value: str) -> bool:
    if value.strip().upper() in ("NT", "N", "NO TRUMP", "NO TRUMPS"):
        return True
    from records.cards.notation import suit_of
    try:
        return bool(suit_of(value.strip()))
    except ValueError:
        return False


def _holds(data: dict, text: str) -> bool:
    hands = [set(h) for h in (data.get("hands") or {}).values()]
    if not hands:
        return False
    m = FOUR_OF.search(text)
    if m:
        n = {"two": 2, "three": 3, "four": 4}.get(m.group(1).lower(), None) or int(m.group(1))
        rank = RANK_OF_PLURAL[m.group(2).lower()]
        return any(sum(1 for c in h if c[1] == rank) >= n for h in hands)
    wanted = _cards_in(text)
    return bool(wanted) and any(wanted <= h for h in hands)


def _cards_in(text: str) -> set[str]:
    from records.cards.notation import CardsSyntaxError, parse_hand
    cleaned = re.sub(r"(?i)\b(declarer|held|holds|holding|a hand with|with)\b", " ", text)
    try:
        return set(parse_hand(cleaned.strip(), allow_repeats=True).cards or ())
    except CardsSyntaxError:
        return set()


def _trumps(data: dict, value: str) -> bool:
    v = value.strip().upper()
    trump = data.get("trump")
    if v in ("NT", "N", "NO TRUMP", "NO TRUMPS"):
        return data.get("type") == "deal" and trump is None
    try:
        from records.cards.notation import suit_of
        return trump == suit_of(value.strip())
    except ValueError:
        return False


def _score(record: Record, value: str) -> bool:
    d = record.data
    numbers = set(re.findall(r"\d+", value))
    if d.get("type") == "score pad":
        have = {str(v) for v in (d.get("totals") or {}).values()} | {str(d.get("value"))}
        return bool(numbers) and numbers <= have
    return value.lower() in record.tags.get("Score", "").lower()


# =============================================================================== demo
def showcase(archive, console) -> None:
    """hoyle demo: a whist deal replayed to a trick, and the family's search filters."""
    deals = [r for r in archive.search(kind=KIND, full=True) if r.data.get("type") == "deal"]
    if not deals:
        return
    rec = deals[0]
    console.print(f"[bold]whist[/bold]: #{rec.id} {rec.title} ({rec.status}), "
                  f"{len(rec.plies)} cards replayed; after trick 3:")
    console.print(render_text(rec, 12), markup=False)
    found = [r for r in archive.search(kind=KIND, full=True)
             if matches(r, {"holding": "♦ K Q J", "trumps": "D"})]
    console.print(f"search --kind whist --holding '♦ K Q J' --trumps D: "
                  f"{', '.join(f'#{r.id}' for r in found) or 'nothing'}")
