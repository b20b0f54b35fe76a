"""``jass-sim differenzler ...``: the Differenzler (issue 52); thin click commands, the heavy modules
imported inside them."""

from __future__ import annotations

import click

from jass_sim.core.cli import format_option, group, player_option, seed_option, threads_option

_RULES = click.option("--rules", default="differenzler", show_default=True, help="differenzler or differenzler-jw.")
_BONUS = click.option("--exact-bonus", "exact_bonus", type=int, default=None,
                      help="Subtracted from the penalty of an exact hit [default: the preset's, 0 or 10].")
_OPEN = click.option("--open", "open_", is_flag=True, default=False,
                     help="Open announcements: in turn from the seat after the dealer, every number known to all "
                          "[default: the preset's, secret].")
_OUTPUT = click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
_PLAYERS = click.option("--players", default=None, help="Four players, seat 0 to 3, e.g. number,points,number,number.")
#: The options advise and play-advice share (one declaration each).
_TRUMP_CARD = click.option("--trump-card", "trump_card", default=None,
                           help="The bottom card of the deal (the dealer's): trump.")
_DEALER = click.option("--dealer", type=int, default=3, show_default=True, help="The dealer's seat, 0..3.")
_SEAT = click.option("--seat", type=int, default=0, show_default=True,
                     help="Your seat, 0..3 (the seat after the dealer leads).")


def _policy(default: str = "number"):
    return player_option("--policy", "jass_sim.jass.differenzler.players:PLAYERS", "Player at every seat",
                         default=default)


def _progress(total: int, label: str):
    from jass_sim.core.progress import PROGRESS_DELAY, Progress

    return Progress(total, label, delay=PROGRESS_DELAY)


@group()
def differenzler():
    """The Differenzler: each player alone announces the points it will make and pays the
    difference (rules in docs/differenzler.md)."""


@differenzler.command()
@click.argument("hand")
@_TRUMP_CARD
@_DEALER
@_SEAT
@click.option("--bids", default=None, help='The three other seats\' numbers in seat order, "B,B,B"; an empty '
                                           'entry ("45,,") for a seat not announced yet [default: the fast '
                                           "announcer's].")
@_RULES
@_BONUS
@_policy()
@click.option("--samples", type=int, default=None, help="Deals of the unseen cards (default 20000).")
@click.option("--ci", type=float, default=None, help="Sample until the best number's 95% CI half-width is at most X.")
@seed_option()
@threads_option()
@format_option("jass_sim.jass.differenzler.advise:Announcement")
@click.option("--plot", default=None, help="Write the histogram and penalty curve to FILE.png or FILE.svg.")
@_OUTPUT
def advise(hand, trump_card, dealer, seat, bids, rules, exact_bonus, policy, samples, ci, seed, threads, fmt, plot,
           output):
    """What to announce with HAND, nine cards such as "HJ H9 HA SK SQ D6 C7 C8 CT": the expected
    penalty of every number 0..157 on the same sampled deals, the best with its 95% CI."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.result import check_plot_path
    from jass_sim.jass.differenzler.advise import Announcement
    from jass_sim.jass.differenzler.api import advise as run

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    check_plot_path(plot, Announcement.plot_formats)
    result = run(hand, trump_card, dealer=dealer, seat=seat, bids=bids, rules=rules, exact_bonus=exact_bonus,
                 policy=policy, samples=samples, ci=ci, seed=seed, threads=threads,
                 progress=_progress(samples or 20_000, "differenzler advise"))
    text = result.formatted(fmt)
    if plot is not None:
        result.plot(plot)
    emit(text, output)


@differenzler.command("play-advice")
@click.option("--hand", default=None, help='The nine cards you were dealt, e.g. "HJ H9 HA HK SA ST D6 C7 C8".')
@_TRUMP_CARD
@click.option("--bid", default=None, help="Your number, 0..157.")
@click.option("--played", default="", help="Every card played so far, in order, from the first trick.")
@_DEALER
@_SEAT
@click.option("--bids", default=None, help='The three other seats\' numbers in seat order, "B,B,B"; an empty '
                                           'entry ("45,,") for a seat not announced yet [default: in each world the '
                                           "fast announcer's on that seat's hand].")
@_RULES
@_BONUS
@_policy()
@click.option("--samples", type=int, default=None, help="Sampled worlds (default 2000).")
@click.option("--ci", type=float, default=None,
              help="Sample until the runner-up's paired 95% CI half-width is at most X penalty points.")
@seed_option()
@threads_option()
@format_option("jass_sim.jass.differenzler.play_advice:DiffPlayAdvice")
@_OUTPUT
def play_advice(hand, trump_card, bid, played, dealer, seat, bids, rules, exact_bonus, policy, samples, ci, seed,
                threads, fmt, output):
    """Which card now, by expected penalty: every legal card played out on the same sampled worlds
    (consistent with what your seat has seen), with paired 95% CIs."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.jass.differenzler.api import play_advice as run

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    if hand is None:
        raise InputError("--hand is missing: the nine cards you were dealt", "--hand")
    if bid is None:
        raise InputError("--bid is missing: your number, 0..157", "--bid")
    from jass_sim.jass.differenzler.play_advice import MAX_SAMPLES

    result = run(hand, trump_card, bid, played, dealer=dealer, seat=seat, bids=bids, rules=rules,
                 exact_bonus=exact_bonus, policy=policy, samples=samples, ci=ci, seed=seed, threads=threads,
                 progress=_progress(MAX_SAMPLES if ci is not None else (samples or 2000),
                                    "differenzler play-advice"))
    emit(result.formatted(fmt), output)


@differenzler.command()
@seed_option("Seed of the deal.", required=True)
@_RULES
@click.option("--dealer", type=int, default=0, show_default=True, help="The dealer's seat, 0..3.")
@_policy()
@_PLAYERS
@click.option("--bids", default=None, help='The four numbers, seat 0 to 3, "B,B,B,B" [default: the fast announcer\'s].')
@_OPEN
@format_option("jass_sim.jass.differenzler.api:DiffRound")
def replay(seed, rules, dealer, policy, players, bids, open_, fmt):
    """Deal one round from SEED: the four numbers, every trick, each seat's points and penalty."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit
    from jass_sim.jass.differenzler.api import replay as run

    fmt = checked_format(fmt)
    emit(run(seed, rules=rules, dealer=dealer, policy=policy, players=players, bids=bids,
             open=open_ or None).formatted(fmt), None)


@differenzler.command()
@click.option("--rounds", type=int, default=100_000, show_default=True, help="Rounds to play, the dealer moving on.")
@_RULES
@_BONUS
@_policy()
@_PLAYERS
@_OPEN
@seed_option()
@threads_option()
@format_option("jass_sim.jass.differenzler.api:PenaltyTable")
@_OUTPUT
def simulate(rounds, rules, exact_bonus, policy, players, open_, seed, threads, fmt, output):
    """Many rounds: each seat's mean penalty and points with 95% CIs, and P(exact)."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.jass.differenzler.api import simulate as run

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    result = run(rounds, rules=rules, exact_bonus=exact_bonus, policy=policy, players=players, seed=seed,
                 threads=threads, progress=_progress(rounds, "differenzler simulate"), open=open_ or None)
    emit(result.formatted(fmt), output)


@differenzler.command()
@click.option("--games", "n_games", type=int, default=10_000, show_default=True, help="Whole games to play.")
@click.option("--rounds", type=int, default=None, help="Rounds per game, a multiple of 4 [default: 12].")
@_RULES
@_BONUS
@_policy()
@_PLAYERS
@_OPEN
@seed_option()
@threads_option()
@format_option("jass_sim.jass.differenzler.api:GameTable")
@_OUTPUT
def games(n_games, rounds, rules, exact_bonus, policy, players, open_, seed, threads, fmt, output):
    """Whole games (the lowest total penalty wins): each seat's wins with Wilson intervals."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.jass.differenzler.api import games as run

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    result = run(n_games, rules=rules, exact_bonus=exact_bonus, rounds_per_game=rounds, policy=policy,
                 players=players, seed=seed, threads=threads, progress=_progress(n_games, "differenzler games"),
                 open=open_ or None)
    emit(result.formatted(fmt), output)


@differenzler.command()
@click.option("--hands", type=int, default=None, help="Sampled hands [default: 2000; --quick: 200].")
@click.option("--samples", type=int, default=None, help="Deals of the unseen cards per hand [default: 2048; --quick: 1024].")
@seed_option()
@threads_option()
@click.option("--quick", is_flag=True, default=False, help="A small report in about a minute (200 hands x 1024 deals).")
@click.option("-o", "--output", required=True, metavar="DIR",
              help="The report directory (created, or replaced whole if it holds a report).")
def report(hands, samples, seed, threads, quick, output):
    """Write the announcement report to DIR: the best announcement in card terms, folk rules against
    the adviser with verdicts, open announcements, the unavoidable error (index.md, index.html, PNGs,
    CSVs)."""
    from jass_sim.jass.differenzler.report_doc import report as run

    hands = hands if hands is not None else (200 if quick else 2000)
    samples = samples if samples is not None else (1024 if quick else 2048)
    result = run(output, hands=hands, samples=samples, seed=seed, threads=threads,
                 progress=_progress(hands, "differenzler report"))
    click.echo(f"wrote {len(result.files)} files to {output}")
