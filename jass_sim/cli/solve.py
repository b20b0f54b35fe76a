"""``jass-sim solve``: double-dummy value of a position with all four hands known."""

from __future__ import annotations

import click

from . import main


@main.command()
@click.option("--mode", required=True, help="H, D, S, C, OBE or UNE.")
@click.option("--leader", type=int, default=0, show_default=True, help="Seat (0..3) that leads.")
@click.option("--hands", required=True,
              help='Four hands separated by ";", seat 0 first, e.g. "H6,HA,DT;...;...;...".')
@click.option("--format", "fmt", default="text", show_default=True, help="text or json.")
def solve(mode, leader, hands, fmt):
    """Points each team makes with perfect double-dummy play, and the value of each lead.

    Hands of equal size (1 to 9 cards, all 36 cards for 9 each); with 9 cards each the 100 match
    bonus is at stake. In the output, each legal card of the leader gets the leader's team's
    points after that card with perfect play.
    """
    import json

    from ..cards import HAND_SIZE, InputError, format_card, mode_name, parse_hands
    from ..engine.solver import Solver
    from ..output import check_choice
    from .options import mode_option

    fmt = check_choice("--format", fmt, ("text", "json"))
    mode_number = mode_option(mode, allow_auto=False)
    if not 0 <= leader <= 3:
        raise InputError(f"--leader must be a seat 0..3, got {leader}", str(leader))
    texts = hands.split(";")
    if len(texts) != 4:
        raise InputError(f'--hands needs four hands separated by ";", got {len(texts)}: {hands!r}', hands)
    hand_lists = parse_hands(texts, count=None)
    sizes = [len(h) for h in hand_lists]
    if len(set(sizes)) != 1 or not 1 <= sizes[0] <= HAND_SIZE:
        raise InputError(f"the four hands must have the same size, 1 to 9 cards; got "
                         f"{'/'.join(map(str, sizes))}", "/".join(map(str, sizes)))
    result = Solver(log2_tt=20).solve(hand_lists, mode_number, leader)
    doc = result.to_json()
    if fmt == "json":
        click.echo(json.dumps(doc))
        return
    click.echo(f"mode {mode_name(mode_number)}, seat {leader} leads, {sizes[0]} tricks"
               f"{' (match bonus at stake)' if sizes[0] == HAND_SIZE else ''}")
    for seat, h in enumerate(hand_lists):
        click.echo(f"seat {seat}: {' '.join(format_card(c) for c in h)}")
    click.echo(f"team 0: {result.team0}  team 1: {result.team1}  ({result.nodes} nodes)")
    click.echo(f"leads (team {leader % 2} points): "
               + "  ".join(f"{card} {value}" for card, value in doc["moves"].items()))
