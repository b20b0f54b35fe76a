"""``jass-sim coiffeur replay|simulate|games``: one match's sheet, and many matches between the
``planning`` and ``greedy`` choosers (:mod:`jass_sim.jass.coiffeur.match_bots`).

``simulate`` plays three match-ups on the same deals (match ``m`` of the seed deals the same 16
rounds in each): planning vs greedy as duplicate pairs (the pair's second match swaps the teams'
choosers), planning vs planning and greedy vs greedy. A drawn match counts half a win. P(win) has
a Wilson 95% interval over the matches; mean margins a normal 95% interval (over the pairs for the
duplicate match-up, whose two matches are not independent). The calibration compares the plan's
expected margin at the start of the match (the DP's value, :func:`~jass_sim.jass.coiffeur.plan.match_values`)
with the simulated mean margin of planning vs planning.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.coiffeur.match import Table, play_match
from jass_sim.jass.coiffeur.match_bots import TABLE_POLICY, _root_values, check_bot
from jass_sim.jass.coiffeur.presets import CoiffeurRules, get_coiffeur_rules, parse_categories

#: The match-ups of ``simulate``: (name, team 0's chooser, team 1's chooser, duplicate).
MATCHUPS = (("planning-vs-greedy", "planning", "greedy", True),
            ("planning-vs-planning", "planning", "planning", False),
            ("greedy-vs-greedy", "greedy", "greedy", False))
DEFAULT_MATCHES = 200
MAX_MATCHES = 1_000_000


def _table(rules: str | CoiffeurRules, categories: str | None, policy: str | None) -> tuple[Table, str]:
    from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS, policy_params
    from jass_sim.jass.players.dispatch import player_set

    policy = DEFAULT_POLICY if policy is None else str(policy).strip().lower()
    pid = PLAYERS.code(policy, "--policy")
    r = get_coiffeur_rules(rules)
    if categories is not None:
        r = r.replace_categories(parse_categories(categories))
    r.check_playable("--categories" if categories is not None else "--rules")
    pol = np.full(4, pid, dtype=np.int64)
    return Table(r, pol, player_set(pol), policy_params()), policy


def _predicted(rules: CoiffeurRules) -> float:
    """The plan's expected margin of team 0 (choosing first) over the whole match."""
    full = (1 << len(rules.categories)) - 1
    return float(_root_values(rules, 0)[full, full])


class CoiffeurMatch(Result):
    """One match's sheet, round by round (``coiffeur replay``)."""

    def __init__(self, doc: dict):
        rows = [{k: r[k] for k in ("round", "first_seat", "taker", "team", "category", "multiplier", "form",
                                   "forced")} | dict(passed=" ".join(map(str, r["passed"])),
                                                     points0=r["points"][0], points1=r["points"][1],
                                                     written0=r["written"][0], written1=r["written"][1],
                                                     total0=r["totals"][0], total1=r["totals"][1])
                for r in doc["rounds"]]
        super().__init__(doc, pd.DataFrame(rows))

    @property
    def heading(self) -> str:
        d = self._doc
        return f"Coiffeur match, seed {d['seed']}: {d['totals'][0]}:{d['totals'][1]} ({d['winner']})"

    def text(self) -> str:
        d = self._doc
        fw = max([5] + [len(r["form"]) for r in d["rounds"]])  # a form's name: H ... TRIO-H-UNE-OBE
        lines = [f"Coiffeur ({d['rules']}) match, seed {d['seed']}: team 0 (seats 0, 2) {d['bots'][0]}, team 1 "
                 f"(seats 1, 3) {d['bots'][1]}; card play {d['policy']}; plan's expected margin of team 0 at "
                 f"the start {d['predicted_margin']:+.0f}",
                 f"{'round':>5} {'first':>5} {'passed':<8} {'taker':>5} {'category':<8} {'x':>3} {'form':<{fw}} "
                 f"{'points':>8} {'written':>7} {'totals':>11}"]
        for r in d["rounds"]:
            lines.append(f"{r['round']:>5} {r['first_seat']:>5} {' '.join(map(str, r['passed'])) or '-':<8} "
                         f"{r['taker']:>5}{'*' if r['forced'] else ' '}{r['category']:<8} {r['multiplier']:>3} "
                         f"{r['form']:<{fw}} {'%d:%d' % tuple(r['points']):>8} {max(r['written']):>7} "
                         f"{'%d:%d' % tuple(r['totals']):>11}")
        lines.append(f"Final {d['totals'][0]}:{d['totals'][1]}: {d['winner']} (* a forced take, im Fass)")
        return "\n".join(lines)


def coiffeur_replay(*, seed: int = 0, bots: str = "planning,greedy", rules: str | CoiffeurRules = "coiffeur",
                    categories: str | None = None, policy: str | None = None) -> CoiffeurMatch:
    """One match, match 0 of ``seed`` (see :func:`jass_sim.jass.coiffeur.api.coiffeur_replay`)."""
    parts = [p.strip() for p in str(bots).split(",")]
    if len(parts) != 2:
        raise InputError(f"--bots {bots!r}: expected two choosers, team 0's and team 1's (e.g. planning,greedy)",
                         str(bots))
    pair = (check_bot(parts[0]), check_bot(parts[1]))
    table, policy = _table(rules, categories, policy)
    m = play_match(table, pair, seed, 0, record=True)
    winner = "draw" if m.margin == 0 else ("team 0" if m.margin > 0 else "team 1")
    doc = dict(rules=table.rules.name, seed=seed, bots=list(pair), policy=policy, table_policy=TABLE_POLICY,
               predicted_margin=_predicted(table.rules), rounds=m.rounds, totals=m.totals, margin=m.margin,
               winner=winner)
    return CoiffeurMatch(doc)


def _rate(wins: float, n: int) -> dict:
    p, lo, hi = wilson_ci(wins, n)
    return dict(win_probability=p, ci95_win_probability=[lo, hi])


def _mean(values) -> dict:
    v = np.asarray(values, dtype=np.float64)
    m, lo, hi = mean_ci(float(v.sum()), float((v ** 2).sum()), len(v))
    return dict(mean_margin=m, ci95_mean_margin=[lo, hi])


class CoiffeurMatches(Result):
    """P(win) and mean margins of the match-ups (``coiffeur simulate``); ``games`` the matches."""

    def __init__(self, doc: dict):
        rows = [dict(matchup=m["matchup"], team0=m["team0"], team1=m["team1"], duplicate=m["duplicate"],
                     matches=m["matches"], win_probability=m["win_probability"],
                     ci95_lo=m["ci95_win_probability"][0], ci95_hi=m["ci95_win_probability"][1],
                     mean_margin=m["mean_margin"], margin_ci95_lo=m["ci95_mean_margin"][0],
                     margin_ci95_hi=m["ci95_mean_margin"][1]) for m in doc["matchups"]]
        super().__init__(doc, pd.DataFrame(rows))

    @property
    def heading(self) -> str:
        m = self._doc["matchups"][0]
        return f"planning beats greedy in {100 * m['win_probability']:.1f}% of {m['matches']} matches"

    def text(self) -> str:
        d = self._doc
        c = d["calibration"]
        lines = [f"Coiffeur ({d['rules']}) matches, seed {d['seed']}, card play {d['policy']}, hand values from "
                 f"the {d['table_policy']} table; {d['deal_sets']} deal sets",
                 f"{'match-up':<22} {'matches':>7} {'P(team 0 wins)':>15} {'95% CI':>16} {'mean margin':>12} "
                 f"{'95% CI':>16}"]
        for m in d["matchups"]:
            lo, hi = m["ci95_win_probability"]
            mlo, mhi = m["ci95_mean_margin"]
            lines.append(f"{m['matchup']:<22} {m['matches']:>7} {100 * m['win_probability']:>14.1f}% "
                         f"{'[%.1f, %.1f]' % (100 * lo, 100 * hi):>16} {m['mean_margin']:>+12.0f} "
                         f"{'[%+.0f, %+.0f]' % (mlo, mhi):>16}")
        lines.append("planning-vs-greedy: team 0 is planning (each pair plays its deals twice, choosers swapped); "
                     "its margin is per pair.")
        lines.append(f"Calibration: the plan expects {c['predicted_margin']:+.1f} for the team choosing first; "
                     f"planning vs planning gave {c['simulated_mean_margin']:+.1f} "
                     f"[{c['ci95_simulated'][0]:+.1f}, {c['ci95_simulated'][1]:+.1f}] over {c['matches']} matches.")
        return "\n".join(lines)


class CoiffeurGames(Result):
    """Every match of ``coiffeur simulate``'s match-ups, one row each (``coiffeur games``)."""

    def __init__(self, doc: dict):
        super().__init__(doc, pd.DataFrame(doc["games"]))

    @property
    def heading(self) -> str:
        return f"{len(self._doc['games'])} Coiffeur matches"

    def text(self) -> str:
        t = self.table
        return (f"Coiffeur ({self._doc['rules']}) matches, seed {self._doc['seed']}, card play {self._doc['policy']}\n"
                + t.to_string(index=False))


def run_matches(*, matches: int = DEFAULT_MATCHES, seed: int = 0, rules: str | CoiffeurRules = "coiffeur",
                categories: str | None = None, policy: str | None = None, progress=None) -> tuple[dict, list[dict]]:
    """Play the match-ups of :data:`MATCHUPS` on deal sets ``0 .. matches - 1``: the summary
    document and one row per match."""
    if not 1 <= int(matches) <= MAX_MATCHES:
        raise InputError(f"--matches must be from 1 to {MAX_MATCHES}, got {matches}", str(matches))
    matches = int(matches)
    table, policy = _table(rules, categories, policy)
    games = []
    summaries = []
    done = 0
    for name, a, b, duplicate in MATCHUPS:
        margins = []
        wins = 0.0
        n = 0
        for m in range(matches):
            pairs = [(a, b), (b, a)] if duplicate else [(a, b)]
            pair_margin = 0.0
            for k, bots in enumerate(pairs):
                res = play_match(table, bots, seed, m)
                sign = 1 if k == 0 else -1  # the first-named chooser's side
                mine = sign * res.margin
                wins += 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0
                n += 1
                pair_margin += mine / len(pairs)
                games.append(dict(matchup=name, match=m, team0=bots[0], team1=bots[1], total0=res.totals[0],
                                  total1=res.totals[1], margin=res.margin))
            margins.append(pair_margin)
            done += 1
            if progress is not None:
                progress(done)
        summaries.append(dict(matchup=name, team0=a, team1=b, duplicate=duplicate, matches=n, wins=wins,
                              **_rate(wins, n), **_mean(margins)))
    pp = next(s for s in summaries if s["matchup"] == "planning-vs-planning")
    calibration = dict(predicted_margin=_predicted(table.rules), simulated_mean_margin=pp["mean_margin"],
                       ci95_simulated=pp["ci95_mean_margin"], matches=pp["matches"])
    doc = dict(rules=table.rules.name, seed=seed, policy=policy, table_policy=TABLE_POLICY, deal_sets=matches,
               matchups=summaries, calibration=calibration)
    return doc, games


def coiffeur_simulate(**kwargs) -> CoiffeurMatches:
    """P(win) of planning vs greedy and vs itself (see :func:`jass_sim.jass.coiffeur.api.coiffeur_simulate`)."""
    doc, _ = run_matches(**kwargs)
    return CoiffeurMatches(doc)


def coiffeur_games(**kwargs) -> CoiffeurGames:
    """Every match of :func:`coiffeur_simulate`, one row each."""
    doc, games = run_matches(**kwargs)
    return CoiffeurGames(dict(rules=doc["rules"], seed=doc["seed"], policy=doc["policy"], games=games))
