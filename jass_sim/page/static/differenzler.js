// View "Differenzler" (issue 52 item 6): nine cards and the trump card, the `differenzler_advise` job, and
// its answer: the histogram of my points with the best number marked, the expected penalty of every
// announcement, the best number with its CI and P(exact), and the sentence. The charts are inline SVG drawn
// here (no library), each with a text alternative (its title and description, and the figures beside it).
import { $, el, fmt, clearErrors, numberOrNull } from "./dom.js";
import { viewJob, cancelJob } from "./api.js";
import { canonical, linkField, onStyleChange } from "./cards.js";
import { buildPicker, cardLabel, localize } from "./jass.js";

const SVG = "http://www.w3.org/2000/svg";
const MAX_POINTS = 157;

// an SVG element (the page's el() makes HTML elements)
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export function setupDifferenzler() {
  const root = $("#view-differenzler");
  const picker = buildPicker($("#diff-picker"), { max: 9 });
  linkField($("#diff-hand"), picker);
  // the trump card: one card; a tap on another card replaces it (the picker takes two, keeps the last)
  const trump = buildPicker($("#diff-trump-picker"), { max: 2 });
  trump.onChange = (codes, code) => {
    const keep = codes.includes(code) ? [code] : [];
    trump.set(keep);
    $("#diff-trump").value = keep.join("");
    $("#diff-trump").classList.remove("bad");
    changed();
  };
  $("#diff-trump").addEventListener("input", () => {
    const code = canonical($("#diff-trump").value, "jass");
    trump.set(code ? [code] : []);
  });
  // another question: the answer on screen (or on its way) was for the old one, and goes
  const changed = () => {
    cancelJob("differenzler");
    $("#differenzler-result").textContent = "";
    shown = null;
  };
  const linked = picker.onChange;
  picker.onChange = (codes, code) => { linked(codes, code); changed(); };
  for (const id of ["#diff-hand", "#diff-trump", "#diff-bids"]) $(id).addEventListener("input", changed);
  for (const id of ["#diff-seat", "#diff-dealer", "#diff-rules", "#diff-policy"]) $(id).addEventListener("change", changed);
  const run = async () => {
    clearErrors(root);
    const args = { hand: $("#diff-hand").value, trump_card: $("#diff-trump").value.trim(),
                   seat: Number($("#diff-seat").value), dealer: Number($("#diff-dealer").value),
                   rules: $("#diff-rules").value, policy: $("#diff-policy").value };
    const samples = numberOrNull($("#diff-samples"));
    if (samples !== null) args.samples = samples;
    if ($("#diff-bids").value.trim()) args.bids = $("#diff-bids").value.trim();
    const go = $('[data-action="differenzler"]', root);
    go.disabled = true;
    try {
      await viewJob("differenzler", "differenzler_advise", args, { render: renderAnnouncement });
    } finally { go.disabled = false; }
  };
  $('[data-action="differenzler"]', root).addEventListener("click", run);
  for (const id of ["#diff-hand", "#diff-trump"]) $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") run(); });
  $('[data-action="cancel"][data-for="differenzler"]', root).addEventListener("click", () => cancelJob("differenzler"));
  // the answer on screen in the labels just chosen (the trump card's name)
  onStyleChange(() => { if (shown && $("#differenzler-result").childElementCount) renderAnnouncement(shown); });
}

let shown = null;  // the document of the last answer

const pct = (p) => `${(100 * p).toFixed(1)}%`;

// the chart's frame: width W, height H, the plot inside the margins; x maps 0..157
const W = 480, H = 190, M = { left: 40, right: 12, top: 10, bottom: 28 };
const xAt = (v) => M.left + (W - M.left - M.right) * v / MAX_POINTS;

function frame(id, title, desc) {
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${id}-title ${id}-desc`, class: "diff-chart",
                      "data-chart": id, preserveAspectRatio: "xMidYMid meet" },
             svg("title", { id: `${id}-title` }, title), svg("desc", { id: `${id}-desc` }, desc));
}

function axes(chart, yMax, yFormat) {
  const y0 = H - M.bottom;
  chart.append(svg("line", { x1: M.left, y1: y0, x2: W - M.right, y2: y0, class: "axis" }));
  chart.append(svg("line", { x1: M.left, y1: M.top, x2: M.left, y2: y0, class: "axis" }));
  for (const v of [0, 20, 40, 60, 80, 100, 120, 140]) {
    chart.append(svg("line", { x1: xAt(v), y1: y0, x2: xAt(v), y2: y0 + 4, class: "axis" }));
    chart.append(svg("text", { x: xAt(v), y: y0 + 18, "text-anchor": "middle", class: "tick" }, v));
  }
  chart.append(svg("text", { x: M.left - 4, y: M.top + 10, "text-anchor": "end", class: "tick" }, yFormat(yMax)));
  chart.append(svg("text", { x: M.left - 4, y: y0, "text-anchor": "end", class: "tick" }, "0"));
}

// the best number: a line over the whole plot, and its label
function mark(chart, best) {
  const x = xAt(best);
  chart.append(svg("line", { x1: x, y1: M.top, x2: x, y2: H - M.bottom, class: "best", "data-best": best }));
  const right = best < 110;
  chart.append(svg("text", { x: x + (right ? 4 : -4), y: M.top + 24, "text-anchor": right ? "start" : "end", class: "best-label" },
                   `announce ${best}`));
}

// the histogram of my points (each possible total one bar), the best number marked
export function histogram(doc) {
  const dist = doc.distribution.filter((d) => d.prob > 0);
  const top = dist.reduce((a, d) => (d.prob > a.prob ? d : a), { points: 0, prob: 0 });
  const yMax = Math.max(top.prob, 1e-9);
  const below = doc.distribution.filter((d) => d.points <= doc.best_bid).reduce((s, d) => s + d.prob, 0);
  const chart = frame("diff-hist", `Your points over ${doc.samples.toLocaleString()} sampled deals`,
    `Histogram of the points you make: mean ${fmt(doc.mean)}, median ${doc.median}, most often ${top.points} ` +
    `(${pct(top.prob)} of the deals); the best announcement, ${doc.best_bid}, is marked: you make it or less in ${pct(below)}.`);
  axes(chart, yMax, pct);
  const y0 = H - M.bottom, width = Math.max(1, (W - M.left - M.right) / (MAX_POINTS + 1));
  for (const d of dist) {
    const h = (y0 - M.top) * d.prob / yMax;
    chart.append(svg("rect", { x: xAt(d.points) - width / 2, y: y0 - h, width, height: h, class: "bar",
                               "data-points": d.points }));
  }
  mark(chart, doc.best_bid);
  return chart;
}

// the expected penalty of every announcement 0..157, the best marked
export function penaltyCurve(doc) {
  const rows = doc.penalty_by_bid;
  const yMax = Math.max(...rows.map((r) => r.expected_penalty), 1);
  // the first stage's curve (playing to the announcer's number): its own least, which the played-to answer may move
  const least = rows.reduce((a, r) => (r.expected_penalty < a.expected_penalty ? r : a), rows[0]);
  const chart = frame("diff-penalty", "Expected penalty of each announcement",
    `Playing to ${doc.play_number}, the expected penalty falls to ${fmt(least.expected_penalty)} at ${least.bid} ` +
    `and rises on both sides: ${fmt(rows[0].expected_penalty)} for announcing 0, ` +
    `${fmt(rows[rows.length - 1].expected_penalty)} for announcing ${rows[rows.length - 1].bid}.`);
  axes(chart, yMax, (v) => fmt(v, 0));
  const y0 = H - M.bottom;
  const points = rows.map((r) => `${xAt(r.bid).toFixed(1)},${(y0 - (y0 - M.top) * r.expected_penalty / yMax).toFixed(1)}`);
  chart.append(svg("polyline", { points: points.join(" "), class: "curve" }));
  mark(chart, doc.best_bid);
  return chart;
}

function renderAnnouncement(doc) {
  shown = doc;
  const box = $("#differenzler-result");
  box.textContent = "";
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" }, localize(doc.sentence)));
  const [lo, hi] = doc.ci95_penalty;
  const facts = [
    ["best announcement", String(doc.best_bid), "best-bid"],
    ["expected penalty", `${fmt(doc.expected_penalty)} (95% CI ${fmt(lo)} to ${fmt(hi)})`, "penalty"],
    [`P(exactly ${doc.best_bid})`, `${pct(doc.p_exact)} (95% CI ${pct(doc.ci95_p_exact[0])} to ${pct(doc.ci95_p_exact[1])})`, "p-exact"],
    ["your points", `mean ${fmt(doc.mean)} (95% CI ${fmt(doc.ci95_mean[0])} to ${fmt(doc.ci95_mean[1])}), ` +
      `median ${doc.median} (95% CI ${doc.ci95_median[0]} to ${doc.ci95_median[1]})`, "points"],
    ["trump", `${cardLabel(doc.trump_card)} (seat ${doc.seat}, dealer ${doc.dealer})`, "trump"],
  ];
  box.append(el("dl", { class: "diff-facts" }, facts.map(([k, v, id]) => [el("dt", { text: k }), el("dd", { "data-fact": id, text: v })])));
  box.append(el("h3", { text: "Your points" }), el("figure", { class: "diff-figure" }, histogram(doc),
    el("figcaption", { class: "note", text: "Each bar: the share of the deals in which you make that total (0 to 157); the dashed line: the best announcement." })));
  box.append(el("h3", { text: "Expected penalty by announcement" }), el("figure", { class: "diff-figure" }, penaltyCurve(doc),
    el("figcaption", { class: "note", text: "The expected penalty of announcing each number (0 to 157); the dashed line: its least." })));
  // the answer: the numbers replayed with my seat playing to each (the best marked)
  box.append(el("table", { class: "options diff-bids diff-played" },
    el("caption", { text: "Replayed on the same deals, playing to each number" }),
    el("thead", {}, el("tr", {}, el("th", { class: "num", text: "announce" }), el("th", { class: "num", text: "expected penalty (95% CI)" }))),
    el("tbody", {}, doc.played_to.map((r) => el("tr", { class: r.bid === doc.best_bid ? "best" : null, "data-bid": r.bid },
      el("td", { class: "num", text: String(r.bid) }), el("td", { class: "num", text: `${fmt(r.expected_penalty, 2)} (${fmt(r.ci95[0], 2)} to ${fmt(r.ci95[1], 2)})` }))))));
  // the first stage's five best numbers in figures (the curve's text alternative in detail)
  const five = doc.penalty_by_bid.slice().sort((a, b) => a.expected_penalty - b.expected_penalty || a.bid - b.bid).slice(0, 5);
  box.append(el("table", { class: "options diff-bids" },
    el("caption", { text: `First stage, playing to ${doc.play_number}: the five announcements of least expected penalty` }),
    el("thead", {}, el("tr", {}, el("th", { class: "num", text: "announce" }), el("th", { class: "num", text: "expected penalty (95% CI)" }))),
    el("tbody", {}, five.map((r) => el("tr", { class: r.bid === doc.best_bid ? "best" : null, "data-bid": r.bid },
      el("td", { class: "num", text: String(r.bid) }), el("td", { class: "num", text: `${fmt(r.expected_penalty, 2)} (${fmt(r.ci95_penalty[0], 2)} to ${fmt(r.ci95_penalty[1], 2)})` }))))));
  box.append(el("p", { class: "note", text: `${doc.samples.toLocaleString()} sampled deals, the others announcing ` +
    `${(doc.bids || []).some((b, s) => s !== doc.seat && b !== null) ? "the numbers given" : "with the fast announcer"} and every seat playing to its number. The CIs cover the sampling of the deals, not the error of the simulated play.` }));
}
