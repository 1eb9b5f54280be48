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
state = {"db": None, "debug": False, "doing": "", "command": "", "wait": None}
GLOBAL_FLAGS = ("--debug",)
GLOBAL_OPTIONS = ("--db", "--wait")


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
        (front if arg in GLOBAL_FLAGS or arg.startswith(("--db=", "--wait=")) else rest).append(arg)
        i += 1
    return front + rest


class HoyleGroup(TyperGroup):
    """Global options anywhere on the line; no traceback reaches a user."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, _hoisted(list(args)))

    def get_command(self, ctx: typer.Context, name: str):
        command = super().get_command(ctx, name)
        if command is not None and not command.epilog:
            command.epilog = epilog(name)
        return command

    def resolve_command(self, ctx: typer.Context, args: list[str]):
        name, command, rest = super().resolve_command(ctx, args)
        state["command"] = name or ""
        return name, command, rest

    def invoke(self, ctx: typer.Context):
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # typer would make this exit 1
            quiet_pipe()
            raise typer.Exit(OK)
        except Exception as exc:  # the one place every unexpected failure ends
            _archive_trouble(exc)
            _internal_error(exc)
        finally:
            _close_archives()


_opened: list = []   # archives this command opened: closed when it ends, not when collected


def _close_archives() -> None:
    while _opened:
        _opened.pop().close()


def _archive_trouble(exc: BaseException) -> None:
    """A lock held past the wait, or a write this user may not make: bad input, exit 2."""
    import sqlite3

    from records.archive.locking import (ArchiveBusy, ArchiveReadOnly, busy_message, is_busy,
                                         is_read_only)
    if isinstance(exc, (ArchiveBusy, ArchiveReadOnly)):
        fail(str(exc))
    if isinstance(exc, sqlite3.OperationalError) and is_busy(exc):
        fail(busy_message(db_path(), state["wait"] or 0))
    if isinstance(exc, sqlite3.OperationalError) and is_read_only(exc):
        fail(f"{db_path()}: cannot write the archive ({exc})")


def _internal_error(exc: BaseException) -> None:
    if state["debug"]:
        import traceback
        traceback.print_exception(exc)
    where = f" while {state['doing']}" if state["doing"] else ""
    what = "out of memory" if isinstance(exc, MemoryError) else (
        f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}")
    hint = "" if state["debug"] else " (hoyle --debug ... shows the traceback)"
    from records.core.report import close_unfinished
    close_unfinished(f"internal error{where}: {what}")
    typer.echo(f"hoyle: internal error{where}: {what}{hint}", err=True)
    raise typer.Exit(INTERNAL)


EXAMPLES = {
    "import": ["hoyle import games.pgn book.txt", "hoyle import scans/ --kind chess,checkers --json"],
    "validate": ["hoyle validate book.txt --kind chess", "hoyle validate - < deals.pbn"],
    "list": ["hoyle list --kind chess --status needs_review", "hoyle list --limit 0 --json"],
    "show": ["hoyle show 12", "hoyle show 12 --format pgn"],
    "replay": ["hoyle replay 12 --ply 20", "hoyle replay 12 --svg board.svg"],
    "delete": ["hoyle delete 12 13"],
    "search": ['hoyle search --moves "P-K4 P-K4 Kt-KB3"', 'hoyle search --kind cribbage --score 29'],
    "export": ["hoyle export --kind chess --format pgn --output games.pgn",
               "hoyle export --format parquet --output shard/"],
    "count": ['hoyle count "5H 5D 5S JC" --starter 5C', 'hoyle count "2H 3H 4H 5H | KS" --crib --json'],
    "demo": ["hoyle demo", "hoyle demo --db /tmp/demo.db --json"],
    "browse": ["hoyle browse", "hoyle browse --host 0.0.0.0 --port 8080"],
    "review": ["hoyle review --kind chess"],
    "fix": ["hoyle fix 12 --at 120:31 --choose 2", 'hoyle fix 12 --at 120:31 --read "Q-QB6"'],
}
GLOBAL_HELP = ("Global options (before or after the command):\n"
               "  --db FILE        the archive (default ./hoyle.db, or $HOYLE_DB)\n"
               "  --wait SECONDS   how long a writing command waits for another hoyle writing\n"
               "                   to the archive (default 300), then exit 2\n"
               "  --debug          the traceback of an internal error")


def epilog(name: str) -> str:
    """The end of a command's help: the global options, then an example or two. (\\b keeps
    click from rewrapping the lines.)"""
    examples = EXAMPLES.get(name) or [f"hoyle {name} --help"]
    return f"\b\n{GLOBAL_HELP}\n\n\b\nExamples:\n" + "\n".join(f"  {e}" for e in examples)


# help names arguments by their metavar words only, not also by a Python type (<list[str]>)
typer.core.TyperArgument.display_type_rich = lambda self, ctx: None

app = typer.Typer(cls=HoyleGroup, add_completion=True, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Read game notations, validate them by replay, keep them in SQLite.",
                  epilog="\b\nExamples:\n  hoyle import games.pgn book.txt\n"
                         '  hoyle search --moves "P-K4 P-K4"\n  hoyle COMMAND --help')

DB_HELP = "SQLite archive (default ./hoyle.db, or $HOYLE_DB); before or after the command."
DEFAULT_WAIT = 300.0
WAIT_HELP = ("Seconds a writing command waits for another hoyle writing to the same archive "
             "(default 300); then exit 2.")
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
             wait: float = typer.Option(DEFAULT_WAIT, "--wait", metavar="SECONDS", min=0, help=WAIT_HELP),
             debug: bool = typer.Option(False, "--debug", help="Show the traceback of an internal error."),
             _v: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                     help="Print the version and exit.")) -> None:
    state["db"], state["debug"], state["wait"] = db, debug, wait


def choose(value: str | None, choices, what: str) -> str | None:
    if value is not None and value not in choices:
        fail(f"unknown {what} {value!r}; choose from {', '.join(choices)}")
    return value


def kinds_of(kind: list[str] | str | None) -> list[str] | None:
    """The kinds --kind names: repeated, comma-separated, in any case."""
    from records.core.family import known_kinds
    if not kind:
        return None
    items = [kind] if isinstance(kind, str) else kind
    kinds = list(dict.fromkeys(k.strip().lower() for item in items for k in item.split(",")
                               if k.strip()))
    for k in kinds:
        choose(k, known_kinds(), "--kind")
    return kinds or None


def one_kind(kind: str | None) -> str | None:
    """One kind, in any case."""
    from records.core.family import known_kinds
    return choose(kind.strip().lower() if kind else kind, known_kinds(), "--kind")


# -- the archive ------------------------------------------------------------------------------
def db_path(demo: bool = False) -> str:
    from records.archive import default_path
    return state["db"] or ("hoyle-demo.db" if demo else default_path())


WRITING = {"import", "delete", "demo", "fix", "review"}   # the commands that write an archive


def open_archive(create: bool = False, path: str | None = None, write: bool | None = None):
    """The archive, opened for writing by the commands that write (waiting up to --wait
    seconds for another writer), read-only by the others; a missing one is an error unless
    the command creates it."""
    path = path or db_path()
    if not os.path.exists(path):
        if not create:
            fail(f"{path}: no archive here (hoyle import FILE creates it, --db FILE names another)")
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            fail(f"{path}: cannot create the archive: no directory {folder}")
    elif not os.path.isfile(path):
        fail(f"{path}: not a hoyle archive (not a regular file)")
    write = create or (state["command"] in WRITING if write is None else write)
    archive = _archive(path, write)
    _opened.append(archive)
    return archive


def _archive(path: str, write: bool):
    import sqlite3

    from records.archive import Archive, NotAnArchive, OlderArchive
    from records.archive.locking import ArchiveBusy, ArchiveReadOnly, check_writable, writable
    try:
        if not write:
            try:
                return Archive(path, read_only=True)
            except OlderArchive:
                if not writable(path):
                    raise
        else:
            check_writable(path, f"hoyle {state['command'] or 'this command'}")
        return Archive(path, wait=state["wait"], on_wait=_say)   # an older one is migrated
    except (NotAnArchive, ArchiveBusy, ArchiveReadOnly) as exc:
        fail(str(exc))
    except sqlite3.Error as exc:
        fail(f"{path}: not a hoyle archive ({exc})")


def _say(message: str) -> None:
    typer.echo(f"hoyle: {message}", err=True)


PATHS = typer.Argument(..., metavar="PATH", help="Files or folders; - reads stdin.")
KIND = typer.Option(None, "--kind", metavar="KIND", help=KIND_HELP)
AS_JSON = typer.Option(False, "--json", help=JSON_HELP)
STATUS = typer.Option(None, "--status", metavar="STATUS", help=", ".join(STATUSES) + ".")
LARGEST = 2 ** 63 - 1   # SQLite's largest integer


def storable(value):
    """A number (or numbers) an archive can hold: one past SQLite's integers is bad usage, not
    an internal error (a check, not a range, so that --help shows no 19-digit bound)."""
    for number in value if isinstance(value, list) else [value]:
        if number is not None and abs(number) > LARGEST:
            raise typer.BadParameter(f"{number} is past the largest number an archive holds")
    return value


LIMIT = typer.Option(0, "--limit", metavar="N", min=0, callback=storable, help="At most N records (0: all).")
PAGE = typer.Option(50, "--limit", metavar="N", min=0, callback=storable, help="A page of N records (0: all).")
OFFSET = typer.Option(0, "--offset", metavar="N", min=0, callback=storable, help="Skip the first N records.")
ONE_KIND = typer.Option(None, "--kind", metavar="KIND", help="chess, checkers, bridge, whist or cribbage.")
RECORD_ID = typer.Argument(..., metavar="ID", callback=storable, help="A record id (see hoyle list).")


def family_of(kind: str):
    from records.core.family import family
    return family(kind)


def get_record(record_id: int, archive=None, positions: bool = True) -> Record:
    rec = (archive or open_archive()).get(record_id, positions)
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


def one_blas_thread() -> None:
    """numpy's OpenBLAS starts a thread per core when numpy is imported (reading a book's
    small endings, or a big PGN file), which costs some 0.07 s of CPU; hoyle does no linear
    algebra, so the command asks for one, unless the user said otherwise. Set before numpy
    is first imported (the process is the command's own; the library leaves it alone)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _command_name(info) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)


def main(argv: list[str] | None = None) -> None:
    one_blas_thread()
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

