"""The PBN splitter's quick step for a plain tag line against the rule it stands for: the
line is read as `[Name "value"]` read by partition, its section's lines after it."""
import random

import pytest

from records.cards import pbn


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
                assert (games[0].tags[name], games[0].where(name)) == (value, (2, 1))
                assert games[0].data[name] == [("SA HK D2 C3", 3, 0)]
            checked += 1
    assert checked > 300
