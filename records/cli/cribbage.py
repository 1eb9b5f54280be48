"""hoyle count: a cribbage hand counted item by item."""
from __future__ import annotations

import json
from typing import Optional

import typer

from records.cli.app import app
from records.core.report import fail


@app.command()
def count(cards: Optional[str] = typer.Argument(None, metavar="CARDS", help='A hand, e.g. "5H 5D 5S JC" (or "5H 5D 5S JC | 5C").'),
          starter: Optional[str] = typer.Option(None, "--starter", metavar="CARD", help="The starter (turn-up), e.g. 5C."),
          crib: bool = typer.Option(False, "--crib", help="Count as a crib (a flush needs the starter)."),
          no_starter: bool = typer.Option(False, "--no-starter", help="Count the cards alone, with no starter."),
          variant: Optional[str] = typer.Option(None, "--variant", metavar="NAME", help="five-card, six-card, seven-card, three-hand, four-hand."),
          distribution: bool = typer.Option(False, "--distribution", help="Scores over every (hand, starter)."),
          as_json: bool = typer.Option(False, "--json", help='{"total", "items"}, or {"distribution"}.')):
    """Count a cribbage hand or crib item by item, or the distribution over every hand."""
    from records.cribbage import engine as cribbage  # the count command is cribbage's own
    if distribution:
        try:
            dist = cribbage.distribution(crib=crib, variant=variant)
        except ValueError as exc:
            fail(str(exc))
        if as_json:
            typer.echo(json.dumps({"distribution": {str(k): v for k, v in dist.items()}}))
        else:
            for points, hands in dist.items():
                typer.echo(f"{points:>3} {hands:>10}")
        return
    if not cards:
        fail('give the cards to count, e.g. hoyle count "5H 5D 5S JC" --starter 5C')
    try:
        result = cribbage.count_cards(cards, starter, crib, variant, no_starter=no_starter)
    except cribbage.NoStarter as exc:
        fail(f"{exc}: give it with --starter CARD (or as \"{cards} | 5C\"), or --no-starter "
             "to count the cards alone")
    except ValueError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        return
    for item in result.items:
        typer.echo(f"{item.kind:<18} {' '.join(map(str, item.cards)):<16} {item.points:>3}")
    typer.echo(f"{'total':<35} {result.total:>3}")
    typer.echo(cribbage.spoken(result))
    for note in result.notes:
        typer.echo(f"note: {note}")
