"""Whist deals in PBN read back: a game hoyle wrote with [HoyleKind "whist"] (pbn_whist) is
read as the whist deal it was, its hands, printed tricks, score and claim replayed and checked
by the whist rules (deal_play.deal_record), not as a bridge deal without a contract. The Play
section's rows are in seat order from its first seat, as PBN writes them: the trick engine
finds each leader (RawDeal.seat_rows). Loaded only when such a game is read (with the card
grammar under raw_deals)."""
from __future__ import annotations

from records.cards.deal_play import deal_record
from records.cards.pbn_play import _tokens
from records.cards.pbn_replay import CARD, CODE
from records.cards.pbn_whist import COMPASS, KIND_TAG, NAMES, SEATS_TAG
from records.cards.raw_deals import RawDeal, RawTrick, Token
from records.cards.tricks import RANKS
from records.core import interchange
from records.core.model import Record


def whist_record(game, path: str, lines: list[str]) -> Record:
    """The whist deal a game hoyle wrote gives, replayed by the whist rules; a single hand
    (one seat's cards in [Deal], the others "-") is the hand record it was."""
    raw = raw_deal(game, lines)
    if len(raw.hands) == 1 and not raw.problems and not game.data.get("Play"):
        return _hand_record(game, path, next(iter(raw.hands.values())))
    rec = deal_record(raw, path, variant=game.value("Scoring").strip() or "short whist",
                      event=game.value("Event").strip() or "whist", kind="whist")
    rec.tags.update({name: value for name, value in game.tags.items()
                     if interchange.is_hoyle(name) and name not in (KIND_TAG, SEATS_TAG)})
    return rec


def _hand_record(game, path: str, cards: list) -> Record:
    from records.cards.raw_deals import RawHand
    from records.cards.whist import hand_record
    rec = hand_record(RawHand(cards, game.line, game.value("Board").strip()), path)
    rec.tags["Event"] = game.value("Event").strip() or rec.tags["Event"]
    rec.tags.update({name: value for name, value in game.tags.items()
                     if interchange.is_hoyle(name) and name not in (KIND_TAG, SEATS_TAG)})
    return rec


def raw_deal(game, lines: list[str]):
    """The game as a printed deal (a RawDeal): hands from [Deal], tricks from the Play
    section's rows."""
    seats, at_compass = _seats(game)
    raw = RawDeal(title=game.value("Board").strip() or "1", subtitle="", line=game.line,
                  end_line=game.end_line,
                  text="\n".join(lines[game.line - 1:game.end_line]), seats=tuple(seats))
    raw.hands, raw.hand_lines, raw.problems = _hands(game, lines, at_compass)
    raw.dealer = at_compass.get(game.value("Dealer").strip().upper()[:1], "")
    first = at_compass.get(game.value("Play").strip().upper()[:1])
    if first:
        raw.first_leader = first
    elif raw.dealer:
        raw.first_leader = seats[(seats.index(raw.dealer) + 1) % 4]
    raw.leader_said, raw.leaders_printed = True, False
    raw.trump = game.value("Trumps").strip().upper()[:1] or None
    raw.turnup = _tag_token(game, lines, "TurnUp")
    if raw.turnup is not None:
        raw.turnup.value = _card(raw.turnup.text)
    raw.score = _tag_token(game, lines, "WhistScore")
    raw.result = _tag_token(game, lines, "WhistResult")
    if first:
        raw.seat_rows = tuple(_clockwise_from(seats, first))
        raw.tricks = _tricks(game.data.get("Play", []), raw.problems)
    return raw


def _seats(game) -> tuple[list[str], dict]:
    """The deal's seats clockwise from its first, and the seat at each compass point: the
    players' names where each names one seat (whist's A, Y, B, Z), else the compass points;
    [HoyleSeats] gives the first seat where it is not North's."""
    names = [game.value(name).strip() for name in NAMES]
    if not (all(names) and "?" not in names and len(set(names)) == 4
            and not any(" " in name for name in names)):
        names = list(COMPASS)
    named = game.value(SEATS_TAG).split()
    if len(named) == 4 and set(named) == set(names):
        return _clockwise_from(names, named[0]), dict(zip(COMPASS, names))
    return names, dict(zip(COMPASS, names))


def _hands(game, lines: list[str], at_compass: dict) -> tuple[dict, dict, list]:
    """Each seat's cards as tokens at their columns in the [Deal] tag; what does not read."""
    value, line, column = _value_at(game, lines, "Deal")
    hands: dict = {}
    hand_lines: dict = {}
    problems: list = []
    first, colon, rest = value.partition(":")
    if not colon or first.strip().upper() not in COMPASS:
        problems.append(Token(f"the Deal {value!r} does not start with a seat (N:, E:, S: or W:)",
                              line, column))
        return hands, hand_lines, problems
    start = COMPASS.index(first.strip().upper())
    offset = len(first) + 1
    parts = rest.split(" ")
    k = 0
    for part in parts:
        if part and k < 4:
            seat = at_compass[COMPASS[(start + k) % 4]]
            if part not in ("-", "?"):
                hands[seat] = _hand(part, line, column + offset, problems)
                hand_lines[seat] = line
            k += 1
        offset += len(part) + 1
    if k != 4:
        problems.append(Token(f"the Deal has {k} hands, not 4", line, column))
    return hands, hand_lines, problems


def _hand(text: str, line: int, column: int, problems: list) -> list:
    cards: list = []
    suits = text.split(".")
    if len(suits) != 4:
        problems.append(Token(f"the hand {text!r} has {len(suits)} suits, not 4", line, column))
    at = column
    for suit, holding in zip("SHDC", suits):
        for rank in holding:
            if rank.upper() in RANKS:
                cards.append(Token(rank, line, at, suit + rank.upper()))
            else:
                problems.append(Token(f"{rank!r} in the hand {text!r} is not a rank", line, at))
            at += 1
        at += 1
    return cards


def _tricks(items, problems: list) -> list:
    """The Play section's rows of four (a `-` where a trick stopped), to the `*` or the end;
    a word that is no card is a problem (and stops its trick)."""
    rows: list[list] = []
    for word, line, col in _tokens(items):
        if word == "*":
            break
        if not rows or len(rows[-1]) == 4:
            rows.append([])
        value = "" if word == "-" else _card(word)
        if not value and word != "-":
            problems.append(Token(f"{word!r} in the Play section is not a card", line, col))
        rows[-1].append(Token(word, line, col, value))
    return _as_tricks(rows)


def _as_tricks(rows: list[list]) -> list:
    tricks = []
    for n, row in enumerate(rows, 1):
        cards = row if all(t.value for t in row) else row[:next(i for i, t in enumerate(row)
                                                              if not t.value)]
        tricks.append(RawTrick(number=Token(str(n), row[0].line, row[0].column), seats=[],
                               leader=None, cards=cards, count={}, line=row[0].line,
                               end_line=row[0].line))
    return [t for t in tricks if t.cards]


def _card(text: str) -> str:
    """A card as PBN writes it ("SA", "S10") -> "SA"; "" for anything else."""
    code = CODE.get(text.strip())
    return CARD[code] if code is not None else ""


def _value_at(game, lines: list[str], name: str) -> tuple[str, int, int]:
    """A tag's value and the line and column where the value starts."""
    value = game.value(name)
    line, column = game.where(name)
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    quote = text.find('"', column - 1)
    return value, line, (quote + 2 if quote >= 0 else column)


def _tag_token(game, lines: list[str], name: str) -> object:
    value, line, column = _value_at(game, lines, name)
    return Token(value, line, column) if value.strip() else None


def _clockwise_from(seats: list[str], first: str) -> list[str]:
    k = seats.index(first)
    return seats[k:] + seats[:k]
