"""Cribbage told in words, replayed: the tokens of a block (cards, counts, plays) read in an
order the layout engine proposes, each count checked by the scorer and each play by the
pegging engine.

The state is the deal being told: the cards each player holds (by name; "" for cards listed
with no owner, "crib" for the crib), the starter, who deals, what has been counted, the play so
far. A count takes the cards of its owner (or the last cards listed) with the starter; a deal
ends when a counted owner is dealt again (or, with no names, when new cards follow a count).
Strict replay stops at the first thing that cannot be (a card twice, a count with no hand, a
card played past 31 or not held, a false go), which is how the engine tells a good order from a
bad one; a claim the rules deny does not stop it but is counted, so that of two orders that read
everything the one whose claims hold wins. The records are made by a lenient replay of the
chosen orders that goes on past what cannot be read and keeps every problem.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from records.core.orders import Replay
from records.cribbage.claims import _step_category
from records.cribbage.pegging import DEALER, PONE, Play, peg
from records.cribbage.scoring import JACK, VARIANT_BY_HAND_SIZE, VARIANTS, Card, Count, score
from records.cribbage.told_calls import Problem, Tok, count_problems


@dataclass
class Unit:
    """A finished piece of a deal: a hand (or crib) with its count, or a play."""
    kind: str                               # hand | play
    toks: list[Tok]                         # every token it read, in order
    owner: str = ""
    cards: list[Tok] = field(default_factory=list)
    starter: Tok | None = None
    crib: bool = False
    count: Count | None = None
    said: Tok | None = None
    plays: list[Tok] = field(default_factory=list)
    players: dict[str, str] = field(default_factory=dict)    # name -> pone | dealer
    hands: dict[str, list[Card]] = field(default_factory=dict)
    variant: str | None = None
    problems: list[Problem] = field(default_factory=list)   # claims the rules deny
    errors: list[tuple[str, Tok]] = field(default_factory=list)   # what could not be read

    def key(self) -> tuple:
        cards = tuple(str(t.card) for t in self.cards) + (str(self.starter.card) if self.starter else "",)
        return (self.kind, self.owner, cards, tuple((str(t.card), t.name) for t in self.plays),
                str(self.said.spoken.total) if self.said and self.said.spoken else "")


@dataclass
class Deal:
    hands: dict[str, list[Tok]] = field(default_factory=dict)
    starter: Tok | None = None
    dealer: str | None = None
    counted: set[str] = field(default_factory=set)
    plays: list[Tok] = field(default_factory=list)
    last_owner: str | None = None
    units: list[Unit] = field(default_factory=list)
    shown: dict[str, list[Tok]] = field(default_factory=dict)   # an owner's cards listed before
    errors: list[tuple[str, Tok]] = field(default_factory=list)
    heels: list[Problem] = field(default_factory=list)      # his heels claimed of no jack
    misfits: set = field(default_factory=set)     # claims denied in the last replay (line, column, code)

    def copy(self) -> "Deal":
        return Deal({k: list(v) for k, v in self.hands.items()}, self.starter, self.dealer,
                    set(self.counted), list(self.plays), self.last_owner, list(self.units),
                    dict(self.shown), list(self.errors), list(self.heels))

    def outcome(self) -> tuple:
        return tuple(sorted(u.key() for u in self.units))

    def fresh(self, keep: bool = False) -> None:
        """A new deal: the units told so far stay; keep: so do the hands not yet counted (the
        new deal's hands, listed before its starter)."""
        kept = {k: v for k, v in self.hands.items() if k not in self.counted} if keep else {}
        self.hands, self.starter, self.counted, self.shown = kept, None, set(), {}
        self.last_owner = self.last_owner if keep and self.last_owner in kept else None
        self.dealer = None


class Stop(Exception):
    def __init__(self, message: str, at):
        super().__init__(message)
        self.at = at


def replay(tokens: list[Tok], start: Deal | None, strict: bool = True, final: bool = False) -> Replay:
    """Read tokens from a deal's state. strict: stop at the first thing that cannot be read
    (claims the rules deny never stop it: they are counted as misfits, so that of two orders
    that read everything the one whose claims hold is preferred)."""
    deal = start.copy() if start is not None else Deal()
    deal.misfits = set()
    index = {id(t): k for k, t in enumerate(tokens)}
    for k, tok in enumerate(tokens):
        try:
            if tok.kind != "peg" and deal.plays:
                _finish_play(deal, final=True)
            _step(deal, tok)
        except Stop as stop:
            if strict:
                return Replay(min(index.get(id(stop.at), k), k), len(tokens), str(stop), stop.at, deal)
            deal.errors.append((str(stop), stop.at))
    try:
        if deal.plays and final:
            _finish_play(deal, final)
        elif deal.plays:
            _judge(deal, final=False)
    except Stop as stop:
        if strict:
            return Replay(index.get(id(stop.at), len(tokens)), len(tokens), str(stop), stop.at, deal)
        deal.errors.append((str(stop), stop.at))
    return Replay(len(tokens), len(tokens), "", None, deal)


def _step(deal: Deal, tok: Tok) -> None:
    if tok.kind == "deal":
        if deal.counted or deal.plays:
            deal.fresh()
        deal.dealer = tok.name
    elif tok.kind == "card":
        _card(deal, tok)
    elif tok.kind == "count":
        _count(deal, tok)
    elif tok.kind == "peg":
        deal.plays.append(tok)
        _judge(deal, final=False)


# -- cards -------------------------------------------------------------------------------------
def _card(deal: Deal, tok: Tok) -> None:
    if tok.role == "start":
        if deal.starter is not None:
            if _same_card(deal.starter.card, tok.card):
                return                    # the starter named again (a table gives it each row)
            if not deal.counted:
                raise Stop(f"a second starter, {tok.text}, after {deal.starter.text}", tok)
            deal.fresh(keep=True)
        _pack_check(deal, tok)
        deal.starter = tok
        return
    owner = tok.name
    if tok.role == "discard":
        held = deal.hands.get(owner, [])
        match = next((t for t in held if t.card.rank == tok.card.rank and (
            t.card.suit == tok.card.suit or not (t.card.suit and tok.card.suit))), None)
        if match is not None:
            held.remove(match)
        _pack_check(deal, tok)
        deal.hands.setdefault("crib", []).append(tok)
        return
    if owner in deal.counted:
        deal.fresh()
    held = deal.hands.get(owner)
    if held and held[-1].group == tok.group - 1 and deal.starter is not None and \
            _same_card(tok.card, deal.starter.card) and not tok.card.suit:
        return                            # `... and the ace of diamonds with the five`: the starter
    if held and held[-1].group != tok.group:
        deal.shown[owner] = deal.hands.pop(owner)   # a hand is one printed list: a later list replaces it
    _pack_check(deal, tok)
    deal.hands.setdefault(owner, []).append(tok)
    deal.last_owner = owner


def _same_card(a: Card, b: Card) -> bool:
    return a.rank == b.rank and (a.suit == b.suit or not (a.suit and b.suit))


def _pack_check(deal: Deal, tok: Tok) -> None:
    every = [t for cards in deal.hands.values() for t in cards] + ([deal.starter] if deal.starter else [])
    card = tok.card
    if card.suit and any(t.card == card for t in every):
        raise Stop(f"{tok.text} is named twice in one deal (a pack has one {card})", tok)
    if not card.suit and deal.starter is not None and deal.starter.card.rank == card.rank:
        every.remove(deal.starter)        # a rank alone may be the starter named again
    if Counter(t.card.rank for t in every)[card.rank] >= 4:
        raise Stop(f"{tok.text} would be a fifth card of its rank in one deal", tok)


# -- counts ------------------------------------------------------------------------------------
def _count(deal: Deal, tok: Tok) -> None:
    said = tok.spoken
    if said.items and all("heels" in s.options[0] for s in said.items):
        _heels(deal, tok)
        return
    owner = tok.name if tok.name and tok.name in deal.hands else deal.last_owner
    if owner in deal.counted and deal.last_owner not in deal.counted and deal.hands.get(deal.last_owner):
        owner = deal.last_owner           # `... And in my crib, the queen ...: fifteen two`
    if tok.name == "crib" and "crib" not in deal.hands:
        owner = None
    if owner is None or not deal.hands.get(owner):
        raise Stop(f"a count ({tok.text!r}) with no hand before it", tok)
    if owner in deal.counted:
        raise Stop(f"a count ({tok.text!r}) of {_whose(owner)}, counted already", tok)
    cards = deal.hands[owner]
    starter = deal.starter
    if not tok.name and not owner and (cards[-1].sentence != tok.sentence or (
            starter is not None and starter.sentence != tok.sentence)):
        raise Stop(f"a count ({tok.text!r}) printed apart from the cards it would count", tok)
    if len(cards) == 5 and len({t.group for t in cards}) == 1:
        if starter is None:
            cards, starter = cards[:4], cards[4]
        elif _same_card(cards[-1].card, starter.card):
            cards = cards[:4]             # `..., knave and the five`: the starter named last
    cards = _suited(cards, deal.shown.get(owner, []))
    crib = owner == "crib"
    if not 3 <= len(cards) <= 5 or crib and len(cards) != 4:
        raise Stop(f"{len(cards)} cards to count for {_whose(owner)}: "
                   f"{' '.join(t.text for t in cards)}", tok)
    count = score([t.card for t in cards], starter.card if starter else None, crib)
    problems = count_problems(count, said, f"{_whose(owner)}: " if owner else "")
    if said.heels and (starter is None or starter.card.rank != JACK):
        problems.append(_heels_problem(tok, starter))
    deal.misfits.update((p[3], p[4], p[1]) for p in problems if p[0] != "info")
    toks = list(cards) + ([starter] if starter else []) + [tok]
    deal.units.append(Unit("hand", toks, owner, list(cards), starter, crib, count, tok,
                           problems=problems))
    deal.counted.add(owner)


def _suited(cards: list[Tok], before: list[Tok]) -> list[Tok]:
    """A hand named again by ranks alone (`Four, four, six, seven and the five:`) is the hand
    listed before with its suits, when the ranks are the same."""
    if not before or any(t.card.suit for t in cards) or \
            sorted(t.card.rank for t in cards) != sorted(t.card.rank for t in before):
        return cards
    left = list(before)
    out = []
    for t in cards:
        match = next(b for b in left if b.card.rank == t.card.rank)
        left.remove(match)
        out.append(replace(t, card=match.card))
    return out


def _whose(owner: str) -> str:
    return "the crib" if owner == "crib" else (f"{owner.title()}'s hand" if owner else "the hand")


def _heels(deal: Deal, tok: Tok) -> None:
    starter = deal.starter
    if starter is None or starter.card.rank != JACK:
        problem = _heels_problem(tok, starter)
        deal.misfits.add((tok.line, tok.column, problem[1]))
        deal.heels.append(problem)


def _heels_problem(tok: Tok, starter: Tok | None) -> Problem:
    what = f"the starter is {starter.text}" if starter else "no starter is named"
    return ("warning", "CRIB-COUNT-MISMATCH", f"two for his heels is claimed, but {what}: only a"
            " jack turned up scores his heels", tok.line, tok.column, "")


# -- the play ----------------------------------------------------------------------------------
def _players(deal: Deal, plays: list[Tok]) -> dict[str, str]:
    names = [t.name for t in plays if t.name]
    order = list(dict.fromkeys(names))
    if len(order) > 2:
        raise Stop(f"a third player, {order[2]}, in a play of two", next(t for t in plays if t.name == order[2]))
    if deal.dealer and deal.dealer in order:
        return {n: DEALER if n == deal.dealer else PONE for n in order}
    first_card = next((t.name for t in plays if t.card and t.name), None)
    return {n: PONE if n == first_card else DEALER for n in order} if first_card else {}


def _events(deal: Deal, plays: list[Tok], roles: dict[str, str]) -> tuple[list[Play], list[int]]:
    """The plays as the pegging engine takes them; a point said on its own (`one for the go`)
    joins the last card of its player. Returns the events and, for each, its token's index."""
    events: list[Play] = []
    where: list[int] = []
    for k, t in enumerate(plays):
        call = t.call
        if t.card is None and not (call and call.go):
            target = next((j for j in range(len(events) - 1, -1, -1) if events[j].card is not None
                           and (not t.name or events[j].player == roles.get(t.name))), None)
            if target is None:
                raise Stop(f"{t.text!r}: a point claimed before any card is played", t)
            ev = events[target]
            ev.claimed = (ev.claimed or 0) + (call.points or 0)
            ev.expects += [c for c in call.expects if c not in ev.expects]
            continue
        events.append(Play(card=t.card, go=bool(call and call.go), player=roles.get(t.name),
                           text=t.text, line=t.line, column=t.column,
                           claimed=call.points if call else None,
                           called=call.total if call and not call.go else None,
                           expects=[c for c in (call.expects if call else []) if c != "thirty-one"
                                    or (call.points is not None)]))
        where.append(k)
    return events, where


def _kept(deal: Deal, roles: dict[str, str]) -> dict[str, list[Card]] | None:
    hands = {role: [t.card for t in deal.hands.get(name, [])] for name, role in roles.items()}
    if len(hands) == 2 and all(len(c) in (3, 4, 5) for c in hands.values()) and \
            len({len(c) for c in hands.values()}) == 1:
        return hands
    return None


def _finish_play(deal: Deal, final: bool) -> None:
    plays, deal.plays = deal.plays, []
    unit = _judge(deal, final, plays)
    if unit is not None:
        deal.units.append(unit)


def _judge(deal: Deal, final: bool, plays: list[Tok] | None = None) -> Unit | None:
    """The play so far through the pegging engine: what cannot be (a card over 31, a card not
    held, a false go) stops the reading; a call or a score the rules deny is a misfit."""
    plays = plays if plays is not None else deal.plays
    roles = _players(deal, plays)
    events, where = _events(deal, plays, roles)
    hands = _kept(deal, roles)
    size = len(next(iter(hands.values()))) if hands else None
    variant = VARIANTS[VARIANT_BY_HAND_SIZE[size]] if size else None
    result = peg(events, variant, hands, last_card=final and told_to_end(plays, hands))
    if result.problems:
        index, _, _, message = result.problems[0]
        raise Stop(message, plays[where[min(index, len(where) - 1)]])
    problems = [p for _, p in _claim_problems(events, result, final)]
    deal.misfits.update((p[3], p[4], p[1]) for p in problems)
    if not final:
        return None
    return Unit("play", list(plays), plays=list(plays), players=roles,
                variant=variant.name if variant else None, hands=dict(hands or {}),
                problems=problems)


def told_to_end(plays: list[Tok], hands: dict | None) -> bool:
    """Whether the play may be told to its last card: the hands are known, the last card is
    called, or enough cards are played (no variant keeps fewer than three a hand); a play that
    breaks off sooner is not charged the point for the last card."""
    cards = sum(t.card is not None for t in plays)
    return bool(hands) or cards >= 6 or any(t.call and "last card" in t.call.expects for t in plays)


def _claim_problems(events: list[Play], result, final: bool) -> list[tuple[int, Problem]]:
    """Each call against the count, each stated score against what the card made."""
    own, extra = {}, {}
    for step in result.steps:
        (own if step.card is not None else extra).setdefault(step.index, []).append(step)
    open_from = max((s.index for s in result.steps if s.card is not None and s.total == s.card.value), default=0)
    out = []
    for i, ev in enumerate(events):
        if ev.card is None or i not in own:
            continue
        step = own[i][0]
        scores = step.scores + [s for x in extra.get(i, []) for s in x.scores]
        got = sum(p for _, p in scores)
        made = {_step_category(name) for name, _ in scores}
        pending = not final and i >= open_from and {"go", "last card"} & set(ev.expects)
        if ev.called is not None and ev.called != step.total:
            out.append((i, ("warning", "CRIB-CALL-MISMATCH", f"{ev.text} is called {ev.called},"
                            f" but the count is {step.total}", ev.line, ev.column, str(step.total))))
        elif ev.claimed is not None and ev.claimed != got and not pending:
            shown = ", ".join(f"{n} {p}" for n, p in scores) or "nothing"
            out.append((i, ("warning", "CRIB-PEG-MISMATCH", f"{ev.text} (count {step.total}) is said to"
                            f" score {ev.claimed}, the rules give {got} ({shown})", ev.line, ev.column, "")))
        elif not pending and (missing := [c for c in ev.expects if c not in made]):
            out.append((i, ("warning", "CRIB-PEG-MISMATCH", f"{ev.text} is said to make"
                            f" {' and '.join(missing)}, but it does not (count {step.total})",
                            ev.line, ev.column, "")))
    return out
