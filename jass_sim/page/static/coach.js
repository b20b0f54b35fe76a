// View "Play with a coach": a whole round against three bots at a card table. You choose the mode or
// chibre (then your partner chooses, by the fitted model), or your partner chooses first and may chibre
// to you; the melds (Weis) are declared in the first trick and the best team's shown after it, the
// stöck when its second card falls, and both count in the score. After each of your cards the coach
// says whether it was best; at the end the round opens in Review.
import { $, $$, el, fmt, showView } from "./dom.js";
import { runJob, checkPosition } from "./api.js";
import { onStyleChange } from "./cards.js";
import { cardLabel, deck as jassDeck, localize, modeLabel, renderHand, WHO } from "./jass.js";
import { renderCardTable } from "./cardtable.js";
import { coachKit, shuffle } from "./coachkit.js";
import { roundText } from "./table.js";
import { modeAdvice, pointsAdvice, tableScore } from "./coach_mode.js";

const coach = {};
// a job of this deal: its result, or an error; a deal replaced meanwhile stops the round's flow
const { talk, job, failed } = coachKit({ talkBox: "#coach-talk", keep: 4, view: "#view-coach", errorFor: "coach-job",
                                        generation: () => coach.round });

export function setupCoach() {
  const root = $("#view-coach");
  // a reload or a closed tab would lose the round being played: the browser asks first
  window.addEventListener("beforeunload", (e) => {
    if (coach.hands && coach.mode && !coach.over) { e.preventDefault(); e.returnValue = ""; }
  });
  $('[data-action="deal"]', root).addEventListener("click", () => deal());
  $$("#coach-choose [data-mode]").forEach((b) => b.addEventListener("click", () => chosen(b.dataset.mode)));
  $('#coach-choose [data-action="chibre"]').addEventListener("click", chibre);
  onStyleChange(() => {
    if (!coach.hands) return;
    if (coach.lastPos && coach.declared) draw(coach.lastPos);
    renderHand($("#coach-hand"), cardsLeft(), { legal: coach.legalNow || [], onPlay: coachPlay });
  });
}

// A round of a whole game (coach_game.js): `first(hands)` the seat that has the choice first, `onEnd(round)`
// called at the round's end instead of opening it in Review, `target` the game's (the score fields hold the
// game's score). Without it, the Deal button's round: I or my partner choose first.
export function dealRound(game) { deal(game); }

function deal(game = null) {
  const cards = jassDeck().cards;
  const order = (c) => cards.indexOf(c);
  const deck = shuffle(cards);
  coach.round = (coach.round || 0) + 1;  // a new deal: the jobs of the last one are no longer wanted
  Object.assign(coach, { hands: [0, 1, 2, 3].map((s) => deck.slice(9 * s, 9 * s + 9).sort((a, b) => order(a) - order(b))),
                         played: [], lastPos: null, legalNow: [], mode: null, over: false, notes: [], declared: null, shown: {}, stoeck: {}, said: {}, meldsShown: false, showLast: false,
                         first: $("#coach-first").value === "partner" ? 2 : 0, chibred: false, game });
  if (game) coach.first = game.first(coach.hands);
  coach.leader = coach.first;
  $("#coach-table").textContent = ""; $("#coach-feedback").textContent = ""; $("#coach-talk").textContent = "";
  $("#coach-verdicts").textContent = ""; $("#coach-verdicts").hidden = true;
  $('[data-error-for="coach-job"]').textContent = "";
  const said = $("#coach-mode-advice");
  said.textContent = ""; said.hidden = true;
  renderHand($("#coach-hand"), coach.hands[0]);
  if (coach.first === 0) askMode("Your cards are dealt. Choose the mode, or chibre (your partner then chooses):", true);
  else if (coach.first === 2) partnerFirst();
  else opponentFirst(coach.first);
}

const Who = (seat) => WHO[seat][0].toUpperCase() + WHO[seat].slice(1);

// an opponent has the choice first (a whole game's chooser moves on): it chooses, or chibres to its partner
async function opponentFirst(seat) {
  talk(`${Who(seat)} is first to choose trump…`);
  try {
    const choice = await job("choose_mode", { hand: coach.hands[seat].join(" "), may_chibre: true });
    let picker = seat, mode = choice.mode;
    if (choice.chibre) {
      picker = (seat + 2) % 4;
      coach.chibred = true;
      talk(`${Who(seat)} chibres: ${WHO[picker]} chooses…`);
      mode = (await job("choose_mode", { hand: coach.hands[picker].join(" "), may_chibre: false })).mode;
    }
    talk(`${Who(picker)} chooses ${modeLabel(mode)}.`);
    coach.chooser = picker;
    await start(mode);
  } catch (err) { failed(err); }
}

function askMode(text, mayChibre) {
  $("#coach-choose-text").textContent = text;
  $('#coach-choose [data-action="chibre"]').hidden = !mayChibre;
  $("#coach-choose").hidden = false;
}

async function partnerFirst() {
  talk("Your partner is first to choose trump…");
  try {
    const choice = await job("choose_mode", { hand: coach.hands[2].join(" "), may_chibre: true });
    if (choice.chibre) {
      talk("Your partner chibres: you choose.");
      coach.chibred = true;
      askMode("Your partner chibred. Choose the mode:", false);
    } else {
      talk(`Your partner chooses ${modeLabel(choice.mode)}.`);
      coach.chooser = 2;
      await start(choice.mode);
    }
  } catch (err) { failed(err); }
}

async function chibre() {
  $("#coach-choose").hidden = true;
  weighMode("chibre");
  talk("You chibre: your partner chooses…");
  coach.chibred = true;
  try {
    const choice = await job("choose_mode", { hand: coach.hands[2].join(" "), may_chibre: false });
    talk(`Your partner chooses ${modeLabel(choice.mode)}.`);
    coach.chooser = 2;
    await start(choice.mode);
  } catch (err) { failed(err); }
}

async function chosen(mode) {
  $("#coach-choose").hidden = true;
  weighMode(mode);
  coach.chooser = 0;
  await start(mode);
}

async function start(mode) {
  coach.mode = mode;
  try {
    coach.declared = await job("declare_melds", { hands: coach.hands.map((h) => h.join(" ")), mode, leader: coach.leader });
  } catch (err) { failed(err); return; }
  await coachStep();
}

// The samples and seed of the coach's word on a mode choice (about half a second warm).
export const MODE_SAMPLES = 1000, MODE_SEED = 0;

// the coach's word on my mode choice at the game's score (the advise job with its score: the choice by
// the probability of winning the game, and the choice by expected points when it is another); it runs
// beside the round, which does not wait for it
function weighMode(chosen) {
  const line = $("#coach-mode-advice"), round = coach.round;
  const us = Number($("#coach-score-us").value.trim() || 0), them = Number($("#coach-score-them").value.trim() || 0);
  // a game to another target than the table's: the same points to go (null: more than the table holds)
  const at = coach.game ? tableScore(us, them, coach.game.target) : { ours: us, theirs: them };
  Object.assign(line.dataset, { chosen, best: "", byPoints: "", differs: "" });
  line.textContent = "The coach weighs your choice at this score…";
  line.hidden = false;
  const args = { hand: coach.hands[0].join(" "), chibred: coach.chibred, samples: MODE_SAMPLES, seed: MODE_SEED };
  if (at) args.score = `${at.ours}:${at.theirs}`;
  const game = coach.game ? { ours: us, theirs: them, target: coach.game.target } : null;
  runJob("advise", args).then((out) => {
    if (round !== coach.round || out.kind === "cancelled") return;
    if (out.kind === "error") {  // said where the word would be, never silently missing
      line.textContent = `The coach could not weigh your choice (${out.data.error}).`;
      return;
    }
    const said = at ? modeAdvice(out.data, chosen, game) : pointsAdvice(out.data, chosen, game);
    Object.assign(line.dataset, { best: said.best, byPoints: said.byPoints, differs: String(said.differs) });
    line.textContent = said.text;
    coach.notes.push(said.text);
  }).catch((err) => { if (round === coach.round) line.textContent = `The coach could not weigh your choice (${err.message}).`; });
}

// the melds as the table sees them: declared in the first trick, the best team's shown after it
function meldsString() {
  return Object.entries(coach.shown).map(([seat, cards]) => `${seat}: ${cards.join(" ")}`).join("; ");
}
function seatArgs(seat) {
  const args = { hand: coach.hands[seat].join(" "), mode: coach.mode, leader: coach.leader, chooser: coach.chooser,
                 chibred: coach.chibred, played: coach.played.join(" "), seat };
  if (meldsString()) args.melds = meldsString();
  return args;
}
function positionArgs() { const args = seatArgs(0); delete args.seat; return args; }

function playedBy(pos) {
  const bySeat = [[], [], [], []];
  for (const t of pos.tricks) t.cards.forEach((c, k) => bySeat[(t.leader + k) % 4].push(c));
  (pos.trick || []).forEach((c, k) => bySeat[(pos.trick_leader + k) % 4].push(c));
  return bySeat;
}

// table talk after each card: a seat's Weis with its first card, the best team's melds shown when the
// first trick is over, the stöck when its holder has played both of its cards
function tableTalk(pos) {
  const d = coach.declared, bySeat = playedBy(pos);
  for (let seat = 0; seat < 4; seat++) {
    const mine = d.seats[seat];
    if (mine.points && bySeat[seat].length >= 1 && !coach.said[seat]) {
      coach.said[seat] = true;
      talk(`${WHO[seat][0].toUpperCase() + WHO[seat].slice(1)} ${seat === 0 ? "declare" : "declares"} Weis: ${mine.melds.map((m) => m.points).join(" + ")}.`);
    }
    if (mine.stoeck && !coach.stoeck[seat]) {
      const trumpKQ = ["K", "Q"].map((r) => coach.mode + r);
      if (trumpKQ.every((c) => bySeat[seat].includes(c))) {
        coach.stoeck[seat] = true;
        talk(`${WHO[seat][0].toUpperCase() + WHO[seat].slice(1)}: Stöck (${d.stoeck_points}).`);
      }
    }
  }
  if (pos.weis_shown && !coach.meldsShown) {  // the server's rule, the one the review judges by
    coach.meldsShown = true;
    if (d.scoring_team !== null) {
      for (let seat = d.scoring_team; seat < 4; seat += 2) {
        const cards = d.seats[seat].melds.flatMap((m) => m.cards);
        if (cards.length) coach.shown[seat] = cards;
      }
      talk(`${d.scoring_team === 0 ? "Your team's" : "The other team's"} Weis ${d.meld_points[d.scoring_team]} count${Object.keys(coach.shown).length ? "s" : ""}: shown on the table.`);
    }
  }
}

// the score: card points, the Weis that count (once shown) and the stöck said
// (a match, all nine tricks, adds its points and voids the beaten team's melds and stöck)
function score(pos) {
  const p = scoreParts(pos);
  return [0, 1].map((team) => p.cards[team] + p.weis[team] + p.stoeck[team] + p.match[team]);
}

// the round's score by its parts, per team (us first): card points, Weis, Stöck, match
function scoreParts(pos) {
  const d = coach.declared, weis = [0, 0], stoeck = [0, 0], match = [0, 0], taken = [0, 0];
  if (coach.meldsShown && d.scoring_team !== null) weis[d.scoring_team] = d.meld_points[d.scoring_team];
  for (const seat of Object.keys(coach.stoeck)) stoeck[seat % 2] += d.stoeck_points;
  for (const winner of pos.winners || []) taken[winner % 2] += 1;
  for (const team of [0, 1]) if (taken[team] === 9) { match[team] = d.match_points; weis[1 - team] = stoeck[1 - team] = 0; }
  return { cards: pos.points_so_far.slice(), weis, stoeck, match };
}

function meldLines() {
  const d = coach.declared, lines = {};
  for (let seat = 0; seat < 4; seat++) {
    const mine = d.seats[seat], out = [];
    if (coach.shown[seat]) out.push(`Weis ${coach.shown[seat].map((c) => cardLabel(c, true)).join(" ")}`);
    else if (coach.said[seat]) out.push(`Weis ${mine.points}`);
    if (coach.stoeck[seat]) out.push("Stöck");
    lines[seat] = out;
  }
  return lines;
}

// a finished trick stays on the table, its winner marked, until the next card or this long (ms; the
// browser tests set window.jassSimTrickMs = 0 so that a coached round does not wait 9 times)
const trickShownMs = () => (typeof window.jassSimTrickMs === "number" ? window.jassSimTrickMs : 1500);
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

function draw(pos, { justWon = false } = {}) {
  coach.lastPos = pos;
  const bySeat = playedBy(pos);
  const sc = score(pos);
  renderCardTable($("#coach-table"), pos, { left: bySeat.map((cs) => 9 - cs.length), melds: meldLines(), score: sc,
    showLast: coach.showLast, onToggleLast: (on) => { coach.showLast = on; draw(pos); }, justWon });
  const who = pos.finished ? "" : pos.to_play === 0 ? " · your turn" : ` · ${WHO[pos.to_play]} to play`;
  $("#coach-table").prepend(el("p", { class: "note", "data-testid": "coach-status",
    text: `${modeLabel(coach.mode)}${coach.chibred ? " (after a chibre)" : ""} · trick ${Math.min(9, pos.tricks.length + 1)} of 9 · us ${sc[0]}, them ${sc[1]}${who}` }));
}

// why my greyed-out cards may not be played now: the rules' own refusal (the table view's wording) of one
async function greyedRule(pos, left) {
  const line = $("#coach-rule");
  line.textContent = "";
  const greyed = left.filter((c) => !pos.legal.includes(c));
  if (!greyed.length) return;
  try {
    await checkPosition(Object.assign(positionArgs(), { played: coach.played.concat([greyed[0]]).join(" ") }));
  } catch (err) {
    if (coach.lastPos !== pos) return;
    line.textContent = `Greyed out: ${greyed.map((c) => cardLabel(c)).join(" ")}. ${localize(err.message)}`;
  }
}

// my cards not yet played
function cardsLeft() {
  return coach.hands[0].filter((c) => !coach.played.includes(c));
}

async function coachStep() {
  const round = coach.round;
  while (true) {
    let pos;
    try { pos = await checkPosition(positionArgs()); } catch (err) { failed(err); return; }
    if (round !== coach.round) return;
    const shownBefore = meldsString();
    tableTalk(pos);
    if (meldsString() !== shownBefore) continue;  // the melds just shown are part of the position now
    const justWon = pos.tricks.length > 0 && !(pos.trick || []).length;
    draw(pos, { justWon });
    if (pos.finished) { coachEnd(pos); return; }
    const left = cardsLeft();
    if (pos.to_play === 0) {
      renderHand($("#coach-hand"), left, { legal: pos.legal, onPlay: coachPlay });
      coach.legalNow = pos.legal;
      greyedRule(pos, left);
      if (justWon) setTimeout(() => { if (coach.lastPos === pos && round === coach.round) draw(pos); }, trickShownMs());
      return;
    }
    renderHand($("#coach-hand"), left);
    $("#coach-rule").textContent = "";
    if (justWon) { await sleep(trickShownMs()); if (round !== coach.round) return; }
    let chosen;
    try { chosen = await job("choose_card", Object.assign(seatArgs(pos.to_play), { seed: coach.played.length })); } catch (err) { failed(err); return; }
    coach.played.push(chosen.card);
    coach.showLast = false;
  }
}

async function coachPlay(card) {
  const before = Object.assign(positionArgs(), { samples: 400, seed: coach.played.length + 1 });
  const legal = coach.legalNow || [], round = coach.round;
  if (!legal.includes(card)) return;  // a second tap before the table has moved on
  coach.legalNow = [];
  coach.played.push(card);
  coach.showLast = false;
  // the hand goes quiet at once: until the table has moved on, no card of it is a move
  renderHand($("#coach-hand"), cardsLeft());
  $("#coach-rule").textContent = "";
  const feedback = $("#coach-feedback");
  if (legal.length > 1) {
    feedback.textContent = `You played ${cardLabel(card)}; the coach is thinking…`;
    const trick = Math.floor((coach.played.length - 1) / 4) + 1;
    // the review's rating of this card (rate_card: the same thresholds, words, loss and CI as the Review)
    // a first run compiles the rating's kernels: said once where the verdict is awaited
    const thinking = feedback.textContent;
    const onProgress = (p) => {
      if (p.warming && round === coach.round && feedback.textContent === thinking) feedback.textContent = `${thinking} (${p.stage}: a first run)`;
    };
    runJob("rate_card", Object.assign(before, { card }), { onProgress }).then((out) => {
      if (round !== coach.round || out.kind === "cancelled") return;
      if (out.kind === "error") {  // said where the verdict would be, never silently missing
        addVerdict(trick, `${cardLabel(card)}: the coach could not rate it (${out.data.error}).`, "unclear");
        return;
      }
      const line = verdictLine(out.data);
      coach.notes.push(line);
      addVerdict(trick, line, out.data.verdict);
      if (!feedback.textContent.includes("The round is over")) feedback.textContent = line;
    }).catch((err) => addVerdict(trick, `${cardLabel(card)}: the coach could not rate it (${err.message}).`, "unclear"));
  } else {
    feedback.textContent = `${cardLabel(card)} was your only legal card.`;
    addVerdict(Math.floor((coach.played.length - 1) / 4) + 1, feedback.textContent, "forced");
  }
  await coachStep();
}

// the coach's verdict on a card, in the Review's words: the verdict first, then the best card and the gap
export function verdictLine(d) {
  const mine = cardLabel(d.played), best = cardLabel(d.best);
  const ci = d.ci95_loss ? ` (95% CI ${fmt(d.ci95_loss[0])} to ${fmt(d.ci95_loss[1])})` : "";
  if (d.verdict === "forced") return `${mine} was your only legal card.`;
  if (d.best === d.played) return `✓ ${mine}: good, the best card.`;
  if (d.verdict === "good") return `✓ ${mine}: good; ${best} was ${fmt(d.loss)} points better${ci}.`;
  if (d.verdict === "unclear") return `~ ${mine}: unclear; ${best} was ${fmt(d.loss)} points better, within the noise${ci}.`;
  return `✗ ${mine}: ${d.verdict}; ${best} was ${fmt(d.loss)} points better${ci}.`;
}

// the coach's verdicts of the round, newest last, in a list that scrolls (every card stays readable)
function addVerdict(trick, line, verdict) {
  const list = $("#coach-verdicts");
  list.hidden = false;
  const item = el("li", { "data-verdict": verdict, class: `verdict-line verdict-${verdict}` }, `Trick ${trick}: ${line}`);
  list.append(item);
  list.scrollTop = list.scrollHeight;
}

// what the round's score holds besides the card points: only what happened (Weis, Stöck, a match)
export function endExtras(declared, shown, stoeck, winners) {
  const parts = [];
  if (declared && declared.scoring_team !== null && Object.keys(shown).length) parts.push("the Weis");
  if (Object.keys(stoeck).length) parts.push("the Stöck");
  const taken = [0, 0];
  for (const w of winners || []) taken[w % 2] += 1;
  if (taken[0] === 9 || taken[1] === 9) parts.push("a match");
  return parts.length ? `, with ${parts.length > 1 ? parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1] : parts[0]}` : "";
}

function coachEnd(pos) {
  coach.over = true;
  const [us, them] = score(pos);
  if (coach.game) {  // a round of a whole game: the game counts it, saves it and deals the next
    $("#coach-feedback").textContent += ` The round is over: us ${us}, them ${them}.`;
    coach.game.onEnd({ hands: coach.hands, mode: coach.mode, leader: coach.leader, chooser: coach.chooser,
                       chibred: coach.chibred, played: coach.played, melds: meldsString(), parts: scoreParts(pos) });
    return;
  }
  $("#coach-feedback").textContent += ` The round is over: us ${us}, them ${them} (card points ${pos.points_so_far[0]} to ${pos.points_so_far[1]}${endExtras(coach.declared, coach.shown, coach.stoeck, pos.winners)}). Opening it in Review…`;
  $("#review-text").value = roundText({ hands: Object.fromEntries(coach.hands.map((h, s) => [s, h])), mode: coach.mode, leader: coach.leader,
                                        chooser: coach.chooser, chibred: coach.chibred, played: coach.played, melds: meldsString() });
  $("#review-seat").value = "0";
  $("#view-review").dataset.source = "coach";  // the review job saves it in the history as a coached round
  setTimeout(() => { showView("review"); $('#view-review [data-action="review"]').click(); }, 600);
}
