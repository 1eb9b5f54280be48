"""Whist score pads printed in books: read, added up and checked against the rules."""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field

from records.cards import whist_scoring as scoring
from records.cards.raw_deals import Token
from records.core.model import ERROR, INFO, WARNING, Record

KIND = "whist"
SEATS = ("A", "Y", "B", "Z")
PBN_SEAT = {"A": "N", "Y": "E", "B": "S", "Z": "W"}   # both clockwise; A leads, Z deals


@dataclass
class RawPad:
    """A score pad: numbers by column, in the order written, with labels."""
    style: int                    # 2 (two-line) or 4 (four-line)
    line: int
    end_line: int
    text: str
    players: list[str] = field(default_factory=list)
    sides: list[str] = field(default_factory=list)          # "WE", "THEY"
    sections: list[list[list[Token | None]]] = field(default_factory=list)  # rows of cells
    columns: list[str] = field(default_factory=list)        # four-line: TRICKS/HONORS labels



# -- finding score pads ---------------------------------------------------------------
PAD_HEADER = re.compile(r"(\d)-LINE\b", re.I)
NUMBER = re.compile(r"^\d+$")


def find_score_pads(text: str) -> list[RawPad]:
    if not PAD_HEADER.search(text):   # (no header spans lines: none in the text, none in a line)
        return []
    lines = text.split("\n")
    pads = []
    for i, line in enumerate(lines):
        m = PAD_HEADER.search(line)
        if not m or m.group(1) not in "24" or "PAD" not in " ".join(lines[i:i + 3]).upper():
            continue
        pads.append(_read_pad(lines, i, int(m.group(1))))
    return pads


def _row_cells(line: str, n: int) -> list[tuple[int, str]]:
    out, pos = [], 0
    for cell in line.split("\t")[:max(n, 1) + 4]:
        out.append((pos, cell.strip()))
        pos += len(cell) + 1
    return out


def _read_pad(lines: list[str], start: int, style: int) -> RawPad:
    """Rows of numbers split at tabs; a line with words between number rows is a rule."""
    pad = RawPad(style, start + 1, start + 1, "")
    sections: list[list[list[Token | None]]] = [[]]
    i = start + 1
    seen_numbers = False
    while i < len(lines):
        line = lines[i]
        cells = _row_cells(line, 4)
        words = [c for _, c in cells if c]
        if not words:
            if seen_numbers and _pad_ended(lines, i):
                break
            i += 1
            continue
        if len(line) > 120 or (PAD_HEADER.search(line) and i > start):
            break
        if all(NUMBER.match(w) for w in words):
            seen_numbers = True
            row = [Token(c, i + 1, pos + 1, c) if c else None for pos, c in cells]
            width = 2 if style == 2 else 4
            sections[-1].append((row + [None] * width)[:width])
        else:
            upper = [w.upper() for w in words]
            if upper == ["WE", "THEY"]:
                pad.sides = words
            elif "TRICKS" in upper and "HONORS" in upper and style == 4:
                pad.columns = upper
            elif "INITIALS" in " ".join(upper):
                pass
            elif not seen_numbers and len(words) == 2 and all("." in w for w in words):
                pad.players = words
            elif seen_numbers and sections[-1]:
                sections.append([])
        i += 1
    pad.sections = [s for s in sections if s]
    pad.end_line = i
    pad.text = "\n".join(lines[start:i])
    return pad


def _pad_ended(lines: list[str], i: int) -> bool:
    """A blank line ends a pad when what follows is prose, not more of the pad."""
    for line in lines[i + 1:i + 3]:
        if line.strip():
            return len(line) > 120 or line[0].islower()
    return True


def pad_record(raw: RawPad, path: str) -> Record:
    rec = Record(kind=KIND, title=f"{raw.style}-line bridge score pad"
                 + (f" ({' v '.join(raw.players)})" if raw.players else ""),
                 source=path, line=raw.line, end_line=raw.end_line, text=raw.text)
    sides = [s.upper() for s in raw.sides] or ["WE", "THEY"]
    pad = _read_two_line(raw, rec, sides) if raw.style == 2 else _read_four_line(raw, rec, sides)
    if pad:
        _check_pad(rec, pad, sides)
        rec.data = {"type": "score pad", "variant": "bridge", "style": raw.style,
                    "players": raw.players, "sides": sides,
                    **{k: v for k, v in pad.items() if k != "tokens"}}
        rec.tags = {"Variant": "bridge", "Players": " - ".join(raw.players),
                    "Result": f"{pad.get('winner') or '?'} win the rubber by "
                              f"{pad['printed'].get('difference', '?')}"}
        rec.normal = json.dumps({k: v for k, v in rec.data.items()}, ensure_ascii=False)
    return rec


def _num(tok):
    return int(tok.text) if tok is not None else None


def _column(rows, k):
    return [(r[k], _num(r[k])) for r in rows if k < len(r) and r[k] is not None]


def _read_two_line(raw, rec, sides) -> dict | None:
    """Honours above the line, tricks below, then the totals, for WE and THEY."""
    if len(raw.sections) < 3:
        rec.add(ERROR, "PAD-LAYOUT", "a two-line pad needs honour rows, trick rows and totals "
                f"(found {len(raw.sections)} groups of rows)", raw.line, 1)
        return None
    honours_rows, trick_rows, total_rows = raw.sections[0], raw.sections[1], raw.sections[-1]
    pad = {"honours": {}, "tricks": {}, "trick_rows": [], "printed": {}, "tokens": {}}
    for k, side in enumerate(sides):
        pad["honours"][side] = [n for _, n in _column(honours_rows, k)]
        pad["tricks"][side] = [n for _, n in _column(trick_rows, k)]
        pad["tokens"][("honours", side)] = [t for t, _ in _column(honours_rows, k)]
    pad["trick_rows"] = [[_num(c) for c in row] for row in trick_rows]
    summary = {side: _column(total_rows, k) for k, side in enumerate(sides)}
    _summary(pad, summary, sides, carried=False)
    return pad


def _read_four_line(raw, rec, sides) -> dict | None:
    """Tricks and honours columns per side; the last full row holds the column totals."""
    rows = [r for sec in raw.sections for r in sec]
    full = [i for i, r in enumerate(rows) if all(c is not None for c in r)]
    if not full:
        rec.add(ERROR, "PAD-LAYOUT", "no row of column totals (a row with all four columns "
                "filled)", raw.line, 1)
        return None
    cut = full[-1]
    items, totals, summary_rows = rows[:cut], rows[cut], rows[cut + 1:]
    pad = {"honours": {}, "tricks": {}, "trick_rows": [], "printed": {}, "tokens": {}}
    for k, side in enumerate(sides):
        pad["tricks"][side] = [n for _, n in _column(items, 2 * k)]
        pad["honours"][side] = [n for _, n in _column(items, 2 * k + 1)]
        pad["tokens"][("honours", side)] = [t for t, _ in _column(items, 2 * k + 1)]
        pad["printed"][f"{side} tricks"] = (_num(totals[2 * k]), totals[2 * k])
        pad["printed"][f"{side} honours"] = (_num(totals[2 * k + 1]), totals[2 * k + 1])
    pad["trick_rows"] = [[_num(r[0]), _num(r[2])] for r in items]
    summary = {side: _column(summary_rows, 2 * k) for k, side in enumerate(sides)}
    _summary(pad, summary, sides, carried=True)
    return pad


def _summary(pad, summary, sides, carried: bool) -> None:
    """Numbers under the columns: (carried honours,) side total, then under the winner's
    column the loser's total and the difference."""
    skip = 1 if carried else 0
    for side in sides:
        col = summary[side]
        if carried and col:
            pad["printed"][f"{side} carried"] = (col[0][1], col[0][0])
        if len(col) > skip:
            pad["printed"][f"{side} total"] = (col[skip][1], col[skip][0])
        if len(col) > skip + 2:
            pad["printed"]["loser total"] = (col[skip + 1][1], col[skip + 1][0])
            pad["printed"]["difference"] = (col[skip + 2][1], col[skip + 2][0])


def _games(trick_rows, sides) -> list[dict]:
    """Games as the trick column shows them: a game ends when a side reaches 30 (002:1702)."""
    game = scoring.bridge_rules()["game"]
    games, running = [], {s: 0 for s in sides}
    for row in trick_rows:
        for k, side in enumerate(sides):
            if k < len(row) and row[k]:
                running[side] += row[k]
                if running[side] >= game:
                    games.append({"winner": side, "score": dict(running)})
                    running = {s: 0 for s in sides}
    return games


def _check_pad(rec, pad, sides) -> None:
    rule = scoring.bridge_rules()
    bonus = rule["rubber_bonus"]
    games = _games(pad["trick_rows"], sides)
    wins = Counter(g["winner"] for g in games)
    winner = next((s for s in sides if wins[s] >= 2), None)
    pad["games"] = games
    pad["winner"] = winner
    if winner is None:
        rec.add(WARNING, "PAD-RUBBER", f"no side won two games: games went "
                f"{', '.join(g['winner'] for g in games) or 'nowhere'}", rec.line, 1)
    elif len(games) > 3 or (len(games) == 3 and games[0]["winner"] == games[1]["winner"]):
        rec.add(WARNING, "PAD-RUBBER", f"{len(games)} games scored; a rubber ends when a side "
                "has won two", rec.line, 1)
    printed = pad["printed"]
    honours = {s: list(pad["honours"][s]) for s in sides}
    # two-line pads put the rubber's 100 at the head of the winner's honours (002:1803)
    bonus_side = None
    for side in sides:
        tokens = pad["tokens"][("honours", side)]
        if honours[side] and honours[side][0] == bonus and "carried" not in "".join(printed):
            bonus_side = side
            honours[side] = honours[side][1:]
            pad["tokens"][("honours", side)] = tokens[1:]
    if "WE carried" in printed or f"{sides[0]} carried" in printed:
        bonus_side = next((s for s in sides if printed.get(f"{s} carried", (0,))[0] is not None
                           and printed[f"{s} carried"][0] == sum(honours[s]) + bonus), None)
    pad["rubber_bonus_to"] = bonus_side
    pad["honours"] = honours          # the honours scored, without the rubber bonus
    if winner and bonus_side != winner:
        rec.add(WARNING, "PAD-BONUS", f"the rubber bonus of {bonus} should go to {winner}, who "
                f"won {wins[winner]} games" + (f", not to {bonus_side}" if bonus_side else
                                                 ", but no side has it"), rec.line, 1)
    possible_honours = scoring.possible_honour_scores()
    possible_tricks = scoring.possible_trick_scores()
    for side in sides:
        for tok, value in zip(pad["tokens"][("honours", side)], honours[side]):
            if value not in possible_honours:
                rec.add(WARNING, "PAD-ITEM", f"{value} is not an honour score any deal can give "
                        f"(bridge honour table, 002:1724-1739)", tok.line, tok.column)
        for value in pad["tricks"][side]:
            if value not in possible_tricks:
                rec.add(WARNING, "PAD-ITEM", f"{value} in {side}'s tricks is not a trick score "
                        f"any deal can give", rec.line, 1)
    sums = {s: {"tricks": sum(pad["tricks"][s]), "honours": sum(honours[s])} for s in sides}
    for side in sides:
        for what in ("tricks", "honours"):
            _agree(rec, printed, f"{side} {what}", sums[side][what],
                   f"{side}'s {what} column adds up to {sums[side][what]}")
    totals = {}
    for side in sides:
        carried = sums[side]["honours"] + (bonus if bonus_side == side else 0)
        _agree(rec, printed, f"{side} carried", carried,
               f"{side}'s honours{' with the rubber bonus' if bonus_side == side else ''} "
               f"come to {carried}")
        totals[side] = sums[side]["tricks"] + carried
        _agree(rec, printed, f"{side} total", totals[side], f"{side}'s total is {totals[side]}")
    high, low = sorted(sides, key=totals.get, reverse=True)
    _agree(rec, printed, "loser total", totals[low], f"the lower total is {totals[low]}")
    _agree(rec, printed, "difference", totals[high] - totals[low],
           f"the rubber is worth {totals[high]} - {totals[low]} = {totals[high] - totals[low]}")
    pad["totals"] = totals
    pad["value"] = totals[high] - totals[low]
    pad["printed"] = {k: v[0] for k, v in printed.items()}


def _agree(rec, printed, key, actual, why) -> None:
    if key not in printed:
        return
    value, tok = printed[key]
    if value != actual:
        rec.add(WARNING, "PAD-SUM", f"{key} is printed as {value} but {why}",
                tok.line, tok.column, suggestion=f"{actual}")


def _compare_pads(pads: list[Record]) -> None:
    """Pads printed together for the same rubber must hold the same entries (002:1801)."""
    done = [p for p in pads if p.data.get("type") == "score pad"]
    for a, b in zip(done, done[1:]):
        if a.data.get("players") != b.data.get("players") or abs(a.line - b.line) > 80:
            continue
        differ = False
        for side in a.data["sides"]:
            for what in ("tricks", "honours"):
                x = sorted(a.data[what].get(side, []))
                y = sorted(b.data[what].get(side, []))
                if x != y:
                    differ = True
                    b.add(WARNING, "PAD-DIFFERS", f"{side}'s {what} differ from the pad at line "
                          f"{a.line}: {x} against {y}", b.line, 1)
        if not differ:
            b.add(INFO, "PAD-SAME", f"the entries agree with the pad at line {a.line}", b.line, 1)


# =============================================================================== showing
