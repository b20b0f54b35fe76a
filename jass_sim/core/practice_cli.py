"""``jass-sim practice``: the practice positions (the saved reviews' mistakes and blunders) with
their Leitner box and due date, or ``--reset`` one or all of them (a game-neutral command over
:mod:`jass_sim.core.practice`; the root command builds it with the games that save reviews)."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option

FORMATS = ("table", "json", "csv")
#: The columns of the table and the CSV.
COLUMNS = ("id", "game", "kind", "verdict", "box", "due", "answers", "solved", "round_id")


def practice_command(games: tuple[str, ...]):
    """The ``practice`` command, whose ``--game`` is one of ``games``."""

    @command("practice")
    @click.option("--game", default=None, metavar="|".join(games), help=f"Only the positions of one game "
                  f"({' or '.join(games)}).")
    @click.option("--due", is_flag=True, help="Only the positions due now.")
    @format_option(FORMATS)
    @click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
    @click.option("--reset", "reset", default=None, metavar="ID|all", help="Put the position ID (see the list), or "
                  "all of them, back in box 1, due at once.")
    @click.option("--data-dir", default=None, metavar="DIR", help="The history's directory, as serve --data-dir "
                  "[default: $JASS_SIM_DATA_DIR, else the user's data directory].")
    def practice(game, due, fmt, output, reset, data_dir):
        """List the practice positions, soonest due first: game, kind, verdict, Leitner box (1-5) and due date.

        Every mistake and blunder of a saved review (the page's reviews, coached rounds and games,
        `review --save`) is a position to solve again on the page's Practice view: solved, it moves up a box and is due
        again after 1, 3, 7, 14 or 30 days (boxes 1-5); missed, it goes back to box 1.
        """
        from jass_sim.core import practice as drill
        from jass_sim.core.cli import checked_format
        from jass_sim.core.errors import InputError
        from jass_sim.core.files import check_output_dir, check_output_path, emit
        from jass_sim.core.history import HistoryStore, history_path

        if game is not None and game.strip().lower() not in games:
            raise InputError(f"--game is {' or '.join(games)}, got {game!r}", game)
        if data_dir is not None:
            check_output_dir(data_dir, "--data-dir")
        store = HistoryStore(history_path(data_dir))
        if reset is not None:
            ctx = click.get_current_context()
            for name, flag in (("fmt", "--format"), ("output", "-o"), ("game", "--game"), ("due", "--due")):
                if ctx.get_parameter_source(name) != click.core.ParameterSource.DEFAULT:
                    raise InputError(f"--reset lists nothing: {flag} does not go with it", flag)
            n = drill.reset(store, reset)
            click.echo(f"reset {n} practice position(s): box 1, due now")
            return
        fmt = checked_format(fmt, output=output, extension=True)
        check_output_path(output)
        rows = drill.list_positions(store, game.strip().lower() if game else None, due_only=due)
        emit(format_rows(rows, fmt), output)

    return practice


def format_rows(rows: list[dict], fmt: str) -> str:
    """The positions as a text table, JSON (a list of objects) or CSV (:data:`COLUMNS`)."""
    import csv
    import io
    import json

    if fmt == "json":
        return json.dumps([{k: r[k] for k in COLUMNS} for r in rows], indent=1, ensure_ascii=False)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for r in rows:
            writer.writerow([r[k] for k in COLUMNS])
        return out.getvalue().rstrip("\n")
    if not rows:
        return "no practice positions (every mistake and blunder of a saved review becomes one)"
    head = ["id", "game", "kind", "verdict", "box", "due (UTC)", "answers", "solved", "round"]
    table = [[str(r["id"]), r["game"], r["kind"], r["verdict"], str(r["box"]), r["due"].replace("T", " ").rstrip("Z"),
              str(r["answers"]), str(r["solved"]), str(r["round_id"])] for r in rows]
    widths = [max(len(x) for x in col) for col in zip(head, *table)]
    right = {0, 4, 6, 7, 8}
    return "\n".join("  ".join(x.rjust(w) if i in right else x.ljust(w) for i, (x, w) in enumerate(zip(line, widths)))
                     .rstrip() for line in [head, *table])
