"""The category values: each form's Coiffeur points for a random hand, estimated once by simulation
and shipped as a table (``jass_sim/jass/data/coiffeur/values-<policy>.npz``; rebuilt by
``scripts/build_coiffeur_values.py``).

The table holds ``n_hands`` random hands of the declarer (seat 0, who leads), each played on
``n_deals`` deals of the 27 other cards in every form (the same deals for every form:
:func:`~jass_sim.jass.coiffeur.hand.hand_points`). The per-hand means are the "future hands" of
the match plan; the per-deal points give each category's distribution for a random hand and the
rounds of simulated matches. The table's last axis is the round modes of ``modes``; the shipped
table has every round mode 0..36 (:data:`~jass_sim.jass.coiffeur.hand.ALL_MODES`), so a column is
its mode's code and every category's forms are there (the six chibre modes were built first, the
new forms added on the same hands and deals: ``scripts/build_coiffeur_values.py --extend``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.rng import block_states, shuffle
from jass_sim.jass.coiffeur.hand import ADVISE_BLOCK, MODES, hand_points
from jass_sim.jass.coiffeur.presets import CoiffeurRules
from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES
from jass_sim.jass.streams import STREAMS

#: The policies a table is shipped for.
SHIPPED_POLICIES = ("net",)


@dataclass
class ValueTable:
    """Per-deal Coiffeur points of the table's hands.

    Attributes
    ----------
    policy : str
        The card player of all four seats.
    seed : int
        The root seed of the hands and deals.
    hands : numpy.ndarray
        ``uint64[K]``: the declarer's hands.
    ours, theirs : numpy.ndarray
        ``int16[K, D, M]``: the declaring team's and the opponents' points, hand ``k``, deal ``d``,
        form ``modes[m]``.
    modes : tuple of int
        The play-step modes of the last axis.
    """

    policy: str
    seed: int
    hands: np.ndarray
    ours: np.ndarray
    theirs: np.ndarray
    modes: tuple[int, ...] = MODES

    @property
    def n_hands(self) -> int:
        return self.ours.shape[0]

    @property
    def n_deals(self) -> int:
        return self.ours.shape[1]

    @property
    def n(self) -> int:
        """Rounds in the table (hands x deals)."""
        return self.n_hands * self.n_deals

    def columns(self, modes) -> np.ndarray:
        """``int[len(modes)]``: the columns of the round modes ``modes``; an InputError when the
        table lacks one (a table built before the new forms)."""
        missing = [ROUND_MODE_NAMES[m] for m in modes if m not in self.modes]
        if missing:
            raise InputError(f"the {self.policy} Coiffeur value table has no column for {', '.join(missing)} "
                             f"(rebuild it with scripts/build_coiffeur_values.py)", missing[0])
        return np.array([self.modes.index(m) for m in modes], dtype=np.int64)

    def hand_means(self) -> tuple[np.ndarray, np.ndarray]:
        """``(ours, theirs)``, ``float64[K, M]``: each hand's mean points per form."""
        return self.ours.mean(axis=1), self.theirs.mean(axis=1)

    def save_npz(self, path) -> None:
        import io

        from jass_sim.core.files import write_atomic

        buf = io.BytesIO()
        np.savez_compressed(buf, hands=self.hands, ours=self.ours, theirs=self.theirs,
                            modes=np.asarray(self.modes, dtype=np.int64), meta=np.array([self.seed]),
                            names=np.array([self.policy]))
        write_atomic(str(path), buf.getvalue())


def load_npz(path) -> ValueTable:
    with np.load(path) as z:
        return ValueTable(str(z["names"][0]), int(z["meta"][0]), z["hands"], z["ours"], z["theirs"],
                          tuple(int(m) for m in z["modes"]))


def shipped_path(policy: str):
    return resources.files("jass_sim.jass.data").joinpath("coiffeur", f"values-{policy}.npz")


@lru_cache(maxsize=4)
def shipped_values(policy: str = "net") -> ValueTable:
    """The table shipped for ``policy``; an InputError when there is none."""
    path = shipped_path(policy) if policy in SHIPPED_POLICIES else None
    if path is None or not path.is_file():
        raise InputError(f"--policy: no shipped Coiffeur value table for {policy!r} "
                         f"(shipped: {', '.join(SHIPPED_POLICIES)})", policy)
    return load_npz(path)


def random_hands(seed: int, n: int, stream: int = STREAMS["jass.coiffeur-values"]) -> np.ndarray:
    """``uint64[n]``: ``n`` uniformly random 9-card hands from random stream ``stream`` (default the
    table's)."""
    state = block_states(seed, 0, 1, stream)[0]
    deck = np.arange(36, dtype=np.int64)
    out = np.zeros(n, dtype=np.uint64)
    for k in range(n):
        shuffle(state, deck, 36)
        out[k] = np.uint64(sum(1 << int(c) for c in deck[:9]))
    return out


def build_values(policies, policy_name: str, *, seed: int, n_hands: int, n_deals: int, params=None,
                 first_hand: int = 0, progress=None, modes=MODES) -> ValueTable:
    """Play hands ``first_hand .. first_hand + n_hands`` of the stream on ``n_deals`` deals each
    (a multiple of :data:`ADVISE_BLOCK`; hand ``k`` on samples ``k * n_deals ..`` of ``advise``'s
    stream, so every hand has deals of its own) in each round mode of ``modes``."""
    modes = tuple(int(m) for m in modes)
    if n_deals % ADVISE_BLOCK:
        raise InputError(f"--deals must be a multiple of {ADVISE_BLOCK}, got {n_deals}", str(n_deals))
    hands = random_hands(seed, first_hand + n_hands)[first_hand:]
    ours = np.zeros((n_hands, n_deals, len(modes)), dtype=np.int16)
    theirs = np.zeros_like(ours)
    for j, hand in enumerate(hands):
        k = first_hand + j
        o, t = hand_points(int(hand), policies, seed=seed, first_sample=k * n_deals, n_samples=n_deals,
                           params=params, modes=modes)
        ours[j], theirs[j] = o, t
        if progress is not None:
            progress(j + 1)
    return ValueTable(policy_name, seed, hands, ours, theirs, modes)


def merge_modes(a: ValueTable, b: ValueTable) -> ValueTable:
    """One table with the columns of ``a`` then those of ``b`` (the same hands, deals and seed:
    ``b`` played the other modes of the same samples), sorted by mode code."""
    if a.seed != b.seed or a.policy != b.policy or not np.array_equal(a.hands, b.hands) or a.n_deals != b.n_deals:
        raise ValueError("the tables to merge differ in their hands, deals, seed or policy")
    if set(a.modes) & set(b.modes):
        raise ValueError("the tables to merge share a mode")
    modes = a.modes + b.modes
    order = np.argsort(modes, kind="stable")
    ours = np.concatenate([a.ours, b.ours], axis=2)[:, :, order]
    theirs = np.concatenate([a.theirs, b.theirs], axis=2)[:, :, order]
    return ValueTable(a.policy, a.seed, a.hands, ours, theirs, tuple(int(modes[i]) for i in order))


def slot_forms(table_means: np.ndarray, rules: CoiffeurRules, theirs_means: np.ndarray | None = None,
               columns=None) -> np.ndarray:
    """``int[K, n]``: for each hand and category slot, the index (into the table's modes, the
    columns of the means: the shipped table's columns are the mode codes) of the form the declarer
    plays: the category's only form, or for a joker, Slalom, Guschti, Misère and 3x3 the form of the
    best mean (``ours``, or ``ours - theirs`` when both teams' points are written) - the declarer
    knows its hand when it names the form (Slalom-Obe or -Une, a 3x3's trump and order, ...)."""
    score = table_means if theirs_means is None else table_means - theirs_means
    out = np.zeros((score.shape[0], len(rules.categories)), dtype=np.int64)
    for i, cat in enumerate(rules.categories):
        cols = np.array(cat.modes, dtype=np.int64) if columns is None else columns(cat.modes)
        out[:, i] = cols[np.argmax(score[:, cols], axis=1)]
    return out


def slot_gains(table: ValueTable, rules: CoiffeurRules) -> tuple[np.ndarray, np.ndarray]:
    """``(G, forms)``: ``G[k, i]`` the margin hand ``k`` is expected to bring its team in slot ``i``
    (points times multiplier; minus the opponents' when both are written) and ``forms[k, i]``."""
    rules.check_playable()
    ours, theirs = table.hand_means()
    forms = slot_forms(ours, rules, theirs if rules.both_written else None, table.columns)
    k = np.arange(ours.shape[0])[:, None]
    gain = ours[k, forms] - (theirs[k, forms] if rules.both_written else 0.0)
    return gain * np.asarray(rules.multipliers, dtype=np.float64)[None, :], forms


