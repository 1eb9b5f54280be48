"""The hoyle command line: thin glue between readers, families and the archive; a module per
command group, all on the one typer app of records.cli.app."""
# the command groups, in the order --help lists them
from records.cli import reading, looking, searching, review, cribbage, web  # noqa: F401, I001
from records.cli.app import app, main

__all__ = ["app", "main"]
