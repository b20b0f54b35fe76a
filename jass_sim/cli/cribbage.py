"""``jass-sim cribbage ...``: hand scoring, the discard adviser, statistics, whole games."""

from __future__ import annotations

import click

from . import main


def _unused(condition: bool, message: str, *values) -> None:
    """An InputError naming the first given option value when ``condition`` says it has no use."""
    from ..cards import InputError

    given = [v for v in values if v is not None]
    if condition and given:
        raise InputError(message, str(given[0]))


@main.group()
def cribbage():
    """Two-player Cribbage: exact scoring, discards, statistics and simulated games."""


@cribbage.command()
@click.argument("hand")
@click.option("--starter", required=True, help="The starter (cut) card, e.g. 5C.")
@click.option("--crib", is_flag=True, help="Score as a crib (a flush counts only with all five cards).")
@click.option("--format", "fmt", default="table", show_default=True, help="table or json.")
def score(hand, starter, crib, fmt):
    """Points of four cards HAND with the starter, each combination listed."""
    import json

    from ..output import check_choice
    from ..cribbage.cards import format_cards
    from ..cribbage.scoring import combinations_of, parse_hand
    from ..cribbage.scoring import score as score_hand

    fmt = check_choice("--format", fmt, ("table", "json"))
    cards, start = parse_hand(hand, starter)
    total = score_hand(cards, start, crib)
    combos = combinations_of(cards, start, crib)
    if fmt == "json":
        click.echo(json.dumps({"hand": format_cards(cards).split(), "starter": format_cards([start]),
                               "crib": crib, "points": total, "combinations": [c.to_json() for c in combos]}))
        return
    click.echo(f"{'crib' if crib else 'hand'} {format_cards(cards, True)}  starter {format_cards([start], True)}")
    for c in combos:
        click.echo(f"  {c.kind:<8} {format_cards(c.cards, True):<18} {c.points:>2}")
    click.echo(f"total {total}")


@cribbage.command()
@click.argument("hand")
@click.option("--dealer/--pone", "dealer", default=None,
              help="Whose crib it is: --dealer (yours, counted plus) or --pone (the opponent's, minus).")
@click.option("--opponent", default="random", show_default=True,
              help="random (his two crib cards uniform, exact) or model (he discards by the expect player, "
                   "sampled).")
@click.option("--pegging", is_flag=True,
              help="Add the pegging points (yours minus the opponent's, greedy play, sampled) with 95% CIs "
                   "and rank by hand + crib + pegging.")
@click.option("--score", "score_text", default=None, metavar="YOURS:THEIRS",
              help="The scores before this hand, e.g. 100:110: rank by the chance to win the game "
                   "(sampled, the rest of the game played by expect players).")
@click.option("--samples", type=int, default=None,
              help="--opponent model, --pegging or --score: sampled opponent hands [default: 2000].")
@click.option("--seed", type=int, default=None, help="Seed of the samples [default: 0].")
@click.option("--format", "fmt", default="table", show_default=True, help="table or json.")
def discard(hand, dealer, opponent, pegging, score_text, samples, seed, fmt):
    """All 15 discards of six cards HAND, ranked by net expectation (hand plus or minus crib)."""
    import json

    from ..cards import InputError
    from ..output import check_choice
    from ..cribbage.cards import format_cards
    from ..cribbage.discard import discard_options, parse_score, parse_six

    fmt = check_choice("--format", fmt, ("table", "json"))
    opponent = check_choice("--opponent", opponent, ("random", "model"))
    cards = parse_six(hand)
    if dealer is None:
        raise InputError("say whose crib it is: --dealer or --pone", "--dealer/--pone")
    score_pair = parse_score(score_text) if score_text is not None else None
    sampled = opponent == "model" or pegging or score_pair is not None
    _unused(not sampled, "--samples and --seed apply only with --opponent model, --pegging or --score",
            samples, seed)
    samples = 2000 if samples is None else samples
    seed = 0 if seed is None else seed
    options = discard_options(cards, dealer, opponent, samples, seed, pegging, score_pair)
    role = "dealer" if dealer else "pone"
    if fmt == "json":
        doc = {"hand": format_cards(cards).split(), "role": role, "opponent": opponent,
               "discards": [o.to_json() for o in options], "recommendation": format_cards(options[0].discard).split()}
        if opponent == "model" or pegging or score_pair:
            doc.update(samples=samples, seed=seed, pegging=pegging)
        if score_pair:
            doc["score"] = list(score_pair)
        click.echo(json.dumps(doc))
        return
    crib_how = "exact, opponent's cards uniform" if opponent == "random" else \
        f"{samples:,} sampled opponent hands discarded by the expect player, 95% CI"
    click.echo(f"hand {format_cards(cards, True)}, {role}; crib {crib_how}")
    if score_pair:
        click.echo(f"(score {score_pair[0]}:{score_pair[1]}: ranked by the chance to win, {samples:,} sampled "
                   "hands, the rest of the game played by expect players)")
    if pegging:
        click.echo(f"pegging: {samples:,} sampled opponent hands, both players greedy; peg_ev = your pegging "
                   "points minus the opponent's; ranked by total_ev = net_ev + peg_ev")
    click.echo(f"{'discard':<9} {'hand_ev':>8} {'crib_ev':>8} {'net_ev':>8} {'net_sd':>7}  p10 p50 p90"
               + ("  crib 95% CI" if opponent == "model" else "")
               + ("  peg_ev [95% CI]        total_ev [95% CI]" if pegging else "")
               + ("  win [95% CI]" if score_pair else ""))

    for o in options:
        line = (f"{format_cards(o.discard, True):<9} {o.hand_ev:8.3f} {o.crib_ev:8.3f} {o.net_ev:8.3f} "
                f"{o.net_sd:7.3f} {o.quantile(0.1):4d}{o.quantile(0.5):4d}{o.quantile(0.9):4d}")
        if o.crib_ci:
            line += f"  [{o.crib_ci[0]:.3f}, {o.crib_ci[1]:.3f}]"
        if o.peg_ci:
            line += (f"  {o.peg_ev:6.3f} [{o.peg_ci[0]:.3f}, {o.peg_ci[1]:.3f}]"
                     f"  {o.total_ev:7.3f} [{o.total_ci[0]:.3f}, {o.total_ci[1]:.3f}]")
        if o.win_ci:
            line += f"  {o.win_prob:.4f} [{o.win_ci[0]:.4f}, {o.win_ci[1]:.4f}]"
        click.echo(line)
    click.echo(f"recommendation: throw {format_cards(options[0].discard, True)}")


@cribbage.command()
@click.option("--exact", is_flag=True, help="Every one of the 12,994,800 hand-plus-starter combinations.")
@click.option("--hands", type=int, default=None,
              help="Without --exact: sampled combinations, with 95% CIs [default: 1,000,000].")
@click.option("--seed", type=int, default=None, help="Seed of the samples [default: 0].")
@click.option("--format", "fmt", default="table", show_default=True, help="table, csv or json.")
@click.option("--crib-table", "crib_table", default=None, metavar="FILE",
              help="Also write the 91-row crib expectation per thrown rank pair (dealer, pone) as CSV.")
@click.option("--samples", type=int, default=None,
              help="--crib-table/--plot: sampled opponent hands per rank pair and role [default: 1000].")
@click.option("--plot", default=None, metavar="FILE", help="Also save a plot (PNG, SVG or PDF).")
def stats(exact, hands, seed, fmt, crib_table, samples, plot):
    """Distribution of hand and crib scores; with --crib-table, crib expectation per thrown pair."""
    import io
    import json

    from ..cards import InputError
    from ..output import check_choice, check_output_path, write_atomic
    from ..cribbage.analysis import crib_rank_pairs, exact_stats, sampled_stats, stats_figure

    fmt = check_choice("--format", fmt, ("table", "csv", "json"))
    check_output_path(crib_table, "--crib-table")
    check_output_path(plot, "--plot")
    if plot and plot.rsplit(".", 1)[-1].lower() not in ("png", "svg", "pdf"):
        raise InputError(f"--plot needs a .png, .svg or .pdf file name, got {plot!r}", plot)
    cribs_wanted = bool(crib_table or plot)
    _unused(exact, "--hands and --exact exclude each other", hands)
    _unused(exact and not cribs_wanted, "--seed applies only to sampled figures (no --exact, or --crib-table/--plot)",
            seed)
    _unused(not cribs_wanted, "--samples applies only with --crib-table or --plot", samples)
    hands = 1_000_000 if hands is None else hands
    seed = 0 if seed is None else seed
    samples = 1000 if samples is None else samples
    if not exact and hands < 1:
        raise InputError(f"--hands must be positive, got {hands}", str(hands))
    if cribs_wanted and samples < 2:
        raise InputError(f"--samples must be at least 2, got {samples}", str(samples))
    table, summary = exact_stats() if exact else sampled_stats(hands, seed)
    cribs = crib_rank_pairs(samples, seed) if cribs_wanted else None
    if fmt == "csv":
        text = table.to_csv(index=False, lineterminator="\n").rstrip("\n")
    elif fmt == "json":
        text = json.dumps({**summary, "rows": table.to_dict(orient="records")})
    else:
        head = f"{summary['combinations']:,} hand-plus-starter combinations ({'exact' if exact else 'sampled'})"
        means = f"mean hand {summary['hand_mean']:.5f}, mean crib {summary['crib_mean']:.5f}"
        if exact:
            means += "; hand-rule mean by part: " + ", ".join(f"{k} {v:.5f}" for k, v in summary["parts"].items())
        else:
            means += (f" (95% CI hand [{summary['hand_mean_ci'][0]:.4f}, {summary['hand_mean_ci'][1]:.4f}], "
                      f"crib [{summary['crib_mean_ci'][0]:.4f}, {summary['crib_mean_ci'][1]:.4f}])")
        text = "\n".join([head, means, table.to_string(index=False)])
    if crib_table:
        write_atomic(crib_table, cribs.to_csv(index=False, lineterminator="\n"))
    if plot:
        fig = stats_figure(table, cribs)
        buf = io.BytesIO()
        fig.savefig(buf, format=plot.rsplit(".", 1)[-1].lower())
        write_atomic(plot, buf.getvalue())
    click.echo(text)


@cribbage.command()
@click.option("--games", type=int, required=True, help="Games to play (even: duplicate-dealt pairs).")
@click.option("--a", "a", default="greedy", show_default=True, help="Player A: random, greedy or expect.")
@click.option("--b", "b", default="greedy", show_default=True, help="Player B: random, greedy or expect.")
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed.")
@click.option("--format", "fmt", default="table", show_default=True, help="table or json.")
def simulate(games, a, b, seed, fmt):
    """Whole games between two players, duplicate-dealt: win rate, skunks, first-dealer
    advantage and points per hand by source, with 95% CIs."""
    import json

    from ..cards import InputError
    from ..output import check_choice
    from ..cribbage.analysis import game_summary, render_summary
    from ..cribbage.engine import play_batch, player_codes

    fmt = check_choice("--format", fmt, ("table", "json"))
    player_codes(a, b)
    if games < 2 or games % 2:
        raise InputError(f"--games must be a positive even number (duplicate pairs), got {games}", str(games))
    summary = game_summary(play_batch(games // 2, a, b, seed), a.lower(), b.lower(), seed)
    click.echo(json.dumps(summary) if fmt == "json" else render_summary(summary))


@cribbage.command()
@click.option("--seed", type=int, required=True, help="Seed: the first game of simulate --seed SEED.")
@click.option("--a", "a", default="greedy", show_default=True, help="Player A (deals first).")
@click.option("--b", "b", default="greedy", show_default=True, help="Player B.")
@click.option("--format", "fmt", default="text", show_default=True, help="text or json.")
def replay(seed, a, b, fmt):
    """One whole game: deals, discards, starter, every pegging point, hand and crib counts."""
    import json

    from ..output import check_choice
    from ..cribbage.engine import replay_game

    fmt = check_choice("--format", fmt, ("text", "json"))
    game = replay_game(seed, a, b)
    if fmt == "json":
        click.echo(json.dumps(game))
        return
    lines = [f"seed {seed}: A = {game['players']['A']}, B = {game['players']['B']}, A deals first"]
    for i, h in enumerate(game["hands"], 1):
        lines.append(f"hand {i}: dealer {h['dealer']}, starter {h['starter']}"
                     + (f", his heels {h['heels']}" if h["heels"] else ""))
        for p in "AB":
            lines.append(f"  {p} dealt {' '.join(h['deal'][p])}, throws {' '.join(h['discards'][p])}")
        plays = ", ".join(f"{e['player']} {e['card'] or 'go/last'}({e['count']})"
                          + (f"+{e['points']}" if e["points"] else "") for e in h["pegging"])
        lines.append(f"  pegging: {plays}")
        c = h["counts"]
        lines.append(f"  counts: pone hand {c['pone_hand']}, dealer hand {c['dealer_hand']}, crib {c['crib']}"
                     f"  -> A {h['score']['A']}, B {h['score']['B']}")
    lines.append(f"winner {game['winner']} {game['final_score']['A']}-{game['final_score']['B']}"
                 + (" (skunk)" if game["skunk"] else ""))
    click.echo("\n".join(lines))
