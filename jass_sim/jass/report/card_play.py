"""Card play (report section 2g, issue 51 item 4): smearing split by card, mode and trick; two
published play rules (Unterzug, pulling trumps) tested on sampled positions; and the first lead
judged again by a second play model.

Positions. Uniform deals, a random first leader and the fitted mode choice (as section 2d's
smearing, :func:`jass_sim.jass.report.lead.smear_positions`), played by the ``net`` player from a
random trick on; every decision of seat 0 is checked against three kinds of position (at most one
of each kind per round, the first that occurs):

- ``smear``: seat 0 plays last to a trick its partner is winning and holds a legal side card worth
  more points than its cheapest legal card (any counter: the ace's 11, the 10's 10, or another);
- ``unterzug`` (rule 16, [VB-U]): a trump mode, seat 0's partner chose it and led a side suit,
  and seat 0 follows with two or more cards of that suit: its highest card against its lowest
  (the duck, the Unterzug);
- ``pull`` (rule 12, [JO-V]): a trump mode, seat 0 chose it and leads a trick after the first,
  holds two or more trumps and more trumps than the others still hold, and its partner has shown
  it has no trump: a trump lead against a side-suit lead;
- ``ace_king`` (rule 17, [JO-U], the senseless Underzug): a trump mode, seat 0's partner chose it,
  seat 0 leads and holds the Ace and King of a side suit with three or four cards of it: the Ace
  against the suit's lowest card (the underlead);
- ``underlead`` (rule 17's positive case, [JO-U]): a trump mode, seat 0's partner chose it, seat 0
  leads and holds the Ace and Ober of a side suit with three or more cards of it while the King is
  out (neither held nor played): the suit's lowest card (the underlead, for the declarer to ruff or
  win) against the Ace. The rule's other condition, the trumps left all with the declarer, is not
  required: with both opponents *shown* out of trumps the position came once in about 80 rounds
  dealt on purpose. Each position records ``trumpless``: whether the opponents in fact hold no
  trump (the true deal; a player may know it from counting trumps), and the rule is also measured
  on those positions alone (``underlead_out``). These positions come from deals of their own keys
  (``UNDERLEAD_OFFSET + k``), sampled on purpose (:func:`underlead_deal`), so that the other kinds'
  positions stay as they were.

Deals come from ``SeedSequence(seed, spawn_key=(POSITION_STREAM, 3_000_000_000 + k))`` (the
report's position stream, keys of their own). Each position is valued by ``play-advice`` (every
legal card played out on the same worlds, paired). The positions are the units of the 95% CIs,
which cover neither the play model of the play-outs nor the mode model that made the positions.

Cards: ``9 * suit + rank`` with ranks ``6 7 8 9 10 J Q K A``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.report import lead as L
from jass_sim.jass.report.signals import rule_row  # one row of play_rules (shared with the signals)

#: Positions of each kind, full report: smearing, and each play rule (Unterzug, pulling trumps, Ace-King).
PLAY_POSITIONS = 300
RULE_PLAY_POSITIONS = 100
KINDS = ("smear", "unterzug", "pull", "ace_king")
#: Spawn keys of this module's deals: ``(POSITION_STREAM, KEY_OFFSET + k)``.
KEY_OFFSET = 3_000_000_000
#: Rule 17's positive case: its kind, and the spawn keys of its own deals (``UNDERLEAD_OFFSET + k``).
UNDERLEAD = "underlead"
UNDERLEAD_OFFSET = 3_500_000_000
#: A cell with fewer positions than this is marked thin (as a rule verdict's minimum).
THIN = 10
CARD_CELLS = ("ace (11 points)", "10", "other counter")
MODE_CELLS = ("trump suit", "obe-abe", "une-ufe")
TRICK_CELLS = ("tricks 1-3", "tricks 4-6", "tricks 7-9")
SPLIT_COLUMNS = ("split", "cell", "positions", "gain", "ci95_lo", "ci95_hi", "better", "share_better", "better_lo",
                 "better_hi", "thin")
RULE_COLUMNS = ("key", "rule", "source", "test", "n", "mean", "ci95_lo", "ci95_hi", "fires", "p_value", "p_holm",
                "verdict", "decided_by")
AGREE_COLUMNS = ("situation", "positions", "agree", "share_agree", "agree_lo", "agree_hi", "ace_positions",
                 "ace_best_first", "ace_best_second")


def card_class(card: int, mode: int) -> str | None:
    """The class (:data:`CARD_CELLS`) of a counter ``card`` by its points in ``mode`` (the ace's 11
    is the 6's in une-ufe), None for a card worth fewer than 2 points."""
    from jass_sim.jass.rules import card_points

    pts = card_points(card, mode)
    if pts >= 11:
        return CARD_CELLS[0]
    if pts == 10:
        return CARD_CELLS[1]
    return CARD_CELLS[2] if pts >= 2 else None


def mode_cell(mode: int) -> str:
    return MODE_CELLS[0] if mode < 4 else MODE_CELLS[1] if mode == 4 else MODE_CELLS[2]


def trick_cell(trick: int) -> str:
    """The cell of trick number ``trick`` (1..9)."""
    return TRICK_CELLS[(trick - 1) // 3]


def smear_choices(legal: list[int], mode: int) -> tuple[int, dict[str, int]] | None:
    """``(keep, {class: smear})`` indices into ``legal``: the legal card of fewest points (a side
    card before a trump) and, per card class, the class's side card of most points when it is
    worth more than the kept card; None without such a choice."""
    from jass_sim.jass.rules import card_points

    pts = [card_points(c, mode) for c in legal]
    keep = min(range(len(legal)), key=lambda j: (pts[j], mode < 4 and legal[j] // 9 == mode))
    out: dict[str, int] = {}
    for j, c in enumerate(legal):
        cls = card_class(c, mode)
        if cls is None or pts[j] <= pts[keep] or (mode < 4 and c // 9 == mode):
            continue
        if cls not in out or pts[j] > pts[out[cls]]:
            out[cls] = j
    return (keep, out) if out else None


def _suit_cards(cards, suit: int) -> list[int]:
    return [c for c in cards if c // 9 == suit]


def rule_choice(kind: str, pos) -> tuple[list[int], list[int]] | None:
    """``(recommended, advised against)`` indices into ``pos.legal`` for a position of ``kind``
    (``unterzug``: the highest card of the led suit, the lowest; ``pull``: the trumps, the side
    cards; ``ace_king``: the Ace, the lowest card of its suit), None when ``pos`` is not of that
    kind (see the module)."""
    legal, mode = list(pos.legal), pos.mode
    if mode >= 4 or not legal:
        return None
    if kind == "unterzug":
        if len(pos.trick) != 2 or pos.chooser != 2 or pos.trick[0] // 9 == mode:
            return None
        led = [j for j, c in enumerate(legal) if c // 9 == pos.trick[0] // 9]
        if len(led) < 2:
            return None
        order = sorted(led, key=lambda j: legal[j] % 9)  # a side suit: the natural order of ranks
        return [order[-1]], [order[0]]
    if kind == "pull":
        if pos.trick or not pos.tricks or pos.chooser != 0 or not pos.voids >> (4 * 2 + mode) & 1:
            return None
        mine = _suit_cards(legal, mode)
        out = 9 - len(mine) - sum(1 for c in pos.played if c // 9 == mode)
        side = [j for j, c in enumerate(legal) if c // 9 != mode]
        if len(mine) < 2 or len(mine) <= out or not side:
            return None
        return [j for j, c in enumerate(legal) if c // 9 == mode], side
    if kind == "ace_king":
        if pos.trick or pos.chooser != 2:
            return None
        for suit in range(4):
            held = sorted((j for j, c in enumerate(legal) if c // 9 == suit and suit != mode), key=lambda j: legal[j])
            ranks = [legal[j] % 9 for j in held]
            if 3 <= len(held) <= 4 and 8 in ranks and 7 in ranks:
                return [held[ranks.index(8)]], [held[0]]
        return None
    if kind == UNDERLEAD:
        if pos.trick or pos.chooser != 2:
            return None
        gone = set(legal) | set(pos.played)
        for suit in range(4):
            if suit == mode:
                continue
            held = sorted((j for j, c in enumerate(legal) if c // 9 == suit), key=lambda j: legal[j])
            ranks = [legal[j] % 9 for j in held]
            if len(held) >= 3 and 8 in ranks and 6 in ranks and 9 * suit + 7 not in gone:
                return [held[0]], [held[ranks.index(8)]]
        return None
    raise ValueError(kind)


def play_positions(rules, n_smear: int, n_rule: int, seed: int, kinds: tuple[str, ...] = KINDS,
                   key_offset: int = KEY_OFFSET, rounds: int = 100, accept=None) -> dict[str, list[dict]]:
    """Positions of each kind (``kinds``, :data:`KINDS` by default; ``n_smear`` smearing,
    ``n_rule`` of each rule) from the deals ``(POSITION_STREAM, key_offset + k)``, at most
    ``rounds`` x the larger count + 100 deals: dicts as
    :func:`jass_sim.jass.report.lead.smear_positions`' plus ``trick`` (1..9). ``accept(hands, mode,
    chooser)``, if given, skips the deals it refuses before they are played (sampling on purpose)."""
    from jass_sim.jass.cards import MODE_NAMES, format_card
    from jass_sim.jass.play.choose import choose_card
    from jass_sim.jass.rules.state import CHIBRE, JassState

    need = {k: n_smear if k == "smear" else n_rule for k in kinds}
    out: dict[str, list[dict]] = {k: [] for k in kinds}
    k = 0
    most = rounds * max(n_smear, n_rule) + 100  # the pulling positions are the rarest of KINDS: about 2 rounds in 100
    while any(need.values()) and k < most:
        rng = L._rng(seed, key_offset + k)
        k += 1
        hands = L._deal(rng)
        leader = int(rng.integers(4))
        mode, pushed = L._choose(rules, hands[leader], hands[(leader + 2) % 4], rules.chibre_first_round)
        chooser = (leader + 2) % 4 if pushed else leader
        start = int(rng.integers(8))
        round_seed = int(rng.integers(2 ** 62))
        if accept is not None and not accept(hands, mode, chooser):
            continue
        state = JassState(hands, rules.name, chooser=leader, may_chibre=pushed)
        if pushed:
            state.apply(CHIBRE)
        state.apply(MODE_NAMES[mode])
        played: list[int] = []
        taken: set[str] = set()
        while not state.is_terminal():
            seat = state.to_move()
            if seat == 0 and len(state.tricks) >= start:
                p = {"hand": hands[0], "mode": mode, "leader": leader, "chooser": chooser, "pushed": pushed,
                     "played": list(played), "trick": len(state.tricks) + 1}
                pos = None
                for kind in kinds:
                    if kind in taken or need[kind] <= 0:
                        continue
                    if kind == "smear" and not (len(state.trick) == 3 and state.winning == 1):
                        continue
                    pos = pos or L._position(rules, p)
                    ok = (smear_choices(list(pos.legal), mode) is not None if kind == "smear"
                          else rule_choice(kind, pos) is not None)
                    if ok:
                        taken.add(kind)
                        need[kind] -= 1
                        extra = {} if kind != UNDERLEAD else {
                            "trumpless": not any(c // 9 == mode for s in (1, 3) for c in state.hand(s))}
                        out[kind].append(p | {"seed": round_seed + len(taken)} | extra)
            card = choose_card("net", hands[seat], mode=MODE_NAMES[mode], chooser=chooser, chibred=pushed,
                               leader=leader, played=list(played), seat=seat, rules=rules.name).card
            state.apply(format_card(card))
            played.append(card)
    return out


def ace_ober_suit(hand: list[int], mode: int) -> int | None:
    """The first side suit of ``mode`` in which ``hand`` holds the Ace and the Ober, three or more
    cards of it, and not the King; None without one."""
    for suit in range(4):
        ranks = [c % 9 for c in hand if c // 9 == suit]
        if suit != mode and len(ranks) >= 3 and 8 in ranks and 6 in ranks and 7 not in ranks:
            return suit
    return None


def underlead_deal(hands: list[list[int]], mode: int, chooser: int) -> bool:
    """Whether a deal can give rule 17's position: a trump mode chosen by seat 2 and seat 0 dealt
    Ace-Ober (three or more, no King) in a side suit (:func:`ace_ober_suit`)."""
    return mode < 4 and chooser == 2 and ace_ober_suit(hands[0], mode) is not None


def underlead_positions(rules, n: int, seed: int) -> dict[str, list[dict]]:
    """Up to ``n`` positions of rule 17's positive case (``{UNDERLEAD: [...]}``), from deals of their
    own keys (:data:`UNDERLEAD_OFFSET`) sampled on purpose: only the deals :func:`underlead_deal`
    accepts (about 2 in 100) are played, at most ``3000 n + 100`` deals drawn."""
    return play_positions(rules, 0, n, seed, kinds=(UNDERLEAD,), key_offset=UNDERLEAD_OFFSET, rounds=3000,
                          accept=underlead_deal)


def valued(rules, positions: list[dict], policy: str, worlds: int, saved=None, progress=None) -> list[tuple]:
    """``[(position dict, Position, values)]`` with the ``play-advice`` values (worlds x legal) of
    ``positions``; ``saved``: :class:`~jass_sim.core.checkpoint.Pieces` keeping each position's."""
    out = []
    for i, p in enumerate(positions):
        pos = L._position(rules, p)
        v = L._saved_advice(saved, i, rules, pos, policy, worlds, p["seed"])
        out.append((p, pos, v))
        if progress is not None:
            progress(i + 1)
    return out


def _row(x: np.ndarray) -> dict:
    m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
    k = int((x > 0).sum())
    p, plo, phi = wilson_ci(k, len(x))
    return {"positions": len(x), "gain": m, "ci95_lo": lo, "ci95_hi": hi, "better": k, "share_better": p,
            "better_lo": plo, "better_hi": phi, "thin": len(x) < THIN}


def smear_gains(valued) -> pd.DataFrame:
    """One row per smearing position and card class held: ``position, card, mode, trick, gain,
    top``. ``gain``: the class's card minus the kept card, paired on the same worlds; ``top``: the
    class of the card of most points (each position's one smear, as in section 2d)."""
    from jass_sim.jass.rules import card_points

    rows = []
    for i, (p, pos, v) in enumerate(valued):
        legal = list(pos.legal)
        keep, by = smear_choices(legal, pos.mode)
        top = max(by, key=lambda c: card_points(legal[by[c]], pos.mode))
        for cls, j in by.items():
            rows.append({"position": i, "card": cls, "mode": mode_cell(pos.mode), "trick": trick_cell(p["trick"]),
                         "gain": float((v[:, j] - v[:, keep]).mean()), "top": cls == top})
    return pd.DataFrame(rows, columns=["position", "card", "mode", "trick", "gain", "top"])


def smear_split(gains: pd.DataFrame) -> pd.DataFrame:
    """:data:`SPLIT_COLUMNS`: smearing minus keeping, by card class (every class a position
    holds), and by mode and by trick (each position once, with its card of most points); every
    cell with its positions, 95% CI, the positions where smearing is better (Wilson CI), and
    ``thin`` below :data:`THIN` positions. Cells without a position are left out."""
    rows = []
    top = gains[gains["top"]]
    for split, col, cells, frame in (("card", "card", CARD_CELLS, gains), ("mode", "mode", MODE_CELLS, top),
                                     ("trick", "trick", TRICK_CELLS, top)):
        for cell in cells:
            x = frame.loc[frame[col] == cell, "gain"].to_numpy(dtype=float)
            if len(x):
                rows.append({"split": split, "cell": cell, **_row(x)})
    return pd.DataFrame(rows, columns=list(SPLIT_COLUMNS))


def _cross_fit_groups(v: np.ndarray, good: list[int], bad: list[int]) -> float:
    """The best card of ``good`` minus the best of ``bad``, each picked on one half of the worlds
    and judged on the other, both ways, averaged (a group's luck does not count)."""
    h = len(v) // 2
    out = 0.0
    for pick, judge in ((v[:h], v[h:]), (v[h:], v[:h])):
        m = pick.mean(axis=0)
        g = max(good, key=lambda j: m[j])
        b = max(bad, key=lambda j: m[j])
        out += judge[:, g].mean() - judge[:, b].mean()
    return out / 2


#: The play rules of this section: key, rule, source key, test.
PLAY_RULES = {
    "unterzug": ("When the partner chose trump and leads a side suit, follow with your highest card (no Unterzug)",
                 "VB-U", "highest card of the suit led minus the lowest, paired"),
    "pull": ("With surplus trumps, lead trump to see the partner's discard", "JO-V",
             "best trump lead minus best side-suit lead (each picked on half the worlds, judged on the other)"),
    "ace_king": ("With Ace-King third or fourth in a side suit, cash the Ace (no senseless Underzug)", "JO-U",
                 "the Ace minus the lowest card of its suit, paired"),
    UNDERLEAD: ("With Ace-Ober third or more in a side suit and the King out, the partner having chosen trump, "
                "lead a small card of the suit (the Underzug)", "JO-U",
                "the suit's lowest card minus the Ace, paired; the trump condition not required"),
}
#: Rule 17's positive case on its positions where the opponents hold no trump (a row of its own).
UNDERLEAD_OUT = ("underlead_out", "The same, the trumps left all with the declarer (the opponents hold none)", "JO-U",
                 "the suit's lowest card minus the Ace, paired, on the positions where the opponents hold no trump")
#: The keys of the rules measured on positions (the others, the signals, on deals).
POSITION_RULES = (*PLAY_RULES, UNDERLEAD_OUT[0])


def rule_diffs(kind: str, valued) -> np.ndarray:
    """Per position of ``kind`` the rule's difference (recommended minus advised against: for
    ``unterzug`` and ``ace_king`` the two cards, paired; for ``pull`` cross-fitted best of each
    group)."""
    out = []
    for _, pos, v in valued:
        good, bad = rule_choice(kind, pos)
        out.append(_cross_fit_groups(v, good, bad) if kind == "pull" else float((v[:, good[0]] - v[:, bad[0]]).mean()))
    return np.asarray(out, dtype=float)


def decide_rules(rows: list[dict]) -> pd.DataFrame:
    """The rows with their Holm-adjusted p-values (one family: this section's rules) and verdicts
    (:func:`jass_sim.jass.report.verdicts.decide`)."""
    from jass_sim.jass.report.verdicts import decide, holm

    df = pd.DataFrame(rows, columns=[c for c in RULE_COLUMNS if c not in ("p_holm", "verdict", "decided_by")])
    df["p_holm"] = holm(df["p_value"].to_numpy(dtype=float)) if len(df) else []
    kinds = [decide(int(r["n"]), r["mean"], r["ci95_lo"], r["ci95_hi"], r["p_holm"]) for _, r in df.iterrows()]
    units = ["position" if key in POSITION_RULES else "deal" for key in df["key"]]
    df["verdict"] = [k[0] for k in kinds]
    df["decided_by"] = [k[1].replace(" hand", f" {u}") for k, u in zip(kinds, units)]
    return df[list(RULE_COLUMNS)]


def lead_check(rules, first: pd.DataFrame, n: int, seed: int, second: str, worlds: int, check: int | None = None,
               saved=None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Section 2d's sampled first-lead positions judged by a ``second`` play model: ``(kinds,
    agreement)``. The positions: :func:`~jass_sim.jass.report.lead.lead_positions` ``(rules, n,
    seed)``, section 2d's (numbered as in its ``lead_cards``, given as ``first``), the first
    ``check`` (default all) of each situation, played out on the same seeds. ``kinds``:
    :func:`jass_sim.jass.report.lead.kind_table` of the second model's play-outs; ``agreement``
    (:data:`AGREE_COLUMNS`): per situation, the positions where both models' best lead (best mean)
    is the same card (Wilson CI), and among the positions holding a side ace those where a side ace
    is the best lead by the first model and by the second."""
    positions = L.lead_positions(rules, n, seed)
    check = n if check is None else check
    keep = [i for i, p in enumerate(positions)
            if sum(q["situation"] == p["situation"] for q in positions[:i]) < check]
    cards, kinds = L.first_leads(rules, [positions[i] for i in keep], second, worlds, saved=saved)
    cards["position"] = [keep[j] for j in cards["position"]]
    rows = []
    for s in L.SITUATIONS:
        agree = ace = ace1 = ace2 = 0
        idx = [i for i in keep if positions[i]["situation"] == s]
        for i in idx:
            a = first[first["position"] == i]
            b = cards[cards["position"] == i]
            best_a = a.loc[a["value"].idxmax()]
            best_b = b.loc[b["value"].idxmax()]
            agree += int(best_a["card"] == best_b["card"])
            if (a["kind"] == "side ace").any():
                ace += 1
                ace1 += int(best_a["kind"] == "side ace")
                ace2 += int(best_b["kind"] == "side ace")
        if idx:
            p, lo, hi = wilson_ci(agree, len(idx))
            rows.append({"situation": s, "positions": len(idx), "agree": agree, "share_agree": p, "agree_lo": lo,
                         "agree_hi": hi, "ace_positions": ace, "ace_best_first": ace1, "ace_best_second": ace2})
    return L.kind_table(kinds), pd.DataFrame(rows, columns=list(AGREE_COLUMNS))


#: The columns of this section's tables (``tables/NAME.csv``).
TABLE_COLUMNS = {"smear_split": SPLIT_COLUMNS, "play_rules": RULE_COLUMNS,
                 "signals": ("convention", "deals", "fires", "arm", "mean", "ci95_lo", "ci95_hi"),
                 "lead_second": L.KIND_COLUMNS, "lead_agreement": AGREE_COLUMNS}


def second_policy(policy: str) -> str:
    """The second play model of the first-lead check: ``net``, or ``heuristic`` when the first is ``net``."""
    return "heuristic" if policy == "net" else "net"


def section(T: dict, rules, seed: int, play, step, ck=None) -> None:
    """Section 2g's tables (:data:`TABLE_COLUMNS`) into ``T``, at the sizes ``play``
    (:class:`jass_sim.jass.report.build.PlaySizes`: ``play_positions``, ``rule_play_positions``,
    ``signal_deals``, ``lead_check_positions``, ``lead_positions``, ``worlds``, ``policy``);
    section 2d's ``lead_cards`` must be in ``T``."""
    from jass_sim.core.checkpoint import pieces
    from jass_sim.core.checkpoint import step as saved
    from jass_sim.jass.report import signals as G

    step(f"card play: {play.play_positions:,} smearing and {play.rule_play_positions:,} x {len(PLAY_RULES)} rule "
         f"positions x "
         f"{play.worlds} worlds ({play.policy})")
    found = saved(ck, "card-play-positions",
                  lambda: play_positions(rules, play.play_positions, play.rule_play_positions, seed))
    smear = valued(rules, found["smear"], play.policy, play.worlds, pieces(ck, "card-play-smear"))
    T["smear_split"] = smear_split(smear_gains(smear)) if smear else pd.DataFrame(columns=list(SPLIT_COLUMNS))
    step(f"card play, rule 17's underlead: up to {play.rule_play_positions:,} positions (searched apart)")
    found = found | saved(ck, "card-play-positions-underlead",  # pieces of their own (issue 51): a checkpoint of
                          lambda: underlead_positions(rules, play.rule_play_positions, seed))  # the rest resumes
    rows = []
    for kind in PLAY_RULES:
        v = valued(rules, found[kind], play.policy, play.worlds, pieces(ck, f"card-play-{kind}"))
        rule, src, test = PLAY_RULES[kind]
        rows.append(rule_row(kind, rule, src, test, rule_diffs(kind, v) if v else np.zeros(0)))
        if kind == UNDERLEAD:
            out = [x for x, p in zip(rule_diffs(kind, v) if v else [], found[kind]) if p["trumpless"]]
            rows.append(rule_row(*UNDERLEAD_OUT, np.asarray(out, dtype=float)))
    step(f"signals: {play.signal_deals:,} deals x 7 rounds (net)")
    values = saved(ck, "signals", lambda: G.signal_values(rules, G.signal_deals(rules, play.signal_deals, seed)))
    pair = saved(ck, "signals-farbpaar", lambda: G.pair_values(rules, G.signal_deals(rules, play.signal_deals, seed)))
    T["play_rules"] = decide_rules(rows + G.signal_rows(values, pair))
    T["signals"] = G.signal_table(values, pair)
    second = second_policy(play.policy)
    n = min(play.lead_check_positions, play.lead_positions)
    step(f"first lead again: {2 * n:,} positions x {play.worlds} worlds ({second})")
    T["lead_second"], T["lead_agreement"] = lead_check(rules, T["lead_cards"], play.lead_positions, seed, second,
                                                       play.worlds, n, pieces(ck, "first-lead-second"))


def alone(rules, seed: int, play, step=None) -> dict[str, pd.DataFrame]:
    """Section 2g alone (with the first-lead values of section 2d that its check needs), at the
    sizes ``play``: its tables, for a run of this section without the whole report (see
    ``benchmarks/RESULTS.md``)."""
    step = step or (lambda label: None)
    T: dict[str, pd.DataFrame] = {}
    step(f"first lead: {2 * play.lead_positions:,} positions x {play.worlds} worlds ({play.policy})")
    T["lead_cards"], kinds = L.first_leads(rules, L.lead_positions(rules, play.lead_positions, seed), play.policy,
                                           play.worlds)
    T["lead_kinds"] = L.kind_table(kinds)
    section(T, rules, seed, play, step)
    return T
