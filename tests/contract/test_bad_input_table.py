"""Every command under bad input: exit 2, exactly one line on stderr naming the bad token, no
traceback, no file left behind (issue 19).

One table for all commands, run in-process with click's CliRunner. A new command adds its rows
to ROWS; ``test_every_option_of_every_command_has_a_row`` fails until it does (every option and
argument of every command, flags and the few listed in NO_ROW excepted, must appear in a row).
"""

from __future__ import annotations

import os

import click
import pytest
from click.testing import CliRunner

from contract.cli_tree import leaves
from jass_sim.cli import main

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"
HANDS4 = "HJ,H6,SA,DT;HA,S6,D6,C6;H9,SK,DK,CA;HT,ST,DA,CT"
ROUND = """mode H
leader 0
hand 0: HJ H9 HA SK SQ D6 C7 C8 CT
trick HJ H6 HQ H7
"""
#: Round files with one bad line each: name -> (text, what the error line must contain).
BAD_ROUNDS = {
    "meld_not_meld": (ROUND.replace("trick", "meld 1: D7 D8\ntrick"), "line 4"),
    "meld_both_teams": (ROUND.replace("trick", "meld 1: D7 D8 D9\nmeld 2: S7 S8 S9\ntrick"), "line 5"),
    "bad_mode": (ROUND.replace("mode H", "mode X"), "line 1"),
    "bad_chibred": (ROUND.replace("leader 0", "leader 0\nchibred maybe"), "line 3"),
    "bad_chooser": (ROUND.replace("leader 0", "leader 0\nchooser 7"), "line 3"),
    "bad_leader": (ROUND.replace("leader 0", "leader 9"), "line 2"),
    "bad_rules": (ROUND.replace("leader 0", "leader 0\nrules nope"), "line 3"),
}
#: A cribbage game in the text game format (hand 1 of ``cribbage replay --seed 1 --a search --b expect``).
CRIB_GAME = """hand dealer A starter 3C
A JH AH QS 5C 8H KS throws AH 8H
B QH QC 9H 8S QD AD throws 9H AD
play QH 5C QD JH QC KS 8S QS
"""
#: Cribbage game files with one bad line each: name -> (text, what the error line must contain).
BAD_CRIB_GAMES = {
    "crib_wrong_lead": (CRIB_GAME.replace("play QH 5C", "play 5C QH"), "5C"),
    "crib_bad_throw": (CRIB_GAME.replace("throws AH 8H", "throws AH 9H"), "throws"),
    "crib_unknown_line": (CRIB_GAME.replace("A JH", "C JH"), "'C'"),
    "crib_bad_card": (CRIB_GAME.replace("starter 3C", "starter ZZ"), "ZZ"),
    "crib_bad_json": ('{"hands": 3}', "crib_bad_json.json"),
}
UNWRITABLE = "/proc/jass-sim-test"  # a directory nobody, root included, can create files in
EMPTY = "''"  # how an empty token appears in the error line


# --- row makers: (args, the text the error line must contain) ---------------------------------------
def seeds(base):
    return [(base + ["--seed", v], t) for v, t in
            (("-1", "-1"), (str(2**63), str(2**63)), ("12x", "'12x'"), ("", EMPTY))]


def counts(base, option, bad=("-5", "0", str(2**64), "1e3", "")):
    return [(base + [option, v], v or EMPTY) for v in bad]


def threads(base):
    return [(base + ["--threads", v], v or EMPTY) for v in ("0", "-1", "9999", "two", "")]


def choice(base, option, bad="nope"):
    """An unknown value, and an empty one, for a named choice (rules, policy, mode, format...)."""
    return [(base + [option, bad], bad), (base + [option, ""], EMPTY)]


def value(base, option, *bad):
    """Malformed values of a structured option: (text, token named) pairs, or texts naming themselves."""
    out = []
    for b in bad:
        text, token = b if isinstance(b, tuple) else (b, b)
        out.append((base + [option, text], token))
    return out


def out_file(base, option="-o", ext="csv"):
    """A file output in an unwritable, a missing directory, a directory where a file is expected,
    under a file where a directory is expected, and an empty name."""
    return [(base + [option, f"{UNWRITABLE}/x.{ext}"], UNWRITABLE), (base + [option, f"missing/x.{ext}"], "missing"),
            (base + [option, "adir"], "adir"), (base + [option, f"afile/x.{ext}"], "afile"),
            (base + [option, ""], EMPTY)]


def out_dir(base, option="-o"):
    """A directory output: unwritable, a file in its place or its path, another job's directory, empty."""
    return [(base + [option, UNWRITABLE], UNWRITABLE), (base + [option, "afile"], "afile"),
            (base + [option, "afile/sub"], "afile"), (base + [option, "otherjob"], "otherjob"),
            (base + [option, ""], EMPTY)]


# --- the table -----------------------------------------------------------------------------------
ROWS: dict[tuple[str, ...], list] = {}


def rows(*command):
    def add(cases):
        ROWS.setdefault(command, []).extend(cases)
    return add


A = ["advise", HAND]
rows("advise")(
    seeds(A) + threads(A) + counts(A, "--samples") + counts(A + ["--ci", "1"], "--max-samples")
    + choice(A, "--rules") + choice(A, "--policy") + choice(A, "--partner-model") + choice(A, "--format")
    + value(A, "--options", ("H,XX", "XX"), ("", EMPTY), ("chibre,H,chibre", "chibre")) + value(A, "--ci", "-1", "abc")
    + out_file(A) + out_file(A, "--plot", "png") + value(A, "--plot", "figure.gif")
    + [(["advise", "HJ H9 HA SK SQ D6 C7 C8 ZZ"], "ZZ"), (["advise", "HJ H9"], "HJ H9"), (["advise", ""], EMPTY),
       (["advise", HAND.replace("CT", "HJ")], "HJ")])
S = ["simulate", "--deals", "10"]
rows("simulate")(
    seeds(S) + threads(S) + counts(["simulate"], "--deals") + counts(S + ["--policy", "pimc"], "--pimc-samples")
    + choice(S, "--rules") + choice(S, "--policy") + choice(S, "--mode") + choice(S, "--chooser")
    + choice(S, "--format") + value(S + ["--policy", "pimc"], "--horizon", "0", "10", "far", ("", EMPTY))
    + out_file(S) + out_file(S + ["--per-deal"]) + out_file(S + ["--format", "parquet"], ext="parquet"))
B = ["batch", "--deals", "2048", "-o", "run"]
rows("batch")(
    seeds(B) + threads(B) + counts(["batch", "-o", "run"], "--deals") + counts(B, "--shard-size")
    + counts(B, "--stop-after-shards") + choice(B, "--rules") + choice(B, "--policy") + choice(B, "--mode")
    + choice(B, "--chooser") + value(B, "--dask", "local:0", "somewhere", ("", EMPTY))
    + value(B + ["--dask", "tcp://127.0.0.1:1"], "--connect-timeout", "abc")
    + out_dir(["batch", "--deals", "2048"]))
rows("batch-summary")(
    [(["batch-summary", "missing"], "missing"), (["batch-summary", "afile"], "afile"),
     (["batch-summary", "otherjob"], "otherjob"), (["batch-summary", ""], EMPTY)]
    + choice(["batch-summary", "otherjob"], "--format")
    + out_file(["batch-summary", "otherjob"]))
D = ["duel", "--team-a", "random", "--team-b", "heuristic", "--deals", "10"]
rows("duel")(
    seeds(D) + threads(D) + counts(D[:5], "--deals") + counts(D + ["--team-a", "pimc"], "--pimc-samples")
    + choice(D, "--team-a") + choice(D, "--team-b") + choice(D, "--rules") + choice(D, "--chooser")
    + choice(D, "--format") + value(D + ["--team-a", "dd"], "--horizon", "0", "far") + out_file(D))
M = ["melds", "--hands", "100", "--deals", "100"]
rows("melds")(
    seeds(M) + threads(M) + counts(["melds", "--deals", "100"], "--hands") + counts(["melds", "--hands", "100"], "--deals")
    + choice(M, "--rules") + choice(M, "--mode") + choice(M, "--format")
    + out_file(M) + out_file(M, "--plot", "png") + value(M, "--plot", "figure.gif"))
rows("replay")(
    seeds(["replay"]) + choice(["replay", "--seed", "1"], "--mode") + choice(["replay", "--seed", "1"], "--rules")
    + choice(["replay", "--seed", "1"], "--policy") + choice(["replay", "--seed", "1"], "--format")
    + counts(["replay", "--seed", "1", "--policy", "pimc"], "--pimc-samples")
    + value(["replay", "--seed", "1", "--policy", "dd"], "--horizon", "0", "far")
    # issue 53: a Coiffeur round mode under a chibre preset names the rules that play it
    + value(["replay", "--seed", "1"], "--mode", ("SLALOM-OBE", "'SLALOM-OBE' is a Coiffeur round mode: it needs --rules coiffeur")))
SV = ["solve", "--mode", "H", "--hands", HANDS4]
rows("solve")(
    choice(SV, "--mode") + choice(SV, "--format") + value(SV, "--leader", "4", "-1", "x")
    + value(SV, "--hands", "HJ,H6;HA", ("HJ,H6,SA,ZZ;HA,S6,D6,C6;H9,SK,DK,CA;HT,ST,DA,CT", "ZZ"),
            ("HJ,H6,SA,DT;HJ,S6,D6,C6;H9,SK,DK,CA;HT,ST,DA,CT", "HJ"), ("", EMPTY),
            ("HJ;HA,S6;H9;HT", "1/2/1/1")))
P = ["play-advice", "--hand", HAND, "--mode", "H"]
rows("play-advice")(
    seeds(P) + threads(P) + counts(P, "--samples") + counts(P + ["--ci", "1"], "--max-samples")
    + choice(P, "--mode") + choice(P, "--rules") + choice(P, "--policy") + choice(P, "--format")
    + value(P, "--leader", "4", "x") + value(P, "--chooser", "7", "x") + value(P, "--ci", "0", "x")
    + value(P, "--played", ("HJ ZZ", "ZZ"), ("HJ HJ", "HJ"), "S6") + value(P, "--melds", "1 D7 D8 D9", "5: D7 D8 D9", ("1: D7 ZZ", "ZZ"))
    # impossible melds (issue 33 item 5): not a meld, not seat 0's cards, both teams, shown twice
    + value(P, "--melds", ("1: DA", "DA"), ("1: D7 D8", "D7"), ("1: D7 D9 DJ", "D7"), ("1: D7 S8 C9", "D7"),
            ("0: C7 C8 CT", "C7"), ("2: D7 D8 D9; 1: DT DJ DQ", "D7"), ("1: H6 D6 S6 C6", "6s"),
            ("3: HK HQ", "HQ"), ("1: D7 D8 D9; 1: D7 D8 D9", "D7"), ("1: D7 D8 D9 D6 S6 C6 H6", "6s"))
    + value(["play-advice", "--mode", "H"], "--hand", "HJ", ("", EMPTY), ("HJ H9 HA SK SQ D6 C7 C8 XX", "XX"))
    + value(["play-advice", "--mode", "H"], "--hands", "HJ;H9", ("HJ H9 HA SK SQ D6 C7 C8 CT;;;", EMPTY))
    + out_file(P))
R = ["review", "round.txt"]
rows("review")(
    seeds(R) + threads(R) + counts(R, "--samples") + choice(R, "--policy") + choice(R, "--format")
    + value(R, "--seat", "4", "x") + value(R, "--team", "2", "x")
    + [(["review", "missing.txt"], "missing.txt"), (["review", "adir"], "adir"), (["review", ""], EMPTY),
       (["review", "afile"], "afile")]
    + out_file(R) + out_file(R, "--html", "html")
    + value(R + ["--save"], "--data-dir", UNWRITABLE, "afile", "afile/sub", ("", EMPTY))
    + [(R + ["--data-dir", "adir"], "--data-dir")]  # only with --save (issue 54: as history --data-dir)
    # round files: each bad line named with its number (issue 33 items 5 and 12)
    + [(["review", f"{name}.txt"], token) for name, (_, token) in BAD_ROUNDS.items()])
RP = ["report", "--deals", "1000", "-o", "rep"]
rows("report")(
    seeds(RP) + threads(RP) + counts(RP, "--deals") + counts(RP, "--samples-per-hand") + counts(RP, "--meld-hands")
    + choice(RP, "--rules") + choice(RP, "--policy") + value(RP, "--players", ("heuristic,nope", "nope"), ("", EMPTY))
    + out_dir(["report", "--deals", "1000"]) + out_dir(RP, "--checkpoint"))

CR = ["cribbage"]
rows("cribbage", "score")(
    choice(CR + ["score", "5H 5D 5S JC", "--starter", "5C"], "--format")
    + value(CR + ["score", "5H 5D 5S JC"], "--starter", "ZZ", ("", EMPTY), "5H")
    + [(CR + ["score", "5H 5D 5S ZZ", "--starter", "5C"], "ZZ"), (CR + ["score", "", "--starter", "5C"], EMPTY)])
CD = CR + ["discard", "5H 5D JS 6C 4H KD", "--dealer"]
rows("cribbage", "discard")(
    seeds(CD + ["--pegging"]) + counts(CD + ["--pegging"], "--samples") + choice(CD, "--opponent")
    + choice(CD, "--format") + value(CD, "--score", "100-110", "200:0", ("", EMPTY))
    + [(CR + ["discard", "5H 5D JS 6C 4H", "--dealer"], "5H 5D JS 6C 4H"),
       (CR + ["discard", "", "--dealer"], EMPTY)])
CS = CR + ["stats", "--hands", "100"]
rows("cribbage", "stats")(
    seeds(CS) + counts(CR + ["stats"], "--hands") + counts(CS + ["--crib-table", "c.csv"], "--samples")
    + choice(CS, "--format") + out_file(CS, "--crib-table") + out_file(CS, "--plot", "png")
    + value(CS, "--plot", "figure.gif"))
rows("cribbage", "simulate")(
    seeds(CR + ["simulate", "--games", "2"]) + threads(CR + ["simulate", "--games", "2"])
    + counts(CR + ["simulate"], "--games")
    + choice(CR + ["simulate", "--games", "2"], "--player-a") + choice(CR + ["simulate", "--games", "2"], "--player-b")
    # the spellings before 0.2, hidden aliases of --player-a and --player-b
    + choice(CR + ["simulate", "--games", "2"], "--a") + choice(CR + ["simulate", "--games", "2"], "--b")
    + choice(CR + ["simulate", "--games", "2"], "--format"))
rows("cribbage", "replay")(
    seeds(CR + ["replay"]) + choice(CR + ["replay", "--seed", "1"], "--player-a")
    + choice(CR + ["replay", "--seed", "1"], "--player-b")
    + choice(CR + ["replay", "--seed", "1"], "--a") + choice(CR + ["replay", "--seed", "1"], "--b")
    + choice(CR + ["replay", "--seed", "1"], "--format"))
CP = CR + ["report", "--hands", "4", "--deals", "4", "--crib-samples", "0", "-o", "crep"]
rows("cribbage", "report")(
    seeds(CP) + counts(CP, "--hands") + counts(CP, "--deals") + counts(CP, "--crib-samples", ("-5", "x", "1e3", ""))
    + out_dir(CR + ["report"]))
CPA = CR + ["play-advice", "--hand", "5H 4D KC QS", "--starter", "2C", "--pone"]
rows("cribbage", "play-advice")(
    seeds(CPA + ["--samples", "100"]) + counts(CPA, "--samples")
    + counts(CPA + ["--score", "100:100"], "--win-samples", ("-5", "0", "1e3", "")) + choice(CPA, "--format")
    + value(CPA, "--score", "100-110", "200:0", "x:1", ("", EMPTY))
    + value(CPA, "--played", ("5H ZZ", "ZZ"), ("KD KD", "KD"), ("5H", "5H"))
    + value(CPA, "--discard", ("ZZ 2S", "ZZ"), ("5H 2S", "5H"))
    + value(CR + ["play-advice", "--starter", "2C", "--pone"], "--hand", ("5H 4D KC ZZ", "ZZ"), "5H 4D",
            ("", EMPTY))
    + value(CR + ["play-advice", "--hand", "5H 4D KC QS", "--pone"], "--starter", "ZZ", "5H", ("", EMPTY))
    + [(CR + ["play-advice", "--hand", "5H 4D KC QS", "--starter", "2C"], "--dealer"),
       (CPA + ["--exact", "--samples", "100"], "--exact"), (CPA + ["--dealer"], "--dealer")])
CRV = CR + ["review", "game.txt"]
rows("cribbage", "review")(
    choice(CRV, "--format") + value(CRV, "--player", "2", "-1", "x", ("", EMPTY))
    + counts(CRV, "--win-samples", ("-5", "100", "1e3", "")) + seeds(CRV + ["--win-samples", "128"])
    + [(CRV + ["--seed", "3"], "--seed")]
    + out_file(CRV, "--html", "html") + [(CRV + ["--html", "rv.png"], "rv.png")]
    + [(CR + ["review", "missing.txt"], "missing.txt"), (CR + ["review", "adir"], "adir"),
       (CR + ["review", ""], EMPTY)]
    # game files: each bad line named
    + [(CR + ["review", f"{name}.{'json' if name.endswith('json') else 'txt'}"], token)
       for name, (_, token) in BAD_CRIB_GAMES.items()])

BA = ["basra"]
BR = BA + ["replay", "--seed", "1"]
rows("basra", "replay")(
    seeds(BA + ["replay"]) + counts(BR + ["--policy", "search"], "--samples") + choice(BR, "--rules")
    + choice(BR, "--policy") + choice(BR, "--format") + value(BR, "--players", "3", "x") + value(BR, "--dealer", "5", "x"))
BS = BA + ["simulate", "--deals", "10", "--games", "2"]
rows("basra", "simulate")(
    seeds(BS) + threads(BS) + counts(BA + ["simulate", "--games", "2"], "--deals")
    + counts(BA + ["simulate", "--deals", "10"], "--games", ("-5", str(2**64), "1e3", ""))  # 0: no games
    + counts(BS + ["--policy", "search"], "--samples")
    + choice(BS, "--policy") + choice(BS, "--rules") + choice(BS, "--format") + value(BS, "--players", "3")
    + out_file(BS))
BD = BA + ["duel", "--player-a", "random", "--player-b", "greedy", "--deals", "10", "--games", "2"]
rows("basra", "duel")(
    seeds(BD) + threads(BD) + counts(BD[:6] + ["--games", "2"], "--deals")
    + counts(BD[:8], "--games", ("-5", str(2**64), "1e3", ""))
    + counts(BD + ["--player-a", "search"], "--samples") + choice(BD, "--player-a") + choice(BD, "--player-b")
    + choice(BD, "--rules") + choice(BD, "--format") + value(BD, "--players", "3") + out_file(BD))
BV = BA + ["advise", "--hand", "HJ D10 C5 S3 HK H7"]
rows("basra", "advise")(
    seeds(BV) + threads(BV) + counts(BV, "--samples") + choice(BV, "--rules") + choice(BV, "--horizon")
    + choice(BV, "--format") + choice(BV, "--last-capture") + value(BV, "--players", "3")
    + value(BV, "--piles", "3", "a,b", "-1,2") + value(BV, "--table", "ZZ", "HJ") + value(BV, "--played", "ZZ", "HJ")
    + value(BA + ["advise"], "--hand", "ZZ", ("", "0 cards in hand"), ("HJ HJ", "HJ")))
BP = BA + ["report", "-o", "brep"]
rows("basra", "report")(
    seeds(BP) + threads(BP) + counts(BP, "--positions") + counts(BP, "--samples") + counts(BP, "--deals")
    + counts(BP, "--games") + counts(BP, "--search-deals") + choice(BP, "--rules") + value(BP, "--players", "3")
    + out_dir(BA + ["report"]))

DZ = ["differenzler"]
DH = "HJ H9 HA HK SA ST D6 C7 C8"
DA = DZ + ["advise", DH, "--trump-card", "H6", "--samples", "100"]
rows("differenzler", "advise")(
    seeds(DA) + threads(DA) + counts(DZ + ["advise", DH, "--trump-card", "H6"], "--samples")
    + value(DA[:5], "--samples", "2000001")
    + choice(DA, "--rules") + choice(DA, "--policy") + choice(DA, "--format")
    + value(DA[:5], "--ci", "-1", "abc") + value(DA, "--exact-bonus", "-1", "200", "x")
    + value(DA, "--dealer", "4", "-1", "x") + value(DA, "--seat", "4", "x")
    # the trump card: unknown, missing, in my hand when I am not the dealer, not in it when I am
    + value(DA, "--trump-card", "ZZ", ("", "--trump-card"), ("HJ", "HJ"))
    + value(DA + ["--seat", "3"], "--trump-card", ("D9", "D9"))
    # bids: out of 0..157, not a number, the wrong count
    + value(DA, "--bids", ("1,2,158", "158"), ("1,x,3", "x"), ("1,2", "1,2"), ("1,2,3,4", "1,2,3,4"))
    + out_file(DA) + out_file(DA, "--plot", "png") + value(DA, "--plot", "figure.gif")
    + [(DZ + ["advise", "HJ H9 HA HK SA ST D6 C7 ZZ", "--trump-card", "H6"], "ZZ"),
       (DZ + ["advise", "HJ H9", "--trump-card", "H6"], "HJ H9"),
       (DZ + ["advise", "HJ H9 HA HK SA ST D6 C7 HJ", "--trump-card", "H6"], "HJ")])
DP = DZ + ["play-advice", "--hand", DH, "--trump-card", "H6", "--bid", "60", "--samples", "16"]
rows("differenzler", "play-advice")(
    seeds(DP) + threads(DP) + counts(DP[:8], "--samples") + value(DP[:8], "--samples", "200001")
    + choice(DP, "--rules") + choice(DP, "--policy")
    + choice(DP, "--format") + value(DP, "--policy", "search") + value(DP[:8], "--ci", "-1", "abc")
    + value(DP, "--exact-bonus", "-1", "200", "x") + value(DP, "--dealer", "4", "-1", "x") + value(DP, "--seat", "4", "x")
    + value(DP, "--trump-card", "ZZ", ("", "--trump-card"), ("HJ", "HJ")) + value(DP, "--bid", "158", "-1", "x", ("", EMPTY))
    + value(DP, "--hand", ("HJ H9 HA HK SA ST D6 C7 ZZ", "ZZ"), ("HJ H9", "HJ H9"), ("HJ H9 HA HK SA ST D6 C7 HJ", "HJ"))
    # the history: an unknown card, a card twice, not my turn, the trump card played by a seat not the dealer
    + value(DP, "--played", ("SA ZZ", "ZZ"), ("SA SA", "SA"), ("SA S6", "S6"), ("SA S6 H6 S8", "H6"))
    + value(DP, "--bids", ("1,2,158", "158"), ("1,x,3", "x"), ("1,2", "1,2")) + out_file(DP)
    + [(DZ + ["play-advice", "--trump-card", "H6", "--bid", "60"], "--hand"),
       (DZ + ["play-advice", "--hand", DH, "--trump-card", "H6"], "--bid")])
DR = DZ + ["replay", "--seed", "1"]
rows("differenzler", "replay")(
    seeds(DZ + ["replay"]) + choice(DR, "--rules") + choice(DR, "--policy") + choice(DR, "--format")
    + value(DR, "--dealer", "4", "x") + value(DR, "--players", ("number,nope,number,number", "nope"), ("a,b", "a,b"))
    + value(DR, "--bids", ("1,2,3", "1,2,3"), ("1,2,3,158", "158")))
DS = DZ + ["simulate", "--rounds", "100"]
rows("differenzler", "simulate")(
    seeds(DS) + threads(DS) + counts(DZ + ["simulate"], "--rounds") + choice(DS, "--rules") + choice(DS, "--policy")
    + choice(DS, "--format") + value(DS, "--exact-bonus", "-1", "x")
    + value(DS, "--players", ("number,nope,number,number", "nope"), ("a,b", "a,b")) + out_file(DS))
DG = DZ + ["games", "--games", "10"]
rows("differenzler", "games")(
    seeds(DG) + threads(DG) + counts(DZ + ["games"], "--games") + counts(DG, "--rounds", ("-5", "0", "7", "1e3"))
    + choice(DG, "--rules") + choice(DG, "--policy") + choice(DG, "--format") + value(DG, "--exact-bonus", "-1", "x")
    + value(DG, "--players", ("number,nope,number,number", "nope"), ("a,b", "a,b")) + out_file(DG))

# Requests that cannot fit (memory, disk) are refused before they start, whatever the machine.
HUGE = str(10**14)
rows("advise")([(A + ["--ci", "0.01", "--max-samples", HUGE], HUGE), (A + ["--samples", HUGE], HUGE)])
rows("play-advice")([(P + ["--samples", HUGE], HUGE), (P + ["--ci", "0.01", "--max-samples", HUGE], HUGE)])
rows("simulate")([(["simulate", "--deals", HUGE, "--per-deal", "-o", "x.csv", "--format", "csv"], HUGE)])
rows("batch")([(["batch", "--deals", HUGE, "--per-deal", "-o", "run"], HUGE)])
rows("cribbage", "stats")([(CR + ["stats", "--hands", HUGE], HUGE)])
# Digits that are not ASCII ('²'.isdigit() is True, int('²') fails): found by test_parsers_fuzz.
rows("simulate")(value(S + ["--policy", "dd"], "--horizon", "²"))
rows("batch")(value(B, "--dask", "local:²"))
rows("cribbage", "discard")(value(CD, "--score", "²:1"))
# --exact refuses the sampled options (issue 21)
rows("cribbage", "discard")([(CD + ["--exact", "--pegging"], "--exact"), (CD + ["--exact", "--opponent", "model"], "--exact"),
                             (CD + ["--exact", "--score", "100:110"], "--exact")])

# games and equity (issue 20)
rows("advise")(value(A, "--score", "100-110", ("5000:0", "5000"), "x:1", ("", EMPTY)))
G = ["games", "--games", "2", "--team-a", "random", "--team-b", "random"]
rows("games")(
    counts(["games", "--team-a", "random", "--team-b", "random"], "--games") + choice(G, "--team-a")
    + choice(G, "--team-b") + choice(G, "--rules") + counts(G, "--target") + choice(G, "--ending")
    + choice(G, "--chooser-a") + choice(G, "--chooser-b") + seeds(G) + threads(G) + choice(G, "--format")
    + out_file(G, "--plot", "png") + value(G, "--plot", "figure.gif") + out_file(G))
E = ["equity", "--games", "100"]
rows("equity")(
    choice(E, "--rules") + choice(E, "--policy") + counts(["equity"], "--games") + counts(["equity"], "--games", ("99",))
    + value(E, "--step", "0", "51", "-5", ("", EMPTY))
    + seeds(E) + threads(E) + value(E, "--score", "100-110", "x:1", ("", EMPTY))
    + out_file(E, "--plot", "png") + value(E, "--plot", "figure.gif") + out_file(E, ext="parquet")
    + choice(E, "--chooser")
    + [(["equity", "--shipped", "--policy", "pimc"], "pimc")])  # no table shipped for pimc

# an output whose extension contradicts --format, or that the command cannot write (issue 33 item 9)
rows("simulate")([(S + ["--format", "table", "-o", "x.csv"], "x.csv"), (S + ["--format", "csv", "-o", "x.json"], "x.json")])
rows("advise")([(A + ["--format", "json", "-o", "x.csv"], "x.csv"), (A + ["-o", "x.parquet"], "x.parquet")])
rows("duel")([(D + ["-o", "x.parquet"], "x.parquet")])
rows("games")([(G + ["--format", "csv", "-o", "x.json"], "x.json")])
rows("melds")([(M + ["--format", "json", "-o", "x.csv"], "x.csv")])
rows("play-advice")([(P + ["-o", "x.csv"], "x.csv")])
rows("review")([(R + ["-o", "x.csv"], "x.csv"), (R + ["--html", "rv.png"], "rv.png")])
rows("batch-summary")([(["batch-summary", "otherjob", "--format", "json", "-o", "x.csv"], "x.csv")])
rows("basra", "simulate")([(BS + ["-o", "x.parquet"], "x.parquet")])
rows("basra", "duel")([(BD + ["--format", "csv", "-o", "x.json"], "x.json")])
rows("equity")([(["equity", "--shipped", "--step", "20"], "20"), (["equity", "--shipped", "--seed", "5"], "5"),
                (["equity", "--shipped", "--chooser", "evaluator"], "evaluator")])  # the shipped tables' is fitted
rows("replay")(choice(["replay", "--seed", "1"], "--chooser"))
# contradictions (issue 33 item 6): both sides of a flag pair, an option twice with two values, an
# option that the other options make meaningless
KEEP_REPEATS: set[tuple[str, ...]] = set()


def repeated(*cases):
    """Rows whose repeated option is the point (not merged by ``_once``)."""
    KEEP_REPEATS.update(tuple(args) for args, _ in cases)
    return list(cases)


rows("cribbage", "discard")([(CD + ["--pone"], "--pone")]
                            + repeated((CD + ["--pegging", "--seed", "1", "--seed", "2"], "--seed")))
rows("simulate")(repeated((S + ["--policy", "net", "--policy", "random"], "--policy")))
rows("simulate")([(S + ["--mode", "H", "--chooser", "evaluator"],
                  "--chooser"), (S + ["--policy", "heuristic", "--pimc-samples", "4"], "--pimc-samples"),
                  (S + ["--policy", "net", "--horizon", "2"], "--horizon")])
rows("batch")([(B + ["--mode", "S", "--chooser", "random"], "--chooser"), (B + ["--connect-timeout", "3"], "--connect-timeout")])
rows("replay")([(["replay", "--seed", "1", "--mode", "H", "--chooser", "random"], "--chooser"),
                (["replay", "--seed", "1", "--pimc-samples", "4"], "--pimc-samples")])
rows("duel")([(D + ["--horizon", "2"], "--horizon")])
rows("advise")([(A + ["--chibred", "--partner-model", "search"], "--partner-model"),
                (A + ["--options", "H,S", "--partner-model", "evaluator"], "--partner-model")])
rows("basra", "replay")([(BR + ["--samples", "50"], "--samples")])
rows("basra", "simulate")([(BS + ["--samples", "50"], "--samples")])
rows("basra", "duel")([(BD + ["--samples", "50"], "--samples")])
rows("melds")([(M + ["--exact"], "--exact")])
rows("review")([(R + ["--seat", "1", "--team", "0"], "--team")])
rows("play-advice")([(P + ["--samples", "10", "--ci", "1"], "--ci"), (P + ["--chibred", "--chooser", "0"], "0")])
rows("advise")([(A + ["--max-samples", "5000"], "--max-samples")])
rows("play-advice")([(P + ["--max-samples", "5000"], "--max-samples")])
# --search-worlds: a bad count (the search player's range is 1..4096), and the option where no seat plays search
for name, base in (("simulate", S), ("duel", D), ("replay", ["replay", "--seed", "1"]), ("advise", A),
                   ("play-advice", P), ("review", R)):
    searching = ["duel", "--team-a", "search"] + D[3:] if name == "duel" else base + ["--policy", "search"]
    rows(name)(counts(searching, "--search-worlds") + [(searching + ["--search-worlds", "5000"], "5000"),
                                                       (base + ["--search-worlds", "4"], "--search-worlds")])
rows("equity")([(["equity", "--shipped", "--threads", "1"], "--threads")])

# coiffeur advise (issue 53): every refusal comes before any sampling
CO = ["coiffeur", "advise", HAND, "--ours-open", "S,H,OBE,JOKER", "--theirs-open", "S,C,JOKER,JOKER"]
CO_BASE = ["coiffeur", "advise"]
rows("coiffeur", "advise")(
    [(CO_BASE + ["HJ H9", "--ours-open", "S", "--theirs-open", "S"], "HJ H9"),
     (CO_BASE + [HAND.replace("CT", "HJ"), "--ours-open", "S", "--theirs-open", "S"], "HJ"),
     (CO_BASE + ["HJ H9 HA SK SQ D6 C7 C8 ZZ", "--ours-open", "S", "--theirs-open", "S"], "ZZ")]
    + value(CO, "--ours-open", ("S,S", "'S'"), ("SLALOM", "'SLALOM'"), ("XX", "'XX'"), ("-", "--ours-open"))
    + value(CO, "--theirs-open", ("JOKER,JOKER,JOKER", "'JOKER'"), ("YY", "'YY'"))
    + value(CO, "--score", ("100-110", "'100-110'"), ("99999:0", "99999"), ("x:1", "'x:1'"), ("", EMPTY))
    + value(CO, "--passed", ("4", "4"), ("-1", "-1"), ("two", "two"))
    + [(CO + ["--forced", "--passed", "1"], "--forced")]
    + choice(CO, "--rules") + [(CO + ["--rules", "coiffeur-10", "--ours-open", "S,MISERE"], "'MISERE'")]
    + value(CO, "--categories", ("S:1,Q:2", "'Q'"), ("S:1,S:2", "'S' is given twice"), ("S:x", "'x'"), ("", "--categories"),
            ("S:1,MISERE:2,MISERE:3", "'MISERE' is given twice"))
    + choice(CO, "--policy") + counts(CO, "--samples") + [(CO + ["--samples", "10", "--ci", "1"], "--ci")]
    + value(CO, "--ci", ("0", "0"), ("-1", "-1"))
    + seeds(CO) + threads(CO) + choice(CO, "--format") + out_file(CO))

# coiffeur replay|simulate|games (issue 53 item 4): refused before any match is played
SMALL_CATS = "S:1,OBE:3,JOKER:5,JOKER:6"
CR = ["coiffeur", "replay", "--categories", SMALL_CATS]
rows("coiffeur", "replay")(
    seeds(CR) + value(CR, "--bots", ("planning,nope", "'nope'"), ("planning", "'planning'"), ("", EMPTY))
    + choice(CR, "--rules") + [(["coiffeur", "replay", "--categories", "S:1,TRIO:2,TRIO:3"], "'TRIO' is given twice")]
    + value(CR, "--categories", ("S:1,Q:2", "'Q'"), ("S:1,S:2", "'S' is given twice"), ("", "--categories"))
    + choice(CR, "--policy") + choice(CR, "--format") + out_file(CR))
for _name in ("simulate", "games"):
    CM = ["coiffeur", _name, "--matches", "1", "--categories", SMALL_CATS]
    rows("coiffeur", _name)(
        counts(CM, "--matches") + seeds(CM) + choice(CM, "--rules")
        + value(CM, "--categories", ("S:x", "'x'"), ("S:1,GUSCHTI:2,GUSCHTI:3", "'GUSCHTI' is given twice"))
        + choice(CM, "--policy") + choice(CM, "--format") + out_file(CM))
# coiffeur report (issue 53 item 7): refused before any play-out
CRP = ["coiffeur", "report", "--hands", "2", "--matches", "2", "-o", "corep"]
rows("coiffeur", "report")(
    seeds(CRP) + threads(CRP) + counts(CRP, "--hands") + counts(CRP, "--deals") + counts(CRP, "--matches")
    + choice(CRP, "--rules") + out_dir(["coiffeur", "report"]))
# differenzler report (issue 52 item 7): refused before any play-out
DRP = ["differenzler", "report", "--hands", "2", "--samples", "16", "-o", "direp"]
rows("differenzler", "report")(
    seeds(DRP) + threads(DRP) + counts(DRP, "--hands") + counts(DRP, "--samples") + out_dir(["differenzler", "report"]))

SV = ["serve", "--no-browser"]
rows("serve")(value(SV, "--port", "0", "65536", "abc", ("", EMPTY)) + value(SV, "--host", "256.0.0.1", "no host here"))
rows("serve")(value(SV, "--data-dir", UNWRITABLE, "afile", "afile/sub", ("", EMPTY)))
H = ["history"]
rows("history")(choice(H, "--format") + out_file(H) + value(H, "--delete", "x", "0", "-1", "999", ("", EMPTY)))
rows("history")(out_file(H + ["--stats"], "--plot", "png") + value(H + ["--stats"], "--plot", "figure.gif")
                + [(H + ["--plot", "x.png"], "--plot"), (H + ["--stats", "--delete", "1"], "--delete")])
PR = ["practice"]
rows("practice")(choice(PR, "--game") + choice(PR, "--format") + out_file(PR)
                 + value(PR, "--reset", "x", "0", "-1", "999", ("", EMPTY))
                 + value(PR, "--data-dir", UNWRITABLE, "afile", "afile/sub", ("", EMPTY)))
rows("history")(value(H, "--data-dir", UNWRITABLE, "afile", "afile/sub", ("", EMPTY)))

#: Options and arguments with no row, and why.
NO_ROW = {
    ("serve", "no_browser"), ("report", "quick"),  # flags: nothing to get wrong
    ("practice", "due"), ("history", "stats"),
    ("advise", "chibred"), ("simulate", "per_deal"), ("batch", "per_deal"), ("melds", "exact"),
    ("play-advice", "chibred"), ("review", "no_mode"), ("review", "save"), ("cribbage", "score", "crib"),
    ("cribbage", "discard", "dealer"), ("cribbage", "discard", "pegging"), ("cribbage", "stats", "exact"),
    ("coiffeur", "advise", "forced"),  # a flag: its contradictions are rows of --passed and --forced above
    ("coiffeur", "report", "quick"),  # a flag: nothing to get wrong
    ("differenzler", "report", "quick"),  # a flag: nothing to get wrong
    ("differenzler", "replay", "open_"), ("differenzler", "simulate", "open_"),  # flags: nothing to get wrong
    ("differenzler", "games", "open_"),
}


def _once(command, args):
    """``args`` with an option the row makers appended to a base that already had it (``--team-a
    pimc`` after ``--team-a random``) given once, at its first place, with the later value: an option
    given twice with two values is itself refused (issue 33 item 6), which is not what the row tests."""
    cmd = main
    for name in command:
        cmd = cmd.commands[name]
    flags = {o for p in cmd.params if isinstance(p, click.Option) and p.is_flag for o in p.opts + p.secondary_opts}
    out, where = list(args[:len(command)]), {}
    i = len(command)
    while i < len(args):
        token = args[i]
        if token.startswith("-") and token not in flags and i + 1 < len(args) and token in {
                o for p in cmd.params if isinstance(p, click.Option) for o in p.opts}:
            if token in where:
                out[where[token] + 1] = args[i + 1]
            else:
                where[token] = len(out)
                out += [token, args[i + 1]]
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def _cases():
    for command, cases in ROWS.items():
        for i, (args, token) in enumerate(cases):
            args = args if tuple(args) in KEEP_REPEATS else _once(command, args)
            yield pytest.param(args, token, id=f"{' '.join(command)}-{i}-{' '.join(args[len(command):])[-40:]}")


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """A directory with the files the rows name: adir/ (a directory), afile (a file), otherjob/
    (a directory of someone else's), round.txt (a valid round file), game.txt (a valid cribbage game)."""
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("not a directory\n")
    (tmp_path / "otherjob").mkdir()
    (tmp_path / "otherjob" / "results.csv").write_text("a,b\n1,2\n")
    (tmp_path / "round.txt").write_text(ROUND)
    for name, (text, _) in BAD_ROUNDS.items():
        (tmp_path / f"{name}.txt").write_text(text)
    (tmp_path / "game.txt").write_text(CRIB_GAME)
    for name, (text, _) in BAD_CRIB_GAMES.items():
        (tmp_path / f"{name}.{'json' if name.endswith('json') else 'txt'}").write_text(text)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _snapshot(root):
    return sorted((os.path.relpath(os.path.join(d, f), root), os.path.getsize(os.path.join(d, f)))
                  for d, dirs, files in os.walk(root) for f in files + dirs)


def _runner():
    try:
        return CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        return CliRunner()  # click >= 8.2 keeps stderr apart


@pytest.mark.parametrize("args,token", list(_cases()))
def test_bad_input_is_one_line_exit_2_and_writes_nothing(workdir, args, token):
    before = _snapshot(workdir)
    result = _runner().invoke(main, args)
    err = result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, err, result.stdout[-300:])
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and err.startswith("jass-sim: error: "), err
    assert token in err, (token, err)
    assert _snapshot(workdir) == before
    assert not os.path.exists(UNWRITABLE)




def test_every_option_of_every_command_has_a_row():
    """A command added later fails here until its rows are in the table."""
    missing = []
    for command, cmd in leaves(main):
        given = {a for args, _ in ROWS.get(command, []) for a in args[len(command):]}
        for p in cmd.params:
            if p.name == "help" or command + (p.name,) in NO_ROW or getattr(p, "hidden", False) and False:
                continue
            names = set(p.opts) if isinstance(p, click.Option) else set()
            if isinstance(p, click.Argument):
                if not ROWS.get(command):
                    missing.append(command + (p.name,))
                continue
            if not names & given:
                missing.append(command + (p.name,))
    assert not missing, f"no bad-input row for: {missing}"
