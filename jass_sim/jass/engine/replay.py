"""One seeded round, played out and recorded: the data and the result of ``jass-sim replay``."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jass_sim.core.result import Result
from jass_sim.core.rng import block_states
from jass_sim.jass.cards import format_card, format_cards, mask_to_cards, mode_name
from jass_sim.jass.players import DEFAULT_CHOOSER, PLAYERS, policy_params
from jass_sim.jass.rules.presets import ROUND_PRESETS, RuleSet, get_rules
from jass_sim.jass.rules.round_modes import N_ROUND_MODES, ROUND_MODE_NAMES, ROUND_MODE_WORDS, TRICK_MODE
from jass_sim.jass.streams import STREAMS

SCORE_KEYS = ("cards", "melds", "stoeck", "match", "total")


@dataclass
class RoundRecord:
    """A played round: who held what, the melds, every trick and the score."""

    rules: str
    mode: int
    multiplier: int
    chooser: int
    leader: int
    hands: list[list[int]]
    melds: list[dict]
    meld_winner: int | None
    tricks: list[dict]
    score: list[dict]
    settings: dict | None = None  # the run's options, echoed at the end of the JSON (replay command and API)

    def to_json(self) -> dict:
        """The ``replay --format json`` document (cards in letter notation, ``T`` for ten)."""
        return {
            "rules": self.rules,
            "mode": ROUND_MODE_NAMES[self.mode],
            "multiplier": self.multiplier,
            "chooser": self.chooser,
            "leader": self.leader,
            "hands": [[format_card(c) for c in hand] for hand in self.hands],
            "melds": [{**m, "cards": [format_card(c) for c in m["cards"]]} for m in self.melds],
            "meld_winner": self.meld_winner,
            "tricks": [{**t, "cards": [format_card(c) for c in t["cards"]]} for t in self.tricks],
            "score": self.score,
            **(self.settings or {}),
        }


def replay_deal(seed: int) -> list[list[int]]:
    """The four hands ``replay --seed SEED`` deals (card numbers, seat 0 first): the first draws of
    its stream, dealt by :func:`jass_sim.jass.engine.deal.deal_uniform` as :func:`replay_round` deals
    them (its kernel ``first_round`` deals before it chooses or plays)."""
    from jass_sim.jass.engine.deal import deal_uniform, new_deck

    rng = block_states(seed, 0, 1, STREAMS["jass.replay"])[0]
    hands = np.zeros(4, dtype=np.uint64)
    deal_uniform(rng, new_deck(), hands)
    return [mask_to_cards(h) for h in hands]


def new_state(seed: int, rules: RuleSet | str = "chibre", chooser: int | None = None,
              may_chibre: bool | None = None, mode: str | None = None, view: int | None = None):
    """The round ``replay --seed SEED`` deals, as a :class:`~jass_sim.jass.rules.state.JassState` at
    its choice (the descriptor's ``new_state``): ``rules`` the preset, ``chooser`` the seat that
    chooses and leads (default the ♦7 holder, as ``replay``), ``may_chibre`` (default: the rules'
    first-round chibre when the chooser is the default, else allowed); with ``mode`` (a round
    mode's name) the chooser has chosen it: the state is at the first card. With ``view`` (a seat)
    and ``mode``: that seat's :class:`~jass_sim.jass.rules.view.JassView` of the round at its first
    card, the other hands hidden."""
    from jass_sim.jass.rules.state import DIAMOND_SEVEN, JassState

    if view is not None:
        from jass_sim.core.errors import InputError
        from jass_sim.jass.rules.round_modes import parse_round_mode
        from jass_sim.jass.rules.view import JassView

        if mode is None:
            raise InputError("a view starts at the first card: give the mode", "view")
        hands = replay_deal(seed)
        leader = next(s for s, h in enumerate(hands) if DIAMOND_SEVEN in h) if chooser is None else chooser
        return JassView([h if s == view else None for s, h in enumerate(hands)], parse_round_mode(mode), leader,
                        me=view, rules=rules)
    state = JassState(replay_deal(seed), rules, chooser, may_chibre)
    if mode is not None:
        state.apply(mode)
    return state


#: The option sets of :func:`new_state` that play differently: each preset (its modes, meld points
#: and multipliers; the modes themselves, chibre included, are actions of the state), and under
#: ``coiffeur`` each new round mode chosen (Slalom, Guschti, Misère, a Trio), so that the
#: playthrough suite plays every one of them; and seat 1's view of a round in hearts, the other hands
#: hidden (:class:`~jass_sim.jass.rules.view.JassView`).
STATE_OPTIONS = tuple({"rules": name} for name in ROUND_PRESETS) + tuple(
    {"rules": "coiffeur", "mode": name} for name in ROUND_MODE_WORDS) + ({"rules": "coiffeur", "mode": "TRIO-S-OBE-UNE"},
                                                                       {"rules": "chibre", "mode": "H", "view": 1})


def replay_actions(doc: dict) -> tuple[dict, list[str], list[float]]:
    """From a ``replay --format json`` document: the :func:`new_state` options that deal its cards
    (``seed``, ``rules``), its actions in the state's notation (``chibre`` when the chooser is not
    the leader, the mode, then the 36 cards in play order) and the returns the state must give
    (the two teams' totals). A document wrapped as ``{"seed": ..., "replay": {...}}`` (the golden
    files) is read too."""
    from jass_sim.core.errors import InputError
    from jass_sim.jass.rules.state import CHIBRE

    seed = doc.get("seed")
    if "replay" in doc:
        doc = doc["replay"]
        seed = doc.get("seed", seed)
    if seed is None:
        raise InputError("the replay document names no seed", "seed")
    actions = ([CHIBRE] if doc["chooser"] != doc["leader"] else []) + [doc["mode"]]  # a round mode's name
    actions += [card for trick in doc["tricks"] for card in trick["cards"]]
    return ({"seed": int(seed), "rules": doc["rules"]}, actions,
            [float(doc["score"][team]["total"]) for team in range(2)])


def replay_round(seed: int, rules: RuleSet | str = "chibre", mode: int | None = None,
                 policy: str = "random", params: np.ndarray | None = None, chooser: str | None = None
                 ) -> RoundRecord:
    """Deal one round from ``seed``, play it out with ``policy`` for every seat (with ``params``,
    see :func:`jass_sim.jass.players.policy_params`), and record it.

    As in the first round of a game, the holder of ♦7 chooses and leads: ``mode`` (a round mode,
    :mod:`jass_sim.jass.rules.round_modes`; the new ones under the Coiffeur presets) if given, else
    a random allowed mode with the ``random`` policy, or the ``fitted`` mode model
    (:data:`~jass_sim.jass.players.DEFAULT_CHOOSER`, which may chibre to the partner when the rules
    allow it in the first round) with any other policy; ``chooser`` (``fitted``, ``evaluator`` or
    ``random``) picks the mode choice instead. Wraps the
    kernel :func:`jass_sim.jass.engine.round.first_round`.
    """
    from jass_sim.jass.engine.deal import new_deck
    from jass_sim.jass.engine.round import first_round, new_work
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.players.dispatch import player_set

    rules = get_rules(rules, ROUND_PRESETS)
    runs, fours, mults = rules.arrays()
    if mode is not None and mode not in rules.all_modes:
        from jass_sim.core.errors import InputError

        name = ROUND_MODE_NAMES[mode] if 0 <= mode < N_ROUND_MODES else str(mode)
        raise InputError(f"mode {name!r} is not allowed by the {rules.name} rules", name)
    rng = block_states(seed, 0, 1, STREAMS["jass.replay"])[0]
    hands = np.zeros(4, dtype=np.uint64)
    initial = np.zeros(4, dtype=np.uint64)
    work = new_work()
    policies = np.full(4, PLAYERS.code(policy), dtype=np.int64)
    if chooser is None:
        chooser = "random" if policy == "random" else DEFAULT_CHOOSER
    if chooser.strip().lower() not in MODE_POLICIES:
        from jass_sim.core.errors import InputError

        raise InputError(f"unknown chooser {chooser!r} (expected one of {', '.join(MODE_POLICIES)})", chooser)
    mode_policy = MODE_POLICIES[chooser.strip().lower()]
    leader, chooser, played_mode, winner = first_round(
        player_set(policies), rng, np.asarray(rules.modes, dtype=np.int64), -1 if mode is None else mode, mode_policy,
        rules.chibre_first_round, default_mode_params(rules), policies,
        policy_params() if params is None else np.asarray(params, dtype=np.float64), runs, fours, mults,
        new_deck(), hands, initial, work)
    meld_buf, _, trace, score = work
    melds = []
    for i in range(4):
        seat = (leader + i) % 4
        for k in range(meld_buf.shape[1]):
            if meld_buf[seat, k, 2] > 0:
                melds.append({"seat": seat, "kind": "run" if meld_buf[seat, k, 0] == 0 else "four",
                              "cards": mask_to_cards(meld_buf[seat, k, 1]),
                              "points": int(meld_buf[seat, k, 2])})
    from jass_sim.jass.rules._tricks import trick_points

    tricks = [{"leader": int(row[0]), "cards": [int(c) for c in row[1:5]], "winner": int(row[5]),
               "points": int(trick_points(row[1:5], TRICK_MODE[played_mode, t], t == 8))}
              for t, row in enumerate(trace)]
    return RoundRecord(
        rules=rules.name, mode=int(played_mode), multiplier=int(mults[played_mode]),
        chooser=int(chooser), leader=int(leader),
        hands=[mask_to_cards(h) for h in initial], melds=melds,
        meld_winner=None if winner < 0 else int(winner), tricks=tricks,
        score=[dict(zip(SCORE_KEYS, map(int, score[team]))) for team in range(2)])


class Round(Result):
    """A played round (``replay``, :func:`jass_sim.replay`): ``to_json()`` (the README's replay
    contract), ``record`` (the :class:`RoundRecord`), ``table`` with one row per trick."""

    formats = ("text", "json")
    json_ascii = False

    def __init__(self, record: RoundRecord):
        import pandas as pd

        self.record = record
        doc = record.to_json()
        table = pd.DataFrame([{"trick": i, "leader": t["leader"], "cards": " ".join(t["cards"]),
                               "winner": t["winner"], "points": t["points"]} for i, t in enumerate(doc["tricks"], 1)])
        super().__init__(doc, table)

    @property
    def heading(self) -> str:
        doc = self._doc
        return (f"rules {doc['rules']}, mode {doc['mode']}: team 0 {doc['score'][0]['total']}, "
                f"team 1 {doc['score'][1]['total']}")

    def text(self) -> str:
        """Hands, melds, every trick and the score, for people."""
        record = self.record
        lines = [f"rules {record.rules}, mode {_mode_label(record.mode)}, "
                 f"multiplier x{record.multiplier}, chooser seat {record.chooser}, leader seat {record.leader}"]
        for seat, hand in enumerate(record.hands):
            lines.append(f"seat {seat} (team {seat % 2}): {format_cards(hand, symbols=True)}")
        if record.melds:
            for m in record.melds:
                lines.append(f"meld seat {m['seat']}: {m['kind']} {format_cards(m['cards'], symbols=True)} "
                             f"= {m['points']}")
        else:
            lines.append("melds: none")
        lines.append("melds count for: " + ("nobody" if record.meld_winner is None else f"team {record.meld_winner}"))
        for t, trick in enumerate(record.tricks, 1):
            cards = "  ".join(f"{format_card(c, True):>3}" for c in trick["cards"])
            in_mode = "" if record.mode < 6 else f" ({mode_name(int(TRICK_MODE[record.mode, t - 1]))})"
            lines.append(f"trick {t}{in_mode}: seat {trick['leader']} leads  {cards}  -> seat {trick['winner']} "
                         f"takes {trick['points']}")
        misere = ROUND_MODE_NAMES[record.mode].startswith("MISERE")
        for team, s in enumerate(record.score):
            lines.append(f"team {team}: cards {s['cards']} + melds {s['melds']} + stoeck {s['stoeck']} "
                         f"+ match {s['match']} -> total {s['total']}"
                         + (" (Misère: the points team {} made)".format(1 - team) if misere else ""))
        return "\n".join(lines)


def _mode_label(mode: int) -> str:
    """``♥ (H)`` for a chibre mode (as before issue 53), the name for a new round mode."""
    if mode < 6:
        return f"{mode_name(mode, True)} ({mode_name(mode)})"
    return f"{ROUND_MODE_NAMES[mode]} ({ROUND_MODE_WORDS.get(ROUND_MODE_NAMES[mode], '3x3')})"
