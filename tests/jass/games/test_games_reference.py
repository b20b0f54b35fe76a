"""Kernels of ``games``, ``equity`` and ``advise --score`` against plain-Python references
(also run with NUMBA_DISABLE_JIT=1, see scripts/test.sh)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass_sim.core.rng import block_states
from jass_sim.jass.cards import mask_to_cards
from jass_sim.jass.engine.batch import new_decks
from jass_sim.jass.engine.game import MAX_CREDITS, first_out, round_credits, simulate_game
from jass_sim.jass.games._equity_kernels import empty_samples, equity_table, sample_rounds
from jass_sim.jass.games.equity import make_grid
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import policy_params
from jass_sim.jass.players.dispatch import player_set
from jass_sim.jass.rules import get_rules

from reference import ref_round_credits, ref_score_round

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh


def _tricks(trace):
    return [(int(row[0]), [int(c) for c in row[1:5]]) for row in trace]


def test_round_credits_agree_with_reference():
    for rules_name in ("chibre", "schieber"):
        rules = get_rules(rules_name)
        runs, fours, mults = rules.arrays()
        for seed in range(3):
            record = simulate_game(seed, rules, policy="random")
            for r in range(record.rounds):
                hands = [set(mask_to_cards(h)) for h in record.hands[r]]
                chooser, mode = int(record.info[r, 0]), int(record.info[r, 2])
                events = np.zeros((MAX_CREDITS, 2), dtype=np.int64)
                n = round_credits(record.hands[r].copy(), mode, chooser, record.tricks[r], runs, fours, mults[mode],
                                  np.zeros((4, 3, 3), dtype=np.int64), events)
                got = [(int(t), int(p)) for t, p in events[:n] if p > 0]
                assert got == ref_round_credits(hands, _tricks(record.tricks[r]), mode, rules, chooser)


def _ref_first_out(events, score0, score1, target):
    s = [score0, score1]
    for team, points in events:
        s[team] += points
        if s[team] >= target:
            return team, s[0], s[1]
    return -1, s[0], s[1]


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 300)), max_size=MAX_CREDITS),
       st.integers(0, 999), st.integers(0, 999))
def test_first_out_agrees_with_reference(events, a, b):
    arr = np.zeros((MAX_CREDITS, 2), dtype=np.int64)
    for k, e in enumerate(events):
        arr[k] = e
    assert tuple(int(x) for x in first_out(arr, len(events), a, b, 1000)) == _ref_first_out(events, a, b, 1000)


def _sampled_rounds(rules, n, seed=1):
    runs, fours, mults = rules.arrays()
    samples = empty_samples(n)
    sample_rounds(player_set(0), block_states(seed, 0, 1, 12), new_decks(1), np.array([n]), np.array([0]), np.asarray(rules.modes), 1,
                  default_mode_params(rules), np.zeros(4, dtype=np.int64), policy_params(), runs, fours, mults, *samples)
    return samples


def _ref_interp(F, grid, x, y):
    """Bilinear interpolation by searching the grid (the obvious way)."""
    i = max(k for k in range(len(grid) - 1) if grid[k] <= x)
    j = max(k for k in range(len(grid) - 1) if grid[k] <= y)
    tx = (x - grid[i]) / (grid[i + 1] - grid[i])
    ty = (y - grid[j]) / (grid[j + 1] - grid[j])
    return ((1 - tx) * (1 - ty) * F[i][j] + (1 - tx) * ty * F[i][j + 1] + tx * (1 - ty) * F[i + 1][j]
            + tx * ty * F[i + 1][j + 1])


def _ref_equity(events, n_events, totals, last_team, rules, grid):
    """The table by memoised recursion over the grid, from the RULES.md game end."""
    T = rules.target
    memo = {}

    def cell(i, j):
        if (i, j) not in memo:
            a, b = int(grid[i]), int(grid[j])
            values = []
            for k in range(len(n_events)):
                t0, t1 = int(totals[k, 0]), int(totals[k, 1])
                if rules.premier_sorti:
                    team, _, _ = _ref_first_out([tuple(e) for e in events[k, :n_events[k]]], a, b, T)
                    if team >= 0:
                        values.append(1.0 - team)
                        continue
                elif a + t0 >= T or b + t1 >= T:
                    values.append(float(a + t0 > b + t1) if a + t0 != b + t1 else 1.0 - last_team[k])
                    continue
                values.append(1.0 - interp(b + t1, a + t0))
            memo[i, j] = (sum(values) / len(values), float(np.std(values, ddof=1) / np.sqrt(len(values))))
        return memo[i, j]

    class Row:  # F[i][j], computed when read (a cell depends only on later cells)
        def __init__(self, i):
            self.i = i

        def __getitem__(self, j):
            return cell(self.i, j)[0]

    class Lazy:
        def __getitem__(self, i):
            return Row(i)

    def interp(x, y):
        return _ref_interp(Lazy(), grid, x, y)

    return cell


def test_equity_table_agrees_with_reference():
    for rules in (get_rules("chibre").replace(target=500), get_rules("chibre").replace(target=450, premier_sorti=False),
                  get_rules("schieber").replace(target=700)):
        events, n_events, totals, last_team = _sampled_rounds(rules, 40)
        assert (totals.sum(axis=1) >= 157).all()
        grid = make_grid(rules.target, 50)
        F = np.zeros((len(grid), len(grid)))
        se = np.zeros_like(F)
        sums = np.zeros((len(n_events), 2), dtype=np.int64)
        for team in range(2):
            sums[:, team] = np.where(events[:, :, 0] == team, events[:, :, 1], 0).sum(axis=1)
        equity_table(events, n_events, totals, last_team, sums, rules.target, rules.premier_sorti, grid, 50, F, se)
        ref = _ref_equity(events, n_events, totals, last_team, rules, grid)
        for i in range(len(grid)):
            for j in range(len(grid)):
                p, s = ref(i, j)
                assert abs(F[i, j] - p) < 1e-9 and abs(se[i, j] - s) < 1e-9, (rules.name, i, j)


def test_duplicate_game_replays_through_reference():
    import importlib.util
    import pathlib

    from jit_mode import NO_JIT

    # the engine tests' replay helper, loaded by path: its folder is on sys.path only when pytest
    # collected it in the same run
    path = pathlib.Path(__file__).resolve().parents[1] / "engine" / "test_game.py"
    spec = importlib.util.spec_from_file_location("engine_test_game", path)
    engine_tests = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine_tests)
    replay_in_reference = engine_tests.replay_in_reference

    from jass_sim.jass.engine.game import N_OUT
    from jass_sim.jass.games.games import play_games, record_duplicate_game

    rules = get_rules("chibre").replace(target=500)
    n = 2 if NO_JIT else 6
    out, traj = play_games(n, "heuristic", "random", rules, seed=4, trajectories=n)
    for g in range(n):
        for play in range(2):
            record = record_duplicate_game(4, g, play, "heuristic", "random", rules)
            assert list(record.out[:N_OUT]) == list(out[g, play])  # the same game as in the batch
            assert (traj[g, play, :record.rounds] == record.info[:, 3:5]).all()
            ref = replay_in_reference(record, rules)
            assert ref == {"winner": record.winner, "scores": record.scores, "rounds": record.rounds,
                           "rubicon": record.rubicon}
            # scores consistent with the round records: each full round adds its totals
            prev = np.zeros(2, dtype=np.int64)
            for r in range(record.rounds - 1):
                hands = [set(mask_to_cards(h)) for h in record.hands[r]]
                totals = [t["total"] for t in ref_score_round(hands, _tricks(record.tricks[r]),
                                                             int(record.info[r, 2]), rules, int(record.info[r, 0]))]
                assert list(record.info[r, 3:5]) == list(prev + totals)
                prev = record.info[r, 3:5]
        # duplicate: both plays deal the same first hands
        a = record_duplicate_game(4, g, 0, "heuristic", "random", rules)
        b = record_duplicate_game(4, g, 1, "heuristic", "random", rules)
        assert (a.hands[0] == b.hands[0]).all()
