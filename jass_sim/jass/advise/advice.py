"""``advise``: should the chooser pick a trump (which one) or chibre? Paired Monte Carlo.

Every option is played on the same sampled deals (see :mod:`jass_sim.jass.advise.sampling`); the
figures here are computed from the per-sample results, with 95% confidence intervals, and the
lead of the best option over the runner-up is measured paired, sample by sample.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from jass_sim.core.chunks import ChunkedSampler
from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.result import Result
from jass_sim.core.stats import check_sampling, mean_ci, sample_until, wilson_ci
from jass_sim.jass.advise.options import option_label, option_name
from jass_sim.jass.advise.sampling import (
    ADVISE_BLOCK,
    CHIBRE,
    PARTNER_EVALUATOR,
    PARTNER_FITTED,
    PARTNER_SEARCH,
    AdviseSamples,
    concat,
    run_advise,
)
from jass_sim.jass.cards import MODE_NAMES, format_card, parse_cards, parse_mode
from jass_sim.jass.players import DEFAULT_CHOOSER
from jass_sim.jass.rules import RuleSet, get_rules

PARTNER_MODELS = {"evaluator": PARTNER_EVALUATOR, "search": PARTNER_SEARCH, "fitted": PARTNER_FITTED}
FIRST_BATCH = 16 * ADVISE_BLOCK


def parse_options(text: str | None, rules: RuleSet, chibred: bool) -> list[int]:
    """The options to compare: every allowed mode, plus chibre unless the partner chibred."""
    allowed = list(rules.modes) + ([] if chibred else [CHIBRE])
    if text is None:
        return allowed
    options = []
    for token in [t for t in text.replace(",", " ").split() if t]:
        opt = CHIBRE if token.lower() == "chibre" else parse_mode(token)
        if opt not in allowed:
            why = "the partner already chibred" if opt == CHIBRE else f"the {rules.name} rules do not allow it"
            raise InputError(f"option {token!r} is not available: {why}", token)
        if opt in options:
            raise InputError(f"option {token!r} is listed twice in --options", token)
        options.append(opt)
    if not options:
        raise InputError(f"--options {text!r} names no option to compare", text)
    return options


@dataclass(eq=False, repr=False)
class Advice(Result):
    """The answer of ``advise`` (:func:`jass_sim.advise`): every option on the same sampled deals.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per option (``option``, ``samples``, ``mean_ours``, ``mean_theirs``,
        ``mean_diff`` with 95% CIs ``ci95_*_lo``/``ci95_*_hi``, match probabilities, meld points),
        in the order the options were compared.
    recommendation : str
        The best option: ``H``, ``D``, ``S``, ``C``, ``OBE``, ``UNE`` or ``chibre``.
    sentence : str
        A plain sentence a player can act on, with the paired 95% CI of the lead over the runner-up.
    too_close : bool
        That CI includes zero.
    best_option, runner_up : int
        The best option and the runner-up as option numbers (``runner_up`` None with one option).
    lead : (float, float, float)
        The best option's paired lead over the runner-up: mean and 95% CI.
    samples : AdviseSamples
        The sampled round values of every option.
    """

    hand: list[int]
    rules: str
    policy: str
    seed: int
    options: list[int]
    samples: AdviseSamples
    score: tuple[int, int] | None = None  # advise --score: (ours, theirs)
    equity: object = None  # and the equity table applied after the round
    #: The request, echoed so that a saved answer tells its run apart: ``chibred``,
    #: ``partner_model``, ``options`` (the ones asked for, or None for all), ``ci`` and
    #: ``max_samples`` (None without ``ci``).
    settings: dict = field(default_factory=dict)
    table: pd.DataFrame = field(init=False)
    best_option: int = field(init=False)
    runner_up: int | None = field(init=False)
    lead: tuple[float, float, float] = field(init=False)

    formats = ("table", "json", "csv")
    plot_formats = ("png", "svg")
    json_ascii = False

    def __post_init__(self):
        self.table = option_table(self.samples)
        if self.score is not None:  # the win probabilities join the table (and so the CSV)
            from jass_sim.jass.advise.score import win_block

            self.table = _with_win_columns(self.table, win_block(self))
        order = self.table.sort_values("mean_diff", ascending=False, kind="stable")
        self.best_option = self.options[int(order.index[0])]
        if len(order) > 1:
            self.runner_up = self.options[int(order.index[1])]
            self.lead = paired_lead(self.samples, int(order.index[0]), int(order.index[1]))
        else:
            self.runner_up, self.lead = None, (math.nan, math.nan, math.nan)

    @property
    def n(self) -> int:
        return self.samples.n

    @property
    def recommendation(self) -> str:
        """The best option's name (``H`` ... ``UNE``, ``chibre``)."""
        return option_name(self.best_option)

    @property
    def too_close(self) -> bool:
        """The 95% CI of the lead over the runner-up includes zero."""
        return self.runner_up is not None and self.lead[1] <= 0 <= self.lead[2]

    @property
    def sentence(self) -> str:
        """A plain sentence a player can act on."""
        best = option_label(self.best_option)
        if self.runner_up is None:
            return f"Only one option: {best} ({self.table['mean_diff'].iloc[0]:+.1f} points per round)."
        mean, lo, hi = self.lead
        other = option_label(self.runner_up)
        ci = f"95% CI {lo:+.1f} to {hi:+.1f}"
        if self.too_close:
            return (f"Too close to call between {best} and {other}: {best} leads by {mean:+.1f} points per "
                    f"round, {ci} ({self.n:,} deals).")
        verb = "Chibre" if self.best_option == CHIBRE else f"Choose {best}"
        return f"{verb}: {mean:+.1f} points per round over {other}, {ci} ({self.n:,} deals)."

    @property
    def heading(self) -> str:
        return self.sentence

    @property
    def ci_reached(self) -> bool | None:
        """With ``ci``: whether the lead's 95% CI half-width reached it (else ``max_samples`` stopped
        the sampling first); None without ``ci``."""
        ci = self.settings.get("ci")
        if ci is None:
            return None
        return self.runner_up is None or (self.lead[2] - self.lead[1]) / 2 <= ci

    def _ci_note(self) -> str | None:
        if self.ci_reached is not False:
            return None
        half = (self.lead[2] - self.lead[1]) / 2
        return (f"--ci {self.settings['ci']:g} was not reached: the lead's 95% CI half-width is {half:.1f} points "
                f"after --max-samples {self.n:,} deals.")

    def _settings_json(self) -> dict:
        s = {"chibred": bool(self.settings.get("chibred", False)),
             "partner_model": self.settings.get("partner_model", DEFAULT_CHOOSER),
             "options_requested": self.settings.get("options"), "ci": self.settings.get("ci"),
             "max_samples": self.settings.get("max_samples")}
        if "search_worlds" in self.settings:
            s["search_worlds"] = self.settings["search_worlds"]
        if s["ci"] is not None:
            s["ci_reached"] = self.ci_reached
        return s

    def to_json(self) -> dict:
        """The ``advise --format json`` document (see the README)."""
        options = []
        best = self.options.index(self.best_option)
        for i, opt in enumerate(self.options):
            row = self.table.loc[i]
            item = {"option": option_name(opt), "mean_ours": row["mean_ours"], "mean_theirs": row["mean_theirs"],
                    "mean_diff": row["mean_diff"], "ci95_diff": [row["ci95_diff_lo"], row["ci95_diff_hi"]],
                    "p_match_ours": row["p_match_ours"],
                    "ci95_match_ours": [row["ci95_match_ours_lo"], row["ci95_match_ours_hi"]],
                    "p_match_theirs": row["p_match_theirs"],
                    "ci95_match_theirs": [row["ci95_match_theirs_lo"], row["ci95_match_theirs_hi"]],
                    "mean_meld_points": row["mean_meld_points"], "samples": int(row["samples"])}
            # paired against the best option, deal by deal (0 for the best itself)
            vs = (0.0, 0.0, 0.0) if i == best else paired_lead(self.samples, i, best)
            item["versus_best"] = {"mean": vs[0], "ci95": [vs[1], vs[2]]}
            if opt == CHIBRE:
                item["partner_choices"] = partner_choices(self.samples)
            options.append(item)
        lead = None
        if self.runner_up is not None:
            lead = {"option": option_name(self.runner_up), "mean": self.lead[0], "ci95": [self.lead[1], self.lead[2]]}
        return {"hand": [format_card(c) for c in self.hand], "rules": self.rules, "policy": self.policy,
                "samples": self.n, "seed": self.seed, "options": options,
                "recommendation": option_name(self.best_option), "lead_over_next": lead,
                "too_close": self.too_close, "sentence": self.sentence} | self._settings_json() | self._win_json()

    def _win_json(self) -> dict:
        if self.score is None:
            return {}
        from jass_sim.jass.advise.score import win_block

        return {"win_probability": win_block(self)}

    def text(self) -> str:
        """Text for people: the sentence, then the options from best to worst."""
        t = self.table.copy()
        t["option"] = [option_label(o) for o in self.options]
        t = t.sort_values("mean_diff", ascending=False, kind="stable")
        st = self._settings_json()
        asked = [f"partner model {st['partner_model']}"]
        if st["chibred"]:
            asked.append("after the partner's chibre")
        if st["options_requested"] is not None:
            asked.append("options " + ",".join(st["options_requested"]))
        if st["ci"] is not None:
            asked.append(f"--ci {st['ci']:g} (max {st['max_samples']:,})")
        lines = [self.sentence] + ([self._ci_note()] if self._ci_note() else []) + ["",
                 f"hand {' '.join(format_card(c, True) for c in self.hand)}; rules {self.rules}; "
                 f"policy {self.policy}; {self.n:,} sampled deals; seed {self.seed}; " + "; ".join(asked), ""]
        view = pd.DataFrame({
            "option": t["option"],
            "ours": t["mean_ours"].map("{:.1f}".format),
            "theirs": t["mean_theirs"].map("{:.1f}".format),
            "difference [95% CI]": [f"{m:+7.1f} [{lo:+.1f}, {hi:+.1f}]" for m, lo, hi in
                                    t[["mean_diff", "ci95_diff_lo", "ci95_diff_hi"]].values],
            "match ours": t["p_match_ours"].map("{:.1%}".format),
            "match theirs": t["p_match_theirs"].map("{:.1%}".format),
            "melds ours": t["mean_meld_points"].map("{:.1f}".format),
        })
        lines.append(view.to_string(index=False))
        if CHIBRE in self.options:
            choices = partner_choices(self.samples)
            lines.append("")
            lines.append("after chibre the partner chose: " + ", ".join(
                f"{option_label(parse_mode(m))} {p:.0%}" for m, p in sorted(choices.items(), key=lambda kv: -kv[1])))
        if self.score is not None:
            from jass_sim.jass.advise.score import format_win

            lines += ["", format_win(self)]
        return "\n".join(lines)

    def figure(self):
        """Bars of the mean difference per option with 95% whiskers, and the distribution of the
        round difference of the top options (a matplotlib Figure, no pyplot state)."""
        from matplotlib.figure import Figure

        t = self.table.sort_values("mean_diff", ascending=False, kind="stable")
        labels = [option_label(self.options[i]) for i in t.index]
        fig = Figure(figsize=(11, 4.2))
        ax1, ax2 = fig.subplots(1, 2)
        err = np.array([t["mean_diff"] - t["ci95_diff_lo"], t["ci95_diff_hi"] - t["mean_diff"]])
        colors = ["tab:green" if i == t.index[0] else "tab:gray" for i in t.index]
        ax1.bar(labels, t["mean_diff"], yerr=err, capsize=4, color=colors)
        ax1.axhline(0, color="black", lw=0.8)
        ax1.set_ylabel("mean points per round, ours minus theirs")
        ax1.set_title(f"options ({self.n:,} deals, 95% CI)")
        for i in list(t.index[:3]):
            d = self.samples.ours[:, i] - self.samples.theirs[:, i]
            ax2.hist(d, bins=40, histtype="step", lw=1.5, density=True, label=option_label(self.options[i]))
        ax2.set_xlabel("round difference, ours minus theirs")
        ax2.set_ylabel("density")
        ax2.set_title("distribution of the round difference, top options")
        ax2.legend()
        fig.suptitle(self.sentence, fontsize=9)
        fig.tight_layout()
        return fig


def option_table(s: AdviseSamples) -> pd.DataFrame:
    """One row per option: means with 95% CIs, match probabilities, meld points."""
    rows = []
    n = s.n
    for o, opt in enumerate(s.options):
        diff = (s.ours[:, o] - s.theirs[:, o]).astype(np.int64)
        m_o = mean_ci(int(s.ours[:, o].sum()), int((s.ours[:, o] ** 2).sum()), n)
        m_t = mean_ci(int(s.theirs[:, o].sum()), int((s.theirs[:, o] ** 2).sum()), n)
        m_d = mean_ci(int(diff.sum()), int((diff ** 2).sum()), n)
        p_mo = wilson_ci(int((s.flags[:, o] & 1).astype(bool).sum()), n)
        p_mt = wilson_ci(int((s.flags[:, o] & 2).astype(bool).sum()), n)
        rows.append({"option": option_name(opt), "samples": n,
                     "mean_ours": m_o[0], "ci95_ours_lo": m_o[1], "ci95_ours_hi": m_o[2],
                     "mean_theirs": m_t[0], "ci95_theirs_lo": m_t[1], "ci95_theirs_hi": m_t[2],
                     "mean_diff": m_d[0], "ci95_diff_lo": m_d[1], "ci95_diff_hi": m_d[2],
                     "p_match_ours": p_mo[0], "ci95_match_ours_lo": p_mo[1], "ci95_match_ours_hi": p_mo[2],
                     "p_match_theirs": p_mt[0], "ci95_match_theirs_lo": p_mt[1], "ci95_match_theirs_hi": p_mt[2],
                     "mean_meld_points": float(s.melds[:, o].mean())})
    return pd.DataFrame(rows)


def paired_lead(s: AdviseSamples, a: int, b: int) -> tuple[float, float, float]:
    """Mean of option ``a``'s difference minus option ``b``'s, sample by sample, with its 95% CI."""
    d = (s.ours[:, a] - s.theirs[:, a]) - (s.ours[:, b] - s.theirs[:, b])
    return mean_ci(int(d.sum()), int((d.astype(np.int64) ** 2).sum()), s.n)


def _with_win_columns(table: pd.DataFrame, block: dict) -> pd.DataFrame:
    """``table`` with ``p_win``, ``ci95_win_lo``/``_hi`` and the paired ``behind_best`` (with its CI)."""
    table = table.copy()
    items = block["options"]
    table["p_win"] = [o["p_win"] for o in items]
    table["ci95_win_lo"] = [o["ci95"][0] for o in items]
    table["ci95_win_hi"] = [o["ci95"][1] for o in items]
    behind = [o.get("behind_best", {"mean": 0.0, "ci95": [math.nan, math.nan]}) for o in items]
    table["behind_best_win"] = [b["mean"] for b in behind]
    table["ci95_behind_best_win_lo"] = [b["ci95"][0] for b in behind]
    table["ci95_behind_best_win_hi"] = [b["ci95"][1] for b in behind]
    return table


def partner_choices(s: AdviseSamples) -> dict[str, float]:
    """Share of samples in which the partner chose each mode after a chibre."""
    chosen = s.partner_modes[s.partner_modes >= 0]
    if len(chosen) == 0:
        return {}
    counts = np.bincount(chosen, minlength=6)
    return {MODE_NAMES[m]: counts[m] / len(chosen) for m in range(6) if counts[m]}


def advise(hand, rules="chibre", policy: str | None = None, partner_model: str = DEFAULT_CHOOSER,
           samples: int | None = None, ci: float | None = None, max_samples: int = 200_000,
           chibred: bool = False, seed: int = 0, threads: int | None = None, options: str | None = None,
           partner_samples: int = 16, progress=None, score: str | None = None,
           search_worlds: int | None = None) -> Advice:
    """Compare the chooser's options for a 9-card ``hand`` (text or card numbers).

    The player is seat 0, the chooser, and leads; with ``chibred`` the partner (seat 2) chibred,
    leads, and there is no chibre option. ``samples`` deals are sampled (default 4,000), or, with
    ``ci``, batches of deals until the paired 95% CI half-width of the top two options is at most
    ``ci`` points (or ``max_samples``). With ``score`` (``"OURS:THEIRS"``) every option also
    gets the probability of winning the game (see :mod:`.score`). Wraps the parallel
    kernel :func:`jass_sim.jass.advise.sampling.advise_blocks`. The card play is ``policy`` at every
    seat (default :data:`jass_sim.jass.players.DEFAULT_POLICY`, the learned ``net`` player).
    """
    from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS, check_solver_options, policy_params

    policy = DEFAULT_POLICY if policy is None else policy.strip().lower()
    params = policy_params(search_worlds=search_worlds)
    check_solver_options([policy], search_worlds=search_worlds)
    from jass_sim.core.threads import numba_threads

    cards = parse_cards(hand, count=9) if isinstance(hand, str) else list(hand)
    if len(cards) != 9 or len(set(cards)) != 9:
        raise InputError(f"a hand has 9 different cards, got {len(cards)}", str(hand))
    rules = get_rules(rules)
    if partner_model not in PARTNER_MODELS:
        raise InputError(f"unknown partner model {partner_model!r} (expected one of {', '.join(PARTNER_MODELS)})",
                         partner_model)
    opts = parse_options(options, rules, chibred)
    if partner_model != DEFAULT_CHOOSER and CHIBRE not in opts:
        why = "the partner already chose (--chibred)" if chibred else "chibre is not among the --options"
        raise InputError(f"--partner-model {partner_model} has nothing to do: {why}", "--partner-model")
    check_sampling(samples, ci, max_samples, bytes_per_sample=(4 * len(opts) + 1) * 8)  # AdviseSamples
    leader = 2 if chibred else 0
    game = None
    if score is not None:
        from jass_sim.jass.advise.score import equity_for
        from jass_sim.jass.games.equity import parse_score

        if policy == "dd":
            raise InputError("--score is not available with --policy dd", "dd")
        game = (*parse_score(score, rules.target), equity_for(rules, policy))
    if policy == "dd":
        from jass_sim.jass.advise.dd import advise_dd_samples

        if partner_model == "search":
            raise InputError("--partner-model search is not available with --policy dd: the partner's own "
                             "Monte Carlo would need thousands of double-dummy solves per deal", "search")
        runner = lambda first, n: advise_dd_samples(  # noqa: E731
            cards_to_mask(cards), rules, opts, leader=leader, seed=seed, first_sample=first, n_samples=n,
            fitted_partner=partner_model == "fitted")
    else:
        pid = PLAYERS.code(policy)
        runner = lambda first, n: run_advise(  # noqa: E731
            cards_to_mask(cards), rules, opts, [pid] * 4, leader=leader, seed=seed,
            first_sample=first, n_samples=n, partner_model=PARTNER_MODELS[partner_model],
            partner_samples=partner_samples, game=game, params=params)
    settings = {"chibred": bool(chibred), "partner_model": partner_model,
                "options": None if options is None else [option_name(o) for o in opts],
                "ci": ci, "max_samples": None if ci is None else max_samples}
    if policy == "search":
        settings["search_worlds"] = search_worlds

    def make_result(s: AdviseSamples) -> Advice:
        if game is None:
            return Advice(cards, rules.name, policy, seed, opts, s, settings=settings)
        return Advice(cards, rules.name, policy, seed, opts, s, score=game[:2], equity=game[2], settings=settings)

    # short kernel calls of whole blocks: the same samples as one call, with progress and cancellation between
    sampler = ChunkedSampler(runner, concat, ADVISE_BLOCK, progress, half_width=_top_two_half_width,
                             make_result=make_result, ci_target=ci)
    with numba_threads(threads):
        if ci is None:
            n = samples or 4000
            sampler.start(n)
            result = sampler(0, n)
        else:
            sampler.start(min(FIRST_BATCH, max_samples))
            result = sample_until(sampler, concat, _top_two_half_width, ci, max_samples, ADVISE_BLOCK, FIRST_BATCH)
    return make_result(result)


def _top_two_half_width(s: AdviseSamples) -> float:
    if len(s.options) < 2:
        return 0.0
    means = (s.ours - s.theirs).mean(axis=0)
    a, b = np.argsort(-means, kind="stable")[:2]
    _, lo, hi = paired_lead(s, int(a), int(b))
    return (hi - lo) / 2
