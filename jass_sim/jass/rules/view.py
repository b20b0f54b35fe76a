"""A Jass round as one seat sees it: a :class:`~jass_sim.jass.rules.state.JassState` with hidden hands.

A position of ``play-advice``, the page's table and the review knows the viewer's hand, the mode
(who chose it, after a chibre or not), the first leader, the cards played and the meld cards shown;
the other hands are hidden (or, with ``--hands``, known too). :class:`JassView` walks such a round
through the same step as :class:`~jass_sim.jass.rules.state.JassState` (``play_card``,
``trick_taken``, ``legal_follow``, the voids of ``void_shown``/``may_hold``):

* a known hand plays under the following rules (:func:`~jass_sim.jass.rules.state.check_follow`,
  the refusal wording of :func:`~jass_sim.jass.rules.state.follow_refusal`);
* a hidden hand may play any card that is not in the viewer's hand, not played before, not shown
  in another seat's meld and not of a suit it has shown it lacks (a void: it did not follow
  suit); as it plays a card the card shows in its hand (the step takes it out again);
* the view is *dealable* when the unseen cards can still be dealt to the hidden hands within their
  numbers of cards, their voids and their shown meld cards (Hall's condition over the hidden seats);
  :meth:`JassView.legal` lists, and :meth:`JassView.verify` accepts, only the cards that keep it so,
  so a legal action always exists until the end.

:meth:`JassView.play` plays a card under the rules of the card alone (the refusals in the order a
position check reports them); a position asks :meth:`JassView.check_dealable` once, after the whole
history (:func:`jass_sim.jass.play.position.build_position`).

The view starts at the first card, the mode chosen. Its returns are the card points of the tricks
taken (at the end with the last trick's 5 and the Matsch bonus), times the multiplier: the Weis and
Stöck of hidden hands are unknown, so the view counts none.
"""

from __future__ import annotations

import copy
import functools
import operator
from typing import Any

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.report.text import plural
from jass_sim.core.state import IllegalAction, State
from jass_sim.jass.cards import HAND_SIZE, N_CARDS, SUIT_SYMBOLS, format_card, mask_to_cards, parse_card
from jass_sim.jass.rules._tricks import may_hold, void_shown
from jass_sim.jass.rules.presets import ROUND_PRESETS, RuleSet, get_rules
from jass_sim.jass.rules.round_modes import N_ROUND_MODES, ROUND_MODE_NAMES, TRICK_MODE, parse_round_mode
from jass_sim.jass.rules.state import CHIBRE, JassState, check_follow, check_known_hands

__all__ = ["JassView"]


def void_name(seat: int, suit: int, mode: int) -> str:
    """``seat S has shown it holds no ♥`` (``trump`` for the trump suit of ``mode``)."""
    what = "trump" if suit == mode else SUIT_SYMBOLS[suit]
    return f"seat {seat} has shown it holds no {what}"


def _seat(value, what: str) -> int:
    try:
        seat = operator.index(value) if not isinstance(value, bool) else -1
    except TypeError:
        seat = -1
    if not 0 <= seat <= 3:
        raise InputError(f"{what} must be a seat 0..3, got {value!r}", str(value))
    return seat


@functools.lru_cache(maxsize=4096)
def _may_hold_mask(voids: int, seat: int, mode: int) -> int:
    """The cards ``seat`` may hold by its voids (:func:`~jass_sim.jass.rules._tricks.may_hold`), as a mask
    (cached: a walk asks the same few voids again and again)."""
    return sum(1 << c for c in range(N_CARDS) if may_hold(voids, seat, c, mode))


class JassView(JassState):
    """A Jass round from seat ``me``'s view, from the first card on: the hands it does not know hidden.

    Parameters
    ----------
    hands : sequence of 4 (sequence of int or None)
        The dealt hands it knows (card numbers), None for a hidden one; ``hands[me]`` is known.
    mode : int
        The round mode (0..5 the chibre modes, then :mod:`.round_modes`).
    leader : int
        The seat that leads the first trick (the chooser; after a chibre its partner chose).
    me : int, optional
        The viewer (default seat 0): the refusals name its hand (``seat 0's hand``) and read its
        own follow refusals as "you".
    chibred : bool, optional
        The leader chibred and its partner chose the mode.
    shown : sequence of 4 sequences of int, optional
        Meld cards shown by each seat (checked by the caller: :func:`~jass_sim.jass.play.position.
        check_shown_melds`); a hidden seat holds its shown cards until it plays them.
    rules : str or RuleSet, optional
        The preset (its multipliers; default ``chibre``).

    Notes
    -----
    The same protocol as :class:`JassState` (``legal``, ``verify``, ``apply``, ``to_json``...);
    :meth:`returns` counts card points and the Matsch only (see the module).
    """

    def __init__(self, hands, mode: int, leader: int, me: int = 0, chibred: bool = False, shown=None,
                 rules: str | RuleSet = "chibre"):
        hands = list(hands)
        if len(hands) != 4:
            raise InputError(f"a Jass view has 4 hands (None for a hidden one), got {len(hands)}", str(len(hands)))
        me = _seat(me, "the viewer")
        leader = _seat(leader, "the leader")
        known = [None if h is None else [int(c) for c in h] for h in hands]
        if known[me] is None:
            raise InputError(f"the viewer's hand (seat {me}) must be known", str(me))
        check_known_hands(known)
        if not 0 <= int(mode) < N_ROUND_MODES:
            raise InputError(f"mode number {mode} is not a round mode (0..{N_ROUND_MODES - 1})", str(mode))
        shown_lists = [[int(c) for c in cs] for cs in (shown if shown is not None else [[]] * 4)]
        if len(shown_lists) != 4:
            raise InputError(f"a Jass view takes the meld cards of 4 seats, got {len(shown_lists)}",
                             str(len(shown_lists)))
        State.__init__(self)
        self.rules = get_rules(rules, ROUND_PRESETS)
        if ROUND_PRESETS.get(self.rules.name) != self.rules:
            raise InputError(f"a Jass view takes a preset ({', '.join(ROUND_PRESETS)}), not changed rules",
                             self.rules.name)
        self.me = me
        self.known = known
        #: The dealt hands the view knows (empty for a hidden one).
        self.dealt = [h if h is not None else [] for h in known]
        self.shown = shown_lists
        #: The seat whose meld shows each shown card.
        self.shown_by = {c: s for s, cs in enumerate(shown_lists) for c in cs}
        self.chooser = leader  # JassState's chooser leads the first trick; after a chibre its partner chose
        self.may_chibre = True
        self.chibred = bool(chibred)
        self.mode = int(mode)
        self._start()
        # a hidden hand holds what is known of it: its shown cards not played yet
        for s in self.hidden:
            self._hands[s] = cards_to_mask(shown_lists[s])
        self._known_mask = int(np.bitwise_or.reduce(self._initial))
        self._legal_cache: tuple[int, list[int]] | None = None

    # -- what the view knows -----------------------------------------------------------------------------

    @property
    def hidden(self) -> list[int]:
        """The seats whose hands the viewer does not know."""
        return [s for s in range(4) if self.known[s] is None]

    @property
    def voids(self) -> int:
        """Bit ``4 * seat + suit``: ``seat`` has shown it holds no card of ``suit`` (trump: but the
        Buur), as the step records them."""
        return int(self._voids)

    @property
    def trick_leader(self) -> int:
        """The seat that leads the current trick (at the end: the winner of the last trick)."""
        return int(self.trace[8, 5]) if self.is_terminal() else int(self.trace[self._t, 0])

    def counts(self) -> list[int]:
        """Cards each seat holds now."""
        t = self._t
        if t == 9:
            return [0, 0, 0, 0]
        lead = self.trick_leader
        return [HAND_SIZE - t - (1 if ((s - lead) & 3) < self._n_in else 0) for s in range(4)]

    def _void_mode(self) -> int:
        """The chibre mode whose trump the voids' Buur exception reads (the trick's; the last trick's at the end)."""
        return int(TRICK_MODE[self.mode, min(self._t, 8)])

    # -- the rules of one card ------------------------------------------------------------------------------

    def play(self, card: int) -> None:
        """Play ``card`` (a card number) by the seat to move under the rules of the card alone
        (:meth:`check_card`), without asking whether the hidden hands can still be dealt: the walk
        of a position, which asks that once at the end (:meth:`check_dealable`)."""
        card = int(card)
        self.check_card(card)
        self._play(card)
        self.history.append(format_card(card))

    def check_card(self, card: int) -> None:
        """:class:`IllegalAction` naming the rule when the seat to move may not play ``card`` by what
        the view knows (in this order: the round is over, played twice, not in its known hand or in
        the viewer's, shown in another seat's meld, of a suit it has shown it lacks, the following
        rules of a known hand); the card's own rules, not the dealing of the hidden hands."""
        token = format_card(card)
        if self.is_terminal():
            raise IllegalAction(f"the round is over after 36 cards; {token} is one too many", token)
        if (int(self._played) >> card) & 1:
            raise IllegalAction(f"card {token} is played twice", token)
        seat = self.to_move()
        me = self.me
        if seat == me:
            if card not in self.known[me]:
                raise IllegalAction(f"seat {seat} plays {token}, which is not in its hand", token)
        else:
            if card in self.known[me]:
                raise IllegalAction(f"seat {seat} plays {token}, which is in seat {me}'s hand", token)
            o = self.shown_by.get(card, seat)
            if o != seat:
                raise IllegalAction(f"seat {seat} plays {token}, which seat {o} showed in a meld", token)
            if self.known[seat] is not None and card not in self.known[seat]:
                raise IllegalAction(f"seat {seat} plays {token}, which is not in its hand", token)
            if not may_hold(self._voids, seat, card, self.trick_mode):
                raise IllegalAction(f"seat {seat} plays {token} although {void_name(seat, card // 9, self.trick_mode)}",
                                    token)
        if self.known[seat] is not None:
            check_follow(seat, card, self._hands[seat], self._trick, self._n_in, self.trick_mode, you=seat == me)

    def _play(self, card: int) -> None:
        seat = self.to_move()
        if self.known[seat] is None:  # the hidden hand's card shows as it is played
            self._hands[seat] = np.uint64(int(self._hands[seat]) | (1 << card))
        super()._play(card)

    def _stoeck_points(self) -> int:
        return 0  # the hidden hands' Stöck are unknown: the view counts none

    # -- can the hidden hands still be dealt ------------------------------------------------------------------

    def check_shown_cards(self) -> None:
        """:class:`InputError` when a hidden seat's unplayed meld cards cannot be in its hand: more
        of them than it holds cards, or one of a suit it has shown it lacks."""
        problem = self._shown_problem(int(self._played), self._voids, self.counts(), self._void_mode())
        if problem is not None:
            raise InputError(*problem)

    def check_dealable(self) -> None:
        """:class:`InputError` when no deal of the unseen cards to the hidden hands fits what the
        view knows: :meth:`check_shown_cards`, then Hall's condition (every set of hidden seats
        can hold the unseen cards that only they may hold)."""
        problem = self._dealing_problem(int(self._played), self._voids, self.counts(), self._void_mode())
        if problem is not None:
            raise InputError(*problem)

    def _shown_left(self, seat: int, played: int) -> list[int]:
        return [c for c in self.shown[seat] if not (played >> c) & 1]

    def _shown_problem(self, played: int, voids: int, counts, mode: int) -> tuple[str, str] | None:
        for s in self.hidden:
            left = self._shown_left(s, played)
            if len(left) > counts[s]:
                return (f"seat {s} has {plural(counts[s], 'card')} left but {plural(len(left), 'unplayed meld card')}",
                        format_card(left[-1]))
            for c in left:
                if not may_hold(voids, s, c, mode):
                    return (f"meld card {format_card(c)} is still out although {void_name(s, c // 9, mode)}",
                            format_card(c))
        return None

    def _dealing_problem(self, played: int, voids: int, counts, mode: int) -> tuple[str, str] | None:
        problem = self._shown_problem(played, voids, counts, mode)
        if problem is not None:
            return problem
        hidden = self.hidden
        if not hidden:
            return None
        lefts = [self._shown_left(s, played) for s in hidden]
        fixed = {c for left in lefts for c in left}
        cap = [counts[s] - len(left) for s, left in zip(hidden, lefts)]
        allowed = [_may_hold_mask(voids, s, mode) for s in hidden]
        fixed_mask = sum(1 << c for c in fixed)
        pool = ((1 << N_CARDS) - 1) & ~(played | self._known_mask | fixed_mask)  # the unseen cards
        # kinds[t]: the unseen cards exactly the hidden seats of bit set t may hold
        kinds: dict[int, int] = {}
        for t in range(1 << len(hidden)):
            cards = pool
            for j, mask in enumerate(allowed):
                cards &= mask if t >> j & 1 else ~mask
            if cards:
                kinds[t] = int(cards).bit_count()
        # unseen cards no hidden seat may hold (Hall's condition for the empty set of seats)
        nobody = mask_to_cards(np.uint64(pool & ~functools.reduce(int.__or__, allowed, 0)))
        if sum(kinds.values()) != sum(cap):
            return "the cards seen do not add up", "--played"
        for sub in range(1, 1 << len(hidden)):
            need = sum(n for t, n in kinds.items() if t & ~sub == 0)
            if need > sum(cap[j] for j in range(len(hidden)) if sub >> j & 1):
                seats = ", ".join(str(s) for j, s in enumerate(hidden) if sub >> j & 1)
                return (f"no deal fits the history: seats {seats} would have to hold {need} cards of the suits the "
                        "others have shown they lack", "--played")
        if nobody:  # (checked last: the sets of seats above word every history refused before issue 50's walk)
            return (f"no deal fits the history: no hidden seat may hold {' '.join(map(format_card, nobody))} "
                    "(each has shown it lacks the suit)", "--played")
        return None

    def _problem_after(self, card: int) -> tuple[str, str] | None:
        """The dealing problem once the hidden seat to move has played ``card`` (its rules checked)."""
        seat = self.to_move()
        tm = self.trick_mode
        voids = int(void_shown(self._voids, card, seat, self._trick[0], tm)) if self._n_in else self._voids
        counts = self.counts()
        counts[seat] -= 1
        if self._n_in == 3 and self._t < 8:  # the trick is full: the next trick's mode reads the voids
            tm = int(TRICK_MODE[self.mode, self._t + 1])
        return self._dealing_problem(int(self._played) | (1 << card), voids, counts, tm)

    # -- the protocol -----------------------------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        """The cards the seat to move may play (card numbers, ascending): a known hand's legal
        cards; for a hidden hand every card :meth:`check_card` allows that keeps the view dealable."""
        if self.is_terminal():
            return []
        seat = self.to_move()
        if self.known[seat] is not None:
            return mask_to_cards(self._legal_mask(seat))
        if self._legal_cache is None or self._legal_cache[0] != len(self.history):
            cards = []
            for c in range(N_CARDS):
                try:
                    self.check_card(c)
                except IllegalAction:
                    continue
                if self._problem_after(c) is None:
                    cards.append(c)
            self._legal_cache = (len(self.history), cards)
        return list(self._legal_cache[1])

    def legal(self) -> list[str]:
        return [format_card(c) for c in self.legal_cards()]

    def verify(self, action: str) -> str:
        """The canonical card if the seat to move may play it; else :class:`IllegalAction` naming the
        rule (:meth:`check_card`), or that no deal of the hidden hands would fit after it."""
        canonical = self.normalise(action)
        if canonical == CHIBRE or canonical in ROUND_MODE_NAMES:
            raise IllegalAction(f"the mode is chosen ({ROUND_MODE_NAMES[self.mode]}): "
                                f"seat {self.to_move()} plays a card", canonical)
        card = parse_card(canonical)
        self.check_card(card)
        if self.known[self.to_move()] is None:
            problem = self._problem_after(card)
            if problem is not None:
                raise IllegalAction(f"seat {self.to_move()} may not play {canonical} here: {problem[0]}", canonical)
        return canonical

    def clone(self) -> JassView:
        return copy.deepcopy(self)

    @property
    def melds(self) -> list[dict]:
        """The meld cards shown, by seat in seat order: ``seat``, ``cards`` (their points are not known
        to the view)."""
        return [{"seat": s, "cards": list(cs)} for s, cs in enumerate(self.shown) if cs]

    @property
    def stoeck(self) -> list[bool]:
        """Unknown to the view: False for every seat."""
        return [False] * 4

    def cards_dealt(self) -> list[str]:
        """The cards the view knows were dealt: the known hands, the hidden seats' shown and played cards."""
        cards = [c for h in self.dealt for c in h]
        seen = set(cards)
        for c in [c for s in self.hidden for c in self.shown[s]] + [parse_card(a) for a in self.cards_played()]:
            if c not in seen:
                seen.add(c)
                cards.append(c)
        return [format_card(c) for c in cards]

    def fixed_totals(self) -> dict[str, tuple[float, float]]:
        """Every card held or played (36): the known hands' cards, the hidden hands' counts, the
        cards played; at the end as :meth:`JassState.fixed_totals`."""
        totals = super().fixed_totals()
        counts = self.counts()
        held = sum(len(mask_to_cards(self._hands[s])) if self.known[s] is not None else counts[s] for s in range(4))
        totals["cards held or played"] = (36.0, float(held + len(self.cards_played())))
        return totals

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "view": self.me, "rules": self.rules.name, "mode": ROUND_MODE_NAMES[self.mode],
                "leader": self.chooser, "chibred": self.chibred,
                "hands": [None if h is None else [format_card(c) for c in h] for h in self.known],
                "shown": [[format_card(c) for c in cs] for cs in self.shown], "history": list(self.history)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> JassView:
        view = cls([None if h is None else [parse_card(c) for c in h] for h in doc["hands"]],
                   parse_round_mode(doc["mode"]), doc["leader"], doc["view"], doc["chibred"],
                   [[parse_card(c) for c in cs] for cs in doc["shown"]], doc["rules"])
        for action in doc["history"]:
            view.apply(action)
        return view
