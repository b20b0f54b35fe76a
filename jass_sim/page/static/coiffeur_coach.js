// The coached Coiffeur match (issue 53 item 6), a part of the Coiffeur view: a whole match of the coiffeur
// preset (16 rounds, 8 categories a team) for you (seat 0) and your partner (seat 2) against seats 1 and 3.
// Each round: the deal; the choosing in play order from seat round % 4 (the bots: the planning bot, through
// the coiffeur_coach_choice job; you: take one of your open categories, a Joker in the form you name, or pass
// when the rules allow), the coach's verdict on your take or pass (coiffeur_coach_verdict: the plan value lost
// against coiffeur_advise's best option, with its 95% CI); the round at the card table in the chosen form
// (no Weis, no Stöck: the Jass coach's jobs, choose_card for the bots and rate_card for each of your cards);
// the round written on the score sheet (coiffeur_coach_round: the declaring team's points x the multiplier).
// The match is one History entry (POST /api/history/games, game "coiffeur"; each round added with
// /api/history/games/{id}/rounds and its review saved by the review job), resumable after a reload.
import { $, el, fmt } from "./dom.js";
import { callJSON as call, checkPosition, runJob } from "./api.js";
import { onStyleChange } from "./cards.js";
import { cardLabel, deck as jassDeck, localize, modeLabel, renderHand, WHO } from "./jass.js";
import { renderCardTable } from "./cardtable.js";
import { coachKit, shuffle } from "./coachkit.js";
import { verdictLine } from "./coach.js";
import { roundText } from "./table.js";
import { categoryLabel, PRESETS } from "./coiffeur.js";

const RULES = "coiffeur";
// a Coiffeur match has no target: the History's game entry takes the largest (no total reaches it:
// 257 x the multipliers' sum 36 = 9,252), and the winner is given with the last round
const TARGET = 10000;
const TIE = 2;  // the History's winner of a match that ended with equal totals (jass_sim.core.history_games.TIE)
const FORMS = ["H", "D", "S", "C", "OBE", "UNE"];
// sampled deals of the coach's verdicts (the browser test sets small ones: window.jassSimCoiffeurSamples)
const samples = (n) => (typeof window.jassSimCoiffeurSamples === "number" ? window.jassSimCoiffeurSamples : n);
const trickShownMs = () => (typeof window.jassSimTrickMs === "number" ? window.jassSimTrickMs : 1500);
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const Who = (seat) => WHO[seat][0].toUpperCase() + WHO[seat].slice(1);

// the preset's slots: [{code, multiplier, name: "JOKER:8"}]
const SLOTS = PRESETS[RULES].split(",").map((p) => { const [code, m] = p.split(":"); return { code, multiplier: Number(m), name: p }; });
const slotLabel = (s) => `${categoryLabel(s.code)} ×${s.multiplier}`;
const slotOf = (name) => SLOTS.find((s) => s.name === name);

const cc = { id: null, sheet: [], totals: [0, 0], open: [[], []], gen: 0, playing: false };
const { job, failed } = coachKit({ talkBox: "#cc-talk", keep: 8, view: "#coiffeur-coach", errorFor: "cc", generation: () => cc.gen });
const setError = (text) => { $('[data-error-for="cc"]').textContent = text; };

export function setupCoiffeurCoach() {
  $('[data-action="cc-start"]').addEventListener("click", startMatch);
  $('[data-action="cc-resume"]').addEventListener("click", resume);
  $('[data-action="cc-next"]').addEventListener("click", () => (cc.pending ? countRound() : nextRound()));
  window.addEventListener("beforeunload", (e) => { if (cc.playing) { e.preventDefault(); e.returnValue = ""; } });
  onStyleChange(() => { if (cc.id !== null) { renderSheet(); if (cc.lastPos) draw(cc.lastPos); } });
  checkOpen();
}

// a match not over in the History (a reload, another day): offered to go on with
async function checkOpen() {
  try {
    const open = await call("GET", `/api/history/games/open?game=${RULES}`);
    if (!open || cc.id !== null || open.played >= SLOTS.length * 2) return;
    $("#cc-resume-text").textContent = `A coached Coiffeur match stands at ${open.score[0]}:${open.score[1]} after ${open.played} ` +
      `round${open.played === 1 ? "" : "s"}.`;
    $("#cc-resume").dataset.gameId = open.id;
    $("#cc-resume").hidden = false;
  } catch (err) { /* the History cannot be read: its view says why */ }
}

async function startMatch() {
  setError("");
  try { adopt(await call("POST", "/api/history/games", { game: RULES, rules: RULES, target: TARGET })); } catch (err) { setError(`The match could not start: ${err.message}`); return; }
  nextRound();
}

async function resume() {
  setError("");
  try { adopt(await call("GET", `/api/history/games/${$("#cc-resume").dataset.gameId}`)); } catch (err) { setError(err.message); return; }
  nextRound();
}

// the match as the History keeps it: its totals, and the open slots from the rows played
function adopt(doc) {
  cc.id = doc.id;
  cc.sheet = doc.sheet;
  cc.totals = doc.score.slice();
  cc.winner = doc.winner;
  cc.open = [SLOTS.map(() => true), SLOTS.map(() => true)];
  for (const row of cc.sheet) cc.open[row.team][SLOTS.findIndex((s) => s.name === row.category)] = false;
  cc.pending = null;
  $("#cc-resume").hidden = true;
  $("#cc-start").hidden = true;
  $("#cc-match").hidden = false;
  $("#cc-result").hidden = true;
  renderSheet();
}

const openText = (team) => SLOTS.filter((_, i) => cc.open[team][i]).map((s) => s.name).join(",") || "-";

// the score sheet: each category x multiplier, both teams' written points as the rounds end, the totals
function renderSheet() {
  const body = $("#cc-sheet tbody");
  body.textContent = "";
  SLOTS.forEach((s, i) => {
    const cells = [0, 1].map((team) => {
      const row = cc.sheet.find((r) => r.team === team && r.slot === i);
      return row
        ? el("td", { class: "num", "data-testid": "cc-cell", "data-team": String(team), "data-slot": String(i) },
             String(row.written[team]), el("span", { class: "sub", text: `round ${row.round + 1}, ${modeLabel(row.form)}${row.matsch ? ", Matsch" : ""}` }))
        : el("td", { class: "num open", "data-team": String(team), "data-slot": String(i) }, el("span", { class: "visually-hidden", text: "open" }));
    });
    body.append(el("tr", {}, el("th", { scope: "row", class: "HD".includes(s.code) && s.code.length === 1 ? "red" : "", text: slotLabel(s) }), ...cells));
  });
  const foot = $("#cc-sheet tfoot");
  foot.textContent = "";
  foot.append(el("tr", {}, el("th", { scope: "row", text: "Total" }),
    el("td", { class: "num", "data-testid": "cc-total-us", text: String(cc.totals[0]) }),
    el("td", { class: "num", "data-testid": "cc-total-them", text: String(cc.totals[1]) })));
}

function nextRound() {
  setError("");
  $('[data-action="cc-next"]').hidden = true;
  const cards = jassDeck().cards, order = (c) => cards.indexOf(c), dealt = shuffle(cards);
  cc.gen += 1;
  const r = cc.sheet.length;
  Object.assign(cc, { round: r, hands: [0, 1, 2, 3].map((s) => dealt.slice(9 * s, 9 * s + 9).sort((a, b) => order(a) - order(b))),
                      answers: [], ask: null, take: null, played: [], lastPos: null, legalNow: [], choice: null, notes: [],
                      cardVerdicts: [], playing: true, pending: null });
  for (const id of ["#cc-talk", "#cc-choice-verdict", "#cc-table", "#cc-verdicts", "#cc-feedback"]) $(id).textContent = "";
  $("#cc-verdicts").hidden = true;
  $("#cc-status").textContent = `Round ${r + 1} of ${SLOTS.length * 2} · us ${cc.totals[0]}, them ${cc.totals[1]} · ` +
    `${r % 4 === 0 ? "you choose" : `${WHO[r % 4]} chooses`} first`;
  renderHand($("#cc-hand"), cc.hands[0]);
  choiceStep();
}

const choiceArgs = () => ({ hands: cc.hands.map((h) => h.join(" ")), round_no: cc.round, ours_open: openText(0),
                            theirs_open: openText(1), answers: cc.answers.join(",") });

function sayStep(step) {
  const me = step.seat === 0, who = me ? "You" : Who(step.seat);
  if (step.answer === "pass") return `${who} pass${me ? "" : "es"}.`;
  const slot = slotOf(step.answer);
  return `${who} take${me ? "" : "s"} ${slotLabel(slot)}${slot.code === "JOKER" ? ` as ${modeLabel(step.form)}` : ""}` +
    `${step.forced ? " (must take)" : ""}.`;
}

// the choosing so far (the bots' answers and mine), until I am asked or a seat took
async function choiceStep() {
  let out;
  try { out = await job("coiffeur_coach_choice", choiceArgs()); } catch (err) { failed(err); return; }
  const talk = $("#cc-talk");
  talk.textContent = "";
  for (const step of out.steps) talk.append(el("p", { "data-testid": "cc-step", text: sayStep(step) }));
  if (out.ask) { ask(out.ask); return; }
  cc.take = out;
  $("#cc-choose").hidden = true;
  cc.leader = out.taker;
  play();
}

// my turn to choose: my open categories (a Joker then its form), and pass when allowed
function ask(situation) {
  cc.ask = situation;
  const box = $("#cc-choices");
  box.textContent = "";
  $("#cc-choose-text").textContent = situation.forced
    ? "You must take one of your open categories (im Fass):"
    : `Take one of your open categories, or pass${situation.passed ? ` (${situation.passed} passed before you)` : ""}:`;
  SLOTS.forEach((s, i) => {
    if (!cc.open[0][i]) return;
    box.append(el("button", { type: "button", "data-category": s.name, class: "HD".includes(s.code) && s.code.length === 1 ? "red" : "",
      onclick: () => (s.code === "JOKER" ? askForm(s) : answer(s.name)) }, slotLabel(s)));
  });
  if (situation.pass_allowed) box.append(el("button", { type: "button", "data-category": "pass", onclick: () => answer("pass") }, "Pass"));
  $("#cc-choose").hidden = false;
  box.querySelector("button").focus();
}

function askForm(slot) {
  const box = $("#cc-choices");
  box.textContent = "";
  $("#cc-choose-text").textContent = `${slotLabel(slot)}: play it as`;
  for (const f of FORMS) box.append(el("button", { type: "button", "data-form": f, onclick: () => answer(`${slot.name}@${f}`) }, modeLabel(f)));
  box.append(el("button", { type: "button", "data-action": "cc-back", onclick: () => ask(cc.ask) }, "Back"));
  box.querySelector("button").focus();
}

// my answer: the coach rates it (on its way while the round goes on), and the choosing goes on
function answer(text) {
  const situation = cc.ask, gen = cc.gen;
  $("#cc-choose").hidden = true;
  cc.answers.push(text);
  const line = $("#cc-choice-verdict");
  line.textContent = "The coach weighs your choice…";
  cc.choice = runJob("coiffeur_coach_verdict", { hand: cc.hands[0].join(" "), ours_open: situation.slots_ours, theirs_open: situation.slots_theirs,
                                                 answer: text, passed: situation.passed, forced: situation.forced,
                                                 samples: samples(512), seed: cc.round })
    .then((out) => {
      if (gen !== cc.gen) return null;
      if (out.kind !== "result") { line.textContent = `The coach could not rate your choice (${out.data.error || out.kind}).`; return null; }
      const v = out.data;
      line.textContent = `Your choice: ${localize(v.line)}`;
      line.dataset.verdict = v.verdict;
      return { answer: v.answer, best: v.best, loss: v.loss, ci95_loss: v.ci95_loss, verdict: v.verdict, line: v.line };
    })
    .catch((err) => { line.textContent = `The coach could not rate your choice (${err.message}).`; return null; });
  choiceStep();
}

// -- the round at the card table ------------------------------------------------------------------------
function seatArgs(seat) {
  return { hand: cc.hands[seat].join(" "), mode: cc.take.form, leader: cc.leader, chooser: cc.leader, chibred: false,
           played: cc.played.join(" "), seat };
}
const positionArgs = () => { const a = seatArgs(0); delete a.seat; return a; };
const cardsLeft = () => cc.hands[0].filter((c) => !cc.played.includes(c));

function draw(pos, { justWon = false } = {}) {
  cc.lastPos = pos;
  const bySeat = [[], [], [], []];
  for (const t of pos.tricks) t.cards.forEach((c, k) => bySeat[(t.leader + k) % 4].push(c));
  (pos.trick || []).forEach((c, k) => bySeat[(pos.trick_leader + k) % 4].push(c));
  renderCardTable($("#cc-table"), pos, { left: bySeat.map((cs) => 9 - cs.length), showLast: cc.showLast, justWon,
                                         onToggleLast: (on) => { cc.showLast = on; draw(pos); } });
  const t = cc.take, who = pos.finished ? "" : pos.to_play === 0 ? " · your turn" : ` · ${WHO[pos.to_play]} to play`;
  $("#cc-table").prepend(el("p", { class: "note", "data-testid": "cc-play-status",
    text: `${slotLabel(slotOf(t.category))} as ${modeLabel(t.form)}, taken by ${WHO[t.taker]} · trick ${Math.min(9, pos.tricks.length + 1)} of 9 · ` +
          `card points us ${pos.points_so_far[0]}, them ${pos.points_so_far[1]}${who}` }));
}

async function play() {
  const gen = cc.gen;
  while (true) {
    let pos;
    try { pos = await checkPosition(positionArgs()); } catch (err) { failed(err); return; }
    if (gen !== cc.gen) return;
    const justWon = pos.tricks.length > 0 && !(pos.trick || []).length;
    draw(pos, { justWon });
    if (pos.finished) { cc.pending = true; countRound(); return; }
    if (pos.to_play === 0) {
      cc.legalNow = pos.legal;
      renderHand($("#cc-hand"), cardsLeft(), { legal: pos.legal, onPlay: myCard });
      return;
    }
    renderHand($("#cc-hand"), cardsLeft());
    if (justWon) { await sleep(trickShownMs()); if (gen !== cc.gen) return; }
    let chosen;
    try { chosen = await job("choose_card", Object.assign(seatArgs(pos.to_play), { seed: cc.played.length })); } catch (err) { failed(err); return; }
    cc.played.push(chosen.card);
    cc.showLast = false;
  }
}

function addVerdict(trick, line, verdict) {
  const list = $("#cc-verdicts");
  list.hidden = false;
  list.append(el("li", { "data-verdict": verdict, class: `verdict-line verdict-${verdict}` }, `Trick ${trick}: ${line}`));
  list.scrollTop = list.scrollHeight;
}

// my card: the coach's verdict (rate_card, the Review's rating) arrives while the table goes on
async function myCard(card) {
  const legal = cc.legalNow || [], gen = cc.gen;
  if (!legal.includes(card)) return;
  const before = Object.assign(positionArgs(), { card, samples: samples(400), seed: cc.played.length + 1 });
  cc.legalNow = [];
  cc.played.push(card);
  cc.showLast = false;
  renderHand($("#cc-hand"), cardsLeft());
  const trick = Math.floor((cc.played.length - 1) / 4) + 1;
  if (legal.length > 1) {
    const rated = runJob("rate_card", before).then((out) => {
      if (gen !== cc.gen || out.kind === "cancelled") return;
      if (out.kind === "error") { addVerdict(trick, `${cardLabel(card)}: the coach could not rate it (${out.data.error}).`, "unclear"); return; }
      cc.cardVerdicts.push(out.data.verdict);
      addVerdict(trick, verdictLine(out.data), out.data.verdict);
    }).catch((err) => addVerdict(trick, `${cardLabel(card)}: the coach could not rate it (${err.message}).`, "unclear"));
    cc.notes.push(rated);
  } else {
    addVerdict(trick, `${cardLabel(card)} was your only legal card.`, "forced");
  }
  await play();
}

// -- the round on the sheet -------------------------------------------------------------------------------
async function countRound() {
  const next = $('[data-action="cc-next"]');
  next.hidden = true;
  setError("");
  const gen = cc.gen, t = cc.take, before = cc.totals.slice();
  $("#cc-status").textContent = `Round ${cc.round + 1} is over: the coach writes it on the sheet and reviews it…`;
  let counted;
  try {
    counted = await job("coiffeur_coach_round", { hands: cc.hands.map((h) => h.join(" ")), taker: t.taker, category: t.category, form: t.form,
                                                  played: cc.played.join(" "), ours_open: openText(0), theirs_open: openText(1),
                                                  totals: `${before[0]}:${before[1]}` });
  } catch (err) { failed(err); return retry(); }
  // the round's review (its mistakes go to Practice), saved once only: a second try does not review it again
  if (!cc.reviewed) {
    const text = roundText({ hands: Object.fromEntries(cc.hands.map((h, s) => [s, h])), mode: t.form, leader: t.taker, chooser: t.taker,
                             chibred: false, played: cc.played, melds: "" });
    cc.reviewed = await runJob("review", { round: text, seat: 0, source: "coach", rate_mode: false, samples: samples(400) });
  }
  await Promise.all(cc.notes);
  const choice = cc.choice ? await cc.choice : null;
  if (gen !== cc.gen) return;
  const c = counted;
  const row = { round: cc.round, first_seat: cc.round % 4, steps: cc.take.steps, taker: c.taker, team: c.team,
                category: c.category, slot: SLOTS.findIndex((s) => s.name === c.category), code: c.code,
                multiplier: c.multiplier, form: c.form, mode: c.form, points: c.points, tricks: c.tricks, matsch: c.matsch,
                written: c.written, totals: c.written, choice, cards: cc.cardVerdicts.slice() };
  const reviewed = cc.reviewed;
  const roundId = reviewed.kind === "result" ? reviewed.data.history_id ?? null : null;
  try {
    adopt(await call("POST", `/api/history/games/${cc.id}/rounds`, { row, before, after: c.totals, winner: c.over ? (c.winner ?? TIE) : null, round_id: roundId }));
  } catch (err) { setError(`The round could not be added to the match: ${err.message}.`); return retry(); }
  cc.reviewed = null;
  cc.playing = false;
  if (roundId === null) setError(`The round counts in the match, but its review could not be saved: ${reviewed.data.history_error || reviewed.data.error || reviewed.kind}.`);
  const said = `${WHO[c.taker] === "you" ? "You" : Who(c.taker)} played ${slotLabel(slotOf(c.category))} as ${modeLabel(c.form)}: ` +
    `${c.points[c.team]} points${c.matsch ? " (a Matsch)" : ""} × ${c.multiplier} = ${c.written[c.team]} for ${c.team === 0 ? "us" : "them"}.`;
  $("#cc-feedback").textContent = said;
  if (c.over) { ended(c); return; }
  $("#cc-status").textContent = `Round ${cc.round + 1} of ${SLOTS.length * 2} written · us ${cc.totals[0]}, them ${cc.totals[1]}`;
  next.textContent = "Next round";
  next.hidden = false;
  next.focus();
}

function retry() {
  const next = $('[data-action="cc-next"]');
  next.textContent = "Count the round again";
  next.hidden = false;
}

function ended(c) {
  const [us, them] = c.totals;
  const result = $("#cc-result");
  result.textContent = c.winner === null
    ? `The match is a tie, ${us} to ${them}. Saved in the History as one match with its ${cc.sheet.length} rounds.`
    : `${c.winner === 0 ? "You and your partner win" : "Seats 1 and 3 win"} the match, ${Math.max(us, them)} to ${Math.min(us, them)}: ` +
      `a margin of ${fmt(Math.abs(c.margin), 0)}. Saved in the History as one match with its ${cc.sheet.length} rounds.`;
  Object.assign(result.dataset, { winner: String(c.winner), gameId: String(cc.id) });
  result.hidden = false;
  $("#cc-status").textContent = `Match over: us ${us}, them ${them}.`;
  $("#cc-start").hidden = false;
  cc.id = null;
  result.focus();
}
