"""hoyle: a notation parser and game-record database."""
__version__ = "0.1.0"
