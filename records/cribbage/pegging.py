"""The play of cribbage (pegging): series, goes, fifteens, pairs and runs on the table.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from records.core.model import ERROR
from records.cribbage.scoring import PAIR_KINDS, Card, Variant

# -- pegging ----------------------------------------------------------------------
PONE, DEALER = "pone", "dealer"


def other(player: str) -> str:
    return DEALER if player == PONE else PONE


@dataclass
class Play:
    """One event of the play: a card laid by a player, a go, or the end of a series."""
    card: Card | None = None
    go: bool = False
    reset: bool = False      # cards turned down: a new series to 31 begins
    player: str | None = None
    text: str = ""
    line: int = 0
    column: int = 0
    claimed: int | None = None  # points the text says this card (or go) scored
    called: int | None = None   # the running total the text says was called
    parts: dict = field(default_factory=dict)      # category -> points the text gives it
    expects: list = field(default_factory=list)    # categories the text says it scores
    denies: list = field(default_factory=list)     # categories the text says it does not


@dataclass
class PegStep:
    index: int               # index of the event
    player: str
    card: Card | None
    total: int               # running count after the card
    scores: list[tuple[str, int]]

    @property
    def points(self) -> int:
        return sum(p for _, p in self.scores)


@dataclass
class PegResult:
    steps: list[PegStep]
    problems: list[tuple[int, str, str, str]]  # (event index, severity, code, message)

    def points_of(self, player: str) -> int:
        return sum(s.points for s in self.steps if s.player == player)


def _card_points(pile: list[Card], total: int) -> list[tuple[str, int]]:
    scores = []
    if total == 15:
        scores.append(("fifteen", 2))
    if total == 31:
        scores.append(("thirty-one", 2))
    same = 1
    while same < len(pile) and pile[-1 - same].rank == pile[-1].rank:
        same += 1
    if same >= 2:
        scores.append(PAIR_KINDS[same])
    for length in range(len(pile), 2, -1):
        ranks = [c.rank for c in pile[-length:]]
        if len(set(ranks)) == length and max(ranks) - min(ranks) == length - 1:
            scores.append((f"run of {length}", length))
            break
    return scores


class _Table:
    """The state of the play: whose turn, the cards of this series, what each still holds."""

    def __init__(self, variant: Variant | None, hands: dict[str, list[Card]] | None, start: str):
        self.variant, self.turn = variant, start
        self.held = {p: list(cards) for p, cards in hands.items()} if hands else None
        self.played = Counter()
        self.pile: list[Card] = []
        self.total = 0
        self.out: set[str] = set()   # players who said go in this series
        self.last: str | None = None
        self.last_index = 0          # event index of the last card laid
        self.ended = False

    def has_cards(self, player: str) -> bool:
        if self.held is not None and player in self.held:
            return bool(self.held[player])
        return self.variant is None or self.played[player] < self.variant.hand_size

    def can_play(self, player: str) -> bool:
        if self.held is not None and player in self.held:
            return any(self.total + c.value <= 31 for c in self.held[player])
        return self.has_cards(player)

    def next_player(self, after: str) -> str:
        nxt = other(after)
        if nxt in self.out or not self.has_cards(nxt):
            return after if self.has_cards(after) else nxt
        return nxt

    def take(self, player: str, card: Card) -> bool:
        """Remove the card from the player's hand; False when he does not hold it."""
        self.played[player] += 1
        if self.held is None or player not in self.held:
            return True
        for c in self.held[player]:
            if c.rank == card.rank and (not card.suit or not c.suit or c.suit == card.suit):
                self.held[player].remove(c)
                return True
        return False


def peg(events: list[Play], variant: Variant | None = None,
        hands: dict[str, list[Card]] | None = None, start: str = PONE,
        last_card: bool = True) -> PegResult:
    """Score a play sequence card by card.

    Five-card rule: the play ends at the first go or 31 (hands thrown up). Six- and seven-card
    rule: the cards are turned down and the play goes on until every card is played; the last
    card scores one unless it makes 31. hands (pone/dealer -> cards kept) lets the engine
    check that each card is held and that a go is true.
    """
    table = _Table(variant, hands, start)
    steps: list[PegStep] = []
    problems: list[tuple[int, str, str, str]] = []
    for i, ev in enumerate(events):
        if table.ended:
            problems.append((i, ERROR, "CRIB-PLAY-AFTER-END",
                             "the play is over (five-card rule: hands are thrown up after the"
                             " go or 31), yet the text goes on playing"))
            break
        if ev.reset:
            _close_series(table, steps, i)
            continue
        if ev.go:
            _say_go(table, ev, i, steps, problems)
            continue
        _lay_card(table, ev, i, steps, problems)
    if not table.ended and table.pile and table.total != 31 and (last_card or table.out):
        steps.append(PegStep(table.last_index, table.last, None, table.total,
                             [("go" if table.out else "last card", 1)]))
    return PegResult(steps, problems)


def _say_go(table: _Table, ev: Play, i: int, steps, problems) -> None:
    who = ev.player or table.turn
    if table.held is not None and who in table.held and table.can_play(who):
        playable = [str(c) for c in table.held[who] if table.total + c.value <= 31]
        problems.append((i, ERROR, "CRIB-FALSE-GO",
                         f"the {who} says go at {table.total} but could play {', '.join(playable)}"))
    table.out.add(who)
    if not table.pile:
        return
    opponent = other(who)
    if opponent in table.out or (table.held is not None and opponent in table.held
                                 and not table.can_play(opponent)):
        _close_series(table, steps, i)
    else:
        table.turn = opponent


def _close_series(table: _Table, steps, i: int) -> None:
    """Nobody can play on: one for the go to the last player (31 has already scored two)."""
    if table.pile and table.total != 31:
        steps.append(PegStep(table.last_index, table.last, None, table.total, [("go", 1)]))
    _new_series(table)


def _new_series(table: _Table) -> None:
    starter = other(table.last) if table.last else table.turn
    table.pile, table.total, table.out = [], 0, set()
    if table.variant is not None and not table.variant.play_on_after_go:
        table.ended = True
    table.turn = starter if table.has_cards(starter) else other(starter)


def _lay_card(table: _Table, ev: Play, i: int, steps, problems) -> None:
    card = ev.card
    if table.total + card.value > 31:
        if table.variant is not None and not table.variant.play_on_after_go and table.pile:
            problems.append((i, ERROR, "CRIB-OVER-31",
                             f"{card} would bring the count from {table.total} to"
                             f" {table.total + card.value}, past 31"))
            return
        _close_series(table, steps, i)
        if table.ended:
            return
    who = ev.player or table.turn
    if not table.take(who, card):
        problems.append((i, ERROR, "CRIB-NOT-HELD",
                         f"the {who} plays {_card_words(card)} but does not hold one"
                         f" (still holding {', '.join(_card_words(c) for c in table.held[who]) or 'nothing'})"))
    table.pile.append(card)
    table.total += card.value
    table.last, table.last_index = who, i
    steps.append(PegStep(i, who, card, table.total, _card_points(table.pile, table.total)))
    if table.total == 31:
        _new_series(table)
        return
    table.turn = table.next_player(who)


def _card_words(card: Card) -> str:
    return f"a {card.name}" if card.rank != 1 and card.rank != 8 else f"an {card.name}"
