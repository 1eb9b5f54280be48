"""Only what pyproject.toml cannot say: the optional C halves, of the bulk PGN reader and of
the PBN splitter. Where no C compiler is, the build goes on without them and Python does
their work (numpy in records/chess/pgn_boards; records/cards/pbn's pure-Python quick steps)."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("records.chess._chunk", ["records/chess/_chunk.c"], optional=True),
                   Extension("records.cards._pbn_split", ["records/cards/_pbn_split.c"],
                             optional=True)])
