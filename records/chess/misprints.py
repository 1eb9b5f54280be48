"""One-edit variants of a printed move: the misprints and OCR slips a repair may undo."""
from __future__ import annotations

import re

PIECE_LETTERS = ("P", "Kt", "B", "R", "Q", "K")


def text_variants(text: str) -> list[tuple[str, str, bool]]:
    """One-edit variants of a printed move: (new text, what changed, a known OCR confusion)."""
    out = []
    for m in re.finditer(r"Kt|K(?!t)", text):
        swap = "K" if m.group() == "Kt" else "Kt"
        out.append((text[:m.start()] + swap + text[m.end():], f"{swap} for {m.group()}", True))
    for m in re.finditer(r"[1-8]", text):
        for d in "12345678":
            if d != m.group():
                out.append((text[:m.start()] + d + text[m.end():], f"{d} for {m.group()}", False))
    for m in re.finditer(r"(?<![A-Za-z])(Kt|[PBRQK])(?!t)", text):
        for letter in PIECE_LETTERS:
            if letter != m.group() and not (letter == "Kt" and m.group() == "K") \
                    and not (letter == "K" and m.group() == "Kt"):
                out.append((text[:m.start()] + letter + text[m.end():],
                            f"{letter} for {m.group()}", False))
    for m in re.finditer(r"\s*[x×]\s*|\s*-\s*", text):
        swap = "-" if "-" not in m.group() else "x"
        out.append((text[:m.start()] + swap + text[m.end():], f"{swap.strip()} for {m.group().strip()}", False))
    if "'S" in text:  # a capital S set for the small one
        out.append((text.replace("'S", "'s"), "'s for 'S", True))
    for i, ch in enumerate(text):
        if not ch.isspace():
            out.append((text[:i] + text[i + 1:], f"{ch!r} dropped", False))
    if re.search(r"(?:Kt|[KQBR])$", text.rstrip(" !?")):
        stem = text.rstrip(" !?")
        for d in "12345678":
            out.append((stem + d + text[len(stem):], f"the dropped rank {d}", False))
    for m in re.finditer(r"(?<=[A-Za-z]) (?=[A-Za-z0-9])", text):
        out.append((text[:m.start()] + "-" + text[m.end():], "a dropped '-'", True))
    if re.match(r"\s*[-x×]", text):
        for letter in PIECE_LETTERS:
            out.append((letter + text.lstrip(), f"the dropped piece letter {letter}", True))
    return out
