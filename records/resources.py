"""Where the grammars and shipped data live (top-level folders beside the package)."""
from __future__ import annotations

from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRAMMARS = ROOT / "grammars"
DATA = ROOT / "data"


@cache
def grammar(name: str) -> str:
    return (GRAMMARS / f"{name}.lark").read_text(encoding="utf-8")


def data_path(*parts: str) -> Path:
    return DATA.joinpath(*parts)
