"""The Cribbage API, ``jass_sim.cribbage.score``, ``discard``, ``stats``, ``simulate`` and ``replay``:
the functions behind ``jass-sim cribbage ...``, each result with ``to_json()`` equal to the
command's JSON output."""

from __future__ import annotations

from jass_sim.core.result import Result, save_figure

__all__ = ["score", "discard", "stats", "simulate", "replay"]


def _unused(condition: bool, message: str, *values) -> None:
    """An InputError naming the first given value when ``condition`` says it has no use."""
    from jass_sim.core.errors import InputError

    given = [v for v in values if v is not None]
    if condition and given:
        raise InputError(message, str(given[0]))


class Score(Result):
    """The answer of :func:`score`: ``points``, and ``table`` with one row per combination."""

    def __init__(self, cards, start, crib):
        import pandas as pd

        from jass_sim.cribbage.cards import format_cards
        from jass_sim.cribbage.scoring import combinations_of
        from jass_sim.cribbage.scoring import score as score_hand

        self.points = score_hand(cards, start, crib)
        combos = combinations_of(cards, start, crib)
        doc = {"hand": format_cards(cards).split(), "starter": format_cards([start]), "crib": crib,
               "points": self.points, "combinations": [c.to_json() for c in combos]}
        lines = [f"{'crib' if crib else 'hand'} {format_cards(cards, True)}  starter {format_cards([start], True)}"]
        lines += [f"  {c.kind:<8} {format_cards(c.cards, True):<18} {c.points:>2}" for c in combos]
        lines.append(f"total {self.points}")
        table = pd.DataFrame([{"kind": c.kind, "cards": format_cards(c.cards), "points": c.points} for c in combos],
                             columns=["kind", "cards", "points"])
        super().__init__(doc, table, "\n".join(lines), f"{self.points} points")


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
    from jass_sim.cribbage.scoring import parse_hand

    cards, start = parse_hand(hand, starter)
    return Score(cards, start, crib)


class Discards(Result):
    """The answer of :func:`discard`: ``options`` (the 15 :class:`~jass_sim.cribbage.discards.DiscardOption`,
    best first), ``recommendation`` (the two cards to throw), and ``table`` (one row per discard)."""

    def __init__(self, cards, role, opponent, options, samples, seed, pegging, score_pair):
        import pandas as pd

        from jass_sim.cribbage.cards import format_cards

        self.options = options
        self.recommendation = format_cards(options[0].discard).split()
        doc = {"hand": format_cards(cards).split(), "role": role, "opponent": opponent,
               "discards": [o.to_json() for o in options], "recommendation": self.recommendation}
        if opponent == "model" or pegging or score_pair:
            doc.update(samples=samples, seed=seed, pegging=pegging)
        if score_pair:
            doc["score"] = list(score_pair)
        rows = []
        for o in options:
            row = {"discard": format_cards(o.discard), "hand_ev": o.hand_ev, "crib_ev": o.crib_ev,
                   "net_ev": o.net_ev, "net_sd": o.net_sd}
            for key in ("crib_ci", "net_ci", "peg_ci", "total_ci", "win_ci"):
                ci = getattr(o, key)
                if ci:
                    row[f"{key}_lo"], row[f"{key}_hi"] = ci
            if o.peg_ci:
                row.update(peg_ev=o.peg_ev, total_ev=o.total_ev)
            if o.win_ci:
                row["win_prob"] = o.win_prob
            rows.append(row)
        self._args = (cards, role, opponent, samples, pegging, score_pair)
        super().__init__(doc, pd.DataFrame(rows), self._render,
                         f"throw {format_cards(options[0].discard)} ({role}, opponent {opponent})")

    def _render(self) -> str:
        from jass_sim.cribbage.cards import format_cards

        cards, role, opponent, samples, pegging, score_pair = self._args
        crib_how = "exact, opponent's cards uniform" if opponent == "random" else \
            f"{samples:,} sampled opponent hands discarded by the expect player, 95% CI"
        lines = [f"hand {format_cards(cards, True)}, {role}; crib {crib_how}"]
        if score_pair:
            lines.append(f"(score {score_pair[0]}:{score_pair[1]}: ranked by the chance to win, {samples:,} sampled "
                         "hands, the rest of the game played by expect players)")
        if pegging:
            lines.append(f"pegging: {samples:,} sampled opponent hands, both players greedy; peg_ev = your pegging "
                         "points minus the opponent's; ranked by total_ev = net_ev + peg_ev")
        lines.append(f"{'discard':<9} {'hand_ev':>8} {'crib_ev':>8} {'net_ev':>8} {'net_sd':>7}  p10 p50 p90"
                     + ("  crib 95% CI" if opponent == "model" else "")
                     + ("  peg_ev [95% CI]        total_ev [95% CI]" if pegging else "")
                     + ("  win [95% CI]" if score_pair else ""))
        for o in self.options:
            line = (f"{format_cards(o.discard, True):<9} {o.hand_ev:8.3f} {o.crib_ev:8.3f} {o.net_ev:8.3f} "
                    f"{o.net_sd:7.3f} {o.quantile(0.1):4d}{o.quantile(0.5):4d}{o.quantile(0.9):4d}")
            if o.crib_ci:
                line += f"  [{o.crib_ci[0]:.3f}, {o.crib_ci[1]:.3f}]"
            if o.peg_ci:
                line += (f"  {o.peg_ev:6.3f} [{o.peg_ci[0]:.3f}, {o.peg_ci[1]:.3f}]"
                         f"  {o.total_ev:7.3f} [{o.total_ci[0]:.3f}, {o.total_ci[1]:.3f}]")
            if o.win_ci:
                line += f"  {o.win_prob:.4f} [{o.win_ci[0]:.4f}, {o.win_ci[1]:.4f}]"
            lines.append(line)
        lines.append(f"recommendation: throw {format_cards(self.options[0].discard, True)}")
        return "\n".join(lines)


def discard(hand: str, *, dealer: bool, opponent: str = "random", pegging: bool = False, score: str | None = None,
            exact: bool = False, samples: int | None = None, seed: int | None = None) -> Discards:
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
    """
    from jass_sim.core.errors import InputError
    from jass_sim.cribbage.discards import discard_options, parse_score, parse_six
    from jass_sim.core.errors import check_choice

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
    options = discard_options(cards, dealer, opponent, samples, seed, pegging, score_pair)
    return Discards(cards, "dealer" if dealer else "pone", opponent, options, samples, seed, pegging, score_pair)


class Stats(Result):
    """The answer of :func:`stats`: ``table`` (probability of each hand and crib score),
    ``summary`` (means, with 95% CIs when sampled), ``cribs`` (the crib expectation per thrown
    rank pair, with ``crib_pairs``), ``plot()``."""

    def __init__(self, table, summary, exact, cribs):
        self.summary, self.cribs = summary, cribs
        head = f"{summary['combinations']:,} hand-plus-starter combinations ({'exact' if exact else 'sampled'})"
        means = f"mean hand {summary['hand_mean']:.5f}, mean crib {summary['crib_mean']:.5f}"
        if exact:
            means += "; hand-rule mean by part: " + ", ".join(f"{k} {v:.5f}" for k, v in summary["parts"].items())
        else:
            means += (f" (95% CI hand [{summary['hand_mean_ci'][0]:.4f}, {summary['hand_mean_ci'][1]:.4f}], "
                      f"crib [{summary['crib_mean_ci'][0]:.4f}, {summary['crib_mean_ci'][1]:.4f}])")
        super().__init__({**summary, "rows": table.to_dict(orient="records")}, table,
                         lambda: "\n".join([head, means, table.to_string(index=False)]), f"{head}; {means}")

    def plot(self, path: str | None = None):
        """The hand and crib score distributions (and, with ``cribs``, the crib expectation per
        thrown pair) as a matplotlib Figure; also written to ``path`` (.png, .svg, .pdf) if given."""
        from jass_sim.cribbage.analysis import stats_figure

        fig = stats_figure(self.table, self.cribs)
        if path is not None:
            save_figure(fig, path, ("png", "svg", "pdf"))
        return fig


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


class Games(Result):
    """The answer of :func:`simulate`: ``to_json()`` (win rates, skunks, first-dealer advantage,
    points per hand by source, with 95% CIs) and the same figures as a ``table``."""


class Game(Result):
    """One game (:func:`replay`): ``to_json()`` (the ``cribbage replay`` JSON), ``table`` (a row per hand)."""


def simulate(games: int, *, a: str = "greedy", b: str = "greedy", seed: int = 0) -> Games:
    """Whole games between players ``a`` and ``b``, duplicate-dealt: win rate, skunks,
    first-dealer advantage and points per hand by source, with 95% CIs (``jass-sim cribbage simulate``).

    Wraps the game kernel of :mod:`jass_sim.cribbage._game` (through
    :func:`jass_sim.cribbage.engine.play_batch`).

    Parameters
    ----------
    games : int
        Games to play, a positive even number (duplicate-dealt pairs).
    a, b : str
        Players: ``random``, ``greedy`` or ``expect``.
    seed : int
        Root seed.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.cribbage.analysis import game_summary, render_summary
    from jass_sim.cribbage.engine import play_batch
    from jass_sim.cribbage.players import PLAYERS

    PLAYERS.code(a, "--a")  # unknown players are named before a bad --games
    PLAYERS.code(b, "--b")
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise InputError(f"--games must be a positive even number (duplicate pairs), got {games}", str(games))
    summary = game_summary(play_batch(games // 2, a, b, seed), a.lower(), b.lower(), seed)
    text = render_summary(summary)
    return Games(summary, _games_table(summary), text, text.split("\n")[0])


def _games_table(summary: dict):
    """One row per figure of a :func:`simulate` summary: ``figure``, ``estimate``, ``ci95_lo``, ``ci95_hi``."""
    import pandas as pd

    rows = []
    for key in ("a_win", "first_dealer_win", "a_skunks_b", "b_skunks_a"):
        rows.append({"figure": key, "estimate": summary[key]["rate"], "ci95_lo": summary[key]["ci"][0],
                     "ci95_hi": summary[key]["ci"][1]})
    for role, parts in summary["points_per_hand"].items():
        for part, value in parts.items():
            if isinstance(value, dict):
                rows.append({"figure": f"points per hand, {role}, {part}", "estimate": value["mean"],
                             "ci95_lo": value["ci"][0], "ci95_hi": value["ci"][1]})
    return pd.DataFrame(rows)


def replay(seed: int, *, a: str = "greedy", b: str = "greedy") -> Game:
    """One whole game, the first of ``simulate(..., seed=seed)``: deals, discards, starter, every
    pegging point, hand and crib counts (``jass-sim cribbage replay``).

    Wraps the traced game kernel of :mod:`jass_sim.cribbage._game` (through
    :func:`jass_sim.cribbage.engine.replay_game`).

    Parameters
    ----------
    seed : int
        The seed: this game is the first of ``simulate(..., seed=seed)``.
    a, b : str
        Players: ``random``, ``greedy`` or ``expect``; A deals first.

    Returns
    -------
    Game
        ``to_json()`` (the ``cribbage replay`` JSON) and ``table`` (one row per hand).
    """
    import pandas as pd

    from jass_sim.cribbage.engine import replay_game

    game = replay_game(seed, a, b)
    lines = [f"seed {seed}: A = {game['players']['A']}, B = {game['players']['B']}, A deals first"]
    for i, h in enumerate(game["hands"], 1):
        lines.append(f"hand {i}: dealer {h['dealer']}, starter {h['starter']}"
                     + (f", his heels {h['heels']}" if h["heels"] else ""))
        for p in "AB":
            lines.append(f"  {p} dealt {' '.join(h['deal'][p])}, throws {' '.join(h['discards'][p])}")
        plays = ", ".join(f"{e['player']} {e['card'] or 'go/last'}({e['count']})"
                          + (f"+{e['points']}" if e["points"] else "") for e in h["pegging"])
        lines.append(f"  pegging: {plays}")
        c = h["counts"]
        lines.append(f"  counts: pone hand {c['pone_hand']}, dealer hand {c['dealer_hand']}, crib {c['crib']}"
                     f"  -> A {h['score']['A']}, B {h['score']['B']}")
    last = (f"winner {game['winner']} {game['final_score']['A']}-{game['final_score']['B']}"
            + (" (skunk)" if game["skunk"] else ""))
    lines.append(last)
    table = pd.DataFrame([{"hand": i, "dealer": h["dealer"], "starter": h["starter"],
                           "pone_hand": h["counts"]["pone_hand"], "dealer_hand": h["counts"]["dealer_hand"],
                           "crib": h["counts"]["crib"], "score_A": h["score"]["A"], "score_B": h["score"]["B"]}
                          for i, h in enumerate(game["hands"], 1)])
    return Game(game, table, "\n".join(lines), last)
