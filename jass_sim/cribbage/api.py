"""The Cribbage API, ``jass_sim.cribbage.score``, ``discard``, ``stats``, ``simulate``, ``replay``,
``play_advice``, ``review`` and ``report`` (the functions behind ``jass-sim cribbage ...``, each
result with ``to_json()`` equal to the command's JSON output), and the page's coached game:
``game_state``, ``bot_discard`` and ``rate_decision``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jass_sim.core.lazy import lazy_exports
from jass_sim.cribbage.arg_kinds import api_args

if TYPE_CHECKING:  # the result classes, for the annotations only (imported on first use)
    from jass_sim.core.report.write import ReportFiles
    from jass_sim.cribbage.game_review import CribReview
    from jass_sim.cribbage.pegging_advice import PegAdvice
    from jass_sim.cribbage.results import Discards, Game, Games, Score, Stats

__all__ = ["score", "discard", "stats", "simulate", "replay", "play_advice", "review", "report", "game_state",
           "bot_discard", "rate_decision"]

# The result classes live in jass_sim.cribbage.results; importable from here too, loaded on first use.
__getattr__ = lazy_exports(__name__, {**dict.fromkeys(("Score", "Discards", "Stats", "Games", "Game"),
                                                     "jass_sim.cribbage.results"),
                                      "ReportFiles": "jass_sim.core.report.write"})


def _unused(condition: bool, message: str, *values) -> None:
    """An InputError naming the first given value when ``condition`` says it has no use."""
    from jass_sim.core.errors import InputError

    given = [v for v in values if v is not None]
    if condition and given:
        raise InputError(message, str(given[0]))


@api_args()
def score(hand: str, starter: str, *, crib: bool = False) -> Score:
    """Points of four cards with the starter, each combination listed (``jass-sim cribbage score``).

    Wraps the scoring kernel of :mod:`jass_sim.cribbage._scoring` (through
    :func:`jass_sim.cribbage.scoring.score` and ``combinations_of``).

    Parameters
    ----------
    hand : str
        Four cards, e.g. ``"5H 5D JS 6C"``.
    starter : str
        The starter (cut) card, e.g. ``"5C"``.
    crib : bool
        Score as a crib (a flush counts only with all five cards).
    """
    from jass_sim.cribbage.results import Score
    from jass_sim.cribbage.scoring import parse_hand

    cards, start = parse_hand(hand, starter)
    return Score(cards, start, crib)


@api_args(dealer="flag")
def discard(hand: str, *, dealer: bool, opponent: str = "random", pegging: bool = False, score: str | None = None,
            exact: bool = False, samples: int | None = None, seed: int | None = None, progress=None) -> Discards:
    """All 15 discards of six cards, ranked by net expectation (``jass-sim cribbage discard``).

    Wraps the enumeration kernels of :mod:`jass_sim.cribbage._exact` and the Monte Carlo kernels
    of :mod:`jass_sim.cribbage._model` (through :func:`jass_sim.cribbage.discards.discard_options`).

    Parameters
    ----------
    hand : str
        Six cards, e.g. ``"5H 5D JS 6C 4H KD"``.
    dealer : bool
        True if the crib is yours (counted plus), False if the opponent's (minus).
    opponent : str
        ``random`` (his two crib cards uniform, exact) or ``model`` (sampled, the expect player).
    pegging : bool
        Add sampled pegging points (greedy play) with 95% CIs; rank by hand + crib + pegging.
    score : str, optional
        ``"YOURS:THEIRS"`` before this hand: rank by the sampled chance to win the game.
    exact : bool
        Exact figures only (the default analysis): refuse the sampled options (``--opponent
        model``, ``--pegging``, ``--score``) with an InputError naming ``--exact``.
    samples, seed : int, optional
        Sampled opponent hands (default 2,000) and their seed (default 0); only when sampling.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the input is checked, then after
        each step (see :func:`jass_sim.cribbage.discards.discard_options`); raise
        :class:`~jass_sim.core.errors.Cancelled` in it to stop. The answer does not depend on it.
    """
    from jass_sim.core.errors import InputError, check_choice
    from jass_sim.cribbage.discards import discard_options, parse_score, parse_six
    from jass_sim.cribbage.results import Discards

    opponent = check_choice("--opponent", opponent, ("random", "model"))
    cards = parse_six(hand)
    if dealer is None:
        raise InputError("say whose crib it is: --dealer or --pone", "--dealer/--pone")
    if exact:
        for flag, given in (("--opponent model", opponent == "model"), ("--pegging", pegging),
                            ("--score", score is not None)):
            if given:
                raise InputError(f"--exact asks for exact figures only; {flag} is sampled (drop one of them)",
                                 "--exact")
    score_pair = parse_score(score) if score is not None else None
    sampled = opponent == "model" or pegging or score_pair is not None
    _unused(not sampled, "--samples and --seed apply only with --opponent model, --pegging or --score",
            samples, seed)
    samples = 2000 if samples is None else samples
    seed = 0 if seed is None else seed
    options = discard_options(cards, dealer, opponent, samples, seed, pegging, score_pair, progress=progress)
    return Discards(cards, "dealer" if dealer else "pone", opponent, options, samples, seed, pegging, score_pair)


@api_args(hands="whole")
def stats(*, exact: bool = False, hands: int | None = None, seed: int | None = None, crib_pairs: bool = False,
          samples: int | None = None) -> Stats:
    """Distribution of hand and crib scores; with ``crib_pairs``, the crib expectation per thrown
    rank pair (``jass-sim cribbage stats``).

    Wraps the kernels of :mod:`jass_sim.cribbage._exact` (through
    :func:`jass_sim.cribbage.analysis.exact_stats`, ``sampled_stats`` and ``crib_rank_pairs``).

    Parameters
    ----------
    exact : bool
        Every one of the 12,994,800 hand-plus-starter combinations.
    hands : int, optional
        Without ``exact``: sampled combinations, with 95% CIs (default 1,000,000).
    seed : int, optional
        Seed of the samples (default 0).
    crib_pairs : bool
        Also compute the 91-row crib expectation per thrown rank pair (dealer and pone).
    samples : int, optional
        With ``crib_pairs``: sampled opponent hands per rank pair and role (default 1,000).
    """
    from jass_sim.core.errors import InputError
    from jass_sim.cribbage.analysis import crib_rank_pairs, exact_stats, sampled_stats
    from jass_sim.cribbage.results import Stats

    _unused(exact, "--hands and --exact exclude each other", hands)
    _unused(exact and not crib_pairs, "--seed applies only to sampled figures (no --exact, or --crib-table/--plot)",
            seed)
    _unused(not crib_pairs, "--samples applies only with --crib-table or --plot", samples)
    hands = 1_000_000 if hands is None else hands
    seed = 0 if seed is None else seed
    samples = 1000 if samples is None else samples
    if not exact and hands < 1:
        raise InputError(f"--hands must be positive, got {hands}", str(hands))
    if crib_pairs and samples < 2:
        raise InputError(f"--samples must be at least 2, got {samples}", str(samples))
    table, summary = exact_stats() if exact else sampled_stats(hands, seed)
    return Stats(table, summary, exact, crib_rank_pairs(samples, seed) if crib_pairs else None)


@api_args()
def simulate(games: int, *, player_a: str = "greedy", player_b: str = "greedy", seed: int = 0,
             threads: int | None = None, progress=None) -> Games:
    """Whole games between players ``player_a`` and ``player_b``, duplicate-dealt: win rate, skunks,
    first-dealer advantage and points per hand by source, with 95% CIs (``jass-sim cribbage simulate``).

    Wraps the game kernel of :mod:`jass_sim.cribbage._game` (through
    :func:`jass_sim.cribbage.engine.play_batch`).

    Parameters
    ----------
    games : int
        Games to play, a positive even number (duplicate-dealt pairs).
    player_a, player_b : str
        Players: ``random``, ``greedy``, ``expect``, ``search`` or ``wide``.
    seed : int
        Root seed: the same games on any number of ``threads``.
    threads : int, optional
        Threads (default: all cores).
    progress : callable, optional
        Called with the games played so far, a few times a second.

    Returns
    -------
    Games
        ``to_json()`` (the ``cribbage simulate`` JSON) and ``table`` (one row per figure).
    """
    from jass_sim.core.errors import InputError
    from jass_sim.core.threads import numba_threads
    from jass_sim.cribbage.analysis import game_summary
    from jass_sim.cribbage.engine import play_batch, side_flags
    from jass_sim.cribbage.players import PLAYERS
    from jass_sim.cribbage.results import Games

    flag_a, flag_b = side_flags()
    PLAYERS.code(player_a, flag_a)  # unknown players are named before a bad --games
    PLAYERS.code(player_b, flag_b)
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise InputError(f"--games must be a positive even number (duplicate pairs), got {games}", str(games))
    with numba_threads(threads):
        batch = play_batch(games // 2, player_a, player_b, seed, progress)
    return Games(game_summary(batch, player_a.lower(), player_b.lower(), seed))


@api_args()
def replay(seed: int, *, player_a: str = "greedy", player_b: str = "greedy") -> Game:
    """One whole game, the first of ``simulate(..., seed=seed)``: deals, discards, starter, every
    pegging point, hand and crib counts (``jass-sim cribbage replay``).

    Wraps the traced game kernel of :mod:`jass_sim.cribbage._game` (through
    :func:`jass_sim.cribbage.engine.replay_game`).

    Parameters
    ----------
    seed : int
        The seed: this game is the first of ``simulate(..., seed=seed)``.
    player_a, player_b : str
        Players: ``random``, ``greedy``, ``expect``, ``search`` or ``wide``; A deals first.

    Returns
    -------
    Game
        ``to_json()`` (the ``cribbage replay`` JSON) and ``table`` (one row per hand).
    """
    from jass_sim.cribbage.engine import replay_game
    from jass_sim.cribbage.results import Game

    return Game(replay_game(seed, player_a, player_b), seed)


@api_args(dealer="flag", discard="cards", win_samples="whole")
def play_advice(hand: str, starter: str, *, dealer: bool, played: str = "", discard: str | None = None,
                score: str | None = None, samples: int | None = None, exact: bool = False, seed: int | None = None,
                win_samples: int | None = None, progress=None) -> PegAdvice:
    """Which card to peg now: both players' expected pegging points for the rest of the hand per
    legal card (``jass-sim cribbage play-advice``).

    Wraps the kernels of :mod:`jass_sim.cribbage._advice` (through
    :func:`jass_sim.cribbage.pegging_advice.advise`); the position is checked by
    :func:`jass_sim.cribbage.pegposition.build_position`.

    Parameters
    ----------
    hand : str
        The four cards kept after the discard, including any already pegged, e.g. ``"5H 4D KC QS"``.
    starter : str
        The starter (cut) card.
    dealer : bool
        True if you deal (the opponent led the pegging), False if you are the pone.
    played : str
        Every card pegged this hand in order, from the pone's lead, across goes and new counts
        (whose each card is follows from ``hand``; the goes from the rules).
    discard : str, optional
        Your two crib cards (then the opponent cannot hold them).
    score : str, optional
        ``"YOURS:THEIRS"`` before this hand's pegging: add each card's chance to win the game
        (sampled, ``win_samples`` games, Wilson 95% CI) and rank by it.
    samples : int, optional
        Sample that many opponent hands (paired, 95% CIs) instead of enumerating them all.
    exact : bool
        Enumerate every opponent hand (the default); refuses ``samples``.
    seed : int, optional
        Seed of the samples (default 0); only with ``samples`` or ``score``.
    win_samples : int, optional
        With ``score``: games played to the end per card (default 2,000).
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the input is checked, then after
        each step; raise :class:`~jass_sim.core.errors.Cancelled` in it to stop.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.cribbage.discards import parse_score
    from jass_sim.cribbage.pegging_advice import advise
    from jass_sim.cribbage.pegposition import build_position

    if dealer is None:
        raise InputError("say who deals: --dealer or --pone", "--dealer/--pone")
    if exact and samples is not None:
        raise InputError("--exact and --samples exclude each other (the enumeration is exact)", "--samples")
    for name, n in (("--samples", samples), ("--win-samples", win_samples)):
        if n is not None and n < 2:
            raise InputError(f"{name} must be at least 2, got {n}", str(n))
    _unused(score is None, "--win-samples applies only with --score", win_samples)
    _unused(samples is None and score is None, "--seed applies only with --samples or --score", seed)
    pos = build_position(hand, starter, dealer, played or "", discard)
    score_pair = parse_score(score) if score is not None else None
    return advise(pos, samples, 0 if seed is None else seed, score_pair,
                  2000 if win_samples is None else win_samples, progress)


@api_args(game="round", player="whole0", win_samples="whole0")
def review(game, *, player: int = 0, win_samples: int | None = None, seed: int | None = None,
           progress=None) -> CribReview:
    """Rate every discard and every pegging card of one player in a played game, in points and,
    with the score at each decision, by the chance to win the game (``jass-sim cribbage review``).

    Wraps :func:`jass_sim.cribbage.game_review.review_game` (the discard enumeration of
    :mod:`jass_sim.cribbage._exact`, the pegging adviser's kernels of :mod:`jass_sim.cribbage._advice`
    and the game-sample kernels ``_game.win_samples`` and ``_pegwin.win_counts``, through
    :mod:`jass_sim.cribbage.review_win`).

    Parameters
    ----------
    game : str, dict or Game
        A game file's name, its text (the format of :mod:`jass_sim.cribbage.game_file`), the JSON
        text or document of ``cribbage replay --format json``, or the :class:`Game` of :func:`replay`.
    player : int
        The player reviewed: 0 (A) or 1 (B).
    win_samples : int, optional
        Also rate each decision by the chance to win the game from the score then, over that many
        game samples per decision (at least 128; e.g. 1,000); 0 or None (the default): the points
        only. Rated only when both players' cards are known (the scores follow from them).
    seed : int, optional
        Seed of the game samples (default 0): each decision's figures are those of ``discard
        --score`` / ``play-advice --score`` with this seed.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick` per decision (0 once the game is read,
        and during a decision's game samples); raise :class:`~jass_sim.core.errors.Cancelled` in it
        to stop.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.cribbage.game_file import read_game
    from jass_sim.cribbage.game_review import review_game
    from jass_sim.cribbage.review_win import MIN_WIN_SAMPLES

    if player not in (0, 1):
        raise InputError(f"--player is 0 (A) or 1 (B), got {player}", str(player))
    if win_samples is not None and 0 < win_samples < MIN_WIN_SAMPLES:
        raise InputError(f"--win-samples is 0 (no win chances) or at least {MIN_WIN_SAMPLES} (two blocks of game "
                         f"samples, for the paired interval), got {win_samples}", str(win_samples))
    _unused(not win_samples, "--seed applies only to the win chances (--win-samples above 0)", seed)
    hands = read_game(game)
    return review_game(hands, player, progress, win_samples or 0, 0 if seed is None else seed)


@api_args(game="round", choose="flag", seed="whole0")
def game_state(game, *, choose: bool = False, seed: int = 0, progress=None):
    """A game at the table checked by the rules so far (the page's coached game): every point with
    its reason, the scores, whose turn it is and the cards he may play, or the winner.

    Wraps :func:`jass_sim.cribbage.table_game.game_state` (the rules of :mod:`jass_sim.cribbage.table_game`;
    with ``choose``, ``choice`` is the card the ``wide`` player pegs for the player to play, by the
    kernel :func:`jass_sim.cribbage._search.search_play` (256 worlds), its worlds seeded by ``seed``, the
    hand and the cards played so far).

    Parameters
    ----------
    game : str or dict
        The game so far in the text format of :mod:`jass_sim.cribbage.game_file` (both players'
        cards given), or a ``cribbage replay --format json`` document; the last hand may be cut
        short (the cards pegged so far).
    choose : bool
        Add the ``wide`` player's card for the player to play.
    seed : int
        Seed of that player's sampled worlds.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the game is checked, 1 at the end;
        raise :class:`~jass_sim.core.errors.Cancelled` in it to stop.
    """
    from jass_sim.cribbage.game_file import read_game
    from jass_sim.cribbage.table_game import game_state as state

    return state(read_game(game), choose, seed, progress)


@api_args(dealer="flag", seed="whole0")
def bot_discard(hand: str, *, dealer: bool, seed: int = 0, progress=None):
    """The two cards the ``wide`` player (``search``'s throw) throws from six (the page's coached game).

    Wraps the kernel :func:`jass_sim.cribbage._players.choose_discard` (exact hand and crib
    expectation plus sampled pegging values, seeded by ``seed``).

    Parameters
    ----------
    hand : str
        Six cards.
    dealer : bool
        True if the crib is the player's.
    seed : int
        Seed of the sampled pegging values.
    progress : callable, optional
        As for :func:`game_state`.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.cribbage.discards import parse_six
    from jass_sim.cribbage.table_game import bot_discard as throw

    if dealer is None:
        raise InputError("say whose crib it is: --dealer or --pone", "--dealer/--pone")
    return throw(parse_six(hand), bool(dealer), seed, progress)


@api_args(game="round", player="whole0")
def rate_decision(game, *, player: int = 0, progress=None):
    """The last decision of ``player`` in a game so far (its discard, or its last pegging card),
    rated as :func:`review` rates it: one decision of the review's JSON (the page's coach).

    Wraps :func:`jass_sim.cribbage.game_review.rate_last` (the review's
    :func:`jass_sim.cribbage.game_review.discard_decision` and
    :func:`jass_sim.cribbage.game_review.card_decision`).

    Parameters
    ----------
    game : str or dict
        As for :func:`game_state`.
    player : int
        0 (A) or 1 (B).
    progress : callable, optional
        As for :func:`game_state`.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.cribbage.game_file import read_game
    from jass_sim.cribbage.game_review import rate_last

    if player not in (0, 1):
        raise InputError(f"--player is 0 (A) or 1 (B), got {player}", str(player))
    return rate_last(read_game(game), player, progress)


@api_args(hands="whole", crib_samples="whole0")
def report(output: str, *, hands: int = 4000, deals: int = 50_000, crib_samples: int = 300, seed: int = 0,
           command: str | None = None, progress=None) -> ReportFiles:
    """Write a strategy report to the directory ``output`` (``jass-sim cribbage report``): published
    rules of thumb on discards and pegging, each with its source and a verdict, from the exact tables
    and by simulation (``index.md``, ``index.html``, PNGs sized for a phone, CSVs).

    Wraps the kernels ``_exact.crib_pair_table`` and ``_exact.discard_exact``, the pegging players
    (``_pegging.choose_play``, ``_search.search_values``) and ``_players.choose_discard``, through
    :func:`jass_sim.cribbage.strategy_report.build_report`.

    Parameters
    ----------
    output : str
        The report directory (created, or replaced whole if it holds a report).
    hands : int
        Sampled six-card hands of the keeping section (each valued exactly).
    deals : int
        Deals of the pegging section.
    crib_samples : int
        Sampled opponent hands per thrown rank pair and role of the model crib (0: none).
    seed : int
        Root seed.
    command : str, optional
        The command line printed in the report (default: the equivalent ``jass-sim cribbage report``).
    progress : callable, optional
        Called with a short message as each section starts.
    """
    from jass_sim.core.report.write import ReportFiles, check_report_dir
    from jass_sim.cribbage.strategy_report import build_report, write_report

    check_report_dir(output)
    if command is None:
        command = (f"jass-sim cribbage report --hands {hands} --deals {deals} --crib-samples {crib_samples} "
                   f"--seed {seed} -o {output}")
    rep = build_report(hands, deals, crib_samples, seed, command, progress)
    return ReportFiles(output, rep, write_report(rep, output))
