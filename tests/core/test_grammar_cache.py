"""Lark's tables of a shipped grammar kept in the user's cache folder: built once, loaded after,
the same parses; a folder that cannot be written costs only the time."""
import os

from records.core import resources

TEXT = "P-K4"


def test_a_grammar_is_cached_once_and_parses_the_same(tmp_path, monkeypatch):
    monkeypatch.setenv("HOYLE_CACHE", str(tmp_path))
    first = resources.lalr_parser("descriptive", propagate_positions=True,
                                  maybe_placeholders=False)
    cached = list(tmp_path.iterdir())
    assert len(cached) == 1 and cached[0].stat().st_size > 1000, cached
    os.utime(cached[0], ns=(1, 1))   # a time no write leaves
    again = resources.lalr_parser("descriptive", propagate_positions=True,
                                  maybe_placeholders=False)
    assert list(tmp_path.iterdir()) == cached
    assert cached[0].stat().st_mtime_ns == 1   # loaded, not written again
    assert again.parse(TEXT) == first.parse(TEXT)


def test_other_options_are_another_file(tmp_path, monkeypatch):
    monkeypatch.setenv("HOYLE_CACHE", str(tmp_path))
    resources.lalr_parser("pdn", lexer="contextual")
    resources.lalr_parser("pdn", lexer="basic")
    assert len(list(tmp_path.iterdir())) == 2


def test_a_stale_or_broken_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("HOYLE_CACHE", str(tmp_path))
    resources.lalr_parser("pdn", lexer="contextual")
    (path,) = tmp_path.iterdir()
    path.write_bytes(b"not a cache\n")
    parser = resources.lalr_parser("pdn", lexer="contextual")
    assert parser.parse('[Event "x"]\n1. 11-15 *\n')
    assert path.read_bytes() != b"not a cache\n"


def test_no_folder_to_write_still_gives_a_parser(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("HOYLE_CACHE", str(blocked / "cache"))   # under a file: cannot be made
    assert resources.lalr_parser("cribbage", start=["notation", "prose"])
