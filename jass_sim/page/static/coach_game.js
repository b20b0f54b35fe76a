// "Play a game" in the coach view (issue 54 item 4): coached rounds one after another to the target, with
// the score sheet. The first round's choice is the ♦7 holder's, then it moves on to the next seat (the
// rules: docs/rules.md "Choosing the mode"; the engine's play_game). Each round is counted by the game_round
// job (the engine's own end of a game: premier sorti, melds, then Stöck, then each trick, the first team at
// the target wins at once), reviewed and saved by the review job (its mistakes feed Practice), and added
// to the game's one History entry (POST /api/history/games/{id}/rounds), so that a reload loses at most the
// round being played (the browser asks first) and the page offers to go on with the game.
import { $, el } from "./dom.js";
import { callJSON as call, runJob } from "./api.js";
import { dealRound } from "./coach.js";
import { modeLabel, WHO } from "./jass.js";
import { roundText } from "./table.js";

const RULES = "chibre";  // the coach plays the chibre preset (its target 1000 is the default)
const game = { id: null, target: 1000, score: [0, 0], sheet: [], winner: null, playing: false, pending: null };
const Who = (seat) => WHO[seat][0].toUpperCase() + WHO[seat].slice(1);
const TEAM = ["you and your partner", "seats 1 and 3"];


function showError(text) { $('[data-error-for="game"]').textContent = text; }

export function setupCoachGame() {
  $('[data-action="game-start"]').addEventListener("click", startGame);
  $('[data-action="game-next"]').addEventListener("click", () => (game.pending ? countRound(game.pending) : nextRound()));
  $('[data-action="game-resume"]').addEventListener("click", resume);
  // a reload or a closed tab during a round would lose it (the rounds before are saved): the browser asks
  window.addEventListener("beforeunload", (e) => { if (game.playing) { e.preventDefault(); e.returnValue = ""; } });
  checkOpen();
}

// a game not over in the history (a reload, another day): offered to go on with
async function checkOpen() {
  try {
    const open = await call("GET", "/api/history/games/open?game=jass");
    if (!open || game.id) return;
    $("#game-resume-text").textContent = `A game to ${open.target} stands at ${open.score[0]}:${open.score[1]} after ` +
      `${open.played} round${open.played === 1 ? "" : "s"}.`;
    $("#game-resume").dataset.gameId = open.id;
    $("#game-resume").hidden = false;
  } catch (err) { /* the history cannot be read: the History view says why */ }
}

async function startGame() {
  showError("");
  const text = $("#game-target").value.trim();
  const target = /^\d+$/.test(text) ? Number(text) : text;
  try {
    adopt(await call("POST", "/api/history/games", { game: "jass", rules: RULES, target }));
  } catch (err) { showError(`The game could not start: ${err.message}`); $("#game-target").focus(); return; }
  nextRound();
}

async function resume() {
  showError("");
  try { adopt(await call("GET", `/api/history/games/${$("#game-resume").dataset.gameId}`)); } catch (err) { showError(err.message); return; }
  nextRound();
}

function adopt(doc) {
  Object.assign(game, { id: doc.id, target: doc.target, score: doc.score, sheet: doc.sheet, winner: doc.winner, pending: null });
  $("#game-resume").hidden = true;
  $("#coach-solo").hidden = true;
  $("#game-start").hidden = true;
  $("#coach-game").hidden = false;
  $("#game-result").hidden = true;
  render();
}

// who has the choice first: the ♦7 holder in the first round, then the seat after the last one
const firstOf = (hands) => (game.sheet.length ? (game.sheet[game.sheet.length - 1].first + 1) % 4 : hands.findIndex((h) => h.includes("D7")));

function nextRound() {
  $('[data-action="game-next"]').hidden = true;
  for (const [box, value] of [["#coach-score-us", game.score[0]], ["#coach-score-them", game.score[1]]]) {
    $(box).value = String(value);
    $(box).readOnly = true;  // the coach weighs the mode choice at the game's score
  }
  game.playing = true;
  dealRound({ first: firstOf, target: game.target, onEnd: countRound });
  const first = game.sheet.length ? (game.sheet[game.sheet.length - 1].first + 1) % 4 : null;
  $("#game-status").textContent = `Game to ${game.target}: us ${game.score[0]}, them ${game.score[1]} · round ${game.sheet.length + 1}` +
    (first === null ? " · the ♦7 holder chooses" : ` · ${first === 0 ? "you choose" : `${WHO[first]} chooses`}`);
}

// a round played: counted by the game_round job, reviewed and saved by the review job, added to the game
async function countRound(r) {
  game.pending = r;
  const next = $('[data-action="game-next"]');
  next.hidden = true;
  showError("");
  $("#game-status").textContent = `Round ${game.sheet.length + 1} is over: the coach counts the game and reviews the round…`;
  const before = game.score.slice();
  const text = roundText({ hands: Object.fromEntries(r.hands.map((h, s) => [s, h])), mode: r.mode, leader: r.leader,
                           chooser: r.chooser, chibred: r.chibred, played: r.played, melds: r.melds });
  const [counted, reviewed] = await Promise.all([
    runJob("game_round", { hands: r.hands.map((h) => h.join(" ")), mode: r.mode, leader: r.leader, chibred: r.chibred,
                           played: r.played.join(" "), score0: before[0], score1: before[1], target: game.target, rules: RULES }),
    // saved once only: a second try after a failure does not review it again
    r.reviewed ? Promise.resolve(r.reviewed) : runJob("review", { round: text, seat: 0, source: "coach" }),
  ]);
  if (reviewed.kind === "result") r.reviewed = reviewed;
  if (counted.kind !== "result") return retry(`The round could not be counted: ${counted.data.error || counted.kind}.`);
  const c = counted.data, p = r.parts;
  const row = { first: r.leader, chooser: r.chooser, chibred: r.chibred, mode: r.mode, cards: p.cards, weis: p.weis,
                stoeck: p.stoeck, match: p.match, totals: c.round_totals, mid_round: c.mid_round, ending: c.ending,
                rubicon: c.rubicon };
  const roundId = reviewed.kind === "result" ? reviewed.data.history_id ?? null : null;
  try {
    adopt(await call("POST", `/api/history/games/${game.id}/rounds`, { row, before, after: c.after, winner: c.winner, round_id: roundId }));
  } catch (err) { return retry(`The round could not be added to the game: ${err.message}.`); }
  if (roundId === null) showError(`The round counts in the game, but its review could not be saved: ${reviewed.data.history_error || reviewed.data.error || reviewed.kind}.`);
  game.playing = false;
  if (game.winner !== null) { ended(row); return; }
  next.textContent = "Next round";
  next.hidden = false;
  const first = (row.first + 1) % 4;
  $("#game-status").textContent = `Game to ${game.target}: us ${game.score[0]}, them ${game.score[1]} after ${game.sheet.length} ` +
    `round${game.sheet.length === 1 ? "" : "s"} · next: ${first === 0 ? "you choose" : `${WHO[first]} chooses`}`;
  next.focus();
}

function retry(message) {
  showError(message);
  const next = $('[data-action="game-next"]');
  next.textContent = "Count the round again";
  next.hidden = false;
  next.focus();
}

function ended(last) {
  const w = game.winner, s = game.score;
  const how = last.ending === "premier-sorti"
    ? `premier sorti: the first team to reach ${game.target}, counting the Weis, then the Stöck, then each trick as it is taken, wins at once` +
      (last.mid_round ? "; it got there during the last round, before that round's own totals were all counted" : "")
    : `plus grand écart: the higher total wins`;
  $("#game-result").textContent = `${w === 0 ? "You win" : "Seats 1 and 3 win"} the game, ${s[w]} to ${s[1 - w]} (${how})` +
    `${last.rubicon ? `; ${TEAM[1 - w]} stay under half the target (rubicon)` : ""}. Saved in the History as one game ` +
    `with its ${game.sheet.length} round${game.sheet.length === 1 ? "" : "s"}; its mistakes are in Practice.`;
  Object.assign($("#game-result").dataset, { winner: String(w), gameId: String(game.id) });
  $("#game-result").hidden = false;
  $("#game-status").textContent = `Game over: us ${s[0]}, them ${s[1]}.`;
  for (const box of ["#coach-score-us", "#coach-score-them"]) { $(box).value = "0"; $(box).readOnly = false; }  // a single round's again
  $("#coach-solo").hidden = false;
  $("#game-start").hidden = false;
  game.id = null;
  $("#game-result").focus();
}

const pair = (a) => `${a[0]} : ${a[1]}`;

function render() {
  const body = $("#game-sheet tbody");
  body.textContent = "";
  game.sheet.forEach((row, i) => {
    const choice = row.chibred ? `${Who(row.first)}, chibre: ${WHO[row.chooser]}` : Who(row.chooser);
    body.append(el("tr", { "data-testid": "game-row" },
      el("th", { scope: "row", text: String(i + 1) }), el("td", { text: choice }), el("td", { text: modeLabel(row.mode) }),
      ...[row.cards, row.weis, row.stoeck, row.match, row.totals, row.after].map((a) => el("td", { text: pair(a) }))));
  });
  $("#game-sheet tfoot").textContent = "";
  $("#game-sheet tfoot").append(el("tr", {}, el("th", { scope: "row", colspan: "8", text: `Score (us : them), to ${game.target}` }),
    el("td", { "data-testid": "game-score", text: pair(game.score) })));
}
