"""hoyle's JSON and JSON lines exports, both ways. A record is written whole (tags, moves as
printed and normalised with their lines, the text it was read from, data, diagnostics) with
its provenance as source and line: the file it was first read from, kept when a record read
back from an export is exported again. Reading streams the objects a block at a time and
makes the same records; a file that is not such an export is refused, never read as
another notation."""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from records.core.interchange import LINE, SOURCE
from records.core.model import ERROR, INFO, STATUSES, WARNING, Diagnostic, Ply, Record

BLOCK = 1 << 18
MAX_OBJECT = 64 << 20   # a record's JSON is far smaller: past this, the text is not JSON
EXTENSIONS = (".json", ".jsonl")
NEEDED = ("kind", "title", "tags", "moves", "diagnostics")
_decoder = json.JSONDecoder()


class NotAnExport(ValueError):
    """JSON (or not) that is no record list of hoyle's export."""


def export_dict(rec: Record) -> dict:
    """A record as hoyle's JSON export writes it: the fields of record_dict but its id (the
    archive's handle on it, not part of it: another archive gives it another), provenance as
    source and line, each ply's position where its family does not replay it."""
    from records.core.tabular import record_dict
    out = record_dict(rec)
    del out["id"]
    tags = dict(rec.tags)
    out["source"] = tags.pop(SOURCE, rec.source)
    out["line"] = int(tags.pop(LINE, rec.line))
    out["tags"] = tags
    if not _replays_positions(rec.kind):
        for move, ply in zip(out["moves"], rec.plies):
            if ply.position:
                move["position"] = ply.position
    return out


def _replays_positions(kind: str) -> bool:
    from records.core.family import family
    try:
        return bool(family(kind).replays_positions)
    except KeyError:
        return False


def record_of(d, name: str, where: int) -> Record:
    """The record a JSON object of the export holds (NotAnExport when it holds none). Its
    lines stay those of the file it was first read from, named in HoyleSource and HoyleLine;
    `name` is the export it is read from now."""
    from records.core.model import KINDS
    if not isinstance(d, dict) or any(key not in d for key in NEEDED) or \
            d["kind"] not in KINDS:
        held = ", ".join(list(d)[:6]) if isinstance(d, dict) else json.dumps(d)[:20]
        raise NotAnExport(f"{name}:{where}: not a record of hoyle's JSON export (it holds "
                          f"{held}; a record has kind, title, tags, moves and diagnostics)")
    moves = d["moves"]
    if isinstance(moves, list) and moves and all(isinstance(m, str) for m in moves):
        raise NotAnExport(f"{name}:{where}: a record as a command's --json lists it (its moves"
                          " as normal forms alone, not its text): `hoyle export --format json`"
                          " writes records that read back")
    try:
        return _probed(_record(d, name))
    except (TypeError, KeyError, ValueError, AttributeError, IndexError) as exc:
        raise NotAnExport(f"{name}:{where}: a record whose fields are not as hoyle's JSON export"
                          f" writes them ({type(exc).__name__}: {exc})") from exc


def _record(d: dict, name: str) -> Record:
    """The record of an export's object whose fields have the types the export writes
    (TypeError or KeyError naming the first that has not)."""
    tags = {_text(k): v for k, v in d["tags"].items()}   # (a tag may hold a number: Stated)
    if d.get("source"):
        tags[SOURCE], tags[LINE] = str(d["source"]), str(d.get("line") or 0)
    rec = Record(kind=d["kind"], title=_text(d["title"]), source=name,
                 line=_number(d.get("line") or 0), end_line=_number(d.get("end_line") or 0),
                 text=_text(d.get("text") or ""), tags=tags, data=dict(d.get("data") or {}),
                 start_position=_text(d.get("start_position") or ""),
                 status=_one_of(d.get("status") or "", ("", *STATUSES)))
    rec.plies = [Ply(_number(m["ply"]), _text(m["text"]), _text(m["normal"]),
                     _number(m.get("line", 0)), _number(m.get("column", 0)),
                     _text(m.get("position", ""))) for m in d["moves"]]
    rec.diagnostics = [Diagnostic(_one_of(x["severity"], (ERROR, WARNING, INFO)),
                                  _text(x["code"]), _text(x["message"]),
                                  _number(x.get("line", 0)), _number(x.get("column", 0)),
                                  _text(x.get("suggestion", "")), bool(x.get("repair")))
                       for x in d["diagnostics"]]
    rec.normal = _text(d.get("normal") or "")
    return rec


def _probed(rec: Record) -> Record:
    """The record, once its family has replayed its moves and written it in its own formats,
    as show, replay and export will: a record whose moves, start or data are not what its
    family writes is refused here, not met later as an internal error."""
    from records.core.family import family
    _fill_positions(rec)
    fam = family(rec.kind)
    for fmt in fam.export_formats[:1]:   # (its interchange format: PGN, PDN, PBN)
        try:
            fam.export([rec], fmt)
        except ValueError:   # a record this format does not write (a whist ending as PBN)
            pass
    return rec


def _text(value) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{json.dumps(value)[:40]} is not text")
    return value


def _number(value) -> int:
    if type(value) is not int:   # (a bool is no line number)
        raise TypeError(f"{json.dumps(value)[:40]} is not a whole number")
    return value


def _one_of(value, allowed: tuple):
    if value not in allowed:
        raise ValueError(f"{json.dumps(value)[:40]} is none of {', '.join(filter(None, allowed))}")
    return value


def _fill_positions(rec: Record) -> None:
    """Positions its family replays from the moves (the export leaves them out)."""
    if not rec.plies or all(p.position for p in rec.plies):
        return
    from records.core.family import family
    keys = family(rec.kind).replay_positions(rec)
    for ply, key in zip(rec.plies, keys):
        ply.position = ply.position or key


def looks_like_json(opening: str) -> bool:
    """Text hoyle's JSON export may have written: an object, or a list of objects."""
    text = opening.lstrip("\ufeff \t\r\n")
    return text.startswith("{") or (text.startswith("[") and text[1:].lstrip()[:1] in "{]")


def read_records(blocks: Iterable[str], name: str, batch: int = 500) -> Iterator[list[Record]]:
    """The records of an export (a JSON list, JSON lines, or the {"records": [...]} that
    --json prints), a batch at a time."""
    out: list[Record] = []
    found = False
    for d, line in objects(blocks, name):
        found = True
        out.append(record_of(d, name, line))
        if len(out) >= batch:
            yield out
            out = []
    if out or not found:
        yield out


def objects(blocks: Iterable[str], name: str) -> Iterator[tuple[object, int]]:
    """Each top-level object (or each one of a list) and the line it starts at, parsed as the
    blocks come."""
    buffer, at, line, started, wrapped, ended = "", 0, 1, False, False, False
    chunks = iter(blocks)
    while not ended:
        more = next(chunks, None)
        if more is not None:
            buffer = buffer[at:] + more
            at = 0
        while True:
            skip = _skip(buffer, at, started)
            line += buffer.count("\n", at, skip)
            at = skip
            if at >= len(buffer):
                break
            if not started:
                started = True
                if buffer[at] not in "[{":
                    raise NotAnExport(f"{name}:{line}: not JSON of hoyle's export (it begins "
                                      f"{buffer[at:at + 20]!r})")
                if buffer[at] == "[":
                    at += 1
                    continue
                if buffer.startswith('{"records"', at):   # hoyle's --json: its list of records
                    opened = buffer.find("[", at)
                    if opened < 0:
                        break
                    wrapped, at = True, opened + 1
                    continue
            if buffer[at] == "]":
                ended = True   # (after a wrapped list: its counts, not records)
                break
            try:
                d, end = _decoder.raw_decode(buffer, at)
            except json.JSONDecodeError as exc:
                if more is None or len(buffer) - at > MAX_OBJECT:
                    raise NotAnExport(f"{name}:{exc.lineno + line - 1}: not JSON "
                                      f"({exc.msg})") from None
                break   # the object goes on in the next block
            except RecursionError:
                raise NotAnExport(f"{name}:{line}: JSON nested too deeply to be a record "
                                  "of hoyle's export") from None
            yield d, line
            line += buffer.count("\n", at, end)
            at = end
        if more is None:
            ended = True
    if wrapped and not ended:
        raise NotAnExport(f"{name}: the list of records is not closed")


def _skip(buffer: str, at: int, started: bool) -> int:
    """Past white space and the commas between objects."""
    n = len(buffer)
    while at < n and (buffer[at] in " \t\r\n\ufeff" or (started and buffer[at] == ",")):
        at += 1
    return at
