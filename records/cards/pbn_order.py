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

SEAT_ORDER, PLAYING_ORDER = "seat", "playing"
NEW_LEADER = 0.25      # a leader other than the last trick's winner, after a doubtful trick
OTHER_ORDER = 0.01     # the order the file has not been using: loses a tie


class SeatRows(NamedTuple):
    rows: list                # each trick's cards in seat order from the first leader
    places: list              # where each card is printed, in the same order
    in_playing_order: list    # the tricks written in playing order from their leader
    in_seat_order: list       # the tricks led by another seat than the first, in seat order
    leaders: dict             # trick -> leader, where a misrecorded card hid the true winner


def seat_rows(deal: Deal, rows: list, places: list, first: str) -> SeatRows:
    """The rows rewritten in seat order from `first`, each read the way its cards fit."""
    seats = deal.seats
    first_i = seats.index(first)
    held = {s: (set(deal.hands[s]) if deal.hands[s] is not None else None) for s in seats}
    leader, convention, doubtful = first, SEAT_ORDER, False
    out = SeatRows([], [], [], [], {})
    for number, (row, row_places) in enumerate(zip(rows, places), start=1):
        won_i = seats.index(leader)
        cost, lead_i, reading = _reading(held, seats, row, first_i, won_i, convention, doubtful)
        if lead_i != won_i:
            out.leaders[number] = seats[lead_i]
        columns = list(range(len(row)))
        if lead_i != first_i and len(row) == 4:
            sure = cost < 1            # a misrecorded card says nothing of the file's order
            if sure:
                convention = reading
            if reading == PLAYING_ORDER:
                out.in_playing_order.extend([number] if sure else [])
                columns = [(lead_i + k - first_i) % 4 for k in range(4)]
            elif sure:
                out.in_seat_order.append(number)
        new_row, new_places = [None] * len(row), [None] * len(row)
        for k, column in enumerate(columns):
            new_row[column], new_places[column] = row[k], row_places[k]
        out.rows.append(new_row)
        out.places.append(new_places)
        leader, doubtful = _play_out(held, seats, new_row, first_i, lead_i, deal.trump)
        if leader is None:
            out.rows.extend(rows[number:])
            out.places.extend(places[number:])
            break
    return out


def _reading(held, seats, row, first_i: int, won_i: int, convention: str, doubtful: bool):
    """How badly the row fits, the trick's leader and the order its row is written in,
    whichever fits the cards held best; another leader than the last winner only after a trick with a misrecorded card."""
    if len(row) != 4:
        return 0, won_i, SEAT_ORDER
    best = _best(held, seats, row, first_i, (won_i,), won_i, convention)
    if best[0] >= 1 and not doubtful and _rotated(held, seats, row, won_i):
        return best     # a row written from some other seat: a repair for the play to name
    if doubtful or best[0] >= 1:   # the last trick's winner may be wrong: any seat may lead
        other = _best(held, seats, row, first_i, range(4), won_i, convention)
        if other[0] <= best[0] - 1 or other[0] < NEW_LEADER + 0.5:
            best = min(best, other)
    return best


def _rotated(held, seats, row, lead_i: int) -> bool:
    """Whether the row fits the hands read from some seat, the trick led by lead_i."""
    return any(_faults(held, seats, row, [(start + k) % 4 for k in range(4)], lead_i) == 0
               for start in range(4))


def _best(held, seats, row, first_i: int, leaders, won_i: int, convention: str):
    best = None
    for lead_i in leaders:
        for reading in (SEAT_ORDER, PLAYING_ORDER):
            if reading == PLAYING_ORDER and lead_i == first_i:
                continue            # the same reading as seat order
            seat_of = ([(first_i + k) % 4 for k in range(4)] if reading == SEAT_ORDER
                       else [(lead_i + k) % 4 for k in range(4)])
            cost = (_faults(held, seats, row, seat_of, lead_i)
                    + (NEW_LEADER if lead_i != won_i else 0)
                    + (OTHER_ORDER if reading != convention else 0))
            if best is None or cost < best[0]:
                best = (cost, lead_i, reading)
    return best
def _faults(held, seats, row, seat_of: list[int], lead_i: int) -> float:
    """How badly a reading fits: a card its seat does not hold counts 1, a card that does not
    follow the suit led while its seat holds that suit counts a half."""
    by_seat = {seat_of[k]: card for k, card in enumerate(row) if card in DECK}
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
