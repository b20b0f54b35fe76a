"""The ``melds`` result: the command's text, JSON, CSV and plot of a
:class:`~jass_sim.jass.melds.stats.MeldStats`."""

from __future__ import annotations

from jass_sim.core.result import Result


class Melds(Result):
    """The answer of ``melds`` (:func:`jass_sim.melds`): ``per_hand``, ``per_deal`` and
    ``distribution`` DataFrames (estimates with 95% CIs), ``table`` (every statistic in one long
    frame, the CSV output), ``to_json()`` and ``plot()``; ``stats`` is the
    :class:`~jass_sim.jass.melds.stats.MeldStats` (with the raw counts)."""

    formats = ("table", "csv", "json")
    plot_formats = ("png", "svg")

    def __init__(self, stats):
        self.stats = stats
        self.per_hand, self.per_deal, self.distribution = stats.per_hand, stats.per_deal, stats.distribution
        super().__init__(stats.to_dict(), stats.to_frame())

    def text(self) -> str:
        return self.stats.render("table")

    def to_csv(self) -> str:
        # the command prints the CSV without its last line break (as its other formats)
        return self.stats.render("csv").rstrip("\n")

    @property
    def heading(self) -> str:
        s = self.stats
        how = "exact, all" if s.exact else "sampled"
        return f"melds ({s.rules}, mode {s.mode}; {how} {s.hands:,} hands, {s.deals:,} deals; 95% CI)"

    def figure(self):
        """Per-hand probabilities with 95% whiskers and the per-deal distribution of the meld
        points that count (a matplotlib Figure)."""
        return self.stats.figure()
