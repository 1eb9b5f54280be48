"""hoyle demo, the README's main job: it runs through on the bundled data, every family shows."""
from typer.testing import CliRunner

from records.archive import Archive
from records.cli import app


def test_demo_imports_the_bundled_data_and_shows_every_family(tmp_path):
    db = tmp_path / "demo.db"
    first = CliRunner().invoke(app, ["--db", str(db), "demo"])
    assert first.exit_code == 0, first.output
    counts = Archive(str(db)).counts()
    assert set(counts["by_kind"]) == {"chess", "checkers", "bridge", "whist", "cribbage"}
    for marker in ("chess", "bridge", "cribbage", "checkers", "GAME No. 1", "R-Q8 mate"):
        assert marker in first.output
    again = CliRunner().invoke(app, ["--db", str(db), "demo"])
    assert again.exit_code == 0
    assert Archive(str(db)).counts() == counts  # nothing is imported twice
