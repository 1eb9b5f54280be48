"""Plain PDN games read without the grammar (records/checkers/pdn_plain.py) come out exactly as
the grammar reads them, on the corpus and on generated games; anything not plain is left to
the grammar; a one-game import of a plain file loads no lark."""
import random
import subprocess
import sys
from dataclasses import asdict

import pytest

from records.checkers import engine as ck
from records.checkers import pdn, pdn_plain
from conftest import CORPUS, need

CHECKERS = CORPUS / "checkers"
STANDARD = CHECKERS / "pdn-standard-tests" / "games"


def by_grammar(monkeypatch, text: str, path: str = "t.pdn"):
    with monkeypatch.context() as patch:
        patch.setattr(pdn, "plain_games", lambda text: None)
        return pdn._parse_records(text, path)


def comparable(records):
    return [(r.title, r.line, r.end_line, r.text, r.tags, r.data, r.start_position, r.normal,
             r.status, [asdict(p) for p in r.plies], [asdict(d) for d in r.diagnostics])
            for r in records]


def assert_read_alike(monkeypatch, text: str) -> int:
    """Both readers on the text; how many games the plain reader took (0: it left the file
    to the grammar)."""
    plain = pdn_plain.plain_games(text)
    assert comparable(pdn._parse_records(text, "t.pdn")) == \
        comparable(by_grammar(monkeypatch, text))
    return len(plain) if plain is not None else 0


def random_plain_games(count: int, seed: int) -> str:
    """Legal English games written plainly in the ways PDN allows: numbers with one or three
    dots or none, "-", "x" or ":", full or short jump paths, lines broken anywhere, tags or
    none, results (some disagreeing with the Result tag) or "*"; a few with a wrong move."""
    rng, out = random.Random(seed), []
    for n in range(count):
        pos, words = ck.initial(), []
        for ply in range(rng.randint(0, 60)):
            moves = ck.legal_moves(pos)
            if not moves:
                break
            move = rng.choice(moves)
            path = move.path if rng.random() < 0.5 else (move.path[0], move.path[-1])
            mark = rng.choice(":x") if move.captured else "-"
            if ply % 2 == 0 and rng.random() < 0.9:
                words.append(f"{ply // 2 + 1}" + rng.choice([".", "...", ". "]))
            text = mark.join(map(str, path))
            if rng.random() < 0.02:
                text = "31-27"   # (often illegal where it stands)
            words.append(text)
            pos = ck.play(pos, move)
        result = rng.choice(["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"])
        tags = "" if n % 7 == 3 else (f'[Event "Game {n}"]\n[Result "{rng.choice(["1-0", "0-1", "*"])}"]'
                                      + ('\n[GameType "21"]' if rng.random() < 0.5 else "")
                                      + "\n\n")
        body = ""
        for word in words:
            body += word + rng.choice([" ", " ", " ", "\n", "  "])
        out.append(tags + body + result)
    return "\n\n".join(out) + "\n"


def test_generated_plain_games_read_as_the_grammar_reads_them(monkeypatch):
    taken = sum(assert_read_alike(monkeypatch, random_plain_games(40, seed))
                for seed in range(6))
    assert taken == 240


def test_the_acf_archive_reads_as_the_grammar_reads_it(monkeypatch):
    text = need(CHECKERS / "acf_archive_9377.pdn").read_text(encoding="utf-8")
    cut = 0
    for _ in range(400):
        cut = text.find("[Event", cut + 1)
    assert assert_read_alike(monkeypatch, text[:cut]) == 400


def test_the_standard_s_files_read_as_the_grammar_reads_them(monkeypatch):
    """Plain ones by the plain reader, the rest (comments, variations, setups, errors) left
    to the grammar: either way, the same records."""
    files = sorted(need(STANDARD).glob("*/*.pdn")) + [need(CHECKERS / "standard_positions.pdn")]
    taken = [assert_read_alike(monkeypatch, path.read_text(encoding="utf-8", errors="replace"))
             for path in files]
    assert sum(1 for n in taken if n) >= 5 and sum(1 for n in taken if not n) >= 10


@pytest.mark.parametrize("text", [
    '[Event "x"]\n\n1. 11-15 {a comment} 23-19 *\n',   # a comment
    "1. 11-15 $1 23-19 *\n",                             # a NAG
    "1. 11-15 (1. 10-14) 23-19 *\n",                     # a variation
    "1. 11-15! 23-19 *\n",                               # a move strength
    "% a line left out\n1. 11-15 23-19 *\n",             # an escaped line
    '[Event "a"]\n1. 11-15\n[Event "b"]\n1. 11-15 *\n',  # a tag inside a game
    "* 1. 11-15 *\n",                                    # a result with no game before it
    "1. 11-15 23-19 @ *\n",                              # text the grammar does not know
])
def test_what_is_not_plain_is_left_to_the_grammar(monkeypatch, text):
    assert pdn_plain.plain_games(text) is None
    assert comparable(pdn._parse_records(text, "t.pdn")) == \
        comparable(by_grammar(monkeypatch, text))


def test_a_plain_one_game_import_loads_no_lark(tmp_path):
    (tmp_path / "one.pdn").write_text(random_plain_games(1, 3), encoding="utf-8")
    probe = ("import sys\nfrom records.cli import main\nsys.argv = ['hoyle', 'import', "
             "'one.pdn', '--db', 'one.db', '--json']\ntry:\n    main()\nexcept SystemExit:\n"
             "    pass\nprint(sorted(m for m in sys.modules if m.split('.')[0] == 'lark'))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.strip().endswith("[]"), done.stdout + done.stderr
    assert '"added": 1' in done.stdout
