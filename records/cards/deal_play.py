"""A whist or bridge deal printed in a book, replayed and checked: every printed card placed
and played through the trick engine, the running counts, leader marks, turn-up, the claims
beside the play; exactly one small edit that makes a misprinted deal replay is a named repair.

The deal comes as a RawDeal (records/cards/raw_deals.py) from any layout: its seats are the
book's own (A Y B Z, N E S W), clockwise, and its tricks are printed in seat order (each trick
names the seat of every printed card) or in playing order (the seats follow from who won the
trick before).
"""
from __future__ import annotations

import os
import re
from collections import Counter

from records.cards import raw_deals as book
from records.cards import whist_scoring as scoring
from records.cards.hand_diagrams import compass_of
from records.cards.pbn_whist import deal_title
from records.cards.tricks import DECK, Deal, card_text, play, play_by_seat, sort_cards, trick_winner
from records.cards.whist_display import pbn_text
from records.core.model import ERROR, INFO, WARNING, Ply, Record

KIND = "whist"
WORD_NUMBERS = {"love": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "the odd trick": 1, "odd": 1}

# =============================================================================== deals
def sides_of(seats) -> tuple[str, str]:
    """The two partnerships, named by their seats ("AB", "YZ"; "NS", "EW")."""
    return seats[0] + seats[2], seats[1] + seats[3]


def _score_before(token, sides=("AB", "YZ")) -> dict | None:
    """"Love-all", "Four-all", "AB, 2; YZ, Love" -> {"AB": 2, "YZ": 0}; None if unreadable."""
    text = token.text.lower().strip(" .") if token else "love-all"
    m = re.fullmatch(r"(\w+)-all", text)
    if m:
        n = _points(m.group(1))
        return None if n is None else {side: n for side in sides}
    found = re.findall(rf"({sides[0].lower()}|{sides[1].lower()}),?\s*(\w+)", text)
    out = {side.upper(): _points(value) for side, value in found}
    if set(out) != set(sides) or None in out.values():
        return None
    return out


def _points(word: str) -> int | None:
    return int(word) if word.isdigit() else WORD_NUMBERS.get(word)


def _claim(token, sides=("AB", "YZ")) -> dict | None:
    """"AB score two by cards and two by honours" -> side, by_cards, honours, game."""
    if token is None:
        return None
    text = token.text
    m = re.match(rf"({sides[0]}|{sides[1]})\s+(\w+)\s+(.*)", text)
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
                event: str = "", kind: str = KIND) -> Record:
    """The deal replayed and checked, as a record of this kind and variant."""
    event = event or _book_name(path)
    seats, sides = raw.seats, sides_of(raw.seats)
    dealer = raw.dealer or seats[(seats.index(raw.first_leader) - 1) % 4]
    rec = Record(kind=kind, title=deal_title(event, raw.title)
                 + (f": {raw.subtitle}" if raw.subtitle else ""),
                 source=path, line=raw.line, end_line=raw.end_line, text=raw.text)
    cards = _printed_hands(rec, raw)
    turnup = raw.turnup.value if raw.turnup else ""
    trump = turnup[0] if turnup else raw.trump
    score = _score_before(raw.score, sides)
    if score is None:
        rec.add(WARNING, "WHIST-SCORE", f"cannot read the score {raw.score.text!r}; "
                "taken as love-all", raw.score.line, raw.score.column)
        score = {side: 0 for side in sides}
    if variant == "short whist" and max(score.values()) >= 5:
        variant = "long whist"       # a score of five or more is not a five-point game
    tricks = _printed_orders(rec, raw, trump)
    outcome = _replay_or_repair(rec, raw, cards, trump, tricks)
    deal, result = outcome
    if len(tricks) == 12 and _sound(outcome, raw):
        outcome = _replay(cards, trump, tricks + [_forced_last(result, raw)], raw)
        deal, result = outcome
        _check_last_trick(rec, raw, result)
    _leaders_played(raw, result)
    if turnup and cards[dealer] and turnup not in set(cards[dealer]):
        rec.add(WARNING, "WHIST-TURNUP", f"the turn-up {card_text(turnup)} belongs to the dealer "
                f"{dealer} but is not in {dealer}'s hand", raw.turnup.line, raw.turnup.column)
    _check_counts(rec, raw, result)
    _check_leaders(rec, raw, result)
    honours = scoring.honours_by_side(cards, seats, trump)
    claim = _claim(raw.result, sides)
    _check_claim(rec, raw, claim, result, honours, score, variant)
    rec.plies = _plies(raw, tricks)
    rec.tags = {"Event": event, "Deal": raw.title, "Variant": variant, "Dealer": dealer,
                "Trumps": trump or "", "TurnUp": turnup, "Score": raw.score.text if raw.score else "",
                "Result": claim["text"] if claim else "", "_plies": len(rec.plies)}
    rec.data = _deal_data(raw, variant, dealer, trump, turnup, cards, score, result, honours,
                          claim)
    rec.data["points"] = _points_scored(variant, result, honours, score) if kind == KIND else None
    if claim and claim["by_cards"] is not None and _sound(outcome, raw) and not result.complete:
        _note_best_play(rec, raw, claim, result, trump)
    rec.normal = pbn_text(rec)
    return rec


def _printed_hands(rec: Record, raw: book.RawDeal) -> dict:
    """The cards of each seat's printed hand; what could not be read is an error."""
    for p in raw.problems:
        rec.add(ERROR, "WHIST-UNREADABLE", p.text, p.line, p.column)
    for note in raw.notes:
        rec.add(INFO, "WHIST-TYPO", note.text, note.line, note.column)
    for said in raw.said:
        rec.add(*said)
    for tok in raw.ocr:
        rec.add(WARNING, "WHIST-OCR", f"\"{tok.text}\" in a hand read as \"{tok.value}\" (a known "
                "OCR confusion)", tok.line, tok.column, repair=True)
    for seat in raw.seats:
        if seat not in raw.hands:
            rec.add(ERROR, "WHIST-DEAL", f"{seat}'s hand is not printed", raw.line, 1)
    return {s: [t.value for t in raw.hands.get(s, []) if t.value] for s in raw.seats}


def _deal_data(raw, variant, dealer, trump, turnup, cards, score, result, honours, claim) -> dict:
    return {
        "type": "deal", "variant": variant, "seats": list(raw.seats), "dealer": dealer,
        "leader": raw.first_leader,
        "trump": trump, "turnup": turnup, "known_seat": raw.known_seat,
        "hands": {s: sort_cards(set(cards[s])) for s in raw.seats},
        "hand_lines": raw.hand_lines,
        "score_before": score,
        "tricks": [{"number": k + 1, "leader": t.leader, "cards": list(t.order),
                    "winner": t.winner, "count": result.running[k] if k < len(result.running) else {}}
                   for k, t in enumerate(result.tricks)],
        "honours": honours,
        "claim": claim,
        "tricks_printed": len(raw.tricks),
        "tricks_played": len(result.tricks),
        **({"compass": compass_of(raw.seats, raw.top)} if raw.top else {}),
    }


def plays_through(raw: book.RawDeal, cards: dict, trump, orders: list) -> bool:
    """Do these hands play these tricks (in playing order) soundly under this trump?"""
    return _sound(_replay(cards, trump, orders, raw), raw)


def replay_marked(raw: book.RawDeal, meaning: str) -> tuple[int, int, tuple]:
    """How far the deal replays with its marks read as the leader's or the winner's (each
    trick's leader and mark set by the caller): (cards played soundly from the first, cards
    printed, the play as each trick's leader and cards). A trick is unsound where a card cannot
    be played, the printed count differs, or its mark is not on the seat that leads (or wins)."""
    cards = {s: [t.value for t in raw.hands.get(s, []) if t.value] for s in raw.seats}
    turnup = raw.turnup.value if raw.turnup else ""
    trump = turnup[0] if turnup else raw.trump
    scratch = Record(kind=KIND, title="", source="", line=raw.line)
    tricks = _printed_orders(scratch, raw, trump)
    _, result = _replay(cards, trump, tricks, raw)
    bad = [e.trick for e in result.errors if e.trick] + [r.trick for r in result.revokes]
    for k, trick in enumerate(raw.tricks):
        if k >= len(result.tricks):
            bad.append(k + 1)
            break
        played = result.tricks[k]
        if trick.count and {s: int(t.text) for s, t in trick.count.items() if t.text.isdigit()} \
                != result.running[k]:
            bad.append(k + 1)
        if trick.marked is not None and trick.marked < len(trick.seats):
            due = played.leader if meaning == "leader" else played.winner
            if trick.seats[trick.marked] != due:
                bad.append(k + 1)
    total = sum(len(t.cards) for t in raw.tricks)
    first = min(bad, default=0)
    play = tuple((t.leader, tuple(t.order)) for t in result.tricks)
    return (4 * (first - 1) if first else total), total, play


def _points_scored(variant: str, result, honours: dict, score: dict) -> dict | None:
    """The points a whist deal scores, in a variant whose scoring the rules know."""
    if not result.complete:
        return None
    try:
        return scoring.whist_deal_points(variant, result.won_by_side, honours, score)
    except ValueError:           # solo whist, hearts: scored by their own rules, not here
        return None


def _replay_or_repair(rec, raw, cards, trump, tricks):
    """Replay as printed; if that fails, apply the one edit that makes it replay, if there
    is exactly one (a named repair), else report every problem with the candidates."""
    outcome = _replay(cards, trump, tricks, raw)
    if _sound(outcome, raw):
        return outcome
    edits = _repairs(raw, cards, trump, tricks, outcome)
    if len(edits) != 1:
        _report_play(rec, raw, outcome, edits)
        return outcome
    _apply(edits[0], cards, tricks)
    _report_repair(rec, raw, edits[0], outcome)
    return _replay(cards, trump, tricks, raw)


def _printed_orders(rec, raw, trump) -> list[list[str]]:
    """Each trick's cards from its leader: the marked seat, or when no mark is printed the
    winner of the trick before. A trick printed in playing order (no seats) is taken as it
    stands, and its seats follow from its leader."""
    seats = raw.seats
    if raw.seat_rows:                # the engine finds each leader (play_by_seat)
        for trick in raw.tricks:
            trick.seats = list(raw.seat_rows)
        return [[c.value for c in trick.cards] for trick in raw.tricks]
    orders, leader = [], raw.first_leader
    for number, trick in enumerate(raw.tricks, 1):
        leader = raw.leaders_given.get(number, leader)
        if not trick.seats and leader in seats:
            k = seats.index(leader)
            trick.seats = list(seats[k:] + seats[:k])[:len(trick.cards)]
            trick.leader = leader
        lead = trick.leader if trick.leader in trick.seats else leader
        if trick.leader not in trick.seats:
            trick.leader = lead
            if raw.leaders_printed:
                rec.add(INFO, "WHIST-LEAD-MARK", f"trick {trick.number.text} has no lead mark; "
                        f"{lead} has the lead", trick.number.line, trick.number.column)
        i = trick.seats.index(lead) if lead in trick.seats else 0
        printed = [c.value for c in trick.cards]
        order = printed[i:] + printed[:i]
        orders.append(order)
        if all(order) and len(order) == 4 and lead in seats:
            leader = trick_winner(order, seats.index(lead), seats, trump)
    return orders


def _book_name(path: str) -> str:
    """"../some_book_pg123.txt" -> "some book pg123"."""
    stem = os.path.splitext(os.path.basename(path))[0] or "book"
    return stem.replace("_", " ")


def _leaders_played(raw, result) -> None:
    """A table in seat order marks no leaders: each trick's leader is the one its play gives."""
    if raw.seat_rows:
        for trick, played in zip(raw.tricks, result.tricks):
            trick.leader = played.leader


def _forced_last(result, raw) -> list[str]:
    """After twelve tricks each hand holds one card: the thirteenth trick plays itself (in
    seat order when the table prints its tricks so)."""
    if raw.seat_rows:
        played = set(result.played())
        left = {s: sorted(result.deal.hands[s] - played) for s in raw.seat_rows}
        return [left[s][0] if len(left[s]) == 1 else "" for s in raw.seat_rows]
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


def _printed_card(trick: book.RawTrick, index_from_leader: int):
    """The printed token of the card played index_from_leader-th, or None where the printed
    trick is short of it (a trick cut short or misread)."""
    seat = _seat_of(trick, index_from_leader)
    return trick.cards[seat] if seat < len(trick.cards) else None


def _replay(cards: dict, trump, tricks, raw):
    hands = {s: (frozenset(c) if c else None) for s, c in cards.items()}
    seats = raw.seats
    dealer = raw.dealer or seats[(seats.index(raw.first_leader) - 1) % 4]
    deal = Deal(seats, hands, dealer=dealer, trump=trump, leader=raw.first_leader)
    if raw.seat_rows:
        return deal, play_by_seat(deal, tricks, first=raw.seat_rows[0], leaders=raw.leaders_given)
    return deal, play(deal, tricks, leaders=raw.leaders_given)


def _sound(outcome, raw) -> bool:
    deal, result = outcome
    if deal.problems or result.errors or result.revokes:
        return False
    return _count_errors(raw, result) == 0 and _leader_errors(raw, result) == 0


def _count_errors(raw, result) -> int:
    bad = 0
    for k, trick in enumerate(raw.tricks):
        if k < len(result.running) and trick.count:   # some books print no running count
            printed = {s: int(t.text) for s, t in trick.count.items() if t.text.isdigit()}
            bad += printed != result.running[k]
    return bad


def _leader_errors(raw, result) -> int:
    if not raw.leaders_printed:
        return 0
    return sum(1 for k, trick in enumerate(raw.tricks) if k < len(result.tricks)
               and trick.leader != result.tricks[k].leader)


# -- repairs: exactly one small edit that makes the whole deal replay ---------------------
def _repairs(raw, cards, trump, tricks, outcome) -> list[dict]:
    deal, result = outcome
    seats = raw.seats
    if len(tricks) > 13 or any(len(cards[s]) > 13 for s in seats):
        return []  # more than one edit away from a deal: each trial would replay for nothing
    edits: list[dict] = []
    owners = Counter(c for s in seats for c in cards[s])
    missing = sort_cards(DECK - set(owners))
    doubled = [c for c, n in owners.items() if n > 1]
    for card in doubled:                     # a hand card misprinted as one already dealt
        for seat in seats:
            if card in cards[seat]:
                for new in missing:
                    edits.append({"kind": "hand", "seat": seat, "old": card, "new": new})
    for seat in seats:                       # a card dropped from, or doubled into, a hand
        if len(cards[seat]) == 12:
            edits += [{"kind": "add", "seat": seat, "old": "", "new": new} for new in missing]
    for err in result.errors:                # a trick card its player cannot have played
        if err.code in ("CARD-NOT-HELD", "CARD-TWICE") and err.trick:
            for new in sort_cards(set(cards[err.seat])):
                edits.append({"kind": "trick", "trick": err.trick, "index": err.index,
                              "seat": err.seat, "old": err.card, "new": new})
    good = _sound_edits(raw, cards, trump, tricks, edits)
    if good:
        return good
    # else a misprint that reads as a revoke or a card played twice: edits further back
    edits = []
    for number, seat in _suspect_plays(result):
        old = result.tricks[number - 1].cards.get(seat)
        if old and old in tricks[number - 1]:
            index = tricks[number - 1].index(old)
            edits += [{"kind": "trick", "trick": number, "index": index, "seat": seat, "old": old,
                       "new": new} for new in sort_cards(set(cards[seat]) - {old})]
    return _sound_edits(raw, cards, trump, tricks, edits)


def _sound_edits(raw, cards, trump, tricks, edits) -> list[dict]:
    good = []
    for edit in edits:
        trial_cards = {s: list(c) for s, c in cards.items()}
        trial_tricks = [list(t) for t in tricks]
        _apply(edit, trial_cards, trial_tricks)
        if _sound(_replay(trial_cards, trump, trial_tricks, raw), raw):
            good.append(edit)
    return good


def _suspect_plays(result) -> list[tuple[int, str]]:
    """(trick, seat) of the plays a single misprint may hide behind: the first play of a card
    played twice, each renounce proved later, and the lead of a trick with a renounce."""
    out = []
    for err in result.errors:
        m = re.search(r"already played at trick (\d+)", err.message) if err.code == "CARD-TWICE" \
            else None
        if m and int(m.group(1)) <= len(result.tricks):
            first = result.tricks[int(m.group(1)) - 1]
            out += [(first.number, s) for s, c in first.cards.items() if c == err.card]
    for rv in result.revokes:
        if rv.trick <= len(result.tricks):
            out += [(rv.trick, rv.seat), (rv.trick, result.tricks[rv.trick - 1].leader)]
    return list(dict.fromkeys(out))


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
    return trick.cards[edit["index"] if raw.seat_rows else _seat_of(trick, edit["index"])]


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
        other = [s for s in raw.seats if s != edit["seat"] and edit["old"] in
                 {t.value for t in raw.hands[s]}]
        played = _played_at(outcome[1], edit["new"])
        why = f"; {edit['seat']} plays the {new} at trick {played}" if played else ""
        holders = " and ".join(f"{s}'s" for s in sorted(other + [edit["seat"]], key=raw.seats.index))
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
            tok = trick.cards[err.index] if raw.seat_rows and err.index < len(trick.cards) \
                else _printed_card(trick, err.index)
        options = [c for c in candidates if c.get("trick") == err.trick]
        suggestion = ""
        if options:
            names = ", ".join(card_text(c["new"]) for c in options)
            suggestion = f"{len(options)} cards make the deal replay: {names}"
        message = err.message
        if err.code == "CARD-NOT-HELD":
            owner = next((s for s in raw.seats if err.card in (deal.hands.get(s) or ())), None)
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
    """The printed card a deal's problem is about; for a hand's size, the hand's first card."""
    for tok in raw.hands.get(problem.seat, []):
        if tok.text and (tok.value == problem.card or not problem.card):
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
    if not raw.leaders_printed:
        return
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
    other = next(s for s in sides_of(raw.seats) if s != side)
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
    seats = raw.seats
    if any(result.deal.hands.get(s) is None for s in seats):
        return  # a hand the text does not give in full: no best play to compare with
    played = set(result.played())
    hands = {s: [c for c in result.deal.hands[s] if c not in played] for s in seats}
    if not 0 < len(hands[seats[0]]) <= 4 or len({len(h) for h in hands.values()}) != 1:
        return
    best = best_play(hands, trump, result.next_leader, seats)
    side = claim["side"]
    final = result.won_by_side[side] + best[side]
    rec.data["best_play_rest"] = best
    if final != 6 + claim["by_cards"]:
        tok = raw.result
        rec.add(INFO, "WHIST-BEST-PLAY", f"with best play from trick {len(result.tricks) + 1} "
                f"{side} take {final} tricks; the text says {6 + claim['by_cards']}",
                tok.line, tok.column)


def _plies(raw, tricks) -> list[Ply]:
    """The cards in the order they were played (a table in seat order: from each leader)."""
    plies = []
    for k, trick in enumerate(raw.tricks):
        order = tricks[k]
        if raw.seat_rows and len(order) == 4:
            order = [order[_seat_of(trick, i)] for i in range(4)]
        for i, card in enumerate(order):
            tok = _printed_card(trick, i)
            plies.append(Ply(len(plies) + 1, tok.text, card, tok.line, tok.column) if tok else
                         Ply(len(plies) + 1, card, card))
    return plies




def best_play(hands: dict, trump: str | None, leader: str, seats=("A", "Y", "B", "Z")) -> dict:
    """Tricks each side takes from a small end position with every card seen and best play
    by both sides (minimax over the legal cards, card by card)."""
    from functools import lru_cache

    from records.cards.tricks import trick_winner

    ring = tuple(seats)
    ours = (ring[0], ring[2])

    @lru_cache(maxsize=None)
    def solve(state: tuple, lead: str) -> int:
        """AB's tricks from a trick boundary (memoised: few card sets recur)."""
        if not state[ring.index(lead)]:
            return 0
        return play_trick(state, lead, ())

    def play_trick(state: tuple, lead: str, trick: tuple, low: int = -1, high: int = 14) -> int:
        """Minimax over the cards of one trick, cut off once a bound is reached."""
        start = ring.index(lead)
        if len(trick) == 4:
            winner = trick_winner(trick, start, ring, trump)
            return (winner in ours) + solve(state, winner)
        seat_i = (start + len(trick)) % 4
        held = state[seat_i]
        follow = [c for c in held if trick and c[0] == trick[0][0]]
        maximise = ring[seat_i] in ours
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

    state = tuple(frozenset(hands[s]) for s in ring)
    try:
        ab = solve(state, leader)
    finally:   # solve and play_trick call each other through their closures: a cycle, which
        solve.cache_clear()   # would keep every card set met until the cyclic collector ran
    ours_name, theirs = sides_of(ring)
    return {ours_name: ab, theirs: len(hands[leader]) - ab}


