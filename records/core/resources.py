"""The grammars and reference data shipped inside the package (records/grammars, records/data).

The folders stand at the top of the source tree (grammars/, data/) and pyproject.toml maps them
into the package, so a wheel carries them and importlib.resources finds them wherever the
package is installed.
"""
from __future__ import annotations

import hashlib
import os
import sys
from functools import cache
from importlib.resources import files
from pathlib import Path


PACKAGE = Path(str(files("records")))


@cache
def grammar(name: str) -> str:
    return (PACKAGE / "grammars" / f"{name}.lark").read_text(encoding="utf-8")


def lalr_parser(name: str, **options):
    """A LALR parser of a shipped grammar. Lark's analysis of a grammar takes 20-70 ms, some
    0.17 s for all of them at each start that reads a book, so its tables are kept in the
    user's cache folder (lark checks the grammar's hash there and rebuilds a stale file); where
    no folder can be written, the parser is built as before."""
    from lark import Lark
    text, path = grammar(name), _cache_file(name, options)
    if path is None:
        return Lark(text, parser="lalr", **options)
    if path.exists():
        return Lark(text, parser="lalr", cache=str(path), **options)
    fresh = path.with_name(f"{path.name}.{os.getpid()}")   # written whole, then moved in place:
    built = Lark(text, parser="lalr", cache=str(fresh), **options)   # no half file is read
    try:
        os.replace(fresh, path)
    except OSError:
        pass
    return built


def _cache_file(name: str, options: dict) -> Path | None:
    import lark
    folder = Path(os.environ.get("HOYLE_CACHE") or Path(
        os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hoyle")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    said = hashlib.sha256(repr(sorted(options.items())).encode()).hexdigest()[:12]
    return folder / (f"{name}-{said}-lark{lark.__version__}"
                     f"-py{sys.version_info[0]}{sys.version_info[1]}.lark-cache")


def data_path(*parts: str) -> Path:
    return PACKAGE.joinpath("data", *parts)
