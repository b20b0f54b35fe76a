"""``jass-sim games`` (whole games between two teams) and ``jass-sim equity`` (win probability
from a score)."""

from __future__ import annotations

import click

from jass_sim.core.cli import command


@command()
@click.option("--games", "n_games", type=int, required=True, help="Duplicate games (each deal sequence played twice).")
@click.option("--team-a", required=True, help="Card-play policy of team A: random, heuristic, net, dd, pimc.")
@click.option("--team-b", required=True, help="Card-play policy of team B.")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@click.option("--target", type=int, default=None, help="Points that win the game [default: the preset's].")
@click.option("--ending", default=None, help="premier-sorti or plus-grand-ecart [default: the preset's].")
@click.option("--chooser-a", default="evaluator", show_default=True, help="Mode choice of team A: evaluator, fitted or random.")
@click.option("--chooser-b", default="evaluator", show_default=True, help="Mode choice of team B: evaluator, fitted or random.")
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed.")
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--format", "fmt", default="table", show_default=True, help="table, json or csv.")
@click.option("--plot", default=None, help="Write score trajectories and the rounds per game to FILE.png or FILE.svg.")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def games(n_games, team_a, team_b, rules, target, ending, chooser_a, chooser_b, seed, threads, fmt, plot, output):
    """Whole games to the target between team A and team B, on duplicate deal sequences: each
    sequence of deals is played twice with the teams' seats swapped. Reports A's win rate,
    rounds per game, the rubicon rate, premier sorti and the final scores, with 95% CIs."""
    import json

    from jass_sim.jass.games.games import format_games, games as run, games_frame, game_rules, plot_games
    from jass_sim.jass.melds.stats import plot_format
    from jass_sim.jass.players import PLAYERS
    from jass_sim.core.errors import check_choice
    from jass_sim.core.files import check_output_path, emit

    fmt = check_choice("--format", fmt, ("table", "json", "csv"))
    check_output_path(output)
    if plot is not None:
        plot_format(plot)
        check_output_path(plot, "--plot")
    PLAYERS.code(team_a), PLAYERS.code(team_b)
    game_rules(rules, target, ending)
    result, out, traj = run(n_games, team_a.strip().lower(), team_b.strip().lower(), rules, target, ending, seed,
                            threads, chooser_a.strip().lower(), chooser_b.strip().lower())
    if fmt == "json":
        text = json.dumps(result)
    elif fmt == "csv":
        text = games_frame(result).to_csv(index=False, lineterminator="\n")
    else:
        text = format_games(result)
    if plot is not None:
        plot_games(result, out, traj, plot)
    emit(text, output)


@command()
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@click.option("--policy", default="heuristic", show_default=True, help="Card-play policy of all four seats.")
@click.option("--games", "rounds", type=int, default=None,
              help="Rounds simulated; every cell of the table averages over all of them [default: 50000].")
@click.option("--step", type=int, default=10, show_default=True, help="Grid step in points (1 to 50).")
@click.option("--shipped", is_flag=True, help="Print the table shipped with the package instead of building one.")
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed.")
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--score", default=None, help="Print only our win probability at OURS:THEIRS (both sides choosing).")
@click.option("--plot", default=None, help="Write the equity surface to FILE.png or FILE.svg.")
@click.option("-o", "--output", default=None,
              help="Write the table to FILE.parquet or FILE.csv (atomically) instead of a summary on stdout.")
def equity(rules, policy, rounds, step, shipped, seed, threads, score, plot, output):
    """Match equity: the probability that a team wins the game from our score, their score and
    who chooses next, on a grid, each cell with its 95% CI. Built backwards from the end of the
    game from simulated rounds (see the README), or --shipped."""
    from jass_sim.jass.games.equity import parse_score
    from jass_sim.jass.games.api import equity as run
    from jass_sim.jass.melds.stats import plot_format
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_path, emit, parquet_module, write_atomic

    check_output_path(output)
    if output is not None and not output.lower().endswith((".parquet", ".csv")):
        raise InputError(f"-o needs a .parquet or .csv file, got {output!r}", output)
    if output is not None and output.lower().endswith(".parquet"):
        parquet_module()
    if plot is not None:
        plot_format(plot)
        check_output_path(plot, "--plot")
    result = run(rules=rules, policy=policy, games=rounds, step=step, seed=seed, threads=threads, shipped=shipped)
    table, frame = result.equity_table, result.table
    if plot is not None:
        table.plot(plot)
    if output is not None:
        if output.lower().endswith(".csv"):
            write_atomic(output, frame.to_csv(index=False, lineterminator="\n"))
        else:
            import io

            buf = io.BytesIO()
            frame.to_parquet(buf, index=False)
            write_atomic(output, buf.getvalue())
    lines = [f"match equity, rules {table.rules} (target {table.target}, "
             f"{'premier sorti' if table.premier_sorti else 'plus grand écart'}), policy {table.policy}, "
             f"{table.rounds:,} sampled rounds, grid step {table.step}, seed {table.seed}"]
    if score is not None:
        ours, theirs = parse_score(score, table.target)
        for we in (True, False):
            lines.append(f"  {ours}:{theirs}, {'we' if we else 'they'} choose next: P(we win) "
                         f"{table.win_probability(ours, theirs, we):.1%}")
    else:
        picks = [0, table.target // 2, table.target - 200, table.target - 1]
        for ours in picks:
            row = "  ".join(f"{table.win_probability(ours, t, True):6.1%}" for t in picks)
            lines.append(f"  ours {ours:>5} vs theirs {' / '.join(str(p) for p in picks)} (we choose): {row}")
    lines.append("Each cell's 95% CI covers the round sampling at that cell (see the table's ci95 columns), "
                 "not the play model, the later cells' error or interpolation.")
    if output is None:
        emit("\n".join(lines), None)
    else:
        click.echo("\n".join(lines), err=True)
