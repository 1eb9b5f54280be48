"""hoyle browse as a server a user starts and stops: --host and --port, a busy port (exit 2, or
the next free port when none was asked for), and SIGTERM, SIGHUP or SIGINT on hoyle ending
the Datasette child and removing its temporary metadata file."""
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from records.cli import app, web

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "data" / "demo" / "chess_demo.pgn"
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("browse") / "b.db"
    assert runner.invoke(app, ["import", str(GAMES), "--db", str(path)]).exit_code == 0
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children(pid: int) -> list[int]:
    """The processes pid started (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat")
    return not (state.exists() and state.read_text().rsplit(")", 1)[1].split()[0] == "Z")


def answers(port: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                return page.status == 200
        except OSError:
            time.sleep(0.2)
    return False


# hoyle browse with a quick stand-in for Datasette (python -m http.server): the same child,
# signals and temporary file, without Datasette's seconds of starting
STAND_IN = ("import sys\nfrom records.cli import main, web\n"
            "web._datasette_missing = lambda: False\n"
            "web._datasette = lambda path, meta, host, port: "
            "[sys.executable, '-m', 'http.server', '--bind', host, str(port)]\n"
            "main(sys.argv[1:])\n")


def browse_until_signal(db, tmp_path, name: str, real: bool) -> None:
    """Start browse, wait for its server to answer HTTP, send hoyle the signal: the server is
    gone, the temporary metadata file removed, the exit 0."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temp)}
    start = ["-m", "records.cli"] if real else ["-c", STAND_IN]
    hoyle = subprocess.Popen([sys.executable, *start, "browse", "--db", str(db),
                              "--port", str(port)], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert answers(port, 90), "the server did not answer"
        (server,) = children(hoyle.pid)
        assert [p.name for p in temp.iterdir()][0].startswith("hoyle-browse-")
        hoyle.send_signal(getattr(signal, name))
        code = hoyle.wait(timeout=20)
    finally:
        if hoyle.poll() is None:
            hoyle.kill()
    for _ in range(50):   # SIGKILL: the kernel stops the child (PR_SET_PDEATHSIG) as hoyle dies
        if not alive(server):
            break
        time.sleep(0.1)
    assert not alive(server), f"Datasette still serving after {name}"
    if name != "SIGKILL":
        err = hoyle.stderr.read()
        assert code == 0 and f"stopped the server ({name})" in err and "Traceback" not in err
        assert list(temp.iterdir()) == []


LINUX_PROC = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no fork here: "
                                "/proc is needed to see hoyle's child")


@LINUX_PROC
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT", "SIGKILL"])
def test_a_signal_ends_browse_and_its_server(db, tmp_path, name):
    browse_until_signal(db, tmp_path, name, real=False)


@LINUX_PROC
@pytest.mark.benchmark
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT", "SIGKILL"])
def test_every_signal_ends_browse_and_datasette(db, tmp_path, name):
    """The real Datasette (the web extra; seconds to start, so with the benchmarks)."""
    pytest.importorskip("datasette", reason="the web extra (datasette) is needed")
    browse_until_signal(db, tmp_path, name, real=True)


@pytest.fixture(autouse=True)
def datasette_or_not(monkeypatch):
    """The port is checked whether or not the web extra is installed."""
    monkeypatch.setattr(web, "_datasette_missing", lambda: False)


def test_a_busy_port_asked_for_is_exit_2(db):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["browse", "--db", str(db), "--port", str(port)])
    assert result.exit_code == 2 and f"port {port} on 127.0.0.1 is in use" in result.stderr


def test_the_default_port_busy_takes_the_next_free_one(db, monkeypatch):
    served = []
    monkeypatch.setattr(web, "_serve", lambda path, meta, host, port: served.append(port) or 0)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        monkeypatch.setattr(web, "DEFAULT_PORT", busy.getsockname()[1])
        result = runner.invoke(app, ["browse", "--db", str(db)])
    assert result.exit_code == 0 and served and served[0] != web.DEFAULT_PORT
    assert f"port {web.DEFAULT_PORT} is busy; serving on port {served[0]}" in result.stderr
    monkeypatch.setattr(web, "DEFAULT_PORT", 8001)
    assert runner.invoke(app, ["browse", "--db", str(db), "--port", "0"]).exit_code == 0
    assert served[-1] > 0


def test_a_host_that_does_not_resolve_is_exit_2(db):
    result = runner.invoke(app, ["browse", "--db", str(db), "--host", "no-such-host.invalid"])
    assert result.exit_code == 2 and "unknown host" in result.stderr
