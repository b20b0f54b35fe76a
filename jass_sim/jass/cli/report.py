"""``jass-sim report``: a self-contained strategy report (index.md, index.html, PNG plots)."""

from __future__ import annotations

import click

from jass_sim.core.cli import Interrupted, command, seed_option, threads_option
from jass_sim.jass.cli.options import policy_option


@command()
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@click.option("--quick", is_flag=True, default=False,
              help="The same sections with smaller samples (a few minutes on two cores once the kernels are "
                   "compiled): --deals 16384, --samples-per-hand 64, --players random,heuristic,net, "
                   "--meld-hands 20000 unless given, and small endgame and first-lead samples.")
@click.option("--deals", type=int, default=None,
              help="Budget per section: hands x samples per hand (mode choice, chibre), deals per mode (card "
                   "values), sampled deals (melds), duplicate deals per pair (players), rounds per player against "
                   "human play (at most 100,000; pimc at most 300); the endgame, first-lead and smearing samples "
                   "shrink in proportion below the default  [default: 1000000].")
@seed_option("Root seed (the same report on any number of threads).")
@click.option("--samples-per-hand", type=int, default=None,
              help="Sampled deals per hand in the mode-choice, chibre and endgame sections (a multiple of 64)  "
                   "[default: 128].")
@policy_option("Card play of every seat (sections 1-3)", default_set_by_command=True)
@click.option("--players", default=None, help="Policies compared in the player-strength section, comma-separated "
                                              "[default: every registered policy]; those among heuristic, net, search, "
                                              "pimc are also compared with human play.")
@click.option("--meld-hands", type=int, default=None,
              help="Sample this many hands for the per-hand meld figures [default: exact, all hands].")
@threads_option()
@click.option("--checkpoint", default=None, metavar="DIR",
              help="Save each finished section (and each first-lead and smearing position) in DIR; the same "
                   "command with the same DIR resumes after a stop and writes the same report.")
@click.option("-o", "--output", required=True, metavar="DIR",
              help="The report directory (created, or replaced whole if it holds a report).")
def report(quick, rules, deals, seed, samples_per_hand, policy, players, meld_hands, threads, checkpoint, output):
    """Write a strategy report to DIR: declare or push in card terms, when to chibre, rules of
    thumb tested, the endgame, the first lead and smearing, card values, melds and stöck, player
    strength, simulated players against human play (schieber rules), and the command that
    reproduces it. Every figure comes with its sample size and a 95% CI."""
    import os
    import sys
    import time

    from jass_sim.core.checkpoint import MANIFEST, saved_pieces
    from jass_sim.jass.api import report as run

    start = time.monotonic()
    show = sys.stderr.isatty()

    def progress(label: str) -> None:
        if show:
            click.echo(f"[{time.monotonic() - start:6.1f}s] {label}", err=True)

    try:
        run(output, rules=rules, deals=deals, seed=seed, samples_per_hand=samples_per_hand, policy=policy,
            players=players, meld_hands=meld_hands, threads=threads, progress=progress, quick=quick,
            checkpoint=checkpoint)
    except Interrupted as exc:  # SIGINT, SIGTERM: the group prints one line with this detail
        if checkpoint is not None and os.path.exists(os.path.join(checkpoint, MANIFEST)):
            done = len(saved_pieces(checkpoint))
            exc.detail = f"{done} finished pieces are saved in {checkpoint!r}; rerun the same command to resume"
        raise
    click.echo(f"wrote {output.rstrip('/')}/index.md and index.html ({time.monotonic() - start:.0f} s)")
