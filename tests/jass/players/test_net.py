"""The ``net`` policy: legal cards only, no peeking at hidden cards, thread-independent play, the
self-play labels, and a tiny training run end to end."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest
from player_sets import play_in
from test_net_reference import PARAMS, kernel_view, played_round

from jass_sim.core.rng import block_states
from jass_sim.jass.engine.simulate import BatchSpec, run_batch
from jass_sim.jass.players import PLAYERS, net, policy_params
from jass_sim.jass.players._net_features import CANON_CARD
from jass_sim.jass.players.dispatch import SECOND_NET, player_set
from jass_sim.jass.players.net import (
    NET_FLAG,
    NET_H1,
    NET_H2,
    PARAMS_HEADER,
    hidden_sizes,
    net_card,
    new_net_scratch,
    packed_offsets,
)
from jass_sim.jass.players.search import sample_hands
from jass_sim.jass.rules import get_rules
from jass_sim.jass.rules._tricks import legal_cards
from jass_sim.jass.train.selfplay import card_values, generate_positions, state_at, value_scratch

ROOT = Path(__file__).resolve().parents[3]


def positions(n_rounds=40, rules_name="chibre"):
    """Decision points with a choice, from heuristic rounds: ``(view..., legal)`` tuples, ``legal``
    and ``played`` as uint64 as the players pass them (a compiled kernel returns a uint64 as a Python
    int, which Numba types int64: ``net_card`` was compiled once more for this file alone, 12 CPU s;
    issue 50 item 8)."""
    out = []
    for seed in range(n_rounds):
        initial, trace, mode, declarer, shown = played_round(seed, rules_name, "heuristic")
        for t in range(9):
            for i in range(4):
                seat, hands, played, voids, _ = kernel_view(initial, trace, t, i, mode, declarer, shown)
                _, _, _, _, _, led, best = state_at(initial, trace, t, i, mode, np.zeros(4, np.uint64))
                legal = np.uint64(legal_cards(hands[seat], led if i else -1, best, mode))
                out.append((seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer))
    return out


SCRATCH = new_net_scratch(PARAMS)
RANDOM, HEURISTIC, NET = (PLAYERS.code(p) for p in ("random", "heuristic", "net"))
#: Every self-play kernel of this file plays in one player set: ``train_net.py`` self-plays
#: ``heuristic`` (iteration 0) and ``net`` (with search labels) in one run, and a kernel compiled for
#: each set cost about 20 CPU s more on a cold cache (issue 50 item 8); a set only prunes the other
#: players' branches (jass_sim.jass.players.dispatch), so the wider set plays the same cards.
SELFPLAY_SET = player_set((RANDOM, HEURISTIC, NET))


@pytest.fixture
def selfplay_sets(monkeypatch):
    """``generate_positions`` self-plays in :data:`SELFPLAY_SET`; yields the sets of players it asked
    for, one per call, which the tests check."""
    from jass_sim.jass.train import selfplay

    return play_in(monkeypatch, (RANDOM, HEURISTIC, NET), where=selfplay).asked


def test_net_plays_only_legal_cards_even_when_it_prefers_another():
    biased = PARAMS.copy()
    rng = np.random.default_rng(0)
    b3 = packed_offsets(int(PARAMS[NET_H1]), int(PARAMS[NET_H2]))[5]
    # huge output biases that differ by card: the network's favourite is mostly not legal
    biased.view(np.float32)[b3:b3 + 36] = rng.permutation(36).astype(np.float32) * 1e6
    for pos in positions(20):
        seat, legal, *rest = pos
        assert (int(legal) >> int(net_card(seat, legal, *rest, PARAMS, SCRATCH))) & 1
        card = int(net_card(seat, legal, *rest, biased, SCRATCH))
        assert (int(legal) >> card) & 1
        legal_cards_ = [c for c in range(36) if int(legal) >> c & 1]
        favourite = max(legal_cards_, key=lambda c: biased.view(np.float32)[b3 + CANON_CARD[rest[4], c]])
        assert card == favourite  # the best legal card by the network's values


def test_net_refuses_params_without_weights_or_too_little_scratch():
    seat, legal, *rest = next(p for p in positions(3) if bin(int(p[1])).count("1") > 1)
    with pytest.raises(ValueError, match="weights"):
        net_card(seat, legal, *rest, np.zeros(PARAMS_HEADER), SCRATCH)
    broken = PARAMS.copy()
    broken[NET_FLAG] = 0
    with pytest.raises(ValueError, match="weights"):
        net_card(seat, legal, *rest, broken, SCRATCH)
    for params in (np.zeros(PARAMS_HEADER), broken, np.zeros(3)):
        with pytest.raises(ValueError, match="weights"):
            new_net_scratch(params)
    with pytest.raises(ValueError, match="scratch"):
        net_card(seat, legal, *rest, PARAMS, SCRATCH[:-1])


def test_the_scratch_left_by_earlier_cards_does_not_change_the_choice():
    """The round kernels pass one scratch to every card of a round: a scratch full of garbage or
    of an earlier position's numbers gives the card a fresh one gives."""
    shared = new_net_scratch(PARAMS)
    garbage = np.random.default_rng(3).integers(-2**62, 2**62, SCRATCH.shape[0])
    compared = 0
    for seat, legal, *rest in positions(10):
        fresh = net_card(seat, legal, *rest, PARAMS, new_net_scratch(PARAMS))
        assert net_card(seat, legal, *rest, PARAMS, shared) == fresh
        assert net_card(seat, legal, *rest, PARAMS, garbage.copy()) == fresh
        compared += 1
    assert compared == 360


def test_choice_does_not_depend_on_the_cards_it_cannot_see():
    """Re-deal the unseen cards consistently with the player's view: the same card."""
    rng = block_states(5, 0, 1)[0]
    deal = np.zeros(4, np.uint64)
    cards, types = np.zeros(36, np.int64), np.zeros(36, np.int64)
    checked = changed_hands = 0
    for seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer in positions(30):
        if bin(int(legal)).count("1") < 2:
            continue
        base = net_card(seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer, PARAMS, SCRATCH)
        for _ in range(3):
            sample_hands(seat, hands, played, voids, shown, mode, rng, deal, cards, types)
            changed_hands += int(any(deal[s] != hands[s] for s in range(4)))
            assert net_card(seat, legal, deal.copy(), trace, t, i, mode, played, voids, shown, declarer,
                            PARAMS, SCRATCH) == base
            checked += 1
    assert checked > 200 and changed_hands > checked // 2


def test_same_seed_same_play_on_any_number_of_threads():
    spec = BatchSpec(deals=3000, rules=get_rules("chibre"), policies=np.full(4, PLAYERS.code("net"), np.int64),
                     seed=11, params=policy_params())
    one = run_batch(spec, threads=1)
    two = run_batch(spec, threads=2)
    np.testing.assert_array_equal(one, two)
    assert one[:, 0].sum() == 3000


def test_card_values_give_the_played_card_its_real_outcome():
    """With the rollout policy that played the round, the value of the card it played is the
    round's real result from that point on (team difference, match bonus included)."""
    heuristic = np.full(4, HEURISTIC, np.int64)
    # the self-play set (generate_positions below), whose card_values is compiled anyway; ``legal``
    # as uint64, as self-play passes it (an int64 compiled card_values once more for this test
    # alone; issue 50 item 8)
    values = np.zeros(36)
    for seed in range(30):
        initial, trace, mode, declarer, shown = played_round(seed, "chibre", "heuristic")
        won0 = sum(1 for t in range(9) if trace[t, 5] % 2 == 0)
        from jass_sim.jass.rules.tables import POINTS
        pts = [sum(POINTS[mode, c] for c in trace[t, 1:5]) + (5 if t == 8 else 0) for t in range(9)]
        for t in (0, 4, 7):
            i = seed % 4
            seat = (trace[t, 0] + i) % 4
            hands = np.zeros(4, np.uint64)
            played, voids, *_, led, best = state_at(initial, trace, t, i, mode, hands)
            legal = np.uint64(legal_cards(hands[seat], led if i else -1, best, mode))
            card_values(SELFPLAY_SET, initial, trace, t, i, mode, declarer, shown, heuristic, PARAMS,
                        block_states(seed, 0, 1)[0], legal, 1, values, value_scratch())
            diff = sum(p if trace[k, 5] % 2 == 0 else -p for k, p in enumerate(pts) if k >= t)
            diff += 100 if won0 == 9 else (-100 if won0 == 0 else 0)
            assert values[trace[t, 1 + i]] == (diff if seat % 2 == 0 else -diff)


def test_generated_labels_are_consistent(selfplay_sets):
    feats, targets, info = generate_positions(400, get_rules("schieber"), HEURISTIC, HEURISTIC, PARAMS, seed=3,
                                              per_deal=4)
    assert selfplay_sets == [{HEURISTIC, RANDOM}]  # the self-play players and the random seat
    assert len(feats) == 1600  # every deal has at least four decisions with a choice
    legal = ~np.isnan(targets)
    np.testing.assert_array_equal(legal.sum(1), info[:, 4])
    assert (info[:, 4] >= 2).all()
    assert ((feats >= 0).sum(1) >= 10).all()
    # each value is a difference of the remaining points (and the match bonus): bounded, even
    assert np.nanmax(np.abs(targets)) <= 157 + 100
    assert set(np.unique(info[:, 0])) == set(range(6))


def _train_module():
    spec = importlib.util.spec_from_file_location("train_net", ROOT / "scripts" / "train_net.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("rank_weight", [0.0, 1.0])
def test_loss_gradient_matches_finite_differences(rank_weight):
    """The training loss's hand-written gradient, with and without the ranking term, equals central
    finite differences on a tiny network."""
    tn = _train_module()
    rng = np.random.default_rng(5)
    layers = {k: v.astype(np.float64) for k, v in tn.init_layers(rng, 6, 4).items()}
    feats = np.full((5, 12), -1, np.int16)
    for row in feats:
        row[:8] = rng.choice(60, 8, replace=False)
    targets = np.where(rng.random((5, 36)) < 0.2, rng.normal(0, 30, (5, 36)), np.nan)
    targets[:, :2] = rng.normal(0, 30, (5, 2))  # at least two legal cards a row
    _, grads = tn.loss_and_grads(layers, feats, targets, rank_weight, 10.0)
    for name in ("W1", "b1", "W2", "b2", "W3", "b3"):
        flat = layers[name].reshape(-1)
        for k in rng.choice(flat.size, 4, replace=False):
            keep = flat[k]
            flat[k] = keep + 1e-3
            up, _ = tn.loss_and_grads(layers, feats, targets, rank_weight, 10.0)
            flat[k] = keep - 1e-3
            down, _ = tn.loss_and_grads(layers, feats, targets, rank_weight, 10.0)
            flat[k] = keep
            assert grads[name].reshape(-1)[k] == pytest.approx((up - down) / 2e-3, rel=2e-2, abs=1e-5), (name, k)


def test_tiny_training_run_end_to_end(tmp_path, selfplay_sets, network_duels):
    """Generate a small data set, train, write the weights, load them and play a duel."""
    tn = _train_module()
    feats, targets, _ = generate_positions(600, get_rules("chibre"), HEURISTIC, HEURISTIC, PARAMS, seed=4)
    layers = tn.init_layers(np.random.default_rng(0))
    before = tn.evaluate(layers, feats, targets)
    curve = tn.train(layers, feats, targets, epochs=3, seed=0, batch=128, lr=3e-3, log=lambda *_: None,
                     val_fraction=0.1)
    after = tn.evaluate(layers, feats, targets)
    assert len(curve) == 3 and curve[-1]["train_loss"] < curve[0]["train_loss"]
    assert after["val_loss"] < before["val_loss"] and after["regret"] < before["regret"]
    path = tmp_path / "tiny.npz"
    tn.save_layers(path, layers, {"test": True})
    loaded = tn.load_layers(path)
    for k, v in layers.items():
        np.testing.assert_array_equal(loaded[k], v)
    # the loaded network plays whole rounds, against heuristic: the training runs' duel (train_net.py's,
    # the tests below), in the one duel kernel of this file's duels (network_duels); one of net and
    # random would be this test's alone (issue 50 item 8)
    result = tn.duel_vs(loaded, "heuristic", 200, seed=1)
    assert network_duels.asked == [{NET, HEURISTIC}]
    assert result["deals"] == 200 and result["mean_points_a"] + result["mean_points_b"] >= 157


def test_one_command_trains_and_distils_to_the_shipped_sizes(tmp_path, capsys, selfplay_sets, network_duels):
    """``train_net.py`` end to end on tiny settings: an iteration of a 16 x 8 network, then its
    distillation into a network of the shipped sizes, which plays, and a polish round of that
    network; a second run resumes."""
    tn = _train_module()
    argv = ["--out", str(tmp_path), "--seed", "3", "--iterations", "1", "--deals", "160", "--worlds", "2",
            "--epochs", "2", "--h1", "16", "--h2", "8", "--distill-epochs", "2", "--duel-deals", "100",
            "--polish", "1", "--polish-deals", "80", "--polish-worlds", "2", "--polish-epochs", "1",
            "--polish-teacher-rows", "300"]
    assert tn.main(argv) == 0
    # heuristic self-play (iteration 0) on chibre and schieber, then net's with search's labels (polish)
    assert selfplay_sets == [{HEURISTIC, RANDOM}] * 2 + [{NET, RANDOM}] * 2
    assert network_duels.asked and all(p == {NET, HEURISTIC} for p in network_duels.asked)
    printed = capsys.readouterr().out
    assert "distillation:" in printed and "final: net vs heuristic" in printed
    teacher = tn.load_layers(tmp_path / "iter0.npz")
    student = tn.load_layers(tmp_path / f"student-{net.H1}x{net.H2}.npz")
    assert hidden_sizes(teacher) == (16, 8) and hidden_sizes(student) == (net.H1, net.H2)
    # the labels are the teacher's centred values on the legal cards, NaN elsewhere
    with np.load(tmp_path / "data0.npz") as z:
        feats, targets = z["feats"][:300], z["targets"][:300]
    labels = tn.teacher_targets(teacher, feats, targets)
    np.testing.assert_array_equal(np.isnan(labels), np.isnan(targets))
    np.testing.assert_allclose(np.nansum(labels, axis=1), 0, atol=1e-3)
    y, _ = tn.forward(teacher, feats)
    legal = ~np.isnan(targets)
    assert (np.nanargmax(labels, axis=1) == np.where(legal, y, -np.inf).argmax(1)).all()
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert [e["kind"] for e in log] == ["iteration", "distill", "polish"]
    assert "polish 0: net vs heuristic" in printed and "polish: best" in printed
    polished = tn.load_layers(tmp_path / f"polish0-{net.H1}x{net.H2}.npz")
    assert hidden_sizes(polished) == (net.H1, net.H2)
    assert any(not np.array_equal(polished[k], student[k]) for k in polished)  # it trained on
    assert tn.main(argv) == 0  # resumes: nothing is trained again
    again = capsys.readouterr().out
    assert "distillation: done before" in again and "polish 0: done before" in again


def test_finetune_trains_on_stored_data_and_resumes(tmp_path, capsys, selfplay_sets, network_duels):
    """``--finetune-data``: the starting network trains on from its weights on stored labelled
    positions of several files, meets the starting network, is installed nowhere else, and a second
    run loads it instead of training again."""
    tn = _train_module()
    for k in range(2):
        feats, targets, info = generate_positions(120, get_rules("chibre"), HEURISTIC, HEURISTIC, PARAMS,
                                                  seed=10 + k)
        np.savez(tmp_path / f"data{k}.npz", feats=feats, targets=targets, info=info)
    argv = ["--out", str(tmp_path / "run"), "--seed", "3", "--start-from", str(net.WEIGHTS_FILE),
            "--finetune-data", str(tmp_path / "data0.npz"), str(tmp_path / "data1.npz"), "--finetune-epochs", "1",
            "--finetune-soup", "2",
            "--rank-weight", "1", "--rank-temperature", "5", "--duel-deals", "60", "--baseline-deals", "60"]
    assert tn.main(argv) == 0
    assert set(map(frozenset, network_duels.asked)) == {frozenset({NET, SECOND_NET}), frozenset({NET, HEURISTIC})}
    printed = capsys.readouterr().out
    rows = sum(len(np.load(tmp_path / f"data{k}.npz")["feats"]) for k in range(2))
    assert f"finetune: {rows:,} positions, 2 x 1 epochs" in printed and "final: net vs the starting network" in printed
    tuned = tn.load_layers(tmp_path / "run" / f"finetune-{net.H1}x{net.H2}.npz")
    shipped = tn.load_layers(net.WEIGHTS_FILE)
    assert any(not np.array_equal(tuned[k], shipped[k]) for k in tuned)
    assert [json.loads(line)["kind"] for line in (tmp_path / "run" / "log.jsonl").read_text().splitlines()] == \
        ["finetune"]
    assert tn.main(argv) == 0
    assert "finetune: done before" in capsys.readouterr().out


def test_resumed_search_rounds_keep_the_stop_rule(tmp_path, capsys, network_duels):
    """A rerun that finds a round no better than the best before it stops there, as the first run
    did, instead of labelling a new round after it."""
    tn = _train_module()
    shipped = tn.load_layers(net.WEIGHTS_FILE)
    for r, gain in enumerate([1.0, 0.5]):
        tn.save_layers(tmp_path / f"search{r}-{net.H1}x{net.H2}.npz", shipped, {"search_round": r, "vs_start": gain})
    argv = ["--out", str(tmp_path), "--seed", "3", "--start-from", str(net.WEIGHTS_FILE), "--search-rounds", "3",
            "--duel-deals", "40", "--baseline-deals", "40"]
    assert tn.main(argv) == 0
    assert set(map(frozenset, network_duels.asked)) == {frozenset({NET, SECOND_NET}), frozenset({NET, HEURISTIC})}
    printed = capsys.readouterr().out
    assert "search round 1: no better than search0" in printed
    assert f"best search0-{net.H1}x{net.H2}.npz (+1.00" in printed
    assert not (tmp_path / "search2-data.npz").exists()
