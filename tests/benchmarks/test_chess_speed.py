"""Chess import speed against python-chess, measured side by side in one run.

Run with: python -m pytest tests/benchmarks -m benchmark -s
"""
import io
import os
import random
import re
import resource
import statistics
import tempfile
import time

import chess
import chess.pgn
import pytest

from records.archive import Archive
from records.chess import pgn

from conftest import CORPUS, counterpart_sans, need

COUNTERPARTS = CORPUS / "chess" / "book_games_pgn_counterparts.pgn"
OPENINGS = CORPUS / "chess" / "lichess-openings"
ROUNDS = 5
DESCRIPTIVE_ROUNDS = 7  # each round takes under a second


def counterpart_copies(copies: int) -> str:
    """The 20 real games many times over, each copy with its own Event and Round."""
    text = need(COUNTERPARTS).read_text(encoding="utf-8")
    games = re.split(r"\n\n(?=\[Event )", text.strip())
    out = []
    for copy in range(copies):
        for game in games:
            game = game.replace('[Event "', f'[Event "Copy {copy} ', 1)
            out.append(re.sub(r'\[Round "[^"]*"\]', f'[Round "{copy}"]', game, count=1))
    return "\n\n".join(out) + "\n"


def opening_lines() -> str:
    """Every lichess opening line as a short game (named by its Event)."""
    out = []
    for part in sorted(need(OPENINGS).glob("[a-e].tsv")):
        for row in part.read_text(encoding="utf-8").splitlines()[1:]:
            eco, name, moves = row.split("\t")
            out.append(f'[Event "{name}"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
                       f'[White "?"]\n[Black "?"]\n[Result "*"]\n[ECO "{eco}"]\n\n{moves} *\n')
    return "\n".join(out)


def read_game_alone(text: str) -> list:
    """The anchor: chess.pgn.read_game over every game (it builds the game tree)."""
    handle = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        games.append(game)
    return games


def game_and_ply_counts(games: list) -> tuple[int, int]:
    return len(games), sum(len(list(game.mainline_moves())) for game in games)


def hoyle_import(text: str, path: str, db: str) -> tuple[int, int]:
    """Ours: read the PGN into records and import them into a fresh archive."""
    records = pgn.read(text, path)
    result = Archive(db).import_records(path, records)
    assert result["added"] == len(records)
    return len(records), sum(len(r.plies) for r in records)


def cpu_seconds() -> tuple[float, float]:
    """CPU time of this process and of its finished children (the second reader)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), children.ru_utime + children.ru_stime


def timed_rounds(text: str, path: str, tmp_path) -> tuple[list, list, tuple, tuple]:
    """ROUNDS of each, the two back to back in every round so that both see the same machine."""
    anchors, ours = [], []
    for n in range(ROUNDS):
        start, cpu = time.perf_counter(), cpu_seconds()
        games = read_game_alone(text)
        anchors.append(time.perf_counter() - start)
        anchor_cpu = cpu_seconds()[0] - cpu[0]
        anchor_counts = game_and_ply_counts(games)  # counted outside the timing
        del games
        start, cpu = time.perf_counter(), cpu_seconds()
        ours_counts = hoyle_import(text, path, str(tmp_path / f"bench{n}.db"))
        ours.append(time.perf_counter() - start)
        main_cpu, child_cpu = (after - before for after, before in zip(cpu_seconds(), cpu))
        print(f"\n  round {n + 1}: read_game {anchors[-1]:.2f} s, hoyle {ours[-1]:.2f} s (ratio "
              f"{anchors[-1] / ours[-1]:.2f}); CPU seconds: read_game {anchor_cpu:.2f}; hoyle "
              f"this process {main_cpu:.2f} + second reader {child_cpu:.2f}")
    return anchors, ours, anchor_counts, ours_counts


def report(label: str, anchors: list, ours: list, counts: tuple) -> float:
    """The median of the rounds' ratios (each round timed both on one state of a shared
    machine); the best against the best is shown too."""
    games, plies = counts
    anchor, best = min(anchors), min(ours)
    ratio = statistics.median(a / o for a, o in zip(anchors, ours))
    print(f"\n{label}: {games} games, {plies} plies\n"
          f"  chess.pgn.read_game alone: {anchor:.2f} s ({games / anchor:.0f} games/s, "
          f"{plies / anchor:.0f} plies/s)\n"
          f"  hoyle PGN import (read + archive): {best:.2f} s ({games / best:.0f} games/s, "
          f"{plies / best:.0f} plies/s)\n"
          f"  ratio (hoyle speed / python-chess speed): {ratio:.2f}x, median of the rounds "
          f"(best against best: {anchor / best:.2f}x; cores: {os.cpu_count()}, "
          f"load: {os.getloadavg()[0]:.1f})")
    return ratio


@pytest.mark.benchmark
def test_pgn_import_throughput(tmp_path):
    text = counterpart_copies(40) + "\n" + opening_lines()
    path = tmp_path / "bench.pgn"
    path.write_text(text, encoding="utf-8")
    anchors, ours, anchor_counts, ours_counts = timed_rounds(text, str(path), tmp_path)
    assert ours_counts == anchor_counts
    ratio = report("PGN import, 800 real games + 3807 opening lines", anchors, ours, ours_counts)
    assert ratio >= 1.0


# -- seeded random legal games: the reader against chess.pgn.read_game -------------------------
RANDOM_GAMES = int(os.environ.get("HOYLE_BENCH_GAMES", "2000"))  # 20000 for the full figure
RANDOM_ROUNDS = int(os.environ.get("HOYLE_BENCH_ROUNDS", "3"))


def random_legal_games(count: int, seed: int = 2024) -> str:
    """count games of random legal moves (10 to 160 plies, or to the end), cached on disk:
    20,000 take python-chess about two minutes to make."""
    cache = os.path.join(tempfile.gettempdir(), f"hoyle-random-games-{count}-{seed}.pgn")
    if os.path.exists(cache):
        return open(cache, encoding="utf-8").read()
    rng = random.Random(seed)
    out = []
    for n in range(count):
        board, game = chess.Board(), chess.pgn.Game()
        game.headers["Event"] = f"Random {n}"
        game.headers["White"], game.headers["Black"] = f"W{rng.randrange(1000)}", f"B{rng.randrange(1000)}"
        node, limit = game, rng.randint(10, 160)
        while not board.is_game_over() and board.ply() < limit:
            move = rng.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result()
        out.append(str(game))
    text = "\n\n".join(out) + "\n"
    with open(cache + ".part", "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(cache + ".part", cache)
    return text


def reader_alone(text: str) -> tuple[int, int]:
    """Ours, reading only: every record streamed through and dropped."""
    games = plies = 0
    for rec in pgn.iter_read(text, "random.pgn"):
        games += 1
        plies += len(rec.plies)
    return games, plies


def reader_peak_memory(text: str) -> tuple[float, float]:
    """(peak, start) resident memory in MB of a forked process that streams the whole file."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        reader_alone(text)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        os.write(write_end, f"{peak} {start}".encode())
        os._exit(0)
    os.close(write_end)
    answer = os.read(read_end, 100).decode().split()
    os.close(read_end)
    os.waitpid(pid, 0)
    peak, start = (int(x) / 1024 for x in answer)
    return peak, start


@pytest.mark.benchmark
def test_pgn_reader_against_read_game_on_random_games(tmp_path):
    text = random_legal_games(RANDOM_GAMES)
    peak, start = reader_peak_memory(text)
    anchors, ours = [], []
    for n in range(RANDOM_ROUNDS):
        t = time.perf_counter()
        games = read_game_alone(text)
        anchors.append(time.perf_counter() - t)
        anchor_counts = game_and_ply_counts(games)
        del games
        t = time.perf_counter()
        counts = reader_alone(text)
        ours.append(time.perf_counter() - t)
        print(f"\n  round {n + 1}: read_game {anchors[-1]:.2f} s, hoyle reader {ours[-1]:.2f} s "
              f"(ratio {anchors[-1] / ours[-1]:.1f}, load {os.getloadavg()[0]:.1f})", end="")
    assert counts == anchor_counts
    t = time.perf_counter()
    imported = hoyle_import(text, str(tmp_path / "random.pgn"), str(tmp_path / "random.db"))
    end_to_end = time.perf_counter() - t
    assert imported == counts
    ratio = statistics.median(a / o for a, o in zip(anchors, ours))
    games, plies = counts
    print(f"\nrandom legal games: {games} games, {plies} plies, {len(text) / 1e6:.1f} MB; "
          f"compiled reader: {'yes' if pgn._compiled() else 'no'}\n"
          f"  chess.pgn.read_game: {min(anchors):.2f} s ({games / min(anchors):.0f} games/s)\n"
          f"  hoyle reader: {min(ours):.2f} s ({games / min(ours):.0f} games/s); ratio "
          f"{ratio:.1f}x (median of rounds)\n"
          f"  hoyle read + archive import: {end_to_end:.2f} s (ratio to read_game "
          f"{statistics.median(anchors) / end_to_end:.1f}x)\n"
          f"  peak memory of the reading process: {peak:.0f} MB (it began at {start:.0f} MB)")
    # 4.6x to 6.6x measured at 20,000 games on a machine loaded 5 to 9 times over; the floor
    # is set below that so that a busy machine does not fail it
    assert ratio >= (2.5 if pgn._compiled() else 0.7)


# -- descriptive import against push_san ------------------------------------------------------
# The lead adds the descriptive benchmark here: descriptive import throughput against
# replaying the same games from SAN with push_san, target ratio >= 0.5.


def descriptive_book(games: list[list[str]]) -> str:
    """The games printed as a book prints them: a heading, then numbered descriptive rows."""
    from records.chess.spelling import to_descriptive
    out = []
    for n, sans in enumerate(games, start=1):
        board, moves = chess.Board(), []
        for san in sans:
            moves.append(board.push_san(san))
        spelled = to_descriptive(chess.Board(), moves)
        out.append(f"\nGAME No. {n}\n")
        for i in range(0, len(spelled), 2):
            pair = spelled[i:i + 2]
            out.append(f"      {i // 2 + 1:>3}. {pair[0]:<16}{pair[1] if len(pair) > 1 else ''}")
    return "\n".join(out) + "\n"


def push_san_alone(games: list[list[str]]) -> int:
    plies = 0
    for sans in games:
        board = chess.Board()
        for san in sans:
            board.push_san(san)
        plies += len(sans)
    return plies


def descriptive_import(text: str, path: str, db: str) -> tuple[int, int]:
    from records.chess.scan import scan_book
    records = scan_book(text, path)
    Archive(db).import_records(path, records)
    return len(records), sum(len(r.plies) for r in records)


@pytest.mark.benchmark
def test_descriptive_import_throughput(tmp_path):
    games = counterpart_sans() * 5
    text = descriptive_book(games)
    path = tmp_path / "book.txt"
    path.write_text(text, encoding="utf-8")
    anchors, ours = [], []
    for n in range(DESCRIPTIVE_ROUNDS):
        start = time.perf_counter()
        plies = push_san_alone(games)
        anchors.append(time.perf_counter() - start)
        start = time.perf_counter()
        counts = descriptive_import(text, str(path), str(tmp_path / f"d{n}.db"))
        ours.append(time.perf_counter() - start)
        print(f"\n  round {n + 1}: push_san {anchors[-1]:.3f} s, hoyle {ours[-1]:.3f} s "
              f"(ratio {anchors[-1] / ours[-1]:.2f}, load {os.getloadavg()[0]:.1f})", end="")
    assert counts == (len(games), plies)
    # Each round times the two back to back, so a round's ratio sees one state of a shared
    # machine; the median of those ratios is the figure, the ratio of the bests is shown too.
    paired = statistics.median(a / o for a, o in zip(anchors, ours))
    anchor, best = min(anchors), min(ours)
    print(f"\ndescriptive import, {len(games)} games, {plies} plies\n"
          f"  push_san replay of the SAN: {anchor:.2f} s ({plies / anchor:.0f} plies/s)\n"
          f"  hoyle descriptive import (find, parse, resolve, archive): {best:.2f} s "
          f"({plies / best:.0f} plies/s)\n"
          f"  ratio: {paired:.2f}x (median of the rounds; best against best: "
          f"{anchor / best:.2f}x)")
    assert paired >= 0.5
