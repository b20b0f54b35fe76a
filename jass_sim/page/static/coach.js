// View "Play with a coach": a dealt round against three bots; after each of my cards the coach says
// whether it was best; at the end the round opens in Review.
import { $, $$, el, fmt, showError, showView } from "./dom.js";
import { runJob, checkPosition } from "./api.js";
import { cardLabel, cardWords, deckOf, isRed, modeLabel, renderTricks } from "./cards.js";
import { roundText } from "./table.js";

const coach = {};
function rotateSeat(seat, me) { return (seat - me + 4) % 4; }
function shuffle(cards) {
  const a = cards.slice();
  const buf = new Uint32Array(a.length);
  crypto.getRandomValues(buf);  // available over plain HTTP too (unlike crypto.randomUUID)
  for (let i = a.length - 1; i > 0; i--) { const j = buf[i] % (i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

export function setupCoach() {
  const root = $("#view-coach");
  $('[data-action="deal"]', root).addEventListener("click", () => {
    const cards = deckOf("jass").cards;
    const order = (c) => cards.indexOf(c);
    const deck = shuffle(cards);
    coach.hands = [0, 1, 2, 3].map((s) => deck.slice(9 * s, 9 * s + 9).sort((a, b) => order(a) - order(b)));
    coach.played = []; coach.mode = null; coach.notes = [];
    $("#coach-choose").hidden = false; $("#coach-table").textContent = ""; $("#coach-feedback").textContent = "";
    renderCoachHand([]);
  });
  $$("#coach-choose [data-mode]").forEach((b) => b.addEventListener("click", () => {
    coach.mode = b.dataset.mode; $("#coach-choose").hidden = true; coachStep();
  }));
}

function renderCoachHand(legal) {
  const box = $("#coach-hand");
  box.textContent = "";
  const mine = coach.hands[0].filter((c) => !coach.played.includes(c));
  for (const c of mine) {
    box.append(el("button", { type: "button", class: "card-btn" + (isRed(c) ? " red" : ""), "data-card": c, "aria-label": cardWords(c),
      disabled: legal.includes(c) ? null : true, onclick: () => coachPlay(c) }, cardLabel(c, true)));
  }
}

function coachArgs(seat) {
  const mine = coach.hands[seat];
  return { hand: mine.join(" "), mode: coach.mode, leader: rotateSeat(0, seat), chooser: rotateSeat(0, seat), played: coach.played.join(" ") };
}

async function coachStep() {
  const root = $("#view-coach");
  while (true) {
    const pos = await checkPosition(coachArgs(0));
    renderTricks($("#coach-table"), pos);
    const who = pos.finished ? "" : pos.to_play === 0 ? " · your turn" : ` · seat ${pos.to_play} to play`;
    $("#coach-table").prepend(el("p", { class: "note", "data-testid": "coach-status",
      text: `${modeLabel(coach.mode)} · trick ${Math.min(9, pos.tricks.length + 1)} of 9 · card points: us ${pos.points_so_far[0]}, them ${pos.points_so_far[1]}${who}` }));
    if (pos.finished) { coachEnd(pos); return; }
    if (pos.to_play === 0) { renderCoachHand(pos.legal); coach.legalNow = pos.legal; return; }
    renderCoachHand([]);
    const seat = pos.to_play;
    const out = await runJob("choose_card", Object.assign(coachArgs(seat), { seed: coach.played.length }));
    if (out.kind !== "result") { showError(root, null, out.data.error || "a bot could not play", "coach-job"); return; }
    coach.played.push(out.data.card);
  }
}

async function coachPlay(card) {
  const before = coach.played.join(" ");
  const legal = coach.legalNow || [];
  coach.played.push(card);
  const feedback = $("#coach-feedback");
  if (legal.length > 1) {
    feedback.textContent = `You played ${cardLabel(card)}; the coach is thinking…`;
    const args = { hand: coach.hands[0].join(" "), mode: coach.mode, leader: 0, chooser: 0, played: before, samples: 400, seed: coach.played.length };
    runJob("play_advice", args).then((out) => {
      if (out.kind !== "result") return;
      const doc = out.data, mineRow = doc.cards.find((c) => c.card === card);
      const best = doc.recommendation;
      let line;
      if (card === best || (doc.equivalent || []).includes(card)) line = `✓ ${cardLabel(card)} was the best card.`;
      else {
        const [lo, hi] = mineRow.ci95_diff || [null, null];
        const gap = -mineRow.diff_to_best;
        line = lo !== null && hi !== null && lo <= 0 && hi >= 0
          ? `~ ${cardLabel(card)}: ${cardLabel(best)} was ${fmt(gap)} points better, within the noise (95% CI ${fmt(-hi)} to ${fmt(-lo)}).`
          : `✗ ${cardLabel(best)} was ${fmt(gap)} points better than ${cardLabel(card)} (95% CI ${fmt(-hi)} to ${fmt(-lo)}).`;
      }
      coach.notes.push(line);
      feedback.textContent = line;
    });
  } else feedback.textContent = `${cardLabel(card)} was your only legal card.`;
  await coachStep();
}

function coachEnd(pos) {
  $("#coach-feedback").textContent += ` The round is over: us ${pos.points_so_far[0]}, them ${pos.points_so_far[1]} card points. Opening it in Review…`;
  $("#review-text").value = roundText({ hands: Object.fromEntries(coach.hands.map((h, s) => [s, h])), mode: coach.mode, leader: 0,
                                        chooser: 0, chibred: false, played: coach.played, melds: "" });
  $("#review-seat").value = "0";
  setTimeout(() => { showView("review"); $('#view-review [data-action="review"]').click(); }, 600);
}
