"""The grammars and reference data shipped inside the package (records/grammars, records/data).

The folders stand at the top of the source tree (grammars/, data/) and pyproject.toml maps them
into the package, so a wheel carries them and importlib.resources finds them wherever the
package is installed.
"""
from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path


PACKAGE = Path(str(files("records")))


@cache
def grammar(name: str) -> str:
    return (PACKAGE / "grammars" / f"{name}.lark").read_text(encoding="utf-8")


def data_path(*parts: str) -> Path:
    return PACKAGE.joinpath("data", *parts)
