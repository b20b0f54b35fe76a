// Cribbage, "Review a game": a game (pasted, opened as a file, from the coached game or the History)
// rated decision by decision as `jass-sim cribbage review` rates it (job cribbage_review). The page
// sends the game's content; the server reads no file. Each review is saved in the History.
import { $, el, fmt, clearErrors, showError, showView } from "./dom.js";
import { viewJob, cancelJob, clearResult } from "./api.js";
import { cardLabel, pcard } from "./cards.js";
import { savedNote, verdictCount, VERDICTS } from "./reviewkit.js";
import { showCribPanel } from "./cribbage_panel.js";

const C = (cards) => cards.map((c) => cardLabel(c, false, "cribbage")).join(" ");
const P = (c) => pcard(c, {}, "cribbage");

export function setupCribReview() {
  const root = $("#view-cribbage-review");
  $("#cribreview-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) $("#cribreview-text").value = await file.text();
  });
  $('[data-action="cribbage-review"]', root).addEventListener("click", () => runReview());
  $('[data-action="cancel"][data-for="cribbage-review"]', root).addEventListener("click", () => cancelJob("cribbage-review"));
}

// review the game in the text box (`source`: "coach" for the coached game's own)
export async function runReview(source) {
  const root = $("#view-cribbage-review");
  clearErrors(root);
  const text = $("#cribreview-text").value;
  let game = text;
  if (text.trim().startsWith("{")) {
    try { game = JSON.parse(text); } catch (err) {
      clearResult("cribbage-review");
      showError(root, "game", `the game is not valid JSON: ${err.message}`, "cribbage-review-job");
      return;
    }
  }
  const args = { game, player: Number($("#cribreview-player").value) };
  const win = $("#cribreview-win").value.trim();
  if (win !== "" && source !== "coach") args.win_samples = Number(win);
  if (source) args.source = source;
  if (openedFromHistory !== null && openedFromHistory === text) args.save = false;  // saved there already
  await viewJob("cribbage-review", "cribbage_review", args, { render: (doc) => {
    const box = $("#cribbage-review-result");
    renderCribReview(box, doc);
    savedNote(box, doc);
  } });
}

// the text of the game opened from the History (reviewed again unchanged, it is not saved twice)
let openedFromHistory = null;

// a game saved in the History, its saved review shown again
export function openCribReview(entry) {
  clearErrors($("#view-cribbage-review"));
  $("#cribreview-text").value = entry.round;
  openedFromHistory = entry.round;
  $("#cribreview-player").value = entry.seat === "B" ? "1" : "0";
  showView("cribbage");
  showCribPanel("review");
  renderCribReview($("#cribbage-review-result"), entry.review);
}

function what(d) {
  return d.kind === "discard" ? `hand ${d.hand}: threw ${C(d.played)}` : `hand ${d.hand}: pegged ${C(d.played)} on ${d.count}`;
}

export function renderCribReview(box, doc) {
  box.textContent = "";
  const s = doc.summary;
  box.append(el("p", { class: "sentence", "data-testid": "crib-review-summary" },
    `Player ${doc.player}: ${s.decisions} decisions in ${doc.hands.length} hands; the discards lost ${fmt(s.discard_loss, 2)} points, the pegging ${fmt(s.card_loss, 2)}.`
    + (doc.win_samples ? ` By the chance to win: the discards lost ${fmt(100 * (s.discard_win_loss || 0), 1)} percentage points, the pegging ${fmt(100 * (s.card_win_loss || 0), 1)}.` : "")));
  const counts = el("div", { class: "counts" });
  for (const v of VERDICTS) {
    if (!s.verdicts[v]) continue;
    const first = doc.decisions.findIndex((d) => d.verdict === v);
    counts.append(el("a", { href: `#crib-decision-${first}`, class: `verdict-${v}`, "data-verdict": v,
      onclick: (e) => { e.preventDefault(); jumpTo(first); } }, verdictCount(s.verdicts[v], v)));
  }
  box.append(counts);
  const worst = doc.biggest_mistakes || [];
  if (worst.length) {
    const list = el("ol");
    for (const d of worst) {
      const i = doc.decisions.findIndex((x) => x.hand === d.hand && x.kind === d.kind && x.played.join() === d.played.join());
      list.append(el("li", {}, el("a", { href: `#crib-decision-${i}`, onclick: (e) => { e.preventDefault(); jumpTo(i); } }, what(d)),
        ` lost ${fmt(d.loss, 2)} points; best: ${C(d.best)}`));
    }
    box.append(el("div", { class: "mistakes", "data-testid": "crib-biggest-mistakes" },
      el("h3", { text: worst.length === 1 ? "The biggest mistake" : `The ${worst.length} biggest mistakes` }), list));
  }
  doc.decisions.forEach((d, i) => {
    const head = d.kind === "discard" ? `Hand ${d.hand}: threw ${C(d.played)}` : `Hand ${d.hand}: pegged ${C(d.played)} on a count of ${d.count}`;
    const detail = el("div");
    if (d.kind === "discard") detail.append(el("div", { class: "trick" }, el("span", { class: "no", text: "dealt" }), d.holding.map(P)));
    else {
      detail.append(el("div", { class: "trick" }, el("span", { class: "no", text: "count" }),
        d.current_count.length ? d.current_count.map(P) : el("span", { class: "note", text: "a new count" })));
      detail.append(el("div", { class: "trick" }, el("span", { class: "no", text: "held" }), d.holding.map(P)));
    }
    if (d.verdict !== "forced") {
      detail.append(el("p", { text: d.loss > 1e-9 ? `Lost ${fmt(d.loss, 2)} points; best: ${C(d.best)}.` : "Best." }));
    }
    if (d.win) detail.append(winLine(d.win));
    box.append(el("div", { class: `decision ${d.verdict}`, id: `crib-decision-${i}`, "data-decision": i, "data-kind": d.kind },
      el("strong", { text: head }), " ", el("span", { class: `verdict-${d.verdict}`, "data-verdict": d.verdict, text: d.verdict }), detail));
  });
  if (doc.win_samples) {
    const w = doc.win_thresholds;
    box.append(el("p", { class: "note", "data-testid": "crib-review-win-note", text: `The chance to win from the score at each decision: ${doc.win_samples} games per decision played to the end (seed ${doc.seed}; the rest of the game by expect players, the same games for every option). Verdicts on the loss in percentage points: good < ${fmt(100 * w.inaccuracy, 1)}, inaccuracy ≥ ${fmt(100 * w.inaccuracy, 1)}, mistake ≥ ${fmt(100 * w.mistake, 1)}, blunder ≥ ${fmt(100 * w.blunder, 1)}; unclear: its 95% CI reaches 0.` }));
  }
  const t = doc.thresholds || {};
  box.append(el("p", { class: "note", text: `Exact losses in points: discards by their expected hand plus or minus crib, pegging cards by the adviser's net points to the end of the hand. Verdicts: good < ${t.inaccuracy} point, inaccuracy ≥ ${t.inaccuracy}, mistake ≥ ${t.mistake}, blunder ≥ ${t.blunder}; forced: one rank playable. The figures do not cover the play model.` }));
}

// a decision's rating by the chance to win (review --win-samples): its own verdict and the best option
function winLine(w) {
  const pct = (p) => `${fmt(100 * p, 1)}%`;
  const at = `at ${w.score.A}:${w.score.B} (A:B)`;
  const text = w.loss > 1e-9
    ? ` ${pct(w.taken_win_prob)} to win ${at}; best ${C(w.best)} ${pct(w.best_win_prob)}, ${fmt(100 * w.loss, 1)} percentage points lost (95% CI ${fmt(100 * w.ci95_loss[0], 1)} to ${fmt(100 * w.ci95_loss[1], 1)}).`
    : ` ${pct(w.taken_win_prob)} to win ${at}: the best.`;
  return el("p", { "data-win": w.verdict }, "By the chance to win: ",
    el("span", { class: `verdict-${w.verdict}`, "data-win-verdict": w.verdict, text: w.verdict }), text);
}

function jumpTo(i) {
  const node = document.getElementById(`crib-decision-${i}`);
  if (!node) return;
  node.scrollIntoView({ behavior: "smooth", block: "center" });
  node.classList.add("flash");
  setTimeout(() => node.classList.remove("flash"), 1500);
}
