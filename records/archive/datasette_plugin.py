"""hoyle as a Datasette plugin (pyproject's datasette entry point): every connection Datasette
opens to an archive gets hoyle_fen, which the positions_fen view reads through; each record
has a page of its own at /-/hoyle/record/ID (record_page.py), and the ids in the records
lists link to it."""
from datasette import hookimpl

from records.archive.browse import register_functions

RECORD_PATH = "/-/hoyle/record/"
LINKED_TABLES = ("records", "records_browse")


@hookimpl
def prepare_connection(conn) -> None:
    register_functions(conn)


@hookimpl
def register_routes():
    return [(r"^/-/hoyle/record/(?P<record_id>\d+)/svg$", record_svg),
            (r"^/-/hoyle/record/(?P<record_id>\d+)/?$", record_page)]


@hookimpl
def render_cell(value, column, table, database):
    if table in LINKED_TABLES and column == "id" and isinstance(value, int):
        from markupsafe import Markup
        return Markup(f'<a href="{RECORD_PATH}{value}?db={database}">{value}</a>')
    return None


async def _archive(datasette, request):
    """The database asked for (?db=NAME), else the first that holds hoyle's records."""
    name = request.args.get("db")
    if name:
        try:
            return datasette.get_database(name)
        except KeyError:
            return None
    for db in datasette.databases.values():
        if db.name != "_internal" and "records" in await db.table_names():
            return db
    return None


def _ply(request) -> int | None:
    text = request.args.get("ply")
    return int(text) if text and text.lstrip("-").isdigit() else None


async def _record(datasette, request):
    from records.archive.record_page import load
    db = await _archive(datasette, request)
    if db is None:
        return None, None
    record_id = int(request.url_vars["record_id"])
    return db, await db.execute_fn(lambda conn: load(conn, record_id))


async def record_page(datasette, request):
    from datasette.utils.asgi import Response

    from records.archive.record_page import page
    db, rec = await _record(datasette, request)
    if rec is None:
        return Response.html("<p>no such record</p>", status=404)
    return Response.html(await db.execute_fn(lambda conn: page(rec, _ply(request), db.name)))


async def record_svg(datasette, request):
    from datasette.utils.asgi import Response

    from records.archive.record_page import clamp, picture
    db, rec = await _record(datasette, request)
    if rec is None:
        return Response.text("no such record", status=404)
    return Response(picture(rec, clamp(rec, _ply(request))), content_type="image/svg+xml")
