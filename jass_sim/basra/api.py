"""The Basra API, ``jass_sim.basra.replay``, ``simulate``, ``duel``, ``advise`` and ``report``: the
functions behind ``jass-sim basra ...``, each result with ``to_json()`` equal to the command's
JSON output."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jass_sim.basra.arg_kinds import api_args
from jass_sim.core.lazy import lazy_exports

if TYPE_CHECKING:  # the result classes, for the annotations only (imported on first use)
    from jass_sim.basra.results import Advice, BasraRound, Figures
    from jass_sim.core.report.write import ReportFiles

__all__ = ["replay", "simulate", "duel", "advise", "report"]

# The result classes live in jass_sim.basra.results; importable from here too, loaded on first use.
__getattr__ = lazy_exports(__name__, {**dict.fromkeys(("BasraRound", "Figures", "Advice"), "jass_sim.basra.results"),
                                      "ReportFiles": "jass_sim.core.report.write"})


def _check_search_samples(players, samples) -> None:
    """``samples`` is read only by the search players: refuse it otherwise (it would be dropped)."""
    from jass_sim.core.errors import InputError

    names = {str(p).strip().lower() for p in players}
    if samples is not None and not any(n.startswith("search") for n in names):
        raise InputError(f"--samples {samples} applies only to the search players, and none plays "
                         f"({', '.join(sorted(names))})", "--samples")

@api_args()
def replay(seed: int, *, players: int = 2, rules: str = "leaflet", policy: str = "greedy",
           dealer: int | None = None, samples: int | None = None) -> BasraRound:
    """Deal one round from ``seed`` and record every move with its capture and points
    (``jass-sim basra replay``).

    Wraps the round kernel :func:`jass_sim.basra._play.play_round` (through
    :func:`jass_sim.basra.engine.replay_round`). ``table`` has one row per move.

    Parameters
    ----------
    seed : int
        Seed of the deal.
    players : int
        2, or 4 in two teams.
    rules : str
        ``leaflet``, or variants joined by ``+``: ``seven-diamonds``, ``majority-30``, ``compulsory``.
    policy : str
        Player at every seat: ``random``, ``greedy``, ``search``, ``search-nomem``.
    dealer : int, optional
        Dealer seat (default the last seat, so seat 0 starts).
    samples : int, optional
        Worlds sampled per decision by the search players (default 8).
    """
    from jass_sim.basra.engine import check_players, replay_round
    from jass_sim.basra.results import BasraRound
    from jass_sim.basra.rules import get_rules

    _check_search_samples([policy], samples)
    return BasraRound(replay_round(seed, check_players(players), get_rules(rules), policy, dealer, samples))


@api_args(games="whole0")
def simulate(*, policy: str = "random", deals: int = 10_000, players: int = 2, rules: str = "leaflet",
             games: int = 1000, seed: int = 0, samples: int | None = None, threads: int | None = None,
             progress=None) -> Figures:
    """Every seat plays ``policy``: points and Basras per deal, first-player advantage, win rate
    to 101 (``jass-sim basra simulate``).

    Wraps the parallel kernels of :mod:`jass_sim.basra._batch` (through
    :func:`jass_sim.basra.analysis.simulate_table`).

    Parameters
    ----------
    policy : str
        ``random``, ``greedy``, ``search`` or ``search-nomem``.
    deals : int
        Deals, each played twice (each side starting once).
    games : int
        Games to 101, each played twice (0: none).
    players, rules, samples :
        As for :func:`replay`.
    seed : int
        Root seed (the same figures on any number of ``threads``).
    progress : callable, optional
        Called with the deals and games played so far, a few times a second.
    """
    from jass_sim.basra.analysis import simulate_table
    from jass_sim.basra.engine import check_players, player_params
    from jass_sim.basra.results import Figures
    from jass_sim.basra.rules import get_rules

    r = get_rules(rules)
    _check_search_samples([policy], samples)
    table = simulate_table(deals, check_players(players), r, policy, games, seed, player_params(samples), threads,
                           progress)
    return Figures(table, {"command": "simulate", "policy": policy, "players": players, "rules": r.name,
                           "deals": deals, "games": games, "seed": seed})


@api_args(games="whole0")
def duel(player_a: str, player_b: str, *, deals: int = 10_000, players: int = 2, rules: str = "leaflet",
         games: int = 1000, seed: int = 0, samples: int | None = None, threads: int | None = None,
         progress=None) -> Figures:
    """Player A against player B on duplicate deals, each deal and game played twice with the
    sides swapped (``jass-sim basra duel``).

    Wraps the parallel kernels of :mod:`jass_sim.basra._batch` (through
    :func:`jass_sim.basra.analysis.duel_table`).

    Parameters
    ----------
    player_a, player_b : str
        The players of the two sides: ``random``, ``greedy``, ``search``, ``search-nomem``.
    deals, players, rules, games, seed, samples, threads, progress :
        As for :func:`simulate`.
    """
    from jass_sim.basra.analysis import duel_table
    from jass_sim.basra.engine import check_players, player_params
    from jass_sim.basra.results import Figures
    from jass_sim.basra.rules import get_rules

    r = get_rules(rules)
    _check_search_samples([player_a, player_b], samples)
    table = duel_table(player_a, player_b, deals, check_players(players), r, games, seed, player_params(samples),
                       threads, progress)
    return Figures(table, {"command": "duel", "player_a": player_a, "player_b": player_b, "players": players,
                           "rules": r.name, "deals": deals, "games": games, "seed": seed})


@api_args(horizon="name")
def advise(hand: str, *, table: str = "", played: str = "", players: int = 2, rules: str = "leaflet",
           samples: int = 2000, piles=None, last_capture: str | None = None, horizon: str = "round",
           seed: int = 0, threads: int | None = None, progress=None) -> Advice:
    """Which card to play: the expected points of our side for each card, with paired 95% CIs
    (``jass-sim basra advise``).

    Wraps the parallel kernel :func:`jass_sim.basra._batch.advise_blocks` (through
    :func:`jass_sim.basra.advice.advise`).

    Parameters
    ----------
    hand : str
        Our cards, e.g. ``"HJ D10 C5 S3 HK H7"``.
    table, played : str
        The cards face up on the table, and the cards already captured this round (by anyone).
    piles : str or (int, int), optional
        ``"US,THEM"``: cards captured so far by each side (default: the played cards split evenly).
    last_capture : str, optional
        ``us`` or ``them`` (default: them once cards were played).
    horizon : str
        ``round`` or ``deal``: how far to play out.
    samples, seed, threads :
        Worlds of the unseen cards sampled (at most 1,000,000: :data:`jass_sim.basra.arg_kinds.MEMORY_CAPS`),
        their seed, threads.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick` (the worlds done) first with 0 once the
        input is checked, then after every short kernel call (whole random-number blocks, so the
        answer for a seed does not depend on it); raise :class:`~jass_sim.core.errors.Cancelled`
        in it to stop.
    """
    from jass_sim.basra.advice import advise as run
    from jass_sim.basra.cards import check_disjoint, parse_cards
    from jass_sim.basra.engine import check_players
    from jass_sim.basra.results import Advice
    from jass_sim.basra.rules import get_rules
    from jass_sim.core.errors import InputError, check_choice

    horizon = check_choice("--horizon", horizon, ("round", "deal"))
    if last_capture is not None:
        last_capture = check_choice("--last-capture", last_capture, ("us", "them"))
    n = check_players(players)
    h = parse_cards(hand, "--hand", at_most=6)
    t = parse_cards(table, "--table")
    p = parse_cards(played, "--played")
    check_disjoint({"--hand": h, "--table": t, "--played": p})
    pile_counts = None
    if piles is not None:
        try:
            pile_counts = tuple(int(x) for x in (piles.split(",") if isinstance(piles, str) else piles))
        except ValueError:
            pile_counts = ()
        if len(pile_counts) != 2 or min(pile_counts) < 0:
            raise InputError(f"--piles must be two counts US,THEM, got {piles!r}", str(piles))
    return Advice(run(h, t, p, n, get_rules(rules), samples, seed, pile_counts, last_capture, horizon, threads,
                      progress=progress))


@api_args()
def report(output: str, *, players: int = 2, rules: str = "leaflet", positions: int = 200, samples: int = 200,
           deals: int = 20_000, games: int = 500, search_deals: int = 200, seed: int = 0,
           threads: int | None = None, command: str | None = None, progress=None) -> ReportFiles:
    """Write a short strategy report to the directory ``output``: when to spend a Jack, what to
    lay on an empty table, the value of remembering played cards, the variants (``index.md``,
    ``index.html``, PNGs, CSVs; ``jass-sim basra report``).

    Wraps the advise kernel :func:`jass_sim.basra._batch.advise_blocks` and the batch kernels
    (through :func:`jass_sim.basra.strategy_report.build_report`).

    Parameters
    ----------
    positions, samples :
        Positions sampled for the Jack and empty-table sections (each), worlds per position.
    deals, games :
        Deals and games to 101 per rule set (variants section).
    search_deals : int
        Duplicate deals of ``search`` against ``search-nomem`` (memory section).
    command : str, optional
        The command line printed in the report (default: the equivalent ``jass-sim basra report``).
    progress : callable, optional
        Called with a short message as each section starts.
    """
    from jass_sim.basra.engine import check_players
    from jass_sim.basra.rules import get_rules
    from jass_sim.basra.strategy_report import build_report, write_report
    from jass_sim.core.report.write import ReportFiles, check_report_dir

    check_report_dir(output)
    if command is None:
        command = (f"jass-sim basra report --players {players} --rules {rules} --positions {positions} "
                   f"--samples {samples} --deals {deals} --games {games} --search-deals {search_deals} "
                   f"--seed {seed} -o {output}")
    rep = build_report(check_players(players), get_rules(rules), seed, positions, samples, deals, games,
                       search_deals, threads, command, progress)
    return ReportFiles(output, rep, write_report(rep, output))
