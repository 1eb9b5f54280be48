"""Cribbage records of hands, cribs and plays, checked against what the book states.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from records.core.model import ERROR, INFO, WARNING, Ply, Record
from records.cribbage.pegging import DEALER, PONE, PegResult, PegStep, Play, peg
from records.cribbage.scoring import (
    RANKS,
    VARIANT_BY_HAND_SIZE,
    VARIANTS,
    Card,
    Count,
    Variant,
    card_set_problems,
    score,
    spoken,
    variant_named,
)

# -- records: hands and cribs with their stated counts ---------------------------------
CATEGORY_KINDS = {"fifteens": ("fifteen",), "pairs": ("pair", "pair royal", "double pair royal"),
                  "runs": ("run",), "flush": ("flush",), "nobs": ("nobs",)}


@dataclass
class Claim:
    """A number the text states: a total, the points of one category, or how many of them."""
    what: str          # "total", a CATEGORY_KINDS key, or "number of <category>"
    value: int
    text: str = ""
    line: int = 0
    column: int = 0
    owner: str = ""    # deal records: whose count (pone, dealer, crib)


def category_points(count: Count, category: str) -> int:
    return count.points(*CATEGORY_KINDS[category])


def category_number(count: Count, category: str) -> int:
    return sum(1 for i in count.items if i.kind in CATEGORY_KINDS[category])


def describe(count: Count) -> str:
    """'fifteens 4 (5+J, 5+J), pairs 2 (8-8), runs 3 (7-8-9)' -- the count by category."""
    parts = []
    for category, kinds in CATEGORY_KINDS.items():
        items = [i for i in count.items if i.kind in kinds]
        if items:
            shown = ", ".join("+".join(str(c) for c in i.cards) for i in items)
            parts.append(f"{category} {sum(i.points for i in items)} ({shown})")
    return "; ".join(parts) or "nothing"


def check_claims(rec: Record, count: Count, claims: list[Claim], whose: str = "") -> None:
    """Compare every stated number with the rules; a wrong one is a warning naming the difference."""
    label = f"the {whose} " if whose else ""
    totals = [c for c in claims if c.what == "total"]
    has_points = {c.what for c in claims if c.what in CATEGORY_KINDS}
    for claim in [c for c in claims if c.what != "total"]:
        if claim.what.startswith("number of ") and claim.what[len("number of "):] in has_points:
            continue   # "four fifteens, 8 more holes": the points say it, partial tallies vary
        _check_part(rec, count, claim, [c for c in claims if c.what == claim.what], label)
    for claim in totals:
        _check_total(rec, count, claim, claims, label)


def _check_part(rec: Record, count: Count, claim: Claim, same: list[Claim], label: str) -> None:
    if claim.what.startswith("number of "):
        category = claim.what[len("number of "):]
        actual = category_number(count, category)
        if claim.value != actual:
            rec.add(WARNING, "CRIB-COUNT-MISMATCH",
                    f"{label}{category}: the text says {claim.value}, the rules give {actual}"
                    f" ({describe(count)})", claim.line, claim.column)
        return
    actual = category_points(count, claim.what)
    values = [c.value for c in same]
    consistent = (sum(values) == actual or claim.value == actual
                  or (max(values) == actual and sum(values) - max(values) == actual))
    if not consistent and claim is same[0]:
        rec.add(WARNING, "CRIB-COUNT-MISMATCH",
                f"{label}{claim.what}: the text counts {' + '.join(map(str, values))},"
                f" the rules give {actual} ({describe(count)})", claim.line, claim.column)


def _check_total(rec: Record, count: Count, claim: Claim, claims: list[Claim], label: str) -> None:
    actual = count.total
    if claim.value == actual or (claim.value == 19 and actual == 0):
        return    # (nineteen, which no hand counts, is what players call nothing)
    if claim.value - actual in count.unprinted:
        rec.add(INFO, "CRIB-SUITS-UNKNOWN", unprinted_note(count, claim.value, label),
                claim.line, claim.column)
        return
    parts = [c for c in claims if c.what in CATEGORY_KINDS]
    if parts and sum(c.value for c in parts) == actual and _one_digit_apart(claim.text, actual):
        rec.add(WARNING, "CRIB-OCR-TOTAL",
                f"{label}total printed {claim.text.strip()!r} reads {actual}: its own items add up"
                f" to {' + '.join(str(c.value) for c in parts)} = {actual}, and one digit is lost"
                " or misread in the scan", claim.line, claim.column,
                suggestion=f"read the total as {actual}", repair=True)
        return
    rec.add(WARNING, "CRIB-COUNT-MISMATCH",
            f"{label}count stated as {claim.value}, the rules give {actual}"
            f" ({abs(claim.value - actual)} {'too many' if claim.value > actual else 'too few'}):"
            f" {difference(count, claims)}",
            claim.line, claim.column, suggestion=f"the count is {spoken(count)}")


def unprinted_note(count: Count, stated: int, label: str = "") -> str:
    """The stated total is the rules' count with what the unprinted suits may add: not a fault."""
    extra = stated - count.total
    return (f"{label}suits not printed: the stated {stated} is the {count.total} the printed "
            f"cards show with {count.unprinted[extra]} ({extra}), which the print cannot show")


def _one_digit_apart(printed: str, actual: int) -> bool:
    digits, target = "".join(ch for ch in printed if ch.isdigit()), str(actual)
    if not digits:
        return False
    if len(digits) == len(target):
        return sum(a != b for a, b in zip(digits, target)) == 1
    longer, shorter = (target, digits) if len(target) > len(digits) else (digits, target)
    return len(longer) == len(shorter) + 1 and any(
        longer[:i] + longer[i + 1:] == shorter for i in range(len(longer)))


def difference(count: Count, claims: list[Claim]) -> str:
    """Which stated parts are wrong, then the count by the rules, item by item."""
    parts = {c.what: c.value for c in claims if c.what in CATEGORY_KINDS}
    wrong = [f"{cat} {parts[cat]} stated, {category_points(count, cat)} by the rules"
             for cat in parts if parts[cat] != category_points(count, cat)]
    return "; ".join(wrong + [f"by the rules: {describe(count)}"])


def infer_variant(size: int, crib: bool, named: Variant | None = None) -> Variant:
    if named is not None and (named.crib_size if crib else named.hand_size) == size:
        return named
    if crib:
        return named or VARIANTS["six-card"]
    return VARIANTS[VARIANT_BY_HAND_SIZE.get(size, "six-card")]


def hand_record(hand: list[Card], starter: Card | None, *, crib: bool = False,
                variant: Variant | None = None, claims: list[Claim] | None = None,
                source: str = "", line: int = 0, end_line: int = 0, text: str = "",
                title: str = "", positions: list[tuple[str, int, int]] | None = None) -> Record:
    """A record of one hand or crib with its starter, counted and checked against its claims."""
    variant = infer_variant(len(hand), crib, variant)
    cards = [*hand, *([starter] if starter else [])]
    what = "crib" if crib else "hand"
    shown = " ".join(map(str, hand)) + (f" | {starter}" if starter else "")
    rec = Record(kind="cribbage", title=title or f"{what} {shown}", source=source, line=line,
                 end_line=end_line or line, text=text)
    spots = positions or [(str(c), line, 0) for c in cards]
    rec.plies = [Ply(i + 1, spots[i][0], str(c), spots[i][1], spots[i][2])
                 for i, c in enumerate(cards)]
    rec.data = {"type": what, "variant": variant.name, "crib": crib,
                "hand": [str(c) for c in hand], "starter": str(starter) if starter else None}
    rec.tags = {"Variant": variant.name, "Type": what}
    if claims:   # what the text states, to check again after a person's correction
        rec.data["claims"] = [[c.what, c.value, c.text, c.line, c.column, c.owner]
                              for c in claims]
    problems = card_set_problems(cards)
    most = max(v.crib_size if crib else v.hand_size for v in VARIANTS.values())
    if len(hand) > most:
        problems.append(f"{len(hand)} cards {'in the crib' if crib else 'held'}; no cribbage "
                        f"{'crib' if crib else 'hand'} holds more than {most}")
    if problems:
        at = _first_repeat(cards, spots, line) if len(hand) <= most else spots[most][1:]
        rec.add(ERROR, "CRIB-IMPOSSIBLE-CARDS", "impossible cards: " + "; ".join(problems), *at,
                suggestion="no count is made for cards that cannot come from one pack")
        return rec
    if starter is None:
        rec.add(INFO, "CRIB-NO-STARTER", "no starter given: counted as the cards stand")
    count = score(hand, starter, crib)
    rec.data["count"] = count.to_dict()
    rec.tags["Score"] = count.total
    for claim in claims or []:
        if claim.what == "total":
            rec.tags["Stated"] = claim.value
    check_claims(rec, count, claims or [])
    for note in count.notes:   # (said of the cards: where the first of them stands)
        rec.add(INFO, "CRIB-NOTE", note, *(spots[0][1:] if positions else (line, 1)))
    rec.normal = json.dumps({k: rec.data[k] for k in ("variant", "crib", "hand", "starter")}
                            | {"total": count.total}, ensure_ascii=False)
    return rec


def _first_repeat(cards: list[Card], spots: list[tuple[str, int, int]], line: int):
    """Where the first card that cannot be there stands (a repeat, or a fifth of a rank)."""
    ranks: Counter = Counter()
    for i, (card, (_, at_line, column)) in enumerate(zip(cards, spots)):
        ranks[card.rank] += 1
        if (card.suit and card in cards[:i]) or ranks[card.rank] > 4:
            return at_line, column
    return (spots[0][1], spots[0][2]) if spots else (line, 0)


# -- records: play sequences -------------------------------------------------------------
def play_record(plays: list[Play], *, variant: Variant | None = None,
                hands: dict[str, list[Card]] | None = None, last_card: bool = True,
                claims: list[Claim] | None = None, source: str = "", line: int = 0,
                end_line: int = 0, text: str = "", title: str = "") -> Record:
    """A play sequence pegged card by card; each stated score and call is checked."""
    cards = [p.card for p in plays if p.card]
    shown = " ".join("go" if p.go else "/" if p.reset else RANKS[p.card.rank - 1] + p.card.suit
                     for p in plays)
    rec = Record(kind="cribbage", title=title or f"play {shown}", source=source, line=line,
                 end_line=end_line or line, text=text)
    rec.tags = {"Type": "play", "Variant": variant.name if variant else "any"}
    rec.data = {"type": "play", "variant": variant.name if variant else None}
    problems = card_set_problems(cards)
    if problems:
        rec.add(ERROR, "CRIB-IMPOSSIBLE-CARDS", "impossible cards: " + "; ".join(problems), line)
        return rec
    result = peg(plays, variant, hands, last_card=last_card)
    for index, severity, code, message in result.problems:
        ev = plays[min(index, len(plays) - 1)]
        rec.add(severity, code, message, ev.line or line, ev.column)
    _check_pegging(rec, plays, result)
    steps = [{"player": s.player, "card": str(s.card) if s.card else None, "total": s.total,
              "scores": [[name, pts] for name, pts in s.scores], "points": s.points}
             for s in result.steps]
    rec.plies = [Ply(i + 1, plays[s.index].text if s.index < len(plays) else "go",
                     str(s.card) if s.card else "go", plays[min(s.index, len(plays) - 1)].line,
                     plays[min(s.index, len(plays) - 1)].column)
                 for i, s in enumerate(result.steps)]
    total = sum(s.points for s in result.steps)
    rec.data.update({"plays": steps, "points": {p: result.points_of(p) for p in (PONE, DEALER)},
                     "total": total, "cards": [str(c) for c in cards]})
    rec.tags["Score"] = total
    rec.normal = json.dumps({"variant": rec.data["variant"], "plays": [
        [s["player"], s["card"], s["total"], s["points"]] for s in steps]}, ensure_ascii=False)
    return rec


STEP_CATEGORIES = {"fifteen": "fifteens", "thirty-one": "thirty-one", "pair": "pairs",
                   "pair royal": "pairs", "double pair royal": "pairs", "go": "go",
                   "last card": "last card"}


def _step_category(name: str) -> str:
    return "runs" if name.startswith("run of") else STEP_CATEGORIES.get(name, name)


def _check_pegging(rec: Record, plays: list[Play], result: PegResult) -> None:
    """Every call, stated score and named combination of the text against the engine."""
    cards_at: dict[int, PegStep] = {}
    extras_at: dict[int, list[PegStep]] = {}
    for step in result.steps:
        if step.card is not None:
            cards_at[step.index] = step
        else:
            extras_at.setdefault(step.index, []).append(step)
    last_card = None
    for i, ev in enumerate(plays):
        if ev.card is not None:
            last_card = i
            step = cards_at.get(i)
            if step is None:
                continue
            go_follows = i + 1 < len(plays) and plays[i + 1].go and plays[i + 1].claimed is not None
            extras = [] if go_follows else extras_at.get(i, [])
            _check_step(rec, ev, step.scores + [s for x in extras for s in x.scores], step.total)
        elif ev.go and last_card is not None:
            extras = extras_at.get(last_card, [])
            total = cards_at[last_card].total if last_card in cards_at else 0
            _check_step(rec, ev, [s for x in extras for s in x.scores], total)


def _check_step(rec: Record, ev: Play, scores: list[tuple[str, int]], total: int) -> None:
    what = ev.text or "the go"
    got = sum(p for _, p in scores)
    made = ", ".join(f"{n} {p}" for n, p in scores) or "nothing"
    by_category: dict[str, int] = {}
    for name, points in scores:
        by_category[_step_category(name)] = by_category.get(_step_category(name), 0) + points
    if ev.called is not None and not ev.go and ev.called != total:
        rec.add(WARNING, "CRIB-CALL-MISMATCH", f"{what} is called {ev.called}, but the count is {total}",
                ev.line, ev.column)
    if ev.claimed is not None and ev.claimed != got:
        rec.add(WARNING, "CRIB-PEG-MISMATCH",
                f"{what} (count {total}) is said to score {ev.claimed}, the rules give {got} ({made})",
                ev.line, ev.column)
    for category, points in ev.parts.items():
        if by_category.get(category, 0) != points:
            rec.add(WARNING, "CRIB-PEG-MISMATCH",
                    f"{what} (count {total}) is said to score {points} for {category},"
                    f" the rules give {by_category.get(category, 0)} ({made})", ev.line, ev.column)
    for category in ev.expects:
        if category not in by_category and category not in ev.parts:
            hint = f"{15 - total} more would make fifteen" if category == "fifteens" and total < 15 else ""
            rec.add(WARNING, "CRIB-PEG-MISMATCH",
                    f"{what} is said to make {_category_phrase(category)}, but it does not"
                    f" (count {total}; it scores {made})", ev.line, ev.column, suggestion=hint)
    for category in ev.denies:
        if category in by_category:
            rec.add(WARNING, "CRIB-PEG-MISMATCH",
                    f"{what} is said to make no {_category_phrase(category, plain=True)},"
                    f" but it scores {made} (count {total})", ev.line, ev.column)


def _category_phrase(category: str, plain: bool = False) -> str:
    words = {"fifteens": "fifteen", "pairs": "pair", "runs": "run", "go": "go",
             "last card": "last card", "thirty-one": "thirty-one"}
    word = words.get(category, category)
    return word if plain else ("a " + word if word not in ("go",) else "the go")


# -- family API ----------------------------------------------------------------------
class NoStarter(ValueError):
    """A hand or crib to count, given without the starter it is counted with."""


def count_cards(hand_text: str, starter_text: str | None = None, crib: bool = False,
                variant: str | None = None, no_starter: bool = False) -> Count:
    """The count of a typed hand: '5H 5D 5S JC' with starter '5C', or '5H 5D 5S JC | 5C'.
    The hand has the size a variant keeps (the variant named, or any: 3, 4 or 5 cards; a crib
    4); a count without a starter is refused (NoStarter) unless no_starter says it is meant.

    Raises ValueError with a message a person understands for anything that cannot be counted.
    """
    from records.cribbage.notation import NotationError, parse_notation
    text = hand_text if starter_text is None else f"{hand_text} | {starter_text}"
    text = text.replace(",", " ").upper()
    try:
        raw = parse_notation(text)
    except NotationError as exc:
        raise ValueError(f"column {exc.column}: {exc}") from exc
    if raw.kind != "hand":
        raise ValueError("give the cards of a hand, not a play sequence")
    hand = [Card(c.rank, c.suit) for c in raw.held]
    starter = Card(raw.starter.rank, raw.starter.suit) if raw.starter else None
    _check_size(len(hand), variant_named(variant), crib or raw.crib)
    if starter is None and not no_starter:
        raise NoStarter("a hand or crib is counted with the starter (the card turned up), "
                        "and none was given")
    problems = card_set_problems(hand + ([starter] if starter else []))
    if problems:
        raise ValueError("impossible cards: " + "; ".join(problems))
    return score(hand, starter, crib or raw.crib)


def _check_size(size: int, named, crib: bool) -> None:
    """A hand as a variant keeps it (five-card: 3 cards, six-card 4, seven-card 5), a crib 4."""
    what = "crib" if crib else "hand"
    if named is not None:
        wanted = named.crib_size if crib else named.hand_size
        if size != wanted:
            raise ValueError(f"a {named.name} {what} has {wanted} cards, not {size}")
        return
    if crib:
        if size != 4:
            raise ValueError(f"a crib has 4 cards in every variant, not {size}")
        return
    if size not in VARIANT_BY_HAND_SIZE:
        kept = ", ".join(f"{name} {n}" for n, name in sorted(VARIANT_BY_HAND_SIZE.items()))
        raise ValueError(f"a cribbage hand to count has 3, 4 or 5 cards (the cards kept: "
                         f"{kept}), not {size}")
