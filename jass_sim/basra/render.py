"""Text and JSON rendering of Basra results."""

from __future__ import annotations

import json

from jass_sim.basra.cards import parse_card, format_card


def _sym(names) -> str:
    return " ".join(format_card(parse_card(c), symbols=True) for c in names) or "-"


def render_replay(record: dict, fmt: str) -> str:
    """The ``basra replay`` record as ``json`` (the README's contract) or ``text``."""
    if fmt == "json":
        return json.dumps(record, ensure_ascii=False)
    n = record["players"]
    lines = [f"Basra, {n} players, rules {record['rules']}, players {record['policy']}, dealer seat "
             f"{record['dealer']}; sides: seats 0{'+2' if n == 4 else ''} and 1{'+3' if n == 4 else ''}",
             f"table: {_sym(record['table'])}"]
    per_deal = 6 * n
    for t, m in enumerate(record["moves"]):
        if t % per_deal == 0:
            k = t // per_deal
            lines.append(f"deal {k + 1}: " + "; ".join(f"seat {s} {_sym(h)}" for s, h in enumerate(record["deals"][k])))
        take = f"takes {_sym(m['captured'])}" if m["captured"] else "takes nothing"
        lines.append(f"  {t + 1:2d}. seat {m['player']} plays {_sym([m['card']]):>4}  {take}"
                     f"{'  BASRA +10' if m['basra'] else ''}   table: {_sym(m['table_after'])}")
    lc = record["last_capture"]
    lines.append(f"end: seat {lc['player']} (last to capture) takes {_sym(lc['cards'])}")
    for side, s in enumerate(record["score"]):
        lines.append(f"side {side}: cards {s['cards']} + majority {s['majority']} + Basras {s['basras']} "
                     f"({s['basra_count']}) = {s['total']}")
    return "\n".join(lines)


def render_advice(result: dict) -> str:
    """The ``basra advise`` result as text: one line per card, best first, then the sentence."""
    lines = [f"hand {_sym(result['hand'])} | table {_sym(result['table'])} | {result['played']} cards played | "
             f"{result['players']} players, rules {result['rules']}, seat {result['seat']}, deal {result['deal']}",
             f"expected points of our side to the end of the {result['horizon']} ({result['samples']} sampled worlds, "
             f"greedy play after our card), best net first:",
             f"{'card':>5} {'ours':>7} {'95% CI':>17} {'cards':>6} {'major.':>6} {'Basras':>6} {'theirs':>7} "
             f"{'net':>7} {'vs best':>8} {'95% CI':>17} {'opp. Basra next':>15}"]
    for r in result["cards"]:
        lines.append(f"{_sym([r['card']]):>5} {r['points']:7.2f} [{r['ci95'][0]:6.2f}, {r['ci95'][1]:6.2f}] "
                     f"{r['card_points']:6.2f} {r['majority']:6.2f} {r['basras']:6.2f} {r['opponent_points']:7.2f} "
                     f"{r['net']:+7.2f} {r['vs_best']:+8.2f} [{r['ci95_vs_best'][0]:+6.2f}, {r['ci95_vs_best'][1]:+6.2f}] "
                     f"{100 * r['p_opponent_basra_next']:14.1f}%")
    if result["assumed"]:
        lines.append("assumed: " + "; ".join(result["assumed"]))
    lines.append(result["sentence"])
    return "\n".join(lines)
