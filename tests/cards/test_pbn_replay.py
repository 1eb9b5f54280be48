"""The quick replay of plain Play sections (pbn_replay) against the full reader, and the owner
of each syntax note found in linear time.

The quick path may only ever skip work: on every corpus PBN file, on the corpus play rewritten
the ways real archives write it, and on generated deals with plain, unfinished and faulty play,
the records with it and without it (the full reader alone) are the same, field by field."""
import random
import time

import pytest
from pbn_rewrite import misrecorder, mixed, rewrite

from conftest import CORPUS, ROOT, need
from records.cards import pbn, pbn_play, pbn_replay
from records.cards.tricks import DECK, sort_cards
from records.core.model import owner_by_line

SEATS = ("N", "E", "S", "W")


def snapshot(records):
    """Everything a record holds, as plain values."""
    out = []
    for rec in records:
        rec.settle_status()
        out.append((rec.title, rec.status, rec.line, rec.end_line, rec.text, rec.normal,
                    repr(rec.tags), repr(rec.data), [repr(p) for p in rec.plies],
                    [repr(d) for d in rec.diagnostics]))
    return out


def both_ways(text: str, monkeypatch) -> tuple[list, list, int]:
    """(records read with the quick path, records read by the full reader alone, how many
    Play sections the quick path replayed)."""
    taken = []
    quick = pbn_replay.replay

    def counting(*args):
        done = quick(*args)
        taken.append(done is not None)
        return done
    with monkeypatch.context() as m:
        m.setattr(pbn_play, "replay", counting)
        fast = snapshot(pbn.read(text, "x.pbn"))
    with monkeypatch.context() as m:
        m.setattr(pbn_play, "replay", lambda *args: None)
        full = snapshot(pbn.read(text, "x.pbn"))
    return fast, full, sum(taken)


def corpus_texts():
    files = sorted((CORPUS / "bridge").glob("*.pbn")) + [ROOT / "data" / "demo" / "bridge_demo.pbn"]
    return [(p.name, p.read_text(encoding="utf-8")) for p in files if p.exists()]


def test_the_corpus_reads_the_same_with_the_quick_path(monkeypatch):
    need(CORPUS / "bridge")
    texts = corpus_texts()
    assert len(texts) >= 5
    quick = 0
    for name, text in texts:
        fast, full, taken = both_ways(text, monkeypatch)
        assert fast == full, name
        quick += taken
    assert quick >= 300            # (the corpus's plain plays: nearly all of them)


@pytest.mark.parametrize("how", ["playing", "mixed", "misrecorded"])
def test_rewritten_corpus_play_reads_the_same(monkeypatch, how):
    for name in ("eytc1998_vienna_80_boards.pbn", "realbridge_2021_online_qual_open_r2.pbn"):
        text = need(CORPUS / "bridge" / name).read_text(encoding="utf-8")
        records = pbn.read(text, name)
        if how == "playing":
            text = rewrite(text, records, lambda n: "playing")
        elif how == "mixed":
            text = rewrite(text, records, mixed(5))
        else:
            text = rewrite(text, records, lambda n: "seat", misrecorder(5))
        fast, full, _ = both_ways(text, monkeypatch)
        assert fast == full, (name, how)


# -- generated deals ---------------------------------------------------------------------------
def generated_game(rng: random.Random, board: int) -> str:
    """One PBN game: a random deal and contract, and a play of some tricks in which each card
    is usually legal, sometimes a renounce, a card of another hand, or a card played twice;
    rows in seat order or playing order, an unfinished last trick written with dashes, a few
    annotations, odd spacing, a Result that may be wrong."""
    deck = sorted(DECK)
    rng.shuffle(deck)
    hands = {s: set(deck[13 * k:13 * k + 13]) for k, s in enumerate(SEATS)}
    deal = "N:" + " ".join(".".join("".join(c[1] for c in sort_cards(h) if c[0] == suit)
                                    for suit in "SHDC") for h in (hands[s] for s in SEATS))
    declarer = rng.choice(SEATS)
    first = SEATS[(SEATS.index(declarer) + 1) % 4] if rng.random() < 0.9 else rng.choice(SEATS)
    strain = rng.choice(["S", "H", "D", "C", "NT"])
    contract = f"{rng.randint(1, 7)}{strain}{rng.choice(['', '', 'X'])}"
    trump = None if strain == "NT" else strain
    held = {s: set(h) for s, h in hands.items()}
    leader, rows, won = first, [], {"NS": 0, "EW": 0}
    playing_order = rng.random() < 0.15
    tricks = rng.choice([13, 13, 13, rng.randint(0, 13)])
    for number in range(1, tricks + 1):
        lead_i = SEATS.index(leader)
        order = []
        stop = rng.randint(1, 3) if number == tricks and tricks < 13 and rng.random() < 0.5 else 4
        for k in range(stop):
            seat = SEATS[(lead_i + k) % 4]
            hand = held[seat]
            follow = [c for c in hand if order and c[0] == order[0][0]]
            fault = rng.random()
            if fault < 0.004:
                card = rng.choice(sorted(DECK - hand))            # not held, or played before
            elif fault < 0.008 and follow and len(hand) > len(follow):
                card = rng.choice(sorted(hand - set(follow)))     # a renounce
            else:
                card = rng.choice(sorted(follow or hand))
            hand.discard(card)
            order.append(card)
        by_seat = {SEATS[(lead_i + k) % 4]: c for k, c in enumerate(order)}
        start = SEATS.index(leader if playing_order else first)
        rows.append([by_seat.get(SEATS[(start + k) % 4], "-") for k in range(4)])
        if len(order) < 4:
            break
        best = 0
        for k in range(1, 4):
            card, top = order[k], order[best]
            if (card[0] == top[0] and "23456789TJQKA".index(card[1]) > "23456789TJQKA".index(top[1])) \
                    or (card[0] == trump and top[0] != trump):
                best = k
        leader = SEATS[(lead_i + best) % 4]
        won["NS" if leader in "NS" else "EW"] += 1
    made = won["NS" if declarer in "NS" else "EW"]
    result = made if rng.random() < 0.9 else rng.randint(0, 13)
    lines = ['[Event "generated"]', f'[Board "{board}"]', f'[Dealer "{rng.choice(SEATS)}"]',
             f'[Vulnerable "{rng.choice(["None", "NS", "EW", "All"])}"]', f'[Deal "{deal}"]',
             f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', f'[Result "{result}"]',
             f'[Play "{first}"]']
    for row in rows:
        if rng.random() < 0.02:
            row = row + [rng.choice(["!", "=1=", "$2"])]
        gap = "  " if rng.random() < 0.05 else " "
        lines.append(gap.join(row) + (" " if rng.random() < 0.05 else ""))
    if len(rows) < 13 or "-" in rows[-1]:
        lines.append("*")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(4))
def test_generated_deals_read_the_same_with_the_quick_path(monkeypatch, seed):
    rng = random.Random(seed)
    text = "\n".join(generated_game(rng, n) for n in range(1, 151))
    fast, full, taken = both_ways(text, monkeypatch)
    assert len(fast) == 150
    assert fast == full
    assert 30 <= taken < 150       # both paths are exercised


# -- the owner of each syntax note -------------------------------------------------------------
class Counted:
    """A record stand-in that counts how often its lines are read."""
    reads = 0

    def __init__(self, line: int, end_line: int):
        self._line, self._end = line, end_line

    @property
    def line(self):
        Counted.reads += 1
        return self._line

    @property
    def end_line(self):
        Counted.reads += 1
        return self._end


def scanned_owner(records, line):
    """The rule as the reader states it, by scanning."""
    owner = next((r for r in records if r.line <= line <= r.end_line), None)
    if owner is None:
        owner = next((r for r in reversed(records) if r.line <= line), records[0])
    return owner


def test_note_owners_follow_the_rule_and_read_each_record_once():
    rng = random.Random(3)
    for _ in range(200):
        records, line = [], rng.randint(1, 5)
        for _ in range(rng.randint(1, 12)):
            end = line + rng.randint(0, 6) + (rng.randint(0, 20) if rng.random() < 0.1 else 0)
            records.append(Counted(line, end))    # (a range may run over the next one's)
            line += rng.randint(0, 8)
        owner_of = owner_by_line(records)
        for probe in range(line + 10):
            assert owner_of(probe) is scanned_owner(records, probe)
    records = [Counted(10 * k + 1, 10 * k + 8) for k in range(5000)]
    Counted.reads = 0
    owner_of = owner_by_line(records)
    for probe in range(0, 50_000, 5):
        owner_of(probe)
    assert Counted.reads <= 3 * len(records)      # linear: not records x notes


def test_a_file_with_many_notes_reads_in_linear_time():
    def game(n: int) -> str:
        return (f'[Event "e"]\n[Board "{n}"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ '
                f'765.432.AKQJ.T98 432.AKQJ.T98.765"]\n}} stray {n}\n')

    def seconds(count: int) -> float:
        text = "\n".join(game(n) for n in range(count))
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            records = pbn.read(text, "notes.pbn")
            best = min(best, time.process_time() - start)
        assert len(records) == count
        assert all(sum(d.code == "PBN-SYNTAX" for d in r.diagnostics) == 1 for r in records)
        return best
    small, large = seconds(1000), seconds(8000)
    assert large < 8 * small * 2.5     # 8x the notes and games: about 8x the time, not 64x
