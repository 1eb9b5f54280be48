"""Only what pyproject.toml cannot say: the bulk PGN reader's optional C half. Where no C
compiler is, the build goes on without it and numpy does its work (records/chess/pgn_boards)."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("records.chess._chunk", ["records/chess/_chunk.c"], optional=True)])
