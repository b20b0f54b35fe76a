"""Writing ``jass-sim report``: the figures of a :class:`~jass_sim.jass.report.prose.Report` and the
whole directory (``index.md``, ``index.html``, PNG figures, ``tables/*.csv``) through the one report
writer, :func:`jass_sim.core.report.write.write_report_dir` (a temporary directory beside the
target, renamed into place at the end).
"""

from __future__ import annotations

import os

from jass_sim.core.report.write import check_report_dir, write_figures, write_report_dir
from jass_sim.jass.report.build import build_report
from jass_sim.jass.report.prose import Report
from jass_sim.jass.rules import RuleSet


def figures(rep: Report, directory: str) -> None:
    """Write the PNG figures of ``rep`` into ``directory``, and the Vorhand sheet (``sheet.md``,
    ``sheet.png``) when the run has one."""
    from jass_sim.jass.report import plots as P

    files = {
        "mode_features.png": P.mode_features_png(rep.tables["mode_features"], rep.first_trump,
                                                  rep.tables["chibre_reference"]),
        "best_choice.png": P.best_choice_png(rep.tables["best_choice"], rep.hands, rep.samples_per_hand),
        "chibre.png": P.chibre_png(rep.tables["chibre_bins"], rep.tables["chibre_crossover"]),
        "card_values.png": P.card_values_png(rep.tables["card_values"], rep.deals),
    }
    from jass_sim.jass.report import declare, endgame, lead

    files.update(declare.figures(rep.tables))
    files.update(endgame.figures(rep.tables))
    files.update(lead.figures(rep.tables))
    if len(rep.tables["players"]):
        files["players.png"] = P.players_png(rep.tables["players"])
    if len(rep.tables["human"]):
        from jass_sim.jass.report.human_section import human_png

        files["human.png"] = human_png(rep.tables["human"])
    if len(rep.tables.get("sheet", ())):
        from jass_sim.jass.report import sheet

        files["sheet.png"] = sheet.png(rep.tables["sheet"], rep.rules)
        with open(os.path.join(directory, "sheet.md"), "w", encoding="utf-8") as fh:
            fh.write(sheet.markdown(rep.tables["sheet"], rep.rules, rep.command))
    write_figures(directory, files)
    rep.meld_stats.plot(os.path.join(directory, "melds.png"))


def write_report(rep: Report, path: str) -> list[str]:
    """Render ``rep`` into directory ``path`` (created or replaced whole): ``index.md``,
    ``index.html``, the PNG figures, ``tables/*.csv``. Everything is written to a temporary
    directory beside ``path`` first and renamed into place at the end
    (:func:`~jass_sim.core.report.write.write_report_dir`). Returns the files."""
    return write_report_dir(path, rep.blocks(), f"jass-sim strategy report ({rep.rules.name})", rep.tables,
                            lambda directory: figures(rep, directory))


def report(output: str, rules: RuleSet | str = "chibre", deals: int | None = None, seed: int = 0,
           samples_per_hand: int | None = None, policy: str | None = None,
           players: list[str] | str | None = None, meld_hands: int | None = None, threads: int | None = None,
           progress=None, quick: bool = False, play=None, checkpoint: str | None = None) -> Report:
    """Build the report and write it to the directory ``output`` (see :func:`build_report`)."""
    check_report_dir(output)
    rep = build_report(rules, deals, seed, samples_per_hand, policy, players, meld_hands, threads, output, progress,
                       quick, play, checkpoint)
    write_report(rep, output)
    return rep
