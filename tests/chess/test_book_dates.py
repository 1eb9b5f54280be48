"""A game's heading names where and when it was played, and by whom: the year gives Date, a
place Site, a named event Event, `A - B` / `A v. B` / `A gegen B` the players; a year in a
sentence gives nothing."""
import random

import pytest

from records.chess.heading_facts import heading_facts
from records.chess.scan import scan_book

ROWS = "\n 1. P-K4      P-K4\n 2. Kt-KB3    Kt-QB3\n"


def read(text: str) -> list:
    records = scan_book(text, "dates.txt")
    for rec in records:
        rec.settle_status()
    return records


def tags(rec, names=("White", "Black", "Event", "Site", "Date")) -> dict:
    return {k: rec.tags[k] for k in names if k in rec.tags}


@pytest.mark.parametrize("heading, above, expected", [
    ("Game 12.--Hastings, 1895", "", {"Site": "Hastings", "Date": "1895.??.??"}),
    ("Game 12.\u2014Hastings, 1895", "", {"Site": "Hastings", "Date": "1895.??.??"}),
    ("Partie Nr. 5. Anderssen - Dufresne, Berlin 1852", "",
     {"White": "Anderssen", "Black": "Dufresne", "Site": "Berlin", "Date": "1852.??.??"}),
    ("Partie Nr. 3. Anderssen gegen Kieseritzky, London 1851", "",
     {"White": "Anderssen", "Black": "Kieseritzky", "Site": "London", "Date": "1851.??.??"}),
    ("Match game, New York, 1857", "GAME 7.\n\n",
     {"Event": "Match game", "Site": "New York", "Date": "1857.??.??"}),
    ("Played at London, 1911", "GAME 8.\n\n", {"Site": "London", "Date": "1911.??.??"}),
    ("EXAMPLE 52.--Played at the Havana International Masters Tournament, 1913.", "",
     {"Event": "Havana International Masters Tournament", "Date": "1913.??.??"}),
])
def test_a_heading_gives_the_date_the_site_the_event_and_the_players(heading, above, expected):
    (rec,) = read(f"{above}{heading}\n{ROWS}")
    assert rec.status == "valid" and tags(rec) == expected


def test_a_year_in_a_sentence_is_no_date():
    (rec,) = read("GAME 9.\n\nThe two first met in 1911 at the club, and the game below was\n"
                  "the better one of the two by far, said everyone in 1912.\n" + ROWS)
    assert "Date" not in rec.tags and "Site" not in rec.tags
    (rec,) = read("GAME 9.\n\nWhite and Black met in 1911 at the club, and Black\n"
                  "played at Hastings, 1895 a better game.\n" + ROWS)
    assert not {"Date", "Site", "Event"} & set(rec.tags)
    for sentence in ["In 1895 the tournament was played at Hastings", "the game was won in 1911",
                     "GAME 1. QUEEN'S GAMBIT DECLINED", "Game 3. He won, at last, in 1858"]:
        assert heading_facts(sentence) == {}


def test_a_place_and_year_far_from_the_heading_and_the_moves_are_no_facts():
    prose = "\n".join(["A long paragraph about the opening, which the reader may pass over."] * 6)
    (rec,) = read(f"GAME 3.\n\n{prose}\n\nLondon, 1911\n\n{prose}\n" + ROWS)
    assert not {"Date", "Site"} & set(rec.tags)
    (rec,) = read(f"GAME 3.\n\n{prose}\n\nLondon, 1911\n" + ROWS)   # right above the moves
    assert tags(rec) == {"Site": "London", "Date": "1911.??.??"}


@pytest.mark.parametrize("heading, players", [
    ("Partie Nr. 3. Anderssen gegen Dufresne", ("Anderssen", "Dufresne")),
    ("Game 5. Morphy v. Harrwitz.", ("Morphy", "Harrwitz")),
    ("Partie 7. Morphy contre Harrwitz", ("Morphy", "Harrwitz")),
    ("Game 5. Ruy Lopez - Berlin Defence", None), ("Game 6. Evans Gambit", None)])
def test_players_in_a_heading_without_a_year(heading, players):
    expected = {"White": players[0], "Black": players[1]} if players else {}
    assert heading_facts(heading) == expected


PLACES = ["London", "New York", "Berlin", "Hastings", "San Sebastian", "St. Petersburg"]
EVENTS = ["Match game", "International Tournament", "Cable Match", "Hauptturnier"]
NAMES = ["Anderssen", "Morphy", "Steinitz", "Ed. Lasker", "Dufresne", "Rubinstein"]
WORDS = {"English": ("Game", " v. "), "German": ("Partie Nr.", " gegen "),
         "French": ("Partie", " contre "), "Spanish": ("Partida", " contra "),
         "Italian": ("Partita N.", " contro "), "Dutch": ("Partij", " tegen ")}


@pytest.mark.parametrize("seed", range(6))
def test_generated_headings_in_every_language(seed):
    rnd = random.Random(seed)
    for language, (word, versus) in WORDS.items():
        white, black = rnd.sample(NAMES, 2)
        place, year = rnd.choice(PLACES), rnd.randint(1800, 1950)
        event = rnd.choice(EVENTS + [""])
        versus = rnd.choice([versus, " - ", " vs. "]) if language == "English" else versus
        parts = [f"{white}{versus}{black}"] + ([event] if event else []) + [place]
        heading = f"{word} {rnd.randint(1, 99)}. {', '.join(parts)}{rnd.choice([',', ''])} {year}"
        expected = {"White": white, "Black": black, "Site": place, "Date": f"{year}.??.??"}
        if event:
            expected["Event"] = event
        assert heading_facts(heading) == expected, heading


@pytest.mark.parametrize("heading, expected", [
    ("II. FROM A GAME ED. LASKER-ROTLEVI (HAMBURG, 1910).",
     {"White": "Ed. Lasker", "Black": "Rotlevi", "Site": "Hamburg", "Date": "1910.??.??"}),
    ("III. From a game Blackburne-Schlechter (Vienna, 1898).",
     {"White": "Blackburne", "Black": "Schlechter", "Site": "Vienna", "Date": "1898.??.??"}),
    ("FROM A GAME FR. LAZARD-ED. LASKER (PARIS, 1914)",
     {"White": "Fr. Lazard", "Black": "Ed. Lasker", "Site": "Paris", "Date": "1914.??.??"})])
def test_a_position_from_a_game_names_the_game(heading, expected):
    assert heading_facts(heading) == expected


def test_the_corpus_headings_give_their_dates():
    """Capablanca's `EXAMPLE 52.--Played at the Havana International Masters Tournament,
    1913.` and `(Berlin 1913)`, Lasker's `II. FROM A GAME ED. LASKER-ROTLEVI (HAMBURG, 1910).`"""
    from conftest import CORPUS, need
    found = {}
    for name, first, last in [("chess_fundamentals_pg33870.txt", 2100, 2200),
                              ("chess_fundamentals_pg33870.txt", 4976, 5000),
                              ("chess_strategy_pg5614.txt", 5096, 5140)]:
        lines = need(CORPUS / "chess" / name).read_text(encoding="utf-8").splitlines()
        for rec in read("\n".join(lines[first - 1:last]) + "\n"):
            found[rec.title] = tags(rec)
    assert found["EXAMPLE 52"] == {"White": "J. R. Capablanca", "Black": "R. Blanco",
                                   "Event": "Havana International Masters Tournament",
                                   "Date": "1913.??.??"}
    assert found["GAME 8. CENTRE GAME"] == {"White": "J. Mieses", "Black": "J. R. Capablanca",
                                            "Site": "Berlin", "Date": "1913.??.??"}
    assert found["II. FROM A GAME ED. LASKER-ROTLEVI (HAMBURG, 1910)"] == {
        "White": "Ed. Lasker", "Black": "Rotlevi", "Site": "Hamburg", "Date": "1910.??.??"}
