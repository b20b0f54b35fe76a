// jass-sim page: plain JavaScript modules, no build step, nothing from another host.
// Every analysis is a job of the server's API (POST /api/jobs, then its event stream); inputs are checked
// by the same parsers as the command line, and an error is shown next to its field. The decks and their
// labels come from the server's notation (GET /api/notation). This module starts the page: the views,
// the tabs, the card labels and the engine's status.
import { $, $$, clearErrors, setupSkipLink, showView } from "./dom.js";
import { getJSON } from "./api.js";
import { labels, loadNotation, onStyleChange, setStyle } from "./cards.js";
import { cardLabel, modeLabel, relabelModes } from "./jass.js";
import { setupAdvise } from "./advise.js";
import { setupTable } from "./table.js";
import { openedFrom, renderReview, setupReview } from "./review.js";
import { setupCoach } from "./coach.js";
import { setupCoachGame } from "./coach_game.js";
import { setupCribbage } from "./cribbage.js";
import { openCribReview } from "./cribbage_review.js";
import { setupBasra } from "./basra.js";
import { setupCoiffeur } from "./coiffeur.js";
import { setupCoiffeurCoach } from "./coiffeur_coach.js";
import { setupDifferenzler } from "./differenzler.js";
import { openSavedRound, setupDifferenzlerCoach } from "./differenzler_coach.js";

// the badge says "ready" only once every view is set up: a tab clicked before would do nothing, or be
// undone by the first view being shown
let viewsSetUp;
const setUp = new Promise((resolve) => { viewsSetUp = resolve; });

async function pollHealth() {
  const badge = $("#engine");
  try {
    const body = await getJSON("/api/health");
    await setUp;
    // ready for the first question; the commands whose kernels still compile are named until they are not
    const warming = (body.warming || []).map((c) => c.replace(/_/g, " "));
    if (body.status === "ready" && !warming.length) {
      badge.textContent = `ready · v${body.version}`; badge.classList.add("ready"); delete badge.dataset.warming; return;
    }
    if (body.status === "ready") {
      badge.textContent = `ready · v${body.version} · still preparing: ${warming.join(", ")} (a first run compiles them; a job sent meanwhile waits and says how long)`;
      badge.classList.add("ready");
      badge.dataset.warming = body.warming.join(" ");
      setTimeout(pollHealth, 2000);
      return;
    }
    badge.textContent = "preparing the engine (the first start after an install compiles the kernels: a few minutes)…";
  } catch (err) { badge.textContent = "the server does not answer"; }
  setTimeout(pollHealth, 1000);
}

// the committed strategy reports, served by this server under /reports/ (none without the repository)
async function showReports() {
  try {
    const { reports } = await getJSON("/api/reports");
    if (!reports.length) return;
    const links = $("[data-report-links]");
    reports.forEach((r, i) => {
      if (i) links.append(", ");
      const a = document.createElement("a");
      a.href = r.href;
      a.textContent = r.title;
      a.target = "_blank";  // a report opens beside the page (which keeps its round), and has a way back itself
      a.rel = "noopener";
      a.dataset.report = r.game;
      links.append(a);
    });
    $("[data-reports]").hidden = false;
  } catch (err) { /* no reports: no links */ }
}

function setupTabs() {
  $$("nav [data-view]").forEach((tab) => tab.addEventListener("click", () => showView(tab.dataset.view)));
  // the tab list by keyboard: Left/Right (and Home/End) move between the views
  $("nav").addEventListener("keydown", (e) => {
    const tabs = $$("nav [data-view]");
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: (at + 1) % tabs.length, ArrowLeft: (at - 1 + tabs.length) % tabs.length, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    tabs[to].focus();
    showView(tabs[to].dataset.view);
  });
}

async function start() {
  pollHealth();
  showReports();
  setupTabs();  // before the first await: a tab clicked meanwhile is kept (the first view below reads the hash)
  await loadNotation();
  $("#suit-style").value = labels.style;
  $("#suit-style").addEventListener("change", (e) => setStyle(e.target.value));
  relabelModes();
  onStyleChange(relabelModes);
  setupSkipLink();
  setupAdvise(); setupTable(); setupReview(); setupCoach(); setupCoachGame(); setupCribbage(); setupBasra(); setupCoiffeur(); setupCoiffeurCoach();
  setupDifferenzler(); setupDifferenzlerCoach();
  // the History view (its own ES module): a saved round reopens in Review with its saved review
  import("./history.js").then(({ mountHistory }) => {
    mountHistory($("#view-history"), {
      modeLabel,
      cardLabel: (c) => cardLabel(c, true),
      openInReview(entry) {
        if (entry.game === "cribbage") { openCribReview(entry); return; }
        if (entry.game === "differenzler") { openSavedRound(entry); return; }
        clearErrors($("#view-review"));
        $("#review-text").value = entry.round;
        openedFrom(entry.round);  // reviewed again as it is, it is not saved a second time
        $("#review-seat").value = String(parseInt(entry.seat, 10) || 0);
        renderReview($("#review-result"), entry.review);
        showView("review");
      },
    });
    // its progress panel, under the list (a module of its own: history_stats.js)
    const panel = document.createElement("div");
    panel.className = "history-stats";
    $("#view-history").append(panel);
    import("./history_stats.js").then(({ mountHistoryStats }) => mountHistoryStats(panel, $("#view-history")));
  });
  // the Practice view (its own ES modules): the saved reviews' mistakes to solve again, drawn per game
  Promise.all([import("./practice.js"), import("./jass_practice.js"), import("./cribbage_practice.js")])
    .then(([{ mountPractice }, { jassPractice }, { cribbagePractice }]) =>
      mountPractice($("#view-practice"), { games: { jass: jassPractice(), cribbage: cribbagePractice() } }));
  const views = $$("nav [data-view]").map((tab) => tab.dataset.view);
  const wanted = location.hash.slice(1);
  showView(views.includes(wanted) ? wanted : "advise");
  viewsSetUp();
}

start();
