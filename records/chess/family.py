"""The chess family: boards drawn as text and SVG, PGN and descriptive export, search by moves
and position, and the object the registry hands out.
"""
from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING

from records.chess.keys import INITIAL_KEY, STARTING_FEN, key_hash, position_key
from records.chess.pgn_write import normal_of  # noqa: F401  (the family's normal_of)
from records.core.family import FamilyBase, key_digest

if TYPE_CHECKING:   # python-chess is loaded by what draws and replays, not to read PGN
    import chess

# -- the family API: show, export, search ---------------------------------------------------------
EXPORT_FORMATS = ("pgn", "descriptive")


def start_fen_of(rec) -> str:
    """The record's starting FEN: as stored, or the initial position, or from its key (with
    castling allowed where king and rook stand at home)."""
    import chess
    fen = rec.data.get("start_fen") or rec.data.get("fen")
    if fen:
        return fen
    if not rec.start_position or rec.start_position == INITIAL_KEY:
        return STARTING_FEN
    board = chess.Board(fen_of_key(rec.start_position))
    board.castling_rights = chess.BB_CORNERS
    board.castling_rights = board.clean_castling_rights()
    return board.fen()


def start_board(rec) -> chess.Board:
    """The board the record's moves are played on: its variant's (crazyhouse's pockets,
    horde's start) and Chess960's castling where its Variant tag says so (as python-chess
    reads the tag for a PGN game)."""
    import chess
    kind, chess960 = chess.Board, False
    if "Variant" in rec.tags:   # (chess.pgn, not loaded for standard games: `show` starts fast)
        import chess.pgn
        headers = chess.pgn.Headers({"Variant": rec.tags["Variant"]})
        try:
            kind = headers.variant()
        except ValueError:   # a name python-chess does not know: the game was read as chess
            kind = chess.Board
        chess960 = headers.is_chess960()
    fen = rec.data.get("start_fen") or rec.data.get("fen")
    if kind is not chess.Board and not fen:
        return kind(chess960=chess960)          # the variant's own start
    return kind(fen or start_fen_of(rec), chess960=chess960)


def board_at(rec, ply: int | None = None) -> tuple[chess.Board, list[chess.Move]]:
    board = start_board(rec)
    start = board.copy()
    moves = []
    for p in rec.plies[:ply if ply is not None else len(rec.plies)]:
        move = board.parse_san(p.normal)
        moves.append(move)
        board.push(move)
    return start, moves


def render_text(rec, ply: int | None = None) -> str:
    start, moves = board_at(rec, ply)
    board = start.copy()
    lines = [f"{rec.title}  [{rec.status}]"]
    for i, (move, p) in enumerate(zip(moves, rec.plies)):
        number = f"{board.fullmove_number}{'.' if board.turn else '...'}"
        lines.append(f"  {number:<6}{p.normal:<10}{p.text}")
        board.push(move)
    lines.append("")
    lines.append(board.unicode(borders=False, empty_square="·"))
    lines.append(f"after ply {len(moves)} of {len(rec.plies)}; "
                 f"{'White' if board.turn else 'Black'} to move; FEN {board.fen()}")
    return "\n".join(lines)


def render_svg(rec, ply: int | None = None) -> str:
    import chess.svg
    start, moves = board_at(rec, ply)
    board = start.copy()
    for move in moves:
        board.push(move)
    return chess.svg.board(board, lastmove=moves[-1] if moves and moves[-1] else None, size=400)


def export(records: list, fmt: str) -> str:
    if fmt == "pgn":
        from records.chess.pgn import write
        return write(records)
    if fmt == "descriptive":
        return "".join(descriptive_text(r) + "\n" for r in records)
    raise ValueError(f"chess records export as {', '.join(EXPORT_FORMATS)}, json or csv, not {fmt!r}")


def descriptive_text(rec) -> str:
    """A game in English descriptive notation, numbered rows of White and Black."""
    from records.chess.spelling import to_descriptive   # loads the descriptive grammar
    start, moves = board_at(rec)
    if type(start).uci_variant != "chess":   # drops, explosions: no book's notation
        raise ValueError(f"descriptive notation writes chess, not {rec.tags.get('Variant')}: "
                         "those games are left out")
    spelled = to_descriptive(start, moves)
    board = start.copy()
    heading = f"GAME No. {rec.id}. {rec.title}" if rec.id else rec.title
    rows, row = [heading] + [f"    {k}: {v}" for k, v in rec.tags.items()
                             if k in ("Event", "Site", "Date", "Result")], ""
    if rec.tags.get("White") or rec.tags.get("Black"):
        rows.append(f"    White: {rec.tags.get('White', '?')}. Black: {rec.tags.get('Black', '?')}.")
    if start.fen() != STARTING_FEN:
        rows.append(f"    [FEN \"{start.fen()}\"]")
    notes = rec.data.get("notes") or []   # the book's notes: marks after their moves
    marks = {n["ply"]: n["mark"] for n in notes}
    for index, (move, text) in enumerate(zip(moves, spelled)):
        text = f"{text} {marks[index]}" if index in marks else text
        if board.turn:   # White to move
            row = f"   {board.fullmove_number:>3}. {text:<16}"
        else:
            rows.append((row or f"   {board.fullmove_number:>3}. {'...':<16}") + text)
            row = ""
        board.push(move)
    if row:
        rows.append(row.rstrip())
    if notes:
        rows += [""] + [f"{n['mark']} {n['text']}" for n in notes]
    return "\n".join(rows) + "\n"


def move_prefixes(text: str) -> list[list[str]]:
    """The SAN sequences a typed list of moves (descriptive or SAN) can mean from the start;
    [] when the text holds no chess move; ValueError saying which move does not read or play
    when it holds some."""
    typed = _typed_sans(text)
    if typed:   # exactly the SANs of legal moves: no grammar or python-chess to load
        return [typed]
    import chess
    from records.chess import descriptive as dn   # the grammar loads only when a search asks
    from records.chess.resolver import Setup, _san_list, resolve
    items = dn.parse(text)
    tokens = [t for t in items if isinstance(t, (dn.Move, dn.Unreadable))]
    unread = [t for t in tokens if isinstance(t, dn.Unreadable)]
    if not tokens or len(unread) == len(tokens):
        return []
    if unread:
        raise ValueError(f'"{unread[0].text}" is not a chess move')
    res = resolve(chess.Board(), tokens)
    if not res.readings:
        at = max(res.failed_at, 0)
        side = "White" if at % 2 == 0 else "Black"
        raise ValueError(f'"{tokens[at].text}" is not a legal move for {side} at move '
                         f"{at // 2 + 1} from the start")
    return [_san_list(Setup(), r) for r in res.readings]


MOVE_NUMBER = re.compile(r"^\d+\.+")   # "1." or "12..." before a move, or alone


def _typed_sans(text: str) -> list[str] | None:
    """The typed moves when, their move numbers aside, each is exactly the SAN of a legal move
    from the start (san_board checks them); None otherwise."""
    from records.chess.san_board import replayed
    tokens = [token for token in (MOVE_NUMBER.sub("", word, count=1) for word in text.split())
              if token]
    return tokens if tokens and replayed(tokens) is not None else None


def replay_positions(rec) -> list[str]:
    """The position key after every ply, by replaying the moves (the archive keeps none)."""
    board, keys = start_board(rec), []
    for p in rec.plies:
        try:
            board.push_san(p.normal)
        except ValueError:
            break
        keys.append(position_key(board))
    return keys + [""] * (len(rec.plies) - len(keys))


def number_from(records: list, before: int) -> None:
    """Untitled games read from a piece of a file numbered in the whole file."""
    from records.chess.pgn_finish import title_of
    for number, rec in enumerate(records, start=1):
        if rec.title.startswith("Game ") and rec.title == title_of(rec.tags, number) and \
                "HoyleTitle" not in rec.tags:
            rec.title = title_of(rec.tags, before + number)


def read_again(texts: list[tuple[str, int]], whole: bool = False) -> list:
    """PGN games read again from their texts, all in one pass of the reader (each text is
    one game; when they do not come back one game each, each is read alone)."""
    from records.chess.pgn import read
    from records.core.model import shift_lines
    starts, at = [], 1
    for text, _ in texts:
        starts.append(at)
        at += text.count("\n") + 2   # the text's lines and a blank line after it
    games = read("\n\n".join(text for text, _ in texts) + "\n", "", openings=whole) or []
    if [game.line for game in games] != starts:   # (the archive keeps each game's opening)
        games = [next(iter(read(text + "\n", "", openings=whole) or []), None)
                 for text, _ in texts]
        starts = [1] * len(texts)
    return [game and shift_lines([game], line - start)[0]
            for game, start, (_, line) in zip(games, starts, texts)]


def printed_plies(rec, fingerprint: bytes):
    """A PGN game's plies from its text with no replay (so no python-chess), when the moves
    as printed are the SANs: then the record's fingerprint with the printed moves as its SANs
    is the one the archive stored (a game printed otherwise, "Nbd2" for "Nd2", say, hashes
    otherwise, and is read again)."""
    from itertools import islice

    from records.chess.pgn_text import game_spans, scan, split_lines
    from records.core.model import PlyColumns, Record
    lines = split_lines(rec.text + "\n")
    spans = list(islice(game_spans(lines), 2))
    if len(spans) != 1:
        return None
    _, movetext, stop = spans[0]
    found = scan(lines, movetext, stop)
    if found.junk or len(found.moves) != rec.ply_count:
        return None
    tokens = [token for token, _, _ in found.moves]
    shift = rec.line - 1
    probe = Record(kind=rec.kind, title="", tags=rec.tags, data=rec.data,
                   start_position=rec.start_position, plies_in_text=True)
    probe.plies = PlyColumns(tokens, tokens, [row + shift if row else 0 for _, row, _ in found.moves],
                             [column for _, _, column in found.moves])
    return probe.plies if bytes.fromhex(probe.content_digest()) == fingerprint else None


def fen_of_key(key: str) -> str:
    """A position key as FEN (for people browsing the archive)."""
    from records.chess.moves import fen_of_key as written
    return written(key)


def position_hash(key: str) -> int:
    """Bitboard keys hashed as the bulk reader hashes them; anything else as any key."""
    hashed = key_hash(key)
    return key_digest(key) if hashed is None else hashed


def position_after(moves: list[str]) -> str | None:
    from records.chess import san_board
    key = san_board.position_after(moves)
    if key is not None:   # (moves read as SANs are printed as SANs: python-chess is not needed)
        return key
    import chess
    board = chess.Board()
    try:
        for san in moves:
            board.push_san(san)
    except ValueError:
        return None
    return position_key(board)


def filter_sql(filters: dict) -> list[tuple[str, list]]:
    """result as SQL; the card and cribbage filters meet no chess game."""
    if any(value for key, value in filters.items() if key != "result"):
        return [("0", [])]
    result = filters.get("result")
    return [("json_extract(r.tags, '$.Result') = ?", [result])] if result else []


def matches(rec, filters: dict) -> bool:
    if any(filters.get(k) for k in filters if k != "result"):  # card filters are not chess's
        return False
    result = filters.get("result")
    return not result or rec.tags.get("Result", "") == result


def showcase(archive, console) -> None:
    """hoyle demo: chess position search, a replayed game, and descriptive export."""
    console.print("\n[bold]chess[/bold]")
    philidor = "rn1qkbnr/ppp2ppp/3p4/4p3/3PP1b1/5N2/PPP2PPP/RNBQKB1R w KQkq - 1 4"
    found = archive.search(kind="chess", positions=[position_key(philidor)])
    console.print(f"games passing through the Philidor position after 3...B-Kt5: "
                  f"{', '.join(r.title for r in found) or 'none'}", markup=False)
    games = archive.search(kind="chess", name="Isouard", full=True)  # Morphy's Opera game
    if games:
        console.print(render_text(games[0]), markup=False)
    sans = [r for r in archive.search(kind="chess", full=True)
            if r.plies and not any(p.text != p.normal for p in r.plies)][:1]
    for rec in sans:
        console.print("a SAN game exported in descriptive notation:", markup=False)
        console.print(descriptive_text(rec), markup=False)


def faults(rec) -> list:
    """What needs a person's decision, with candidate readings (correction.py)."""
    from records.chess.correction import faults as found
    return found(rec)


def correct(rec, corrections: list):
    """The record replayed with a person's readings (correction.py)."""
    from records.chess.correction import correct as replayed
    return replayed(rec, corrections)


def prepare_bulk() -> None:
    from records.chess.pgn import prepare_bulk as loaded
    loaded()


class Chess(FamilyBase):
    kind = "chess"
    export_formats = EXPORT_FORMATS
    replays_positions = True
    file_reader = "records.chess.pgn:read"
    book_scanner = "records.chess.scan:scan_book"


CHESS = Chess(api=sys.modules[__name__])
