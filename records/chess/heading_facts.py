"""Where and when a game was played, and by whom, from its heading: `Played at London, 1911`,
`Game 12.--Hastings, 1895`, `Partie Nr. 5. Anderssen - Dufresne, Berlin 1852`,
`Match game, New York, 1857`, `EXAMPLE 52.--Played at the Havana Masters Tournament, 1913.`

The year gives Date (`1911.??.??`), a place Site, and Event only a named event (a tournament,
a match, a congress ...). Every part of the heading must be one of these, else nothing is
taken: a year inside a sentence is no date.
"""
from __future__ import annotations

import re

NAME_WORD = r"[A-Z\u00C0-\u00DE][\w'\u00C0-\u017F-]*\.?"
NAME = rf"(?:(?:v\.|von|van|de|du|da|di|le|la)\s)?{NAME_WORD}(?:\s(?:(?:v\.|von|van|de|du|da|di|le|la)\s)?{NAME_WORD}){{0,3}}"
VERSUS_WORDS = r"\s[-\u2013\u2014]\s?|\s?[-\u2013\u2014]\s|-|\sv\.?\s|\svs\.?\s|\sversus\s|\sgegen\s|\scontre\s|\scontra\s|\scontro\s|\stegen\s"
PLAYERS = re.compile(rf"^(?P<white>{NAME})(?:{VERSUS_WORDS})(?P<black>{NAME})$")
WORDED_PLAYERS = re.compile(rf"^(?P<white>{NAME})(?:\sv\.?\s|\svs\.?\s|\sversus\s|\sgegen\s|"
                            rf"\scontre\s|\scontra\s|\scontro\s|\stegen\s)(?P<black>{NAME})$")
PLACE = re.compile(rf"^(?:{NAME_WORD})(?:\s(?:{NAME_WORD}|de|del|di|am|an|der|sur|upon|on))*$")
EVENT = re.compile(
    r"\b(?:tournament|tourney|match|congress|championship|olympiad|correspondence|consultation|"
    r"cable|club|turnier|wettkampf|meisterschaft|kongre(?:ss|\u00df)|fernpartie|tournoi|"
    r"championnat|congr[e\u00e8]s|torneo|campeonato|congreso|campionato|toernooi|"
    r"kampioenschap|wedstrijd|matchpartie|match-game)|(?:turnier|wettkampf|meisterschaft|"
    r"toernooi|kampioenschap)\b", re.I)   # (German and Dutch compounds: Hauptturnier)
HEAD = re.compile(r"^\s*(?:GAME|Game|EXAMPLE|Example|PARTIE|Partie|Partida|PARTIDA|Partita|"
                  r"PARTITA|Partij|PARTIJ|CASE|Case)\s+(?:N(?:[Oo]\.?|r\.?|\.|\u00ba)\s*)?(?:\d+|[IVXLC]+)\b"
                  r"\s*(?:[.:]|--|[\u2013\u2014])?\s*(?:--|[\u2013\u2014])?\s*")
PLAYED = re.compile(r"^(?:[Pp]layed\s+(?:at|in)|[Gg]espielt\s+(?:in|zu)|[Jj]ou\u00e9e\s+\u00e0|"
                    r"[Jj]ugada\s+en|[Gg]iocata\s+(?:a|in)|[Gg]espeeld\s+(?:te|in)|"
                    r"[Ff]rom(?=\s+the\s+[A-Z]))\s+"
                    r"(?:the\s+|der\s+|dem\s+|le\s+|la\s+|el\s+|il\s+)?")
FROM_GAME = re.compile(r"^(?:[Ff]rom\s+(?:[Tt]he|[Aa])\s+(?:[Gg]ame|[Mm]atch)\s+|[Aa]us\s+der\s+Partie\s+)")
SECTION = re.compile(r"^\s*(?:[IVXLC]+|\d{1,3})\.\s+(?=[Ff]rom\s|FROM\s)")   # `II. From a game ...`
PLACE_IN_BRACKETS = re.compile(r"\s+\(([^()]*?,?\s*1[5-9]\d\d)\)\.?$")
DATED = re.compile(r"^(?P<body>.*?)(?:,\s*|\s+)(?:in\s+|of\s+|im\s+Jahre\s+)?(?P<year>1[5-9]\d\d)"
                   r"\s*[.)]?\s*(?:\([^()]*\)?\s*)?$")
MAX_HEADING = 110
WORD = re.compile(r"[A-Za-z\u00C0-\u017F]+")


def heading_facts(line: str, numbered: bool = True) -> dict:
    """{Date, Site, Event, White, Black}, those the heading line names, or {}. numbered: the
    line may begin with a game's number (`Game 12.--`); without it, the whole line must be
    the place and year (`Match game, New York, 1857`)."""
    text = line.strip()
    if len(text) > MAX_HEADING:
        return {}
    head = (HEAD.match(text) or SECTION.match(text)) if numbered else None
    if not re.search(r"1[5-9]\d\d", text):   # no year: only the players of a numbered
        worded = WORDED_PLAYERS.match(text[head.end():].strip(" .")) if head else None
        return {"White": worded.group("white"), "Black": worded.group("black")} \
            if worded else {}                   # heading, between worded (`Partie 3. A gegen B`)
    rest = text[head.end():] if head else text
    rest = rest.strip().lstrip("(").strip()
    rest = PLACE_IN_BRACKETS.sub(r", \1", rest)   # `A-B (Hamburg, 1910).`: A-B, Hamburg, 1910
    if rest.isupper():   # `FROM A GAME ED. LASKER-ROTLEVI (HAMBURG, 1910)`: in small letters
        return heading_facts(WORD.sub(lambda m: m.group().capitalize(), rest), numbered=False)
    dated = DATED.match(rest)
    if not dated:
        return {}
    body = dated.group("body").strip(" ,.;:")
    played = PLAYED.match(body)
    if played:
        body = body[played.end():]
    from_game = FROM_GAME.match(body)   # `From the game Capablanca-Janowski, New York ...`
    if from_game:
        body, played = body[from_game.end():], None
    parts = [p.strip() for p in body.split(",") if p.strip()]
    facts: dict = {"Date": f"{dated.group('year')}.??.??"}
    for k, part in enumerate(parts):
        players = PLAYERS.match(part) if k == 0 and not played else None
        if players and not EVENT.search(part):
            facts["White"], facts["Black"] = players.group("white"), players.group("black")
        elif EVENT.search(part) and "Event" not in facts and re.match(r"[A-Z\u00C0-\u00DE]", part) \
                and not re.search(r"\d", part):
            facts["Event"] = part
        elif PLACE.match(part) and "Site" not in facts:
            facts["Site"] = part
        else:
            return {}   # a part that is none of these: not a heading of that kind
    if not parts and not head:
        return {}
    return facts


def heading_lines_facts(lines: list[str], lineno: int) -> dict:
    """The facts of the heading at lineno (1-based), read with the line below it when the
    heading runs on to it (`... New York National` / `Tournament, 1913.`)."""
    line = lines[lineno - 1]
    facts = heading_facts(line)
    if facts or line.rstrip().endswith((".", ")")) or lineno >= len(lines) \
            or not lines[lineno].strip():
        return facts
    return heading_facts(line.rstrip() + " " + lines[lineno].strip())


def line_facts(lines: list[str], lineno: int, heading_line: int, told: dict) -> tuple[dict, dict]:
    """A line of prose at lineno that stands as a heading (a blank line above it, or right
    under a heading that ended): its facts, and what the prose reading told of it (told)
    without the Event and Date of `Played at London, 1911` (London is a Site), nor those of
    a sentence outside the heading."""
    from records.chess.book_tags import PLAYED_AT
    above = lines[lineno - 2] if lineno > 1 else ""
    stands = (not above.strip() or lineno == heading_line + 1 and
              above.rstrip().endswith((".", ")"))) and (   # (a heading run on: read with it)
        0 < heading_line < lineno <= heading_line + NEAR_HEADING or _above_moves(lines, lineno))
    facts = heading_facts(lines[lineno - 1]) if stands else {}
    if "Date" in told and PLAYED_AT.search(lines[lineno - 1]) and (
            facts or not stands and not _in_heading(lines, lineno, heading_line)):
        told = {k: v for k, v in told.items() if k not in ("Event", "Date")}
    return facts, told


NEAR_HEADING = 4
FIRST_ROW = re.compile(r"^\s*1\s?\.\s")


def _above_moves(lines: list[str], lineno: int) -> bool:
    """Does the game's first row follow lineno, a blank line or two between? (a place and a
    year elsewhere, as on a title page, are no game's)"""
    after = [line for line in lines[lineno:lineno + 3] if line.strip()]
    return bool(after) and bool(FIRST_ROW.match(after[0]))


def _in_heading(lines: list[str], lineno: int, heading_line: int) -> bool:
    """Is lineno in the heading's paragraph (no blank line between them)? A place and year
    in any other sentence (`... played at Hastings, 1895 ...`) are no facts of the game."""
    return 0 < heading_line < lineno and lineno - heading_line <= 6 and \
        all(line.strip() for line in lines[heading_line - 1:lineno])
