"""``jass-sim review``: rate every decision of a seat or a team in a played round."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, seed_option, threads_option
from jass_sim.jass.cli.options import SEARCH_WORLDS_OPTION, policy_option


@command()
@click.argument("round_file")
@click.option("--seat", type=int, default=None, help="Review this seat's decisions [default: 0].")
@click.option("--team", type=int, default=None, help="Review both seats of team 0 (seats 0, 2) or 1 (seats 1, 3).")
@policy_option("Card play in the play-outs", default_set_by_command=True)
@SEARCH_WORLDS_OPTION
@click.option("--samples", type=int, default=None, help="Worlds per card decision (and deals for the mode "
              "choice) [defaults of play-advice and advise].")
@click.option("--no-mode", is_flag=True, help="Do not rate the mode choice.")
@seed_option()
@threads_option()
@format_option("jass_sim.jass.play.review:Review")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
@click.option("--html", "html_path", default=None, help="Also write an HTML page with a row per decision and a plot.")
@click.option("--save", is_flag=True, help="Also save the review in the history (jass-sim history; the file is in "
              "--data-dir, else $JASS_SIM_DATA_DIR, else the user's data directory).")
@click.option("--data-dir", default=None, metavar="DIR", help="With --save: the history kept in DIR (as `serve "
              "--data-dir DIR` keeps it) [default: $JASS_SIM_DATA_DIR, else the user's data directory].")
def review(round_file, seat, team, policy, search_worlds, samples, no_mode, seed, threads, fmt, output, html_path,
           save, data_dir):
    """Rate each decision in ROUND_FILE (the text round format, or `jass-sim replay --format json`)."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_dir, check_output_path, emit, write_atomic
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.jass.api import review as run

    if data_dir is not None:  # before any work: where the review is saved, as history and serve check it
        if not save:
            raise InputError("--data-dir is where --save keeps the review: give --save too", "--data-dir")
        check_output_dir(data_dir, "--data-dir")
    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    check_output_path(html_path, "--html")
    if html_path is not None and not html_path.lower().endswith((".html", ".htm")):
        raise InputError(f"--html writes an HTML page: give a FILE.html, got {html_path!r}", html_path)
    # on a terminal, after a second: the decisions rated so far
    progress = Progress(1, "review", delay=PROGRESS_DELAY)
    rv = run(round_file, seat=seat, team=team, policy=policy, search_worlds=search_worlds, samples=samples, rate_mode=not no_mode, seed=seed,
             progress=progress,
             threads=threads)
    text = rv.formatted(fmt)
    page = rv.html() if html_path is not None else None
    emit(text, output)
    if page is not None:
        write_atomic(html_path, page)
    if save:
        from jass_sim.core.history import HistoryStore, history_path
        from jass_sim.jass.play.history import history_entry

        store = HistoryStore(history_path(data_dir))
        round_id = store.add(history_entry(rv, "cli"))
        click.echo(f"jass-sim: saved in the history as round {round_id} ({store.path})", err=True)
