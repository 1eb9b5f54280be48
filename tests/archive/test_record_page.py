"""The record page of hoyle browse (the Datasette plugin's /-/hoyle/record/ID): a picture at
any ply, the printed text with the current move marked, the diagnostics and the readings to
choose from; through Datasette's test client, and stepped through in headless Chromium."""
import asyncio
import re
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("datasette", reason="the record page is a Datasette plugin (extra web)")
from datasette.app import Datasette  # noqa: E402

from cdp_browser import Browser, chromium_path  # noqa: E402
from records.archive import Archive  # noqa: E402
from review_books import built_once, copy_into, record_at  # noqa: E402


@pytest.fixture(scope="module")
def archive_path(tmp_path_factory):
    folder = tmp_path_factory.mktemp("page")
    archive = Archive(str(copy_into(built_once(tmp_path_factory), folder)))
    ids = {kind: record_at(archive, kind, line).id for kind, line in
           (("chess", 26592), ("checkers", 8708), ("cribbage", 24130), ("bridge", 3264))}
    archive.close()
    return folder / "review.db", ids


def fetch(path, *urls):
    async def get_all():
        client = Datasette([str(path)]).client
        return [await client.get(url) for url in urls]
    return asyncio.run(get_all())


def picture_of(html: str) -> str:
    return re.search(r'<div id="picture"[^>]*>(.*?)</div>', html, re.S).group(1)


def test_a_chess_page_steps_through_the_game(archive_path):
    path, ids = archive_path
    first, fifth, last, svg = fetch(path, f"/-/hoyle/record/{ids['chess']}?ply=0",
                                    f"/-/hoyle/record/{ids['chess']}?ply=5",
                                    f"/-/hoyle/record/{ids['chess']}",
                                    f"/-/hoyle/record/{ids['chess']}/svg?ply=5")
    assert {r.status_code for r in (first, fifth, last, svg)} == {200}
    assert picture_of(first.text) != picture_of(fifth.text) != picture_of(last.text)
    assert picture_of(fifth.text).strip() == svg.text.strip()
    assert svg.headers["content-type"].startswith("image/svg+xml")
    # the fifth ply (3. B. to Q. Kt.'s 5th.) marked in the printed text, and the buttons
    current = re.findall(r'<span class="ply current" id="ply-5" data-ply="5">([^<]*)</span>',
                         fifth.text)
    assert current and "Kt" in current[0]
    assert 'id="prev" href="?ply=4&amp;db=review"' in fifth.text
    assert 'id="next" href="?ply=6&amp;db=review"' in fifth.text
    assert '<span id="where">ply 17 of 17</span>' in last.text
    # the fault and its readings, the command that decides it
    assert "CHESS-AMBIGUOUS" in last.text and "“Nxf2”" in last.text and "“Nxf6”" in last.text
    assert f"hoyle fix {ids['chess']} --at 26615:41" in last.text


def test_every_kind_has_a_picture(archive_path):
    path, ids = archive_path
    pages = dict(zip(ids, fetch(path, *(f"/-/hoyle/record/{i}?ply=2" for i in ids.values()))))
    for kind, page in pages.items():
        assert page.status_code == 200, kind
        svg = picture_of(page.text)
        assert svg.lstrip().startswith("<svg") and "no drawing" not in svg, (kind, svg[:200])
    hand = picture_of(pages["cribbage"].text)
    assert hand.count('class="card"') == 2          # two cards of three at ply 2


def test_the_lists_link_to_the_record_pages(archive_path):
    path, ids = archive_path
    (listing,) = fetch(path, "/review/records_browse")
    assert f'<a href="/-/hoyle/record/{ids["chess"]}?db=review">{ids["chess"]}</a>' in \
        listing.text
    missing, bad_db = fetch(path, "/-/hoyle/record/99999", "/-/hoyle/record/1?db=nothing")
    assert missing.status_code == 404 and bad_db.status_code == 404


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def served(archive_path):
    path, ids = archive_path
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "datasette", str(path), "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", ids
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.skipif(chromium_path() is None,
                    reason="Chromium is not installed (apt-get install chromium)")
def test_stepping_through_a_game_in_chromium(served):
    """Open a record at its start, step with the arrow keys and the buttons: the board
    changes, the move played is marked in the printed text, the address follows."""
    base, ids = served
    browser = Browser(f"{base}/-/hoyle/record/{ids['chess']}?ply=0")
    try:
        browser.wait_for("document.readyState === 'complete' && !!document.getElementById('picture')")
        ply = "document.getElementById('picture').dataset.ply"
        board = "document.getElementById('picture').innerHTML"
        start = browser.evaluate(board)
        browser.press("ArrowRight", 39)
        browser.wait_for(f"{ply} === '1'")
        after_one = browser.evaluate(board)
        assert after_one != start and "<svg" in after_one
        marked = browser.evaluate("[...document.querySelectorAll('#source .ply.current')]"
                                  ".map(e => e.textContent)")
        assert marked == ["P. to K’s 4th."]
        browser.evaluate("document.getElementById('last').click()")
        browser.wait_for(f"{ply} === '17'")
        assert browser.evaluate("location.search").startswith("?ply=17")
        assert browser.evaluate(board) not in (start, after_one)
        browser.press("ArrowLeft", 37)
        browser.wait_for(f"{ply} === '16'")
        browser.press("Home", 36)
        browser.wait_for(f"{ply} === '0'")
        assert browser.evaluate(board) == start
    finally:
        browser.close()


def test_ci_installs_chromium_when_it_can():
    from conftest import ROOT
    script = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"apt-get install -y( -qq)? chromium", script) and "|| true" in script
