"""The grammars and reference data shipped inside the package (records/grammars, records/data).

The folders stand at the top of the source tree (grammars/, data/) and pyproject.toml maps them
into the package, so a wheel carries them, found beside this module wherever the package is
installed (as importlib.resources.files("records") finds them for a package installed as
files; importing that module and zipfile took 7-11 ms of every start).
"""
from __future__ import annotations

import hashlib
import os
import sys
from functools import cache
from pathlib import Path


PACKAGE = Path(__file__).resolve().parent.parent   # the records package


@cache
def grammar(name: str) -> str:
    return (PACKAGE / "grammars" / f"{name}.lark").read_text(encoding="utf-8")


def lalr_parser(name: str, **options):
    """A LALR parser of a shipped grammar. Lark's analysis of a grammar takes 20-70 ms, some
    0.17 s for all of them at each start that reads a book, so its tables are kept in the
    user's cache folder; where no folder can be written, the parser is built as before."""
    from lark import Lark
    path = _cache_file(name, options)
    if path is None:
        return Lark(grammar(name), parser="lalr", **options)
    # lark's hash of the grammar and options (the cache's path among them) is the file's first
    # line: a missing, stale or broken file (two first starts writing it at once) is rebuilt
    return Lark(grammar(name), parser="lalr", cache=str(path), **options)


def _cache_file(name: str, options: dict) -> Path | None:
    import lark
    try:   # (no home folder: RuntimeError)
        folder = Path(os.environ.get("HOYLE_CACHE") or Path(
            os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hoyle")
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):
        return None
    if not os.access(folder, os.W_OK):
        return None
    said = hashlib.sha256(repr(sorted(options.items())).encode()).hexdigest()[:12]
    return folder / (f"{name}-{said}-lark{lark.__version__}"
                     f"-py{sys.version_info[0]}{sys.version_info[1]}.lark-cache")


def data_path(*parts: str) -> Path:
    return PACKAGE.joinpath("data", *parts)
