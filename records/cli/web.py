"""hoyle demo and hoyle browse."""
from __future__ import annotations

import json
import os
import sys

import typer

from records.cli.app import AS_JSON, app, db_path, open_archive, state
from records.core.report import console, emit, fail


@app.command()
def demo(as_json: bool = AS_JSON):
    """Import the bundled data into ./hoyle-demo.db (or --db FILE) and show what hoyle can do."""
    from records.archive.demo import run
    archive = open_archive(create=True, path=db_path(demo=True))
    state["doing"] = "running the demo"
    run(archive, console(stderr=as_json, markup=True))
    if as_json:
        emit(archive.search())


RECORD_PAGE = "/-/hoyle/record/{id}?ply={ply}"   # the plugin's page (datasette_plugin.py)


@app.command()
def browse(as_json: bool = typer.Option(False, "--json", help="Print the Datasette command and metadata instead of starting it.")):
    """Open the archive in Datasette (pip install 'hoyle[web]'), faceted by kind, status and
    opening, with a FEN view of every position (positions_fen) and a page per record
    (/-/hoyle/record/ID: the board, hands or count at any ply beside the printed text)."""
    import importlib.util
    import subprocess
    import tempfile
    archive = open_archive()
    from records.archive import browse_metadata
    metadata = browse_metadata(archive.path)
    command = [sys.executable, "-m", "datasette", archive.path, "--metadata", "METADATA.json"]
    if as_json:
        counts = archive.summary()
        typer.echo(json.dumps({"counts": counts, "records": [],
                               "browse": {"command": command, "metadata": metadata,
                                          "record_page": RECORD_PAGE}},
                              ensure_ascii=False, indent=1))
        return
    if importlib.util.find_spec("datasette") is None:
        fail("hoyle browse needs Datasette: pip install 'hoyle[web]' (or pip install datasette)")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as meta:
        json.dump(metadata, meta)
    try:
        code = subprocess.call(command[:-1] + [meta.name])
    finally:
        os.unlink(meta.name)
    raise typer.Exit(code)
