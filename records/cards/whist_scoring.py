"""Scoring of whist and bridge deals and rubbers, per variant, from the seed books' rules.

The rules are facts in data/cards/whist_scoring.json, each citing its book and line; the
functions here apply them. Sides are named by their two seats ("AB", "YZ", "WE", "THEY").
"""
from __future__ import annotations

import json
from functools import cache

from records.core.resources import data_path

HONOUR_RANKS_WHIST = "AKQJ"      # 000:282, 002:6809
HONOUR_RANKS_BRIDGE = "AKQJT"    # 002:1722, 002:2078 (Law 5)


@cache
def rules() -> dict:
    return json.loads(data_path("cards", "whist_scoring.json").read_text(encoding="utf-8"))


def whist_rules(variant: str) -> dict:
    table = rules()["whist"]
    if variant not in table:
        raise ValueError(f"unknown whist variant {variant!r} (known: {', '.join(table)})")
    return table[variant]


# -- whist --------------------------------------------------------------------------
def honours_by_side(hands: dict, seats, trump: str | None, ranks: str = HONOUR_RANKS_WHIST) -> dict:
    """How many honours of the trump suit each partnership holds."""
    sides = {seats[0] + seats[2]: 0, seats[1] + seats[3]: 0}
    if trump is None:
        return sides
    for side in sides:
        for seat in side:
            sides[side] += sum(1 for c in hands.get(seat) or () if c[0] == trump and c[1] in ranks)
    return sides


def whist_honour_points(variant: str, honours: dict, score_before: dict) -> dict:
    """Points for honours: four 4, three 2 (000:282-285); none for a side at the barred score."""
    rule = whist_rules(variant)
    table = {int(k): v for k, v in rule.get("honours", {}).items()}
    barred = rule.get("honours_do_not_count_at", [])
    return {side: (0 if score_before.get(side, 0) in barred else table.get(n, 0))
            for side, n in honours.items()}


def whist_deal_points(variant: str, tricks: dict, honours: dict, score_before: dict) -> dict:
    """Points each side scores on a deal: tricks above six, then honours.

    Tricks score before honours (000:288): when tricks take a side to game, the other side's
    honours are not scored.
    """
    rule = whist_rules(variant)
    game = rule["game"]
    by_cards = {side: max(0, n - 6) for side, n in tricks.items()}
    honour_points = whist_honour_points(variant, honours, score_before)
    out = {}
    for side in tricks:
        out[side] = {"tricks": by_cards[side], "honours": honour_points.get(side, 0)}
    for side in tricks:
        if score_before.get(side, 0) + by_cards[side] >= game:
            for other in tricks:
                if other != side:
                    out[other]["honours"] = 0
    return out


def whist_game_value(variant: str, loser_score: int) -> int:
    """A game is treble, double or single by the losers' score (002:6811, 001:1040)."""
    rule = whist_rules(variant)
    values = rule["game_values"]
    if loser_score <= rule["treble_if_losers_at"]:
        return values["treble"]
    if loser_score < rule["double_if_losers_below"]:
        return values["double"]
    return values["single"]


def whist_rubber(variant: str, games: list[tuple[str, int]]) -> dict:
    """games: (winner, losers' score) in order. Points, the rubber bonus and its value.

    002:6813: "Suppose A-B win a triple and a single to Y-Z's double ... the value of the
    rubber at 4."
    """
    rule = whist_rules(variant)
    points: dict[str, int] = {}
    wins: dict[str, int] = {}
    for winner, loser_score in games:
        points[winner] = points.get(winner, 0) + whist_game_value(variant, loser_score)
        wins[winner] = wins.get(winner, 0) + 1
    winner = next((s for s, n in wins.items() if n >= 2), None)
    if winner:
        points[winner] += rule["rubber_points"]
    sides = sorted(points, key=points.get, reverse=True)
    value = points[sides[0]] - (points[sides[1]] if len(sides) > 1 else 0)
    return {"points": points, "winner": winner, "value": value}


def duplicate_gain(tricks_first: int, tricks_overplay: int) -> int:
    """Tricks a pair gains (+) or loses (-) on one tray: its tricks with the cards at one
    table plus the tricks its team makes with the other cards at the other, against 13
    (002:6845 team whist, 002:6872 memory duplicate)."""
    return tricks_first + tricks_overplay - 13


# -- bridge (1914 Hoyle) and auction bridge -----------------------------------------
def bridge_rules(game: str = "bridge") -> dict:
    if game not in ("bridge", "auction bridge"):
        raise ValueError(f"unknown bridge game {game!r}")
    return rules()[game]


def trick_value(strain: str, doublings: int = 0, game: str = "bridge") -> int:
    """Points a trick above six is worth; each double doubles it, and doubling stops once a
    trick is worth 100 (002:1712)."""
    rule = bridge_rules(game)
    value = rule["trick_values"][strain]
    cap = rule.get("doubling_stops_at")
    for _ in range(doublings):
        if cap is not None and value >= cap:
            raise ValueError(f"no more doubling: a trick at {strain} is already worth {value}")
        value *= 2
    return value


def doubling_levels(strain: str, game: str = "bridge") -> list[int]:
    """Every value a trick at this strain can have, undoubled then each double in turn."""
    levels, doublings = [], 0
    while True:
        try:
            levels.append(trick_value(strain, doublings, game))
        except ValueError:
            return levels
        doublings += 1
        if game != "bridge" and doublings > 2:   # auction: one redouble only (002:2022)
            return levels


def possible_trick_scores(game: str = "bridge") -> set[int]:
    """Every trick score one deal can put below the line."""
    out = set()
    for strain in bridge_rules(game)["trick_values"]:
        for value in doubling_levels(strain, game):
            out.update(value * n for n in range(1, 8))
    return out


def bridge_honours(hands: dict, seats, trump: str | None, game: str = "bridge") -> dict:
    """Honour score of each side from the four hands (002:1724-1743; auction Law 6).

    With a trump: the side holding three or more of A K Q J 10 scores a multiple of the
    trick value; chicane (a hand void of trumps) is worth simple honours to its side.
    At no-trumps the aces are the honours.
    """
    rule = bridge_rules(game)
    sides = (seats[0] + seats[2], seats[1] + seats[3])
    score = {s: 0 for s in sides}
    if trump is None:
        aces = {seat: sum(1 for c in hands[seat] if c[1] == "A") for seat in seats}
        table = rule["no_trump_aces"]
        for side in sides:
            n = aces[side[0]] + aces[side[1]]
            if max(aces[side[0]], aces[side[1]]) == 4:
                score[side] = table["4 aces in one hand"]
            elif n >= 3:
                score[side] = table[f"{n} aces"]
        return score
    value = rule["trick_values"][trump]
    multiples = rule["honour_multiples"]
    held = {seat: sum(1 for c in hands[seat] if c[0] == trump and c[1] in HONOUR_RANKS_BRIDGE)
            for seat in seats}
    for side in sides:
        a, b = held[side[0]], held[side[1]]
        top, total = max(a, b), a + b
        if top == 5:
            key = "5 in one hand"
        elif top == 4:
            key = "4 in one hand, 5th in partner's" if total == 5 else "4 in one hand"
        elif total >= 3:
            key = f"{total} honours"
        else:
            continue
        score[side] = multiples[key] * value
    simple = multiples["3 honours"] * value
    for seat in seats:
        if not any(c[0] == trump for c in hands[seat]):          # chicane
            side = next(s for s in sides if seat in s)
            other = next(s for s in sides if s != side)
            if score[other]:
                score[other] -= simple
            else:
                score[side] += simple
    return score


def slam_points(tricks: int, game: str = "bridge") -> int:
    slams = bridge_rules(game)["slams"]
    return slams["grand"] if tricks == 13 else slams["little"] if tricks == 12 else 0


def possible_honour_scores(game: str = "bridge") -> set[int]:
    """Every honour-column entry one deal can give a side: honours (or chicane, or honours
    less the adversaries' chicane), plus a slam."""
    rule = bridge_rules(game)
    base = {0}
    for strain, value in rule["trick_values"].items():
        if strain == "NT":
            continue
        simple = rule["honour_multiples"]["3 honours"] * value
        for mult in rule["honour_multiples"].values():
            base.update({mult * value, mult * value + simple, mult * value - simple})
        base.add(simple)
    base.update(rule["no_trump_aces"].values())
    return {h + s for h in base for s in (0, *rule["slams"].values())} - {0}


def auction_deal_score(level: int, strain: str, doubled: int, tricks: int,
                       game: str = "auction bridge") -> dict:
    """Auction bridge (002:2028-2032, Laws 3, 47a, 48): what the declarer scores below the
    line and in honours, or what the adversaries score in penalties."""
    rule = bridge_rules(game)
    needed = 6 + level
    key = ("undoubled", "doubled", "redoubled")[doubled]
    if tricks >= needed:
        below = (tricks - 6) * rule["trick_values"][strain] * (2 ** doubled)
        bonus = 0
        if doubled:
            bonus = rule["doubled_contract_bonus"][key] + \
                rule["overtrick_bonus_when_doubled"][key] * (tricks - needed)
        return {"declarer_tricks": below, "declarer_bonus": bonus, "penalty": 0}
    penalty = rule["undertrick_penalty"][key] * (needed - tricks)
    if level == 1 and strain == "S" and doubled < 2:
        penalty = min(penalty, rule["one_spade_penalty_limit"])
    return {"declarer_tricks": 0, "declarer_bonus": 0, "penalty": penalty}
