"""The hoyle command line's frame: the typer app, its global options, the archive it opens,
the options commands share, and main(). Each command group is a module of this package.

Exit codes: 0 success, 1 records with errors, 2 bad usage or unreadable input, 3 an internal
error (one line; the traceback with --debug). Results go to stdout, diagnostics and progress to
stderr; text from files is printed literally, never as markup, and not wrapped in a pipe.
"""
from __future__ import annotations

import gc
import os
import sys
from typing import Optional

import typer
from typer.core import TyperGroup

from records.core.model import STATUSES, Record
from records.core.report import OK, USAGE, fail, forgiving_streams, quiet_pipe

INTERNAL = 3
state = {"db": None, "debug": False, "doing": ""}
GLOBAL_FLAGS = ("--debug",)
GLOBAL_OPTIONS = ("--db",)


def _hoisted(args: list[str]) -> list[str]:
    """--db FILE and --debug may stand after the command: move them before it."""
    front, rest, i = [], [], 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg in GLOBAL_OPTIONS and i + 1 < len(args):
            front += args[i:i + 2]
            i += 2
            continue
        (front if arg in GLOBAL_FLAGS or arg.startswith("--db=") else rest).append(arg)
        i += 1
    return front + rest


class HoyleGroup(TyperGroup):
    """Global options anywhere on the line; no traceback reaches a user."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, _hoisted(list(args)))

    def invoke(self, ctx: typer.Context):
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # typer would make this exit 1
            quiet_pipe()
            raise typer.Exit(OK)
        except Exception as exc:  # the one place every unexpected failure ends
            _internal_error(exc)
        finally:
            _close_archives()


_opened: list = []   # archives this command opened: closed when it ends, not when collected


def _close_archives() -> None:
    while _opened:
        _opened.pop().close()


def _internal_error(exc: BaseException) -> None:
    if state["debug"]:
        import traceback
        traceback.print_exception(exc)
    where = f" while {state['doing']}" if state["doing"] else ""
    what = "out of memory" if isinstance(exc, MemoryError) else (
        f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}")
    hint = "" if state["debug"] else " (hoyle --debug ... shows the traceback)"
    typer.echo(f"hoyle: internal error{where}: {what}{hint}", err=True)
    raise typer.Exit(INTERNAL)


# help names arguments by their metavar words only, not also by a Python type (<list[str]>)
typer.core.TyperArgument.display_type_rich = lambda self, ctx: None

app = typer.Typer(cls=HoyleGroup, add_completion=True, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Read game notations, validate them by replay, keep them in SQLite.")

DB_HELP = "SQLite archive (default ./hoyle.db, or $HOYLE_DB); before or after the command."
JSON_HELP = "Print one JSON object: {counts, records}."
KIND_HELP = "Only these kinds (chess, checkers, bridge, whist, cribbage); repeat or comma-separate."


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"hoyle {version('hoyle')}")
        except PackageNotFoundError:
            typer.echo("hoyle (not installed)")
        raise typer.Exit(OK)


@app.callback()
def _options(db: Optional[str] = typer.Option(None, "--db", metavar="FILE", help=DB_HELP),
             debug: bool = typer.Option(False, "--debug", help="Show the traceback of an internal error."),
             _v: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                     help="Print the version and exit.")) -> None:
    state["db"], state["debug"] = db, debug


def choose(value: str | None, choices, what: str) -> str | None:
    if value is not None and value not in choices:
        fail(f"unknown {what} {value!r}; choose from {', '.join(choices)}")
    return value


def kinds_of(kind: list[str] | None) -> list[str] | None:
    from records.core.family import known_kinds
    if not kind:
        return None
    kinds = [k.strip() for item in kind for k in item.split(",") if k.strip()]
    for k in kinds:
        choose(k, known_kinds(), "--kind")
    return kinds


def one_kind(kind: str | None) -> str | None:
    from records.core.family import known_kinds
    return choose(kind, known_kinds(), "--kind")


# -- the archive ------------------------------------------------------------------------------
def db_path(demo: bool = False) -> str:
    from records.archive import default_path
    return state["db"] or ("hoyle-demo.db" if demo else default_path())


def open_archive(create: bool = False, path: str | None = None):
    """The archive; a missing one is an error unless the command creates it."""
    import sqlite3
    from records.archive import Archive
    path = path or db_path()
    if not os.path.exists(path):
        if not create:
            fail(f"{path}: no archive here (hoyle import FILE creates it, --db FILE names another)")
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            fail(f"{path}: cannot create the archive: no directory {folder}")
    elif not os.path.isfile(path):
        fail(f"{path}: not a hoyle archive (not a regular file)")
    from records.archive import NewerArchive, NotAnArchive  # the archive refuses what is not its
    try:
        archive = Archive(path, read_only=not create and not _writable(path))
        _opened.append(archive)
        return archive
    except (NotAnArchive, NewerArchive) as exc:
        fail(str(exc))
    except sqlite3.Error as exc:
        fail(f"{path}: not a hoyle archive ({exc})")


def _writable(path: str) -> bool:
    """Reading commands open an archive this user may not write read-only (WAL needs both)."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK)



PATHS = typer.Argument(..., metavar="PATH", help="Files or folders; - reads stdin.")
KIND = typer.Option(None, "--kind", metavar="KIND", help=KIND_HELP)
AS_JSON = typer.Option(False, "--json", help=JSON_HELP)
STATUS = typer.Option(None, "--status", metavar="STATUS", help=", ".join(STATUSES) + ".")
LIMIT = typer.Option(0, "--limit", metavar="N", min=0, help="At most N records (0: all).")
PAGE = typer.Option(50, "--limit", metavar="N", min=0, help="A page of N records (0: all).")
OFFSET = typer.Option(0, "--offset", metavar="N", min=0, help="Skip the first N records.")
ONE_KIND = typer.Option(None, "--kind", metavar="KIND", help="chess, checkers, bridge, whist or cribbage.")
RECORD_ID = typer.Argument(..., metavar="ID", help="A record id (see hoyle list).")


def family_of(kind: str):
    from records.core.family import family
    return family(kind)


def get_record(record_id: int, archive=None) -> Record:
    rec = (archive or open_archive()).get(record_id)
    if rec is None:
        fail(f"no record {record_id} in {db_path()}")
    return rec


# -- the program ------------------------------------------------------------------------------
def click_command(argv: list[str] | None = None, whole: bool = False):
    """The click group for this command line: with only the command it names (typer builds a
    command from its function's signature: some 10 ms for all of them, at every start), or
    with every command for help, completion, no command or one that does not exist."""
    args = _hoisted(list(sys.argv[1:] if argv is None else argv))
    while args and (args[0] in (*GLOBAL_FLAGS, "--version") or args[0].startswith("--db=")):
        args = args[1:]
    while len(args) > 1 and args[0] in GLOBAL_OPTIONS:
        args = args[2:]
    named = [info for info in app.registered_commands
             if args and _command_name(info) == args[0]]
    if whole or not named or os.environ.get("_HOYLE_COMPLETE"):
        return typer.main.get_command(app)
    every = app.registered_commands
    app.registered_commands = named
    try:
        return typer.main.get_command(app)
    finally:
        app.registered_commands = every


def _command_name(info) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)


def main(argv: list[str] | None = None) -> None:
    forgiving_streams()
    command = click_command(argv)
    try:
        code = command.main(argv, prog_name="hoyle", standalone_mode=False)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_pipe()
        code = OK
    except typer.Abort:
        typer.echo("hoyle: interrupted", err=True)
        code = 130
    except typer.TyperException as exc:  # bad usage: click's message, as click prints it
        show = getattr(exc, "show", None)
        show() if show else typer.echo(f"hoyle: {exc}", err=True)
        code = USAGE
    except KeyboardInterrupt:
        code = 130
    gc.freeze()   # the process ends here: its objects are freed as its modules are cleared,
    # with no last full collection walking them all first (40 to 80 ms after a big import)
    sys.exit(code if isinstance(code, int) else OK)

