"""``basra report``: a short strategy report (Markdown and HTML, PNG plots, CSV tables).

Sections, each figure with its sample size and a 95% CI:

1. When to spend a Jack, by table size: in positions of greedy play where the player to move
   holds a Jack and the table is not empty, the paired difference (sampled worlds, see
   :mod:`jass_sim.basra.advice`) between playing the Jack and the card greedy would play
   without its Jacks.
1b. When to spend the 7♦ under ``seven-diamonds`` (it takes the whole table like a Jack): the
   same comparison, the 7♦ against greedy's card without its Jacks and 7♦.
2. What to lay on an empty table: in positions with an empty table, each card's net against the
   mean of the hand's cards, by rank, and the exact chance that the next player can make a
   Basra on it.
3. The value of remembering played cards: ``search`` against ``search-nomem`` on duplicate deals.
4. The effect of the variants: greedy play under each rule set (Basras per deal, first-player
   advantage, starting side's win rate to 101) and the lead of greedy over random.

CIs of sections 1 and 2 are over the sampled positions (each position's value is itself a mean
over sampled worlds, whose noise is part of the spread); none covers the play model.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from jass_sim.basra.cards import JACK, RANKS, cards_to_mask, parse_card
from jass_sim.basra.report_positions import nets as _nets
from jass_sim.basra.report_positions import walk_positions
from jass_sim.basra.rules import VARIANTS, BasraRules, get_rules
from jass_sim.core.stats import holm, mean_ci, p_value

TABLE_BUCKETS = ("1", "2", "3", "4", "5", "6+")
#: Table sizes pooled, so that a rule of thumb can rest on more than one size (issue 51 item 11:
#: "spend the 7♦ with 6+ table cards" rested on the 6+ bin alone): small and large tables.
POOLS = {"1-2": ("1", "2"), "4+": ("4", "5", "6+")}
ALPHA = 0.05


@dataclass
class BasraReport:
    players: int
    rules: BasraRules
    seed: int
    positions: int
    samples: int
    deals: int
    games: int
    search_deals: int
    command: str
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)


def _ci_row(values, **keys) -> dict:
    v = np.asarray(values, dtype=float)
    mean, lo, hi = mean_ci(float(v.sum()), float((v * v).sum()), int(v.size))
    return keys | {"n": int(v.size), "mean": mean, "ci95_lo": lo, "ci95_hi": hi}


def is_jack(card: int) -> bool:
    return card % 13 == JACK


def wild_cards(rules: BasraRules):
    """The predicate of the cards that take the whole table under ``rules``: the Jacks, and the
    7♦ with ``seven-diamonds``."""
    seven = parse_card("D7")
    return (lambda c: c % 13 == JACK or c == seven) if rules.seven_diamonds else is_jack


def collect_positions(n: int, rules: BasraRules, seed: int, want: int, wild=is_jack) -> tuple[list[dict], list[dict]]:
    """Positions met in greedy play (rounds replayed from seeds ``seed, seed + 1, ...``):
    ``(positions where the player to move holds a card ``wild`` accepts, empty-table positions)``,
    at most ``want`` of each."""
    jacks, empties = [], []
    for pos in walk_positions(n, rules, seed, 50 * want + 100):
        if len(jacks) >= want and len(empties) >= want:
            break
        has_jack = [c for c in pos["hand"] if wild(c)]
        if has_jack and pos["table"] and len(has_jack) < len(pos["hand"]) and len(jacks) < want:
            jacks.append(pos)
        if not pos["table"] and len(pos["hand"]) >= 2 and len(empties) < want:
            empties.append(pos)
    return jacks, empties


def jack_table(positions: list[dict], n: int, rules: BasraRules, samples: int, seed: int,
               card=is_jack) -> pd.DataFrame:
    """Section 1: the card ``card`` accepts (a Jack; the 7♦ for section 1b) minus the card greedy
    would play without its table-clearing cards (Jacks, and the 7♦ under ``seven-diamonds``), by
    table size, paired on the same sampled worlds."""
    from jass_sim.basra._play import greedy_card

    wild = wild_cards(rules)
    by_bucket: dict[str, list[float]] = {b: [] for b in TABLE_BUCKETS}
    better: dict[str, int] = dict.fromkeys(TABLE_BUCKETS, 0)
    for i, pos in enumerate(positions):
        cands, net = _nets(pos, n, rules, samples, seed + i)
        jack = next((c for c in cands if card(c)), None)
        others = [c for c in pos["hand"] if not wild(c)]
        if not others:
            continue
        alt = int(greedy_card(cards_to_mask(others), cards_to_mask(pos["table"]), rules.array()))
        if jack is None or alt not in cands:
            continue  # compulsory capture left no choice between them
        d = float((net[:, cands.index(jack)] - net[:, cands.index(alt)]).mean())
        b = TABLE_BUCKETS[min(len(pos["table"]), 6) - 1]
        by_bucket[b].append(d)
        better[b] += d > 0
    rows = [_ci_row(v, table_cards=b) | _share(better[b], len(v)) for b, v in by_bucket.items() if v]
    for name, bins in POOLS.items():
        v = [d for b in bins for d in by_bucket[b]]
        if v:
            rows.append(_ci_row(v, table_cards=name) | _share(sum(better[b] for b in bins), len(v)))
    pooled = [d for v in by_bucket.values() for d in v]
    if pooled:
        rows.append(_ci_row(pooled, table_cards="all") | _share(sum(better.values()), len(pooled)))
    table = pd.DataFrame(rows)
    if len(table):
        table["p_value"], table["p_holm"] = spend_tests(table)
    return table


def spend_tests(table: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Two-sided p-values of each row's mean = 0 (from its 95% CI) and Holm's adjustment over one
    family: the table sizes and the pooled ranges (:data:`POOLS`), not the ``all`` row (NaN there)."""
    p = np.array([p_value(r["mean"], r["ci95_lo"], r["ci95_hi"]) if r["table_cards"] != "all" else np.nan
                  for _, r in table.iterrows()], dtype=float)
    return p, holm(p)


def _share(k: int, n: int) -> dict:
    from jass_sim.core.stats import wilson_ci

    p, lo, hi = wilson_ci(k, n)
    return {"share_jack_better": p, "share_lo": lo, "share_hi": hi}


def _count(table: pd.DataFrame) -> int:
    """Positions compared in a Jack or 7♦ table (its pooled row)."""
    pooled = table[table["table_cards"] == "all"]
    return int(pooled["n"].iloc[0]) if len(pooled) else 0


def _share_text(r) -> str:
    """A share with its Wilson 95% CI, as the Jass report writes one: ``40.0% (95% CI 34.1–46.2%)``."""
    from jass_sim.core.report.text import pct_ci

    return pct_ci(r["share_jack_better"], r["share_lo"], r["share_hi"])


def spend_advice(table: pd.DataFrame, card: str) -> str:
    """The rule of thumb the table supports: the table sizes and pooled ranges (:data:`POOLS`)
    where spending ``card`` now is better or worse than greedy's other card at Holm-adjusted
    p < 0.05 over all of them (one family, :func:`spend_tests`); the others too close to call."""
    t = table[table["table_cards"] != "all"].copy()
    t["p_holm"] = spend_tests(table)[1][(table["table_cards"] != "all").to_numpy()]

    def label(r, with_figure: bool) -> str:
        name = str(r["table_cards"])
        text = name + (" table card" if name == "1" else " table cards") + (" pooled" if name in POOLS else "")
        return text + (f" ({_pm(r)})" if with_figure or name in POOLS else "")

    sig = t[t["p_holm"] < ALPHA]
    keep = [label(r, True) for _, r in sig.iterrows() if r["mean"] < 0]
    spend = [label(r, True) for _, r in sig.iterrows() if r["mean"] > 0]
    rest = t[~(t["p_holm"] < ALPHA)]
    bins = [str(b) for b in rest["table_cards"] if str(b) not in POOLS]
    close = ([", ".join(bins) + (" table card" if bins == ["1"] else " table cards")] if bins else []) + \
        [label(r, True) for _, r in rest.iterrows() if str(r["table_cards"]) in POOLS]
    parts = []
    if keep:
        parts.append(f"keep the {card} with " + ", ".join(keep) + " (spending it now costs points)")
    if spend:
        parts.append("spend it with " + ", ".join(spend))
    if close:
        parts.append("with " + ", ".join(close) + " the two are too close to call at this sample size")
    if not parts:
        return ""
    return ("**Rule of thumb from these positions** (a claim needs Holm-adjusted p < 0.05 over the six table "
            "sizes and the pooled 1-2 and 4+ table cards, one family): " + "; ".join(parts) + ".")


def empty_table(positions: list[dict], n: int, rules: BasraRules, samples: int, seed: int) -> pd.DataFrame:
    """Section 2: each laid card's net minus the hand's mean, and the exact chance of an
    opponent Basra next, by rank, the 10♦ and the 2♣ in rows of their own (their points)."""
    from jass_sim.basra.advice import basra_chance, position

    # the 10♦ (3 points) and the 2♣ (2 points) apart from their ranks: laying one risks more
    special = {parse_card("D10"): "T (10♦)", parse_card("C2"): "2 (2♣)"}
    keys = [k for r in RANKS for k in (r, *(v for v in special.values() if v[0] == r))]
    rel: dict[str, list[float]] = {k: [] for k in keys}
    chance: dict[str, list[float]] = {k: [] for k in keys}
    for i, pos in enumerate(positions):
        cands, net = _nets(pos, n, rules, samples, seed + 100_000 + i)
        means = net.mean(axis=0)
        p = position(pos["hand"], pos["table"], pos["played"], n)
        for c, card in enumerate(cands):
            key = special.get(int(card), RANKS[card % 13])
            rel[key].append(float(means[c] - means.mean()))
            chance[key].append(basra_chance(int(card), pos["hand"], pos["table"], pos["played"], n, rules, p))
    rows = []
    for key in keys:
        if rel[key]:
            p = _ci_row(chance[key])
            # one position: no interval (NaN), as in the other tables; else clipped to [0, 1]
            lo, hi = (p["ci95_lo"], p["ci95_hi"]) if p["n"] < 2 else (max(p["ci95_lo"], 0.0), min(p["ci95_hi"], 1.0))
            rows.append(_ci_row(rel[key], rank=key) | {"p_opponent_basra_next": p["mean"], "p_lo": lo, "p_hi": hi})
    return pd.DataFrame(rows)


def memory_table(n: int, rules: BasraRules, deals: int, seed: int, threads) -> pd.DataFrame:
    """Section 3: search with memory against search without, on duplicate deals."""
    from jass_sim.basra.analysis import duel_table

    return duel_table("search", "search-nomem", deals, n, rules, 0, seed, None, threads)


def variants_table(n: int, deals: int, games: int, seed: int, threads) -> pd.DataFrame:
    """Section 4: greedy play under each rule set, and greedy's lead over random."""
    from jass_sim.basra.analysis import duel_table, simulate_table

    rows = []
    for name in ("leaflet", *VARIANTS):
        r = get_rules(name)
        sim = simulate_table(deals, n, r, "greedy", games, seed, None, threads).set_index("figure")
        duel = duel_table("greedy", "random", deals, n, r, 0, seed, None, threads).set_index("figure")
        picks = {"basras per deal": sim.loc["Basras (both sides)"],
                 "first-player advantage": sim.loc["first-player advantage (starting side minus other)"],
                 "greedy minus random": duel.loc["A minus B"]}
        if games:
            picks["starting side wins"] = sim.loc["starting side wins the game to 101"]
            picks["rounds per game"] = sim.loc["rounds per game"]
        for fig, row in picks.items():
            rows.append({"rules": name, "figure": fig, "n": int(row["n"]), "mean": row["mean"],
                         "ci95_lo": row["ci95_lo"], "ci95_hi": row["ci95_hi"]})
    return pd.DataFrame(rows)


def build_report(n=2, rules: BasraRules | None = None, seed=0, positions=200, samples=200, deals=20_000,
                 games=500, search_deals=200, threads=None, command="", progress=None) -> BasraReport:
    """Run every section (the tables of the report)."""
    from jass_sim.core.errors import InputError

    rules = rules or BasraRules()
    for name, v in (("--positions", positions), ("--samples", samples), ("--deals", deals),
                    ("--search-deals", search_deals)):
        if v < 1:
            raise InputError(f"{name} must be positive, got {v}", str(v))
    rep = BasraReport(n, rules, seed, positions, samples, deals, games, search_deals, command)
    say = progress or (lambda _: None)
    say("positions")
    jacks, empties = collect_positions(n, rules, seed, positions)
    say("jack")
    rep.tables["jack"] = jack_table(jacks, n, rules, samples, seed)
    say("seven of diamonds")
    seven_rules = replace(rules, seven_diamonds=True)
    seven = parse_card("D7")
    sevens, _ = collect_positions(n, seven_rules, seed, positions, wild=lambda c: c == seven)
    rep.tables["seven"] = jack_table(sevens, n, seven_rules, samples, seed + 200_000, card=lambda c: c == seven)
    say("empty table")
    rep.tables["empty_table"] = empty_table(empties, n, rules, samples, seed)
    say("capture priorities and folk rules")
    from jass_sim.basra import report_capture as RC

    rare = RC.rare_positions(n, rules, seed + 600_000, positions // 4)
    rep.tables["capture"] = RC.rules_table(RC.choice_positions(n, rules, seed + 400_000, positions), n, rules,
                                           samples, seed + 400_000, rare)
    say("memory")
    rep.tables["memory"] = memory_table(n, rules, search_deals, seed, threads)
    say("variants")
    rep.tables["variants"] = variants_table(n, deals, games, seed, threads)
    return rep


def rules_with_seven(rules: BasraRules) -> str:
    return replace(rules, seven_diamonds=True).name


def _pm(row) -> str:
    if np.isnan(row["ci95_lo"]) or np.isnan(row["ci95_hi"]):
        return f"{row['mean']:+.2f} (one position: no CI)"
    return f"{row['mean']:+.2f} ± {(row['ci95_hi'] - row['ci95_lo']) / 2:.2f}"


def _spend_row(r) -> list[str]:
    """A row of the Jack or 7♦ table: pooled ranges marked, Holm's p beside each (none for ``all``)."""
    name = str(r["table_cards"])
    p = r.get("p_holm", np.nan)
    return [name + (" (pooled)" if name in POOLS else ""), str(r["n"]), _pm(r), _share_text(r),
            "" if not np.isfinite(p) else f"{p:.2g}"]


def _rate_text(p: float, lo: float, hi: float) -> str:
    """A rate with its 95% CI in the Jass report's style (``23.2% (95% CI 20.9–25.5%)``), or
    without an interval when there is none (one position)."""
    from jass_sim.core.report.text import pct, pct_ci

    return pct(p) + " (one position: no CI)" if np.isnan(lo) or np.isnan(hi) else pct_ci(p, lo, hi)


def _variant_text(figure: str, r) -> str:
    """A cell of the variants table in the report's one CI style: a share as ``49.9% (95% CI
    48.9–51.0%)``, rounds per game as ``3.948 ± 0.023``, the point figures as ``+3.42 ± 0.01``."""
    if figure == "starting side wins":
        return _rate_text(r["mean"], r["ci95_lo"], r["ci95_hi"])
    if figure == "rounds per game":
        return f"{r['mean']:.3f} ± {(r['ci95_hi'] - r['ci95_lo']) / 2:.3f}"
    return _pm(r)


def blocks(rep: BasraReport) -> list[tuple]:
    """The document (see :mod:`jass_sim.core.report.render`)."""
    B: list[tuple] = [("h1", f"Basra strategy report — {rep.players} players, rules `{rep.rules.name}`")]
    B.append(("p", f"Generated with `{rep.command}`. Every Monte Carlo figure has a 95% confidence interval "
                   "(± is its half-width) and its sample size n. **Net** is our side's points minus the other "
                   "side's, from the move to the end of the round, with greedy players after it. The CIs cover "
                   "the sampling only, not the play model: the answers are those of greedy (or search) "
                   "players, not of people. Tables are also in `tables/*.csv`."))
    jack = rep.tables["jack"]
    B.append(("h2", "1. When to spend a Jack"))
    B.append(("p", f"Positions met in greedy play where the player to move holds a Jack, another card, and a "
                   f"non-empty table ({_count(jack)} positions, {rep.samples} sampled "
                   "worlds each): the net of playing the Jack minus the net of the card greedy would play "
                   "without its Jacks (paired on the same worlds), by the number of cards on the table."))
    if len(jack):
        B.append(("p", spend_advice(jack, "Jack")))
    B.append(("table", ["table cards", "n", "Jack minus other (net)", "share Jack better (95% CI)", "Holm p"],
              [_spend_row(r) for _, r in jack.iterrows()],
              "Playing the Jack now, by table size"))
    B.append(("img", "jack.png", "Jack minus other card by table size"))
    seven = rep.tables["seven"]
    B.append(("h2", "1b. When to spend the seven of diamonds (`seven-diamonds`)"))
    B.append(("p", f"Under the `seven-diamonds` variant the 7♦ takes the whole table like a Jack. Positions met in "
                   f"greedy play under `{rules_with_seven(rep.rules)}` where the player to move holds the 7♦, another "
                   f"card that is neither a Jack nor the 7♦, and a non-empty table "
                   f"({_count(seven)} positions, {rep.samples} sampled worlds each): "
                   "the net of playing the 7♦ minus the net of the card greedy would play without its Jacks and "
                   "the 7♦, by the number of cards on the table."))
    if len(seven):
        B.append(("p", spend_advice(seven, "7♦")))
    B.append(("table", ["table cards", "n", "7♦ minus other (net)", "share 7♦ better (95% CI)", "Holm p"],
              [_spend_row(r) for _, r in seven.iterrows()],
              "Playing the 7♦ now, by table size"))
    B.append(("img", "seven.png", "7♦ minus other card by table size"))
    empty = rep.tables["empty_table"]
    B.append(("h2", "2. What to lay on an empty table"))
    B.append(("p", "Positions with an empty table: each card's net minus the mean net of the cards of its hand "
                   "(positive: better than an average choice), by rank (the 10♦ and the 2♣, worth 3 and 2 points, "
                   "in rows of their own), and the chance that the next "
                   "player holds a card that makes a Basra on it (a lone card is taken by its own rank, by a "
                   "Jack only if it is a Jack): exact in each position, averaged over the positions (95% CI over "
                   "them)."))
    B.append(("table", ["rank", "n", "net vs hand mean", "opponent Basra next (95% CI)"],
              [[r["rank"], str(r["n"]), _pm(r), _rate_text(r["p_opponent_basra_next"], r["p_lo"], r["p_hi"])]
               for _, r in empty.iterrows()],
              "Laying a card on an empty table"))
    B.append(("img", "empty_table.png", "Value of the card laid on an empty table"))
    from jass_sim.basra.engine import SEARCH_SAMPLES

    mem = rep.tables["memory"].set_index("figure")
    diff = mem.loc["A minus B"]
    B.append(("h2", "3. Remembering played cards"))
    B.append(("p", f"`search` (its sampled worlds deal only the cards not yet captured) against `search-nomem` "
                   f"(deals from every card it cannot see, captured ones included), {int(diff['n'])} duplicate "
                   f"deals (each played twice, sides swapped), {SEARCH_SAMPLES} worlds a decision, greedy rollouts: "
                   f"memory is "
                   f"worth **{_pm(diff)} points a deal**."))
    B.append(("table", ["figure", "n", "mean ± CI"],
              [[f, str(int(r["n"])), _pm(r)] for f, r in mem.iterrows()], "search against search-nomem"))
    var = rep.tables["variants"]
    B.append(("h2", "4. The variants"))
    B.append(("p", f"Greedy players at every seat under each rule set ({rep.deals} deals, each played twice with "
                   f"each side starting once; {rep.games} games to 101, each played twice), and greedy's lead "
                   "over random on duplicate deals. Greedy always captures when it can, so `compulsory` "
                   "changes only the random player's games."))
    figs = list(dict.fromkeys(var["figure"]))
    rows = []
    for name in dict.fromkeys(var["rules"]):
        sub = var[var["rules"] == name].set_index("figure")
        rows.append([name] + [_variant_text(f, sub.loc[f]) for f in figs])
    B.append(("table", ["rules"] + figs, rows, "Variants, greedy play"))
    B.append(("img", "variants.png", "Variants"))
    if "capture" in rep.tables:
        from jass_sim.basra import report_capture as RC
        from jass_sim.core.report.text import pct_ci

        B += RC.blocks(rep.tables["capture"], rep.positions, rep.samples, _pm, pct_ci)
    return B


def figures(rep: BasraReport) -> dict[str, bytes]:
    """The PNG figures of the report."""
    from jass_sim.core.report.figures import error_bars, new_figure, png_bytes

    out = {}
    jack = rep.tables["jack"]
    fig = new_figure(6, 3.2)
    ax = fig.add_subplot()
    jack = jack[jack["table_cards"].isin(TABLE_BUCKETS)]  # the sizes; the pooled rows are in the text
    if len(jack):
        ax.errorbar(jack["table_cards"], jack["mean"], yerr=error_bars(jack), marker="o", capsize=3)
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("cards on the table")
    ax.set_ylabel("Jack minus other card (net points)")
    out["jack.png"] = png_bytes(fig)
    seven = rep.tables["seven"]
    seven = seven[seven["table_cards"].isin(TABLE_BUCKETS)]
    fig = new_figure(6, 3.2)
    ax = fig.add_subplot()
    if len(seven):
        ax.errorbar(seven["table_cards"], seven["mean"], yerr=error_bars(seven), marker="o", capsize=3, color="C3")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("cards on the table")
    ax.set_ylabel("7♦ minus other card (net points)")
    out["seven.png"] = png_bytes(fig)
    empty = rep.tables["empty_table"]
    fig = new_figure(7, 3.2)
    ax = fig.add_subplot()
    if len(empty):
        ax.errorbar(empty["rank"], empty["mean"], yerr=error_bars(empty), marker="o", capsize=3, ls="none",
                    label="net vs hand mean")
        ax2 = ax.twinx()
        ax2.bar(empty["rank"], 100 * empty["p_opponent_basra_next"], alpha=0.25, color="C3")
        ax2.set_ylabel("opponent Basra next (%)")
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("rank laid on the empty table")
    ax.set_ylabel("net points vs hand mean")
    out["empty_table.png"] = png_bytes(fig)
    var = rep.tables["variants"]
    figs = ["basras per deal", "first-player advantage", "greedy minus random"]
    units = {"basras per deal": "Basras per deal", "first-player advantage": "points per deal",
             "greedy minus random": "points per deal"}
    fig = new_figure(9, 3)
    for k, f in enumerate(figs):
        ax = fig.add_subplot(1, len(figs), k + 1)
        sub = var[var["figure"] == f]
        ax.errorbar(range(len(sub)), sub["mean"], yerr=error_bars(sub), marker="o", capsize=3, ls="none")
        ax.set_xticks(range(len(sub)), [r.replace("-", "-\n") for r in sub["rules"]], fontsize=7)
        ax.set_title(f, fontsize=9)
        ax.set_ylabel(units[f], fontsize=8)
        # the whole axis from zero: a truncated axis makes the variants' small differences look large
        lo, hi = min(float(sub["ci95_lo"].min()), 0.0), max(float(sub["ci95_hi"].max()), 0.0)
        pad = 0.08 * max(hi - lo, 1e-9)
        ax.set_ylim(lo - (pad if lo < 0 else 0.0), hi + pad)
        ax.axhline(0, color="grey", lw=0.8, ls="--")
    out["variants.png"] = png_bytes(fig)
    return out


def write_report(rep: BasraReport, path: str) -> list[str]:
    """Render ``rep`` into directory ``path`` (created, or replaced whole if it holds a report):
    ``index.md``, ``index.html``, the PNGs and ``tables/*.csv``, all written into a temporary
    directory first and renamed into place at the end
    (:func:`~jass_sim.core.report.write.write_report_dir`). Returns the files written."""
    from jass_sim.core.report.write import write_figures, write_report_dir

    return write_report_dir(path, blocks(rep), f"Basra strategy report ({rep.rules.name})", rep.tables,
                            lambda directory: write_figures(directory, figures(rep)))
