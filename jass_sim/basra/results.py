"""The results of the Basra commands (``jass-sim basra ...``): a played round, a table of figures
(``simulate``, ``duel``) and the card advice, each with the command's text, JSON and table;
:mod:`jass_sim.basra.api` returns them."""

from __future__ import annotations

from jass_sim.basra.cards import format_card, parse_card
from jass_sim.core.report.text import plural
from jass_sim.core.result import Result


def _sym(names) -> str:
    return " ".join(format_card(parse_card(c), symbols=True) for c in names) or "-"


class BasraRound(Result):
    """One played round (:func:`jass_sim.basra.replay`): ``to_json()`` (the ``basra replay``
    JSON), ``table`` (a row per move)."""

    formats = ("text", "json")
    json_ascii = False

    def __init__(self, record: dict):
        import pandas as pd

        table = pd.DataFrame([{"move": t, "player": m["player"], "card": m["card"],
                               "captured": " ".join(m["captured"]), "basra": m["basra"]}
                              for t, m in enumerate(record["moves"], 1)])
        super().__init__(record, table)

    @property
    def heading(self) -> str:
        record = self._doc
        score = record["score"]
        return f"Basra, {record['players']} players: side 0 {score[0]['total']}, side 1 {score[1]['total']}"

    def text(self) -> str:
        """Every deal and move with its capture, then the score."""
        record = self._doc
        n = record["players"]
        lines = [f"Basra, {n} players, rules {record['rules']}, players {record['policy']}, dealer seat "
                 f"{record['dealer']}; sides: seats 0{'+2' if n == 4 else ''} and 1{'+3' if n == 4 else ''}",
                 f"table: {_sym(record['table'])}"]
        per_deal = 6 * n
        for t, m in enumerate(record["moves"]):
            if t % per_deal == 0:
                k = t // per_deal
                lines.append(f"deal {k + 1}: "
                             + "; ".join(f"seat {s} {_sym(h)}" for s, h in enumerate(record["deals"][k])))
            take = f"takes {_sym(m['captured'])}" if m["captured"] else "takes nothing"
            lines.append(f"  {t + 1:2d}. seat {m['player']} plays {_sym([m['card']]):>4}  {take}"
                         f"{'  BASRA +10' if m['basra'] else ''}   table: {_sym(m['table_after'])}")
        lc = record["last_capture"]
        lines.append(f"end: seat {lc['player']} (last to capture) takes {_sym(lc['cards'])}")
        for side, s in enumerate(record["score"]):
            lines.append(f"side {side}: cards {s['cards']} + majority {s['majority']} + Basras {s['basras']} "
                         f"({s['basra_count']}) = {s['total']}")
        return "\n".join(lines)


class Figures(Result):
    """A table of figures with 95% CIs (:func:`jass_sim.basra.simulate`,
    :func:`jass_sim.basra.duel`): ``table`` (one row per figure), ``meta`` (the run's
    parameters); ``to_json()`` is ``{**meta, "figures": rows}``."""

    formats = ("table", "json", "csv")
    json_ascii = False

    def __init__(self, table, meta: dict):
        self.meta = meta
        super().__init__(meta | {"figures": table.to_dict(orient="records")}, table)

    @property
    def heading(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.meta.items())

    def text(self) -> str:
        rows = "\n".join(f"{r.figure:<52} {r.mean:8.3f}  [{r.ci95_lo:8.3f}, {r.ci95_hi:8.3f}]  {r.unit} (n={r.n})"
                         for r in self.table.itertuples())
        return "\n".join([self.heading, rows, "95% CIs over the sampled deals (games); they do not cover the play "
                                             "model."])


class Advice(Result):
    """The answer of :func:`jass_sim.basra.advise`: ``table`` (one row per card, best net first,
    with paired 95% CIs), ``recommendation`` (the card), ``sentence``."""

    formats = ("text", "json")
    json_ascii = False

    def __init__(self, result: dict):
        import pandas as pd

        self.recommendation = result["cards"][0]["card"]
        self.sentence = result["sentence"]
        table = pd.DataFrame(result["cards"])
        for key in ("ci95", "ci95_net", "ci95_vs_best"):
            table[[key + "_lo", key + "_hi"]] = pd.DataFrame(table.pop(key).tolist(), index=table.index)
        super().__init__(result, table)

    @property
    def heading(self) -> str:
        return self.sentence

    def text(self) -> str:
        """One line per card, best first, then the sentence."""
        result = self._doc
        lines = [f"hand {_sym(result['hand'])} | table {_sym(result['table'])} | {plural(result['played'], 'card')} played | "
                 f"{result['players']} players, rules {result['rules']}, seat {result['seat']}, deal {result['deal']}",
                 f"expected points of our side to the end of the {result['horizon']} ({result['samples']} sampled "
                 f"worlds, greedy play after our card), best net first:",
                 f"{'card':>5} {'ours':>7} {'95% CI':>17} {'cards':>6} {'major.':>6} {'Basras':>6} {'theirs':>7} "
                 f"{'net':>7} {'vs best':>8} {'95% CI':>17} {'opp. Basra next':>15}"]
        for r in result["cards"]:
            lines.append(f"{_sym([r['card']]):>5} {r['points']:7.2f} [{r['ci95'][0]:6.2f}, {r['ci95'][1]:6.2f}] "
                         f"{r['card_points']:6.2f} {r['majority']:6.2f} {r['basras']:6.2f} {r['opponent_points']:7.2f} "
                         f"{r['net']:+7.2f} {r['vs_best']:+8.2f} [{r['ci95_vs_best'][0]:+6.2f}, "
                         f"{r['ci95_vs_best'][1]:+6.2f}] {100 * r['p_opponent_basra_next']:14.1f}%")
        if result["assumed"]:
            lines.append("assumed: " + "; ".join(result["assumed"]))
        lines.append(result["sentence"])
        return "\n".join(lines)
