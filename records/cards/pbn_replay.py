"""The quick replay of a plain Play section: the common case, done in one pass.

Most Play sections are thirteen (or fewer, after a claim) rows of four cards, single-spaced,
written in the standard's seat order from the opening leader, every card held by its seat and
following suit where it can. For such a section the full reader (pbn_play.read_play: tokens,
the row-order search of pbn_order, the trick engine, then plies) can find nothing to say: no
diagnostic, every row in seat order, the engine's tricks exactly these. This pass checks exactly
those conditions with the cards coded as small integers (card = suit * 13 + rank index, suit
S H D C = 0 1 2 3) and builds the same record data; the moment anything is unusual (a token that
is not a plain card, an annotation, a `-`, `*` before a full row, a row of another length, odd
spacing, a card its seat does not hold, a renounce while holding the suit led, an unknown hand)
it gives up having changed nothing, and the full reader reads the section from the start.
"""
from __future__ import annotations

import re
from operator import itemgetter

from records.cards.tricks import DECK, RANK_VALUE
from records.core.model import Ply

SEATS = ("N", "E", "S", "W")
SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
CODE: dict[str, int] = {}            # every written form of a card the full reader takes as
for _card in DECK:                   # plainly that card -> its code
    _code = SUIT_INDEX[_card[0]] * 13 + (14 - RANK_VALUE[_card[1]])
    CODE[_card] = _code
    CODE[_card[0].lower() + _card[1:]] = _code
    if _card[1] == "T":
        CODE[_card[0] + "10"] = _code
CARD = {code: card for card, code in CODE.items() if card in DECK}   # code -> "SA"
WRITTEN = {card: code for card, code in CODE.items() if card in DECK}   # "SA" -> code
TRICK_KEYS = [f"T{n}" for n in range(14)]
TRICK_KEYS4 = [(key,) * 4 for key in TRICK_KEYS]    # a trick's key, for each of its cards
SIDES = ("NS", "EW")
# IN_TURN[first][leader](row): a row written in seat order from first, in playing order
IN_TURN = [[itemgetter(*[(lead + j - first) % 4 for j in range(4)]) for lead in range(4)]
           for first in range(4)]
TURN_SEATS = [[(lead + j) % 4 for j in range(4)] for lead in range(4)]   # leader -> seats in turn
# STRENGTH[trump][suit led][code]: how strong a card is in a trick (the strongest wins it):
# its rank (1 to 13), plus 13 in the suit led, plus 26 in trumps
STRENGTH = {trump: [tuple(13 - code % 13 + (26 if code // 13 == trump else 0)
                          + (13 if code // 13 == led else 0) for code in range(52))
                    for led in range(4)] for trump in (None, 0, 1, 2, 3)}
TOKEN_RE = re.compile(r"\S+")
PLACES = (1, 4, 7, 10)         # the columns of "SA HK D9 C2"


SUIT_BITS = [((1 << 13) - 1) << (13 * suit) for suit in range(4)]   # suit -> its cards' bits
_BITS: dict[frozenset, int] = {}


def hand_bits(hand: frozenset) -> int:
    """A hand as a bit set of its card codes (remembered: the same hands recur)."""
    bits = _BITS.get(hand)
    if bits is None:
        bits = 0
        for card in hand:
            bits |= 1 << CODE[card]
        if len(_BITS) > 4096:
            _BITS.clear()
        _BITS[hand] = bits
    return bits


def plain_rows(items) -> tuple[list, list, list[int], list[list[int]]] | None:
    """Rows of four card codes (None for a `-`), the same rows as the records write the cards
    ("SA"; None for a `-`), the line of each row and the columns of its cards, from a Play
    section made of whole lines of four plain cards or dashes, perhaps ended by a line `*`;
    None for anything else."""
    rows, texts, lines, columns = [], [], [], []
    written = WRITTEN.get
    for text, line, col in items:
        if col:                       # a token the splitter took alone: not a plain line
            return None
        parts = text.split(" ")
        if len(parts) == 4 and "" not in parts:    # single spaces: columns by arithmetic
            row = list(map(written, parts))
            if None in row or len(text) != 11:
                a = len(parts[0]) + 2
                b = a + len(parts[1]) + 1
                places = (1, a, b, b + len(parts[2]) + 1)
            else:
                places = PLACES       # four cards as the records write them ("SA")
        else:
            parts = text.split()
            if len(parts) != 4:
                if parts == ["*"]:
                    return (rows, texts, lines, columns) if _nothing_after(items, line) else None
                return None
            row = list(map(written, parts))
            places = tuple([m.start() + 1 for m in TOKEN_RE.finditer(text)])
        if None in row:               # a dash, or a card written otherwise ("s10")
            row = list(map(CODE.get, parts))
            if None in row:
                for k, part in enumerate(parts):
                    if row[k] is None and part.strip("-"):
                        return None   # not a card, not a dash
            parts = [CARD[c] if c is not None else None for c in row]
        rows.append(row)
        texts.append(parts)
        lines.append(line)
        columns.append(places)
    return rows, texts, lines, columns


def _nothing_after(items, line: int) -> bool:
    """The `*` line is the section's last item (what follows it would be ignored: rare)."""
    return items[-1][1] == line and items[-1][2] == 0


def replay(rec, deal, contract, first: str, items) -> int | None:
    """Replay a plain Play section into rec (plies, play, tricks_won) as the full reader
    would, and return the number of tricks finished (the caller checks the Result); None,
    with rec untouched, when the section is not plain."""
    read = plain_rows(items)
    if read is None:
        return None
    rows, texts, row_lines, row_columns = read
    if not rows or len(rows) > 13:
        return None
    held = []
    for seat in SEATS:
        hand = deal.hands.get(seat)
        if hand is None:
            return None
        held.append(hand_bits(hand))
    trump = SUIT_INDEX.get(contract.trump) if contract and contract.trump else None
    first_i = SEATS.index(first)
    in_turn = IN_TURN[first_i]
    lead_i = first_i
    leaders, winners = [], []
    last = len(rows) - 1
    strength = STRENGTH[trump]
    for t, row in enumerate(rows):
        order = in_turn[lead_i](row)              # the codes in playing order
        leaders.append(lead_i)
        if None in row:               # a trick stopped by a claim: the last row, its cards
            size = _prefix(order)                 # those of the first players in turn
            if t != last or not size or not _partial(held, order, size, lead_i):
                return None
            winners.append(None)
            break
        a, b, c, d = order
        sa, sb, sc, sd = TURN_SEATS[lead_i]
        ha, hb, hc, hd = held[sa], held[sb], held[sc], held[sd]
        if not (ha >> a & 1 and hb >> b & 1 and hc >> c & 1 and hd >> d & 1):
            return None              # not held (or played before): the full reader says so
        led_suit = a // 13
        suit_led = SUIT_BITS[led_suit]
        if ((b // 13 != led_suit and hb & suit_led) or (c // 13 != led_suit and hc & suit_led)
                or (d // 13 != led_suit and hd & suit_led)):
            return None              # a renounce while holding the suit led
        held[sa], held[sb], held[sc], held[sd] = ha ^ 1 << a, hb ^ 1 << b, hc ^ 1 << c, hd ^ 1 << d
        power = strength[led_suit]
        power = (power[a], power[b], power[c], power[d])
        lead_i = (lead_i + power.index(max(power))) % 4
        winners.append(lead_i)
    return _record(rec, first_i, texts, row_lines, row_columns, leaders, winners)


def _prefix(order: tuple) -> int:
    """How many cards a trick holds (in playing order) when they are those of the first
    players from the leader and the others are dashes (0 when it is not so)."""
    size = 0
    for code in order:
        if code is None:
            break
        size += 1
    if any(code is not None for code in order[size:]):
        return 0
    return size


def _partial(held: list, order: tuple, size: int, lead_i: int) -> bool:
    """The first `size` cards of a trick (in playing order) held by their players and
    following suit where they can."""
    led_suit = order[0] // 13
    suit_led = SUIT_BITS[led_suit]
    for j in range(size):
        seat_i = TURN_SEATS[lead_i][j]
        code, hand = order[j], held[seat_i]
        if not hand >> code & 1 or (code // 13 != led_suit and hand & suit_led):
            return False
        held[seat_i] = hand ^ 1 << code
    return True


def _record(rec, first_i, texts, row_lines, row_columns, leaders, winners) -> int:
    """The replayed tricks into the record; the number of tricks finished."""
    play = []
    cards_played, lines, columns, keys = [], [], [], []   # each card's, in playing order
    won = [0, 0]
    in_turn = IN_TURN[first_i]
    for t, lead_i in enumerate(leaders):
        get = in_turn[lead_i]
        cards = list(get(texts[t]))               # in playing order
        winner = winners[t]
        if winner is None:
            cards = cards[:cards.index(None)] if None in cards else cards
            size = len(cards)
            columns += get(row_columns[t])[:size]
        else:
            won[winner % 2] += 1
            size = 4
            columns += get(row_columns[t])
        play.append({"leader": SEATS[lead_i], "cards": cards,
                     "winner": SEATS[winner] if winner is not None else None})
        cards_played += cards
        lines += [row_lines[t]] * size
        keys += TRICK_KEYS4[t + 1][:size]
    rec.plies += map(Ply, range(1, len(cards_played) + 1), cards_played, cards_played, lines,
                     columns, keys)
    data = rec.data
    data["_rows"] = texts
    data["play"] = play
    data["tricks_won"] = {"NS": won[0], "EW": won[1]}
    return len(leaders) - (winners[-1] is None)
