"""A page per record for people browsing the archive (hoyle browse: the Datasette plugin serves
it at /-/hoyle/record/ID): the board, hands or count as SVG at any ply, with first, previous,
next and last buttons and the arrow keys; the printed text beside it with the current move
marked (plies carry their line and column); the diagnostics, and the faults with their
candidate readings. The page works without script (every button is a link to ?ply=N); the
script only fetches the next picture from /-/hoyle/record/ID/svg?ply=N instead of the page.
"""
from __future__ import annotations

import sqlite3
from html import escape

from records.core.model import Record

PAGE_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
.wrap{display:flex;gap:2em;align-items:flex-start;flex-wrap:wrap}
#picture svg{max-width:100%;height:auto}
nav a,nav span{margin-right:.6em}
nav a{padding:.2em .6em;border:1px solid #999;border-radius:4px;text-decoration:none}
pre#source{background:#faf8f0;padding:1em;max-height:36em;overflow:auto;font-size:13px}
.ply{background:#e8eef8;border-radius:2px}
.ply.current{background:#f6c343;outline:1px solid #b07d00}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}
.error{color:#a00}.warning{color:#8a5a00}.meta{color:#555}
"""

PAGE_SCRIPT = """
(function(){
  const picture = document.getElementById('picture');
  const total = parseInt(picture.dataset.total, 10);
  let ply = parseInt(picture.dataset.ply, 10);
  const svgUrl = location.pathname.replace(/\\/$/, '') + '/svg';
  const db = new URLSearchParams(location.search).get('db');
  function link(n){ return '?ply=' + n + (db ? '&db=' + encodeURIComponent(db) : ''); }
  function mark(){
    document.querySelectorAll('.ply.current').forEach(e => e.classList.remove('current'));
    document.querySelectorAll('.ply[data-ply="' + ply + '"]').forEach(e => {
      e.classList.add('current'); e.scrollIntoView({block: 'nearest'}); });
    document.getElementById('where').textContent = 'ply ' + ply + ' of ' + total;
    const to = {first: 0, prev: Math.max(0, ply - 1), next: Math.min(total, ply + 1), last: total};
    for (const id in to) document.getElementById(id).setAttribute('href', link(to[id]));
  }
  async function show(n){
    n = Math.max(0, Math.min(total, n));
    if (n === ply) return;
    const answer = await fetch(svgUrl + link(n));
    if (!answer.ok) return;
    picture.innerHTML = await answer.text();
    ply = n; picture.dataset.ply = String(n);
    mark();
    history.replaceState(null, '', link(n));
  }
  const steps = {first: () => 0, prev: () => ply - 1, next: () => ply + 1, last: () => total};
  for (const id in steps) document.getElementById(id).addEventListener('click', e => {
    e.preventDefault(); show(steps[id]()); });
  document.querySelectorAll('[data-goto]').forEach(a => a.addEventListener('click', e => {
    e.preventDefault(); show(parseInt(a.dataset.goto, 10)); }));
  document.addEventListener('keydown', e => {
    const to = {ArrowRight: ply + 1, ArrowLeft: ply - 1, Home: 0, End: total}[e.key];
    if (to !== undefined) { e.preventDefault(); show(to); }
  });
  mark();
})();
"""


def _family(kind: str):
    from records.core.family import family
    return family(kind)


def load(conn: sqlite3.Connection, record_id: int) -> Record | None:
    from records.archive.query import fill_positions, get
    rec = get(conn, record_id)
    if rec is not None:
        fill_positions(rec)
    return rec


def picture(rec: Record, ply: int) -> str:
    """The record's SVG after ply N, or a note in SVG where the family draws none."""
    try:
        return _family(rec.kind).render_svg(rec, ply)
    except (ValueError, KeyError, IndexError) as exc:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="420" height="40">'
                f'<text x="6" y="24" font-size="13">{escape(str(exc))}</text></svg>')


def clamp(rec: Record, ply: int | None) -> int:
    total = len(rec.plies)
    return total if ply is None else max(0, min(total, ply))


def page(rec: Record, ply: int | None, database: str = "") -> str:
    """The whole page of a record at ply N (the last by default)."""
    from records.archive.review import faults
    ply = clamp(rec, ply)
    total = len(rec.plies)
    back = f"/{escape(database)}/records_browse" if database else "/"
    found = faults(rec) if rec.status not in ("valid",) else []
    return "".join([
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        f"<title>#{rec.id} {escape(rec.title)} · hoyle</title><style>{PAGE_STYLE}</style>",
        f'</head><body><p><a href="{back}">all records</a></p>',
        f"<h1>#{rec.id} {escape(rec.title)}</h1>",
        f'<p class="meta">{escape(rec.kind)} · <b id="status">{escape(rec.status)}</b> · '
        f"{escape(rec.source)}:{rec.line}-{rec.end_line}</p>",
        '<div class="wrap"><div>',
        f'<div id="picture" data-ply="{ply}" data-total="{total}">{picture(rec, ply)}</div>',
        _nav(ply, total, database), _moves(rec),
        '</div><div><h2>Printed text</h2>', _source(rec, ply), "</div></div>",
        _diagnostics(rec), _faults(rec, found),
        f"<script>{PAGE_SCRIPT}</script></body></html>"])


def _nav(ply: int, total: int, database: str) -> str:
    db = f"&amp;db={escape(database)}" if database else ""
    links = [("first", 0, "⏮ first"), ("prev", max(0, ply - 1), "◀ previous"),
             ("next", min(total, ply + 1), "next ▶"), ("last", total, "last ⏭")]
    parts = [f'<a id="{name}" href="?ply={n}{db}">{label}</a>' for name, n, label in links[:2]]
    parts.append(f'<span id="where">ply {ply} of {total}</span>')
    parts += [f'<a id="{name}" href="?ply={n}{db}">{label}</a>' for name, n, label in links[2:]]
    return "<nav>" + "".join(parts) + "</nav>"


def _moves(rec: Record) -> str:
    items = [f'<a href="?ply={p.index}" data-goto="{p.index}" class="ply" data-ply="{p.index}">'
             f"{escape(p.normal)}</a>" for p in rec.plies]
    return f'<p id="moves">{" ".join(items)}</p>' if items else ""


def _source(rec: Record, ply: int) -> str:
    """The printed text, every replayed move in it marked (the current one highlighted)."""
    lines = rec.text.split("\n")
    marks: dict[int, list[tuple[int, int, int]]] = {}
    for p in rec.plies:
        at = p.line - rec.line
        if p.text and p.column > 0 and 0 <= at < len(lines):
            start = p.column - 1
            end = min(len(lines[at]), start + len(p.text))
            if start < end:
                marks.setdefault(at, []).append((start, end, p.index))
    out = []
    for at, text in enumerate(lines):
        row, done = [], 0
        for start, end, index in sorted(marks.get(at, [])):
            if start < done:
                continue   # two plies at one place (a move given twice): mark the first
            current = " current" if index == ply else ""
            row.append(escape(text[done:start]))
            row.append(f'<span class="ply{current}" id="ply-{index}" data-ply="{index}">'
                       f"{escape(text[start:end])}</span>")
            done = end
        row.append(escape(text[done:]))
        out.append(f'<span class="n">{rec.line + at:>6}</span> ' + "".join(row))
    return '<pre id="source">' + "\n".join(out) + "</pre>"


def _diagnostics(rec: Record) -> str:
    if not rec.diagnostics:
        return "<h2>Diagnostics</h2><p>none: the whole printed record replays.</p>"
    rows = "".join(f'<tr class="{escape(d.severity)}"><td>{d.line}:{d.column}</td>'
                   f"<td>{escape(d.severity)}</td><td>{escape(d.code)}</td>"
                   f"<td>{escape(d.message)}</td><td>{escape(d.suggestion)}</td></tr>"
                   for d in rec.diagnostics)
    return ("<h2>Diagnostics</h2><table id=\"diagnostics\"><tr><th>where</th><th>severity</th>"
            f"<th>code</th><th>message</th><th>suggestion</th></tr>{rows}</table>")


def _faults(rec: Record, found: list) -> str:
    if not found:
        return ""
    out = ["<h2>What needs a decision</h2>"]
    for fault in found:
        out.append(f'<div class="fault"><p><b>{fault.line}:{fault.column}</b> '
                   f"{escape(fault.code)}: {escape(fault.message)}</p><ol class=\"readings\">")
        for reading in fault.readings:
            shown = f"“{escape(reading.text)}”" if reading.text else "(drop it)"
            out.append(f"<li>{shown} <small>{escape(reading.note)}</small></li>")
        out.append("</ol><p><code>hoyle fix "
                   f"{rec.id} --at {fault.line}:{fault.column} --choose N | --read TEXT | "
                   "--book-error</code></p></div>")
    return "".join(out)
