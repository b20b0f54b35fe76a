"""A position of a round as one player sees it, checked for legality: the input of ``play-advice``.

The player is seat 0. It knows the 9 cards it was dealt, the mode, who chose it and whether after
a chibre, who led the first trick, every card played in order and the meld cards shown. From
these :func:`build_position` derives the tricks, their winners and points, the current trick, the
voids each seat has shown by not following suit and the cards still unseen; it rejects a history
that breaks a rule or leaves no deal of the unseen cards possible (:class:`InputError` naming the
bad token).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.report.text import plural
from jass_sim.jass.cards import HAND_SIZE, N_CARDS, SUIT_SYMBOLS, format_card, mode_name
from jass_sim.jass.rules import current_trick, trick_outcome
from jass_sim.jass.rules._tricks import legal_follow, may_hold, void_shown
from jass_sim.jass.rules.state import follow_refusal

__all__ = ["Position", "WEIS_SHOWN_AFTER", "build_position", "check_shown_melds", "melds_seen", "rotate_seat"]

#: Cards played before the Weis are shown: they are declared (their points) in the first trick and the
#: best team's cards shown once it is over (the coach's table and the review both follow this).
WEIS_SHOWN_AFTER = 4


def melds_seen(shown: dict, played: int) -> dict:
    """The shown Weis a player has seen when ``played`` cards have been played: none during the
    first trick (the Weis are shown once it is over, :data:`WEIS_SHOWN_AFTER`), all of them after.

    The one rule of what a decision may know of the melds: the review judges each card with it, and
    the page's position (``POST /api/position``, ``weis_shown``) tells the coach when to show them.

    Parameters
    ----------
    shown : dict
        The meld cards shown in the round, by seat.
    played : int
        Cards played before the decision.

    Returns
    -------
    dict
        ``shown`` from the end of the first trick on, else an empty dict.
    """
    return shown if played >= WEIS_SHOWN_AFTER else {}


@dataclass
class Position:
    """A checked position with seat 0 to play (see :func:`build_position`).

    Attributes
    ----------
    hand : list of int
        The 9 cards seat 0 was dealt.
    mode, leader, chooser : int
        Mode, first leader, the seat that chose the mode.
    chibred : bool
        The mode was chosen after a chibre.
    played : list of int
        Every card played, in order.
    shown : list of list of int
        Meld cards shown by each seat.
    tricks : list of dict
        Finished tricks: ``leader``, ``cards``, ``winner``, ``points`` (last-trick 5 included).
    trick_leader : int
        Leader of the current trick; ``trick`` its cards so far.
    voids : int
        Bit ``4 * seat + suit``: ``seat`` showed it holds no card of ``suit`` (trump: but the Buur).
    legal : list of int
        The legal cards of seat 0 now.
    hands : list of list of int, optional
        All four dealt hands when known (then every play was checked against them).
    """

    hand: list[int]
    mode: int
    leader: int
    chooser: int
    chibred: bool
    played: list[int]
    shown: list[list[int]]
    tricks: list[dict] = field(default_factory=list)
    trick_leader: int = 0
    trick: list[int] = field(default_factory=list)
    voids: int = 0
    legal: list[int] = field(default_factory=list)
    hands: list[list[int]] | None = None

    @property
    def remaining(self) -> list[int]:
        """Seat 0's cards now."""
        gone = set(self.played)
        return [c for c in self.hand if c not in gone]

    def trace(self) -> np.ndarray:
        """The round so far as a trace (``int64[9, 6]``, see :mod:`jass_sim.jass.engine.round`): the
        finished tricks, then the current trick's leader and cards; the rest 0."""
        trace = np.zeros((9, 6), dtype=np.int64)
        for t, trick in enumerate(self.tricks):
            trace[t, 0] = trick["leader"]
            trace[t, 1:5] = trick["cards"]
            trace[t, 5] = trick["winner"]
        if len(self.tricks) < 9:
            trace[len(self.tricks), 0] = self.trick_leader
            trace[len(self.tricks), 1:1 + len(self.trick)] = self.trick
        return trace

    @property
    def banked(self) -> list[int]:
        """Card points of the finished tricks, team 0 and team 1."""
        pts = [0, 0]
        for t in self.tricks:
            pts[t["winner"] % 2] += t["points"]
        return pts

    @property
    def tricks_won(self) -> list[int]:
        won = [0, 0]
        for t in self.tricks:
            won[t["winner"] % 2] += 1
        return won

    def counts(self) -> list[int]:
        """Cards each seat holds now."""
        n = len(self.tricks)
        return [HAND_SIZE - n - (1 if ((s - self.trick_leader) & 3) < len(self.trick) else 0) for s in range(4)]

    def view_hands(self) -> np.ndarray:
        """``uint64[4]`` for :func:`jass_sim.jass.players.search.sample_hands`: seat 0's hand,
        and for each other seat its shown cards not yet played plus filler bits above card 35 (never
        dealt) up to its number of cards, since the sampler reads only those two things."""
        out = np.zeros(4, dtype=np.uint64)
        out[0] = cards_to_mask(self.remaining)
        played = set(self.played)
        counts = self.counts()
        for s in range(1, 4):
            fixed = [c for c in self.shown[s] if c not in played]
            filler = sum(1 << (N_CARDS + k) for k in range(counts[s] - len(fixed)))
            out[s] = np.uint64(int(cards_to_mask(fixed)) | filler)
        return out

    def to_json(self) -> dict:
        """The position echoed back: mode, seats, cards in letter notation."""
        return {"hand": [format_card(c) for c in self.hand], "mode": mode_name(self.mode),
                "chooser": self.chooser, "chibred": self.chibred, "leader": self.leader,
                "played": [format_card(c) for c in self.played],
                "melds": {str(s): [format_card(c) for c in cs] for s, cs in enumerate(self.shown) if cs},
                "trick": [format_card(c) for c in self.trick], "trick_leader": self.trick_leader,
                "tricks_played": len(self.tricks), "points_so_far": self.banked,
                "legal": [format_card(c) for c in self.legal]}


def _void_name(seat: int, suit: int, mode: int) -> str:
    what = "trump" if suit == mode else SUIT_SYMBOLS[suit]
    return f"seat {seat} has shown it holds no {what}"


def _meld_problem(cards: list[int], four_points) -> tuple[str, int] | None:
    """``None`` when ``cards`` split into valid melds (runs of 3 or more cards of one suit, each
    announced whole, and fours of a kind that score under ``four_points``); else ``(why, card)``."""
    have = set(cards)
    fours = [r for r in range(9) if four_points[r] > 0 and all(s * 9 + r in have for s in range(4))]
    first_problem = None
    for pick in range(1 << len(fours)):  # which fours are melded (a card is in at most one meld)
        rest = have - {s * 9 + fours[i] for i in range(len(fours)) if pick >> i & 1 for s in range(4)}
        problem = None
        for c in sorted(rest):
            if c - 1 in rest and (c - 1) // 9 == c // 9:
                continue  # not the start of a run
            length = 1
            while c + length in rest and (c + length) // 9 == c // 9:
                length += 1
            if length < 3:
                problem = (c, length)
                break
        if problem is None:
            return None
        if first_problem is None or pick == (1 << len(fours)) - 1:
            first_problem = problem
    c, length = first_problem
    rank = c % 9
    if sum(1 for s in range(4) if s * 9 + rank in have) == 4 and four_points[rank] == 0:
        why = f"four {RANK_PLURAL[rank]} are not a meld under these rules"
    else:
        why = (f"{format_card(c)} is in no meld (a run of 3 or more cards of one suit, or four of a kind; "
               "stöck is not shown)")
    return why, c


RANK_PLURAL = ("6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks", "As")


def check_shown_melds(shown, four_points=None) -> None:
    """Refuse meld cards that no announcement could have shown (:class:`InputError` naming a card).

    Each seat's cards must split into valid melds (see ``docs/rules.md``: runs of 3 or more cards of
    one suit, announced whole; four of a kind of a rank that scores under the rules); no card is
    shown twice; and only one team shows melds, since only the team with the best meld scores its
    melds.

    Parameters
    ----------
    shown : dict or list
        Meld cards by seat (``{seat: [card, ...]}`` or a list of four lists).
    four_points : sequence of 9 int, optional
        Points of four of a kind by rank 6..A (0: not a meld); default the ``chibre`` rules'.
    """
    from jass_sim.jass.rules.presets import FOUR_OF_KIND

    four_points = FOUR_OF_KIND if four_points is None else four_points
    items = [(int(s), [int(c) for c in cs]) for s, cs in (shown.items() if isinstance(shown, dict)
                                                          else enumerate(shown or []))]
    team = None
    for s, cards in items:
        if not cards:
            continue
        dup = [c for i, c in enumerate(cards) if c in cards[:i]]
        if dup:
            raise InputError(f"meld card {format_card(dup[0])} of seat {s} is shown twice", format_card(dup[0]))
        problem = _meld_problem(cards, four_points)
        if problem is not None:
            why, c = problem
            raise InputError(f"seat {s} shows {' '.join(format_card(x) for x in cards)}: {why}", format_card(c))
        if team is not None and s % 2 != team[0] % 2:
            raise InputError(f"seat {team[0]} shows {' '.join(format_card(x) for x in team[1])} and seat {s} "
                             f"{' '.join(format_card(x) for x in cards)}, but only the team with the best meld "
                             "scores (and shows) its melds", format_card(cards[0]))
        team = team or (s, cards)


def build_position(hand, mode: int, leader: int, played, shown=None, *, chooser: int | None = None,
                   chibred: bool = False, hands=None, require_turn: bool = True,
                   four_points=None) -> Position:
    """Check a history and derive the position; raise :class:`InputError` naming the bad token.

    Parameters
    ----------
    hand : list of int
        Seat 0's 9 dealt cards.
    mode : int
        0..5.
    leader : int
        Seat that led the first trick.
    played : list of int
        Cards played, in order (duplicates are reported).
    shown : dict or list, optional
        Meld cards shown, by seat.
    chooser : int, optional
        Who chose the mode: the leader, or its partner after a chibre (the default).
    chibred : bool
        The leader chibred and its partner chose.
    hands : list of 4 lists, optional
        All four dealt hands: every play is then checked against its seat's hand.
    require_turn : bool
        Require that seat 0 is to play (``legal`` is filled whenever it is, and empty otherwise).
    four_points : sequence of 9 int, optional
        The rules' four-of-a-kind points (which fours are melds); default ``chibre``'s.
    """
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
        raise InputError(f"seat 0's hand needs 9 different cards, got {len(hand)}", " ".join(map(format_card, hand)))
    if not 0 <= leader <= 3:
        raise InputError(f"--leader must be a seat 0..3, got {leader}", str(leader))
    expected = (leader + 2) % 4 if chibred else leader
    if chooser is None:
        chooser = expected
    if chooser != expected:
        why = "after a chibre the leader's partner chooses" if chibred else "the chooser leads the first trick"
        raise InputError(f"chooser {chooser} does not fit leader {leader}: {why}", str(chooser))
    shown_lists: list[list[int]] = [[], [], [], []]
    for s, cards in (shown.items() if isinstance(shown, dict) else enumerate(shown or [])):
        if not 0 <= int(s) <= 3:
            raise InputError(f"meld seat must be 0..3, got {s}", str(s))
        shown_lists[int(s)].extend(int(c) for c in cards)
    check_shown_melds(shown_lists, four_points)
    owner: dict[int, int] = {}
    for s, cards in enumerate(shown_lists):
        for c in cards:
            if c in owner and owner[c] != s:
                raise InputError(f"meld card {format_card(c)} is shown by seats {owner[c]} and {s}", format_card(c))
            owner[c] = s
            if (s == 0) != (c in hand):
                where = "is not in seat 0's hand" if s == 0 else "is in seat 0's hand"
                raise InputError(f"meld card {format_card(c)} of seat {s} {where}", format_card(c))
            if hands is not None and c not in hands[s]:
                raise InputError(f"meld card {format_card(c)} is not in seat {s}'s hand", format_card(c))
    pos = Position(list(hand), int(mode), int(leader), int(chooser), bool(chibred), [], shown_lists,
                   trick_leader=int(leader), hands=[list(h) for h in hands] if hands is not None else None)
    held = [set(h) for h in hands] if hands is not None else None
    mine = set(hand)
    seen: set[int] = set()
    for c in played:
        c = int(c)
        token = format_card(c)
        if len(pos.tricks) == HAND_SIZE:
            raise InputError(f"the round is over after 36 cards; {token} is one too many", token)
        if c in seen:
            raise InputError(f"card {token} is played twice", token)
        seat = (pos.trick_leader + len(pos.trick)) & 3
        if seat == 0 and c not in mine:
            raise InputError(f"seat 0 plays {token}, which is not in its hand", token)
        if seat != 0 and c in mine:
            raise InputError(f"seat {seat} plays {token}, which is in seat 0's hand", token)
        if c in owner and owner[c] != seat:
            raise InputError(f"seat {seat} plays {token}, which seat {owner[c]} showed in a meld", token)
        if held is not None and c not in held[seat]:
            raise InputError(f"seat {seat} plays {token}, which is not in its hand", token)
        if seat != 0 and not may_hold(pos.voids, seat, c, mode):
            raise InputError(f"seat {seat} plays {token} although {_void_name(seat, c // 9, mode)}", token)
        if pos.trick:
            led, best = current_trick(pos.trick, mode)
            if seat == 0 or held is not None:
                now = cards_to_mask((mine if seat == 0 else held[seat]) - seen)
                if not (int(legal_follow(now, led, best, mode)) >> c) & 1:
                    raise InputError(f"seat {seat} may not play {token} here: "
                                     f"{follow_refusal(seat, c, now, led, best, mode, you=seat == 0)}", token)
            pos.voids = int(void_shown(pos.voids, c, seat, led, mode))
        seen.add(c)
        pos.played.append(c)
        pos.trick.append(c)
        if len(pos.trick) == 4:
            winner, points = trick_outcome(pos.trick_leader, pos.trick, len(pos.tricks), mode)
            pos.tricks.append({"leader": pos.trick_leader, "cards": list(pos.trick), "winner": winner,
                               "points": points})
            pos.trick_leader = winner
            pos.trick = []
    _check_shown_and_voids(pos, owner, seen)
    over = len(pos.tricks) == HAND_SIZE
    to_move = (pos.trick_leader + len(pos.trick)) & 3
    if require_turn:
        if over:
            raise InputError("the round is over: all 36 cards are played", format_card(pos.played[-1]))
        if to_move != 0:
            last = format_card(pos.played[-1]) if pos.played else "--leader"
            raise InputError(f"it is seat {to_move}'s turn after {plural(len(pos.played), 'card')}, not seat 0's "
                             f"(last card {last})", last)
    if not over and to_move == 0:  # seat 0's legal cards, whenever it is its turn
        now = cards_to_mask(mine - seen)
        if pos.trick:
            now = legal_follow(now, *current_trick(pos.trick, mode), mode)
        pos.legal = [x for x in range(N_CARDS) if (int(now) >> x) & 1]
    _check_feasible(pos)
    return pos


def _check_shown_and_voids(pos: Position, owner: dict[int, int], seen: set[int]) -> None:
    counts = pos.counts()
    for s in range(1, 4):
        left = [c for c in pos.shown[s] if c not in seen]
        if len(left) > counts[s]:
            raise InputError(f"seat {s} has {plural(counts[s], 'card')} left but {plural(len(left), 'unplayed meld card')}",
                             format_card(left[-1]))
        for c in left:
            if not may_hold(pos.voids, s, c, pos.mode):
                raise InputError(f"meld card {format_card(c)} is still out although "
                                 f"{_void_name(s, c // 9, pos.mode)}", format_card(c))


def _check_feasible(pos: Position) -> None:
    """Hall's condition: the unseen cards can be dealt to seats 1..3 within their counts, voids and
    shown cards (else no deal is consistent with the history)."""
    counts = pos.counts()
    seen = set(pos.played) | set(pos.hand)
    fixed = {c for s in range(1, 4) for c in pos.shown[s]} - seen
    cap = [counts[s] - len([c for c in pos.shown[s] if c not in seen]) for s in range(1, 4)]
    kinds: dict[int, int] = {}
    for c in range(N_CARDS):
        if c in seen or c in fixed:
            continue
        t = 0
        for j, s in enumerate(range(1, 4)):
            if may_hold(pos.voids, s, c, pos.mode):
                t |= 1 << j
        kinds[t] = kinds.get(t, 0) + 1
    if sum(kinds.values()) != sum(cap):
        raise InputError("the cards seen do not add up", "--played")
    for sub in range(1, 8):
        need = sum(n for t, n in kinds.items() if t & ~sub == 0)
        if need > sum(cap[j] for j in range(3) if sub >> j & 1):
            seats = ", ".join(str(j + 1) for j in range(3) if sub >> j & 1)
            raise InputError(f"no deal fits the history: seats {seats} would have to hold {need} cards of the "
                             "suits the others have shown they lack", "--played")


def rotate_seat(seat: int, me: int) -> int:
    """Seat number of ``seat`` when seat ``me`` is renumbered 0 (playing order kept)."""
    return (seat - me) & 3

