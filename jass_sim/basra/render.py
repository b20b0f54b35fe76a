"""Text and JSON rendering of Basra results."""

from __future__ import annotations

import json

from .cards import parse_card, format_card


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
