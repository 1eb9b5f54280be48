"""PBN 2.1: tolerant reading, replay of the play, contract bridge scoring, strict writing."""
from collections import Counter

import pytest

from conftest import CORPUS, ROOT, need
from records.cards import pbn, pbn_export
from records.cards import bridge
from records.cards import contract as cb
from records.core.model import ERROR, INFO, WARNING

BRIDGE = CORPUS / "bridge"


def read(path):
    records = pbn.read(path.read_text(encoding="utf-8"), str(path))
    for rec in records:
        rec.settle_status()
    return records


def problems(records):
    return sorted((d.line, d.column, d.severity, d.code) for r in records for d in r.diagnostics
                  if d.severity != INFO)


@pytest.fixture(scope="module")
def corpus():
    need(BRIDGE)
    return {p.name: read(p) for p in sorted(BRIDGE.glob("*.pbn"))}


# -- scoring ------------------------------------------------------------------------------
@pytest.mark.parametrize("contract, vul, tricks, score", [
    ("4S", False, 10, 420), ("3NT", True, 9, 600), ("1NT", False, 7, 90),
    ("2HX", False, 8, 470), ("1CXX", False, 7, 230), ("6S", True, 12, 1430),
    ("7NT", False, 13, 1520), ("2SX", False, 9, 570), ("3NT", False, 10, 430),
    ("4S", False, 9, -50), ("3C", True, 7, -200), ("4HX", True, 7, -800),
    ("3NTX", False, 5, -800), ("5CXX", True, 9, -1000), ("1NTX", False, 6, -100),
    ("6DX", False, 7, -1100),   # doubled not vulnerable down 5: 100+200+200+300+300
])
def test_contract_bridge_scores(contract, vul, tricks, score):
    assert cb.contract_score(cb.parse_contract(contract), vul, tricks) == score


def test_final_contract_from_the_auction():
    end = cb.final_contract("N", ["1C", "1S", "2H", "4S", "5H", "Pass", "Pass", "Pass"])
    assert (str(end.contract), end.declarer) == ("5H", "S")
    end = cb.final_contract("E", ["Pass", "1NT", "X", "XX", "Pass", "Pass", "Pass"])
    assert (str(end.contract), end.declarer) == ("1NTXX", "S")
    assert cb.final_contract("S", ["Pass"] * 4).contract.passed_out
    assert "insufficient" in cb.final_contract("N", ["2H", "1S"]).problem


def test_calls_after_the_auction_has_ended_are_a_problem():
    """Four passes end an auction (passed out), three after a bid end it: a call after that
    was ignored, and the deal passed out (`Pass` x5 then `1D`, the zoo's generator)."""
    end = cb.final_contract("E", ["Pass"] * 5 + ["1D", "Pass", "Pass", "Pass"])
    assert end.contract is None and end.problem == "call 5 (Pass) comes after the auction has ended"
    end = cb.final_contract("N", ["1H", "Pass", "Pass", "Pass", "2S"])
    assert end.contract is None and "call 5 (2S)" in end.problem


# -- the corpus ---------------------------------------------------------------------------
def test_every_corpus_file_imports(corpus):
    counts = {name: len(recs) for name, recs in corpus.items()}
    assert counts == {"bridgebots_sample_3_events.pbn": 3,
                      "bridgebots_shared_deals_spingold.pbn": 4,
                      "eytc1998_vienna_80_boards.pbn": 40,
                      "pbn_comments_edgecase.pbn": 1,
                      "realbridge_2021_online_qual_open_r2.pbn": 299}


def test_played_deals_replay_and_agree_with_their_tags(corpus):
    """The sound files: every deal replays, and contract, declarer, result and score agree."""
    for name in ("realbridge_2021_online_qual_open_r2.pbn", "eytc1998_vienna_80_boards.pbn",
                 "bridgebots_sample_3_events.pbn"):
        records = corpus[name]
        assert problems(records) == [], name
        assert all(r.status == "valid" for r in records)
    real = corpus["realbridge_2021_online_qual_open_r2.pbn"]
    played = [r for r in real if r.plies]
    assert len(played) == 278
    assert sum(len(r.plies) for r in played) > 278 * 20
    stated = [r for r in real if r.tags.get("Score") and r.tags.get("Result")]
    assert len(stated) >= 270
    for r in stated:    # every stated Score is the one computed from contract and result
        assert cb.stated_ns_score(r.tags["Score"], r.tags["Declarer"]) == r.data["score_ns"]


def test_inherited_tags_are_noted(corpus):
    eytc = corpus["eytc1998_vienna_80_boards.pbn"]
    inherited = [r for r in eytc if any(d.code == "PBN-INHERITED" for d in r.diagnostics)]
    assert len(inherited) == 39
    assert eytc[1].tags["Event"] == "16th European Youth Team Championships"


def test_the_real_faults_of_the_small_files_are_named(corpus):
    edge = corpus["pbn_comments_edgecase.pbn"]
    # the Declarer tag and the auction disagree: the auction leaves out the dealer's pass
    assert problems(edge) == [(20, 1, WARNING, "PBN-RECONCILED"), (27, 1, WARNING, "PBN-PLAY-ORDER")]
    repair = next(d for d in edge[0].diagnostics if d.code == "PBN-PLAY-ORDER")
    assert repair.repair and repair.suggestion == "D2 C9 CQ CA"
    assert "trick 3 is written in playing order from its leader E" in repair.message
    assert len(edge[0].plies) == 16 and edge[0].data["tricks_won"] == {"NS": 0, "EW": 4}
    declarer = next(d for d in edge[0].diagnostics if d.code == "PBN-RECONCILED")
    assert declarer.repair and declarer.message.endswith(
        "the auction leaves out the opening pass of N (the dealer N first): its first call is E's")
    spingold = corpus["bridgebots_shared_deals_spingold.pbn"]
    codes = Counter(d.code for r in spingold for d in r.diagnostics if d.severity != INFO)
    assert codes == {"PBN-RECONCILED": 2, "PBN-PLAY-ORDER": 2}
    rotated = next(d for d in spingold[0].diagnostics if d.code == "PBN-PLAY-ORDER")
    assert rotated.message.startswith("trick 4 is written from S (S W N E), not in the Play "
                                      "section's columns (E S W N)")
    # the second table of board 62 gives no deal: it plays the one before
    assert spingold[1].data["hands"] == spingold[0].data["hands"]
    assert [r.status for r in spingold] == ["repaired", "valid", "repaired", "repaired"]


def test_comments_notes_and_claims(corpus):
    edge = corpus["pbn_comments_edgecase.pbn"][0]
    assert edge.data["comments"] == ["this is a comment", "this is also a comment",
                                     "this is also a comment"]
    events = corpus["bridgebots_sample_3_events.pbn"]
    assert events[0].data["notes"][0] == "1:0-4 !ss"
    assert events[0].data["claim"] == {"after_tricks": 7, "declarer_claims": 4, "of": 6}
    assert events[0].data["auction"][-3:] == ["Pass", "Pass", "Pass"]
    table = corpus["realbridge_2021_online_qual_open_r2.pbn"][0].data["tables"]
    assert table["OptimumResultTable"]["columns"] == ["Declarer", "Denomination", "Result"]
    assert len(table["OptimumResultTable"]["rows"]) == 20


# -- diagnostics on deals written here --------------------------------------------------
DEMO = ROOT / "data" / "demo" / "bridge_demo.pbn"


def edited(old, new, count=1):
    text = DEMO.read_text(encoding="utf-8")
    assert text.count(old) >= 1
    return pbn.read(text.replace(old, new, count), "edited.pbn")


def test_demo_is_sound():
    records = read(DEMO)
    assert [r.status for r in records] == ["valid", "valid"]
    assert records[0].data["score_ns"] == -140 and len(records[0].plies) == 52
    assert records[1].data["claim"]["after_tricks"] == 9


def test_a_wrong_score_result_or_contract_is_reported():
    recs = edited('[Score "NS -140"]', '[Score "NS -170"]')
    assert [d.message for d in recs[0].diagnostics if d.code == "PBN-SCORE"] == [
        "the Score says NS -170 but 3S by W making 9 scores NS -140"]
    recs = edited('[Result "9"]', '[Result "10"]')
    assert any(d.code == "PBN-RESULT" and "wins 9 in the play" in d.message
               for d in recs[0].diagnostics)
    recs = edited('[Contract "3S"]', '[Contract "4S"]')   # the one tag the others contradict
    assert [d.message.split(": ", 1)[1] for d in recs[0].diagnostics if d.code == "PBN-RECONCILED"] \
        == ["the contract is 3S, as the auction ends, not 4S as the Contract tag says"]


def test_a_revoke_is_reported_with_its_proof():
    # trick 2 (W leads the ♥A): North discards instead of following with the ♥K,
    # then shows a heart later; the diagnostic names both tricks
    recs = edited("HK H7 HJ HA\n", "C5 H7 HJ HA\n")
    recs = [r for r in recs[:1]]
    found = [d for d in recs[0].diagnostics if d.code in ("BRIDGE-REVOKE", "BRIDGE-CARD-TWICE",
                                                          "BRIDGE-CARD-NOT-HELD")]
    revoke = next(d for d in found if d.code == "BRIDGE-REVOKE")
    assert revoke.message.startswith("N renounced hearts at trick 2")
    assert revoke.line > 0 and revoke.column > 0


def test_broken_deals_are_errors_with_places():
    recs = edited('[Deal "N:T.K8542', '[Deal "N:A.K8542')
    assert [d.code for d in recs[0].diagnostics if d.severity == ERROR] == ["PBN-DEAL"]
    assert recs[0].diagnostics[0].line == 13
    recs = edited("CK C7 C9 CA", "CK C7 C9 Z9")
    assert any(d.code == "PBN-CARD" and d.line == 21 and d.column == 10
               for d in recs[0].diagnostics)


def test_unknown_hand_is_completed_and_ranks_in_any_order():
    text = DEMO.read_text(encoding="utf-8").replace(
        "N:T.K8542.J82.KQ85 AJ76.97.AQ76.743", "N:T.24K58.28J.58KQ AJ76.97.AQ76.743").replace(
        "K542.J3.T953.JT9 Q983.AQT6.K4.A62", "K542.J3.T953.JT9 -")
    rec = pbn.read(text, "x.pbn")[0]
    assert rec.data["hands"]["W"] == "Q983.AQT6.K4.A62"
    assert rec.settle_status() == "valid"


# -- writing ------------------------------------------------------------------------------
def test_strict_writing_round_trips(corpus):
    records = corpus["bridgebots_sample_3_events.pbn"] + read(DEMO)
    text = pbn_export.write(records)
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    again = pbn.read(text, "again.pbn")
    for a, b in zip(records, again):
        assert a.data["hands"] == b.data["hands"]
        assert [p.normal for p in a.plies] == [p.normal for p in b.plies]
        assert a.data.get("score_ns") == b.data.get("score_ns")
    deals = [l for l in text.splitlines() if l.startswith("[Deal ")]
    assert all("10" not in l for l in deals)
    assert pbn_export.write(again) == text


def test_bridge_family_search_render_export(corpus):
    records = corpus["realbridge_2021_online_qual_open_r2.pbn"]
    rec = next(r for r in records if r.plies)
    picture = bridge.render_text(rec, 5)
    assert "North" in picture and "Tricks:" in picture and "  2. " in picture
    assert bridge.matches(rec, {"contract": rec.tags["Contract"]})
    declarer = rec.tags["Declarer"]
    spades = "".join(rank for rank in rec.data["hands"][declarer].split(".")[0][:2])
    if spades:
        assert bridge.matches(rec, {"holding": f"declarer held S:{spades}"})
    three_aces = [r for r in records if bridge.matches(r, {"holding": "three aces"})]
    assert three_aces and all(
        any(h.count("A") >= 3 for h in r.data["hands"].values()) for r in three_aces)
    downs = [r for r in records if bridge.matches(r, {"result": "down"})]
    assert downs and all(r.data["score_ns"] != 0 for r in downs)
    assert bridge.export([rec], "json").startswith("[")
    with pytest.raises(ValueError):
        bridge.export([rec], "pgn")


# -- endplay as an oracle -----------------------------------------------------------------
def test_play_agrees_with_endplay(corpus):
    parser = pytest.importorskip("endplay.parsers.pbn")
    for name in ("realbridge_2021_online_qual_open_r2.pbn", "eytc1998_vienna_80_boards.pbn"):
        boards = parser.loads((BRIDGE / name).read_text(encoding="utf-8"))
        ours = corpus[name]
        assert len(boards) == len(ours)
        for board, rec in zip(boards, ours):
            theirs = [c.suit.name[0].upper() + c.rank.abbr.replace("10", "T")
                      for c in board.play if c.suit.name != "nt"]  # nt: endplay's "no card"
            assert [p.normal for p in rec.plies] == theirs[:len(rec.plies)], rec.title


# -- the command line, as a user runs it ----------------------------------------------------
def test_cli_import_replay_search_export(tmp_path):
    import json

    from typer.testing import CliRunner

    from records.cli import app
    runner = CliRunner()
    db = str(tmp_path / "h.db")
    out = runner.invoke(app, ["--db", db, "import", str(DEMO), "--json"])
    assert out.exit_code == 0, out.output
    payload = json.loads(out.output)
    assert payload["counts"]["by_kind"]["bridge"]["valid"] == 2
    assert all(r["diagnostics"] for r in payload["records"])   # only records with diagnostics
    listed = runner.invoke(app, ["--db", db, "list", "--kind", "bridge", "--json"])
    first = json.loads(listed.output)["records"][0]
    assert first["kind"] == "bridge" and first["moves"][:2] == ["CK", "C7"]
    replay = runner.invoke(app, ["--db", db, "replay", str(first["id"]), "--ply", "4"])
    assert "West" in replay.output and "won by W" in replay.output
    assert "A♣" not in replay.output.split("Tricks:")[0]      # played cards leave the hands
    found = runner.invoke(app, ["--db", db, "search", "--kind", "bridge", "--json",
                                "--holding", "declarer held ♠ K Q J", "--result", "down 1"])
    assert [r["title"] for r in json.loads(found.output)["records"]] == [
        "hoyle demo pairs, board 2: 3S by N"]
    lead = runner.invoke(app, ["--db", db, "search", "--kind", "bridge", "--moves", "♣K", "--json"])
    assert len(json.loads(lead.output)["records"]) == 1
    exported = runner.invoke(app, ["--db", db, "export", "--kind", "bridge", "--format", "pbn"])
    assert exported.output.count("[Deal ") == 2 and "[Play " in exported.output


def test_holding_filters_on_the_demo():
    first, second = read(DEMO)
    # board 1: West declares 3S with Q983.AQT6.K4.A62, North leads
    assert bridge.matches(first, {"holding": "declarer held ♠ Q 9 8"})
    assert bridge.matches(first, {"holding": "W: ♥ A Q 10 6"})
    assert bridge.matches(first, {"holding": "leader held ♣ K Q"})
    assert bridge.matches(first, {"holding": "dummy: S:AJ x x"})
    assert not bridge.matches(first, {"holding": "dummy: S:AJ x x x"})
    assert bridge.matches(second, {"holding": "east: ♠ —"})       # East is void in spades
    assert bridge.matches(second, {"holding": "void in spades"})
    assert bridge.matches(first, {"holding": "S: Q983"})           # S is the suit here
    assert not bridge.matches(first, {"holding": "S:AKQ"})
    assert not bridge.matches(second, {"holding": "north: ♠ —"})
    assert bridge.matches(first, {"holding": "two aces", "trumps": "spades", "contract": "3♠"})
    assert not bridge.matches(first, {"contract": "3SX"})
    assert bridge.matches(first, {"result": "made", "score": "NS -140", "variant": "IMP"})
    assert bridge.matches(first, {"result": "9"}) and bridge.matches(first, {"result": "="})
    assert bridge.matches(second, {"result": "-1"}) and not bridge.matches(second, {"result": "made"})


def test_svg_shows_the_hands_and_the_trick_on_the_table():
    import xml.etree.ElementTree as ET
    first = read(DEMO)[0]
    svg = bridge.render_svg(first, 6)            # trick 2 half played: W A♥, N K♥
    texts = [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    assert "A♥" in texts and "K♥" in texts
    assert "♣ Q 8 5" in texts                    # North after the K♣ went in trick 1


def test_unreadable_pbn_is_kept_as_invalid_with_its_faults():
    records = pbn.read("this is not pbn\n{ never closed\n", "bad.pbn")
    assert [r.status for r in records] == ["invalid"]
    assert [(d.line, d.severity, d.code) for d in records[0].diagnostics
            if d.severity != INFO] == [(2, ERROR, "PBN-SYNTAX"), (1, ERROR, "PBN-NO-GAME")]
    records = pbn.read('[Event "x"]\n[Deal "N:AKQ.2"\n[Contract "9Z"]\n', "bad2.pbn")
    found = {(d.line, d.code) for d in records[0].diagnostics if d.severity != INFO}
    assert found == {(2, "PBN-SYNTAX"), (3, "PBN-CONTRACT")}


def test_a_row_written_from_another_seat_is_repaired_each_by_its_own_cards():
    recs = edited("H8 H9 H3 HQ\n", "H9 H3 HQ H8\n")      # trick 4 written from E, not N
    repairs = [d for d in recs[0].diagnostics if d.code == "PBN-PLAY-ORDER"]
    assert len(repairs) == 1 and repairs[0].repair and repairs[0].line == 24
    assert recs[0].settle_status() == "repaired"
    assert len(recs[0].plies) == 52 and recs[0].data["score_ns"] == -140
    both = pbn.read(DEMO.read_text(encoding="utf-8").replace("H8 H9 H3 HQ\n", "H9 H3 HQ H8\n")
                    .replace("C5 C4 CJ C6\n", "C4 CJ C6 C5\n"), "two.pbn")
    repairs = [d for d in both[0].diagnostics if d.code == "PBN-PLAY-ORDER"]
    assert [(d.line, d.repair) for d in repairs] == [(24, True), (26, True)]
    assert not any(d.severity == ERROR for d in both[0].diagnostics)
    assert len(both[0].plies) == 52 and both[0].data["score_ns"] == -140



def test_a_comment_never_closed_takes_no_game():
    from records.core.resources import data_path
    text = data_path("demo", "bridge_demo.pbn").read_text(encoding="utf-8")
    at = text.index("[Auction")
    damaged = text[:at] + "{ never closed\n" + text[at:]
    first, second = pbn.read(damaged, "damaged.pbn")
    line = damaged[:at].count("\n") + 1
    assert [(d.code, d.severity, d.line, d.column) for d in first.diagnostics
            if d.severity != INFO] == [("PBN-SYNTAX", ERROR, line, 1)]
    assert "never closed" in first.diagnostics[-1].message
    whole = pbn.read(text, "demo.pbn")[1]
    assert second.title == whole.title      # (a line further down: the comment's line)
    assert [(p.normal, p.line - 1) for p in second.plies] == [(p.normal, p.line) for p in whole.plies]
    assert second.settle_status() == whole.settle_status()


def test_a_pbn_file_is_read_without_the_book_readers(tmp_path):
    """The card families' object loads whist's book reader (and lark, the card grammar and
    the deal readers under it) only to read a book: a PBN file, its records shown, need none
    of them; a book still finds its whist records through the family."""
    import subprocess
    import sys
    pbn_file = tmp_path / "deals.pbn"
    pbn_file.write_text(need(CORPUS / "bridge" / "eytc1998_vienna_80_boards.pbn")
                        .read_text(encoding="utf-8", errors="replace"), encoding="utf-8")
    code = ("import sys\nfrom records.core.reading import read_path\n"
            "from records.core.family import family\n"
            "records = read_path(sys.argv[1])\n"
            "assert records and {r.kind for r in records} == {'bridge'}\n"
            "print(sorted(m for m in ('lark', 'records.cards.whist', 'records.cards.deal_play',"
            " 'records.cards.notation') if m in sys.modules))\n"
            "book = 'A: S A K Q J 10 9 8 7 6 5 4 3 2\\n'\n"
            "family('whist').scan_book(book, 'book.txt')\n"
            "print('records.cards.whist' in sys.modules)\n")
    import os
    env = {"PYTHONPATH": str(ROOT), "PATH": ""}   # (and no bytecode written where it is not)
    env.update({k: v for k, v in os.environ.items() if k == "PYTHONDONTWRITEBYTECODE"})
    done = subprocess.run([sys.executable, "-c", code, str(pbn_file)], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["[]", "True"]
