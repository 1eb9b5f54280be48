"""The whist and bridge layout zoo: random deals played out legally, printed in every layout the
project knows (tests/layouts/cards_printer.py) and each vocabulary, read back card for card
(hands, every trick's leader, cards and winner, the trump, bridge or whist) with no false
alarm and no record found in the prose around them; a misprinted card or a revoke planted in
a trick is flagged at its line. Fixed seeds here; `-m benchmark` runs every layout in every
vocabulary from a fresh seed, printed on failure."""
import os
import random
import re
import textwrap
import time

import pytest
from cards_printer import (AYBZ, BLOCK_LAYOUTS, LAYOUTS, NESW, VOCAB, VOCABS, compass, hand_list,
                           make_deal, print_deal)

from records.cards import whist
from records.cards.tricks import sort_cards

SEEDS = (0, 1)
BLOCK_HANDS = ("one hand, the others after", "seat table after")


def _read(printed):
    return whist.scan_cards(printed.text, "zoo.txt")


def _alarms(rec):
    return [d.format() for d in rec.diagnostics if d.severity != "info"]


def check_read_back(layout, vocab, seed):
    printed, _ = print_deal(layout, vocab, seed)
    records = _read(printed)
    why = f"{layout.name} / {vocab.name} / seed {seed}\n{printed.text}"
    assert [r.data.get("type") for r in records] == ["deal"] * layout.deals, why
    for rec, deal in zip(records, printed.deals):
        assert rec.kind == deal.kind and rec.status == "valid" and not _alarms(rec), \
            (_alarms(rec), why)
        hands = rec.data["book_hands"] if rec.kind == "bridge" else rec.data["hands"]
        assert hands == {s: sort_cards(deal.hands[s]) for s in deal.seats}, why
        assert rec.data["trump"] == deal.trump, why
        played = [(t["leader"], t["cards"], t["winner"]) for t in rec.data["tricks"]]
        expected = [(leader, [c for _, c in deal.cards_in_order(n)], winner)
                    for n, (leader, _, winner) in enumerate(deal.tricks)]
        assert played == expected, why
        in_order = [card for _, cards, _ in expected for card in cards]   # the moves: as played
        assert [p.normal for p in rec.plies] == in_order[:len(rec.plies)] and rec.plies, why
        named = " ".join(d.message for d in rec.diagnostics if d.code == "LAYOUT")
        assert named, why
        if layout.hands in BLOCK_HANDS:    # a trick a block: the marks' meaning named
            meaning = "winner" if seed % 2 else "leader"
            assert f"a trick a block, marks on the {meaning}" in named, (named, why)
        elif layout.hands:      # the hands printed were read, not made up from the play
            assert "hands as labelled" in named or "the diagram with" in named, (named, why)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda x: x.name)
def test_every_layout_reads_back_card_for_card(layout, seed):
    check_read_back(layout, VOCAB[layout.vocabs[seed % len(layout.vocabs)]], seed)


def test_a_rank_alone_led_in_two_suits_no_one_follows_takes_the_marked_winners_suit():
    """Seed 306: Y leads `[4]` holding the four of spades and of hearts, and no one can
    follow either suit: the spade was taken (the suit most played to the trick), B's knave of
    spades then won it against the book's mark on Y, and the count of tricks went wrong. Of
    two suits that fit, the one that lets the marked seat win is the card."""
    layout = next(x for x in LAYOUTS if x.name.startswith("numbered hands, the winner's rank"))
    check_read_back(layout, VOCAB[layout.vocabs[306 % len(layout.vocabs)]], 306)


@pytest.mark.parametrize("seed", [8007, 8011, 8017, 8023])
def test_a_void_printed_after_the_seat_a_is_no_ace(seed):
    """`A:  ♠  ♥ Knv 9 7 5 4 3 ...`: A void in spades, its suit mark alone. The seat `A:` before
    it was taken for an ace printed before its suit (`A      ♠`), the hands did not add up and
    were made from the play instead, and the ranks printed alone in the table were then given
    the wrong suits: `needs_review`, a dozen errors. A seat label with its colon is a seat."""
    layout = next(x for x in LAYOUTS if x.name.startswith("numbered hands, the winner's rank"))
    vocab = next(v for v in VOCABS if v.name == "old abbreviations")
    for s in range(seed, seed + 3):
        check_read_back(layout, vocab, s)


def test_every_vocabulary_is_printed_by_some_layout():
    used = {v for layout in LAYOUTS for v in layout.vocabs}
    assert used == set(VOCAB)
    assert len(LAYOUTS) >= 12


def check_misprint(layout, vocab, seed, kind):
    printed, line = print_deal(layout, vocab, seed, misprint=kind)
    assert line is not None
    records = [r for r in _read(printed) if r.data.get("type") == "deal"]
    why = f"{layout.name} / {vocab.name} / seed {seed} / {kind} at line {line + 1}\n{printed.text}"
    assert len(records) == layout.deals, why
    rec = records[0]
    assert rec.status != "valid", why
    lines = {d.line for d in rec.diagnostics if d.severity != "info"}
    assert line + 1 in lines, ([d.format() for d in rec.diagnostics], why)


@pytest.mark.parametrize("kind", ["card", "revoke"])
@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda x: x.name)
def test_a_planted_misprint_is_flagged_at_its_line(layout, kind):
    check_misprint(layout, VOCAB[layout.vocabs[0]], 7, kind)


@pytest.mark.parametrize("seed", (3, 4, 5, 6))
@pytest.mark.parametrize("layout", [x for x in LAYOUTS if x.deals == 1], ids=lambda x: x.name)
def test_a_false_claim_of_tricks_is_flagged_at_its_line(layout, seed):
    """Every printed deal says what the sides took (true, so no alarm above); a false one is."""
    check_misprint(layout, VOCAB[layout.vocabs[0]], seed, "claim")


PROSE = """Whist is played by four persons, two against two. A leads the king of hearts
and Y plays the 2♥, B the 5♥ and Z the ace of hearts; with K♠ Q♠ J♠ 10♠ in hand, play the
king first, then the queen. Hands such as ♡ J 8 6 4 2; ♣ K 3 2; ♢ 10 9 2; ♠ 7 5 lead trumps.
The leads are: from A K Q J 10, the ace; from K Q J 10 9, the king, 10♢ 9♢ 8♢ 7♢.

  Table of leads:  A K 5 3   K Q J 4   Q J 10 9   J 10 9 8
"""


TOLD = """In such a case A leads the K♠; Y plays the 2♠, B the 5♠ and Z the 3♠.
Then A leads the Q♠; Y plays the 4♠, B the 6♠ and Z the 7♠.
And A leads the J♠; Y plays the 8♠, B the 9♠ and Z the 10♠.
"""


def test_no_records_are_found_in_prose():
    assert [r.title for r in whist.scan_cards(PROSE * 3, "prose.txt")] == []
    # three tricks told of no deal: an example in the text, not a record
    assert [r.title for r in whist.scan_cards(PROSE + TOLD + PROSE, "prose.txt")] == []


@pytest.mark.benchmark
def test_zoo_at_large_from_a_fresh_seed():
    seed = int(os.environ.get("HOYLE_ZOO_SEED", random.randrange(10 ** 6)))
    print(f"\ncards zoo seed {seed}")
    started, count = time.perf_counter(), 0
    for layout in LAYOUTS:
        for k, vocab in enumerate(v for v in VOCABS if v.name in layout.vocabs):
            check_read_back(layout, vocab, seed + k)
            check_misprint(layout, vocab, seed + k, "card")
            if layout.deals == 1:
                check_misprint(layout, vocab, seed + k, "claim")
            count += 1
    print(f"{count} printed deals and their misprints read in {time.perf_counter() - started:.1f} s")


def test_damaged_prints_are_read_without_a_crash():
    """Zoo prints with characters dropped, added and changed at random (OCR at its worst):
    whatever is read, nothing raises."""
    rng = random.Random(9)
    for k in range(40):
        layout = rng.choice(LAYOUTS)
        printed, _ = print_deal(layout, VOCAB[rng.choice(layout.vocabs)], k)
        text = list(printed.text)
        for _ in range(rng.randrange(1, 30)):
            i = rng.randrange(len(text))
            if rng.random() < 0.5:
                del text[i]
            else:
                text.insert(i, rng.choice("♠♥♦♣[]()_*|-+ \nAKQJT1023456789SHDCYBZNEW"))
        for rec in whist.scan_cards("".join(text), f"damaged{k}.txt"):
            assert rec.status in ("valid", "repaired", "needs_review", "invalid")


def test_trick_headings_in_every_wording_are_read_with_their_number():
    from records.cards.trick_prose import trick_heading, trick_won
    from cards_printer import HEADINGS
    for form in HEADINGS.values():
        assert [trick_heading(form(n))[0] for n in range(1, 14)] == list(range(1, 14)), form(1)
    for prose in ("A leads for the first trick.", "TRICK 1.  Y B Z A", "Trick 14", "tricks",
                  "The first trick is won by A."):
        assert trick_heading(prose) is None, prose
    assert trick_won("TRICK 13.--A makes the king of diamonds")[:2] == (13, "A")
    assert trick_won("Thirteenth Trick: won by North with the ace of spades")[:2] == (13, "N")


def _block_record(layout, seed, drop_words=False):
    printed, _ = print_deal(layout, VOCAB[layout.vocabs[0]], seed)
    text = printed.text
    if drop_words:          # nothing says who leads first
        text = re.sub(r" ?\w+ leads( for the first trick)?\.", "", text)
    (rec,) = [r for r in whist.scan_cards(text, "zoo.txt") if r.data.get("type") == "deal"]
    return printed, rec


@pytest.mark.parametrize("seed", (0, 1))
def test_the_marks_meaning_is_the_one_that_replays_and_the_other_is_not_taken(seed):
    """Marks on the leader (even seed) or the winner (odd): the other meaning does not replay,
    so the record names the right one and is valid."""
    from records.cards.trick_blocks import read_marks
    from records.cards.trick_blocks import find_trick_blocks
    layout = BLOCK_LAYOUTS[4]                      # marks on the cards
    printed, rec = _block_record(layout, seed)
    (raw,) = find_trick_blocks(printed.text)
    choice = read_marks(raw)
    meaning = "winner" if seed % 2 else "leader"
    assert [r.start[0] for r in choice.readings if r.replay.whole] == [meaning]
    assert choice.best.start[0] == meaning
    assert rec.status == "valid"


def test_an_open_first_leader_is_tried_from_every_seat_and_never_guessed():
    """North, East, South, West and marks on the winner, with no words saying who leads: each
    seat is tried; one that replays is named, several leave the record needing review (when
    the first trick's four cards are of one suit, any seat may have led it)."""
    layout = next(x for x in BLOCK_LAYOUTS if x.seats == ("N", "E", "S", "W"))
    for seed in (1, 3, 5):
        printed, rec = _block_record(layout, seed, drop_words=True)
        deal = printed.deals[0]
        named = [d.message for d in rec.diagnostics if d.code == "LAYOUT"]
        assert f"{deal.leader} leads" in " ".join(named), named   # the true one among them
        if rec.status == "valid":
            assert f"{deal.leader} leads" in named[0], named
            assert [t["leader"] for t in rec.data["tricks"]][0] == deal.leader
        else:
            assert any("readings of the tricks replay every card" in m for m in named), named


def _hands_only(seed: int, style: str, move_a_card: bool):
    """A random deal's hands alone, in a compass or a hand a line, holdings in `style`; with
    move_a_card, one card printed in the next hand (a misprint: 14 and 12 cards)."""
    rng = random.Random(seed)
    seats = (NESW, AYBZ)[seed % 2]
    deal = make_deal(rng, seats, "whist")
    moved = None
    if move_a_card:
        giver, taker = rng.sample(seats, 2)
        card = rng.choice(deal.hands[giver])
        deal.hands[giver].remove(card)
        deal.hands[taker].append(card)
        moved = (giver, taker)
    vocab = VOCAB["letters, 10"]
    lines = (compass(deal, vocab, style, "none") if seed % 3 else hand_list(deal, vocab, style))
    return deal, "HAND No. 1.\n\n" + "\n".join(lines) + "\n", moved


@pytest.mark.parametrize("style", ["dash", "em dash"])
@pytest.mark.parametrize("seed", range(6))
def test_hands_printed_with_dashes_are_read(seed, style):
    """"S--A, K, 4." and "S\u2014A, K, 4.": the suit letter and a dash (Gutenberg's em dash)."""
    deal, text, _ = _hands_only(seed, style, False)
    (rec,) = whist.scan_cards(text, "hands.txt")
    assert rec.status == "valid" and rec.data["hands"] == {
        s: sort_cards(deal.hands[s]) for s in deal.seats}, text


@pytest.mark.parametrize("seed", range(8))
def test_a_card_printed_in_the_wrong_hand_keeps_the_deal_for_review(seed):
    """Four hands of 14, 13, 13 and 12 cards are a deal with a card misplaced: one record that
    needs review, the two hands' sizes named at their lines; never one hand read alone as
    valid and the other three dropped."""
    deal, text, (giver, taker) = _hands_only(seed, ("letter", "glyph", "dash")[seed % 3], True)
    records = whist.scan_cards(text, "hands.txt")
    assert [r.data.get("type") for r in records] == ["deal"], text
    (rec,) = records
    sizes = sorted(d.message for d in rec.diagnostics if d.code == "WHIST-DEAL")
    assert rec.status == "needs_review", text
    assert sizes == sorted([f"{giver}'s hand has 12 cards, not 13",
                            f"{taker}'s hand has 14 cards, not 13"]), (sizes, text)
    lines = text.split("\n")
    for d in rec.diagnostics:
        if d.code == "WHIST-DEAL":
            assert lines[d.line - 1][d.column - 1:].split(",")[0].strip("♠♥♦♣SHDC:-— ."), text


@pytest.mark.parametrize("seed", range(8))
def test_a_holding_that_cannot_be_read_is_named_and_the_hand_taken_from_the_rest(seed, monkeypatch):
    """One holding garbled (a ten misread as "1O", or a "~"): a "1O" is the known OCR
    confusion of a ten, read as the ten and said (WHIST-OCR); past a "~" the other three hands
    are whole, so the fourth can only be the 13 cards they lack; it is taken so, as a named
    repair at the garbled hand (never silently, and never a valid record that ignores what it
    printed)."""
    import cards_printer
    rng = random.Random(100 + seed)
    seats = (NESW, AYBZ)[seed % 2]
    deal = make_deal(rng, seats, "whist")
    seat = rng.choice(seats)
    suit = rng.choice(sorted({c[0] for c in deal.hands[seat]}))
    printed = cards_printer.holding

    def garbled(cards, of_suit, vocab, style):
        text = printed(cards, of_suit, vocab, style)
        if cards is deal.hands[seat] and of_suit == suit:
            text = text.replace("10", "1O") if "10" in text else text + " ~"
        return text
    monkeypatch.setattr(cards_printer, "holding", garbled)
    style = ("glyph", "letter", "dash")[seed % 3]
    vocab = VOCAB["letters, 10"]
    lines = compass(deal, vocab, style, "none") if seed % 4 else hand_list(deal, vocab, style)
    text = "HAND No. 1.\n\n" + "\n".join(lines) + "\n"
    records = whist.scan_cards(text, "hands.txt")
    assert [r.data.get("type") for r in records] == ["deal"], text
    (rec,) = records
    ocr = "1O" in text
    unread = [d for d in rec.diagnostics if d.code == ("WHIST-OCR" if ocr else "WHIST-HAND-UNREAD")]
    assert rec.status == "repaired" and len(unread) == 1, ([d.format() for d in rec.diagnostics], text)
    if ocr:
        assert unread[0].message.startswith('"1O" in a hand read as "10"'), unread[0].message
        assert text.split("\n")[unread[0].line - 1][unread[0].column - 1:].startswith("1O")
    else:
        assert unread[0].message.startswith(f"{seat}'s hand prints "), (unread[0].message, text)
    assert rec.data["hands"] == {s: sort_cards(deal.hands[s]) for s in seats}, text


STRAIN_FORMS = {"C": ("♣", "C", "club"), "D": ("♦", "D", "diamond"), "H": ("♥", "H", "heart"),
                "S": ("♠", "S", "spade"), "NT": ("NT", "N.T.", "no trump")}


def _random_auction(rng: random.Random) -> list[str]:
    """A legal auction in PBN calls: bids going up, doubles and redoubles where allowed."""
    calls, level, strain_i = [], 0, -1
    strains = ["C", "D", "H", "S", "NT"]
    while rng.random() < 0.3 and len(calls) < 3:   # passes before the opening bid (a fourth
        calls.append("Pass")                          # would pass the deal out)
    for _ in range(rng.randrange(1, 7)):
        key = level * 5 + strain_i + rng.randrange(1, 4)
        if key >= 35:
            break
        level, strain_i = divmod(key, 5)
        calls.append(f"{level + 1}{strains[strain_i]}")
        if rng.random() < 0.25:         # the next seat doubles, perhaps redoubled
            calls.append("X")
            if rng.random() < 0.4:
                calls.append("XX")
        elif rng.random() < 0.5 and _ < 5:
            calls.append("Pass")
    while calls[-1] == "Pass":          # the three passes that end it follow the last call
        calls.pop()
    return calls + ["Pass"] * 3


def _auction_table(calls: list[str], dealer: str, rng: random.Random, first: str) -> list[str]:
    """The calls under the seats (from `first`, clockwise), a dash for those before the
    dealer, in one of a book's spellings; `All pass` ends it, or the passes are printed."""
    order = "NESW"[("NESW".index(first)):] + "NESW"[:"NESW".index(first)]
    words = rng.choice([("NORTH", "EAST", "SOUTH", "WEST"), ("North", "East", "South", "West"),
                        ("N", "E", "S", "W")])
    form = rng.randrange(3)
    names = {"Pass": rng.choice(["Pass", "No bid", "pass"]), "X": rng.choice(["Dbl", "Double", "X"]),
             "XX": rng.choice(["Rdbl", "Redouble", "XX"])}
    printed = [names.get(c) or f"{c[0]} {STRAIN_FORMS[c[1:]][form]}" + ("s" if form == 2 and c[0] != "1"
                                                                         and c[1:] != "NT" else "")
               for c in calls]
    if rng.random() < 0.5 and calls[-3:] == ["Pass"] * 3 and any(c[0].isdigit() for c in calls[:-3]):
        printed = printed[:-3] + ["All pass"]
    cells = ["—"] * order.index(dealer) + printed
    width = 12
    lines = ["".join(f"{words['NESW'.index(s)]:<{width}}" for s in order).rstrip()]
    for r in range(0, len(cells), 4):
        lines.append("".join(f"{c:<{width}}" for c in cells[r:r + 4]).rstrip())
    return lines


@pytest.mark.parametrize("seed", range(12))
def test_an_auction_table_gives_the_dealer_contract_and_declarer(seed):
    """A random legal auction printed as a table under the seats (any seat first, dashes before
    the dealer, calls in a book's spellings, `All pass` or the passes) beneath a deal's
    diagram: the record keeps the calls, the first caller deals, and the contract and its
    declarer are the auction's; its PBN says so."""
    from records.cards.contract import final_contract
    rng = random.Random(seed)
    deal = make_deal(rng, NESW, "bridge")
    calls = _random_auction(rng)
    dealer = rng.choice("NESW")
    end = final_contract(dealer, calls)
    assert not end.problem, calls
    table = _auction_table(calls, dealer, rng, rng.choice("NESW"))
    text = ("DEAL 1.\n\n" + "\n".join(compass(deal, VOCAB["glyphs, 10"], "glyph", "none", words=True))
            + "\nThe bidding:\n\n" + "\n".join(table) + "\n")
    records = whist.scan_cards(text, "auction.txt")
    assert [r.kind for r in records] == ["bridge"], text
    (rec,) = records
    assert rec.status == "valid", ([d.format() for d in rec.diagnostics], text)
    assert rec.data["auction"] == calls and rec.data["auction_from"] == dealer, text
    assert rec.tags["Dealer"] == dealer and rec.tags["Contract"] == str(end.contract), text
    assert rec.tags.get("Declarer") == end.declarer, text
    assert f'[Auction "{dealer}"]' in rec.normal and f'[Contract "{end.contract}"]' in rec.normal
    assert rec.end_line == text.rstrip("\n").count("\n") + 1   # its lines reach the table's last


LEVEL_WORDS = ["one", "two", "three", "four", "five", "six", "seven"]


def _told_auction(calls: list[str], dealer: str, rng: random.Random) -> list[str]:
    """The calls told seat by seat in a sentence, from the dealer round the table, in one of
    three styles (`South, one club; West, pass; ...`, `South bids one club, West passes,
    ...`, or a story: `South opened with one club, North raised to two clubs, ...`, which
    leaves out the passes between two calls it tells), levels in words or figures; `all
    pass` ends it, or the passes are told; the sentence broken into lines anywhere."""
    if rng.random() < 0.35:
        return _auction_story(calls, dealer, rng)
    seats = ["North", "East", "South", "West"]
    bid_style = rng.random() < 0.5
    strains = {"C": "club", "D": "diamond", "H": "heart", "S": "spade", "NT": "no-trump"}

    def spoken(call: str) -> str:
        if call == "Pass":
            return "passes" if bid_style else rng.choice(["pass", "no bid"])
        if call in ("X", "XX"):
            return {"X": "double", "XX": "redouble"}[call] + ("s" if bid_style else "")
        level = int(call[0])
        name = strains[call[1:]] + ("s" if level > 1 else "")
        said = f"{LEVEL_WORDS[level - 1]} {name}" if rng.random() < 0.7 else f"{level} {name}"
        return ("bids " + said) if bid_style else said
    told = list(calls)
    ending = ""
    if calls[-3:] == ["Pass"] * 3 and rng.random() < 0.6:
        told, ending = calls[:-3], rng.choice([", and all pass", "; all pass", ", and the others passed"])
    first = "NESW".index(dealer)
    parts = [f"{seats[(first + k) % 4]}{' ' if bid_style else ', '}{spoken(call)}"
             for k, call in enumerate(told)]
    text = "The bidding: " + (", " if bid_style else "; ").join(parts) + ending + "."
    return textwrap.wrap(text, rng.randint(40, 80), break_on_hyphens=False)


def _auction_story(calls: list[str], dealer: str, rng: random.Random) -> list[str]:
    seats = ["North", "East", "South", "West"]
    strains = {"C": "club", "D": "diamond", "H": "heart", "S": "spade", "NT": "no trump"}
    end = len(calls) - 3 if calls[-3:] == ["Pass"] * 3 else len(calls)
    parts, opened = [], False
    for k, call in enumerate(calls[:end]):
        seat = seats[("NESW".index(dealer) + k) % 4]
        if call == "Pass":
            told_next = k + 1 < end and calls[k + 1] != "Pass" or \
                k + 2 < end and calls[k + 2] != "Pass"
            if parts and told_next:
                continue        # (left out: the next call told shows that this seat passed)
            parts.append(f"{seat} passed")
        elif call in ("X", "XX"):
            parts.append(f"{seat} {'doubled' if call == 'X' else 'redoubled'}")
        else:
            level = int(call[0])
            said = f"{LEVEL_WORDS[level - 1] if rng.random() < 0.7 else level} {strains[call[1:]]}" \
                + ("s" if level > 1 else "")
            verb = "opened with" if not opened else rng.choice(["bid", "raised to", "went to",
                                                                "jumped to", "continued with"])
            opened = True
            parts.append(f"{seat} {verb} {said}")
    ending = "" if end == len(calls) else rng.choice([", and all passed", ", which closed the auction"])
    return textwrap.wrap(", ".join(parts) + ending + ".", rng.randint(40, 80), break_on_hyphens=False)


@pytest.mark.parametrize("seed", range(12))
def test_an_auction_told_in_words_gives_the_dealer_contract_and_declarer(seed):
    """The same random auctions told seat by seat in a sentence under the diagram: the record
    keeps the calls, the first seat named deals, the contract and declarer are the auction's."""
    from records.cards.contract import final_contract
    rng = random.Random(seed)
    deal = make_deal(rng, NESW, "bridge")
    calls, dealer = _random_auction(rng), rng.choice("NESW")
    end = final_contract(dealer, calls)
    assert not end.problem, calls
    told = _told_auction(calls, dealer, rng)
    text = ("DEAL 1.\n\n" + "\n".join(compass(deal, VOCAB["glyphs, 10"], "glyph", "none", words=True))
            + "\n\n" + "\n".join(told) + "\n")
    (rec,) = whist.scan_cards(text, "auction.txt")
    assert rec.kind == "bridge" and rec.status == "valid", ([d.format() for d in rec.diagnostics], text)
    assert rec.data["auction"] == calls and rec.data["auction_from"] == dealer, text
    assert rec.tags["Dealer"] == dealer and rec.tags["Contract"] == str(end.contract), text
    assert rec.tags.get("Declarer") == end.declarer, text


def test_an_auction_that_cannot_be_replayed_is_named_at_its_table():
    rng = random.Random(5)
    deal = make_deal(rng, NESW, "bridge")
    table = ["SOUTH       WEST        NORTH       EAST", "1 ♥         Pass        1 ♠         Pass",
             "1 ♥         Pass        Pass        Pass"]     # 1♥ again: insufficient
    text = ("DEAL 1.\n\n" + "\n".join(compass(deal, VOCAB["glyphs, 10"], "glyph", "none", words=True))
            + "\n" + "\n".join(table) + "\n")
    (rec,) = whist.scan_cards(text, "auction.txt")
    warned = [d for d in rec.diagnostics if d.code == "BRIDGE-AUCTION"]
    assert rec.status == "needs_review" and len(warned) == 1 and "insufficient" in warned[0].message
    assert text.split("\n")[warned[0].line - 1].startswith("SOUTH")


def test_rows_of_low_cards_under_the_seats_are_no_auction():
    """A trick table printing 3♥ 4♥ 2♥ 7♥ under N E S W reads like bids; an auction has a pass."""
    from records.cards.auction_tables import find_auction
    rows = ["N      E      S      W", "3♥     4♥     2♥     7♥", "5♣     6♣     2♣     3♣"]
    assert find_auction([(k + 1, 1, row) for k, row in enumerate(rows)]) is None
    rows[2] = "Pass   Pass   Pass"
    assert find_auction([(k + 1, 1, row) for k, row in enumerate(rows)]).calls[:4] == [
        "3H", "4H", "2H", "7H"]      # (an auction, insufficient: the deal's check says so)


def test_a_first_leader_a_person_chooses_among_those_that_replay_reads_the_deal_again(tmp_path):
    """No words say who leads and several seats replay every card: the review offers each
    (`marks on the winner, W leads`); the one chosen reads the deal again from its source
    with that leader, and the checks that follow from it (the turn-up now not the dealer's)
    are made again."""
    from records.archive import Archive, review
    from records.core.reading import read_path
    layout = next(x for x in BLOCK_LAYOUTS if x.seats == ("N", "E", "S", "W"))
    printed, _ = print_deal(layout, VOCAB[layout.vocabs[0]], 1)
    path = tmp_path / "deal.txt"
    path.write_text(re.sub(r" ?\w+ leads( for the first trick)?\.", "", printed.text), "utf-8")
    archive = Archive(str(tmp_path / "a.db"))
    archive.import_records(str(path), read_path(str(path)))
    (doubt,) = [r for r in archive.iterate(archive.query(status="needs_review"))
                if r.data.get("type") == "deal"]
    fault = next(f for f in review.open_faults(doubt) if f.code == "LAYOUT")
    ways = [r.text for r in fault.readings]
    assert ways[0] == review.AS_READ and "marks on the winner, W leads" in ways
    assert doubt.data["tricks"][0]["leader"] == printed.deals[0].leader == "N"
    west = review.correct(archive, doubt.id, fault.line, fault.column,
                          choose=ways.index("marks on the winner, W leads") + 1)
    assert west.data["tricks"][0]["leader"] == "W"
    assert not [d for d in west.diagnostics if d.code == "LAYOUT" and d.severity == "warning"]
    assert review.undo(archive, doubt.id).data["tricks"][0]["leader"] == "N"
    archive.close()
