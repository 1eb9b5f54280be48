"""Tags that contradict each other, reconciled by the one edit that makes them all agree.

Archives converted from other formats (vugraph's LIN, above all) break a record's tags in a few
consistent ways: the auction leaves out the dealer's opening passes (so it names the wrong
declarer), the Auction tag names the wrong first seat, the Declarer tag names declarer's
partner, the Contract tag drops a double, the Result counts the defenders' tricks. Each of these
is one edit. When a record's auction, contract, declarer, opening lead, result and score
disagree, every such edit is tried; the record is repaired only when exactly one edit makes
every one of them agree, and the edit is named. Several: the record needs review, each named.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from records.cards import contract as cb
from records.cards.tricks import Deal, hand_text
from records.core.model import INFO, WARNING, Record

SEATS = ("N", "E", "S", "W")
CONTRADICTIONS = ("PBN-AUCTION", "PBN-CONTRACT", "PBN-DECLARER", "PBN-LEADER", "PBN-RESULT",
                  "PBN-SCORE")


@dataclass(frozen=True)
class Facts:
    """What a record's tags and sections say, each on its own."""
    dealer: str | None
    auction_from: str | None
    calls: tuple[str, ...]
    contract: cb.Contract | None
    declarer: str | None
    leader: str | None
    won: tuple[tuple[str, int], ...] | None   # tricks by side, when the play is complete
    result: str
    vulnerable: frozenset | None
    score: str
    defenders_counted: bool = False            # the Result gives the defenders' tricks


def _declarer_tricks(facts: Facts) -> int | None:
    from records.cards.pbn_play import _result_tricks
    if not facts.declarer or facts.result in ("", "?"):
        return None
    tricks = _result_tricks(facts.result, cb.side_of(facts.declarer))
    return 13 - tricks if tricks is not None and facts.defenders_counted else tricks


def contradictions(facts: Facts) -> list[str]:
    """Which of the record's statements disagree with the others (empty: none)."""
    found = []
    contract, declarer = facts.contract, facts.declarer
    if facts.auction_from in SEATS and facts.calls and contract is not None:
        end = cb.final_contract(facts.auction_from, list(facts.calls))
        if end.problem:
            found.append("auction")
        elif end.contract != contract:
            found.append("contract")
        elif declarer and not contract.passed_out and end.declarer != declarer:
            found.append("declarer")
    if contract is None or contract.passed_out or not declarer:
        return found
    if facts.leader in SEATS and facts.leader != cb.left_of(declarer):
        found.append("leader")
    tricks = _declarer_tricks(facts)
    if tricks is not None and facts.won is not None and dict(facts.won).get(
            cb.side_of(declarer)) != tricks:
        found.append("result")
    if tricks is not None and facts.vulnerable is not None and facts.score:
        stated = cb.stated_ns_score(facts.score, declarer)
        if stated is not None and stated != cb.ns_score(contract, declarer, set(facts.vulnerable),
                                                        tricks):
            found.append("score")
    return found


def edits(facts: Facts) -> list[tuple[str, str, Facts]]:
    """Every single edit worth trying: (the tag it changes, what it says, the facts after)."""
    out = []
    for seat in SEATS:
        if facts.calls and seat != facts.auction_from:
            out.append(("Auction", _auction_edit(facts, seat), replace(facts, auction_from=seat)))
        if facts.declarer and seat != facts.declarer:
            partner = SEATS[(SEATS.index(facts.declarer) + 2) % 4] == seat
            said = (f"the Declarer tag names {facts.declarer}, declarer's partner: {seat} declares"
                    if partner else f"{seat} declares, not {facts.declarer} as the Declarer tag says")
            out.append(("Declarer", said, replace(facts, declarer=seat)))
    if facts.calls and facts.auction_from in SEATS:
        end = cb.final_contract(facts.auction_from, list(facts.calls))
        if not end.problem and end.contract != facts.contract and end.contract is not None:
            out.append(("Contract", f"the contract is {_name(end.contract)}, as the auction "
                        f"ends, not {_name(facts.contract)} as the Contract tag says",
                        replace(facts, contract=end.contract)))
    if facts.result not in ("", "?"):
        out.append(("Result", "the Result counts the defenders' tricks, not declarer's",
                    replace(facts, defenders_counted=True)))
    return out


def _name(contract: cb.Contract | None) -> str:
    if contract is None:
        return "none"
    return "Pass" if contract.passed_out else (
        f"{contract.level}{contract.strain}{'X' * contract.doubled}")


def _auction_edit(facts: Facts, seat: str) -> str:
    if facts.dealer and facts.auction_from == facts.dealer:
        first = SEATS.index(facts.dealer)
        passers = [SEATS[(first + k) % 4] for k in range((SEATS.index(seat) - first) % 4)]
        return (f"the auction leaves out the opening pass{'es' if len(passers) > 1 else ''} "
                f"of {' and '.join(passers)} (the dealer {facts.dealer} first): its first "
                f"call is {seat}'s")
    return f"the auction starts with {seat}, not {facts.auction_from} as the Auction tag says"


def reconcile(rec: Record, facts: Facts, where: dict[str, tuple[int, int]]) -> None:
    """Repair the record by the one edit that makes its statements agree, named; several such
    edits: leave it needing review, with each named. where: each tag's line and column."""
    if not contradictions(facts):
        return
    fitting = [(tag, said) for tag, said, after in edits(facts) if not contradictions(after)]
    if len(fitting) == 1:
        tag, said = fitting[0]
        rec.diagnostics = [d for d in rec.diagnostics if d.code not in CONTRADICTIONS]
        rec.add(WARNING, "PBN-RECONCILED", f"the tags contradict each other; one edit makes "
                f"them all agree: {said}", *where.get(tag, (rec.line, 1)),
                suggestion="the tags are kept as printed", repair=True)
        rec.data["reconciled"] = {"tag": tag, "edit": said}
    elif fitting:
        rec.add(INFO, "PBN-RECONCILE", "the tags contradict each other; each of these edits "
                "would make them agree: " + "; ".join(said for _, said in fitting), rec.line, 1)


PLAY_FAULTS = ("PBN-PLAY-ORDER", "PBN-LEADER")
PLAY_NOTES = PLAY_FAULTS + ("PBN-PLAY", "PBN-CARD", "PBN-RESULT")   # what reading the play says


def _play_faults(rec: Record) -> list:
    return [d for d in rec.diagnostics if d.severity != INFO and (
        d.code in PLAY_FAULTS or d.code.startswith("BRIDGE-"))]


def seat_the_hands(rec: Record, game, deal, contract, declarer: str | None) -> None:
    """A play that replays only trick by trick from other seats, or not at all, while with the
    Deal's hands given from another seat every trick replays as written: the Deal names its
    first hand wrongly. One such seating, and the play is read so, the edit named."""
    if not rec.diagnostics or deal is None or not _play_faults(rec):
        return
    from records.cards.pbn_play import read_play
    fitting = []
    for turn in (1, 2, 3):
        hands = {SEATS[(i + turn) % 4]: deal.hands[seat] for i, seat in enumerate(SEATS)}
        scratch = Record(kind="bridge", title="", source=rec.source, line=rec.line)
        read_play(scratch, game, Deal(SEATS, hands, deal.dealer), contract, declarer)
        severe = [d for d in scratch.diagnostics if d.severity != INFO]
        if not severe and len(scratch.plies) >= len(rec.plies):
            fitting.append((turn, hands, scratch))
    if len(fitting) != 1:
        return
    turn, hands, scratch = fitting[0]
    printed = game.value("Deal").strip()[:1].upper()
    seated = SEATS[(SEATS.index(printed) + turn) % 4] if printed in SEATS else "?"
    rec.diagnostics = [d for d in rec.diagnostics
                       if d.code not in PLAY_NOTES and not d.code.startswith("BRIDGE-")]
    rec.diagnostics += scratch.diagnostics
    rec.plies = scratch.plies
    for key in ("play", "tricks_won", "_rows", "claim", "declarer_tricks_played"):
        if key in scratch.data:
            rec.data[key] = scratch.data[key]
    rec.data["hands"] = {s: hand_text(frozenset(hands[s]) if hands[s] else None) for s in SEATS}
    rec.add(WARNING, "PBN-RECONCILED", f"the Deal gives its first hand as {printed}'s, but with "
            f"it given as {seated}'s every trick is played from the hands that hold the cards",
            *game.where("Deal"), suggestion="the Deal tag is kept as printed", repair=True)
    rec.data["reconciled"] = {"tag": "Deal", "edit": f"first hand {seated}"}
