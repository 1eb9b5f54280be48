"""The PBN splitter's quick steps against the rules they stand for, on the corpus and on
mutated corpus text: a run of section lines found in the text at once ends where the line-by-line
rule ends it (or the quick step declines), and a plain tag line is read as `[Name "value"]`
read by partition."""
import random

import pytest

from conftest import CORPUS, ROOT, need
from records.cards import pbn

PIECES = ["\r\n", "\n", "\n\n", "  \n", " ", "\t", "[", "]", '"', "{", "}", ";", "%", "\n%",
          "\\", '[Note "x"]\n', '[Play "N"]\n', '[A_b "x"]\n', '[ Deal "x"]\n', "\x1f", "\x85"]


def texts():
    files = sorted((CORPUS / "bridge").glob("*.pbn")) + [ROOT / "data" / "demo" / "bridge_demo.pbn"]
    return [p.read_text(encoding="utf-8") for p in files if p.exists()]


def mutated(rng: random.Random, sources: list[str]) -> str:
    text = rng.choice(sources)
    start = rng.randrange(len(text))
    chars = list(text[start:start + rng.randrange(1, 1500)])
    for _ in range(rng.randrange(6)):
        k = rng.randrange(len(chars) + 1)
        chars[k:k + rng.randrange(3)] = rng.choice(PIECES)
    return "".join(chars)


def run_by_lines(lines: list[str], i: int) -> int:
    """The rule, line by line: the run ends at a line that is empty or spaces only, opens with
    [ or %, or holds [ { ; or }."""
    end = i
    while end < len(lines):
        line = lines[end]
        if (not line or line[0] in "[%" or line.isspace()
                or any(c in line for c in "[{;}")):
            break
        end += 1
    return end


def test_runs_found_at_once_end_where_the_lines_end_them():
    need(CORPUS / "bridge")
    sources = texts()
    rng = random.Random(7)
    said = 0
    for n in range(1500):
        text = sources[n] if n < len(sources) else mutated(rng, sources)
        lines = text.splitlines()
        run = pbn._runs(text, lines)
        if run is None:
            assert any(c in text for c in pbn.OTHER_BREAKS)   # declined only for other breaks
            continue
        for i in range(len(lines)):
            found = run(i)
            if found is not None:
                assert found == run_by_lines(lines, i), (text, i)
                said += 1
    assert said > 5000                  # the quick step answers most of the time


@pytest.mark.parametrize("seed", range(3))
def test_a_plain_tag_line_reads_as_partition_reads_it(seed):
    rng = random.Random(seed)
    words = ["Deal", "Event", "A_b", " Site", "Note", "", "é", "1"]
    checked = 0
    values = ["", "x", 'a"b', "a;b", "{c}", "\\", "N:AKQ.JT9.876.5432 - - -", "#"]
    for _ in range(3000):
        line = f'[{rng.choice(words)}{rng.choice(["", " ", "  "])}"{rng.choice(values)}"]'
        line += rng.choice(["", "", " ", '"]', "]"])
        game_lines = ['[Event "e"]', line, "SA HK D2 C3"]
        games, _ = pbn.split_games("\n".join(game_lines) + "\n")
        # the rule: a tag alone on its line, two quotes, its name letters or digits
        plain = (line.endswith('"]') and line.count('"') == 2 and ";" not in line
                 and "{" not in line and "}" not in line)
        name, _, value = line[1:-2].partition('"')
        name = name.strip()
        if plain and name.isalnum() and name != "Event":
            if name == "Note":
                assert games[0].notes == [value]
            else:
                assert games[0].tags[name] == (value, 2, 1)
                assert games[0].data[name] == [("SA HK D2 C3", 3, 0)]
            checked += 1
    assert checked > 300
