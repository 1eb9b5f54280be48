"""The whist family (kind "whist"): book deals replayed through the trick engine, single
hands, and score pads checked by the scoring rules.

Records (rec.data["type"]):
  deal      a deal with its play (Cavendish's illustrative hands): every printed card is
            placed and played, every running trick count, leader mark, turn-up and
            result claim is checked;
  hand      one player's thirteen cards printed in a book (e.g. a bridge make example);
  score pad a Foster bridge score pad: column totals, games, rubber bonus, totals and the
            value of the rubber.
Bridge material from whist-era books stays kind "whist" with data["variant"] "bridge";
PBN files are the bridge family's (records/games/bridge.py).
"""
from __future__ import annotations

import json
import re
from collections import Counter

from records.core.model import ERROR, INFO, WARNING, Ply, Record
from records.cards import whist_book as book
from records.cards import whist_scoring as scoring
from records.cards.tricks import (DECK, SUIT_NAMES, SUIT_SYMBOLS, Deal, card_text, hand_text, play,
                     sort_cards, suit_holding)

KIND = "whist"
SEATS = ("A", "Y", "B", "Z")
PBN_SEAT = {"A": "N", "Y": "E", "B": "S", "Z": "W"}   # both clockwise; A leads, Z deals
WORD_NUMBERS = {"love": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "the odd trick": 1, "odd": 1}


# =============================================================================== scanning
def scan_book(text: str, path: str) -> list[Record]:
    """Every Cavendish-style deal, suit-first hand and Foster score pad in a book."""
    records = [deal_record(raw, path) for raw in book.find_cavendish_deals(text)]
    records += [hand_record(raw, path) for raw in book.find_suit_first_hands(text)]
    records += [hand_record(raw, path) for raw in book.find_column_hands(text)]
    records += [ending_record(raw, path) for raw in book.find_endings(text)]
    pads = book.find_score_pads(text)
    pad_records = [pad_record(raw, path) for raw in pads]
    _compare_pads(pad_records)
    records += pad_records
    for rec in records:
        rec.settle_status()
    return records


# =============================================================================== deals
def _score_before(token) -> dict | None:
    """"Love-all", "Four-all", "AB, 2; YZ, Love" -> {"AB": 2, "YZ": 0}; None if unreadable."""
    text = token.text.lower().strip(" .") if token else "love-all"
    m = re.fullmatch(r"(\w+)-all", text)
    if m:
        n = _points(m.group(1))
        return None if n is None else {"AB": n, "YZ": n}
    found = re.findall(r"(ab|yz),?\s*(\w+)", text)
    out = {side.upper(): _points(value) for side, value in found}
    if set(out) != {"AB", "YZ"} or None in out.values():
        return None
    return out


def _points(word: str) -> int | None:
    return int(word) if word.isdigit() else WORD_NUMBERS.get(word)


def _claim(token) -> dict | None:
    """"AB score two by cards and two by honours" -> side, by_cards, honours, game."""
    if token is None:
        return None
    text = token.text
    m = re.match(r"(AB|YZ)\s+(\w+)\s+(.*)", text)
    if not m:
        return None
    side, rest = m.group(1), m.group(3).lower()
    claim = {"side": side, "text": text, "by_cards": None, "honours": None, "game": False}
    if "the game" in rest:
        claim["game"] = True
    if "odd trick" in rest:
        claim["by_cards"] = 1
    cards = re.search(r"(\w+) by cards", rest)
    if cards:
        claim["by_cards"] = WORD_NUMBERS.get(cards.group(1))
    honours = re.search(r"(\w+) by honours", rest)
    if honours:
        claim["honours"] = WORD_NUMBERS.get(honours.group(1))
    return claim


def deal_record(raw: book.RawDeal, path: str, variant: str = "short whist",
                event: str = "") -> Record:
    event = event or _book_name(path)
    rec = Record(kind=KIND, title=f"{event}, Hand {raw.title.split()[-1]}"
                 + (f": {raw.subtitle}" if raw.subtitle else ""),
                 source=path, line=raw.line, end_line=raw.end_line, text=raw.text)
    for p in raw.problems:
        rec.add(ERROR, "WHIST-UNREADABLE", p.text, p.line, p.column)
    for note in raw.notes:
        rec.add(INFO, "WHIST-TYPO", note.text, note.line, note.column)
    hands = {s: [t for t in raw.hands.get(s, []) if t.value] for s in SEATS}
    for seat in SEATS:
        if seat not in raw.hands:
            rec.add(ERROR, "WHIST-DEAL", f"{seat}'s hand is not printed", raw.line, 1)
    turnup = raw.turnup.value if raw.turnup else ""
    trump = turnup[0] if turnup else None
    score = _score_before(raw.score)
    if score is None:
        rec.add(WARNING, "WHIST-SCORE", f"cannot read the score {raw.score.text!r}; "
                "taken as love-all", raw.score.line, raw.score.column)
        score = {"AB": 0, "YZ": 0}
    if variant == "short whist" and max(score.values()) >= 5:
        variant = "long whist"       # a score of five or more is not a five-point game
    cards = {s: [t.value for t in hands[s]] for s in SEATS}
    tricks = _printed_orders(rec, raw, trump)
    outcome = _replay_or_repair(rec, raw, cards, trump, tricks)
    deal, result = outcome
    if len(tricks) == 12 and _sound(outcome, raw):
        outcome = _replay(cards, trump, tricks + [_forced_last(result)])
        deal, result = outcome
        _check_last_trick(rec, raw, result)
    if turnup and turnup not in set(cards["Z"]):
        rec.add(WARNING, "WHIST-TURNUP", f"the turn-up {card_text(turnup)} belongs to the dealer "
                f"Z but is not in Z's hand", raw.turnup.line, raw.turnup.column)
    _check_counts(rec, raw, result)
    _check_leaders(rec, raw, result)
    honours = scoring.honours_by_side(cards, SEATS, trump)
    claim = _claim(raw.result)
    _check_claim(rec, raw, claim, result, honours, score, variant)
    rec.plies = _plies(raw, tricks)
    rec.tags = {"Event": event, "Deal": raw.title, "Variant": variant, "Dealer": "Z",
                "Trumps": trump or "", "TurnUp": turnup, "Score": raw.score.text if raw.score else "",
                "Result": claim["text"] if claim else "", "_plies": len(rec.plies)}
    rec.data = {
        "type": "deal", "variant": variant, "seats": list(SEATS), "dealer": "Z", "leader": "A",
        "trump": trump, "turnup": turnup, "known_seat": raw.known_seat,
        "hands": {s: sort_cards(set(cards[s])) for s in SEATS},
        "hand_lines": raw.hand_lines,
        "score_before": score,
        "tricks": [{"number": k + 1, "leader": t.leader, "cards": list(t.order),
                    "winner": t.winner, "count": result.running[k] if k < len(result.running) else {}}
                   for k, t in enumerate(result.tricks)],
        "honours": honours,
        "claim": claim,
        "points": (scoring.whist_deal_points(variant, result.won_by_side, honours, score)
                   if result.complete else None),
        "tricks_printed": len(raw.tricks),
        "tricks_played": len(result.tricks),
    }
    if claim and claim["by_cards"] is not None and _sound(outcome, raw) and not result.complete:
        _note_best_play(rec, raw, claim, result, trump)
    rec.normal = pbn_text(rec)
    return rec


def _replay_or_repair(rec, raw, cards, trump, tricks):
    """Replay as printed; if that fails, apply the one edit that makes it replay, if there
    is exactly one (a named repair), else report every problem with the candidates."""
    outcome = _replay(cards, trump, tricks)
    if _sound(outcome, raw):
        return outcome
    edits = _repairs(raw, cards, trump, tricks, outcome)
    if len(edits) != 1:
        _report_play(rec, raw, outcome, edits)
        return outcome
    _apply(edits[0], cards, tricks)
    _report_repair(rec, raw, edits[0], outcome)
    return _replay(cards, trump, tricks)


def _printed_orders(rec, raw, trump) -> list[list[str]]:
    """Each trick's cards from its leader: the marked seat, or when the mark is missing
    the winner of the trick before (the cards are printed in table order)."""
    from records.cards.tricks import trick_winner
    orders, leader = [], "A"
    for trick in raw.tricks:
        lead = trick.leader if trick.leader in trick.seats else leader
        if trick.leader not in trick.seats:
            trick.leader = lead
            rec.add(INFO, "WHIST-LEAD-MARK", f"trick {trick.number.text} has no lead mark; "
                    f"{lead} has the lead", trick.number.line, trick.number.column)
        i = trick.seats.index(lead) if lead in trick.seats else 0
        printed = [c.value for c in trick.cards]
        order = printed[i:] + printed[:i]
        orders.append(order)
        if all(order) and len(order) == 4 and lead in SEATS:
            leader = trick_winner(order, SEATS.index(lead), SEATS, trump)
    return orders


def _book_name(path: str) -> str:
    """"../cavendish_on_whist_pg51039.txt" -> "cavendish on whist pg51039"."""
    import os
    stem = os.path.splitext(os.path.basename(path))[0] or "book"
    return stem.replace("_", " ")


def _forced_last(result) -> list[str]:
    """After twelve tricks each hand holds one card: the thirteenth trick plays itself."""
    leader = result.next_leader
    seats = result.deal.seats
    start = seats.index(leader)
    played = set(result.played())
    order = []
    for k in range(4):
        seat = seats[(start + k) % 4]
        left = sorted(result.deal.hands[seat] - played)
        order.append(left[0] if len(left) == 1 else "")
    return order


def _check_last_trick(rec, raw, result) -> None:
    """"TRICK 13.--A makes the king of diamonds": that card wins the forced last trick."""
    tok = raw.last_trick
    if tok is None or len(result.tricks) < 13:
        return
    last = result.tricks[12]
    if last.winner != tok.text or last.cards.get(tok.text) != tok.value:
        rec.add(WARNING, "WHIST-RESULT", f"the text says {tok.text} makes the "
                f"{card_text(tok.value) if tok.value else '?'} at trick 13, but the last cards "
                f"are {', '.join(f'{s} {card_text(c)}' for s, c in last.cards.items())} and "
                f"{last.winner} wins", tok.line, tok.column)


def _seat_of(trick: book.RawTrick, index_from_leader: int) -> int:
    """The printed position (0-3) of the card played index_from_leader-th in the trick."""
    i = trick.seats.index(trick.leader) if trick.leader in trick.seats else 0
    return (i + index_from_leader) % 4


def _replay(cards: dict, trump, tricks):
    hands = {s: (frozenset(c) if c else None) for s, c in cards.items()}
    deal = Deal(SEATS, hands, dealer="Z", trump=trump)
    return deal, play(deal, tricks)


def _sound(outcome, raw) -> bool:
    deal, result = outcome
    if deal.problems or result.errors or result.revokes:
        return False
    return _count_errors(raw, result) == 0 and _leader_errors(raw, result) == 0


def _count_errors(raw, result) -> int:
    bad = 0
    for k, trick in enumerate(raw.tricks):
        if k < len(result.running):
            printed = {s: int(t.text) for s, t in trick.count.items() if t.text.isdigit()}
            bad += printed != result.running[k]
    return bad


def _leader_errors(raw, result) -> int:
    return sum(1 for k, trick in enumerate(raw.tricks) if k < len(result.tricks)
               and trick.leader != result.tricks[k].leader)


# -- repairs: exactly one small edit that makes the whole deal replay ---------------------
def _repairs(raw, cards, trump, tricks, outcome) -> list[dict]:
    deal, result = outcome
    if len(tricks) > 13 or any(len(cards[s]) > 13 for s in SEATS):
        return []  # more than one edit away from a deal: each trial would replay for nothing
    edits: list[dict] = []
    owners = Counter(c for s in SEATS for c in cards[s])
    missing = sort_cards(DECK - set(owners))
    doubled = [c for c, n in owners.items() if n > 1]
    for card in doubled:                     # a hand card misprinted as one already dealt
        for seat in SEATS:
            if card in cards[seat]:
                for new in missing:
                    edits.append({"kind": "hand", "seat": seat, "old": card, "new": new})
    for seat in SEATS:                       # a card dropped from, or doubled into, a hand
        if len(cards[seat]) == 12:
            edits += [{"kind": "add", "seat": seat, "old": "", "new": new} for new in missing]
    for err in result.errors:                # a trick card its player cannot have played
        if err.code in ("CARD-NOT-HELD", "CARD-TWICE") and err.trick:
            for new in sort_cards(set(cards[err.seat])):
                edits.append({"kind": "trick", "trick": err.trick, "index": err.index,
                              "seat": err.seat, "old": err.card, "new": new})
    good = []
    for edit in edits:
        trial_cards = {s: list(c) for s, c in cards.items()}
        trial_tricks = [list(t) for t in tricks]
        _apply(edit, trial_cards, trial_tricks)
        if _sound(_replay(trial_cards, trump, trial_tricks), raw):
            good.append(edit)
    return good


def _apply(edit, cards, tricks) -> None:
    if edit["kind"] == "add":
        cards[edit["seat"]].append(edit["new"])
    elif edit["kind"] == "hand":
        hand = cards[edit["seat"]]
        hand[hand.index(edit["old"])] = edit["new"]
    else:
        tricks[edit["trick"] - 1][edit["index"]] = edit["new"]


def _token_of(raw, edit):
    if edit["kind"] == "add":
        row = [t for t in raw.hands[edit["seat"]] if t.value[0] == edit["new"][0]]
        return row[-1] if row else book.Token("", raw.hand_lines.get(edit["seat"], raw.line), 1)
    if edit["kind"] == "hand":
        return next(t for t in raw.hands[edit["seat"]] if t.value == edit["old"])
    trick = raw.tricks[edit["trick"] - 1]
    return trick.cards[_seat_of(trick, edit["index"])]


def _report_repair(rec, raw, edit, outcome) -> None:
    tok = _token_of(raw, edit)
    old, new = card_text(edit["old"]) if edit["old"] else "", card_text(edit["new"])
    if edit["kind"] == "add":
        played = _played_at(outcome[1], edit["new"])
        rec.add(WARNING, "WHIST-DEAL-REPAIRED",
                f"{edit['seat']}'s hand is printed with 12 cards and {new} is in no hand; "
                + (f"{edit['seat']} plays the {new} at trick {played}" if played else
                   "it is the one card the deal lacks") +
                f", so it is added to {edit['seat']}'s hand", tok.line, tok.column,
                suggestion=f"add {new} to {edit['seat']}'s hand", repair=True)
    elif edit["kind"] == "hand":
        other = [s for s in SEATS if s != edit["seat"] and edit["old"] in
                 {t.value for t in raw.hands[s]}]
        played = _played_at(outcome[1], edit["new"])
        why = f"; {edit['seat']} plays the {new} at trick {played}" if played else ""
        holders = " and ".join(f"{s}'s" for s in sorted(other + [edit["seat"]], key=SEATS.index))
        rec.add(WARNING, "WHIST-DEAL-REPAIRED",
                f"{old} is printed in both {holders} hands and {new} in none{why}, so "
                f"{edit['seat']}'s {old} is read as the {new}",
                tok.line, tok.column, suggestion=f"read {edit['seat']}'s \"{tok.text}\" as {new}",
                repair=True)
    else:
        rec.add(WARNING, "WHIST-CARD-REPAIRED",
                f"{edit['seat']} cannot play {old} at trick {edit['trick']}; {new} is the only "
                f"card that makes the deal replay", tok.line, tok.column,
                suggestion=f"read {tok.text} as {new}", repair=True)


def _played_at(result, card) -> int:
    return next((t.number for t in result.tricks if card in t.order), 0)


def _report_play(rec, raw, outcome, candidates) -> None:
    deal, result = outcome
    for p in deal.problems:
        tok = _deal_token(raw, p)
        rec.add(ERROR, "WHIST-DEAL", p.message, tok.line if tok else raw.line,
                tok.column if tok else 0)
    for err in result.errors:
        tok = None
        if err.trick and err.trick <= len(raw.tricks) and err.index >= 0:
            trick = raw.tricks[err.trick - 1]
            tok = trick.cards[_seat_of(trick, err.index)]
        options = [c for c in candidates if c.get("trick") == err.trick]
        suggestion = ""
        if options:
            names = ", ".join(card_text(c["new"]) for c in options)
            suggestion = f"{len(options)} cards make the deal replay: {names}"
        message = err.message
        if err.code == "CARD-NOT-HELD":
            owner = next((s for s in SEATS if err.card in (deal.hands.get(s) or ())), None)
            if owner:
                message += f" (the deal gives it to {owner})"
        rec.add(ERROR, f"WHIST-{err.code}", message, tok.line if tok else raw.line,
                tok.column if tok else 0, suggestion=suggestion)
    for rv in result.revokes:
        trick = raw.tricks[rv.trick - 1] if rv.trick <= len(raw.tricks) else None
        tok = trick.cards[trick.seats.index(rv.seat)] if trick and rv.seat in trick.seats else None
        rec.add(WARNING, "WHIST-REVOKE", rv.message, tok.line if tok else raw.line,
                tok.column if tok else 0)


def _deal_token(raw, problem):
    if problem.card:
        for tok in raw.hands.get(problem.seat, []):
            if tok.value == problem.card:
                return tok
    return None


def _check_counts(rec, raw, result) -> None:
    for k, trick in enumerate(raw.tricks):
        if k >= len(result.running):
            break
        for side, tok in trick.count.items():
            actual = result.running[k].get(side)
            if actual is not None and tok.text.isdigit() and int(tok.text) != actual:
                rec.add(WARNING, "WHIST-COUNT", f"after trick {k + 1} the count reads {side} "
                        f"{tok.text} but {side} have won {actual}", tok.line, tok.column)


def _check_leaders(rec, raw, result) -> None:
    for k, trick in enumerate(raw.tricks):
        if k < len(result.tricks) and trick.leader != result.tricks[k].leader:
            tok = trick.number
            rec.add(ERROR, "WHIST-LEADER", f"trick {k + 1} is marked as led by {trick.leader} "
                    f"but {result.tricks[k].leader} has the lead", tok.line, tok.column)


def _check_claim(rec, raw, claim, result, honours, score, variant) -> None:
    """The closing claim must be reachable from the tricks printed, and its honours right."""
    if not claim:
        return
    tok = raw.result
    side = claim["side"]
    other = "YZ" if side == "AB" else "AB"
    played = len([t for t in result.tricks if t.winner])
    won = result.running[played - 1] if played else {side: 0, other: 0}
    rest = 13 - played
    low, high = won[side], won[side] + rest
    if claim["by_cards"] is not None:
        total = 6 + claim["by_cards"]
        if not low <= total <= high:
            rec.add(WARNING, "WHIST-RESULT", f"{side} cannot make {claim['by_cards']} by cards: "
                    f"they have {low} tricks after trick {played} and {rest} remain",
                    tok.line, tok.column)
    points = scoring.whist_honour_points(variant, honours, score)
    if claim["honours"] is not None and claim["honours"] != points.get(side):
        held = honours.get(side, 0)
        rec.add(WARNING, "WHIST-HONOURS", f"{side} claim {claim['honours']} by honours but hold "
                f"{held} honours, worth {points.get(side, 0)} at {score[side]}",
                tok.line, tok.column)
    if claim["game"]:
        game = scoring.whist_rules(variant)["game"]
        best = score[side] + max(0, high - 6) + points.get(side, 0)
        if best < game:
            rec.add(WARNING, "WHIST-RESULT", f"{side} cannot reach {game} from {score[side]}: "
                    f"at most {max(0, high - 6)} by cards and {points.get(side, 0)} by honours",
                    tok.line, tok.column)


def _note_best_play(rec, raw, claim, result, trump) -> None:
    """When a few cards are left, compare the claim with what best play from there gives."""
    if any(result.deal.hands.get(s) is None for s in SEATS):
        return  # a hand the text does not give in full: no best play to compare with
    played = set(result.played())
    hands = {s: [c for c in result.deal.hands[s] if c not in played] for s in SEATS}
    if not 0 < len(hands["A"]) <= 4 or len({len(h) for h in hands.values()}) != 1:
        return
    best = best_play(hands, trump, result.next_leader)
    side = claim["side"]
    final = result.won_by_side[side] + best[side]
    rec.data["best_play_rest"] = best
    if final != 6 + claim["by_cards"]:
        tok = raw.result
        rec.add(INFO, "WHIST-BEST-PLAY", f"with best play from trick {len(result.tricks) + 1} "
                f"{side} take {final} tricks; the text says {6 + claim['by_cards']}",
                tok.line, tok.column)


def _plies(raw, tricks) -> list[Ply]:
    plies = []
    for k, trick in enumerate(raw.tricks):
        for i, card in enumerate(tricks[k]):
            tok = trick.cards[_seat_of(trick, i)]
            plies.append(Ply(len(plies) + 1, tok.text, card, tok.line, tok.column))
    return plies


# =============================================================================== hands
def hand_record(raw: book.RawHand, path: str) -> Record:
    cards = [t.value for t in raw.cards]
    rec = Record(kind=KIND, title=f"Hand: {raw.text.rstrip('.')}", source=path, line=raw.line,
                 end_line=max(t.line for t in raw.cards) if raw.cards else raw.line,
                 text=raw.text)
    seen: dict[str, book.Token] = {}
    for tok in raw.cards:
        if tok.value in seen:
            rec.add(ERROR, "WHIST-HAND-REPEAT", f"{card_text(tok.value)} is printed twice",
                    tok.line, tok.column)
        seen[tok.value] = tok
    if len(cards) != 13:
        rec.add(WARNING, "WHIST-HAND-SIZE", f"the hand has {len(cards)} cards, not 13",
                raw.line, raw.cards[0].column if raw.cards else 0)
    hand = frozenset(cards)
    lengths = {s: sum(1 for c in hand if c[0] == s) for s in "SHDC"}
    rec.plies = [Ply(i + 1, t.text, t.value, t.line, t.column) for i, t in enumerate(raw.cards)]
    rec.tags = {"Event": _book_name(path), "Variant": "bridge", "Hand": hand_text(hand),
                "_plies": len(cards)}
    rec.data = {"type": "hand", "variant": "bridge", "hands": {"hand": sort_cards(hand)},
                "lengths": lengths,
                "honours": {s: sum(1 for c in hand if c[0] == s and c[1] in "AKQJT")
                            for s in "SHDC"}}
    rec.normal = hand_text(hand)
    return rec


# =============================================================================== endings
def ending_record(raw: book.RawEnding, path: str) -> Record:
    """An end position: each given hand must hold the same number of cards, none twice."""
    where = raw.title or f"ending at line {raw.line}"
    rec = Record(kind=KIND, title=f"{_book_name(path)}, {where}", source=path, line=raw.line,
                 end_line=raw.end_line, text=raw.text)
    for p in raw.problems:
        rec.add(ERROR, "WHIST-UNREADABLE", p.text, p.line, p.column)
    seen: dict[str, str] = {}
    for seat in SEATS:
        for tok in raw.hands.get(seat, []):
            if tok.value in seen:
                rec.add(ERROR, "WHIST-DEAL", f"{card_text(tok.value)} is in both {seen[tok.value]}'s "
                        f"and {seat}'s hands", tok.line, tok.column)
            seen.setdefault(tok.value, seat)
    sizes = {s: len(raw.hands.get(s, [])) for s in SEATS if raw.hands.get(s)}
    if len(set(sizes.values())) > 1:
        usual = Counter(sizes.values()).most_common(1)[0][0]
        for seat, n in sizes.items():
            if n != usual:
                tok = raw.hands[seat][0]
                rec.add(WARNING, "WHIST-DEAL", f"{seat} holds {n} cards, the others {usual}",
                        tok.line, tok.column)
    trump = raw.trumps.value if raw.trumps else None
    leader = raw.leader.text if raw.leader else None
    hands = {s: sort_cards(t.value for t in raw.hands.get(s, [])) for s in SEATS}
    rec.plies = [Ply(i + 1, t.text, t.value, t.line, t.column)
                 for i, t in enumerate(t for s in SEATS for t in raw.hands.get(s, []))]
    rec.tags = {"Event": _book_name(path), "Variant": "whist", "Trumps": trump or "",
                "Leader": leader or "", "_plies": len(rec.plies)}
    rec.data = {"type": "ending", "variant": "whist", "seats": list(SEATS), "hands": hands,
                "trump": trump, "leader": leader, "cards_each": max(sizes.values(), default=0)}
    rec.normal = " ".join(f"{s}:{hand_text(frozenset(hands[s])) if hands[s] else '-'}"
                          for s in SEATS)
    full = all(hands[s] for s in SEATS) and len(set(sizes.values())) == 1 and \
        len(seen) == sum(sizes.values())
    if full and leader and rec.data["cards_each"] <= 4:
        rec.data["best_play"] = best_play(hands, trump, leader)
    return rec


def best_play(hands: dict, trump: str | None, leader: str) -> dict:
    """Tricks each side takes from a small end position with every card seen and best play
    by both sides (minimax over the legal cards, card by card)."""
    from functools import lru_cache

    from records.cards.tricks import trick_winner

    ours = ("A", "B")

    @lru_cache(maxsize=None)
    def solve(state: tuple, lead: str) -> int:
        """AB's tricks from a trick boundary (memoised: few card sets recur)."""
        if not state[SEATS.index(lead)]:
            return 0
        return play_trick(state, lead, ())

    def play_trick(state: tuple, lead: str, trick: tuple, low: int = -1, high: int = 14) -> int:
        """Minimax over the cards of one trick, cut off once a bound is reached."""
        start = SEATS.index(lead)
        if len(trick) == 4:
            winner = trick_winner(trick, start, SEATS, trump)
            return (winner in ours) + solve(state, winner)
        seat_i = (start + len(trick)) % 4
        held = state[seat_i]
        follow = [c for c in held if trick and c[0] == trick[0][0]]
        maximise = SEATS[seat_i] in ours
        best = -1 if maximise else 14
        for card in follow or held:
            rest = state[:seat_i] + (held - {card},) + state[seat_i + 1:]
            value = play_trick(rest, lead, trick + (card,), low, high)
            if maximise:
                best = max(best, value)
                low = max(low, best)
            else:
                best = min(best, value)
                high = min(high, best)
            if low >= high:
                break
        return best

    state = tuple(frozenset(hands[s]) for s in SEATS)
    ab = solve(state, leader)
    return {"AB": ab, "YZ": len(hands[leader]) - ab}


# =============================================================================== score pads
def pad_record(raw: book.RawPad, path: str) -> Record:
    rec = Record(kind=KIND, title=f"Foster's {raw.style}-line bridge score pad"
                 + (f" ({' v '.join(raw.players)})" if raw.players else ""),
                 source=path, line=raw.line, end_line=raw.end_line, text=raw.text)
    sides = [s.upper() for s in raw.sides] or ["WE", "THEY"]
    pad = _read_two_line(raw, rec, sides) if raw.style == 2 else _read_four_line(raw, rec, sides)
    if pad:
        _check_pad(rec, pad, sides)
        rec.data = {"type": "score pad", "variant": "bridge", "style": raw.style,
                    "players": raw.players, "sides": sides,
                    **{k: v for k, v in pad.items() if k != "tokens"}}
        rec.tags = {"Variant": "bridge", "Players": " - ".join(raw.players),
                    "Result": f"{pad.get('winner') or '?'} win the rubber by "
                              f"{pad['printed'].get('difference', '?')}"}
        rec.normal = json.dumps({k: v for k, v in rec.data.items()}, ensure_ascii=False)
    return rec


def _num(tok):
    return int(tok.text) if tok is not None else None


def _column(rows, k):
    return [(r[k], _num(r[k])) for r in rows if k < len(r) and r[k] is not None]


def _read_two_line(raw, rec, sides) -> dict | None:
    """Honours above the line, tricks below, then the totals, for WE and THEY."""
    if len(raw.sections) < 3:
        rec.add(ERROR, "PAD-LAYOUT", "a two-line pad needs honour rows, trick rows and totals "
                f"(found {len(raw.sections)} groups of rows)", raw.line, 1)
        return None
    honours_rows, trick_rows, total_rows = raw.sections[0], raw.sections[1], raw.sections[-1]
    pad = {"honours": {}, "tricks": {}, "trick_rows": [], "printed": {}, "tokens": {}}
    for k, side in enumerate(sides):
        pad["honours"][side] = [n for _, n in _column(honours_rows, k)]
        pad["tricks"][side] = [n for _, n in _column(trick_rows, k)]
        pad["tokens"][("honours", side)] = [t for t, _ in _column(honours_rows, k)]
    pad["trick_rows"] = [[_num(c) for c in row] for row in trick_rows]
    summary = {side: _column(total_rows, k) for k, side in enumerate(sides)}
    _summary(pad, summary, sides, carried=False)
    return pad


def _read_four_line(raw, rec, sides) -> dict | None:
    """Tricks and honours columns per side; the last full row holds the column totals."""
    rows = [r for sec in raw.sections for r in sec]
    full = [i for i, r in enumerate(rows) if all(c is not None for c in r)]
    if not full:
        rec.add(ERROR, "PAD-LAYOUT", "no row of column totals (a row with all four columns "
                "filled)", raw.line, 1)
        return None
    cut = full[-1]
    items, totals, summary_rows = rows[:cut], rows[cut], rows[cut + 1:]
    pad = {"honours": {}, "tricks": {}, "trick_rows": [], "printed": {}, "tokens": {}}
    for k, side in enumerate(sides):
        pad["tricks"][side] = [n for _, n in _column(items, 2 * k)]
        pad["honours"][side] = [n for _, n in _column(items, 2 * k + 1)]
        pad["tokens"][("honours", side)] = [t for t, _ in _column(items, 2 * k + 1)]
        pad["printed"][f"{side} tricks"] = (_num(totals[2 * k]), totals[2 * k])
        pad["printed"][f"{side} honours"] = (_num(totals[2 * k + 1]), totals[2 * k + 1])
    pad["trick_rows"] = [[_num(r[0]), _num(r[2])] for r in items]
    summary = {side: _column(summary_rows, 2 * k) for k, side in enumerate(sides)}
    _summary(pad, summary, sides, carried=True)
    return pad


def _summary(pad, summary, sides, carried: bool) -> None:
    """Numbers under the columns: (carried honours,) side total, then under the winner's
    column the loser's total and the difference."""
    skip = 1 if carried else 0
    for side in sides:
        col = summary[side]
        if carried and col:
            pad["printed"][f"{side} carried"] = (col[0][1], col[0][0])
        if len(col) > skip:
            pad["printed"][f"{side} total"] = (col[skip][1], col[skip][0])
        if len(col) > skip + 2:
            pad["printed"]["loser total"] = (col[skip + 1][1], col[skip + 1][0])
            pad["printed"]["difference"] = (col[skip + 2][1], col[skip + 2][0])


def _games(trick_rows, sides) -> list[dict]:
    """Games as the trick column shows them: a game ends when a side reaches 30 (002:1702)."""
    game = scoring.bridge_rules()["game"]
    games, running = [], {s: 0 for s in sides}
    for row in trick_rows:
        for k, side in enumerate(sides):
            if k < len(row) and row[k]:
                running[side] += row[k]
                if running[side] >= game:
                    games.append({"winner": side, "score": dict(running)})
                    running = {s: 0 for s in sides}
    return games


def _check_pad(rec, pad, sides) -> None:
    rule = scoring.bridge_rules()
    bonus = rule["rubber_bonus"]
    games = _games(pad["trick_rows"], sides)
    wins = Counter(g["winner"] for g in games)
    winner = next((s for s in sides if wins[s] >= 2), None)
    pad["games"] = games
    pad["winner"] = winner
    if winner is None:
        rec.add(WARNING, "PAD-RUBBER", f"no side won two games: games went "
                f"{', '.join(g['winner'] for g in games) or 'nowhere'}", rec.line, 1)
    elif len(games) > 3 or (len(games) == 3 and games[0]["winner"] == games[1]["winner"]):
        rec.add(WARNING, "PAD-RUBBER", f"{len(games)} games scored; a rubber ends when a side "
                "has won two", rec.line, 1)
    printed = pad["printed"]
    honours = {s: list(pad["honours"][s]) for s in sides}
    # two-line pads put the rubber's 100 at the head of the winner's honours (002:1803)
    bonus_side = None
    for side in sides:
        tokens = pad["tokens"][("honours", side)]
        if honours[side] and honours[side][0] == bonus and "carried" not in "".join(printed):
            bonus_side = side
            honours[side] = honours[side][1:]
            pad["tokens"][("honours", side)] = tokens[1:]
    if "WE carried" in printed or f"{sides[0]} carried" in printed:
        bonus_side = next((s for s in sides if printed.get(f"{s} carried", (0,))[0] is not None
                           and printed[f"{s} carried"][0] == sum(honours[s]) + bonus), None)
    pad["rubber_bonus_to"] = bonus_side
    pad["honours"] = honours          # the honours scored, without the rubber bonus
    if winner and bonus_side != winner:
        rec.add(WARNING, "PAD-BONUS", f"the rubber bonus of {bonus} should go to {winner}, who "
                f"won {wins[winner]} games" + (f", not to {bonus_side}" if bonus_side else
                                                 ", but no side has it"), rec.line, 1)
    possible_honours = scoring.possible_honour_scores()
    possible_tricks = scoring.possible_trick_scores()
    for side in sides:
        for tok, value in zip(pad["tokens"][("honours", side)], honours[side]):
            if value not in possible_honours:
                rec.add(WARNING, "PAD-ITEM", f"{value} is not an honour score any deal can give "
                        f"(bridge honour table, 002:1724-1739)", tok.line, tok.column)
        for value in pad["tricks"][side]:
            if value not in possible_tricks:
                rec.add(WARNING, "PAD-ITEM", f"{value} in {side}'s tricks is not a trick score "
                        f"any deal can give", rec.line, 1)
    sums = {s: {"tricks": sum(pad["tricks"][s]), "honours": sum(honours[s])} for s in sides}
    for side in sides:
        for what in ("tricks", "honours"):
            _agree(rec, printed, f"{side} {what}", sums[side][what],
                   f"{side}'s {what} column adds up to {sums[side][what]}")
    totals = {}
    for side in sides:
        carried = sums[side]["honours"] + (bonus if bonus_side == side else 0)
        _agree(rec, printed, f"{side} carried", carried,
               f"{side}'s honours{' with the rubber bonus' if bonus_side == side else ''} "
               f"come to {carried}")
        totals[side] = sums[side]["tricks"] + carried
        _agree(rec, printed, f"{side} total", totals[side], f"{side}'s total is {totals[side]}")
    high, low = sorted(sides, key=totals.get, reverse=True)
    _agree(rec, printed, "loser total", totals[low], f"the lower total is {totals[low]}")
    _agree(rec, printed, "difference", totals[high] - totals[low],
           f"the rubber is worth {totals[high]} - {totals[low]} = {totals[high] - totals[low]}")
    pad["totals"] = totals
    pad["value"] = totals[high] - totals[low]
    pad["printed"] = {k: v[0] for k, v in printed.items()}


def _agree(rec, printed, key, actual, why) -> None:
    if key not in printed:
        return
    value, tok = printed[key]
    if value != actual:
        rec.add(WARNING, "PAD-SUM", f"{key} is printed as {value} but {why}",
                tok.line, tok.column, suggestion=f"{actual}")


def _compare_pads(pads: list[Record]) -> None:
    """Pads printed together for the same rubber must hold the same entries (002:1801)."""
    done = [p for p in pads if p.data.get("type") == "score pad"]
    for a, b in zip(done, done[1:]):
        if a.data.get("players") != b.data.get("players") or abs(a.line - b.line) > 80:
            continue
        differ = False
        for side in a.data["sides"]:
            for what in ("tricks", "honours"):
                x = sorted(a.data[what].get(side, []))
                y = sorted(b.data[what].get(side, []))
                if x != y:
                    differ = True
                    b.add(WARNING, "PAD-DIFFERS", f"{side}'s {what} differ from the pad at line "
                          f"{a.line}: {x} against {y}", b.line, 1)
        if not differ:
            b.add(INFO, "PAD-SAME", f"the entries agree with the pad at line {a.line}", b.line, 1)


# =============================================================================== showing
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
        return "\n".join([head] + [_hand_lines(s, d["hands"][s]) for s in SEATS])
    if kind == "score pad":
        return _render_pad(record)
    return record.text


def _hand_lines(seat: str, cards) -> str:
    rows = [f"{SUIT_NAMES[s][:1].upper()} " + (" ".join(suit_holding(cards, s)).replace("T", "10")
                                                or "-") for s in "SHDC"]
    return (f"{seat}: " if seat else "") + "  ".join(rows)


def _render_deal(record: Record, ply: int | None) -> str:
    data = record.data
    tricks = data["tricks"]
    shown = sum(len(t["cards"]) for t in tricks) if ply is None else max(0, ply)
    played: set[str] = set()
    lines = [record.title, f"trumps {SUIT_NAMES.get(data['trump'] or '', 'none')} "
             f"(turn-up {card_text(data['turnup']) if data['turnup'] else '?'}), dealer Z, "
             f"score {record.tags.get('Score', '')}"]
    out_tricks = []
    n = 0
    for t in tricks:
        cards = []
        seat_i = SEATS.index(t["leader"])
        for i, card in enumerate(t["cards"]):
            if n >= shown:
                break
            n += 1
            played.add(card)
            cards.append(f"{SEATS[(seat_i + i) % 4]} {card_text(card)}")
        if not cards:
            break
        done = len(cards) == 4
        won = f"  -> {t['winner']}  (AB {t['count'].get('AB')}, YZ {t['count'].get('YZ')})" \
            if done and t["winner"] else ""
        out_tricks.append(f"{t['number']:>2}. " + "  ".join(cards) + won)
    lines.append("as dealt:" if ply is None else f"after {shown} cards:")
    for seat in SEATS:
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
    places = {"A": (w / 2, h - 70), "Y": (40, h / 2), "B": (w / 2, 40), "Z": (w - 200, h / 2)}
    table = {"A": (w / 2, h / 2 + 40), "Y": (w / 2 - 70, h / 2), "B": (w / 2, h / 2 - 40),
             "Z": (w / 2 + 70, h / 2)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="14">',
           f'<rect width="{w}" height="{h}" fill="#2e6b3f"/>',
           f'<text x="10" y="20" fill="white">{_xml(record.title)}</text>']
    for seat, (x, y) in places.items():
        cards = [c for c in data["hands"][seat] if c not in played]
        out.append(f'<text x="{x - 60 if seat in "AB" else x}" y="{y}" fill="white" '
                   f'font-weight="bold">{seat}</text>')
        for k, suit in enumerate("SHDC"):
            ranks = " ".join(c[1] for c in cards if c[0] == suit).replace("T", "10") or "-"
            colour = "#ffb0b0" if suit in "HD" else "white"
            out.append(f'<text x="{x - 40 if seat in "AB" else x + 20}" y="{y + 18 * k - 20}" '
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
    for trick in data.get("tricks", []):
        on_table = {}
        start = SEATS.index(trick["leader"])
        for i, card in enumerate(trick["cards"]):
            if ply is not None and shown >= ply:
                return played, on_table
            shown += 1
            played.add(card)
            on_table[SEATS[(start + i) % 4]] = card
    return played, on_table


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# =============================================================================== export
EXPORT_FORMATS = ("pbn", "json", "text")


def export(records: list[Record], fmt: str) -> str:
    if fmt == "json":
        from records.core.tabular import export_json
        return export_json(records)
    if fmt == "pbn":
        games = [pbn_text(r) for r in records if r.data.get("type") in ("deal", "hand")]
        if records and not games:
            raise ValueError("only whist deals and hands export as PBN (endings and score pads: json, text)")
        return "% PBN 2.1\n% EXPORT\n" + "\n".join(g for g in games if g)
    if fmt == "text":
        return "\n\n".join(render_text(r) for r in records) + "\n"
    raise ValueError(f"whist records export as pbn, json or text, not {fmt!r}")


def pbn_text(record: Record) -> str:
    """A whist deal as PBN 2.1: A-Y-B-Z sit N-E-S-W (both clockwise; Z deals, A leads).

    PBN has no tag for whist's turned-up trump, so it goes in [Trumps] and [TurnUp] (PBN
    allows tags of one's own); the play is PBN's Play section. Written by the PBN module's
    strict writer (records/formats/pbn.py).
    """
    d = record.data
    if d.get("type") not in ("deal", "hand"):
        return ""
    try:
        from records.cards import pbn
    except ImportError:          # the PBN module is the bridge family's; without it, no PBN
        return ""
    if d["type"] == "hand":      # one known hand, the others unknown ("-")
        tags = {"Event": record.tags.get("Event", "?"), "Site": "?", "Date": "?",
                "Board": record.title, "Dealer": "N", "Vulnerable": "None"}
        proxy = Record(kind="bridge", title=record.title, tags=tags,
                       data={"hands": {"N": frozenset(d["hands"]["hand"])}})
        return pbn.write_record(proxy)
    tags = {"Event": record.tags.get("Event", "?"), "Site": "?", "Date": "?",
            "Board": record.tags.get("Deal", ""), "West": "Z", "North": "A", "East": "Y",
            "South": "B", "Dealer": "W", "Vulnerable": "None", "Scoring": d.get("variant", ""),
            "Declarer": "", "Contract": "", "Result": "", "Trumps": d.get("trump") or "",
            "TurnUp": d.get("turnup") or ""}
    hands = {PBN_SEAT[s]: frozenset(d["hands"][s]) for s in SEATS}
    play = [{"leader": PBN_SEAT[t["leader"]], "cards": t["cards"]} for t in d["tricks"]]
    proxy = Record(kind="bridge", title=record.title, tags=tags,
                   data={"hands": hands, "play": play})
    return pbn.write_record(proxy)


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
