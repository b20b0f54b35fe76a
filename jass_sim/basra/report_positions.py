"""Positions of the Basra strategy report: the walk over greedy play and each legal card's net on
sampled worlds, shared by :mod:`jass_sim.basra.strategy_report` (the Jack, the 7♦, the empty table)
and :mod:`jass_sim.basra.report_capture` (capture priorities)."""

from __future__ import annotations

from jass_sim.basra.cards import parse_card
from jass_sim.basra.rules import BasraRules


def walk_positions(n: int, rules: BasraRules, seed: int, rounds: int):
    """Every position met in greedy play, rounds replayed from seeds ``seed .. seed + rounds - 1``:
    dicts ``hand, table, played, piles, last, seed`` of the player to move, before each move."""
    from jass_sim.basra.engine import replay_round

    for s in range(seed, seed + rounds):
        rec = replay_round(s, n, rules, "greedy")
        hands = [set(parse_card(c) for c in h) for h in rec["deals"][0]]
        table = set(parse_card(c) for c in rec["table"])
        piles = [set(), set()]
        last = None
        for t, m in enumerate(rec["moves"]):
            if t % (6 * n) == 0 and t:
                hands = [set(parse_card(c) for c in h) for h in rec["deals"][t // (6 * n)]]
            seat = m["player"]
            side = seat % 2
            yield {"hand": sorted(hands[seat]), "table": sorted(table), "played": sorted(piles[0] | piles[1]),
                   "piles": (len(piles[side]), len(piles[1 - side])),
                   "last": "none" if last is None else ("us" if last % 2 == side else "them"), "seed": s + 1}
            card = parse_card(m["card"])
            hands[seat].discard(card)
            got = set(parse_card(c) for c in m["captured"])
            if got:
                piles[side] |= got | {card}
                last = seat
            table = set(parse_card(c) for c in m["table_after"])


def nets(pos: dict, n: int, rules: BasraRules, samples: int, seed: int):
    """``(legal cards, int64[samples, cards])``: each legal card's net in ``pos`` (our points minus
    theirs to the end of the round, greedy play after the move) on ``samples`` sampled worlds of
    ``seed``, the same worlds for every card."""
    from jass_sim.basra.advice import sample_outcomes

    cands, out = sample_outcomes(pos["hand"], pos["table"], pos["played"], n, rules, samples, seed, pos["piles"],
                                 pos["last"], "round")
    net = out[:, :, 0] + out[:, :, 1] + 10 * out[:, :, 2] - (out[:, :, 3] + out[:, :, 4] + 10 * out[:, :, 5])
    return list(cands), net
