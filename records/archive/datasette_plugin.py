"""hoyle as a Datasette plugin (pyproject's datasette entry point): every connection Datasette
opens to an archive gets hoyle_fen, which the positions_fen view reads through."""
from datasette import hookimpl

from records.archive.browse import register_functions


@hookimpl
def prepare_connection(conn) -> None:
    register_functions(conn)
