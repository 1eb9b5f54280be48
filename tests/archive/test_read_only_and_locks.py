"""Archives a user may only read, and archives another process is writing.

Reading commands open the archive read-only (mode=ro; immutable=1 where SQLite could not make
its -shm file); a write this user may not make is exit 2 with a message. A writing command
waits, saying so, for another process's write lock, up to --wait seconds, then exits 2;
reading commands are not held up (WAL)."""
import json
import os
import pwd
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from records.archive import Archive
from records.cli import app

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "data" / "demo" / "chess_demo.pgn"
AS_USER = Path(__file__).with_name("as_user.py")
runner = CliRunner()


def hoyle(*args):
    return runner.invoke(app, [str(a) for a in args])


def other_user() -> str | None:
    """A user for whom permissions bind: nobody, when the tests run as root."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("nobody").pw_name
    except KeyError:
        return None


@pytest.fixture
def shared_dir():
    """A folder in /tmp another user can reach (pytest's own tmp_path is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="hoyle-ro-", dir="/tmp"))
    folder.chmod(0o755)
    yield folder
    folder.chmod(0o755)
    shutil.rmtree(folder, ignore_errors=True)


def make_archive(path: Path) -> None:
    assert hoyle("import", GAMES, "--db", path).exit_code == 0
    path.chmod(0o644)


def as_reader(db: Path, *commands: list, warm: Path) -> list[tuple[int, str, str]]:
    """(exit, stdout, stderr) of each hoyle command (ARCHIVE standing for the archive) run
    by a user who may not write what root made: nobody under root, else this user."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    user = other_user()
    if user:
        joined = [str(a) for command in commands for a in ["++", *command]][1:]
        done = subprocess.run([sys.executable, str(AS_USER), user, str(warm), str(db), "--",
                               *joined], capture_output=True, env=env, timeout=120, text=True)
        assert done.returncode == 0, done.stderr
        return [tuple(row) for row in json.loads(done.stdout)]
    results = []
    for command in commands:
        args = [str(db) if a == "ARCHIVE" else str(a) for a in command]
        done = subprocess.run([sys.executable, "-m", "records.cli", *args], capture_output=True,
                              env=env, timeout=120, text=True)
        results.append((done.returncode, done.stdout, done.stderr))
    return results


def test_a_user_who_may_only_read_lists_searches_and_cannot_write(shared_dir, tmp_path):
    """Neither the file nor its folder is the user's to write: the archive is read as
    immutable, nothing is made beside it, and a write is refused with exit 2."""
    db = shared_dir / "hoyle.db"
    make_archive(db)
    warm = tmp_path / "warm.db"
    shutil.copy(db, warm)
    shared_dir.chmod(0o555)
    before = sorted(os.listdir(shared_dir))
    listed, found, deleted = as_reader(db, ["list", "--db", "ARCHIVE", "--json"],
                                       ["search", "--moves", "e4", "--db", "ARCHIVE", "--json"],
                                       ["delete", "1", "--db", "ARCHIVE"], warm=warm)
    assert listed[0] == 0 and json.loads(listed[1])["counts"]["records"] == 3, listed
    assert found[0] == 0 and json.loads(found[1])["records"], found
    assert deleted[0] == 2 and "may not write" in deleted[2], deleted
    assert "Traceback" not in listed[2] + found[2] + deleted[2]
    assert sorted(os.listdir(shared_dir)) == before   # no -wal, no -shm
    assert len(Archive(str(db), read_only=True).search()) == 3


def test_a_readable_file_in_a_writable_folder_is_read_with_mode_ro(shared_dir, tmp_path):
    db = shared_dir / "hoyle.db"
    make_archive(db)
    warm = tmp_path / "warm.db"
    shutil.copy(db, warm)
    shared_dir.chmod(0o777)
    listed, imported = as_reader(db, ["list", "--db", "ARCHIVE", "--json"],
                                 ["import", GAMES, "--db", "ARCHIVE"], warm=warm)
    assert listed[0] == 0 and json.loads(listed[1])["counts"]["records"] == 3, listed
    assert imported[0] == 2 and "read-only file" in imported[2], imported


def test_an_older_archive_a_user_may_not_migrate_says_so(shared_dir, tmp_path):
    db = shared_dir / "hoyle.db"
    make_archive(db)
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 3")
    conn.close()
    warm = tmp_path / "warm.db"
    shutil.copy(db, warm)
    shared_dir.chmod(0o555)
    (listed,) = as_reader(db, ["list", "--db", "ARCHIVE"], warm=warm)
    assert listed[0] == 2 and "older hoyle (schema 3)" in listed[2], listed


def test_reading_commands_open_the_archive_read_only(tmp_path):
    """Even for a user who may write it: the connection itself refuses a write."""
    db = tmp_path / "a.db"
    make_archive(db)
    content = db.read_bytes()
    archive = Archive(str(db), read_only=True)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        archive.db.execute("CREATE TABLE x (y)")
    archive.close()
    for command in (["list"], ["show", "1"], ["replay", "1", "--ply", "3"],
                    ["search", "--moves", "e4"], ["export", "--format", "pgn"]):
        assert hoyle(*command, "--db", db).exit_code == 0, command
    assert db.read_bytes() == content


def hold_lock(db: Path, seconds: float) -> subprocess.Popen:
    """Another process that holds the archive's write lock for a while."""
    code = ("import sqlite3, sys, time\n"
            "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True)\n"
            "time.sleep(float(sys.argv[2])); c.execute('COMMIT')\n")
    holder = subprocess.Popen([sys.executable, "-c", code, str(db), str(seconds)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "locked"
    return holder


def test_a_writer_waits_for_the_lock_says_so_and_gives_up_with_exit_2(tmp_path):
    db = tmp_path / "a.db"
    make_archive(db)
    holder = hold_lock(db, 30)
    try:
        started = time.monotonic()
        listed = hoyle("list", "--db", db, "--json")   # readers are not held up
        assert listed.exit_code == 0 and time.monotonic() - started < 3
        started = time.monotonic()
        deleted = hoyle("delete", "1", "--db", db, "--wait", "1")
        waited = time.monotonic() - started
    finally:
        holder.kill()
        holder.wait()
    assert deleted.exit_code == 2, deleted.output
    assert "waiting for another hoyle writing to" in deleted.stderr
    assert "held the archive's write lock for 1 s" in deleted.stderr and 1 <= waited < 5
    assert len(Archive(str(db), read_only=True).search()) == 3   # nothing was deleted


def test_a_writer_goes_on_once_the_lock_is_let_go(tmp_path):
    db = tmp_path / "a.db"
    make_archive(db)
    other = tmp_path / "other.pgn"
    other.write_text(GAMES.read_text().replace('[Event "', '[Event "Other '))
    holder = hold_lock(db, 2)
    try:
        imported = hoyle("import", other, "--db", db)
    finally:
        holder.wait()
    assert imported.exit_code == 0 and "waiting for another hoyle" in imported.stderr
    assert "added: 3" in imported.stdout
