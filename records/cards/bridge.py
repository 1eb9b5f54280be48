"""The bridge family: deals with their play drawn in the terminal, PBN/JSON export, search filters.

Records of kind "bridge" come from PBN files (records/formats/pbn.py): data["hands"] holds
the four hands in PBN form by seat, data["play"] the tricks in playing order, tags the PBN
tags (Contract, Declarer, Result, Vulnerable, Score ...).
"""
from __future__ import annotations

import json
import re

from records.cards import contract as cb
from records.cards.tricks import SUIT_SYMBOLS, SUITS, card_text

SEATS = ("N", "E", "S", "W")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
RANK_WORDS = {"aces": "A", "ace": "A", "kings": "K", "king": "K", "queens": "Q", "queen": "Q",
              "jacks": "J", "jack": "J", "knaves": "J", "knave": "J", "tens": "T", "ten": "T"}
COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "all four": 4, "both": 2}
STRAIN_WORDS = {"s": "S", "♠": "S", "spade": "S", "spades": "S", "h": "H", "♥": "H",
                "heart": "H", "hearts": "H", "d": "D", "♦": "D", "diamond": "D",
                "diamonds": "D", "c": "C", "♣": "C", "club": "C", "clubs": "C", "nt": "NT",
                "n": "NT", "notrump": "NT", "notrumps": "NT", "no trump": "NT",
                "no trumps": "NT", "no-trump": "NT", "no-trumps": "NT"}


# -- reading a record back ----------------------------------------------------------------
def hands_of(record) -> dict:
    """seat -> frozenset of cards (None when unknown), from the record's PBN hands."""
    from records.cards.pbn import hand_cards
    out = {}
    for seat, text in (record.data.get("hands") or {}).items():
        cards = hand_cards(text) if text not in (None, "-") else None
        out[seat] = cards if not isinstance(cards, str) else None
    return out


def contract_of(record) -> cb.Contract | None:
    return cb.parse_contract(record.tags.get("Contract", ""))


def declarer_of(record) -> str | None:
    value = record.tags.get("Declarer", "").strip().lstrip("^").upper()
    return value if value in SEATS else None


def tricks_made(record) -> int | None:
    value = record.tags.get("Result", "").strip() or record.tags.get("_result_from_play", "")
    declarer = declarer_of(record)
    if not value or not declarer:
        return None
    from records.cards.pbn import _result_tricks
    return _result_tricks(value, cb.side_of(declarer))


# -- drawing --------------------------------------------------------------------------------
def _suit_lines(cards) -> list[str]:
    if cards is None:
        return ["(unknown)"]
    lines = []
    for suit in SUITS:
        ranks = [card_text(c)[:-1] for c in sorted(cards, key=_order) if c[0] == suit]
        lines.append(f"{SUIT_SYMBOLS[suit]} {' '.join(ranks) or '—'}")
    return lines


def _order(card: str) -> tuple:
    from records.cards.tricks import CARD_ORDER
    return CARD_ORDER[card]


def _header(record) -> str:
    tags = record.tags
    bits = []
    if tags.get("Board"):
        bits.append(f"Board {tags['Board']}")
    if tags.get("Dealer"):
        bits.append(f"Dealer {SEAT_NAMES.get(tags['Dealer'], tags['Dealer'])}")
    if tags.get("Vulnerable"):
        bits.append(f"Vul {tags['Vulnerable']}")
    contract, declarer = contract_of(record), declarer_of(record)
    if contract and not contract.passed_out:
        text = f"{_contract_text(contract)} by {SEAT_NAMES.get(declarer, '?')}"
        made = tricks_made(record)
        if made is not None:
            diff = made - contract.target
            text += f", {made} tricks ({'=' if diff == 0 else f'{diff:+d}'})"
        bits.append(text)
    elif contract:
        bits.append("passed out")
    if "score_ns" in record.data:
        bits.append(f"NS {record.data['score_ns']:+d}")
    return " · ".join(bits)


def _contract_text(contract: cb.Contract) -> str:
    strain = "NT" if contract.strain == "NT" else SUIT_SYMBOLS[contract.strain]
    return f"{contract.level}{strain}{'X' * contract.doubled}"


def render_text(record, ply: int | None = None) -> str:
    """The four hands in a compass layout (what is left after ply N) and the tricks so far."""
    hands, tricks, limit, gone = _after_ply(record, ply)
    left = {s: (None if h is None else h - gone) for s, h in hands.items()}
    out = [record.title, _header(record), ""]
    out.extend(_compass(left))
    out.append("")
    out.extend(_trick_lines(tricks, limit, record))
    return "\n".join(out)


def _after_ply(record, ply: int | None) -> tuple[dict, list, int, set]:
    """The deal's hands, its tricks, how many cards are shown after ply N (all when None)
    and the cards gone from the hands by then."""
    hands = hands_of(record)
    tricks = record.data.get("play") or []
    played = [c for t in tricks for c in t["cards"]]
    limit = len(played) if ply is None else max(0, min(ply, len(played)))
    gone = set(played[:limit]) if ply is not None else set()
    return hands, tricks, limit, gone


def _compass(hands: dict) -> list[str]:
    blank = [""] * 4
    north = [SEAT_NAMES["N"]] + _suit_lines(hands.get("N"))
    south = [SEAT_NAMES["S"]] + _suit_lines(hands.get("S"))
    west = [SEAT_NAMES["W"]] + _suit_lines(hands.get("W"))
    east = [SEAT_NAMES["E"]] + _suit_lines(hands.get("E"))
    pad = " " * 20
    lines = [pad + row for row in north]
    for w, e in zip(west + blank, east + blank):
        if not w and not e:
            break
        lines.append(f"{w:<40}{e}".rstrip())
    lines.extend(pad + row for row in south)
    return lines


def _trick_lines(tricks: list[dict], limit: int, record) -> list[str]:
    if not tricks:
        return ["(no play recorded)"]
    lines = ["Tricks:"]
    shown = 0
    won = {"NS": 0, "EW": 0}
    for number, trick in enumerate(tricks, start=1):
        if shown >= limit:
            break
        lead_i = SEATS.index(trick["leader"])
        cards = trick["cards"][:limit - shown]
        shown += len(cards)
        seats = [SEATS[(lead_i + k) % 4] for k in range(len(cards))]
        text = "  ".join(f"{s} {card_text(c):<3}" for s, c in zip(seats, cards))
        line = f"{number:>3}. {text}"
        if trick.get("winner") and len(cards) == 4:
            won[cb.side_of(trick["winner"])] += 1
            line = f"{line:<44} won by {trick['winner']}   NS {won['NS']} EW {won['EW']}"
        lines.append(line)
    claim = record.data.get("claim")
    if claim and shown == sum(len(t["cards"]) for t in tricks):
        lines.append(f"     claim: declarer takes {claim['declarer_claims']} of the last {claim['of']}")
    return lines


SUIT_COLOURS = {"S": "#000000", "H": "#c0001a", "D": "#c0001a", "C": "#000000"}


def render_svg(record, ply: int | None = None) -> str:
    """The compass of hands (what is left after ply N) and the trick on the table, as SVG."""
    from xml.sax.saxutils import escape
    hands, tricks, limit, gone = _after_ply(record, ply)
    places = {"N": (230, 40), "W": (20, 190), "E": (440, 190), "S": (230, 340)}
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="620" height="470" '
           'font-family="sans-serif" font-size="16">',
           '<rect width="620" height="470" fill="#f4f1e8"/>',
           f'<text x="10" y="20" font-size="13">{escape(record.title)}</text>']
    for seat, (x, y) in places.items():
        out.append(f'<text x="{x}" y="{y}" font-weight="bold">{SEAT_NAMES[seat]}</text>')
        hand = hands.get(seat)
        for k, suit in enumerate(SUITS):
            ranks = "?" if hand is None else " ".join(
                card_text(c)[:-1] for c in sorted(hand - gone, key=_order) if c[0] == suit) or "—"
            out.append(f'<text x="{x}" y="{y + 22 * (k + 1)}" fill="{SUIT_COLOURS[suit]}">'
                       f'{SUIT_SYMBOLS[suit]} {escape(ranks)}</text>')
    table = _table_cards(tricks, limit)
    spots = {"N": (290, 175), "S": (290, 265), "W": (235, 220), "E": (345, 220)}
    for seat, card in table.items():
        x, y = spots[seat]
        out.append(f'<rect x="{x - 22}" y="{y - 30}" width="44" height="40" rx="4" fill="white" '
                   f'stroke="#555"/><text x="{x - 14}" y="{y - 4}" fill="{SUIT_COLOURS[card[0]]}">'
                   f'{escape(card_text(card))}</text>')
    out.append(f'<text x="10" y="455" font-size="13">{escape(_header(record))}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _table_cards(tricks: list[dict], limit: int) -> dict:
    """The cards of the trick in progress (or the last one completed) after `limit` cards."""
    shown = 0
    for trick in tricks:
        cards = trick["cards"]
        if shown + len(cards) >= limit:
            lead_i = SEATS.index(trick["leader"])
            upto = cards[:max(0, limit - shown)]
            return {SEATS[(lead_i + k) % 4]: c for k, c in enumerate(upto)}
        shown += len(cards)
    return {}


# -- export ---------------------------------------------------------------------------------
EXPORT_FORMATS = ("pbn", "json")


def export(records, fmt: str) -> str:
    if fmt == "pbn":
        from records.cards.pbn_export import write
        return write(records)
    if fmt == "json":
        return json.dumps([_json(r) for r in records], ensure_ascii=False, indent=1) + "\n"
    raise ValueError(f"bridge records export as {', '.join(EXPORT_FORMATS)}, not {fmt!r}")


def _json(record) -> dict:
    return {"id": record.id, "kind": record.kind, "title": record.title,
            "status": record.status, "source": record.source, "line": record.line,
            "tags": {k: v for k, v in record.tags.items() if not k.startswith("_")},
            "hands": record.data.get("hands"), "auction": record.data.get("auction"),
            "play": record.data.get("play"), "score_ns": record.data.get("score_ns"),
            "diagnostics": [d.to_dict() for d in record.diagnostics]}


# -- search ---------------------------------------------------------------------------------
def position_key(text: str) -> str | None:
    return None  # a bridge deal has no board position to look up


# what any text the card grammar reads holds: a suit (mark, word or letter), a PBN hand's dot,
# an unknown hand's - or ?; a text without any (chess moves typed for a search) is not cards
CARDS_AT_ALL = re.compile(r"[♠♥♦♣♤♡◇♢♧SHDC.?-]|(?i:spade|heart|diamond|club)")


def move_prefixes(text: str) -> list[list[str]]:
    """Cards typed by a user ("♠A ♠2", "SA S2") as the opening of the play."""
    if not CARDS_AT_ALL.search(text):   # (and the grammar, lark, is not loaded for it)
        return []
    from records.cards.notation import CardsSyntaxError, parse_cards
    try:
        return [parse_cards(text)]
    except CardsSyntaxError:
        return []


def matches(record, filters: dict) -> bool:
    checks = {"holding": match_holding, "contract": match_contract, "trumps": match_trumps,
              "result": match_result, "variant": match_variant, "score": match_score}
    for key, value in filters.items():
        if value in (None, ""):
            continue
        check = checks.get(key)
        if check is None or not check(record, str(value)):
            return False
    return True


ROLE_RE = re.compile(r"^\s*(?:(declarer|dummy|leader|opening leader|north|east|south|west|[NESW])"
                     r"(?:\s+(?:held|holds|has|had|with))?\s*[:]?\s+)?(.*)$", re.I | re.S)
COUNT_RE = re.compile(r"^\s*(?:a hand with\s+|with\s+)?(all four|one|two|three|four|both|\d+)\s+"
                      r"(aces?|kings?|queens?|jacks?|knaves?|tens?)\s*$", re.I)


def match_holding(record, text: str) -> bool:
    """"four aces", "S:AKQ", "declarer held ♠ A K Q", "dummy: ♥ void", "W: ♠ AKQJ",
    "void in hearts"."""
    from records.cards.notation import CardsSyntaxError, parse_hand
    hands = hands_of(record)
    m = ROLE_RE.match(text)
    role, rest = (m.group(1) or "").lower(), m.group(2)
    rest = VOID_IN_RE.sub(lambda v: f"{v.group(1)} —", rest)
    wanted = _count_wanted(rest)
    want = None
    if not wanted:
        try:
            want = parse_hand(rest, allow_repeats=True)
        except CardsSyntaxError:
            if len(role) != 1:
                return False
            # "S: AKQ": the letter is the suit, not South
            role, want = "", _hand_or_none(text)
            if want is None:
                return False
    seats = _seats_for(record, role)
    if wanted:
        rank, count = wanted
        return any(hands.get(s) is not None and sum(c[1] == rank for c in hands[s]) >= count
                   for s in seats)
    return any(_holds(hands.get(seat), want) for seat in seats)


VOID_IN_RE = re.compile(r"(?i)\bvoid in (\w+)")


def _hand_or_none(text: str):
    from records.cards.notation import CardsSyntaxError, parse_hand
    try:
        return parse_hand(text, allow_repeats=True)
    except CardsSyntaxError:
        return None


def _holds(hand, want) -> bool:
    """The hand holds every card named, none of a suit printed void, and enough small cards."""
    if hand is None:
        return False
    cards = want.cards or frozenset()
    if not cards <= hand:
        return False
    voids = {s for s in want.suit_order if not any(c[0] == s for c in cards)
             and not want.smalls.get(s)}
    if any(c[0] in voids for c in hand):
        return False
    return all(sum(c[0] == s for c in hand) >= sum(c[0] == s for c in cards) + n
               for s, n in want.smalls.items())


def _count_wanted(text: str):
    m = COUNT_RE.match(text)
    if not m:
        return None
    count_text, rank_text = m.group(1).lower(), m.group(2).lower()
    count = int(count_text) if count_text.isdigit() else COUNT_WORDS[count_text]
    return RANK_WORDS[rank_text], count


def _seats_for(record, role: str) -> list[str]:
    if not role:
        return list(SEATS)
    declarer = declarer_of(record)
    if role == "declarer":
        return [declarer] if declarer else []
    if role == "dummy":
        return [SEATS[(SEATS.index(declarer) + 2) % 4]] if declarer else []
    if role in ("leader", "opening leader"):
        return [SEATS[(SEATS.index(declarer) + 1) % 4]] if declarer else []
    return [role[0].upper()]


def match_contract(record, text: str) -> bool:
    have = contract_of(record)
    if have is None:
        return False
    words = text.strip().lower()
    if words in ("slam", "slams"):
        return have.level >= 6
    if words in ("grand slam", "grand"):
        return have.level == 7
    if words in ("small slam",):
        return have.level == 6
    if words in ("pass", "passed out", "passed"):
        return have.passed_out
    want = cb.parse_contract(text.replace("♠", "S").replace("♥", "H").replace("♦", "D")
                             .replace("♣", "C"))
    if want is None:
        return False
    same = (want.level, want.strain) == (have.level, have.strain)
    doubling_given = "x" in text.lower() or "*" in text
    return same and (not doubling_given or want.doubled == have.doubled)


def match_trumps(record, text: str) -> bool:
    have = contract_of(record)
    want = STRAIN_WORDS.get(text.strip().lower().rstrip("."))
    return bool(have and not have.passed_out and want and have.strain == want)


RESULT_RE = re.compile(r"^\s*(made|making|=|down|defeated|set|went down)?\s*([+-]?\d+)?\s*"
                       r"(tricks?|overtricks?|undertricks?)?\s*$", re.I)


def match_result(record, text: str) -> bool:
    """"made", "down", "down 2", "-1", "+1", "=", "10" (tricks taken)."""
    contract, made = contract_of(record), tricks_made(record)
    if contract is None or contract.passed_out or made is None:
        return False
    m = RESULT_RE.match(text)
    if not m or not (m.group(1) or m.group(2)):
        return False
    word, number = (m.group(1) or "").lower(), m.group(2)
    diff = made - contract.target
    if word in ("down", "defeated", "set", "went down"):
        return diff < 0 and (number is None or abs(int(number)) == -diff)
    if word in ("made", "making", "="):
        if number is None:
            return diff >= 0 if word != "=" else diff == 0
        return made == int(number) if not number.startswith(("+", "-")) else diff == int(number)
    if number.startswith(("+", "-")):
        return diff == int(number)
    return made == int(number)


def match_variant(record, text: str) -> bool:
    want = text.strip().lower()
    names = {"bridge", "contract", "contract bridge", "duplicate", "duplicate bridge"}
    scoring = record.tags.get("Scoring", "").lower()
    return want in names or (bool(scoring) and want in {s.strip() for s in scoring.split(";")})


def match_score(record, text: str) -> bool:
    score = record.data.get("score_ns")
    if score is None:
        return False
    parts = text.replace(",", " ").split()
    try:
        if len(parts) == 2 and parts[0].upper() in ("NS", "EW"):
            value = int(parts[1])
            return score == (value if parts[0].upper() == "NS" else -value)
        return len(parts) == 1 and abs(score) == abs(int(parts[0])) and (
            not parts[0].startswith(("+", "-")) or score == int(parts[0]))
    except ValueError:
        return False


def filter_errors(filters: dict) -> dict[str, str | None]:
    """For each filter a deal is searched by: None when its value reads, else why not."""
    checks = {"holding": holding_error, "contract": contract_error, "trumps": trumps_error,
              "score": score_error}
    return {key: checks[key](str(value)) for key, value in filters.items()
            if key in checks and value not in (None, "")}


def holding_error(text: str) -> str | None:
    from records.cards.notation import CardsSyntaxError, parse_hand
    m = ROLE_RE.match(text)
    role, rest = (m.group(1) or "").lower(), VOID_IN_RE.sub(lambda v: f"{v.group(1)} —",
                                                           m.group(2))
    if _count_wanted(rest):
        return None
    try:
        parse_hand(rest, allow_repeats=True)
        return None if rest.strip() else "no cards named"
    except CardsSyntaxError as exc:
        if len(role) == 1 and _hand_or_none(text) is not None:
            return None
        return f'not a holding ("S:AKQ", "♠ A K Q", "declarer held ♥ K Q", "four aces"): {exc}'


def contract_error(text: str) -> str | None:
    words = text.strip().lower()
    if words in ("slam", "slams", "grand slam", "grand", "small slam", "pass", "passed out",
                 "passed"):
        return None
    contract = cb.parse_contract(text.replace("♠", "S").replace("♥", "H").replace("♦", "D")
                                 .replace("♣", "C"))
    return None if contract is not None else 'not a contract ("4S", "3NTx", "slam", "pass")'


def trumps_error(text: str) -> str | None:
    if STRAIN_WORDS.get(text.strip().lower().rstrip(".")):
        return None
    return 'not a suit or no trumps ("S", "spades", "♠", "NT")'


def score_error(text: str) -> str | None:
    parts = text.replace(",", " ").split()
    if len(parts) == 2 and parts[0].upper() in ("NS", "EW"):
        parts = parts[1:]
    if len(parts) == 1 and re.fullmatch(r"[+-]?\d+", parts[0]):
        return None
    return 'not a score ("420", "NS 420", "-100")'


# -- demo -----------------------------------------------------------------------------------
def showcase(archive, console) -> None:
    """hoyle demo: a bridge deal replayed, and searches by holding, contract and result."""
    found = archive.search(kind="bridge", limit=1, full=True)
    if not found:
        return
    record = found[0]
    console.print(f"\n[bold]bridge[/bold]: #{record.id} replayed to ply 8 (two tricks)")
    console.print(render_text(record, 8), markup=False)
    every = archive.search(kind="bridge", full=True)
    for label, key, value in (("a hand with two aces", "holding", "two aces"),
                              ("declarer held ♠ K Q J", "holding", "declarer held ♠ K Q J"),
                              ("contracts in spades", "trumps", "S"),
                              ("contracts that went down", "result", "down")):
        hits = [r for r in every if matches(r, {key: value})]
        console.print(f"  search {label}: {len(hits)} of {len(every)} deals"
                      + (f" (e.g. #{hits[0].id} {hits[0].title})" if hits else ""), markup=False)
