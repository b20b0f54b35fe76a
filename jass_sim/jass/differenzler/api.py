"""The Differenzler's public functions (``jass_sim.differenzler.advise`` etc.): ``advise``,
``play_advice``, ``replay``, ``simulate``, ``games``, each returning a :class:`~jass_sim.core.result.Result`."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.differenzler.advise import Announcement, advise
from jass_sim.jass.differenzler.play_advice import DiffPlayAdvice, play_advice
from jass_sim.jass.differenzler.players import DEFAULT_PLAYER, PLAYERS
from jass_sim.jass.differenzler.rules import check_seat, get_rules

__all__ = ["Announcement", "DiffPlayAdvice", "DiffRound", "GameTable", "PenaltyTable", "advise", "games",
           "play_advice", "replay", "simulate"]

#: The most rounds ``simulate`` and games ``games`` may play.
MAX_ROUNDS = 50_000_000
MAX_GAMES = 4_000_000


def _players(policy: str | None, players) -> list[str]:
    """Four player names from ``players`` (``"a,b,c,d"`` or a list) or ``policy`` at every seat."""
    if players is None:
        names = [DEFAULT_PLAYER if policy is None else policy] * 4
    else:
        names = [p.strip() for p in players.split(",")] if isinstance(players, str) else list(players)
        if len(names) != 4:
            raise InputError(f"--players needs four players (seat 0 to 3), got {len(names)}: {players!r}", str(players))
    for n in names:
        PLAYERS.code(n, "--players" if players is not None else "--policy")
    return names


def _count(value, name: str, largest: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 1 <= value <= largest:
        raise InputError(f"{name} must be from 1 to {largest:,}, got {value!r}", str(value))
    return int(value)


class DiffRound(Result):
    """One played round (``differenzler replay``): the replay document, one table row per trick."""

    formats = ("text", "json")
    json_ascii = False

    def __init__(self, doc: dict):
        import pandas as pd

        super().__init__(doc, pd.DataFrame([{"trick": t + 1, **{k: v for k, v in trick.items() if k != "cards"},
                                             "cards": " ".join(trick["cards"])} for t, trick in enumerate(doc["tricks"])]))

    @property
    def heading(self) -> str:
        d = self._doc
        return (f"Differenzler round, seed {d['seed']}: dealer {d['dealer']}, trump card {d['trump_card']} ({d['mode']})"
                f"{', open announcements' if d.get('open') else ''}")

    def text(self) -> str:
        d = self._doc
        lines = [self.heading, ""]
        for s in range(4):
            lines.append(f"seat {s}: {' '.join(d['hands'][s])}")
        lines.append("")
        for t, trick in enumerate(d["tricks"]):
            lines.append(f"trick {t + 1}: seat {trick['leader']} leads {' '.join(trick['cards'])}  -> seat "
                         f"{trick['winner']} takes {trick['points']}")
        lines.append("")
        lines.append("seat  number  made  penalty")
        for s in range(4):
            lines.append(f"{s:4d}  {d['bids'][s]:6d}  {d['made'][s]:4d}  {d['penalties'][s]:7d}")
        return "\n".join(lines)


def _mean(m: float, ci) -> str:
    """A mean and its 95% CI in a column 23 wide."""
    return f"{m:6.2f} ({ci[0]:.2f} to {ci[1]:.2f})".ljust(23)


class PenaltyTable(Result):
    """``differenzler simulate``: each seat's mean penalty and points with 95% CIs, P(exact) (Wilson)."""

    @property
    def heading(self) -> str:
        d = self._doc
        return (f"Differenzler, {d['rounds']} rounds, {d['rules']}{', open announcements' if d.get('open') else ''}, "
                f"players {', '.join(d['players'])}")

    def text(self) -> str:
        lines = [self.heading, "", "seat  player   mean penalty (95% CI)    mean points (95% CI)     "
                                   "mean number (95% CI)     P(exact) (95% CI)"]
        for r in self._doc["seats"]:
            lines.append(f"{r['seat']:4d}  {r['player']:7s}  {r['mean_penalty']:6.2f} ({r['ci95_penalty'][0]:.2f} to "
                         f"{r['ci95_penalty'][1]:.2f})  {_mean(r['mean_points'], r['ci95_points'])}  "
                         f"{_mean(r['mean_bid'], r['ci95_bid'])}  "
                         f"{100 * r['p_exact']:.1f}% ({100 * r['ci95_exact'][0]:.1f} to {100 * r['ci95_exact'][1]:.1f})")
        return "\n".join(lines)


class GameTable(Result):
    """``differenzler games``: who wins whole games (the lowest total penalty), Wilson intervals."""

    @property
    def heading(self) -> str:
        d = self._doc
        return (f"Differenzler, {d['games']} games of {d['rounds_per_game']} rounds, {d['rules']}"
                f"{', open announcements' if d.get('open') else ''}, players {', '.join(d['players'])}")

    def text(self) -> str:
        lines = [self.heading, "", "seat  player   wins alone (95% CI)      mean total penalty (95% CI)"]
        for r in self._doc["seats"]:
            lines.append(f"{r['seat']:4d}  {r['player']:7s}  {100 * r['p_win']:5.1f}% ({100 * r['ci95_win'][0]:.1f} to "
                         f"{100 * r['ci95_win'][1]:.1f})  {r['mean_total']:8.1f} ({r['ci95_total'][0]:.1f} to "
                         f"{r['ci95_total'][1]:.1f})")
        t = self._doc["ties"]
        lines.append(f"tied for the lowest total: {100 * t['rate']:.1f}% of the games ({100 * t['ci95'][0]:.1f} to "
                     f"{100 * t['ci95'][1]:.1f})")
        return "\n".join(lines)


def replay(seed: int, rules: str = "differenzler", dealer: int = 0, policy: str = DEFAULT_PLAYER,
           players=None, bids=None, open: bool | None = None) -> DiffRound:
    """One round dealt from ``seed``: the four numbers (the fast announcer's, or ``bids``: four
    numbers ``"B,B,B,B"``), every trick, each seat's points and penalty. ``open``: open
    announcements (every number known to all during play; default: the preset's, secret).

    Examples
    --------
    >>> r = replay(1)
    >>> sum(r.to_json()["made"])
    157
    """
    from jass_sim.core.rng import check_seed
    from jass_sim.jass.differenzler.engine import replay_round
    from jass_sim.jass.differenzler.rules import check_bid

    seed = check_seed(seed)
    dealer = check_seat(dealer, "--dealer")
    names = _players(policy, players)
    numbers = None
    if bids is not None:
        items = [b.strip() for b in bids.split(",")] if isinstance(bids, str) else list(bids)
        if len(items) != 4:
            raise InputError(f"--bids needs four numbers (seat 0 to 3), got {len(items)}: {bids!r}", str(bids))
        numbers = [check_bid(b, "--bids") for b in items]
    return DiffRound(replay_round(seed, get_rules(rules, open=open), dealer, names, numbers))


def _penalties(rows, bonus):
    from jass_sim.jass.differenzler._batch import BIDS, MADE

    bids, made = rows[:, BIDS:BIDS + 4], rows[:, MADE:MADE + 4]
    return bids, made, np.abs(bids - made) - bonus * (bids == made)


def simulate(rounds: int = 100_000, rules: str = "differenzler", exact_bonus: int | None = None,
             policy: str = DEFAULT_PLAYER, players=None, seed: int = 0, threads: int | None = None,
             progress: Callable[[int], None] | None = None, open: bool | None = None) -> PenaltyTable:
    """Many rounds, the dealer moving on, every seat announcing with the fast announcer: each seat's
    mean penalty and points with 95% CIs, and P(exact) with its Wilson interval. ``open``: open
    announcements (the numbers known to all during play; default: the preset's, secret).

    Examples
    --------
    >>> t = simulate(2048, seed=1)
    >>> len(t.to_json()["seats"])
    4
    """
    from jass_sim.core.rng import check_seed
    from jass_sim.jass.differenzler.engine import run_rounds

    rounds = _count(rounds, "--rounds", MAX_ROUNDS)
    the_rules = get_rules(rules, exact_bonus=exact_bonus, open=open)
    names = _players(policy, players)
    seed = check_seed(seed)
    rows = run_rounds(rounds, seed, names, threads=threads, progress=progress, open_=the_rules.open,
                      bonus=the_rules.exact_bonus)
    bids, made, pen = _penalties(rows, the_rules.exact_bonus)
    seats = []
    for s in range(4):
        m, lo, hi = mean_ci(int(pen[:, s].sum()), int((pen[:, s] ** 2).sum()), rounds)
        exact = int((bids[:, s] == made[:, s]).sum())
        p, elo, ehi = wilson_ci(exact, rounds)
        _, plo, phi = mean_ci(int(made[:, s].sum()), int((made[:, s] ** 2).sum()), rounds)
        _, blo, bhi = mean_ci(int(bids[:, s].sum()), int((bids[:, s] ** 2).sum()), rounds)
        seats.append({"seat": s, "player": names[s], "mean_penalty": m, "ci95_penalty": [lo, hi],
                      "mean_points": float(made[:, s].mean()), "mean_bid": float(bids[:, s].mean()),
                      "p_exact": p, "ci95_exact": [elo, ehi], "ci95_points": [plo, phi], "ci95_bid": [blo, bhi]})
    import pandas as pd

    doc = {"rounds": rounds, "rules": the_rules.name, "exact_bonus": the_rules.exact_bonus, "open": the_rules.open,
           "players": names, "seed": seed, "seats": seats}
    table = pd.DataFrame([{k: v for k, v in r.items() if not k.startswith("ci95")} |
                          {f"ci95_{k}_{end}": r[f"ci95_{k}"][i] for k in ("penalty", "points", "bid", "exact")
                           for i, end in enumerate(("lo", "hi"))}
                          for r in seats])
    return PenaltyTable(doc, table)


def games(n_games: int = 10_000, rules: str = "differenzler", exact_bonus: int | None = None,
          rounds_per_game: int | None = None, policy: str = DEFAULT_PLAYER, players=None, seed: int = 0,
          threads: int | None = None, progress: Callable[[int], None] | None = None,
          open: bool | None = None) -> GameTable:
    """Whole games (12 rounds by default, the dealer moving on from seat 0; the lowest total penalty
    wins): each seat's rate of outright wins with its Wilson interval, its mean total penalty, and
    the rate of ties for the lowest total. ``open``: open announcements (default: the preset's, secret).

    Examples
    --------
    >>> g = games(200, seed=1)
    >>> round(sum(r["p_win"] for r in g.to_json()["seats"]) + g.to_json()["ties"]["rate"], 9)
    1.0
    """
    from jass_sim.core.rng import check_seed
    from jass_sim.jass.differenzler.engine import run_rounds

    n_games = _count(n_games, "--games", MAX_GAMES)
    the_rules = get_rules(rules, exact_bonus=exact_bonus, open=open)
    if rounds_per_game is not None:
        the_rules = the_rules.replace(rounds=_count(rounds_per_game, "--rounds", 1000))
    per = the_rules.rounds
    if per % 4:  # the dealer of round r is r mod 4 in the run: a game must start at dealer 0
        raise InputError(f"--rounds must be a multiple of 4 (each seat deals as often), got {per}", str(per))
    names = _players(policy, players)
    seed = check_seed(seed)
    rows = run_rounds(n_games * per, seed, names, threads=threads,
                      progress=None if progress is None else (lambda done: progress(done // per)),
                      open_=the_rules.open, bonus=the_rules.exact_bonus)
    _, _, pen = _penalties(rows, the_rules.exact_bonus)
    totals = pen.reshape(n_games, per, 4).sum(axis=1)
    low = totals.min(axis=1, keepdims=True)
    at_low = totals == low
    alone = at_low & (at_low.sum(axis=1, keepdims=True) == 1)
    seats = []
    for s in range(4):
        p, lo, hi = wilson_ci(int(alone[:, s].sum()), n_games)
        m, tlo, thi = mean_ci(int(totals[:, s].sum()), int((totals[:, s] ** 2).sum()), n_games)
        seats.append({"seat": s, "player": names[s], "wins": int(alone[:, s].sum()), "p_win": p, "ci95_win": [lo, hi],
                      "mean_total": m, "ci95_total": [tlo, thi]})
    ties = int((at_low.sum(axis=1) > 1).sum())
    tp, tlo, thi = wilson_ci(ties, n_games)
    import pandas as pd

    doc = {"games": n_games, "rounds_per_game": per, "rules": the_rules.name, "exact_bonus": the_rules.exact_bonus,
           "open": the_rules.open, "players": names, "seed": seed, "seats": seats,
           "ties": {"games": ties, "rate": tp, "ci95": [tlo, thi]}}
    table = pd.DataFrame([{"seat": r["seat"], "player": r["player"], "wins": r["wins"], "p_win": r["p_win"],
                           "ci95_win_lo": r["ci95_win"][0], "ci95_win_hi": r["ci95_win"][1],
                           "mean_total": r["mean_total"], "ci95_total_lo": r["ci95_total"][0],
                           "ci95_total_hi": r["ci95_total"][1]} for r in seats])
    return GameTable(doc, table)


def warm_up() -> None:
    """Compile (or load from Numba's cache) the kernels of the page's Differenzler jobs
    (``differenzler_advise``, ``differenzler_play_advice``) with tiny inputs."""
    advise("HJ H9 HA HK SA ST D6 C7 C8", "H6", samples=64, seed=0)
    play_advice("HJ H9 HA HK SA ST D6 C7 C8", "H6", 60, "SA S6 S7 S8", samples=16, seed=0)
