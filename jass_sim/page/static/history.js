// jass-sim page: the History view, an ES module (no build step, nothing from another host).
// The server saves every review and coached round (jass_sim.core.history); this view lists them through
// GET /api/history, reopens one in Review (GET /api/history/{id}: the round's text and its review) and
// deletes one (DELETE /api/history/{id}) or all (DELETE /api/history). A whole game played with the coach is
// one entry (GET /api/history/games): its score, winner and rounds, each of which opens in Review.

import { callJSON as call } from "./api.js";
import { el } from "./dom.js";
import { verdictCount, VERDICTS } from "./reviewkit.js";

const SOURCE_LABEL = { review: "review", coach: "coached round", cli: "command line" };
const GAME_LABEL = { jass: "Jass", cribbage: "Cribbage", differenzler: "Differenzler", coiffeur: "Coiffeur" };


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
 * options.cardLabel(card): a card of a saved hand as the page labels it, short (default: its letters).
 * The list is loaded now and again each time `root` is shown (its `hidden` attribute removed).
 * Returns { refresh }.
 */
export function mountHistory(root, { openInReview, modeLabel = (m) => m, cardLabel = (c) => c } = {}) {
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

  let rows = [], games = [];

  function showError(message) { error.textContent = message; }

  function verdictChips(verdicts) {
    const chips = VERDICTS.filter((v) => verdicts[v]).map((v) =>
      el("span", { class: `chip verdict-${v}`, "data-verdict": v, text: verdictCount(verdicts[v], v) }));
    for (const [v, n] of Object.entries(verdicts)) if (!VERDICTS.includes(v) && n) chips.push(el("span", { class: "chip", text: `${n} ${v}` }));
    return chips.length ? chips : [el("span", { class: "note", text: "no decisions" })];
  }

  function render() {
    list.textContent = "";
    deleteAll.disabled = rows.length + games.length === 0;
    const counted = [[rows.length, "saved round"], [games.length, "game"]].filter(([n]) => n).map(([n, w]) => `${n} ${w}${n === 1 ? "" : "s"}`);
    status.textContent = counted.length ? `${counted.join(" and ")}, newest first.` : "No saved rounds yet: review a round or play one with the coach.";
    const items = [...games.map((g) => ({ created: g.created, game: g })), ...rows.map((r) => ({ created: r.created, row: r }))];
    items.sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
    for (const { row, game } of items) {
      if (game) { list.append(gameEntry(game)); continue; }
      const loss = row.card_loss === null || row.card_loss === undefined ? "–" : Number(row.card_loss).toFixed(1);
      const seats = String(row.seat).includes(",") ? `seats ${row.seat}` : `seat ${row.seat}`;
      list.append(el("li", { class: "history-row", "data-testid": "history-row", "data-history-id": row.id },
        el("div", { class: "history-head" },
          el("time", { datetime: row.created, text: when(row.created) }),
          el("span", { text: ` · ${GAME_LABEL[row.game] || row.game} · ${row.game === "jass" || row.game === "differenzler" ? modeLabel(row.mode) : row.mode} · ${row.game === "cribbage" ? `player ${row.seat}` : seats} · ${SOURCE_LABEL[row.source] || row.source}` })),
        el("div", { class: "history-loss" },
          el("strong", { "data-testid": "history-loss", text: loss }), row.game === "cribbage" ? " points lost by the discards and the pegging " : row.game === "differenzler" ? " penalty points lost by card play " : " points lost by card play ", verdictChips(row.verdicts || {})),
        // the round's points per team and the hand dealt (when the game's history hook saved them)
        row.score ? el("div", { class: "history-glance" },
          // a Differenzler round: my number, the points I made and my penalty
          el("span", { "data-testid": "history-score", text: row.game === "differenzler" ? `announced ${row.score.bid}, made ${row.score.made}, penalty ${row.score.penalty}` : `us ${row.score.us} : them ${row.score.them}` }),
          row.hand ? el("span", { "data-testid": "history-hand", text: ` · hand ${row.hand.map(cardLabel).join(" ")}` }) : null) : null,
        el("div", { class: "actions" },
          el("button", { type: "button", class: "primary", "data-action": "history-open", onclick: () => open(row.id) }, row.game === "differenzler" ? "Open" : "Open in Review"),
          el("button", { type: "button", "data-action": "history-delete", "aria-label": `Delete the round of ${when(row.created)}`,
                         onclick: () => remove(row.id) }, "Delete"))));
    }
  }

  // a whole game: one entry with its score, winner and the points its rounds lost; its rounds on demand
  function gameEntry(g) {
    const result = g.winner === null ? "not over" : g.winner === 2 ? "a tie"
      : `won by ${g.winner === 0 ? "you and your partner" : "seats 1 and 3"}`;
    const loss = g.card_loss === null || g.card_loss === undefined ? "–" : Number(g.card_loss).toFixed(1);
    const rounds = el("ol", { class: "history-game-rounds", hidden: true });
    const toggle = el("button", { type: "button", "data-action": "history-game-rounds", "aria-expanded": "false", onclick: async () => {
      const show = rounds.hidden;
      if (show && !rounds.children.length) {
        try { fillRounds(rounds, await call("GET", `/api/history/games/${g.id}`)); } catch (err) { showError(err.message); return; }
      }
      rounds.hidden = !show;
      toggle.setAttribute("aria-expanded", String(show));
    } }, "Its rounds");
    return el("li", { class: "history-row history-game", "data-testid": "history-game", "data-game-id": g.id, "data-winner": g.winner ?? "" },
      el("div", { class: "history-head" },
        el("time", { datetime: g.created, text: when(g.created) }),
        el("span", { text: ` · ${GAME_LABEL[g.game] || g.game} · ${g.game === "coiffeur" ? "a coached match" : `a game to ${g.target}`} · us ${g.score[0]} : them ${g.score[1]}, ${result} · ` +
                           `${g.saved_rounds} round${g.saved_rounds === 1 ? "" : "s"}` })),
      el("div", { class: "history-loss" },
        el("strong", { "data-testid": "history-loss", text: loss }), " points lost by card play ", verdictChips(g.verdicts || {})),
      el("div", { class: "actions" }, toggle,
        el("button", { type: "button", "data-action": "history-game-delete", "aria-label": `Delete the game of ${when(g.created)}`,
                       onclick: () => removeGame(g.id) }, "Delete")),
      rounds);
  }

  function fillRounds(box, doc) {
    doc.sheet.forEach((r, i) => box.append(el("li", {},
      `Round ${i + 1}: ${modeLabel(r.mode)}, us ${r.totals[0]} : them ${r.totals[1]} (score ${r.after[0]} : ${r.after[1]}) `,
      r.round_id ? el("button", { type: "button", "data-action": "history-open", onclick: () => open(r.round_id) }, "Open in Review") : "")));
  }

  async function removeGame(id) {
    showError("");
    try { await call("DELETE", `/api/history/games/${id}`); } catch (err) { showError(err.message); }
    await refresh();
    (list.querySelector("button") || deleteAll).focus();
  }

  async function refresh() {
    showError("");
    try {
      games = (await call("GET", "/api/history/games")).games;
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
      el("span", { text: `Delete all ${rows.length} saved round${rows.length === 1 ? "" : "s"}${games.length ? ` and ${games.length} game${games.length === 1 ? "" : "s"}` : ""}?` }),
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
