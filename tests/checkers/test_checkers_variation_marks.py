"""A trunk and its variations printed side by side in columns, the move where each variation
leaves marked in the trunk's column by the variation's number in brackets (`24-20 (1)` under
`Var. 1.`), as other books mark it with a letter (`(a)`) or a star: every column read whole,
each variation leaving the trunk at the move its mark stands by."""
import pytest

from records.checkers.scan import scan_book
from records.core.model import VALID

TRUNK = ["10-14", "23-19", "9-13", "27-23", "6-10", "23-18", "14-23", "24-20", "13-17", "21-14",
         "10-17", "22-13", "2-6", "19-15", "11-18", "26-19", "18-23", "30-26", "23-30", "25-22",
         "12-16", "19-12", "8-11", "31-27"]
VAR1 = ["31-27", "2-6", "27-18", "11-16", "32-27", "16-23-32", "24-20", "10-15", "18-11-2"]
VAR2 = ["1-6", "28-24", "7-10", "25-21", "11-15", "19-16", "12-19-28", "26-19", "15-24"]


def _page(heads: tuple[str, str], marks: tuple[str, str]) -> str:
    trunk = list(TRUNK) + ["Drawn."]
    trunk[7] += f" {marks[0]}"
    trunk[12] += f" {marks[1]}"
    one, two = VAR1 + ["B. wins."], VAR2 + ["Drawn."]
    rows = ['                 GAME 5.--"DOUBLE CORNER."', "", f"  {'Trunk.':<14}{heads[0]:<14}{heads[1]}"]
    for k, move in enumerate(trunk):
        rows.append(f"  {move:<14}{one[k] if k < len(one) else '':<14}"
                    f"{two[k] if k < len(two) else ''}".rstrip())
    return "\n".join(rows) + "\n"


def _printed(record) -> list[str]:
    """The record's moves with the hyphen the page prints (hoyle writes a capture `14x23`)."""
    return [p.normal.replace("x", "-") for p in record.plies]


@pytest.mark.parametrize("heads, marks", [
    (("Var. 1.", "Var. 2."), ("(1)", "(2)")),     # read no move at all: CHECKERS-NO-POSITION
    (("(a)", "(b)"), ("(a)", "(b)")),
])
def test_variation_columns_leave_the_trunk_where_their_mark_stands(heads, marks):
    records = scan_book(_page(heads, marks), "vars.txt")
    assert [len(r.plies) for r in records] == [24, 16, 21]
    assert [_printed(r) for r in records] == [TRUNK, TRUNK[:7] + VAR1, TRUNK[:12] + VAR2]
    assert all(r.status == VALID for r in records)
    starts = [d.message for r in records[1:] for d in r.diagnostics
              if d.code == "CHECKERS-BRANCH-START"]
    assert [m.split(" leaves the line above at ")[1] for m in starts] == \
        ["ply 8 (the move its label marks)", "ply 13 (the move its label marks)"]


def test_a_move_number_in_brackets_before_its_move_is_no_mark():
    """`(1) 11-15 23-19`: the number of the move it stands before."""
    text = "GAME 1.\n\n(1) 11-15 23-19 (2) 8-11 22-17 (3) 9-13 17-14\n"
    records = scan_book(text, "numbers.txt")
    assert [_printed(r) for r in records] == \
        [["11-15", "23-19", "8-11", "22-17", "9-13", "17-14"]]
    assert records[0].status == VALID
