"""``jass-sim history``: the rounds reviewed by the page, the coach and ``review --save`` (a game-neutral
command over :mod:`jass_sim.core.history`; the root command registers it)."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option

FORMATS = ("table", "json", "csv")


@command("history")
@format_option(FORMATS)
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
@click.option("--delete", "delete", default=None, metavar="ID|all", help="Remove the round ID (see the list), or "
              "all of them.")
@click.option("--stats", is_flag=True, help="Progress over time instead of the list: points lost per round by week "
              "with the trend (95% CIs), the share of best choices, the practice positions solved.")
@click.option("--plot", default=None, metavar="FILE", help="With --stats: also save a plot of the points lost per "
              "round over time (PNG or SVG).")
@click.option("--data-dir", default=None, metavar="DIR", help="The history kept in DIR (as `serve --data-dir DIR` "
              "keeps it) [default: $JASS_SIM_DATA_DIR, else the user's data directory].")
def history(fmt, output, delete, stats, plot, data_dir):
    """List the saved reviews (newest first): date, game, mode, seat, points lost by card play, verdicts.

    The history is an SQLite file in --data-dir, else $JASS_SIM_DATA_DIR, else the user's data
    directory; the page (`jass-sim serve`) saves every review and coached round there, `jass-sim review
    --save` one review.
    """
    from jass_sim.core.cli import checked_format
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_dir, check_output_path, emit
    from jass_sim.core.history import HistoryStore, history_path, parse_id

    if data_dir is not None:  # a directory a history can be kept in, as serve checks it
        check_output_dir(data_dir, "--data-dir")
    store = HistoryStore(history_path(data_dir))
    if plot is not None and not stats:
        raise InputError("--plot draws the statistics: give --stats too", "--plot")
    if stats:
        _stats(store, fmt, output, plot)
        return
    if delete is not None:
        ctx = click.get_current_context()
        for name, flag in (("fmt", "--format"), ("output", "-o")):
            if ctx.get_parameter_source(name) != click.core.ParameterSource.DEFAULT:
                raise InputError(f"--delete removes rounds and lists nothing: {flag} does not go with it", flag)
        if delete.strip().lower() == "all":
            click.echo(f"removed {store.clear()} round(s) from the history")
            return
        round_id = parse_id(delete)
        if not store.delete(round_id):
            raise InputError(f"no round {round_id} in the history (jass-sim history lists them)", delete)
        click.echo(f"removed round {round_id} from the history")
        return
    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    emit(format_rows(store.list(), fmt), output)


def _stats(store, fmt, output, plot) -> None:
    """``--stats``: the statistics of :mod:`jass_sim.core.history_stats` as text, JSON or CSV (the weeks)."""
    import json

    from jass_sim.core.cli import checked_format
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.history_stats import history_stats, stats_csv, stats_figure, stats_text
    from jass_sim.core.result import check_plot_path, save_figure

    if click.get_current_context().get_parameter_source("delete") != click.core.ParameterSource.DEFAULT:
        raise InputError("--stats lists nothing to delete: --delete does not go with it", "--delete")
    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    check_plot_path(plot)
    doc = history_stats(store)
    text = {"json": lambda: json.dumps(doc, indent=1, ensure_ascii=False), "csv": lambda: stats_csv(doc)}.get(
        fmt, lambda: stats_text(doc))()
    if plot is not None:
        save_figure(stats_figure(doc), plot)
    emit(text, output)


def format_rows(rows: list[dict], fmt: str) -> str:
    """The history's rows as a text table, JSON (a list of objects) or CSV (a column per verdict)."""
    import csv
    import io
    import json

    verdicts = list(dict.fromkeys(v for r in rows for v in r["verdicts"]))
    if fmt == "json":
        return json.dumps(rows, indent=1, ensure_ascii=False)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["id", "created", "game", "source", "mode", "seat", "card_loss", *verdicts])
        for r in rows:
            writer.writerow([r["id"], r["created"], r["game"], r["source"], r["mode"], r["seat"],
                             "" if r["card_loss"] is None else f"{r['card_loss']:.2f}",
                             *(r["verdicts"].get(v, 0) for v in verdicts)])
        return out.getvalue().rstrip("\n")
    if not rows:
        return "the history is empty (the page saves every review; jass-sim review --save saves one)"
    head = ["id", "date (UTC)", "game", "source", "mode", "seat", "card loss", "verdicts"]
    table = [[str(r["id"]), r["created"].replace("T", " ").rstrip("Z"), r["game"], r["source"], r["mode"], r["seat"],
              "–" if r["card_loss"] is None else f"{r['card_loss']:.1f}",
              ", ".join(f"{n} {v}" for v, n in r["verdicts"].items() if n)] for r in rows]
    widths = [max(len(x) for x in col) for col in zip(head, *table)]
    right = {0, 6}  # the numbers
    lines = ["  ".join(x.rjust(w) if i in right else x.ljust(w) for i, (x, w) in enumerate(zip(line, widths))).rstrip()
             for line in [head, *table]]
    return "\n".join(lines)
