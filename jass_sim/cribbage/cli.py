"""``jass-sim cribbage ...``: hand scoring, the discard adviser, statistics, whole games."""

from __future__ import annotations

import click

from jass_sim.core.cli import format_option, group, seed_option, side_options, threads_option

#: The players of every player option (imported when a help shows them).
PLAYERS = "jass_sim.cribbage.players:PLAYERS"


@group()
def cribbage():
    """Two-player Cribbage: exact scoring, discards, statistics and simulated games."""


@cribbage.command()
@click.argument("hand")
@click.option("--starter", required=True, help="The starter (cut) card, e.g. 5C.")
@click.option("--crib", is_flag=True, help="Score as a crib (a flush counts only with all five cards).")
@format_option("jass_sim.cribbage.results:Score")
def score(hand, starter, crib, fmt):
    """Points of four cards HAND with the starter, each combination listed."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit
    from jass_sim.cribbage.api import score as run

    fmt = checked_format(fmt)
    result = run(hand, starter, crib=crib)
    emit(result.formatted(fmt), None)


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
@click.option("--exact", is_flag=True,
              help="Exact figures only (the default analysis): refuses the sampled options --opponent model, "
                   "--pegging and --score.")
@click.option("--samples", type=int, default=None,
              help="--opponent model, --pegging or --score: sampled opponent hands [default: 2000].")
@seed_option("Seed of the samples [default: 0].", default=None)
@format_option("jass_sim.cribbage.results:Discards")
def discard(hand, dealer, opponent, pegging, score_text, exact, samples, seed, fmt):
    """All 15 discards of six cards HAND, ranked by net expectation (hand plus or minus crib)."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit
    from jass_sim.cribbage.api import discard as run

    fmt = checked_format(fmt)
    result = run(hand, dealer=dealer, opponent=opponent, pegging=pegging, score=score_text, exact=exact,
                 samples=samples, seed=seed)
    emit(result.formatted(fmt), None)


@cribbage.command()
@click.option("--exact", is_flag=True, help="Every one of the 12,994,800 hand-plus-starter combinations.")
@click.option("--hands", type=int, default=None,
              help="Without --exact: sampled combinations, with 95% CIs [default: 1,000,000].")
@seed_option("Seed of the samples [default: 0].", default=None)
@format_option("jass_sim.cribbage.results:Stats")
@click.option("--crib-table", "crib_table", default=None, metavar="FILE",
              help="Also write the 91-row crib expectation per thrown rank pair (dealer, pone) as CSV.")
@click.option("--samples", type=int, default=None,
              help="--crib-table/--plot: sampled opponent hands per rank pair and role [default: 1000].")
@click.option("--plot", default=None, metavar="FILE", help="Also save a plot (PNG, SVG or PDF).")
def stats(exact, hands, seed, fmt, crib_table, samples, plot):
    """Distribution of hand and crib scores; with --crib-table, crib expectation per thrown pair."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit, write_atomic
    from jass_sim.core.result import check_plot_path
    from jass_sim.cribbage.api import stats as run
    from jass_sim.cribbage.results import Stats

    fmt = checked_format(fmt)
    check_output_path(crib_table, "--crib-table")
    check_plot_path(plot, Stats.plot_formats)
    result = run(exact=exact, hands=hands, seed=seed, crib_pairs=bool(crib_table or plot), samples=samples)
    text = result.formatted(fmt)
    if crib_table:
        write_atomic(crib_table, result.cribs.to_csv(index=False, lineterminator="\n"))
    if plot:
        result.plot(plot)
    emit(text, None)


@cribbage.command()
@click.option("--games", type=int, required=True, help="Games to play (even: duplicate-dealt pairs).")
@side_options("player", "Player A", "Player B", players=PLAYERS, old=("--a", "--b"), required=False,
              default_a="greedy", default_b="greedy")
@seed_option()
@threads_option()
@format_option("jass_sim.cribbage.results:Games")
def simulate(games, player_a, player_b, seed, threads, fmt):
    """Whole games between two players, duplicate-dealt: win rate, skunks, first-dealer
    advantage and points per hand by source, with 95% CIs."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.cribbage.api import simulate as run

    fmt = checked_format(fmt)
    result = run(games, player_a=player_a, player_b=player_b, seed=seed, threads=threads, progress=Progress(games, "cribbage simulate", delay=PROGRESS_DELAY)
                 if isinstance(games, int) and games > 0 else None)
    emit(result.formatted(fmt), None)


@cribbage.command()
@seed_option("Seed: the first game of simulate --seed SEED.", required=True)
@side_options("player", "Player A (deals first)", "Player B", players=PLAYERS, old=("--a", "--b"),
              required=False, default_a="greedy", default_b="greedy")
@format_option("jass_sim.cribbage.results:Game")
def replay(seed, player_a, player_b, fmt):
    """One whole game: deals, discards, starter, every pegging point, hand and crib counts."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit
    from jass_sim.cribbage.api import replay as run

    fmt = checked_format(fmt)
    result = run(seed, player_a=player_a, player_b=player_b)
    emit(result.formatted(fmt), None)


@cribbage.command("play-advice")
@click.option("--hand", required=True, help="The four cards kept after the discard, including any already pegged.")
@click.option("--starter", required=True, help="The starter (cut) card, e.g. 2C.")
@click.option("--dealer/--pone", "dealer", default=None,
              help="Whether you deal (the opponent led) or are the pone (you led).")
@click.option("--played", default="", help="Every card pegged this hand in order, from the pone's lead, across "
              "goes and new counts, e.g. \"KD AS QC\" (whose each card is follows from --hand, the goes from "
              "the rules).")
@click.option("--discard", default=None, help="Your two crib cards (the opponent cannot hold them).")
@click.option("--score", "score_text", default=None, metavar="YOURS:THEIRS",
              help="The scores before this hand's pegging: add each card's chance to win the game (sampled).")
@click.option("--samples", type=int, default=None,
              help="Sample that many opponent hands (95% CIs) instead of enumerating them all.")
@click.option("--exact", is_flag=True, help="Enumerate every opponent hand (the default; refuses --samples).")
@click.option("--win-samples", type=int, default=None,
              help="--score: games played to the end per card [default: 2000].")
@seed_option("Seed of the samples [default: 0].", default=None)
@format_option("jass_sim.cribbage.pegging_advice:PegAdvice")
def play_advice(hand, starter, dealer, played, discard, score_text, samples, exact, win_samples, seed, fmt):
    """Which card to peg now: both players' expected pegging points for the rest of the hand per
    legal card, exact over the opponent's possible hands."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit
    from jass_sim.cribbage.api import play_advice as run

    fmt = checked_format(fmt)
    result = run(hand, starter, dealer=dealer, played=played, discard=discard, score=score_text, samples=samples,
                 exact=exact, seed=seed, win_samples=win_samples)
    emit(result.formatted(fmt), None)


@cribbage.command()
@click.argument("game_file")
@click.option("--player", type=int, default=0, show_default=True, help="The player reviewed: 0 (A) or 1 (B).")
@format_option("jass_sim.cribbage.game_review:CribReview")
@click.option("--html", "html_path", default=None, help="Also write an HTML page with a row per decision.")
@click.option("--win-samples", type=int, default=None,
              help="Also rate each decision by the chance to win from the score then: games played to the end "
                   "per decision (at least 128, e.g. 1000; both players' cards needed) [default: 0, none].")
@seed_option("Seed of those games [default: 0].", default=None)
def review(game_file, player, fmt, html_path, win_samples, seed):
    """Rate every discard and pegging card of a player in GAME_FILE (the JSON of `cribbage replay
    --format json`, or the text game format of docs/cribbage.md): in points and, from the score at
    each decision, by the chance to win the game."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_path, emit, write_atomic
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.cribbage.api import review as run

    fmt = checked_format(fmt)
    check_output_path(html_path, "--html")
    if html_path is not None and not html_path.lower().endswith((".html", ".htm")):
        raise InputError(f"--html writes an HTML page: give a FILE.html, got {html_path!r}", html_path)
    result = run(game_file, player=player, win_samples=win_samples, seed=seed,
                 progress=Progress(1, "cribbage review", delay=PROGRESS_DELAY))
    text = result.formatted(fmt)
    page = result.html() if html_path is not None else None
    emit(text, None)
    if page is not None:
        write_atomic(html_path, page)
@cribbage.command()
@click.option("--hands", type=int, default=4000, show_default=True,
              help="Sampled six-card hands of the keeping section (each of their discards valued exactly).")
@click.option("--deals", type=int, default=50_000, show_default=True, help="Deals of the pegging section.")
@click.option("--crib-samples", "crib_samples", type=int, default=300, show_default=True,
              help="Sampled opponent hands per thrown rank pair and role of the model crib (0: none).")
@seed_option()
@click.option("-o", "--output", required=True, metavar="DIR",
              help="The report directory (created, or replaced whole if it holds a report).")
def report(hands, deals, crib_samples, seed, output):
    """Write a strategy report to DIR: published rules of thumb on discards and pegging, each with
    its source and a verdict, from the exact tables and by simulation (index.md, index.html, PNGs,
    CSVs)."""
    import sys

    from jass_sim.cribbage.api import report as run

    say = (lambda s: click.echo(f"cribbage report: {s}", err=True)) if sys.stderr.isatty() else None
    result = run(output, hands=hands, deals=deals, crib_samples=crib_samples, seed=seed, progress=say)
    click.echo(f"wrote {len(result.files)} files to {output}")
