"""Cribbage scoring speed: the full distribution and single hands.

The anchor is the plain way, measured in the same run: score every (hand, starter) deal one by
one with the same exact scorer. It is timed on a sample and scaled to all 12,994,800 deals;
the distribution over rank patterns must beat it many times over and finish under 10 s.

Run with: python -m pytest tests/benchmarks -m benchmark -s
"""
import random
import time
from collections import Counter
from itertools import islice

import pytest

from records.cribbage import engine as crib

DEALS = 12_994_800
SAMPLE = 100_000


def pack() -> list[crib.Card]:
    return [crib.Card(rank, suit) for rank in range(1, 14) for suit in crib.SUITS]


def random_deals(n: int, seed: int = 4) -> list[tuple[list[crib.Card], crib.Card]]:
    rng = random.Random(seed)
    cards = pack()
    out = []
    for _ in range(n):
        five = rng.sample(cards, 5)
        out.append((five[:4], five[4]))
    return out


@pytest.mark.benchmark
def test_distribution_beats_a_per_hand_loop():
    deals = random_deals(SAMPLE)
    started = time.perf_counter()
    anchor = Counter(crib.score_total(hand, starter) for hand, starter in deals)
    per_hand = (time.perf_counter() - started) / SAMPLE
    anchor_estimate = per_hand * DEALS

    crib._rank_points.cache_clear()
    started = time.perf_counter()
    dist = crib.distribution()
    took = time.perf_counter() - started
    started = time.perf_counter()
    crib.distribution(crib=True)
    took_crib_warm = time.perf_counter() - started

    assert sum(dist.values()) == DEALS
    # the sample is drawn from the same deals, so its shares are close to the exact ones
    assert abs(anchor[0] / SAMPLE - dist[0] / DEALS) < 0.01
    ratio = anchor_estimate / took
    print(f"\ncribbage distribution: {took:.3f} s cold, crib {took_crib_warm:.3f} s warm; "
          f"per-hand loop: {per_hand * 1e6:.1f} us/deal -> {anchor_estimate:.0f} s for all "
          f"{DEALS:,} deals; ratio {ratio:.0f}x")
    assert took < 10
    assert ratio > 20


@pytest.mark.benchmark
def test_single_hand_scoring_speed():
    deals = random_deals(20_000, seed=7)
    started = time.perf_counter()
    for hand, starter in deals:
        crib.score(hand, starter)
    itemised = time.perf_counter() - started
    started = time.perf_counter()
    for hand, starter in islice(deals, 2_000):
        crib.count_cards(" ".join(map(str, hand)), str(starter))
    typed = (time.perf_counter() - started) / 2_000 * len(deals)
    print(f"\nsingle hands, itemised: {len(deals) / itemised:,.0f} hands/s;"
          f" from typed text (grammar + count): {len(deals) / typed:,.0f} hands/s;"
          f" parsing costs {typed / itemised:.1f}x the count")
    assert len(deals) / itemised > 5_000
