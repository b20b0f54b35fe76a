"""``jass-sim duel``: policy strength by duplicate deals."""

from __future__ import annotations

import click

from . import main
from .options import solver_player_json, solver_player_options


@main.command()
@click.option("--team-a", required=True, help="Card-play policy of team A.")
@click.option("--team-b", required=True, help="Card-play policy of team B.")
@click.option("--deals", type=int, required=True, help="Number of duplicate deals (each played twice).")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset.")
@click.option("--chooser", default="evaluator", show_default=True, help="Mode choice: evaluator, fitted or random.")
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed.")
@solver_player_options
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--format", "fmt", default="table", show_default=True, help="table, json or csv.")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def duel(team_a, team_b, deals, rules, chooser, seed, pimc_samples, horizon, threads, fmt, output):
    """Team A against team B on duplicate deals: each deal is played twice with the teams'
    seats swapped, so card luck cancels. Reports A's mean point difference per round with its
    95% CI and A's win rate."""
    import json

    from ..analysis.duel import duel as run
    from ..engine.policies import policy_params
    from ..output import Progress, check_choice, check_output_path, emit

    fmt = check_choice("--format", fmt, ("table", "json", "csv"))
    params = policy_params(pimc_samples, horizon)
    check_output_path(output)
    result = run(team_a, team_b, deals, rules, seed, threads, chooser,
                 Progress(deals, "duel") if deals >= 200_000 else None, params)
    result |= solver_player_json(params)
    if fmt == "json":
        emit(json.dumps(result), output)
    elif fmt == "csv":
        import pandas as pd

        flat = {k: v for k, v in result.items() if not isinstance(v, list)}
        flat["ci95_diff_lo"], flat["ci95_diff_hi"] = result["ci95_diff"]
        emit(pd.DataFrame([flat]).to_csv(index=False, lineterminator="\n"), output)
    else:
        lo, hi = result["ci95_diff"]
        emit(f"{team_a} vs {team_b}, {result['deals']:,} duplicate deals ({result['rounds']:,} rounds), "
             f"rules {result['rules']}\n"
             f"mean difference per round: {result['mean_diff']:+.2f} points (95% CI {lo:+.2f} to {hi:+.2f})\n"
             f"win rate of {team_a}: {100 * result['win_rate']:.1f}% "
             f"({result['wins']:,} won, {result['ties']:,} tied, {result['losses']:,} lost)\n"
             f"mean points per round: {team_a} {result['mean_points_a']:.1f}, {team_b} {result['mean_points_b']:.1f}",
             output)
