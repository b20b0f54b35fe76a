// jass-sim page: the History view, an ES module (no build step, nothing from another host).
// The server saves every review and coached round (jass_sim.core.history); this view lists them through
// GET /api/history, reopens one in Review (GET /api/history/{id}: the round's text and its review) and
// deletes one (DELETE /api/history/{id}) or all (DELETE /api/history).

import { el } from "./dom.js";
import { verdictCount, VERDICTS } from "./reviewkit.js";

const SOURCE_LABEL = { review: "review", coach: "coached round", cli: "command line" };
const GAME_LABEL = { jass: "Jass", cribbage: "Cribbage" };

async function call(method, url) {
  const response = await fetch(url, { method, headers: { Accept: "application/json" } });
  let body = {};
  try { body = await response.json(); } catch (err) { body = { error: `HTTP ${response.status}` }; }
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}

// "27 Nov 2026, 15:04" in the browser's time zone (the server stores UTC)
function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

/**
 * Mount the History view into `root` (an empty element) and load the list.
 *
 * options.openInReview(entry): show a saved round in Review; `entry` has `round` (the round's text),
 *   `seat` ("0", or "0, 2" for a team) and `review` (the review's JSON, as a review job's result).
 * options.modeLabel(mode): a mode as the page labels it (default: the mode's letters).
 * The list is loaded now and again each time `root` is shown (its `hidden` attribute removed).
 * Returns { refresh }.
 */
export function mountHistory(root, { openInReview, modeLabel = (m) => m } = {}) {
  root.textContent = "";
  const error = el("div", { class: "error block", role: "alert", "data-error-for": "history" });
  const status = el("p", { class: "note", "data-testid": "history-status", "aria-live": "polite" });
  const list = el("ul", { class: "history-list", "aria-label": "saved rounds" });
  const confirmBar = el("div", { class: "actions history-confirm", hidden: true });
  const deleteAll = el("button", { type: "button", "data-action": "history-delete-all", onclick: askDeleteAll }, "Delete all");
  root.append(
    el("h2", { text: "History" }),
    el("p", { class: "hint" }, "Every round reviewed here and every coached round is saved on this computer (also ",
      el("code", { text: "jass-sim review --save" }), "; list them with ", el("code", { text: "jass-sim history" }), ")."),
    el("div", { class: "actions" },
      el("button", { type: "button", "data-action": "history-refresh", onclick: () => refresh() }, "Refresh"), deleteAll),
    confirmBar, error, status, list);

  let rows = [];

  function showError(message) { error.textContent = message; }

  function verdictChips(verdicts) {
    const chips = VERDICTS.filter((v) => verdicts[v]).map((v) =>
      el("span", { class: `chip verdict-${v}`, "data-verdict": v, text: verdictCount(verdicts[v], v) }));
    for (const [v, n] of Object.entries(verdicts)) if (!VERDICTS.includes(v) && n) chips.push(el("span", { class: "chip", text: `${n} ${v}` }));
    return chips.length ? chips : [el("span", { class: "note", text: "no decisions" })];
  }

  function render() {
    list.textContent = "";
    deleteAll.disabled = rows.length === 0;
    status.textContent = rows.length ? `${rows.length} saved round${rows.length === 1 ? "" : "s"}, newest first.` : "No saved rounds yet: review a round or play one with the coach.";
    for (const row of rows) {
      const loss = row.card_loss === null || row.card_loss === undefined ? "–" : Number(row.card_loss).toFixed(1);
      const seats = String(row.seat).includes(",") ? `seats ${row.seat}` : `seat ${row.seat}`;
      list.append(el("li", { class: "history-row", "data-testid": "history-row", "data-history-id": row.id },
        el("div", { class: "history-head" },
          el("time", { datetime: row.created, text: when(row.created) }),
          el("span", { text: ` · ${GAME_LABEL[row.game] || row.game} · ${row.game === "jass" ? modeLabel(row.mode) : row.mode} · ${row.game === "cribbage" ? `player ${row.seat}` : seats} · ${SOURCE_LABEL[row.source] || row.source}` })),
        el("div", { class: "history-loss" },
          el("strong", { "data-testid": "history-loss", text: loss }), row.game === "cribbage" ? " points lost by the discards and the pegging " : " points lost by card play ", verdictChips(row.verdicts || {})),
        el("div", { class: "actions" },
          el("button", { type: "button", class: "primary", "data-action": "history-open", onclick: () => open(row.id) }, "Open in Review"),
          el("button", { type: "button", "data-action": "history-delete", "aria-label": `Delete the round of ${when(row.created)}`,
                         onclick: () => remove(row.id) }, "Delete"))));
    }
  }

  async function refresh() {
    showError("");
    try {
      rows = (await call("GET", "/api/history")).rounds;
      render();
    } catch (err) { showError(`The history could not be read: ${err.message}`); }
  }

  async function open(id) {
    showError("");
    try {
      const entry = await call("GET", `/api/history/${id}`);
      if (openInReview) openInReview(entry);
    } catch (err) { showError(err.message); refresh(); }
  }

  async function remove(id) {
    showError("");
    try { await call("DELETE", `/api/history/${id}`); } catch (err) { showError(err.message); }
    await refresh();
    (list.querySelector('[data-action="history-open"]') || deleteAll).focus();
  }

  // a second, explicit click: nothing is deleted by one stray tap
  function askDeleteAll() {
    confirmBar.textContent = "";
    confirmBar.append(
      el("span", { text: `Delete all ${rows.length} saved round${rows.length === 1 ? "" : "s"}?` }),
      el("button", { type: "button", class: "primary", "data-action": "history-delete-all-confirm", onclick: async () => {
        confirmBar.hidden = true;
        try { await call("DELETE", "/api/history"); } catch (err) { showError(err.message); }
        await refresh();
        deleteAll.focus();
      } }, "Yes, delete all"),
      el("button", { type: "button", "data-action": "history-delete-all-cancel", onclick: () => { confirmBar.hidden = true; deleteAll.focus(); } }, "Keep them"));
    confirmBar.hidden = false;
    confirmBar.querySelector("button").focus();
  }

  // reload the list whenever the view is shown (by a tab, the arrow keys or the URL's #history)
  new MutationObserver(() => { if (!root.hidden) refresh(); }).observe(root, { attributes: true, attributeFilter: ["hidden"] });
  refresh();
  return { refresh };
}
