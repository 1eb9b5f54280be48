"""hoyle demo and hoyle browse."""
from __future__ import annotations

import json
import os
import sys

from typing import Optional

import typer

from records.cli.app import AS_JSON, app, db_path, open_archive, state
from records.core.report import OK, USAGE, console, emit, fail


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
DEFAULT_PORT = 8001
NEXT_PORTS = 20        # the default port busy: the next free one of these is taken
STOP_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")
STOP_GRACE_S = 5.0     # Datasette's time to stop on SIGTERM before it is killed


@app.command()
def browse(host: str = typer.Option("127.0.0.1", "--host", metavar="HOST", help="Address to serve on (0.0.0.0: every interface)."),
           port: Optional[int] = typer.Option(None, "--port", metavar="N", min=0, max=65535, help=f"Port to serve on (default {DEFAULT_PORT}, or the next free one; 0: any free port)."),
           as_json: bool = typer.Option(False, "--json", help="Print the Datasette command and metadata instead of starting it.")):
    """Open the archive in Datasette (pip install 'hoyle[web]'), faceted by kind, status and
    opening, with a FEN view of every position (positions_fen) and a page per record
    (/-/hoyle/record/ID: the board, hands or count at any ply beside the printed text).
    Ctrl-C (or SIGTERM, SIGHUP) stops the server."""
    archive = open_archive()
    from records.archive import browse_metadata
    metadata = browse_metadata(archive.path)
    if as_json:
        command = _datasette(archive.path, "METADATA.json", host, port or DEFAULT_PORT)
        counts = archive.summary()
        typer.echo(json.dumps({"counts": counts, "records": [],
                               "browse": {"command": command, "metadata": metadata,
                                          "record_page": RECORD_PAGE}},
                              ensure_ascii=False, indent=1))
        return
    if _datasette_missing():
        fail("hoyle browse needs Datasette: pip install 'hoyle[web]' (or pip install datasette)")
    port = _free_port(host, port)
    raise typer.Exit(_serve(archive.path, metadata, host, port))


def _datasette_missing() -> bool:
    import importlib.util
    return importlib.util.find_spec("datasette") is None


def _datasette(path: str, metadata: str, host: str, port: int) -> list[str]:
    return [sys.executable, "-m", "datasette", path, "--metadata", metadata,
            "--host", host, "--port", str(port)]


def _free_port(host: str, port: int | None) -> int:
    """The port asked for when it is free (exit 2 when it is not); without --port the default
    or, when that is busy, the next free one (said on stderr)."""
    if port == 0:
        return _any_free_port(host)
    wanted = DEFAULT_PORT if port is None else port
    tries = [wanted] if port is not None else range(wanted, wanted + NEXT_PORTS)
    for candidate in tries:
        problem = _bind_problem(host, candidate)
        if problem is None:
            if candidate != wanted:
                typer.echo(f"hoyle: port {wanted} is busy; serving on port {candidate}", err=True)
            return candidate
        if "in use" not in problem:
            fail(f"cannot serve on {host}:{candidate}: {problem}")
    if port is not None:
        fail(f"port {port} on {host} is in use (another server?); --port N names another, "
             f"--port 0 takes any free one")
    fail(f"ports {wanted} to {wanted + NEXT_PORTS - 1} on {host} are all in use; --port N names another")


def _any_free_port(host: str) -> int:
    import socket
    problem = _bind_problem(host, 0)
    if problem is not None:
        fail(f"cannot serve on {host}: {problem}")
    family, kind, proto, _, address = socket.getaddrinfo(host, 0, type=socket.SOCK_STREAM)[0]
    with socket.socket(family, kind, proto) as probe:
        probe.bind(address)
        return probe.getsockname()[1]


def _bind_problem(host: str, port: int) -> str | None:
    """None when a server may listen on host:port now, else what stands in the way."""
    import socket
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        return f"unknown host ({exc})"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            import errno
            if exc.errno == errno.EADDRINUSE:
                return "in use"
            return (exc.strerror or str(exc)).lower()
    return None


def _serve(path: str, metadata: dict, host: str, port: int) -> int:
    """Datasette in a child process until it ends or hoyle is asked to stop (SIGTERM, SIGHUP,
    SIGINT): then the child is stopped too (killed after STOP_GRACE_S), and its temporary
    metadata file is removed, whichever way hoyle ends. The handlers come first: a signal at
    any moment after them leaves nothing behind."""
    import signal
    import subprocess
    import tempfile

    from records.core.parallel import die_with_parent
    stopped: list[int] = []

    def stop(signum, _frame) -> None:
        stopped.append(signum)

    handlers = {getattr(signal, name): signal.signal(getattr(signal, name), stop)
                for name in STOP_SIGNALS}
    child, code, meta, parent = None, 0, None, os.getpid()
    try:
        with tempfile.NamedTemporaryFile("w", prefix="hoyle-browse-", suffix=".json",
                                         delete=False) as meta:
            json.dump(metadata, meta)
        if not stopped:
            child = subprocess.Popen(_datasette(path, meta.name, host, port),
                                     preexec_fn=lambda: die_with_parent(parent))
            typer.echo(f"hoyle: serving {path} at http://{_url_host(host)}:{port}/ "
                       "(Ctrl-C stops it)", err=True)
            code = _supervise(child, stopped)
        return _ending(code, stopped, host, port)
    finally:
        if child is not None and child.poll() is None:
            child.kill()
            child.wait()
        if meta is not None and os.path.exists(meta.name):
            os.unlink(meta.name)
        for signum, handler in handlers.items():
            signal.signal(signum, handler)


def _supervise(child, stopped: list[int]) -> int:
    """The child's exit code, once it has ended by itself or been stopped on request."""
    import subprocess
    import time
    asked = None
    while True:
        try:
            return child.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            pass
        if stopped and asked is None:
            asked = time.monotonic()
            child.terminate()
        elif asked is not None and time.monotonic() - asked > STOP_GRACE_S:
            child.kill()


def _ending(code: int, stopped: list[int], host: str, port: int) -> int:
    """hoyle's exit code: 0 for a server stopped on request; a server that could not start
    on its port is bad input (2); any other failure of Datasette's is an internal error."""
    import signal
    if stopped:
        typer.echo(f"hoyle: stopped the server ({signal.Signals(stopped[0]).name})", err=True)
        return OK
    if code == 0:
        return OK
    if _bind_problem(host, port) is not None:
        typer.echo(f"hoyle: Datasette could not listen on {host}:{port} (in use?); "
                   "--port N names another", err=True)
        return USAGE
    typer.echo(f"hoyle: internal error: Datasette ended with exit {code}", err=True)
    return 3


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
