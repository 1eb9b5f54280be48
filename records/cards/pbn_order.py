"""Which order a PBN Play row is written in, decided trick by trick from the cards held.

The PBN standard writes every trick in the seats' order from the opening leader, whoever led
it; many real archives (vugraph, BBO, results software) write each trick in playing order
from its own leader, and some files mix the two. Reading a playing-order file as seat order
puts nearly every card in the wrong hand. So each row is read both ways on the hands as they
stand and the reading that fits the cards held (and following suit) wins; a tie keeps the
file's convention so far, starting from the standard's. The rows come back in seat order.
"""
from __future__ import annotations

from typing import NamedTuple

from records.cards.tricks import DECK, Deal, trick_winner

SEAT_ORDER, PLAYING_ORDER, OTHER_SEAT = "seat", "playing", "other seat"
NEW_LEADER = 0.25      # a leader other than the last trick's winner
OTHER_ORDER = 0.01     # the order the file has not been using: loses a tie


class SeatRows(NamedTuple):
    rows: list                # each trick's cards in seat order from the first leader
    places: list              # where each card is printed, in the same order
    in_playing_order: list    # the tricks written in playing order from their leader
    in_seat_order: list       # the tricks led by another seat than the first, in seat order
    from_other_seat: list     # (trick, seat): rows written from neither the first seat nor the leader
    leaders: dict             # trick -> leader, where a misrecorded card hid the true winner


class Reading(NamedTuple):
    cost: float     # cards not held (1 each), cards not following while able (1/2 each)
    lead_i: int     # the seat that led the trick
    start_i: int    # the seat the row is written from
    order: str      # SEAT_ORDER, PLAYING_ORDER or OTHER_SEAT


def seat_rows(deal: Deal, rows: list, places: list, first: str) -> SeatRows:
    """The rows rewritten in seat order from `first`, each read the way its cards fit."""
    seats = deal.seats
    first_i = seats.index(first)
    held = {s: (set(deal.hands[s]) if deal.hands[s] is not None else None) for s in seats}
    leader, convention, doubtful = first, SEAT_ORDER, False
    out = SeatRows([], [], [], [], [], {})
    for number, (row, row_places) in enumerate(zip(rows, places), start=1):
        won_i = seats.index(leader)
        found = _reading(held, seats, row, first_i, won_i, convention, doubtful)
        if found.lead_i != won_i:
            out.leaders[number] = seats[found.lead_i]
        _note(out, number, found, first_i, seats)
        if found.lead_i != first_i and found.cost < 1 and found.order != OTHER_SEAT:
            convention = found.order   # a misrecorded card says nothing of the file's order
        columns = [(found.start_i + k - first_i) % 4 for k in range(len(row))]
        new_row, new_places = [None] * len(row), [None] * len(row)
        for k, column in enumerate(columns):
            new_row[column], new_places[column] = row[k], row_places[k]
        out.rows.append(new_row)
        out.places.append(new_places)
        leader, doubtful = _play_out(held, seats, new_row, first_i, found.lead_i, deal.trump)
        if leader is None:
            out.rows.extend(rows[number:])
            out.places.extend(places[number:])
            break
    return out


def _note(out: SeatRows, number: int, found: Reading, first_i: int, seats) -> None:
    if found.order == OTHER_SEAT:
        out.from_other_seat.append((number, seats[found.start_i]))
    elif found.lead_i != first_i and found.cost < 1:
        (out.in_playing_order if found.order == PLAYING_ORDER else out.in_seat_order).append(number)


def _reading(held, seats, row, first_i: int, won_i: int, convention: str, doubtful: bool) -> Reading:
    """The reading of a row that fits the cards held best: written in seat order or in playing
    order, led by the last trick's winner; failing that, led by another seat (the winner is in
    doubt when a card was misrecorded), or, with the leader kept, written from another seat."""
    if len(row) != 4:
        return Reading(0, won_i, first_i, SEAT_ORDER)
    best = _best(held, seats, row, first_i, (won_i,), won_i, convention)
    if best.cost < 1 and not doubtful:
        return best
    other = _best(held, seats, row, first_i, range(4), won_i, convention)
    rotated = [] if doubtful else _rotations(held, seats, row, first_i, won_i)
    if other.cost < NEW_LEADER + 0.5 and not (rotated and convention == SEAT_ORDER):
        return min(best, other)               # every card fits with another leader
    if len(rotated) == 1:                     # a seat-order file: one row written from elsewhere
        return Reading(0, won_i, rotated[0], OTHER_SEAT)
    return other if other.cost <= best.cost - 1 else best


def _best(held, seats, row, first_i: int, leaders, won_i: int, convention: str) -> Reading:
    best = None
    for lead_i in leaders:
        orders = ((SEAT_ORDER, first_i), (PLAYING_ORDER, lead_i))
        for order, start_i in (orders if convention == SEAT_ORDER else orders[::-1]):
            if order == PLAYING_ORDER and lead_i == first_i:
                continue            # the same reading as seat order
            cost = (_faults(held, seats, row, start_i, lead_i)
                    + (NEW_LEADER if lead_i != won_i else 0)
                    + (OTHER_ORDER if order != convention else 0))
            if best is None or cost < best.cost:
                best = Reading(cost, lead_i, start_i, order)
            if cost == 0:               # the file's own order, every card fitting
                return best
    return best


def _rotations(held, seats, row, first_i: int, lead_i: int) -> list[int]:
    """The seats other than the first and the leader that the row fits written from."""
    return [start for start in range(4) if start not in (first_i, lead_i)
            and _faults(held, seats, row, start, lead_i) == 0]


def _faults(held, seats, row, start_i: int, lead_i: int) -> float:
    """How badly the row fits read from seat start_i: a card its seat does not hold counts 1,
    a card that does not follow the suit led while its seat holds that suit counts a half."""
    by_seat = {(start_i + k) % 4: card for k, card in enumerate(row) if card in DECK}
    led = by_seat.get(lead_i)
    faults = 0.0
    for seat_i, card in by_seat.items():
        hand = held[seats[seat_i]]
        if hand is None:
            continue
        if card not in hand:
            faults += 1
        elif led and card[0] != led[0] and any(c[0] == led[0] for c in hand):
            faults += 0.5
    return faults


def _play_out(held, seats, row, first_i: int, lead_i: int, trump) -> tuple[str | None, bool]:
    """Take the trick's cards out of the hands that hold them: the trick's winner (None when
    the trick is not complete), and whether a card was not in its player's hand."""
    order = [row[(lead_i + k - first_i) % 4] for k in range(4)] if len(row) == 4 else []
    misrecorded = False
    for k, card in enumerate(order):
        hand = held[seats[(lead_i + k) % 4]]
        if hand is not None:
            misrecorded |= card in DECK and card not in hand
            hand.discard(card)
    if len(order) != 4 or not all(card in DECK for card in order):
        return None, misrecorded
    return trick_winner(order, lead_i, seats, trump), misrecorded
