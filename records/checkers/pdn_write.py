"""Strict PDN out: a checkers record written with the seven-tag roster, GameType, its setup,
numbered moves and the annotations kept from reading (records/checkers/pdn.py reads PDN)."""
from __future__ import annotations

import re

from records.checkers import engine as ck
from records.core.model import Record

ENGLISH = "21"
RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")
SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def compact(move_text: str) -> str:
    return re.sub(r"\s+", "", move_text)


# -- annotations kept for writing -------------------------------------------------------
def movetext_data(moves: list, leading: list) -> dict:
    def line(items):
        out = []
        for m in items:
            entry = {"m": m.normal or compact(m.text)}
            for key, value in (("s", m.strength), ("n", m.nags), ("c", m.comments)):
                if value:
                    entry[key] = value
            if m.variations:
                entry["v"] = [line(sub) for sub, _ in m.variations]
            out.append(entry)
        return out
    return {"lead": [c for c in leading if isinstance(c, str)], "moves": line(moves)}


# -- writing ----------------------------------------------------------------------------
def write_game(rec: Record) -> str:
    """A record as strict PDN: the seven-tag roster, GameType, setup, numbered moves."""
    tags = {k: v for k, v in rec.tags.items() if not k.startswith("_")}
    english = rec.data.get("gametype", ENGLISH) == ENGLISH
    out_tags = {name: tags.get(name, "?" if name != "Result" else "*")
                for name in SEVEN_TAG_ROSTER}
    out_tags["GameType"] = tags.get("GameType", ENGLISH if english else rec.data.get("gametype"))
    start = rec.start_position
    initial = ck.to_fen(ck.initial())
    if start and start != initial:
        out_tags["SetUp"] = "1"
        out_tags["FEN"] = start
    for key, value in tags.items():
        if key not in out_tags and key != "Annotations":
            out_tags[key] = value
    lines = [f'[{k} "{_quote(str(v))}"]' for k, v in out_tags.items()]
    result = out_tags["Result"] if out_tags["Result"] in RESULTS else "*"
    black_first = not start or start.startswith("B")
    normals = [p.normal for p in rec.plies]
    replayed = [p.normal for p in rec.plies if p.position]
    movetext = rec.data.get("movetext")
    if english and len(replayed) < len(normals):
        # strict PDN holds only legal moves: the part that does not replay becomes a comment
        stop = next(i for i, p in enumerate(rec.plies) if not p.position)
        words = _numbered(normals[:stop], black_first, 0)
        rest = " ".join(p.text for p in rec.plies[stop:])
        words.append(f"{{not replayed from here: {rest.replace('}', ')')}}}")
        result = "*"
    elif movetext and len(movetext["moves"]) == len(normals):
        words = _annotated_words(movetext, normals, black_first)
    else:
        words = _numbered(normals, black_first, 0)
    words.append(result)
    return "\n".join(lines) + "\n\n" + _wrap(words) + "\n"


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _numbered(normals: list[str], black_first: bool, offset: int) -> list[str]:
    words = []
    for i, move in enumerate(normals):
        ply = offset + i + (0 if black_first else 1)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        elif i == 0:
            words.append(f"{ply // 2 + 1}...")
        words.append(move)
    return words


def _annotated_words(movetext: dict, normals: list[str], black_first: bool) -> list[str]:
    words = [f"{{{c}}}" for c in movetext.get("lead", [])]

    def emit(items, offset, mains):
        interrupted = True   # a White move after a comment or variation restates its number
        for i, item in enumerate(items):
            ply = offset + i + (0 if black_first else 1)
            if ply % 2 == 0:
                words.append(f"{ply // 2 + 1}.")
            elif interrupted:
                words.append(f"{ply // 2 + 1}...")
            words.append((mains[i] if mains else item["m"]) + item.get("s", ""))
            words.extend(item.get("n", []))
            words.extend(f"{{{c}}}" for c in item.get("c", []))
            interrupted = bool(item.get("c") or item.get("v"))
            for sub in item.get("v", []):
                words.append("(")
                emit(sub, offset + i, None)
                words.append(")")
    emit(movetext["moves"], 0, normals)
    return words


def _wrap(words: list[str], width: int = 79) -> str:
    lines, current = [], ""
    for word in words:
        if word == ")" or (current.endswith("(")):
            current += word
        elif current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return "\n".join(lines)


def write(records: list[Record]) -> str:
    return "\n".join(write_game(rec) for rec in records)
