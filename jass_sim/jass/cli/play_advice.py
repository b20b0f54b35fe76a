"""``jass-sim play-advice``: which card should I play now?"""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, seed_option, threads_option
from jass_sim.jass.cli.options import SEARCH_WORLDS_OPTION, policy_option


@command("play-advice")
@click.option("--hand", default=None, help='The 9 cards seat 0 was dealt, e.g. "HJ H9 HA SK SQ D6 C7 C8 CT".')
@click.option("--hands", default=None,
              help='All four dealt hands instead, separated by ";", seat 0 first: no sampling, the true deal.')
@click.option("--mode", required=True, help="H, D, S, C, OBE or UNE.")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@click.option("--chooser", type=int, default=None, help="Seat that chose the mode [default: the leader, or its "
              "partner with --chibred].")
@click.option("--chibred", is_flag=True, help="The leader chibred and its partner chose the mode.")
@click.option("--leader", type=int, default=0, show_default=True, help="Seat that led the first trick.")
@click.option("--played", default="", help="Every card played so far, in order.")
@click.option("--melds", default=None, help='Meld cards shown, e.g. "1: D7 D8 D9; 2: HJ SJ DJ CJ".')
@policy_option("Card play in the play-outs", default_set_by_command=True)
@SEARCH_WORLDS_OPTION
@click.option("--samples", type=int, default=None, help="Sampled worlds [default: 4000; 1 with --hands].")
@click.option("--ci", type=float, default=None, help="Sample until the best card's lead has a 95% CI "
              "half-width of at most X points.")
@click.option("--max-samples", type=int, default=100_000, show_default=True, help="Upper bound with --ci.")
@seed_option()
@threads_option()
@format_option("jass_sim.jass.play.advice:PlayAdvice")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def play_advice(hand, hands, mode, rules, chooser, chibred, leader, played, melds, policy, search_worlds, samples,
                ci, max_samples, seed, threads, fmt, output):
    """Value every legal card of seat 0 in the round so far, on worlds consistent with its view."""
    from jass_sim.core.cli import checked_format, given
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.jass.api import play_advice as run

    fmt = checked_format(fmt, output=output, extension=True)
    if ci is None and given(click.get_current_context(), "max_samples"):
        raise InputError("--max-samples applies only with --ci (give --samples for a fixed number)", "--max-samples")
    check_output_path(output)
    # on a terminal, after a second: the samples done, and with --ci the half-width as it narrows
    progress = Progress(max_samples if ci is not None else (samples or 1), "play-advice", delay=PROGRESS_DELAY)
    advice = run(hand, mode=mode, hands=hands, rules=rules, leader=leader, chooser=chooser, chibred=chibred,
                 played=played, melds=melds, policy=policy, search_worlds=search_worlds, samples=samples, ci=ci, max_samples=max_samples,
                 seed=seed, threads=threads, progress=progress)
    emit(advice.formatted(fmt), output)
