"""Building ``jass-sim report``: check the parameters, run every section's simulations
(:mod:`jass_sim.jass.report.sections`, :mod:`jass_sim.jass.report.human`) and keep their tables in a
:class:`~jass_sim.jass.report.prose.Report`; nothing is written here
(:mod:`jass_sim.jass.report.write` writes it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from jass_sim.core.checkpoint import pieces
from jass_sim.core.checkpoint import step as saved
from jass_sim.core.errors import InputError
from jass_sim.core.files import package_version
from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.report import card_play as CP
from jass_sim.jass.report import declare as D
from jass_sim.jass.report import endgame as E
from jass_sim.jass.report import human as H
from jass_sim.jass.report import lead as L
from jass_sim.jass.report import multipliers as M
from jass_sim.jass.report import notes as N
from jass_sim.jass.report import partner as P
from jass_sim.jass.report import rare as R
from jass_sim.jass.report import score as SC
from jass_sim.jass.report import sections as S
from jass_sim.jass.report import sheet as SH
from jass_sim.jass.report import thresholds as TH
from jass_sim.jass.report import thumb
from jass_sim.jass.report import weis as W
from jass_sim.jass.report.prose import Report
from jass_sim.jass.report.signals import SIGNAL_DEALS
from jass_sim.jass.report.verdicts import VERDICT_COLUMNS
from jass_sim.jass.rules import RuleSet, get_rules

DEFAULT_DEALS = 1_000_000
DEFAULT_SAMPLES_PER_HAND = 128
#: ``--samples-per-hand`` must be a multiple of this (the advise RNG block).
SAMPLES_STEP = 64
#: Rounds per fast player in the comparison with human play (section 6) at most: the sampling error
#: is then far below the model error the section discusses.
HUMAN_DEALS = 100_000
#: Rounds of a slow player (pimc: tens of rounds per second, four seats) in section 6 at most.
HUMAN_SLOW_DEALS = 300
#: ``--quick``: the same sections with smaller samples (a few minutes on two cores, kernels compiled).
QUICK = {"deals": 16_384, "samples_per_hand": 64, "players": ["random", "heuristic", "net"], "meld_hands": 20_000}


@dataclass(frozen=True)
class PlaySizes:
    """Sample sizes of sections 2c (endgame) and 2d (first lead and smearing)."""

    endgame_hands: int = E.ENDGAME_HANDS
    scores: tuple[int, ...] = E.SCORES
    lead_positions: int = L.LEAD_POSITIONS
    rule_positions: int = L.RULE_POSITIONS
    smear_positions: int = L.SMEAR_POSITIONS
    worlds: int = L.LEAD_WORLDS
    policy: str = L.LEAD_POLICY
    #: Hands drawn per stratum of section 1's rare hands (:mod:`jass_sim.jass.report.strata`).
    strata_hands: int = R.STRATA_HANDS
    #: Hands of section 1 played at the scores near the end (:mod:`jass_sim.jass.report.score`).
    score_hands: int = SC.SCORE_HANDS
    #: Section 2f (card play): smearing positions, positions of each play rule, signal deals.
    play_positions: int = CP.PLAY_POSITIONS
    rule_play_positions: int = CP.RULE_PLAY_POSITIONS
    signal_deals: int = SIGNAL_DEALS
    #: First-lead positions per situation judged again by a second play model (0: no check).
    lead_check_positions: int = L.LEAD_POSITIONS


#: The columns of every table of the report (``tables/NAME.csv``), in order: what a reader of the
#: CSV files may rely on (tested on a small report).
TABLE_COLUMNS = {
    "mode_features": ("feature", "bin", "group", "option", "n", "mean", "ci95_lo", "ci95_hi"),
    "chibre_reference": N.REFERENCE_COLUMNS,
    "declare_push": D.DECLARE_COLUMNS,
    "declare_breakeven": D.BREAKEVEN_COLUMNS,
    "declare_sure": D.SURE_COLUMNS,
    "strata": R.STRATA_COLUMNS,
    "declare_strata": R.CELL_COLUMNS,
    "strata_population": R.POPULATION_COLUMNS,
    "sheet_cells": R.CELL_COLUMNS,
    "sheet": SH.SHEET_COLUMNS,
    **M.TABLE_COLUMNS,
    **W.TABLE_COLUMNS,
    "option_gaps": ("feature", "bin", "option", "versus", "n", "mean", "ci95_lo", "ci95_hi"),
    "thumb": ("key", "decision", "text", "source", "quote", "test", "n", "mean", "ci95_lo", "ci95_hi", "share_fails",
              "fails_lo", "fails_hi", "verdict") + VERDICT_COLUMNS,
    "thumb_levels": TH.LEVEL_COLUMNS,
    "thumb_breakdown": ("key", "side_aces", "n", "mean", "ci95_lo", "ci95_hi"),
    "best_choice": ("option", "hands", "best", "share", "ci95_lo", "ci95_hi", "clear", "share_clear", "clear_lo",
                    "clear_hi"),
    "endgame": E.CELL_COLUMNS,
    "endgame_examples": E.EXAMPLE_COLUMNS,
    "endgame_values": E.VALUE_COLUMNS,
    "score_cells": SC.CELL_COLUMNS,
    "score_values": SC.VALUE_COLUMNS,
    "lead_cards": L.CARD_COLUMNS,
    "lead_kinds": L.KIND_COLUMNS,
    "thumb_lead": ("key", "text", "source", "quote", "test", "n", "mean", "ci95_lo", "ci95_hi", "share_fails",
                   "fails_lo", "fails_hi", "verdict") + VERDICT_COLUMNS,
    "smearing": L.SMEAR_COLUMNS,
    "partner_models": P.MODEL_COLUMNS,
    "partner_choice": P.CHOICE_COLUMNS,
    "evaluator": ("chooser", "statistic", "k", "n", "estimate", "ci95_lo", "ci95_hi"),
    "chibre_bins": ("bin", "score_lo", "score_hi", "hands", "mean_score", "wins", "share", "ci95_lo", "ci95_hi",
                    "mean_adv", "adv_lo", "adv_hi"),
    "chibre_crossover": ("score",),
    "chibre_sides": ("hands", "wins", "share", "ci95_lo", "ci95_hi", "mean_adv", "adv_lo", "adv_hi"),
    "card_values": ("mode", "card", "value", "ci95_lo", "ci95_hi", "beta"),
    "card_fits": ("mode", "deals", "mean_diff", "sigma", "r2", "stoeck_ours", "stoeck_ours_lo", "stoeck_ours_hi",
                  "stoeck_theirs", "stoeck_theirs_lo", "stoeck_theirs_hi"),
    "melds_hand": ("statistic", "estimate", "ci95_lo", "ci95_hi", "n"),
    "melds_deal": ("statistic", "estimate", "ci95_lo", "ci95_hi", "n"),
    "melds_distribution": ("points", "leader_team", "leader_team_lo", "leader_team_hi", "other_team", "other_team_lo",
                           "other_team_hi"),
    "stoeck": ("statistic", "estimate", "ci95_lo", "ci95_hi", "n", "exact"),
    "players": ("team_a", "team_b", "deals", "mean_diff", "ci95_lo", "ci95_hi", "win_rate", "wins", "ties", "losses",
                "p_win_strict", "win_lo", "win_hi"),
    "human": tuple(H.COLUMNS),
    **CP.TABLE_COLUMNS,
    "sample_sizes": ("section", "hands", "samples_per_hand", "deals", "description"),
}

QUICK_PLAY = PlaySizes(endgame_hands=16, scores=E.QUICK_SCORES, lead_positions=4, rule_positions=1, smear_positions=4,
                       worlds=16, strata_hands=16, score_hands=32, play_positions=8, rule_play_positions=4, signal_deals=40,
                       lead_check_positions=4)
#: The smallest sizes of sections 2c and 2d, for a report of few ``--deals`` (see :func:`play_sizes_for`).
TINY_PLAY = PlaySizes(endgame_hands=4, scores=E.QUICK_SCORES, lead_positions=1, rule_positions=0, smear_positions=1,
                      worlds=8, strata_hands=4, score_hands=4, play_positions=1, rule_play_positions=0, signal_deals=4,
                      lead_check_positions=0)


def play_sizes_for(deals: int) -> PlaySizes:
    """Sizes of sections 2c and 2d for a budget of ``deals``: the defaults (:class:`PlaySizes`) at
    :data:`DEFAULT_DEALS` and above, scaled down in proportion below it, never under
    :data:`TINY_PLAY`'s. Their search play-outs cost about a second of CPU per position and card,
    so a report of a few thousand deals must not sample the full report's hundreds of positions."""
    full = PlaySizes()
    share = min(1.0, deals / DEFAULT_DEALS)

    def scaled(field: str) -> int:
        return max(getattr(TINY_PLAY, field), round(getattr(full, field) * share))

    small = share < 0.25
    return PlaySizes(endgame_hands=scaled("endgame_hands"), scores=TINY_PLAY.scores if small else full.scores,
                     lead_positions=scaled("lead_positions"), rule_positions=scaled("rule_positions"),
                     smear_positions=scaled("smear_positions"), worlds=TINY_PLAY.worlds if small else full.worlds,
                     policy=full.policy, strata_hands=scaled("strata_hands"),
                     score_hands=scaled("score_hands"),
                     play_positions=scaled("play_positions"), rule_play_positions=scaled("rule_play_positions"),
                     signal_deals=scaled("signal_deals"), lead_check_positions=scaled("lead_check_positions"))


def report_command(rules: str, deals: int, seed: int, samples_per_hand: int, players: list[str],
                   meld_hands: int | None, output: str, policy: str | None = None, quick: bool = False) -> str:
    """The ``jass-sim report`` command line that reproduces a report (defaults left out)."""
    from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS

    parts = ["jass-sim report", f"--rules {rules}"] + (["--quick"] if quick else [])
    parts += [f"--deals {deals}", f"--seed {seed}"]
    if samples_per_hand != (QUICK["samples_per_hand"] if quick else DEFAULT_SAMPLES_PER_HAND):
        parts.append(f"--samples-per-hand {samples_per_hand}")
    if policy not in (None, DEFAULT_POLICY):
        parts.append(f"--policy {policy}")
    if players != (QUICK["players"] if quick else list(PLAYERS.names)):
        parts.append(f"--players {','.join(players)}")
    if meld_hands is not None and not (quick and meld_hands == QUICK["meld_hands"]):
        parts.append(f"--meld-hands {meld_hands}")
    out = output if output.endswith("/") else output + "/"
    parts.append(f"-o {out}")
    return " ".join(parts)


def check_params(rules, deals, seed, samples_per_hand, policy, players, meld_hands, threads):
    """Validate the parameters (InputError naming the bad value); return them normalised."""
    from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS

    rule_set = get_rules(rules)
    policy = DEFAULT_POLICY if policy is None else policy

    def count(option, value, minimum):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
            raise InputError(f"{option} must be an integer >= {minimum}, got {value!r}", str(value))
        return int(value)

    seed = count("--seed", seed, 0)
    samples_per_hand = count("--samples-per-hand", samples_per_hand, SAMPLES_STEP)
    if samples_per_hand % SAMPLES_STEP:
        raise InputError(f"--samples-per-hand must be a multiple of {SAMPLES_STEP}, got {samples_per_hand}",
                         str(samples_per_hand))
    deals = count("--deals", deals, samples_per_hand)
    if deals // samples_per_hand < 2:
        raise InputError(f"--deals must give at least 2 hands of {samples_per_hand} deals, got {deals}", str(deals))
    PLAYERS.code(policy)
    policy = policy.strip().lower()
    if players is None:
        players = list(PLAYERS.names)
    elif isinstance(players, str):
        players = [p.strip().lower() for p in players.split(",") if p.strip()]
    else:
        players = [str(p).strip().lower() for p in players]
    if not players:
        raise InputError("--players '' names no player", "''")
    for p in players:
        PLAYERS.code(p)
    if len(set(players)) != len(players):
        raise InputError(f"a player is listed twice in --players: {','.join(players)}", ",".join(players))
    if meld_hands is not None:
        meld_hands = count("--meld-hands", meld_hands, 1)
    if threads is not None:
        count("--threads", threads, 1)
    return rule_set, deals, seed, samples_per_hand, policy, players, meld_hands


def quick_defaults(quick: bool, deals, samples_per_hand, players, meld_hands):
    """The sizes of a run: those given, else ``--quick``'s (:data:`QUICK`) or the defaults."""
    if not quick:
        return (DEFAULT_DEALS if deals is None else deals,
                DEFAULT_SAMPLES_PER_HAND if samples_per_hand is None else samples_per_hand, players, meld_hands)
    return (QUICK["deals"] if deals is None else deals,
            QUICK["samples_per_hand"] if samples_per_hand is None else samples_per_hand,
            list(QUICK["players"]) if players is None else players,
            QUICK["meld_hands"] if meld_hands is None else meld_hands)


def build_report(rules: RuleSet | str = "chibre", deals: int | None = None, seed: int = 0,
                 samples_per_hand: int | None = None, policy: str | None = None,
                 players: list[str] | str | None = None, meld_hands: int | None = None,
                 threads: int | None = None, output: str = "reports/NAME/", progress=None, quick: bool = False,
                 play: PlaySizes | None = None, checkpoint: str | None = None) -> Report:
    """Run every section and return the :class:`Report` (nothing is written).

    Parameters
    ----------
    rules : RuleSet or str
        Rule preset.
    deals : int
        Budget of each section: sections 1-2 sample ``deals // samples_per_hand`` hands of
        ``samples_per_hand`` deals each (every option played on each deal); section 3 plays
        ``deals`` deals per mode; section 4 samples ``deals`` deals (per-deal meld figures);
        section 5 plays ``deals`` duplicate deals per pair of fast players; section 6 plays
        ``min(deals, HUMAN_DEALS)`` rounds per fast player, ``min(deals, HUMAN_SLOW_DEALS)``
        per slow one.
    seed : int
        Root seed; results do not depend on ``threads``.
    samples_per_hand : int
        Deals per hand in sections 1-2 (a multiple of 64).
    policy : str, optional
        Card play at every seat in sections 1-3 (default
        :data:`jass_sim.jass.players.DEFAULT_POLICY`, the learned ``net`` player).
    players : list of str or comma-separated str, optional
        Policies compared in section 5 (default: every registered policy); those of them among
        :data:`jass_sim.jass.report.human.DEFAULT_PLAYERS` (heuristic, net, search, pimc) are compared with
        human play in section 6.
    meld_hands : int, optional
        Sample this many hands for the per-hand meld figures instead of counting all hands.
    output : str
        The output directory, for the reproducing command shown in the report.
    progress : callable, optional
        Called with a short label as each section starts.
    quick : bool
        ``--quick``: the sizes not given are :data:`QUICK`'s, and sections 2c and 2d use
        :data:`QUICK_PLAY` (the same sections, smaller samples).
    play : PlaySizes, optional
        Sizes of sections 2c and 2d (default :func:`play_sizes_for` ``deals``, or :data:`QUICK_PLAY`).
    checkpoint : str, optional
        A directory where each section's results (and each first-lead and smearing position's
        play-advice) are saved as they finish: the same call with the same directory resumes there
        and builds the same report (:class:`~jass_sim.core.checkpoint.Checkpoint`; a directory of
        other parameters or other code is refused).
    """
    from jass_sim.core.checkpoint import Checkpoint
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.melds.stats import meld_stats
    from jass_sim.jass.players import PLAYERS

    deals, samples_per_hand, players, meld_hands = quick_defaults(quick, deals, samples_per_hand, players, meld_hands)
    rule_set, deals, seed, samples_per_hand, policy, players, meld_hands = check_params(
        rules, deals, seed, samples_per_hand, policy, players, meld_hands, threads)
    play = play or (QUICK_PLAY if quick else play_sizes_for(deals))
    PLAYERS.code(play.policy)
    hands = deals // samples_per_hand
    step = progress or (lambda label: None)
    rep = Report(rules=rule_set, deals=deals, seed=seed, samples_per_hand=samples_per_hand, hands=hands,
                 policy=policy, players=players, meld_hands=meld_hands, version=package_version(),
                 command=report_command(rule_set.name, deals, seed, samples_per_hand, players, meld_hands, output,
                                        policy, quick), play=play)
    T = rep.tables
    pid = PLAYERS.code(policy)
    ck = None if checkpoint is None else Checkpoint(checkpoint, checkpoint_key(rep))
    with numba_threads(threads):
        step(f"mode choice: {hands:,} hands x {samples_per_hand} deals x {len(rule_set.modes) + 1} options")
        per_hand = saved(ck, "option_values", lambda: S.option_values(rule_set, hands, samples_per_hand, seed, pid))
        T["mode_features"] = S.feature_tables(per_hand, rule_set)
        T["chibre_reference"] = N.chibre_reference(per_hand)
        T["declare_push"] = D.declare_push(per_hand, D.multipliers_of(rule_set))
        T["declare_breakeven"] = D.breakeven(T["declare_push"])
        T["declare_sure"] = D.sure_tricks_table(per_hand)
        rare_section(T, rule_set, per_hand, hands, samples_per_hand, seed, pid, play, step, ck)
        T["sheet"] = SH.sheet_table(T["sheet_cells"], T["declare_sure"])
        multiplier_section(T, rule_set, per_hand, samples_per_hand, seed, pid, step, ck)
        weis_section(T, rule_set, per_hand, samples_per_hand, seed, pid, step, ck)
        T["option_gaps"] = N.option_gaps(per_hand)
        T["thumb"] = thumb.evaluate(per_hand)
        T["thumb_breakdown"] = thumb.breakdown(per_hand)
        T["best_choice"] = S.best_choice_table(per_hand, rule_set)
        endgame_section(T, rule_set, per_hand, samples_per_hand, seed, pid, play, step, ck)
        SC.section(T, rule_set, per_hand, samples_per_hand, seed, pid, play.score_hands, step, ck)
        lead_section(T, rule_set, seed, play, step, ck)
        CP.section(T, rule_set, seed, play, step, ck)
        T["thumb_levels"] = TH.levels_table(per_hand)
        T["thumb"], T["thumb_lead"] = TH.apply(T["thumb"], T["thumb_lead"], T["thumb_breakdown"], T["thumb_levels"])
        step(f"after the push: {P.partner_deals(deals):,} pushed deals x {len(rule_set.modes)} modes")
        T["partner_models"], T["partner_choice"] = saved(ck, "partner", lambda: P.tables(rule_set, deals, seed, pid))
        T["evaluator"] = S.evaluator_table(per_hand)
        T["chibre_bins"] = S.chibre_table(per_hand)
        T["chibre_crossover"], T["chibre_sides"] = S.chibre_summary(per_hand, T["chibre_bins"])
        step(f"card values: {deals:,} deals x {len(rule_set.modes)} modes")
        T["card_values"], T["card_fits"] = saved(ck, "card_values", lambda: S.card_values(rule_set, deals, seed, pid))
        step("melds" + (" (exact over all hands)" if meld_hands is None else ""))
        stoeck_mode = next((m for m in rule_set.modes if m < 4), 0)
        ms = saved(ck, "melds", lambda: meld_stats(rule_set, hands=meld_hands, exact=meld_hands is None, deals=deals,
                                                   seed=seed, mode=stoeck_mode))
        rep.meld_stats = ms
        rep.meld_mode = MODE_NAMES[stoeck_mode]
        T["melds_hand"] = ms.per_hand.reset_index()
        T["melds_deal"] = ms.per_deal.reset_index()
        T["melds_distribution"] = ms.distribution.reset_index()
        T["stoeck"] = stoeck_table(ms, T["card_fits"], MODE_NAMES[stoeck_mode], meld_hands is None)
        T["weis_per_hand"] = W.per_hand_table(per_hand["hand"].to_numpy(), rule_set, T["melds_hand"], T["stoeck"],
                                              meld_hands is None)
        step(f"player strength: {', '.join(players)}")
        T["players"] = saved(ck, "players", lambda: S.player_table(rule_set, players, deals, seed))
        human_players = [p for p in players if p in H.DEFAULT_PLAYERS]
        step(f"against human play ({H.RULES} rules): {', '.join(human_players) or 'no player'}")
        T["human"] = (saved(ck, "human", lambda: H.simulate_against_humans(human_players, min(deals, HUMAN_DEALS),
                                                                            HUMAN_SLOW_DEALS, seed))
                      if human_players else pd.DataFrame(columns=list(H.COLUMNS)))
    T["sample_sizes"] = sample_sizes(rep)
    return rep


def checkpoint_key(rep: Report) -> dict:
    """What a report's checkpoint must match to be resumed: every parameter that changes a figure
    (not the output directory, nor the number of threads)."""
    from dataclasses import asdict

    return {"what": "jass-sim report", "rules": rep.rules.name, "deals": rep.deals, "seed": rep.seed,
            "samples_per_hand": rep.samples_per_hand, "policy": rep.policy, "players": list(rep.players),
            "meld_hands": rep.meld_hands, "play": {k: list(v) if isinstance(v, tuple) else v
                                                   for k, v in asdict(rep.play).items()}}


def rare_section(T: dict, rules: RuleSet, per_hand: pd.DataFrame, hands: int, samples_per_hand: int, seed: int,
                 pid: int, play: PlaySizes, step, ck=None) -> None:
    """Section 1's rare hands (``strata``, ``declare_strata``, ``strata_population``) into ``T``:
    ``play.strata_hands`` hands drawn per stratum (:func:`~jass_sim.jass.report.strata.drawn_hands`,
    the hand stream of section 1), played like the uniform hands on the advise samples after
    theirs, pooled with them and weighted back to the uniform population. Empty tables without a
    trump suit or drawn hands."""
    from jass_sim.jass.report import strata as St

    suits = R.trump_suits(rules)
    if not suits or play.strata_hands <= 0:
        T.update({k: pd.DataFrame(columns=list(TABLE_COLUMNS[k])) for k in ("strata", "declare_strata",
                                                                             "strata_population", "sheet_cells")})
        return
    meta = St.drawn_hands(seed, play.strata_hands, suits, S.HAND_STREAM)
    step(f"rare hands: {len(meta):,} hands drawn from {len(St.STRATA)} strata x {samples_per_hand} deals")
    drawn = saved(ck, "strata_values", lambda: S.values_of(meta["hand"].to_numpy(), rules, samples_per_hand, seed,
                                                           pid, first_hand=hands))
    T.update(R.tables(per_hand, drawn, meta, rules))


def multiplier_section(T: dict, rules: RuleSet, per_hand: pd.DataFrame, samples_per_hand: int, seed: int,
                       pid: int, step, ck=None) -> None:
    """Section 1's multiplier tables (:mod:`jass_sim.jass.report.multipliers`) into ``T``: the push
    of the uniform hands played again at ×1 on their deals; empty tables for rules without
    multipliers."""
    if not M.has_multipliers(rules):
        T.update(M.empty_tables())
        return
    step(f"multipliers: the push of {len(per_hand):,} hands again at x1 x {samples_per_hand} deals")
    push = saved(ck, "push_x1", lambda: M.push_x1(per_hand["hand"].to_numpy(), rules, samples_per_hand, seed, pid))
    T.update(M.tables(per_hand, rules, push))


def weis_section(T: dict, rules: RuleSet, per_hand: pd.DataFrame, samples_per_hand: int, seed: int, pid: int, step,
                 ck=None) -> None:
    """Section 1's ``weis_choice`` into ``T``: the uniform hands holding a Weis played again
    without any Weis (the evaluator's mode and the push) on their deals."""
    held = np.flatnonzero(W.weis_points(per_hand["hand"].to_numpy(), rules) > 0)
    step(f"Weis: {len(held):,} hands again without the Weis x {samples_per_hand} deals x 2 options")
    modes = np.array([MODE_NAMES.index(m) for m in per_hand["eval_mode"].to_numpy()[held]], dtype=np.int64)
    bare = saved(ck, "weis_bare", lambda: W.values_without_weis(per_hand["hand"].to_numpy()[held], modes, held,
                                                                 rules, samples_per_hand, seed, pid))
    T["weis_choice"] = W.choice_table(per_hand, rules, bare)


def endgame_section(T: dict, rules: RuleSet, per_hand: pd.DataFrame, samples_per_hand: int, seed: int, pid: int,
                    play: PlaySizes, step, ck=None) -> None:
    """Section 2c's tables (``endgame``, ``endgame_examples``, ``endgame_values``) into ``T``:
    the first hands of section 1 on their own deals, and the shipped equity table of the card
    play (``net``'s when the play has none)."""
    from jass_sim.jass.advise.score import equity_for
    from jass_sim.jass.players import PLAYERS

    table = equity_for(rules, PLAYERS.names[pid])
    masks = per_hand["hand"].to_numpy()[:play.endgame_hands]
    scores = tuple(x for x in play.scores if x < rules.target)
    step(f"endgame: {len(masks):,} hands x {len(scores) ** 2} scores x {samples_per_hand} deals")
    T["endgame"], T["endgame_examples"] = saved(
        ck, "endgame", lambda: E.score_choices(rules, masks, samples_per_hand, seed, pid, table, scores))
    T["endgame_values"] = E.match_and_melds(table)


def lead_section(T: dict, rules: RuleSet, seed: int, play: PlaySizes, step, ck=None) -> None:
    """Section 2d's tables (``lead_cards``, ``lead_kinds``, ``smearing``) and the first-lead rules
    of thumb (``thumb_lead``) into ``T``."""
    from jass_sim.jass.report import thumb_lead

    positions = L.lead_positions(rules, play.lead_positions, seed) + L.rule_positions(rules, play.rule_positions, seed)
    step(f"first lead: {len(positions):,} positions x {play.worlds} worlds ({play.policy})")
    cards, kinds = L.first_leads(rules, positions, play.policy, play.worlds, saved=pieces(ck, "first-lead"))
    T["lead_cards"] = cards
    T["lead_kinds"] = L.kind_table(kinds)  # the sample of all declarations and pushes only
    pushed = cards[cards["situation"].isin(["pushed", L.RULE_SITUATION])]
    T["thumb_lead"] = thumb_lead.evaluate(pushed)
    step(f"smearing: {play.smear_positions:,} positions x {play.worlds} worlds ({play.policy})")
    T["smearing"] = L.smearing(rules, L.smear_positions(rules, play.smear_positions, seed), play.policy, play.worlds,
                               saved=pieces(ck, "smearing"))


def stoeck_table(ms, fits: pd.DataFrame, mode: str, exact: bool) -> pd.DataFrame:
    """``statistic, estimate, ci95_lo, ci95_hi, n, exact``: stöck per hand (from ``meld_stats``),
    per deal (four times the per-hand figure: only one hand can hold the pair) and, in play, per
    team from the card-value deals of ``mode``."""
    r = ms.per_hand.loc["p_stoeck"]
    rows = [{"statistic": "p_stoeck", "estimate": r["estimate"], "ci95_lo": r["ci95_lo"], "ci95_hi": r["ci95_hi"],
             "n": int(r["n"]), "exact": exact},
            {"statistic": "p_stoeck_deal", "estimate": 4 * r["estimate"], "ci95_lo": 4 * r["ci95_lo"],
             "ci95_hi": 4 * r["ci95_hi"], "n": int(r["n"]), "exact": exact}]
    f = fits[fits["mode"] == mode]
    if len(f):
        f = f.iloc[0]
        for team in ("ours", "theirs"):
            rows.append({"statistic": f"stoeck_{team}", "estimate": f[f"stoeck_{team}"],
                         "ci95_lo": f[f"stoeck_{team}_lo"], "ci95_hi": f[f"stoeck_{team}_hi"], "n": int(f["deals"]),
                         "exact": False})
    return pd.DataFrame(rows)


def sample_sizes(rep: Report) -> pd.DataFrame:
    """One row per section: ``section, hands, samples_per_hand, deals, description``."""
    from jass_sim.jass.report.human_section import rounds_of

    n_modes = len(rep.rules.modes)
    pl = rep.tables["players"]
    hr = rounds_of(rep.tables["human"])
    eg, sm = rep.tables["endgame"], rep.tables["smearing"]
    n_lead = rep.tables["lead_cards"]["position"].nunique() + (
        int(sm.set_index("case").loc["all", "positions"]) if (sm["case"] == "all").any() else 0)
    st = rep.tables["strata"]
    n_drawn = int(st["drawn_hands"].sum()) if len(st) else 0
    mb, wc = rep.tables["mult_best"], rep.tables["weis_choice"]
    n_mult = int(mb["hands"].iloc[0]) if len(mb) else 0
    n_weis = int(wc.loc[wc["weis"] != "none", "n"].sum()) if len(wc) else 0
    meld_h = "all 94,143,280 hands (exact)" if rep.meld_hands is None else f"{rep.meld_hands:,} sampled hands"
    rows = [
        {"section": "mode_choice", "hands": rep.hands, "samples_per_hand": rep.samples_per_hand,
         "deals": rep.hands * rep.samples_per_hand,
         "description": f"1-2: {rep.hands:,} hands × {rep.samples_per_hand} deals, each deal played in "
                        f"{n_modes + 1} options ({rep.hands * rep.samples_per_hand * (n_modes + 1):,} rounds)"},
        {"section": "strata", "hands": n_drawn, "samples_per_hand": rep.samples_per_hand if n_drawn else 0,
         "deals": n_drawn * rep.samples_per_hand,
         "description": f"1 (rare hands): {n_drawn:,} hands drawn from the strata × {rep.samples_per_hand} deals, "
                        f"each deal played in {n_modes + 1} options"},
        {"section": "multipliers", "hands": n_mult, "samples_per_hand": rep.samples_per_hand if n_mult else 0,
         "deals": n_mult * rep.samples_per_hand,
         "description": f"1 (multipliers): the push of {n_mult:,} hands played again at ×1 on their "
                        f"{rep.samples_per_hand} deals" if n_mult else "1 (multipliers): none (every mode ×1)"},
        {"section": "weis", "hands": n_weis, "samples_per_hand": rep.samples_per_hand if n_weis else 0,
         "deals": n_weis * rep.samples_per_hand,
         "description": f"1 (Weis): {n_weis:,} hands holding a Weis played again without any Weis on their "
                        f"{rep.samples_per_hand} deals (the evaluator's mode and the push)"},
        {"section": "card_values", "hands": 0, "samples_per_hand": 0, "deals": rep.deals,
         "description": f"3: {rep.deals:,} deals in each of {n_modes} modes ({rep.deals * n_modes:,} rounds)"},
        {"section": "melds", "hands": rep.meld_hands or 0, "samples_per_hand": 0, "deals": rep.deals,
         "description": f"4: {meld_h}; {rep.deals:,} sampled deals"},
        {"section": "players", "hands": 0, "samples_per_hand": 0, "deals": int(pl["deals"].sum()) if len(pl) else 0,
         "description": "5: " + ("; ".join(f"{a} vs {b}: {n:,} duplicate deals" for a, b, n in
                                           zip(pl["team_a"], pl["team_b"], pl["deals"])) if len(pl) else "none")},
        {"section": "endgame", "hands": int(eg["hands"].iloc[0]) if len(eg) else 0,
         "samples_per_hand": int(eg["samples"].iloc[0]) if len(eg) else 0,
         "deals": int((eg["hands"] * eg["samples"]).sum()) if len(eg) else 0,
         "description": f"2c: {int(eg['hands'].iloc[0]) if len(eg) else 0:,} hands × {len(eg)} scores × "
                        f"{rep.play.worlds if not len(eg) else int(eg['samples'].iloc[0])} deals, every option"},
        {"section": "lead", "hands": n_lead, "samples_per_hand": rep.play.worlds,
         "deals": 0, "description": f"2d: {rep.tables['lead_cards']['position'].nunique():,} first-lead "
                                    f"({2 * rep.play.lead_positions:,} sampled, the others drawn for the lead rules) "
                                    "and "
                                    f"{rep.play.smear_positions:,} smearing positions × {rep.play.worlds} worlds "
                                    f"(`play-advice`, {rep.play.policy} play-outs)"},
        {"section": "partner", "hands": 0, "samples_per_hand": 0, "deals": int(rep.tables["partner_models"]["n"].iloc[0]),
         "description": f"2e: {int(rep.tables['partner_models']['n'].iloc[0]):,} pushed deals, each played in "
                        f"{n_modes} modes"},
        {"section": "human", "hands": 0, "samples_per_hand": 0, "deals": sum(hr.values()),
         "description": f"6 ({H.RULES} rules): " + ("; ".join(f"{p}: {n:,} rounds" for p, n in hr.items())
                                                    if hr else "none")},
    ]
    return pd.DataFrame(rows + [SC.size_row(rep.tables["score_cells"])])

