"""The results of the Cribbage commands (``jass-sim cribbage ...``), one class per command: each
holds the command's text, JSON and table (and ``stats`` its plot); :mod:`jass_sim.cribbage.api`
returns them."""

from __future__ import annotations

from jass_sim.core.result import Result
from jass_sim.cribbage.cards import format_cards


class Score(Result):
    """The answer of :func:`jass_sim.cribbage.score`: ``points``, and ``table`` with one row per
    combination."""

    formats = ("table", "json")

    def __init__(self, cards, start, crib):
        import pandas as pd

        from jass_sim.cribbage.scoring import combinations_of
        from jass_sim.cribbage.scoring import score as score_hand

        self.points = score_hand(cards, start, crib)
        self._combos, self._cards, self._start, self._crib = combinations_of(cards, start, crib), cards, start, crib
        doc = {"hand": format_cards(cards).split(), "starter": format_cards([start]), "crib": crib,
               "points": self.points, "combinations": [c.to_json() for c in self._combos]}
        table = pd.DataFrame([{"kind": c.kind, "cards": format_cards(c.cards), "points": c.points}
                              for c in self._combos], columns=["kind", "cards", "points"])
        super().__init__(doc, table)

    @property
    def heading(self) -> str:
        return f"{self.points} points"

    def text(self) -> str:
        lines = [f"{'crib' if self._crib else 'hand'} {format_cards(self._cards, True)}  starter "
                 f"{format_cards([self._start], True)}"]
        lines += [f"  {c.kind:<8} {format_cards(c.cards, True):<18} {c.points:>2}" for c in self._combos]
        lines.append(f"total {self.points}")
        return "\n".join(lines)


class Discards(Result):
    """The answer of :func:`jass_sim.cribbage.discard`: ``options`` (the 15
    :class:`~jass_sim.cribbage.discards.DiscardOption`, best first), ``recommendation`` (the two
    cards to throw), and ``table`` (one row per discard)."""

    formats = ("table", "json")

    def __init__(self, cards, role, opponent, options, samples, seed, pegging, score_pair):
        import pandas as pd

        self.options = options
        self.recommendation = format_cards(options[0].discard).split()
        doc = {"hand": format_cards(cards).split(), "role": role, "opponent": opponent,
               "discards": [o.to_json() for o in options], "recommendation": self.recommendation}
        if opponent == "model" or pegging or score_pair:
            doc.update(samples=samples, seed=seed, pegging=pegging)
        if score_pair:
            doc["score"] = list(score_pair)
        rows = []
        for o in options:
            row = {"discard": format_cards(o.discard), "hand_ev": o.hand_ev, "crib_ev": o.crib_ev,
                   "net_ev": o.net_ev, "net_sd": o.net_sd}
            for key in ("crib_ci", "net_ci", "peg_ci", "total_ci", "win_ci"):
                ci = getattr(o, key)
                if ci:
                    row[f"{key}_lo"], row[f"{key}_hi"] = ci
            if o.peg_ci:
                row.update(peg_ev=o.peg_ev, total_ev=o.total_ev)
            if o.win_ci:
                row["win_prob"] = o.win_prob
            rows.append(row)
        self._args = (cards, role, opponent, samples, pegging, score_pair)
        super().__init__(doc, pd.DataFrame(rows))

    @property
    def heading(self) -> str:
        _, role, opponent, *_ = self._args
        return f"throw {format_cards(self.options[0].discard)} ({role}, opponent {opponent})"

    def text(self) -> str:
        cards, role, opponent, samples, pegging, score_pair = self._args
        crib_how = "exact, opponent's cards uniform" if opponent == "random" else \
            f"{samples:,} sampled opponent hands discarded by the expect player, 95% CI"
        lines = [f"hand {format_cards(cards, True)}, {role}; crib {crib_how}"]
        if score_pair:
            lines.append(f"(score {score_pair[0]}:{score_pair[1]}: ranked by the chance to win, {samples:,} sampled "
                         "hands, the rest of the game played by expect players)")
        if pegging:
            lines.append(f"pegging: {samples:,} sampled opponent hands, both players greedy; peg_ev = your pegging "
                         "points minus the opponent's; ranked by total_ev = net_ev + peg_ev")
        lines.append(f"{'discard':<9} {'hand_ev':>8} {'crib_ev':>8} {'net_ev':>8} {'net_sd':>7}  p10 p50 p90"
                     + ("  crib 95% CI" if opponent == "model" else "")
                     + ("  peg_ev [95% CI]        total_ev [95% CI]" if pegging else "")
                     + ("  win [95% CI]" if score_pair else ""))
        for o in self.options:
            line = (f"{format_cards(o.discard, True):<9} {o.hand_ev:8.3f} {o.crib_ev:8.3f} {o.net_ev:8.3f} "
                    f"{o.net_sd:7.3f} {o.quantile(0.1):4d}{o.quantile(0.5):4d}{o.quantile(0.9):4d}")
            if o.crib_ci:
                line += f"  [{o.crib_ci[0]:.3f}, {o.crib_ci[1]:.3f}]"
            if o.peg_ci:
                line += (f"  {o.peg_ev:6.3f} [{o.peg_ci[0]:.3f}, {o.peg_ci[1]:.3f}]"
                         f"  {o.total_ev:7.3f} [{o.total_ci[0]:.3f}, {o.total_ci[1]:.3f}]")
            if o.win_ci:
                line += f"  {o.win_prob:.4f} [{o.win_ci[0]:.4f}, {o.win_ci[1]:.4f}]"
            lines.append(line)
        lines.append(f"recommendation: throw {format_cards(self.options[0].discard, True)}")
        return "\n".join(lines)


class Stats(Result):
    """The answer of :func:`jass_sim.cribbage.stats`: ``table`` (probability of each hand and
    crib score), ``summary`` (means, with 95% CIs when sampled), ``cribs`` (the crib expectation
    per thrown rank pair, with ``crib_pairs``), ``plot()``."""

    formats = ("table", "csv", "json")
    plot_formats = ("png", "svg", "pdf")

    def __init__(self, table, summary, exact, cribs):
        self.summary, self.cribs, self.exact = summary, cribs, exact
        super().__init__({**summary, "rows": table.to_dict(orient="records")}, table)

    def _lines(self) -> tuple[str, str]:
        summary = self.summary
        head = f"{summary['combinations']:,} hand-plus-starter combinations ({'exact' if self.exact else 'sampled'})"
        means = f"mean hand {summary['hand_mean']:.5f}, mean crib {summary['crib_mean']:.5f}"
        if self.exact:
            means += "; hand-rule mean by part: " + ", ".join(f"{k} {v:.5f}" for k, v in summary["parts"].items())
        else:
            means += (f" (95% CI hand [{summary['hand_mean_ci'][0]:.4f}, {summary['hand_mean_ci'][1]:.4f}], "
                      f"crib [{summary['crib_mean_ci'][0]:.4f}, {summary['crib_mean_ci'][1]:.4f}])")
        return head, means

    @property
    def heading(self) -> str:
        return "; ".join(self._lines())

    def text(self) -> str:
        return "\n".join([*self._lines(), self.table.to_string(index=False)])

    def to_csv(self) -> str:
        # the command prints the CSV without its last line break (as its other formats)
        return super().to_csv().rstrip("\n")

    def figure(self):
        """The hand and crib score distributions (and, with ``cribs``, the crib expectation per
        thrown pair) as a matplotlib Figure."""
        from jass_sim.cribbage.analysis import stats_figure

        return stats_figure(self.table, self.cribs)


class Games(Result):
    """The answer of :func:`jass_sim.cribbage.simulate`: ``to_json()`` (win rates, skunks,
    first-dealer advantage, points per hand by source, with 95% CIs) and the same figures as a
    ``table``."""

    formats = ("table", "json")

    def __init__(self, summary: dict):
        import pandas as pd

        rows = []
        for key in ("a_win", "first_dealer_win", "a_skunks_b", "b_skunks_a"):
            rows.append({"figure": key, "estimate": summary[key]["rate"], "ci95_lo": summary[key]["ci"][0],
                         "ci95_hi": summary[key]["ci"][1]})
        for role, parts in summary["points_per_hand"].items():
            for part, value in parts.items():
                if isinstance(value, dict):
                    rows.append({"figure": f"points per hand, {role}, {part}", "estimate": value["mean"],
                                 "ci95_lo": value["ci"][0], "ci95_hi": value["ci"][1]})
        super().__init__(summary, pd.DataFrame(rows))

    @property
    def heading(self) -> str:
        return self.text().split("\n")[0]

    def text(self) -> str:
        summary = self._doc

        def ci(d):
            return f"[{d['ci'][0]:.4f}, {d['ci'][1]:.4f}]"

        pl = summary["players"]
        lines = [f"{summary['games']:,} games ({summary['pairs']:,} duplicate-dealt pairs), A = {pl['A']}, "
                 f"B = {pl['B']}, seed {summary['seed']}",
                 f"A wins             {summary['a_win']['rate']:.4f}  95% CI {ci(summary['a_win'])}",
                 f"first dealer wins  {summary['first_dealer_win']['rate']:.4f}  95% CI "
                 f"{ci(summary['first_dealer_win'])}",
                 f"A skunks B         {summary['a_skunks_b']['rate']:.4f}  95% CI {ci(summary['a_skunks_b'])}",
                 f"B skunks A         {summary['b_skunks_a']['rate']:.4f}  95% CI {ci(summary['b_skunks_a'])}",
                 f"hands per game     {summary['hands_per_game']:.2f}",
                 "points per completed hand (mean, 95% CI):"]
        for key, entry in summary["points_per_hand"].items():
            parts = "  ".join(f"{name} {v['mean']:.3f} [{v['ci'][0]:.3f}, {v['ci'][1]:.3f}]"
                              for name, v in entry.items() if name != "hands")
            lines.append(f"  {key:<9} ({entry['hands']:,} hands)  {parts}")
        lines.append("The intervals cover the deal sampling only, not the play models (see docs/cribbage.md).")
        return "\n".join(lines)


class Game(Result):
    """One game (:func:`jass_sim.cribbage.replay`): ``to_json()`` (the ``cribbage replay`` JSON),
    ``table`` (a row per hand)."""

    formats = ("text", "json")

    def __init__(self, game: dict, seed: int):
        import pandas as pd

        self.seed = seed
        table = pd.DataFrame([{"hand": i, "dealer": h["dealer"], "starter": h["starter"],
                               "pone_hand": h["counts"]["pone_hand"], "dealer_hand": h["counts"]["dealer_hand"],
                               "crib": h["counts"]["crib"], "score_A": h["score"]["A"], "score_B": h["score"]["B"]}
                              for i, h in enumerate(game["hands"], 1)])
        super().__init__(game, table)

    @property
    def heading(self) -> str:
        game = self._doc
        return (f"winner {game['winner']} {game['final_score']['A']}-{game['final_score']['B']}"
                + (" (skunk)" if game["skunk"] else ""))

    def text(self) -> str:
        game = self._doc
        lines = [f"seed {self.seed}: A = {game['players']['A']}, B = {game['players']['B']}, A deals first"]
        for i, h in enumerate(game["hands"], 1):
            lines.append(f"hand {i}: dealer {h['dealer']}, starter {h['starter']}"
                         + (f", his heels {h['heels']}" if h["heels"] else ""))
            for p in "AB":
                lines.append(f"  {p} dealt {' '.join(h['deal'][p])}, throws {' '.join(h['discards'][p])}")
            plays = ", ".join(f"{e['player']} {e['card'] or 'go/last'}({e['count']})"
                              + (f"+{e['points']}" if e["points"] else "") for e in h["pegging"])
            lines.append(f"  pegging: {plays}")
            c = h["counts"]
            lines.append(f"  counts: pone hand {c['pone_hand']}, dealer hand {c['dealer_hand']}, crib {c['crib']}"
                         f"  -> A {h['score']['A']}, B {h['score']['B']}")
        lines.append(self.heading)
        return "\n".join(lines)
