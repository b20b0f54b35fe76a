"""``jass-sim advise``: should I choose trump, which one, or chibre?"""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, seed_option, threads_option
from jass_sim.jass.cli.options import DEFAULT_CHOOSER, SEARCH_WORLDS_OPTION, policy_option


@command()
@click.argument("hand")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@policy_option("Card play", default_set_by_command=True)
@SEARCH_WORLDS_OPTION
@click.option("--partner-model", default=DEFAULT_CHOOSER, show_default=True,
              help="How the partner chooses after chibre: fitted, evaluator or search.")
@click.option("--samples", type=int, default=None, help="Sampled deals (default 4000).")
@click.option("--ci", type=float, default=None, help="Sample until the lead's 95% CI half-width is at most X points.")
@click.option("--max-samples", type=int, default=200_000, show_default=True, help="Upper bound with --ci.")
@click.option("--chibred", is_flag=True, help="The partner chibred: choose a mode; the partner leads.")
@click.option("--options", default=None, help="Compare only these options, e.g. 'H,S,chibre'.")
@click.option("--score", default=None,
              help="OURS:THEIRS before this round: also rank by the probability of winning the game.")
@seed_option()
@threads_option()
@format_option("jass_sim.jass.advise.advice:Advice")
@click.option("--plot", default=None, help="Write a figure to FILE.png or FILE.svg.")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def advise(hand, rules, policy, search_worlds, partner_model, samples, ci, max_samples, chibred, options, score, seed, threads, fmt,
           plot, output):
    """Should I choose trump, which one, or chibre? Ranks the chooser's options for HAND, 9 cards
    such as "HJ H9 HA SK SQ D6 C7 C8 CT", on the same sampled deals."""
    from jass_sim.core.cli import checked_format, given
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.core.result import check_plot_path
    from jass_sim.jass.advise.advice import Advice
    from jass_sim.jass.api import advise as run

    fmt = checked_format(fmt, output=output, extension=True)
    if ci is None and given(click.get_current_context(), "max_samples"):
        raise InputError("--max-samples applies only with --ci (give --samples for a fixed number)", "--max-samples")
    check_output_path(output)
    check_plot_path(plot, Advice.plot_formats)
    # on a terminal, after a second: the samples done, and with --ci the half-width as it narrows
    progress = Progress(max_samples if ci is not None else (samples or 4000), "advise", delay=PROGRESS_DELAY)
    advice = run(hand, rules=rules, policy=policy, search_worlds=search_worlds, partner_model=partner_model, samples=samples, ci=ci,
                 max_samples=max_samples, chibred=chibred, options=options, seed=seed, threads=threads,
                 progress=progress, score=score)
    text = advice.formatted(fmt)
    if plot is not None:
        advice.plot(plot)
    emit(text, output)
