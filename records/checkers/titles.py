"""The names a page gives its lines of play: the heading above, a caption, a name printed over
a column or at the start of a row, a sentence's opening words; and a variation's own heading.
Only the text the page prints is used (title-cased where it is printed in capitals)."""
from __future__ import annotations

import re

from records.checkers.notation import TURN, title_case
from records.core.layout import Block, Grid, Row

MAX_TITLE = 70
_MARKUP = re.compile(r"_=|=_|\[Illustration:?|\]|[\u201c\u201d\"]|^_|_$")
_INTRODUCTION = re.compile(r"(?::|--|\u2014|follows\W*)\s*$")
_LABELS = re.compile(r"^\W*(?:(?:black|white|move|moves|title|no|colou?r|from|to)\W*)+$", re.I)


def clean(text: str) -> str:
    text = _MARKUP.sub("", text.strip())
    text = re.sub(r"\s*(?:--|\u2014)\s*", ", ", text)
    text = re.sub(r"\.,", ",", text)
    text = re.sub(r"\s+", " ", text).strip(" :,;_")
    return text if re.search(r"(?:^|\s)[A-Z]\.$", text) else text.rstrip(" .")


def named(text: str) -> str:
    """A printed name as a title: capitals title-cased, a bare number `Game N`."""
    text = clean(text)
    if not text:
        return ""
    if text.isdigit():
        return f"Game {text}"
    return title_case(text) if text.isupper() and len(text) > 1 else text


_HEAD_WORD = re.compile(r"^(?:Game|Games|Problem|Position|Study|Ending|Endings|Opening|Openings|"
                        r"Example|Diagram|Chapter|Solution|Variation|Var|No|Part|Section)\b", re.I)


def headline(text: str) -> bool:
    """A heading, not a sentence: a line in capitals, or with most of its words capitalised,
    or one starting as headings do (`Game No. 3`, `Problem 7`); never one that runs on."""
    text = text.strip()
    if text[-1:] in ",;" or text.endswith("--") or len(text) > 60:
        return False
    words = re.findall(r"[A-Za-z][A-Za-z'\u2019]*", clean(text))
    if not words:
        return bool(re.search(r"\d", text))
    capital = sum(w[0].isupper() for w in words if len(w) > 3 or w[0].isupper())
    long_words = sum(1 for w in words if len(w) > 3 or w[0].isupper())
    return text.upper() == text or _HEAD_WORD.match(clean(text)) is not None \
        or capital * 2 > max(long_words, 1)


# -- a block's own title ---------------------------------------------------------------------
def block_title(block: Block, grid: Grid) -> str:
    """Text rows printed at the top of the block, before its first row of notation (`The
    Laird and Lady, as played at the club.`), when they are one short line of one cell."""
    first = grid.rows[0][0].line if grid.rows else 0
    rows = [r for r in block.rows if r.line < first and not r.rule]
    if len(rows) != 1 or len(rows[0].cells) != 1 or not headline(rows[0].text):
        return ""
    return _title_text(rows[0].text)


def _title_text(text: str) -> str:
    if re.search(r"(?<!\w)[BW]:[WB]", text):
        return ""
    found = clean(text)
    if not found or len(found) > MAX_TITLE or TURN.search(found) or _LABELS.match(found) \
            or _INTRODUCTION.search(text.strip()) or not (found[0].isupper() or found[0].isdigit()):
        return ""
    return found


def lead_words(lines: list[str], tok) -> str:
    """`The Single Corner: 11 to 15, ...`: the words a sentence names its line with."""
    before = lines[tok.line - 1][:tok.column - 1]
    match = re.search(r"([A-Z][\w'\u2019 .-]{2,60}?)\s*[:\u2014]\s*(?:--)?\s*$", before)
    return clean(match.group(1)) if match else ""


def title_above(lines: list[str], line: int) -> str:
    """A short heading printed just above (a blank line between is allowed)."""
    for back in range(line - 2, max(-1, line - 4), -1):
        text = lines[back].strip()
        if not text:
            continue
        if re.search(r"\d+\s*(?:[-.x]|to)\s*\d+", text):
            return ""
        return _title_text(text) if len(text) <= MAX_TITLE else ""
    return ""


_QUOTED_OPENING = re.compile(r"[\"\u201c]([^\"\u201d]{2,40})[\"\u201d]\s+opening", re.I)


def quoted_opening(lines: list[str], line: int) -> str:
    """`... formed from the "Paisley" opening, thus:--` in the paragraph above the block."""
    k = line - 2
    while k >= 0 and not lines[k].strip():
        k -= 1
    end = k
    while k > 0 and lines[k - 1].strip():
        k -= 1
    paragraph = " ".join(lines[k:end + 1])
    if not re.search(r"\bthus\W*$", paragraph.strip()):
        return ""
    found = _QUOTED_OPENING.search(paragraph)
    return found.group(1).strip() if found else ""


# -- names over columns and at the start of rows ----------------------------------------------
def column_titles(grid: Grid) -> dict[int, tuple[str, int, int]]:
    """Token id -> the name printed over its column (heading rows above its section, groups
    of them between rules joined by commas; a name spanning several columns is numbered),
    with the line and column of its first cell."""
    out: dict[int, tuple[str, int, int]] = {}
    columns = grid.column_of()
    bounds = [*grid.sections, len(grid.rows)]
    for first, stop in zip(bounds, bounds[1:]):
        spans = _spans(grid, columns, first, stop)
        heads = _heading_groups(grid, first)
        found = {c: [_over(group, span) for group in heads] for c, span in spans.items()}
        titles = {c: ", ".join(p for p, _ in parts if p) for c, parts in found.items()}
        _number_repeats(titles)
        for r in range(first, stop):
            for tok, c in zip(grid.rows[r], columns[r]):
                where = next((at for p, at in found[c] if p), (0, 0))
                if titles.get(c):
                    out[id(tok)] = (titles[c], *where)
    return out


def band_titles(grid: Grid, size: int) -> dict[int, tuple[str, int, int]]:
    """Token id -> the heading printed over its band, in a block read in bands side by side
    (`GAME 1.` over one game's two columns, `GAME 2.` over the next game's), centred or not:
    the cells of the rows above the band's first move that stand over that band and no other
    (a name across the page heads neither half; `Black.  White.` name sides, not games), with
    the line and column of the first."""
    bands: dict[tuple[int, int], list] = {}      # (section, band) -> [low, high, first move]
    placed = []                                   # (token, its band)
    section = 0
    for r, (row, cs) in enumerate(zip(grid.rows, grid.column_of())):
        section += r in grid.sections[1:]
        for tok, c in zip(row, cs):
            key = (section, c // size)
            placed.append((tok, key))      # (a heading in the band's columns takes its title)
            if getattr(tok, "kind", "") not in ("move", "num"):
                continue
            low, high, first = bands.setdefault(key, [tok.column, 0, tok])
            bands[key] = [min(low, tok.column), max(high, tok.column + len(tok.text)), first]
    titles = {key: _band_heading(grid, bands, key) for key in bands}
    names = {k: t for k, (t, _, _) in enumerate(titles.values())}
    _number_repeats(names)
    named_as = {key: names[k] for k, key in enumerate(titles)}
    return {id(tok): (named_as[key], *titles[key][1:]) for tok, key in placed
            if key in titles and titles[key][0]}


def _band_heading(grid: Grid, bands: dict, key: tuple[int, int]) -> tuple[str, int, int]:
    low, high, first = bands[key]
    others = [(a, b) for k, (a, b, _) in bands.items() if k != key and k[0] == key[0]]
    above = [t.line for k, (_, _, t) in bands.items() if k[0] == key[0] - 1]
    floor = max(above, default=0)
    parts = []
    for row in grid.block.rows:
        if row.rule or not floor < row.line < first.line:
            continue
        for cell in row.cells:
            over = cell.column < high and low < cell.end
            if over and not any(cell.column < b and a < cell.end for a, b in others) \
                    and not _LABELS.match(clean(cell.text)):
                parts.append(cell)
    text = " ".join(c.text for c in parts)
    if not parts or not _title_text(text):
        return "", 0, 0
    return named(text), parts[0].line, parts[0].column


def _spans(grid: Grid, columns: list[list[int]], first: int, stop: int) -> dict[int, tuple]:
    spans: dict[int, list] = {}
    for r in range(first, stop):
        for tok, c in zip(grid.rows[r], columns[r]):
            slot = _slot_of(grid, tok)
            low, high, slots = spans.setdefault(c, [tok.column, tok.column + len(tok.text), set()])
            spans[c] = [min(low, tok.column), max(high, tok.column + len(tok.text)), slots | {slot}]
    return {c: tuple(v) for c, v in spans.items()}


def _slot_of(grid: Grid, tok) -> int:
    at = 0
    for row in grid.rows:
        for t in row:
            if t is tok:
                return grid.slots[at] if at < len(grid.slots) else -1
            at += 1
    return -1


def _heading_groups(grid: Grid, first: int) -> list[list[Row]]:
    """The rows of words above a section (back to the rows of tokens before it), in groups
    between rules."""
    block = grid.block
    top = grid.rows[first][0].line
    floor = grid.rows[first - 1][-1].line if first else 0
    rows = [r for r in block.rows if floor < r.line < top]
    groups: list[list[Row]] = [[]]
    for row in rows:
        if row.rule:
            if groups[-1]:
                groups.append([])
        else:
            groups[-1].append(row)
    return [g for g in groups if g]


def _over(group: list[Row], span: tuple) -> tuple[str, tuple[int, int]]:
    low, high, slots = span
    parts = []
    for row in group:
        for cell, (left, right) in zip(row.cells, _extents(row)):
            if _covers(cell, left, right, row, low, high, slots):
                parts.append(cell)
    where = (parts[0].line, parts[0].column) if parts else (0, 0)
    return named(" ".join(c.text for c in parts)), where


def _extents(row: Row) -> list[tuple[int, int]]:
    """Each cell's reach: to the rules around it in a boxed row, its text otherwise; in a
    row split by tabs, the fields up to the next cell's."""
    out = []
    for k, cell in enumerate(row.cells):
        if cell.slot >= 0:
            after = row.cells[k + 1].slot if k + 1 < len(row.cells) else 10_000
            out.append((cell.slot, after))
            continue
        left = row.text.rfind("|", 0, cell.column - 1)
        right = row.text.find("|", cell.column - 1 + len(cell.text))
        if left < 0 or right < 0:
            left, right = cell.column - 1, cell.column - 1 + len(cell.text)
        out.append((left + 1, right + 1))
    return out


def _covers(cell, left: int, right: int, row: Row, low: int, high: int, slots: set) -> bool:
    if cell.slot >= 0:
        return any(left <= s < right for s in slots if s >= 0)
    return left < high and low < right


def _number_repeats(titles: dict[int, str]) -> None:
    counts: dict[str, int] = {}
    for title in titles.values():
        counts[title] = counts.get(title, 0) + 1
    seen: dict[str, int] = {}
    for c in sorted(titles):
        title = titles[c]
        if title and counts[title] > 1:
            seen[title] = seen.get(title, 0) + 1
            titles[c] = f"{title} ({seen[title]})"


def row_title(block: Block, tok) -> str:
    """The name printed at the start of a row of a table (`Double Corner    |  9-14 |`), a
    name broken over two rows included (`Second Double` over `Corner`)."""
    rows = {r.line: r for r in block.rows}
    row = rows.get(tok.line)
    if row is None:
        return ""
    parts = [c.text for c in row.cells if c.column < tok.column and not re.search(r"\d", c.text)]
    above = rows.get(tok.line - 1)
    if parts and above is not None and not above.rule and above.cells \
            and not any(re.search(r"\d", c.text) for c in above.cells):
        parts = [above.cells[0].text, *parts]
    return clean(" ".join(parts))


def header_cell(block: Block, lead: list, first) -> str:
    """The name printed at the head of a column in a row of the table itself (`Game 1.` over
    its moves): the cell holding the first token read before the column's first move."""
    above = [t for t in lead if t.line < first.line]
    if not above:
        return ""
    tok = above[0]
    for row in block.rows:
        if row.line == tok.line:
            for cell in row.cells:
                if cell.column <= tok.column < cell.column + len(cell.text):
                    return named(cell.text)
    return ""
