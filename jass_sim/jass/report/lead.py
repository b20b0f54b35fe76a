"""The first lead and the play (report section 2d): the value of each kind of first lead after
declaring and after a push, and the value of smearing points onto a trick the partner wins, from
``play-advice`` (:func:`jass_sim.jass.play.advice.play_advice`, by default with the ``search``
player in the play-outs) over sampled positions.

Positions. *First lead*: uniform deals; seat 0's mode choice is the fitted mode model's
(:func:`~jass_sim.jass.modes.choose.choose_mode`, the partner naming trump after a push), and
deals are kept until there are as many positions with a declared trump suit as with a push to a
trump suit (obe-abe and une-ufe have no trump leads); the first-lead rules of thumb get further
pushed positions, drawn until each rule covers enough (:func:`rule_positions`). *Smearing*: uniform deals, a random first
leader and the fitted mode choice, played by the ``net`` player (:func:`jass_sim.choose_card`)
from a random trick on until seat 0 plays last to a trick its partner is winning; a position
counts when seat 0 may play a side-suit card worth 10 points or more (*smear*) and a card worth
fewer points (*keep*).

Values: ``play-advice`` plays every legal card out on the same sampled worlds (paired).
A kind's value in a position is the mean over its cards; it is compared with the position's best
card picked on half of the worlds and judged on the other half, both ways, so that the luck of the
pick does not count. The positions are the units of the 95% CIs, which cover neither the play
model of the play-outs nor the mode model that made the positions.

Cards: ``9 * suit + rank`` with ranks ``6 7 8 9 10 J Q K A``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.streams import STREAMS

POSITION_STREAM = STREAMS["jass.report-positions"]
SITUATIONS = ("declared", "pushed")
KINDS = ("Buur", "trump from the top", "other high trump", "small trump", "side ace", "small side card",
         "other side card")
#: Trump strength, weakest first (natural ranks 6 7 8 10 Q K A 9 J).
TRUMP_ORDER = (0, 1, 2, 4, 6, 7, 8, 3, 5)
#: Defaults of the full report: first-lead positions per situation, smearing positions, worlds each.
LEAD_POSITIONS = 150
#: Pushed positions drawn for each first-lead rule of thumb (beside the sample), full report.
RULE_POSITIONS = 30
SMEAR_POSITIONS = 150
LEAD_WORLDS = 32
LEAD_POLICY = "search"
#: The smallest card that counts as smearing (points).
SMEAR_POINTS = 10
CARD_COLUMNS = ("position", "situation", "hand", "trump", "card", "kind", "value")
KIND_COLUMNS = ("situation", "kind", "positions", "vs_best", "ci95_lo", "ci95_hi", "best", "share_best", "best_lo",
                "best_hi")
SMEAR_COLUMNS = ("case", "positions", "gain", "ci95_lo", "ci95_hi", "better", "share_better", "better_lo",
                 "better_hi", "smear_points")


def lead_kind(card: int, trump: int, hand: list[int]) -> str:
    """The kind (:data:`KINDS`) of leading ``card`` from ``hand`` with ``trump`` the trump suit."""
    suit, rank = divmod(card, 9)
    if suit == trump:
        if rank == 5:
            return "Buur"
        held = [c % 9 for c in hand if c // 9 == trump]
        if max(held, key=TRUMP_ORDER.index) == rank:
            return "trump from the top"
        return "small trump" if rank in (0, 1, 2) else "other high trump"
    if rank == 8:
        return "side ace"
    return "small side card" if rank <= 3 else "other side card"


def _rng(seed: int, k: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(POSITION_STREAM, k)))


def _deal(rng) -> list[list[int]]:
    deck = rng.permutation(36)
    return [sorted(int(c) for c in deck[9 * s: 9 * s + 9]) for s in range(4)]


def _mask(cards) -> np.uint64:
    from jass_sim.core.notation import cards_to_mask

    return np.uint64(cards_to_mask(cards))


def _choose(rules, chooser_hand, partner_hand, may_chibre: bool) -> tuple[int, bool]:
    """The fitted mode model's ``(mode, pushed)`` for the chooser (the partner names after a push)."""
    from jass_sim.jass.modes.choose import MODE_POLICIES, choose_mode
    from jass_sim.jass.modes.weights import default_mode_params

    mode, pushed = choose_mode(MODE_POLICIES["fitted"], _mask(chooser_hand), _mask(partner_hand),
                               np.asarray(rules.modes, dtype=np.int64), rules.arrays()[2], may_chibre,
                               default_mode_params(rules), np.ones(4, dtype=np.uint64))
    return int(mode), bool(pushed)


def lead_positions(rules, n: int, seed: int) -> list[dict]:
    """``n`` first-lead positions per situation (declared, pushed), trump modes only: dicts with
    ``situation``, ``hand`` (seat 0's cards), ``mode``, ``chooser``, ``pushed``, ``seed`` (of its
    play-advice worlds). Deal ``k`` is drawn from ``SeedSequence(seed, spawn_key=(stream, k))``."""
    want = {s: n for s in SITUATIONS}
    out = []
    k = 0
    while any(want.values()):
        if k > 200 * n + 1000:  # a rule set without trump modes or without chibre
            break
        rng = _rng(seed, k)
        hands = _deal(rng)
        mode, pushed = _choose(rules, hands[0], hands[2], rules.chibre_first_round)
        situation = SITUATIONS[int(pushed)]
        if mode < 4 and want[situation] > 0:
            want[situation] -= 1
            out.append({"situation": situation, "hand": hands[0], "mode": mode, "chooser": 2 if pushed else 0,
                        "pushed": pushed, "seed": int(rng.integers(2 ** 62))})
        k += 1
    return out


#: The situation of the pushed positions drawn for the first-lead rules of thumb.
RULE_SITUATION = "pushed (rule)"


def rule_positions(rules, n: int, seed: int) -> list[dict]:
    """Pushed first-lead positions (as :func:`lead_positions`, situation :data:`RULE_SITUATION`)
    that the first-lead rules of thumb cover (:data:`jass_sim.jass.report.thumb_lead.LEAD_RULES`):
    deals are drawn until every rule covers ``n`` of them (each kept position counts for every rule
    that covers it), from the stream's keys ``(stream, 2_000_000_000 + k)``. Uniform among the
    pushed positions each rule covers; not a sample of all pushes (the kinds of section 2d use
    :func:`lead_positions`)."""
    from jass_sim.jass.report.thumb import Hand
    from jass_sim.jass.report.thumb_lead import LEAD_RULES

    need = {r.key: n for r in LEAD_RULES}
    out = []
    k = 0
    while n > 0 and any(need.values()) and k < 2000 * n + 10_000:
        rng = _rng(seed, 2_000_000_000 + k)
        k += 1
        hands = _deal(rng)
        mode, pushed = _choose(rules, hands[0], hands[2], rules.chibre_first_round)
        if not pushed or mode >= 4:
            continue
        h = Hand(int(_mask(hands[0])))
        keys = [r.key for r in LEAD_RULES if need[r.key] > 0 and r.pick(h, mode) is not None]
        if not keys:
            continue
        for key in keys:
            need[key] -= 1
        out.append({"situation": RULE_SITUATION, "hand": hands[0], "mode": mode, "chooser": 2, "pushed": True,
                    "seed": int(rng.integers(2 ** 62))})
    return out


def smear_positions(rules, n: int, seed: int, progress=None) -> list[dict]:
    """``n`` positions where seat 0 plays last to a trick its partner wins and may smear (see the
    module): dicts with ``hand`` (dealt), ``mode``, ``leader``, ``chooser``, ``pushed``, ``played``,
    ``seed``. Deals from the stream's keys ``(stream, 1_000_000_000 + k)``; the round is played
    through :class:`~jass_sim.jass.rules.state.JassState` (the one play step: whose turn, the trick's
    winner, what is legal)."""
    from jass_sim.jass.cards import MODE_NAMES, format_card
    from jass_sim.jass.play.choose import choose_card
    from jass_sim.jass.rules.state import CHIBRE, JassState

    out = []
    k = 0
    while len(out) < n and k < 50 * n + 100:
        rng = _rng(seed, 1_000_000_000 + k)
        k += 1
        hands = _deal(rng)
        leader = int(rng.integers(4))
        mode, pushed = _choose(rules, hands[leader], hands[(leader + 2) % 4], rules.chibre_first_round)
        chooser = (leader + 2) % 4 if pushed else leader
        start = int(rng.integers(8))
        state = JassState(hands, rules.name, chooser=leader, may_chibre=pushed)
        if pushed:
            state.apply(CHIBRE)
        state.apply(MODE_NAMES[mode])
        played: list[int] = []
        while not state.is_terminal():
            seat = state.to_move()
            # seat 0 plays last, its partner seat 2 (second in this trick's order) winning: the position
            if seat == 0 and len(state.trick) == 3 and len(state.tricks) >= start and state.winning == 1:
                p = {"hand": hands[0], "mode": mode, "leader": leader, "chooser": chooser, "pushed": pushed,
                     "played": played, "seed": int(rng.integers(2 ** 62))}
                if smear_cards(rules, p) is not None:
                    out.append(p)
                    if progress is not None:
                        progress(len(out))
                break
            card = choose_card("net", hands[seat], mode=_mode_name(mode), chooser=chooser, chibred=pushed,
                               leader=leader, played=list(played), seat=seat, rules=rules.name).card
            state.apply(format_card(card))
            played.append(card)
    return out


def _position(rules, p: dict):
    from jass_sim.jass.play.position import build_position

    return build_position(p["hand"], p["mode"], p["leader"], p["played"], chooser=p["chooser"], chibred=p["pushed"],
                          four_points=rules.four_points)


def smear_cards(rules, p: dict):
    """``(position, smear, keep)`` for a smearing position ``p`` (indices into the legal cards: the
    side card of most points, at least :data:`SMEAR_POINTS`, and the legal card of fewest points,
    a side card before a trump), or None when ``p`` offers no such choice."""
    from jass_sim.jass.rules import card_points

    pos = _position(rules, p)
    legal = list(pos.legal)
    pts = [card_points(c, p["mode"]) for c in legal]
    side = [j for j, c in enumerate(legal) if p["mode"] >= 4 or c // 9 != p["mode"]]
    smear = max(side, key=lambda j: pts[j], default=None)
    keep = min(range(len(legal)), key=lambda j: (pts[j], legal[j] // 9 == p["mode"]))
    if smear is None or pts[smear] < SMEAR_POINTS or pts[keep] >= pts[smear]:
        return None
    return pos, smear, keep


def _mode_name(mode: int) -> str:
    from jass_sim.jass.cards import MODE_NAMES

    return MODE_NAMES[mode]


def _advice(rules, pos, policy: str, worlds: int, seed: int) -> np.ndarray:
    """``play-advice`` values (worlds x legal cards) of the checked position ``pos``."""
    from jass_sim.jass.play.advice import play_advice

    return play_advice(pos, rules, policy, worlds, seed=seed).values.astype(np.float64)


def _saved_advice(saved, index: int, rules, pos, policy: str, worlds: int, seed: int) -> np.ndarray:
    """:func:`_advice`, kept in (or read from) the checkpoint pieces ``saved`` under the position's
    index (the positions are a function of the report's parameters, which the checkpoint checks)."""
    if saved is None:
        return _advice(rules, pos, policy, worlds, seed)
    return saved.step(str(index), lambda: _advice(rules, pos, policy, worlds, seed))


def _cross_fit_vs_best(v: np.ndarray, cols: list[int]) -> float:
    """Mean of the columns ``cols`` minus the best column, the best picked on one half of the
    worlds and judged on the other, both ways, averaged."""
    h = len(v) // 2
    a, b = v[:h], v[h:]
    out = 0.0
    for pick, judge in ((a, b), (b, a)):
        best = int(np.argmax(pick.mean(axis=0)))
        out += judge[:, cols].mean() - judge[:, best].mean()
    return out / 2


def first_leads(rules, positions: list[dict], policy: str = LEAD_POLICY, worlds: int = LEAD_WORLDS,
                progress=None, saved=None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play-advice on every first-lead position: ``(cards, kinds)``. ``cards``
    (:data:`CARD_COLUMNS`): the value (mean points of our team to the end of the round) of every
    first lead; ``kinds``: one row per position and kind held: ``position, situation, kind,
    vs_best`` (cross-fitted, see :func:`_cross_fit_vs_best`) and ``best`` (the kind holds the
    card of best mean over all worlds). ``saved``: a
    :class:`~jass_sim.core.checkpoint.Pieces` that keeps each position's play-advice values."""
    from jass_sim.jass.play.position import build_position

    cards, kinds = [], []
    for i, p in enumerate(positions):
        pos = build_position(p["hand"], p["mode"], 0, [], chooser=p["chooser"], chibred=p["pushed"],
                             four_points=rules.four_points)
        v = _saved_advice(saved, i, rules, pos, policy, worlds, p["seed"])
        legal = list(pos.legal)
        means = v.mean(axis=0)
        best = int(np.argmax(means))
        mask = int(_mask(p["hand"]))
        by_kind: dict[str, list[int]] = {}
        for j, c in enumerate(legal):
            kind = lead_kind(c, p["mode"], p["hand"])
            by_kind.setdefault(kind, []).append(j)
            cards.append({"position": i, "situation": p["situation"], "hand": mask, "trump": p["mode"], "card": c,
                          "kind": kind, "value": float(means[j])})
        for kind, cols in by_kind.items():
            kinds.append({"position": i, "situation": p["situation"], "kind": kind,
                          "vs_best": _cross_fit_vs_best(v, cols), "best": best in cols})
        if progress is not None:
            progress(i + 1)
    return (pd.DataFrame(cards, columns=list(CARD_COLUMNS)),
            pd.DataFrame(kinds, columns=["position", "situation", "kind", "vs_best", "best"]))


def kind_table(kinds: pd.DataFrame) -> pd.DataFrame:
    """Per situation and kind of first lead (:data:`KIND_COLUMNS`): the positions holding that
    kind, its mean value against the best lead (cross-fitted, 95% CI) and how often it holds the
    best lead (Wilson CI)."""
    rows = []
    for s in SITUATIONS:
        for kind in KINDS:
            g = kinds[(kinds["situation"] == s) & (kinds["kind"] == kind)]
            if not len(g):
                continue
            x = g["vs_best"].to_numpy(dtype=float)
            m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
            k = int(g["best"].sum())
            p, plo, phi = wilson_ci(k, len(g))
            rows.append({"situation": s, "kind": kind, "positions": len(g), "vs_best": m, "ci95_lo": lo, "ci95_hi": hi,
                         "best": k, "share_best": p, "best_lo": plo, "best_hi": phi})
    return pd.DataFrame(rows, columns=list(KIND_COLUMNS))


def smearing(rules, positions: list[dict], policy: str = LEAD_POLICY, worlds: int = LEAD_WORLDS,
             progress=None, saved=None) -> pd.DataFrame:
    """The value of smearing (:data:`SMEAR_COLUMNS`): per case (``all``, ``following suit``,
    ``discarding``) the mean over positions of the side card of most points (at least
    :data:`SMEAR_POINTS`) minus the legal card of fewest points, paired on the same worlds, with
    its 95% CI; ``better``: positions where smearing has the higher mean (Wilson CI);
    ``smear_points``: the mean points of the smeared card. ``saved``: as in :func:`first_leads`."""
    from jass_sim.jass.rules import card_points

    per = []
    for i, p in enumerate(positions):
        pos, smear, keep = smear_cards(rules, p)
        legal = list(pos.legal)
        v = _saved_advice(saved, i, rules, pos, policy, worlds, p["seed"])
        led = p["played"][-3] // 9
        follows = any(c // 9 == led for c in legal)
        per.append({"gain": float((v[:, smear] - v[:, keep]).mean()), "follows": follows,
                    "points": card_points(legal[smear], p["mode"])})
        if progress is not None:
            progress(i + 1)
    df = pd.DataFrame(per, columns=["gain", "follows", "points"])
    rows = []
    for case, sel in (("all", np.ones(len(df), dtype=bool)), ("following suit", df["follows"].to_numpy(dtype=bool)),
                      ("discarding", ~df["follows"].to_numpy(dtype=bool))):
        g = df[sel]
        if not len(g):
            continue
        x = g["gain"].to_numpy(dtype=float)
        m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
        k = int((x > 0).sum())
        p, plo, phi = wilson_ci(k, len(x))
        rows.append({"case": case, "positions": len(x), "gain": m, "ci95_lo": lo, "ci95_hi": hi, "better": k,
                     "share_better": p, "better_lo": plo, "better_hi": phi, "smear_points": float(g["points"].mean())})
    return pd.DataFrame(rows, columns=list(SMEAR_COLUMNS))


# ---------------------------------------------------------------------------------------------
# Figure and text
# ---------------------------------------------------------------------------------------------

def figure(kinds: pd.DataFrame, smear: pd.DataFrame):
    """One panel per situation: each kind of first lead against the best lead (95% CIs); a last
    panel: smearing minus keeping the points."""
    from jass_sim.core.report.figures import error_bars, new_figure

    situations = [s for s in SITUATIONS if (kinds["situation"] == s).any()]
    fig = new_figure(6, 2.8 * len(situations) + 2.2)
    axes = np.atleast_1d(fig.subplots(len(situations) + 1, 1, height_ratios=[3] * len(situations) + [1.6])).ravel()
    for ax, s in zip(axes, situations):
        g = kinds[kinds["situation"] == s].iloc[::-1]
        y = np.arange(len(g))
        ax.barh(y, g["vs_best"], xerr=error_bars(g, "vs_best"), capsize=3, color="tab:blue")
        ax.set_yticks(y, [f"{k} ({n})" for k, n in zip(g["kind"], g["positions"])], fontsize=8)
        ax.axvline(0, color="black", lw=1)
        ax.set_title(f"First lead after {'declaring' if s == 'declared' else 'a push'}: lead minus best lead",
                     fontsize=10)
        ax.set_xlabel("points per round (our team; lead kind, positions in parentheses)", fontsize=8)
        ax.grid(axis="x", alpha=0.3)
    ax = axes[-1]
    if len(smear):
        y = np.arange(len(smear))[::-1]
        ax.barh(y, smear["gain"], xerr=error_bars(smear, "gain"), capsize=3, color="tab:green")
        ax.set_yticks(y, [f"{c} ({n})" for c, n in zip(smear["case"], smear["positions"])], fontsize=8)
    ax.axvline(0, color="black", lw=1)
    ax.set_title("Smearing onto the partner's trick minus keeping the points", fontsize=10)
    ax.set_xlabel("points per round (our team, to the end of the round)")
    ax.grid(axis="x", alpha=0.3)
    return fig


def figures(tables: dict[str, pd.DataFrame]) -> dict[str, bytes]:
    from jass_sim.core.report.figures import png_bytes

    if "lead_kinds" not in tables or not len(tables["lead_kinds"]):
        return {}
    return {"lead.png": png_bytes(figure(tables["lead_kinds"], tables["smearing"]))}


def blocks(tables: dict[str, pd.DataFrame], section: str, sizes: dict) -> list[tuple]:
    """Section 2d from the tables ``lead_kinds`` and ``smearing``; ``sizes``: ``policy``,
    ``worlds``."""
    from jass_sim.core.report.text import n_fmt, pct_ci, pm

    if "lead_kinds" not in tables:
        return []
    kinds, smear = tables["lead_kinds"], tables["smearing"]
    out: list[tuple] = [("h2", f"{section}. The first lead and the play")]
    out.append(("p", f"Sampled positions, each valued by `play-advice` with the `{sizes['policy']}` player at every "
                     f"seat of the play-outs on {sizes['worlds']} worlds (the hidden cards drawn to fit what seat 0 "
                     "has seen; every card played out on the same worlds). **First lead**: random deals in which "
                     "the fitted mode model declares a trump suit, or pushes and the partner names a trump suit; "
                     "seat 0 leads. Kinds: the **Buur**; **trump from the top** (the highest trump held when it is "
                     "not the Buur); **other high trump** (10 or better); **small trump** (6, 7, 8); the **side "
                     "ace**; a **small side card** (6 to 9); **other side card**. A kind's value in a position is "
                     "the mean of its cards, compared with the position's best lead picked on half of the worlds "
                     "and judged on the other half (so a lead's luck does not count); the positions are the units "
                     "of the 95% CIs. Zero would be as good as the best lead. The CIs do not cover the play model."))
    if len(kinds):
        for s in SITUATIONS:
            g = kinds[kinds["situation"] == s]
            if not len(g):
                continue
            top = g.sort_values("vs_best", ascending=False, kind="stable").iloc[0]
            out.append(("p", f"After {'declaring' if s == 'declared' else 'a push'}, the best kind of first lead "
                             f"on average is **{top['kind']}**: {pm(top['vs_best'], top['ci95_lo'], top['ci95_hi'])} "
                             f"points against the best lead ({n_fmt(top['positions'])} positions); it is the best "
                             f"lead in {pct_ci(top['share_best'], top['best_lo'], top['best_hi'])} of them."))
        out.append(("img", "lead.png", "The first lead by kind, and smearing"))
        out.append(("table", ["after", "lead", "positions", "lead minus best lead", "is the best lead"],
                    [["declaring" if r["situation"] == "declared" else "a push", r["kind"], n_fmt(r["positions"]),
                      pm(r["vs_best"], r["ci95_lo"], r["ci95_hi"]), pct_ci(r["share_best"], r["best_lo"], r["best_hi"])]
                     for _, r in kinds.iterrows()], "The first lead by kind (points per round, 95% CIs)", "llrrr"))
    out.append(("p", "**Smearing** (schmieren): positions from rounds played by `net` in which seat 0 plays last to "
                     "a trick its partner is winning and holds a side card worth "
                     f"{SMEAR_POINTS} points or more it may play. Its value: that card's play-out minus the legal "
                     "card of fewest points (a side card before a trump), paired on the same worlds; *following "
                     "suit*: seat 0 can follow the suit led, *discarding*: it cannot."))
    if len(smear):
        a = smear.set_index("case").loc["all"] if (smear["case"] == "all").any() else smear.iloc[0]
        out.append(("p", f"Smearing is worth {pm(a['gain'], a['ci95_lo'], a['ci95_hi'])} points per round "
                         f"({n_fmt(a['positions'])} positions) and beats keeping the points in "
                         f"{pct_ci(a['share_better'], a['better_lo'], a['better_hi'])} of them."))
        out.append(("table", ["case", "positions", "smear minus keep", "smearing better", "points smeared"],
                    [[r["case"], n_fmt(r["positions"]), pm(r["gain"], r["ci95_lo"], r["ci95_hi"]),
                      pct_ci(r["share_better"], r["better_lo"], r["better_hi"]), f"{r['smear_points']:.1f}"]
                     for _, r in smear.iterrows()], "Smearing points onto the partner's trick (95% CIs)", "lrrrr"))
    else:
        out.append(("p", "No smearing position in this run."))
    return out
