// View "Review": a round (pasted, opened, or from the table or the coach) reviewed decision by decision.
import { $, el, fmt, signed, clearErrors, showError, numberOrNull } from "./dom.js";
import { viewJob, cancelJob, clearResult } from "./api.js";
import { cardLabel, deck, modeLabel, pcard, localize } from "./jass.js";
import { MISTAKES, savedNote, scaleWords, verdictCount, VERDICTS } from "./reviewkit.js";

// the text of the round opened from the History (null: the round in the box was not)
let openedFromHistory = null;
export function openedFrom(text) { openedFromHistory = text; }

export function setupReview() {
  const root = $("#view-review");
  $("#review-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) $("#review-text").value = await file.text();
  });
  $('[data-action="review"]', root).addEventListener("click", async () => {
    clearErrors(root);
    const text = $("#review-text").value;
    let round = text;
    if (text.trim().startsWith("{")) {
      try { round = JSON.parse(text); } catch (err) {
        clearResult("review");
        showError(root, "round", `the round is not valid JSON: ${err.message}`, "review-job");
        return;
      }
    }
    const args = { round, seat: Number($("#review-seat").value) };
    const samples = numberOrNull($("#review-samples"));
    if (samples !== null) args.samples = samples;
    if (root.dataset.source) { args.source = root.dataset.source; delete root.dataset.source; }  // the coach's round
    // a round opened from the History is saved there already: reviewed again unchanged, it is not saved twice
    if (openedFromHistory !== null && openedFromHistory === text) args.save = false;
    await viewJob("review", "review", args, { render: (doc) => { renderReview($("#review-result"), doc); savedNote($("#review-result"), doc); } });
  });
  $('[data-action="cancel"][data-for="review"]', root).addEventListener("click", () => cancelJob("review"));
}

export function renderReview(box, doc) {
  box.textContent = "";
  const s = doc.summary;
  box.append(el("p", { class: "sentence", "data-testid": "review-summary" },
    `Seat ${doc.seats.join(" and ")}: ${s.decisions} decisions, ${fmt(s.card_loss)} points lost by card play` +
    (s.hindsight_card_loss !== undefined && s.hindsight_card_loss !== null ? ` (${fmt(s.hindsight_card_loss)} in hindsight, all hands known)` : "") + "."));
  const counts = el("div", { class: "counts" });
  for (const v of VERDICTS) {
    const first = doc.decisions.findIndex((d) => d.verdict === v);
    if (!s.verdicts[v]) continue;
    counts.append(el("a", { href: `#decision-${first}`, class: `verdict-${v}`, "data-verdict": v,
      onclick: (e) => { e.preventDefault(); jumpTo(first); } }, verdictCount(s.verdicts[v], v)));
  }
  box.append(counts);
  // only mistakes (a verdict worse than good): a good card that lost 0.1 point is not one
  const worst = doc.decisions.map((d, i) => ({ d, i })).filter((x) => MISTAKES.includes(x.d.verdict)).sort((a, b) => b.d.loss - a.d.loss).slice(0, 3);
  if (worst.length) {
    const list = el("ol");
    for (const { d, i } of worst) {
      list.append(el("li", {}, el("a", { href: `#decision-${i}`, onclick: (e) => { e.preventDefault(); jumpTo(i); } },
        d.kind === "mode" ? `mode: ${modeLabel(d.played)}` : `trick ${d.trick}: ${cardLabel(d.played)}`),
        ` lost ${fmt(d.loss)} points` + (d.ci95_loss ? ` (95% CI ${fmt(d.ci95_loss[0])} to ${fmt(d.ci95_loss[1])})` : "") +
        `; ${d.kind === "mode" ? modeLabel(d.best) : cardLabel(d.best)} was best`));
    }
    box.append(el("div", { class: "mistakes", "data-testid": "biggest-mistakes" }, el("h3", { text: `The ${worst.length === 1 ? "biggest mistake" : worst.length + " biggest mistakes"}` }), list));
  }
  box.append(lossChart(doc.decisions, box.clientWidth), chartLegend());
  doc.decisions.forEach((d, i) => {
    const head = d.kind === "mode" ? `Mode choice: ${modeLabel(d.played)}` : `Trick ${d.trick}, seat ${d.seat} played ${cardLabel(d.played)}`;
    const lines = [el("strong", { text: head }), " ", el("span", { class: `verdict-${d.verdict}`, "data-verdict": d.verdict, text: d.verdict })];
    const detail = el("div");
    const whole = d.kind === "card" && doc.round.tricks ? doc.round.tricks[d.trick - 1] : null;
    if (whole) {  // the four cards, the trick's winner marked, the reviewed card in bold
      detail.append(el("div", { class: "trick" }, el("span", { class: "no", text: "trick" }),
        whole.cards.map((c, k) => {
          const node = pcard(c, { seat: (whole.leader + k) % 4, winner: (whole.leader + k) % 4 === whole.winner });
          if (c === d.played) node.classList.add("mine");
          return node;
        }), el("span", { class: "note", text: ` won by seat ${whole.winner}, ${whole.points} pts` })));
    } else if (d.kind === "card" && d.trick_so_far) {
      detail.append(el("div", { class: "trick" }, el("span", { class: "no", text: "trick" }),
        d.trick_so_far.map((c, k) => pcard(c, { seat: (d.trick_leader + k) % 4 })), pcard(d.played, { seat: d.seat })));
    }
    if (d.verdict !== "forced") {
      const best = d.kind === "mode" ? modeLabel(d.best) : cardLabel(d.best);
      detail.append(el("p", { text: d.loss > 0 ? `Lost ${fmt(d.loss)} points` + (d.ci95_loss ? ` (95% CI ${fmt(d.ci95_loss[0])} to ${fmt(d.ci95_loss[1])})` : "") + `; best: ${best}.` : `Best or as good as best (${best}).` }));
    }
    if (d.alternatives && d.alternatives.length && d.verdict !== "forced") {
      detail.append(el("p", { class: "alternatives" }, "Alternatives: ", d.alternatives.map((a, k) => [k ? "; " : "",
        pcard(a.card), ` ${signed(a.gap)}` + (a.ci95_gap ? ` [${signed(a.ci95_gap[0])}, ${signed(a.ci95_gap[1])}]` : "")])));
    }
    if (d.sentence) detail.append(el("p", { class: "note", text: localize(d.sentence) }));
    if (d.hindsight) detail.append(el("p", { class: "note", text: `Hindsight (all hands known, exact): best ${cardLabel(d.hindsight.best)}, lost ${fmt(d.hindsight.loss, 0)} (${d.hindsight.verdict}).` }));
    box.append(el("div", { class: `decision ${d.verdict}`, id: `decision-${i}`, "data-decision": i }, ...lines, detail));
  });
  box.append(el("p", { class: "note", text: `${doc.samples || "default"} worlds per decision, card play ${doc.policy}, seed ${doc.seed}. Verdicts (the coach's too): ${scaleWords(deck().verdicts)}.` }));
}

function jumpTo(i) {
  const node = document.getElementById(`decision-${i}`);
  if (!node) return;
  node.scrollIntoView({ behavior: "smooth", block: "center" });
  node.classList.add("flash");
  setTimeout(() => node.classList.remove("flash"), 1500);
}

const COLORS = { good: "#1f7a3f", inaccuracy: "#8a6d00", mistake: "#b4561a", blunder: "#b3261e", forced: "#767676", unclear: "#6a5acd" };

// drawn at the width it is shown at (a phone's chart is not a shrunk desktop one: its labels stay 12 px)
function lossChart(decisions, width) {
  const w = Math.round(Math.max(300, Math.min(640, width || 600))), h = 170, pad = 30;
  const n = decisions.length, max = Math.max(5, ...decisions.map((d) => d.ci95_loss ? d.ci95_loss[1] : d.loss || 0));
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`); svg.setAttribute("class", "chart"); svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "points lost per decision, with 95% CI");
  const add = (tag, attrs, text) => { const node = document.createElementNS(svgNS, tag); for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v); if (text) node.textContent = text; svg.append(node); return node; };
  const x = (i) => pad + (i + 0.5) * (w - 2 * pad) / Math.max(1, n), y = (v) => h - pad - (h - 2 * pad) * Math.max(0, v) / max;
  add("line", { x1: pad, x2: w - pad, y1: y(0), y2: y(0), stroke: "#555" });
  add("text", { x: 4, y: 14, "font-size": 12, fill: "#444" }, "points lost");
  add("text", { x: 4, y: y(0) + 4, "font-size": 12, fill: "#444" }, "0");
  add("text", { x: 4, y: y(max) + 4, "font-size": 12, fill: "#444" }, fmt(max, 0));
  decisions.forEach((d, i) => {
    if (d.ci95_loss) add("line", { x1: x(i), x2: x(i), y1: y(d.ci95_loss[0]), y2: y(d.ci95_loss[1]), stroke: "#999", "stroke-width": 2 });
    add("circle", { cx: x(i), cy: y(d.loss || 0), r: 5, fill: COLORS[d.verdict] || "#333" });
    add("text", { x: x(i), y: h - 8, "font-size": 12, fill: "#444", "text-anchor": "middle" }, d.kind === "mode" ? "M" : String(d.trick));
  });
  return svg;
}

function chartLegend() {
  return el("p", { class: "legend note" }, el("span", { text: "M: the mode choice; 1–9: the tricks. " }),
    VERDICTS.map((v) => el("span", { class: "key" }, el("span", { class: "dot", style: `background:${COLORS[v]}` }), ` ${v} `)));
}
