"""``jass-sim basra ...``: thin click commands; the heavy modules are imported inside them."""

from __future__ import annotations

import click

from jass_sim.core.cli import format_option, group, player_option, seed_option, side_options, threads_option

#: The players of every player option (imported when a help shows them).
PLAYERS = "jass_sim.basra.players:PLAYERS"


@group()
def basra():
    """Basra, the fishing game (52 cards, 2 players or 4 in two teams): rules in docs/basra.md."""


def _players_option(f):
    return click.option("--players", type=int, default=2, show_default=True, help="2, or 4 in two teams.")(f)


def _rules_option(f):
    return click.option("--rules", default="leaflet", show_default=True,
                        help="leaflet, or variants joined by +: seven-diamonds, majority-30, compulsory.")(f)


def _samples_option(f):
    return click.option("--samples", type=int, default=None,
                        help="Worlds sampled per decision by the search players [default: 8].")(f)


def _progress(deals: int, games: int, label: str):
    """The progress line of a run of ``deals`` deals then ``games`` games (on a terminal)."""
    from jass_sim.core.progress import PROGRESS_DELAY, Progress

    return Progress(deals + games, label, delay=PROGRESS_DELAY) if deals + games > 0 else None


@basra.command()
@seed_option("Seed of the deal.", required=True)
@_players_option
@_rules_option
@player_option("--policy", PLAYERS, "Player at every seat", default="greedy")
@click.option("--dealer", type=int, default=None, help="Dealer seat [default: the last seat, so seat 0 starts].")
@_samples_option
@format_option("jass_sim.basra.results:BasraRound")
def replay(seed, players, rules, policy, dealer, samples, fmt):
    """Deal one round from SEED and show every move with its capture and points."""
    from jass_sim.basra.api import replay as run
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit

    fmt = checked_format(fmt)
    record = run(seed, players=players, rules=rules, policy=policy, dealer=dealer, samples=samples)
    emit(record.formatted(fmt), None)


def _stats_options(f):
    for opt in reversed((
        click.option("--deals", type=int, default=10_000, show_default=True, help="Deals, each played twice."),
        _players_option, _rules_option,
        click.option("--games", type=click.IntRange(0, 2**53), default=1000, show_default=True,
                     help="Games to 101, each played twice (0: none, only the per-deal figures)."),
        seed_option(),
        _samples_option,
        threads_option(),
        format_option("jass_sim.basra.results:Figures"),
        click.option("-o", "--output", default=None, help="Write to this file instead of stdout."),
    )):
        f = opt(f)
    return f


@basra.command()
@player_option("--policy", PLAYERS, "Player at every seat", default="random")
@_stats_options
def simulate(policy, deals, players, rules, games, seed, samples, threads, fmt, output):
    """Every seat plays POLICY: points and Basras per deal, first-player advantage, win rate to 101."""
    from jass_sim.basra.api import simulate as run
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    result = run(policy=policy, deals=deals, players=players, rules=rules, games=games, seed=seed, samples=samples,
                 threads=threads, progress=_progress(deals, games, "basra simulate"))
    emit(result.formatted(fmt), output)


@basra.command()
@side_options("player", "Player of side A", "Player of side B", players=PLAYERS)
@_stats_options
def duel(player_a, player_b, deals, players, rules, games, seed, samples, threads, fmt, output):
    """Player A against player B on duplicate deals (each deal and game played twice, sides swapped)."""
    from jass_sim.basra.api import duel as run
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    result = run(player_a, player_b, deals=deals, players=players, rules=rules, games=games, seed=seed,
                 samples=samples, threads=threads, progress=_progress(deals, games, "basra duel"))
    emit(result.formatted(fmt), output)


@basra.command()
@click.option("--hand", required=True, help='Our cards, e.g. "HJ D10 C5 S3 HK H7".')
@click.option("--table", default="", show_default=True, help="The cards face up on the table.")
@click.option("--played", default="", help="Cards already captured this round (by anyone).")
@_players_option
@_rules_option
@click.option("--samples", type=int, default=2000, show_default=True, help="Worlds of the unseen cards sampled.")
@click.option("--piles", default=None,
              help="US,THEM: cards captured so far by each side [default: the played cards split evenly].")
@click.option("--last-capture", "last_capture", default=None,
              help="us or them: who captured last [default: them once cards were played].")
@click.option("--horizon", default="round", show_default=True, help="round or deal: how far to play out.")
@seed_option("Seed of the sampling.")
@threads_option()
@format_option("jass_sim.basra.results:Advice")
def advise(hand, table, played, players, rules, samples, piles, last_capture, horizon, seed, threads, fmt):
    """Which card to play: expected points of our side for each card, with paired 95% CIs."""
    from jass_sim.basra.api import advise as run
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit

    fmt = checked_format(fmt)
    result = run(hand, table=table, played=played, players=players, rules=rules, samples=samples, piles=piles,
                 last_capture=last_capture, horizon=horizon, seed=seed, threads=threads)
    emit(result.formatted(fmt), None)


@basra.command()
@_players_option
@_rules_option
@click.option("--positions", type=int, default=200, show_default=True,
              help="Positions sampled for the Jack and empty-table sections (each).")
@click.option("--samples", type=int, default=200, show_default=True, help="Worlds sampled per position.")
@click.option("--deals", type=int, default=20_000, show_default=True, help="Deals per rule set (variants section).")
@click.option("--games", type=int, default=500, show_default=True, help="Games to 101 per rule set.")
@click.option("--search-deals", type=int, default=200, show_default=True,
              help="Duplicate deals of search against search-nomem (memory section).")
@seed_option()
@threads_option()
@click.option("-o", "--output", required=True, metavar="DIR", help="The report directory.")
def report(players, rules, positions, samples, deals, games, search_deals, seed, threads, output):
    """Write a short strategy report to DIR: when to spend a Jack, what to lay on an empty table,
    the value of remembering played cards, the variants (index.md, index.html, PNGs, CSVs)."""
    import shlex
    import sys

    from jass_sim.basra.api import report as run

    command = "jass-sim basra report " + " ".join(shlex.quote(a) for a in sys.argv[3:]) if len(sys.argv) > 2 \
        else "jass-sim basra report"
    say = (lambda s: click.echo(f"basra report: {s}", err=True)) if sys.stderr.isatty() else None
    result = run(output, players=players, rules=rules, positions=positions, samples=samples, deals=deals,
                 games=games, search_deals=search_deals, seed=seed, threads=threads, command=command, progress=say)
    click.echo(f"wrote {len(result.files)} files to {output}")
