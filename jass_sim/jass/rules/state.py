"""A Jass round as a :class:`~jass_sim.core.state.State`: the choice, the Weis and Stöck, nine tricks.

The state is a plain face of the compiled step: every card goes through
:func:`~jass_sim.jass.rules._tricks.legal_follow` (what may be played),
:func:`~jass_sim.jass.rules._tricks.play_card` (the card leaves the hand, the trick moves on) and
:func:`~jass_sim.jass.rules._tricks.trick_taken` (winner, points, the last trick's 5); the melds are
:func:`~jass_sim.jass.rules._melds.team_melds` and the score :func:`~jass_sim.jass.rules._scoring.score_round`,
the functions the round engine (:mod:`jass_sim.jass.engine.round`) calls, so a round replayed here
gives the engine's trace and score.

Actions (:meth:`JassState.legal`), in the command line's spelling:

* the choice node: the mode names the rules allow (``H D S C OBE UNE``; under the Coiffeur presets
  also the round modes of :mod:`.round_modes`, ``SLALOM-OBE`` ... ``TRIO-C-OBE-UNE``) and ``chibre`` (the chooser
  hands the choice to its partner, who then chooses without ``chibre``); the chooser leads the
  first trick either way;
* then the 36 cards, one card code each (``HJ``, ``DT``, ...) by the seat to play.

Weis (melds) and Stöck are declared as the engine declares them: automatically, once the mode is
chosen (every seat announces its best melds from the first leader on; only the team holding the best
meld scores its melds; a holder of trump K and Q scores its stöck). They take no action. The
Coiffeur presets count neither. Each trick is played in its trick mode
(:data:`~.round_modes.TRICK_MODE`; the round mode itself for the chibre modes).

The refusal wording of the page and ``play-advice`` (:func:`follow_refusal`) lives here, once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.jit import U64_ZERO
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.state import IllegalAction, State
from jass_sim.jass.cards import (
    HAND_SIZE,
    N_CARDS,
    SUIT_SYMBOLS,
    format_card,
    mask_to_cards,
    parse_card,
)
from jass_sim.jass.rules._melds import MAX_MELDS, has_stoeck, team_melds
from jass_sim.jass.rules._scoring import MATCH, TOTAL, score_round
from jass_sim.jass.rules._tricks import legal_follow, play_card, trick_taken
from jass_sim.jass.rules.presets import MATCH_BONUS, ROUND_PRESETS, STOECK_POINTS, RuleSet, get_rules
from jass_sim.jass.rules.round_modes import MELD_MODE, MISERE, ROUND_MODE_NAMES, TRICK_MODE, parse_round_mode
from jass_sim.jass.rules.tables import RJ

__all__ = ["CHIBRE", "DIAMOND_SEVEN", "JassState", "TrickWalk", "check_follow", "follow_refusal"]

#: The choice node's action that hands the choice of mode to the chooser's partner.
CHIBRE = "chibre"
#: ♦7: its holder chooses (and leads) in the first round of a game.
DIAMOND_SEVEN = 10


def _labels(cards) -> str:
    return " ".join(format_card(c) for c in cards)


def follow_refusal(seat: int, card: int, mask, led: int, best: int, mode: int, you: bool = False) -> str:
    """Which rule of following ``card`` breaks, for a player: the suit to follow and the cards
    that oblige (the Buur alone does not), or the trump it may not undertrump.

    ``mask`` holds the seat's cards before it plays, ``led`` the trick's led suit and ``best`` its
    winning card; the caller has checked that ``card`` is not legal
    (:func:`~jass_sim.jass.rules._tricks.legal_follow`). ``you``: the player reads it about itself
    ("you hold"), else about the seat ("it holds")."""
    held = [x for x in range(N_CARDS) if (int(mask) >> x) & 1]
    you_, hold = ("you", "you hold") if you else ("it", "it holds")
    trump = mode if mode < 4 else -1
    buur = trump * 9 + RJ if trump >= 0 else -1
    follow = [x for x in held if x // 9 == led]
    oblige = [x for x in follow if x != buur]  # a trump lead does not oblige the Buur alone
    if card // 9 != led and card // 9 != trump and oblige:
        if led == trump:
            why = f"{you_} must follow trump {SUIT_SYMBOLS[led]} ({hold} {_labels(oblige)}"
            return why + (f"; only the Buur {format_card(buur)} need not follow)" if buur in follow else ")")
        return (f"{you_} must follow {SUIT_SYMBOLS[led]} ({hold} {_labels(oblige)})"
                + (" or trump" if trump >= 0 else ""))
    # the only other refusal: a trump under the trick's best trump on a plain lead
    if follow:
        return (f"{you_} may not undertrump {format_card(best)} while {you_} can follow {SUIT_SYMBOLS[led]} "
                f"({hold} {_labels(follow)})")
    others = [x for x in held if x // 9 != trump]
    return f"{you_} may not undertrump {format_card(best)} while {hold} cards other than trumps ({_labels(others)})"


def legal_card_mask(hand, trick, n_in: int, mode: int):
    """The cards of ``hand`` a seat may play (the step's :func:`legal_follow`; any card on the
    lead): ``trick`` is the step's ``(led, best card, ...)``, ``n_in`` its cards so far, ``mode``
    the trick's chibre mode (0..5)."""
    if n_in == 0:
        return hand
    led, best_card, _, _ = trick
    return legal_follow(hand, led, best_card, mode)


def checked_card(seat: int, canonical: str, played, hand, trick, n_in: int, mode: int) -> int:
    """The card ``canonical`` that ``seat`` plays, or :class:`IllegalAction` naming the rule it
    breaks (played twice, not in its hand, the following rules of :func:`follow_refusal`); shared by
    every Jass variant's State."""
    card = parse_card(canonical)
    if (int(played) >> card) & 1:
        raise IllegalAction(f"card {canonical} is played twice", canonical)
    if not (int(hand) >> card) & 1:
        raise IllegalAction(f"seat {seat} plays {canonical}, which is not in its hand", canonical)
    check_follow(seat, card, hand, trick, n_in, mode)
    return card


def check_follow(seat: int, card: int, hand, trick, n_in: int, mode: int, you: bool = False) -> None:
    """:class:`IllegalAction` when ``card`` of ``hand`` is not among its legal cards
    (:func:`legal_card_mask`), worded by :func:`follow_refusal` (``you``: as the player reads it
    about itself); the following rules of :func:`checked_card` and of a view's known hands
    (:class:`~jass_sim.jass.rules.view.JassView`)."""
    if not (int(legal_card_mask(hand, trick, n_in, mode)) >> card) & 1:
        led, best_card, _, _ = trick
        canonical = format_card(card)
        raise IllegalAction(f"seat {seat} may not play {canonical} here: "
                            f"{follow_refusal(seat, card, hand, led, best_card, mode, you=you)}", canonical)


def _check_hands(hands) -> list[list[int]]:
    """Four 9-card hands that deal the 36 cards once each (else :class:`InputError` naming a card)."""
    hands = [[int(c) for c in h] for h in hands]
    if len(hands) != 4:
        raise InputError(f"a Jass deal has 4 hands, got {len(hands)}", str(len(hands)))
    return check_known_hands(hands)


def check_known_hands(hands: list[list[int] | None]) -> list[list[int] | None]:
    """``hands`` (card numbers; None for a hidden hand, skipped) after checking that each known hand
    has 9 cards and that no card is dealt twice (else :class:`InputError` naming a card)."""
    owner: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        if len(hand) != HAND_SIZE:
            raise InputError(f"seat {seat}'s hand needs 9 cards, got {len(hand)}", _labels(hand))
        for c in hand:
            if not 0 <= c < N_CARDS:
                raise InputError(f"card number {c} is not a card (0..35)", str(c))
            if c in owner:
                raise InputError(f"card {format_card(c)} is dealt to seats {owner[c]} and {seat}", format_card(c))
            owner[c] = seat
    return hands


class TrickWalk:
    """The nine tricks of a round walked card by card through the step (:func:`play_card`,
    :func:`trick_taken`): the hands, the cards played, the voids shown and the trace, kept once for
    every Python walk of a Jass round (:class:`JassState`, :class:`~.view.JassView`,
    :class:`~jass_sim.jass.differenzler.state.DifferenzlerState`). The class it is mixed into gives
    ``to_move()``."""

    def _start_tricks(self, hands, leader: int) -> None:
        """Before the first card: ``hands`` (``uint64[4]``, kept and emptied as the cards are
        played) and the first trick's ``leader``."""
        self._hands = hands
        self._played = U64_ZERO
        self._voids = 0
        #: The tricks as the engine records them: rows ``(leader, card1..card4, winner)``.
        self.trace = np.zeros((9, 6), dtype=np.int64)
        self.trace[0, 0] = leader
        self._t = 0
        self._n_in = 0
        self._trick = (-1, 0, 0, 0)  # led, best_card, best_power, best_pos (play_card's trick state)
        self._trick_points: list[int] = []

    def _step(self, card: int, mode: int) -> tuple[int, int] | None:
        """The seat to move plays ``card`` in trick mode ``mode``; ``(winner, points)`` when the card
        ends a trick (the points with the last trick's 5), else None."""
        seat = self.to_move()
        led, best_card, best_power, best_pos = self._trick
        self.trace[self._t, 1 + self._n_in] = card
        played, voids, led, best_card, best_power, best_pos = play_card(
            np.int64(card), seat, self._n_in, self._hands, self._played, self._voids, led, best_card, best_power,
            best_pos, mode)
        self._played = np.uint64(played)
        self._voids = int(voids)
        self._trick = (int(led), int(best_card), int(best_power), int(best_pos))
        self._n_in += 1
        if self._n_in < 4:
            return None
        winner, points = trick_taken(self.trace, self._t, best_pos, mode)
        self._trick_points.append(int(points))
        self._t += 1
        self._n_in = 0
        self._trick = (-1, 0, 0, 0)
        return int(winner), int(points)

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds now."""
        return mask_to_cards(self._hands[seat])

    @property
    def trick(self) -> list[int]:
        """The cards of the trick in progress, in play order."""
        if self._t == 9:
            return []
        return [int(c) for c in self.trace[self._t, 1:1 + self._n_in]]

    @property
    def tricks(self) -> list[dict]:
        """The finished tricks: ``leader``, ``cards``, ``winner``, ``points`` (the step's, the last
        trick's 5 included; as ``replay``'s)."""
        return [{"leader": int(row[0]), "cards": [int(c) for c in row[1:5]], "winner": int(row[5]),
                 "points": self._trick_points[t]} for t, row in enumerate(self.trace[:self._t])]

    def cards_played(self) -> list[str]:
        """The cards played so far, trick by trick in play order."""
        cards = [int(c) for row in self.trace[:self._t] for c in row[1:5]]
        return [format_card(c) for c in cards + self.trick]


class JassState(TrickWalk, State):
    """One Jass round from the deal: the choice of mode (or chibre), then nine tricks.

    Parameters
    ----------
    hands : sequence of 4 sequences of int
        The dealt hands (card numbers, :mod:`jass_sim.jass.cards`), seat 0 first.
    rules : str
        The preset (``chibre``, ``schieber``, ``pique-double``, ``coiffeur``, ``coiffeur-10``):
        the modes allowed, the meld points and the multipliers.
    chooser : int, optional
        The seat that has the choice and leads the first trick; default the ♦7 holder, as in the
        first round of a game (and in ``jass-sim replay``).
    may_chibre : bool, optional
        Whether the chooser may chibre; default the rules' ``chibre_first_round`` when ``chooser``
        is the default (a first round), else True.

    Notes
    -----
    :meth:`returns` gives the two teams' points, team of seats 0 and 2 first, times the mode's
    multiplier: at the end, the engine's score (cards with the last trick's 5, melds, stöck,
    Matsch; after a Matsch the beaten team's melds and stöck are void); before it, the points
    credited so far (melds and stöck once the mode is chosen, then each trick taken).
    """

    game = "jass"

    def __init__(self, hands, rules: str | RuleSet = "chibre", chooser: int | None = None,
                 may_chibre: bool | None = None):
        super().__init__()
        self.rules = get_rules(rules, ROUND_PRESETS)
        if ROUND_PRESETS.get(self.rules.name) != self.rules:
            raise InputError(f"a Jass state takes a preset ({', '.join(ROUND_PRESETS)}), not changed rules",
                             self.rules.name)
        self.dealt = _check_hands(hands)
        first_round = chooser is None
        if chooser is None:
            chooser = next(s for s, h in enumerate(self.dealt) if DIAMOND_SEVEN in h)
        if chooser not in range(4):
            raise InputError(f"the chooser must be a seat 0..3, got {chooser!r}", str(chooser))
        #: The seat that had the choice first; it leads the first trick.
        self.chooser = int(chooser)
        self.may_chibre = bool(self.rules.chibre_first_round if may_chibre is None and first_round
                               else True if may_chibre is None else may_chibre)
        #: The chooser handed the choice to its partner.
        self.chibred = False
        #: The round mode (0..5 the chibre modes, then :mod:`.round_modes`), -1 before the choice.
        self.mode = -1
        self._start()

    def _start(self) -> None:
        """The round before its first card, from :attr:`dealt`, :attr:`rules` and :attr:`chooser`."""
        self._runs, self._fours, self._mults = self.rules.arrays()
        self._initial = np.array([cards_to_mask(h) for h in self.dealt], dtype=np.uint64)
        self._start_tricks(self._initial.copy(), self.chooser)
        self._points = [0, 0]  # card points of the tricks taken, last-trick 5 included
        self._tricks0 = 0
        self._meld_buf = np.zeros((4, MAX_MELDS, 3), dtype=np.int64)
        self._meld = (-1, 0, 0)  # team whose melds count (-1: none), melds of team 0, of team 1
        self._stoeck = [0, 0]
        self._score = np.zeros((2, 5), dtype=np.int64)

    # -- the round so far ------------------------------------------------------------------------------

    @property
    def choosing(self) -> bool:
        """Whether the mode is still to be chosen."""
        return self.mode < 0

    @property
    def declarer(self) -> int:
        """The seat that chooses (chose) the mode: the chooser, or its partner after a chibre."""
        return (self.chooser + 2) & 3 if self.chibred else self.chooser

    @property
    def winning(self) -> int:
        """The position in :attr:`trick` of the card taking the trick so far (the step's, -1 before
        the lead)."""
        return int(self._trick[3]) if self._n_in else -1

    @property
    def melds(self) -> list[dict]:
        """The melds announced once the mode is chosen, in announcing order from the first
        leader: ``seat``, ``kind`` (``run``, ``four``), ``cards``, ``points`` (as ``replay``'s)."""
        out = []
        if self.choosing:
            return out
        for i in range(4):
            seat = (self.chooser + i) & 3
            for k in range(MAX_MELDS):
                if self._meld_buf[seat, k, 2] > 0:
                    out.append({"seat": seat, "kind": "run" if self._meld_buf[seat, k, 0] == 0 else "four",
                                "cards": mask_to_cards(self._meld_buf[seat, k, 1]),
                                "points": int(self._meld_buf[seat, k, 2])})
        return out

    @property
    def meld_winner(self) -> int | None:
        """The team whose melds count (None: none, or the mode not chosen yet; at the end, none
        either when a Matsch by the other team voided them, as ``replay``'s)."""
        return None if self._meld[0] < 0 else int(self._meld[0])

    @property
    def meld_points(self) -> list[int]:
        """The meld points per team once the mode is chosen: the melds of both players of the team
        with the best meld, 0 for the other (before a Matsch may void them; :attr:`score` after)."""
        return [int(self._meld[1]), int(self._meld[2])]

    @property
    def stoeck(self) -> list[bool]:
        """Per seat, whether it holds the stöck (trump K and Q) and declares it (False before the
        mode is chosen)."""
        return [not self.choosing and self.rules.stoeck and bool(has_stoeck(self._initial[seat], MELD_MODE[self.mode]))
                for seat in range(4)]

    @property
    def score(self) -> list[dict]:
        """At the end, the engine's score per team: ``cards``, ``melds``, ``stoeck``, ``match``,
        ``total`` (as ``replay``'s)."""
        if not self.is_terminal():
            raise InputError("the round is not over: no score yet", str(len(self.history)))
        keys = ("cards", "melds", "stoeck", "match", "total")
        return [dict(zip(keys, map(int, self._score[team]))) for team in range(2)]

    # -- the protocol -----------------------------------------------------------------------------------

    def to_move(self) -> int:
        if self.is_terminal():
            return -1
        if self.choosing:
            return self.declarer
        return int(self.trace[self._t, 0] + self._n_in) & 3

    def is_terminal(self) -> bool:
        return self._t == 9

    def legal(self) -> list[str]:
        if self.is_terminal():
            return []
        if self.choosing:
            return [ROUND_MODE_NAMES[m] for m in self.rules.all_modes] + (
                [CHIBRE] if self.may_chibre and not self.chibred else [])
        return [format_card(c) for c in mask_to_cards(self._legal_mask(self.to_move()))]

    def _legal_mask(self, seat: int):
        return legal_card_mask(self._hands[seat], self._trick, self._n_in, self.trick_mode)

    @property
    def trick_mode(self) -> int:
        """The chibre mode (0..5) the current trick is played in (:data:`~.round_modes.TRICK_MODE`);
        -1 before the choice or after the round."""
        return -1 if self.choosing or self.is_terminal() else int(TRICK_MODE[self.mode, self._t])

    def normalise(self, action: str) -> str:
        """The canonical spelling: ``chibre``, a mode name (``H``, ``OBE``, also ``♥``, ``obe-abe``,
        ``Rosen``...) at the choice, a card code (``HJ``, also ``h10``, ``♠A``, ``Rosen-As``) in play;
        :class:`IllegalAction` naming ``action`` when it is none of these."""
        text = " ".join(str(action).split())
        if text.lower() == CHIBRE:
            return CHIBRE
        try:
            return ROUND_MODE_NAMES[parse_round_mode(text)] if self.choosing else format_card(parse_card(text))
        except InputError:
            pass
        try:  # the other phase's kind of action: verify says why it is not this one's
            return format_card(parse_card(text)) if self.choosing else ROUND_MODE_NAMES[parse_round_mode(text)]
        except InputError:
            what = "a mode or chibre" if self.choosing else "a card"
            raise IllegalAction(f"{text!r} is not {what}", text) from None

    def verify(self, action: str) -> str:
        """The canonical action if it is legal here; else :class:`IllegalAction` naming the rule
        (the wording of the page's refusals)."""
        canonical = self.normalise(action)
        if self.is_terminal():
            raise IllegalAction(f"the round is over after 36 cards; {canonical} is one too many", canonical)
        seat = self.to_move()
        if self.choosing:
            if canonical == CHIBRE:
                if self.chibred:
                    raise IllegalAction(f"seat {seat} may not chibre: after a chibre the partner chooses", canonical)
                if not self.may_chibre:
                    raise IllegalAction(f"the {self.rules.name} rules allow no chibre in the first round", canonical)
                return canonical
            if canonical in ROUND_MODE_NAMES:
                if ROUND_MODE_NAMES.index(canonical) not in self.rules.all_modes:
                    raise IllegalAction(f"mode {canonical!r} is not allowed by the {self.rules.name} rules", canonical)
                return canonical
            raise IllegalAction(f"seat {seat} chooses the mode first ({' '.join(self.legal())}), not a card",
                                canonical)
        if canonical == CHIBRE or canonical in ROUND_MODE_NAMES:
            raise IllegalAction(f"the mode is chosen ({ROUND_MODE_NAMES[self.mode]}): seat {seat} plays a card",
                                canonical)
        checked_card(seat, canonical, self._played, self._hands[seat], self._trick, self._n_in, self.trick_mode)
        return canonical

    def _do(self, action: str) -> None:
        if action == CHIBRE:
            self.chibred = True
        elif self.choosing:
            self._choose(ROUND_MODE_NAMES.index(action))
        else:
            self._play(parse_card(action))

    def _choose(self, mode: int) -> None:
        """The mode is chosen: every seat announces its melds (``team_melds``, from the first
        leader), the stöck are declared, as the engine does before the first card (when the rules
        count them)."""
        self.mode = mode
        self._meld_buf[:] = 0
        if self.rules.weis:
            self._meld = tuple(int(x) for x in team_melds(self._initial, MELD_MODE[mode], self.chooser, self._runs,
                                                           self._fours, self._meld_buf))
        for seat in range(4):
            if self.rules.stoeck and has_stoeck(self._initial[seat], MELD_MODE[mode]):
                self._stoeck[seat & 1] += STOECK_POINTS

    def _play(self, card: int) -> None:
        taken = self._step(card, self.trick_mode)
        if taken is None:
            return
        winner, points = taken
        self._points[winner & 1] += points
        self._tricks0 += 1 - (winner & 1)
        if self._t == 9:
            meld_winner, m0, m1 = self._meld
            counted = score_round(self._initial, self.mode, meld_winner, m0, m1, self._points[0], self._points[1],
                                  self._tricks0, self._mults, self._score, self._stoeck_points())
            self._meld = (int(counted), m0, m1)

    def _stoeck_points(self) -> int:
        """What a Stöck counts at the end (0: none counted)."""
        return STOECK_POINTS if self.rules.stoeck else 0

    def returns(self) -> list[float]:
        if self.is_terminal():
            return [float(self._score[0, TOTAL]), float(self._score[1, TOTAL])]
        if self.choosing:
            return [0.0, 0.0]
        team, m0, m1 = self._meld
        mult = int(self._mults[self.mode])
        made = [float((self._points[t] + (m0, m1)[t] + self._stoeck[t]) * mult) for t in range(2)]
        return made[::-1] if MISERE[self.mode] else made  # Misère: each team is credited the opponents' points

    def cards_dealt(self) -> list[str]:
        """All 36 cards: the whole deck is dealt before the choice."""
        return [format_card(c) for h in self.dealt for c in h]

    def fixed_totals(self) -> dict[str, tuple[float, float]]:
        """Every card held or played (36) at every step; at the end the 157 card points (the last
        trick's 5 included) when every trick is played in one mode (in Slalom, Guschti and Trio a
        card's points depend on its trick's mode: no fixed total), nine tricks, and the Matsch
        rule: a team that took every trick has the 100 bonus, the other none (both before the
        multiplier)."""
        held = sum(len(mask_to_cards(h)) for h in self._hands)
        totals = {"cards held or played": (36.0, float(held + len(self.cards_played())))}
        if self.is_terminal():
            if (TRICK_MODE[self.mode] == TRICK_MODE[self.mode, 0]).all():
                totals["card points"] = (157.0, float(self._points[0] + self._points[1]))
            totals["tricks"] = (9.0, float(len(self.tricks)))
            for team, took in enumerate((self._tricks0, 9 - self._tricks0)):
                totals[f"team {team} Matsch bonus"] = (float(MATCH_BONUS if took == 9 else 0),
                                                       float(self._score[team, MATCH]))
        return totals

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "rules": self.rules.name, "hands": [_labels(h).split() for h in self.dealt],
                "chooser": self.chooser, "may_chibre": self.may_chibre, "history": list(self.history)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> JassState:
        state = cls([[parse_card(c) for c in h] for h in doc["hands"]], doc["rules"], doc["chooser"],
                    doc["may_chibre"])
        for action in doc["history"]:
            state.apply(action)
        return state
