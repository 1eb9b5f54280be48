"""Hands a line whose suit letters stand bare (`North:  S Q3  H 92  D K42  C KT5432`, spaced
`S T 5 2  H K T 8 7 6`) or before a single dash (`S-T52`), and hands with a ten misread by OCR
(`♣ K 1O 5 4 3 2`): read as the hands, so that play which contradicts them is caught. They had
been dropped without a word and the play alone made the record valid."""
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "layouts"))
from cards_printer import LAYOUTS, VOCAB, print_deal  # noqa: E402

from records.cards import whist  # noqa: E402
from records.cards.tricks import sort_cards  # noqa: E402

LAYOUT = next(x for x in LAYOUTS if x.name.startswith("hands a line at the start"))
HAND_LINE = re.compile(r"^(North|East|South|West):  ")


def _reform(line: str, form: str) -> str:
    """A hand line printed `S: A K 7  H: ...` in the form asked for."""
    if not HAND_LINE.match(line):
        return line
    head, _, rest = line.partition(":  ")
    parts = []
    for holding in rest.split("  "):
        suit, ranks = holding[0], holding[3:]
        if form == "compact":
            parts.append(f"{suit} {ranks.replace(' ', '')}")
        elif form == "spaced":
            parts.append(f"{suit} {ranks}")
        else:
            parts.append(f"{suit}-{ranks.replace(' ', '')}")
    return f"{head}:  " + "  ".join(parts)


def _printed(seed: int, form: str):
    printed, _ = print_deal(LAYOUT, VOCAB["letters, T"], seed)
    printed.lines = [_reform(x, form) for x in printed.lines]
    return printed


def _deal_of(text: str):
    records = [r for r in whist.scan_cards(text, "h.txt") if r.data.get("type") == "deal"]
    assert len(records) == 1, text
    return records[0]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("form", ["compact", "spaced", "dash"])
def test_hands_with_bare_suit_letters_are_read(form, seed):
    printed = _printed(seed, form)
    deal = printed.deals[0]
    rec = _deal_of(printed.text)
    assert rec.status == "valid", ([d.format() for d in rec.diagnostics], printed.text)
    assert rec.data["book_hands"] == {s: sort_cards(deal.hands[s]) for s in deal.seats}
    layout = " ".join(d.message for d in rec.diagnostics if d.code == "LAYOUT")
    assert "hands as labelled" in layout, layout


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("form", ["compact", "spaced", "dash"])
def test_play_that_contradicts_such_hands_is_caught(form, seed):
    """Two cards of one suit swapped between North's and East's printed hands."""
    printed = _printed(seed, form)
    deal = printed.deals[0]
    north, east = deal.hands["N"], deal.hands["E"]
    suit = next(s for s in "SHDC" if any(c[0] == s for c in north) and
                any(c[0] == s for c in east) and
                not {c[1] for c in north if c[0] == s} & {c[1] for c in east if c[0] == s})
    a = next(c for c in north if c[0] == suit)
    b = next(c for c in east if c[0] == suit)
    lines = printed.lines
    n_at = next(i for i, x in enumerate(lines) if x.startswith("North:"))
    e_at = next(i for i, x in enumerate(lines) if x.startswith("East:"))

    def swap(line: str, old: str, new: str) -> str:
        head, _, rest = line.partition(":  ")
        holdings = rest.split("  ")
        k = "SHDC".index(suit) if len(holdings) == 4 else 0
        holdings[k] = holdings[k][:2] + holdings[k][2:].replace(old, new, 1)
        return f"{head}:  " + "  ".join(holdings)
    lines[n_at], lines[e_at] = swap(lines[n_at], a[1], b[1]), swap(lines[e_at], b[1], a[1])
    rec = _deal_of(printed.text)
    codes = {d.code for d in rec.diagnostics}
    assert rec.status != "valid" and "WHIST-CARD-NOT-HELD" in codes, printed.text


def test_hands_not_read_are_said_at_their_line():
    """The hands printed in a form hoyle does not read: the record says so at the first hand's
    line and is not valid from the play alone."""
    printed = _printed(0, "compact")
    printed.lines = [x.replace("  S ", "  S% ") for x in printed.lines]
    first = next(i for i, x in enumerate(printed.lines) if x.startswith("North:")) + 1
    rec = _deal_of(printed.text)
    unread = [d for d in rec.diagnostics if d.code == "WHIST-HANDS-UNREAD"]
    assert rec.status == "needs_review" and [(d.line, d.column) for d in unread] == [(first, 1)]
