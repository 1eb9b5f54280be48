"""A search's typed criteria (moves, a position, the family filters) as one SQL condition,
each read by the families of the kinds searched; what none of them can read is an error
(BadSearch) saying what could not be read, never a search that silently finds nothing."""
from __future__ import annotations

from records.core.family import family


class BadSearch(ValueError):
    """A criterion no family of the kinds searched can read."""


def family_condition(archive, kinds: list[str], moves: str | None, position: str | None,
                     filters: dict) -> tuple[tuple[str, list], set[str]]:
    """One SQL condition: a record of a kind whose family reads the moves or the position and
    whose filters hold; and the kinds whose filters have no SQL (their `matches` judges
    those). BadSearch when the moves, the position or a filter's value is read by none of
    the kinds' families."""
    check_filters(kinds, filters)
    keys = _positions(kinds, position) if position else {}
    prefixes = _move_prefixes(kinds, moves) if moves else {}
    parts, args, judged = [], [], set()
    for kind in kinds:
        if (position and kind not in keys) or (moves and kind not in prefixes):
            continue
        conditions = family(kind).filter_sql(filters) if filters else []
        if conditions is None:
            judged.add(kind)
            conditions = []
        for prefix in prefixes.get(kind, [None]):
            sql, params = archive.query(kind=kind, positions=keys.get(kind, []),
                                        move_prefix=prefix, conditions=conditions).where()
            parts.append(sql.replace(" WHERE ", "", 1))
            args += params
    return (("(" + ") OR (".join(parts) + ")", args) if parts else ("0", [])), judged


def _positions(kinds: list[str], position: str) -> dict[str, list[str]]:
    keys = {}
    for kind in kinds:
        key = family(kind).position_key(position)
        if key is not None:
            keys[kind] = [key]
    if not keys:
        boards = [k for k in kinds if _reads_positions(family(k))] or kinds
        raise BadSearch(f"--position {position!r}: not a position (FEN) of "
                        f"{' or '.join(boards)} hoyle can read")
    return keys


def _reads_positions(fam) -> bool:
    from records.core.family import FamilyBase
    return "position_key" in vars(fam) or type(fam).position_key is not FamilyBase.position_key


def _move_prefixes(kinds: list[str], moves: str) -> dict[str, list[list[str]]]:
    """The normalised move sequences each family reads the moves as; BadSearch naming every
    family's reason when none reads them."""
    found, reasons = {}, []
    for kind in kinds:
        try:
            prefixes = family(kind).move_prefixes(moves)
        except ValueError as exc:
            reasons.append(f"{kind}: {exc}")
            continue
        if prefixes:
            found[kind] = prefixes
    if not found:
        why = "; ".join(reasons) or f"not moves of {' or '.join(kinds)}"
        raise BadSearch(f"--moves {moves!r}: cannot be read as moves from the start ({why})")
    return found


def check_filters(kinds: list[str], filters: dict) -> None:
    """BadSearch for a filter whose value every family using that filter finds unreadable
    (a filter none of the kinds uses simply finds nothing)."""
    verdicts: dict[str, list[str | None]] = {}
    for kind in kinds:
        for key, reason in family(kind).filter_errors(filters).items():
            verdicts.setdefault(key, []).append(reason and f"{kind}: {reason}")
    for key, reasons in verdicts.items():
        if reasons and all(reasons):
            raise BadSearch(f"--{key} {filters[key]!r}: cannot be read ({'; '.join(reasons)})")
