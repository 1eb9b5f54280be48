"""Algebraic notation as books print it: short and long (`Nf3`, `e2-e4`, `Ng1-f3`, `e4:d5`),
with the piece letters of the book's language or figurines.

A printed algebraic move keeps its letters as printed; which language they are in is decided
per game by replay (`in_language`): the languages whose letters cover the game's, each tried,
the one the whole game replays in kept. `R` is a rook in English and a king in French, `P` a
pawn in English and a knight in Dutch: only the board can tell.
"""
from __future__ import annotations

import dataclasses
import re

# the letters of king, queen, rook, bishop, knight; and the pawn's letter when one is printed
LANGUAGES = {
    "English": ("KQRBN", "P"),
    "German": ("KDTLS", "B"),
    "French": ("RDTFC", "P"),
    "Spanish or Italian": ("RDTAC", "P"),
    "Dutch": ("KDTLP", ""),
}
ENGLISH = "KQRBN"
FIGURINES = {chr(0x2654 + k): "KQRBNP"[k % 6] for k in range(12)}   # white and black men
SQUARES = re.compile(r"[a-h][1-8]")
LETTER = re.compile(r"^[A-Z]")


def plain(san: str) -> str:
    """A printed algebraic move in plain letters: figurines as English letters, `:` and `×`
    as `x` (`ed:` as `exd`), a promotion `(Q)` as `=Q`."""
    out = "".join(FIGURINES.get(ch, ch) for ch in san)
    out = "N" + out[2:] if out.startswith("Kt") else out   # English books' knight: Ktf3
    out = out.replace(":", "x").replace("\u00d7", "x")
    out = re.sub(r"^([a-h])([a-h])x$", r"\1x\2", out)   # German `ed:`: a pawn's capture by files
    return re.sub(r"\((\w)\)$", r"=\1", out)


def letters_of(san: str) -> str:
    """The piece letters a printed move uses (its man's and its promotion's)."""
    found = san[0] if LETTER.match(san) else ""
    promotion = re.search(r"=?([A-Z])$", san)
    if promotion and SQUARES.search(san[:promotion.start()] or "") and promotion.start() > 1:
        found += promotion.group(1)
    return found


def in_english(san: str, language: str) -> str | None:
    """The move as python-chess reads it (English letters, no pawn letter); None when the
    language has no such letter."""
    pieces, pawn = LANGUAGES[language]
    out = plain(san)
    head, body = (out[0], out[1:]) if LETTER.match(out) else ("", out)
    if head:
        if pawn and head == pawn and head not in pieces:
            head = ""
        elif head in pieces:
            head = ENGLISH[pieces.index(head)]
            head = "" if head == "P" else head
        else:
            return None
    promotion = re.search(r"(=?)([A-Z])$", body)
    if promotion and len(body) > 2:
        letter = promotion.group(2)
        if letter not in pieces:
            return None
        body = body[:promotion.start()] + "=" + ENGLISH[pieces.index(letter)]
    return head + body


def languages_for(tokens: list) -> list[str]:
    """The languages whose letters cover every algebraic move of a game (English first)."""
    used = {letter for tok in tokens if getattr(tok, "san", None) and not _typed(tok)
            for letter in letters_of(plain(tok.san))}
    return [name for name, (pieces, pawn) in LANGUAGES.items()
            if used <= set(pieces + pawn)]


def _typed(tok) -> bool:
    """A move a person typed for a printed one (descriptive.Given) in English letters: read as
    typed (a typed move in the book's own letters is read in the book's language)."""
    return getattr(tok, "typed", False) and in_english(tok.san, "English") is not None


def translated(tokens: list, language: str) -> list | None:
    out = []
    for tok in tokens:
        san = getattr(tok, "san", None)
        if not san:
            out.append(tok)
            continue
        english = in_english(san, "English" if _typed(tok) else language)
        if english is None:
            return None
        out.append(dataclasses.replace(tok, san=english) if english != san else tok)
    return out


def in_language(board, tokens: list, replays) -> tuple[list, list[str], list[tuple]]:
    """The tokens with their algebraic letters read in the language the game replays in, the
    names of every language that reads the game so ([] when the game prints no algebraic
    letters or English fits), and the rivals: (name, the tokens as read in it) for each other
    language whose letters also replay the whole game, to other moves (`Pa6`: a French pawn
    or a Dutch knight). A game whose letters are French and Spanish alike (`Dxf7`, `Te1`,
    `Cc3`, no bishop) is read the same in both, and both are named, not the first tried.
    replays(tokens) -> how far they replay (the whole length when they do)."""
    if not any(getattr(tok, "san", None) for tok in tokens):
        return tokens, [], []
    candidates = languages_for(tokens)
    if candidates == ["English"]:
        return translated(tokens, "English") or tokens, [], []
    best: tuple[int, list, str] | None = None
    for name in candidates or ["English"]:
        trial = translated(tokens, name)
        if trial is None:
            continue
        depth = replays(trial)
        if best is None or depth > best[0]:
            best = (depth, trial, name)
        if depth >= len(tokens):
            break
    if best is None:
        return tokens, [], []
    alike, rivals = _alike_and_rivals(tokens, best, candidates, replays)
    if best[2] == "English" and not rivals:
        return best[1], [], []
    return best[1], [best[2], *alike], rivals


def _alike_and_rivals(tokens: list, best: tuple, candidates: list[str], replays):
    """The languages after the one kept that read the game to the same moves, and the readings
    of those that replay it whole to other moves."""
    moves = [getattr(t, "san", None) for t in best[1]]
    alike, rivals = [], []
    later = candidates[candidates.index(best[2]) + 1:] if best[2] in candidates else []
    for name in later:
        trial = translated(tokens, name)
        if trial is None:
            continue
        if [getattr(t, "san", None) for t in trial] == moves:
            alike.append(name)
        elif best[0] >= len(tokens) and replays(trial) >= len(tokens):
            rivals.append((name, trial))
    return alike, rivals
