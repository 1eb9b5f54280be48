"""Cribbage, the family's face: finding cribbage in books, and every name it is known by.

The work is done in scoring (the exact hand scorer), pegging (the play), claims (records
checked against what a book states) and display (text, export, search).
"""
from __future__ import annotations

import json

from records.core.cards import SUIT_NAMES
from records.core.model import ERROR, INFO, WARNING, Ply, Record
from records.cribbage.claims import (
    Claim,
    _check_pegging,
    check_claims,
    hand_record,
    play_record,
)
from records.cribbage.display import filter_errors, matches, render_text  # noqa: F401
from records.cribbage.pegging import DEALER, PONE, PegResult, Play, _card_words, peg
from records.cribbage.scoring import (
    JACK,
    RANKS,
    VARIANTS,
    Card,
    card_set_problems,
    distribution,
    score,
)

# the names the family, the command line and the tests know cribbage by
__all__ = ["Card", "Claim", "EXPORT_FORMATS", "Play", "PegStep", "SUITS", "VARIANTS", "_rank_points",
           "NoStarter", "card_set_problems", "count_cards", "distribution", "export", "hand_record", "is_lurched",
           "matches", "parse_card", "parse_cards", "peg", "play_record", "render_text", "scan_book",
           "score", "score_total", "showcase", "spoken", "variant_named"]
from records.core.cards import SUITS  # noqa: E402
from records.cribbage.claims import NoStarter, count_cards  # noqa: E402
from records.cribbage.display import EXPORT_FORMATS, export  # noqa: E402
from records.cribbage.pegging import PegStep  # noqa: E402
from records.cribbage.scoring import (  # noqa: E402
    _rank_points,
    is_lurched,
    parse_card,
    parse_cards,
    score_total,
    spoken,
    variant_named,
)


# -- finding cribbage in text ---------------------------------------------------------
def scan_book(text: str, path: str) -> list[Record]:
    """Compact notation lines anywhere, and the worked examples of a book's cribbage chapters."""
    from records.cribbage import notation
    from records.cribbage.book_examples import book_examples
    drawn, drawings = _drawn_records(text, path)
    records = [_compact_record(raw, path) for raw in notation.compact_lines(text)
               if raw[0] not in drawings]     # a row of a drawing read with its other rows
    counted = _counted_records(text, path)
    # a line of the compact notation is read by its grammar, not again as a book's example
    taken = {n for rec in counted + records for n in range(rec.line, rec.end_line + 1)}
    records += [rec for rec in (_example_record(ex, path) for ex in book_examples(text))
                if not taken & set(range(rec.line, rec.end_line + 1))]
    records += counted
    records += drawn
    records += _told_records(text, path, records)
    records.sort(key=lambda r: r.line)
    from records.cribbage.book_text import cribbage_sections, text_lines
    from records.cribbage.told import cue_windows
    text_lines.cache_clear()          # shared by the readers of this text, not kept after it
    cribbage_sections.cache_clear()
    cue_windows.cache_clear()
    return records


def _told_records(text: str, path: str, found: list[Record]) -> list[Record]:
    """Counts and plays told in prose, dialogue, lists and tables (told.py). Where another
    reader read the same lines, the told reading is taken only when it reads as much of the print
    with fewer errors, or more with no more (`Hand: 5H 5D 5S JC` read as a compact line without
    the starter and the count on the next lines, a list whose words the list reader misreads);
    otherwise the other reading stands."""
    from records.cribbage.told import told_records
    told = told_records(text, path)
    if not told:
        return []
    kept, dropped = [], set()
    for cluster_old, cluster_told in _overlaps(found, told):
        if not cluster_told:
            continue
        more = _consumed(cluster_told) - _consumed(cluster_old)
        fewer = _trouble(cluster_old) - _trouble(cluster_told)
        if cluster_old and not (more >= 0 and fewer > 0 or more > 0 and fewer >= 0):
            continue
        dropped |= {id(r) for r in cluster_old}
        kept += cluster_told
    found[:] = [r for r in found if id(r) not in dropped]
    return kept


def _overlaps(found: list[Record], told: list[Record]):
    """Groups of records on overlapping lines: (the other readers' records, the told ones)."""
    for rec in told:
        rec.settle_status()
    tagged = sorted([(r.line, r.end_line, False, r) for r in found] +
                    [(r.line, r.end_line, True, r) for r in told], key=lambda x: (x[0], x[1]))
    group: list = []
    reach = -1
    for line, end, is_told, rec in tagged:
        if group and line > reach:
            yield [r for t, r in group if not t], [r for t, r in group if t]
            group = []
        group.append((is_told, rec))
        reach = max(reach, end) if len(group) > 1 else end
    if group:
        yield [r for t, r in group if not t], [r for t, r in group if t]


def _consumed(records: list[Record]) -> int:
    """How much of the print a reading used: its cards and plays, and each count it checked."""
    return sum(len(r.plies) + ("Stated" in r.tags) for r in records)


def _trouble(records: list[Record]) -> int:
    """What a reading could not read (claims the rules deny are the print's, not the reading's)."""
    return sum(1 for r in records for d in r.diagnostics if d.severity == ERROR)


def _drawn_records(text: str, path: str) -> tuple[list[Record], set[int]]:
    """Hands drawn on the page (drawn_hands.py: glyphs, suit signs or letters, framed or not,
    labelled or not), with the count stated on the row or in the text after the drawing. A
    drawing with no count stated is a cribbage hand only in a cribbage chapter (other games
    draw hands too: a poker hand, the lead from a whist suit). Also the lines of the drawings
    of several rows (hands with their crib, a starter's row): a line of one of them is not
    read alone (`Crib: 3H AC 8S 7S  4` is not the compact notation's crib with a four)."""
    from records.cribbage.book_text import cribbage_sections, text_lines
    from records.cribbage.drawn_hands import find_drawn_hands
    from records.cribbage.told import cue_windows
    lines = text_lines(text)
    sections = cribbage_sections(text)
    out, drawings = [], set()
    for found in find_drawn_hands(lines, cue_windows(lines)):
        if len(found.rows) > 1:
            drawings.update(found.rows)
        if found.stated is None and not any(first <= found.line <= last for first, last, _ in sections):
            continue
        cards = [Card(c.rank, c.suit) for c in found.cards]
        hand, starter = (cards[:-1], cards[-1]) if found.starter else (cards, None)
        claims = [Claim("total", found.stated, str(found.stated), found.stated_line,
                        found.stated_column)] if found.stated is not None else []
        spots = [(str(c), drawn.line, drawn.column) for c, drawn in zip(cards, found.cards)]
        out.append(hand_record(hand, starter, crib=found.crib, claims=claims, source=path,
                               line=found.line, text=lines[found.line - 1], positions=spots))
    return out, drawings


def _counted_records(text: str, path: str) -> list[Record]:
    """Lists of hands counted in words ("Two sevens, two eights, and a nine count 24"): every
    one in a chapter about cribbage, and elsewhere the lists that clearly are cribbage."""
    from records.cribbage.book_text import cribbage_sections, text_lines
    from records.cribbage.counted_lists import counted_lists, find_counted_hands
    from records.cribbage.told import cue_windows
    lines = text_lines(text)
    sections = cribbage_sections(text)
    found = [hand for first, last, _ in sections for hand in find_counted_hands(lines, first, last)]
    found += counted_lists(lines, sections, cue_windows(lines))
    return [_counted_record(hand, path, "\n".join(lines[hand.line - 1:hand.end_line]))
            for hand in found]


def _counted_record(found, path: str, text: str) -> Record:
    claim = Claim("total", found.stated, str(found.stated), found.end_line, found.stated_column)
    if not found.ranks:
        rec = Record(kind="cribbage", title=f"rule: {found.text[:60]}", source=path,
                     line=found.line, end_line=found.end_line, text=text)
        rec.data = {"type": "rule", "stated": found.stated}
        rec.add(WARNING, "CRIB-RULE", "a rule of thumb that names no cards: its count "
                f"({found.stated}) cannot be checked", found.line, 1)
        return rec
    cards = [Card(rank) for rank in found.ranks]
    hand, starter = (cards[:4], cards[4]) if len(cards) == 5 else (cards, None)
    if found.said is not None:        # spoken item by item: each item checked, and the total
        from records.cribbage.told_calls import count_problems
        rec = hand_record(hand, starter, source=path, line=found.line, end_line=found.end_line,
                          text=text, title=found.text[:70])
        rec.tags["Stated"] = found.stated
        if "count" in rec.data:
            for severity, code, message, line, column, suggestion in count_problems(
                    score(hand, starter), found.said):
                rec.add({"info": INFO, "warning": WARNING}.get(severity, ERROR), code, message, line, column,
                        suggestion=suggestion)
        return rec
    rec = hand_record(hand, starter, claims=[claim], source=path, line=found.line,
                      end_line=found.end_line, text=text, title=found.text[:70])
    _check_breakdown(rec, found)
    return rec


def _check_breakdown(rec: Record, found) -> None:
    """A worked count's steps: each fifteen must make fifteen, the calls go up by two."""
    for expression, total, call, points, line, column in found.breakdown:
        if total == 15 and call != 15:
            rec.add(WARNING, "CRIB-BREAKDOWN", f"{expression} makes 15, but the call reads "
                    f"{call}-{points}", line, column, suggestion=f"15-{points}")
        elif total != 15:
            rec.add(WARNING, "CRIB-BREAKDOWN", f"{expression} makes {total}, not a fifteen",
                    line, column)


def _compact_record(found, path: str) -> Record:
    line, text, raw = found
    if isinstance(raw, Exception):
        rec = Record(kind="cribbage", title=f"line {line}", source=path, line=line,
                     end_line=line, text=text)
        rec.add(ERROR, "CRIB-UNREADABLE", str(raw), line, getattr(raw, "column", 1))
        rec.status = "invalid"
        return rec
    if raw.kind == "hand":
        hand = [Card(c.rank, c.suit) for c in raw.held]
        starter = Card(raw.starter.rank, raw.starter.suit) if raw.starter else None
        spots = [(c.text, c.line, c.column) for c in [*raw.held, *([raw.starter] if raw.starter else [])]]
        claims = [Claim("total", raw.stated, str(raw.stated), line, _stated_column(text))] \
            if raw.stated is not None else _claims(raw.claims)
        return hand_record(hand, starter, crib=raw.crib, claims=claims, source=path, line=line,
                           text=text, positions=spots)
    plays = [Play(card=Card(c.rank, c.suit), text=c.text, line=ln, column=col) if kind == "card"
             else Play(go=kind == "go", reset=kind == "reset", text=kind, line=ln, column=col)
             for kind, c, ln, col in raw.plays]
    rec = play_record(plays, source=path, line=line, text=text, last_card=False)
    if raw.stated is not None and "total" in rec.data and raw.stated != rec.data["total"]:
        rec.add(WARNING, "CRIB-PEG-MISMATCH",
                f"the play is said to peg {raw.stated} in all, the rules give {rec.data['total']}"
                f" ({_peg_summary(rec)})", line, _stated_column(text))
    return rec


def _stated_column(text: str) -> int:
    """Where the stated number after the last '=' (else ':') begins (1-based)."""
    at = (text.rindex("=") if "=" in text else text.rindex(":")) + 1
    return at + len(text[at:]) - len(text[at:].lstrip()) + 1


def _peg_summary(rec: Record) -> str:
    return "; ".join(f"{s['card'] or 'go'} {', '.join(f'{n} {p}' for n, p in s['scores'])}"
                     for s in rec.data.get("plays", []) if s["points"])


# -- book examples as records ------------------------------------------------------------------
def _example_record(example, path: str) -> Record:
    if example.kind == "hand":
        return _book_hand(example, path)
    if example.kind == "play":
        return _book_play(example, path)
    return _book_deal(example, path)


def _claims(raw_claims, owner: str | None = None) -> list[Claim]:
    return [Claim(c.what, c.value, c.text, c.line, c.column, c.owner) for c in raw_claims
            if owner is None or c.owner == owner]


def _book_hand(ex, path: str) -> Record:
    hand = [Card(c.rank, c.suit) for c in ex.cards]
    starter = Card(ex.starter.rank, ex.starter.suit)
    assumed = ""
    if ex.same_suit_as_starter:
        suit = starter.suit or "S"
        starter = Card(starter.rank, suit)
        for k in ex.same_suit_as_starter:
            hand[k] = Card(hand[k].rank, suit)
        assumed = (f"the text gives no suits but puts the {hand[ex.same_suit_as_starter[0]].name}"
                   f" in the starter's suit: both written as {SUIT_WORDS_BY_LETTER[suit]}")
    spots = [(c.text, c.line, c.column) for c in [*ex.cards, ex.starter]]
    variant = VARIANTS.get(ex.variant)
    rec = hand_record(hand, starter, crib=ex.crib, variant=variant, claims=_claims(ex.claims),
                      source=path, line=ex.line, end_line=ex.end_line, text=ex.text,
                      positions=spots)
    if assumed:
        rec.add(INFO, "CRIB-SUIT-ASSUMED", assumed, ex.line)
    if ex.starter_note:
        rec.add(INFO, "CRIB-STARTER", ex.starter_note, ex.starter.line, ex.starter.column)
    for tok in ex.unread:
        rec.add(ERROR, "CRIB-UNREADABLE", f"cannot read {tok.text!r} as a card: the hand is "
                f"counted without it", tok.line, tok.column,
                suggestion="write rank and suit, e.g. 5H, TD, 10♥, JC, or the knave of clubs")
    rec.tags["Source"] = "book"
    return rec


SUIT_WORDS_BY_LETTER = SUIT_NAMES


def _plays_of(events) -> list[Play]:
    return [Play(card=Card(e.card.rank, e.card.suit) if e.card else None, go=e.go, reset=e.reset,
                 player=e.player, text=e.text, line=e.line, column=e.column, claimed=e.claimed,
                 called=e.called, parts=dict(e.parts), expects=list(e.expects),
                 denies=list(e.denies)) for e in events]


def _book_play(ex, path: str) -> Record:
    hands = {who: [Card(c.rank, c.suit) for c in cards] for who, cards in ex.hands.items()} or None
    plays = _plays_of(ex.events)
    told_last = any("last card" in p.expects for p in plays)
    rec = play_record(plays, variant=VARIANTS.get(ex.variant), hands=hands, last_card=told_last,
                      source=path, line=ex.line, end_line=ex.end_line, text=ex.text)
    if hands:
        rec.data["hands"] = {who: [str(c) for c in cards] for who, cards in hands.items()}
    rec.tags["Source"] = "book"
    return rec


def _take_out(dealt: list[Card], laid: list[Card]) -> tuple[list[Card], list[Card]]:
    """The cards kept after laying out; laid cards the hand never held are returned apart."""
    kept, missing = list(dealt), []
    for card in laid:
        match = next((c for c in kept if c.rank == card.rank
                      and (not card.suit or not c.suit or c.suit == card.suit)), None)
        if match is None:
            missing.append(card)
        else:
            kept.remove(match)
    return kept, missing


def _book_deal(ex, path: str) -> Record:
    variant = VARIANTS.get(ex.variant) or VARIANTS["five-card"]
    dealt = {who: [Card(c.rank, c.suit) for c in cards] for who, cards in ex.dealt.items()}
    laid = {who: [Card(c.rank, c.suit) for c in cards] for who, cards in ex.discards.items()}
    starter = Card(ex.starter.rank, ex.starter.suit) if ex.starter else None
    shown = "; ".join(f"{who} {' '.join(RANKS[c.rank - 1] for c in cards)}" for who, cards in dealt.items())
    rec = Record(kind="cribbage", title=f"deal: {shown}" + (f"; starter {starter}" if starter else ""),
                 source=path, line=ex.line, end_line=ex.end_line, text=ex.text)
    rec.tags = {"Type": "deal", "Variant": variant.name, "Source": "book"}
    rec.data = {"type": "deal", "variant": variant.name, "starter": str(starter) if starter else None,
                "dealt": {w: [str(c) for c in cs] for w, cs in dealt.items()},
                "laid out": {w: [str(c) for c in cs] for w, cs in laid.items()}}
    every = [c for cs in dealt.values() for c in cs] + ([starter] if starter else [])
    problems = card_set_problems(every)
    if problems:
        rec.add(ERROR, "CRIB-IMPOSSIBLE-CARDS", "impossible cards: " + "; ".join(problems), ex.line)
        return rec
    kept = {}
    for who, cards in dealt.items():
        kept[who], missing = _take_out(cards, laid.get(who, []))
        for card in missing:
            rec.add(ERROR, "CRIB-NOT-HELD", f"the {who} lays out {_card_words(card)} he was not dealt",
                    ex.line)
    crib = [c for who in (PONE, DEALER) for c in laid.get(who, [])]
    scores = []
    for owner, cards, is_crib in ((PONE, kept.get(PONE, []), False),
                                  (DEALER, kept.get(DEALER, []), False), ("crib", crib, True)):
        if not cards:
            continue
        count = score(cards, starter, is_crib)
        rec.data[owner] = {"hand": [str(c) for c in cards], "count": count.to_dict()}
        scores.append(count.total)
        check_claims(rec, count, _claims(ex.claims, owner), whose=owner if owner == "crib" else f"{owner}'s hand")
    if starter is not None and starter.rank == JACK:
        rec.add(INFO, "CRIB-HEELS", "a jack turned up: two for his heels to the dealer")
    plays = _plays_of(ex.events)
    if plays:
        result = peg(plays, variant, {w: list(cs) for w, cs in kept.items()}, last_card=False)
        for index, severity, code, message in result.problems:
            ev = plays[min(index, len(plays) - 1)]
            rec.add(severity, code, message, ev.line, ev.column,
                    suggestion=_playable_instead(kept, plays, index, result))
        _check_pegging(rec, plays, result)
        rec.data["plays"] = [{"player": s.player, "card": str(s.card) if s.card else None,
                              "total": s.total, "scores": [[n, p] for n, p in s.scores],
                              "points": s.points} for s in result.steps]
        rec.plies = [Ply(i + 1, p.text, str(p.card) if p.card else "go", p.line, p.column)
                     for i, p in enumerate(plays)]
    rec.data["scores"] = scores
    rec.tags["Score"] = scores[0] if scores else None
    rec.normal = json.dumps({k: rec.data[k] for k in ("variant", "dealt", "laid out", "starter")},
                            ensure_ascii=False)
    return rec


def _playable_instead(kept: dict, plays: list[Play], index: int, result: PegResult) -> str:
    """The cards the player could have laid there, with the count each would make."""
    ev = plays[index]
    if ev.card is None or ev.player not in kept:
        return ""
    held = list(kept[ev.player])
    for p in plays[:index]:
        if p.player == ev.player and p.card is not None:
            held, _ = _take_out(held, [p.card])
    before = next((s.total for s in reversed(result.steps) if s.index < index and s.card), 0)
    options = [f"{_card_words(c)} ({before + c.value})" for c in held if before + c.value <= 31]
    if not options:
        return "he could not play: a go"
    return "he could play " + " or ".join(options)


# -- hoyle demo -----------------------------------------------------------------------------
def showcase(archive, console) -> None:
    """The demo's cribbage part: an itemised count, a flagged claim, a search, the distribution."""
    import time
    console.print("[bold]cribbage[/bold]")
    best = [r for r in archive.search(kind="cribbage", full=True) if matches(r, {"score": 29})]
    if best:
        console.print(render_text(best[0]), markup=False)
    flagged = [r for r in archive.search(kind="cribbage", status="needs_review")]
    for rec in flagged[:3]:
        for d in rec.diagnostics:
            if d.severity != INFO:
                console.print(f"  {d.format(rec.source)}", markup=False, soft_wrap=True)
    started = time.perf_counter()
    dist = distribution()
    took = time.perf_counter() - started
    console.print(f"  every (hand, starter): {sum(dist.values()):,} deals scored in {took:.2f} s;"
                  f" 29 occurs {dist.get(29, 0)} times; never scored:"
                  f" {', '.join(str(n) for n in range(30) if n not in dist)}", markup=False)
