"""Behaviour snapshot of the command line and the public Python API, to show that a refactoring
(such as moving modules to a new layout) changes no output.

    python scripts/behaviour_snapshot.py --out DIR        # record
    python scripts/behaviour_snapshot.py --compare DIR    # re-run into a temp dir, compare byte for byte
    python scripts/behaviour_snapshot.py --compare DIR --only basra   # a subset (substring of the name)

It is layout-independent: the command line runs only as ``python -m jass_sim.cli ...`` (with this
interpreter, ``sys.executable``), the API snippets import only public paths (``jass_sim.advise``,
``jass_sim.cribbage.discard``, ``jass_sim.basra.advise``, ...), and the ``jass_sim`` under test is
whichever the environment imports (``PYTHONPATH`` is passed through to every command), e.g.

    PYTHONPATH=/path/to/checkout python scripts/behaviour_snapshot.py --out snapshots/before

For each command DIR/NN-name/ holds ``exit_code``, ``stdout``, ``stderr`` and ``files/...``: every
file the command wrote in its working directory (a fresh temp directory per command, or one
shared by a ``group`` of commands, such as a batch run and its summaries). DIR/index.json lists
the argv of each command.

Normalisation (applied to stdout, stderr and every text file written; listed in index.json):

- the temp directory is written ``<TMP>``, the checkout under test (the parent of the imported
  ``jass_sim`` package) ``<REPO>``, the interpreter ``<PYTHON>``;
- wall-clock figures are masked, and only those (see ``MASKS``): the ``(N s)`` of
  ``report``'s last stdout line and of ``batch``'s stderr summary, and the
  ``"created"`` time stamp of a batch ``manifest.json``;
- Matplotlib output is made reproducible through the environment, not by editing bytes:
  ``SOURCE_DATE_EPOCH=0`` (the date in SVG/PDF metadata) and a matplotlibrc with a fixed
  ``svg.hashsalt`` (SVG clip-path and glyph ids are otherwise salted with a random uuid4 per run).
  PNGs are recorded as bytes; a PNG whose name is in ``PIXEL_HASHED`` (none so far: every PNG
  proved byte-stable over two runs) would be recorded as the sha256 of its decoded pixel array
  (``matplotlib.image.imread``) instead;
- ``PYTHONHASHSEED=0``, ``COLUMNS=80`` (click wraps ``--help`` to the terminal width),
  ``PYTHONIOENCODING=utf-8``, ``TZ=UTC``, ``MPLBACKEND=Agg``. stderr is not a terminal, so no
  progress bars are drawn.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# --- inputs used by several commands --------------------------------------------------------------
HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"
HANDS4_SMALL = "HJ,H6,SA,DT;HA,S6,D6,C6;H9,SK,DK,CA;HT,ST,DA,CT"
PLAYED = "HJ H6 HQ H7 SK SA S6 S7 D7 DA D8"
ROUND_TEXT = """# a round in the text format of `jass-sim review`
rules chibre
mode H
leader 0
chooser 0
chibred no
hand 0: HJ H9 HA SK SQ D6 C7 C8 CT
trick HJ H6 HQ H7
trick SK SA S6 S7
trick D7 DA D8 D6
"""
CRIB_HAND = "5H 5D JS 6C 4H KD"
BASRA_HAND = "HJ D10 C5 S3 HK H7"

# Files written by the commands that need a setup in the command's working directory:
# name -> how to make it (from the checkout under test, REPO, located through jass_sim.__file__).
GOLDEN_REVIEW = "tests/data/replay_seed1_chibre_auto.json"

# --- masks: (what, regex, replacement, applies to: "stdout", "stderr" or "files") -------------------
MASKS = [
    ("report: seconds in the last stdout line 'wrote DIR/index.md and index.html (N s)'",
     r"(index\.html) \(\d+ s\)", r"\1 (<SECONDS> s)", ("stdout",)),
    ("batch: seconds in the stderr summary 'batch: k/n shards done in DIR (..., N.N s)'",
     r"(already done), \d+(?:\.\d+)? s\)", r"\1, <SECONDS> s)", ("stderr",)),
    ("batch manifest.json: the 'created' wall-clock time stamp",
     r'("created": )"[^"]*"', r'\1"<MASKED>"', ("files",)),
]

# PNG files (by name) recorded as the sha256 of their decoded pixels instead of their bytes,
# because their bytes proved unstable between two runs of the same code. Empty: all are stable.
PIXEL_HASHED: set[str] = set()


def cli(*args: str) -> list[str]:
    return ["-m", "jass_sim.cli", *args]


def py(code: str) -> list[str]:
    return ["-c", code]


# Python-API snippets: public paths only.
API_PRELUDE = "import json, jass_sim\ndef show(x):\n    print(json.dumps(x, ensure_ascii=False))\n"

API = {
    "api-public-names": """
import jass_sim.cribbage, jass_sim.basra
show({"jass_sim": sorted(jass_sim.__all__), "cribbage": sorted(jass_sim.cribbage.__all__),
      "basra": sorted(jass_sim.basra.__all__),
      "in_dir": [n in dir(jass_sim) for n in jass_sim.__all__],
      "callable": {n: callable(getattr(m, n)) for m in (jass_sim, jass_sim.cribbage, jass_sim.basra)
                   for n in m.__all__ if n not in ("cribbage", "basra")}})
""",
    "api-advise": f"""
a = jass_sim.advise("{HAND}", samples=300, seed=1, policy="heuristic")
show(a.to_json()); print(a.sentence); print(a.recommendation); print(a.table.to_csv(index=False)); print(str(a))
print(len(a.plot().axes))
""",
    "api-advise-net-score": f"""
a = jass_sim.advise("{HAND}", samples=200, seed=2, score="800:900")
show(a.to_json())
""",
    "api-simulate": """
t = jass_sim.simulate(2000, policy="heuristic", seed=7).table  # a DataFrame before 0.2, a Result since
print(t.to_csv(index=False))
chunks = list(jass_sim.simulate(300, policy="random", seed=3, per_deal=True))
print(sum(len(c) for c in chunks)); print(chunks[0].head(20).to_csv(index=False))
""",
    "api-duel": """
d = jass_sim.duel("heuristic", "random", 500, seed=4)
show(d.to_json()); print(str(d))
""",
    "api-melds": """
m = jass_sim.melds(hands=5000, deals=5000, seed=2)
show(m.to_json())
""",
    "api-solve": f"""
s = jass_sim.solve("{HANDS4_SMALL}", "H", leader=1)
show(s.to_json()); print(str(s))
""",
    "api-replay": """
for seed in (1, 2):
    r = jass_sim.replay(seed, policy="heuristic")
    show(r.to_json()); print(str(r))
""",
    "api-play-advice": f"""
p = jass_sim.play_advice("{HAND}", mode="H", played="{PLAYED}", policy="heuristic", samples=300, seed=1)
show(p.to_json()); print(p.sentence)
""",
    "api-review": f"""
import pathlib
pathlib.Path("round.txt").write_text({ROUND_TEXT!r})
r = jass_sim.review("round.txt", policy="heuristic", samples=100, seed=1)
show(r.to_json())
""",
    "api-games-equity": """
g = jass_sim.games(60, "heuristic", "random", seed=5)
show(g.to_json())
e = jass_sim.equity(shipped=True)
print(str(e)[:3000])
""",
    "api-input-error": """
for call in (lambda: jass_sim.advise("HJ H9 HA SK SQ D6 C7 C8 ZZ"), lambda: jass_sim.replay(1, mode="XX"),
             lambda: jass_sim.simulate(0), lambda: jass_sim.cribbage.score("5H 5D 5S ZZ", "5C"),
             lambda: jass_sim.basra.replay(1, players=3)):
    try:
        call()
        print("no error")
    except jass_sim.InputError as exc:
        print(type(exc).__name__, isinstance(exc, ValueError), str(exc), repr(getattr(exc, "token", None)))
""",
    "api-cribbage": f"""
from jass_sim import cribbage
show(cribbage.score("5H 5D 5S JC", "5C").to_json())
show(cribbage.score("5H 5D 5S JC", "5C", crib=True).to_json())
show(cribbage.discard("{CRIB_HAND}", dealer=True).to_json())
show(cribbage.discard("{CRIB_HAND}", dealer=False, pegging=True, samples=100, seed=3).to_json())
show(cribbage.stats(hands=5000, seed=1).to_json())
show(cribbage.simulate(40, player_a="expect", player_b="greedy", seed=2).to_json())  # a=, b= before 0.2
show(cribbage.replay(3, player_a="greedy", player_b="random").to_json())
""",
    "api-basra": f"""
from jass_sim import basra
show(basra.replay(4, players=4).to_json())
show(basra.advise("{BASRA_HAND}", table="C2 D9 S4 HQ", samples=200, seed=1).to_json())
show(basra.simulate(deals=300, games=10, seed=1).to_json())
show(basra.duel("greedy", "random", deals=300, games=10, seed=2).to_json())
""",
}


def commands() -> list[dict]:
    """The fixed list: dicts with name, args (after the interpreter), and optional group (a shared
    working directory, commands of a group run in order) and setup (files to create first)."""
    out: list[dict] = []

    def add(name, args, group=None, setup=None, golden=None):
        out.append({"name": name, "args": list(args), "group": group, "setup": setup or {}, "golden": golden})

    # --help of every command and group
    add("help", cli("--help"))
    add("version", cli("--version"))
    for c in ("advise", "replay", "simulate", "duel", "melds", "solve", "report", "batch", "batch-summary",
              "play-advice", "review", "games", "equity"):
        add(f"help-{c}", cli(c, "--help"))
    for g, subs in (("cribbage", ("score", "discard", "stats", "simulate", "replay")),
                    ("basra", ("replay", "advise", "simulate", "duel", "report"))):
        add(f"help-{g}", cli(g, "--help"))
        for c in subs:
            add(f"help-{g}-{c}", cli(g, c, "--help"))

    # replay
    add("replay-s1-text", cli("replay", "--seed", "1"))
    add("replay-s1-json", cli("replay", "--seed", "1", "--format", "json"))
    add("replay-s2-H-heuristic", cli("replay", "--seed", "2", "--mode", "H", "--policy", "heuristic", "--format", "json"))
    add("replay-s3-schieber-net", cli("replay", "--seed", "3", "--rules", "schieber", "--policy", "net", "--format", "json"))
    add("replay-s3-schieber-net-text", cli("replay", "--seed", "3", "--rules", "schieber", "--policy", "net"))
    add("replay-s4-OBE-dd", cli("replay", "--seed", "4", "--mode", "OBE", "--policy", "dd", "--format", "json"))
    add("replay-s5-pimc4", cli("replay", "--seed", "5", "--policy", "pimc", "--pimc-samples", "4", "--format", "json"))
    add("replay-s2-pique-double-heuristic", cli("replay", "--seed", "2", "--rules", "pique-double", "--policy", "heuristic"))
    add("replay-s1-UNE-dd-h2", cli("replay", "--seed", "1", "--mode", "UNE", "--policy", "dd", "--horizon", "2",
                                   "--format", "json"))
    add("replay-s4-swiss-mode", cli("replay", "--seed", "4", "--mode", "Rosen", "--policy", "heuristic"))
    # golden traces (tests/engine/test_golden_traces.py: replay_round(seed, rules, mode), default random play)
    for seed, rules, mode, file in ((1, "chibre", None, "replay_seed1_chibre_auto.json"),
                                    (2, "chibre", "OBE", "replay_seed2_chibre_OBE.json"),
                                    (3, "schieber", None, "replay_seed3_schieber_auto.json"),
                                    (4, "schieber", "UNE", "replay_seed4_schieber_UNE.json"),
                                    (5, "chibre", "S", "replay_seed5_chibre_S.json")):
        args = ["replay", "--seed", str(seed), "--rules", rules] + (["--mode", mode] if mode else []) + ["--format", "json"]
        add(f"golden-{file[:-5]}", cli(*args), golden=("jass", f"tests/data/{file}"))
    # tests/basra/test_basra_cli.py GOLDEN
    add("golden-basra_replay_seed1_2p_greedy", cli("basra", "replay", "--seed", "1", "--format", "json"),
        golden=("plain", "tests/data/basra_replay_seed1_2p_greedy.json"))
    add("golden-basra_replay_seed2_4p_random_7d_compulsory",
        cli("basra", "replay", "--seed", "2", "--players", "4", "--rules", "seven-diamonds+compulsory", "--policy",
            "random", "--format", "json"),
        golden=("plain", "tests/data/basra_replay_seed2_4p_random_7d_compulsory.json"))
    # tests/cribbage/test_cribbage_games.py test_golden_replay
    add("golden-cribbage_replay_seed1_expect_greedy",
        cli("cribbage", "replay", "--seed", "1", "--a", "expect", "--b", "greedy", "--format", "json"),
        golden=("plain", "tests/data/cribbage_replay_seed1_expect_greedy.json"))

    # advise
    S = ["--samples", "400", "--seed", "1"]
    add("advise-table", cli("advise", HAND, *S))
    add("advise-json", cli("advise", HAND, *S, "--format", "json"))
    add("advise-score-500-500", cli("advise", HAND, *S, "--score", "500:500", "--format", "json"))
    add("advise-score-table", cli("advise", HAND, *S, "--score", "900:950"))
    add("advise-heuristic-json", cli("advise", HAND, *S, "--policy", "heuristic", "--format", "json"))
    add("advise-csv", cli("advise", HAND, *S, "--format", "csv"))
    add("advise-chibred-json", cli("advise", HAND, *S, "--chibred", "--format", "json"))
    add("advise-options-search", cli("advise", HAND, "--samples", "128", "--policy", "heuristic", "--partner-model",
                                     "search", "--options", "H,S,chibre", "--format", "json"))
    add("advise-fitted-schieber", cli("advise", HAND, "--samples", "256", "--rules", "schieber", "--partner-model",
                                      "fitted", "--format", "json"))
    add("advise-ci", cli("advise", HAND, "--policy", "heuristic", "--ci", "4", "--max-samples", "8000", "--format", "json"))
    add("advise-random-pique", cli("advise", "Rosen-As Rosen-Under H9 SK SQ D6 C7 C8 CT", "--samples", "256",
                                   "--policy", "random", "--rules", "pique-double", "--seed", "3"))
    add("advise-pimc", cli("advise", HAND, "--samples", "32", "--policy", "pimc", "--options", "H,OBE", "--format",
                           "json"))
    add("advise-plot-png-o", cli("advise", HAND, "--samples", "256", "--policy", "heuristic", "--format", "json",
                                 "--plot", "advise.png", "-o", "advise.json"))
    add("advise-plot-svg", cli("advise", HAND, "--samples", "256", "--policy", "heuristic", "--plot", "advise.svg"))

    # simulate
    add("simulate-json", cli("simulate", "--deals", "5000", "--seed", "1", "--format", "json"))
    add("simulate-heuristic-table", cli("simulate", "--deals", "5000", "--policy", "heuristic", "--seed", "2"))
    add("simulate-net-fitted-csv", cli("simulate", "--deals", "3000", "--policy", "net", "--chooser", "fitted",
                                       "--format", "csv"))
    add("simulate-schieber-UNE-json", cli("simulate", "--deals", "3000", "--rules", "schieber", "--mode", "UNE",
                                          "--policy", "heuristic", "--format", "json"))
    add("simulate-pique-random-chooser", cli("simulate", "--deals", "3000", "--rules", "pique-double", "--chooser",
                                             "random", "--format", "json"))
    add("simulate-pimc4-json", cli("simulate", "--deals", "64", "--policy", "pimc", "--pimc-samples", "4", "--seed",
                                   "3", "--format", "json"))
    add("simulate-dd-h2-json", cli("simulate", "--deals", "200", "--policy", "dd", "--horizon", "2", "--format", "json"))
    add("simulate-per-deal-csv", cli("simulate", "--deals", "300", "--per-deal", "--format", "csv", "--policy",
                                     "heuristic", "--seed", "4"))
    add("simulate-per-deal-json", cli("simulate", "--deals", "100", "--per-deal", "--format", "json", "--seed", "4"))
    add("simulate-per-deal-table", cli("simulate", "--deals", "50", "--per-deal", "--seed", "4"))
    add("simulate-per-deal-csv-o", cli("simulate", "--deals", "2000", "--per-deal", "--format", "csv", "--seed", "5",
                                       "-o", "deals.csv"))
    add("simulate-per-deal-parquet-o", cli("simulate", "--deals", "2000", "--per-deal", "--format", "parquet",
                                           "--seed", "5", "-o", "deals.parquet"))
    add("simulate-parquet-o", cli("simulate", "--deals", "4000", "--format", "parquet", "--seed", "6",
                                  "-o", "table.parquet"))
    add("simulate-json-o", cli("simulate", "--deals", "4000", "--format", "json", "--seed", "6", "-o", "table.json"))

    # duel
    add("duel-net-heuristic-json", cli("duel", "--team-a", "net", "--team-b", "heuristic", "--deals", "1000",
                                       "--format", "json"))
    add("duel-heuristic-random-table", cli("duel", "--team-a", "heuristic", "--team-b", "random", "--deals", "2000",
                                           "--seed", "2"))
    add("duel-pimc-csv", cli("duel", "--team-a", "pimc", "--team-b", "heuristic", "--deals", "16", "--pimc-samples",
                             "4", "--format", "csv"))
    add("duel-fitted-schieber-o", cli("duel", "--team-a", "net", "--team-b", "random", "--deals", "500", "--rules",
                                      "schieber", "--chooser", "fitted", "--format", "json", "-o", "duel.json"))

    # melds
    M = ["--hands", "20000", "--deals", "20000"]
    add("melds-json", cli("melds", *M, "--format", "json"))
    add("melds-table-schieber-OBE", cli("melds", *M, "--rules", "schieber", "--mode", "OBE", "--seed", "3"))
    add("melds-csv-plot-png", cli("melds", *M, "--format", "csv", "--plot", "melds.png"))
    add("melds-plot-svg-o", cli("melds", "--hands", "5000", "--deals", "5000", "--plot", "melds.svg", "-o",
                                "melds.txt"))
    add("melds-exact-json", cli("melds", "--exact", "--deals", "10000", "--format", "json"))

    # solve
    add("solve-json", cli("solve", "--mode", "H", "--leader", "1", "--format", "json", "--hands", HANDS4_SMALL))
    add("solve-text", cli("solve", "--mode", "H", "--leader", "1", "--hands", HANDS4_SMALL))
    add("solve-6cards-OBE-json", cli("solve", "--mode", "OBE", "--leader", "2", "--format", "json", "--hands",
                                     "HA,HK,S6,S7,D8,CT;H6,H7,SA,SK,D9,C6;H8,H9,ST,SJ,DA,CA;HT,HJ,S8,S9,DK,CK"))

    # play-advice
    add("play-advice-heuristic-json", cli("play-advice", "--hand", HAND, "--mode", "H", "--played", PLAYED,
                                          "--policy", "heuristic", "--samples", "500", "--format", "json"))
    add("play-advice-melds-json", cli("play-advice", "--hand", HAND, "--mode", "H", "--played", "HJ H6 HQ H7",
                                      "--melds", "1: D7 D8 D9", "--policy", "heuristic", "--samples", "500",
                                      "--seed", "2", "--format", "json"))
    add("play-advice-net-first-table", cli("play-advice", "--hand", HAND, "--mode", "H", "--samples", "200"))
    add("play-advice-chibred-leader1", cli("play-advice", "--hand", HAND, "--mode", "OBE", "--leader", "1",
                                           "--chibred", "--played", "SA S6 S7", "--policy", "heuristic", "--samples",
                                           "300", "--format", "json"))
    add("play-advice-ci", cli("play-advice", "--hand", HAND, "--mode", "S", "--policy", "heuristic", "--ci", "3",
                              "--max-samples", "4000", "--format", "json"))
    add("play-advice-hands-known", cli("play-advice", "--hands",
                                       "HJ H9 HA SK SQ D6 C7 C8 CT;H6 H7 H8 S6 S7 S8 D7 D8 D9;"
                                       "HT HQ HK S9 ST SJ DT DJ DQ;SA DK DA C6 C9 CJ CQ CK CA",
                                       "--mode", "H", "--policy", "heuristic", "--format", "json"))
    add("play-advice-dd", cli("play-advice", "--hand", HAND, "--mode", "H", "--played", PLAYED, "--policy", "dd",
                              "--samples", "20", "--format", "json"))

    # review
    golden_review = {"golden.json": ("repo", GOLDEN_REVIEW)}
    add("review-golden-file-as-is", cli("review", "golden.json", "--policy", "heuristic", "--samples", "100"),
        setup=golden_review)
    replay_doc = {"round.json": ("repo-json-key", GOLDEN_REVIEW, "replay")}
    add("review-golden-replay-json", cli("review", "round.json", "--policy", "heuristic", "--samples", "200",
                                         "--format", "json"), setup=replay_doc)
    add("review-golden-replay-team1-html", cli("review", "round.json", "--team", "1", "--policy", "heuristic",
                                               "--samples", "100", "--no-mode", "--html", "review.html"),
        setup=replay_doc)
    add("review-text-round-net-json", cli("review", "round.txt", "--samples", "100", "--seed", "3", "--format", "json",
                                          "-o", "review.json"), setup={"round.txt": ("text", ROUND_TEXT)})

    # games and equity
    add("games-json", cli("games", "--games", "200", "--team-a", "heuristic", "--team-b", "random", "--format", "json"))
    add("games-table", cli("games", "--games", "100", "--team-a", "heuristic", "--team-b", "heuristic", "--seed", "2"))
    add("games-schieber-pge-csv-png", cli("games", "--games", "60", "--team-a", "net", "--team-b", "heuristic",
                                          "--rules", "schieber", "--ending", "plus-grand-ecart", "--target", "1500",
                                          "--chooser-b", "random", "--format", "csv", "--plot", "games.png"))
    add("games-fitted-svg-o", cli("games", "--games", "40", "--team-a", "heuristic", "--team-b", "random",
                                  "--chooser-a", "fitted", "--format", "json", "--plot", "games.svg", "-o", "games.json"))
    add("equity-small", cli("equity", "--games", "2000", "--step", "50"))
    add("equity-small-csv-plot", cli("equity", "--games", "2000", "--step", "50", "--seed", "1", "-o", "equity.csv",
                                     "--plot", "equity.png"))
    add("equity-small-parquet", cli("equity", "--games", "1000", "--step", "50", "--rules", "schieber",
                                    "-o", "equity.parquet"))
    add("equity-small-score", cli("equity", "--games", "2000", "--step", "50", "--score", "500:600"))
    add("equity-shipped", cli("equity", "--shipped"))
    add("equity-shipped-score", cli("equity", "--shipped", "--score", "500:500"))
    add("equity-shipped-net-schieber-score", cli("equity", "--shipped", "--policy", "net", "--rules", "schieber",
                                                 "--score", "1200:900"))
    add("equity-shipped-csv-svg", cli("equity", "--shipped", "-o", "shipped.csv", "--plot", "shipped.svg"))

    # batch and batch-summary (one working directory)
    B = ["--deals", "4096", "--shard-size", "1024", "--policy", "heuristic", "--seed", "3"]
    add("batch-run", cli("batch", *B, "-o", "run"), group="batch")
    add("batch-resume", cli("batch", *B, "-o", "run"), group="batch")
    add("batch-summary-table", cli("batch-summary", "run"), group="batch")
    add("batch-summary-json", cli("batch-summary", "run", "--format", "json"), group="batch")
    add("batch-summary-csv", cli("batch-summary", "run", "--format", "csv"), group="batch")
    add("batch-summary-parquet-o", cli("batch-summary", "run", "--format", "parquet", "-o", "summary.parquet"),
        group="batch")
    add("batch-simulate-same-json", cli("simulate", *B[:2], *B[4:], "--format", "json"), group="batch")
    add("batch-per-deal-H", cli("batch", "--deals", "2048", "--shard-size", "1024", "--mode", "H", "--per-deal",
                                "-o", "run2"), group="batch")
    add("batch-summary-per-deal-json", cli("batch-summary", "run2", "--format", "json"), group="batch")
    add("batch-other-job-refused", cli("batch", "--deals", "2048", "--shard-size", "1024", "-o", "run"), group="batch")

    # report (small)
    add("report-small", cli("report", "--deals", "1000", "--samples-per-hand", "64", "--players", "heuristic,random",
                            "--meld-hands", "10000", "--seed", "1", "-o", "rep"))

    # cribbage
    add("cribbage-score-table", cli("cribbage", "score", "5H 5D 5S JC", "--starter", "5C"))
    add("cribbage-score-json", cli("cribbage", "score", "5H 5D 5S JC", "--starter", "5C", "--format", "json"))
    add("cribbage-score-crib-json", cli("cribbage", "score", "4H 5H 6H 7H", "--starter", "8C", "--crib",
                                        "--format", "json"))
    add("cribbage-discard-dealer-json", cli("cribbage", "discard", CRIB_HAND, "--dealer", "--format", "json"))
    add("cribbage-discard-pone-table", cli("cribbage", "discard", CRIB_HAND, "--pone"))
    add("cribbage-discard-exact-json", cli("cribbage", "discard", CRIB_HAND, "--pone", "--exact", "--format", "json"))
    add("cribbage-discard-model-json", cli("cribbage", "discard", CRIB_HAND, "--dealer", "--opponent", "model",
                                           "--samples", "200", "--seed", "1", "--format", "json"))
    add("cribbage-discard-pegging-json", cli("cribbage", "discard", CRIB_HAND, "--pone", "--pegging", "--samples",
                                             "200", "--seed", "2", "--format", "json"))
    add("cribbage-discard-score-json", cli("cribbage", "discard", CRIB_HAND, "--dealer", "--score", "100:110",
                                           "--samples", "100", "--seed", "3", "--format", "json"))
    add("cribbage-stats-json", cli("cribbage", "stats", "--hands", "20000", "--seed", "1", "--format", "json"))
    add("cribbage-stats-table", cli("cribbage", "stats", "--hands", "20000", "--seed", "2"))
    add("cribbage-stats-exact-csv", cli("cribbage", "stats", "--exact", "--format", "csv"))
    add("cribbage-stats-crib-table-plot", cli("cribbage", "stats", "--hands", "10000", "--crib-table", "crib.csv",
                                              "--samples", "20", "--plot", "stats.png"))
    add("cribbage-stats-plot-svg", cli("cribbage", "stats", "--hands", "5000", "--samples", "10", "--plot", "stats.svg"))
    add("cribbage-simulate-json", cli("cribbage", "simulate", "--games", "200", "--seed", "1", "--format", "json"))
    add("cribbage-simulate-search-table", cli("cribbage", "simulate", "--games", "10", "--a", "search", "--b",
                                              "expect", "--seed", "2"))
    add("cribbage-replay-text", cli("cribbage", "replay", "--seed", "4"))
    add("cribbage-replay-json", cli("cribbage", "replay", "--seed", "4", "--a", "random", "--b", "expect",
                                    "--format", "json"))

    # basra
    add("basra-replay-text", cli("basra", "replay", "--seed", "1"))
    add("basra-replay-4p-json", cli("basra", "replay", "--seed", "5", "--players", "4", "--format", "json"))
    add("basra-replay-search-json", cli("basra", "replay", "--seed", "3", "--policy", "search", "--samples", "4",
                                        "--format", "json"))
    add("basra-replay-dealer0-majority30", cli("basra", "replay", "--seed", "2", "--dealer", "0", "--rules",
                                               "majority-30", "--policy", "search-nomem", "--samples", "4"))
    add("basra-advise-text", cli("basra", "advise", "--hand", BASRA_HAND, "--table", "C2 D9 S4 HQ", "--samples", "300"))
    add("basra-advise-json", cli("basra", "advise", "--hand", BASRA_HAND, "--table", "C2 D9 S4 HQ CK", "--samples", "300", "--seed", "1",
                                 "--format", "json"))
    add("basra-advise-4p-played-json", cli("basra", "advise", "--hand", "C3 D4 H5 S6", "--table", "CK C4 S2 DQ", "--played",
                                           "HA H2 HQ S8 DJ C9 D9 S9", "--players", "4", "--piles", "6,2",
                                           "--last-capture", "us", "--horizon", "deal", "--rules", "seven-diamonds",
                                           "--samples", "200", "--format", "json"))
    add("basra-simulate-json", cli("basra", "simulate", "--deals", "2000", "--games", "50", "--format", "json"))
    add("basra-simulate-table", cli("basra", "simulate", "--deals", "1000", "--games", "20", "--policy", "greedy",
                                    "--players", "4", "--seed", "2"))
    add("basra-simulate-csv-o", cli("basra", "simulate", "--deals", "1000", "--games", "10", "--rules",
                                    "majority-30+compulsory", "--format", "csv", "-o", "sim.csv"))
    add("basra-duel-json", cli("basra", "duel", "--player-a", "greedy", "--player-b", "random", "--deals", "1000",
                               "--games", "50", "--format", "json"))
    add("basra-duel-search-csv", cli("basra", "duel", "--player-a", "search", "--player-b", "greedy", "--deals", "30",
                                     "--games", "4", "--samples", "4", "--format", "csv"))
    add("basra-duel-table", cli("basra", "duel", "--player-a", "greedy", "--player-b", "random", "--deals", "300",
                                "--games", "10", "--players", "4"))
    add("basra-report-small", cli("basra", "report", "-o", "brep", "--positions", "16", "--samples", "16", "--deals",
                                  "300", "--games", "10", "--search-deals", "10", "--seed", "1"))

    # bad input: exit 2, one line naming the token
    for name, args in (
            ("advise-bad-card", ["advise", "HJ H9 HA SK SQ D6 C7 C8 ZZ"]),
            ("advise-duplicate-card", ["advise", HAND.replace("CT", "HJ")]),
            ("advise-bad-plot", ["advise", HAND, "--plot", "figure.gif"]),
            ("advise-missing-dir", ["advise", HAND, "-o", "missing/x.csv"]),
            ("replay-bad-mode", ["replay", "--seed", "1", "--mode", "XX"]),
            ("replay-bad-seed", ["replay", "--seed", "12x"]),
            ("replay-mode-not-allowed", ["replay", "--seed", "1", "--rules", "schieber", "--mode", "nope"]),
            ("simulate-zero-deals", ["simulate", "--deals", "0"]),
            ("simulate-bad-rules", ["simulate", "--deals", "10", "--rules", "nope"]),
            ("simulate-bad-horizon", ["simulate", "--deals", "10", "--policy", "pimc", "--horizon", "far"]),
            ("simulate-parquet-stdout", ["simulate", "--deals", "10", "--format", "parquet"]),
            ("duel-bad-policy", ["duel", "--team-a", "random", "--team-b", "nope", "--deals", "10"]),
            ("melds-bad-format", ["melds", "--hands", "100", "--deals", "100", "--format", "xml"]),
            ("solve-bad-hands", ["solve", "--mode", "H", "--hands", "HJ,H6,SA,ZZ;HA,S6,D6,C6;H9,SK,DK,CA;HT,ST,DA,CT"]),
            ("solve-uneven-hands", ["solve", "--mode", "H", "--hands", "HJ;HA,S6;H9;HT"]),
            ("play-advice-repeated-card", ["play-advice", "--hand", HAND, "--mode", "H", "--played", "HJ HJ"]),
            ("play-advice-bad-melds", ["play-advice", "--hand", HAND, "--mode", "H", "--melds", "5: D7 D8 D9"]),
            ("review-missing-file", ["review", "missing.txt"]),
            ("games-bad-ending", ["games", "--games", "2", "--team-a", "random", "--team-b", "random", "--ending", "nope"]),
            ("equity-bad-score", ["equity", "--shipped", "--score", "500-500"]),
            ("equity-step-100", ["equity", "--games", "2000", "--step", "100"]),
            ("batch-bad-shard-size", ["batch", "--deals", "2048", "--shard-size", "1000", "-o", "run"]),
            ("batch-summary-missing", ["batch-summary", "missing"]),
            ("report-bad-players", ["report", "--deals", "1000", "-o", "rep", "--players", "heuristic,nope"]),
            ("cribbage-score-bad-card", ["cribbage", "score", "5H 5D 5S ZZ", "--starter", "5C"]),
            ("cribbage-discard-exact-pegging", ["cribbage", "discard", CRIB_HAND, "--dealer", "--exact", "--pegging"]),
            ("cribbage-simulate-bad-player", ["cribbage", "simulate", "--games", "2", "--a", "nope"]),
            ("basra-replay-3-players", ["basra", "replay", "--seed", "1", "--players", "3"]),
            ("basra-advise-card-twice", ["basra", "advise", "--hand", BASRA_HAND, "--table", "HJ"]),
            ("basra-simulate-games-0", ["basra", "simulate", "--deals", "10", "--games", "0"]),
            ("basra-duel-bad-player", ["basra", "duel", "--player-a", "greedy", "--player-b", "nobody", "--deals", "10"]),
            ("unknown-command", ["nope"]),
            ("unknown-option", ["replay", "--seed", "1", "--colour"])):
        add(f"bad-{name}", cli(*args))

    # Python API (public paths only)
    for name, code in API.items():
        add(name, py(API_PRELUDE + code.lstrip("\n")))

    for i, c in enumerate(out):
        c["index"] = i
        c["dir"] = f"{i:03d}-{c['name']}"
    return out


# --- running --------------------------------------------------------------------------------------
def child_env(tmp: Path) -> dict:
    env = dict(os.environ)  # PYTHONPATH (which jass_sim is tested) passes through
    rc = tmp / "matplotlibrc"
    if not rc.exists():
        rc.write_text("backend: Agg\nsvg.hashsalt: jass-sim-behaviour-snapshot\n")
    env.update({"PYTHONHASHSEED": "0", "COLUMNS": "80", "PYTHONIOENCODING": "utf-8", "TZ": "UTC",
                "MPLBACKEND": "Agg", "SOURCE_DATE_EPOCH": "0", "MATPLOTLIBRC": str(rc),
                "PYTHONDONTWRITEBYTECODE": "1"})
    env.pop("NUMBA_DISABLE_JIT", None)
    return env


def locate_repo(env: dict) -> Path:
    """The checkout under test: the parent of the directory of the jass_sim package imported."""
    out = subprocess.run([sys.executable, "-c", "import jass_sim; print(jass_sim.__file__)"], env=env,
                         capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
    return Path(out.stdout.strip()).resolve().parent.parent


def tree(root: Path) -> dict[str, str]:
    """relative path -> sha256 of every file under root."""
    files = {}
    for p in sorted(root.rglob("*")):
        if p.is_file():
            files[p.relative_to(root).as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest()
    return files


class Normaliser:
    def __init__(self, tmp: Path, repo: Path):
        pairs = []
        for path, tag in ((tmp, "<TMP>"), (repo, "<REPO>")):
            for s in {str(path), str(path.resolve()), os.path.realpath(path)}:
                pairs.append((s, tag))
        for s in {sys.executable, os.path.realpath(sys.executable)}:
            pairs.append((s, "<PYTHON>"))
        self.pairs = sorted(pairs, key=lambda p: -len(p[0]))  # longest first

    def text(self, s: str, where: str) -> str:
        for old, new in self.pairs:
            s = s.replace(old, new)
        for _, pattern, repl, applies in MASKS:
            if where in applies:
                s = re.sub(pattern, repl, s)
        return s

    def data(self, b: bytes, where: str) -> bytes:
        if b"\0" in b:
            return b
        try:
            s = b.decode("utf-8")
        except UnicodeDecodeError:
            return b
        return self.text(s, where).encode("utf-8")


def pixel_hash(path: Path) -> bytes:
    import matplotlib.image
    import numpy as np

    pixels = np.ascontiguousarray(matplotlib.image.imread(str(path)))
    digest = hashlib.sha256(pixels.tobytes()).hexdigest()
    return f"sha256 of the decoded pixels {pixels.shape} {pixels.dtype}: {digest}\n".encode()


def setup_files(cmd: dict, cwd: Path, repo: Path) -> None:
    for name, spec in cmd["setup"].items():
        kind = spec[0]
        if kind == "text":
            (cwd / name).write_text(spec[1], encoding="utf-8")
        elif kind == "repo":
            shutil.copyfile(repo / spec[1], cwd / name)
        elif kind == "repo-json-key":
            doc = json.loads((repo / spec[1]).read_text(encoding="utf-8"))[spec[2]]
            (cwd / name).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        else:
            raise ValueError(kind)


def golden_check(cmd: dict, stdout: bytes, repo: Path) -> bytes:
    kind, rel = cmd["golden"]
    golden = json.loads((repo / rel).read_text(encoding="utf-8"))
    if kind == "jass":
        golden = golden["replay"]
    try:
        ok = json.loads(stdout) == golden
    except ValueError:
        ok = False
    return f"{rel}: {'equal' if ok else 'NOT EQUAL'} to the command's JSON output\n".encode()


def run_one(cmd: dict, work: Path, results: Path, env: dict, norm: Normaliser, repo: Path, timeout: float) -> float:
    cwd = work / (cmd["group"] or cmd["dir"])
    cwd.mkdir(parents=True, exist_ok=True)
    setup_files(cmd, cwd, repo)
    before = tree(cwd)
    start = time.monotonic()
    try:
        proc = subprocess.run([sys.executable, *cmd["args"]], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=timeout)
        code, stdout, stderr = str(proc.returncode), proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as exc:
        code, stdout, stderr = "timeout", exc.stdout or b"", exc.stderr or b""
    seconds = time.monotonic() - start
    out = results / cmd["dir"]
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / "exit_code").write_text(code + "\n")
    (out / "stdout").write_bytes(norm.data(stdout, "stdout"))
    (out / "stderr").write_bytes(norm.data(stderr, "stderr"))
    if cmd["golden"]:
        (out / "golden_check").write_bytes(golden_check(cmd, stdout, repo))
    after = tree(cwd)
    for rel, digest in after.items():
        if before.get(rel) == digest:
            continue  # unchanged (setup files, or a group's earlier outputs)
        src = cwd / rel
        dst = out / "files" / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if Path(rel).name in PIXEL_HASHED and rel.endswith(".png"):
            (dst.parent / (dst.name + ".pixels-sha256")).write_bytes(pixel_hash(src))
        else:
            dst.write_bytes(norm.data(src.read_bytes(), "files"))
    return seconds


def run_all(cmds: list[dict], results: Path, jobs: int, timeout: float) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="jass-snapshot-"))
    try:
        env = child_env(tmp)
        repo = locate_repo(env)
        print(f"testing jass_sim from {repo} with {sys.executable}", flush=True)
        norm = Normaliser(tmp, repo)
        work = tmp / "work"
        # a group's commands run in order in one worker; different groups/commands in parallel
        units: dict[str, list[dict]] = {}
        for c in cmds:
            units.setdefault(c["group"] or c["dir"], []).append(c)
        total_start = time.monotonic()

        def run_unit(unit: list[dict]) -> None:
            for c in unit:
                s = run_one(c, work, results, env, norm, repo, timeout)
                code = (results / c["dir"] / "exit_code").read_text().strip()
                print(f"  {c['dir']:<58} exit {code:>3} {s:7.1f} s", flush=True)

        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            for f in [pool.submit(run_unit, u) for u in units.values()]:
                f.result()
        print(f"{len(cmds)} commands in {time.monotonic() - total_start:.0f} s", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_index(cmds: list[dict], results: Path) -> None:
    doc = {
        "about": "behaviour snapshot of jass-sim (scripts/behaviour_snapshot.py): one directory per command",
        "masks": [m[0] for m in MASKS],
        "normalised": ["<TMP> temp dir", "<REPO> checkout under test", "<PYTHON> interpreter"],
        "pixel_hashed_png": sorted(PIXEL_HASHED),
        "commands": [{"index": c["index"], "dir": c["dir"], "name": c["name"],
                      "argv": ["python", *c["args"]], "group": c["group"], "setup": sorted(c["setup"]),
                      "golden": c["golden"][1] if c["golden"] else None} for c in cmds],
    }
    (results / "index.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# --- comparing ------------------------------------------------------------------------------------
def describe_difference(a: Path, b: Path, rel: str, max_lines: int = 24) -> list[str]:
    if not a.exists():
        return [f"    {rel}: only in the new run"]
    if not b.exists():
        return [f"    {rel}: only in the snapshot"]
    x, y = a.read_bytes(), b.read_bytes()
    try:
        xs, ys = x.decode("utf-8"), y.decode("utf-8")
    except UnicodeDecodeError:
        first = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
        return [f"    {rel}: binary, {len(x)} vs {len(y)} bytes, first difference at byte {first}"]
    diff = list(difflib.unified_diff(xs.splitlines(), ys.splitlines(), f"snapshot/{rel}", f"now/{rel}",
                                     n=1, lineterm=""))
    lines = [f"    {d[:200]}" for d in diff[:max_lines]]
    if len(diff) > max_lines:
        lines.append(f"    ... ({len(diff) - max_lines} more diff lines)")
    return lines


def compare(cmds: list[dict], snapshot: Path, now: Path) -> int:
    """Print one line per command (same / DIFFERS with the first differences); the number differing."""
    n_diff = 0
    for c in cmds:
        a, b = snapshot / c["dir"], now / c["dir"]
        if not a.exists():
            print(f"{c['dir']}: DIFFERS (not in the snapshot)")
            n_diff += 1
            continue
        rels = sorted({p.relative_to(a).as_posix() for p in a.rglob("*") if p.is_file()}
                      | {p.relative_to(b).as_posix() for p in b.rglob("*") if p.is_file()})
        differing = [r for r in rels if not ((a / r).exists() and (b / r).exists()
                                             and (a / r).read_bytes() == (b / r).read_bytes())]
        if not differing:
            print(f"{c['dir']}: same")
            continue
        n_diff += 1
        print(f"{c['dir']}: DIFFERS ({', '.join(differing[:6])}{' ...' if len(differing) > 6 else ''})")
        for r in differing[:3]:
            for line in describe_difference(a / r, b / r, r):
                print(line)
    return n_diff


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--out", type=Path, help="record the snapshot into DIR")
    mode.add_argument("--compare", type=Path, help="re-run and compare with the snapshot in DIR")
    mode.add_argument("--list", action="store_true", help="list the commands and exit")
    ap.add_argument("--only", action="append", default=[],
                    help="run only commands whose name contains SUBSTR (repeatable)")
    ap.add_argument("--jobs", type=int, default=1, help="commands run in parallel (default 1: serially)")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per command (default 1800)")
    args = ap.parse_args()

    cmds = commands()
    if args.only:
        cmds = [c for c in cmds if any(s in c["name"] for s in args.only)]
        if not cmds:
            print(f"no command matches {args.only}", file=sys.stderr)
            return 2
    if args.list:
        for c in cmds:
            print(c["dir"], " ".join(["python", *c["args"]])[:160])
        return 0
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        run_all(cmds, args.out, args.jobs, args.timeout)
        if args.only:  # a partial re-record keeps the index of the full list
            write_index(commands(), args.out)
        else:
            write_index(cmds, args.out)
        print(f"recorded {len(cmds)} commands into {args.out}")
        return 0
    snapshot = args.compare
    if not (snapshot / "index.json").exists():
        print(f"{snapshot}/index.json not found: not a snapshot", file=sys.stderr)
        return 2
    recorded = {c["dir"] for c in json.loads((snapshot / "index.json").read_text())["commands"]}
    current = {c["dir"] for c in cmds}
    missing = sorted(d for d in recorded - current if not args.only)
    with tempfile.TemporaryDirectory(prefix="jass-snapshot-now-") as now:
        run_all(cmds, Path(now), args.jobs, args.timeout)
        n_diff = compare(cmds, snapshot, Path(now))
    for d in missing:
        print(f"{d}: DIFFERS (in the snapshot, not in this script's list)")
    n_diff += len(missing)
    print(f"ALL SAME ({len(cmds)} commands)" if not n_diff else f"{n_diff} of {len(cmds) + len(missing)} DIFFER")
    return 1 if n_diff else 0


if __name__ == "__main__":
    sys.exit(main())
