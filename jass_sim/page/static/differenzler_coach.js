// The Differenzler view's coached round (issue 52 item 6): a seeded deal from the server
// (differenzler_deal: the deal of `differenzler replay --seed S`), my number announced before the adviser
// says its own (differenzler_advise, run only once I have announced), the three bots' numbers by the fast
// announcer (secret: shown at the end; open: shown in turn), nine tricks at the card table against the bots
// (differenzler_bot_card: each bot's card from its own view, computed by the server), each of my cards
// rated by expected penalty (differenzler_rate_card), and at the end made against announced for all four
// with the penalties, the round rated again and saved in the History (differenzler_coach_round).
import { $, el, fmt, clearErrors, showError, showView } from "./dom.js";
import { runJob, checkPosition } from "./api.js";
import { onStyleChange } from "./cards.js";
import { cardLabel, cardWords, isRed, localize, modeLabel, renderHand } from "./jass.js";
import { coachKit } from "./coachkit.js";

// worlds per verdict, and deals of the adviser's word on my number (the browser tests set smaller ones:
// window.jassSimDiffSamples = {rate, advise})
const sizes = () => Object.assign({ rate: 400, advise: 4000 }, window.jassSimDiffSamples || {});
const WHO = ["you", "seat 1", "seat 2", "seat 3"];
const Who = (s) => (s === 0 ? "You" : `Seat ${s}`);
const PLACE = ["bottom", "right", "top", "left"];

const round = {};
const { talk, job, failed } = coachKit({ talkBox: "#diff-coach-talk", keep: 5, view: "#view-differenzler",
                                         errorFor: "diff-coach-job", generation: () => round.gen });

export function setupDifferenzlerCoach() {
  const root = $("#diff-coach");
  $('[data-action="diff-coach-deal"]', root).addEventListener("click", deal);
  $('[data-action="diff-coach-bid"]', root).addEventListener("click", announceMine);
  $("#diff-coach-bid").addEventListener("keydown", (e) => { if (e.key === "Enter") announceMine(); });
  onStyleChange(() => { if (round.deal) { drawTable(); drawHand(); } });
  // a reload or a closed tab would lose the round being played: the browser asks first
  window.addEventListener("beforeunload", (e) => {
    if (round.deal && round.bids[0] !== null && !round.over) { e.preventDefault(); e.returnValue = ""; }
  });
}

async function deal() {
  const root = $("#diff-coach");
  clearErrors(root);
  const args = { rules: $("#diff-coach-rules").value, open: $("#diff-coach-open").value === "open" };
  const seed = $("#diff-coach-seed").value.trim();
  if (seed !== "") args.seed = Number(seed);
  round.gen = (round.gen || 0) + 1;
  Object.assign(round, { deal: null, bids: [null, null, null, null], played: [], pos: null, legal: [], over: false });
  for (const id of ["#diff-coach-talk", "#diff-coach-table", "#diff-coach-hand", "#diff-coach-feedback", "#diff-coach-verdicts", "#diff-coach-end", "#diff-coach-advice"]) $(id).textContent = "";
  $("#diff-coach-verdicts").hidden = true;
  $("#diff-coach-advice").hidden = true;
  $("#diff-coach-announce").hidden = true;
  try {
    round.deal = await job("differenzler_deal", args);
  } catch (err) {
    if (err.field) showError(root, err.field === "seed" ? "seed" : err.field, err.message, "diff-coach-job"); else failed(err);
    return;
  }
  const d = round.deal;
  talk(`Seed ${d.seed}: ${d.dealer === 0 ? "you deal" : `seat ${d.dealer} deals`}; the trump card is ${cardLabel(d.trump_card)} (${modeLabel(d.trump)}), ${d.dealer === 0 ? "yours" : `in seat ${d.dealer}'s hand`}. ${Who(d.leader)} lead${d.leader === 0 ? "" : "s"} the first trick.`);
  drawHand();
  drawTable();
  // open announcements: the bots before me in the announcing order say theirs now
  for (const s of d.order) {
    if (s === 0) break;
    if (d.open) { round.bids[s] = d.bids[s]; talk(`Seat ${s} announces ${d.bids[s]}.`); }
  }
  $("#diff-coach-announce-text").textContent = d.open ? "Your number (the others' so far are said above):" : "Your number (the others announce theirs in secret):";
  $("#diff-coach-announce").hidden = false;
  $("#diff-coach-bid").value = "";
  $("#diff-coach-bid").focus();
}

async function announceMine() {
  const root = $("#diff-coach");
  const text = $("#diff-coach-bid").value.trim();
  clearErrors(root);
  const bid = Number(text);
  if (!/^\d+$/.test(text) || bid > 157) {
    showError(root, "bid", `your number must be a whole number from 0 to 157, got ${JSON.stringify(text)}`, "diff-coach-job");
    return;
  }
  const d = round.deal;
  round.bids[0] = bid;
  $("#diff-coach-announce").hidden = true;
  talk(`You announce ${bid}.`);
  for (const s of d.order.slice(d.order.indexOf(0) + 1)) if (d.open) { round.bids[s] = d.bids[s]; talk(`Seat ${s} announces ${d.bids[s]}.`); }
  for (let s = 1; s < 4; s++) round.bids[s] = d.bids[s];  // the bots' numbers: played to, shown when known
  adviseNumber(bid);
  await step();
}

// the adviser's word on my number, only now that I have announced (it runs beside the round)
function adviseNumber(bid) {
  const line = $("#diff-coach-advice"), gen = round.gen, d = round.deal;
  line.hidden = false;
  line.textContent = "The adviser weighs your number…";
  const args = { hand: d.hands[0].join(" "), trump_card: d.trump_card, seat: 0, dealer: d.dealer, rules: d.rules,
                 samples: sizes().advise };
  if (d.open) args.bids = [1, 2, 3].map((s) => d.bids[s]).join(",");
  runJob("differenzler_advise", args).then((out) => {
    if (gen !== round.gen || out.kind === "cancelled") return;
    if (out.kind === "error") { line.textContent = `The adviser could not weigh your number (${out.data.error}).`; return; }
    // my number's figure played to when the adviser replayed it, else the first stage's (playing to its own number)
    const a = out.data, played = a.played_to.find((r) => r.bid === bid);
    const mine = played ? `expected penalty ${fmt(played.expected_penalty)}`
      : `expected penalty ${fmt(a.penalty_by_bid.find((r) => r.bid === bid).expected_penalty)} when playing to ${a.play_number}`;
    line.dataset.best = a.best_bid;
    line.textContent = `You announced ${bid} (${mine}); the adviser says ${localize(a.sentence)}`;
  }).catch((err) => { if (gen === round.gen) line.textContent = `The adviser could not weigh your number (${err.message}).`; });
}

const positionArgs = () => ({ hand: round.deal.hands[0].join(" "), mode: round.deal.trump, leader: round.deal.leader,
                              played: round.played.join(" ") });

// each seat's points so far (the tricks it took, the last one's 5 included)
function made(pos) {
  const pts = [0, 0, 0, 0];
  for (const t of pos.tricks) pts[t.winner] += t.points;
  return pts;
}

async function step() {
  const gen = round.gen, d = round.deal;
  while (true) {
    let pos;
    try { pos = await checkPosition(positionArgs()); } catch (err) { failed(err); return; }
    if (gen !== round.gen) return;
    round.pos = pos;
    drawTable();
    if (pos.finished) { end(); return; }
    if (pos.to_play === 0) { round.legal = pos.legal; drawHand(); return; }
    round.legal = [];
    drawHand();
    const s = pos.to_play;
    let chosen;
    try {
      chosen = await job("differenzler_bot_card", { hand: d.hands[s].join(" "), trump_card: d.trump_card, bid: d.bids[s],
                                                   played: round.played.join(" "), dealer: d.dealer, seat: s });
    } catch (err) { failed(err); return; }
    round.played.push(chosen.card);
  }
}

function play(card) {
  const legal = round.legal, d = round.deal, gen = round.gen;
  if (!legal.includes(card)) return;  // a second tap before the table moved on
  round.legal = [];
  const before = round.played.join(" "), seed = round.played.length + 1, trick = Math.floor(round.played.length / 4) + 1;
  round.played.push(card);
  drawHand();
  const feedback = $("#diff-coach-feedback");
  if (legal.length === 1) {
    feedback.textContent = `${cardLabel(card)} was your only legal card.`;
    addVerdict(trick, feedback.textContent, "forced");
  } else {
    feedback.textContent = `You played ${cardLabel(card)}; the coach is thinking…`;
    const args = { hand: d.hands[0].join(" "), trump_card: d.trump_card, bid: round.bids[0], card, played: before,
                   dealer: d.dealer, seat: 0, rules: d.rules, samples: sizes().rate, seed };
    if (d.open) args.bids = [1, 2, 3].map((s) => d.bids[s]).join(",");
    runJob("differenzler_rate_card", args).then((out) => {
      if (gen !== round.gen || out.kind === "cancelled") return;
      if (out.kind === "error") { addVerdict(trick, `${cardLabel(card)}: the coach could not rate it (${out.data.error}).`, "unclear"); return; }
      const line = verdictLine(out.data);
      addVerdict(trick, line, out.data.verdict);
      if (!round.over) feedback.textContent = line;
    }).catch((err) => addVerdict(trick, `${cardLabel(card)}: the coach could not rate it (${err.message}).`, "unclear"));
  }
  step();
}

// the coach's verdict on a card by expected penalty, in the Jass coach's words
export function verdictLine(d) {
  const mine = cardLabel(d.played), best = cardLabel(d.best);
  const ci = d.ci95_loss ? ` (95% CI ${fmt(d.ci95_loss[0])} to ${fmt(d.ci95_loss[1])})` : "";
  if (d.verdict === "forced") return `${mine} was your only legal card.`;
  if (d.best === d.played) return `✓ ${mine}: good, the best card (expected penalty ${fmt(d.expected_penalty)}).`;
  if (d.verdict === "good") return `✓ ${mine}: good; ${best} was ${fmt(d.loss)} penalty points better${ci}.`;
  if (d.verdict === "unclear") return `~ ${mine}: unclear; ${best} was ${fmt(d.loss)} penalty points better, within the noise${ci}.`;
  return `✗ ${mine}: ${d.verdict}; ${best} was ${fmt(d.loss)} penalty points better${ci}.`;
}

function addVerdict(trick, line, verdict) {
  const list = $("#diff-coach-verdicts");
  list.hidden = false;
  list.append(el("li", { "data-verdict": verdict, class: `verdict-line verdict-${verdict}` }, `Trick ${trick}: ${line}`));
  list.scrollTop = list.scrollHeight;
}

function drawHand() {
  const d = round.deal;
  if (!d) return;
  const left = d.hands[0].filter((c) => !round.played.includes(c));
  renderHand($("#diff-coach-hand"), left, { legal: round.legal, onPlay: play });
}

function tableCard(code, seat, winner = false) {
  return el("span", { class: `pcard tcard${isRed(code) ? " red" : ""}${winner ? " winner" : ""}`, "data-card": code, "data-seat": seat,
                      role: "img", "aria-label": `${WHO[seat]}: ${cardWords(code)}${winner ? ", took the trick" : ""}` },
            el("span", { class: "face", text: cardLabel(code, true) }), el("span", { class: "seat", text: WHO[seat] }));
}

// the table: four seats, each with its number when known and its points so far; the trick in the middle
// (the trick just taken stays there, its winner marked, until the next card)
function drawTable() {
  const d = round.deal, pos = round.pos, box = $("#diff-coach-table");
  box.textContent = "";
  const tricks = pos ? pos.tricks : [], pts = pos ? made(pos) : [0, 0, 0, 0];
  const toPlay = pos && !pos.finished ? pos.to_play : -1;
  box.append(el("div", { class: "table-bar", "data-testid": "diff-coach-bar" },
    el("span", { class: "mode" }, `${modeLabel(d.trump)} (${cardLabel(d.trump_card)})`),
    el("span", {}, pos && pos.finished ? "9 of 9 tricks played" : `trick ${tricks.length + 1} of 9`),
    el("span", {}, `dealer: ${WHO[d.dealer]}`)));
  const felt = el("div", { class: "felt" });
  for (let s = 0; s < 4; s++) {
    const shown = round.bids[s] !== null && (s === 0 || d.open || round.over);
    felt.append(el("div", { class: `seat ${PLACE[s]}${toPlay === s ? " to-play" : ""}`, "data-seat": s },
      el("span", { class: "who" }, WHO[s] + (toPlay === s ? " · to play" : "")),
      el("span", { class: "count", "data-testid": "diff-seat-number" }, shown ? `number ${round.bids[s]}` : "number secret"),
      el("span", { class: "count", "data-testid": "diff-seat-made" }, `made ${pts[s]}`)));
  }
  const middle = el("div", { class: "middle", role: "group", "aria-label": "the trick on the table" });
  const last = tricks.length ? tricks[tricks.length - 1] : null;
  if (pos && !(pos.trick || []).length && last) {
    last.cards.forEach((c, k) => { const s = (last.leader + k) % 4; middle.append(el("span", { class: `slot ${PLACE[s]}` }, tableCard(c, s, s === last.winner))); });
    middle.append(el("span", { class: "caption", "data-testid": "diff-trick-won", text: `${WHO[last.winner]} took it, ${last.points} pts` }));
  } else if (pos) {
    (pos.trick || []).forEach((c, k) => { const s = (pos.trick_leader + k) % 4; middle.append(el("span", { class: `slot ${PLACE[s]}` }, tableCard(c, s))); });
  }
  felt.append(middle);
  box.append(felt);
}

async function end() {
  round.over = true;
  round.legal = [];
  drawTable();
  drawHand();
  const d = round.deal, box = $("#diff-coach-end");
  box.textContent = "";
  box.append(el("p", { class: "note", text: "The round is over; the coach rates it again and saves it in the History…" }));
  let doc;
  try {
    doc = await job("differenzler_coach_round", { seed: d.seed, dealer: d.dealer, bids: round.bids, played: round.played.join(" "),
                                                  rules: d.rules, open: d.open, samples: sizes().rate, source: "coach" });
  } catch (err) { box.textContent = ""; failed(err); return; }
  box.textContent = "";
  renderRound(box, doc);
  box.append(el("p", { class: "note", "data-testid": "diff-coach-saved" }, doc.history_id ? "Saved in the History." : `Not saved: ${doc.history_error || "the history is off"}.`));
}

// a finished round: made against announced for all four and the penalties, and my cards' verdicts
export function renderRound(box, doc, { verdicts = false } = {}) {
  const mine = doc.penalties[0], least = Math.min(...doc.penalties);
  box.append(el("p", { class: "sentence feedback", "data-testid": "diff-coach-result", tabindex: "-1" },
    `You announced ${doc.bids[0]} and made ${doc.made[0]}: penalty ${mine}${mine === least ? " (the lowest at the table)" : ""}. ` +
    `Your cards cost ${fmt(doc.summary.card_loss)} expected penalty points against the coach's best.`));
  box.append(el("table", { class: "options", "data-testid": "diff-coach-penalties" },
    el("caption", { text: `The round (seed ${doc.seed}, ${doc.rules}${doc.open ? ", open numbers" : ""})` }),
    el("thead", {}, el("tr", {}, ["seat", "number", "made", "penalty"].map((h) => el("th", { scope: "col", class: h === "seat" ? null : "num", text: h })))),
    el("tbody", {}, [0, 1, 2, 3].map((s) => el("tr", { "data-seat": s, class: s === 0 ? "best" : null },
      el("td", { text: WHO[s] }), el("td", { class: "num", text: String(doc.bids[s]) }), el("td", { class: "num", text: String(doc.made[s]) }),
      el("td", { class: "num", "data-testid": "diff-penalty", text: String(doc.penalties[s]) }))))));
  if (verdicts) {
    box.append(el("ol", { class: "verdicts", tabindex: "0", "aria-label": "The coach's verdicts of this round" },
      doc.decisions.map((v) => el("li", { "data-verdict": v.verdict, class: `verdict-line verdict-${v.verdict}` }, `Trick ${v.trick}: ${verdictLine(v)}`))));
  }
}

// a saved round reopened from the History: its table of penalties and every verdict
export function openSavedRound(entry) {
  showView("differenzler");
  round.gen = (round.gen || 0) + 1;  // a round being played is left
  const box = $("#diff-coach-end");
  box.textContent = "";
  box.append(el("h4", { text: "A saved coached round" }));
  renderRound(box, entry.review, { verdicts: true });
  $("#diff-coach").scrollIntoView({ block: "start" });
  const result = $('[data-testid="diff-coach-result"]', box);
  if (result) result.focus();
}
