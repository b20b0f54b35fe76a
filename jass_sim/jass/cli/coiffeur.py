"""``jass-sim coiffeur``: the Coiffeur commands (``advise``, ``replay``, ``simulate``, ``games``, ``report``)."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, group, seed_option, threads_option
from jass_sim.jass.cli.options import policy_option


@group()
def coiffeur():
    """Coiffeur: each team plays every category once, times its multiplier; take one now or pass?"""


@command()
@click.argument("hand")
@click.option("--ours-open", required=True, help='Our open categories, e.g. "S,C,OBE,JOKER" ("-": none).')
@click.option("--theirs-open", required=True, help='Their open categories ("-": none).')
@click.option("--score", default=None, help="US:THEM, the totals so far: the plan values then include the lead.")
@click.option("--passed", type=int, default=0, show_default=True, help="Players who passed before me in this round.")
@click.option("--forced", is_flag=True, help='I must take ("im Fass").')
@click.option("--rules", default="coiffeur", show_default=True, help="Match preset: coiffeur, coiffeur-10.")
@click.option("--categories", default=None, help='Multiplier table, e.g. "S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8".')
@policy_option("Card play of the sampled rounds", default_set_by_command=True)
@click.option("--samples", type=int, default=None, help="Sampled deals (default 2048).")
@click.option("--ci", type=float, default=None, help="Sample until every category's 95% CI half-width is at most X points.")
@seed_option()
@threads_option()
@format_option("jass_sim.jass.coiffeur.advice:CoiffeurAdvice")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def advise(hand, ours_open, theirs_open, score, passed, forced, rules, categories, policy, samples, ci, seed,
           threads, fmt, output):
    """Take a category now, which one, or pass? HAND is 9 cards such as "HJ H9 HA SK SQ D6 C7 C8 CT";
    every open category on the same sampled deals, planned over the whole match."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.jass.coiffeur.api import coiffeur_advise

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    progress = Progress(samples or 2048, "coiffeur advise", delay=PROGRESS_DELAY)
    result = coiffeur_advise(hand, ours_open, theirs_open, score=score, passed=passed, forced=forced, rules=rules,
                             categories=categories, policy=policy, samples=samples, ci=ci, seed=seed,
                             threads=threads, progress=progress)
    emit(result.formatted(fmt), output)


coiffeur.add_command(advise)


def _match_options(f):
    f = click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")(f)
    f = policy_option("Card play of all four seats", default_set_by_command=True)(f)
    f = click.option("--categories", default=None,
                     help='Multiplier table, e.g. "S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8".')(f)
    f = click.option("--rules", default="coiffeur", show_default=True, help="Match preset: coiffeur, coiffeur-10.")(f)
    return f


@command()
@seed_option()
@click.option("--bots", default="planning,greedy", show_default=True,
              help="Team 0's and team 1's choosers (planning or greedy each).")
@_match_options
@format_option("jass_sim.jass.coiffeur.match_run:CoiffeurMatch")
def replay(seed, bots, rules, categories, policy, output, fmt):
    """One whole match: the sheet round by round (who passed, who took which category, the points)."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.jass.coiffeur.api import coiffeur_replay

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    result = coiffeur_replay(seed, bots=bots, rules=rules, categories=categories, policy=policy)
    emit(result.formatted(fmt), output)


def _run_matches(api_name, matches, seed, rules, categories, policy, output, fmt, label):
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.jass.coiffeur import api

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    progress = Progress(3 * matches, label, delay=PROGRESS_DELAY)
    result = getattr(api, api_name)(matches, seed=seed, rules=rules, categories=categories, policy=policy,
                                    progress=progress)
    emit(result.formatted(fmt), output)


@command()
@click.option("--matches", type=int, default=200, show_default=True,
              help="Deal sets; planning vs greedy plays each twice, choosers swapped.")
@seed_option()
@_match_options
@format_option("jass_sim.jass.coiffeur.match_run:CoiffeurMatches")
def simulate(matches, seed, rules, categories, policy, output, fmt):
    """P(win) of the planning chooser against greedy and of each against itself, whole matches."""
    _run_matches("coiffeur_simulate", matches, seed, rules, categories, policy, output, fmt, "coiffeur simulate")


@command()
@click.option("--matches", type=int, default=200, show_default=True,
              help="Deal sets; planning vs greedy plays each twice, choosers swapped.")
@seed_option()
@_match_options
@format_option("jass_sim.jass.coiffeur.match_run:CoiffeurGames")
def games(matches, seed, rules, categories, policy, output, fmt):
    """Every match of ``coiffeur simulate``, one row each (match-up, choosers, totals, margin)."""
    _run_matches("coiffeur_games", matches, seed, rules, categories, policy, output, fmt, "coiffeur games")


coiffeur.add_command(replay)
coiffeur.add_command(simulate)
coiffeur.add_command(games)


@command()
@click.option("--hands", type=int, default=None, help="Play-out hands of sections 1 and 5 (default 512; --quick 32); "
              "section 2 reads 32 first decisions per hand.")
@click.option("--deals", type=int, default=None, help="Deals per play-out hand, a multiple of 64 (default 64).")
@click.option("--matches", type=int, default=None, help="Whole matches of sections 3 and 4 (default 2000; --quick 100).")
@seed_option()
@threads_option()
@click.option("--quick", is_flag=True, help="Small sizes for any size not given (a look in a minute or two).")
@click.option("--rules", default="coiffeur", show_default=True, help="Match preset.")
@click.option("-o", "--output", required=True, metavar="DIR",
              help="The report directory (created, or replaced whole if it holds a report).")
def report(hands, deals, matches, seed, threads, quick, rules, output):
    """Write the Coiffeur report to DIR: each category's value for a random hand, what a hand must hold
    to take a category early, the order of the categories, how often a team ends im Fass, Misère hand
    types (index.md, index.html, CSVs)."""
    import sys

    from jass_sim.jass.coiffeur.report_write import coiffeur_report

    say = (lambda s: click.echo(f"coiffeur report: {s}", err=True)) if sys.stderr.isatty() else None
    result = coiffeur_report(output, hands=hands, deals=deals, matches=matches, seed=seed, quick=quick, rules=rules,
                             threads=threads, progress=say)
    click.echo(f"wrote {len(result.files)} files to {output}")


coiffeur.add_command(report)
