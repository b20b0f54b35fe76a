"""Discard signals (report section 2g, issue 51 item 4; design note rules 13-14): the value of a
partner who reads the first discard, against one who ignores it, on the same deals.

Design. Uniform deals, a random first leader and the fitted mode choice (as section 2d's
smearing), each round played twice by the ``net`` player at every seat. In both play-outs the
team of seats 0 and 2 *signals*: the first time one of them cannot follow suit and ``net`` would
discard a side card (not ruff), it discards by the convention instead (:func:`signal_card`):

- **verwerfen** ([JO-V], [ALM]: «diejenige Farbe, die er angibt, will er nicht»): the lowest card
  of its weakest side suit (the suit whose best card is lowest);
- **anziehen** ([AVS-S]: «welche Farbe der Partner anzieht und darum gerne hätte»): the lowest
  card of its strongest side suit held two or more times;
- **farbpaar** (rule 15, [SRF]: «Wenn ich Rose verwerfe, wünsche ich Eichel oder umgekehrt. Und
  wenn ich Schilte wünsche, verwerfe ich Schelle»): the suits pair up, Rosen with Eichel and
  Schilten with Schellen (suits 0-1 and 2-3, :data:`PAIR_SUIT`); the seat wants its strongest side
  suit held two or more times, as under anziehen, and discards the lowest card of that suit's
  pair suit; if it holds no side card of the pair suit it wants its next strongest suit, and so on.

Only the partner differs between the two play-outs. The *reading* partner, when it leads a trick
after its partner's signal and ``net``'s lead breaks the convention, plays ``net``'s choice among
the cards the convention allows (:func:`read_lead`): under verwerfen it does not lead the signalled
suit while it holds a card of another suit; under anziehen it leads the signalled suit while it
holds one; under farbpaar it leads the pair suit of the discarded one (the wanted suit) while it
holds one. The *ignoring* partner plays ``net``'s card. The opponents play ``net`` throughout.
The signal's value is our team's points (read minus ignored), paired on each deal; ``fires``
counts the deals where the reading changed a card (elsewhere the two play-outs are the same, as
``net`` plays the same card in the same position). Deals come from
``SeedSequence(seed, spawn_key=(POSITION_STREAM, 4_000_000_000 + k))``. The CIs cover neither
the play model nor the mode model.

Cards: ``9 * suit + rank`` with ranks ``6 7 8 9 10 J Q K A``.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from jass_sim.core.stats import mean_ci
from jass_sim.jass.report import lead as L

CONVENTIONS = ("verwerfen", "anziehen")
#: Rule 15's convention, valued in a checkpoint piece of its own (``signals-farbpaar``, on the same
#: deals), so that a checkpoint of the two above is resumed unchanged.
PAIR = "farbpaar"
#: The pair suit of each suit: Rosen (0) with Eichel (1), Schilten (2) with Schellen (3).
PAIR_SUIT = (1, 0, 3, 2)
#: Deals of the full report (each played three times: plain, signal ignored, signal read).
SIGNAL_DEALS = 2000
KEY_OFFSET = 4_000_000_000
#: Ranks of a suit from weakest to strongest in a mode without trump (une-ufe: the 6 on top).
_UNE = 5


def _strength(card: int, mode: int) -> int:
    """A side card's strength within its suit (obe-abe and trump modes: natural ranks; une-ufe
    reversed)."""
    r = card % 9
    return 8 - r if mode == _UNE else r


def signal_card(hand: list[int], legal: list[int], mode: int, convention: str) -> int | None:
    """The convention's discard from ``legal`` (seat cannot follow suit; see the module), None when
    it has no side suit to signal with (then the base card is played)."""
    if convention == PAIR:
        return pair_card(hand, legal, mode)
    side = sorted({c // 9 for c in legal if mode >= 4 or c // 9 != mode})
    if convention == "anziehen":
        side = [s for s in side if sum(1 for c in hand if c // 9 == s) >= 2]
    if not side:
        return None
    top = {s: max(_strength(c, mode) for c in hand if c // 9 == s) for s in side}
    suit = (min if convention == "verwerfen" else max)(side, key=lambda s: (top[s], s))
    return min((c for c in legal if c // 9 == suit), key=lambda c: _strength(c, mode))


def pair_card(hand: list[int], legal: list[int], mode: int) -> int | None:
    """Rule 15's discard (the ``farbpaar`` convention, see the module): the lowest legal card of
    the pair suit of the strongest side suit held two or more times whose pair suit is a legal side
    suit; None when there is none."""
    def side(s: int) -> bool:
        return mode >= 4 or s != mode

    held = [s for s in range(4) if side(s) and sum(1 for c in hand if c // 9 == s) >= 2]
    top = {s: max(_strength(c, mode) for c in hand if c // 9 == s) for s in held}
    for want in sorted(held, key=lambda s: (top[s], s), reverse=True):
        cards = [c for c in legal if c // 9 == PAIR_SUIT[want] and side(c // 9)]
        if cards:
            return min(cards, key=lambda c: _strength(c, mode))
    return None


def wanted_suit(card: int, convention: str) -> int:
    """The suit a convention's discard ``card`` names: its own suit (verwerfen: not wanted;
    anziehen: wanted), or under farbpaar its pair suit (wanted)."""
    return PAIR_SUIT[card // 9] if convention == PAIR else card // 9


def read_lead(legal: list[int], card: int, suit: int, convention: str) -> list[int] | None:
    """The cards the reading partner chooses among when leading, its partner having signalled
    ``suit`` (``card``: the base player's lead), or None when the base lead keeps the convention."""
    if convention == "verwerfen":
        other = [c for c in legal if c // 9 != suit]
        return other if card // 9 == suit and other else None
    wanted = [c for c in legal if c // 9 == suit]
    return wanted if card // 9 != suit and wanted else None


def _is_discard(card: int, trick: list[int], mode: int) -> bool:
    return bool(trick) and card // 9 != trick[0] // 9 and (mode >= 4 or card // 9 != mode)


def play_round(rules, deal: dict, convention: str | None, read: bool) -> tuple[float, bool]:
    """Our team's points (seats 0 and 2) of one round of ``deal`` (``hands``, ``leader``, ``mode``,
    ``pushed``, ``seed``) and whether a reading changed a card. ``convention`` None: ``net``
    everywhere (no signal)."""
    from jass_sim.jass.cards import MODE_NAMES, format_card
    from jass_sim.jass.play.choose import choose_card, policy_card
    from jass_sim.jass.rules.state import CHIBRE, JassState

    hands, leader, mode, pushed = deal["hands"], deal["leader"], deal["mode"], deal["pushed"]
    chooser = (leader + 2) % 4 if pushed else leader
    state = JassState(hands, rules.name, chooser=leader, may_chibre=pushed)
    if pushed:
        state.apply(CHIBRE)
    state.apply(MODE_NAMES[mode])
    played: list[int] = []
    signal: dict[int, int] = {}  # seat -> suit of its first discard by the convention
    discarded: set[int] = set()
    fired = False
    while not state.is_terminal():
        seat = state.to_move()
        chosen = choose_card("net", hands[seat], mode=MODE_NAMES[mode], chooser=chooser, chibred=pushed,
                             leader=leader, played=list(played), seat=seat, rules=rules.name, seed=deal["seed"])
        card, trick = chosen.card, state.trick
        if convention is not None and seat % 2 == 0:
            legal = list(chosen.position.legal)
            if seat not in discarded and _is_discard(card, trick, mode):
                discarded.add(seat)
                sig = signal_card(state.hand(seat), legal, mode, convention)
                if sig is not None:
                    card = sig
                    signal[seat] = wanted_suit(sig, convention)
            partner = (seat + 2) % 4
            if read and not trick and partner in signal:
                allowed = read_lead(legal, card, signal[partner], convention)
                if allowed is not None:
                    pos = dataclasses.replace(chosen.position, legal=sorted(allowed))
                    card = policy_card(pos, "net", deal["seed"])
                    fired = True
        state.apply(format_card(card))
        played.append(card)
    return float(state.returns()[0]), fired


def pair_values(rules, deals: list[dict], progress=None) -> np.ndarray:
    """``float[n, 3]``: our team's points per deal under the ``farbpaar`` convention with the signal
    ignored and read, and 1 where the reading changed a card (the columns :func:`signal_values`
    gives each of :data:`CONVENTIONS`)."""
    out = np.zeros((len(deals), 3))
    for i, d in enumerate(deals):
        out[i, 0] = play_round(rules, d, PAIR, False)[0]
        out[i, 1], fired = play_round(rules, d, PAIR, True)
        out[i, 2] = fired
        if progress is not None:
            progress(i + 1)
    return out


def signal_deals(rules, n: int, seed: int) -> list[dict]:
    """``n`` deals (``hands``, ``leader``, ``mode``, ``pushed``, ``seed``) from the stream's keys
    ``(POSITION_STREAM, KEY_OFFSET + k)``."""
    out = []
    for k in range(n):
        rng = L._rng(seed, KEY_OFFSET + k)
        hands = L._deal(rng)
        leader = int(rng.integers(4))
        mode, pushed = L._choose(rules, hands[leader], hands[(leader + 2) % 4], rules.chibre_first_round)
        out.append({"hands": hands, "leader": leader, "mode": mode, "pushed": pushed,
                    "seed": int(rng.integers(2 ** 62))})
    return out


def signal_values(rules, deals: list[dict], progress=None) -> np.ndarray:
    """``float[n, 1 + 2 * len(CONVENTIONS)]``: our team's points per deal, plain ``net`` first,
    then per convention the signal ignored and read; and a last block of ``len(CONVENTIONS)``
    columns, 1 where the reading changed a card."""
    out = np.zeros((len(deals), 1 + 3 * len(CONVENTIONS)))
    for i, d in enumerate(deals):
        out[i, 0] = play_round(rules, d, None, False)[0]
        for c, conv in enumerate(CONVENTIONS):
            out[i, 1 + 2 * c] = play_round(rules, d, conv, False)[0]
            out[i, 2 + 2 * c], fired = play_round(rules, d, conv, True)
            out[i, 1 + 2 * len(CONVENTIONS) + c] = fired
        if progress is not None:
            progress(i + 1)
    return out


#: The signal rules: key, rule, source key, test.
SIGNAL_RULES = {
    "verwerfen": ("Don't lead the suit your partner discarded first (verwerfen: that suit is not wanted)", "JO-V",
                  "partner reads the verwerfen discard minus partner ignores it, paired on each deal"),
    "anziehen": ("Lead the suit your partner discarded (anziehen: the discard asks for that suit)", "AVS-S",
                 "partner reads the anziehen discard minus partner ignores it, paired on each deal"),
    PAIR: ("Colour pairs: a discard of Rosen asks for Eichel and the other way round, Schellen for Schilten "
           "(and back)", "SRF", "partner reads the colour-pair discard minus partner ignores it, paired on each deal"),
}


def rule_row(key: str, rule: str, source: str, test: str, d: np.ndarray, fires: int | None = None) -> dict:
    """One row of ``play_rules`` (:data:`jass_sim.jass.report.card_play.RULE_COLUMNS`) before the verdicts
    (see :func:`jass_sim.jass.report.card_play.decide_rules`)."""
    from jass_sim.jass.report.verdicts import p_value

    m, lo, hi = mean_ci(float(d.sum()), float((d * d).sum()), len(d))
    return {"key": key, "rule": rule, "source": source, "test": test, "n": len(d), "mean": m, "ci95_lo": lo,
            "ci95_hi": hi, "fires": len(d) if fires is None else fires, "p_value": p_value(m, lo, hi)}


def _with_pair(values: np.ndarray, pair: np.ndarray | None) -> tuple[np.ndarray, tuple[str, ...]]:
    """:func:`signal_values`' columns with rule 15's (:func:`pair_values`, same deals) as a third
    convention, and the conventions' names."""
    if pair is None:
        return values, CONVENTIONS
    k = len(CONVENTIONS)
    out = np.concatenate([values[:, :1 + 2 * k], pair[:, :2], values[:, 1 + 2 * k:], pair[:, 2:]], axis=1)
    return out, CONVENTIONS + (PAIR,)


def signal_rows(values: np.ndarray, pair: np.ndarray | None = None) -> list[dict]:
    """Rows of ``play_rules`` (before the verdicts) for each convention: read minus ignored
    (``pair``: rule 15's :func:`pair_values` on the same deals, a third convention)."""
    values, conventions = _with_pair(values, pair)
    rows = []
    for c, conv in enumerate(conventions):
        d = values[:, 2 + 2 * c] - values[:, 1 + 2 * c]
        rule, src, test = SIGNAL_RULES[conv]
        rows.append(rule_row(conv, rule, src, test, d, int(values[:, 1 + 2 * len(conventions) + c].sum())))
    return rows


SIGNAL_COLUMNS = ("convention", "deals", "fires", "arm", "mean", "ci95_lo", "ci95_hi")


def signal_table(values: np.ndarray, pair: np.ndarray | None = None):
    """Per convention (:data:`SIGNAL_COLUMNS`): our team's mean points per round minus plain ``net``
    (``signal ignored``, ``signal read``) and the signal's value (``read minus ignored``), each
    paired on the same deals with its 95% CI (``pair``: rule 15's :func:`pair_values`)."""
    import pandas as pd

    from jass_sim.core.stats import mean_ci

    values, conventions = _with_pair(values, pair)
    rows = []
    n = len(values)
    for c, conv in enumerate(conventions):
        fires = int(values[:, 1 + 2 * len(conventions) + c].sum())
        ign, rd = values[:, 1 + 2 * c], values[:, 2 + 2 * c]
        for arm, d in (("signal ignored minus plain net", ign - values[:, 0]),
                       ("signal read minus plain net", rd - values[:, 0]), ("read minus ignored", rd - ign)):
            m, lo, hi = mean_ci(float(d.sum()), float((d * d).sum()), n)
            rows.append({"convention": conv, "deals": n, "fires": fires, "arm": arm, "mean": m, "ci95_lo": lo,
                         "ci95_hi": hi})
    return pd.DataFrame(rows, columns=list(SIGNAL_COLUMNS))
